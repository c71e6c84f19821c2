//! Running a sweep: each pending run trained by a child process of the binary (`--jobs N` at a
//! time), its output in `DIR/logs/`, its status recorded as it starts and ends. A run with a
//! `config.toml` already continues through the ordinary `--resume` path (from its checkpoint,
//! or from step 0 when it has none); a failed run is recorded and the sweep goes on.

use std::collections::VecDeque;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};

use super::plan::{Plan, PlannedRun};
use super::status::{read_statuses, set_status, write_index, Status};
use super::SweepError;
use crate::run::files::io_error;
use crate::run::lock::RunLock;

pub struct SweepOptions {
    /// The sweep's output folder.
    pub out: PathBuf,
    /// Runs at once.
    pub jobs: usize,
    /// Run only this index (a Slurm array task); the sweep folder is then shared, not locked.
    pub only: Option<usize>,
    /// The `frost-host` binary each run is trained by.
    pub exe: PathBuf,
    pub progress: bool,
    /// Devices for the concurrent runs (`--devices`): each run starts on the one the fewest
    /// running runs use (its `model.device`, and `judge.device` when the run sets one); empty:
    /// each run's own config decides.
    pub devices: Vec<crate::config::DeviceSpec>,
}

/// What a sweep invocation did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Runs in the plan (or 1 with --only).
    pub total: usize,
    /// Done before this invocation.
    pub already_done: usize,
    /// Finished by this invocation.
    pub finished: usize,
    /// (run name, why): the last line of its log.
    pub failed: Vec<(String, String)>,
    /// Stopped by Ctrl-C: the runs cut short continue on the next invocation.
    pub interrupted: bool,
}

/// libtorch threads for each of `jobs` concurrent runs sharing `free` cores (at least 1).
pub fn threads_per_job(free: i32, jobs: usize) -> i32 {
    (free / jobs.max(1) as i32).max(1)
}

struct Active {
    run: usize,
    child: Child,
    bar: ProgressBar,
    /// Its index in `opts.devices`.
    device: Option<usize>,
}

/// The index of the device the fewest `active` runs are on (the first of those).
fn least_used(devices: usize, active: &[Active]) -> Option<usize> {
    (0..devices).min_by_key(|&d| active.iter().filter(|a| a.device == Some(d)).count())
}

/// Runs the plan's runs not yet done (or only `opts.only`). `stop` (Ctrl-C) stops starting
/// runs and asks the running ones to checkpoint and exit.
pub fn run(plan: &Plan, opts: &SweepOptions, stop: &AtomicBool) -> Result<Outcome, SweepError> {
    std::fs::create_dir_all(&opts.out).map_err(io_error(&opts.out))?;
    // One sweep process per folder; array tasks share it (each run has its own lock).
    let _lock = match opts.only {
        None => Some(RunLock::acquire(&opts.out)?),
        Some(_) => None,
    };
    write_index(&opts.out, plan)?;
    let statuses = read_statuses(&opts.out, plan);
    let selected: Vec<usize> = match opts.only {
        Some(i) if i >= plan.runs.len() => {
            return Err(SweepError::NoSuchRun {
                index: i,
                count: plan.runs.len(),
            })
        }
        Some(i) => vec![i],
        None => (0..plan.runs.len()).collect(),
    };
    let mut outcome = Outcome {
        total: selected.len(),
        ..Default::default()
    };
    let mut queue = VecDeque::new();
    for i in selected {
        match statuses[i].0 {
            Status::Done => outcome.already_done += 1,
            _ => queue.push_back(i),
        }
    }
    let threads = (opts.jobs > 1).then(|| {
        let (cores, load) = crate::threads::probe();
        threads_per_job(crate::threads::pick(cores, load), opts.jobs)
    });
    let view = View::new(opts.progress, outcome.total, outcome.already_done);
    let mut active: Vec<Active> = Vec::new();
    let mut forwarded = false;
    loop {
        while active.len() < opts.jobs.max(1) && !stop.load(Ordering::SeqCst) {
            let Some(i) = queue.pop_front() else { break };
            let run = &plan.runs[i];
            set_status(&opts.out, plan, run, Status::Running, None)?;
            let device = least_used(opts.devices.len(), &active);
            let child = spawn(run, opts, threads, device.map(|d| opts.devices[d]))?;
            let bar = view.start(run);
            active.push(Active {
                run: i,
                child,
                bar,
                device,
            });
        }
        if active.is_empty() {
            break;
        }
        if stop.load(Ordering::SeqCst) && !forwarded {
            active.iter().for_each(|a| interrupt(&a.child));
            forwarded = true;
        }
        std::thread::sleep(Duration::from_millis(250));
        let mut still = Vec::new();
        for mut a in active {
            let run = &plan.runs[a.run];
            match a.child.try_wait().map_err(io_error(&opts.out))? {
                None => {
                    a.bar.set_position(steps_logged(&opts.out.join(&run.dir)));
                    still.push(a);
                }
                Some(exit) => {
                    a.bar.finish_and_clear();
                    let stopped = stop.load(Ordering::SeqCst);
                    let (status, why) = ended(&opts.out, run, exit, stopped, &mut outcome);
                    set_status(&opts.out, plan, run, status, why.clone())?;
                    view.finished(run, status, why.as_deref());
                }
            }
        }
        active = still;
    }
    outcome.interrupted |= stop.load(Ordering::SeqCst);
    view.main.finish_and_clear();
    Ok(outcome)
}

