//! Frost: the group-refinement stage between sampling and the update (steps 4-6 of
//! docs/method.md#one-frost-grpo-step). Taylor proposal -> gate -> top-D selection -> verify ->
//! replace.
//!
//! The selection and replacement rules are pure functions over tensors and plain vectors
//! (tested alone); the proposal (`taylor_proposal`) lives in judge.rs next to the exact scorer
//! it differentiates, and the trainer wires the pieces together.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use crate::config::{Scope, Selection};

#[derive(Debug, thiserror::Error)]
pub enum FrostError {
    #[error(
        "frost.d = {d} is larger than the {available} candidate substitutions a group has \
         (K x L x usable tokens); lower frost.d"
    )]
    TooFewCandidates { d: usize, available: usize },
}

/// One proposed child: parent `parent` with token `token` at move position `pos`.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    pub parent: usize,
    pub pos: usize,
    pub token: u32,
    /// The selection score the child was ranked by (Taylor estimate, log-prob, or random).
    pub rank_score: f64,
    /// The Taylor estimate of its reward, when one was computed.
    pub estimate: Option<f64>,
}

impl Child {
    pub fn tokens(&self, parents: &[Vec<u32>]) -> Vec<u32> {
        let mut t = parents[self.parent].clone();
        t[self.pos] = self.token;
        t
    }
}

/// Everything the selection rules look at, for one group.
pub struct Proposal<'a> {
    /// The K parents (L tokens each).
    pub parents: &'a [Vec<u32>],
    /// Taylor estimate of the reward after each substitution, [K, L, V_emb]; None for rules that
    /// don't need it (`top-prob`, `random`).
    pub estimate: Option<&'a Tensor>,
    /// Policy log-prob of each token at each position, teacher-forced on the parent with the
    /// sampling mask (banned = -inf), [K, L, V_emb]; needed by `taylor-gated` and `top-prob`.
    pub policy_logp: Option<&'a Tensor>,
    /// [V_emb] bool, true = never propose (banned by the game, or beyond the tokenizer's vocab).
    pub banned: &'a Tensor,
}

/// Substitutions a group can ever offer: K x L x (usable tokens - 1). `D` above this is an
/// input error (checked before training starts).
pub fn available_candidates(k: usize, l: usize, usable_tokens: usize) -> usize {
    k * l * usable_tokens.saturating_sub(1)
}

/// The [K, L, V] mask of valid substitutions: not banned, not beyond the tokenizer, not a no-op.
fn valid_mask(parents: &[Vec<u32>], banned: &Tensor, v: i64) -> Tensor {
    let k = parents.len() as i64;
    let l = parents[0].len() as i64;
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let ids = Tensor::from_slice(&flat)
        .view([k, l, 1])
        .to_device(banned.device());
    let noop = Tensor::zeros([k, l, v], (Kind::Bool, banned.device())).scatter_value(2, &ids, 1);
    let bad = noop.logical_or(&banned.view([1, 1, v]));
    bad.logical_not()
}

/// Select the children to verify (docs/method.md#step-5-gate-and-select). Returns at most `d`
/// distinct children (distinct as token sequences, and different from every parent), best
/// first. Fewer than `d` only when the gate leaves fewer valid candidates.
pub fn select(
    p: &Proposal,
    rule: Selection,
    scope: Scope,
    d: usize,
    tau: f64,
    seed: u64,
) -> Vec<Child> {
    let k = p.parents.len();
    let v = p.banned.size()[0];
    if rule == Selection::Random {
        return select_random(p, scope, d, seed);
    }
    let valid = valid_mask(p.parents, p.banned, v);
    let (score, estimate) = match rule {
        Selection::TaylorGated | Selection::Taylor => {
            let est = p
                .estimate
                .expect("taylor rules need the estimate")
                .to_kind(Kind::Double);
            (est.shallow_clone(), Some(est))
        }
        Selection::TopProb => (
            p.policy_logp
                .expect("top-prob needs the policy log-probs")
                .to_kind(Kind::Double),
            p.estimate.map(|e| e.to_kind(Kind::Double)),
        ),
        Selection::Random => unreachable!(),
    };
    let mut keep = valid;
    if rule == Selection::TaylorGated {
        let lp = p
            .policy_logp
            .expect("taylor-gated needs the policy log-probs");
        keep = keep.logical_and(&lp.to_kind(Kind::Double).gt(tau.ln()));
    }
    let masked = score.to_device(tch::Device::Cpu).masked_fill(
        &keep.to_device(tch::Device::Cpu).logical_not(),
        f64::NEG_INFINITY,
    );
    let estimate = estimate.map(|e| e.to_device(tch::Device::Cpu));
    let mut seen: Vec<Vec<u32>> = p.parents.to_vec();
    let mut out = Vec::new();
    match scope {
        Scope::Group => top_distinct(
            &masked.view([-1]),
            d,
            0,
            p,
            estimate.as_ref(),
            &mut seen,
            &mut out,
        ),
        Scope::Parent => {
            let per = d / k;
            for parent in 0..k {
                let row = masked.get(parent as i64).view([-1]);
                let offset = parent * p.parents[0].len() * v as usize;
                top_distinct(&row, per, offset, p, estimate.as_ref(), &mut seen, &mut out);
            }
        }
    }
    out
}

