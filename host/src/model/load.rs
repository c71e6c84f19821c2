//! Hugging Face model directories: load (config.json, single or sharded safetensors, tokenizer),
//! save (`save_pretrained`), and PEFT adapters (`adapter_config.json` + `adapter_model.safetensors`).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;
use tch::{nn, Device, Kind, Tensor};

use super::lora::{LoraConfig, WeightInit};
use super::qwen3::CausalLm;
use super::qwen3_config::ModelConfig;
use super::tokenizer::Tok;
use super::ModelError;

/// PEFT's prefix in front of our variable names in `adapter_model.safetensors`.
const PEFT_PREFIX: &str = "base_model.model.";

#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Default: CUDA if available, else CPU.
    pub device: Device,
    /// Default (None): bf16 on CUDA, f32 on CPU.
    pub kind: Option<Kind>,
    /// Some = LoRA adapters on a frozen base; None = every parameter trainable.
    pub lora: Option<LoraConfig>,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            device: Device::cuda_if_available(),
            kind: None,
            lora: None,
        }
    }
}

impl LoadOptions {
    /// f32 on CPU, no LoRA (tests, tiny models).
    pub fn cpu() -> Self {
        LoadOptions {
            device: Device::Cpu,
            kind: Some(Kind::Float),
            lora: None,
        }
    }

    pub fn resolved_kind(&self) -> Kind {
        self.kind.unwrap_or(if self.device.is_cuda() {
            Kind::BFloat16
        } else {
            Kind::Float
        })
    }
}

pub struct LoadedModel {
    pub net: CausalLm,
    pub vs: nn::VarStore,
    pub tokenizer: Tok,
    pub config: ModelConfig,
    pub device: Device,
    pub kind: Kind,
    /// The directory the base weights came from (written into adapter_config.json).
    pub source: Option<PathBuf>,
}

fn read_json(path: &Path, what: &str) -> Result<Value, ModelError> {
    if !path.exists() {
        return Err(ModelError::MissingFile {
            path: path.to_path_buf(),
            what: what.to_string(),
        });
    }
    let text = std::fs::read_to_string(path).map_err(|e| ModelError::io(path, e))?;
    serde_json::from_str(&text).map_err(|source| ModelError::Json {
        path: path.to_path_buf(),
        source,
    })
}

fn write_json(path: &Path, v: &impl serde::Serialize) -> Result<(), ModelError> {
    crate::run::files::write_json(path, v).map_err(|e| ModelError::io(e.path, e.source))
}

