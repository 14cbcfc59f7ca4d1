//! The engine facade: one [`Question`] about one position in, an
//! [`Answer`] (the statement to prove, how it is proven, and a game that
//! reaches the position when one is known) out, or [`Undecided`]: a typed
//! reason why the engine has no answer to prove.
//!
//! `export`, `prove` and `solve` all ask here ([`find`]), so a question
//! is answered the same way by each; they differ only in what they do
//! with the answer (write the `.v` file, compile it, compare it with a
//! published one). Which engine answers is decided on the engines' typed
//! results, cheapest first:
//! - `last N`, `last 1 type`: the retraction-tree engine up to
//!   [`SHALLOW_LAST`] plies (its proofs need no certificate), illegality
//!   first (an answer about an illegal position would be vacuous, so the
//!   illegality is proven instead); when it cannot decide
//!   ([`NoStatement::is_refutation`] false), the deep search and its
//!   certificate; then a game reaching the position, which makes the
//!   theorem unconditional;
//! - `illegal`: the retraction tree, then the deep search's dead set;
//! - `legal`: the proof-game search ([`LEGAL_GAME_SECONDS`]); a position
//!   its static rules refute is proven illegal instead;
//! - `illegal?`: `illegal`, else `legal`;
//! - `legal-game`: the game given, checked to end in the position;
//! - `proof-game N`, `proof-game shortest`: the exact-length proof-game
//!   search ([`retroproof_core::spg`], two games at most: enough to tell
//!   unique from cooked), within [`LEGAL_GAME_SECONDS`] unless
//!   `--game-time` says otherwise; an incomplete search without two games
//!   answers nothing.
//!
//! The classic questions (answered case by case, [`crate::classic`]) and
//! `last 1 type both-sides` (two positions) are not answered here.
//!
//! What the caller makes of an [`Undecided`] is its [`Kind`]: the engine
//! could not decide within its limits, the position rules the asked
//! answer out, or the question was asked wrongly (the command line turns
//! these into exit codes 3, 1 and 2).

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use retroproof_core::pgn::parse_game;
use retroproof_core::proofgame::{self, ProofGameError, Reading};
use retroproof_core::question::{GameSource, Question};
use retroproof_core::retro::PlyType;
use retroproof_core::spg::{self, Diagram};
use retroproof_core::{Move, Position};

use crate::emit::problem::{in_chess_terms_with_game, Export, Proof, Statement};
use crate::emit::proof_game::{ProofGame, ProofGames};
use crate::prove::{self as engine, LastAnswer, NoStatement};

/// The longest game `proof-game shortest` looks for, in plies.
pub const MAX_SHORTEST_PLIES: u32 = 60;

/// The most plies `last N` asks for (the deep search goes back any
/// number of plies within its budget).
pub const MAX_LAST: u32 = 64;

/// Up to this many plies the retraction-tree engine (whose proofs need no
/// certificate) is tried before the deep search.
pub const SHALLOW_LAST: u32 = 12;

/// The proof-game search's default time, in seconds, per case of the
/// classic questions that try many cases (`which`, `where X`: up to 32),
/// where a game only adds to the answer.
pub const PROOF_GAME_SECONDS: u64 = 10;

/// The proof-game search's default time, in seconds, for a `last N`
/// answer, where a game makes the theorem unconditional but is not the
/// answer: on the shared last-move corpus 3 s proves the same answers as
/// 10 s, a few of them conditional instead, in much less time per
/// problem. `--game-time` gives more.
pub const LAST_GAME_SECONDS: u64 = 3;

/// The proof-game search's default time for `legal`, in seconds: there
/// the game *is* the answer, so it gets a minute (on
/// `examples/corpus/legality.tsv`, most positions still unknown after
/// 10 s are proven legal within 60 s).
pub const LEGAL_GAME_SECONDS: u64 = 60;

/// `--game-time` when given, else the default for a question whose answer
/// is the game ([`LEGAL_GAME_SECONDS`]: `legal`, and the classic questions
/// of at most four cases, [`crate::classic::Classic::few_cases`]) or for
/// any other ([`PROOF_GAME_SECONDS`]).
pub fn game_seconds(given: Option<u64>, answer_is_game: bool) -> u64 {
    given.unwrap_or(if answer_is_game {
        LEGAL_GAME_SECONDS
    } else {
        PROOF_GAME_SECONDS
    })
}

