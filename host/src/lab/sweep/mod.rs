//! `frost-host sweep FILE.toml`: a grid of settings x seeds, each run an ordinary run
//! directory trained by a child process of the binary (a crash in one run cannot take the
//! sweep down). `plan` reads the sweep file and expands it into runs, checking every run's
//! config before any starts; `status` keeps `DIR/sweep.json` (the layout the report reads);
//! `run` runs the pending runs, `--jobs N` at a time, with a progress view; `slurm` writes the
//! same sweep as a Slurm job array.

mod plan;
mod run;
mod slurm;
mod status;

use std::path::PathBuf;

pub use plan::{load, Plan, PlannedRun};
pub use run::{run, threads_per_job, Outcome, SweepOptions};
pub use slurm::slurm_script;
pub use status::{read_statuses, write_index, Status};

use crate::config::ConfigError;
use crate::run::files::IoError;

#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    #[error("sweep file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("sweep file {path}: {message}")]
    Invalid { path: PathBuf, message: String },
    #[error("sweep file {path}: run `{run}`: {source}")]
    RunConfig {
        path: PathBuf,
        run: String,
        source: ConfigError,
    },
    #[error("--only {index}: the sweep has {count} runs (0..{count})")]
    NoSuchRun { index: usize, count: usize },
    #[error("cannot start {run}: {source}")]
    Spawn { run: String, source: std::io::Error },
    #[error(transparent)]
    Lock(#[from] crate::run::lock::LockError),
    #[error(transparent)]
    Io(#[from] IoError),
}
