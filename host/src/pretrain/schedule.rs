//! Fitting the number of steps to a wall-clock budget. The loop measures step times; these
//! pure functions say when to look again and how many steps now fit.

/// A run's time budget and what bounds the plan.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Seconds for the whole invocation (corpus, tokenizer, steps, evaluation, saving).
    pub seconds: f64,
    /// The steps asked for: the plan never grows beyond them.
    pub requested_steps: usize,
    /// Batches in the final held-out evaluation (windows / batch size).
    pub eval_batches: f64,
}

/// Step times kept for the estimate: the latest ones reflect how busy the machine is now.
const RECENT: usize = 50;

/// The latest step times at the chosen thread count.
#[derive(Debug, Default)]
pub struct RecentSteps(Vec<f64>);

impl RecentSteps {
    pub fn push(&mut self, seconds: f64) {
        if self.0.len() == RECENT {
            self.0.remove(0);
        }
        self.0.push(seconds);
    }

    pub fn as_slice(&self) -> &[f64] {
        &self.0
    }

    /// Mean seconds a step (0 before any).
    pub fn mean(&self) -> f64 {
        mean(&self.0)
    }
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// Whether to refit the plan after `step`: once the thread choice is made (8 steps into this
/// run), then at every checkpoint as the machine gets busier or quieter.
pub fn refit_due(step: usize, start: usize, checkpoint_every: usize) -> bool {
    step == start + 8 || (step > start + 8 && step.is_multiple_of(checkpoint_every))
}

/// The step count that fits the budget, at the mean of the `recent` step times after `elapsed`
/// seconds with `step` steps done: never below `step`, never beyond the requested steps. It
/// grows back when steps got faster. `planned` unchanged without a budget or a measurement.
pub fn fit_steps(
    budget: Option<&Budget>,
    planned: usize,
    step: usize,
    recent: &[f64],
    elapsed: f64,
) -> usize {
    let Some(b) = budget else {
        return planned;
    };
    if recent.is_empty() {
        return planned;
    }
    let per_step = mean(recent);
    // Evaluating a token costs about a third of training on it; then samples and saving.
    let eval_s = per_step * b.eval_batches / 3.0 + 10.0;
    let left = (b.seconds - elapsed - eval_s).max(0.0);
    let fit = step + (left / per_step) as usize;
    fit.min(b.requested_steps).max(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: Budget = Budget {
        seconds: 100.0,
        requested_steps: 50,
        eval_batches: 30.0,
    };

    #[test]
    fn shrinks_when_steps_are_slow() {
        // 2 s a step, 10 s elapsed, eval 2 * 30 / 3 + 10 = 30 s: 60 s left = 30 more steps.
        assert_eq!(fit_steps(Some(&BUDGET), 50, 10, &[2.0, 2.0], 10.0), 40);
    }

    #[test]
    fn grows_back_but_never_beyond_the_requested_steps() {
        // Steps got fast: the plan grows from 20 to all 50 asked for, and no further.
        assert_eq!(fit_steps(Some(&BUDGET), 20, 10, &[0.1], 10.0), 50);
        // Only as far as the time allows: at 2 s a step, 40 (as in `shrinks_when_steps_are_slow`).
        assert_eq!(fit_steps(Some(&BUDGET), 20, 10, &[2.0], 10.0), 40);
    }

    #[test]
    fn never_plans_below_the_current_step() {
        assert_eq!(fit_steps(Some(&BUDGET), 50, 12, &[5.0], 500.0), 12);
    }

    #[test]
    fn without_a_budget_or_a_measurement_the_plan_stands() {
        assert_eq!(fit_steps(None, 37, 10, &[100.0], 1e6), 37);
        assert_eq!(fit_steps(Some(&BUDGET), 37, 10, &[], 1e6), 37);
    }

    #[test]
    fn refits_at_step_eight_of_the_run_then_at_checkpoints() {
        let due: Vec<usize> = (1..=40).filter(|&s| refit_due(s, 0, 10)).collect();
        assert_eq!(due, [8, 10, 20, 30, 40]);
        let due: Vec<usize> = (6..=40).filter(|&s| refit_due(s, 5, 10)).collect();
        assert_eq!(due, [13, 20, 30, 40]);
    }

    #[test]
    fn recent_keeps_the_latest_fifty() {
        let mut r = RecentSteps::default();
        for i in 0..60 {
            r.push(i as f64);
        }
        assert_eq!(r.as_slice().len(), 50);
        assert_eq!(r.as_slice()[0], 10.0);
    }
}
