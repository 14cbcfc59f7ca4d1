//! Deep retro search: answers with a [`Certificate`] that the native
//! checkers ([`crate::cert`]) and the Coq side can check.
//!
//! The search builds the retraction graph of a position lazily, merging
//! transpositions (positions are identified by board, side to move,
//! castling rights and en-passant square), and tries the static rules
//! ([`crate::rules`]) on every position before it is expanded: a refuted
//! position is a leaf.
//!
//! **Death.** In the explored graph, a position is *live* when it is the
//! initial position, is not expanded yet, or has a live retraction; every
//! other position is *dead*. The dead positions form a closed set (each is
//! refuted by a rule or has all its retractions dead; none is the initial
//! position), so none is reached by any game; cycles (men shuttling back
//! and forth) are handled without any depth. Expanding more of the graph
//! only turns live positions dead, never the reverse.
//!
//! **Which positions to expand**: iterative deepening. Round `d` walks
//! depth-first from the positions in question to depth `d`, expanding what
//! it meets and stopping at the first retraction that may be live; then the
//! dead set is recomputed over the whole graph. The next round goes one
//! ply deeper, or twice as deep when the graph hardly grew (the walk went
//! round positions it knew). Rounds go on until the
//! question is decided, the graph holds no open position the question
//! depends on, or the [`Budget`] runs out; any depth is allowed.
//!
//! **Last resort.** Zone cages are looked for with a small limit on the
//! positions met near the question ([`ZONE_DEPTH`], [`zone::LIMIT`]).
//! When the rounds reach [`LAST_RESORT_DEPTH`] and the question is still
//! open, the search looks once more, with larger limits
//! ([`zone::LAST_RESORT`]), around the positions still undecided,
//! exploring a bounded number of partial boards in all:
//! a large cage can close an alternative that men shuttling about keep
//! open at any depth.
//!
//! - [`Search::illegal`]: is the position dead?
//! - [`Search::last`]: the last `n` plies: going back from the position,
//!   every retraction but one is shown dead, `n` times.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::cert::Certificate;
use crate::hash::FastMap;
use crate::rules::zone::{self, Cages, ZoneCage};
use crate::rules::{Rule, RuleSet};
use crate::search::{game_of, is_initial, Key};
use crate::{Bitboard, Board, Move, Position, Square, Unmove};

/// How much the search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Positions the graph may hold (each costs about 200 bytes).
    pub nodes: u64,
    /// Wall-clock time (`None`: no limit).
    pub time: Option<Duration>,
    /// The deepest round of iterative deepening.
    pub max_depth: u32,
}

impl Budget {
    /// The budget behind `prove`, `export`, `solve` and
    /// [`Problem::solve`](crate::problem::Problem::solve): 1,000,000
    /// positions, 10 s, 400 rounds.
    pub const STANDARD: Budget = Budget {
        nodes: 1_000_000,
        time: Some(Duration::from_secs(10)),
        max_depth: 400,
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::STANDARD
    }
}

/// The answer of a deep search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No game reaches the position: the certificate's dead set holds it.
    Illegal(Certificate),
    /// Every game reaching the position ends with `plies` (oldest first):
    /// every other retraction on the way leads into the certificate's dead
    /// set.
    Last {
        plies: Vec<Unmove>,
        certificate: Certificate,
    },
    /// Every game reaching the position ends with one of `plies` (each a
    /// retraction of the position): every other retraction leads into the
    /// certificate's dead set ([`Search::last_among`]).
    LastAmong {
        plies: Vec<Unmove>,
        certificate: Certificate,
    },
    /// A game from the initial position reaches it (oldest move first).
    Legal(Vec<Move>),
    /// Not decided within the budget, or not decidable this way.
    Unknown(String),
}

