//! Proposal and selection: the Taylor estimate's parts, the gate, the scope rules, the pick orders.

use tch::{Kind, Tensor};

use super::*;

fn banned(v: i64, ids: &[i64]) -> Tensor {
    let b = Tensor::zeros([v], (Kind::Bool, tch::Device::Cpu));
    if ids.is_empty() {
        b
    } else {
        b.index_fill(0, &Tensor::from_slice(ids), 1)
    }
}

/// A [K, L, V] tensor at `fill` except a few chosen entries.
fn grid(k: i64, l: i64, v: i64, fill: f64, entries: &[(i64, i64, i64, f64)]) -> Tensor {
    let t = Tensor::full([k, l, v], fill, (Kind::Double, tch::Device::Cpu));
    for &(a, b, c, x) in entries {
        let _ = t.get(a).get(b).get(c).fill_(x);
    }
    t
}

/// Estimate tensor with a few chosen values, everything else very low.
fn est(k: i64, l: i64, v: i64, entries: &[(i64, i64, i64, f64)]) -> Tensor {
    grid(k, l, v, -100.0, entries)
}

fn knobs(scope: Scope, d: usize) -> Knobs {
    Knobs {
        scope,
        d,
        tau: 1e-4,
        linear_weight: 1.0,
        taylor_weight: 1.0,
        top_k: 100,
        seed: 0,
    }
}

fn picked(c: &[Child]) -> Vec<(usize, usize, u32)> {
    c.iter().map(|c| (c.parent, c.pos, c.token)).collect()
}

/// A Taylor view whose estimate is `e` exactly: target term 0 and R(y) = 0 for every parent.
fn view<'a>(e: &'a Tensor, zeros: &'a Tensor, scores: &'a [f64]) -> TaylorView<'a> {
    TaylorView {
        estimate: e,
        target_term: zeros,
        scores,
    }
}

/// A proposal with the Taylor estimate only (no prior, no word rule).
fn taylor_only<'a>(parents: &'a [Vec<u32>], t: TaylorView<'a>, b: &'a Tensor) -> Proposal<'a> {
    Proposal {
        parents,
        taylor: Some(t),
        policy_logp: None,
        banned: b,
        substitution_ban: None,
        verified: &[],
    }
}

#[test]
fn group_scope_pools_over_parents_and_skips_noops_banned_and_duplicates() {
    let parents = vec![vec![1u32, 2], vec![1, 2], vec![3, 4]];
    // Best raw entries: a no-op (parent 0 pos 0 token 1), a banned token (5), then
    // (0,1,3) and its duplicate (1,1,3) (identical parents), then (2,0,0), (2,1,2).
    let e = est(
        3,
        2,
        6,
        &[
            (0, 0, 1, 10.0),
            (0, 0, 5, 9.0),
            (0, 1, 3, 8.0),
            (1, 1, 3, 7.5),
            (2, 0, 0, 7.0),
            (2, 1, 2, 6.0),
        ],
    );
    let (z, s) = (e.zeros_like(), vec![0.0; 3]);
    let b = banned(6, &[5]);
    let p = taylor_only(&parents, view(&e, &z, &s), &b);
    let c = select(&p, Selection::Taylor, &knobs(Scope::Group, 3));
    assert_eq!(picked(&c), vec![(0, 1, 3), (2, 0, 0), (2, 1, 2)]);
    assert_eq!(c[0].estimate, Some(8.0));
}

