//! Replacement: which verified child takes its parent's place (strictly better, above the
//! sampled mean, `max_replaced`, `keep_parents`), and the candidate count.

use super::*;

/// A child of `parent` (position, token and keys do not matter to replacement).
fn child_of(parent: usize) -> Child {
    Child {
        parent,
        pos: 0,
        token: 0,
        rank_score: 0.0,
        estimate: None,
    }
}

#[test]
fn replacement_only_when_strictly_better() {
    let children = vec![child_of(0), child_of(0), child_of(1), child_of(2)];
    let r = replacements(
        &[1.0, 2.0, 3.0],
        &children,
        &[1.5, 1.7, 2.0, 2.5],
        Replace::Better,
        0.0,
        0,
    );
    // parent 0 -> best child 1 (1.7); parent 1 tie -> kept; parent 2 worse -> kept.
    assert_eq!(r, vec![Some(1), None, None]);
}

/// "above-mean": a better child replaces its parent only when it also beats the group's
/// sampled mean, so that no replaced member gets a negative advantage.
#[test]
fn above_mean_replaces_only_children_above_the_sampled_mean() {
    // Parents 1, 2, 6 (mean 3); children: parent 0 -> 2.5 (better, below the mean), parent 1
    // -> 4 (better, above), parent 2 -> 5 (worse).
    let parents = [1.0, 2.0, 6.0];
    let children = vec![child_of(0), child_of(1), child_of(2)];
    let scores = [2.5, 4.0, 5.0];
    let better = replacements(&parents, &children, &scores, Replace::Better, 3.0, 0);
    assert_eq!(better, vec![Some(0), Some(1), None]);
    let above = replacements(&parents, &children, &scores, Replace::AboveMean, 3.0, 0);
    assert_eq!(above, vec![None, Some(1), None]);
    // The group after each rule, and its advantages (raw, group-mean baseline): under
    // "better" the replaced member 0 (2.5) sits below the new mean and is pushed down.
    let apply = |r: &[Option<usize>]| -> Vec<f64> {
        (0..3)
            .map(|p| r[p].map_or(parents[p], |c| scores[c]))
            .collect()
    };
    let adv = |g: &[f64]| crate::update::advantage::group_mean(g, g);
    let (b, a) = (apply(&better), apply(&above));
    assert_eq!(b, vec![2.5, 4.0, 6.0]);
    assert!(
        adv(&b)[0] < 0.0,
        "under better the child 2.5 gets {:?}",
        adv(&b)
    );
    assert_eq!(a, vec![1.0, 4.0, 6.0]);
    assert!(
        adv(&a)[1] > 0.0,
        "a replaced member's advantage is positive: {:?}",
        adv(&a)
    );
}

/// `frost.max_replaced`: only the N parents whose child gains the most take it.
#[test]
fn max_replaced_keeps_the_largest_gains() {
    // Gains: parent 0 +0.5, parent 1 +2.0, parent 2 +1.0 (parent 3's child is worse).
    let parents = [1.0, 2.0, 3.0, 4.0];
    let children = vec![child_of(0), child_of(1), child_of(2), child_of(3)];
    let scores = [1.5, 4.0, 4.0, 3.0];
    let r = |cap| replacements(&parents, &children, &scores, Replace::Better, 0.0, cap);
    assert_eq!(r(0), vec![Some(0), Some(1), Some(2), None]);
    assert_eq!(r(3), r(0));
    assert_eq!(r(2), vec![None, Some(1), Some(2), None]);
    assert_eq!(r(1), vec![None, Some(1), None, None]);
    // Equal gains: the lower index.
    let tie = replacements(
        &[0.0, 0.0],
        &[child_of(0), child_of(1)],
        &[1.0, 1.0],
        Replace::Better,
        0.0,
        1,
    );
    assert_eq!(tie, vec![Some(0), None]);
}

/// `frost.keep_parents`: a taken child joins the group beside its parent; the parent stays with
/// its own score, and the advantages are over the grown group. `frost.baseline = "sampled"`
/// measures them against the group as sampled instead.
#[test]
fn kept_parents_stay_in_the_group_beside_their_children() {
    let moves = vec![vec![1, 1], vec![2, 2], vec![3, 3]];
    let scores = vec![1.0, 2.0, 6.0];
    let child_moves = vec![vec![9, 1], vec![2, 9]];
    let child_scores = vec![2.5, 4.0];
    let best = [Some(0), Some(1), None];

    let mut kept = Group::sampled(moves.clone(), scores.clone());
    take_children(&mut kept, &best, &child_moves, &child_scores, true);
    assert_eq!(
        kept.moves,
        vec![vec![1, 1], vec![2, 2], vec![3, 3], vec![9, 1], vec![2, 9]]
    );
    assert_eq!(kept.scores, vec![1.0, 2.0, 6.0, 2.5, 4.0]);
    assert_eq!(kept.joined, vec![0, 1]);
    assert_eq!((kept.sampled_len(), kept.improved()), (3, 2));
    assert_eq!((kept.root(3), kept.root(4), kept.root(2)), (0, 1, 2));
    assert_eq!(kept.sampled_scores(), scores);
    assert_eq!(kept.sampled_mean(), 3.0);

    let mut replaced = Group::sampled(moves.clone(), scores.clone());
    take_children(&mut replaced, &best, &child_moves, &child_scores, false);
    assert_eq!(replaced.moves, vec![vec![9, 1], vec![2, 9], vec![3, 3]]);
    assert_eq!(replaced.scores, vec![2.5, 4.0, 6.0]);
    assert_eq!(replaced.sampled_scores(), scores);
    assert_eq!(replaced.improved(), 2);

    let adv = |g: &Group, base: Vec<f64>| crate::update::advantage::group_mean(&g.scores, &base);
    // Kept: mean of the 5 members is 3.1; the parents keep their own (negative) advantage.
    let a = adv(&kept, kept.scores.clone());
    let want = [-2.1, -1.1, 2.9, -0.6, 0.9];
    assert!(
        a.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12),
        "{a:?}"
    );
    // Replaced, final baseline (mean 4.1): the child 2.5 is pushed down.
    let a = adv(&replaced, replaced.scores.clone());
    assert!(a[0] < 0.0, "{a:?}");
    // Replaced, sampled baseline (mean 3): the same child is pushed down less, and the child
    // 4.0 up by its whole gain over the sampled group.
    let a = adv(&replaced, replaced.sampled_scores());
    assert!(
        (a[0] + 0.5).abs() < 1e-12 && (a[1] - 1.0).abs() < 1e-12,
        "{a:?}"
    );
    // With the std: divided by the sampled group's std.
    let sd = (((1.0f64 - 3.0).powi(2) + 1.0 + 9.0) / 3.0).sqrt();
    use crate::update::advantage::{group_mean, population_std, scale_by_std};
    let base = replaced.sampled_scores();
    let n = scale_by_std(group_mean(&replaced.scores, &base), population_std(&base));
    assert!((n[1] - 1.0 / (sd + 1e-6)).abs() < 1e-9, "{n:?}");
}

#[test]
fn candidate_count() {
    let mut f = crate::config::TrainConfig::default_embedded().frost;
    assert_eq!(available_candidates(&f, 4, 8, 100), 4 * 8 * 99);
    // gcg draws among the top k of each position only.
    f.selection = Selection::Gcg;
    f.gcg_top_k = 10;
    assert_eq!(available_candidates(&f, 4, 8, 100), 4 * 8 * 10);
    f.gcg_top_k = 1000;
    assert_eq!(available_candidates(&f, 4, 8, 100), 4 * 8 * 99);
}
