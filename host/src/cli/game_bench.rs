//! `frost-host game bench GAME.wasm...`: what a game costs the host, side by side (a Python
//! port against its Rust game): the component's size, its first start (compiled, an empty
//! component cache) and cached start (each a fresh `frost-host game-info` process), the
//! host-side seconds per assignment (the game's round, the prompt rendered, the judge program
//! laid out and the bans built: `Dealer::deal`), the linear memory of a round, and that cost
//! as a share of a training step (the first game's, from a short run of the same config).
use anyhow::{bail, Context};
use clap::Args;
use frost_host::corpus::Document;
use frost_host::game::Game;
use frost_host::model::Tok;
use frost_host::round::{Dealer, TokenizedSplit};
use frost_host::train;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use tch::Device;

#[derive(Args, Debug)]
pub struct GameBenchArgs {
    /// The games (.wasm components), e.g. games/infill.wasm games/python/infill/infill.wasm.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Run config (TOML), as training takes it; default: the embedded default. Every game
    /// plays the game config training would give it.
    #[arg(long)]
    pub config: Vec<PathBuf>,
    /// Override a config field as training's --set does (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
    /// Assignments dealt per game (seeds 0..N).
    #[arg(long, default_value_t = 50)]
    pub assignments: u64,
    /// Training steps of the run that measures a step's seconds (0: no run, no share).
    #[arg(long, default_value_t = 3)]
    pub steps: u64,
}

const SAMPLE_TEXT: &str = include_str!("sample_text.txt");

/// Seconds of `frost-host game-info GAME` in a fresh process with the component cache `cache`.
fn start_seconds(game: &Path, cache: &Path) -> anyhow::Result<f64> {
    let started = Instant::now();
    let out = Command::new(std::env::current_exe()?)
        .arg("game-info")
        .arg(game)
        .env("FROST_CACHE", cache)
        .output()?;
    if !out.status.success() {
        bail!(
            "game-info {}: {}",
            game.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(started.elapsed().as_secs_f64())
}

/// The median `time/step_s` of a short training run on `game` (the first step left out: it
/// warms up).
fn step_seconds(a: &GameBenchArgs, game: &Path, dir: &Path) -> anyhow::Result<f64> {
    let out = dir.join("run");
    let mut cmd = Command::new(std::env::current_exe()?);
    for c in &a.config {
        cmd.arg("--config").arg(c);
    }
    for s in &a.overrides {
        cmd.arg("--set").arg(s);
    }
    let steps = a.steps.max(2);
    cmd.arg("--game").arg(game).arg("--out").arg(&out);
    for s in [
        format!("steps={steps}"),
        "eval.every=0".into(),
        "run.checkpoint_every=0".into(),
        "run.progress=false".into(),
    ] {
        cmd.arg("--set").arg(s);
    }
    let o = cmd.output()?;
    if !o.status.success() {
        bail!(
            "the training run for a step's seconds failed: {}",
            String::from_utf8_lossy(&o.stderr).trim()
        );
    }
    let text = std::fs::read_to_string(out.join("metrics.jsonl"))?;
    let mut secs: Vec<f64> = text
        .lines()
        .skip(1)
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["time/step_s"].as_f64())
        .collect();
    secs.sort_by(f64::total_cmp);
    secs.get(secs.len() / 2)
        .copied()
        .context("no step times in metrics.jsonl")
}

struct Figures {
    name: String,
    size_mb: f64,
    first_s: f64,
    cached_s: f64,
    deal_s: f64,
    memory_mib: f64,
}

pub fn run(a: GameBenchArgs) -> anyhow::Result<()> {
    let docs = super::train::config_docs(&a.config)?;
    let cfg = super::train::resolve_config(&docs, &a.overrides)?;
    let tok = Tok::from_dir(&train::tokenizer_dir(&cfg)).with_context(|| {
        format!(
            "loading the tokenizer in {}",
            train::tokenizer_dir(&cfg).display()
        )
    })?;
    let doc = Document {
        name: "sample".into(),
        text: SAMPLE_TEXT.repeat(4),
    };
    let split = TokenizedSplit::new("bench", std::slice::from_ref(&doc), &tok);
    let scratch = std::env::temp_dir().join(format!("frost-game-bench-{}", std::process::id()));
    let mut rows = Vec::new();
    for path in &a.games {
        let size_mb = std::fs::metadata(path)
            .with_context(|| format!("reading {}", path.display()))?
            .len() as f64
            / 1e6;
        let cache = scratch.join(format!("cache-{}", rows.len()));
        let first_s = start_seconds(path, &cache)?;
        let cached_s = start_seconds(path, &cache)?;
        let game = Game::load(path, &cfg.game.limits, false)?;
        let mut dealer =
            Dealer::configured(game, &cfg.game, &tok, tok.vocab_size() as i64, Device::Cpu)?;
        dealer.deal(&tok, &split, 0)?; // warm-up
        let started = Instant::now();
        for seed in 0..a.assignments {
            dealer.deal(&tok, &split, seed)?;
        }
        let deal_s = started.elapsed().as_secs_f64() / a.assignments.max(1) as f64;
        let memory = dealer.game.last_memory_bytes().unwrap_or(0);
        rows.push(Figures {
            name: format!("{} ({})", dealer.game.name(), path.display()),
            size_mb,
            first_s,
            cached_s,
            deal_s,
            memory_mib: memory as f64 / (1 << 20) as f64,
        });
    }
    let step_s = match a.steps {
        0 => None,
        _ => Some(step_seconds(&a, &a.games[0], &scratch)?),
    };
    let _ = std::fs::remove_dir_all(&scratch);
    let per_step = cfg.sampling.assignments_per_step as f64;
    println!(
        "game cost on this machine ({} assignments each, {} per training step)",
        a.assignments, per_step
    );
    for r in &rows {
        println!("{}", r.name);
        println!("  component          {:8.1} MB", r.size_mb);
        println!(
            "  first start        {:8.2} s (compile, empty cache)",
            r.first_s
        );
        println!("  cached start       {:8.2} s", r.cached_s);
        println!(
            "  per assignment     {:8.2} ms host-side (round, prompt, judge layout, bans)",
            r.deal_s * 1e3
        );
        println!(
            "  memory of a round  {:8.1} MiB linear memory",
            r.memory_mib
        );
        if let Some(s) = step_s {
            println!(
                "  share of a step    {:8.3} % ({:.1} ms of a {s:.2} s step)",
                100.0 * r.deal_s * per_step / s,
                r.deal_s * per_step * 1e3
            );
        }
    }
    if let [first, rest @ ..] = &rows[..] {
        for r in rest {
            println!(
                "{} against {}: {:.1}x the seconds per assignment, {:.1}x the first start, {:.1}x the cached start",
                r.name, first.name, r.deal_s / first.deal_s, r.first_s / first.first_s, r.cached_s / first.cached_s
            );
        }
    }
    Ok(())
}
