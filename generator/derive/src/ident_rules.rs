// The rules for Coq identifiers that retroproof emits, shared (by `include!`)
// between the derive crate, which rejects bad names at compile time, and the
// generator's `coq::ident`, which validates every identifier it prints. One
// file, so the two can never disagree.
//
// Deliberately stricter than Coq: ASCII only, and every keyword or command
// name that could make the lexer or parser read an identifier as something
// else is refused, even where Coq 8.16 would accept it in some positions.

/// Words that are never accepted as identifiers: Gallina keywords, sorts, and
/// vernacular command names (some are lexer keywords, e.g. `Axiom`, `Theorem`;
/// the rest are refused so a name can never read as the start of a command).
#[rustfmt::skip]
pub const COQ_RESERVED: &[&str] = &[
    // Gallina keywords and sorts.
    "_", "as", "at", "by", "cofix", "else", "end", "exists", "exists2", "fix",
    "for", "forall", "fun", "if", "IF", "in", "let", "match", "mod", "return",
    "then", "using", "where", "with", "Prop", "SProp", "Set", "Type",
    // Declarations (assumptions and definitions).
    "Axiom", "Axioms", "Conjecture", "Conjectures", "Parameter", "Parameters",
    "Hypothesis", "Hypotheses", "Variable", "Variables", "Context",
    "Definition", "Fixpoint", "CoFixpoint", "Inductive", "CoInductive",
    "Variant", "Record", "Structure", "Class", "Instance", "Let", "Example",
    "Theorem", "Lemma", "Corollary", "Remark", "Fact", "Proposition",
    "Property", "Goal", "Program", "Primitive", "Scheme", "Symbol",
    // Proof and module structure.
    "Proof", "Qed", "Defined", "Admitted", "Abort", "Module", "Section",
    "End", "Require", "Import", "Export", "From", "Include", "Declare",
    // Commands that change or inspect the environment.
    "Ltac", "Tactic", "Notation", "Infix", "Reserved", "Open", "Close",
    "Local", "Global", "Unset", "Arguments", "Implicit", "Opaque",
    "Transparent", "Hint", "Create", "Canonical", "Coercion", "Existing",
    "Register", "Print", "Check", "Eval", "Compute", "Search", "Locate",
    "Fail", "Succeed", "Time", "Timeout", "Redirect", "Load", "Add", "Drop",
    "Quit", "Show", "Undo", "Restart", "Polymorphic", "Monomorphic",
    "Universe", "Universes", "Constraint", "Strategy", "Typeclasses",
    "Generalizable", "Obligation",
];

/// Why `s` is not an identifier retroproof may print, or `Ok(())`.
pub fn check_coq_ident(s: &str) -> Result<(), String> {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return Err("a Coq identifier cannot be empty".to_string());
    };
    if !(first.is_ascii_alphabetic() || first == '_') {
        return Err(format!(
            "`{}` is not a Coq identifier: it must start with an ASCII letter or `_`",
            s.escape_default()
        ));
    }
    if let Some(bad) = chars.find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '\'')) {
        return Err(format!(
            "`{}` is not a Coq identifier: `{}` is not an ASCII letter, digit, `_` or `'`",
            s.escape_default(),
            bad.escape_default()
        ));
    }
    if COQ_RESERVED.contains(&s) {
        return Err(format!("`{s}` is a Coq keyword or command name"));
    }
    Ok(())
}
