//! One training step, as numbered in docs/method.md ("One Frost-GRPO step"): deal, sample K,
//! judge scores, Frost's round (Taylor -> gate -> top-D -> verify -> replace), advantages and
//! the update. `train_step` reads top to bottom; the helpers follow it.

use std::time::Instant;

use tch::{Device, Kind, Tensor};

use super::metrics::{
    BudgetMetrics, FrostMetrics, PhaseTimes, RefinedMetrics, SampledAssignment, SampledMetrics,
    SampledMove, SamplesLine, StepMetrics,
};
use super::setup::Setup;
use super::{TrainError, STREAM_DEAL, STREAM_FROST, STREAM_SAMPLE, STREAM_TORCH};
use crate::assignments::{derive_seed, Assignment};
use crate::config::{Refinement, TrainConfig};
use crate::frost::{self, Child, Knobs, Proposal, TaylorView};
use crate::grpo;

use crate::judge::{self, Budget};
use crate::model::{self, Qwen3, SamplingParams};
use crate::optim::AdamW;
use crate::phases;

/// What one step produced: its metrics line and its samples line.
pub struct StepOut {
    pub metrics: StepMetrics,
    pub samples: SamplesLine,
}

/// A group after (optional) refinement: the moves trained on and what happened to them.
pub struct Group {
    pub moves: Vec<Vec<u32>>,
    pub scores: Vec<f64>,
    /// For each member replaced by Frost: Some((the sampled move, its score)).
    pub replaced: Vec<Option<(Vec<u32>, f64)>>,
    /// Distinct children verified over all rounds.
    pub children: usize,
}

/// One optimizer step.
pub fn train_step(s: &mut Setup, opt: &mut AdamW, step: u64) -> Result<StepOut, TrainError> {
    let cfg = s.cfg.clone();
    let seed = |stream, index: usize| derive_seed(cfg.seed, step, stream, index as u64);
    let (a_n, k) = (cfg.sampling.assignments_per_step, cfg.sampling.k);
    let mut time = PhaseTimes::default();
    let t_step = Instant::now();
    phases::begin_step();
    tch::manual_seed(seed(STREAM_TORCH, 0) as i64);

    // 1. Deal A assignments from the training split.
    let assignments = (0..a_n)
        .map(|i| {
            s.dealer
                .deal(&s.model.tokenizer, &s.train_split, seed(STREAM_DEAL, i))
        })
        .collect::<Result<Vec<Assignment>, _>>()?;

    // 2. Sample K moves per assignment from the policy (adapters on), with the entropy of the
    // distribution each token was drawn from (the diversity figure that compares across
    // methods: the policy's own samples, before Frost's children join the group), keeping the
    // logits the gate of Frost's first round needs (the policy's log-probs of these very moves).
    let t = Instant::now();
    phases::enter("sample");
    let (params, sample_seed) = (sampling_params(&cfg), seed(STREAM_SAMPLE, 0));
    let needs = FirstRound::needs(&cfg);
    let net = &s.model.net;
    let (sampled, sampled_entropy, logits) =
        sample_batch(net, &assignments, k, &params, sample_seed, needs.policy);
    time.sample_s = secs(t);

    // 3. Exact judge scores: one judge sequence per distinct move and move term. With a Taylor
    // rule, the first round's Taylor pass runs these moves through the judge anyway, so its
    // forward gives the scores (timed as Taylor; budgets count the same forwards).
    let t = Instant::now();
    phases::enter(if needs.taylor { "taylor" } else { "score" });
    let mut budget = Budget::default();
    let (mut groups, first) = score_sampled(s, &assignments, &sampled, logits, &mut budget);
    *if needs.taylor {
        &mut time.taylor_s
    } else {
        &mut time.score_s
    } = secs(t);
    let forwards_sampled = budget.forwards;
    let sampled_scores: Vec<Vec<f64>> = groups.iter().map(|g| g.scores.clone()).collect();

    // 4-6. Frost: Taylor proposal -> gate -> top-D -> verify -> replace (GRPO: nothing).
    if cfg.frost.refinement == Refinement::Frost {
        let rounds = assignments.iter().zip(groups.iter_mut()).zip(first);
        for (a, ((asg, group), mut reuse)) in rounds.enumerate() {
            for round in 0..cfg.frost.rounds {
                let round_seed = seed(STREAM_FROST, a * 1000 + round);
                let (taylor_s, verify_s) =
                    frost_round(s, asg, group, round_seed, &mut budget, &mut reuse);
                time.taylor_s += taylor_s;
                time.verify_s += verify_s;
            }
        }
    }

    // 7. Advantages over the final scores, the loss, one AdamW step.
    let t = Instant::now();
    phases::enter("update");
    let final_scores: Vec<Vec<f64>> = groups.iter().map(|g| g.scores.clone()).collect();
    // (The authors' REINFORCE uses a plain group-mean baseline: normalize_std = false.)
    let adv = grpo::advantages(&final_scores, cfg.update.normalize_std);
    let update = super::update::update(s, opt, &assignments, &groups, &adv);
    time.update_s = secs(t);
    phases::leave();
    time.step_s = secs(t_step);

    let sampled_groups: Vec<&[Vec<u32>]> = sampled.chunks(k).collect();
    let entropy = sampled_entropy.iter().sum::<f64>() / sampled_entropy.len() as f64;
    let n = cfg.eval.train_best_of;
    let sampled_m = SampledMetrics::over(&sampled_scores, &sampled_groups, entropy, n);
    let refined = RefinedMetrics::over(&final_scores);
    let metrics = StepMetrics {
        step,
        frost: frost_metrics(&groups, refined.mean - sampled_m.mean, k),
        budget: budget_metrics(&budget, forwards_sampled, a_n),
        sampled: sampled_m,
        refined,
        update,
        time,
    };
    let samples = samples_line(s, step, &assignments, &groups, &sampled_scores);
    Ok(StepOut { metrics, samples })
}

