//! Saving a model directory as `transformers` writes one: `config.json` (inside its multimodal
//! wrapper for a Qwen3.5 checkpoint), the weights (sharded past a size), generation config and
//! tokenizer; and the tensors a text model keeps for a valid checkpoint (a vision tower, mtp).

use std::path::Path;

use serde_json::Value;
use tch::{nn, Device, Kind, Tensor};

use super::config::ModelConfig;
use super::families::Family;
use super::load::{torch_err, write_json, LoadedModel};
use super::tokenizer::Tok;
use super::weights::{is_adapter_var, weight_files};
use super::ModelError;

/// Checkpoint tensors outside the text model that are passed through unchanged.
const PASSTHROUGH_PREFIXES: [&str; 2] = ["model.visual.", "mtp."];

impl LoadedModel {
    /// The base weights by their Hugging Face names (CPU, sorted): every variable but the LoRA
    /// adapters, plus the source checkpoint's tensors the text model does not run (a vision
    /// tower, multi-token prediction layers), so that a saved multimodal checkpoint stays whole.
    pub fn base_tensors(&self) -> Result<Vec<(String, Tensor)>, ModelError> {
        let mut tensors = base_tensors(&self.vs);
        // A randomly initialised model has no source weights to pass through.
        let source = (self.source.as_ref())
            .filter(|_| self.config.wrapper.is_some())
            .filter(|s| weight_files(s).is_ok());
        if let Some(src) = source {
            for file in weight_files(src)? {
                let all = Tensor::read_safetensors(&file).map_err(torch_err(&file))?;
                tensors.extend(
                    all.into_iter()
                        .filter(|(n, _)| PASSTHROUGH_PREFIXES.iter().any(|p| n.starts_with(p))),
                );
            }
            tensors.sort_by(|a, b| a.0.cmp(&b.0));
        }
        Ok(tensors)
    }
}

/// Writes `config.json`, `model.safetensors` (base weights, no adapters), `generation_config.json`
/// and the tokenizer files into `dir`, readable by `transformers`' `from_pretrained`.
pub fn save_pretrained(
    config: &ModelConfig,
    vs: &nn::VarStore,
    tok: &Tok,
    dir: &Path,
) -> Result<(), ModelError> {
    save_with_tensors(config, &base_tensors(vs), tok, dir)
}

/// [`save_pretrained`] of the given base tensors.
pub(super) fn save_with_tensors(
    config: &ModelConfig,
    tensors: &[(String, Tensor)],
    tok: &Tok,
    dir: &Path,
) -> Result<(), ModelError> {
    std::fs::create_dir_all(dir).map_err(|e| ModelError::io(dir, e))?;
    let mut cfg = config.clone();
    let embed = format!("{}.embed_tokens.weight", config.decoder_prefix());
    let kind = (tensors.iter().find(|(n, _)| *n == embed))
        .map(|(_, t)| t.kind())
        .unwrap_or(Kind::Float);
    cfg.extra
        .insert("dtype".to_string(), Value::from(hf_dtype(kind)));
    cfg.extra.remove("torch_dtype");
    if cfg.architectures.is_none() {
        let arch = match config.family() {
            Ok(Family::Qwen3_5) => "Qwen3_5ForCausalLM",
            Ok(Family::Qwen3Moe) => "Qwen3MoeForCausalLM",
            Ok(Family::Qwen3_5Moe) => "Qwen3_5MoeForCausalLM",
            _ => "Qwen3ForCausalLM",
        };
        cfg.architectures = Some(vec![arch.to_string()]);
    }
    if cfg.model_type.is_none() {
        cfg.model_type = Some("qwen3".to_string());
    }
    for (field, id) in [
        ("bos_token_id", tok.bos_id()),
        ("eos_token_id", tok.eos_id()),
        ("pad_token_id", tok.pad_id()),
    ] {
        if let Some(id) = id {
            let v = Some(Value::from(id));
            match field {
                "bos_token_id" => cfg.bos_token_id = v,
                "eos_token_id" => cfg.eos_token_id = v,
                _ => cfg.pad_token_id = v,
            }
        }
    }
    match cfg.wrapper {
        // A multimodal checkpoint's config: the text config inside its wrapper.
        Some(_) => write_json(&dir.join("config.json"), &cfg.to_json())?,
        None => write_json(&dir.join("config.json"), &cfg)?,
    }
    let mut gen = serde_json::Map::new();
    for (field, id) in [
        ("bos_token_id", tok.bos_id()),
        ("eos_token_id", tok.eos_id()),
        ("pad_token_id", tok.pad_id()),
    ] {
        if let Some(id) = id {
            gen.insert(field.to_string(), Value::from(id));
        }
    }
    write_json(&dir.join("generation_config.json"), &Value::Object(gen))?;
    write_weights(tensors, dir, u64::MAX)?;
    tok.save(dir)
}

/// The name `config.json` gives a weight dtype (`dtype`, formerly `torch_dtype`).
pub fn hf_dtype(kind: Kind) -> &'static str {
    match kind {
        Kind::BFloat16 => "bfloat16",
        Kind::Half => "float16",
        Kind::Double => "float64",
        _ => "float32",
    }
}

/// `transformers`' default `max_shard_size` (5 GB): a checkpoint larger than this is sharded.
pub const DEFAULT_SHARD_BYTES: u64 = 5_000_000_000;

/// The base weights of `vs` (every variable but the LoRA adapters) by their Hugging Face names,
/// on the CPU, sorted by name.
pub fn base_tensors(vs: &nn::VarStore) -> Vec<(String, Tensor)> {
    let mut tensors: Vec<(String, Tensor)> = vs
        .variables()
        .into_iter()
        .filter(|(n, _)| !is_adapter_var(n))
        .flat_map(|(n, t)| per_expert(n, t.detach().to_device(Device::Cpu)))
        .map(|(n, t)| (n, t.contiguous()))
        .collect();
    tensors.sort_by(|a, b| a.0.cmp(&b.0));
    tensors
}

