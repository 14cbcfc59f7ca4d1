//! The Coq printer against hostile text and tricky trees: identifiers are
//! validated, comments can never be closed or opened from inside, strings
//! round-trip, and parentheses follow Coq's operator levels.
//!
//! (That such files also *compile* to the intended meaning is checked with
//! real `coqc` in `coqc_integration.rs`.)

use retroproof::coq::{
    print_file, print_term, Comment, CoqString, File, Ident, InfixOp, Int63, QualId, Sentence, Term,
};

/// Inputs that try to escape a comment or a string, or to start a command.
const HOSTILE: &[&str] = &[
    "*)",
    "(*",
    "*) Axiom pwned : False. (*",
    "\"",
    "\"*)\"",
    "(*)",
    "*)*)*)",
    "((**))",
    "Axiom",
    "x.\nAxiom pwned : False.\n",
    "line1\r\nline2",
    "♞ Springer — «guillemets» “curly” 日本語",
    "trailing paren (",
    "*",
    "bell \u{7} nul \u{0} esc \u{1b}",
    "rtl \u{202E}txet\u{202C} isolate \u{2066}x\u{2069}",
];

/// Coq's comment lexer, reduced to what matters: nested `(*`/`*)`, and
/// string literals (with `""` as an escaped quote) inside comments, where a
/// `*)` does not close. Returns the byte offset just after the comment that
/// starts at `start`, or `None` if it never closes.
fn comment_end(text: &str, start: usize) -> Option<usize> {
    let b = text.as_bytes();
    assert_eq!(&b[start..start + 2], b"(*");
    let mut depth = 0usize;
    let mut i = start;
    let mut in_string = false;
    while i < b.len() {
        if in_string {
            if b[i] == b'"' {
                if b.get(i + 1) == Some(&b'"') {
                    i += 2;
                    continue;
                }
                in_string = false;
            }
            i += 1;
            continue;
        }
        if b[i] == b'"' {
            in_string = true;
            i += 1;
        } else if b[i..].starts_with(b"(*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*)") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// A comment sentence as printed.
fn printed_comment(text: &str) -> String {
    print_file(&File {
        sentences: vec![Sentence::Comment(Comment::new(text))],
    })
}

fn assert_single_closed_comment(printed: &str, input: &str) {
    let printed = printed.trim_end();
    assert!(printed.starts_with("(* "), "{printed:?}");
    assert_eq!(
        comment_end(printed, 0),
        Some(printed.len()),
        "input {input:?} printed as {printed:?} does not stay one comment"
    );
}

#[test]
fn hostile_comments_stay_one_comment() {
    for input in HOSTILE {
        let body = Comment::new(input);
        let body = body.as_str();
        assert!(!body.contains("(*"), "{input:?} -> {body:?}");
        assert!(!body.contains("*)"), "{input:?} -> {body:?}");
        assert!(!body.contains('"'), "{input:?} -> {body:?}");
        assert_single_closed_comment(&printed_comment(input), input);
    }
}

#[test]
fn every_short_string_over_the_dangerous_alphabet_stays_one_comment() {
    // All strings of length <= 6 over the characters that matter to Coq's
    // comment lexer (55,987 of them): exhaustive, not sampled.
    let alphabet = ['(', '*', ')', '"', 'a', '\n'];
    let mut current = vec![String::new()];
    let mut checked = 0;
    for _ in 0..6 {
        let mut next = Vec::new();
        for s in &current {
            for c in alphabet {
                let mut t = s.clone();
                t.push(c);
                assert_single_closed_comment(&printed_comment(&t), &t);
                checked += 1;
                next.push(t);
            }
        }
        current = next;
    }
    assert_eq!(checked, 6 + 36 + 216 + 1296 + 7776 + 46656);
}

#[test]
fn comments_keep_readable_text() {
    assert_eq!(Comment::new("knight on e4").as_str(), "knight on e4");
    assert_eq!(
        Comment::new("♞ “curly” quotes").as_str(),
        "♞ “curly” quotes"
    );
    assert_eq!(Comment::new("say \"hi\"").as_str(), "say ''hi''");
    assert_eq!(Comment::new("*)").as_str(), "* )");
    assert_eq!(Comment::new("(*").as_str(), "( *");
    assert_eq!(Comment::new("(*)").as_str(), "( * )");
    assert_eq!(Comment::new("a\r\nb").as_str(), "a\nb");
    assert_eq!(Comment::new("bell\u{7}").as_str(), "bell\u{FFFD}");
    assert_eq!(Comment::new("x\u{202E}y").as_str(), "x\u{FFFD}y");
}

/// Coq's reading of a string literal: `""` is one `"`.
fn read_coq_string(literal: &str) -> String {
    let inner = literal
        .strip_prefix('"')
        .and_then(|l| l.strip_suffix('"'))
        .expect("quoted");
    assert!(
        !inner.replace("\"\"", "").contains('"'),
        "a lone quote would end the literal early: {literal:?}"
    );
    inner.replace("\"\"", "\"")
}

#[test]
fn strings_round_trip_exactly() {
    for input in [
        "\"",
        "\"\"",
        "*) Axiom pwned : False. (*",
        "say \"hi\"\nnext line",
        "♞ — 日本語",
        "",
    ] {
        let s = CoqString::new(input).unwrap();
        let literal = s.literal();
        assert_eq!(read_coq_string(&literal), input);
        assert_eq!(s.value(), input);
    }
    assert_eq!(
        CoqString::new("say \"hi\"").unwrap().literal(),
        "\"say \"\"hi\"\"\""
    );
}

#[test]
fn strings_refuse_invisible_characters() {
    assert_eq!(CoqString::new("a\u{0}b").unwrap_err().bad, '\u{0}');
    assert_eq!(CoqString::new("esc\u{1b}[31m").unwrap_err().bad, '\u{1b}');
    assert_eq!(CoqString::new("x\u{202E}y").unwrap_err().bad, '\u{202E}');
    assert!(CoqString::new("tab\tand\nnewline").is_ok());
}

#[test]
fn identifiers_are_validated() {
    for good in ["piece_color", "x'", "_x", "MkPiece", "T_of_int", "a1"] {
        assert_eq!(Ident::new(good).unwrap().as_str(), good);
    }
    for bad in [
        "",
        "Axiom",
        "Theorem",
        "Definition",
        "Parameter",
        "Admitted",
        "fun",
        "match",
        "Set",
        "1abc",
        "'x",
        "a b",
        "a.b",
        "a\nb",
        "(*",
        "*)",
        "x\"",
        "rôle",
        "e\u{301}",
        "x;y",
    ] {
        assert!(Ident::new(bad).is_err(), "{bad:?} accepted");
    }
    let err = Ident::new("Axiom").unwrap_err();
    assert_eq!(err.to_string(), "`Axiom` is a Coq keyword or command name");
}

#[test]
fn qualified_names() {
    assert_eq!(QualId::new("PArray.get").unwrap().to_string(), "PArray.get");
    assert_eq!(
        QualId::new("RetroProof.Gen.Vocab")
            .unwrap()
            .components()
            .len(),
        3
    );
    for bad in ["", ".a", "a.", "a..b", "A.Axiom", "a.(*"] {
        assert!(QualId::new(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn int63_literals_are_range_checked() {
    assert_eq!(Int63::new(0).unwrap().get(), 0);
    assert_eq!(Int63::new((1 << 63) - 1).unwrap().get(), (1 << 63) - 1);
    assert_eq!(Int63::new(1 << 63), None);
    assert_eq!(Int63::new(u64::MAX), None);
    assert_eq!(print_term(&Term::int(42u32)), "42");
}

fn v(name: &str) -> Term {
    Term::name(QualId::new(name).unwrap())
}

fn op(o: InfixOp, a: Term, b: Term) -> Term {
    Term::infix(o, a, b)
}

#[test]
fn parentheses_follow_coq_levels() {
    use InfixOp::*;
    let (a, b, c) = (v("a"), v("b"), v("c"));
    // Tighter child: no parentheses; looser child: parentheses.
    assert_eq!(
        print_term(&op(Add, op(Mul, a.clone(), b.clone()), c.clone())),
        "a * b + c"
    );
    assert_eq!(
        print_term(&op(Mul, op(Add, a.clone(), b.clone()), c.clone())),
        "(a + b) * c"
    );
    // Left associativity: only the right operand needs them.
    assert_eq!(
        print_term(&op(Sub, op(Sub, a.clone(), b.clone()), c.clone())),
        "a - b - c"
    );
    assert_eq!(
        print_term(&op(Sub, a.clone(), op(Sub, b.clone(), c.clone()))),
        "a - (b - c)"
    );
    // Non-associative `mod`, and different operators at one level.
    assert_eq!(
        print_term(&op(Mod, op(Mod, a.clone(), b.clone()), c.clone())),
        "(a mod b) mod c"
    );
    assert_eq!(
        print_term(&op(Mul, op(Div, a.clone(), b.clone()), c.clone())),
        "(a / b) * c"
    );
    // Right-associative `/\` and `::`.
    assert_eq!(
        print_term(&op(And, a.clone(), op(And, b.clone(), c.clone()))),
        "a /\\ b /\\ c"
    );
    assert_eq!(
        print_term(&op(And, op(And, a.clone(), b.clone()), c.clone())),
        "(a /\\ b) /\\ c"
    );
    assert_eq!(
        print_term(&Term::List(vec![
            Term::List(vec![a.clone()]),
            Term::List(vec![])
        ])),
        "(a :: nil) :: nil :: nil"
    );
    // Application binds tightest; compound arguments get parentheses.
    assert_eq!(
        print_term(&Term::app(
            v("f"),
            vec![
                op(Add, a.clone(), b.clone()),
                Term::app(v("g"), vec![c.clone()])
            ]
        )),
        "f (a + b) (g c)"
    );
    assert_eq!(
        print_term(&op(
            Eqb,
            Term::app(v("f"), vec![a.clone()]),
            Term::int(1u32)
        )),
        "f a =? 1"
    );
    assert_eq!(
        print_term(&op(Lsr, op(Lsr, a.clone(), b.clone()), c)),
        "(a >> b) >> c"
    );
}
