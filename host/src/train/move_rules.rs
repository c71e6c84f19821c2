//! Game API 0.2.0's word rules in a training step (see move_words.rs): the per-step bans for
//! sampling, and the substitutions Frost may not propose. Kept apart from step.rs, which calls
//! these at the two places a move is made.

use tch::{Kind, Tensor};

use crate::assignments::Assignment;
use crate::frost::Child;
use crate::model::{self, Qwen3, SamplingParams};

/// `model::sample` for `assignments` (row a*K + j = assignment a's j-th move), with each
/// assignment's word rule applied token by token when it has one.
pub fn sample(
    net: &Qwen3,
    assignments: &[Assignment],
    prompts: &[Vec<i64>],
    k: usize,
    params: &SamplingParams,
    banned: &Tensor,
    seed: u64,
) -> Tensor {
    let l = assignments[0].move_len;
    if assignments.iter().all(|a| a.words.is_none()) {
        return model::sample(net, prompts, k, l, params, banned, seed);
    }
    let step_ban = |row: usize, so_far: &[u32], remaining: usize| {
        let rule = assignments[row / k].words.as_ref()?;
        Some(rule.next_token_ban(so_far, remaining))
    };
    model::sample_constrained(net, prompts, k, l, params, banned, seed, &step_ban)
}

/// Sets the substitutions that would break the assignment's word rule to -inf in Frost's
/// ranking tensors ([K, L, V] on the CPU: the Taylor estimate, the policy log-probs), so the
/// selection rules never take one.
pub fn mask_ranking(asg: &Assignment, parents: &[Vec<u32>], ranking: &mut [&mut Option<Tensor>]) {
    let Some(rule) = &asg.words else { return };
    let (k, l) = (parents.len(), parents[0].len());
    let Some(v) = ranking
        .iter()
        .find_map(|t| t.as_ref().map(|t| t.size()[2] as usize))
    else {
        return;
    };
    let mut ban = vec![false; k * l * v];
    for (p, parent) in parents.iter().enumerate() {
        for i in 0..l {
            let m = rule.substitution_ban(parent, i);
            let row = &mut ban[(p * l + i) * v..(p * l + i + 1) * v];
            for (b, &x) in row.iter_mut().zip(m.iter()) {
                *b = x;
            }
        }
    }
    let ban = Tensor::from_slice(&ban)
        .view([k as i64, l as i64, v as i64])
        .to_kind(Kind::Bool);
    for t in ranking.iter_mut() {
        if let Some(t) = t.as_mut() {
            *t = t.masked_fill(&ban.to_device(t.device()), f64::NEG_INFINITY);
        }
    }
}

/// The children that keep the word rule (all of them when there is none). The ranked
/// selection rules never propose one that breaks it (see [`mask_ranking`]); this also holds
/// the `random` control to the rule, which may then verify fewer than `frost.d` children.
pub fn keep_legal(asg: &Assignment, parents: &[Vec<u32>], children: Vec<Child>) -> Vec<Child> {
    match &asg.words {
        None => children,
        Some(rule) => (children.into_iter())
            .filter(|c| rule.allows(&c.tokens(parents)))
            .collect(),
    }
}
