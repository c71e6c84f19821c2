//! The run directory: resolved config, jsonl logs, atomic checkpoints, resume.
//!
//! ```text
//! RUN/.lock                  held (flock) by the one process writing the run; holds its pid
//! RUN/config.toml            the resolved config (after --set), what --resume reads back
//! RUN/config.history.toml    one [[resume]] entry per resume: when, after which step, --set
//! RUN/metrics.jsonl          one line per step
//! RUN/eval.jsonl             one line per evaluation
//! RUN/samples.jsonl          prompts, moves, scores, replacements
//! RUN/game.json             the game trained on: name@version (its describe()), SHA-256, path
//! RUN/launches.jsonl         one line per process (or job of ranks) that trained the run: the
//!                            step it started after, its world size, Frost's version, when
//! RUN/tb/                    TensorBoard event files: metrics.jsonl's and eval.jsonl's numbers
//!                            (run.tensorboard; see crate::run::tensorboard)
//! RUN/checkpoints/step-N/    adapter/ (PEFT layout) or model/ (full FT), optimizer.safetensors,
//!                            state.json {step, seed, base model, game and game config identity,
//!                            seal: that the checkpoint is sealed},
//!                            checksums.sha256 (every other file's SHA-256, written last)
//! RUN/checkpoints/latest     name of the newest complete checkpoint
//! RUN/checkpoints/sealed.json  the run seals its checkpoints from step N on (0: written first
//!                            when the run is created, what marks the folder a run's)
//! ```
//! The checkpoints go through [`crate::run::checkpoints::Checkpoints`] (the one machinery, shared
//! with pretraining): a crash leaves the previous checkpoint intact and valid. A run directory
//! is only ever written under its lock ([`crate::run::lock`]), and only a directory this
//! process created is ever removed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::run::checkpoints::{CheckpointError, Checkpoints};
use crate::run::checksums;
use crate::run::files::{file_on_the_way, io_error, log_lines, IoError};
use crate::run::lock::{LockError, RunLock};
use crate::run::tensorboard;

/// The logs a run appends to, one JSON object with a `step` per line.
const LOGS: [&str; 4] = [
    "metrics.jsonl",
    "samples.jsonl",
    "eval.jsonl",
    "launches.jsonl",
];

/// What a run writes at its top level besides [`LOGS`] and `tb/`.
const RUN_FILES: [&str; 4] = [
    "config.toml",
    "config.history.toml",
    "models.json",
    GAME_RECORD,
];

/// `RUN/game.json`: the game a run trained on, by `name@version` and content
/// ([`crate::train::identity::game_record`]); what reports name the game by.
pub const GAME_RECORD: &str = "game.json";

/// Whether `path` is a run that has not checkpointed yet, recognised by what only a run writes
/// and writes first: [`RunDir::create`] records in `checkpoints/sealed.json` that the run
/// seals its checkpoints ([`checksums::RECORD`]) right after taking the lock, before its logs
/// and `config.toml`. A folder that merely holds a `checkpoints/` (another tool's, a user's)
/// is not one.
fn is_unstarted_run(path: &Path) -> bool {
    matches!(
        checksums::sealed_from(&path.join("checkpoints")),
        Ok(Some(_))
    )
}

/// The entries of an existing directory that a new run would overwrite or clear although the
/// directory is not an unstarted run ([`is_unstarted_run`]): the user's, kept. Other files (a
/// Slurm log the launch script put there) are left beside the run.
fn colliding_entries(path: &Path) -> Result<Vec<String>, RunDirError> {
    if is_unstarted_run(path) {
        return Ok(Vec::new());
    }
    let ours =
        |name: &str| RUN_FILES.contains(&name) || LOGS.contains(&name) || name == tensorboard::DIR;
    let mut colliding = Vec::new();
    for entry in fs::read_dir(path).map_err(io(path))? {
        let name = entry.map_err(io(path))?.file_name();
        let name = name.to_string_lossy();
        if ours(&name) {
            colliding.push(name.into_owned());
        }
    }
    colliding.sort();
    Ok(colliding)
}

#[derive(Debug, thiserror::Error)]
pub enum RunDirError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error("{0} already holds a run with checkpoints: use --resume {0} or another --out")]
    Exists(PathBuf),
    #[error(
        "--out {}: the folder is not a run's (no checkpoints/sealed.json) but holds {}, which a \
         run would overwrite: give another folder, or move them",
        path.display(), shown.join(", ")
    )]
    Collides { path: PathBuf, shown: Vec<String> },
    #[error("--out: {0} is a file, not a folder: give a new or empty folder")]
    NotAFolder(PathBuf),
    #[error("{0} is not a run directory (no config.toml)")]
    NotARun(PathBuf),
    #[error("checkpoint {path}: {msg}")]
    Checkpoint { path: PathBuf, msg: String },
    /// A checkpoint file not as written ([`CheckpointError::Damaged`]).
    #[error(transparent)]
    Damaged(Box<CheckpointError>),
}