#[test]
fn gate_drops_improbable_tokens() {
    let parents = vec![vec![0u32, 0]];
    let e = est(1, 2, 4, &[(0, 0, 1, 5.0), (0, 1, 2, 4.0), (0, 0, 3, 3.0)]);
    let (z, s) = (e.zeros_like(), vec![0.0]);
    // The policy gives token 1 at position 0 probability 1e-6 (< tau), the rest 0.1.
    let lp = grid(1, 2, 4, 0.1f64.ln(), &[(0, 0, 1, 1e-6f64.ln())]);
    let b = banned(4, &[]);
    let p = Proposal {
        parents: &parents,
        taylor: Some(view(&e, &z, &s)),
        policy_logp: Some(&lp),
        banned: &b,
        substitution_ban: None,
        verified: &[],
    };
    let gated = select(&p, Selection::TaylorGated, &knobs(Scope::Group, 2));
    let got: Vec<(usize, u32)> = gated.iter().map(|c| (c.pos, c.token)).collect();
    assert_eq!(got, vec![(1, 2), (0, 3)]);
    let ungated = select(&p, Selection::Taylor, &knobs(Scope::Group, 1));
    assert_eq!((ungated[0].pos, ungated[0].token), (0, 1));
    // taylor-gain is gated the same way (its key here equals the estimate).
    let gain = select(&p, Selection::TaylorGain, &knobs(Scope::Group, 2));
    assert_eq!(picked(&gain), picked(&gated));
    // top-prob ranks by the policy prior only (no gate): the improbable token comes last,
    // no-ops never.
    let tp = select(&p, Selection::TopProb, &knobs(Scope::Group, 6));
    assert_eq!(tp.len(), 6);
    assert!(tp.iter().all(|c| c.token != 0));
    assert_eq!((tp[5].pos, tp[5].token), (0, 1));
}

#[test]
fn parent_scope_splits_d_evenly() {
    let parents = vec![vec![0u32], vec![0u32]];
    let e = est(
        2,
        1,
        5,
        &[
            (0, 0, 1, 9.0),
            (0, 0, 2, 8.0),
            (0, 0, 3, 7.0),
            (1, 0, 4, 1.0),
        ],
    );
    let (z, s) = (e.zeros_like(), vec![0.0; 2]);
    let b = banned(5, &[]);
    let p = taylor_only(&parents, view(&e, &z, &s), &b);
    let c = select(&p, Selection::Taylor, &knobs(Scope::Parent, 4));
    let per: Vec<usize> = (0..2)
        .map(|i| c.iter().filter(|c| c.parent == i).count())
        .collect();
    assert_eq!(per, vec![2, 2]);
    assert_eq!(
        c.iter().filter(|c| c.parent == 1).map(|c| c.token).next(),
        Some(4)
    );
}

#[test]
fn taylor_gain_leaves_out_the_parents_score_and_weights_the_linear_term() {
    // Parent 0 scores 10 higher: `taylor` sends every child to it, `taylor-gain` ranks the
    // improvement (target + w * linear) and prefers parent 1's big target gain.
    let parents = vec![vec![0u32, 0], vec![1u32, 1]];
    let scores = vec![10.0, 0.0];
    // linear: parent 0 pos 0 tokens 2, 3 at +3, +2.5; parent 1 pos 1 token 2 at +0.5.
    // target: parent 1 pos 1 token 2 at +2; parent 0 pos 1 token 3 at -1 (linear +4.5).
    let linear = grid(
        2,
        2,
        4,
        -50.0,
        &[
            (0, 0, 2, 3.0),
            (0, 0, 3, 2.5),
            (1, 1, 2, 0.5),
            (0, 1, 3, 4.5),
        ],
    );
    let target = grid(2, 2, 4, 0.0, &[(1, 1, 2, 2.0), (0, 1, 3, -1.0)]);
    let e = &linear + &target + Tensor::from_slice(&scores).view([2, 1, 1]);
    let lp = grid(2, 2, 4, 0.25f64.ln(), &[]);
    let b = banned(4, &[]);
    let p = Proposal {
        parents: &parents,
        taylor: Some(TaylorView {
            estimate: &e,
            target_term: &target,
            scores: &scores,
        }),
        policy_logp: Some(&lp),
        banned: &b,
        substitution_ban: None,
        verified: &[],
    };
    let mut kn = knobs(Scope::Group, 2);
    let taylor = select(&p, Selection::TaylorGated, &kn);
    assert_eq!(picked(&taylor), vec![(0, 1, 3), (0, 0, 2)]);
    // w = 1: the keys are the improvements 3.5 (0,1,3), 3 (0,0,2), 2.5 (0,0,3), 2.5 (1,1,2).
    let gain = select(&p, Selection::TaylorGain, &kn);
    assert_eq!(picked(&gain), vec![(0, 1, 3), (0, 0, 2)]);
    assert!((gain[0].rank_score - 3.5).abs() < 1e-12);
    // w = 0.1: only the exact target counts (+ a little linear): parent 1's child first.
    kn.linear_weight = 0.1;
    let gain = select(&p, Selection::TaylorGain, &kn);
    assert_eq!((gain[0].parent, gain[0].pos, gain[0].token), (1, 1, 2));
    assert!((gain[0].rank_score - 2.05).abs() < 1e-12);
    // The child still carries the full estimate R~.
    assert!((gain[0].estimate.unwrap() - 2.5).abs() < 1e-12);
}