/// What Frost's first round takes from the sampling and scoring phases instead of recomputing:
/// the Taylor pass over the sampled moves (whose forward gave their scores) and the gate's policy
/// log-probs of them (from the sampler's logits). Later rounds, whose parents may have been
/// replaced, compute both.
#[derive(Default)]
pub struct FirstRound {
    pub taylor: Option<judge::Taylor>,
    /// [K, L, V_emb]: the logits the sampler drew the group's moves from (on its device).
    pub policy_logits: Option<Tensor>,
}

/// Which of [`FirstRound`]'s parts a config's step uses.
struct Needs {
    taylor: bool,
    policy: bool,
}

impl FirstRound {
    fn needs(cfg: &TrainConfig) -> Needs {
        let frost = cfg.frost.refinement == Refinement::Frost && cfg.frost.rounds > 0;
        let rule = cfg.frost.selection;
        Needs {
            taylor: frost && rule.needs_taylor(),
            policy: frost && rule.needs_policy(),
        }
    }
}

/// Step 3 for every group: the sampled moves' exact scores, from the judge or (with a Taylor
/// rule) from the first round's Taylor pass, and what that round reuses.
fn score_sampled(
    s: &Setup,
    assignments: &[Assignment],
    sampled: &[Vec<u32>],
    logits: Option<Tensor>,
    budget: &mut Budget,
) -> (Vec<Group>, Vec<FirstRound>) {
    let (k, chunk) = (s.cfg.sampling.k, s.cfg.frost.taylor_chunk);
    let needs = FirstRound::needs(&s.cfg);
    let mut first = Vec::with_capacity(assignments.len());
    let mut groups = Vec::with_capacity(assignments.len());
    for (a, (asg, moves)) in assignments.iter().zip(sampled.chunks(k)).enumerate() {
        let mut reuse = FirstRound::default();
        let scores = if needs.taylor {
            let taylor = taylor_in_chunks(s.judge(), &asg.program, moves, chunk, budget);
            budget.forwards += judge::sequences_scored(&asg.program, moves);
            let scores = taylor.score.clone();
            reuse.taylor = Some(taylor);
            scores
        } else {
            judge::score(s.judge(), &asg.program, moves, budget)
        };
        reuse.policy_logits = logits
            .as_ref()
            .map(|l| l.narrow(0, (a * k) as i64, k as i64));
        first.push(reuse);
        groups.push(Group::sampled(moves.to_vec(), scores));
    }
    (groups, first)
}

