//! Held-out evaluation: best-of-N and mean score per assignment (averaged over the fixed
//! held-out set), the diversity of the N samples (token entropy of the sampling distribution,
//! score variance, distinct moves), and the game's reference move's score for scale. Its judge
//! forwards are not part of the training budget. Training's evaluation and `frost-host eval`
//! both run [`evaluate_assignments`].

use serde::Serialize;

use super::metrics::{distinct_frac, variance, EvalMetrics};
use super::sample::sample_checked;
use super::setup::Setup;
use super::TrainError;
use crate::judge::{self, Budget};
use crate::model::CausalLm;
use crate::round::Assignment;
use crate::seeds::{self, derive_seed};

/// One assignment's evaluation.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct AssignmentEval {
    pub best: f64,
    pub mean: f64,
    /// Population variance of the N scores.
    pub score_var: f64,
    /// Distinct moves / N.
    pub distinct: f64,
    /// Mean per-token entropy (nats) of the sampling distribution along the N samples.
    pub entropy: f64,
    /// The game's reference move's score (None when the game gives none).
    pub reference: Option<f64>,
    /// The best of the N moves, decoded.
    pub best_move: String,
}

/// Evaluate the policy after `step`. Seeds depend on the step only, so a resumed run
/// evaluates exactly as an uninterrupted one. The budget totals are left at 0 for the caller.
pub fn evaluate(s: &Setup, step: u64) -> Result<EvalMetrics, TrainError> {
    let per = evaluate_assignments(s, &s.model.net, &s.heldout, step, &mut |_| {})?;
    Ok(summarize(step, s.cfg.eval.best_of, &per))
}

/// `policy`'s evaluation on `assignments` after `step` (`eval.best_of` samples each, assignment
/// i drawn with the seed of index i in that step's evaluation), one record per assignment in
/// order; `progress` is told how many of this rank's are done. With several ranks each
/// evaluates the assignments of its index (i % ranks) and all get every record.
pub fn evaluate_assignments(
    s: &Setup,
    policy: &CausalLm,
    assignments: &[Assignment],
    step: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<AssignmentEval>, TrainError> {
    let mine = s.dist.share(assignments.len());
    let local = evaluate_share(s, policy, assignments, &mine, step, progress);
    let local = s.dist.unless_model_failed(local);
    // Every rank says how its share went before the gather: one rank's error stops all.
    let status = local.as_ref().map(|_| ()).map_err(|e| e.to_string());
    s.dist.agree(status, false)?;
    Ok(s.dist.gather_ordered(&local?, assignments.len())?)
}

/// The records of the assignments `mine`, with their indices.
fn evaluate_share(
    s: &Setup,
    policy: &CausalLm,
    assignments: &[Assignment],
    mine: &[usize],
    step: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<(usize, AssignmentEval)>, TrainError> {
    let n = s.cfg.eval.best_of;
    let mut out: Vec<(usize, AssignmentEval)> = Vec::with_capacity(mine.len());
    let mut budget = Budget::default();
    // Small chunks of assignments per sampling call keep memory flat for big models.
    for chunk in mine.chunks(EVAL_CHUNK) {
        let sampled = draw(s, policy, assignments, chunk, step)?;
        let groups = chunk.iter().zip(sampled.moves.chunks(n));
        for ((&i, moves), entropy) in groups.zip(sampled.entropy.chunks(n)) {
            let asg = &assignments[i];
            let scores = judge::score(s.judge(), &asg.program, moves, &mut budget);
            out.push((i, record(s, asg, moves, &scores, entropy, &mut budget)));
        }
        progress(out.len());
    }
    Ok(out)
}

/// Assignments per sampling call of the evaluation.
pub(super) const EVAL_CHUNK: usize = 4;

/// The evaluation's `eval.best_of` draws for the assignments `chunk` (indices into
/// `assignments`) after `step`, assignment i drawn with the seed of index i: the draws every
/// evaluation of that step makes (`eval`, `eval --refine`, training's).
pub(super) fn draw(
    s: &Setup,
    policy: &CausalLm,
    assignments: &[Assignment],
    chunk: &[usize],
    step: u64,
) -> Result<super::GroupSamples, TrainError> {
    let asgs: Vec<&Assignment> = chunk.iter().map(|&i| &assignments[i]).collect();
    let seeds: Vec<u64> = (chunk.iter())
        .map(|&i| derive_seed(s.cfg.seed, step, seeds::EVAL, i as u64))
        .collect();
    Ok(sample_checked(
        s,
        policy,
        &asgs,
        s.cfg.eval.best_of,
        &seeds,
        false,
    )?)
}

/// One assignment's record from its N draws and their exact scores (the reference move, when
/// the game gives one, scored with `budget`).
pub(super) fn record(
    s: &Setup,
    asg: &Assignment,
    moves: &[Vec<u32>],
    scores: &[f64],
    entropy: &[f64],
    budget: &mut Budget,
) -> AssignmentEval {
    let n = moves.len();
    let (best_at, best) = (scores.iter().copied().enumerate())
        .fold((0, f64::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a });
    let reference = (asg.reference_move.as_ref())
        .filter(|r| r.len() == asg.move_len)
        .map(|r| judge::score(s.judge(), &asg.program, std::slice::from_ref(r), budget)[0]);
    AssignmentEval {
        best,
        mean: scores.iter().sum::<f64>() / n as f64,
        score_var: variance(scores),
        distinct: distinct_frac(moves),
        entropy: entropy.iter().sum::<f64>() / n as f64,
        reference,
        best_move: s.model.tokenizer.decode(&moves[best_at]),
    }
}

/// The evaluation's figures: means over assignments (the reference's over those that have one).
pub fn summarize(step: u64, n: usize, per: &[AssignmentEval]) -> EvalMetrics {
    let m = per.len().max(1) as f64;
    let sum = |f: fn(&AssignmentEval) -> f64| per.iter().map(f).sum::<f64>() / m;
    let refs: Vec<f64> = per.iter().filter_map(|a| a.reference).collect();
    EvalMetrics {
        step,
        n,
        best_of: sum(|a| a.best),
        mean: sum(|a| a.mean),
        reference: (!refs.is_empty()).then(|| refs.iter().sum::<f64>() / refs.len() as f64),
        entropy: sum(|a| a.entropy),
        score_var: sum(|a| a.score_var),
        distinct: sum(|a| a.distinct),
        judge_forwards_total: 0,
        judge_backwards_total: 0,
    }
}