#[test]
fn prior_taylor_adds_the_weighted_gain_to_the_prior_and_never_picks_banned() {
    let parents = vec![vec![0u32]];
    // prior: token 1 likely, token 2 less, token 3 banned (-inf as the policy gives it).
    let lp = grid(
        1,
        1,
        4,
        -9.0,
        &[
            (0, 0, 1, -0.5),
            (0, 0, 2, -2.0),
            (0, 0, 3, f64::NEG_INFINITY),
        ],
    );
    // gain: token 2 +3 (target), token 3 +100 (banned, must never win).
    let target = grid(1, 1, 4, 0.0, &[(0, 0, 2, 3.0), (0, 0, 3, 100.0)]);
    let scores = vec![0.0];
    let e = target.shallow_clone();
    let b = banned(4, &[3]);
    let p = Proposal {
        parents: &parents,
        taylor: Some(TaylorView {
            estimate: &e,
            target_term: &target,
            scores: &scores,
        }),
        policy_logp: Some(&lp),
        banned: &b,
        substitution_ban: None,
        verified: &[],
    };
    let mut kn = knobs(Scope::Group, 3);
    kn.taylor_weight = 0.0; // = top-prob
    let c = select(&p, Selection::PriorTaylor, &kn);
    assert_eq!(picked(&c), vec![(0, 0, 1), (0, 0, 2)]);
    kn.taylor_weight = 1.0; // token 2: -2 + 3 = 1 > token 1: -0.5
    let c = select(&p, Selection::PriorTaylor, &kn);
    assert_eq!(picked(&c), vec![(0, 0, 2), (0, 0, 1)]);
    // D larger than the valid candidates: only the 2 valid ones (no-op and banned skipped).
    assert_eq!(c.len(), 2);
    assert!((c[0].rank_score - 1.0).abs() < 1e-12);
}

#[test]
fn round_robin_spreads_children_over_parents_best_parent_first() {
    // Three parents; parent 2 has the best single key, parent 0 the next, parent 1 the
    // lowest. D = 5: one each (2, 0, 1), then the second-best of 2 and 0.
    let parents = vec![vec![0u32, 0], vec![1u32, 1], vec![2u32, 2]];
    let e = est(
        3,
        2,
        6,
        &[
            (0, 0, 3, 8.0),
            (0, 0, 4, 7.9),
            (0, 0, 5, 7.8),
            (1, 0, 3, 1.0),
            (1, 0, 4, 0.5),
            (2, 0, 3, 9.0),
            (2, 0, 4, 2.0),
        ],
    );
    let (z, s) = (e.zeros_like(), vec![0.0; 3]);
    let b = banned(6, &[]);
    let p = taylor_only(&parents, view(&e, &z, &s), &b);
    let c = select(&p, Selection::Taylor, &knobs(Scope::RoundRobin, 5));
    assert_eq!(
        picked(&c),
        vec![(2, 0, 3), (0, 0, 3), (1, 0, 3), (2, 0, 4), (0, 0, 4)]
    );
    // Pooled, parent 0 would take 3 of the first 4.
    let g = select(&p, Selection::Taylor, &knobs(Scope::Group, 4));
    assert_eq!(g.iter().filter(|c| c.parent == 0).count(), 3);
}