impl Verdict {
    /// The certificate of an `Illegal` or `Last` verdict.
    pub fn certificate(&self) -> Option<&Certificate> {
        match self {
            Verdict::Illegal(certificate)
            | Verdict::Last { certificate, .. }
            | Verdict::LastAmong { certificate, .. } => Some(certificate),
            Verdict::Legal(_) | Verdict::Unknown(_) => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    Initial,
    Refuted(Rule),
    /// Refuted by the extra test of [`Search::with_extra`] (issue 57 hook).
    Extra,
    Expanded,
}

struct Node {
    pos: Position,
    state: State,
    /// Children: `edges[first .. first + len]`.
    first: u32,
    len: u32,
    /// Round stamp and result of the last probe (see [`Search::probe`]).
    stamp: u32,
    probed_depth: u32,
    probed_live: bool,
    on_path: bool,
}

/// A deep retro search over one retraction graph, reused across questions
/// (the time budget is per question, the node budget for the graph).
///
/// ```
/// use retroproof_core::deep::{Budget, Search, Verdict};
/// use retroproof_core::rules::RuleSet;
/// use retroproof_core::cert::check_last;
/// use retroproof_core::Position;
///
/// let pos = Position::from_fen("8/8/8/8/1k6/P7/1K6/8 b - -").unwrap();
/// let mut search = Search::new(RuleSet::ALL, Budget::default());
/// let Verdict::Last { plies, certificate } = search.last(&pos, 1) else { panic!() };
/// assert_eq!(plies[0].to_string(), "a2a3");
/// check_last(&pos, &plies, &certificate).unwrap();
/// ```
pub struct Search {
    rules: RuleSet,
    budget: Budget,
    started: Instant,
    nodes: Vec<Node>,
    index: FastMap<Key, u32>,
    edges: Vec<u32>,
    dead: Vec<bool>,
    round: u32,
    /// The current round stopped somewhere at its depth (or the budget):
    /// another round may decide more.
    truncated: bool,
    exhausted: bool,
    /// Calls of [`Search::over_budget`], to look at the clock now and then.
    ticks: u64,
    path: Vec<u32>,
    start_line: Option<Vec<u32>>,
    /// The zone cages found (with [`Rule::Zone`]), and the cage of each
    /// node they refute.
    cages: Cages,
    cage_of: FastMap<u32, usize>,
    /// HOOK (issue 57): an extra static test, see [`Search::with_extra`].
    extra: Option<Extra>,
}

/// An extra static test for [`Search::with_extra`]: given a position and
/// how many plies below the position in question the search met it,
/// whether no game reaches it.
pub type Extra = Box<dyn FnMut(&Position, usize) -> bool + Send>;

/// How far below the position whose retractions are being decided the
/// search looks for zone cages (the length of the probe's path when a
/// position is first met). A cage costs up to [`zone::LIMIT`] partial
/// boards to find or rule out, which made every node ~1 ms dearer: on a
/// legal position the search spent its whole budget (10 s) where it used to
/// stop at its depth limit in 0.4 s. Measured on the shared corpus
/// (`--seconds 3`): looking only at the positions met first (depth 0)
/// decides the same 134 + 63 records as looking everywhere; 8 keeps a
/// margin, and the legal position above takes 0.33 s again.
///
/// [`zone::LIMIT`]: crate::rules::zone::LIMIT
pub const ZONE_DEPTH: usize = 8;

/// The round of iterative deepening from which the search tries its last
/// resort, once per question (once per ply of a last-`n` question): larger
/// zone cages ([`zone::LAST_RESORT`]) around the retractions still
/// undecided (`Search::last_resort`). A question decided by then never
/// pays for it.
pub const LAST_RESORT_DEPTH: u32 = 32;

/// The cages with one zone made one (the union of closed sets on a zone is
/// closed), so that the certificate lists each zone once.
fn merge_by_zone<'a>(cages: impl Iterator<Item = &'a ZoneCage>) -> Vec<ZoneCage> {
    /// A zone's weakened members (with their drops) and other members.
    type Merged = (Bitboard, Vec<(Board, Square)>, Vec<Board>, HashSet<Board>);
    let mut merged: Vec<Merged> = Vec::new();
    for cage in cages {
        let i = match merged.iter().position(|m| m.0 == cage.zone) {
            Some(i) => i,
            None => {
                merged.push((cage.zone, Vec::new(), Vec::new(), HashSet::new()));
                merged.len() - 1
            }
        };
        let (_, weakened, retracted, seen) = &mut merged[i];
        for (a, &sq) in cage.members.iter().zip(&cage.drops) {
            if seen.insert(*a) {
                weakened.push((*a, sq));
            }
        }
        retracted.extend(cage.retracted().iter().filter(|b| seen.insert(**b)));
    }
    merged
        .into_iter()
        .map(|(zone, weakened, retracted, _)| ZoneCage {
            zone,
            drops: weakened.iter().map(|&(_, sq)| sq).collect(),
            members: weakened
                .into_iter()
                .map(|(a, _)| a)
                .chain(retracted)
                .collect(),
        })
        .collect()
}

impl Search {
    /// A search using `rules` within `budget`.
    pub fn new(rules: RuleSet, budget: Budget) -> Search {
        Search {
            rules,
            budget,
            started: Instant::now(),
            nodes: Vec::new(),
            index: FastMap::default(),
            edges: Vec::new(),
            dead: Vec::new(),
            round: 0,
            truncated: false,
            exhausted: false,
            ticks: 0,
            path: Vec::new(),
            start_line: None,
            cages: Cages::new(),
            cage_of: FastMap::default(),
            extra: None,
        }
    }

