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
//! The checkpoints go through [`crate::checkpoint::Checkpoints`] (the one machinery, shared
//! with pretraining): a crash leaves the previous checkpoint intact and valid.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::checkpoint::{CheckpointError, Checkpoints};
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

impl From<CheckpointError> for RunDirError {
    fn from(e: CheckpointError) -> Self {
        match e {
            CheckpointError::Io(e) => RunDirError::Io(e),
            CheckpointError::Invalid { path, msg } => RunDirError::Checkpoint { path, msg },
        }
    }
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
        let ckpt = Checkpoints::new(path.join("checkpoints"))
            .latest()
            .ok_or_else(|| RunDirError::NoCheckpoint(path.to_path_buf()))?;
        let state: CheckpointState = Checkpoints::read_state(&ckpt)?;
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

    /// Write a checkpoint atomically (through the shared [`Checkpoints`] store).
    /// `write_weights` fills the given folder (adapter or model).
    pub fn checkpoint(
        &self,
        state: &CheckpointState,
        write_weights: impl FnOnce(&Path) -> Result<(), String>,
        write_optimizer: impl FnOnce(&Path) -> Result<(), String>,
    ) -> Result<PathBuf, RunDirError> {
        let fin = self.checkpoints().save(state.step, state, |dir| {
            write_weights(dir)?;
            write_optimizer(&dir.join("optimizer.safetensors"))
        })?;
        Ok(fin)
    }

    fn checkpoints(&self) -> Checkpoints {
        Checkpoints::new(self.path.join("checkpoints"))
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
