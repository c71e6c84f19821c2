//! `config.json` of a checkpoint of a supported family (Qwen3, Qwen3.5, Qwen3 MoE, Qwen3.5 MoE):
//! the shape of the network, its defaults as `transformers` fills them in, and the checks the
//! network relies on. The family-specific fields (layer types, linear attention, experts) are
//! read in `families.rs`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::families::MixerKind;
use super::ModelError;

fn default_max_pos() -> i64 {
    32768
}
fn default_eps() -> f64 {
    1e-6
}
fn default_act() -> String {
    "silu".to_string()
}
fn default_init_range() -> f64 {
    0.02
}
fn is_zero(v: &i64) -> bool {
    *v == 0
}

/// `config.json` of a checkpoint; for a multimodal Qwen3.5 checkpoint, its `text_config` (the
/// rest is kept in `wrapper`). Fields we do not use are kept in `extra` so that `save_pretrained`
/// writes them back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    pub vocab_size: i64,
    pub hidden_size: i64,
    /// The dense MLP's width (absent from Qwen3.5 MoE, whose every layer is sparse).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub intermediate_size: i64,
    pub num_hidden_layers: i64,
    pub num_attention_heads: i64,
    /// Defaults to `num_attention_heads` (no GQA), as in `transformers`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_key_value_heads: Option<i64>,
    /// Explicit in Qwen3 (0.6B: 16 heads x 128 while hidden is 1024); defaults to hidden/heads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head_dim: Option<i64>,
    #[serde(default = "default_max_pos")]
    pub max_position_embeddings: i64,
    #[serde(default = "default_eps")]
    pub rms_norm_eps: f64,
    /// Older layout: top level. Newer `transformers` nest it in `rope_parameters`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rope_theta: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rope_parameters: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rope_scaling: Option<Value>,
    #[serde(default)]
    pub tie_word_embeddings: bool,
    #[serde(default)]
    pub attention_bias: bool,
    #[serde(default = "default_act")]
    pub hidden_act: String,
    #[serde(default = "default_init_range")]
    pub initializer_range: f64,
    #[serde(default)]
    pub use_sliding_window: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub architectures: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bos_token_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eos_token_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pad_token_id: Option<Value>,
    /// Qwen3.5: `linear_attention` / `full_attention` per layer (default: every
    /// `full_attention_interval`-th full).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layer_types: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_attention_interval: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_conv_kernel_dim: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_key_head_dim: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_value_head_dim: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_num_key_heads: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_num_value_heads: Option<i64>,
    /// Older layout: top level. Newer `transformers` nest it in `rope_parameters`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial_rotary_factor: Option<f64>,
    /// MoE (Qwen3 MoE, Qwen3.5 MoE): experts, routes per token, expert and shared-expert
    /// widths, top-k renormalization, which layers are sparse.
    /// `num_local_experts` in transformers 5's Qwen3 MoE saves.
    #[serde(
        default,
        alias = "num_local_experts",
        skip_serializing_if = "Option::is_none"
    )]
    pub num_experts: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_experts_per_tok: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moe_intermediate_size: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_expert_intermediate_size: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub norm_topk_prob: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decoder_sparse_step: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mlp_only_layers: Option<Vec<i64>>,
    /// The multimodal checkpoint's own `config.json` (`qwen3_5` with `text_config`), which this
    /// config is the text part of: its weights live under `model.language_model`, and saving
    /// writes the wrapper back around the text config.
    #[serde(skip)]
    pub wrapper: Option<serde_json::Map<String, Value>>,
    #[serde(flatten)]
    pub extra: serde_json::Map<String, Value>,
}