    /// HOOK (issue 57, `crate::history`): the search with an extra static
    /// test, tried on each new position after the rules. For measuring
    /// the abstract retro search only: a certificate does not say which
    /// positions the extra test refuted, so the checkers of
    /// [`crate::cert`] refuse an answer that relies on one.
    pub fn with_extra(mut self, extra: Extra) -> Search {
        self.extra = Some(extra);
        self
    }

    /// Positions in the graph so far.
    pub fn graph_size(&self) -> usize {
        self.nodes.len()
    }

    /// Is `pos` reached by no game?
    pub fn illegal(&mut self, pos: &Position) -> Verdict {
        self.begin();
        let root = self.node(pos);
        if let Some(verdict) = self.decide_root(root) {
            return verdict;
        }
        let mut depth = 1;
        let mut last_resort_tried = false;
        while depth <= self.budget.max_depth {
            let before = self.nodes.len();
            self.start_round();
            self.probe(root, depth);
            self.compute_dead();
            if !last_resort_tried && depth >= LAST_RESORT_DEPTH.min(self.budget.max_depth) {
                last_resort_tried = true;
                self.last_resort(&[root]);
            }
            if self.is_dead(root) {
                return Verdict::Illegal(self.certificate(&[root]));
            }
            if let Some(line) = self.start_line.take() {
                return Verdict::Legal(self.game(&line));
            }
            if self.exhausted {
                return Verdict::Unknown(self.exhausted_reason());
            }
            if !self.truncated {
                return Verdict::Unknown("the retraction graph is explored and not dead".into());
            }
            depth = self.next_depth(depth, before);
        }
        Verdict::Unknown(format!(
            "not decided within {} plies",
            self.budget.max_depth
        ))
    }

    /// The last `n` plies of every game reaching `pos` (if any does).
    pub fn last(&mut self, pos: &Position, n: u32) -> Verdict {
        self.begin();
        let root = self.node(pos);
        if let Some(verdict) = self.decide_root(root) {
            return verdict;
        }
        let mut plies = Vec::new();
        let mut alternatives = Vec::new();
        let mut current = root;
        for k in 0..n {
            let (children, undecided) =
                match self.decide_ply(current, k, n, |undecided| undecided.len() <= 1) {
                    Ok(found) => found,
                    Err(verdict) => return verdict,
                };
            match undecided.first() {
                None => return self.dead_root(root),
                Some(&(u, c)) => {
                    alternatives.extend(children.iter().filter(|&&(_, o)| o != c).map(|&(_, o)| o));
                    plies.push(u);
                    current = c;
                }
            }
        }
        plies.reverse();
        Verdict::Last {
            plies,
            certificate: self.certificate(&alternatives),
        }
    }

