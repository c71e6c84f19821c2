//! Checkpoints that are never half-written, for training and pretraining alike.
//!
//! ```text
//! DIR/step-N/        the files of one checkpoint (weights, optimizer, ...) and state.json
//! DIR/latest         name of the newest complete checkpoint
//! ```
//! A checkpoint is written into a temporary folder and renamed into place, then `latest` is
//! replaced atomically: a crash leaves the previous checkpoint intact and valid. The two newest
//! are kept. Its last file, `checksums.sha256`, records every other file's SHA-256
//! ([`crate::run::checksums`]); every reader checks the files it takes against it
//! ([`Checkpoints::verify`]), so damage that still parses is caught too. `DIR/sealed.json`
//! records that the run seals its checkpoints ([`checksums::RECORD`]): a checkpoint of it
//! without `checksums.sha256` lost its seal, and is refused as damaged.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::run::checksums::{self, CheckFailure, Damage, Sealed};
use crate::run::files::{io_error, write_atomic, write_json, IoError};

/// Checkpoints kept on disk (the latest always among them).
const KEEP: usize = 2;

#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("checkpoint {path}: {msg}")]
    Invalid { path: PathBuf, msg: String },
    /// A file of a checkpoint is not as it was written (its checksum, or it does not parse or
    /// holds non-finite values): named once, with what is wrong and which other checkpoint of
    /// the run is intact.
    #[error("checkpoint file {}: {what}; {intact}", file.display())]
    Damaged {
        file: PathBuf,
        what: String,
        intact: String,
    },
}

impl CheckpointError {
    /// The file `file` of the checkpoint folder `ckpt` is damaged (`what`); the error says
    /// which other checkpoint of its run is intact.
    pub fn damaged(ckpt: &Path, file: &Path, what: impl Into<String>) -> Self {
        CheckpointError::Damaged {
            file: file.to_path_buf(),
            what: what.into(),
            intact: intact_other(ckpt),
        }
    }
}

/// Which other checkpoint beside `ckpt` (the newest first) verifies against its checksums, as
/// the end of an error line.
pub fn intact_other(ckpt: &Path) -> String {
    let name = ckpt.file_name();
    let intact = (Checkpoints::new(store_of(ckpt)).candidates().into_iter())
        .filter(|c| c.file_name() != name)
        .find(|c| matches!(checksums::check(c, ""), Ok(Sealed::Yes)));
    let Some(c) = intact else {
        return "no other checkpoint of the run verifies as intact".to_string();
    };
    let name = c
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match step_of(&c) {
        Some(step) => format!("step {step}'s checkpoint ({name}) is intact"),
        None => format!("{} is intact", c.display()),
    }
}

/// The step of a checkpoint folder, from its name (`step-N`).
pub fn step_of(ckpt: &Path) -> Option<u64> {
    ckpt.file_name()?
        .to_str()?
        .strip_prefix("step-")?
        .parse()
        .ok()
}