impl Group {
    fn sampled(moves: Vec<Vec<u32>>, scores: Vec<f64>) -> Self {
        let k = moves.len();
        Group {
            moves,
            scores,
            replaced: vec![None; k],
            children: 0,
        }
    }
}

fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

pub(super) fn sampling_params(cfg: &TrainConfig) -> SamplingParams {
    SamplingParams {
        temperature: cfg.sampling.temperature,
        top_p: cfg.sampling.top_p,
        top_k: cfg.sampling.top_k,
    }
}

/// K moves per assignment, row a*K + j = assignment a's j-th move.
pub fn sample_moves(
    net: &Qwen3,
    assignments: &[Assignment],
    k: usize,
    params: &SamplingParams,
    seed: u64,
) -> Vec<Vec<u32>> {
    sample_batch(net, assignments, k, params, seed, false).0
}

/// As [`sample_moves`], and each move's mean per-token entropy (nats) of the distribution its
/// tokens were drawn from.
pub fn sample_moves_with_entropy(
    net: &Qwen3,
    assignments: &[Assignment],
    k: usize,
    params: &SamplingParams,
    seed: u64,
) -> (Vec<Vec<u32>>, Vec<f64>) {
    let (moves, entropy, _) = sample_batch(net, assignments, k, params, seed, false);
    (moves, entropy)
}

/// As [`sample_moves_with_entropy`], with `keep_logits` also the logits each token was drawn
/// from, [A*K, L, V_emb] (the same draws either way).
fn sample_batch(
    net: &Qwen3,
    assignments: &[Assignment],
    k: usize,
    params: &SamplingParams,
    seed: u64,
    keep_logits: bool,
) -> (Vec<Vec<u32>>, Vec<f64>, Option<Tensor>) {
    let _guard = tch::no_grad_guard();
    // (Word rules, game API 0.2.0, are applied token by token: move_rules.rs.)
    let out = super::move_rules::sample(net, assignments, k, params, seed, keep_logits);
    let entropy = out
        .entropy
        .mean_dim(1, false, Kind::Double)
        .to_device(Device::Cpu);
    (
        rows_u32(&out.tokens),
        Vec::<f64>::try_from(&entropy).expect("f64 entropies"),
        out.logits,
    )
}

/// The gate's log pi over the vocabulary from the sampler's logits of one group [K, L, V_emb]:
/// what [`policy_full_logprobs`] computes with a teacher-forced forward (the same network, the
/// same mask and temperature; equal up to float rounding).
fn gate_logprobs(net: &Qwen3, asg: &Assignment, logits: &Tensor, temperature: f64) -> Tensor {
    let _guard = tch::no_grad_guard();
    let banned = asg
        .banned
        .unsqueeze(0)
        .expand([logits.size()[0], -1], false);
    model::logprobs_from_logits(net, logits, &banned, temperature)
}

fn rows_u32(t: &Tensor) -> Vec<Vec<u32>> {
    let (n, l) = (t.size()[0] as usize, t.size()[1] as usize);
    let flat =
        Vec::<i64>::try_from(&t.to_device(Device::Cpu).contiguous().view([-1])).expect("i64 moves");
    (0..n)
        .map(|r| flat[r * l..(r + 1) * l].iter().map(|&x| x as u32).collect())
        .collect()
}

pub(super) fn moves_tensor(moves: &[Vec<u32>], device: Device) -> Tensor {
    let l = moves[0].len() as i64;
    let flat: Vec<i64> = moves.iter().flatten().map(|&t| t as i64).collect();
    Tensor::from_slice(&flat)
        .view([moves.len() as i64, l])
        .to_device(device)
}

