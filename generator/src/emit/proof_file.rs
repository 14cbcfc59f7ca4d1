//! What a generated proof file is beside its text: the theorems it
//! states, its computed checks (`Check`), the library lemmas they go
//! through ([`Soundness`]), and how their assumptions are checked
//! ([`AssumptionCheck`]). Shared by every emitter (`problem`, `classic`,
//! `proof_game`), so that none imports another for it.

use std::collections::BTreeSet;

use retroproof_core::proofgame::Reading;

use super::build::{call, id, var, EmitError};
use crate::coq::{
    print_assertion_head, AssertionKind, File, InfixOp, QualId, Sentence, Tactic, Term,
};

/// A generated file and how its theorems' assumptions are checked.
#[derive(Debug, Clone)]
pub struct ProofFile {
    pub file: File,
    pub assumptions: AssumptionCheck,
    /// The theorems that state what the file proves (the headline; `M.t`
    /// for a theorem `t` of the module `M`), in order.
    pub theorems: Vec<String>,
}

impl ProofFile {
    /// What the file proves, as its theorems state it (`Theorem t :
    /// statement`, without period and proof), printed from the syntax
    /// tree exactly as in the file; the theorems of modules are preceded
    /// by the module's name in a comment. Several theorems are separated
    /// by a blank line.
    pub fn theorem(&self) -> String {
        self.theorems
            .iter()
            .filter_map(|name| {
                let head = print_assertion_head(self.file.assertion(name)?)?;
                Some(match name.split_once('.') {
                    Some((module, _)) => format!("(* {module} *)\n{head}"),
                    None => head,
                })
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}

/// A lemma of the library that turns a computed check into a theorem:
/// `lemma args… : checker args… = true -> statement` (Retro.v,
/// Reachable.v).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Soundness {
    /// Its full name: a generated theorem applies exactly this constant,
    /// whatever else the file's imports bring into scope, and its
    /// assumptions are the ones checked once per build of the library
    /// ([`crate::lemmas`]).
    pub lemma: &'static str,
    /// The boolean checker it is about, as the generated file writes it.
    pub checker: &'static str,
}

impl Soundness {
    /// `check_last P ms extra = true -> …`: the retraction tree.
    pub const LAST: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_last_sound",
        checker: "check_last",
    };
    /// `check_last_cert P ms D = true -> …`: a dead set.
    pub const LAST_CERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_last_cert_sound",
        checker: "check_last_cert",
    };
    /// `Zone.check_last_zcert P ms Z D = true -> …`: cages and a dead set.
    pub const LAST_ZCERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_last_zcert_sound",
        checker: "Zone.check_last_zcert",
    };
    /// `check_last_among_cert P xs D = true -> …`.
    pub const LAST_AMONG_CERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_last_among_cert_sound",
        checker: "check_last_among_cert",
    };
    /// `Zone.check_last_among_zcert P xs Z D = true -> …`.
    pub const LAST_AMONG_ZCERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_last_among_zcert_sound",
        checker: "Zone.check_last_among_zcert",
    };
    /// `check_illegal P n = true -> ~ reachable P`.
    pub const ILLEGAL: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_illegal_sound",
        checker: "check_illegal",
    };
    /// `check_illegal_cert P D = true -> ~ reachable P`.
    pub const ILLEGAL_CERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_illegal_cert_sound",
        checker: "check_illegal_cert",
    };
    /// `Zone.check_illegal_zcert P Z D = true -> ~ reachable P`.
    pub const ILLEGAL_ZCERT: Soundness = Soundness {
        lemma: "RetroProof.Retro.check_illegal_zcert_sound",
        checker: "Zone.check_illegal_zcert",
    };
    /// `check_uci_game ss P = true -> reachable P`.
    pub const GAME: Soundness = Soundness {
        lemma: "RetroProof.Reachable.check_uci_game_sound",
        checker: "check_uci_game",
    };
    /// `check_uci_game_exact ss P = true -> reachable_exact P`.
    pub const GAME_EXACT: Soundness = Soundness {
        lemma: "RetroProof.Reachable.check_uci_game_exact_sound",
        checker: "check_uci_game_exact",
    };

    /// `check_only_games P N gs = true -> forall h G, … -> among (plies h) gs`
    /// (ProofGame.v).
    pub const ONLY_GAMES: Soundness = Soundness {
        lemma: "RetroProof.ProofGameproof.only_games_sound",
        checker: "check_only_games",
    };
    /// `check_game_plies P N g = true -> exists h G, …`.
    pub const GAME_PLIES: Soundness = Soundness {
        lemma: "RetroProof.ProofGameproof.game_plies_sound",
        checker: "check_game_plies",
    };
    /// `check_no_shorter P N = true -> forall h G, … -> N <= List.length h`.
    pub const NO_SHORTER: Soundness = Soundness {
        lemma: "RetroProof.ProofGameproof.no_shorter_sound",
        checker: "check_no_shorter",
    };

    /// The game checker for `reading`, and the statement it proves of P.
    pub fn game(reading: Reading) -> (Soundness, &'static str) {
        match reading {
            Reading::Asserted => (Soundness::GAME, "reachable"),
            Reading::Exact => (Soundness::GAME_EXACT, "reachable_exact"),
        }
    }

    /// Whether the lemma turns a game into a reachability statement.
    pub fn is_game(self) -> bool {
        self == Soundness::GAME || self == Soundness::GAME_EXACT
    }

    /// Every lemma a generated proof may apply.
    pub const ALL: [Soundness; 13] = [
        Soundness::LAST,
        Soundness::LAST_CERT,
        Soundness::LAST_ZCERT,
        Soundness::LAST_AMONG_CERT,
        Soundness::LAST_AMONG_ZCERT,
        Soundness::ILLEGAL,
        Soundness::ILLEGAL_CERT,
        Soundness::ILLEGAL_ZCERT,
        Soundness::GAME,
        Soundness::ONLY_GAMES,
        Soundness::GAME_PLIES,
        Soundness::NO_SHORTER,
        Soundness::GAME_EXACT,
    ];
}

