//! The run directory: resolved config, jsonl logs, atomic checkpoints, resume.
//!
//! ```text
//! RUN/config.toml            the resolved config (after --set), what --resume reads back
//! RUN/metrics.jsonl          one line per step
//! RUN/eval.jsonl             one line per evaluation
//! RUN/samples.jsonl          prompts, moves, scores, replacements
//! RUN/checkpoints/step-N/    adapter/ (PEFT layout) or model/ (full FT), optimizer.safetensors,
//!                            state.json {step, seed}
//! RUN/checkpoints/latest     name of the newest complete checkpoint
//! ```
//! A checkpoint is written into a temporary folder and renamed into place, then `latest` is
//! replaced the same way: a crash leaves the previous checkpoint intact and valid.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{io_error, IoError};

#[derive(Debug, thiserror::Error)]
pub enum RunDirError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("{0} already holds a run (config.toml exists): use --resume {0} or another --out")]
    Exists(PathBuf),
    #[error("{0} has no checkpoint to resume from (checkpoints/latest missing)")]
    NoCheckpoint(PathBuf),
    #[error("checkpoint {path}: {msg}")]
    Checkpoint { path: PathBuf, msg: String },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunDirError + '_ {
    move |source| RunDirError::Io(io_error(path)(source))
}

/// What a checkpoint records besides the weights and the optimizer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CheckpointState {
    /// Last completed step.
    pub step: u64,
    /// Run seed; per-step seeds are derived from (seed, step), so this is the whole RNG state.
    pub seed: u64,
}

pub struct RunDir {
    pub path: PathBuf,
}

impl RunDir {
    /// Create a new run directory (refusing one that already holds a run) and write the config.
    pub fn create(path: &Path, config_toml: &str) -> Result<Self, RunDirError> {
        if path.join("config.toml").exists() {
            return Err(RunDirError::Exists(path.to_path_buf()));
        }
        fs::create_dir_all(path.join("checkpoints")).map_err(io(path))?;
        write_atomic(&path.join("config.toml"), config_toml.as_bytes())?;
        Ok(RunDir {
            path: path.to_path_buf(),
        })
    }

    /// Open an existing run for `--resume`: the latest checkpoint's state, and the logs cut
    /// back to that step (lines written after it belong to steps that will be redone).
    pub fn open_for_resume(
        path: &Path,
    ) -> Result<(Self, String, PathBuf, CheckpointState), RunDirError> {
        let cfg_path = path.join("config.toml");
        let config = fs::read_to_string(&cfg_path).map_err(io(&cfg_path))?;
        let latest = path.join("checkpoints/latest");
        let name = fs::read_to_string(&latest)
            .map_err(|_| RunDirError::NoCheckpoint(path.to_path_buf()))?;
        let ckpt = path.join("checkpoints").join(name.trim());
        let state_path = ckpt.join("state.json");
        let text = fs::read_to_string(&state_path).map_err(io(&state_path))?;
        let state: CheckpointState =
            serde_json::from_str(&text).map_err(|e| RunDirError::Checkpoint {
                path: state_path.clone(),
                msg: e.to_string(),
            })?;
        let run = RunDir {
            path: path.to_path_buf(),
        };
        for log in ["metrics.jsonl", "samples.jsonl", "eval.jsonl"] {
            run.truncate_log(log, state.step)?;
        }
        Ok((run, config, ckpt, state))
    }

    /// Keep only lines with `step <= last_step`.
    fn truncate_log(&self, name: &str, last_step: u64) -> Result<(), RunDirError> {
        let p = self.path.join(name);
        let Ok(text) = fs::read_to_string(&p) else {
            return Ok(());
        };
        let kept: String = text
            .lines()
            .filter(|line| {
                serde_json::from_str::<serde_json::Value>(line)
                    .ok()
                    .and_then(|v| v.get("step").and_then(|s| s.as_u64()))
                    .is_some_and(|s| s <= last_step)
            })
            .map(|l| format!("{l}\n"))
            .collect();
        write_atomic(&p, kept.as_bytes())
    }

