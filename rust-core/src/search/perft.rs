//! Counting and listing retraction sequences.

use crate::retro::Unmove;
use crate::Position;

/// The number of retraction sequences of length `depth` from `pos`
/// (1 for depth 0). The last ply is counted without building predecessors.
pub fn retro_perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = Vec::new();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner(pos: &Position, depth: u32, buffers: &mut Vec<Vec<Unmove>>) -> u64 {
    match depth {
        0 => 1,
        1 => pos.unmove_count(),
        _ => {
            // One buffer per depth, reused across siblings.
            let mut list = buffers.pop().unwrap_or_default();
            pos.unmoves_into(&mut list);
            let total = list
                .iter()
                .map(|u| perft_inner(&pos.unmake(u), depth - 1, buffers))
                .sum();
            buffers.push(list);
            total
        }
    }
}

/// Retro-perft split by the most recent retraction: each retraction of
/// `pos` with the count below it at `depth - 1`. Empty for depth 0.
pub fn retro_divide(pos: &Position, depth: u32) -> Vec<(Unmove, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.unmoves()
        .into_iter()
        .map(|u| (u, retro_perft(&pos.unmake(&u), depth - 1)))
        .collect()
}

/// Calls `visit` with every retraction sequence of length `depth` from
/// `pos`, most recent retraction first, in generation order.
pub fn for_each_sequence(pos: &Position, depth: u32, mut visit: impl FnMut(&[Unmove])) {
    let mut line = Vec::with_capacity(depth as usize);
    sequences_inner(pos, depth, &mut line, &mut visit);
}

/// [`for_each_sequence`] that stops as soon as `visit` returns
/// [`ControlFlow::Break`](std::ops::ControlFlow::Break) (a budget spent, enough seen); returns whether it
/// stopped.
pub fn try_for_each_sequence(
    pos: &Position,
    depth: u32,
    mut visit: impl FnMut(&[Unmove]) -> std::ops::ControlFlow<()>,
) -> std::ops::ControlFlow<()> {
    let mut line = Vec::with_capacity(depth as usize);
    try_sequences_inner(pos, depth, &mut line, &mut visit)
}

fn try_sequences_inner(
    pos: &Position,
    depth: u32,
    line: &mut Vec<Unmove>,
    visit: &mut impl FnMut(&[Unmove]) -> std::ops::ControlFlow<()>,
) -> std::ops::ControlFlow<()> {
    if depth == 0 {
        return visit(line);
    }
    for u in pos.unmoves() {
        line.push(u);
        let flow = try_sequences_inner(&pos.unmake(&u), depth - 1, line, visit);
        line.pop();
        flow?;
    }
    std::ops::ControlFlow::Continue(())
}

fn sequences_inner(
    pos: &Position,
    depth: u32,
    line: &mut Vec<Unmove>,
    visit: &mut impl FnMut(&[Unmove]),
) {
    if depth == 0 {
        visit(line);
        return;
    }
    for u in pos.unmoves() {
        line.push(u);
        sequences_inner(&pos.unmake(&u), depth - 1, line, visit);
        line.pop();
    }
}
