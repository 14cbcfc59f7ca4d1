//! The self-contained `.v` file `retroproof export` writes for a question
//! about a position: the position as a Coq term, the theorem in readable
//! form, and its proof.
//!
//! Statements (the theorems of `coq/theories/Retro.v` and `Reachable.v`):
//! - the last `n` plies: every game that reaches `P` ends with them
//!   (`forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++
//!   [oldest; …; most recent]`), so it has at least `n` plies;
//! - illegal: `reachable P -> False`;
//! - a legal game: `reachable P`.
//!
//! Proofs: by default a computed check (`Lemma t_check : check_last P ms
//! extra = true`, proven by the virtual machine) turned into the theorem
//! by the library's soundness lemma ([`Soundness`]: `check_last_sound`,
//! `check_illegal_sound`, `check_uci_game_sound`, the certificate
//! checkers'), written as a function of that lemma (`t_of`, so that
//! `Print Assumptions` need not walk the library's proofs every time,
//! [`AssumptionCheck`]); or ([`Proof::Script`]) a Maliković-style Ltac
//! script built from the native search tree, `retract` at each level and
//! `refute` on each dead branch (Tactics.v), to step through in an IDE.
//!
//! User text (problem id, source, PGN tags) only ever reaches the file as a
//! [`Comment`], which cannot close itself.

use retroproof_core::cert::Certificate;
use retroproof_core::proofgame::{realizes_as, Reading};
use retroproof_core::rules::{Names, RuleSet};
use retroproof_core::{Position, Unmove};

use super::build::{call, id, var, EmitError};
use super::position::{position_term, string_term, strings_term};
use super::proof_file::Check;
pub use super::proof_file::{AssumptionCheck, ProofFile, Soundness};
use crate::coq::{
    AssertionKind, Binder, Case, Comment, File, InfixOp, QualId, RequireMode, Sentence, Tactic,
    Term,
};

/// What is proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// Every game reaching the position ends with `answer` (most recent ply
    /// first here; the theorem lists them oldest first). Decided on the
    /// retraction sequences of `depth ≥ answer.len()` plies: those that
    /// leave `answer` die within `depth` plies.
    LastPlies { depth: u32, answer: Vec<String> },
    /// Every game reaching the position ends with one of `plies` (each a
    /// retraction of the position, at least two), all of the type `kind`
    /// (`K-`, `PxP`, …; [`retroproof_core::retro::PlyType`]): the answer to
    /// "what type of move was the last one?" when the move itself is not
    /// forced. Proven from a certificate ([`Proof::Certificate`]).
    LastPlyAmong { plies: Vec<String>, kind: String },
    /// No game reaches the position: every retraction sequence dies within
    /// `depth` plies (0: the position itself fails an invariant).
    Illegal { depth: u32 },
    /// No game reaches the position: it lies in a dead set of `dead`
    /// positions, each refuted by a static rule (Cert.v's
    /// `default_refuted` and the zone cages) or with every retraction into
    /// the set or to a position such a rule refutes, or (`dead` 0) a
    /// static rule refutes it; proven with
    /// [`Proof::Certificate`].
    IllegalCert { dead: usize },
    /// The game (UCI moves from the initial position) reaches the position.
    LegalGame { moves: Vec<String> },
    /// The games of a number of plies from the initial position that end
    /// with the position's board and side to move: all of them, or (a
    /// cook) at least these ([`super::proof_game`], its own file).
    ProofGames(super::proof_game::ProofGames),
}

impl Statement {
    /// The theorem's name.
    pub fn theorem_name(&self) -> String {
        match self {
            Statement::LastPlies { answer, .. } => format!("last_{}", answer.len()),
            Statement::LastPlyAmong { .. } => "last_ply".to_string(),
            Statement::Illegal { .. } | Statement::IllegalCert { .. } => "illegal".to_string(),
            Statement::LegalGame { .. } => "legal".to_string(),
            Statement::ProofGames(_) => super::proof_game::THEOREM.to_string(),
        }
    }

    /// Whether the statement is that no game reaches the position.
    pub fn is_illegal(&self) -> bool {
        matches!(
            self,
            Statement::Illegal { .. } | Statement::IllegalCert { .. }
        )
    }

    /// The statement in chess terms, exactly as strong as the theorem: a
    /// last-N theorem alone is the retro convention "if the position is
    /// legal, its last plies are …" (it holds vacuously of an unreachable
    /// position); see [`in_chess_terms_with_game`] for the unconditional
    /// form.
    pub fn in_chess_terms(&self, pos: &Position) -> String {
        in_chess_terms_with_game(self, pos, None, Reading::Asserted)
    }

    /// Whether the theorem holds only if the position is legal (a last-N
    /// theorem not accompanied by a game reaching the position).
    pub fn is_conditional(&self, game: Option<&[String]>) -> bool {
        self.is_last() && game.is_none()
    }

