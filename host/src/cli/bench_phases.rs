//! `frost-host bench --phases`: a few training steps of Frost K=4 D=4 and of budget-matched GRPO
//! K=8 on the embedded default, with per-phase seconds, tokens/s, FLOPs counted from the model
//! shape, MFU and peak memory (recorded by `frost_host::instrument::phases`).
use std::path::Path;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use frost_host::config::{DeviceSpec, Dtype, TrainConfig, DEFAULT_CONFIG_TOML};
use frost_host::instrument::phases::{self, PhaseStat, StepStats, PHASES};
use frost_host::train::metrics::PhaseTimes;
use frost_host::train::{self, RunRequest};

/// Never raised: the bench runs its steps to the end.
static NO_STOP: AtomicBool = AtomicBool::new(false);

/// One configuration's figures.
struct Run {
    name: &'static str,
    /// Seconds per phase, from the metrics lines.
    times: PhaseTimes,
    /// Per phase, means over the steps after the first (peak memory: the highest).
    phases: StepStats,
    judge_forwards: f64,
    judge_backwards: f64,
}

/// What the bench sets itself: the budget-matched pair on the embedded default. A `--set` of
/// one of these would change one arm only, or be overwritten.
const OWN_KEYS: [&str; 13] = [
    "steps",
    "game.path",
    "model.path",
    "model.device",
    "model.dtype",
    "run.threads",
    "run.checkpoint_every",
    "run.samples_every",
    "run.progress",
    "eval.every",
    "sampling.k",
    "frost.d",
    "frost.refinement",
];

/// Refuses, before anything is timed, a `--set` of a key the bench sets itself (see
/// [`OWN_KEYS`]) or one the config refuses.
pub fn check_sets(sets: &[String]) -> anyhow::Result<()> {
    for s in sets {
        let key = s.split_once('=').map_or(s.as_str(), |(k, _)| k).trim();
        anyhow::ensure!(
            !OWN_KEYS.contains(&key),
            "--set {key}: bench --phases sets it itself (the budget-matched Frost K=4 D=4 / \
             GRPO K=8 pair on the embedded default); --set is for what both runs share, e.g. \
             game.config.gap_tokens"
        );
    }
    TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded default", sets)?;
    Ok(())
}