/// One Frost mutation round on one group: propose, gate, select, verify, replace. `reuse`
/// holds what the first round takes from the sampling and scoring phases (taken, so a second
/// round computes its own). Returns (proposal seconds, verification seconds).
pub fn frost_round(
    s: &Setup,
    asg: &Assignment,
    group: &mut Group,
    seed: u64,
    budget: &mut Budget,
    reuse: &mut FirstRound,
) -> (f64, f64) {
    let cfg = &s.cfg;
    let t = Instant::now();
    phases::enter("taylor");
    // 4. Taylor proposal R~(k, i, v) from one judge backward (rules that rank by it).
    let rule = cfg.frost.selection;
    let chunk = cfg.frost.taylor_chunk;
    let taylor = rule.needs_taylor().then(|| {
        reuse.taylor.take().unwrap_or_else(|| {
            taylor_in_chunks(s.judge(), &asg.program, &group.moves, chunk, budget)
        })
    });
    // 5. Gate and select: the policy's pi(v | prompt, y_<i) (rules that need it), top-D.
    let policy = rule.needs_policy().then(|| {
        let temperature = cfg.sampling.temperature;
        match reuse.policy_logits.take() {
            Some(logits) => gate_logprobs(&s.model.net, asg, &logits, temperature),
            None => policy_full_logprobs(&s.model.net, asg, &group.moves, temperature),
        }
    });
    let banned = asg.banned.to_device(Device::Cpu);
    let cpu = |t: &Tensor| t.to_device(Device::Cpu);
    let taylor_cpu = taylor
        .as_ref()
        .map(|t| (cpu(&t.estimate), cpu(&t.target_term)));
    // A word rule (game API 0.2.0) rules substitutions out of the selection.
    let word_ban = super::move_rules::substitution_ban(asg, &group.moves);
    let proposal = Proposal {
        parents: &group.moves,
        taylor: taylor
            .as_ref()
            .zip(taylor_cpu.as_ref())
            .map(|(t, (estimate, target_term))| TaylorView {
                estimate,
                target_term,
                scores: &t.score,
            }),
        policy_logp: policy.as_ref(),
        banned: &banned,
        substitution_ban: word_ban.as_ref(),
    };
    let knobs = Knobs::from_config(&cfg.frost, seed);
    let children: Vec<Child> = frost::select(&proposal, rule, &knobs);
    let children = super::move_rules::keep_legal(asg, &group.moves, children);
    let taylor_s = secs(t);

    // 6. Verify the children with the exact judge; replace a parent by its best child only if
    // strictly better.
    let t = Instant::now();
    phases::enter("verify");
    let child_moves: Vec<Vec<u32>> = children.iter().map(|c| c.tokens(&group.moves)).collect();
    let child_scores = if child_moves.is_empty() {
        Vec::new()
    } else {
        judge::score(s.judge(), &asg.program, &child_moves, budget)
    };
    let best = frost::replacements(&group.scores, &children, &child_scores);
    for (p, b) in best.into_iter().enumerate() {
        if let Some(c) = b {
            let old = std::mem::replace(&mut group.moves[p], child_moves[c].clone());
            let old_score = std::mem::replace(&mut group.scores[p], child_scores[c]);
            // Keep the originally sampled move if replaced over several rounds.
            if group.replaced[p].is_none() {
                group.replaced[p] = Some((old, old_score));
            }
        }
    }
    group.children += children.len();
    (taylor_s, secs(t))
}

