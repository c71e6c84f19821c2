//! The search inside training (`[train_search]`, docs/method.md "The search inside training"):
//! after step 3 each GRPO group is searched as `eval --refine` searches a player's draws (the
//! best `parents` members, `children` verified per round, `rounds` rounds, on a copy of the
//! group), and the regime puts the search's best move where the update reads it.

use crate::config::{TrainConfig, TrainSearchRegime};
use crate::frost::{self, Group, Nets, Search};
use crate::judge::Budget;
use crate::round::Assignment;
use crate::seeds;

/// Searches every group (`indices`: the groups' assignments' indices in the step, their seeds)
/// and applies `train_search.regime` to it; every group records the search's best move.
pub(super) fn search_groups(
    cfg: &TrainConfig,
    nets: Nets,
    step: u64,
    indices: &[usize],
    assignments: &[Assignment],
    groups: &mut [Group],
    budget: &mut Budget,
) {
    let ts = &cfg.train_search;
    let f = ts.frost(&cfg.frost);
    let search = Search {
        parents: ts.parents,
        verify_batch: 0,
    };
    for (a, (asg, group)) in assignments.iter().zip(groups.iter_mut()).enumerate() {
        let mut copy = Group::sampled(group.moves.clone(), group.scores.clone());
        for round in 0..ts.rounds {
            let seed = seeds::frost_round(cfg.seed, step, indices[a], round);
            let temperature = cfg.sampling.temperature;
            frost::refine_search(nets, asg, &mut copy, &f, search, temperature, seed, budget);
        }
        group.children += copy.children;
        apply(ts.regime, group, &copy);
    }
}

/// The regime on one group, given the search's copy of it (the same members, each possibly
/// replaced by a descendant in its own slot).
fn apply(regime: TrainSearchRegime, group: &mut Group, searched: &Group) {
    let best = best_index(&searched.scores);
    let (mv, score) = (searched.moves[best].clone(), searched.scores[best]);
    // Strictly better than every member as sampled: the search found something new.
    let found = score > group.scores[best_index(&group.scores)];
    group.searched = Some((mv.clone(), score));
    if !found {
        return;
    }
    match regime {
        // The member the search's best move descends from (with parents = 1, the group's best).
        TrainSearchRegime::ReplaceBest => {
            let old = std::mem::replace(&mut group.moves[best], mv);
            let old_score = std::mem::replace(&mut group.scores[best], score);
            group.replaced[best] = Some((old, old_score));
        }
        TrainSearchRegime::ExtraMember => {
            group.moves.push(mv);
            group.scores.push(score);
            group.replaced.push(None);
            group.joined.push(best);
        }
        TrainSearchRegime::ExpertIteration | TrainSearchRegime::Off => {}
    }
}

/// The index of the highest score (ties: the lower index).
fn best_index(scores: &[f64]) -> usize {
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(scores: &[f64]) -> Group {
        let moves = (0..scores.len() as u32).map(|i| vec![i, i]).collect();
        Group::sampled(moves, scores.to_vec())
    }

    /// The search's copy with member `slot` replaced by `[9, slot]` scoring `score`.
    fn searched(g: &Group, slot: usize, score: f64) -> Group {
        let mut s = g.clone();
        s.moves[slot] = vec![9, slot as u32];
        s.scores[slot] = score;
        s
    }

    #[test]
    fn replace_best_swaps_the_searched_member_only_when_strictly_better() {
        let g = group(&[-3.0, -1.0, -2.0]);
        let mut r = g.clone();
        apply(
            TrainSearchRegime::ReplaceBest,
            &mut r,
            &searched(&g, 1, -0.5),
        );
        assert_eq!(r.moves[1], vec![9, 1]);
        assert_eq!(r.scores, vec![-3.0, -0.5, -2.0]);
        assert_eq!(r.replaced[1], Some((vec![1, 1], -1.0)));
        assert_eq!((r.replaced[0].clone(), r.replaced[2].clone()), (None, None));
        assert_eq!(r.searched, Some((vec![9, 1], -0.5)));
        // Nothing better found: the group stays as sampled, the best sampled move recorded.
        let mut same = g.clone();
        apply(TrainSearchRegime::ReplaceBest, &mut same, &g);
        assert_eq!(
            (same.moves.clone(), same.scores.clone()),
            (g.moves.clone(), g.scores.clone())
        );
        assert_eq!(same.searched, Some((vec![1, 1], -1.0)));
        // A searched member that is better than its parent but not than the group's best.
        let mut below = g.clone();
        apply(
            TrainSearchRegime::ReplaceBest,
            &mut below,
            &searched(&g, 0, -1.5),
        );
        assert_eq!(below.moves, g.moves);
    }

    #[test]
    fn extra_member_joins_beside_its_ancestor_and_expert_iteration_leaves_the_group() {
        let g = group(&[-3.0, -1.0]);
        let mut e = g.clone();
        apply(
            TrainSearchRegime::ExtraMember,
            &mut e,
            &searched(&g, 1, -0.25),
        );
        assert_eq!(e.moves, vec![vec![0, 0], vec![1, 1], vec![9, 1]]);
        assert_eq!(e.scores, vec![-3.0, -1.0, -0.25]);
        assert_eq!(
            (e.joined.clone(), e.sampled_len(), e.root(2)),
            (vec![1], 2, 1)
        );
        assert_eq!(e.sampled_scores(), vec![-3.0, -1.0]);
        let mut x = g.clone();
        apply(
            TrainSearchRegime::ExpertIteration,
            &mut x,
            &searched(&g, 1, -0.25),
        );
        assert_eq!(
            (x.moves.clone(), x.scores.clone()),
            (g.moves.clone(), g.scores.clone())
        );
        assert_eq!(x.searched, Some((vec![9, 1], -0.25)));
    }

    #[test]
    fn the_best_index_takes_the_lower_index_on_ties() {
        assert_eq!(best_index(&[-2.0, -1.0, -1.0]), 1);
        assert_eq!(best_index(&[5.0]), 0);
    }
}
