//! The default export: the checkpoint's LoRA adapter in the PEFT layout, with the tokenizer,
//! for the base model it was trained on.

use std::path::Path;

use tch::{Device, Tensor};

use super::card::base_reference;
use super::checks::adapter_reads_back;
use super::{read_json_object, save_tokenizer, ExportError, ExportKind, ExportRequest, Exported};
use crate::model::Tok;
use crate::run::files::{io_error, write_json};
use crate::train;

/// Writes the adapter of `req`'s checkpoint into `dir`. The base model is loaded (on the CPU)
/// to check the adapter against it: the checkpoint's when it is read, the copy once written.
pub(super) fn write(req: &ExportRequest, dir: &Path) -> Result<Exported, ExportError> {
    let cfg = req.cfg;
    let tok_dir = train::tokenizer_dir(cfg);
    let ckpt = req.checkpoint.expect("an adapter export has a checkpoint");
    crate::threads::set_default(cfg.run.threads);
    let mut model = train::load_policy(cfg, Device::Cpu)?;
    train::load_policy_weights(&mut model, ckpt)?;
    let read: Vec<Tensor> = (model.trainable_variables().iter())
        .map(Tensor::copy)
        .collect();
    let adapter = ckpt.join("adapter");
    let from = adapter.join("adapter_model.safetensors");
    std::fs::copy(&from, dir.join("adapter_model.safetensors")).map_err(io_error(&from))?;
    write_adapter_config(&adapter, dir, &base_reference(cfg))?;
    let tok = Tok::from_dir(&tok_dir).map_err(|source| ExportError::Model {
        path: tok_dir.clone(),
        source,
    })?;
    save_tokenizer(&tok, &tok_dir, dir)?;
    adapter_reads_back(&mut model, dir, req.out, &read)?;
    Ok(Exported {
        kind: ExportKind::Adapter,
        weight_files: vec!["adapter_model.safetensors".into()],
        dtype: "float32",
    })
}

/// The checkpoint's `adapter_config.json` with `base_model_name_or_path` naming the base model
/// the export was made against (what `AutoPeftModelForCausalLM` loads).
fn write_adapter_config(adapter: &Path, dir: &Path, base: &str) -> Result<(), ExportError> {
    let path = adapter.join("adapter_config.json");
    let mut cfg = read_json_object(&path)?;
    (cfg.as_object_mut().expect("an object")).insert("base_model_name_or_path".into(), base.into());
    Ok(write_json(&dir.join("adapter_config.json"), &cfg)?)
}
