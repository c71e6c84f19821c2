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
//! ([`Checkpoints::verify`]), so damage that still parses is caught too.
//!
//! A checkpoint is judged on its own: its `state.json` records that it is sealed
//! ([`SEAL_KEY`]), and `checksums.sha256` covers `state.json`. Without `checksums.sha256`, a
//! checkpoint whose state says it was sealed lost its seal and is refused as damaged, wherever
//! the folder is (its run's, or a copy out of it). `DIR/sealed.json`, the run's record that it
//! seals its checkpoints ([`checksums::RECORD`]), does the same for the checkpoints sealed
//! before their state recorded it. Only checkpoints from before seals, whose state says nothing
//! of a seal, are read unverified (with a warning). To pass one off as such, the state itself
//! would have to be edited as well as the seal deleted: a forgery, which no checksum kept
//! beside the files can tell from a checkpoint of an older Frost.

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

/// The key of a checkpoint's `state.json` that records that the checkpoint is sealed: its
/// value is the seal's file name (`"seal": "checksums.sha256"`), written with the state before
/// the seal, so the seal covers it.
pub const SEAL_KEY: &str = "seal";

/// Why the checkpoint `ckpt`, which has no checksum file, is damaged: its own state records
/// that it was sealed (or cannot be read to tell), or its run records that it seals its
/// checkpoints from a step at or before this one's (or that record cannot be read). None: a
/// checkpoint from before seals.
fn lost_seal(ckpt: &Path) -> Option<String> {
    let state = ckpt.join("state.json");
    let recorded = fs::read_to_string(&state)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string()));
    match recorded {
        Ok(v) if v.get(SEAL_KEY).is_some() => {
            return Some(format!(
                "missing, though the checkpoint's {} records that it was sealed: its seal was \
                 removed, so its files cannot be verified",
                state.display()
            ))
        }
        Ok(_) => {}
        Err(why) => {
            return Some(format!(
                "missing, and {} cannot be read to tell whether the checkpoint was sealed ({why})",
                state.display()
            ))
        }
    }
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
        let mut state = serde_json::to_value(state).map_err(|e| CheckpointError::Invalid {
            path: tmp.join("state.json"),
            msg: format!("the state does not serialize: {e}"),
        })?;
        let Some(fields) = state.as_object_mut() else {
            return Err(CheckpointError::Invalid {
                path: tmp.join("state.json"),
                msg: "the state is not a JSON object".into(),
            });
        };
        fields.insert(SEAL_KEY.into(), checksums::FILE.into());
        write_json(&tmp.join("state.json"), &state)?;
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
    /// recorded is read unverified, with a warning (once per folder); one whose state or run
    /// records that it was sealed is damaged without its checksum file ([`lost_seal`]).
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
#[path = "checkpoints_tests.rs"]
mod tests;
