//! Held-out evaluation: best-of-N and mean score per assignment (averaged over the fixed
//! held-out set), and the game's reference move's score for scale. Its judge forwards are not
//! part of the training budget.

use super::metrics::EvalMetrics;
use super::setup::Setup;
use super::step::{sample_moves, sampling_params};
use super::{TrainError, STREAM_EVAL};
use crate::assignments::derive_seed;
use crate::judge::{self, Budget};

/// Evaluate the policy after `step`. Seeds depend on the step only, so a resumed run
/// evaluates exactly as an uninterrupted one.
pub fn evaluate(s: &mut Setup, step: u64) -> Result<EvalMetrics, TrainError> {
    let n = s.cfg.eval.best_of;
    let params = sampling_params(&s.cfg);
    let (mut best_sum, mut mean_sum, mut ref_sum, mut refs) = (0.0, 0.0, 0.0, 0usize);
    let mut budget = Budget::default();
    // Small chunks of assignments per sampling call keep memory flat for big models.
    for (c, chunk) in s.heldout.chunks(4).enumerate() {
        let seed = derive_seed(s.cfg.seed, step, STREAM_EVAL, c as u64);
        let moves = sample_moves(&s.model.net, chunk, n, &params, seed);
        for (asg, moves) in chunk.iter().zip(moves.chunks(n)) {
            let scores = judge::score(s.judge(), &asg.program, moves, &mut budget);
            best_sum += scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            mean_sum += scores.iter().sum::<f64>() / n as f64;
            if let Some(r) = asg
                .reference_move
                .as_ref()
                .filter(|r| r.len() == asg.move_len)
            {
                let r = std::slice::from_ref(r);
                ref_sum += judge::score(s.judge(), &asg.program, r, &mut budget)[0];
                refs += 1;
            }
        }
    }
    let m = s.heldout.len().max(1) as f64;
    Ok(EvalMetrics {
        step,
        n,
        best_of: best_sum / m,
        mean: mean_sum / m,
        reference: (refs > 0).then(|| ref_sum / refs as f64),
    })
}
