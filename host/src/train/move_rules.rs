//! Game API 0.2.0's word rules in a training step (see move_words.rs): the per-step bans for
//! sampling, and the substitutions Frost may not propose. Kept apart from step.rs, which calls
//! these at the two places a move is made.

use tch::{Kind, Tensor};

use crate::assignments::Assignment;
use crate::frost::Child;
use crate::model::{self, Qwen3, Sampled, SamplingParams};

/// `model::sample_full` for `assignments` (row a*K + j = assignment a's j-th move), with each
/// assignment's word rule applied token by token when it has one.
pub fn sample(
    net: &Qwen3,
    assignments: &[Assignment],
    k: usize,
    params: &SamplingParams,
    seed: u64,
    keep_logits: bool,
) -> Sampled {
    let l = assignments[0].move_len;
    let prompts: &[Vec<i64>] = &assignments
        .iter()
        .map(|a| a.prompt_ids.clone())
        .collect::<Vec<_>>();
    let banned = &Tensor::stack(
        &assignments
            .iter()
            .map(|a| a.banned.shallow_clone())
            .collect::<Vec<_>>(),
        0,
    );
    if assignments.iter().all(|a| a.words.is_none()) {
        return model::sample_full(net, prompts, k, l, params, banned, seed, None, keep_logits);
    }
    let step_ban = |row: usize, so_far: &[u32], remaining: usize| {
        let rule = assignments[row / k].words.as_ref()?;
        Some(rule.next_token_ban(so_far, remaining))
    };
    let step_ban: model::StepBan = &step_ban;
    model::sample_full(
        net,
        prompts,
        k,
        l,
        params,
        banned,
        seed,
        Some(step_ban),
        keep_logits,
    )
}

/// The substitutions that would break the assignment's word rule, [K, L, V_emb] bool on the
/// CPU (true = breaks it), for Frost's selection to rule out; None when there is no rule.
pub fn substitution_ban(asg: &Assignment, parents: &[Vec<u32>]) -> Option<Tensor> {
    let rule = asg.words.as_ref()?;
    let (k, l) = (parents.len(), parents[0].len());
    let v = asg.banned.size()[0] as usize;
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
    Some(
        Tensor::from_slice(&ban)
            .view([k as i64, l as i64, v as i64])
            .to_kind(Kind::Bool),
    )
}

/// The children that keep the word rule (all of them when there is none). The ranked
/// selection rules never propose one that breaks it (see [`substitution_ban`]); this also holds
/// the `random` control to the rule, which may then verify fewer than `frost.d` children.
pub fn keep_legal(asg: &Assignment, parents: &[Vec<u32>], children: Vec<Child>) -> Vec<Child> {
    match &asg.words {
        None => children,
        Some(rule) => (children.into_iter())
            .filter(|c| rule.allows(&c.tokens(parents)))
            .collect(),
    }
}
