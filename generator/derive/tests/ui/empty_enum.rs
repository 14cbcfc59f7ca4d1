use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Never {}

fn main() {}
