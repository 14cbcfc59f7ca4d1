use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Color {
    White,
    #[coq(name = "Axiom")]
    Black,
}

fn main() {}