/// How the assumptions of a generated file's theorems are checked:
/// `Print Assumptions` of each of `targets` at the end of the file
/// ([`crate::prove::file_text`]), and the assumptions of the library
/// `lemmas` the theorems apply, checked once per build of the library
/// ([`crate::lemmas`]).
///
/// A theorem proven by computed checks is `t := t_of lemma…`, where
/// `t_of` takes any proofs of the lemmas' statements (`statement_of`,
/// Reachable.v): its target is `t_of`, whose `Print Assumptions` does not
/// walk the library's proofs, and `t` assumes exactly the union of what
/// `t_of` and the lemmas assume. A theorem proven by an Ltac script is its
/// own target.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AssumptionCheck {
    /// Constants to `Print Assumptions` of, as the file names them.
    pub targets: Vec<String>,
    /// The library lemmas the theorems apply.
    pub lemmas: BTreeSet<Soundness>,
}

impl AssumptionCheck {
    /// `Print Assumptions theorem`, the whole of it (what `export` writes
    /// for a reader who compiles the file by hand).
    pub fn whole(theorem: &str) -> AssumptionCheck {
        AssumptionCheck {
            targets: vec![theorem.to_string()],
            lemmas: BTreeSet::new(),
        }
    }

    /// The same check for the sentences put in `Module module`.
    pub fn in_module(self, module: &str) -> AssumptionCheck {
        AssumptionCheck {
            targets: self
                .targets
                .into_iter()
                .map(|t| format!("{module}.{t}"))
                .collect(),
            lemmas: self.lemmas,
        }
    }

    /// Both checks (of the theorems of one file).
    pub fn and(mut self, other: AssumptionCheck) -> AssumptionCheck {
        self.targets.extend(other.targets);
        self.lemmas.extend(other.lemmas);
        self
    }
}

/// One computed check of a generated proof: `Lemma name : checker args…
/// = true`, proven by the virtual machine, and the library lemma that
/// turns it into the theorem (`lemma args… name`).
pub(crate) struct Check {
    pub name: String,
    pub soundness: Soundness,
    pub args: Vec<Term>,
}

impl Check {
    /// `Lemma name : checker args… = true. Proof. vm_cast_no_check (eq_refl true). Qed.`
    pub fn lemma(&self) -> Result<Sentence, EmitError> {
        Ok(Sentence::Assertion {
            kind: AssertionKind::Lemma,
            name: id(&self.name)?,
            statement: Term::infix(
                InfixOp::Eq,
                call(self.soundness.checker, self.args.clone())?,
                var("true")?,
            ),
            proof: computed()?,
        })
    }

    /// `sound _ … _ name`: the theorem (or its part) from `sound`, a proof
    /// of the lemma's statement. The arguments are left to Coq, which reads
    /// them off the check's statement: a local `sound` has no argument
    /// scopes, so a numeral written here would be read as an `int`, not
    /// the `nat` the lemma takes.
    pub fn applied(&self, sound: &str) -> Result<Term, EmitError> {
        let mut args = vec![Term::Hole; self.args.len()];
        args.push(var(&self.name)?);
        call(sound, args)
    }

    /// `apply lemma args…; vm_cast_no_check (eq_refl true)`: the same as
    /// steps of an Ltac script.
    pub fn steps(&self) -> Result<Vec<Tactic>, EmitError> {
        let mut steps = vec![Tactic::Apply(call(
            self.soundness.lemma,
            self.args.clone(),
        )?)];
        steps.extend(computed()?);
        Ok(steps)
    }
}

/// `vm_cast_no_check (eq_refl true)`: the goal `checker … = true` is
/// computed by the virtual machine, once, when the kernel checks `Qed`.
fn computed() -> Result<Vec<Tactic>, EmitError> {
    Ok(vec![Tactic::Call {
        name: QualId::new("vm_cast_no_check")?,
        args: vec![call("eq_refl", vec![var("true")?])?],
    }])
}
