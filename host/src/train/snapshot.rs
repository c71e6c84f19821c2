//! Training checkpoints: the adapter (PEFT layout) or, under full fine-tuning, the whole
//! model, plus the optimizer state, written through `RunDir::checkpoint` (atomic, `latest`).

use std::path::Path;

use super::setup::Setup;
use super::TrainError;
use crate::model::LoadedModel;
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

/// Load the weights and the optimizer state of the checkpoint folder `ckpt`.
pub fn load(s: &mut Setup, opt: &mut AdamW, ckpt: &Path) -> Result<(), TrainError> {
    load_weights(s, ckpt)?;
    super::reference::load(s, ckpt).map_err(|e| resume_error(ckpt, e.to_string()))?;
    opt.load(&ckpt.join("optimizer.safetensors"))
        .map_err(|e| resume_error(ckpt, e.to_string()))?;
    // A checkpoint of NaNs loads without complaint; every step after it would be skipped.
    // Refused like any other corruption (the caller falls back to the previous checkpoint).
    if !super::guard::weights_finite(opt) || !super::guard::moments_finite(opt) {
        return Err(resume_error(
            ckpt,
            "holds non-finite weights or optimizer moments".into(),
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
/// model has LoRA layers, else the whole model.
pub fn load_policy_weights(model: &mut LoadedModel, ckpt: &Path) -> Result<(), TrainError> {
    let err = |msg: String| resume_error(ckpt, msg);
    if model.net.lora_config().is_none() {
        let file = ckpt.join("model/model.safetensors");
        tch::no_grad(|| model.vs.read_safetensors(&file)).map_err(|e| err(e.to_string()))
    } else {
        model
            .load_adapter(&ckpt.join("adapter"))
            .map_err(|e| err(e.to_string()))
    }
}

fn resume_error(ckpt: &Path, msg: String) -> TrainError {
    // Torch errors carry a C++ backtrace: keep the first line.
    TrainError::Resume {
        path: ckpt.to_path_buf(),
        msg: msg.lines().next().unwrap_or_default().to_string(),
    }
}
