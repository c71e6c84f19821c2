//! `frost-host sweep FILE.toml [--out DIR] [--jobs N] [--dry-run] [--slurm FILE.sh] [--only I]`.
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use frost_host::config::DeviceSpec;
use frost_host::lab::sweep::{self, Plan, Status, SweepOptions};

use super::train::{install_ctrlc, STOP};

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// The sweep file (TOML): seeds, settings, optional axes; see docs/training.md ("Sweeps").
    pub file: PathBuf,
    /// Output folder (default: sweeps/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Runs trained at once; the free CPU cores are split between them (run.threads).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// List the runs (index, status, name, overrides) and exit.
    #[arg(long, conflicts_with_all = ["slurm", "only"])]
    pub dry_run: bool,
    /// Write a Slurm job-array script to FILE (one run per array task) and exit.
    #[arg(long, value_name = "FILE.sh", conflicts_with = "only")]
    pub slurm: Option<PathBuf>,
    /// Run only the run with this index (what each Slurm array task does).
    #[arg(long, value_name = "INDEX")]
    pub only: Option<usize>,
    /// Devices for the concurrent runs: a list (`cuda:0,cuda:1`) or a GPU count (`8` =
    /// cuda:0..cuda:7); each run starts on the device the fewest running runs use.
    #[arg(long, value_name = "LIST|N", conflicts_with = "slurm")]
    pub devices: Option<String>,
}

/// `--devices`: "N" (cuda:0..N-1) or a comma-separated list of devices.
fn parse_devices(s: &str) -> anyhow::Result<Vec<DeviceSpec>> {
    if let Ok(n) = s.trim().parse::<usize>() {
        anyhow::ensure!(
            n > 0,
            "--devices 0: give a GPU count of at least 1 or a list"
        );
        return Ok((0..n).map(|i| DeviceSpec::Cuda(Some(i))).collect());
    }
    (s.split(','))
        .map(|d| {
            d.trim().parse::<DeviceSpec>().map_err(|e| {
                anyhow::anyhow!("--devices {s}: {e} (a count, or a list like cuda:0,cuda:1)")
            })
        })
        .collect()
}

pub fn run(args: SweepArgs) -> anyhow::Result<()> {
    if args.jobs == 0 {
        anyhow::bail!("--jobs 0: run at least one job at a time (--jobs 1)");
    }
    let plan = sweep::load(&args.file)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("sweeps").join(&plan.name));
    let exe = std::env::current_exe().context("locating the frost-host binary")?;
    if args.dry_run {
        dry_run(&plan, &out);
        return Ok(());
    }
    if let Some(script) = &args.slurm {
        return write_slurm(&plan, &exe, &args.file, &out, script);
    }
    install_ctrlc();
    let devices = args.devices.as_deref().map(parse_devices).transpose()?;
    let opts = SweepOptions {
        out: out.clone(),
        jobs: args.jobs,
        only: args.only,
        exe,
        progress: true,
        devices: devices.unwrap_or_default(),
    };
    let o = sweep::run(&plan, &opts, &STOP).with_context(|| format!("sweep {}", plan.name))?;
    let done = o.already_done + o.finished;
    println!(
        "sweep {}: {done}/{} runs done ({} this time, {} failed); index {}",
        plan.name,
        o.total,
        o.finished,
        o.failed.len(),
        out.join("sweep.json").display()
    );
    if o.interrupted {
        eprintln!(
            "interrupted: run the same command again to continue ({} runs left)",
            o.total - done
        );
        std::process::exit(130);
    }
    if !o.failed.is_empty() {
        for (name, why) in &o.failed {
            eprintln!("failed {name}: {why}");
        }
        anyhow::bail!(
            "{} of {} runs failed (rerun the sweep to retry them)",
            o.failed.len(),
            o.total
        );
    }
    Ok(())
}

fn dry_run(plan: &Plan, out: &Path) {
    let statuses = sweep::read_statuses(out, plan);
    println!(
        "sweep {}: {} runs in {}",
        plan.name,
        plan.runs.len(),
        out.display()
    );
    println!("  {:>5}  {:<8} {:<32} overrides", "index", "status", "run");
    for (r, (status, _)) in plan.runs.iter().zip(statuses) {
        let status = match status {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Done => "done",
            Status::Failed => "failed",
        };
        let config = r
            .config
            .as_ref()
            .map(|c| format!("--config {} ", c.display()))
            .unwrap_or_default();
        println!(
            "  {:>5}  {status:<8} {:<32} {config}{}",
            r.index,
            r.name,
            r.overrides.join(" ")
        );
    }
}

fn write_slurm(
    plan: &Plan,
    exe: &Path,
    file: &Path,
    out: &Path,
    script: &Path,
) -> anyhow::Result<()> {
    let abs = |p: &Path| std::path::absolute(p).with_context(|| format!("{}", p.display()));
    let cwd = std::env::current_dir().context("the current folder")?;
    let text = sweep::slurm_script(plan, exe, &abs(file)?, &abs(out)?, &cwd);
    // The index the report reads, all runs pending, and the folder the tasks' logs go to.
    sweep::write_index(out, plan)?;
    std::fs::create_dir_all(out.join("logs")).context("creating the logs folder")?;
    std::fs::write(script, text).with_context(|| format!("writing {}", script.display()))?;
    println!(
        "wrote {} ({} array tasks): submit with `sbatch {}`",
        script.display(),
        plan.runs.len(),
        script.display()
    );
    Ok(())
}
