//! Which figures the report shows, built from the settings' runs: held-out figures by step
//! and by judge budget, diversity, and per-step training figures (smoothed).

use super::plots::{Figure, SeedCurves};
use super::runs::{EvalKey, EvalPoint, Setting, StepPoint};

#[derive(Clone, Copy)]
enum XAxis {
    Step,
    Forwards,
    Seconds,
}

/// A held-out figure: `{n}` in the title is the runs' best-of-N.
struct EvalSpec {
    name: &'static str,
    title: &'static str,
    y_label: &'static str,
    key: EvalKey,
    x: XAxis,
    /// What the figure measures, before the band's explanation.
    about: &'static str,
}

const BAND: &str = "Line: mean over seeds; band: lowest to highest seed.";
const BUDGET: &str = "x: cumulative training judge forwards (evaluation not counted).";
const CLOCK: &str = "x: cumulative training wall-clock seconds (each step's time/step_s; \
                     evaluation not counted; compare runs made on the same machine and load).";

const EVAL_FIGURES: [EvalSpec; 8] = [
    EvalSpec {
        name: "best_of_vs_step",
        title: "Held-out {n} by step",
        y_label: "score (nats)",
        key: EvalKey::BestOf,
        x: XAxis::Step,
        about: "",
    },
    EvalSpec {
        name: "best_of_vs_forwards",
        title: "Held-out {n} by judge budget",
        y_label: "score (nats)",
        key: EvalKey::BestOf,
        x: XAxis::Forwards,
        about: BUDGET,
    },
    EvalSpec {
        name: "best_of_vs_seconds",
        title: "Held-out {n} by training wall-clock",
        y_label: "score (nats)",
        key: EvalKey::BestOf,
        x: XAxis::Seconds,
        about: CLOCK,
    },
    EvalSpec {
        name: "mean_vs_step",
        title: "Held-out mean score by step",
        y_label: "score (nats)",
        key: EvalKey::Mean,
        x: XAxis::Step,
        about: "",
    },
    EvalSpec {
        name: "mean_vs_forwards",
        title: "Held-out mean score by judge budget",
        y_label: "score (nats)",
        key: EvalKey::Mean,
        x: XAxis::Forwards,
        about: BUDGET,
    },
    EvalSpec {
        name: "entropy_vs_step",
        title: "Diversity: token entropy of held-out samples",
        y_label: "entropy (nats/token)",
        key: EvalKey::Entropy,
        x: XAxis::Step,
        about: "Mean per-token entropy of the policy on its own held-out samples.",
    },
    EvalSpec {
        name: "distinct_vs_step",
        title: "Diversity: distinct held-out moves",
        y_label: "distinct moves / N",
        key: EvalKey::Distinct,
        x: XAxis::Step,
        about: "Mean over held-out assignments of distinct moves among the N samples.",
    },
    EvalSpec {
        name: "score_var_vs_step",
        title: "Diversity: score variance of held-out samples",
        y_label: "variance (nats²)",
        key: EvalKey::ScoreVar,
        x: XAxis::Step,
        about: "Mean over held-out assignments of the variance of the N samples' scores.",
    },
];

/// A per-step training figure.
struct StepSpec {
    name: &'static str,
    title: &'static str,
    y_label: &'static str,
    get: fn(&StepPoint) -> Option<f64>,
    about: &'static str,
}

const STEP_FIGURES: [StepSpec; 2] = [
    StepSpec {
        name: "replaced_frac_vs_step",
        title: "Frost: fraction of the group replaced",
        y_label: "replaced fraction",
        get: |p| p.replaced_frac,
        about: "frost/replaced_frac per training step",
    },
    StepSpec {
        name: "sampled_mean_vs_step",
        title: "Training: mean score of the sampled group",
        y_label: "score (nats)",
        get: |p| p.sampled_mean,
        about: "sampled/mean (reward/mean in older runs) per training step, on training \
                assignments",
    },
];

/// Every figure the runs have data for, with its caption; the others are named in `notes`.
pub fn figures(settings: &[Setting], notes: &mut Vec<String>) -> Vec<(Figure, String)> {
    let n = settings
        .iter()
        .flat_map(|s| &s.runs)
        .find_map(|r| r.best_of_n)
        .map_or("best-of-N".to_string(), |n| format!("best-of-{n}"));
    let mut out = Vec::new();
    for spec in &EVAL_FIGURES {
        let series = eval_series(settings, spec.key, spec.x);
        if series.iter().all(|s| s.curves.iter().all(Vec::is_empty)) {
            let why = match spec.x {
                XAxis::Forwards => "cumulative judge forwards",
                XAxis::Seconds => "time/step_s",
                XAxis::Step => spec.key.log_key(),
            };
            notes.push(format!("Figure {} skipped: no run logs {why}.", spec.name));
            continue;
        }
        let reference = matches!(spec.key, EvalKey::BestOf | EvalKey::Mean)
            .then(|| reference(settings))
            .flatten()
            .map(|r| ("reference move (mean)".to_string(), r));
        let x_label = match spec.x {
            XAxis::Step => "training step",
            XAxis::Forwards => "cumulative judge forwards",
            XAxis::Seconds => "training wall-clock (s)",
        };
        let fig = Figure {
            name: spec.name.into(),
            title: spec.title.replace("{n}", &n),
            x_label: x_label.into(),
            y_label: spec.y_label.into(),
            series,
            reference,
        };
        out.push((fig, format!("{} {BAND}", spec.about).trim().to_string()));
    }
    for spec in &STEP_FIGURES {
        let (series, window) = step_series(settings, spec.get);
        if series.iter().all(|s| s.curves.iter().all(Vec::is_empty)) {
            notes.push(format!("Figure {} skipped: no run logs it.", spec.name));
            continue;
        }
        let fig = Figure {
            name: spec.name.into(),
            title: spec.title.into(),
            x_label: "training step".into(),
            y_label: spec.y_label.into(),
            series,
            reference: None,
        };
        let smoothed = if window > 1 {
            format!(", moving average over {window} steps")
        } else {
            String::new()
        };
        let caption = format!("{}{smoothed}. {BAND}", spec.about);
        out.push((fig, caption));
    }
    out
}

