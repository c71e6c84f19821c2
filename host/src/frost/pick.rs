//! From a ranking key to D distinct children: pooled over the group, D / K per parent, or
//! round-robin over the parents; and the uniformly random control.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::Tensor;

use super::{Child, Proposal};
use crate::config::Scope;
use crate::instrument::sync;

/// The best `d` distinct children by `key` ([K, L, V] f64 on any device, -inf = never) under
/// `scope`.
pub fn top(p: &Proposal, key: &Tensor, scope: Scope, d: usize) -> Vec<Child> {
    let k = p.parents.len();
    let stride = p.parents[0].len() * key.size()[2] as usize;
    let mut out = Vec::new();
    match scope {
        Scope::Group => {
            let mut seen = already_scored(p);
            top_distinct(p, &key.view([-1]), d, 0, &mut seen, &mut out);
        }
        Scope::Parent => {
            let mut seen = already_scored(p);
            for parent in 0..k {
                let row = key.get(parent as i64).view([-1]);
                top_distinct(p, &row, d / k, parent * stride, &mut seen, &mut out);
            }
        }
        Scope::RoundRobin => {
            // Each parent's own best d (distinct from the group), then dealt one per parent in
            // turn, parents in the order of their best key.
            let mut lists: Vec<Vec<Child>> = (0..k)
                .map(|parent| {
                    let (mut seen, mut list) = (already_scored(p), Vec::new());
                    let row = key.get(parent as i64).view([-1]);
                    top_distinct(p, &row, d, parent * stride, &mut seen, &mut list);
                    list
                })
                .collect();
            lists.retain(|l| !l.is_empty());
            // Stable sort: ties keep the parents' order.
            lists.sort_by(|a, b| b[0].rank_score.total_cmp(&a[0].rank_score));
            let mut seen = already_scored(p);
            let mut turn = 0;
            while out.len() < d && turn < d {
                for list in &lists {
                    if let Some(c) = list.get(turn) {
                        if out.len() < d {
                            keep_if_new(c.clone(), p.parents, &mut seen, &mut out);
                        }
                    }
                }
                turn += 1;
            }
        }
    }
    out
}

/// Walk `scores` (flattened [.., L, V] from `offset`) best first, keeping up to `want` distinct
/// children.
fn top_distinct(
    p: &Proposal,
    scores: &Tensor,
    want: usize,
    offset: usize,
    seen: &mut Vec<Vec<u32>>,
    out: &mut Vec<Child>,
) {
    let n = scores.size()[0] as usize;
    let l = p.parents[0].len();
    let v = p.banned.size()[0] as usize;
    let first = out.len();
    let mut got = 0;
    // Duplicates are rare (identical parents); grow the window only when they eat into it.
    let mut window = (want * 2 + 8).min(n);
    let mut start = 0;
    let mut exhausted = false;
    while got < want && start < n && !exhausted {
        // Only the window leaves the device: two reads, not the [K, L, V] key.
        let (vals, idx) = scores.topk(window as i64, 0, true, true);
        let vals = sync::to_f64s(&vals);
        let idx = sync::to_i64s(&idx);
        for (s, i) in vals.iter().zip(&idx).skip(start) {
            if got == want {
                break;
            }
            if *s == f64::NEG_INFINITY {
                exhausted = true;
                break;
            }
            let flat = offset + *i as usize;
            let (parent, rest) = (flat / (l * v), flat % (l * v));
            let (pos, token) = (rest / v, (rest % v) as u32);
            let child = Child {
                parent,
                pos,
                token,
                rank_score: *s,
                estimate: None,
            };
            if keep_if_new(child, p.parents, seen, out) {
                got += 1;
            }
        }
        start = window;
        window = (window * 2).min(n);
    }
    fill_estimates(p, &mut out[first..]);
}

/// The Taylor estimate of each child, when the proposal has one: one gather, one read.
fn fill_estimates(p: &Proposal, children: &mut [Child]) {
    let Some(t) = p.taylor.filter(|_| !children.is_empty()) else {
        return;
    };
    let (l, v) = (p.parents[0].len(), p.banned.size()[0] as usize);
    let flat: Vec<i64> = (children.iter())
        .map(|c| ((c.parent * l + c.pos) * v + c.token as usize) as i64)
        .collect();
    let idx = Tensor::from_slice(&flat).to_device(t.estimate.device());
    let values = sync::to_f64s(&t.estimate.view([-1]).index_select(0, &idx));
    for (c, e) in children.iter_mut().zip(values) {
        c.estimate = Some(e);
    }
}

/// What no child may be: a group member, or a move the judge scored in an earlier round.
pub(super) fn already_scored(p: &Proposal) -> Vec<Vec<u32>> {
    let mut seen = p.parents.to_vec();
    seen.extend(p.verified.iter().cloned());
    seen
}

/// De-duplication shared by every rule: keep `child` only if its token sequence differs from
/// every group member, every move already scored and every child kept so far.
pub(super) fn keep_if_new(
    child: Child,
    parents: &[Vec<u32>],
    seen: &mut Vec<Vec<u32>>,
    out: &mut Vec<Child>,
) -> bool {
    let toks = child.tokens(parents);
    if seen.contains(&toks) {
        return false;
    }
    seen.push(toks);
    out.push(child);
    true
}

/// Uniformly random valid substitutions (the ablation's control), distinct, seeded.
pub fn random(p: &Proposal, scope: Scope, d: usize, seed: u64) -> Vec<Child> {
    let k = p.parents.len();
    let l = p.parents[0].len();
    let banned = sync::to_bools(p.banned);
    let usable: Vec<u32> = (0..banned.len() as u32)
        .filter(|&t| !banned[t as usize])
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = already_scored(p);
    let mut out = Vec::new();
    let quotas: Vec<(Option<usize>, usize)> = match scope {
        Scope::Group => vec![(None, d)],
        Scope::Parent => (0..k).map(|i| (Some(i), d / k)).collect(),
        Scope::RoundRobin => (0..k)
            .map(|i| (Some(i), d / k + usize::from(i < d % k)))
            .collect(),
    };
    for (only, want) in quotas {
        let mut got = 0;
        let mut tries = 0;
        // Rejection sampling: no-ops and duplicates are a tiny fraction of K x L x V.
        while got < want && tries < 100 * want + 1000 {
            tries += 1;
            let parent = only.unwrap_or_else(|| rng.gen_range(0..k));
            let pos = rng.gen_range(0..l);
            let token = usable[rng.gen_range(0..usable.len())];
            if token == p.parents[parent][pos] {
                continue;
            }
            let child = Child {
                parent,
                pos,
                token,
                rank_score: 0.0,
                estimate: None,
            };
            if keep_if_new(child, p.parents, &mut seen, &mut out) {
                got += 1;
            }
        }
    }
    fill_estimates(p, &mut out);
    out
}
