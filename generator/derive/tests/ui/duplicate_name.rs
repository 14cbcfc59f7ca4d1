use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Side {
    King,
    #[coq(name = "King")]
    Queen,
}

fn main() {}
