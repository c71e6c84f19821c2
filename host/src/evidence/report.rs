//! `frost-host report`: runs -> settings -> claims per pair -> figures -> DIR/index.html,
//! DIR/figures/*.svg, DIR/claims.json and DIR/claims.md.

use std::path::PathBuf;

use serde_json::json;

use super::claims::{self, ClaimsConfig, PairClaims};
use super::html::{self, RenderedFigure, SettingSamples};
use super::plots::{self, Figure, SeedCurves};
use super::runs::{self, EvalKey, EvalPoint, Setting, StepPoint};
use super::{samples, selection_table, EvidenceError};
use crate::files::{io_error, write_atomic};

pub struct ReportOptions {
    pub inputs: Vec<PathBuf>,
    pub out: PathBuf,
    /// "A=B" labels; empty: the two settings when there are exactly two.
    pub pairs: Vec<String>,
    pub selections: Vec<PathBuf>,
    pub claims: ClaimsConfig,
}

/// What was written, for the command's summary.
pub struct ReportSummary {
    pub settings: Vec<String>,
    pub figures: usize,
    pub pairs: Vec<PairClaims>,
    pub notes: Vec<String>,
}

pub fn write_report(opts: &ReportOptions) -> Result<ReportSummary, EvidenceError> {
    let runs::Loaded {
        settings,
        mut notes,
    } = runs::load(&opts.inputs)?;
    let pairs: Vec<PairClaims> = resolve_pairs(&opts.pairs, &settings, &mut notes)?
        .into_iter()
        .map(|(a, b)| claims::judge_pair(&settings[a], &settings[b], &opts.claims))
        .collect();
    let selections = opts
        .selections
        .iter()
        .map(|p| selection_table::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let figures_dir = opts.out.join("figures");
    std::fs::create_dir_all(&figures_dir).map_err(io_error(&figures_dir))?;
    let mut rendered = Vec::new();
    for (fig, caption) in figures(&settings, &mut notes) {
        let svg = plots::svg(&fig)?;
        write_atomic(&figures_dir.join(format!("{}.svg", fig.name)), svg.as_bytes())?;
        rendered.push(RenderedFigure {
            name: fig.name,
            title: fig.title,
            caption,
            svg,
        });
    }
    let mut shown = Vec::new();
    for s in &settings {
        let run = &s.runs[0];
        if let Some((early, late)) = samples::early_and_late(&run.dir)? {
            shown.push(SettingSamples {
                label: s.label.clone(),
                run_dir: run.dir.display().to_string(),
                early,
                late,
            });
        }
    }
    let inputs: Vec<String> = opts.inputs.iter().map(|p| p.display().to_string()).collect();
    let page = html::page(&html::Page {
        inputs: &inputs,
        notes: &notes,
        settings: &settings,
        pairs: &pairs,
        figures: &rendered,
        selections: &selections,
        samples: &shown,
    });
    write_atomic(&opts.out.join("index.html"), page.as_bytes())?;
    let claims_json = json!({
        "inputs": inputs,
        "last_evals": opts.claims.last,
        "resamples": opts.claims.resamples,
        "bootstrap_seed": opts.claims.seed,
        "settings": settings.iter().map(|s| json!({
            "label": s.label,
            "seeds": s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(),
            "runs": s.runs.iter().map(|r| r.dir.display().to_string()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "pairs": pairs,
        "notes": notes,
    });
    let text = serde_json::to_string_pretty(&claims_json).expect("plain JSON values");
    write_atomic(&opts.out.join("claims.json"), text.as_bytes())?;
    write_atomic(
        &opts.out.join("claims.md"),
        claims_markdown(&pairs, &inputs, &opts.claims).as_bytes(),
    )?;
    Ok(ReportSummary {
        settings: settings.iter().map(|s| s.label.clone()).collect(),
        figures: rendered.len(),
        pairs,
        notes,
    })
}

/// Indices of (A, B) for each `A=B`; by default the two settings when there are exactly
/// two, the Frost one (config `frost.refinement = "frost"`) as A.
fn resolve_pairs(
    given: &[String],
    settings: &[Setting],
    notes: &mut Vec<String>,
) -> Result<Vec<(usize, usize)>, EvidenceError> {
    let index = |l: &str| settings.iter().position(|s| s.label == l);
    let known = || {
        let l: Vec<String> = settings.iter().map(|s| format!("\"{}\"", s.label)).collect();
        l.join(", ")
    };
    if given.is_empty() {
        if settings.len() != 2 {
            notes.push(format!(
                "{} settings: no claims judged; name the pairs with --pair A=B.",
                settings.len()
            ));
            return Ok(Vec::new());
        }
        let frost = |i: usize| {
            settings[i].runs.iter().all(|r| r.refinement.as_deref() == Some("frost"))
        };
        return Ok(if frost(1) && !frost(0) {
            vec![(1, 0)]
        } else {
            vec![(0, 1)]
        });
    }
    let mut out = Vec::new();
    for pair in given {
        // Labels may hold '=' themselves: the split is where both sides are settings.
        let found = pair
            .match_indices('=')
            .find_map(|(i, _)| Some((index(&pair[..i])?, index(&pair[i + 1..])?)));
        let (a, b) = found.ok_or_else(|| EvidenceError::Pair {
            pair: pair.clone(),
            msg: "expected A=B with A and B setting labels".into(),
            known: known(),
        })?;
        if a == b {
            return Err(EvidenceError::Pair {
                pair: pair.clone(),
                msg: "A and B are the same setting".into(),
                known: known(),
            });
        }
        out.push((a, b));
    }
    Ok(out)
}

#[derive(Clone, Copy)]
enum XAxis {
    Step,
    Forwards,
}

/// Every figure the runs can show, with its caption; a figure no run has data for is
/// skipped with a note.
fn figures(settings: &[Setting], notes: &mut Vec<String>) -> Vec<(Figure, String)> {
    let n = settings
        .iter()
        .flat_map(|s| &s.runs)
        .find_map(|r| r.best_of_n)
        .map_or("best-of-N".to_string(), |n| format!("best-of-{n}"));
    let band = "Line: mean over seeds; band: lowest to highest seed.";
    let budget = "x: cumulative training judge forwards (evaluation not counted).";
    let specs: [(&str, String, &str, EvalKey, XAxis, String); 7] = [
        ("best_of_vs_step", format!("Held-out {n} by step"), "score (nats)", EvalKey::BestOf, XAxis::Step, band.into()),
        ("best_of_vs_forwards", format!("Held-out {n} by judge budget"), "score (nats)", EvalKey::BestOf, XAxis::Forwards, format!("{band} {budget}")),
        ("mean_vs_step", "Held-out mean score by step".into(), "score (nats)", EvalKey::Mean, XAxis::Step, band.into()),
        ("mean_vs_forwards", "Held-out mean score by judge budget".into(), "score (nats)", EvalKey::Mean, XAxis::Forwards, format!("{band} {budget}")),
        ("entropy_vs_step", "Diversity: token entropy of held-out samples".into(), "entropy (nats/token)", EvalKey::Entropy, XAxis::Step, format!("Mean per-token entropy of the policy on its own held-out samples. {band}")),
        ("distinct_vs_step", "Diversity: distinct held-out moves".into(), "distinct moves / N", EvalKey::Distinct, XAxis::Step, format!("Mean over held-out assignments of distinct moves among the N samples. {band}")),
        ("score_var_vs_step", "Diversity: score variance of held-out samples".into(), "variance (nats²)", EvalKey::ScoreVar, XAxis::Step, format!("Mean over held-out assignments of the variance of the N samples' scores. {band}")),
    ];
    let mut out = Vec::new();
    for (name, title, y_label, key, x, caption) in specs {
        let series = eval_series(settings, key, x);
        if series.iter().all(|s| s.curves.iter().all(Vec::is_empty)) {
            let why = match x {
                XAxis::Forwards => "no cumulative judge forwards",
                XAxis::Step => key.log_key(),
            };
            notes.push(format!("Figure {name} skipped: no run logs {why}."));
            continue;
        }
        let reference = matches!(key, EvalKey::BestOf | EvalKey::Mean)
            .then(|| reference(settings))
            .flatten()
            .map(|r| ("reference move (mean)".to_string(), r));
        let x_label = match x {
            XAxis::Step => "training step",
            XAxis::Forwards => "cumulative judge forwards",
        };
        let fig = Figure {
            name: name.into(),
            title,
            x_label: x_label.into(),
            y_label: y_label.into(),
            series,
            reference,
        };
        out.push((fig, caption));
    }
    let train: [(&str, &str, &str, fn(&StepPoint) -> Option<f64>, &str); 2] = [
        ("replaced_frac_vs_step", "Frost: fraction of the group replaced", "replaced fraction", |p| p.replaced_frac, "frost/replaced_frac per training step"),
        ("sampled_mean_vs_step", "Training: mean score of the sampled group", "score (nats)", |p| p.sampled_mean, "sampled/mean (reward/mean in older runs) per training step, on training assignments"),
    ];
    for (name, title, y_label, get, what) in train {
        let (series, window) = step_series(settings, get);
        if series.iter().all(|s| s.curves.iter().all(Vec::is_empty)) {
            notes.push(format!("Figure {name} skipped: no run logs it."));
            continue;
        }
        let caption = format!("{what}, moving average over {window} steps. {band}");
        let fig = Figure {
            name: name.into(),
            title: title.into(),
            x_label: "training step".into(),
            y_label: y_label.into(),
            series,
            reference: None,
        };
        out.push((fig, caption));
    }
    out
}

fn eval_series(settings: &[Setting], key: EvalKey, x: XAxis) -> Vec<SeedCurves> {
    let point = |e: &EvalPoint| {
        let xv = match x {
            XAxis::Step => Some(e.step as f64),
            XAxis::Forwards => e.forwards,
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
            (pts[i].0, ys.iter().map(|p| p.1).sum::<f64>() / ys.len() as f64)
        })
        .collect()
}

/// The reference move's held-out score, averaged over runs (the same held-out set in all).
fn reference(settings: &[Setting]) -> Option<f64> {
    let refs: Vec<f64> = settings
        .iter()
        .flat_map(|s| &s.runs)
        .filter_map(|r| r.evals.iter().find_map(|e| e.reference))
        .collect();
    (!refs.is_empty()).then(|| refs.iter().sum::<f64>() / refs.len() as f64)
}

/// claims.md: per pair, the table the page shows, in markdown.
pub fn claims_markdown(pairs: &[PairClaims], inputs: &[String], cfg: &ClaimsConfig) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut md = format!(
        "# Claims\n\nGenerated by `frost-host report {}`. Paired by seed; 95% intervals from a \
         percentile bootstrap over seeds ({} resamples, seed {}); final figures are the mean of \
         the last {} evaluations.\n",
        inputs.join(" "),
        cfg.resamples,
        cfg.seed,
        cfg.last
    );
    if pairs.is_empty() {
        md.push_str("\nNo pair of settings was judged (name them with `--pair A=B`).\n");
    }
    for p in pairs {
        md.push_str(&format!(
            "\n## A = {} against B = {}\n\nSeeds in both: {:?}.\n\n| {} |\n|{}\n",
            cell(&p.a),
            cell(&p.b),
            p.seeds,
            html::CLAIM_COLUMNS.join(" | "),
            "---|".repeat(html::CLAIM_COLUMNS.len())
        ));
        for c in &p.claims {
            let cells: Vec<String> = html::claim_cells(c).iter().map(|s| cell(s)).collect();
            md.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_averages_are_centred_and_shrink_at_the_ends() {
        let pts: Vec<(f64, f64)> = (0..5).map(|i| (i as f64, i as f64)).collect();
        let m = moving_average(&pts, 3);
        assert_eq!(m, [(0.0, 0.5), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0), (4.0, 3.5)]);
        assert_eq!(moving_average(&pts, 1), pts);
    }
}
