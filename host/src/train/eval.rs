//! Held-out evaluation: best-of-N and mean score per assignment (averaged over the fixed
//! held-out set), the diversity of the N samples (token entropy of the sampling distribution,
//! score variance, distinct moves), and the game's reference move's score for scale. Its judge
//! forwards are not part of the training budget.

use super::metrics::{distinct_frac, variance, EvalMetrics};
use super::sample::sample_checked;
use super::setup::Setup;
use super::TrainError;
use crate::judge::{self, Budget};
use crate::seeds::{self, derive_seed};

/// Sums over held-out assignments, turned into means at the end.
#[derive(Default)]
struct Sums {
    best: f64,
    mean: f64,
    var: f64,
    distinct: f64,
    entropy: f64,
    reference: f64,
    references: usize,
}

/// Evaluate the policy after `step`. Seeds depend on the step only, so a resumed run
/// evaluates exactly as an uninterrupted one. The budget totals are left at 0 for the caller.
pub fn evaluate(s: &mut Setup, step: u64) -> Result<EvalMetrics, TrainError> {
    let n = s.cfg.eval.best_of;
    let mut sums = Sums::default();
    let mut budget = Budget::default();
    // Small chunks of assignments per sampling call keep memory flat for big models.
    for (c, chunk) in s.heldout.chunks(4).enumerate() {
        let seed = derive_seed(s.cfg.seed, step, seeds::EVAL, c as u64);
        let sampled = sample_checked(s, chunk, n, seed, false)?;
        let (moves, entropy) = (sampled.moves, sampled.entropy);
        sums.entropy += entropy.iter().sum::<f64>() / n as f64;
        for (asg, moves) in chunk.iter().zip(moves.chunks(n)) {
            let scores = judge::score(s.judge(), &asg.program, moves, &mut budget);
            sums.best += scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            sums.mean += scores.iter().sum::<f64>() / n as f64;
            sums.var += variance(&scores);
            sums.distinct += distinct_frac(moves);
            if let Some(r) = asg
                .reference_move
                .as_ref()
                .filter(|r| r.len() == asg.move_len)
            {
                let r = std::slice::from_ref(r);
                sums.reference += judge::score(s.judge(), &asg.program, r, &mut budget)[0];
                sums.references += 1;
            }
        }
    }
    let m = s.heldout.len().max(1) as f64;
    Ok(EvalMetrics {
        step,
        n,
        best_of: sums.best / m,
        mean: sums.mean / m,
        reference: (sums.references > 0).then(|| sums.reference / sums.references as f64),
        entropy: sums.entropy / m,
        score_var: sums.var / m,
        distinct: sums.distinct / m,
        judge_forwards_total: 0,
        judge_backwards_total: 0,
    })
}