fn eval_series(settings: &[Setting], key: EvalKey, x: XAxis) -> Vec<SeedCurves> {
    let point = |e: &EvalPoint| {
        let xv = match x {
            XAxis::Step => Some(e.step as f64),
            XAxis::Forwards => e.forwards,
            XAxis::Seconds => e.seconds,
        };
        Some((xv?, key.get(e)?))
    };
    settings
        .iter()
        .map(|s| SeedCurves {
            label: s.label.clone(),
            curves: s
                .runs
                .iter()
                .map(|r| r.evals.iter().filter_map(point).collect())
                .collect(),
        })
        .collect()
}

/// Per-step training figures, smoothed by a centred moving average (one step is noisy: a
/// handful of assignments), and the window used.
fn step_series(
    settings: &[Setting],
    get: fn(&StepPoint) -> Option<f64>,
) -> (Vec<SeedCurves>, usize) {
    let longest = settings
        .iter()
        .flat_map(|s| &s.runs)
        .map(|r| r.steps.len())
        .max()
        .unwrap_or(0);
    let window = (longest / 40).clamp(1, 25);
    let series = settings
        .iter()
        .map(|s| SeedCurves {
            label: s.label.clone(),
            curves: s
                .runs
                .iter()
                .map(|r| {
                    let pts: Vec<(f64, f64)> = r
                        .steps
                        .iter()
                        .filter_map(|p| Some((p.step as f64, get(p)?)))
                        .collect();
                    moving_average(&pts, window)
                })
                .collect(),
        })
        .collect();
    (series, window)
}

fn moving_average(pts: &[(f64, f64)], window: usize) -> Vec<(f64, f64)> {
    let half = window / 2;
    (0..pts.len())
        .map(|i| {
            let lo = i.saturating_sub(half);
            let hi = (i + window - half).min(pts.len());
            let ys = &pts[lo..hi];
            (
                pts[i].0,
                ys.iter().map(|p| p.1).sum::<f64>() / ys.len() as f64,
            )
        })
        .collect()
}

/// The reference move's held-out score averaged over runs, when the settings share it: the
/// held-out set depends on the seed, so runs of one seed must agree. Settings that play
/// different games or gap lengths have different references, and a line between them would
/// belong to none: then there is no line.
fn reference(settings: &[Setting]) -> Option<f64> {
    let refs: Vec<(u64, f64)> = settings
        .iter()
        .flat_map(|s| &s.runs)
        .filter_map(|r| Some((r.seed, r.evals.iter().find_map(|e| e.reference)?)))
        .collect();
    let shared = refs.iter().all(|(seed, x)| {
        refs.iter()
            .filter(|(s, _)| s == seed)
            .all(|(_, y)| (x - y).abs() <= 1e-6 * (1.0 + x.abs()))
    });
    (shared && !refs.is_empty()).then(|| refs.iter().map(|r| r.1).sum::<f64>() / refs.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_averages_are_centred_and_shrink_at_the_ends() {
        let pts: Vec<(f64, f64)> = (0..5).map(|i| (i as f64, i as f64)).collect();
        let m = moving_average(&pts, 3);
        assert_eq!(
            m,
            [(0.0, 0.5), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0), (4.0, 3.5)]
        );
        assert_eq!(moving_average(&pts, 1), pts);
    }

    fn with_reference(label: &str, seed: u64, reference: f64) -> Setting {
        let run = crate::lab::report::runs::Run {
            dir: std::path::PathBuf::from(format!("r/{label}")),
            setting: label.into(),
            seed,
            best_of_n: Some(8),
            refinement: None,
            evals: vec![crate::lab::report::runs::EvalPoint {
                reference: Some(reference),
                ..Default::default()
            }],
            steps: Vec::new(),
            models: None,
            game: None,
        };
        Setting {
            label: label.into(),
            runs: vec![run],
        }
    }

    #[test]
    fn the_reference_line_is_drawn_only_when_every_run_shares_it() {
        // Each seed has its held-out set: per seed the settings agree, the line is the mean.
        let same = [
            with_reference("a", 0, -3.0),
            with_reference("b", 0, -3.0),
            with_reference("a", 1, -5.0),
            with_reference("b", 1, -5.0),
        ];
        assert_eq!(reference(&same), Some(-4.0));
        // Two gap lengths: two references at one seed, and no line that belongs to neither.
        let apart = [
            with_reference("L4", 0, -216.0),
            with_reference("L12", 0, -283.0),
        ];
        assert_eq!(reference(&apart), None);
    }
}