    /// The last ply of every game reaching `pos`, up to `class`: going back
    /// one ply, every retraction is shown dead except some that `class`
    /// does not tell apart (say, king moves to different squares, when the
    /// question is the *type* of the last move). Answers
    /// [`Verdict::LastAmong`] with those retractions (or [`Verdict::Last`]
    /// with one, or [`Verdict::Illegal`]).
    pub fn last_among<K: PartialEq>(
        &mut self,
        pos: &Position,
        class: impl Fn(&Position, &Unmove) -> K,
    ) -> Verdict {
        self.begin();
        let root = self.node(pos);
        if let Some(verdict) = self.decide_root(root) {
            return verdict;
        }
        let same_class = |undecided: &[(Unmove, u32)]| match undecided.split_first() {
            None => true,
            Some(((first, _), rest)) => {
                let k = class(pos, first);
                rest.iter().all(|(u, _)| class(pos, u) == k)
            }
        };
        let (children, undecided) = match self.decide_ply(root, 0, 1, same_class) {
            Ok(found) => found,
            Err(verdict) => return verdict,
        };
        if undecided.is_empty() {
            return self.dead_root(root);
        }
        let alternatives: Vec<u32> = children
            .iter()
            .filter(|(_, o)| !undecided.iter().any(|(_, c)| c == o))
            .map(|&(_, o)| o)
            .collect();
        let certificate = self.certificate(&alternatives);
        let plies: Vec<Unmove> = undecided.iter().map(|&(u, _)| u).collect();
        if plies.len() == 1 {
            Verdict::Last { plies, certificate }
        } else {
            Verdict::LastAmong { plies, certificate }
        }
    }

    /// The root is dead: every retraction died.
    fn dead_root(&mut self, root: u32) -> Verdict {
        self.compute_dead();
        debug_assert!(self.is_dead(root));
        if self.is_dead(root) {
            Verdict::Illegal(self.certificate(&[root]))
        } else {
            Verdict::Unknown("internal: a dead position with a live parent".into())
        }
    }

