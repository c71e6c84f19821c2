//! `frost-host eval RUN_OR_MODEL`: training's held-out evaluation (best-of-N, mean, entropy,
//! score variance, distinct moves) of a checkpoint, a run's `--step`, or a base model, on any
//! game, corpus or split; `--against base` pairs it with the base model on the same
//! assignments and draws (per-assignment differences, bootstrap intervals, sign-flip p);
//! `--refine R` adds Frost at test time on the same draws beside sampling more
//! (`train::evaluate_refined`; its flags in search_flags.rs, its output in eval_refine.rs).
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use super::eval_refine as refine;
use super::search_flags::{self, SearchFlags};
use super::target::TargetArgs;
use frost_host::lab::stats;
use frost_host::train::{self, AssignmentEval, EvalMetrics};

#[derive(Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Where the assignments come from: the run's held-out split (what training evaluates
    /// on), or the training split.
    #[arg(long, value_enum, default_value = "heldout")]
    pub split: EvalSplit,
    /// Also evaluate the base model (adapters off) on the same assignments and draws, and
    /// report the paired differences.
    #[arg(long, value_name = "base")]
    pub against: Option<Against>,
    /// Write every figure, and each assignment's, as JSON here.
    #[arg(long, value_name = "FILE.json")]
    pub out: Option<PathBuf>,
    /// Frost at test time: R Frost rounds on each assignment's N draws, beside the best of
    /// N + r*D plain samples (the same judge forwards), r = 0..R (default: the config's
    /// search.rounds when above 0, else no search).
    #[arg(long, value_name = "R")]
    pub refine: Option<usize>,
    /// Children verified per Frost round, D (search.children; default: the config's, else
    /// frost.d).
    #[arg(long, value_name = "D")]
    pub children: Option<usize>,
    /// Each Frost round's judge backward on the best P current members only (search.parents;
    /// default: the config's, 0 = all N).
    #[arg(long, value_name = "P")]
    pub parents: Option<usize>,
    /// With a search: one eval.jsonl-style line per arm and round (best-of, mean, judge
    /// forwards and backwards, seconds, each assignment's figures) here.
    #[arg(long, value_name = "FILE.jsonl")]
    pub curve: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq)]
pub enum EvalSplit {
    Heldout,
    Train,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq)]
pub enum Against {
    Base,
}

