//! Minimum-cost assignment of a side's target men to its men.
//!
//! Rows are the diagram's men still to be reached, columns the men on the
//! board; every row gets a distinct column and the columns left over are
//! the men that will be captured (at no cost here). A side has at most 16
//! men, so the matrix lives on the stack and the Hungarian method with
//! potentials (O(rows² · columns)) solves it in a few microseconds.

/// The most men a side can have.
pub const MAX: usize = 16;

/// A cost that means "impossible"; sums of up to [`MAX`] of them stay far
/// from overflow.
pub const IMPOSSIBLE: i32 = 1 << 20;

/// A `rows × cols` cost matrix, `rows <= cols <= MAX`.
#[derive(Clone)]
pub struct Matrix {
    pub rows: usize,
    pub cols: usize,
    pub cost: [[i32; MAX]; MAX],
}

impl Matrix {
    pub fn new(rows: usize, cols: usize) -> Matrix {
        debug_assert!(rows <= cols && cols <= MAX);
        Matrix {
            rows,
            cols,
            cost: [[0; MAX]; MAX],
        }
    }
}

/// The least total cost of giving each row a distinct column, or `None`
/// when every assignment uses an [`IMPOSSIBLE`] entry (or there are more
/// rows than columns).
pub fn min_cost(m: &Matrix) -> Option<i32> {
    let (n, k) = (m.rows, m.cols);
    if n > k {
        return None;
    }
    if n == 0 {
        return Some(0);
    }
    // 1-based; column 0 is the virtual start of each augmenting path.
    let mut u = [0i32; MAX + 1];
    let mut v = [0i32; MAX + 1];
    let mut p = [0usize; MAX + 1];
    let mut way = [0usize; MAX + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        let mut minv = [i32::MAX; MAX + 1];
        let mut used = [false; MAX + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i32::MAX;
            let mut j1 = 0usize;
            for j in 1..=k {
                if !used[j] {
                    let cur = m.cost[i0 - 1][j - 1] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=k {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut total = 0i32;
    for j in 1..=k {
        if p[j] != 0 {
            total += m.cost[p[j] - 1][j - 1];
        }
    }
    (total < IMPOSSIBLE).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment, tried one by one.
    fn brute(m: &Matrix) -> Option<i32> {
        fn go(m: &Matrix, row: usize, used: u32) -> i32 {
            if row == m.rows {
                return 0;
            }
            let mut best = i32::MAX;
            for j in 0..m.cols {
                if used & (1 << j) == 0 {
                    let rest = go(m, row + 1, used | (1 << j));
                    best = best.min(m.cost[row][j].saturating_add(rest));
                }
            }
            best
        }
        let best = go(m, 0, 0);
        (best < IMPOSSIBLE).then_some(best)
    }

    #[test]
    fn agrees_with_brute_force() {
        let mut seed = 12345u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let cols = 1 + (next() % 7) as usize;
            let rows = (next() % (cols as u64 + 1)) as usize;
            let mut m = Matrix::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    m.cost[r][c] = if next() % 6 == 0 {
                        IMPOSSIBLE
                    } else {
                        (next() % 9) as i32 - 2
                    };
                }
            }
            assert_eq!(min_cost(&m), brute(&m));
        }
    }

    #[test]
    fn more_rows_than_columns_is_impossible() {
        let m = Matrix {
            rows: 2,
            cols: 1,
            cost: [[0; MAX]; MAX],
        };
        assert_eq!(min_cost(&m), None);
    }
}
