use retroproof_core::coq::CoqInductive;

#[derive(CoqInductive)]
enum Maybe<T> {
    Nothing,
    Just(T),
}

fn main() {}
