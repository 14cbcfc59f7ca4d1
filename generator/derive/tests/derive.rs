//! What `#[derive(CoqInductive)]` produces, on types made up for the test,
//! and (through trybuild) the shapes it must refuse with a pointed error.

use retroproof_core::coq::{CoqInductive, CoqShape, CoqType, CoqValue};

#[derive(Debug, Clone, Copy, PartialEq, Eq, CoqInductive)]
enum Light {
    Red,
    Amber,
    Green,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, CoqInductive)]
#[coq(name = "weather")]
enum Sky {
    #[coq(name = "Sunny")]
    Sun = 0,
    Rain = 1,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, CoqInductive)]
#[coq(name = "signal", constructor = "MakeSignal")]
struct Signal {
    light: Light,
    #[coq(name = "signal_sky")]
    sky: Sky,
    blink: Sky,
}

#[test]
fn enum_defaults_snake_case_type_and_rust_constructors() {
    let ty: CoqType = Light::COQ_TYPE;
    assert_eq!(ty.name, "light");
    assert_eq!(ty.rust_name, "Light");
    assert_eq!(ty.cardinality, 3);
    assert_eq!(
        ty.shape,
        CoqShape::Enum {
            constructors: &["Red", "Amber", "Green"]
        }
    );
}

/// The default Coq name of a type is its Rust name in snake case: a
/// capital after a lower-case letter or a digit starts a word, and so does
/// the last capital of a run followed by a lower-case letter (`FENRecord`).
#[test]
fn default_type_names_are_snake_case() {
    #[derive(Clone, Copy, CoqInductive)]
    #[allow(dead_code)]
    enum Role {
        Only,
    }
    #[derive(Clone, Copy, CoqInductive)]
    #[allow(dead_code)]
    enum CastlingSide {
        Only,
    }
    #[derive(Clone, Copy, CoqInductive)]
    #[allow(dead_code)]
    enum MoveKind {
        Only,
    }
    #[derive(Clone, Copy, CoqInductive)]
    #[allow(dead_code, clippy::upper_case_acronyms)]
    enum FENRecord {
        Only,
    }
    #[derive(Clone, Copy, CoqInductive)]
    #[allow(dead_code)]
    enum Square64 {
        Only,
    }
    assert_eq!(Role::COQ_TYPE.name, "role");
    assert_eq!(CastlingSide::COQ_TYPE.name, "castling_side");
    assert_eq!(MoveKind::COQ_TYPE.name, "move_kind");
    assert_eq!(FENRecord::COQ_TYPE.name, "fen_record");
    assert_eq!(Square64::COQ_TYPE.name, "square64");
}

#[test]
fn enum_attributes_rename() {
    assert_eq!(Sky::COQ_TYPE.name, "weather");
    assert_eq!(
        Sky::COQ_TYPE.shape,
        CoqShape::Enum {
            constructors: &["Sunny", "Rain"]
        }
    );
    assert_eq!(
        Sky::Sun.coq_term(),
        CoqValue::Constructor {
            name: "Sunny",
            args: vec![]
        }
    );
}

#[test]
fn enum_encoding_is_declaration_order() {
    assert_eq!(Light::Red.coq_encode(), 0);
    assert_eq!(Light::Amber.coq_encode(), 1);
    assert_eq!(Light::Green.coq_encode(), 2);
    assert_eq!(Light::coq_decode(1), Some(Light::Amber));
    assert_eq!(Light::coq_decode(3), None);
    assert_eq!(Light::coq_decode(u64::MAX), None);
    assert_eq!(
        Light::coq_values(),
        vec![Light::Red, Light::Amber, Light::Green]
    );
}

#[test]
fn struct_shape_names_fields_and_their_types() {
    let ty = Signal::COQ_TYPE;
    assert_eq!(ty.name, "signal");
    assert_eq!(ty.cardinality, 3 * 2 * 2);
    let CoqShape::Record {
        constructor,
        fields,
    } = ty.shape
    else {
        panic!("expected a record, got {:?}", ty.shape);
    };
    assert_eq!(constructor, "MakeSignal");
    let names: Vec<_> = fields.iter().map(|f| (f.name, f.ty.name)).collect();
    assert_eq!(
        names,
        vec![
            ("signal_light", "light"),
            ("signal_sky", "weather"),
            ("signal_blink", "weather")
        ]
    );
}

#[test]
fn struct_encoding_is_mixed_radix_last_field_least_significant() {
    // light * 4 + sky * 2 + blink, worked out by hand: 2 * 4 + 0 * 2 + 1.
    let s = Signal {
        light: Light::Green,
        sky: Sky::Sun,
        blink: Sky::Rain,
    };
    assert_eq!(s.coq_encode(), 9);
    assert_eq!(Signal::coq_decode(9), Some(s));
    assert_eq!(Signal::coq_decode(12), None);
    let all = Signal::coq_values();
    assert_eq!(all.len(), 12);
    for (code, value) in all.iter().enumerate() {
        assert_eq!(value.coq_encode(), code as u64);
    }
}

#[test]
fn struct_term_applies_the_constructor() {
    let s = Signal {
        light: Light::Red,
        sky: Sky::Rain,
        blink: Sky::Sun,
    };
    let leaf = |name| CoqValue::Constructor { name, args: vec![] };
    assert_eq!(
        s.coq_term(),
        CoqValue::Constructor {
            name: "MakeSignal",
            args: vec![leaf("Red"), leaf("Rain"), leaf("Sunny")]
        }
    );
}

/// Unsupported shapes and bad names fail to compile, with the error on the
/// culprit (the `.stderr` files hold the expected messages and spans).
#[test]
fn refused_shapes() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
