use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
struct Pair(u8, u8);

fn main() {}
