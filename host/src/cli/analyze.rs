//! `frost-host analyze-selection`: the selection rules compared on the same sampled parents,
//! every child rescored exactly (docs/method.md#selection-rules). Prints a table, writes JSON.
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use frost_host::lab::selection::{self, default_rules, RuleSpec, Split, StudyOptions};
use frost_host::train;

use super::target::{resolve, ConfigArgs, TargetArgs};

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A run directory (its latest checkpoint and its config.toml) or one checkpoint folder
    /// (RUN/checkpoints/step-N); absent = the base model (no adapters).
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub with: ConfigArgs,
    /// Assignments (groups of K sampled parents) to study.
    #[arg(long, default_value_t = 64)]
    pub assignments: usize,
    /// Children each rule picks per assignment (default: the config's frost.d).
    #[arg(long)]
    pub d: Option<usize>,
    /// Where the assignments come from: the training split, or the run's held-out set.
    #[arg(long, value_enum, default_value = "train")]
    pub split: SplitArg,
    /// A rule to compare, `NAME[:scope=..,tau=..,w=..,lambda=..]` (repeatable; default: the
    /// paper's four rules, the gate at several tau, and the round-robin and new rules).
    #[arg(long = "rule", value_name = "SPEC")]
    pub rules: Vec<String>,
    /// Random candidates per assignment rescored for the estimate's quality (twice: uniform,
    /// and among the gate-passing ones).
    #[arg(long, default_value_t = 32)]
    pub samples: usize,
    /// Seed of the study's draws (assignments, parents, samples).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The JSON output.
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SplitArg {
    Train,
    Heldout,
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.assignments > 0, "--assignments must be at least 1");
    super::output::prepare("--out", &args.out)?;
    let split = match args.split {
        SplitArg::Train => Split::Train,
        SplitArg::Heldout => Split::Heldout,
    };
    let mut extra = Vec::new();
    if split == Split::Heldout {
        // The held-out set is the evaluation's: its first N assignments.
        extra.push("eval.every=1".into());
        extra.push(format!("eval.assignments={}", args.assignments));
    }
    let target = TargetArgs {
        target: (args.checkpoint.as_ref()).map_or("base".into(), |c| c.display().to_string()),
        step: None,
        with: args.with.clone(),
    };
    let t = resolve(&target, &extra)?;
    let cfg = t.cfg;
    let rules = if args.rules.is_empty() {
        default_rules(&cfg.frost)
    } else {
        args.rules
            .iter()
            .map(|r| RuleSpec::parse(r, &cfg.frost))
            .collect::<Result<_, _>>()?
    };
    let mut s = train::setup(&cfg).context("analyze-selection setup")?;
    if let Some(dir) = &t.checkpoint {
        train::load_weights(&mut s, dir)?;
    }
    let opts = StudyOptions {
        assignments: args.assignments,
        d: args.d.unwrap_or(cfg.frost.d),
        split,
        rules,
        samples: args.samples,
        seed: args.seed,
    };
    let mut report = selection::run(&mut s, &opts)?;
    report.checkpoint = t.checkpoint.map(|d| d.display().to_string());
    let json = serde_json::to_string_pretty(&report)?;
    super::output::write("--out", &args.out, &(json + "\n"))?;
    print!("{}", report.table());
    println!("wrote {}", args.out.display());
    Ok(())
}
