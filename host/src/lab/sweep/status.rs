//! Where a sweep stands, on disk. Each run's status is its own small file,
//! `DIR/status/<setting>--seed-<s>.json`, written atomically by the process running it (the
//! sweep, or one Slurm array task); `DIR/sweep.json`, the index the report reads, is rebuilt
//! from them under a short lock after every change, so concurrent array tasks never lose
//! each other's updates.

use std::fs::OpenOptions;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::plan::{Plan, PlannedRun};
use super::SweepError;
use crate::run::files::{io_error, write_atomic, write_json};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pending,
    Running,
    Done,
    Failed,
}

#[derive(Serialize, Deserialize)]
struct StatusFile {
    status: Status,
    /// Why it failed (the last line of its log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

fn status_path(out: &Path, run: &PlannedRun) -> PathBuf {
    out.join("status")
        .join(format!("{}--seed-{}.json", run.setting, run.seed))
}

/// Each run's status (pending when it has none yet) and the failure message if any.
pub fn read_statuses(out: &Path, plan: &Plan) -> Vec<(Status, Option<String>)> {
    plan.runs
        .iter()
        .map(|r| {
            std::fs::read_to_string(status_path(out, r))
                .ok()
                .and_then(|t| serde_json::from_str::<StatusFile>(&t).ok())
                .map_or((Status::Pending, None), |f| (f.status, f.message))
        })
        .collect()
}

/// Records `run`'s status and rebuilds `sweep.json`.
pub fn set_status(
    out: &Path,
    plan: &Plan,
    run: &PlannedRun,
    status: Status,
    message: Option<String>,
) -> Result<(), SweepError> {
    let p = status_path(out, run);
    let dir = p.parent().expect("a status file has a folder");
    std::fs::create_dir_all(dir).map_err(io_error(dir))?;
    let text = serde_json::to_string(&StatusFile { status, message }).expect("JSON");
    write_atomic(&p, text.as_bytes())?;
    write_index(out, plan)
}

/// Writes `DIR/sweep.json` from the plan and the status files, under `DIR/.sweep.lock`
/// (waiting for it: the rebuild takes milliseconds).
pub fn write_index(out: &Path, plan: &Plan) -> Result<(), SweepError> {
    std::fs::create_dir_all(out).map_err(io_error(out))?;
    let lock_path = out.join(".sweep.lock");
    let lock = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(io_error(&lock_path))?;
    // SAFETY: flock on a descriptor owned here; released when `lock` is dropped.
    if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX) } != 0 {
        let e = std::io::Error::last_os_error();
        return Err(io_error(&lock_path)(e).into());
    }
    let statuses = read_statuses(out, plan);
    let runs: Vec<serde_json::Value> = plan
        .runs
        .iter()
        .zip(statuses)
        .map(|(r, (status, message))| {
            let mut v = json!({
                "name": r.name,
                "setting": r.setting,
                "seed": r.seed,
                "dir": r.dir.display().to_string(),
                "status": status,
                "overrides": r.overrides_map(),
                "axes": r.axes,
                "config": r.config.as_ref().map(|p| p.display().to_string()),
            });
            if let Some(m) = message {
                v["message"] = m.into();
            }
            v
        })
        .collect();
    let index = json!({
        "name": plan.name,
        "file": plan.file.display().to_string(),
        "runs": runs,
    });
    write_json(&out.join("sweep.json"), &index)?;
    drop(lock);
    Ok(())
}
