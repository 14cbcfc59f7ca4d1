use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Shape {
    Dot,
    Square { side: u8 },
}

fn main() {}
