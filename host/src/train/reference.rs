//! The KL reference and its refresh (`update.ref_refresh_every`, TRL's `sync_ref_model` with
//! mixup alpha 1).
//!
//! The reference starts as the player's base weights: the policy with its adapters off under
//! LoRA (which is also the default judge), a frozen copy under full fine-tuning. A refresh must
//! move the reference without moving the judge, so it is not done by merging adapters into the
//! base weights: it keeps a copy of the policy's trainable variables (the adapters under LoRA,
//! every weight under full fine-tuning) as they are at the refresh, and the reference's
//! forward runs the policy network with that copy swapped in (and swapped back after). The
//! copy is saved with each checkpoint (`reference.safetensors`), so a resumed run refers to
//! the same reference.

use std::path::Path;

use tch::Tensor;

use super::setup::Setup;
use crate::judge::AdaptersOff;
use crate::model::{self, MoveLogProbs};

/// The reference copy's file in a checkpoint folder.
pub const FILE: &str = "reference.safetensors";

/// After `step`: every `update.ref_refresh_every` steps the reference becomes the policy.
pub fn refresh_if_due(s: &mut Setup, step: u64) {
    let every = s.cfg.update.ref_refresh_every;
    if every > 0 && step.is_multiple_of(every) && s.cfg.update.kl_beta > 0.0 {
        let _g = tch::no_grad_guard();
        let copy = (s.model.trainable_variables().iter())
            .map(|t| t.detach().copy())
            .collect();
        s.refreshed_reference = Some(copy);
    }
}

/// The reference's log-probs of `moves` (no gradient): the base weights, or after a refresh
/// the policy network with the refreshed copy of its trainable variables.
pub fn logprobs(
    s: &Setup,
    prompts: &[Vec<i64>],
    moves: &Tensor,
    banned: &Tensor,
    temperature: f64,
) -> MoveLogProbs {
    let _g = tch::no_grad_guard();
    let Some(copy) = &s.refreshed_reference else {
        let reference = s.reference();
        let _off = AdaptersOff::new(reference);
        return model::move_logprobs(reference, prompts, moves, banned, temperature);
    };
    let vars = s.model.trainable_variables();
    let current: Vec<Tensor> = vars.iter().map(|t| t.detach().copy()).collect();
    swap_in(&vars, copy);
    let out = model::move_logprobs(&s.model.net, prompts, moves, banned, temperature);
    swap_in(&vars, &current);
    out
}

fn swap_in(vars: &[Tensor], values: &[Tensor]) {
    for (v, x) in vars.iter().zip(values) {
        v.detach().copy_(x);
    }
}

/// Writes the refreshed reference (if any) into the checkpoint folder `dir`.
pub fn save(s: &Setup, dir: &Path) -> Result<(), tch::TchError> {
    let Some(copy) = &s.refreshed_reference else {
        return Ok(());
    };
    let named: Vec<(String, &Tensor)> = copy
        .iter()
        .enumerate()
        .map(|(i, t)| (i.to_string(), t))
        .collect();
    Tensor::write_safetensors(&named, dir.join(FILE))
}

/// Reads the refreshed reference of the checkpoint folder `ckpt` (none there: the base
/// weights, as before the first refresh).
pub fn load(s: &mut Setup, ckpt: &Path) -> Result<(), tch::TchError> {
    let path = ckpt.join(FILE);
    s.refreshed_reference = None;
    if !path.is_file() {
        return Ok(());
    }
    let mut named: Vec<(String, Tensor)> = Tensor::read_safetensors(path)?;
    named.sort_by_key(|(name, _)| name.parse::<usize>().unwrap_or(usize::MAX));
    let vars = s.model.trainable_variables();
    if named.len() != vars.len() {
        return Err(tch::TchError::FileFormat(format!(
            "{FILE}: {} tensors for {} trainable variables",
            named.len(),
            vars.len()
        )));
    }
    let device = s.model.net.device();
    let copy = (named.into_iter().zip(&vars))
        .map(|((_, t), v)| t.to_device(device).to_kind(v.kind()))
        .collect();
    s.refreshed_reference = Some(copy);
    Ok(())
}