fn torch_err(path: &Path) -> impl FnOnce(tch::TchError) -> ModelError + '_ {
    move |source| ModelError::Torch {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads and checks `config.json` (architecture Qwen3ForCausalLM, supported fields).
pub fn read_config(dir: &Path) -> Result<ModelConfig, ModelError> {
    let path = dir.join("config.json");
    let v = read_json(&path, "model config")?;
    let cfg: ModelConfig = serde_json::from_value(v).map_err(|source| ModelError::Json {
        path: path.clone(),
        source,
    })?;
    match (&cfg.architectures, cfg.model_type.as_deref()) {
        (Some(a), _) if a.iter().any(|s| s == "Qwen3ForCausalLM") => {}
        (Some(a), _) => {
            return Err(ModelError::Architecture {
                path,
                found: a.join(", "),
            });
        }
        (None, Some("qwen3")) => {}
        (None, other) => {
            return Err(ModelError::Architecture {
                path,
                found: format!("model_type {}", other.unwrap_or("(none)")),
            });
        }
    }
    cfg.validate()?;
    Ok(cfg)
}

/// The safetensors files of a checkpoint: `model.safetensors`, or the shards named by
/// `model.safetensors.index.json`.
fn weight_files(dir: &Path) -> Result<Vec<PathBuf>, ModelError> {
    let single = dir.join("model.safetensors");
    if single.exists() {
        return Ok(vec![single]);
    }
    let index = dir.join("model.safetensors.index.json");
    if !index.exists() {
        return Err(ModelError::MissingFile {
            path: single,
            what: "model weights (nor model.safetensors.index.json for a sharded checkpoint)"
                .to_string(),
        });
    }
    let v = read_json(&index, "weight index")?;
    let map = v
        .get("weight_map")
        .and_then(|m| m.as_object())
        .ok_or_else(|| {
            ModelError::config(
                "weight_map",
                format!("{} has no weight_map object", index.display()),
            )
        })?;
    let shards: BTreeSet<&str> = map.values().filter_map(|s| s.as_str()).collect();
    let files: Vec<PathBuf> = shards.into_iter().map(|s| dir.join(s)).collect();
    for f in &files {
        if !f.exists() {
            return Err(ModelError::MissingFile {
                path: f.clone(),
                what: "weight shard".to_string(),
            });
        }
    }
    Ok(files)
}

/// Copies `src` into the variable `dst` (casting dtype, moving device), checking the shape.
fn copy_checked(name: &str, file: &Path, dst: &Tensor, src: &Tensor) -> Result<(), ModelError> {
    if dst.size() != src.size() {
        return Err(ModelError::Shape {
            name: name.to_string(),
            path: file.to_path_buf(),
            expected: dst.size(),
            found: src.size(),
        });
    }
    tch::no_grad(|| {
        let mut d = dst.shallow_clone();
        d.f_copy_(&src.to_kind(dst.kind()).to_device(dst.device()))
    })
    .map_err(torch_err(file))
}

fn is_adapter_var(name: &str) -> bool {
    name.contains(".lora_A.") || name.contains(".lora_B.")
}

/// Copies the weights of the model folder `dir` (single or sharded safetensors) into `vs`:
/// every variable but the LoRA adapters must be there, with its shape; tensors Qwen3 does not
/// use are skipped.
pub fn load_weights(vs: &nn::VarStore, dir: &Path) -> Result<(), ModelError> {
    let vars = vs.variables();
    let mut loaded = BTreeSet::new();
    let mut ignored = 0usize;
    for file in weight_files(dir)? {
        let tensors = Tensor::read_safetensors(&file).map_err(torch_err(&file))?;
        for (name, t) in tensors {
            if is_adapter_var(&name) {
                ignored += 1;
                continue;
            }
            match vars.get(&name) {
                Some(var) => {
                    copy_checked(&name, &file, var, &t)?;
                    loaded.insert(name);
                }
                // A tied checkpoint may still carry lm_head.weight: it equals the embedding.
                None => ignored += 1,
            }
        }
    }
    if ignored > 0 {
        tracing::debug!(
            "{ignored} tensors in {} are not used by Qwen3",
            dir.display()
        );
    }
    let mut missing: Vec<&String> = vars
        .keys()
        .filter(|n| !is_adapter_var(n) && !loaded.contains(*n))
        .collect();
    missing.sort();
    if let Some(name) = missing.first() {
        return Err(ModelError::MissingTensor {
            name: name.to_string(),
            path: dir.to_path_buf(),
        });
    }
    Ok(())
}

impl LoadedModel {
    /// Loads a Hugging Face Qwen3 directory (config.json, weights, tokenizer.json).
    pub fn load(dir: &Path, opts: &LoadOptions) -> Result<Self, ModelError> {
        Self::load_with_tokenizer(dir, dir, opts)
    }

    /// `load` with the tokenizer files read from `tokenizer_dir`.
    pub fn load_with_tokenizer(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
    ) -> Result<Self, ModelError> {
        let model = Self::build(dir, tokenizer_dir, opts, |_| WeightInit::Empty)?;
        load_weights(&model.vs, dir)?;
        Ok(model)
    }

    /// A model of the shape in `dir/config.json` with random weights (normal(0,
    /// initializer_range), drawn from libtorch's seed) and the tokenizer of `tokenizer_dir`:
    /// no safetensors needed, for timing and memory measurements.
    pub fn random(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
    ) -> Result<Self, ModelError> {
        Self::build(dir, tokenizer_dir, opts, |c| {
            WeightInit::Normal(c.initializer_range)
        })
    }

    /// The config, the tokenizer (checked against the embedding) and the network with
    /// weights initialized by `init`: what `load_with_tokenizer` and `random` share.
    fn build(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
        init: impl FnOnce(&ModelConfig) -> WeightInit,
    ) -> Result<Self, ModelError> {
        let config = read_config(dir)?;
        let tokenizer = Tok::from_dir(tokenizer_dir)?;
        if tokenizer.vocab_size() as i64 > config.vocab_size {
            return Err(ModelError::VocabTooLarge {
                tokenizer: tokenizer.vocab_size(),
                embedding: config.vocab_size,
            });
        }
        let kind = opts.resolved_kind();
        let mut vs = nn::VarStore::new(opts.device);
        vs.set_kind(kind);
        let init = init(&config);
        let mut net = CausalLm::build(vs.root(), &config, opts.lora.as_ref(), init)?;
        net.set_token_limit(tokenizer.vocab_size() as i64);
        Ok(LoadedModel {
            net,
            vs,
            tokenizer,
            config,
            device: opts.device,
            kind,
            source: Some(dir.to_path_buf()),
        })
    }

    /// HF layout with the base weights (adapters are not merged; save them with `save_adapter`).
    pub fn save_pretrained(&self, dir: &Path) -> Result<(), ModelError> {
        save_pretrained(&self.config, &self.vs, &self.tokenizer, dir)?;
        // The source's tokenizer/generation configs carry more (chat template, sampling
        // defaults) than we regenerate: keep them.
        if let Some(src) = self.source.as_ref().filter(|s| s.as_path() != dir) {
            for f in ["tokenizer_config.json", "generation_config.json"] {
                let from = src.join(f);
                if from.exists() {
                    std::fs::copy(&from, dir.join(f)).map_err(|e| ModelError::io(&from, e))?;
                }
            }
        }
        Ok(())
    }

    /// PEFT layout: `adapter_config.json` + `adapter_model.safetensors` (f32).
    pub fn save_adapter(&self, dir: &Path) -> Result<(), ModelError> {
        let lora = self.lora_config().ok_or_else(|| ModelError::Adapter {
            path: dir.to_path_buf(),
            msg: "this model has no LoRA adapters (load it with LoadOptions.lora)".to_string(),
        })?;
        std::fs::create_dir_all(dir).map_err(|e| ModelError::io(dir, e))?;
        let base = self.source.as_ref().map(|p| p.display().to_string());
        let cfg = serde_json::json!({
            "peft_type": "LORA",
            "task_type": "CAUSAL_LM",
            "r": lora.r,
            "lora_alpha": lora.alpha,
            "lora_dropout": lora.dropout,
            "target_modules": lora.target_modules,
            "base_model_name_or_path": base,
            "bias": "none",
            "fan_in_fan_out": false,
            "inference_mode": true,
            "init_lora_weights": true,
            "modules_to_save": null,
            "use_rslora": false,
            "use_dora": false,
        });
        write_json(&dir.join("adapter_config.json"), &cfg)?;
        let mut tensors: Vec<(String, Tensor)> = self
            .vs
            .variables()
            .into_iter()
            .filter(|(n, _)| is_adapter_var(n))
            .map(|(n, t)| {
                (
                    format!("{PEFT_PREFIX}{n}"),
                    t.detach().to_device(Device::Cpu).contiguous(),
                )
            })
            .collect();
        tensors.sort_by(|a, b| a.0.cmp(&b.0));
        let path = dir.join("adapter_model.safetensors");
        Tensor::write_safetensors(&tensors, &path).map_err(torch_err(&path))
    }

    /// Loads a PEFT adapter into this model's LoRA layers (same r and target modules).
    pub fn load_adapter(&mut self, dir: &Path) -> Result<(), ModelError> {
        let cfg_path = dir.join("adapter_config.json");
        let v = read_json(&cfg_path, "adapter config")?;
        let bad = |msg: String| ModelError::Adapter {
            path: cfg_path.clone(),
            msg,
        };
        if v.get("peft_type").and_then(|p| p.as_str()) != Some("LORA") {
            return Err(bad("peft_type is not LORA".to_string()));
        }
        let ours = self.lora_config().ok_or_else(|| {
            bad("this model was loaded without LoRA; set LoadOptions.lora to the adapter's r and alpha"
                .to_string())
        })?;
        let r = v.get("r").and_then(|x| x.as_i64());
        let alpha = v.get("lora_alpha").and_then(|x| x.as_f64());
        if r != Some(ours.r) || alpha != Some(ours.alpha) {
            return Err(bad(format!(
                "adapter has r={r:?} lora_alpha={alpha:?}, the model was built with r={} alpha={}",
                ours.r, ours.alpha
            )));
        }
        let path = dir.join("adapter_model.safetensors");
        if !path.exists() {
            return Err(ModelError::MissingFile {
                path,
                what: "adapter weights".to_string(),
            });
        }
        let vars: HashMap<String, Tensor> = self
            .vs
            .variables()
            .into_iter()
            .filter(|(n, _)| is_adapter_var(n))
            .collect();
        let mut loaded = BTreeSet::new();
        for (key, t) in Tensor::read_safetensors(&path).map_err(torch_err(&path))? {
            // PEFT may keep the adapter name (".default") when saving unusual layouts.
            let name = key
                .strip_prefix(PEFT_PREFIX)
                .unwrap_or(&key)
                .replace(".default.", ".");
            let var = vars.get(&name).ok_or_else(|| ModelError::Adapter {
                path: path.clone(),
                msg: format!("tensor `{key}` does not match any LoRA layer of this model"),
            })?;
            copy_checked(&key, &path, var, &t)?;
            loaded.insert(name);
        }
        if let Some(name) = vars.keys().find(|n| !loaded.contains(*n)) {
            return Err(ModelError::MissingTensor {
                name: format!("{PEFT_PREFIX}{name}"),
                path,
            });
        }
        Ok(())
    }

    /// What the optimizer updates: the LoRA parameters, or every parameter without LoRA.
    pub fn trainable_variables(&self) -> Vec<Tensor> {
        self.vs.trainable_variables()
    }

    /// The LoRA config the model was built with, recovered from its variables.
    fn lora_config(&self) -> Option<LoraConfig> {
        self.net.lora_config().cloned()
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
    std::fs::create_dir_all(dir).map_err(|e| ModelError::io(dir, e))?;
    let mut cfg = config.clone();
    let kind = vs
        .variables()
        .get("model.embed_tokens.weight")
        .map(|t| t.kind())
        .unwrap_or(Kind::Float);
    cfg.extra
        .insert("dtype".to_string(), Value::from(hf_dtype(kind)));
    cfg.extra.remove("torch_dtype");
    if cfg.architectures.is_none() {
        cfg.architectures = Some(vec!["Qwen3ForCausalLM".to_string()]);
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
    write_json(&dir.join("config.json"), &cfg)?;
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
    write_weights(&base_tensors(vs), dir, u64::MAX)?;
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
        .map(|(n, t)| (n, t.detach().to_device(Device::Cpu).contiguous()))
        .collect();
    tensors.sort_by(|a, b| a.0.cmp(&b.0));
    tensors
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