    /// Whether the statement is about the last plies of every game
    /// reaching the position (and so may come with a game reaching it).
    pub fn is_last(&self) -> bool {
        matches!(
            self,
            Statement::LastPlies { .. } | Statement::LastPlyAmong { .. }
        )
    }
}

/// `c2c4 b4c3ep b3c3xp (oldest first)`-style: what the last plies are.
fn last_plies_words(answer: &[String]) -> String {
    let oldest_first: Vec<&str> = answer.iter().rev().map(String::as_str).collect();
    match answer.len() {
        1 => format!("its last ply is {}", oldest_first[0]),
        n => format!(
            "its last {n} plies are {} (oldest first)",
            oldest_first.join(" ")
        ),
    }
}

/// [`Statement::in_chess_terms`]; with `game` (UCI moves from the initial
/// position reaching `pos`, its rights and en-passant square read as
/// `reading` says), a last-N statement is proven together with
/// `reachable P` (`reachable_exact P`) and says so without the "if"; a
/// game's sentence names the position the game ends in
/// ([`game_end_words`]).
pub fn in_chess_terms_with_game(
    statement: &Statement,
    pos: &Position,
    game: Option<&[String]>,
    reading: Reading,
) -> String {
    let fen = pos.to_fen();
    match (statement, game) {
        (Statement::LastPlies { answer, .. }, None) => format!(
            "if the position is legal, {}: every game that reaches {fen} ends with {}",
            last_plies_words(answer),
            if answer.len() == 1 { "it" } else { "them" }
        ),
        (Statement::LastPlies { answer, .. }, Some(game)) => format!(
            "the position is legal and {}: a game of {} reaches {fen}{}, and every game that reaches it ends with {}",
            last_plies_words(answer),
            plies(game.len() as u32),
            game_end_words(pos, game, reading),
            if answer.len() == 1 { "it" } else { "them" }
        ),
        (Statement::LastPlyAmong { plies: among, kind }, None) => format!(
            "if the position is legal, its last ply is one of {} (each of type {kind}): every game that reaches {fen} ends with one of them",
            among.join(" ")
        ),
        (Statement::LastPlyAmong { plies: among, kind }, Some(game)) => format!(
            "the position is legal and its last ply is one of {} (each of type {kind}): a game of {} reaches {fen}{}, and every game that reaches it ends with one of them",
            among.join(" "),
            plies(game.len() as u32),
            game_end_words(pos, game, reading)
        ),
        (Statement::Illegal { depth }, _) => {
            format!("no game reaches {fen}: {}", Refutation::of(pos, *depth))
        }
        (Statement::IllegalCert { dead: 0 }, _) => format!(
            "no game reaches {fen}: a static rule Coq has proven refutes it ({STATIC_RULES})"
        ),
        (Statement::IllegalCert { dead }, _) => format!(
            "no game reaches {fen}: it lies in a closed dead set of {dead} position{} (each refuted by a static rule Coq has proven, or with every retraction into the set or to a position such a rule refutes: {STATIC_RULES})",
            if *dead == 1 { "" } else { "s" }
        ),
        (Statement::LegalGame { moves }, _) => format!(
            "{fen} is reached by a legal game of {} from the initial position{}",
            plies(moves.len() as u32),
            game_end_words(pos, moves, reading)
        ),
        (Statement::ProofGames(games), _) => games.in_chess_terms(pos),
    }
}

/// ` (the game ends in <FEN>; …)`: [`GameEnd`] in parentheses, or nothing
/// for a game that does not replay.
pub fn game_end_words(pos: &Position, game: &[String], reading: Reading) -> String {
    GameEnd::of(pos, game, reading).map_or_else(String::new, |end| format!(" ({end})"))
}

/// The position a game ends in, and what of it the FEN asked about did
/// not state.
///
/// With [`Reading::Asserted`], a FEN's castling and en-passant fields
/// assert what they list and nothing more: the game may end with rights
/// the FEN does not list, or with an en-passant square where the FEN has
/// `-`; the notes say so plainly, so that a reader of the standard FEN
/// (where `-` means none) is not misled. With [`Reading::Exact`], the game
/// ends in the position itself, rights and en-passant square included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// The FEN of the game's final position, with its real castling
    /// rights and en-passant square.
    pub fen: String,
    /// Whether that is the position asked about exactly, as the theorem
    /// states ([`Reading::Exact`]).
    pub exact: bool,
    /// What the FEN asked about did not assert and the game's position
    /// holds (rights, an en-passant square).
    pub notes: Vec<String>,
}

