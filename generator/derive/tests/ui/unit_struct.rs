use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
struct Nothing;

fn main() {}