/// `--game-time` when given, else [`LAST_GAME_SECONDS`]: the game search
/// behind a `last N` answer.
pub fn last_game_seconds(given: Option<u64>) -> u64 {
    given.unwrap_or(LAST_GAME_SECONDS)
}

/// How a question is answered, besides the question and the position.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// A game known to reach the position (moves from the initial
    /// position): a last-N theorem then also states `reachable P`.
    pub reached_by: Option<&'a [Move]>,
    /// The proof-game search's time in seconds (`None`: the question's
    /// default, [`game_seconds`], [`last_game_seconds`]; 0: no search).
    pub game_time: Option<u64>,
    /// Prove with an Ltac script from the native search tree instead of a
    /// checker call ([`Proof::Script`]).
    pub ltac: bool,
    /// How a game must end in the position (`--exact-rights`: in the
    /// position itself, its castling rights and en-passant square as the
    /// FEN states them, `-` meaning none).
    pub reading: Reading,
    /// `proof-game`: stop after this many games (`None`: 2, enough to
    /// tell unique from cooked). `solve` asks one more than a record
    /// publishes, so that "exactly these games" can be proven.
    pub max_games: Option<usize>,
}

/// An answer the engine can prove.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The question answered.
    pub question: Question,
    /// The position, the statement and its proof (the caller adds the
    /// notes of the file's header).
    pub export: Export,
    /// For a last-plies answer: a game (UCI, from the initial position)
    /// that reaches the position, making the theorem unconditional.
    pub game: Option<Vec<String>>,
    /// How long the proof-game search ran for this answer (whether or not
    /// it found a game); `None` when none ran (a game given or found by
    /// the retraction search, an illegality, a certificate).
    pub game_search: Option<Duration>,
}

impl Answer {
    /// Whether the answer proves the position illegal although the
    /// question asked something else (the last plies of an illegal
    /// position, a game for it): its answer would be vacuous, or none.
    pub fn is_illegal_instead(&self) -> bool {
        self.export.statement.is_illegal()
            && !matches!(self.question, Question::Illegal | Question::IllegalOrLegal)
    }

    /// The game the proof replays, if any (UCI, from the initial
    /// position): a legal game's, or the one that makes a last-plies
    /// answer unconditional.
    pub fn game(&self) -> Option<&[String]> {
        match &self.export.statement {
            Statement::LegalGame { moves } => Some(moves),
            _ => self.game.as_deref(),
        }
    }

    /// Whether the theorem holds only if the position is legal.
    pub fn is_conditional(&self) -> bool {
        self.export.statement.is_conditional(self.game.as_deref())
    }

    /// What the theorem says, in chess terms, exactly as strong as it.
    pub fn claim(&self) -> String {
        in_chess_terms_with_game(
            &self.export.statement,
            &self.export.position,
            self.game.as_deref(),
            self.export.reading,
        )
    }

    /// The answer to the question asked, in the words a published answer
    /// is written in: for `last 1 type`, the type of the last ply (`K-`,
    /// `PxR=N`); else [`statement_words`].
    pub fn words(&self) -> String {
        match self.question {
            Question::LastType if self.export.statement.is_last() => {
                ply_type(&self.export.position, &self.export.statement)
            }
            _ => statement_words(&self.export.statement),
        }
    }
}

/// A statement in words (`c2c4 b4c3ep b3c3xp`, oldest first; `a or b` for
/// a last ply among several; `illegal`, `legal`): what an EPD `sol` is
/// compared with.
pub fn statement_words(statement: &Statement) -> String {
    match statement {
        Statement::LastPlies { answer, .. } => answer
            .iter()
            .rev()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" "),
        Statement::LastPlyAmong { plies, .. } => plies.join(" or "),
        Statement::Illegal { .. } | Statement::IllegalCert { .. } => "illegal".to_string(),
        Statement::LegalGame { .. } => "legal".to_string(),
        Statement::ProofGames(games) => games.words(),
    }
}