/// `steps` steps of each configuration; figures are over steps 2.. (step 1 warms up).
/// `sets` are `--set` overrides both runs share (applied before each run's own settings).
/// `peak` is the measured matmul peak in FLOP/s (the MFU denominator).
pub fn phase_bench(
    steps: u64,
    device: DeviceSpec,
    game: &Path,
    sets: &[String],
    peak: f64,
) -> anyhow::Result<()> {
    let model = frost_host::pretrain::ensure_default_model()
        .context("installing the embedded default model")?;
    let configs: [(&str, &[&str]); 2] = [
        ("frost K=4 D=4", &[]),
        ("grpo K=8", &["frost.refinement=\"none\"", "sampling.k=8"]),
    ];
    let steps = steps.max(2);
    let world = frost_host::dist::World::from_env(|v| std::env::var(v).ok())?;
    let main_rank = world.rank == 0;
    if world.size > 1 {
        // Both runs use the one process group this launch joins.
        frost_host::dist::keep_process_group();
    }
    let mut runs = Vec::new();
    for (name, extra) in configs {
        // Under a launcher every rank must name the same run: the launch's port, else this
        // process.
        let launch = match std::env::var("MASTER_PORT") {
            Ok(port) if std::env::var_os("WORLD_SIZE").is_some() => format!("port{port}"),
            _ => std::process::id().to_string(),
        };
        let out = std::env::temp_dir().join(format!(
            "frost-bench-{launch}-{}",
            name.replace([' ', '='], "")
        ));
        let _ = std::fs::remove_dir_all(&out);
        let toml_str = |s: &Path| toml::Value::String(s.display().to_string()).to_string();
        let mut overrides: Vec<String> = vec![
            format!("steps={steps}"),
            format!("game.path={}", toml_str(game)),
            format!("model.path={}", toml_str(&model)),
            "eval.every=0".into(),
            "run.checkpoint_every=0".into(),
            "run.samples_every=0".into(),
            "run.progress=false".into(),
        ];
        overrides.extend(sets.iter().cloned());
        overrides.extend(extra.iter().map(|s| s.to_string()));
        let mut cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded default", &overrides)?;
        cfg.model.device = device;
        cfg.model.dtype = match device {
            DeviceSpec::Cpu => Dtype::F32,
            DeviceSpec::Cuda(_) => Dtype::Bf16,
        };
        // The thread count the bench picked, not a fresh probe per run.
        cfg.run.threads = tch::get_num_threads();
        let request = RunRequest {
            config: cfg,
            out: out.clone(),
            default_out: false,
            resume: false,
            force_resume: false,
            overrides: Vec::new(),
        };
        phases::start(true);
        let summary = train::train(request, &NO_STOP);
        let recorded = phases::stop();
        let summary = summary?;
        if !main_rank {
            // Rank 0 writes the run and reports; this rank only made its share of the steps.
            continue;
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
        let per_step = |x: u64| x as f64 / summary.steps_done as f64;
        runs.push(Run {
            name,
            times: sum.scaled(1.0 / rows.len().max(1) as f64),
            phases: mean_after_first(&recorded),
            judge_forwards: per_step(summary.budget.forwards),
            judge_backwards: per_step(summary.budget.backwards),
        });
        let _ = std::fs::remove_dir_all(&out);
    }
    if !main_rank {
        return Ok(());
    }
    print_times(&runs, steps, device);
    print_figures(&runs, peak);
    print_collectives(&runs);
    let ratio = runs[0].times.step_s / runs[1].times.step_s;
    let cpu = |r: &Run| r.phases.iter().map(|p| p.cpu_seconds).sum::<f64>();
    let cpu_ratio = cpu(&runs[0]) / cpu(&runs[1]);
    println!(
        "  frost overhead: {ratio:.2}x the seconds per step of budget-matched GRPO K=8, \
         {cpu_ratio:.2}x its CPU seconds in the phases ({:.3} / {:.3})",
        cpu(&runs[0]),
        cpu(&runs[1])
    );
    // The ratio the step would have if every phase ran at one rate: what efficiency alone
    // cannot take it below.
    let gflop = |r: &Run| r.phases.iter().map(flops).sum::<f64>() / 1e9;
    println!(
        "  arithmetic: {:.2} GFLOP per Frost step, {:.2} per GRPO step: {:.2}x, the step ratio \
         at equal efficiency in every phase",
        gflop(&runs[0]),
        gflop(&runs[1]),
        gflop(&runs[0]) / gflop(&runs[1])
    );
    Ok(())
}

/// Means over the steps after the first (warm-up). Memory is the highest over every step, the
/// first included: later steps reuse what the allocator kept, so a phase's growth shows when it
/// first runs.
fn mean_after_first(steps: &[StepStats]) -> StepStats {
    let kept = if steps.len() > 1 { &steps[1..] } else { steps };
    let n = kept.len().max(1) as f64;
    let mut out = StepStats::default();
    for (i, o) in out.iter_mut().enumerate() {
        for s in kept {
            let p = &s[i];
            o.seconds += p.seconds / n;
            o.cpu_seconds += p.cpu_seconds / n;
            o.tokens += p.tokens / n;
            o.forward_flops += p.forward_flops / n;
            o.backward_flops += p.backward_flops / n;
            o.syncs += p.syncs / n;
            o.collectives += p.collectives / n;
            o.collective_bytes += p.collective_bytes / n;
        }
        for s in steps {
            o.peak_rss = o.peak_rss.max(s[i].peak_rss);
            o.rss_growth = o.rss_growth.max(s[i].rss_growth);
        }
    }
    out
}

fn print_times(runs: &[Run], steps: u64, device: DeviceSpec) {
    println!("training phases, seconds per step (mean over steps 2..{steps}, {device}):");
    print!("  {:<14}", "");
    for (p, _) in PhaseTimes::default().named() {
        print!(" {p:>8}");
    }
    println!(" {:>10} {:>10} {:>8}", "judge fwd", "judge bwd", "GFLOP");
    for r in runs {
        print!("  {:<14}", r.name);
        for (_, m) in r.times.named() {
            print!(" {m:>8.3}");
        }
        let gflop = r.phases.iter().map(flops).sum::<f64>() / 1e9;
        println!(
            " {:>10.1} {:>10.1} {gflop:>8.2}",
            r.judge_forwards, r.judge_backwards
        );
    }
}

/// A phase's FLOPs per step: its forwards and their estimated backwards.
fn flops(p: &PhaseStat) -> f64 {
    p.forward_flops + p.backward_flops
}

/// The best FLOP rate any phase of `runs` reached: what each phase's FLOPs would take at it is
/// the limit this machine has shown it can reach.
fn best_rate(runs: &[Run]) -> f64 {
    (runs.iter().flat_map(|r| r.phases.iter()))
        .filter(|p| p.seconds > 0.0)
        .map(|p| flops(p) / p.seconds)
        .fold(0.0, f64::max)
}

/// Per phase: seconds, tokens/s, GFLOP (forward + estimated backward), GFLOP/s, MFU, the
/// seconds at the run's best phase rate and the gap to them, peak RSS, syncs.
fn print_figures(runs: &[Run], peak: f64) {
    let best = best_rate(runs);
    println!(
        "per phase (FLOPs counted from the model shape: forwards as run, backwards estimated; \
         MFU against the measured matmul peak {:.1} GFLOP/s; s@best: the seconds its FLOPs take \
         at the best rate any phase reached here, {:.1} GFLOP/s ({:.1}% MFU), and the phase's \
         seconds over them; peak resident memory while in the phase and its growth above the \
         phase's start, over all steps; device-to-host reads per step, each a synchronization \
         on a GPU; cpu s: the process's CPU seconds per step in the phase, which other jobs on a \
         loaded machine do not inflate as they do wall-clock seconds):",
        peak / 1e9,
        best / 1e9,
        100.0 * best / peak
    );
    println!(
        "  {:<14} {:<7} {:>8} {:>8} {:>10} {:>9} {:>8} {:>6} {:>8} {:>6} {:>9} {:>8} {:>7}",
        "",
        "phase",
        "s/step",
        "cpu s",
        "tokens/s",
        "GFLOP",
        "GFLOP/s",
        "MFU",
        "s@best",
        "gap",
        "peak MiB",
        "+MiB",
        "syncs"
    );
    for r in runs {
        for (i, p) in r.phases.iter().enumerate() {
            if p.seconds == 0.0 {
                continue;
            }
            print_phase(r.name, PHASES[i], p, peak, best);
        }
    }
}

fn print_phase(run: &str, phase: &str, p: &PhaseStat, peak: f64, best: f64) {
    let flops = flops(p);
    let rate = flops / p.seconds;
    let at_best = flops / best;
    // A phase without model FLOPs (the gradients' reduce) has no limit to be measured against.
    let gap = match at_best > 0.0 {
        true => format!("{:.2}x", p.seconds / at_best),
        false => "-".into(),
    };
    let mib = |b: Option<u64>| b.map_or("n/a".into(), |b| format!("{:.0}", b as f64 / 1048576.0));
    let (mem, growth): (String, String) = (mib(p.peak_rss), mib(p.rss_growth));
    println!(
        "  {run:<14} {phase:<7} {:>8.3} {:>8.3} {:>10.0} {:>9.3} {:>8.2} {:>5.1}% {at_best:>8.3} {gap:>6} {mem:>9} {growth:>8} {:>7.0}",
        p.seconds,
        p.cpu_seconds,
        p.tokens / p.seconds,
        flops / 1e9,
        rate / 1e9,
        100.0 * rate / peak,
        p.syncs
    );
}

/// Under a launcher (torchrun, srun): the collectives this rank made per step in each phase, a
/// split model's (`parallel.tensor`) and the run's own (gradients, gathers); nothing alone.
fn print_collectives(runs: &[Run]) {
    let any = (runs.iter().flat_map(|r| r.phases.iter())).any(|p| p.collectives > 0.0);
    if !any {
        return;
    }
    println!(
        "collectives per step on this rank (mean over steps 2..; a split model's and the run's):"
    );
    println!(
        "  {:<14} {:<7} {:>8} {:>10} {:>12}",
        "", "phase", "calls", "KiB", "calls/ktok"
    );
    for r in runs {
        for (i, p) in r.phases.iter().enumerate() {
            if p.collectives == 0.0 {
                continue;
            }
            let per_ktok = match p.tokens > 0.0 {
                true => format!("{:.1}", 1000.0 * p.collectives / p.tokens),
                false => "-".into(),
            };
            println!(
                "  {:<14} {:<7} {:>8.0} {:>10.1} {per_ktok:>12}",
                r.name,
                PHASES[i],
                p.collectives,
                p.collective_bytes / 1024.0
            );
        }
    }
}