    /// Ply `k + 1` (of `n`) back from `current`: deepens until the
    /// retractions of `current` not shown dead satisfy `enough` (or are at
    /// most one); returns all the retractions with their nodes, and the
    /// undecided ones. `Err` with the verdict when the search stops first.
    #[allow(clippy::type_complexity)]
    fn decide_ply(
        &mut self,
        current: u32,
        k: u32,
        n: u32,
        enough: impl Fn(&[(Unmove, u32)]) -> bool,
    ) -> Result<(Vec<(Unmove, u32)>, Vec<(Unmove, u32)>), Verdict> {
        if self.nodes[current as usize].state == State::Initial {
            return Err(Verdict::Unknown(format!(
                "a game of {k} plies reaches the position: it has no {n} last plies"
            )));
        }
        if self.nodes[current as usize].state == State::Open {
            self.expand(current);
        }
        let pos = self.nodes[current as usize].pos;
        let children: Vec<(Unmove, u32)> = pos
            .unmoves()
            .into_iter()
            .map(|u| (u, self.node(&pos.unmake(&u))))
            .collect();
        self.compute_dead();
        let mut depth = 1;
        let mut last_resort_tried = false;
        loop {
            let undecided: Vec<(Unmove, u32)> = children
                .iter()
                .copied()
                .filter(|&(_, c)| !self.is_dead(c))
                .collect();
            if undecided.len() <= 1 || enough(&undecided) {
                return Ok((children, undecided));
            }
            if self.exhausted {
                let open: Vec<String> = undecided.iter().map(|(u, _)| u.to_string()).collect();
                return Err(Verdict::Unknown(format!(
                    "{}; ply {} undecided among {}",
                    self.exhausted_reason(),
                    k + 1,
                    open.join(" ")
                )));
            }
            if !last_resort_tried && depth >= LAST_RESORT_DEPTH.min(self.budget.max_depth) {
                last_resort_tried = true;
                let nodes: Vec<u32> = undecided.iter().map(|&(_, c)| c).collect();
                if self.last_resort(&nodes) {
                    continue;
                }
            }
            if depth > self.budget.max_depth {
                return Err(Verdict::Unknown(format!(
                    "ply {}: not decided within {} plies{}{}",
                    k + 1,
                    self.budget.max_depth,
                    self.open_lines(&undecided),
                    self.farthest_open(&undecided)
                )));
            }
            let before = self.nodes.len();
            self.start_round();
            for &(_, c) in &undecided {
                self.probe(c, depth);
            }
            self.compute_dead();
            if !self.truncated && !self.exhausted {
                let live: Vec<(Unmove, u32)> = undecided
                    .iter()
                    .copied()
                    .filter(|&(_, c)| !self.is_dead(c))
                    .collect();
                if live.len() > 1 && !enough(&live) {
                    let lines: Vec<String> = live.iter().map(|(u, _)| u.to_string()).collect();
                    return Err(Verdict::Unknown(format!(
                        "ply {}: several retractions stay possible: {}",
                        k + 1,
                        lines.join(" ")
                    )));
                }
            }
            depth = self.next_depth(depth, before);
        }
    }

    /// The last resort once the rounds have gone [`LAST_RESORT_DEPTH`]
    /// deep: looks for zone cages in the passes of [`zone::LAST_RESORT`],
    /// each within the time budget and its bound on partial boards. The
    /// first pass looks around `nodes` (the positions still undecided) and
    /// their retractions, later ones (none now), with larger cages, around
    /// those of `nodes` still undecided only. A position a cage holds is refuted
    /// (its own retractions no longer count), and the dead set is
    /// recomputed after each pass that found one. Whether a cage was
    /// found.
    fn last_resort(&mut self, nodes: &[u32]) -> bool {
        if !self.rules.contains(Rule::Zone) {
            return false;
        }
        let mut near = nodes.to_vec();
        for &i in nodes {
            if self.nodes[i as usize].state == State::Expanded {
                near.extend(self.children(i).map(|e| self.edges[e]));
            }
        }
        let mut found = false;
        for (k, pass) in zone::LAST_RESORT.into_iter().enumerate() {
            let roots = if k == 0 { &near[..] } else { nodes };
            let start = self.cages.explored();
            let mut found_now = false;
            for &i in roots {
                // Each search may take a while: the clock is read every time.
                if self.budget.time.is_some_and(|t| self.started.elapsed() > t)
                    || self.cages.explored() - start > pass.boards
                {
                    break;
                }
                let node = &self.nodes[i as usize];
                // The dead set is as the last pass left it.
                if matches!(
                    node.state,
                    State::Initial | State::Refuted(_) | State::Extra
                ) || self.is_dead(i)
                {
                    continue;
                }
                let pos = node.pos;
                if let Some(cage) = self.cages.cage_of(&pos, pass.limit) {
                    self.cage_of.insert(i, cage);
                    self.nodes[i as usize].state = State::Refuted(Rule::Zone);
                    found_now = true;
                }
            }
            if found_now {
                self.compute_dead();
                found = true;
            }
        }
        found
    }

    /// A new question: the clock restarts; the graph (and its size against
    /// the node budget) is kept.
    fn begin(&mut self) {
        self.started = Instant::now();
        self.exhausted = false;
        self.start_line = None;
    }

