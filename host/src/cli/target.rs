//! What `eval`, `play`, `export` and `analyze-selection` load: a run directory (its latest
//! checkpoint, or `--step N`'s), one checkpoint folder, a Hugging Face model folder (the base
//! model, no adapters) or `base` (the config's base model), with the config the run trained
//! with unless told otherwise. One resolution for every command that uses a trained player.
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use frost_host::config::{TrainConfig, DEFAULT_CONFIG_TOML};
use frost_host::run::checkpoints::{step_of, Checkpoints};
use frost_host::run::dir::CheckpointState;

/// The arguments naming what to load, shared by the commands that use a trained player.
#[derive(Args, Debug, Clone)]
pub struct TargetArgs {
    /// A run directory, a checkpoint folder (RUN/checkpoints/step-N), a Hugging Face model
    /// folder (its base weights), or `base` (the config's base model, no adapters).
    #[arg(value_name = "RUN_OR_MODEL")]
    pub target: String,
    /// The run's checkpoint after this step (default: its latest).
    #[arg(long, value_name = "N")]
    pub step: Option<u64>,
    #[command(flatten)]
    pub with: ConfigArgs,
}

/// The config a trained player is used with: the run's own unless told otherwise.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfigArgs {
    /// Config (TOML); default: the run's own config.toml, else the embedded default.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Game component (overrides game.path; default games/infill.wasm when the config has none).
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// Override a config field, e.g. --set corpus.source="texts/" (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
}

/// A resolved target.
pub struct Target {
    pub cfg: TrainConfig,
    /// The checkpoint folder whose weights go on the base model; None: the base model itself.
    pub checkpoint: Option<PathBuf>,
    /// The run directory it belongs to, when it is a run's.
    pub run: Option<PathBuf>,
    /// The step the checkpoint was saved after (0 for the base model).
    pub step: u64,
    /// How to name it in output: the path as given, with the step.
    pub label: String,
}

/// Resolve `a`; `extra` overrides go after the user's (a command's own needs).
pub fn resolve(a: &TargetArgs, extra: &[String]) -> anyhow::Result<Target> {
    let given = Path::new(&a.target);
    let (checkpoint, run, model_path) = match a.target.as_str() {
        "base" => (None, None, None),
        _ if !given.exists() => anyhow::bail!(
            "{}: no such run directory, checkpoint folder or model folder (or write `base` for \
             the config's base model)",
            a.target
        ),
        _ => locate(given, a.step)?,
    };
    anyhow::ensure!(
        a.step.is_none() || checkpoint.is_some(),
        "--step picks one of a run's checkpoints; `base` is not a run directory"
    );
    let (text, origin) = match (&a.with.config, &run) {
        (Some(p), _) => (
            std::fs::read_to_string(p)
                .with_context(|| format!("cannot read config {}", p.display()))?,
            p.display().to_string(),
        ),
        (None, Some(run)) => {
            let p = run.join("config.toml");
            let t = std::fs::read_to_string(&p)
                .with_context(|| format!("{}: no config.toml; pass --config", run.display()))?;
            (t, p.display().to_string())
        }
        (None, None) => (
            DEFAULT_CONFIG_TOML.to_string(),
            "embedded default".to_string(),
        ),
    };
    let mut overrides = a.with.overrides.clone();
    if let Some(m) = &model_path {
        overrides.push(format!("model.path={}", toml_str(m)));
    }
    let game = a.with.game.clone().or_else(|| {
        let probe = TrainConfig::from_toml(&text, &origin, &overrides).ok()?;
        (probe.game.path.is_empty()).then(|| PathBuf::from("games/infill.wasm"))
    });
    if let Some(g) = game {
        overrides.push(format!("game.path={}", toml_str(&g)));
    }
    overrides.extend(extra.iter().cloned());
    let cfg = TrainConfig::from_toml(&text, &origin, &overrides)?;
    let step = match &checkpoint {
        Some(c) => {
            // Its errors name the file (state.json) already.
            let state: CheckpointState = Checkpoints::read_state(c)?;
            state.step
        }
        None => 0,
    };
    let label = match &checkpoint {
        Some(_) if run.is_some() => format!("{} step {step}", display_run(&a.target, given)),
        _ => a.target.clone(),
    };
    Ok(Target {
        cfg,
        checkpoint,
        run,
        step,
        label,
    })
}

/// The run directory as the user wrote it (a checkpoint folder's run, two levels up).
fn display_run(target: &str, given: &Path) -> String {
    match given.join("checkpoints").is_dir() {
        true => target.to_string(),
        false => (given.parent().and_then(Path::parent))
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| target.to_string()),
    }
}

fn toml_str(p: &Path) -> String {
    toml::Value::String(p.display().to_string()).to_string()
}

/// (checkpoint folder, its run directory, a model folder to load as the base) for a path.
type Located = (Option<PathBuf>, Option<PathBuf>, Option<PathBuf>);

fn locate(path: &Path, step: Option<u64>) -> anyhow::Result<Located> {
    if path.join("checkpoints").is_dir() {
        let ckpts = Checkpoints::new(path.join("checkpoints"));
        let dir = match step {
            None => ckpts
                .latest()
                .with_context(|| format!("{}: the run has no checkpoint yet", path.display()))?,
            Some(n) => {
                let d = path.join("checkpoints").join(format!("step-{n:06}"));
                if !d.is_dir() {
                    let mut have: Vec<u64> = (ckpts.candidates().iter())
                        .filter_map(|c| step_of(c))
                        .collect();
                    have.sort_unstable();
                    let have: Vec<String> = have.iter().map(u64::to_string).collect();
                    anyhow::bail!(
                        "--step {n}: {} has no checkpoint after step {n} (it keeps: {})",
                        path.display(),
                        if have.is_empty() {
                            "none".into()
                        } else {
                            have.join(", ")
                        }
                    );
                }
                d
            }
        };
        return Ok((Some(dir), Some(path.to_path_buf()), None));
    }
    anyhow::ensure!(
        step.is_none(),
        "--step picks one of a run's checkpoints; {} is not a run directory",
        path.display()
    );
    if path.join("adapter").is_dir() || path.join("model").is_dir() {
        let run = (path.parent().and_then(Path::parent)).map(Path::to_path_buf);
        let run = run.filter(|r| r.join("config.toml").is_file());
        return Ok((Some(path.to_path_buf()), run, None));
    }
    if path.join("config.json").is_file() {
        return Ok((None, None, Some(path.to_path_buf())));
    }
    anyhow::bail!(
        "{}: neither a run directory (with checkpoints/), a checkpoint folder (with adapter/ or \
         model/) nor a model folder (with config.json)",
        path.display()
    )
}