/// Walk `scores` (flattened [.., L, V] from `offset`) best first, keeping distinct children.
fn top_distinct(
    scores: &Tensor,
    want: usize,
    offset: usize,
    p: &Proposal,
    estimate: Option<&Tensor>,
    seen: &mut Vec<Vec<u32>>,
    out: &mut Vec<Child>,
) {
    let n = scores.size()[0] as usize;
    let l = p.parents[0].len();
    let v = p.banned.size()[0] as usize;
    let mut got = 0;
    // Duplicates are rare (identical parents); grow the window only when they eat into it.
    let mut window = (want * 2 + 8).min(n);
    let mut start = 0;
    while got < want && start < n {
        let (vals, idx) = scores.topk(window as i64, 0, true, true);
        let vals = Vec::<f64>::try_from(&vals).expect("f64 scores");
        let idx = Vec::<i64>::try_from(&idx).expect("indices");
        for (s, i) in vals.iter().zip(&idx).skip(start) {
            if got == want || *s == f64::NEG_INFINITY {
                return;
            }
            let flat = offset + *i as usize;
            let (parent, rest) = (flat / (l * v), flat % (l * v));
            let (pos, token) = (rest / v, (rest % v) as u32);
            let child = Child {
                parent,
                pos,
                token,
                rank_score: *s,
                estimate: estimate
                    .map(|e| e.double_value(&[parent as i64, pos as i64, token as i64])),
            };
            if keep_if_new(child, p.parents, seen, out) {
                got += 1;
            }
        }
        start = window;
        window = (window * 2).min(n);
        if start == n {
            return;
        }
    }
}

/// De-duplication shared by every rule: keep `child` only if its token sequence differs from
/// every group member and every child kept so far.
fn keep_if_new(
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
fn select_random(p: &Proposal, scope: Scope, d: usize, seed: u64) -> Vec<Child> {
    let k = p.parents.len();
    let l = p.parents[0].len();
    let banned = Vec::<bool>::try_from(&p.banned.to_device(tch::Device::Cpu)).expect("bool mask");
    let usable: Vec<u32> = (0..banned.len() as u32)
        .filter(|&t| !banned[t as usize])
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen: Vec<Vec<u32>> = p.parents.to_vec();
    let mut out = Vec::new();
    let quotas: Vec<(Option<usize>, usize)> = match scope {
        Scope::Group => vec![(None, d)],
        Scope::Parent => (0..k).map(|i| (Some(i), d / k)).collect(),
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
                estimate: p
                    .estimate
                    .map(|e| e.double_value(&[parent as i64, pos as i64, token as i64])),
            };
            if keep_if_new(child, p.parents, &mut seen, &mut out) {
                got += 1;
            }
        }
    }
    out
}

