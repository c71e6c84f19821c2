//! `frost-host [--game G] [--config F]... [--set k=v] [--out DIR] [--resume DIR]`, `schema`, `demo`.
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use clap::Args;
use frost_host::config::{TrainConfig, DEFAULT_CONFIG_TOML};
use frost_host::train::{self, RunRequest};

#[derive(Args, Debug, Default)]
pub struct TrainArgs {
    /// Game component (.wasm) or native plugin to train on (overrides game.path).
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// Run config (TOML); default: the embedded configs/tiny-infill.toml. Repeatable: each
    /// later file is merged over the earlier ones (a recipe of configs/recipes/ over a base).
    #[arg(long)]
    pub config: Vec<PathBuf>,
    /// Override a config field, e.g. --set frost.d=8 --set model.device=cuda (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
    /// Run directory (default: runs/<unix time>); an existing folder that is not a run but
    /// holds files a run would overwrite (config.toml, metrics.jsonl, ...) is refused untouched.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the run in DIR from its latest checkpoint (its config.toml, plus any --set).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["config", "out"])]
    pub resume: Option<PathBuf>,
    /// With --resume: continue even if the checkpoint was trained with another seed, base
    /// model, game or game config (recorded in the run's config.history.toml).
    #[arg(long, requires = "resume")]
    pub force_resume: bool,
}

#[derive(Args, Debug)]
pub struct DemoArgs {
    /// Steps of the demo run. 60: the held-out best-of-8 visibly climbs from about step 30 on
    /// the embedded default (a few minutes on a 2-core CPU).
    #[arg(long, default_value_t = 60)]
    pub steps: u64,
    /// Game component.
    #[arg(long, default_value = "games/infill.wasm")]
    pub game: PathBuf,
    /// Run directory (default: runs/demo-<unix time>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// After training, the test-time search (`eval RUN --refine 8 --parents 1 --children 16`)
    /// on this many held-out assignments beside sampling more: what Frost is for, with its
    /// cost. 0: no search.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub search_assignments: usize,
}

pub static STOP: AtomicBool = AtomicBool::new(false);

/// A second Ctrl-C leaves at once, unless a launcher runs this process: torchrun's agent
/// passes the terminal's Ctrl-C on to its workers, which then get it twice, and ends them
/// itself if they take too long.
static LEAVE_ON_SECOND: AtomicBool = AtomicBool::new(true);

extern "C" fn on_sigint(_: libc::c_int) {
    if STOP.swap(true, Ordering::SeqCst) && LEAVE_ON_SECOND.load(Ordering::SeqCst) {
        unsafe { libc::_exit(130) };
    }
}

extern "C" fn on_sigterm(_: libc::c_int) {
    STOP.store(true, Ordering::SeqCst);
}

/// Ctrl-C raises a flag; the loop saves a checkpoint after the current step and stops. SIGTERM
/// (what torchrun's agent sends its workers on Ctrl-C, and Slurm before a job's time limit)
/// does the same, never leaving at once: a Ctrl-C under torchrun reaches a worker as both.
pub fn install_ctrlc() {
    let world = frost_host::dist::World::from_env(|v| std::env::var(v).ok());
    LEAVE_ON_SECOND.store(world.is_ok_and(|w| w.size == 1), Ordering::SeqCst);
    let handler: extern "C" fn(libc::c_int) = on_sigint;
    let term: extern "C" fn(libc::c_int) = on_sigterm;
    // SAFETY: the handlers only touch an atomic and call the async-signal-safe _exit.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
        libc::signal(libc::SIGTERM, term as libc::sighandler_t);
    }
}

fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The run config files as `(text, origin)` in order (each later one merged over the earlier),
/// or the embedded default when none is given: what training and game-check both read.
pub fn config_docs(paths: &[PathBuf]) -> anyhow::Result<Vec<(String, String)>> {
    if paths.is_empty() {
        return Ok(vec![(
            DEFAULT_CONFIG_TOML.to_string(),
            "embedded default".to_string(),
        )]);
    }
    (paths.iter())
        .map(|p| {
            let t = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read config {}", p.display()))?;
            Ok((t, p.display().to_string()))
        })
        .collect()
}

