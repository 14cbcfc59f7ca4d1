use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
#[coq(constructor = "MkSide")]
enum Side {
    King,
    Queen,
}

fn main() {}