/// A fused MoE expert tensor split per expert, as transformers saves and the hub publishes
/// them (`experts.{e}.gate_proj.weight`, `up_proj`, `down_proj`); any other tensor as it is.
fn per_expert(name: String, t: Tensor) -> Vec<(String, Tensor)> {
    let split = |head: &str, parts: &[&str]| -> Vec<(String, Tensor)> {
        let per = t.size()[1] / parts.len() as i64;
        (0..t.size()[0])
            .flat_map(|e| {
                let expert = t.get(e);
                (parts.iter().enumerate())
                    .map(|(i, p)| {
                        let w = expert.narrow(0, i as i64 * per, per);
                        (format!("{head}.experts.{e}.{p}.weight"), w)
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    if let Some(head) = name.strip_suffix(".experts.gate_up_proj") {
        return split(head, &["gate_proj", "up_proj"]);
    }
    if let Some(head) = name.strip_suffix(".experts.down_proj") {
        return split(head, &["down_proj"]);
    }
    vec![(name, t)]
}

/// Writes `tensors` into `dir` as `transformers`' `save_pretrained` does: `model.safetensors`
/// when they total at most `max_shard_bytes`, else shards `model-0000i-of-0000n.safetensors`,
/// each filled in layer order up to that size (a larger tensor alone in its shard), and
/// `model.safetensors.index.json` (`metadata.total_size` in bytes, `weight_map`: tensor ->
/// shard). Returns the weight files' names.
pub fn write_weights(
    tensors: &[(String, Tensor)],
    dir: &Path,
    max_shard_bytes: u64,
) -> Result<Vec<String>, ModelError> {
    let bytes = |t: &Tensor| t.numel() as u64 * t.kind().elt_size_in_bytes() as u64;
    let total: u64 = tensors.iter().map(|(_, t)| bytes(t)).sum();
    if total <= max_shard_bytes {
        let path = dir.join("model.safetensors");
        Tensor::write_safetensors(tensors, &path).map_err(torch_err(&path))?;
        return Ok(vec!["model.safetensors".to_string()]);
    }
    let mut ordered: Vec<&(String, Tensor)> = tensors.iter().collect();
    ordered.sort_by_key(|(n, _)| layer_order(n));
    let mut shards: Vec<Vec<&(String, Tensor)>> = vec![Vec::new()];
    let mut filled = 0u64;
    for entry in ordered {
        let size = bytes(&entry.1);
        let last = shards.last_mut().expect("one shard");
        if !last.is_empty() && filled + size > max_shard_bytes {
            shards.push(Vec::new());
            filled = 0;
        }
        shards.last_mut().expect("one shard").push(entry);
        filled += size;
    }
    let n = shards.len();
    let mut names = Vec::with_capacity(n);
    let mut weight_map = serde_json::Map::new();
    for (i, shard) in shards.iter().enumerate() {
        let name = format!("model-{:05}-of-{n:05}.safetensors", i + 1);
        let refs: Vec<(&str, &Tensor)> = shard.iter().map(|(k, t)| (k.as_str(), t)).collect();
        let path = dir.join(&name);
        Tensor::write_safetensors(&refs, &path).map_err(torch_err(&path))?;
        for (k, _) in shard.iter() {
            weight_map.insert(k.clone(), Value::from(name.as_str()));
        }
        names.push(name);
    }
    let params: u64 = tensors.iter().map(|(_, t)| t.numel() as u64).sum();
    let index = serde_json::json!({
        "metadata": { "total_size": total, "total_parameters": params },
        "weight_map": weight_map,
    });
    write_json(&dir.join("model.safetensors.index.json"), &index)?;
    Ok(names)
}

/// A tensor name's sort key with its numbers compared as numbers (`model.layers.2` before
/// `model.layers.10`), so that shards hold whole consecutive layers.
fn layer_order(name: &str) -> Vec<(String, u64)> {
    name.split('.')
        .map(|part| match part.parse::<u64>() {
            Ok(n) => (String::new(), n),
            Err(_) => (part.to_string(), 0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_fill_in_layer_order_and_a_large_tensor_stands_alone() {
        let dir = tempfile::tempdir().unwrap();
        let t = |n: i64| Tensor::zeros([n], (Kind::Float, Device::Cpu));
        // 4 bytes per element; shards of at most 40 bytes.
        let tensors = vec![
            ("model.layers.10.w".to_string(), t(4)),
            ("model.layers.2.w".to_string(), t(4)),
            ("model.embed_tokens.weight".to_string(), t(20)),
            ("model.norm.weight".to_string(), t(6)),
        ];
        let files = write_weights(&tensors, dir.path(), 40).unwrap();
        assert_eq!(files.len(), 3);
        let index: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join("model.safetensors.index.json")).unwrap(),
        )
        .unwrap();
        let map = &index["weight_map"];
        assert_eq!(map["model.embed_tokens.weight"], files[0]);
        assert_eq!(map["model.layers.2.w"], files[1]);
        assert_eq!(map["model.layers.10.w"], files[1]);
        assert_eq!(map["model.norm.weight"], files[2]);
        assert_eq!(index["metadata"]["total_size"], 4 * 34);
        assert_eq!(files[2], "model-00003-of-00003.safetensors");
        // Below the limit: one file, no index.
        let one = tempfile::tempdir().unwrap();
        let files = write_weights(&tensors, one.path(), 1000).unwrap();
        assert_eq!(files, ["model.safetensors"]);
        assert!(!one.path().join("model.safetensors.index.json").exists());
    }
}