impl GameEnd {
    /// The end of `game` (UCI, from the initial position) against `pos`;
    /// `None` if the game does not replay.
    pub fn of(pos: &Position, game: &[String], reading: Reading) -> Option<GameEnd> {
        let end = replay_uci(game)?;
        // "Exactly" is said only of what the theorem states
        // (`reachable_exact P`); under the retro reading the game is
        // described, not claimed to be the only reading.
        let exact = reading == Reading::Exact && realizes_as(&end, pos, Reading::Exact);
        let mut notes = Vec::new();
        let (asked, held) = (pos.castling_rights(), end.castling_rights());
        if asked != held {
            notes.push(format!(
                "the FEN's castling field `{asked}` asserts only the rights it lists: the game's final position holds {}",
                if held.is_empty() {
                    "none".to_string()
                } else {
                    format!("`{held}`")
                }
            ));
        }
        if let (None, Some(ep)) = (pos.ep_square(), end.ep_square()) {
            notes.push(format!(
                "the FEN's en-passant field `-` asserts nothing: the game's last move is the double step through {ep}, so its final position has en-passant square {ep}"
            ));
        }
        Some(GameEnd {
            fen: end.to_fen(),
            exact,
            notes,
        })
    }
}

impl std::fmt::Display for GameEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.exact {
            return write!(
                f,
                "the game ends in {} exactly: its castling rights and en-passant square are the FEN's, `-` meaning none",
                self.fen
            );
        }
        write!(f, "the game ends in {}", self.fen)?;
        for note in &self.notes {
            write!(f, "; {note}")?;
        }
        Ok(())
    }
}

/// The position after UCI moves from the initial position, if each is legal.
fn replay_uci(game: &[String]) -> Option<Position> {
    let mut pos = Position::start();
    for uci in game {
        let m = pos.parse_uci(uci).ok()?;
        pos = pos.play(&m).ok()?;
    }
    Some(pos)
}

/// The static rules of Cert.v's `default_refuted` and Zone.v, as the
/// statements name them: the names of rust-core's rule registry.
const STATIC_RULES: Names = RuleSet::ALL.names();

/// The rule that makes `check_illegal P depth` (Search.v) succeed, for
/// explanations: never a depth that was not checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refutation {
    /// Depth 0: the position itself breaks an invariant of every game
    /// (impossible material, the side not to move in check, …).
    Invariant { reason: String },
    /// Every retraction sequence ends within `plies` plies (none passes
    /// through the initial position): exhaustion, checked at that depth.
    Exhaustion { plies: u32 },
    /// A man stands where it can never have come from its initial square
    /// (Stranded.v), in the position itself.
    Stranded { square: String },
    /// Every retraction sequence ends within `plies` plies or reaches a
    /// position with a stranded man (Stranded.v).
    ExhaustionOrStranded { plies: u32 },
}

impl Refutation {
    /// Which rule refutes `pos` for `check_illegal pos depth`: `depth` is the
    /// one the checker runs with; the longest surviving history is
    /// `depth - 1` plies.
    pub fn of(pos: &Position, depth: u32) -> Refutation {
        use retroproof_core::search::{static_illegality, stranded_man, Explorer};
        if depth == 0 {
            return Refutation::Invariant {
                reason: static_illegality(pos)
                    .map(|r| r.to_string())
                    .unwrap_or_else(|| "it breaks an invariant of every game".to_string()),
            };
        }
        if let Some(square) = stranded_man(pos) {
            return Refutation::Stranded {
                square: square.to_string(),
            };
        }
        let within = depth - 1;
        // Plain exhaustion, without the stranded-man rule: does every
        // sequence really end within `within` plies?
        const BUDGET: u64 = 2_000_000;
        let mut plain = Explorer::new().with_budget(BUDGET);
        let longest = plain.longest(pos, depth);
        // Out of budget, the plain search proves nothing: claim only what
        // the checker checked.
        if longest <= within && plain.start_line().is_none() && plain.nodes() < BUDGET {
            Refutation::Exhaustion { plies: within }
        } else {
            Refutation::ExhaustionOrStranded { plies: within }
        }
    }
}

impl std::fmt::Display for Refutation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refutation::Invariant { reason } => {
                write!(f, "it breaks an invariant of every game ({reason})")
            }
            Refutation::Exhaustion { plies: 0 } => {
                f.write_str("no move can have led to it (exhaustion at depth 0)")
            }
            Refutation::Exhaustion { plies: n } => write!(
                f,
                "every retraction sequence dies within {} (exhaustion at depth {n})",
                plies(*n)
            ),
            Refutation::Stranded { square } => write!(
                f,
                "the man on {square} is stranded: it can never have come there from its initial square"
            ),
            Refutation::ExhaustionOrStranded { plies: n } => write!(
                f,
                "every retraction sequence dies within {} or strands a man off its initial square (exhaustion at depth {n} with the stranded-man rule)",
                plies(*n)
            ),
        }
    }
}

