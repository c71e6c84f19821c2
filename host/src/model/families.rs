//! The model families Frost runs, as `config.json` names them, and what each family's config
//! says about the network: which mixer each layer has, how much of the head dim is rotated, the
//! linear-attention shapes; and the multimodal Qwen3.5 layout (a `text_config` inside the
//! checkpoint's config, the text weights under `model.language_model`).

use serde_json::Value;

use super::config::ModelConfig;
use super::ModelError;

/// A supported architecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `qwen3`: grouped-query attention with q/k norms, SwiGLU MLP.
    Qwen3,
    /// `qwen3_5_text` (inside `qwen3_5`): Gated DeltaNet linear attention and gated full
    /// attention, zero-centred norms, partial rotary.
    Qwen3_5,
    /// `qwen3_moe`: Qwen3 with mixture-of-experts MLPs.
    Qwen3Moe,
    /// `qwen3_5_moe_text` (inside `qwen3_5_moe`): Qwen3.5 with MoE MLPs and a shared expert.
    Qwen3_5Moe,
}

/// The `model_type`s accepted, for the refusal message.
const SUPPORTED: &str =
    "qwen3, qwen3_5 (qwen3_5_text), qwen3_moe and qwen3_5_moe (qwen3_5_moe_text)";

/// The token mixer of one layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MixerKind {
    /// Softmax attention over the cached keys and values.
    Attention,
    /// Qwen3.5's Gated DeltaNet (a recurrent state).
    Linear,
}

/// Mixture-of-experts shapes (zero experts for a dense model).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoeDims {
    pub num_experts: i64,
    pub top_k: i64,
    /// Each expert's intermediate size.
    pub inter: i64,
    /// The shared expert's (0: none).
    pub shared_inter: i64,
    pub norm_topk_prob: bool,
}

/// Linear-attention (Gated DeltaNet) shapes, with transformers' defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearDims {
    pub num_k_heads: i64,
    pub num_v_heads: i64,
    pub k_head_dim: i64,
    pub v_head_dim: i64,
    pub conv_kernel: i64,
}

impl LinearDims {
    pub fn key_dim(&self) -> i64 {
        self.num_k_heads * self.k_head_dim
    }
    pub fn value_dim(&self) -> i64 {
        self.num_v_heads * self.v_head_dim
    }
    /// Channels of the causal convolution: q, k and v.
    pub fn conv_dim(&self) -> i64 {
        2 * self.key_dim() + self.value_dim()
    }
}

/// The `model_type` of a multimodal wrapper and the text model type inside it.
fn wrapped_text_type(model_type: &str) -> Option<&'static str> {
    match model_type {
        "qwen3_5" => Some("qwen3_5_text"),
        "qwen3_5_moe" => Some("qwen3_5_moe_text"),
        _ => None,
    }
}

impl ModelConfig {
    /// The config of a `config.json` document: a multimodal wrapper is unpacked to its text
    /// config (the wrapper kept for saving); its `tie_word_embeddings` is the wrapper's, which is
    /// what transformers ties by.
    pub fn from_json(v: Value) -> Result<ModelConfig, serde_json::Error> {
        let outer_type = v.get("model_type").and_then(|t| t.as_str()).unwrap_or("");
        let Some(text_type) = wrapped_text_type(outer_type) else {
            return serde_json::from_value(v);
        };
        let Value::Object(wrapper) = v else {
            unreachable!("a document with a model_type is an object")
        };
        let mut text = match wrapper.get("text_config") {
            Some(Value::Object(t)) => t.clone(),
            _ => serde_json::Map::new(),
        };
        text.entry("model_type")
            .or_insert_with(|| Value::from(text_type));
        let tie = wrapper
            .get("tie_word_embeddings")
            .cloned()
            .unwrap_or(Value::Bool(false));
        text.insert("tie_word_embeddings".into(), tie);
        let mut cfg: ModelConfig = serde_json::from_value(Value::Object(text))?;
        cfg.wrapper = Some(wrapper);
        Ok(cfg)
    }

