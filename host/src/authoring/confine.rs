//! Running a build tool over a contributed game folder under limits, like a game call: a
//! wall-clock limit and a memory limit (the resident memory of the tool's process group,
//! sampled), either ending the build by killing the whole group; an empty environment but for
//! what the tool needs; and, where the machine allows it, new user, network and process
//! namespaces (`unshare`): no network, no capability over files the user does not own (so the
//! read-only copy stays read-only even for root), and nothing left running after the build.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The limits a build runs under.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub timeout: Duration,
    pub max_memory_bytes: u64,
}

/// The namespaces a build runs in: a user namespace without a mapping (no capability over any
/// host file), no network, its own process tree (killed with the tool).
const UNSHARE_ARGS: &[&str] = &["--user", "--net", "--pid", "--fork", "--kill-child"];

/// How often the tool is checked on (exit, clock, memory).
const POLL: Duration = Duration::from_millis(50);

/// Bytes of the tool's stdout and of its stderr kept (the end: where a failure is reported).
const OUTPUT_TAIL: usize = 64 << 10;

/// Whether builds run isolated: `Ok(unshare)` when `unshare` is here and works on this
/// machine, else why not (one line).
pub fn isolation() -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let unshare = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/bin")])
        .map(|d| d.join("unshare"))
        .find(|p| p.is_file())
        .ok_or("no `unshare` on PATH (util-linux)")?;
    let probe = Command::new(&unshare)
        .args(UNSHARE_ARGS)
        .args(["--", "true"])
        .env_clear()
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{} does not run: {e}", unshare.display()))?;
    match probe.status.success() {
        true => Ok(unshare),
        false => Err(format!(
            "`unshare {}` fails here: {}",
            UNSHARE_ARGS.join(" "),
            String::from_utf8_lossy(&probe.stderr).trim()
        )),
    }
}

/// One tool run: `program args` in `cwd` with only `env`, inside `isolate` (the `unshare`
/// binary) when given.
pub struct Job<'a> {
    pub program: &'a Path,
    pub args: Vec<OsString>,
    pub env: Vec<(&'static str, OsString)>,
    pub cwd: &'a Path,
    pub isolate: Option<&'a Path>,
}

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The tool exited by itself; its stdout and stderr (their ends).
    Exited { status: ExitStatus, output: String },
    /// Killed at the wall-clock limit.
    TimedOut,
    /// Killed over the memory limit.
    OverMemory,
}

