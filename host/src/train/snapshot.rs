//! Training checkpoints: the adapter (PEFT layout) or, under full fine-tuning, the whole
//! model, plus the optimizer state, written through `RunDir::checkpoint` (atomic, `latest`,
//! checksums) and read back through [`load_policy_weights`] and [`load`].

use std::path::Path;

use super::setup::Setup;
use super::TrainError;
use crate::model::{LoadedModel, ModelError};
use crate::run::checkpoints::{CheckpointError, Checkpoints};
use crate::run::dir::{BudgetTotal, CheckpointState, RunDir};
use crate::update::adamw::AdamW;

/// Save the state after `step`, with the training judge budget spent up to it.
pub fn save(
    s: &Setup,
    opt: &AdamW,
    run: &RunDir,
    step: u64,
    budget_total: BudgetTotal,
) -> Result<(), TrainError> {
    let state = CheckpointState {
        judge_budget_total: Some(budget_total),
        ..state_of(s, step)
    };
    let full_ft = s.cfg.model.lora.is_none();
    let path = run.checkpoint(
        &state,
        |dir| {
            if full_ft {
                s.model.save_pretrained(&dir.join("model"))
            } else {
                s.model.save_adapter(&dir.join("adapter"))
            }
            .map_err(|e| e.to_string())?;
            super::reference::save(s, dir).map_err(|e| e.to_string())
        },
        |p| opt.save(p).map_err(|e| e.to_string()),
    )?;
    tracing::debug!("checkpoint {}", path.display());
    Ok(())
}

/// What the checkpoint of `step` records: the step, the seed and what was trained on.
pub fn state_of(s: &Setup, step: u64) -> CheckpointState {
    CheckpointState {
        step,
        seed: s.cfg.seed,
        base_model: Some(s.identity.base_model.clone()),
        game_hash: Some(s.identity.game_hash.clone()),
        game_config: Some(s.identity.game_config.clone()),
        judge_budget_total: None,
    }
}

/// Load the weights and the optimizer state of the checkpoint folder `ckpt`, each file checked
/// against the checkpoint's checksums first.
pub fn load(s: &mut Setup, opt: &mut AdamW, ckpt: &Path) -> Result<(), TrainError> {
    load_weights(s, ckpt)?;
    if ckpt.join(super::reference::FILE).is_file() {
        Checkpoints::verify(ckpt, super::reference::FILE)?;
    }
    super::reference::load(s, ckpt).map_err(|e| {
        let file = ckpt.join(super::reference::FILE);
        damaged(ckpt, &file, unreadable(&e.to_string(), &file))
    })?;
    let file = ckpt.join(OPTIMIZER);
    Checkpoints::verify(ckpt, OPTIMIZER)?;
    opt.load(&file)
        .map_err(|e| damaged(ckpt, &file, unreadable(&e.to_string(), &file)))?;
    // A checkpoint of NaNs loads without complaint; every step after it would be skipped.
    // Refused like any other corruption (the caller falls back to the previous checkpoint).
    if !super::guard::moments_finite(opt) {
        return Err(damaged(
            ckpt,
            &file,
            "holds non-finite optimizer moments".into(),
        ));
    }
    Ok(())
}

/// Load the policy's weights of the checkpoint folder `ckpt` (the adapter, or the whole model
/// under full fine-tuning), without the optimizer state.
pub fn load_weights(s: &mut Setup, ckpt: &Path) -> Result<(), TrainError> {
    load_policy_weights(&mut s.model, ckpt)
}

/// [`load_weights`] onto a policy loaded alone (`train::load_policy`): the adapter when the
/// model has LoRA layers, else the whole model. What every reader of a checkpoint's weights
/// (resume, eval, play, export, analyze-selection) goes through: the files are checked against
/// the checkpoint's checksums, must parse and fit the model, and hold finite values; damage is
/// refused in one line naming the file and the run's other intact checkpoint.
pub fn load_policy_weights(model: &mut LoadedModel, ckpt: &Path) -> Result<(), TrainError> {
    let full = model.net.lora_config().is_none();
    let (under, file) = match full {
        true => ("model/", ckpt.join("model/model.safetensors")),
        false => ("adapter/", ckpt.join("adapter/adapter_model.safetensors")),
    };
    Checkpoints::verify(ckpt, under)?;
    let loaded = match full {
        true => tch::no_grad(|| model.vs.read_safetensors(&file)).map_err(|e| ModelError::Torch {
            path: file.clone(),
            source: e,
        }),
        false => model.load_adapter(&ckpt.join("adapter")),
    };
    match loaded {
        Ok(()) => {}
        // The file itself does not parse: damage, not a mismatch with the model.
        Err(ModelError::Torch { path, source }) => {
            let what = unreadable(&source.to_string(), &path);
            return Err(damaged(ckpt, &path, what));
        }
        Err(ModelError::Json { path, source }) => {
            return Err(damaged(ckpt, &path, format!("cannot be parsed ({source})")));
        }
        Err(ModelError::MissingFile { path, .. }) => {
            return Err(damaged(ckpt, &path, "is missing".into()));
        }
        Err(e) => return Err(TrainError::CheckpointModel(e)),
    }
    if !super::guard::all_finite(model.trainable_variables().iter()) {
        let what = "holds non-finite values (NaN or infinity)".to_string();
        return Err(damaged(ckpt, &file, what));
    }
    Ok(())
}

/// The optimizer state's file in a checkpoint folder.
const OPTIMIZER: &str = "optimizer.safetensors";

fn damaged(ckpt: &Path, file: &Path, what: String) -> TrainError {
    CheckpointError::damaged(ckpt, file, what).into()
}

/// Why libtorch could not read `file`, said once: its message names the file again and
/// carries a C++ backtrace, so keep its first line without the path.
fn unreadable(msg: &str, file: &Path) -> String {
    let first = msg.lines().next().unwrap_or_default();
    let path = file.display().to_string();
    let reason = (first.replace(&format!(" {path}: "), ": "))
        .replace(&format!("{path}: "), "")
        .replace(&path, "the file");
    let reason = reason.trim().trim_end_matches(':').trim();
    format!("cannot be read as safetensors ({reason})")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// libtorch's own message for a file that is not safetensors names the file (twice with
    /// the caller's prefix): the line says it once, around the reason.
    #[test]
    fn an_unreadable_file_is_named_once() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("adapter_model.safetensors");
        std::fs::write(&file, [0xffu8; 64]).unwrap();
        let e = tch::Tensor::read_safetensors(&file)
            .unwrap_err()
            .to_string();
        assert!(e.contains(&file.display().to_string()), "{e}");
        let what = unreadable(&e, &file);
        assert!(!what.contains(&d.path().display().to_string()), "{what}");
        assert!(
            what.starts_with("cannot be read as safetensors ("),
            "{what}"
        );
        let line = CheckpointError::damaged(d.path(), &file, what).to_string();
        assert_eq!(
            line.matches(&file.display().to_string()).count(),
            1,
            "{line}"
        );
    }
}
