//! Minimum-cost assignment of a side's target men to its men.
//!
//! Rows are the diagram's men still to be reached, columns the men on the
//! board; every row gets a distinct column and the columns left over are
//! the men that will be captured (at no cost here). A side has at most 16
//! men, so the matrix lives on the stack and the Hungarian method with
//! potentials (O(columns³), the matrix padded square) solves it in a few
//! microseconds.

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
    solve(m).map(|s| s.total)
}

/// An optimal assignment with its dual, the matrix padded square with
/// rows of cost 0 (the columns left over): `u[i] + v[j] <= cost[i][j]` for
/// every entry and `Σ u + Σ v = total`. Any assignment that gives row `i`
/// column `j` then costs at least `total + reduced(i, j)` (weak duality: an
/// assignment costs at least the sum of its entries' potentials).
#[derive(Clone)]
pub struct Solution {
    pub total: i32,
    /// The rows of the padded matrix (the columns').
    pub size: usize,
    u: [i32; MAX],
    v: [i32; MAX],
    /// The row each column serves in the padded matrix.
    pub row_of: [usize; MAX],
}

impl Solution {
    /// `cost[i][j] - u[i] - v[j]` in the padded matrix, never negative.
    #[inline]
    pub fn reduced(&self, m: &Matrix, i: usize, j: usize) -> i32 {
        let c = if i < m.rows { m.cost[i][j] } else { 0 };
        c - self.u[i] - self.v[j]
    }

    /// The least reduced cost of row `i` outside column `j`.
    fn elsewhere(&self, m: &Matrix, i: usize, j: usize) -> i32 {
        (0..self.size)
            .filter(|&c| c != j)
            .map(|c| self.reduced(m, i, c))
            .min()
            .unwrap_or(IMPOSSIBLE)
    }

    /// A lower bound on the cost of the assignments that leave column `j`
    /// unused: a padding row takes it, and the row that had it (if a real
    /// one) takes another.
    pub fn without_column(&self, m: &Matrix, j: usize) -> i32 {
        let padding = (m.rows..self.size)
            .map(|d| self.reduced(m, d, j))
            .min()
            .unwrap_or(IMPOSSIBLE);
        let i = self.row_of[j];
        let moved = if i < m.rows {
            self.elsewhere(m, i, j)
        } else {
            0
        };
        self.total.saturating_add(padding.max(moved))
    }

    /// A lower bound on the cost of the assignments once entry `(i, j)`
    /// costs `raised` more: those that use it, and those that give row `i`
    /// another column.
    pub fn with_raised(&self, m: &Matrix, i: usize, j: usize, raised: i32) -> i32 {
        let using = self.reduced(m, i, j).saturating_add(raised);
        self.total
            .saturating_add(using.min(self.elsewhere(m, i, j)))
    }
}

/// [`min_cost`] with the assignment's dual ([`Solution`]).
pub fn solve(m: &Matrix) -> Option<Solution> {
    let (n, k) = (m.rows, m.cols);
    if n > k {
        return None;
    }
    if k == 0 {
        return Some(Solution {
            total: 0,
            size: 0,
            u: [0; MAX],
            v: [0; MAX],
            row_of: [usize::MAX; MAX],
        });
    }
    // Rows past `n` are padding of cost 0.
    let cost = |i: usize, j: usize| if i < n { m.cost[i][j] } else { 0 };
    // 1-based; column 0 is the virtual start of each augmenting path.
    let mut u = [0i32; MAX + 1];
    let mut v = [0i32; MAX + 1];
    let mut p = [0usize; MAX + 1];
    let mut way = [0usize; MAX + 1];
    for i in 1..=k {
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
                    let cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
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
    let mut row_of = [usize::MAX; MAX];
    for j in 1..=k {
        total += cost(p[j] - 1, j - 1);
        row_of[j - 1] = p[j] - 1;
    }
    if total >= IMPOSSIBLE {
        return None;
    }
    let mut su = [0; MAX];
    let mut sv = [0; MAX];
    su[..k].copy_from_slice(&u[1..=k]);
    sv[..k].copy_from_slice(&v[1..=k]);
    Some(Solution {
        total,
        size: k,
        u: su,
        v: sv,
        row_of,
    })
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

    /// The dual's bounds never exceed the true optimum of the restricted
    /// problems.
    #[test]
    fn dual_bounds_are_lower_bounds() {
        let mut seed = 987654321u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let cols = 2 + (next() % 6) as usize;
            let rows = 1 + (next() % (cols as u64 - 1)) as usize;
            let mut m = Matrix::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    m.cost[r][c] = if next() % 7 == 0 {
                        IMPOSSIBLE
                    } else {
                        (next() % 9) as i32
                    };
                }
            }
            let Some(s) = solve(&m) else { continue };
            assert_eq!(Some(s.total), brute(&m));
            for r in 0..rows {
                for c in 0..cols {
                    assert!(s.reduced(&m, r, c) >= 0);
                }
            }
            for j in 0..cols {
                // Without column j.
                let mut w = Matrix::new(rows, cols - 1);
                for r in 0..rows {
                    for (cc, c) in (0..cols).filter(|&c| c != j).enumerate() {
                        w.cost[r][cc] = m.cost[r][c];
                    }
                }
                if let Some(truth) = brute(&w) {
                    assert!(s.without_column(&m, j) <= truth);
                }
                // Entry (i, j) raised by 4.
                for i in 0..rows {
                    let mut raised = m.clone();
                    raised.cost[i][j] += 4;
                    if let Some(truth) = brute(&raised) {
                        assert!(s.with_raised(&m, i, j, 4) <= truth);
                    }
                }
            }
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