/// How the theorem is proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// One checker call under `vm_compute` (`Qed` pays it once).
    Reflective,
    /// An Ltac script (`retract`, `ply_is`, `refute`, `finish_plies`):
    /// only for [`Statement::LastPlies`] and [`Statement::Illegal`].
    Script(Step),
    /// A call of a certificate checker (`check_last_cert_sound`,
    /// `check_illegal_cert_sound`, Retro.v; with zone cages,
    /// `check_last_zcert_sound`, `check_illegal_zcert_sound`) on this
    /// certificate, found by the deep search ([`retroproof_core::deep`]).
    Certificate(Certificate),
}

/// One step of a retro script, from the native search tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `retract`: one branch per retraction of the current position, in the
    /// order of their names (the order `retract` leaves its subgoals in).
    Retract(Vec<Branch>),
    /// `refute_in within`: the current position dies within `within` plies
    /// (0: it fails an invariant; 1: it has no retraction).
    Refute { within: u32 },
    /// `refute_in within`, where the histories that survive plain
    /// exhaustion all reach a position with a stranded man (Stranded.v):
    /// the explanation names both rules.
    RefuteOrStranded { within: u32 },
    /// `refute_in 0`: the man on `square` is stranded (Stranded.v): it can
    /// never have come there from where it starts the game.
    Stranded { square: String },
    /// `finish_plies`: the plies taken back are the answer.
    Finish,
}

/// A branch of [`Step::Retract`]: the ply taken back and what follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub ply: String,
    pub step: Step,
}

/// A question to export.
#[derive(Debug, Clone)]
pub struct Export {
    pub position: Position,
    pub statement: Statement,
    pub proof: Proof,
    /// Free text for the header comment (problem id, source, tags).
    pub notes: Vec<String>,
    /// How a game in the proof must end: realizing the position (its
    /// rights and en-passant square asserted, `reachable P`), or in it
    /// exactly (`reachable_exact P`, Game.v).
    pub reading: Reading,
}

/// Builds the `.v` file.
pub fn export_file(export: &Export) -> Result<ProofFile, EmitError> {
    export_file_with_game(export, None)
}

/// [`export_file`]; with `game` (UCI moves from the initial position that
/// reach the position), a last-N theorem becomes the single unconditional
/// statement `reachable P /\ forall h G, game h G -> realizes G P ->
/// exists pre, plies h = pre ++ ms`.
pub fn export_file_with_game(
    export: &Export,
    game: Option<&[String]>,
) -> Result<ProofFile, EmitError> {
    if let Statement::ProofGames(games) = &export.statement {
        return super::proof_game::proof_file(&export.position, games, &export.notes);
    }
    let game = if export.statement.is_last() {
        game
    } else {
        None
    };
    let mut header = String::from(
        "Generated by `retroproof export`. Compile with: coqc -Q coq/theories RetroProof <this file>\n   ",
    );
    header.push_str(&in_chess_terms_with_game(
        &export.statement,
        &export.position,
        game,
        export.reading,
    ));
    for note in &export.notes {
        header.push_str("\n   ");
        header.push_str(note);
    }
    if let Proof::Certificate(certificate) = &export.proof {
        header.push_str(&format!(
            "\n   proven from a certificate: a dead set of {} positions, closed under retraction modulo the static rules (Cert.v)",
            certificate.len()
        ));
        if !certificate.cages.is_empty() {
            header.push_str(&format!(
                " and {} (Zone.v: closed sets of partial boards, {} in all)",
                zone_cages(certificate.cages.len()),
                certificate
                    .cages
                    .iter()
                    .map(|c| c.members.len())
                    .sum::<usize>()
            ));
        }
    }
    let mut sentences = vec![Sentence::Comment(Comment::new(&header))];
    sentences.extend(imports(&Imports::of(export))?);
    let (body, assumptions) = theorem_sentences(export, game)?;
    sentences.extend(body);
    Ok(ProofFile {
        file: File { sentences },
        assumptions,
        theorems: vec![export.statement.theorem_name()],
    })
}

/// What a generated file must import for some exports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Imports {
    /// `Retro` (the retro checkers), for anything but a legal game.
    pub retro: bool,
    /// `Tactics`, for an Ltac script.
    pub tactics: bool,
    /// `Uint63`, for the compact positions of a certificate's dead set.
    pub uint63: bool,
}

impl Imports {
    /// What `export` needs.
    pub fn of(export: &Export) -> Imports {
        Imports {
            retro: !matches!(
                export.statement,
                Statement::LegalGame { .. } | Statement::ProofGames(_)
            ),
            tactics: matches!(export.proof, Proof::Script(_)),
            uint63: matches!(export.proof, Proof::Certificate(_)),
        }
    }

    /// What any of them needs.
    pub fn union(self, other: Imports) -> Imports {
        Imports {
            retro: self.retro || other.retro,
            tactics: self.tactics || other.tactics,
            uint63: self.uint63 || other.uint63,
        }
    }
}

