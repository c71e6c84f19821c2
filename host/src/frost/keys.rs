//! What each selection rule ranks by: a key over every substitution (k, i, v) of the group,
//! [K, L, V] f64 on the proposal's device, -inf where the candidate is invalid (no-op, banned,
//! padding) or gated out. docs/method.md#selection-rules lists the keys.

use tch::{Kind, Tensor};

use super::{Knobs, Proposal, TaylorView};
use crate::config::Selection;

/// The Taylor estimate's parts: R~(k, i, v) = R(y_k) + linear + target.
pub struct TaylorParts {
    /// g_i . E_v - g_i . E_{y_i}: the gradient's first-order estimate of the change to the
    /// later move tokens and the suffix, [K, L, V] f64.
    pub linear: Tensor,
    /// T(k, i, v), the exact change of the substituted token's own log-prob, [K, L, V] f64.
    pub target: Tensor,
}

/// Split the estimate into its parts (f64, on the estimate's device).
pub fn taylor_parts(t: &TaylorView) -> TaylorParts {
    let est = t.estimate.to_kind(Kind::Double);
    let target = t.target_term.to_kind(Kind::Double);
    let k = t.scores.len() as i64;
    let base = Tensor::from_slice(t.scores)
        .view([k, 1, 1])
        .to_device(est.device());
    let linear = est - base - &target;
    TaylorParts { linear, target }
}

/// The ranking key of `rule` over every substitution, invalid and gated-out ones at -inf.
/// `random` has no key (all valid candidates 0).
pub fn ranking_key(p: &Proposal, rule: Selection, knobs: &Knobs) -> Tensor {
    // On the device the proposal lives on (the model's): only the picked candidates are read.
    let dev = p.banned.device();
    let taylor = || p.taylor.expect("this rule needs the Taylor proposal");
    let prior = || {
        p.policy_logp
            .expect("this rule needs the policy's log-probs")
            .to_device(dev)
            .to_kind(Kind::Double)
    };
    // T + w * linear: the estimated improvement over the parent, linear term weighted.
    let gain = || {
        let parts = taylor_parts(&taylor());
        parts.target + parts.linear * knobs.linear_weight
    };
    let key = match rule {
        Selection::Taylor | Selection::TaylorGated | Selection::Gcg => {
            taylor().estimate.to_kind(Kind::Double)
        }
        Selection::TopProb => prior(),
        Selection::TaylorGain => gain(),
        Selection::PriorTaylor => prior() + gain() * knobs.taylor_weight,
        Selection::Random => {
            let (k, l) = (p.parents.len() as i64, p.parents[0].len() as i64);
            Tensor::zeros([k, l, p.banned.size()[0]], (Kind::Double, dev))
        }
    };
    let mut keep = valid_mask(p.parents, p.banned);
    if let Some(ban) = p.substitution_ban {
        keep = keep.logical_and(&ban.to_device(dev).logical_not());
    }
    if matches!(rule, Selection::TaylorGated | Selection::TaylorGain) {
        keep = keep.logical_and(&prior().gt(knobs.tau.ln()));
    }
    key.masked_fill(&keep.logical_not(), f64::NEG_INFINITY)
}

/// The [K, L, V] mask of valid substitutions: not banned, not beyond the tokenizer, not a no-op
/// (on `banned`'s device).
fn valid_mask(parents: &[Vec<u32>], banned: &Tensor) -> Tensor {
    let dev = banned.device();
    let v = banned.size()[0];
    let k = parents.len() as i64;
    let l = parents[0].len() as i64;
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let ids = Tensor::from_slice(&flat).view([k, l, 1]).to_device(dev);
    let noop = Tensor::zeros([k, l, v], (Kind::Bool, dev)).scatter_value(2, &ids, 1);
    noop.logical_or(&banned.view([1, 1, v])).logical_not()
}
