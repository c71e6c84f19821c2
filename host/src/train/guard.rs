//! Non-finite numbers never reach a checkpoint. A step whose loss or gradient is not finite is
//! skipped (weights untouched, `step::step_if_finite`); this guard stops the run when that
//! keeps happening, or when the weights themselves stop being finite, before anything is saved.

use tch::{Kind, Tensor};

use super::TrainError;
use crate::update::adamw::AdamW;

/// Consecutive skipped steps after which the run stops: one bad batch is noise, this many in
/// a row means the run has diverged and every later step would be skipped too.
pub const MAX_CONSECUTIVE_SKIPS: u64 = 10;

#[derive(Default)]
pub struct FiniteGuard {
    consecutive_skips: u64,
    steps: u64,
    skipped: u64,
}

impl FiniteGuard {
    /// Called after every step, before its checkpoint.
    pub fn after_step(&mut self, step: u64, skipped: bool, opt: &AdamW) -> Result<(), TrainError> {
        self.steps += 1;
        self.skipped += u64::from(skipped);
        if skipped {
            self.consecutive_skips += 1;
            if self.consecutive_skips >= MAX_CONSECUTIVE_SKIPS && self.skipped == self.steps {
                return self.finish(step);
            }
            if self.consecutive_skips >= MAX_CONSECUTIVE_SKIPS {
                return Err(TrainError::NonFinite {
                    step,
                    msg: format!(
                        "the last {MAX_CONSECUTIVE_SKIPS} steps had a non-finite loss or \
                         gradient and were skipped; lower update.lr or check the game's scores"
                    ),
                });
            }
            return Ok(());
        }
        self.consecutive_skips = 0;
        if !weights_finite(opt) {
            return Err(TrainError::NonFinite {
                step,
                msg: "the weights became non-finite after the optimizer step (not saved)".into(),
            });
        }
        Ok(())
    }

    /// At the end of the run (or when [`MAX_CONSECUTIVE_SKIPS`] skips are every step so far):
    /// [`TrainError::NothingTrained`] when every step this process ran was skipped, so that such
    /// a run does not end as a success.
    pub fn finish(&self, last_step: u64) -> Result<(), TrainError> {
        if self.steps > 0 && self.skipped == self.steps {
            return Err(TrainError::NothingTrained {
                step: last_step,
                steps: self.steps,
                run_dir: String::new(),
            });
        }
        Ok(())
    }
}

/// Whether every optimizer moment is finite (one read).
pub fn moments_finite(opt: &AdamW) -> bool {
    all_finite(opt.moments().iter().map(|(_, m)| m))
}

/// Whether every trainable weight is finite (one read).
pub fn weights_finite(opt: &AdamW) -> bool {
    all_finite(opt.vars.iter())
}

/// Whether every value of `tensors` is finite: one f64 sum per tensor and one read in all (a
/// NaN or an infinity anywhere makes the total non-finite).
pub(crate) fn all_finite<'a>(tensors: impl Iterator<Item = &'a Tensor>) -> bool {
    let _g = tch::no_grad_guard();
    let sums: Vec<Tensor> = tensors.map(|t| t.sum(Kind::Double)).collect();
    sums.is_empty()
        || crate::instrument::sync::scalar(&Tensor::stack(&sums, 0).sum(Kind::Double)).is_finite()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt_with(w: &[f32]) -> AdamW {
        let t = Tensor::from_slice(w).set_requires_grad(true);
        AdamW::new(vec![("0".into(), t)], |_| true)
    }

    #[test]
    fn non_finite_weights_stop_the_run() {
        let mut g = FiniteGuard::default();
        g.after_step(1, false, &opt_with(&[1.0, 2.0])).unwrap();
        for bad in [f32::NAN, f32::INFINITY] {
            let e = g.after_step(2, false, &opt_with(&[1.0, bad])).unwrap_err();
            assert!(e.to_string().contains("non-finite"), "{e}");
        }
    }

    #[test]
    fn a_run_whose_every_step_was_skipped_ends_in_an_error() {
        let opt = opt_with(&[1.0]);
        let mut g = FiniteGuard::default();
        g.finish(0).unwrap(); // nothing ran (already done): not an error
        for step in 1..=3 {
            g.after_step(step, true, &opt).unwrap();
        }
        let e = g.finish(3).unwrap_err().to_string();
        assert!(e.contains("all 3 steps") && e.contains("skipped"), "{e}");
        g.after_step(4, false, &opt).unwrap();
        g.finish(4).unwrap();
        // Stopped by consecutive skips that are every step run: nothing trained either (the
        // run directory is then removed, not kept with checkpoints of the starting weights).
        let mut g = FiniteGuard::default();
        for step in 1..MAX_CONSECUTIVE_SKIPS {
            g.after_step(step, true, &opt).unwrap();
        }
        let e = g.after_step(MAX_CONSECUTIVE_SKIPS, true, &opt).unwrap_err();
        assert!(matches!(e, TrainError::NothingTrained { .. }), "{e}");
    }

    #[test]
    fn only_consecutive_skips_stop_the_run() {
        let opt = opt_with(&[1.0]);
        let mut g = FiniteGuard::default();
        for step in 1..MAX_CONSECUTIVE_SKIPS {
            g.after_step(step, true, &opt).unwrap();
        }
        g.after_step(99, false, &opt).unwrap();
        for step in 1..MAX_CONSECUTIVE_SKIPS {
            g.after_step(step, true, &opt).unwrap();
        }
        let e = g.after_step(7, true, &opt).unwrap_err().to_string();
        assert!(e.contains("step 7") && e.contains("skipped"), "{e}");
    }
}
