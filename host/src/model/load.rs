//! Hugging Face model directories: load (config.json, single or sharded safetensors, tokenizer),
//! save (`save_pretrained`), and PEFT adapters (`adapter_config.json` + `adapter_model.safetensors`).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use tch::{nn, Device, Kind, Tensor};

use super::causal_lm::CausalLm;
use super::config::ModelConfig;
use super::lora::{LoraConfig, WeightInit};
use super::save::save_with_tensors;
use super::tensor_parallel::Shard;
use super::tokenizer::Tok;
use super::weights::{copy_checked, is_adapter_var, load_weights, load_weights_split};
use super::ModelError;
use crate::dist::Group;

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

pub(super) fn read_json(path: &Path, what: &str) -> Result<Value, ModelError> {
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

pub(super) fn write_json(path: &Path, v: &impl serde::Serialize) -> Result<(), ModelError> {
    crate::run::files::write_json(path, v).map_err(|e| ModelError::io(e.path, e.source))
}

pub(super) fn torch_err(path: &Path) -> impl FnOnce(tch::TchError) -> ModelError + '_ {
    move |source| ModelError::Torch {
        path: path.to_path_buf(),
        source,
    }
}

/// The architectures a checkpoint may declare.
const ARCHITECTURES: [&str; 6] = [
    "Qwen3ForCausalLM",
    "Qwen3_5ForConditionalGeneration",
    "Qwen3_5ForCausalLM",
    "Qwen3MoeForCausalLM",
    "Qwen3_5MoeForConditionalGeneration",
    "Qwen3_5MoeForCausalLM",
];

/// Reads and checks `config.json`: a supported architecture and `model_type`, supported fields.
pub fn read_config(dir: &Path) -> Result<ModelConfig, ModelError> {
    let path = dir.join("config.json");
    let v = read_json(&path, "model config")?;
    let cfg = ModelConfig::from_json(v).map_err(|source| ModelError::Json {
        path: path.clone(),
        source,
    })?;
    let archs = match &cfg.wrapper {
        Some(w) => w
            .get("architectures")
            .and_then(|a| serde_json::from_value::<Vec<String>>(a.clone()).ok()),
        None => cfg.architectures.clone(),
    };
    match (&archs, cfg.model_type.as_deref()) {
        (Some(a), _) if a.iter().any(|s| ARCHITECTURES.contains(&s.as_str())) => {}
        (Some(a), _) => {
            return Err(ModelError::Architecture {
                path,
                found: a.join(", "),
            });
        }
        (None, Some(_)) => {}
        (None, None) => {
            return Err(ModelError::Architecture {
                path,
                found: "(none: no architectures nor model_type)".to_string(),
            });
        }
    }
    cfg.validate()?;
    Ok(cfg)
}

impl LoadedModel {
    /// Loads a Hugging Face model directory (config.json, weights, tokenizer.json).
    pub fn load(dir: &Path, opts: &LoadOptions) -> Result<Self, ModelError> {
        Self::load_with_tokenizer(dir, dir, opts)
    }

    /// `load` with the tokenizer files read from `tokenizer_dir`.
    pub fn load_with_tokenizer(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
    ) -> Result<Self, ModelError> {
        let model = Self::build(dir, tokenizer_dir, opts, |_| WeightInit::Empty, None)?;
        load_weights(&model.vs, dir)?;
        Ok(model)
    }

    /// This rank's share of the model in `dir`, split over `group` (`parallel.tensor`,
    /// docs/scaling.md): a shape the group cannot split is refused before anything loads; a
    /// tensor split by rows is read for the rank's rows only, one split by columns whole (one
    /// tensor at a time) and its part kept, another rank's experts not at all. `random`: drawn
    /// on the shares (a random base then differs from an unsplit one's). `frozen`: a model that
    /// never trains (a separate judge); otherwise it must train adapters (`opts.lora`).
    pub fn load_split(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
        group: &Arc<Group>,
        random: bool,
        frozen: bool,
    ) -> Result<Self, ModelError> {
        if !frozen && group.size > 1 {
            CausalLm::check_splittable(opts.lora.as_ref())?;
        }
        let config = read_config(dir)?;
        let shard = Shard::new(Arc::clone(group), &config)
            .map_err(|e| ModelError::config("parallel.tensor", e.to_string()))?;
        let init = |c: &ModelConfig| match random {
            true => WeightInit::Normal(c.initializer_range),
            false => WeightInit::Empty,
        };
        let model = Self::build(dir, tokenizer_dir, opts, init, Some(&shard))?;
        if !random {
            load_weights_split(&model.vs, dir, Some(&shard))?;
        }
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
        let init = |c: &ModelConfig| WeightInit::Normal(c.initializer_range);
        Self::build(dir, tokenizer_dir, opts, init, None)
    }

    /// The config, the tokenizer (checked against the embedding) and the network with
    /// weights initialized by `init`: what `load_with_tokenizer` and `random` share.
    fn build(
        dir: &Path,
        tokenizer_dir: &Path,
        opts: &LoadOptions,
        init: impl FnOnce(&ModelConfig) -> WeightInit,
        shard: Option<&Shard>,
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
        let mut net = CausalLm::build(vs.root(), &config, opts.lora.as_ref(), init, shard)?;
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
        let tensors = self.base_tensors()?;
        save_with_tensors(&self.config, &tensors, &self.tokenizer, dir)?;
        // The source's tokenizer/generation configs carry more (chat template, sampling
        // defaults) than we regenerate: keep them.
        if let Some(src) = self.source.as_ref().filter(|s| s.as_path() != dir) {
            for f in [
                "tokenizer_config.json",
                "generation_config.json",
                "chat_template.jinja",
            ] {
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
        let mut cfg = serde_json::json!({
            "peft_type": "LORA",
            "task_type": "CAUSAL_LM",
            "r": lora.r,
            "lora_alpha": lora.alpha,
            "lora_dropout": lora.dropout,
            "target_modules": self.adapter_targets(&lora),
            "base_model_name_or_path": base,
            "bias": "none",
            "fan_in_fan_out": false,
            "inference_mode": true,
            "init_lora_weights": true,
            "modules_to_save": null,
            "use_rslora": false,
            "use_dora": false,
        });
        if !lora.target_parameters.is_empty() {
            cfg["target_parameters"] = serde_json::json!(lora.target_parameters);
        }
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

    /// `target_modules` as PEFT should read them: the configured names that adapt something
    /// (in their order), `all-linear` spelled out as the adapted projections' names, since
    /// PEFT's own `all-linear` would also adapt a vision tower. A name that adapts nothing is
    /// left out: on a Qwen3 MoE without dense layers the MLP names match no module, and peft
    /// would rewrite them into the experts' parameters (docs/training.md).
    fn adapter_targets(&self, lora: &LoraConfig) -> Vec<String> {
        // Experts' adapters (`mlp.experts.lora_A`, `..experts.base_layer.lora_A`) are
        // `target_parameters`, not modules.
        let adapted: BTreeSet<String> = (self.vs.variables().into_keys())
            .filter(|n| !n.contains(".experts."))
            .filter_map(|n| {
                let module = n.strip_suffix(".lora_A.weight")?;
                module.rsplit('.').next().map(str::to_string)
            })
            .collect();
        if lora
            .target_modules
            .iter()
            .any(|t| t == LoraConfig::ALL_LINEAR)
        {
            return adapted.into_iter().collect();
        }
        (lora.target_modules.iter())
            .filter(|t| adapted.contains(*t))
            .cloned()
            .collect()
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