#[test]
fn round_robin_ties_keep_parent_order_and_identical_parents_give_distinct_children() {
    // Parents 0 and 1 are identical (same keys, so the same children); parent 2's best ties
    // with theirs. Ties keep the parents' order; parent 1's children are parent 0's and are
    // skipped, so D = 4 goes 0, 2, 0, 2.
    let parents = vec![vec![0u32, 0], vec![0u32, 0], vec![2u32, 2]];
    let entries = [
        (0, 0, 1, 5.0),
        (0, 0, 2, 4.0),
        (0, 1, 3, 3.0),
        (1, 0, 1, 5.0),
        (1, 0, 2, 4.0),
        (1, 1, 3, 3.0),
        (2, 0, 3, 5.0),
        (2, 0, 1, 1.0),
    ];
    let e = est(3, 2, 4, &entries);
    let (z, s) = (e.zeros_like(), vec![0.0; 3]);
    let b = banned(4, &[]);
    let p = taylor_only(&parents, view(&e, &z, &s), &b);
    let c = select(&p, Selection::Taylor, &knobs(Scope::RoundRobin, 4));
    assert_eq!(picked(&c), vec![(0, 0, 1), (2, 0, 3), (0, 0, 2), (2, 0, 1)]);
    // D above everything valid: parent 0's 6 children (parent 1's are the same), parent 2's
    // 6 less the 2 that parent 0 also reaches ([2, 0] and [0, 2]).
    let all = select(&p, Selection::Taylor, &knobs(Scope::RoundRobin, 50));
    assert_eq!(all.len(), 10);
    let mut seqs: Vec<Vec<u32>> = all.iter().map(|c| c.tokens(&parents)).collect();
    seqs.sort();
    seqs.dedup();
    assert_eq!(seqs.len(), 10);
}

#[test]
fn random_is_seeded_valid_and_distinct() {
    let parents = vec![vec![1u32, 2, 3], vec![4, 5, 6]];
    let b = banned(10, &[7, 8]);
    let p = Proposal {
        parents: &parents,
        taylor: None,
        policy_logp: None,
        banned: &b,
        substitution_ban: None,
        verified: &[],
    };
    let mut kn = knobs(Scope::Group, 20);
    kn.seed = 7;
    let a = select(&p, Selection::Random, &kn);
    let a2 = select(&p, Selection::Random, &kn);
    assert_eq!(a, a2);
    assert_eq!(a.len(), 20);
    let mut seqs: Vec<Vec<u32>> = a.iter().map(|c| c.tokens(&parents)).collect();
    assert!(a.iter().all(|c| c.token != 7 && c.token != 8));
    assert!(a.iter().all(|c| parents[c.parent][c.pos] != c.token));
    seqs.sort();
    seqs.dedup();
    assert_eq!(seqs.len(), 20);
    kn.scope = Scope::RoundRobin;
    kn.d = 3;
    let rr = select(&p, Selection::Random, &kn);
    let per: Vec<usize> = (0..2)
        .map(|i| rr.iter().filter(|c| c.parent == i).count())
        .collect();
    assert_eq!(per, vec![2, 1]);
}

#[test]
fn taylor_parts_add_up_to_the_estimate() {
    let scores = vec![2.0, -1.0];
    let target = grid(2, 1, 3, 0.5, &[(1, 0, 2, -4.0)]);
    let e = grid(2, 1, 3, 7.0, &[(0, 0, 1, 3.0)]);
    let parts = taylor_parts(&TaylorView {
        estimate: &e,
        target_term: &target,
        scores: &scores,
    });
    // linear = estimate - R(y) - target
    assert_eq!(parts.linear.double_value(&[0, 0, 1]), 3.0 - 2.0 - 0.5);
    assert_eq!(parts.linear.double_value(&[1, 0, 2]), 7.0 + 1.0 + 4.0);
    assert_eq!(parts.target.double_value(&[1, 0, 2]), -4.0);
}