/// The `Require`s and scopes of a generated file.
pub fn imports(needs: &Imports) -> Result<Vec<Sentence>, EmitError> {
    let mut modules = vec!["Board", "Notation", "Reachable"];
    // `Notation` is a command name; as a library path it is only a file.
    if needs.retro {
        // Retro re-exports Search (`plies`, the checkers).
        modules.push("Retro");
    }
    if needs.tactics {
        modules.push("Tactics");
    }
    Ok(vec![
        // Uint63 for the compact positions of a certificate's dead set.
        Sentence::require_import(
            "Coq",
            if needs.uint63 {
                &["String", "List", "Uint63"]
            } else {
                &["String", "List"]
            },
        )?,
        Sentence::Require {
            from: Some(QualId::new("RetroProof")?),
            mode: RequireMode::Import,
            modules: modules
                .iter()
                .map(|m| QualId::library(m))
                .collect::<Result<_, _>>()?,
        },
        Sentence::OpenScope {
            local: false,
            scope: id("string_scope")?,
        },
        // After string_scope: `++` is list append.
        Sentence::OpenScope {
            local: false,
            scope: id("list_scope")?,
        },
    ])
}

/// How a theorem is proven.
enum Body {
    /// By an Ltac script.
    Script(Vec<Tactic>),
    /// By one computed check, or (a last-plies theorem with a game
    /// reaching `P`) the game's check and the last plies' check, in the
    /// order of the conjunction.
    Checks(Vec<Check>),
}