    /// The depth of the next round: one more, or twice as deep when the
    /// last round hardly grew the graph (it went round known positions:
    /// men walking in circles), so that a finite graph gets explored in
    /// few rounds.
    fn next_depth(&self, depth: u32, before: usize) -> u32 {
        let grown = self.nodes.len() - before;
        if grown * 8 < self.nodes.len() {
            depth.saturating_mul(2)
        } else {
            depth + 1
        }
    }

    /// The verdict when the root alone decides it.
    fn decide_root(&mut self, root: u32) -> Option<Verdict> {
        match self.nodes[root as usize].state {
            State::Refuted(_) | State::Extra => Some(Verdict::Illegal(self.certificate(&[root]))),
            _ => None,
        }
    }

    fn exhausted_reason(&self) -> String {
        format!(
            "budget exhausted ({} positions, {:.1} s)",
            self.nodes.len(),
            self.started.elapsed().as_secs_f64()
        )
    }

    /// The node of `pos`, created (and checked against the rules) if new.
    fn node(&mut self, pos: &Position) -> u32 {
        let key = Key::from(pos);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.nodes.len() as u32;
        let state = if is_initial(pos) {
            State::Initial
        } else if let Some(rule) = self.rules.without(Rule::Zone).refuting(pos) {
            State::Refuted(rule)
        } else if let Some(cage) = (self.rules.contains(Rule::Zone)
            && self.path.len() <= ZONE_DEPTH)
            .then(|| self.cages.cage_of(pos, zone::LIMIT))
            .flatten()
        {
            self.cage_of.insert(i, cage);
            State::Refuted(Rule::Zone)
        } else if let Some(extra) = self.extra.as_mut() {
            // HOOK (issue 57): the extra test, after the rules.
            if extra(pos, self.path.len()) {
                State::Extra
            } else {
                State::Open
            }
        } else {
            State::Open
        };
        self.nodes.push(Node {
            pos: *pos,
            state,
            first: 0,
            len: 0,
            stamp: 0,
            probed_depth: 0,
            probed_live: false,
            on_path: false,
        });
        self.dead.push(false);
        self.index.insert(key, i);
        i
    }

    fn over_budget(&mut self) -> bool {
        self.ticks += 1;
        if !self.exhausted {
            let out_of_time = self.ticks.is_multiple_of(16)
                && self.budget.time.is_some_and(|t| self.started.elapsed() > t);
            if self.nodes.len() as u64 >= self.budget.nodes || out_of_time {
                self.exhausted = true;
            }
        }
        self.exhausted
    }

    fn expand(&mut self, i: u32) {
        let pos = self.nodes[i as usize].pos;
        let children: Vec<u32> = pos
            .unmoves()
            .into_iter()
            .map(|u| self.node(&pos.unmake(&u)))
            .collect();
        let node = &mut self.nodes[i as usize];
        node.first = self.edges.len() as u32;
        node.len = children.len() as u32;
        node.state = State::Expanded;
        self.edges.extend(children);
    }

    fn children(&self, i: u32) -> std::ops::Range<usize> {
        let node = &self.nodes[i as usize];
        node.first as usize..(node.first + node.len) as usize
    }

    fn is_dead(&self, i: u32) -> bool {
        self.dead[i as usize]
    }

    fn start_round(&mut self) {
        self.round += 1;
        self.truncated = false;
    }

    /// Whether `i` may be live within `depth` plies, expanding what the
    /// walk meets. Only guides the expansion: death is decided by
    /// [`Search::compute_dead`] over the whole graph.
    fn probe(&mut self, i: u32, depth: u32) -> bool {
        let idx = i as usize;
        if self.dead[idx] {
            return false;
        }
        match self.nodes[idx].state {
            State::Refuted(_) | State::Extra => return false,
            State::Initial => {
                if self.start_line.is_none() {
                    let mut line = self.path.clone();
                    line.push(i);
                    self.start_line = Some(line);
                }
                return true;
            }
            State::Open | State::Expanded => {}
        }
        if depth == 0 {
            self.truncated = true;
            return true;
        }
        let node = &self.nodes[idx];
        if node.on_path {
            return false;
        }
        if node.stamp == self.round && (!node.probed_live || node.probed_depth >= depth) {
            return node.probed_live;
        }
        if self.over_budget() {
            self.truncated = true;
            return true;
        }
        if self.nodes[idx].state == State::Open {
            self.expand(i);
        }
        self.nodes[idx].on_path = true;
        self.path.push(i);
        let mut live = false;
        for e in self.children(i) {
            let c = self.edges[e];
            if self.probe(c, depth - 1) {
                live = true;
                break;
            }
        }
        self.path.pop();
        let node = &mut self.nodes[idx];
        node.on_path = false;
        node.stamp = self.round;
        node.probed_depth = depth;
        node.probed_live = live;
        live
    }

