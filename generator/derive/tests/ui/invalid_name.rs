use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
#[coq(name = "*) Axiom x : False. (*")]
enum Color {
    White,
    Black,
}

fn main() {}