/// The position `P` (with `P_parses`), what its proof needs (the dead set
/// `D`, `game_moves`, the computed checks) and the theorem: the body of an
/// export's file, after its header and imports, and how its assumptions
/// are checked. A classic question's file holds one such body per
/// position, each in its own `Module`.
pub fn theorem_sentences(
    export: &Export,
    game: Option<&[String]>,
) -> Result<(Vec<Sentence>, AssumptionCheck), EmitError> {
    let game = match export.statement {
        Statement::LastPlies { .. } => game,
        _ => None,
    };
    let (script, dead) = match &export.proof {
        Proof::Reflective => (None, None),
        Proof::Script(step) => (Some(step), None),
        Proof::Certificate(certificate) => (None, Some(certificate)),
    };
    // A certificate with zone cages is checked by the `zcert` checkers,
    // which take the cages `Z` before the dead set `D`.
    let zoned = dead.is_some_and(|c| !c.cages.is_empty());
    let by_cert = |plain: Soundness, caged: Soundness| if zoned { caged } else { plain };
    let cert_args = |mut args: Vec<Term>| -> Result<Vec<Term>, EmitError> {
        if zoned {
            args.push(var("Z")?);
        }
        args.push(var("D")?);
        Ok(args)
    };
    let mut sentences = vec![
        Sentence::Definition {
            name: id("P")?,
            binders: vec![],
            ty: Some(var("position")?),
            body: position_term(&export.position)?,
        },
        // The theorem is about the position typed: the FEN string parses
        // (strictly) to P, or coqc stops here.
        Sentence::Assertion {
            kind: AssertionKind::Lemma,
            name: id("P_parses")?,
            statement: Term::infix(
                InfixOp::Eq,
                call("parse_fen", vec![string_term(&export.position.to_fen())?])?,
                call("Some", vec![var("P")?])?,
            ),
            proof: vec![Tactic::VmCompute, Tactic::Reflexivity],
        },
    ];
    if let Some(certificate) = dead {
        if zoned {
            sentences.extend(super::cert::cage_definitions(&certificate.cages)?);
        }
        sentences.extend(super::cert::dead_set_definitions(&certificate.dead)?);
    }
    let theorem = export.statement.theorem_name();
    let check = |soundness: Soundness, args: Vec<Term>| Check {
        name: format!("{theorem}_check"),
        soundness,
        args,
    };
    let (statement, body) = match &export.statement {
        Statement::LastPlies { depth, answer } => {
            let oldest_first: Vec<&String> = answer.iter().rev().collect();
            let plies = strings_term(&oldest_first)?;
            let statement = every_game(Term::Exists {
                binders: vec![Binder {
                    names: vec![id("pre")?],
                    ty: call("list", vec![var("string")?])?,
                }],
                body: Box::new(Term::infix(
                    InfixOp::Eq,
                    call("plies", vec![var("h")?])?,
                    Term::infix(InfixOp::Append, var("pre")?, plies.clone()),
                )),
            })?;
            let body = match script {
                None if dead.is_some() => Body::Checks(vec![check(
                    by_cert(Soundness::LAST_CERT, Soundness::LAST_ZCERT),
                    cert_args(vec![var("P")?, plies])?,
                )]),
                None => {
                    let extra = depth.saturating_sub(answer.len() as u32);
                    Body::Checks(vec![check(
                        Soundness::LAST,
                        vec![var("P")?, plies, nat(extra)?],
                    )])
                }
                Some(step) => {
                    let mut proof = vec![intros(&["h", "G", "Hg", "Hr"])?];
                    script_steps(step, &mut proof)?;
                    Body::Script(proof)
                }
            };
            (statement, body)
        }
        Statement::LastPlyAmong { plies: among, .. } => {
            let among = strings_term(among)?;
            let statement = every_game(Term::Exists {
                binders: vec![
                    Binder {
                        names: vec![id("pre")?],
                        ty: call("list", vec![var("string")?])?,
                    },
                    Binder {
                        names: vec![id("x")?],
                        ty: var("string")?,
                    },
                ],
                body: Box::new(Term::infix(
                    InfixOp::And,
                    call("In", vec![var("x")?, among.clone()])?,
                    Term::infix(
                        InfixOp::Eq,
                        call("plies", vec![var("h")?])?,
                        Term::infix(InfixOp::Append, var("pre")?, Term::List(vec![var("x")?])),
                    ),
                )),
            })?;
            if dead.is_none() {
                return Err(EmitError(crate::coq::IdentError {
                    reason: "a last-ply-among answer is proven from a certificate only".to_string(),
                }));
            }
            let body = Body::Checks(vec![check(
                by_cert(Soundness::LAST_AMONG_CERT, Soundness::LAST_AMONG_ZCERT),
                cert_args(vec![var("P")?, among])?,
            )]);
            (statement, body)
        }
        Statement::Illegal { depth } => {
            let statement = Term::Arrow(
                Box::new(call("reachable", vec![var("P")?])?),
                Box::new(var("False")?),
            );
            let body = match script {
                None => Body::Checks(vec![check(
                    Soundness::ILLEGAL,
                    vec![var("P")?, nat(*depth)?],
                )]),
                Some(step) => {
                    let mut proof = vec![
                        Tactic::Apply(var("unreachable_intro")?),
                        intros(&["h", "G", "Hg", "Hr"])?,
                    ];
                    script_steps(step, &mut proof)?;
                    Body::Script(proof)
                }
            };
            (statement, body)
        }
        Statement::IllegalCert { .. } => {
            let statement = Term::Arrow(
                Box::new(call("reachable", vec![var("P")?])?),
                Box::new(var("False")?),
            );
            let body = Body::Checks(vec![check(
                by_cert(Soundness::ILLEGAL_CERT, Soundness::ILLEGAL_ZCERT),
                cert_args(vec![var("P")?])?,
            )]);
            (statement, body)
        }
        Statement::ProofGames(games) => {
            return super::proof_game::theorem_sentences(&export.position, games)
        }
        Statement::LegalGame { moves } => {
            sentences.push(game_moves(moves)?);
            let (soundness, reachable) = Soundness::game(export.reading);
            let body = Body::Checks(vec![check(soundness, vec![var("game_moves")?, var("P")?])]);
            (call(reachable, vec![var("P")?])?, body)
        }
    };
    // With a game reaching P, a last-plies theorem also states
    // `reachable P` (`reachable_exact P`): one unconditional statement.
    let (statement, body) = match game {
        Some(moves) if export.statement.is_last() => {
            sentences.push(game_moves(moves)?);
            let (soundness, reachable) = Soundness::game(export.reading);
            let reached = Check {
                name: "game_check".to_string(),
                soundness,
                args: vec![var("game_moves")?, var("P")?],
            };
            let both = Term::infix(InfixOp::And, call(reachable, vec![var("P")?])?, statement);
            let body = match body {
                Body::Checks(mut checks) => {
                    checks.insert(0, reached);
                    Body::Checks(checks)
                }
                Body::Script(proof) => Body::Script(vec![
                    Tactic::Split,
                    Tactic::Cases(vec![
                        Case {
                            comment: Some(Comment::new(&format!(
                                "a game of {} reaches P",
                                self::plies(moves.len() as u32)
                            ))),
                            steps: reached.steps()?,
                        },
                        Case {
                            comment: Some(Comment::new("every game reaching P ends so")),
                            steps: proof,
                        },
                    ]),
                ]),
            };
            (both, body)
        }
        _ => (statement, body),
    };
    let name = id(&theorem)?;
    let assumptions = match body {
        Body::Script(proof) => {
            sentences.push(Sentence::Assertion {
                kind: AssertionKind::Theorem,
                name,
                statement,
                proof,
            });
            AssumptionCheck::whole(&theorem)
        }
        Body::Checks(checks) => {
            sentences.extend(
                checks
                    .iter()
                    .map(Check::lemma)
                    .collect::<Result<Vec<_>, _>>()?,
            );
            sentences.extend(by_lemmas(&theorem, name, statement, &checks)?);
            AssumptionCheck {
                targets: vec![format!("{theorem}_of")],
                lemmas: checks.iter().map(|c| c.soundness).collect(),
            }
        }
    };
    Ok((sentences, assumptions))
}