    /// Recomputes the dead set: live are the open and initial positions
    /// and every position with a live retraction.
    fn compute_dead(&mut self) {
        let n = self.nodes.len();
        // Parents of each node, as a compressed adjacency list.
        let mut start = vec![0u32; n + 1];
        for (i, node) in self.nodes.iter().enumerate() {
            if node.state == State::Expanded && !self.dead[i] {
                for e in self.children(i as u32) {
                    start[self.edges[e] as usize + 1] += 1;
                }
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut parents = vec![0u32; start[n] as usize];
        for (i, node) in self.nodes.iter().enumerate() {
            if node.state == State::Expanded && !self.dead[i] {
                for e in self.children(i as u32) {
                    let c = self.edges[e] as usize;
                    parents[fill[c] as usize] = i as u32;
                    fill[c] += 1;
                }
            }
        }
        let mut live = vec![false; n];
        let mut queue: Vec<u32> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if matches!(node.state, State::Open | State::Initial) {
                live[i] = true;
                queue.push(i as u32);
            }
        }
        while let Some(c) = queue.pop() {
            let c = c as usize;
            for &p in &parents[start[c] as usize..start[c + 1] as usize] {
                if !live[p as usize] {
                    live[p as usize] = true;
                    queue.push(p);
                }
            }
        }
        for (d, l) in self.dead.iter_mut().zip(live) {
            *d = !l;
        }
    }

    /// The dead positions reachable from `roots` (all dead). Only the
    /// expanded ones are listed: a refuted one is covered by its rule
    /// (and the zone cage it lies in is kept), so that Coq settles each
    /// listed member by its retractions without trying the rules on it
    /// first ([`crate::cert`]).
    fn certificate(&self, roots: &[u32]) -> Certificate {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = Vec::new();
        let mut dead = Vec::new();
        let mut cages: Vec<usize> = Vec::new();
        for &r in roots {
            if !seen[r as usize] {
                seen[r as usize] = true;
                stack.push(r);
            }
        }
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i as usize];
            if node.state == State::Expanded {
                dead.push(node.pos);
            }
            if let Some(&cage) = self.cage_of.get(&i) {
                if !cages.contains(&cage) {
                    cages.push(cage);
                }
            }
            if node.state == State::Expanded {
                for e in self.children(i) {
                    let c = self.edges[e];
                    if !seen[c as usize] {
                        seen[c as usize] = true;
                        stack.push(c);
                    }
                }
            }
        }
        Certificate {
            rules: self.rules,
            dead,
            cages: merge_by_zone(cages.into_iter().map(|c| &self.cages.found[c])),
        }
    }

    /// For an unknown verdict: each undecided retraction followed by the
    /// shortest line of retractions through positions not shown dead to one
    /// the search left open (most recent first), as ` (still open: a2b3xq
    /// g8b3xQ …; …)`; empty when there is none.
    fn open_lines(&self, undecided: &[(Unmove, u32)]) -> String {
        const SHOWN: usize = 12;
        let lines: Vec<String> = undecided
            .iter()
            .filter_map(|&(u, c)| {
                let mut line = vec![u];
                line.extend(self.open_line(c)?);
                let mut text: Vec<String> =
                    line.iter().take(SHOWN).map(Unmove::to_string).collect();
                if line.len() > SHOWN {
                    text.push(format!("… ({} plies)", line.len()));
                }
                Some(text.join(" "))
            })
            .collect();
        if lines.is_empty() {
            String::new()
        } else {
            format!(" (still open: {})", lines.join("; "))
        }
    }

