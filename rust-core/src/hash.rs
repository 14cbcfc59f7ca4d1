//! A fast hasher for the searches' own tables.
//!
//! The keys (boards, bitboards, search positions) come from the engine,
//! not from an adversary, so a multiply-rotate mix per word is enough; the
//! standard library's SipHash took over half of the zone-cage search's time
//! (`perf`, on a legal position where every node asks for a cage).
//!
//! ```
//! use retroproof_core::hash::FastSet;
//! use retroproof_core::Board;
//!
//! let mut seen: FastSet<Board> = FastSet::default();
//! assert!(seen.insert(Board::start()));
//! assert!(!seen.insert(Board::start()));
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher, one step per 64-bit word.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A hash map with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A hash set with [`FastHasher`].
pub type FastSet<T> = HashSet<T, BuildHasherDefault<FastHasher>>;
