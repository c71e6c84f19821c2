//! The Qwen3 decoder in one file: config, RMSNorm, rotary embeddings, grouped-query attention
//! with per-head q/k norms, SwiGLU MLP, tied or untied LM head, KV cache.
//!
//! Variable names match the Hugging Face checkpoint (`model.layers.0.self_attn.q_proj.weight`),
//! so loading is a name-for-name copy.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tch::{nn, Kind, Tensor};

use super::lora::{base_var, LoraConfig, LoraLinear, WeightInit};
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
pub struct Qwen3Config {
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

impl Qwen3Config {
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
        Qwen3Config {
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

    /// Checks everything the network relies on, with a message naming the field.
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

/// What the network reads: token ids, or input embeddings (Frost differentiates through them).
pub enum Input<'a> {
    /// [B, T] i64.
    Ids(&'a Tensor),
    /// [B, T, H], any float kind (cast to the model's).
    Embeds(&'a Tensor),
}

/// Keys and values of every layer for the tokens seen so far: [B, kv_heads, S, head_dim].
#[derive(Debug)]
pub struct KvCache {
    layers: Vec<Option<(Tensor, Tensor)>>,
}

impl KvCache {
    pub fn new(num_layers: usize) -> Self {
        KvCache {
            layers: (0..num_layers).map(|_| None).collect(),
        }
    }

    /// Number of cached positions.
    pub fn len(&self) -> i64 {
        match self.layers.first() {
            Some(Some((k, _))) => k.size()[2],
            _ => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Repeats every batch row `k` times in place (row b becomes rows b*k..b*k+k), so a prompt
    /// prefilled once serves k samples.
    pub fn repeat_interleave(&mut self, k: i64) {
        for (key, value) in self.layers.iter_mut().flatten() {
            *key = key.repeat_interleave_self_int(k, 0, None);
            *value = value.repeat_interleave_self_int(k, 0, None);
        }
    }

    /// The cache of rows `rows` [N] (i64), differentiable: a prompt run once serves N rows.
    pub fn index_rows(&self, rows: &Tensor) -> KvCache {
        KvCache {
            layers: self
                .layers
                .iter()
                .map(|l| {
                    l.as_ref()
                        .map(|(k, v)| (k.index_select(0, rows), v.index_select(0, rows)))
                })
                .collect(),
        }
    }

    /// A cache of one row seen as `n` rows (broadcast views, no copy), for `n` sequences that
    /// share the cached prefix.
    pub fn expand_batch(&self, n: i64) -> KvCache {
        let expand = |t: &Tensor| t.expand([n, -1, -1, -1], false);
        KvCache {
            layers: self
                .layers
                .iter()
                .map(|l| l.as_ref().map(|(k, v)| (expand(k), expand(v))))
                .collect(),
        }
    }
}

/// RMSNorm computed in f32 (f64 for an f64 model), cast back, then scaled (the order
/// `transformers` uses).
fn rms_norm(x: &Tensor, weight: &Tensor, eps: f64) -> Tensor {
    let acc = if x.kind() == Kind::Double {
        Kind::Double
    } else {
        Kind::Float
    };
    let xf = x.to_kind(acc);
    let var = xf.square().mean_dim(-1, true, acc);
    let normed = (xf * (var + eps).rsqrt()).to_kind(x.kind());
    weight * normed
}

/// `[-x2, x1]` for the two halves of the last dimension.
fn rotate_half(x: &Tensor) -> Tensor {
    let half = x.size()[3] / 2;
    let x1 = x.narrow(-1, 0, half);
    let x2 = x.narrow(-1, half, half);
    Tensor::cat(&[x2.neg(), x1], -1)
}

struct Layer {
    q_proj: LoraLinear,
    k_proj: LoraLinear,
    v_proj: LoraLinear,
    o_proj: LoraLinear,
    q_norm: Tensor,
    k_norm: Tensor,
    input_layernorm: Tensor,
    post_attention_layernorm: Tensor,
    gate_proj: LoraLinear,
    up_proj: LoraLinear,
    down_proj: LoraLinear,
}

/// The Qwen3 causal language model.
pub struct Qwen3 {
    cfg: Qwen3Config,
    embed_tokens: Tensor,
    layers: Vec<Layer>,
    norm: Tensor,
    /// None when tied to `embed_tokens`.
    lm_head: Option<Tensor>,
    inv_freq: Tensor,
    adapters_on: Arc<AtomicBool>,
    lora: Option<LoraConfig>,
    /// Embedding rows at or beyond this are padding rows, never sampled.
    token_limit: i64,
}

impl Qwen3 {
    /// A new randomly initialised model (normal(0, initializer_range) weights, unit norms).
    /// With `lora`, the base is frozen and only the adapters require grad; without, every
    /// parameter is trainable (full fine-tuning / pretraining).
    pub fn new(
        vs: nn::Path,
        cfg: &Qwen3Config,
        lora: Option<&LoraConfig>,
    ) -> Result<Self, ModelError> {
        Self::build(vs, cfg, lora, WeightInit::Normal(cfg.initializer_range))
    }

    pub(crate) fn build(
        vs: nn::Path,
        cfg: &Qwen3Config,
        lora: Option<&LoraConfig>,
        init: WeightInit,
    ) -> Result<Self, ModelError> {
        cfg.validate()?;
        if let Some(l) = lora {
            if l.r <= 0 {
                return Err(ModelError::config(
                    "lora.r",
                    format!("must be positive, got {}", l.r),
                ));
            }
            if l.dropout != 0.0 {
                return Err(ModelError::config("lora.dropout", "only 0 is supported"));
            }
            for t in &l.target_modules {
                if !LoraConfig::ALL_TARGETS.contains(&t.as_str()) {
                    return Err(ModelError::config(
                        "lora.target_modules",
                        format!(
                            "unknown module `{t}`; expected some of {:?}",
                            LoraConfig::ALL_TARGETS
                        ),
                    ));
                }
            }
        }
        let train_base = lora.is_none();
        let ones = |p: &nn::Path, dims: &[i64]| {
            let t = Tensor::ones(dims, (p.kind(), p.device()));
            p.add("weight", t, train_base)
        };
        let adapters_on = Arc::new(AtomicBool::new(true));
        let (h, hd, nh, nkv) = (
            cfg.hidden_size,
            cfg.head_dim(),
            cfg.num_attention_heads,
            cfg.kv_heads(),
        );
        let model = &vs / "model";
        let embed_tokens = base_var(
            &(&model / "embed_tokens"),
            "weight",
            &[cfg.vocab_size, h],
            init,
            train_base,
        );
        let mut layers = Vec::new();
        for i in 0..cfg.num_hidden_layers {
            let lp = &model / "layers" / i;
            let lin = |sub: &str, name: &str, i_dim: i64, o_dim: i64| {
                let target = lora.filter(|l| l.target_modules.iter().any(|t| t == name));
                LoraLinear::new(
                    &lp / sub / name,
                    i_dim,
                    o_dim,
                    target,
                    init,
                    adapters_on.clone(),
                )
            };
            let attn = &lp / "self_attn";
            let mlp_i = cfg.intermediate_size;
            layers.push(Layer {
                q_proj: lin("self_attn", "q_proj", h, nh * hd),
                k_proj: lin("self_attn", "k_proj", h, nkv * hd),
                v_proj: lin("self_attn", "v_proj", h, nkv * hd),
                o_proj: lin("self_attn", "o_proj", nh * hd, h),
                q_norm: ones(&(&attn / "q_norm"), &[hd]),
                k_norm: ones(&(&attn / "k_norm"), &[hd]),
                input_layernorm: ones(&(&lp / "input_layernorm"), &[h]),
                post_attention_layernorm: ones(&(&lp / "post_attention_layernorm"), &[h]),
                gate_proj: lin("mlp", "gate_proj", h, mlp_i),
                up_proj: lin("mlp", "up_proj", h, mlp_i),
                down_proj: lin("mlp", "down_proj", mlp_i, h),
            });
        }
        let norm = ones(&(&model / "norm"), &[h]);
        let lm_head = (!cfg.tie_word_embeddings).then(|| {
            base_var(
                &(&vs / "lm_head"),
                "weight",
                &[cfg.vocab_size, h],
                init,
                train_base,
            )
        });
        let theta = cfg.rope_theta()?;
        // As transformers: 1 / theta^(arange(0, d, 2) / d), in f32.
        let exponents = Tensor::arange_start_step(0, hd, 2, (Kind::Int64, vs.device()))
            .to_kind(Kind::Float)
            / hd as f64;
        let inv_freq = Tensor::pow_scalar(theta, &exponents).reciprocal();
        Ok(Qwen3 {
            cfg: cfg.clone(),
            embed_tokens,
            layers,
            norm,
            lm_head,
            inv_freq,
            adapters_on,
            lora: lora.cloned(),
            token_limit: cfg.vocab_size,
        })
    }

    pub fn config(&self) -> &Qwen3Config {
        &self.cfg
    }

    /// The input embedding matrix E [V_emb, H] (the judge's, used for Frost's Taylor term).
    pub fn embed_weight(&self) -> &Tensor {
        &self.embed_tokens
    }

    /// Turns every LoRA adapter on or off at once; off gives exactly the base model.
    pub fn set_adapters_enabled(&self, on: bool) {
        self.adapters_on.store(on, Ordering::Relaxed);
    }

    pub fn adapters_enabled(&self) -> bool {
        self.lora.is_some() && self.adapters_on.load(Ordering::Relaxed)
    }

    /// The LoRA config the adapters were built with, None without adapters.
    pub fn lora_config(&self) -> Option<&LoraConfig> {
        self.lora.as_ref()
    }

    /// Rows of the embedding the tokenizer can produce; rows at or beyond are never sampled.
    pub fn token_limit(&self) -> i64 {
        self.token_limit
    }

    pub fn set_token_limit(&mut self, n: i64) {
        self.token_limit = n.min(self.cfg.vocab_size);
    }

    pub fn device(&self) -> tch::Device {
        self.embed_tokens.device()
    }

    /// The dtype of the base weights.
    pub fn kind(&self) -> Kind {
        self.embed_tokens.kind()
    }

    pub fn new_cache(&self) -> KvCache {
        KvCache::new(self.layers.len())
    }

    /// Logits [B, T, V_emb] in f32. `positions` [B, T] i64; `pad_mask` [B, S] bool (true = real
    /// token), S = cached + T. With a cache, this chunk's keys/values are appended to it.
    pub fn forward(
        &self,
        input: Input,
        positions: &Tensor,
        pad_mask: Option<&Tensor>,
        cache: Option<&mut KvCache>,
    ) -> Tensor {
        let hidden = self.forward_hidden(input, positions, pad_mask, cache);
        self.logits(&hidden)
    }

    /// LM head on final hidden states (any leading shape), in f32 (f64 for an f64 model, which
    /// exact gradient checks use).
    pub fn logits(&self, hidden: &Tensor) -> Tensor {
        let w = self.lm_head.as_ref().unwrap_or(&self.embed_tokens);
        let out = if w.kind() == Kind::Double {
            Kind::Double
        } else {
            Kind::Float
        };
        let logits = hidden.linear::<Tensor>(w, None).to_kind(out);
        if crate::instrument::phases::counting() {
            let rows = hidden.numel() as i64 / self.cfg.hidden_size;
            let f = crate::instrument::flops::lm_head(&self.cfg, rows);
            crate::instrument::phases::count_forward(
                f,
                0,
                logits.requires_grad(),
                w.requires_grad(),
            );
        }
        logits
    }

    /// Final (normed) hidden states [B, T, H] in the model's dtype.
    #[allow(
        clippy::assign_op_pattern,
        reason = "`x += ..` would be tch's in-place add_: it breaks autograd and could write \
                  into the caller's embeddings (to_kind may alias)"
    )]
    pub fn forward_hidden(
        &self,
        input: Input,
        positions: &Tensor,
        pad_mask: Option<&Tensor>,
        mut cache: Option<&mut KvCache>,
    ) -> Tensor {
        let mut x = match input {
            Input::Ids(ids) => Tensor::embedding(&self.embed_tokens, ids, -1, false, false),
            Input::Embeds(e) => e.to_kind(self.kind()),
        };
        let (b, t) = (x.size()[0], x.size()[1]);
        let past = cache.as_ref().map_or(0, |c| c.len());
        let dev = x.device();

        // Rotary tables [B, 1, T, hd], computed in f32 then cast (as transformers).
        let freqs =
            positions.to_kind(Kind::Float).unsqueeze(-1) * self.inv_freq.unsqueeze(0).unsqueeze(0);
        let emb = Tensor::cat(&[&freqs, &freqs], -1);
        let cos = emb.cos().to_kind(x.kind()).unsqueeze(1);
        let sin = emb.sin().to_kind(x.kind()).unsqueeze(1);

        // Without padding, plain causal attention (lets SDPA pick a fused kernel). Otherwise a
        // boolean mask [B, 1, T, S]: causal and not padding; a padding query attends to itself
        // only, so its row is never empty (an empty row would give NaNs).
        let (mask, is_causal) = match pad_mask {
            None if past == 0 => (None, t > 1),
            None if t == 1 => (None, false),
            _ => {
                let s = past + t;
                let q_idx = Tensor::arange_start(past, past + t, (Kind::Int64, dev)).unsqueeze(-1);
                let k_idx = Tensor::arange(s, (Kind::Int64, dev)).unsqueeze(0);
                let causal = k_idx.le_tensor(&q_idx).unsqueeze(0); // [1, T, S]
                let m = match pad_mask {
                    Some(pm) => {
                        let diag = k_idx.eq_tensor(&q_idx).unsqueeze(0);
                        causal
                            .logical_and(&pm.to_kind(Kind::Bool).unsqueeze(1))
                            .logical_or(&diag)
                    }
                    None => causal.expand([b, t, s], false),
                };
                (Some(m.unsqueeze(1)), false)
            }
        };

        let (nh, nkv, hd) = (
            self.cfg.num_attention_heads,
            self.cfg.kv_heads(),
            self.cfg.head_dim(),
        );
        let eps = self.cfg.rms_norm_eps;
        for (i, layer) in self.layers.iter().enumerate() {
            let h = rms_norm(&x, &layer.input_layernorm, eps);
            let q = rms_norm(
                &layer.q_proj.forward(&h).view([b, t, nh, hd]),
                &layer.q_norm,
                eps,
            )
            .transpose(1, 2);
            let k = rms_norm(
                &layer.k_proj.forward(&h).view([b, t, nkv, hd]),
                &layer.k_norm,
                eps,
            )
            .transpose(1, 2);
            let v = layer
                .v_proj
                .forward(&h)
                .view([b, t, nkv, hd])
                .transpose(1, 2);
            let q = &q * &cos + rotate_half(&q) * &sin;
            let mut k = &k * &cos + rotate_half(&k) * &sin;
            let mut v = v;
            if let Some(c) = cache.as_deref_mut() {
                if let Some((pk, pv)) = &c.layers[i] {
                    k = Tensor::cat(&[pk, &k], 2);
                    v = Tensor::cat(&[pv, &v], 2);
                }
                c.layers[i] = Some((k.shallow_clone(), v.shallow_clone()));
            }
            let attn = Tensor::scaled_dot_product_attention(
                &q,
                &k,
                &v,
                mask.as_ref(),
                0.0,
                is_causal,
                1.0 / (hd as f64).sqrt(),
                nkv != nh,
            );
            let attn = attn.transpose(1, 2).reshape([b, t, nh * hd]);
            x = x + layer.o_proj.forward(&attn);
            let h = rms_norm(&x, &layer.post_attention_layernorm, eps);
            let mlp = layer.gate_proj.forward(&h).silu() * layer.up_proj.forward(&h);
            x = x + layer.down_proj.forward(&mlp);
        }
        let out = rms_norm(&x, &self.norm, eps);
        if crate::instrument::phases::counting() {
            let lora = self.lora.as_ref().filter(|_| self.adapters_enabled());
            let f = crate::instrument::flops::blocks(&self.cfg, lora, b, t, past);
            let trained = self.embed_tokens.requires_grad();
            crate::instrument::phases::count_forward(f, b * t, out.requires_grad(), trained);
        }
        out
    }
}
