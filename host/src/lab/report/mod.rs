//! Evidence from finished runs: curves per setting and seed (`runs`), setting labels for plain
//! run directories (`labels`), the paper's claims as computed quantities with verdicts
//! (`claims`, paired statistics from `lab::stats`), and the report that shows them (`write`
//! writes it, `figures` chooses what to draw, `plots` draws the SVG figures, `html` lays out the
//! page). Everything here reads run directories; nothing trains.

pub mod claims;
pub mod cost;
pub mod figures;
pub mod html;
pub mod labels;
pub mod plots;
pub mod runs;
pub mod samples;
pub mod selection_table;
pub mod write;

use std::path::PathBuf;

use crate::run::files::IoError;

#[derive(Debug, thiserror::Error)]
pub enum EvidenceError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("{path}: {msg}")]
    Bad { path: PathBuf, msg: String },
    #[error(
        "{0} is not a run directory (no config.toml), a sweep (no sweep.json) \
         nor a folder of run directories"
    )]
    NotARun(PathBuf),
    #[error("no run with held-out evaluations in {0}")]
    NoRuns(String),
    #[error("--pair {pair}: {msg}; the settings are: {known}")]
    Pair {
        pair: String,
        msg: String,
        known: String,
    },
    #[error("figure {name}: {msg}")]
    Plot { name: String, msg: String },
}

impl EvidenceError {
    fn bad(path: impl Into<PathBuf>, msg: impl Into<String>) -> Self {
        EvidenceError::Bad {
            path: path.into(),
            msg: msg.into(),
        }
    }
}
