//! The Qwen3 decoder, written top to bottom: RMSNorm and rotary embeddings, grouped-query
//! attention with per-head q/k norms, the SwiGLU MLP, the decoder layer, and the causal LM
//! (embedding, layers, final norm, tied or untied LM head). The config is in `qwen3_config.rs`,
//! the KV cache in `kv_cache.rs`, the attention mask and kernel call in `attention.rs`.
//!
//! Variable names match the Hugging Face checkpoint (`model.layers.0.self_attn.q_proj.weight`),
//! so loading is a name-for-name copy. The forwards are pure: the FLOPs `bench --phases` reports
//! are counted at the model boundary (`CausalLm::forward_hidden`, `CausalLm::logits`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tch::{nn, Device, Kind, Tensor};

use super::attention::{sdpa, AttentionMask};
use super::kv_cache::{KvCache, LayerCache};
use super::lora::{base_var, LoraConfig, LoraLinear, WeightInit};
use super::qwen3_config::ModelConfig;
use super::ModelError;
use crate::instrument::{flops, phases};

/// What the network reads: token ids, or input embeddings (Frost differentiates through them).
pub enum Input<'a> {
    /// [B, T] i64.
    Ids(&'a Tensor),
    /// [B, T, H], any float kind (cast to the model's).
    Embeds(&'a Tensor),
}

/// How a layer's variables are made: initialisation, trainability, adapters.
struct Builder<'a> {
    lora: Option<&'a LoraConfig>,
    init: WeightInit,
    /// Without adapters the base trains (full fine-tuning, pretraining); with, it is frozen.
    train_base: bool,
    adapters_on: &'a Arc<AtomicBool>,
    eps: f64,
}

impl Builder<'_> {
    /// The projection `p / name`, with an adapter when `name` is a LoRA target.
    fn linear(&self, p: &nn::Path, name: &str, in_dim: i64, out_dim: i64) -> LoraLinear {
        let target = self
            .lora
            .filter(|l| l.target_modules.iter().any(|t| t == name));
        LoraLinear::new(
            p / name,
            in_dim,
            out_dim,
            target,
            self.init,
            self.adapters_on.clone(),
        )
    }

    /// An RMSNorm `p.weight` of `dim` ones.
    fn norm(&self, p: &nn::Path, dim: i64) -> RmsNorm {
        let t = Tensor::ones([dim], (p.kind(), p.device()));
        RmsNorm {
            weight: p.add("weight", t, self.train_base),
            eps: self.eps,
        }
    }
}

/// RMSNorm over the last dimension.
struct RmsNorm {
    weight: Tensor,
    eps: f64,
}

impl RmsNorm {
    /// Computed in f32 (f64 for an f64 model), cast back, then scaled (the order `transformers`
    /// uses).
    fn forward(&self, x: &Tensor) -> Tensor {
        let acc = if x.kind() == Kind::Double {
            Kind::Double
        } else {
            Kind::Float
        };
        let xf = x.to_kind(acc);
        let var = xf.square().mean_dim(-1, true, acc);
        let normed = (xf * (var + self.eps).rsqrt()).to_kind(x.kind());
        &self.weight * normed
    }
}

/// The rotary frequencies `1 / theta^(2i / head_dim)`.
struct RotaryEmbedding {
    inv_freq: Tensor,
}

impl RotaryEmbedding {
    fn new(theta: f64, head_dim: i64, device: Device) -> Self {
        // As transformers: 1 / theta^(arange(0, d, 2) / d), in f32.
        let exponents = Tensor::arange_start_step(0, head_dim, 2, (Kind::Int64, device))
            .to_kind(Kind::Float)
            / head_dim as f64;
        RotaryEmbedding {
            inv_freq: Tensor::pow_scalar(theta, &exponents).reciprocal(),
        }
    }