/// The status a run ended in (and why it failed), counted in `outcome`: done on exit 0,
/// pending when interrupted (Ctrl-C: it continues next time), else failed.
fn ended(
    out: &Path,
    run: &PlannedRun,
    exit: std::process::ExitStatus,
    stopped: bool,
    outcome: &mut Outcome,
) -> (Status, Option<String>) {
    if exit.success() {
        outcome.finished += 1;
        (Status::Done, None)
    } else if exit.code() == Some(130) || stopped {
        outcome.interrupted = true;
        (Status::Pending, None)
    } else {
        let why =
            last_log_line(&log_path(out, run)).unwrap_or_else(|| format!("exited with {exit}"));
        outcome.failed.push((run.name.clone(), why.clone()));
        (Status::Failed, Some(why))
    }
}

fn log_path(out: &Path, run: &PlannedRun) -> PathBuf {
    out.join("logs")
        .join(format!("{}--seed-{}.log", run.setting, run.seed))
}

/// The child training `run`: resumed when its folder holds a config (the checkpoint, or step
/// 0 when none was written), else a new run. Its output is appended to its log.
fn spawn(
    run: &PlannedRun,
    opts: &SweepOptions,
    threads: Option<i32>,
    device: Option<crate::config::DeviceSpec>,
) -> Result<Child, SweepError> {
    let dir = opts.out.join(&run.dir);
    let mut c = Command::new(&opts.exe);
    if dir.join("config.toml").exists() {
        c.arg("--resume").arg(&dir);
    } else {
        if let Some(cfg) = &run.config {
            c.arg("--config").arg(cfg);
        }
        c.arg("--out").arg(&dir);
        for o in &run.overrides {
            c.arg("--set").arg(o);
        }
    }
    c.args(["--set", "run.progress=false"]);
    if let Some(d) = device {
        c.arg("--set").arg(format!("model.device=\"{d}\""));
        if run.resolved.judge.device.is_some() {
            c.arg("--set").arg(format!("judge.device=\"{d}\""));
        }
    }
    // Split the cores between jobs unless the run's config sets its own count.
    if let Some(t) = threads.filter(|_| run.resolved.run.threads == 0) {
        c.arg("--set").arg(format!("run.threads={t}"));
    }
    let log = log_path(&opts.out, run);
    let logs = log.parent().expect("a log has a folder");
    std::fs::create_dir_all(logs).map_err(io_error(logs))?;
    let file = File::options()
        .create(true)
        .append(true)
        .open(&log)
        .map_err(io_error(&log))?;
    let err_file = file.try_clone().map_err(io_error(&log))?;
    c.stdin(Stdio::null()).stdout(file).stderr(err_file);
    die_with_parent(&mut c);
    c.spawn().map_err(|source| SweepError::Spawn {
        run: run.name.clone(),
        source,
    })
}