    pub fn append(&self, name: &str, value: &serde_json::Value) -> Result<(), RunDirError> {
        let p = self.path.join(name);
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&p)
            .map_err(io(&p))?;
        writeln!(f, "{value}").map_err(io(&p))
    }

    /// Write a checkpoint atomically. `write_weights` fills the given folder (adapter or model).
    pub fn checkpoint(
        &self,
        state: &CheckpointState,
        write_weights: impl FnOnce(&Path) -> Result<(), String>,
        write_optimizer: impl FnOnce(&Path) -> Result<(), String>,
    ) -> Result<PathBuf, RunDirError> {
        let dir = self.path.join("checkpoints");
        let name = format!("step-{:06}", state.step);
        let tmp = dir.join(format!(".tmp-{name}"));
        let fin = dir.join(&name);
        let _ = fs::remove_dir_all(&tmp);
        fs::create_dir_all(&tmp).map_err(io(&tmp))?;
        let err = |msg: String| RunDirError::Checkpoint {
            path: tmp.clone(),
            msg,
        };
        write_weights(&tmp).map_err(err)?;
        write_optimizer(&tmp.join("optimizer.safetensors")).map_err(err)?;
        let state_json = serde_json::to_string_pretty(state).expect("state serializes");
        fs::write(tmp.join("state.json"), state_json).map_err(io(&tmp))?;
        if fin.exists() {
            fs::remove_dir_all(&fin).map_err(io(&fin))?;
        }
        fs::rename(&tmp, &fin).map_err(io(&fin))?;
        write_atomic(&dir.join("latest"), name.as_bytes())?;
        self.prune_checkpoints(&name, 2)?;
        Ok(fin)
    }

    /// Keep the newest `keep` checkpoints (the latest always among them).
    fn prune_checkpoints(&self, latest: &str, keep: usize) -> Result<(), RunDirError> {
        let dir = self.path.join("checkpoints");
        let mut names: Vec<String> = fs::read_dir(&dir)
            .map_err(io(&dir))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("step-"))
            .collect();
        names.sort();
        let n = names.len();
        for old in names.into_iter().take(n.saturating_sub(keep)) {
            if old != latest {
                let _ = fs::remove_dir_all(dir.join(old));
            }
        }
        Ok(())
    }
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RunDirError> {
    Ok(crate::files::write_atomic(path, bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn checkpoint_then_resume_truncates_logs() {
        let d = tempfile::tempdir().unwrap();
        let run = RunDir::create(d.path(), "seed = 1\n").unwrap();
        assert!(matches!(
            RunDir::create(d.path(), "x"),
            Err(RunDirError::Exists(_))
        ));
        for step in 1..=5u64 {
            run.append("metrics.jsonl", &json!({"step": step, "x": 1.0}))
                .unwrap();
            if step == 3 {
                let st = CheckpointState { step, seed: 1 };
                run.checkpoint(
                    &st,
                    |p| fs::write(p.join("w"), b"w").map_err(|e| e.to_string()),
                    |p| fs::write(p, b"o").map_err(|e| e.to_string()),
                )
                .unwrap();
            }
        }
        let (_, cfg, ckpt, st) = RunDir::open_for_resume(d.path()).unwrap();
        assert_eq!(cfg, "seed = 1\n");
        assert_eq!(st, CheckpointState { step: 3, seed: 1 });
        assert!(ckpt.join("w").exists() && ckpt.join("optimizer.safetensors").exists());
        let m = fs::read_to_string(d.path().join("metrics.jsonl")).unwrap();
        assert_eq!(m.lines().count(), 3);
    }

    #[test]
    fn failed_checkpoint_leaves_previous_latest() {
        let d = tempfile::tempdir().unwrap();
        let run = RunDir::create(d.path(), "").unwrap();
        let ok = |p: &Path| fs::write(p.join("w"), b"w").map_err(|e| e.to_string());
        let opt = |p: &Path| fs::write(p, b"o").map_err(|e| e.to_string());
        run.checkpoint(&CheckpointState { step: 1, seed: 0 }, ok, opt)
            .unwrap();
        let bad = run.checkpoint(
            &CheckpointState { step: 2, seed: 0 },
            |_| Err("disk full".into()),
            opt,
        );
        assert!(bad.is_err());
        let (_, _, ckpt, st) = RunDir::open_for_resume(d.path()).unwrap();
        assert_eq!(st.step, 1);
        assert!(ckpt.ends_with("step-000001"));
    }
}