/// The figures a paired comparison reports, by their eval.jsonl names (best-of-N is named
/// with its N at output).
type Figure = (&'static str, fn(&AssignmentEval) -> f64);
const FIGURES: [Figure; 5] = [
    ("best_of", |a| a.best),
    ("mean", |a| a.mean),
    ("entropy", |a| a.entropy),
    ("score_var", |a| a.score_var),
    ("distinct", |a| a.distinct),
];

pub fn run(a: EvalArgs) -> anyhow::Result<()> {
    // The held-out set is built whatever the config's eval.every (it only says how often).
    let flags = SearchFlags {
        refine: a.refine,
        children: a.children,
        parents: a.parents,
    };
    let (mut t, rounds) =
        search_flags::resolve_search(&a.target, vec!["eval.every=1".into()], &flags)?;
    anyhow::ensure!(
        rounds.is_some() || (a.children, a.parents, &a.curve) == (None, None, &None),
        "--children, --parents and --curve set a test-time search: give --refine R (or \
         search.rounds in the config)"
    );
    if let Some(r) = rounds {
        anyhow::ensure!(
            a.against.is_none(),
            "--against base and a test-time search (--refine R, or the config's search.rounds) \
             are separate evaluations: run `eval base --refine R` for the base model's search, \
             or add --set search.rounds=0 for the paired comparison"
        );
        search_flags::check_draws(&t.cfg, r, t.cfg.eval.best_of, "eval.best_of")?;
    }
    anyhow::ensure!(
        !(a.against.is_some() && t.checkpoint.is_none()),
        "--against base: {} is the base model already",
        t.label
    );
    anyhow::ensure!(
        t.cfg.eval.assignments > 0 && t.cfg.eval.best_of > 0,
        "eval.assignments and eval.best_of must be at least 1 (--set eval.assignments=32)"
    );
    if let Some(out) = &a.out {
        super::output::prepare("--out", out)?;
    }
    if let Some(curve) = &a.curve {
        super::output::prepare("--curve", curve)?;
        let out = a.out.as_deref().and_then(|p| std::path::absolute(p).ok());
        anyhow::ensure!(
            out.is_none() || out != std::path::absolute(curve).ok(),
            "--out and --curve name the same file {}: the curve would overwrite the figures; give \
             each its own",
            curve.display()
        );
    }
    let mut s = super::launched::setup(&mut t.cfg).context("eval setup")?;
    if let Some(dir) = &t.checkpoint {
        train::load_weights(&mut s, dir)?;
    }
    let assignments = match a.split {
        EvalSplit::Heldout => std::mem::take(&mut s.heldout),
        EvalSplit::Train => {
            let (dealer, tok) = (&mut s.dealer, &s.model.tokenizer);
            train::eval_set(&t.cfg, dealer, tok, &s.train_split)?
        }
    };
    if let Some(r) = rounds {
        refine::check_memory(&s, &t.cfg, &assignments, r)?;
    }
    let passes = 1 + a.against.is_some() as usize;
    let bar = progress(&t.cfg, (assignments.len() * passes) as u64);
    // The seeds of the evaluation after the checkpoint's step: a run's own eval line at that
    // step is reproduced exactly.
    let mut tick = |d: usize| bar.set_position(d as u64);
    let curves = match rounds {
        Some(rounds) => Some(train::evaluate_refined(
            &s,
            &s.model.net,
            &assignments,
            t.step,
            train::Refining {
                rounds,
                search: search_flags::search(&t.cfg),
            },
            &mut tick,
        )?),
        None => None,
    };
    let per = match &curves {
        Some(c) => c.iter().map(|c| c.eval.clone()).collect(),
        None => train::evaluate_assignments(&s, &s.model.net, &assignments, t.step, &mut tick)?,
    };
    let n = t.cfg.eval.best_of;
    let metrics = train::summarize(t.step, n, &per);
    let base = match a.against {
        None => None,
        Some(Against::Base) => {
            let reference = s.reference();
            reference.set_adapters_enabled(false);
            let done = per.len() as u64;
            let b = train::evaluate_assignments(&s, reference, &assignments, t.step, &mut |d| {
                bar.set_position(done + d as u64)
            });
            reference.set_adapters_enabled(true);
            Some(b?)
        }
    };
    bar.finish_and_clear();
    let split = match a.split {
        EvalSplit::Heldout => "heldout",
        EvalSplit::Train => "train",
    };
    println!(
        "{} on {} ({} split, {} assignments, best of {n})",
        t.label,
        s.dealer.game_name,
        split,
        per.len()
    );
    let rows = base.as_ref().map(|b| paired(&per, b, n));
    print_table(&metrics, rows.as_deref());
    if base.is_some() {
        println!("{}", base_seeds_note(t.step));
    }
    let curve = curves
        .as_deref()
        .map(|c| refine::Curve::new(c, n, t.cfg.frost.d, &search_flags::search(&t.cfg)));
    if let Some(c) = &curve {
        c.print();
    }
    if let Some(out) = &a.out {
        let mut doc = json!({
            "target": t.label,
            "checkpoint": t.checkpoint.as_ref().map(|c| c.display().to_string()),
            "run": t.run.as_ref().map(|r| r.display().to_string()),
            "step": t.step,
            "game": s.dealer.game_name,
            "split": split,
            "corpus": t.cfg.corpus.source.describe(),
            "metrics": frost_host::train::metrics::to_json(&metrics),
            "assignments": per,
        });
        if let Some(b) = &base {
            doc["base"] = json!({
                "seeds": base_seeds_note(t.step),
                "metrics": frost_host::train::metrics::to_json(&train::summarize(t.step, n, b)),
                "assignments": b,
                "difference": rows.as_deref().map(paired_json),
            });
        }
        if let Some(c) = &curve {
            doc["refine"] = c.json();
        }
        let text = serde_json::to_string_pretty(&doc)? + "\n";
        super::output::write("--out", out, &text)?;
        println!("wrote {}", out.display());
    }
    if let (Some(path), Some(c)) = (&a.curve, &curve) {
        let head = json!({
            "target": t.label,
            "step": t.step,
            "seed": t.cfg.seed,
            "game": s.dealer.game_name,
            "split": split,
            "selection": t.cfg.frost.selection.name(),
        });
        c.write_lines(path, &head)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The base model is evaluated with the draws of the checkpoint's own evaluation: its step's
/// seeds, not step 0's (what the run's eval.jsonl logged for the base before training).
fn base_seeds_note(step: u64) -> String {
    format!(
        "base: drawn with the seeds of the step-{step} evaluation, as the checkpoint (paired draw \
         for draw); the run's own step-0 line in eval.jsonl used step 0's seeds, so its base \
         figures can differ from these"
    )
}

fn progress(cfg: &frost_host::config::TrainConfig, len: u64) -> ProgressBar {
    if !cfg.run.progress {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("eval {bar:30} {pos}/{len} assignments [{elapsed}]")
        .expect("valid template");
    ProgressBar::new(len).with_style(style)
}

/// One figure, this model against the base on the same assignments.
struct Paired {
    name: String,
    this: f64,
    base: f64,
    /// Mean of (this - base) over assignments, with its bootstrap 95% interval.
    difference: Option<stats::Interval>,
    p: Option<f64>,
}

/// Each figure's paired difference (this - base) over assignments.
fn paired(per: &[AssignmentEval], base: &[AssignmentEval], n: usize) -> Vec<Paired> {
    FIGURES
        .iter()
        .map(|(name, f)| {
            let a: Vec<f64> = per.iter().map(f).collect();
            let b: Vec<f64> = base.iter().map(f).collect();
            Paired {
                name: figure_name(name, n),
                this: stats::mean(&a),
                base: stats::mean(&b),
                difference: stats::mean_difference(&a, &b, stats::RESAMPLES, stats::BOOTSTRAP_SEED),
                p: stats::sign_flip_p(&a, &b, stats::RESAMPLES, stats::BOOTSTRAP_SEED),
            }
        })
        .collect()
}

fn paired_json(rows: &[Paired]) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for r in rows {
        let d = r.difference;
        out.insert(
            r.name.clone(),
            json!({
                "difference": d.map(|d| d.estimate),
                "lo": d.map(|d| d.lo),
                "hi": d.map(|d| d.hi),
                "p": r.p,
            }),
        );
    }
    serde_json::Value::Object(out)
}

fn figure_name(name: &str, n: usize) -> String {
    match name {
        "best_of" => format!("best_of_{n}"),
        _ => name.to_string(),
    }
}

fn print_table(m: &EvalMetrics, rows: Option<&[Paired]>) {
    match rows {
        None => {
            println!("  {:<14} {:>10}", "figure", "value");
            let mine = [m.best_of, m.mean, m.entropy, m.score_var, m.distinct];
            for ((name, _), v) in FIGURES.iter().zip(mine) {
                println!("  {:<14} {v:>10.3}", figure_name(name, m.n));
            }
        }
        Some(rows) => {
            println!(
                "  {:<14} {:>10} {:>10} {:>10}  {:<20} {:>6}",
                "figure", "this", "base", "diff", "95% interval", "p"
            );
            for r in rows {
                let d = r.difference;
                let interval = d.map_or("n/a".into(), |d| format!("[{:+.3}, {:+.3}]", d.lo, d.hi));
                println!(
                    "  {:<14} {:>10.3} {:>10.3} {:>+10.3}  {:<20} {:>6}",
                    r.name,
                    r.this,
                    r.base,
                    d.map_or(f64::NAN, |d| d.estimate),
                    interval,
                    r.p.map_or("n/a".into(), |p| format!("{p:.3}")),
                );
            }
        }
    }
    if let Some(r) = m.reference {
        println!("  {:<14} {r:>10.3}", "reference");
    }
}