impl From<CheckpointError> for RunDirError {
    fn from(e: CheckpointError) -> Self {
        match e {
            CheckpointError::Io(e) => RunDirError::Io(e),
            CheckpointError::Invalid { path, msg } => RunDirError::Checkpoint { path, msg },
            e @ CheckpointError::Damaged { .. } => RunDirError::Damaged(Box::new(e)),
        }
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunDirError + '_ {
    move |source| RunDirError::Io(io_error(path)(source))
}

/// What the base model was: its folder, a hash of its config.json and of its weight files'
/// names and sizes, and a hash of the weights' contents (a different model of the same shape
/// has the same names and sizes; absent in checkpoints written before it was recorded).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ModelIdentity {
    pub path: String,
    pub hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_hash: Option<String>,
}

/// What a checkpoint records besides the weights and the optimizer. The identity fields are
/// absent in checkpoints written before they existed; a resume then cannot compare them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CheckpointState {
    /// Last completed step.
    pub step: u64,
    /// Run seed; per-step seeds are derived from (seed, step), so this is the whole RNG state.
    pub seed: u64,
    #[serde(default)]
    pub base_model: Option<ModelIdentity>,
    /// SHA-256 of the game file's bytes.
    #[serde(default)]
    pub game_hash: Option<String>,
    /// The game's own config.
    #[serde(default)]
    pub game_config: Option<serde_json::Value>,
    /// Training judge forwards and backwards up to and including `step`, so the cumulative
    /// budget continues across a resume (absent in older checkpoints).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_budget_total: Option<BudgetTotal>,
}

/// Cumulative judge budget of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct BudgetTotal {
    pub forwards: u64,
    pub backwards: u64,
}

impl CheckpointState {
    /// What differs between the run that wrote `self` and the run `now` about to continue it,
    /// one phrase each (empty: they match). Unrecorded fields are not compared.
    pub fn mismatches(&self, now: &CheckpointState) -> Vec<String> {
        let mut out = Vec::new();
        if self.seed != now.seed {
            out.push(format!("seed {} was {}", now.seed, self.seed));
        }
        if let (Some(a), Some(b)) = (&self.base_model, &now.base_model) {
            let contents_differ = matches!(
                (&a.content_hash, &b.content_hash),
                (Some(x), Some(y)) if x != y
            );
            if a.hash != b.hash || contents_differ {
                out.push(format!(
                    "base model {} differs from the one trained ({})",
                    b.path, a.path
                ));
            }
        }
        if let (Some(a), Some(b)) = (&self.game_hash, &now.game_hash) {
            if a != b {
                out.push("the game file changed".to_string());
            }
        }
        if let (Some(a), Some(b)) = (&self.game_config, &now.game_config) {
            if a != b {
                out.push(format!("game config {b} was {a}"));
            }
        }
        out
    }
}

/// One `[[resume]]` entry of `config.history.toml`.
#[derive(Serialize)]
pub struct ResumeRecord<'a> {
    pub unix_time: u64,
    /// The checkpoint's step (0: started over, there was none).
    pub after_step: u64,
    pub overrides: &'a [String],
    /// Resumed despite a mismatch (`--force-resume`).
    pub forced: bool,
}

/// One line of `launches.jsonl`: a process (with its ranks) that trained the run.
#[derive(Serialize)]
pub struct LaunchRecord {
    /// The checkpoint step it started after (0: from the start); a resume from an earlier
    /// checkpoint drops the launches after it, as it drops the steps.
    pub step: u64,
    /// Ranks (torchrun, srun); 1 for one process.
    pub world_size: usize,
    pub frost_version: &'static str,
    pub unix_time: u64,
}

/// A run directory this process holds the lock of.
#[derive(Debug)]
pub struct RunDir {
    pub path: PathBuf,
    /// This process made the folder: only then may a failed start remove it.
    created: bool,
    _lock: RunLock,
}

