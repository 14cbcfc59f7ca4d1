//! Boards and the generated Coq file of the rule agreement tests
//! (`frozen_coq.rs`, `cage_coq.rs`).

/// A FEN of the board `cells` (a1 first, `'.'` for empty), the given side
/// to move, no castling rights nor en-passant square.
pub fn fen_of(cells: &[char], turn: char) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for c in &cells[rank * 8..rank * 8 + 8] {
            if *c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(*c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {turn} - - 0 1", rows.join("/"))
}

/// The Coq file of an agreement test: the native answers as a list of
/// `cases` of type `case_type` (a FEN first), and an `Example` that holds
/// only if Coq computes each of them: `check` is a boolean over the case's
/// components, bound by `pattern` (its first component is the FEN `f`,
/// `P` is the position it parses to). On a disagreement `coqc` prints the
/// FENs of `disagree`. `ints_eqb` compares lists of squares.
pub fn agreement_file(
    modules: &str,
    doc: &str,
    case_type: &str,
    pattern: &str,
    check: &str,
    cases: &[String],
) -> String {
    format!(
        "From Coq Require Import Uint63 List String Bool.\n\
         From RetroProof Require Import {modules}.\n\
         Import ListNotations.\n\
         Open Scope string_scope.\n\
         \n\
         Fixpoint ints_eqb (a b : list int) : bool :=\n\
         \x20 match a, b with\n\
         \x20 | [], [] => true\n\
         \x20 | x :: a, y :: b => PrimInt63.eqb x y && ints_eqb a b\n\
         \x20 | _, _ => false\n\
         \x20 end.\n\
         \n\
         (** {doc} *)\n\
         Definition cases : list ({case_type}) := [\n{}\n]%uint63.\n\
         \n\
         Definition disagree : list string :=\n\
         \x20 map (fun '{pattern} => f)\n\
         \x20   (filter (fun '{pattern} => let P := fen f in negb ({check})) cases).\n\
         \n\
         Example native_agrees : disagree = [].\n\
         Proof. vm_compute. reflexivity. Qed.\n",
        cases.join(";\n")
    )
}
