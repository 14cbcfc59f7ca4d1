//! Seeded random play: positions reached by playing random legal moves.
//!
//! This exists for reproducible inputs: the differential and round-trip
//! test corpora, the benchmark corpora and `retroproof diff`'s random
//! positions. Every run with the same seed sees the same positions, so a
//! failure found once is found again, and a benchmark measures the same
//! work from run to run. The generator is a few lines of xorshift64*
//! ([`Rng`]) rather than the `rand` crate: nothing here needs statistical
//! quality beyond picking moves, and the core keeps no dependency for it.
//!
//! Two shapes of corpus:
//! - [`random_games`]: *every* position along random games from given
//!   starts (the tests and benchmarks, which want the rare rules their
//!   starts are rich in);
//! - [`random_positions`]: one position per game from the initial
//!   position, each game of a random length.

use crate::Position;

/// A tiny deterministic pseudo-random generator: xorshift64* (Marsaglia's
/// xorshift with a multiplicative output step, after Vigna).
///
/// Seedable and reproducible across platforms; not for anything that
/// needs unpredictability.
///
/// ```
/// use retroproof_core::random::Rng;
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The state used for seed 0, which xorshift cannot leave.
    const ZERO_SEED_STATE: u64 = 0x9e37_79b9_7f4a_7c15;

    /// A generator whose state is `seed` (any seed but 0 is used as is; 0,
    /// a fixed point of xorshift, is replaced by a fixed non-zero state).
    pub const fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            Rng::ZERO_SEED_STATE
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (by remainder: slightly biased, which is fine
    /// for picking among a few dozen moves).
    ///
    /// # Panics
    ///
    /// If `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Plays a random legal move in `pos`; `false` (and `pos` unchanged)
    /// if there is none.
    pub fn play_random_move(&mut self, pos: &mut Position) -> bool {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return false;
        }
        pos.play_unchecked(&moves[self.below(moves.len())]);
        true
    }
}

/// Every position along random games, endlessly: see [`random_games`].
#[derive(Clone, Debug)]
pub struct RandomGames {
    rng: Rng,
    starts: Vec<Position>,
    positions_per_game: u32,
    /// The position last yielded and its ply, `None` before the first.
    current: Option<(u32, Position)>,
}

/// Every position along random games, endlessly, with its ply in the game
/// (0 for the start): each game starts from a start picked at random from
/// `starts` and plays random legal moves, yielding the start and each
/// position reached, until mate, stalemate or `positions_per_game` positions;
/// then the next game begins. Deterministic in `starts`, `seed` and
/// `positions_per_game`.
///
/// Take what is needed with [`Iterator::take`]; filter by ply or position
/// to thin the corpus.
///
/// ```
/// use retroproof_core::random::random_games;
/// use retroproof_core::Position;
/// let corpus: Vec<Position> = random_games(&[Position::start()], 1, 40)
///     .map(|(_, pos)| pos)
///     .take(100)
///     .collect();
/// assert_eq!(corpus.len(), 100);
/// assert_eq!(corpus[0], Position::start());
/// ```
///
/// # Panics
///
/// If `starts` is empty or `positions_per_game` is 0.
pub fn random_games(starts: &[Position], seed: u64, positions_per_game: u32) -> RandomGames {
    assert!(!starts.is_empty(), "random_games needs a start position");
    assert!(
        positions_per_game > 0,
        "random_games needs games of a position or more"
    );
    RandomGames {
        rng: Rng::new(seed),
        starts: starts.to_vec(),
        positions_per_game,
        current: None,
    }
}

impl Iterator for RandomGames {
    type Item = (u32, Position);

    fn next(&mut self) -> Option<(u32, Position)> {
        // Go on with the current game. A move is drawn even when the game
        // then has its full length and is dropped: that is how the test
        // corpora were first generated, and keeps them as they were.
        let go_on = self.current.and_then(|(ply, mut pos)| {
            let played = self.rng.play_random_move(&mut pos);
            (played && ply + 1 < self.positions_per_game).then_some((ply + 1, pos))
        });
        let next = match go_on {
            Some(next) => next,
            None => (0, self.starts[self.rng.below(self.starts.len())]),
        };
        self.current = Some(next);
        self.current
    }
}

/// `count` positions reached by random legal play from the initial
/// position, one per game, each game `1..=max_plies` plies long (chosen at
/// random; shorter if it ends in mate or stalemate). Deterministic in
/// `seed`.
///
/// ```
/// use retroproof_core::random::random_positions;
/// let corpus = random_positions(10, 7, 80);
/// assert_eq!(corpus.len(), 10);
/// assert_eq!(corpus, random_positions(10, 7, 80));
/// ```
pub fn random_positions(count: usize, seed: u64, max_plies: u32) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut pos = Position::start();
            let plies = rng.below(max_plies.max(1) as usize) + 1;
            for _ in 0..plies {
                if !rng.play_random_move(&mut pos) {
                    break;
                }
            }
            pos
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_seed_is_not_stuck() {
        let mut rng = Rng::new(0);
        assert_ne!(rng.next_u64(), rng.next_u64());
    }

    #[test]
    fn games_restart_after_their_plies() {
        let plies: Vec<u32> = random_games(&[Position::start()], 3, 5)
            .map(|(ply, _)| ply)
            .take(12)
            .collect();
        assert_eq!(plies, [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
    }

    #[test]
    fn games_restart_after_mate() {
        // Black is mated: the game is the start alone.
        let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(mated.legal_moves().is_empty());
        let games: Vec<(u32, Position)> = random_games(&[mated], 1, 10).take(3).collect();
        assert_eq!(games, [(0, mated), (0, mated), (0, mated)]);
    }

    #[test]
    fn random_positions_are_reproducible() {
        let a = random_positions(50, 7, 80);
        assert_eq!(a.len(), 50);
        assert_eq!(a, random_positions(50, 7, 80));
        assert_ne!(a, random_positions(50, 8, 80));
        assert_eq!(random_positions(3, 0, 0).len(), 3);
    }
}
