//! Step 2, the one sampler of groups: K moves per assignment from the policy, with each
//! assignment's mask and word rule (game API 0.2.0, applied token by token), the entropy of the
//! distribution each token was drawn from and, when asked, the logits (Frost's gate reads them).
//! Training, evaluation and the selection study all sample here.

use tch::{Kind, Tensor};

use crate::model::{self, CausalLm, SampleRequest, SamplingParams, StepBan, Stranded};
use crate::round::{Assignment, AssignmentError};

/// K moves per assignment, row a*K + j = assignment a's j-th move.
pub struct GroupSamples {
    pub moves: Vec<Vec<u32>>,
    /// Each move's mean per-token entropy (nats) of the distribution its tokens were drawn from.
    pub entropy: Vec<f64>,
    /// [A*K, L, V_emb] on the policy's device, when asked for.
    pub logits: Option<Tensor>,
}

/// [`sample_groups`] from `policy` with the run's sampling settings, as training, evaluation and the
/// selection study sample: a row left with no legal token, or a move that breaks its word
/// rule, is an error naming the game.
pub fn sample_checked(
    s: &super::Setup,
    policy: &CausalLm,
    assignments: &[&Assignment],
    k: usize,
    seeds: &[u64],
    keep_logits: bool,
) -> Result<GroupSamples, AssignmentError> {
    let (game, tok) = (&s.dealer.game_name, &s.model.tokenizer);
    let params = sampling_params(&s.cfg);
    let sampled =
        sample_groups(policy, assignments, k, &params, seeds, keep_logits).map_err(|e| {
            AssignmentError::NoLegalToken {
                game: game.clone(),
                position: e.position,
                len: assignments[0].move_len,
                so_far: frost_sdk::rules::quoted(&tok.decode(&e.so_far)),
            }
        })?;
    crate::round::check_sampled(assignments, &sampled.moves, k, game, tok)?;
    Ok(sampled)
}

/// Sample `k` moves for each of `assignments` (all with the same move length), assignment i's
/// drawn with `seeds[i]`.
pub fn sample_groups(
    net: &CausalLm,
    assignments: &[&Assignment],
    k: usize,
    params: &SamplingParams,
    seeds: &[u64],
    keep_logits: bool,
) -> Result<GroupSamples, Stranded> {
    let _guard = tch::no_grad_guard();
    let prompts: Vec<Vec<i64>> = assignments.iter().map(|a| a.prompt_ids.clone()).collect();
    let banned: Vec<Tensor> = assignments
        .iter()
        .map(|a| a.banned.shallow_clone())
        .collect();
    let banned = Tensor::stack(&banned, 0);
    let step_ban = |row: usize, so_far: &[u32], remaining: usize| {
        let rule = assignments[row / k].words.as_ref()?;
        Some(rule.next_token_ban(so_far, remaining))
    };
    let any_rule = assignments.iter().any(|a| a.words.is_some());
    let len = assignments[0].move_len;
    let mut req = SampleRequest::new(&prompts, k, len, params, &banned, seeds);
    req.keep_logits = keep_logits;
    req.step_ban = any_rule.then_some(&step_ban as StepBan);
    let out = model::sample(net, &req)?;
    let entropy = out.entropy.mean_dim(1, false, Kind::Double);
    Ok(GroupSamples {
        moves: rows_u32(&out.tokens),
        entropy: crate::instrument::sync::to_f64s(&entropy),
        logits: out.logits,
    })
}

/// The sampling settings of a config's `[sampling]`.
pub fn sampling_params(cfg: &crate::config::TrainConfig) -> SamplingParams {
    SamplingParams {
        temperature: cfg.sampling.temperature,
        top_p: cfg.sampling.top_p,
        top_k: cfg.sampling.top_k,
    }
}

fn rows_u32(t: &Tensor) -> Vec<Vec<u32>> {
    let (n, l) = (t.size()[0] as usize, t.size()[1] as usize);
    let flat = crate::instrument::sync::to_i64s(t);
    (0..n)
        .map(|r| flat[r * l..(r + 1) * l].iter().map(|&x| x as u32).collect())
        .collect()
}

/// The exact scores of one move `policy` samples on `asg` (seeded), checked term by term
/// ([`crate::round::checks::check_scores`]): a game whose weights overflow is refused before
/// training, in one line naming the term, instead of skipping every step. Training checks its
/// first assignment, `game-check` its round. Returns the score.
pub fn check_sampled_scores(
    cfg: &crate::config::TrainConfig,
    policy: &CausalLm,
    judge: &CausalLm,
    asg: &Assignment,
    (game, tok): (&str, &crate::model::Tok),
    seed: u64,
) -> Result<f64, AssignmentError> {
    let params = sampling_params(cfg);
    let sampled = sample_groups(policy, &[asg], 1, &params, &[seed], false).map_err(|e| {
        AssignmentError::NoLegalToken {
            game: game.to_string(),
            position: e.position,
            len: asg.move_len,
            so_far: frost_sdk::rules::quoted(&tok.decode(&e.so_far)),
        }
    })?;
    exact_score(judge, asg, &sampled.moves[0], game)
}

/// The exact score of the move `mv` on `asg` (penalties included), checked term by term as
/// [`check_sampled_scores`] checks a sampled one: what `game-check --validate` scores a
/// manifest's reference move with.
pub fn exact_score(
    judge: &CausalLm,
    asg: &Assignment,
    mv: &[u32],
    game: &str,
) -> Result<f64, AssignmentError> {
    let sums = crate::judge::term_sums(judge, &asg.program, &[mv.to_vec()]);
    crate::round::checks::check_scores(&asg.program, &sums[0]).map_err(|source| {
        AssignmentError::Round {
            game: game.to_string(),
            source,
        }
    })?;
    Ok(crate::judge::penalty::combine(&asg.program, &sums[0]))
}