/// The child gets SIGKILL when the sweep dies (its checkpoints are atomic, so a later
/// invocation resumes it), and its own process group, so a terminal's Ctrl-C reaches the
/// sweep only, which then asks each run once to checkpoint and stop.
#[cfg(target_os = "linux")]
fn die_with_parent(c: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        c.pre_exec(move || {
            libc::setpgid(0, 0);
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The sweep died before prctl took effect.
            if libc::getppid() != parent {
                libc::_exit(137);
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(c: &mut Command) {
    use std::os::unix::process::CommandExt;
    c.process_group(0);
}

fn interrupt(child: &Child) {
    // SAFETY: a signal to a child this process spawned and has not reaped.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
}

/// Steps in the run's metrics.jsonl: its progress.
fn steps_logged(dir: &Path) -> u64 {
    std::fs::read(dir.join("metrics.jsonl"))
        .map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count() as u64)
}

/// The run's error line (`error: ...`), else its last non-empty line.
fn last_log_line(log: &Path) -> Option<String> {
    let text = std::fs::read_to_string(log).ok()?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("error:"))
        .or(lines.last())?;
    Some(format!("{line} (log: {})", log.display()))
}

/// The progress view: runs done / total, and one line per running run with its step.
struct View {
    multi: MultiProgress,
    main: ProgressBar,
}

impl View {
    fn new(show: bool, total: usize, done: usize) -> View {
        let multi = MultiProgress::new();
        if !show {
            multi.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let main = multi.add(ProgressBar::new(total as u64));
        main.set_style(
            ProgressStyle::with_template("runs {bar:30} {pos}/{len} [{elapsed_precise}] {msg}")
                .expect("valid template"),
        );
        main.set_position(done as u64);
        View { multi, main }
    }

    fn start(&self, run: &PlannedRun) -> ProgressBar {
        let bar = self.multi.add(ProgressBar::new(run.resolved.steps));
        bar.set_style(
            ProgressStyle::with_template("  {prefix:<32} {bar:20} step {pos}/{len}")
                .expect("valid template"),
        );
        bar.set_prefix(run.name.clone());
        self.say(&format!("started {}", run.name));
        bar
    }

    fn finished(&self, run: &PlannedRun, status: Status, why: Option<&str>) {
        let line = match status {
            Status::Done => {
                self.main.inc(1);
                format!("done {}", run.name)
            }
            Status::Failed => format!("FAILED {}: {}", run.name, why.unwrap_or("")),
            _ => format!(
                "interrupted {} (continues on the next invocation)",
                run.name
            ),
        };
        self.say(&line);
    }

    /// A line above the bars, or on stderr when there are none (not a terminal, a job log).
    fn say(&self, line: &str) {
        if self.multi.is_hidden() {
            eprintln!("{line}");
        } else {
            let _ = self.multi.println(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cores_are_split_between_jobs_at_least_one_each() {
        assert_eq!(threads_per_job(16, 4), 4);
        assert_eq!(threads_per_job(16, 3), 5);
        assert_eq!(threads_per_job(2, 4), 1);
        assert_eq!(threads_per_job(8, 0), 8);
    }

    #[test]
    fn a_failed_runs_reason_is_its_error_line() {
        let d = tempfile::tempdir().unwrap();
        let log = d.path().join("r.log");
        std::fs::write(&log, "warn x\nerror: game g: bad\n\nnote\n").unwrap();
        let line = last_log_line(&log).unwrap();
        assert!(line.starts_with("error: game g: bad (log: "), "{line}");
        std::fs::write(&log, "a\nlast one\n").unwrap();
        assert!(last_log_line(&log).unwrap().starts_with("last one"));
    }
}