/// The type of the last ply a last-ply statement proves
/// ([`retroproof_core::retro::PlyType`], the corpus's notation: `K-`,
/// `PxR=N`, `ep`, …); `?` for a ply that is not a retraction of `pos`
/// (never, for a proven statement).
pub fn ply_type(pos: &Position, statement: &Statement) -> String {
    match statement {
        Statement::LastPlyAmong { kind, .. } => kind.clone(),
        Statement::LastPlies { answer, .. } => answer
            .first()
            .and_then(|ply| pos.unmoves().into_iter().find(|u| u.to_string() == *ply))
            .map_or_else(|| "?".to_string(), |u| PlyType::of(u.forward()).to_string()),
        _ => "?".to_string(),
    }
}

/// What an [`Undecided`] means for the one who asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The position rules the asked answer out (a game reaches it, no
    /// history is that long, the game given ends elsewhere).
    Refuted,
    /// The engines could not decide within their limits.
    Unknown,
    /// The question, an option or a game given is not one the engine
    /// answers (bad input).
    Misasked,
}

/// Why the engine has no answer to prove.
#[derive(Debug, Clone)]
pub enum Undecided {
    /// The retraction-tree engine's reason, when no other engine was
    /// tried after it (a refutation, or `legal` proven illegal by the
    /// static rules but not in the retraction tree's terms).
    Engine(NoStatement),
    /// Neither the retraction-tree engine (its reason, `shallow`) nor the
    /// deep search (`deep`) decided.
    Deep { shallow: String, deep: String },
    /// `legal`: the proof-game search found no game.
    NoGame(ProofGameError),
    /// `legal-game`: the game ends in this position (a FEN), not in the
    /// one asked about.
    GameEndsElsewhere { fen: String },
    /// `proof-game N`: the search stopped (why) before it found two
    /// games or accounted for every game of `plies` plies.
    ProofGamesUnknown { plies: u32, why: String },
    /// `proof-game shortest`: no game found up to this many plies (every
    /// length below `none_below` has none).
    NoShortest { max: u32, none_below: u32 },
    /// `illegal?`: neither proven illegal nor legal.
    Neither {
        illegal: Box<Undecided>,
        legal: Box<Undecided>,
    },
    /// Asked wrongly.
    Misasked(Misasked),
}

/// How a question was asked wrongly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misasked {
    /// `last N` beyond [`MAX_LAST`].
    TooManyPlies { n: u32 },
    /// A question answered case by case ([`crate::classic`]).
    CaseByCase(Question),
    /// `last 1 type both-sides`: two positions, answered by `solve`.
    BothSides,
    /// An Ltac script for a game (a game is proven by replaying it).
    LtacForGame,
    /// An Ltac script for an answer that needs the deep search's
    /// certificate (of this many positions).
    LtacForCertificate { dead: usize },
    /// A game reaching the position, for an answer that is not about the
    /// last plies.
    ReachedByNotLast,
    /// A game that cannot be read: why.
    BadGame(String),
}

impl Undecided {
    /// What it means for the one who asked.
    pub fn kind(&self) -> Kind {
        match self {
            Undecided::Engine(e) if e.is_refutation() => Kind::Refuted,
            Undecided::GameEndsElsewhere { .. } => Kind::Refuted,
            Undecided::Engine(_)
            | Undecided::Deep { .. }
            | Undecided::NoGame(_)
            | Undecided::ProofGamesUnknown { .. }
            | Undecided::NoShortest { .. }
            | Undecided::Neither { .. } => Kind::Unknown,
            Undecided::Misasked(_) => Kind::Misasked,
        }
    }
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::Engine(e) => e.fmt(f),
            Undecided::Deep { shallow, deep } => write!(f, "{shallow}; {deep}"),
            Undecided::NoGame(e) => write!(f, "legality unknown: {e} (the proof-game search)"),
            Undecided::GameEndsElsewhere { fen } => {
                write!(f, "the game ends in {fen}, not in the position asked about")
            }
            Undecided::ProofGamesUnknown { plies, why } => write!(
                f,
                "proof games of {plies} plies unknown: the search stopped ({why}) before it found two games or accounted for every game"
            ),
            Undecided::NoShortest { max, none_below } => write!(
                f,
                "shortest proof game unknown: no game found up to {max} plies (none shorter than {none_below} plies)"
            ),
            Undecided::Neither { illegal, legal } => write!(f, "{illegal}; {legal}"),
            Undecided::Misasked(m) => m.fmt(f),
        }
    }
}