impl RunDir {
    /// Create a new run directory and write the config. An existing directory is taken when no
    /// other process holds it, it holds no checkpoint, and it is either an unstarted run (killed
    /// before its first checkpoint: its old logs are cleared) or holds nothing of a user's that
    /// a run would overwrite ([`Self::check_new`]); files of other names stay as they are.
    pub fn create(path: &Path, config_toml: &str) -> Result<Self, RunDirError> {
        Self::check_new(path)?;
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(io(parent))?;
        }
        // create_dir, not create_dir_all: of two processes racing, exactly one creates it.
        let created = match fs::create_dir(path) {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
            Err(e) => return Err(io(path)(e)),
        };
        let run = RunDir {
            path: path.to_path_buf(),
            created,
            _lock: RunLock::acquire(path)?,
        };
        if !run.checkpoints().candidates().is_empty() {
            return Err(RunDirError::Exists(path.to_path_buf()));
        }
        // First, so that whatever else a run leaves here sits beside what marks it a run
        // (`is_unstarted_run`): every checkpoint of a new run is sealed, from step 0 on.
        let checkpoints = path.join("checkpoints");
        fs::create_dir_all(&checkpoints).map_err(io(path))?;
        checksums::record_sealing(&checkpoints, 0)?;
        run.rewind_logs(None)?;
        write_atomic(&path.join("config.toml"), config_toml.as_bytes())?;
        Ok(run)
    }

    /// Refuses a `--out` that [`RunDir::create`] would refuse for what it holds (a file on the
    /// way, or a folder with a run's file names that is not a run: see [`colliding_entries`]),
    /// so a launch can say so before loading models.
    pub fn check_new(path: &Path) -> Result<(), RunDirError> {
        if path.is_dir() {
            if !Checkpoints::new(path.join("checkpoints"))
                .candidates()
                .is_empty()
            {
                return Err(RunDirError::Exists(path.to_path_buf()));
            }
            let shown = colliding_entries(path)?;
            if !shown.is_empty() {
                return Err(RunDirError::Collides {
                    path: path.to_path_buf(),
                    shown,
                });
            }
        } else if let Some(file) = file_on_the_way(path) {
            // The path itself, or a parent on the way to it, is a file.
            return Err(RunDirError::NotAFolder(file.to_path_buf()));
        }
        Ok(())
    }

    /// Open an existing run for `--resume`, under its lock.
    pub fn open(path: &Path) -> Result<Self, RunDirError> {
        if !path.join("config.toml").is_file() {
            return Err(RunDirError::NotARun(path.to_path_buf()));
        }
        Ok(RunDir {
            path: path.to_path_buf(),
            created: false,
            _lock: RunLock::acquire(path)?,
        })
    }

    /// The checkpoints to resume from, best first (see [`Checkpoints::candidates`]).
    pub fn checkpoint_candidates(&self) -> Vec<PathBuf> {
        self.checkpoints().candidates()
    }

    /// Cut the logs back to `last_step` (None: before step 0, i.e. empty): lines written after
    /// it belong to steps that will be redone. A torn or unreadable line (a crash mid-write) is
    /// dropped with a warning. The TensorBoard event files under `tb/` are cut back alike.
    pub fn rewind_logs(&self, last_step: Option<u64>) -> Result<(), RunDirError> {
        tensorboard::rewind(&self.path.join(tensorboard::DIR), last_step)?;
        for name in LOGS {
            let p = self.path.join(name);
            let Ok(file) = fs::File::open(&p) else {
                continue;
            };
            let mut torn = 0;
            let mut kept = String::new();
            // A line torn inside a multi-byte character is not UTF-8 (None): dropped as torn,
            // where a whole file refused for it would not be rewound at all (duplicated steps).
            for line in log_lines(file) {
                let line = line.map_err(io(&p))?;
                if line.as_deref() == Some("") {
                    continue;
                }
                let step = (line.as_deref())
                    .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
                    .and_then(|v| v.get("step").and_then(|s| s.as_u64()));
                match step {
                    Some(s) if last_step.is_some_and(|last| s <= last) => {
                        kept.push_str(line.as_deref().unwrap_or_default());
                        kept.push('\n');
                    }
                    Some(_) => {}
                    None => torn += 1,
                }
            }
            if torn > 0 {
                tracing::warn!("{}: dropped {torn} torn or invalid line(s)", p.display());
            }
            write_atomic(&p, kept.as_bytes())?;
        }
        Ok(())
    }

    /// After a resume: `config.toml` becomes the config now trained (with the `--set`
    /// overrides), and `config.history.toml` gains an entry saying so.
    pub fn record_resume(
        &self,
        config_toml: &str,
        record: &ResumeRecord,
    ) -> Result<(), RunDirError> {
        write_atomic(&self.path.join("config.toml"), config_toml.as_bytes())?;
        #[derive(Serialize)]
        struct Entry<'a, 'b> {
            resume: [&'a ResumeRecord<'b>; 1],
        }
        let entry = toml::to_string(&Entry { resume: [record] }).expect("TOML serializes");
        let p = self.path.join("config.history.toml");
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&p)
            .map_err(io(&p))?;
        writeln!(f, "{entry}").map_err(io(&p))
    }

    /// A run that failed before its first checkpoint is not a run: remove its directory, but
    /// only if this process created it.
    pub fn discard_if_unstarted(self) {
        if self.created && self.checkpoints().candidates().is_empty() {
            let _ = fs::remove_dir_all(&self.path);
        }
    }

    /// A run that trained nothing (every step skipped): remove its directory, checkpoints and
    /// all, if this process created it. Whether it was removed.
    pub fn discard_if_created(self) -> bool {
        self.created && fs::remove_dir_all(&self.path).is_ok()
    }

    /// Appends this launch to `launches.jsonl` (after the logs were rewound to its step).
    pub fn record_launch(&self, record: &LaunchRecord) -> Result<(), RunDirError> {
        let value = serde_json::to_value(record).expect("a launch record serializes");
        self.append("launches.jsonl", &value)
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
    Ok(crate::run::files::write_atomic(path, bytes)?)
}

#[cfg(test)]
#[path = "dir_tests.rs"]
mod tests;
