//! The causal LM every family shares: embedding, decoder layers, final norm, tied or untied LM
//! head. A layer is a token mixer (full attention, or Qwen3.5's linear attention) and an MLP
//! (dense, or mixture-of-experts) between two RMSNorms; the blocks are in `blocks.rs`,
//! `attention.rs` and the family files (`qwen3_5.rs`; `moe.rs`, the MoE MLP of both MoE families), the config in
//! `config.rs` and `families.rs`, the cache in `layer_states.rs`.
//!
//! Variable names match the Hugging Face checkpoint (`model.layers.0.self_attn.q_proj.weight`,
//! or `model.language_model.layers.0...` in a multimodal Qwen3.5 checkpoint), so loading is a
//! name-for-name copy. The forwards are pure: the FLOPs `bench --phases` reports are counted at
//! the model boundary (`CausalLm::forward_hidden`, `CausalLm::logits`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tch::{nn, Kind, Tensor};

use super::attention::{Attention, AttentionMask};
use super::blocks::{Builder, Mlp, RmsNorm, Rotary, RotaryEmbedding};
use super::config::ModelConfig;
use super::families::MixerKind;
use super::layer_states::{LayerState, LayerStates};
use super::lora::{LoraConfig, WeightInit};
use super::moe::Moe;
use super::qwen3_5::GatedDeltaNet;
use super::tensor_parallel::Shard;
use super::vocab_ends::VocabEnds;
use super::ModelError;
use crate::instrument::{flops, phases};

/// What the network reads: token ids, or input embeddings (Frost differentiates through them).
pub enum Input<'a> {
    /// [B, T] i64.
    Ids(&'a Tensor),
    /// [B, T, H], any float kind (cast to the model's).
    Embeds(&'a Tensor),
}

/// A layer's token mixer.
enum Mixer {
    Attention(Attention),
    Linear(GatedDeltaNet),
}

/// A layer's MLP.
enum Ffn {
    // Boxed, both: a layer's projections with their split and the experts differ in size.
    Dense(Box<Mlp>),
    Sparse(Box<Moe>),
}

impl Ffn {
    /// The output, and a sparse MLP's router logits [B*T, E].
    fn forward(&self, x: &Tensor) -> (Tensor, Option<Tensor>) {
        match self {
            Ffn::Dense(m) => (m.forward(x), None),
            Ffn::Sparse(m) => {
                let (out, logits) = m.forward(x);
                (out, Some(logits))
            }
        }
    }
}

/// One sparse layer's router logits from one forward, for the load-balancing loss
/// ([`super::router_loss`]).
pub struct RouterLogits {
    /// [B*T, E], in the model's dtype.
    pub logits: Tensor,
    /// [B*T] bool, true = a real token (None: every row is).
    pub real: Option<Tensor>,
}

/// What one forward's layers share: rotary tables, the attention mask, and which of this
/// chunk's positions are real tokens (for linear attention).
struct Context<'a> {
    rotary: &'a Rotary,
    mask: &'a AttentionMask,
    real: Option<&'a Tensor>,
}

/// One pre-norm block: norm -> mixer -> residual, norm -> MLP -> residual.
struct DecoderLayer {
    mixer: Mixer,
    mlp: Ffn,
    input_layernorm: RmsNorm,
    post_attention_layernorm: RmsNorm,
}

impl DecoderLayer {
    /// `p` is the layer's path (`model.layers.{i}`). Variables are made in the checkpoint's order
    /// (mixer, norms, MLP), which fixes the random init and the optimizer's parameter order.
    fn new(p: &nn::Path, cfg: &ModelConfig, kind: MixerKind, sparse: bool, mk: &Builder) -> Self {
        let mixer = match kind {
            MixerKind::Attention => Mixer::Attention(Attention::new(&(p / "self_attn"), cfg, mk)),
            MixerKind::Linear => Mixer::Linear(GatedDeltaNet::new(&(p / "linear_attn"), cfg, mk)),
        };
        let input_layernorm = mk.norm(&(p / "input_layernorm"), cfg.hidden_size);
        let post_attention_layernorm = mk.norm(&(p / "post_attention_layernorm"), cfg.hidden_size);
        let mlp = match sparse {
            true => Ffn::Sparse(Box::new(Moe::new(&(p / "mlp"), cfg, mk))),
            false => Ffn::Dense(Box::new(Mlp::new(
                &(p / "mlp"),
                cfg.hidden_size,
                cfg.intermediate_size,
                mk,
            ))),
        };
        DecoderLayer {
            mixer,
            mlp,
            input_layernorm,
            post_attention_layernorm,
        }
    }