    /// The tables at `positions` [B, T], computed in f32 then cast to `kind` (as transformers).
    fn at(&self, positions: &Tensor, kind: Kind) -> Rotary {
        let freqs =
            positions.to_kind(Kind::Float).unsqueeze(-1) * self.inv_freq.unsqueeze(0).unsqueeze(0);
        let emb = Tensor::cat(&[&freqs, &freqs], -1);
        Rotary {
            cos: emb.cos().to_kind(kind).unsqueeze(1),
            sin: emb.sin().to_kind(kind).unsqueeze(1),
        }
    }
}

/// Rotary tables of one forward: cos and sin [B, 1, T, head_dim].
struct Rotary {
    cos: Tensor,
    sin: Tensor,
}

impl Rotary {
    /// Rotates queries or keys [B, heads, T, head_dim].
    fn apply(&self, x: &Tensor) -> Tensor {
        x * &self.cos + rotate_half(x) * &self.sin
    }
}

/// `[-x2, x1]` for the two halves of the last dimension.
fn rotate_half(x: &Tensor) -> Tensor {
    let half = x.size()[3] / 2;
    let x1 = x.narrow(-1, 0, half);
    let x2 = x.narrow(-1, half, half);
    Tensor::cat(&[x2.neg(), x1], -1)
}

/// Grouped-query self-attention with RMSNorm on every query and key head.
struct Attention {
    q_proj: LoraLinear,
    k_proj: LoraLinear,
    v_proj: LoraLinear,
    o_proj: LoraLinear,
    q_norm: RmsNorm,
    k_norm: RmsNorm,
    num_heads: i64,
    num_kv_heads: i64,
    head_dim: i64,
}

impl Attention {
    /// `p` is the layer's `self_attn` path.
    fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let (h, hd, nh, nkv) = (
            cfg.hidden_size,
            cfg.head_dim(),
            cfg.num_attention_heads,
            cfg.kv_heads(),
        );
        Attention {
            q_proj: mk.linear(p, "q_proj", h, nh * hd),
            k_proj: mk.linear(p, "k_proj", h, nkv * hd),
            v_proj: mk.linear(p, "v_proj", h, nkv * hd),
            o_proj: mk.linear(p, "o_proj", nh * hd, h),
            q_norm: mk.norm(&(p / "q_norm"), hd),
            k_norm: mk.norm(&(p / "k_norm"), hd),
            num_heads: nh,
            num_kv_heads: nkv,
            head_dim: hd,
        }
    }

    /// `x` [B, T, H] -> [B, T, H]. With a cache, attends over the cached keys and values too and
    /// appends this chunk's.
    fn forward(
        &self,
        x: &Tensor,
        rotary: &Rotary,
        mask: &AttentionMask,
        cache: Option<&mut LayerCache>,
    ) -> Tensor {
        let (b, t) = (x.size()[0], x.size()[1]);
        let (nh, nkv, hd) = (self.num_heads, self.num_kv_heads, self.head_dim);
        let heads = |y: Tensor, n: i64| y.view([b, t, n, hd]);
        let q = self.q_norm.forward(&heads(self.q_proj.forward(x), nh));
        let k = self.k_norm.forward(&heads(self.k_proj.forward(x), nkv));
        let v = heads(self.v_proj.forward(x), nkv).transpose(1, 2);
        let q = rotary.apply(&q.transpose(1, 2));
        let k = rotary.apply(&k.transpose(1, 2));
        let (k, v) = match cache {
            Some(c) => c.append(k, v),
            None => (k, v),
        };
        let attn = sdpa(&q, &k, &v, mask, 1.0 / (hd as f64).sqrt());
        let attn = attn.transpose(1, 2).reshape([b, t, nh * hd]);
        self.o_proj.forward(&attn)
    }
}

/// The SwiGLU MLP: `down(silu(gate(x)) * up(x))`.
struct Mlp {
    gate_proj: LoraLinear,
    up_proj: LoraLinear,
    down_proj: LoraLinear,
}

