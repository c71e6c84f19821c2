//! Frost as a test-time search (`eval --refine`, `play --refine`): training needs a gradient
//! for every member (the group pools its top-D), a search only for the best. [`Search`] says
//! which members a round proposes from and how many children the judge verifies per pass.

/// Which members a round's Taylor backward runs on, and the verification's batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// The best P current members by exact score (ties: the lower index); 0 = all of them.
    pub parents: usize,
    /// Children scored per judge pass (0: the judge's own chunk); results do not depend on it
    /// beyond float rounding, memory does.
    pub verify_batch: usize,
}

impl Search {
    /// Every member a parent, the judge's own batches: training's round.
    pub const ALL: Search = Search {
        parents: 0,
        verify_batch: 0,
    };

    /// How many of `n` members a round proposes from: `parents`, or all `n` when it is 0 or
    /// at least `n` (the one place that reads `search.parents`).
    pub fn parents_among(&self, n: usize) -> usize {
        match self.parents {
            0 => n,
            p => p.min(n),
        }
    }

    /// The members a round proposes from, in group order: all of them, or the best P.
    pub fn members(&self, scores: &[f64]) -> Vec<usize> {
        let n = scores.len();
        let p = self.parents_among(n);
        if p == n {
            return (0..n).collect();
        }
        let mut order: Vec<usize> = (0..n).collect();
        // Stable: equal scores keep the lower index first.
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        let mut best = order[..p].to_vec();
        best.sort_unstable();
        best
    }
}

/// The moves of the members not `picked`.
pub(super) fn others(moves: &[Vec<u32>], picked: &[usize]) -> Vec<Vec<u32>> {
    (moves.iter().enumerate())
        .filter(|(i, _)| !picked.contains(i))
        .map(|(_, m)| m.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_the_best_p_in_group_order_ties_to_the_lower_index() {
        let scores = [-3.0, -1.0, -2.0, -1.0];
        let all = Search::ALL;
        assert_eq!(all.members(&scores), vec![0, 1, 2, 3]);
        let p = |parents| Search {
            parents,
            verify_batch: 0,
        };
        assert_eq!(p(1).members(&scores), vec![1]);
        assert_eq!(p(2).members(&scores), vec![1, 3]);
        assert_eq!(p(3).members(&scores), vec![1, 2, 3]);
        assert_eq!(p(9).members(&scores), vec![0, 1, 2, 3]);
        for (parents, among) in [(0, 4), (1, 1), (3, 3), (4, 4), (9, 4)] {
            assert_eq!(p(parents).parents_among(4), among, "{parents}");
            assert_eq!(p(parents).members(&scores).len(), among, "{parents}");
        }
        let moves = vec![vec![1], vec![2], vec![3], vec![4]];
        assert_eq!(others(&moves, &[1, 3]), vec![vec![1], vec![3]]);
    }
}
