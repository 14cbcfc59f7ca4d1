use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
union Bits {
    a: u8,
    b: i8,
}

fn main() {}
