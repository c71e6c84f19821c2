//! What a run reports while it goes (the progress bar's figures) and at the end (the summary
//! table), both read from the typed metrics.

use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};

use super::metrics::{EvalMetrics, PhaseTimes, SampledMetrics, StepMetrics};
use crate::config::TrainConfig;
use crate::judge::Budget;
use crate::run::dir::BudgetTotal;

/// The figures printed at the end and returned to tests.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub run_dir: PathBuf,
    pub steps_done: u64,
    pub first_eval: Option<EvalMetrics>,
    pub last_eval: Option<EvalMetrics>,
    pub replaced_frac_mean: f64,
    /// Judge forwards and backwards of the steps of this process (evaluation not included).
    pub budget: Budget,
    /// The run's training judge budget from step 0 (earlier processes included on resume).
    pub budget_total: BudgetTotal,
    /// The last step's sampled-group figures (the policy's own samples).
    pub last_sampled: Option<SampledMetrics>,
    /// Mean seconds per step by phase.
    pub phase_s: PhaseTimes,
    pub interrupted: bool,
    pub skipped_steps: u64,
    /// A rank other than 0 of a distributed run: it wrote nothing and has nothing to show.
    pub follower: bool,
}

/// Sums over the steps of this process, turned into means by `finish`.
#[derive(Default)]
pub(super) struct Totals {
    replaced_frac: f64,
    time: PhaseTimes,
}

impl Summary {
    pub(super) fn new(run_dir: &Path, start: u64) -> Self {
        Summary {
            run_dir: run_dir.to_path_buf(),
            steps_done: start,
            ..Default::default()
        }
    }

    pub(super) fn add_step(&mut self, m: &StepMetrics, totals: &mut Totals) {
        self.steps_done = m.step;
        self.budget.forwards += m.budget.judge_forwards;
        self.budget.backwards += m.budget.judge_backwards;
        self.skipped_steps += m.update.skipped as u64;
        self.last_sampled = Some(m.sampled.clone());
        totals.replaced_frac += m.frost.replaced_frac;
        totals.time.add(&m.time);
    }

    pub(super) fn add_eval(&mut self, e: EvalMetrics) {
        self.first_eval.get_or_insert(e);
        self.last_eval = Some(e);
    }

    /// Means over the steps done since `start`.
    pub(super) fn finish(&mut self, start: u64, totals: &Totals) {
        let done = self.steps_done.saturating_sub(start).max(1) as f64;
        self.replaced_frac_mean = totals.replaced_frac / done;
        self.phase_s = totals.time.scaled(1.0 / done);
    }
}

/// The end-of-run table.
pub fn summary_table(s: &Summary) -> String {
    let mut out = format!("run {}\n", s.run_dir.display());
    let mut line = |k: &str, v: String| out.push_str(&format!("  {k:<31} {v}\n"));
    line("steps", format!("{}", s.steps_done));
    if let (Some(f), Some(l)) = (s.first_eval, s.last_eval) {
        line(
            &format!("eval best-of-{} (first -> last)", l.n),
            format!(
                "{:.3} (step {}) -> {:.3} (step {})",
                f.best_of, f.step, l.best_of, l.step
            ),
        );
        line(
            "eval mean (first -> last)",
            format!("{:.3} -> {:.3}", f.mean, l.mean),
        );
        line(
            "eval entropy (first -> last)",
            format!("{:.3} -> {:.3}", f.entropy, l.entropy),
        );
        line(
            "eval distinct (first -> last)",
            format!("{:.3} -> {:.3}", f.distinct, l.distinct),
        );
        if let Some(r) = l.reference {
            line("reference move score", format!("{r:.3}"));
        }
    }
    line(
        "replaced fraction (mean)",
        format!("{:.3}", s.replaced_frac_mean),
    );
    if let Some(m) = &s.last_sampled {
        line(
            &format!("last step sampled best-of-{}", m.n),
            format!(
                "{:.3} (mean {:.3}, entropy {:.3})",
                m.best_of, m.mean, m.entropy
            ),
        );
    }
    let total = s.budget_total;
    line(
        "judge forwards / backwards",
        format!("{} / {}", total.forwards, total.backwards),
    );
    if (total.forwards, total.backwards) != (s.budget.forwards, s.budget.backwards) {
        line(
            "  of which this process",
            format!("{} / {}", s.budget.forwards, s.budget.backwards),
        );
    }
    let taylor = s.phase_s.taylor_s > 0.0;
    for (k, v) in s.phase_s.named() {
        // Under a Taylor rule the first round's Taylor pass scores the sampled moves in its
        // forward: their scoring is timed as taylor, not score.
        let why = match (k, v == 0.0 && taylor) {
            ("score", true) => " (the Taylor pass scores the sampled moves: in time/taylor)",
            _ => "",
        };
        line(&format!("time/{k} (s per step)"), format!("{v:.3}{why}"));
    }
    if s.skipped_steps > 0 {
        line("skipped (non-finite)", format!("{}", s.skipped_steps));
    }
    if s.interrupted {
        out.push_str("  interrupted: resume with --resume\n");
    }
    out
}

