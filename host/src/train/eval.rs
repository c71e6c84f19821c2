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
use crate::model::Qwen3;
use crate::round::Assignment;
use crate::seeds::{self, derive_seed};

/// One assignment's evaluation.
#[derive(Clone, Debug, Serialize)]
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

/// `policy`'s evaluation on `assignments` after `step` (`eval.best_of` samples each, drawn
/// with the seeds of that step's evaluation), one record per assignment; `progress` is told
/// how many assignments are done.
pub fn evaluate_assignments(
    s: &Setup,
    policy: &Qwen3,
    assignments: &[Assignment],
    step: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<AssignmentEval>, TrainError> {
    let n = s.cfg.eval.best_of;
    let mut out = Vec::with_capacity(assignments.len());
    let mut budget = Budget::default();
    // Small chunks of assignments per sampling call keep memory flat for big models.
    for (c, chunk) in assignments.chunks(4).enumerate() {
        let seed = derive_seed(s.cfg.seed, step, seeds::EVAL, c as u64);
        let sampled = sample_checked(s, policy, chunk, n, seed, false)?;
        let groups = chunk.iter().zip(sampled.moves.chunks(n));
        for ((asg, moves), entropy) in groups.zip(sampled.entropy.chunks(n)) {
            let scores = judge::score(s.judge(), &asg.program, moves, &mut budget);
            let (best_at, best) = (scores.iter().copied().enumerate())
                .fold((0, f64::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a });
            let reference = (asg.reference_move.as_ref())
                .filter(|r| r.len() == asg.move_len)
                .map(|r| {
                    judge::score(
                        s.judge(),
                        &asg.program,
                        std::slice::from_ref(r),
                        &mut budget,
                    )[0]
                });
            out.push(AssignmentEval {
                best,
                mean: scores.iter().sum::<f64>() / n as f64,
                score_var: variance(&scores),
                distinct: distinct_frac(moves),
                entropy: entropy.iter().sum::<f64>() / n as f64,
                reference,
                best_move: s.model.tokenizer.decode(&moves[best_at]),
            });
        }
        progress(out.len());
    }
    Ok(out)
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