    /// The `config.json` document of this config: inside its wrapper for a multimodal
    /// checkpoint (the text config's own `tie_word_embeddings` left as it was).
    pub fn to_json(&self) -> Value {
        let mut text = serde_json::to_value(self).expect("a config serializes");
        let Some(wrapper) = &self.wrapper else {
            return text;
        };
        let mut outer = wrapper.clone();
        let old_tie = wrapper
            .get("text_config")
            .and_then(|t| t.get("tie_word_embeddings"))
            .cloned();
        if let Value::Object(t) = &mut text {
            match old_tie {
                Some(tie) => t.insert("tie_word_embeddings".into(), tie),
                None => t.remove("tie_word_embeddings"),
            };
            // The wrapper's token ids and dtype describe the whole checkpoint.
            for field in ["dtype", "bos_token_id", "eos_token_id", "pad_token_id"] {
                if let Some(v) = t.get(field).filter(|v| !v.is_null()) {
                    outer.insert(field.into(), v.clone());
                }
            }
        }
        outer.insert("text_config".into(), text);
        outer.insert(
            "tie_word_embeddings".into(),
            Value::Bool(self.tie_word_embeddings),
        );
        Value::Object(outer)
    }

    /// The family named by `model_type` (a config without one is Qwen3, as Frost wrote them).
    pub fn family(&self) -> Result<Family, ModelError> {
        match self.model_type.as_deref() {
            None | Some("qwen3") => Ok(Family::Qwen3),
            Some("qwen3_5_text") => Ok(Family::Qwen3_5),
            Some("qwen3_moe") => Ok(Family::Qwen3Moe),
            Some("qwen3_5_moe_text") => Ok(Family::Qwen3_5Moe),
            Some(other) => Err(ModelError::config(
                "model_type",
                format!("`{other}` is not supported; Frost runs {SUPPORTED}"),
            )),
        }
    }

