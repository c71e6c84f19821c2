//! `frost-host [--game G] [--config F] [--set k=v] [--out DIR] [--resume DIR]`, `schema`, `demo`.
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use clap::Args;
use frost_host::config::{DeviceSpec, Dtype};
use frost_host::config::{TrainConfig, DEFAULT_CONFIG_TOML};
use frost_host::train::metrics::PhaseTimes;
use frost_host::train::{self, RunRequest};

#[derive(Args, Debug, Default)]
pub struct TrainArgs {
    /// Game component (.wasm) or native plugin to train on (overrides game.path).
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// Run config (TOML); default: the embedded configs/tiny-infill.toml.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override a config field, e.g. --set frost.d=8 --set model.device=cuda (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
    /// Run directory (default: runs/<unix time>).
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
}

pub static STOP: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    // Second Ctrl-C: leave at once.
    if STOP.swap(true, Ordering::SeqCst) {
        unsafe { libc::_exit(130) };
    }
}

/// Ctrl-C raises a flag; the loop saves a checkpoint after the current step and stops.
pub fn install_ctrlc() {
    let handler: extern "C" fn(libc::c_int) = on_sigint;
    // SAFETY: the handler only touches an atomic and calls the async-signal-safe _exit.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
}

fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    let (text, origin) = match (&args.resume, &args.config) {
        (Some(dir), _) => {
            let p = dir.join("config.toml");
            let t = std::fs::read_to_string(&p).with_context(|| {
                format!("cannot resume: {} is not a run directory", dir.display())
            })?;
            (t, p.display().to_string())
        }
        (None, Some(p)) => (
            std::fs::read_to_string(p)
                .with_context(|| format!("cannot read config {}", p.display()))?,
            p.display().to_string(),
        ),
        (None, None) => (
            DEFAULT_CONFIG_TOML.to_string(),
            "embedded default".to_string(),
        ),
    };
    let mut overrides = args.overrides.clone();
    if let Some(g) = &args.game {
        overrides.push(format!(
            "game.path={}",
            toml_string(&g.display().to_string())
        ));
    }
    let cfg = TrainConfig::from_toml(&text, &origin, &overrides)?;
    let req = |out: PathBuf, resume: bool| RunRequest {
        config: cfg.clone(),
        out,
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

/// `make demo`: the embedded default model (pretrained first if missing) and a short run.
pub fn demo(args: DemoArgs) -> anyhow::Result<()> {
    let dir = frost_host::pretrain::ensure_default_model()
        .context("building the embedded default model")?;
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
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("runs/demo-{}", unix_time())));
    train_and_report(RunRequest {
        config: cfg,
        out,
        resume: false,
        force_resume: false,
        overrides,
    })
}

/// `frost-host bench --phases`: seconds per step by phase for Frost K=4,D=4 and the
/// budget-matched GRPO K=8 on the embedded default (the model is built first if missing),
/// and Frost's overhead ratio. Figures only; the first step (warm-up) is left out.
pub fn phase_bench(steps: u64, device: DeviceSpec, game: &Path) -> anyhow::Result<()> {
    let model = frost_host::pretrain::ensure_default_model()
        .context("building the embedded default model")?;
    let runs: [(&str, &[&str]); 2] = [
        ("frost K=4 D=4", &[]),
        ("grpo K=8", &["frost.refinement=\"none\"", "sampling.k=8"]),
    ];
    let dtype = match device {
        DeviceSpec::Cpu => Dtype::F32,
        DeviceSpec::Cuda(_) => Dtype::Bf16,
    };
    let mut means = Vec::new();
    for (name, extra) in runs {
        let out = std::env::temp_dir().join(format!(
            "frost-bench-{}-{}",
            std::process::id(),
            name.replace([' ', '='], "")
        ));
        let _ = std::fs::remove_dir_all(&out);
        let mut overrides: Vec<String> = vec![
            format!("steps={}", steps.max(2)),
            format!("game.path={}", toml_string(&game.display().to_string())),
            format!("model.path={}", toml_string(&model.display().to_string())),
            "eval.every=0".into(),
            "run.checkpoint_every=0".into(),
            "run.samples_every=0".into(),
            "run.progress=false".into(),
        ];
        overrides.extend(extra.iter().map(|s| s.to_string()));
        let mut cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded default", &overrides)?;
        cfg.model.device = device;
        cfg.model.dtype = dtype;
        // The thread count the bench picked, not a fresh probe per run.
        cfg.run.threads = tch::get_num_threads();
        let (summary, peak) = frost_host::memory::with_peak_rss(|| {
            train::train(
                RunRequest {
                    config: cfg,
                    out: out.clone(),
                    resume: false,
                    force_resume: false,
                    overrides: Vec::new(),
                },
                &STOP,
            )
            .map_err(anyhow::Error::from)
        });
        let summary = summary?;
        match peak {
            Some(b) => println!(
                "{name}: peak CPU RSS {:.0} MiB over the run",
                b as f64 / 1048576.0
            ),
            None => println!("{name}: peak CPU RSS not available here"),
        }
        // Typed rows: only the phase times are read from each metrics line.
        let text = std::fs::read_to_string(out.join("metrics.jsonl"))?;
        let rows: Vec<PhaseTimes> = text
            .lines()
            .skip(1)
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()?;
        let mut sum = PhaseTimes::default();
        rows.iter().for_each(|r| sum.add(r));
        let mean = sum.scaled(1.0 / rows.len().max(1) as f64);
        let fw = summary.budget.forwards as f64 / summary.steps_done as f64;
        means.push((
            name,
            mean,
            fw,
            summary.budget.backwards as f64 / summary.steps_done as f64,
        ));
        let _ = std::fs::remove_dir_all(&out);
    }
    println!(
        "training phases, seconds per step (mean over steps 2..{}, {device}):",
        steps.max(2)
    );
    print!("  {:<14}", "");
    for (p, _) in PhaseTimes::default().named() {
        print!(" {p:>8}");
    }
    println!(" {:>10} {:>10}", "judge fwd", "judge bwd");
    for (name, mean, fw, bw) in &means {
        print!("  {name:<14}");
        for (_, m) in mean.named() {
            print!(" {m:>8.3}");
        }
        println!(" {fw:>10.1} {bw:>10.1}");
    }
    let ratio = means[0].1.step_s / means[1].1.step_s;
    println!("  frost overhead: {ratio:.2}x the seconds per step of budget-matched GRPO K=8");
    Ok(())
}