    /// For an unknown verdict: the open position farthest back from the
    /// undecided retractions (the shortest line to it through positions
    /// not shown dead is longest), as `; the farthest open position,
    /// 639 plies back: FEN`. The shortest lines of [`Search::open_lines`]
    /// mostly end at positions the search never needed to expand; this
    /// one shows where the search kept going, which is what a rule that
    /// would decide the question has to refute. Empty when the open
    /// positions are all within a few plies.
    fn farthest_open(&self, undecided: &[(Unmove, u32)]) -> String {
        const WORTH_SHOWING: usize = 16;
        // 0: not met yet.
        let mut distance = vec![0usize; self.nodes.len()];
        let mut queue = std::collections::VecDeque::new();
        for &(_, c) in undecided {
            if !self.dead[c as usize] && distance[c as usize] == 0 {
                distance[c as usize] = 1;
                queue.push_back(c);
            }
        }
        let mut farthest: Option<(usize, u32)> = None;
        while let Some(i) = queue.pop_front() {
            let d = distance[i as usize];
            match self.nodes[i as usize].state {
                // Breadth first: each open position met is as far as any before.
                State::Open => farthest = Some((d, i)),
                State::Expanded => {
                    for e in self.children(i) {
                        let c = self.edges[e];
                        if !self.dead[c as usize] && distance[c as usize] == 0 {
                            distance[c as usize] = d + 1;
                            queue.push_back(c);
                        }
                    }
                }
                State::Initial | State::Refuted(_) | State::Extra => {}
            }
        }
        match farthest {
            Some((d, i)) if d >= WORTH_SHOWING => format!(
                "; the farthest open position, {d} plies back: {}",
                self.nodes[i as usize].pos.to_fen()
            ),
            _ => String::new(),
        }
    }

    /// The shortest line of retractions from `from` through positions not
    /// shown dead to an open (unexpanded) or initial position.
    fn open_line(&self, from: u32) -> Option<Vec<Unmove>> {
        let mut parent: HashMap<u32, u32> = HashMap::new();
        let mut queue = std::collections::VecDeque::from([from]);
        parent.insert(from, from);
        while let Some(i) = queue.pop_front() {
            let node = &self.nodes[i as usize];
            if matches!(node.state, State::Open | State::Initial) {
                let mut nodes = vec![i];
                let mut j = i;
                while j != from {
                    j = parent[&j];
                    nodes.push(j);
                }
                nodes.reverse();
                return Some(self.unmoves_along(&nodes));
            }
            if node.state != State::Expanded {
                continue;
            }
            for e in self.children(i) {
                let c = self.edges[e];
                if !self.dead[c as usize] && !parent.contains_key(&c) {
                    parent.insert(c, i);
                    queue.push_back(c);
                }
            }
        }
        None
    }

    /// The game (oldest move first) along a line of nodes from the root to
    /// the initial position.
    fn game(&self, line: &[u32]) -> Vec<Move> {
        game_of(&self.unmoves_along(line))
    }

    /// The retractions (most recent first) leading along a line of nodes,
    /// each node a retraction of the one before.
    fn unmoves_along(&self, line: &[u32]) -> Vec<Unmove> {
        let mut unmoves = Vec::new();
        for pair in line.windows(2) {
            let pos = self.nodes[pair[0] as usize].pos;
            let target = Key::from(&self.nodes[pair[1] as usize].pos);
            unmoves.extend(
                pos.unmoves()
                    .into_iter()
                    .find(|u| Key::from(&pos.unmake(u)) == target),
            );
        }
        unmoves
    }
}