    // `x + ..`, never `x += ..`: that would be tch's in-place add_, which breaks autograd and
    // could write into the caller's embeddings (to_kind may alias).
    /// The layer's output, and its router logits when its MLP is sparse.
    fn forward(
        &self,
        x: &Tensor,
        ctx: &Context,
        cache: Option<&mut LayerState>,
    ) -> (Tensor, Option<Tensor>) {
        let h = self.input_layernorm.forward(x);
        let mixed = match (&self.mixer, cache) {
            (Mixer::Attention(a), None) => a.forward(&h, ctx.rotary, ctx.mask, None),
            (Mixer::Attention(a), Some(c)) => {
                let mut kv = c.kv();
                let out = a.forward(&h, ctx.rotary, ctx.mask, Some(&mut kv));
                if let Some((k, v)) = kv {
                    *c = LayerState::Attention(k, v);
                }
                out
            }
            (Mixer::Linear(l), None) => l.forward(&h, ctx.real, None),
            (Mixer::Linear(l), Some(c)) => {
                let mut state = c.take_linear();
                let out = l.forward(&h, ctx.real, Some(&mut state));
                if let Some(s) = state {
                    *c = LayerState::Linear(s);
                }
                out
            }
        };
        let x = x + mixed;
        let h = self.post_attention_layernorm.forward(&x);
        let (out, router) = self.mlp.forward(&h);
        (&x + out, router)
    }
}