impl Mlp {
    /// `p` is the layer's `mlp` path.
    fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let (h, i) = (cfg.hidden_size, cfg.intermediate_size);
        Mlp {
            gate_proj: mk.linear(p, "gate_proj", h, i),
            up_proj: mk.linear(p, "up_proj", h, i),
            down_proj: mk.linear(p, "down_proj", i, h),
        }
    }

    fn forward(&self, x: &Tensor) -> Tensor {
        let h = self.gate_proj.forward(x).silu() * self.up_proj.forward(x);
        self.down_proj.forward(&h)
    }
}

/// One pre-norm block: norm -> attention -> residual, norm -> MLP -> residual.
struct DecoderLayer {
    self_attn: Attention,
    mlp: Mlp,
    input_layernorm: RmsNorm,
    post_attention_layernorm: RmsNorm,
}

impl DecoderLayer {
    /// `p` is the layer's path (`model.layers.{i}`). Variables are made in the checkpoint's order
    /// (attention, norms, MLP), which fixes the random init and the optimizer's parameter order.
    fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let self_attn = Attention::new(&(p / "self_attn"), cfg, mk);
        let input_layernorm = mk.norm(&(p / "input_layernorm"), cfg.hidden_size);
        let post_attention_layernorm = mk.norm(&(p / "post_attention_layernorm"), cfg.hidden_size);
        let mlp = Mlp::new(&(p / "mlp"), cfg, mk);
        DecoderLayer {
            self_attn,
            mlp,
            input_layernorm,
            post_attention_layernorm,
        }
    }

    // `x + ..`, never `x += ..`: that would be tch's in-place add_, which breaks autograd and
    // could write into the caller's embeddings (to_kind may alias).
    fn forward(
        &self,
        x: &Tensor,
        rotary: &Rotary,
        mask: &AttentionMask,
        cache: Option<&mut LayerCache>,
    ) -> Tensor {
        let h = self.input_layernorm.forward(x);
        let x = x + self.self_attn.forward(&h, rotary, mask, cache);
        let h = self.post_attention_layernorm.forward(&x);
        &x + self.mlp.forward(&h)
    }
}

/// The Qwen3 causal language model.
pub struct CausalLm {
    cfg: ModelConfig,
    embed_tokens: Tensor,
    layers: Vec<DecoderLayer>,
    norm: RmsNorm,
    /// None when tied to `embed_tokens`.
    lm_head: Option<Tensor>,
    rotary: RotaryEmbedding,
    adapters_on: Arc<AtomicBool>,
    lora: Option<LoraConfig>,
    /// Embedding rows at or beyond this are padding rows, never sampled.
    token_limit: i64,
}

impl CausalLm {
    /// A new randomly initialised model (normal(0, initializer_range) weights, unit norms).
    /// With `lora`, the base is frozen and only the adapters require grad; without, every
    /// parameter is trainable (full fine-tuning / pretraining).
    pub fn new(
        vs: nn::Path,
        cfg: &ModelConfig,
        lora: Option<&LoraConfig>,
    ) -> Result<Self, ModelError> {
        Self::build(vs, cfg, lora, WeightInit::Normal(cfg.initializer_range))
    }

    /// The model with its variables under `vs` (the checkpoint's names), set as `init` says.
    pub(crate) fn build(
        vs: nn::Path,
        cfg: &ModelConfig,
        lora: Option<&LoraConfig>,
        init: WeightInit,
    ) -> Result<Self, ModelError> {
        cfg.validate()?;
        if let Some(l) = lora {
            l.validate()?;
        }
        let adapters_on = Arc::new(AtomicBool::new(true));
        let mk = Builder {
            lora,
            init,
            train_base: lora.is_none(),
            adapters_on: &adapters_on,
            eps: cfg.rms_norm_eps,
        };
        let model = &vs / "model";
        let embed_dims = [cfg.vocab_size, cfg.hidden_size];
        let embed_tokens = base_var(
            &(&model / "embed_tokens"),
            "weight",
            &embed_dims,
            init,
            mk.train_base,
        );
        let layers = (0..cfg.num_hidden_layers)
            .map(|i| DecoderLayer::new(&(&model / "layers" / i), cfg, &mk))
            .collect();
        let norm = mk.norm(&(&model / "norm"), cfg.hidden_size);
        let lm_head = (!cfg.tie_word_embeddings).then(|| {
            base_var(
                &(&vs / "lm_head"),
                "weight",
                &embed_dims,
                init,
                mk.train_base,
            )
        });
        let rotary = RotaryEmbedding::new(cfg.rope_theta()?, cfg.head_dim(), vs.device());
        Ok(CausalLm {
            cfg: cfg.clone(),
            embed_tokens,
            layers,
            norm,
            lm_head,
            rotary,
            adapters_on,
            lora: lora.cloned(),
            token_limit: cfg.vocab_size,
        })
    }

