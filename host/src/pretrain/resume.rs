//! Pretraining's checkpoints, through the shared store (`crate::run::checkpoints`), in the work
//! folder next to the output:
//!
//! ```text
//! .<name>.work/step-N/model/                  the model folder (the model module's saver)
//! .<name>.work/step-N/optimizer.safetensors   AdamW's moments and step count
//! .<name>.work/step-N/state.json              PretrainState
//! .<name>.work/latest
//! ```
//! The work folder is removed once the model is complete.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tokenizers::Tokenizer;

use super::hyper::Hyper;
use super::run::Model;
use super::PretrainError;
use crate::model::{load_weights, save_pretrained};
use crate::run::cache::is_model_dir;
use crate::run::checkpoints::{CheckpointError, Checkpoints};
use crate::run::lock::RunLock;

/// Where a run stands: what a checkpoint records besides the tensors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PretrainState {
    /// Steps done.
    pub step: usize,
    /// Steps planned (a time budget may plan fewer than `hyper.steps`).
    pub planned_steps: usize,
    /// Seconds in the training steps, summed over resumed runs.
    pub train_seconds: f64,
    /// The corpus split it was trained on (a resume must use the same).
    pub corpus_fingerprint: String,
    /// The settings (a resume must use the same).
    pub hyper: Hyper,
}

/// The work folder next to the output (`.<name>.work`): the checkpoints of a run in progress.
pub fn work_dir(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.work"))
}

/// The lock of the one pretraining run writing `out` (and its work folder), on the sibling
/// file `.<name>.lock`; `wait`: until another run lets go, else refused naming `out`.
pub fn lock_out(out: &Path, wait: bool) -> Result<RunLock, PretrainError> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| PretrainError::io(parent, e))?;
    }
    let name = out
        .file_name()
        .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned());
    let path = out.with_file_name(format!(".{name}.lock"));
    Ok(if wait {
        RunLock::wait_file(&path, out)?
    } else {
        RunLock::try_file(&path, out)?
    })
}

/// Whether an interrupted run for `out` left a checkpoint to resume.
pub fn has_checkpoint(out: &Path) -> bool {
    Checkpoints::new(work_dir(out)).latest().is_some()
}

/// Writes the checkpoint of `state.step` into the work folder `work`.
pub(super) fn save(work: &Path, model: &Model, state: &PretrainState) -> Result<(), PretrainError> {
    Checkpoints::new(work)
        .save(state.step as u64, state, |dir| {
            save_pretrained(&model.cfg, &model.vs, &model.tok, &dir.join("model"))
                .map_err(|e| e.to_string())?;
            model
                .opt
                .save(&dir.join("optimizer.safetensors"))
                .map_err(|e| e.to_string())
        })
        .map_err(checkpoint_error)?;
    Ok(())
}

/// The latest checkpoint's folder and state, for `--resume`.
pub(super) fn latest(work: &Path) -> Result<(PathBuf, PretrainState), PretrainError> {
    let ckpt = Checkpoints::new(work)
        .latest()
        .ok_or_else(|| PretrainError::Checkpoint {
            path: work.to_path_buf(),
            msg: "no checkpoint to resume: run without --resume".to_string(),
        })?;
    let state = Checkpoints::read_state(&ckpt).map_err(|e| start_over(checkpoint_error(e)))?;
    Checkpoints::verify(&ckpt, "").map_err(|e| start_over(checkpoint_error(e)))?;
    Ok((ckpt, state))
}

/// The tokenizer the checkpointed run trained.
pub(super) fn tokenizer(ckpt: &Path) -> Result<Tokenizer, PretrainError> {
    let path = ckpt.join("model").join("tokenizer.json");
    Tokenizer::from_file(&path).map_err(|e| PretrainError::Checkpoint {
        path,
        msg: format!("{e}; rerun without --resume to start over"),
    })
}

/// Restores the weights and the optimizer from the checkpoint folder `ckpt`.
pub(super) fn restore(ckpt: &Path, model: &mut Model) -> Result<(), PretrainError> {
    let dir = ckpt.join("model");
    load_weights(&model.vs, &dir).map_err(|e| PretrainError::Checkpoint {
        path: dir.clone(),
        msg: format!("{e}; rerun without --resume to start over"),
    })?;
    let path = ckpt.join("optimizer.safetensors");
    model
        .opt
        .load(&path)
        .map_err(|e| PretrainError::Checkpoint {
            path,
            // Torch errors carry a C++ backtrace: keep the first line.
            msg: format!(
                "{}; rerun without --resume to start over",
                e.to_string().lines().next().unwrap_or_default()
            ),
        })
}

fn checkpoint_error(e: CheckpointError) -> PretrainError {
    match e {
        CheckpointError::Io(e) => PretrainError::Io(e),
        CheckpointError::Invalid { path, msg } => PretrainError::Checkpoint { path, msg },
        CheckpointError::Damaged { file, what, intact } => PretrainError::Checkpoint {
            path: file,
            msg: format!("{what}; {intact}"),
        },
    }
}

/// Adds the way out to a checkpoint that cannot be resumed.
fn start_over(e: PretrainError) -> PretrainError {
    match e {
        PretrainError::Checkpoint { path, msg } => PretrainError::Checkpoint {
            path,
            msg: format!("{msg}; rerun without --resume to start over"),
        },
        other => other,
    }
}

/// The finished model replaces `out` whole (moved aside, then deleted): refused unless `out` is
/// absent, an empty folder, or a model an earlier pretraining wrote (with its pretrain.json).
pub(super) fn check_out(out: &Path) -> Result<(), PretrainError> {
    let refuse = |msg: &str| PretrainError::Option {
        option: format!("--out {}", out.display()),
        msg: format!("{msg}; give a new folder (the model replaces --out whole)"),
    };
    if let Some(file) = crate::run::files::file_on_the_way(out) {
        return Err(refuse(&format!("{} is a file", file.display())));
    }
    if !out.exists() {
        return Ok(());
    }
    let empty = std::fs::read_dir(out)
        .map_err(|e| PretrainError::io(out, e))?
        .next()
        .is_none();
    if empty || (is_model_dir(out) && out.join("pretrain.json").is_file()) {
        return Ok(());
    }
    Err(refuse(
        "the folder exists and is not a model frost-host pretrain wrote (no pretrain.json \
         beside config.json, model.safetensors, tokenizer.json)",
    ))
}