/// Step 6: for each parent, the index (into `children`) of its best child if that child's exact
/// score is strictly higher than the parent's; ties and losses keep the parent.
pub fn replacements(
    parent_scores: &[f64],
    children: &[Child],
    child_scores: &[f64],
) -> Vec<Option<usize>> {
    let mut best: Vec<Option<usize>> = vec![None; parent_scores.len()];
    for (c, child) in children.iter().enumerate() {
        let s = child_scores[c];
        let cur = best[child.parent].map_or(parent_scores[child.parent], |b| child_scores[b]);
        if s > cur {
            best[child.parent] = Some(c);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn banned(v: i64, ids: &[i64]) -> Tensor {
        let b = Tensor::zeros([v], (Kind::Bool, tch::Device::Cpu));
        if ids.is_empty() {
            b
        } else {
            b.index_fill(0, &Tensor::from_slice(ids), 1)
        }
    }

    /// Estimate tensor with a few chosen values, everything else very low.
    fn est(k: i64, l: i64, v: i64, entries: &[(i64, i64, i64, f64)]) -> Tensor {
        let t = Tensor::full([k, l, v], -100.0, (Kind::Double, tch::Device::Cpu));
        for &(a, b, c, x) in entries {
            let _ = t.get(a).get(b).get(c).fill_(x);
        }
        t
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
        let b = banned(6, &[5]);
        let p = Proposal {
            parents: &parents,
            estimate: Some(&e),
            policy_logp: None,
            banned: &b,
        };
        let c = select(&p, Selection::Taylor, Scope::Group, 3, 1e-4, 0);
        let got: Vec<(usize, usize, u32)> = c.iter().map(|c| (c.parent, c.pos, c.token)).collect();
        assert_eq!(got, vec![(0, 1, 3), (2, 0, 0), (2, 1, 2)]);
        assert_eq!(c[0].estimate, Some(8.0));
    }

    #[test]
    fn gate_drops_improbable_tokens() {
        let parents = vec![vec![0u32, 0]];
        let e = est(1, 2, 4, &[(0, 0, 1, 5.0), (0, 1, 2, 4.0), (0, 0, 3, 3.0)]);
        // The policy gives token 1 at position 0 probability 1e-6 (< tau), the rest 0.1.
        let lp = Tensor::full([1, 2, 4], 0.1f64.ln(), (Kind::Double, tch::Device::Cpu));
        let _ = lp.get(0).get(0).get(1).fill_(1e-6f64.ln());
        let b = banned(4, &[]);
        let p = Proposal {
            parents: &parents,
            estimate: Some(&e),
            policy_logp: Some(&lp),
            banned: &b,
        };
        let gated = select(&p, Selection::TaylorGated, Scope::Group, 2, 1e-4, 0);
        let got: Vec<(usize, u32)> = gated.iter().map(|c| (c.pos, c.token)).collect();
        assert_eq!(got, vec![(1, 2), (0, 3)]);
        let ungated = select(&p, Selection::Taylor, Scope::Group, 1, 1e-4, 0);
        assert_eq!((ungated[0].pos, ungated[0].token), (0, 1));
        // top-prob ranks by the policy prior only (no gate): the improbable token comes last,
        // no-ops never.
        let tp = select(&p, Selection::TopProb, Scope::Group, 6, 1e-4, 0);
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
        let b = banned(5, &[]);
        let p = Proposal {
            parents: &parents,
            estimate: Some(&e),
            policy_logp: None,
            banned: &b,
        };
        let c = select(&p, Selection::Taylor, Scope::Parent, 4, 1e-4, 0);
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
    fn random_is_seeded_valid_and_distinct() {
        let parents = vec![vec![1u32, 2, 3], vec![4, 5, 6]];
        let b = banned(10, &[7, 8]);
        let p = Proposal {
            parents: &parents,
            estimate: None,
            policy_logp: None,
            banned: &b,
        };
        let a = select(&p, Selection::Random, Scope::Group, 20, 1e-4, 7);
        let a2 = select(&p, Selection::Random, Scope::Group, 20, 1e-4, 7);
        assert_eq!(a, a2);
        assert_eq!(a.len(), 20);
        let mut seqs: Vec<Vec<u32>> = a.iter().map(|c| c.tokens(&parents)).collect();
        assert!(a.iter().all(|c| c.token != 7 && c.token != 8));
        assert!(a.iter().all(|c| parents[c.parent][c.pos] != c.token));
        seqs.sort();
        seqs.dedup();
        assert_eq!(seqs.len(), 20);
    }

    #[test]
    fn replacement_only_when_strictly_better() {
        let mk = |parent| Child {
            parent,
            pos: 0,
            token: 0,
            rank_score: 0.0,
            estimate: None,
        };
        let children = vec![mk(0), mk(0), mk(1), mk(2)];
        let r = replacements(&[1.0, 2.0, 3.0], &children, &[1.5, 1.7, 2.0, 2.5]);
        // parent 0 -> best child 1 (1.7); parent 1 tie -> kept; parent 2 worse -> kept.
        assert_eq!(r, vec![Some(1), None, None]);
    }

    #[test]
    fn candidate_count() {
        assert_eq!(available_candidates(4, 8, 100), 4 * 8 * 99);
    }
}