    /// Path of the decoder (embedding, layers, final norm) in the checkpoint.
    pub fn decoder_prefix(&self) -> &'static str {
        if self.wrapper.is_some() {
            "model.language_model"
        } else {
            "model"
        }
    }

    /// Each layer's token mixer.
    pub fn mixers(&self) -> Vec<MixerKind> {
        let n = self.num_hidden_layers.max(0) as usize;
        if !self.qwen3_5_style() {
            return vec![MixerKind::Attention; n];
        }
        match &self.layer_types {
            Some(types) => types
                .iter()
                .map(|t| match t.as_str() {
                    "linear_attention" => MixerKind::Linear,
                    _ => MixerKind::Attention,
                })
                .collect(),
            None => {
                let every = self.full_attention_interval.unwrap_or(4).max(1) as usize;
                (0..n)
                    .map(|i| match (i + 1) % every {
                        0 => MixerKind::Attention,
                        _ => MixerKind::Linear,
                    })
                    .collect()
            }
        }
    }

    /// Whether the RMSNorms are zero-centred (`x̂ (1 + w)`, weights start at 0) and full
    /// attention has an output gate: Qwen3.5.
    pub fn qwen3_5_style(&self) -> bool {
        matches!(self.family(), Ok(Family::Qwen3_5 | Family::Qwen3_5Moe))
    }

    /// The MoE shapes, with transformers' defaults for the MoE families (none for dense ones).
    pub fn moe_dims(&self) -> MoeDims {
        let (experts, top_k, inter, shared, norm) = match self.family() {
            Ok(Family::Qwen3Moe) => (128, 8, 768, 0, false),
            Ok(Family::Qwen3_5Moe) => (256, 8, 512, 512, true),
            _ => (0, 0, 0, 0, false),
        };
        if experts == 0 {
            return MoeDims {
                num_experts: 0,
                top_k: 0,
                inter: 0,
                shared_inter: 0,
                norm_topk_prob: false,
            };
        }
        MoeDims {
            num_experts: self.num_experts.unwrap_or(experts),
            top_k: self.num_experts_per_tok.unwrap_or(top_k),
            inter: self.moe_intermediate_size.unwrap_or(inter),
            shared_inter: match shared {
                0 => 0,
                s => self.shared_expert_intermediate_size.unwrap_or(s),
            },
            // Qwen3.5 MoE always renormalizes.
            norm_topk_prob: norm || self.norm_topk_prob.unwrap_or(false),
        }
    }

    /// The load-balancing loss's weight as transformers applies it in training: config.json's
    /// `router_aux_loss_coef` (default 0.001) when its `output_router_logits` is true, else 0;
    /// 0 for a dense family.
    pub fn router_aux_loss_coef(&self) -> f64 {
        let on = self.extra.get("output_router_logits") == Some(&serde_json::Value::Bool(true));
        let coef = self
            .extra
            .get("router_aux_loss_coef")
            .and_then(|v| v.as_f64());
        match on && self.moe_dims().num_experts > 0 {
            true => coef.unwrap_or(0.001),
            false => 0.0,
        }
    }

    /// Whether each layer's MLP is the sparse (MoE) one: Qwen3 MoE skips `mlp_only_layers` and
    /// keeps every `decoder_sparse_step`-th; Qwen3.5 MoE is sparse throughout.
    pub fn sparse_layers(&self) -> Vec<bool> {
        let n = self.num_hidden_layers.max(0);
        let m = self.moe_dims();
        let step = self.decoder_sparse_step.unwrap_or(1).max(1);
        let dense_only = self.mlp_only_layers.clone().unwrap_or_default();
        (0..n)
            .map(|i| {
                m.num_experts > 0
                    && match self.family() {
                        Ok(Family::Qwen3Moe) => !dense_only.contains(&i) && (i + 1) % step == 0,
                        _ => true,
                    }
            })
            .collect()
    }

    /// The share of the head dim that is rotated (`partial_rotary_factor`, in
    /// `rope_parameters` or at the top level; Qwen3.5 defaults to 0.25).
    pub fn partial_rotary_factor(&self) -> f64 {
        let nested = self
            .rope_parameters
            .as_ref()
            .and_then(|p| p.get("partial_rotary_factor"))
            .and_then(|v| v.as_f64());
        let default = if self.qwen3_5_style() { 0.25 } else { 1.0 };
        nested.or(self.partial_rotary_factor).unwrap_or(default)
    }

    /// Dimensions rotated by rope in each head (as transformers: `int(head_dim * factor)`).
    pub fn rotary_dim(&self) -> i64 {
        (self.head_dim() as f64 * self.partial_rotary_factor()) as i64
    }

    /// The linear-attention shapes (transformers' defaults where absent).
    pub fn linear_dims(&self) -> LinearDims {
        LinearDims {
            num_k_heads: self.linear_num_key_heads.unwrap_or(16),
            num_v_heads: self.linear_num_value_heads.unwrap_or(32),
            k_head_dim: self.linear_key_head_dim.unwrap_or(128),
            v_head_dim: self.linear_value_head_dim.unwrap_or(128),
            conv_kernel: self.linear_conv_kernel_dim.unwrap_or(4),
        }
    }

    /// The family's own checks, with a message naming the field.
    pub(super) fn validate_family(&self) -> Result<(), ModelError> {
        self.family()?;
        let rd = self.rotary_dim();
        if rd <= 0 || rd % 2 != 0 || rd > self.head_dim() {
            return Err(ModelError::config(
                "partial_rotary_factor",
                format!(
                    "rotates {rd} of {} head dims; it must be a positive even number",
                    self.head_dim()
                ),
            ));
        }
        let mixers = self.mixers();
        if let Some(types) = &self.layer_types {
            if types.len() != mixers.len() || mixers.len() != self.num_hidden_layers as usize {
                return Err(ModelError::config(
                    "layer_types",
                    format!(
                        "lists {} layers, num_hidden_layers is {}",
                        types.len(),
                        self.num_hidden_layers
                    ),
                ));
            }
            if let Some(t) = types
                .iter()
                .find(|t| !["linear_attention", "full_attention"].contains(&t.as_str()))
            {
                return Err(ModelError::config(
                    "layer_types",
                    format!("`{t}` is not supported (linear_attention or full_attention)"),
                ));
            }
        }
        let m = self.moe_dims();
        if m.num_experts > 0 && !(1..=m.num_experts).contains(&m.top_k) {
            return Err(ModelError::config(
                "num_experts_per_tok",
                format!("{} routes among {} experts", m.top_k, m.num_experts),
            ));
        }
        if m.num_experts > 0 && m.inter <= 0 {
            return Err(ModelError::config(
                "moe_intermediate_size",
                format!("must be positive, got {}", m.inter),
            ));
        }
        if mixers.contains(&MixerKind::Linear) {
            let d = self.linear_dims();
            for (field, v) in [
                ("linear_num_key_heads", d.num_k_heads),
                ("linear_num_value_heads", d.num_v_heads),
                ("linear_key_head_dim", d.k_head_dim),
                ("linear_value_head_dim", d.v_head_dim),
                ("linear_conv_kernel_dim", d.conv_kernel),
            ] {
                if v <= 0 {
                    return Err(ModelError::config(
                        field,
                        format!("must be positive, got {v}"),
                    ));
                }
            }
            if d.num_v_heads % d.num_k_heads != 0 {
                return Err(ModelError::config(
                    "linear_num_key_heads",
                    format!(
                        "{} does not divide linear_num_value_heads {}",
                        d.num_k_heads, d.num_v_heads
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped Qwen3-30B-A3B shape: 30.5B parameters (3.3B active), 48 sparse layers.
    #[test]
    fn the_qwen3_30b_a3b_shape_has_its_published_size() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../configs/shapes/qwen3-30b-a3b"
        );
        let text = std::fs::read_to_string(format!("{dir}/config.json")).unwrap();
        let cfg = ModelConfig::from_json(serde_json::from_str(&text).unwrap()).unwrap();
        cfg.validate().unwrap();
        assert_eq!(cfg.family().unwrap(), Family::Qwen3Moe);
        assert!(cfg.sparse_layers().iter().all(|&s| s));
        let n = cfg.parameter_count() as f64;
        assert!((30.4e9..30.6e9).contains(&n), "{n}");
    }

    /// The shipped Qwen3.5 shapes (`configs/shapes/README.md` gives the sources) read as
    /// `model.init = "random"` reads them, with each text model's exact size. The figures are
    /// transformers 5.24's own count of `Qwen3_5(Moe)ForCausalLM` on the meta device for the same
    /// config.json; each equals the published checkpoint's safetensors total less its vision
    /// tower and MTP head (e.g. 27B: 27,781,427,952 - 460,730,096 - 424,699,392).
    #[test]
    fn the_qwen3_5_shapes_have_their_published_sizes() {
        let cases = [
            ("qwen3.5-0.8b", Family::Qwen3_5, 24, true, 752_393_024_i64),
            ("qwen3.5-2b", Family::Qwen3_5, 24, true, 1_881_825_088),
            ("qwen3.5-9b", Family::Qwen3_5, 32, false, 8_953_803_264),
            ("qwen3.5-27b", Family::Qwen3_5, 64, false, 26_895_998_464),
            (
                "qwen3.5-35b-a3b",
                Family::Qwen3_5Moe,
                40,
                false,
                34_660_610_688,
            ),
        ];
        for (name, family, layers, tied, total) in cases {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../configs/shapes")
                .join(name);
            let cfg = crate::model::read_config(&dir).unwrap();
            assert_eq!(cfg.family().unwrap(), family, "{name}");
            assert_eq!(cfg.num_hidden_layers, layers, "{name}");
            assert_eq!(cfg.tie_word_embeddings, tied, "{name}");
            assert_eq!((cfg.vocab_size, cfg.rotary_dim()), (248_320, 64), "{name}");
            // Three linear layers, then a full one.
            let full: Vec<usize> = (cfg.mixers().iter().enumerate())
                .filter(|(_, m)| **m == MixerKind::Attention)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(full, (3..layers as usize).step_by(4).collect::<Vec<_>>());
            assert_eq!(cfg.parameter_count(), total, "{name}");
        }
    }

    /// The shapes sized for tensor parallelism (`configs/shapes/README.md` gives the sources),
    /// counted from their published shapes: Qwen3-235B-A22B 235.09B (its card: 235B, 234B
    /// without the embedding), the Qwen3.5 MoE text models 122.1B and 396.3B (the names round
    /// these; their vision tower and MTP head are not in the shapes).
    #[test]
    fn the_large_moe_shapes_have_their_sizes() {
        let cases = [
            ("qwen3-235b-a22b", Family::Qwen3Moe, 94, 235_093_634_560_i64),
            ("qwen3.5-122b-a10b", Family::Qwen3_5Moe, 48, 122_111_526_912),
            ("qwen3.5-397b-a17b", Family::Qwen3_5Moe, 60, 396_346_350_336),
        ];
        for (name, family, layers, total) in cases {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../configs/shapes")
                .join(name);
            let cfg = crate::model::read_config(&dir).unwrap();
            cfg.validate().unwrap();
            assert_eq!(cfg.family().unwrap(), family, "{name}");
            assert_eq!(cfg.num_hidden_layers, layers, "{name}");
            assert!(cfg.sparse_layers().iter().all(|&s| s), "{name}");
            assert_eq!(cfg.parameter_count(), total, "{name}");
        }
    }

    #[test]
    fn an_unknown_model_type_is_refused_in_one_line() {
        let mut cfg = ModelConfig::new(10, 4, 6, 1, 2, 1, 2, true);
        cfg.model_type = Some("llama".into());
        let err = cfg.validate().unwrap_err().to_string();
        assert!(
            err.contains("`llama` is not supported") && !err.contains('\n'),
            "{err}"
        );
    }
}
