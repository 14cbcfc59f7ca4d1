use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
#[coq(rename = "side")]
enum Side {
    King,
    Queen,
}

fn main() {}
