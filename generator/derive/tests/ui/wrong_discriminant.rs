use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Side {
    King = 0,
    Queen = 7,
}

fn main() {}
