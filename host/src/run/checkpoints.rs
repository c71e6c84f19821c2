//! Checkpoints that are never half-written, for training and pretraining alike.
//!
//! ```text
//! DIR/step-N/        the files of one checkpoint (weights, optimizer, ...) and state.json
//! DIR/latest         name of the newest complete checkpoint
//! ```
//! A checkpoint is written into a temporary folder and renamed into place, then `latest` is
//! replaced atomically: a crash leaves the previous checkpoint intact and valid. The two newest
//! are kept.

use std::fs;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::run::files::{io_error, write_atomic, write_json, IoError};

/// Checkpoints kept on disk (the latest always among them).
const KEEP: usize = 2;

#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("checkpoint {path}: {msg}")]
    Invalid { path: PathBuf, msg: String },
}

/// The checkpoints of one run, in `dir`.
pub struct Checkpoints {
    pub dir: PathBuf,
}

impl Checkpoints {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Checkpoints { dir: dir.into() }
    }

    /// Writes the checkpoint of `step`: `write_files` fills the (temporary) folder, `state`
    /// becomes its `state.json`. Returns the finished folder.
    pub fn save(
        &self,
        step: u64,
        state: &impl Serialize,
        write_files: impl FnOnce(&Path) -> Result<(), String>,
    ) -> Result<PathBuf, CheckpointError> {
        let name = format!("step-{step:06}");
        let tmp = self.dir.join(format!(".tmp-{name}"));
        let fin = self.dir.join(&name);
        let _ = fs::remove_dir_all(&tmp);
        fs::create_dir_all(&tmp).map_err(io_error(&tmp))?;
        write_files(&tmp).map_err(|msg| CheckpointError::Invalid {
            path: tmp.clone(),
            msg,
        })?;
        write_json(&tmp.join("state.json"), state)?;
        if fin.exists() {
            fs::remove_dir_all(&fin).map_err(io_error(&fin))?;
        }
        fs::rename(&tmp, &fin).map_err(io_error(&fin))?;
        write_atomic(&self.dir.join("latest"), name.as_bytes())?;
        self.prune(&name)?;
        Ok(fin)
    }

    /// The newest complete checkpoint's folder; None when there is none.
    pub fn latest(&self) -> Option<PathBuf> {
        let name = fs::read_to_string(self.dir.join("latest")).ok()?;
        let dir = self.dir.join(name.trim());
        dir.is_dir().then_some(dir)
    }

    /// Every complete checkpoint folder, the one `latest` names first, then the others newest
    /// first: what a resume tries in turn when the latest turns out to be corrupt.
    pub fn candidates(&self) -> Vec<PathBuf> {
        let mut names: Vec<String> = fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("step-"))
            .collect();
        names.sort();
        let mut dirs: Vec<PathBuf> = self.latest().into_iter().collect();
        for n in names.into_iter().rev() {
            let d = self.dir.join(n);
            if d.is_dir() && !dirs.contains(&d) {
                dirs.push(d);
            }
        }
        dirs
    }

    /// The `state.json` of the checkpoint folder `ckpt`.
    pub fn read_state<T: DeserializeOwned>(ckpt: &Path) -> Result<T, CheckpointError> {
        let path = ckpt.join("state.json");
        let text = fs::read_to_string(&path).map_err(io_error(&path))?;
        serde_json::from_str(&text).map_err(|e| CheckpointError::Invalid {
            path,
            msg: format!("unreadable state: {e}"),
        })
    }

    /// Keeps the newest `KEEP` checkpoints, `latest` always among them.
    fn prune(&self, latest: &str) -> Result<(), CheckpointError> {
        let mut names: Vec<String> = fs::read_dir(&self.dir)
            .map_err(io_error(&self.dir))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("step-"))
            .collect();
        names.sort();
        let n = names.len();
        for old in names.into_iter().take(n.saturating_sub(KEEP)) {
            if old != latest {
                let _ = fs::remove_dir_all(self.dir.join(old));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn write_w(p: &Path) -> Result<(), String> {
        fs::write(p.join("w"), b"w").map_err(|e| e.to_string())
    }

    #[test]
    fn save_points_latest_at_the_new_one_and_keeps_two() {
        let d = tempfile::tempdir().unwrap();
        let store = Checkpoints::new(d.path().join("ckpts"));
        assert_eq!(store.latest(), None);
        for step in 1..=3u64 {
            store.save(step, &json!({ "step": step }), write_w).unwrap();
        }
        let latest = store.latest().unwrap();
        assert!(latest.ends_with("step-000003") && latest.join("w").is_file());
        let st: Value = Checkpoints::read_state(&latest).unwrap();
        assert_eq!(st["step"], 3);
        let mut names: Vec<String> = fs::read_dir(&store.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["latest", "step-000002", "step-000003"]);
    }

    #[test]
    fn a_failed_save_leaves_the_previous_latest() {
        let d = tempfile::tempdir().unwrap();
        let store = Checkpoints::new(d.path());
        store.save(1, &json!({ "step": 1 }), write_w).unwrap();
        let bad = store.save(2, &json!({ "step": 2 }), |_| Err("disk full".into()));
        let msg = bad.unwrap_err().to_string();
        assert!(
            msg.contains("disk full") && msg.contains("step-000002"),
            "{msg}"
        );
        assert!(store.latest().unwrap().ends_with("step-000001"));
    }

    #[test]
    fn candidates_list_latest_first_then_the_others_newest_first() {
        let d = tempfile::tempdir().unwrap();
        let store = Checkpoints::new(d.path());
        assert!(store.candidates().is_empty());
        for step in 1..=2u64 {
            store.save(step, &json!({ "step": step }), write_w).unwrap();
        }
        let c = store.candidates();
        assert!(c[0].ends_with("step-000002") && c[1].ends_with("step-000001"));
        // `latest` pointing at the older one (e.g. written before a crash) still comes first.
        fs::write(d.path().join("latest"), "step-000001").unwrap();
        let c = store.candidates();
        assert!(c[0].ends_with("step-000001") && c[1].ends_with("step-000002"));
    }

    #[test]
    fn an_unreadable_state_names_its_file() {
        let d = tempfile::tempdir().unwrap();
        fs::write(d.path().join("state.json"), "{ not json").unwrap();
        let e = Checkpoints::read_state::<Value>(d.path()).unwrap_err();
        assert!(e.to_string().contains("state.json"), "{e}");
    }
}