/// The Taylor proposal computed `chunk` parents at a time (0 = all at once), to bound the
/// judge backward's activation memory. Exact: each parent's score depends on its own move
/// embeddings only, so the per-parent results do not depend on the chunking (up to float
/// rounding). Counts one judge backward per group, as the unchunked proposal does.
pub fn taylor_in_chunks(
    judge: &Qwen3,
    prog: &judge::CompiledProgram,
    parents: &[Vec<u32>],
    chunk: usize,
    budget: &mut Budget,
) -> judge::Taylor {
    if chunk == 0 || chunk >= parents.len() {
        return judge::taylor_proposal(judge, prog, parents, budget);
    }
    let backwards = budget.backwards;
    let parts: Vec<judge::Taylor> = parents
        .chunks(chunk)
        .map(|p| judge::taylor_proposal(judge, prog, p, budget))
        .collect();
    budget.backwards = backwards + 1;
    let cat =
        |f: fn(&judge::Taylor) -> &Tensor| Tensor::cat(&parts.iter().map(f).collect::<Vec<_>>(), 0);
    judge::Taylor {
        estimate: cat(|t| &t.estimate),
        grad: cat(|t| &t.grad),
        target_term: cat(|t| &t.target_term),
        score: parts.iter().flat_map(|t| t.score.clone()).collect(),
    }
}

/// pi(v | prompt, y_<i) for every parent, position and token: [K, L, V] log-probs (CPU, f64),
/// teacher-forced with the sampling mask and temperature.
pub fn policy_full_logprobs(
    net: &Qwen3,
    asg: &Assignment,
    parents: &[Vec<u32>],
    temperature: f64,
) -> Tensor {
    let _guard = tch::no_grad_guard();
    let k = parents.len();
    let prompts = vec![asg.prompt_ids.clone(); k];
    let banned = asg.banned.unsqueeze(0).expand([k as i64, -1], false);
    let moves = moves_tensor(parents, net.device());
    let lp = model::move_logprobs(net, &prompts, &moves, &banned, temperature);
    lp.full.to_device(Device::Cpu).to_kind(Kind::Double)
}

fn frost_metrics(groups: &[Group], mean_gain: f64, k: usize) -> FrostMetrics {
    let replaced: usize = groups
        .iter()
        .map(|g| g.replaced.iter().filter(|r| r.is_some()).count())
        .sum();
    let children: usize = groups.iter().map(|g| g.children).sum();
    FrostMetrics {
        replaced_frac: replaced as f64 / (groups.len() * k) as f64,
        mean_gain,
        children: children as f64 / groups.len() as f64,
    }
}

fn budget_metrics(budget: &Budget, forwards_sampled: u64, a_n: usize) -> BudgetMetrics {
    BudgetMetrics {
        judge_forwards: budget.forwards,
        judge_backwards: budget.backwards,
        // The run loop adds the earlier steps' budget.
        judge_forwards_total: budget.forwards,
        judge_backwards_total: budget.backwards,
        judge_forwards_sampled: forwards_sampled,
        judge_forwards_children: budget.forwards - forwards_sampled,
        judge_forwards_per_assignment: budget.forwards as f64 / a_n as f64,
    }
}

/// The samples line: each final member, with the move originally sampled in its place.
fn samples_line(
    s: &Setup,
    step: u64,
    assignments: &[Assignment],
    groups: &[Group],
    sampled_scores: &[Vec<f64>],
) -> SamplesLine {
    let tok = &s.model.tokenizer;
    let member = |g: &Group, sampled: &[f64], j: usize| {
        let mv = &g.moves[j];
        let (sampled_ids, sampled_score) = match &g.replaced[j] {
            Some((old, score)) => (old, *score),
            None => (mv, sampled[j]),
        };
        SampledMove {
            text: tok.decode(mv),
            move_ids: mv.clone(),
            sampled_ids: sampled_ids.clone(),
            score: g.scores[j],
            sampled: tok.decode(sampled_ids),
            sampled_score,
            replaced: g.replaced[j].is_some(),
        }
    };
    let assignments = assignments
        .iter()
        .zip(groups)
        .zip(sampled_scores)
        .map(|((a, g), sampled)| SampledAssignment {
            prompt: a.prompt_text.clone(),
            reference: a.reference_move.as_ref().map(|r| tok.decode(r)),
            moves: (0..g.moves.len()).map(|j| member(g, sampled, j)).collect(),
        })
        .collect();
    SamplesLine { step, assignments }
}