/// `Definition t_of (sound : statement_of lemma) := sound _ … _ t_check`
/// (a conjunction of two such parts when there are two checks), then
/// `Theorem t : statement. Proof. exact (t_of lemma). Qed.`: the theorem
/// as a function of the library lemmas it applies ([`AssumptionCheck`]).
fn by_lemmas(
    theorem: &str,
    name: crate::coq::Ident,
    statement: Term,
    checks: &[Check],
) -> Result<Vec<Sentence>, EmitError> {
    // The lemma for a game is `reaches`, any other `sound`.
    let bound = |check: &Check| {
        if check.soundness.is_game() {
            "reaches"
        } else {
            "sound"
        }
    };
    let mut parts = checks
        .iter()
        .map(|c| c.applied(bound(c)))
        .collect::<Result<Vec<_>, _>>()?;
    let last = parts.pop().ok_or_else(|| {
        EmitError(crate::coq::IdentError {
            reason: "a proof by computed checks needs at least one".to_string(),
        })
    })?;
    let body = parts
        .into_iter()
        .rev()
        .try_fold(last, |rest, part| call("conj", vec![part, rest]))?;
    let of = format!("{theorem}_of");
    Ok(vec![
        Sentence::Definition {
            name: id(&of)?,
            binders: checks
                .iter()
                .map(|c| {
                    Ok(Binder {
                        names: vec![id(bound(c))?],
                        ty: call("statement_of", vec![var(c.soundness.lemma)?])?,
                    })
                })
                .collect::<Result<_, EmitError>>()?,
            ty: None,
            body,
        },
        Sentence::Assertion {
            kind: AssertionKind::Theorem,
            name,
            statement,
            proof: vec![Tactic::Exact(call(
                &of,
                checks
                    .iter()
                    .map(|c| var(c.soundness.lemma))
                    .collect::<Result<_, _>>()?,
            )?)],
        },
    ])
}

/// `Definition game_moves : list string := [...]`.
fn game_moves(moves: &[String]) -> Result<Sentence, EmitError> {
    Ok(Sentence::Definition {
        name: id("game_moves")?,
        binders: vec![],
        ty: Some(call("list", vec![var("string")?])?),
        body: strings_term(moves)?,
    })
}

/// `forall (h : list (position * move)) (G : position), game h G ->
/// realizes G P -> conclusion`.
fn every_game(conclusion: Term) -> Result<Term, EmitError> {
    let history = call(
        "list",
        vec![Term::infix(InfixOp::Mul, var("position")?, var("move")?)],
    )?;
    Ok(Term::Forall {
        binders: vec![
            Binder {
                names: vec![id("h")?],
                ty: history,
            },
            Binder {
                names: vec![id("G")?],
                ty: var("position")?,
            },
        ],
        body: Box::new(Term::Arrow(
            Box::new(call("game", vec![var("h")?, var("G")?])?),
            Box::new(Term::Arrow(
                Box::new(call("realizes", vec![var("G")?, var("P")?])?),
                Box::new(conclusion),
            )),
        )),
    })
}

fn intros(names: &[&str]) -> Result<Tactic, EmitError> {
    Ok(Tactic::Intros(
        names.iter().map(|n| id(n)).collect::<Result<_, _>>()?,
    ))
}

/// The tactics of one script step, appended to `out`.
fn script_steps(step: &Step, out: &mut Vec<Tactic>) -> Result<(), EmitError> {
    let ltac = |name: &str, args: Vec<Term>| -> Result<Tactic, EmitError> {
        Ok(Tactic::Call {
            name: QualId::new(name)?,
            args,
        })
    };
    match step {
        Step::Finish => out.push(ltac("finish_plies", vec![])?),
        Step::Refute { within: 1 } => out.push(ltac("refute", vec![])?),
        Step::Refute { within } | Step::RefuteOrStranded { within } => {
            out.push(ltac("refute_in", vec![nat(*within)?])?)
        }
        Step::Stranded { .. } => out.push(ltac("refute_in", vec![nat(0)?])?),
        Step::Retract(branches) => {
            out.push(ltac("retract", vec![])?);
            let mut cases = Vec::with_capacity(branches.len());
            for branch in branches {
                let mut steps = vec![ltac("ply_is", vec![string_term(&branch.ply)?])?];
                script_steps(&branch.step, &mut steps)?;
                cases.push(Case {
                    comment: refutation_reason(&branch.step).map(|r| Comment::new(&r)),
                    steps,
                });
            }
            out.push(Tactic::Cases(cases));
        }
    }
    Ok(())
}

