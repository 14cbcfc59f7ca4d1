use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Color {
    White,
    Black,
}

#[derive(CoqInductive)]
struct Stones {
    color: Option<Color>,
}

fn main() {}