pub(super) fn progress_bar(cfg: &TrainConfig, start: u64) -> ProgressBar {
    if !cfg.run.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(cfg.steps);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} [{elapsed_precise}<{eta_precise}] {msg}",
        )
        .expect("valid template"),
    );
    bar.set_position(start);
    bar
}

/// The progress bar's message: the last step's figures and the last evaluation.
pub(super) fn live_figures(m: &StepMetrics, eval: Option<&EvalMetrics>) -> String {
    let mut s = format!(
        "mean {:.2} bo{} {:.2} repl {:.2} ent {:.2} {:.1}s/step",
        m.sampled.mean,
        m.sampled.n,
        m.sampled.best_of,
        m.frost.replaced_frac,
        m.sampled.entropy,
        m.time.step_s
    );
    if let Some(e) = eval {
        s.push_str(&format!(
            " | eval@{} bo{} {:.2} mean {:.2}",
            e.step, e.n, e.best_of, e.mean
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_reads_the_typed_figures() {
        let eval = |step, best_of| EvalMetrics {
            step,
            n: 4,
            best_of,
            mean: -3.0,
            reference: Some(-1.0),
            entropy: 2.0 - step as f64 / 2.0,
            distinct: 1.0,
            ..Default::default()
        };
        let mut totals = Totals::default();
        let mut s = Summary::new(Path::new("runs/x"), 0);
        s.add_eval(eval(0, -2.0));
        for step in 1..=2 {
            let mut m = StepMetrics {
                step,
                ..Default::default()
            };
            m.budget.judge_forwards = 8;
            m.budget.judge_backwards = 1;
            m.frost.replaced_frac = 0.25 * step as f64;
            m.time.step_s = 2.0;
            m.update.skipped = step == 2;
            m.sampled.n = 4;
            m.sampled.best_of = -2.5;
            s.add_step(&m, &mut totals);
        }
        s.add_eval(eval(2, -1.5));
        s.finish(0, &totals);
        // Resumed after step 3 of an earlier process that spent 40 / 5.
        s.budget_total = BudgetTotal {
            forwards: 56,
            backwards: 7,
        };
        let t = summary_table(&s);
        let value = |key: &str| {
            let line = t.lines().find(|l| l.trim_start().starts_with(key));
            let line = line.unwrap_or_else(|| panic!("no `{key}` in\n{t}"));
            line.trim_start()[key.len()..].trim().to_string()
        };
        let best = value("eval best-of-4 (first -> last)");
        assert_eq!(best, "-2.000 (step 0) -> -1.500 (step 2)");
        assert_eq!(value("replaced fraction (mean)"), "0.375");
        assert_eq!(value("judge forwards / backwards"), "56 / 7");
        assert_eq!(value("of which this process"), "16 / 2");
        assert_eq!(value("eval entropy (first -> last)"), "2.000 -> 1.000");
        let last = value("last step sampled best-of-4");
        assert_eq!(last, "-2.500 (mean 0.000, entropy 0.000)");
        assert_eq!(value("time/step (s per step)"), "2.000");
        assert_eq!(value("time/sample (s per step)"), "0.000");
        assert_eq!(value("skipped (non-finite)"), "1");
        assert_eq!(value("reference move score"), "-1.000");
        assert_eq!(value("time/score (s per step)"), "0.000");
        // With a Taylor pass timed, a score time of 0 says why.
        s.phase_s.taylor_s = 0.5;
        let t = summary_table(&s);
        let line = t.lines().find(|l| l.contains("time/score")).unwrap();
        assert!(
            line.ends_with("0.000 (the Taylor pass scores the sampled moves: in time/taylor)"),
            "{line}"
        );
    }
}