/// Why a branch is refuted, for the script's reader.
fn refutation_reason(step: &Step) -> Option<String> {
    match step {
        Step::Refute { within: 0 } => Some("the position before breaks an invariant".into()),
        Step::Refute { within: 1 } => Some("no move can have led to the position before".into()),
        Step::Refute { within } => Some(format!(
            "every history of the position before dies within {}",
            plies(within - 1)
        )),
        Step::RefuteOrStranded { within } => Some(format!(
            "every history of the position before dies within {} or strands a man off its initial square",
            plies(within - 1)
        )),
        Step::Stranded { square } => Some(format!(
            "in the position before, the man on {square} is stranded: it can never have come there"
        )),
        Step::Retract(_) | Step::Finish => None,
    }
}

/// `1 zone cage`, `2 zone cages`.
fn zone_cages(n: usize) -> String {
    if n == 1 {
        "1 zone cage".to_string()
    } else {
        format!("{n} zone cages")
    }
}

/// `1 ply`, `2 plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// A `nat` literal: the file opens no integer scope, so Coq reads a bare
/// numeral as a `nat`.
fn nat(n: u32) -> Result<Term, EmitError> {
    Ok(Term::int(n))
}

/// What the certificate proves about the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CertQuestion {
    /// No game reaches the position (`check_illegal_cert_sound`).
    Illegal,
    /// Every game reaching the position ends with these plies, oldest
    /// first (`check_last_cert_sound`); every other retraction path of
    /// that length leads into the dead set or is refuted.
    LastPlies(Vec<Unmove>),
}

/// Builds the `.v` file: `P` (checked to parse from its FEN), the dead set
/// `D` ([`super::cert::dead_set_definitions`]) and the theorem, proven by one call of
/// the certificate checker. This is the file `prove`/`export` write for a
/// deep-search answer ([`Proof::Certificate`]), so the
/// tests of this function test that path.
pub fn cert_file(
    pos: &Position,
    question: &CertQuestion,
    certificate: &Certificate,
    notes: &[String],
) -> Result<File, EmitError> {
    let statement = match question {
        CertQuestion::Illegal => Statement::IllegalCert {
            dead: certificate.len(),
        },
        CertQuestion::LastPlies(plies) => Statement::LastPlies {
            depth: plies.len() as u32,
            // Most recent first, as in `Statement::LastPlies`.
            answer: plies.iter().rev().map(ToString::to_string).collect(),
        },
    };
    let export = Export {
        position: *pos,
        statement,
        proof: Proof::Certificate(certificate.clone()),
        notes: notes.to_vec(),
        reading: Reading::Asserted,
    };
    export_file_with_game(&export, None).map(|proof| proof.file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::cert::CHUNK;
    use retroproof_core::rules::zone::ZoneCage;
    use retroproof_core::Board;

    fn certificate(dead: Vec<Position>) -> Certificate {
        Certificate::new(retroproof_core::rules::RuleSet::ALL, dead)
    }

    #[test]
    fn big_dead_sets_are_chunked() {
        let start = Position::start();
        let dead = certificate(vec![start; CHUNK + 1]);
        let text =
            crate::coq::print_file(&cert_file(&start, &CertQuestion::Illegal, &dead, &[]).unwrap());
        assert!(text.contains("Definition D_1 : cert :="));
        assert!(!text.contains("D_2"));
        assert!(text.contains("D_0 ++ D_1."));
        assert!(text.contains("Lemma illegal_check : check_illegal_cert P D = true."));
        assert!(text.contains("exact (illegal_of RetroProof.Retro.check_illegal_cert_sound)."));
        let empty = crate::coq::print_file(
            &cert_file(&start, &CertQuestion::Illegal, &certificate(vec![]), &[]).unwrap(),
        );
        assert!(empty.contains("Definition D : cert") && !empty.contains("D_0"));
    }

    #[test]
    fn zone_cages_come_before_the_dead_set_and_change_the_checker() {
        let start = Position::start();
        let mut cert = certificate(vec![start]);
        let member = Board::from_board_fen("8/8/8/8/8/8/PPkPP3/KR1b4").unwrap();
        cert.cages.push(ZoneCage {
            zone: member.occupied(),
            members: vec![member; CHUNK + 1],
            drops: Vec::new(),
        });
        let text =
            crate::coq::print_file(&cert_file(&start, &CertQuestion::Illegal, &cert, &[]).unwrap());
        assert!(text.contains("Definition Zm_0_1 : list int :="));
        assert!(text.contains("Definition Z : list Zone.zcage :="));
        assert!(text.contains("Zone.ZCage (CPos "));
        assert!(text.contains("(Zm_0_0 ++ Zm_0_1) :: nil."));
        assert!(text.find("Definition Z ").unwrap() < text.find("Definition D ").unwrap());
        assert!(text.contains("Lemma illegal_check : Zone.check_illegal_zcert P Z D = true."));
        assert!(text.contains("exact (illegal_of RetroProof.Retro.check_illegal_zcert_sound)."));
    }
}
