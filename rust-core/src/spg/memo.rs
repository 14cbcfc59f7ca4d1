//! A small memo of recent results, direct-mapped.
//!
//! The search asks for the same side bounds again and again in nearby
//! positions; a table of a fixed number of slots (each key to one slot by
//! its hash, the newer result replacing the older) keeps the recent ones
//! in the processor's caches, which a growing hash map of millions of
//! entries does not. A miss only costs recomputing the result; keys are
//! compared whole, so a hit is always the key's own result.

use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use crate::hash::FastHasher;

pub struct Memo<K, V> {
    slots: Vec<Option<(K, V)>>,
    mask: usize,
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// A memo of `2^bits` slots.
    pub fn new(bits: u32) -> Memo<K, V> {
        let size = 1usize << bits;
        Memo {
            slots: (0..size).map(|_| None).collect(),
            mask: size - 1,
        }
    }

    #[inline]
    fn slot(&self, key: &K) -> usize {
        let h = BuildHasherDefault::<FastHasher>::default().hash_one(key);
        // The multiply-rotate hash's high bits mix best.
        (h >> 20) as usize & self.mask
    }

    #[inline]
    pub fn get(&self, key: &K) -> Option<V> {
        match &self.slots[self.slot(key)] {
            Some((k, v)) if k == key => Some(v.clone()),
            _ => None,
        }
    }

    #[inline]
    pub fn insert(&mut self, key: K, value: V) {
        let i = self.slot(&key);
        self.slots[i] = Some((key, value));
    }
}