impl ModelConfig {
    /// A config for a new model (pretraining, benchmarks), written the way `transformers` 5 does.
    #[allow(
        clippy::too_many_arguments,
        reason = "the shape fields of config.json, in the order transformers lists them"
    )]
    pub fn new(
        vocab_size: i64,
        hidden_size: i64,
        intermediate_size: i64,
        num_hidden_layers: i64,
        num_attention_heads: i64,
        num_key_value_heads: i64,
        head_dim: i64,
        tie_word_embeddings: bool,
    ) -> Self {
        ModelConfig {
            vocab_size,
            hidden_size,
            intermediate_size,
            num_hidden_layers,
            num_attention_heads,
            num_key_value_heads: Some(num_key_value_heads),
            head_dim: Some(head_dim),
            max_position_embeddings: 32768,
            rms_norm_eps: 1e-6,
            rope_theta: None,
            rope_parameters: Some(
                serde_json::json!({ "rope_type": "default", "rope_theta": 1_000_000.0 }),
            ),
            rope_scaling: None,
            tie_word_embeddings,
            attention_bias: false,
            hidden_act: "silu".to_string(),
            initializer_range: 0.02,
            use_sliding_window: false,
            architectures: Some(vec!["Qwen3ForCausalLM".to_string()]),
            model_type: Some("qwen3".to_string()),
            bos_token_id: None,
            eos_token_id: None,
            pad_token_id: None,
            layer_types: None,
            full_attention_interval: None,
            linear_conv_kernel_dim: None,
            linear_key_head_dim: None,
            linear_value_head_dim: None,
            linear_num_key_heads: None,
            linear_num_value_heads: None,
            partial_rotary_factor: None,
            num_experts: None,
            num_experts_per_tok: None,
            moe_intermediate_size: None,
            shared_expert_intermediate_size: None,
            norm_topk_prob: None,
            decoder_sparse_step: None,
            mlp_only_layers: None,
            wrapper: None,
            extra: serde_json::Map::new(),
        }
    }

    pub fn head_dim(&self) -> i64 {
        self.head_dim
            .unwrap_or(self.hidden_size / self.num_attention_heads)
    }

    pub fn kv_heads(&self) -> i64 {
        self.num_key_value_heads.unwrap_or(self.num_attention_heads)
    }

    /// `rope_theta` from the top level or from `rope_parameters`; only the default rope type.
    pub fn rope_theta(&self) -> Result<f64, ModelError> {
        for (field, params) in [
            ("rope_parameters", &self.rope_parameters),
            ("rope_scaling", &self.rope_scaling),
        ] {
            if let Some(Value::Object(m)) = params {
                let ty = m
                    .get("rope_type")
                    .or_else(|| m.get("type"))
                    .and_then(|v| v.as_str());
                if let Some(ty) = ty {
                    if ty != "default" {
                        return Err(ModelError::config(
                            field,
                            format!("rope_type `{ty}` is not supported (only `default`)"),
                        ));
                    }
                }
            }
        }
        if let Some(t) = self.rope_theta {
            return Ok(t);
        }
        if let Some(t) = self
            .rope_parameters
            .as_ref()
            .and_then(|p| p.get("rope_theta"))
            .and_then(|v| v.as_f64())
        {
            return Ok(t);
        }
        Err(ModelError::config(
            "rope_theta",
            "neither `rope_theta` nor `rope_parameters.rope_theta` is set",
        ))
    }

    /// Parameters of the base model (no adapters), from the shapes alone: embedding, per layer
    /// its mixer (q/k/v/o and the q/k norms; or the linear attention's projections, convolution,
    /// decay and gated norm), two RMSNorms and the SwiGLU MLP (or the router, the experts and a
    /// shared expert with its gate), the final norm, and an LM head unless tied.
    pub fn parameter_count(&self) -> i64 {
        let (h, hd, i) = (self.hidden_size, self.head_dim(), self.intermediate_size);
        let (q, kv) = (self.num_attention_heads * hd, self.kv_heads() * hd);
        // Qwen3.5's q_proj also yields the output gate.
        let q_out = if self.qwen3_5_style() { 2 * q } else { q };
        let attn = h * q_out + 2 * h * kv + q * h + 2 * hd;
        let d = self.linear_dims();
        let (vd, nv) = (d.value_dim(), d.num_v_heads);
        let linear = h * (d.conv_dim() + vd + 2 * nv)
            + d.conv_dim() * d.conv_kernel
            + 2 * nv
            + d.v_head_dim
            + vd * h;
        let m = self.moe_dims();
        let dense = 3 * h * i;
        let shared = match m.shared_inter {
            0 => 0,
            s => 3 * h * s + h,
        };
        let sparse = m.num_experts * (h + 3 * h * m.inter) + shared;
        let layers: i64 = (self.mixers().iter().zip(self.sparse_layers()))
            .map(|(mixer, moe)| {
                let mix = match mixer {
                    MixerKind::Attention => attn,
                    MixerKind::Linear => linear,
                };
                mix + if moe { sparse } else { dense } + 2 * h
            })
            .sum();
        let embed = self.vocab_size * h;
        let head = if self.tie_word_embeddings { 0 } else { embed };
        embed + layers + h + head
    }

    /// Checks everything the network relies on, with a message naming the field.
    pub fn validate(&self) -> Result<(), ModelError> {
        let positive = [
            ("vocab_size", self.vocab_size),
            ("hidden_size", self.hidden_size),
            ("num_hidden_layers", self.num_hidden_layers),
            ("num_attention_heads", self.num_attention_heads),
            ("num_key_value_heads", self.kv_heads()),
            ("head_dim", self.head_dim()),
        ];
        let dense = self.sparse_layers().contains(&false);
        if dense && self.intermediate_size <= 0 {
            return Err(ModelError::config(
                "intermediate_size",
                format!("must be positive, got {}", self.intermediate_size),
            ));
        }
        for (field, v) in positive {
            if v <= 0 {
                return Err(ModelError::config(
                    field,
                    format!("must be positive, got {v}"),
                ));
            }
        }
        if self.num_attention_heads % self.kv_heads() != 0 {
            return Err(ModelError::config(
                "num_key_value_heads",
                format!(
                    "{} does not divide num_attention_heads {}",
                    self.kv_heads(),
                    self.num_attention_heads
                ),
            ));
        }
        if self.head_dim() % 2 != 0 {
            return Err(ModelError::config(
                "head_dim",
                "must be even for rotary embeddings",
            ));
        }
        if self.hidden_act != "silu" {
            return Err(ModelError::config(
                "hidden_act",
                format!("`{}` is not supported (only silu)", self.hidden_act),
            ));
        }
        if self.attention_bias {
            return Err(ModelError::config(
                "attention_bias",
                "biases are not supported (the supported families have none)",
            ));
        }
        if self.use_sliding_window {
            return Err(ModelError::config(
                "use_sliding_window",
                "sliding-window attention is not supported",
            ));
        }
        self.rope_theta()?;
        self.validate_family()
    }
}
