//! The default export: the checkpoint's LoRA adapter in the PEFT layout, with the tokenizer,
//! for the base model it was trained on.

use std::path::Path;

use super::card::base_reference;
use super::{read_json_object, save_tokenizer, ExportError, ExportKind, ExportRequest, Exported};
use crate::model::Tok;
use crate::run::files::{io_error, write_json};
use crate::train;

/// Writes the adapter of `req`'s checkpoint into `dir`.
pub(super) fn write(req: &ExportRequest, dir: &Path) -> Result<Exported, ExportError> {
    let cfg = req.cfg;
    let tok_dir = train::tokenizer_dir(cfg);
    let ckpt = req.checkpoint.expect("an adapter export has a checkpoint");
    let adapter = ckpt.join("adapter");
    let from = adapter.join("adapter_model.safetensors");
    std::fs::copy(&from, dir.join("adapter_model.safetensors")).map_err(io_error(&from))?;
    write_adapter_config(&adapter, dir, &base_reference(cfg))?;
    let tok = Tok::from_dir(&tok_dir).map_err(|source| ExportError::Model {
        path: tok_dir.clone(),
        source,
    })?;
    save_tokenizer(&tok, &tok_dir, dir)?;
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
