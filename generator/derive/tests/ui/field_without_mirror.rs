use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Color {
    White,
    Black,
}

#[derive(CoqInductive)]
struct Stone {
    color: Color,
    weight: u32,
}

fn main() {}
