//! Game API 0.2.0's penalties: a constraint `g >= threshold` on a judge quantity, with `g`
//! a weighted sum of judge terms as the reward is, costs the reward
//! `weight * max(0, threshold - g)` (nats). Zero while the constraint holds, a hinge in its
//! violation otherwise; the exact score, Frost's gate and the Taylor proposal (the gradient
//! of the same expression) all see it. A term's sum here is unweighted (`sum log p` over its
//! scored tokens); its weight is applied when the sums are combined.

use frost_sdk::types::JudgeProgram;
use tch::{Kind, Tensor};

use super::CompiledProgram;

/// A penalty's threshold and weight; its terms are the program's terms tagged with its index.
#[derive(Clone, Debug, PartialEq)]
pub struct PenaltySpec {
    pub threshold: f64,
    pub weight: f64,
}

pub fn specs(program: &JudgeProgram) -> Vec<PenaltySpec> {
    program
        .penalties
        .iter()
        .map(|p| PenaltySpec {
            threshold: p.threshold,
            weight: p.weight,
        })
        .collect()
}

/// Each penalty's `g` from the terms' unweighted sums.
fn quantities(prog: &CompiledProgram, sums: &[f64]) -> Vec<f64> {
    let mut g = vec![0.0; prog.penalties.len()];
    for (t, s) in prog.terms.iter().zip(sums) {
        if let Some(p) = t.penalty {
            g[p] += t.weight * s;
        }
    }
    g
}

/// The reward from every term's unweighted sum: the reward terms weighted, minus the hinges.
pub fn combine(prog: &CompiledProgram, sums: &[f64]) -> f64 {
    let reward: f64 = (prog.terms.iter().zip(sums))
        .filter(|(t, _)| t.penalty.is_none())
        .map(|(t, s)| t.weight * s)
        .sum();
    let g = quantities(prog, sums);
    let hinges: f64 = (prog.penalties.iter().zip(g))
        .map(|(p, g)| p.weight * (p.threshold - g).max(0.0))
        .sum();
    reward - hinges
}

/// [`combine`] on tensors: `sums[j]` is term j's [K] sums (with graph for move terms), the
/// result [K] is differentiable (the hinge's gradient is 0 where the constraint holds).
#[allow(
    clippy::assign_op_pattern,
    reason = "`+=` on a Tensor is in-place; new tensors keep the graph plain"
)]
pub fn combine_tensor(prog: &CompiledProgram, sums: &[Tensor]) -> Tensor {
    let mut reward = sums[0].zeros_like();
    let mut g: Vec<Tensor> = prog
        .penalties
        .iter()
        .map(|_| sums[0].zeros_like())
        .collect();
    for (t, s) in prog.terms.iter().zip(sums) {
        match t.penalty {
            None => reward = reward + s * t.weight,
            Some(p) => g[p] = &g[p] + s * t.weight,
        }
    }
    for (p, g) in prog.penalties.iter().zip(g) {
        let violation = (g.neg() + p.threshold).clamp_min(0.0);
        reward = reward - violation * p.weight;
    }
    reward
}

/// Per term and row, the reward's local slope in that term's sum: the term's weight for a
/// reward term; for a penalty term, its weight times the penalty's weight where the
/// constraint is violated, 0 where it holds. [K, T] (f32). The Taylor proposal weighs the
/// exact target change of each term by it.
pub fn slopes(prog: &CompiledProgram, sums: &[Vec<f64>]) -> Tensor {
    let k = sums.len();
    let n = prog.terms.len();
    let mut out = vec![0f32; k * n];
    for (r, row) in sums.iter().enumerate() {
        let g = quantities(prog, row);
        for (j, t) in prog.terms.iter().enumerate() {
            out[r * n + j] = match t.penalty {
                None => t.weight,
                Some(p) if g[p] < prog.penalties[p].threshold => {
                    t.weight * prog.penalties[p].weight
                }
                Some(_) => 0.0,
            } as f32;
        }
    }
    Tensor::from_slice(&out)
        .view([k as i64, n as i64])
        .to_kind(Kind::Float)
}