/// The folder holding the checkpoint folder `ckpt` (its run's checkpoints).
fn store_of(ckpt: &Path) -> &Path {
    match ckpt.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Why the checkpoint `ckpt`, which has no checksum file, is damaged: its run records that it
/// seals its checkpoints from a step at or before this one's (or its record cannot be read).
/// None: the run is from before seals (no record), or sealed only later checkpoints.
fn lost_seal(ckpt: &Path) -> Option<String> {
    let store = store_of(ckpt);
    let record = store.join(checksums::RECORD);
    match checksums::sealed_from(store) {
        Ok(None) => None,
        Ok(Some(from)) if step_of(ckpt).is_some_and(|step| step < from) => None,
        Ok(Some(from)) => Some(format!(
            "missing, though the run seals every checkpoint from step {from} on (recorded in \
             {}): its seal was removed, so its files cannot be verified",
            record.display()
        )),
        Err(why) => Some(format!(
            "missing, and the run's record of its seals cannot be read ({why})"
        )),
    }
}

/// Short hashes are enough to see that two differ; `sha256sum -c checksums.sha256` in the
/// checkpoint folder gives the whole story.
fn describe(damage: &Damage) -> String {
    let short = |h: &str| h.chars().take(12).collect::<String>();
    match damage {
        Damage::Changed { expected, found } => format!(
            "its SHA-256 is {}..., not the {}... recorded in {} when it was written (changed \
             on disk since)",
            short(found),
            short(expected),
            checksums::FILE
        ),
        Damage::Missing => format!("missing (listed in {})", checksums::FILE),
        Damage::Unlisted => format!(
            "not listed in {} (added after the checkpoint was written)",
            checksums::FILE
        ),
    }
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
        checksums::seal(&tmp)?;
        checksums::record_sealing(&self.dir, step)?;
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

    /// Checks the files of the checkpoint folder `ckpt` whose path starts with `under` ("" for
    /// all, `adapter/`, `state.json`) against the checksums recorded when it was written: the
    /// one check every reader makes before it takes a file (resume, eval, play, export,
    /// analyze-selection, pretraining's resume). A checkpoint written before checksums were
    /// recorded is read unverified, with a warning (once per folder); one whose run records
    /// that it seals its checkpoints is damaged without its checksum file.
    pub fn verify(ckpt: &Path, under: &str) -> Result<(), CheckpointError> {
        match checksums::check(ckpt, under) {
            Ok(Sealed::Yes) => Ok(()),
            Ok(Sealed::No) => {
                if let Some(why) = lost_seal(ckpt) {
                    return Err(CheckpointError::damaged(
                        ckpt,
                        &ckpt.join(checksums::FILE),
                        why,
                    ));
                }
                static WARNED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
                let mut warned = WARNED.lock().unwrap_or_else(|e| e.into_inner());
                if warned.insert(ckpt.to_path_buf()) {
                    tracing::warn!(
                        "checkpoint {} has no {} (written before Frost recorded checksums): \
                         its files are read unverified",
                        ckpt.display(),
                        checksums::FILE
                    );
                }
                Ok(())
            }
            Err(CheckFailure::Altered(a)) => {
                Err(CheckpointError::damaged(ckpt, &a.file, describe(&a.damage)))
            }
            Err(CheckFailure::Unreadable { path, msg }) => {
                Err(CheckpointError::damaged(ckpt, &path, msg))
            }
            Err(CheckFailure::Io(e)) => Err(e.into()),
        }
    }

    /// The `state.json` of the checkpoint folder `ckpt`, verified.
    pub fn read_state<T: DeserializeOwned>(ckpt: &Path) -> Result<T, CheckpointError> {
        Self::verify(ckpt, "state.json")?;
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
        assert_eq!(
            names,
            ["latest", "sealed.json", "step-000002", "step-000003"]
        );
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
    fn a_reader_names_the_altered_file_and_the_intact_checkpoint() {
        let d = tempfile::tempdir().unwrap();
        let store = Checkpoints::new(d.path());
        for step in 1..=2u64 {
            store.save(step, &json!({ "step": step }), write_w).unwrap();
        }
        let latest = store.latest().unwrap();
        assert!(latest.join(checksums::FILE).is_file());
        Checkpoints::verify(&latest, "").unwrap();
        fs::write(latest.join("w"), b"x").unwrap();
        let e = Checkpoints::verify(&latest, "w").unwrap_err().to_string();
        let file = latest.join("w").display().to_string();
        assert_eq!(e.matches(&file).count(), 1, "{e}");
        assert!(
            e.contains("SHA-256") && e.contains("step 1's checkpoint (step-000001) is intact"),
            "{e}"
        );
        // A reader checks the files it takes: the state is intact.
        let st: Value = Checkpoints::read_state(&latest).unwrap();
        assert_eq!(st["step"], 2);
        fs::write(latest.join("state.json"), r#"{"step": 9}"#).unwrap();
        let e = Checkpoints::read_state::<Value>(&latest).unwrap_err();
        assert!(e.to_string().contains("state.json"), "{e}");
        fs::write(store.dir.join("step-000001/w"), b"y").unwrap();
        let e = Checkpoints::verify(&latest, "w").unwrap_err().to_string();
        assert!(e.contains("no other checkpoint"), "{e}");
    }

    /// A run that seals its checkpoints records it outside them: a checkpoint of it without its
    /// checksum file lost its seal and is refused, naming the file and the intact checkpoint;
    /// one from before seals (no record, or a step before the recorded one) is read unverified.
    #[test]
    fn a_removed_seal_is_damage_in_a_sealed_run_and_not_before_seals() {
        let d = tempfile::tempdir().unwrap();
        let store = Checkpoints::new(d.path());
        for step in 1..=2u64 {
            store.save(step, &json!({ "step": step }), write_w).unwrap();
        }
        assert_eq!(checksums::sealed_from(d.path()), Ok(Some(1)));
        let second = store.dir.join("step-000002");
        let seal = second.join(checksums::FILE);
        fs::remove_file(&seal).unwrap();
        for under in ["", "w", "state.json"] {
            let e = Checkpoints::verify(&second, under).unwrap_err().to_string();
            assert_eq!(e.matches(&seal.display().to_string()).count(), 1, "{e}");
            assert!(
                e.contains("seals every checkpoint from step 1 on")
                    && e.contains("step 1's checkpoint (step-000001) is intact"),
                "{e}"
            );
        }
        let unreadable = d.path().join(checksums::RECORD);
        fs::write(&unreadable, "{").unwrap();
        let e = Checkpoints::verify(&second, "").unwrap_err().to_string();
        assert!(
            e.contains("cannot be read") && e.contains("sealed.json"),
            "{e}"
        );
        // Sealing from a later step on (a run of an older Frost, resumed): the earlier one is
        // from before seals.
        checksums::record_sealing(d.path(), 3).unwrap();
        assert_eq!(checksums::sealed_from(d.path()), Ok(Some(3)));
        Checkpoints::verify(&second, "").unwrap();
        // An earlier sealed step lowers the record; a later one keeps it.
        checksums::record_sealing(d.path(), 2).unwrap();
        checksums::record_sealing(d.path(), 5).unwrap();
        assert_eq!(checksums::sealed_from(d.path()), Ok(Some(2)));
        assert!(Checkpoints::verify(&second, "").is_err());
        // No record: a run from before seals, read unverified.
        fs::remove_file(d.path().join(checksums::RECORD)).unwrap();
        Checkpoints::verify(&second, "").unwrap();
        let st: Value = Checkpoints::read_state(&second).unwrap();
        assert_eq!(st["step"], 2);
    }

    #[test]
    fn an_unreadable_state_names_its_file() {
        let d = tempfile::tempdir().unwrap();
        fs::write(d.path().join("state.json"), "{ not json").unwrap();
        let e = Checkpoints::read_state::<Value>(d.path()).unwrap_err();
        assert!(e.to_string().contains("state.json"), "{e}");
    }
}