/// The causal language model of every supported family.
pub struct CausalLm {
    cfg: ModelConfig,
    /// The embedding and the LM head (split by vocabulary rows on a split model).
    ends: VocabEnds,
    layers: Vec<DecoderLayer>,
    norm: RmsNorm,
    rotary: RotaryEmbedding,
    adapters_on: Arc<AtomicBool>,
    lora: Option<LoraConfig>,
    /// Embedding rows at or beyond this are padding rows, never sampled.
    token_limit: i64,
    /// While [`CausalLm::record_router_logits`] runs: every sparse layer's router logits.
    router_log: Mutex<Option<Vec<RouterLogits>>>,
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
        Self::build(
            vs,
            cfg,
            lora,
            WeightInit::Normal(cfg.initializer_range),
            None,
        )
    }

    /// This rank's share of a tensor-parallel model (docs/scaling.md): the decoder layers'
    /// attention by heads, MLPs by intermediate columns and an MoE's experts whole (E / T each),
    /// LoRA adapters whole (randomly initialised as [`CausalLm::new`]; a checkpoint's slices
    /// are copied in by the caller), the embedding and the LM head by vocabulary rows. Every
    /// family under LoRA; full fine-tuning is refused in one line.
    pub fn new_sharded(
        vs: nn::Path,
        cfg: &ModelConfig,
        lora: Option<&LoraConfig>,
        shard: &Shard,
    ) -> Result<Self, ModelError> {
        if shard.group.size > 1 {
            Self::check_splittable(lora)?;
        }
        let init = WeightInit::Normal(cfg.initializer_range);
        Self::build(vs, cfg, lora, init, Some(shard))
    }

    /// What a split model trains: LoRA adapters on a frozen base (every family); a split base
    /// that trains is refused (its gradients are not summed over the group). A frozen split
    /// model (a separate judge) needs nothing.
    pub(crate) fn check_splittable(lora: Option<&LoraConfig>) -> Result<(), ModelError> {
        let refuse = |what: &str| Err(ModelError::config("parallel.tensor", what.to_string()));
        if lora.is_none() {
            return refuse("a split model trains LoRA adapters on a frozen base: set model.lora");
        }
        Ok(())
    }

    /// The model with its variables under `vs` (the checkpoint's names), set as `init` says.
    pub(crate) fn build(
        vs: nn::Path,
        cfg: &ModelConfig,
        lora: Option<&LoraConfig>,
        init: WeightInit,
        shard: Option<&Shard>,
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
            zero_centred: cfg.qwen3_5_style(),
            shard,
        };
        let mut parts = cfg.decoder_prefix().split('.');
        let mut model = vs.sub(parts.next().unwrap_or("model"));
        for part in parts {
            model = model.sub(part);
        }
        let dims = [cfg.vocab_size, cfg.hidden_size];
        let mut ends = VocabEnds::new(&model, dims, (init, mk.train_base), shard);
        let kinds = cfg.mixers().into_iter().zip(cfg.sparse_layers());
        let layers = (kinds.enumerate())
            .map(|(i, (kind, sparse))| {
                DecoderLayer::new(&(&model / "layers" / i), cfg, kind, sparse, &mk)
            })
            .collect();
        let norm = mk.norm(&(&model / "norm"), cfg.hidden_size);
        if !cfg.tie_word_embeddings {
            ends.add_head(&vs, (init, mk.train_base));
        }
        let rotary = RotaryEmbedding::new(cfg.rope_theta()?, cfg.rotary_dim(), vs.device());
        Ok(CausalLm {
            cfg: cfg.clone(),
            ends,
            layers,
            norm,
            rotary,
            adapters_on,
            lora: lora.cloned(),
            token_limit: cfg.vocab_size,
            router_log: Mutex::new(None),
        })
    }

    pub fn config(&self) -> &ModelConfig {
        &self.cfg
    }

    /// The input embedding matrix E [V_emb, H] (on a split model this rank's rows of it).
    pub fn embed_weight(&self) -> &Tensor {
        self.ends.embed_weight()
    }

    /// The input embeddings of `ids` [..]: [.., H] in the model's dtype.
    pub fn embed(&self, ids: &Tensor) -> Tensor {
        self.ends.embed(ids)
    }

    /// `g . E_v` for every embedding row v (Frost's first-order term): `g` [.., H] -> [.., V_emb]
    /// in the model's dtype, without gradient.
    pub fn embed_products(&self, g: &Tensor) -> Tensor {
        self.ends.embed_products(g)
    }

    /// `log p(targets | hidden)` [N] in f32 for final hidden states `hidden` [N, H] and token
    /// ids `targets` [N]: the logits' log-softmax at the targets (on a split model without
    /// gathering whole rows). Counted for `bench --phases` as [`CausalLm::logits`] is.
    pub fn token_logprobs(&self, hidden: &Tensor, targets: &Tensor) -> Tensor {
        let lp = self.ends.token_logprobs(hidden, targets);
        if phases::counting() {
            self.count_lm_head(hidden, &lp);
        }
        lp
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
        self.ends.embed_weight().device()
    }

    /// The dtype of the base weights.
    pub fn kind(&self) -> Kind {
        self.ends.embed_weight().kind()
    }

    /// Runs `f` and returns, with its result, the router logits of every sparse layer of every
    /// forward it made, in order (the load-balancing loss reads them).
    pub fn record_router_logits<T>(&self, f: impl FnOnce() -> T) -> (T, Vec<RouterLogits>) {
        *self.router_log() = Some(Vec::new());
        let out = f();
        let logs = self.router_log().take().unwrap_or_default();
        (out, logs)
    }

    fn router_log(&self) -> std::sync::MutexGuard<'_, Option<Vec<RouterLogits>>> {
        self.router_log.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn new_cache(&self) -> LayerStates {
        LayerStates::new(self.layers.len())
    }

    /// Logits [B, T, V_emb] in f32. `positions` [B, T] i64; `pad_mask` [B, S] bool (true = real
    /// token), S = cached + T. With a cache, this chunk's keys/values are appended to it.
    pub fn forward(
        &self,
        input: Input,
        positions: &Tensor,
        pad_mask: Option<&Tensor>,
        cache: Option<&mut LayerStates>,
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
        cache: Option<&mut LayerStates>,
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
        let logits = self.ends.logits(hidden);
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
        mut cache: Option<&mut LayerStates>,
    ) -> Tensor {
        let mut x = match input {
            Input::Ids(ids) => self.ends.embed(ids),
            Input::Embeds(e) => e.to_kind(self.kind()),
        };
        let (b, t) = (x.size()[0], x.size()[1]);
        let past = cache.as_ref().map_or(0, |c| c.len());
        let rotary = self.rotary.at(positions, x.kind());
        let mask = AttentionMask::new(pad_mask, b, t, past, x.device());
        let real = pad_mask.map(|m| m.narrow(1, past, t));
        let ctx = Context {
            rotary: &rotary,
            mask: &mask,
            real: real.as_ref(),
        };
        for (i, layer) in self.layers.iter().enumerate() {
            let layer_cache = cache.as_deref_mut().map(|c| c.layer_mut(i));
            let (out, router) = layer.forward(&x, &ctx, layer_cache);
            x = out;
            if let (Some(log), Some(logits)) = (self.router_log().as_mut(), router) {
                let real = real.as_ref().map(|r| r.reshape([-1]));
                log.push(RouterLogits { logits, real });
            }
        }
        if let Some(c) = cache {
            c.advance(t);
        }
        self.norm.forward(&x)
    }

    /// Reports the decoder layers' FLOPs on `hidden` [B, T, H] after `past` cached positions.
    fn count_blocks(&self, hidden: &Tensor, past: i64) {
        let (b, t) = (hidden.size()[0], hidden.size()[1]);
        let lora = self.lora.as_ref().filter(|_| self.adapters_enabled());
        let f = flops::blocks(&self.cfg, lora, b, t, past);
        let trained = self.ends.embed_weight().requires_grad();
        phases::count_forward(f, b * t, hidden.requires_grad(), trained);
    }

    /// Reports the LM head's FLOPs on `hidden` (any leading shape).
    fn count_lm_head(&self, hidden: &Tensor, logits: &Tensor) {
        let rows = hidden.numel() as i64 / self.cfg.hidden_size;
        let f = flops::lm_head(&self.cfg, rows);
        let trained = self.ends.head_weight().requires_grad();
        phases::count_forward(f, 0, logits.requires_grad(), trained);
    }
}
