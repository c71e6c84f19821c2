//! The scored tokens of a batch of judge sequences: where they are, and the per-row sums of
//! their log-probs (with the per-token CE clamp).

use tch::{Kind, Tensor};

use crate::model::CausalLm;

/// One sequence to score: its ids, which are scored, and its per-token CE clamp.
pub(super) type Scored<'a> = (&'a [i64], &'a [bool], Option<f64>);

/// Flat indices (into [B*T]) of the positions predicting scored tokens, their targets, the
/// row each belongs to and its log-prob floor (`-clamp`, or -inf).
fn scored_rows(seqs: &[Scored], t: usize) -> (Vec<i64>, Vec<i64>, Vec<i64>, Vec<f32>) {
    let (mut at, mut target, mut row, mut floor) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (r, (ids, scored, clamp)) in seqs.iter().enumerate() {
        for p in 1..ids.len() {
            if scored[p] {
                at.push((r * t + p - 1) as i64);
                target.push(ids[p]);
                row.push(r as i64);
                floor.push(clamp.map_or(f32::NEG_INFINITY, |c| -c as f32));
            }
        }
    }
    (at, target, row, floor)
}

/// Per-row sums of log p(target) at the scored positions of `hidden` [B, T, H] (f64 values,
/// keeps the graph when grad mode is on through `scored_sums_tensor`).
pub(super) fn scored_sums(judge: &CausalLm, hidden: &Tensor, ix: &ScoredIndex) -> Vec<f64> {
    let sums = scored_sums_tensor(judge, hidden, ix);
    crate::instrument::sync::to_f64s(&sums)
}

/// Where a batch's scored tokens are, on the device before its forward is queued (a host-to-
/// device copy made after would wait for the forward to finish): the flat positions [B*T]
/// predicting them, their targets, their rows and their log-prob floors.
pub(super) struct ScoredIndex {
    rows: i64,
    at: Tensor,
    target: Tensor,
    row: Tensor,
    /// `-clamp` per scored token (-inf where unclamped); None when nothing is clamped.
    floor: Option<Tensor>,
}

impl ScoredIndex {
    /// For `seqs` padded to `t` tokens, on `dev`.
    pub(super) fn new(seqs: &[Scored], t: usize, dev: tch::Device) -> Self {
        let (at, target, row, floor) = scored_rows(seqs, t);
        let upload = |v: &[i64]| Tensor::from_slice(v).to_device(dev);
        let clamped = floor.iter().any(|f| f.is_finite());
        ScoredIndex {
            rows: seqs.len() as i64,
            at: upload(&at),
            target: upload(&target),
            row: upload(&row),
            floor: clamped.then(|| Tensor::from_slice(&floor).to_device(dev)),
        }
    }
}

/// A scored token adds `max(log p, -clamp)` = `-min(CE, clamp)`: zero gradient where clamped.
pub(super) fn scored_sums_tensor(judge: &CausalLm, hidden: &Tensor, ix: &ScoredIndex) -> Tensor {
    let (b, t, h) = {
        let s = hidden.size();
        (s[0], s[1], s[2])
    };
    debug_assert_eq!(b, ix.rows);
    let dev = hidden.device();
    if ix.at.size()[0] == 0 {
        return Tensor::zeros([b], (Kind::Float, dev));
    }
    let at = hidden.view([b * t, h]).index_select(0, &ix.at);
    let mut lp = judge.token_logprobs(&at, &ix.target);
    if let Some(floor) = &ix.floor {
        lp = lp.maximum(&floor.to_kind(lp.kind()));
    }
    Tensor::zeros([b], (lp.kind(), dev)).index_add(0, &ix.row, &lp)
}
