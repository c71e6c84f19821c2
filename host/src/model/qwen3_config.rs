//! `config.json` of a Qwen3 checkpoint: the shape of the network, its defaults as
//! `transformers` fills them in, and the checks the network relies on.

use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// `config.json` of a Qwen3 checkpoint. Fields we do not use are kept in `extra` so that
/// `save_pretrained` writes them back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    pub vocab_size: i64,
    pub hidden_size: i64,
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
    /// q/k/v/o, the q/k norms, two RMSNorms and the SwiGLU MLP, the final norm, and an LM head
    /// unless tied.
    pub fn parameter_count(&self) -> i64 {
        let (h, hd, i) = (self.hidden_size, self.head_dim(), self.intermediate_size);
        let (q, kv) = (self.num_attention_heads * hd, self.kv_heads() * hd);
        let attn = h * q + 2 * h * kv + q * h + 2 * hd;
        let layer = attn + 3 * h * i + 2 * h;
        let embed = self.vocab_size * h;
        let head = if self.tie_word_embeddings { 0 } else { embed };
        embed + self.num_hidden_layers * layer + h + head
    }

    /// Checks everything the network relies on, with a message naming the field.
    pub fn validate(&self) -> Result<(), ModelError> {
        let positive = [
            ("vocab_size", self.vocab_size),
            ("hidden_size", self.hidden_size),
            ("intermediate_size", self.intermediate_size),
            ("num_hidden_layers", self.num_hidden_layers),
            ("num_attention_heads", self.num_attention_heads),
            ("num_key_value_heads", self.kv_heads()),
            ("head_dim", self.head_dim()),
        ];
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
                format!("`{}` is not supported (Qwen3 uses silu)", self.hidden_act),
            ));
        }
        if self.attention_bias {
            return Err(ModelError::config(
                "attention_bias",
                "biases are not supported (Qwen3 has none)",
            ));
        }
        if self.use_sliding_window {
            return Err(ModelError::config(
                "use_sliding_window",
                "sliding-window attention is not supported",
            ));
        }
        self.rope_theta()?;
        Ok(())
    }
}