/// Runs `job` under `limits`.
pub fn run(job: Job, limits: Limits) -> std::io::Result<Outcome> {
    use std::os::unix::process::CommandExt;
    let mut cmd = match job.isolate {
        Some(unshare) => {
            let mut c = Command::new(unshare);
            c.args(UNSHARE_ARGS).arg("--").arg(job.program);
            c
        }
        None => Command::new(job.program),
    };
    cmd.args(&job.args)
        .env_clear()
        .envs(job.env.iter().map(|(k, v)| (k, v)))
        .current_dir(job.cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that a kill reaches everything it started.
        .process_group(0);
    let mut child = cmd.spawn()?;
    let group = child.id() as i32;
    let tails = [
        keep_tail(
            child
                .stdout
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
        ),
        keep_tail(
            child
                .stderr
                .take()
                .map(|s| Box::new(s) as Box<dyn Read + Send>),
        ),
    ];
    let started = Instant::now();
    let stopped = loop {
        if let Some(status) = child.try_wait()? {
            break Ok(status);
        }
        if started.elapsed() > limits.timeout {
            break Err(Outcome::TimedOut);
        }
        if group_memory_bytes(group) > limits.max_memory_bytes {
            break Err(Outcome::OverMemory);
        }
        std::thread::sleep(POLL);
    };
    match stopped {
        Ok(status) => {
            let output = tails.map(|t| t.finish()).join("\n");
            Ok(Outcome::Exited { status, output })
        }
        Err(outcome) => {
            // SAFETY: kill(2) on our child's process group; the child is not yet reaped, so
            // the group's id is still its own.
            unsafe { libc::kill(-group, libc::SIGKILL) };
            let _ = child.wait();
            Ok(outcome)
        }
    }
}

/// The last [`OUTPUT_TAIL`] bytes of a stream, read on a thread of its own (a tool that fills
/// one pipe while its reader waits on the other would block forever).
struct Tail {
    text: Arc<Mutex<Vec<u8>>>,
    done: std::sync::mpsc::Receiver<()>,
}

fn keep_tail(stream: Option<Box<dyn Read + Send>>) -> Tail {
    let text = Arc::new(Mutex::new(Vec::new()));
    let (tx, done) = std::sync::mpsc::channel();
    let kept = text.clone();
    std::thread::spawn(move || {
        let Some(mut stream) = stream else { return };
        let mut buf = [0u8; 8192];
        while let Ok(n @ 1..) = stream.read(&mut buf) {
            let mut t = kept.lock().unwrap_or_else(|e| e.into_inner());
            t.extend_from_slice(&buf[..n]);
            if t.len() > 2 * OUTPUT_TAIL {
                let cut = t.len() - OUTPUT_TAIL;
                t.drain(..cut);
            }
        }
        let _ = tx.send(());
    });
    Tail { text, done }
}

impl Tail {
    /// What was read, once the stream ended (or a second after the tool did: something it
    /// left behind may hold the pipe open).
    fn finish(self) -> String {
        let _ = self.done.recv_timeout(Duration::from_secs(1));
        let t = self.text.lock().unwrap_or_else(|e| e.into_inner());
        let start = t.len().saturating_sub(OUTPUT_TAIL);
        String::from_utf8_lossy(&t[start..]).into_owned()
    }
}

/// Resident memory of every process in process group `group`, in bytes (`/proc/PID/stat`).
fn group_memory_bytes(group: i32) -> u64 {
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut pages = 0u64;
    for p in procs.flatten() {
        let name = p.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(p.path().join("stat")) else {
            continue;
        };
        // "pid (comm) state ppid pgrp ... rss ...": fields counted after the command's name,
        // which may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let field = |i: usize| fields.get(i).and_then(|f| f.parse::<i64>().ok());
        if field(2) == Some(group as i64) {
            pages += field(21).unwrap_or(0).max(0) as u64;
        }
    }
    pages * page
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limits: Limits) -> Outcome {
        let job = Job {
            program: Path::new("/bin/sh"),
            args: vec!["-c".into(), script.into()],
            env: vec![("FROST_TEST_VAR", "kept".into())],
            cwd: Path::new("/"),
            isolate: None,
        };
        run(job, limits).unwrap()
    }

    const EASY: Limits = Limits {
        timeout: Duration::from_secs(30),
        max_memory_bytes: 1 << 30,
    };

    #[test]
    fn the_tool_gets_only_the_environment_it_is_given() {
        let Outcome::Exited { status, output } = sh("env; echo out; echo err >&2", EASY) else {
            panic!("not exited")
        };
        assert!(status.success());
        let vars: Vec<&str> = output.lines().filter(|l| l.contains('=')).collect();
        // sh itself sets PWD (and some set SHLVL, _); nothing of ours leaks.
        assert!(vars.contains(&"FROST_TEST_VAR=kept"), "{output}");
        assert!(
            !vars
                .iter()
                .any(|v| v.starts_with("PATH=/") || v.starts_with("HOME=")),
            "{output}"
        );
        assert!(output.contains("out") && output.contains("err"), "{output}");
    }

    #[test]
    fn the_clock_kills_the_whole_group() {
        let limits = Limits {
            timeout: Duration::from_millis(300),
            ..EASY
        };
        let started = Instant::now();
        // A child that would outlive its parent's kill if only the parent were killed.
        let outcome = sh("sleep 30 & sleep 30", limits);
        assert!(matches!(outcome, Outcome::TimedOut), "{outcome:?}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn memory_over_the_limit_is_killed() {
        let limits = Limits {
            max_memory_bytes: 64 << 20,
            ..EASY
        };
        // 256 MiB held in a shell variable.
        let outcome = sh(
            "x=$(head -c 268435456 /dev/zero | tr '\\0' a); sleep 30",
            limits,
        );
        assert!(matches!(outcome, Outcome::OverMemory), "{outcome:?}");
    }
}
