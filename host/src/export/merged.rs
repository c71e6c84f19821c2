//! A whole model: the base with the adapter folded into its weights (`--merged`), a full
//! fine-tuning checkpoint, or the base itself, as a Hugging Face folder (safetensors, sharded
//! past a size, the base's config, generation config and tokenizer).

use std::path::Path;

use tch::Device;

use super::checks::weights_read_back;
use super::{read_json_object, save_tokenizer, ExportError, ExportKind, ExportRequest, Exported};
use crate::model::{hf_dtype, write_weights};
use crate::run::files::{io_error, write_json};
use crate::train;

/// Writes the model `kind` of `req` into `dir`, and reads its weights back.
pub(super) fn write(
    req: &ExportRequest,
    kind: ExportKind,
    dir: &Path,
) -> Result<Exported, ExportError> {
    let cfg = req.cfg;
    let tok_dir = train::tokenizer_dir(cfg);
    crate::threads::set_default(cfg.run.threads);
    let mut model = train::load_policy(cfg, Device::Cpu)?;
    if let Some(ckpt) = req.checkpoint {
        train::load_policy_weights(&mut model, ckpt)?;
    }
    let source = train::model_dir(cfg);
    model
        .merge_adapters()
        .map_err(|source_err| ExportError::Model {
            path: source.clone(),
            source: source_err,
        })?;
    let dtype = hf_dtype(model.kind);
    let model_err = |source| ExportError::Model {
        path: dir.to_path_buf(),
        source,
    };
    // Base weights plus what a multimodal checkpoint keeps (vision tower, mtp).
    let tensors = model.base_tensors().map_err(model_err)?;
    let weight_files = write_weights(&tensors, dir, req.max_shard_bytes).map_err(model_err)?;
    weights_read_back(dir, req.out, &weight_files, &tensors)?;
    write_config(&source, dir, dtype)?;
    save_tokenizer(&model.tokenizer, &tok_dir, dir)?;
    let gen = source.join("generation_config.json");
    if gen.is_file() {
        std::fs::copy(&gen, dir.join("generation_config.json")).map_err(io_error(&gen))?;
    }
    Ok(Exported {
        kind,
        weight_files,
        dtype,
    })
}

/// The base model's `config.json` as it is, with the dtype of the weights written (`dtype`,
/// and `torch_dtype` for readers older than transformers 4.56).
fn write_config(source: &Path, dir: &Path, dtype: &str) -> Result<(), ExportError> {
    let mut cfg = read_json_object(&source.join("config.json"))?;
    let map = cfg.as_object_mut().expect("an object");
    map.insert("dtype".into(), dtype.into());
    map.insert("torch_dtype".into(), dtype.into());
    Ok(write_json(&dir.join("config.json"), &cfg)?)
}