/// The run config of `docs` merged in order, then `overrides`: what training and game-check
/// both resolve. A lone overlay (a recipe) lacks the base's sections: the error says so.
pub fn resolve_config(
    docs: &[(String, String)],
    overrides: &[String],
) -> anyhow::Result<TrainConfig> {
    let refs: Vec<(&str, &str)> = docs.iter().map(|(t, o)| (t.as_str(), o.as_str())).collect();
    TrainConfig::from_tomls(&refs, overrides).map_err(|e| {
        let msg = e.to_string();
        let hint = match msg.contains("missing field") {
            true => {
                " (a config given alone must be complete: an overlay such as configs/recipes/*.toml \
                 goes after a base, e.g. --config configs/tiny-infill.toml --config RECIPE)"
            }
            false => "",
        };
        anyhow::anyhow!("{msg}{hint}")
    })
}

pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    let docs: Vec<(String, String)> = match &args.resume {
        Some(dir) => {
            let p = dir.join("config.toml");
            let t = std::fs::read_to_string(&p).with_context(|| {
                format!("cannot resume: {} is not a run directory", dir.display())
            })?;
            vec![(t, p.display().to_string())]
        }
        None => config_docs(&args.config)?,
    };
    let mut overrides = args.overrides.clone();
    if let Some(g) = &args.game {
        overrides.push(format!(
            "game.path={}",
            toml_string(&g.display().to_string())
        ));
    }
    // The run's config.toml is this merged, resolved config (what --resume reads back).
    let cfg = resolve_config(&docs, &overrides)?;
    let req = |out: PathBuf, resume: bool| RunRequest {
        config: cfg.clone(),
        out,
        default_out: args.out.is_none() && args.resume.is_none(),
        resume,
        force_resume: args.force_resume,
        overrides: overrides.clone(),
    };
    let (out, resume) = match &args.resume {
        Some(dir) => (dir.clone(), true),
        None => (
            args.out
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("runs/{}", unix_time()))),
            false,
        ),
    };
    train_and_report(req(out, resume))
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Train, print the summary. A failed start leaves no run directory behind (the library
/// removes one it created); an interrupted run exits with 130, like a shell's Ctrl-C, so
/// scripts can tell it from a finished one.
fn train_and_report(req: RunRequest) -> anyhow::Result<()> {
    install_ctrlc();
    let out = req.out.clone();
    let summary =
        train::train(req, &STOP).with_context(|| format!("training run {}", out.display()))?;
    if summary.follower {
        // Rank 0 prints the summary and saves; the others only say they stopped with it.
        if summary.interrupted {
            std::process::exit(130);
        }
        return Ok(());
    }
    println!("{}", train::summary_table(&summary));
    if summary.interrupted {
        eprintln!(
            "interrupted: saved step {} in {}; continue with --resume {}",
            summary.steps_done,
            out.display(),
            out.display()
        );
        std::process::exit(130);
    }
    Ok(())
}

pub fn schema() -> anyhow::Result<()> {
    println!("{}", frost_host::config::schema_json());
    Ok(())
}

/// `make demo`: the embedded default model (installed first if missing) and a short run.
pub fn demo(args: DemoArgs) -> anyhow::Result<()> {
    let dir = frost_host::pretrain::ensure_default_model()
        .context("installing the embedded default model")?;
    tracing::info!("default model at {}", dir.display());
    let overrides = vec![
        format!("steps={}", args.steps),
        format!(
            "game.path={}",
            toml_string(&args.game.display().to_string())
        ),
        format!("eval.every={}", (args.steps / 3).max(1)),
        "eval.assignments=8".to_string(),
        "run.checkpoint_every=0".to_string(),
    ];
    let cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded default", &overrides)?;
    let default_out = args.out.is_none();
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("runs/demo-{}", unix_time())));
    train_and_report(RunRequest {
        config: cfg,
        out: out.clone(),
        default_out,
        resume: false,
        force_resume: false,
        overrides,
    })?;
    if args.search_assignments == 0 {
        return Ok(());
    }
    // What Frost is for here (docs/results.md, "Test-time search by the second"): the search
    // recipe on the player just trained, against sampling more on the same draws.
    println!(
        "\nNow Frost's test-time search on {} held-out assignments: each round one judge backward \
         on the best move, 16 single-token edits gated by the player and verified exactly, \
         against drawing 16 more samples per round (`frost-host eval {} --refine 8 --parents 1 \
         --children 16`).",
        args.search_assignments,
        out.display()
    );
    super::eval::run(super::eval::EvalArgs {
        target: super::target::TargetArgs {
            target: out.display().to_string(),
            step: None,
            with: super::target::ConfigArgs {
                overrides: vec![format!("eval.assignments={}", args.search_assignments)],
                ..Default::default()
            },
        },
        split: super::eval::EvalSplit::Heldout,
        against: None,
        out: None,
        refine: Some(8),
        children: Some(16),
        parents: Some(1),
        curve: None,
    })
    .context("the demo's test-time search")
}
