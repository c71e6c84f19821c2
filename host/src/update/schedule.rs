//! The learning rate of each step (`update.lr_schedule`, `warmup_steps`, `min_lr_ratio`).
//! Steps count from 1; the schedule depends only on the step and the run's `steps`, so a
//! resumed run continues it exactly (a resume that changes `steps` stretches the decay).

use std::f64::consts::PI;

use crate::config::{LrSchedule, UpdateSection};

/// The learning rate of `step` (1..=steps): linear warmup `lr * step / warmup_steps` over the
/// first `warmup_steps`, then constant, or a linear or cosine decay that reaches
/// `lr * min_lr_ratio` at the last step.
pub fn lr_at(u: &UpdateSection, step: u64, steps: u64) -> f64 {
    if step <= u.warmup_steps {
        return u.lr * step as f64 / u.warmup_steps as f64;
    }
    // Progress of the decay: 0 on the step after the warmup's last, 1 on the run's last.
    let span = steps.saturating_sub(u.warmup_steps).saturating_sub(1);
    let p = match span {
        0 => 1.0,
        n => ((step - u.warmup_steps - 1) as f64 / n as f64).min(1.0),
    };
    let floor = u.min_lr_ratio;
    match u.lr_schedule {
        LrSchedule::Constant => u.lr,
        LrSchedule::Linear => u.lr * (floor + (1.0 - floor) * (1.0 - p)),
        LrSchedule::Cosine => cosine_decay(u.lr, floor, p),
    }
}

/// The cosine decay from `lr` (progress 0) to `lr * floor_ratio` (progress 1): the one cosine
/// schedule, shared by training and pretraining.
pub fn cosine_decay(lr: f64, floor_ratio: f64, progress: f64) -> f64 {
    let min_lr = lr * floor_ratio;
    min_lr + 0.5 * (lr - min_lr) * (1.0 + (PI * progress).cos())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TrainConfig;

    fn sched(kind: LrSchedule, warmup: u64, floor: f64) -> UpdateSection {
        let mut u = TrainConfig::default_embedded().update;
        u.lr = 1e-3;
        u.lr_schedule = kind;
        u.warmup_steps = warmup;
        u.min_lr_ratio = floor;
        u
    }

    #[test]
    fn constant_without_warmup_is_lr_itself_at_every_step() {
        let u = sched(LrSchedule::Constant, 0, 0.0);
        for step in [1, 2, 50, 100] {
            assert_eq!(lr_at(&u, step, 100).to_bits(), u.lr.to_bits());
        }
    }

    #[test]
    fn cosine_peaks_at_warmup_end_and_reaches_the_floor_at_the_last_step() {
        // 3% warmup of 100 steps (OpenRLHF's default), floor 10%.
        let u = sched(LrSchedule::Cosine, 3, 0.1);
        assert!((lr_at(&u, 1, 100) - 1e-3 / 3.0).abs() < 1e-15);
        assert!((lr_at(&u, 2, 100) - 2e-3 / 3.0).abs() < 1e-15);
        assert!(
            (lr_at(&u, 3, 100) - 1e-3).abs() < 1e-18,
            "warmup end: the full rate"
        );
        assert!(
            (lr_at(&u, 4, 100) - 1e-3).abs() < 1e-18,
            "the decay starts at p = 0"
        );
        assert!(
            (lr_at(&u, 100, 100) - 1e-4).abs() < 1e-15,
            "the last step: the floor"
        );
        // Half-way through the decay (p = 1/2 at step 4 + 48): the mean of lr and floor.
        assert!((lr_at(&u, 52, 100) - 0.55e-3).abs() < 1e-15);
        // Monotone after the warmup.
        let lrs: Vec<f64> = (3..=100).map(|s| lr_at(&u, s, 100)).collect();
        assert!(lrs.windows(2).all(|w| w[1] <= w[0]));
    }

    #[test]
    fn linear_decays_to_zero_by_default_and_constant_keeps_the_rate() {
        let u = sched(LrSchedule::Linear, 0, 0.0);
        assert_eq!(lr_at(&u, 1, 11), 1e-3);
        assert!((lr_at(&u, 6, 11) - 0.5e-3).abs() < 1e-15);
        assert_eq!(lr_at(&u, 11, 11), 0.0);
        let u = sched(LrSchedule::Constant, 4, 0.5);
        assert_eq!(lr_at(&u, 2, 10), 0.5e-3);
        assert_eq!(lr_at(&u, 10, 10), 1e-3, "constant ignores the floor");
        // A run that is all warmup.
        let u = sched(LrSchedule::Cosine, 5, 0.0);
        assert!((lr_at(&u, 5, 5) - 1e-3).abs() < 1e-18);
    }
}