impl fmt::Display for Misasked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misasked::TooManyPlies { n } => write!(
                f,
                "bad question: last {:?} (N from 1 to {MAX_LAST})",
                n.to_string()
            ),
            Misasked::CaseByCase(question) => write!(
                f,
                "the classic question {:?} is answered by `retroproof prove` (one proof per case, compiled together), not by export",
                question.to_string()
            ),
            Misasked::BothSides => f.write_str(
                "the question \"last 1 type both-sides\" asks about two positions: it is answered by `retroproof solve` (a corpus TSV row)",
            ),
            Misasked::LtacForGame => f.write_str(
                "--ltac is for last N and illegal questions; a legal game is proven by replaying it",
            ),
            Misasked::LtacForCertificate { dead } => write!(
                f,
                "--ltac: this answer needs the deep search's certificate ({dead} positions), which has no readable Ltac script; without --ltac it is proven by the certificate checker"
            ),
            Misasked::ReachedByNotLast => f.write_str(
                "--reached-by is for last N questions (it makes their theorem unconditional)",
            ),
            Misasked::BadGame(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for Undecided {}

impl From<Misasked> for Undecided {
    fn from(m: Misasked) -> Undecided {
        Undecided::Misasked(m)
    }
}

/// A game from a PGN file or UCI moves: its moves and final position.
pub fn read_game(source: &GameSource) -> Result<(Vec<Move>, Position), Misasked> {
    match source {
        GameSource::Pgn(file) => {
            let text = std::fs::read_to_string(Path::new(file))
                .map_err(|e| Misasked::BadGame(format!("cannot read {file}: {e}")))?;
            let game = parse_game(&text).map_err(|e| Misasked::BadGame(format!("{file}: {e}")))?;
            Ok((game.moves, game.end))
        }
        GameSource::Uci(ucis) => {
            let mut pos = Position::start();
            let mut out = Vec::new();
            for (i, uci) in ucis.iter().enumerate() {
                let bad =
                    |e: &dyn fmt::Display| Misasked::BadGame(format!("ply {} ({uci}): {e}", i + 1));
                let m = pos.parse_uci(uci).map_err(|e| bad(&e))?;
                pos = pos.play(&m).map_err(|e| bad(&e))?;
                out.push(m);
            }
            Ok((out, pos))
        }
    }
}

/// The answer to `question` about `position` the engine can prove, or why
/// there is none (see the module documentation for which engine answers
/// which question).
pub fn find(
    position: &Position,
    question: &Question,
    options: &Options,
) -> Result<Answer, Undecided> {
    if options.ltac
        && matches!(
            question,
            Question::LegalGame(_) | Question::ProofGame(_) | Question::ProofGameShortest
        )
    {
        return Err(Misasked::LtacForGame.into());
    }
    let mut found = statement(position, question, options)?;
    if options.reached_by.is_some() && !found.statement.is_last() {
        return Err(Misasked::ReachedByNotLast.into());
    }
    // The games behind a last-plies answer are looked for under the
    // retro reading; read exactly, a game must end in the position itself
    // (one that does not leaves the answer conditional).
    if options.reading == Reading::Exact && found.statement.is_last() {
        found.game = found.game.filter(|game| reaches_exactly(position, game));
    }
    let proof = match found.certificate {
        Some(certificate) if options.ltac => {
            return Err(Misasked::LtacForCertificate {
                dead: certificate.len(),
            }
            .into())
        }
        Some(certificate) => Proof::Certificate(certificate),
        None if options.ltac => match engine::script(position, &found.statement) {
            Some(step) => Proof::Script(step),
            None => return Err(Misasked::LtacForGame.into()),
        },
        None => Proof::Reflective,
    };
    Ok(Answer {
        question: question.clone(),
        export: Export {
            position: *position,
            statement: found.statement,
            proof,
            notes: Vec::new(),
            reading: options.reading,
        },
        game: found.game,
        game_search: found.game_search,
    })
}

/// Whether a game (UCI, from the initial position) ends in `position`
/// itself ([`Reading::Exact`]).
fn reaches_exactly(position: &Position, game: &[String]) -> bool {
    let mut pos = Position::start();
    for uci in game {
        let Some(next) = pos.parse_uci(uci).ok().and_then(|m| pos.play(&m).ok()) else {
            return false;
        };
        pos = next;
    }
    proofgame::realizes_as(&pos, position, Reading::Exact)
}

/// A statement found, with the deep search's certificate when it needs
/// one and a game reaching the position when one is known.
struct Found {
    statement: Statement,
    certificate: Option<retroproof_core::cert::Certificate>,
    game: Option<Vec<String>>,
    /// How long the proof-game search ran, if it did.
    game_search: Option<Duration>,
}

impl Found {
    fn of(statement: Statement) -> Found {
        Found {
            statement,
            certificate: None,
            game: None,
            game_search: None,
        }
    }
}

fn statement(
    position: &Position,
    question: &Question,
    options: &Options,
) -> Result<Found, Undecided> {
    match question {
        Question::LastMoves(n) if (1..=MAX_LAST).contains(n) => last(position, *n, false, options),
        Question::LastMoves(n) => Err(Misasked::TooManyPlies { n: *n }.into()),
        Question::LastType => last(position, 1, true, options),
        Question::Illegal => illegal(position),
        Question::Legal => legal(
            position,
            options.reading,
            game_seconds(options.game_time, true),
        ),
        Question::LegalGame(source) => {
            let (moves, end) = read_game(source)?;
            if !proofgame::realizes_as(&end, position, options.reading) {
                return Err(Undecided::GameEndsElsewhere { fen: end.to_fen() });
            }
            Ok(Found::of(Statement::LegalGame {
                moves: moves.iter().map(Move::to_uci).collect(),
            }))
        }
        Question::IllegalOrLegal => match illegal(position) {
            Err(illegal) if illegal.kind() != Kind::Misasked => legal(
                position,
                options.reading,
                game_seconds(options.game_time, true),
            )
            .map_err(|legal| Undecided::Neither {
                illegal: Box::new(illegal),
                legal: Box::new(legal),
            }),
            other => other,
        },
        Question::ProofGame(n) => proof_games(position, *n, options).map(Found::of),
        Question::ProofGameShortest => shortest(position, options).map(Found::of),
        Question::LastTypeBothSides => Err(Misasked::BothSides.into()),
        Question::Castling
        | Question::EnPassant
        | Question::Which
        | Question::Where(_)
        | Question::Orientation => Err(Misasked::CaseByCase(question.clone()).into()),
    }
}

/// The last `n` plies (`typed`: the type of the last ply, `n` = 1, which
/// the deep search may answer with several plies of one type).
fn last(position: &Position, n: u32, typed: bool, options: &Options) -> Result<Found, Undecided> {
    let given = options.reached_by;
    let seconds = last_game_seconds(options.game_time);
    let game_time = (seconds > 0).then(|| Duration::from_secs(seconds));
    // The retraction-tree engine first (its proofs need no certificate),
    // up to SHALLOW_LAST plies; then the deep search.
    let shallow = if n <= SHALLOW_LAST {
        match engine::last_plies_searching(position, n, given, game_time) {
            Ok(LastAnswer::Illegal(statement)) => return Ok(Found::of(statement)),
            Ok(LastAnswer::Plies {
                statement,
                game,
                game_search,
            }) => {
                return Ok(Found {
                    statement,
                    certificate: None,
                    game,
                    game_search,
                })
            }
            Err(e) if e.is_refutation() => return Err(Undecided::Engine(e)),
            Err(e) => e.to_string(),
        }
    } else {
        if let Some(moves) = given {
            engine::check_game_reaches(position, moves).map_err(Undecided::Engine)?;
        }
        format!("the retraction-tree engine answers at most {SHALLOW_LAST} plies")
    };
    let answer = if typed {
        engine::deep_last_type(position)
    } else {
        engine::deep_last(position, n)
    }
    .map_err(|deep| Undecided::Deep {
        shallow: shallow.clone(),
        deep,
    })?;
    let mut game_search = None;
    let game = if answer.statement.is_illegal() {
        None
    } else {
        match given {
            Some(moves) => Some(moves.iter().map(Move::to_uci).collect()),
            None => game_time.and_then(|t| {
                let started = Instant::now();
                let game = engine::game_before(position, &answer.statement, t);
                game_search = Some(started.elapsed());
                game.map(|moves| moves.iter().map(Move::to_uci).collect())
            }),
        }
    };
    Ok(Found {
        statement: answer.statement,
        certificate: Some(answer.certificate),
        game,
        game_search,
    })
}

/// No game reaches the position: the retraction tree's refutation, else
/// the deep search's dead set.
fn illegal(position: &Position) -> Result<Found, Undecided> {
    match engine::illegal_statement(position) {
        Ok(statement) => Ok(Found::of(statement)),
        Err(e) if e.is_refutation() => Err(Undecided::Engine(e)),
        Err(e) => {
            let answer = engine::deep_illegal(position).map_err(|deep| Undecided::Deep {
                shallow: e.to_string(),
                deep,
            })?;
            Ok(Found {
                statement: answer.statement,
                certificate: Some(answer.certificate),
                game: None,
                game_search: None,
            })
        }
    }
}

/// `legal`: a game found by the proof-game search
/// ([`retroproof_core::proofgame`]) within `seconds`, replayed by Coq. The
/// search checks that its game reaches the position, and so does Coq's
/// `check_uci_game_sound`. A position the search's static rules refute is
/// proven illegal instead, by the retraction tree.
fn legal(position: &Position, reading: Reading, seconds: u64) -> Result<Found, Undecided> {
    let budget = proofgame::Budget::with_time(Duration::from_secs(seconds));
    let started = Instant::now();
    match proofgame::find_proof_game_as(position, reading, budget) {
        Ok(moves) => Ok(Found {
            game_search: Some(started.elapsed()),
            ..Found::of(Statement::LegalGame {
                moves: moves.iter().map(Move::to_uci).collect(),
            })
        }),
        Err(ProofGameError::Illegal(_)) => engine::illegal_statement(position)
            .map(Found::of)
            .map_err(Undecided::Engine),
        Err(e) => Err(Undecided::NoGame(e)),
    }
}

/// The limits of a proof-game search: two games (enough to tell unique
/// from cooked) unless [`Options::max_games`] says more, `--game-time`
/// or [`LEGAL_GAME_SECONDS`] (the games are the answer).
fn spg_limits(options: &Options) -> spg::Limits {
    let seconds = game_seconds(options.game_time, true);
    spg::Limits {
        max_solutions: Some(options.max_games.unwrap_or(2).max(1)),
        time: (seconds > 0).then(|| Duration::from_secs(seconds)),
        nodes: None,
    }
}

/// The games of a native report, replayed from the initial position to
/// name their plies as Coq does.
fn replayed(solutions: &[Vec<Move>]) -> Result<Vec<ProofGame>, Undecided> {
    solutions
        .iter()
        .map(|moves| {
            ProofGame::of_moves(moves).map_err(|e| Undecided::ProofGamesUnknown {
                plies: moves.len() as u32,
                why: format!("a game found does not replay: {e}"),
            })
        })
        .collect()
}

/// `proof-game N`: every game of `n` plies to the diagram of `position`
/// (its board and side to move), or at least two.
fn proof_games(position: &Position, n: u32, options: &Options) -> Result<Statement, Undecided> {
    let report = spg::proof_games(&Diagram::of(position), n, &spg_limits(options));
    let games = ProofGames {
        plies: n,
        games: replayed(&report.solutions)?,
        complete: report.complete,
        shortest: false,
    };
    if games.verdict().is_none() {
        return Err(Undecided::ProofGamesUnknown {
            plies: n,
            why: match report.stopped {
                Some(spg::Stop::Time) => "time limit",
                Some(spg::Stop::Nodes) => "node limit",
                Some(spg::Stop::Solutions) | None => "incomplete",
            }
            .to_string(),
        });
    }
    Ok(Statement::ProofGames(games))
}

/// `proof-game shortest`: the least number of plies of a game to the
/// diagram of `position`, no shorter game, and its games of that length.
fn shortest(position: &Position, options: &Options) -> Result<Statement, Undecided> {
    let report = spg::shortest_proof_games(
        &Diagram::of(position),
        MAX_SHORTEST_PLIES,
        &spg_limits(options),
    );
    let unknown = Undecided::NoShortest {
        max: MAX_SHORTEST_PLIES,
        none_below: report.none_below,
    };
    let Some(found) = report.found else {
        return Err(unknown);
    };
    if report.none_below < found.plies {
        return Err(unknown);
    }
    let games = ProofGames {
        plies: found.plies,
        games: replayed(&found.solutions)?,
        complete: found.complete,
        shortest: true,
    };
    if games.verdict().is_none() {
        return Err(Undecided::ProofGamesUnknown {
            plies: found.plies,
            why: "incomplete".to_string(),
        });
    }
    Ok(Statement::ProofGames(games))
}