    pub fn config(&self) -> &ModelConfig {
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

    /// Whether the model has adapters and they are on.
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

    /// Sets the token limit (capped at the embedding's rows).
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

    /// Final (normed) hidden states [B, T, H] in the model's dtype. Counted for `bench --phases`
    /// while a bench records.
    pub fn forward_hidden(
        &self,
        input: Input,
        positions: &Tensor,
        pad_mask: Option<&Tensor>,
        cache: Option<&mut KvCache>,
    ) -> Tensor {
        let past = cache.as_ref().map_or(0, |c| c.len());
        let hidden = self.hidden_states(input, positions, pad_mask, cache);
        if phases::counting() {
            self.count_blocks(&hidden, past);
        }
        hidden
    }

    /// LM head on final hidden states (any leading shape), in f32 (f64 for an f64 model, which
    /// exact gradient checks use). Counted for `bench --phases` while a bench records.
    pub fn logits(&self, hidden: &Tensor) -> Tensor {
        let logits = self.head(hidden);
        if phases::counting() {
            self.count_lm_head(hidden, &logits);
        }
        logits
    }

    /// The network: embedding -> decoder layers -> final norm.
    fn hidden_states(
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
        let rotary = self.rotary.at(positions, x.kind());
        let mask = AttentionMask::new(pad_mask, b, t, past, x.device());
        for (i, layer) in self.layers.iter().enumerate() {
            let layer_cache = cache.as_deref_mut().map(|c| c.layer_mut(i));
            x = layer.forward(&x, &rotary, &mask, layer_cache);
        }
        self.norm.forward(&x)
    }

    /// The LM head's weight: `lm_head`, or the embedding when tied.
    fn lm_head_weight(&self) -> &Tensor {
        self.lm_head.as_ref().unwrap_or(&self.embed_tokens)
    }

    /// Logits of `hidden`, in f32 (f64 for an f64 model).
    fn head(&self, hidden: &Tensor) -> Tensor {
        let w = self.lm_head_weight();
        let out = if w.kind() == Kind::Double {
            Kind::Double
        } else {
            Kind::Float
        };
        hidden.linear::<Tensor>(w, None).to_kind(out)
    }

    /// Reports the decoder layers' FLOPs on `hidden` [B, T, H] after `past` cached positions.
    fn count_blocks(&self, hidden: &Tensor, past: i64) {
        let (b, t) = (hidden.size()[0], hidden.size()[1]);
        let lora = self.lora.as_ref().filter(|_| self.adapters_enabled());
        let f = flops::blocks(&self.cfg, lora, b, t, past);
        let trained = self.embed_tokens.requires_grad();
        phases::count_forward(f, b * t, hidden.requires_grad(), trained);
    }

    /// Reports the LM head's FLOPs on `hidden` (any leading shape).
    fn count_lm_head(&self, hidden: &Tensor, logits: &Tensor) {
        let rows = hidden.numel() as i64 / self.cfg.hidden_size;
        let f = flops::lm_head(&self.cfg, rows);
        let trained = self.lm_head_weight().requires_grad();
        phases::count_forward(f, 0, logits.requires_grad(), trained);
    }
}
