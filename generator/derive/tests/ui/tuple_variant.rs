use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Shape {
    Dot,
    Circle(u8),
}

fn main() {}
