//! FLOPs of a model counted from its shape (the numerator of the MFU figures), per family.
//!
//! A multiply-add is 2 FLOPs. A forward of T new tokens after `past` cached ones costs 2 FLOPs
//! per weight per token in the projections and the MLP, plus causal attention: query j (of T)
//! attends to `past + j + 1` keys, 2 x head_dim FLOPs for the score and 2 x head_dim for the
//! weighted value, per head. A linear-attention layer (Qwen3.5) instead reads and writes its
//! state [k_dim, v_dim] per value head and token: 6 x k_dim x v_dim (what the state is asked,
//! its update, the output), plus its depthwise convolution (2 x kernel per channel). The LM head
//! is counted where it is applied (often at a few rows only). A sparse (MoE) layer counts what a
//! token actually runs: the router (hidden x experts), its top-k experts (gate, up and down of
//! the expert width) and, on Qwen3.5 MoE, the shared expert and its one-output gate; the experts
//! it skips cost nothing. Frost's Taylor estimate adds one product outside the model, `g @ E^T`
//! ([`substitution_products`]). Norms, rotary, softmax, gates and the like are left out (a few
//! percent at most).

use crate::model::{LoraConfig, MixerKind, ModelConfig};

/// The FLOPs of one forward, in parts, since their backward costs differ.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ForwardFlops {
    /// Base weights: projections, MLP, LM head.
    pub weights: f64,
    /// Attention's two products (scores and weighted values).
    pub attention: f64,
    /// LoRA adapters (2 r (in + out) per adapted projection per token), when they are on.
    pub lora: f64,
}

impl ForwardFlops {
    pub fn total(&self) -> f64 {
        self.weights + self.attention + self.lora
    }

    /// The backward's FLOPs: every product needs the gradient of its input (as many FLOPs as the
    /// forward), and of its weights only where those are trained (the base under full
    /// fine-tuning; the adapters always); attention's two products have two differentiable
    /// operands each.
    pub fn backward(&self, base_trained: bool) -> f64 {
        self.backward_parts(base_trained).total()
    }

    /// [`Self::backward`] by part.
    pub fn backward_parts(&self, base_trained: bool) -> ForwardFlops {
        let base = if base_trained { 2.0 } else { 1.0 };
        ForwardFlops {
            weights: base * self.weights,
            attention: 2.0 * self.attention,
            lora: 2.0 * self.lora,
        }
    }
}

/// The transformer blocks (not the LM head) on `b` rows of `t` new tokens after `past` cached
/// positions; `lora` when the adapters are on.
pub fn blocks(
    cfg: &ModelConfig,
    lora: Option<&LoraConfig>,
    b: i64,
    t: i64,
    past: i64,
) -> ForwardFlops {
    let (h, i, hd) = (cfg.hidden_size, cfg.intermediate_size, cfg.head_dim());
    let (nh, nkv) = (cfg.num_attention_heads, cfg.kv_heads());
    // Qwen3.5's q_proj also yields the output gate.
    let q_out = if cfg.qwen3_5_style() {
        2 * nh * hd
    } else {
        nh * hd
    };
    let mlp = [("gate_proj", h, i), ("up_proj", h, i), ("down_proj", i, h)];
    // A sparse layer's products per token; the shared expert's projections and gate carry
    // adapters when targeted, each of the top-k experts when `target_parameters` names them.
    let m = cfg.moe_dims();
    let routed = h * m.num_experts + m.top_k * 3 * h * m.inter;
    let experts_adapted = lora.map_or(0, |l| {
        let gate_up = l.targets_experts("gate_up_proj") as i64 * (h + 2 * m.inter);
        let down = l.targets_experts("down_proj") as i64 * (m.inter + h);
        m.top_k * l.r * (gate_up + down)
    });
    let shared: Vec<(&str, i64, i64)> = match m.shared_inter {
        0 => vec![],
        s => vec![
            ("gate_proj", h, s),
            ("up_proj", h, s),
            ("down_proj", s, h),
            ("shared_expert_gate", h, 1),
        ],
    };
    // (name, in, out) of each projection of an attention block and of a linear one.
    let attention = [
        ("q_proj", h, q_out),
        ("k_proj", h, nkv * hd),
        ("v_proj", h, nkv * hd),
        ("o_proj", nh * hd, h),
    ];
    let d = cfg.linear_dims();
    let linear = [
        ("in_proj_qkv", h, d.conv_dim()),
        ("in_proj_z", h, d.value_dim()),
        ("in_proj_b", h, d.num_v_heads),
        ("in_proj_a", h, d.num_v_heads),
        ("out_proj", d.value_dim(), h),
    ];
    let tokens = (b * t) as f64;
    let weights = |p: &[(&str, i64, i64)]| p.iter().map(|(_, i, o)| i * o).sum::<i64>();
    let adapted = |p: &[(&str, i64, i64)]| {
        lora.map_or(0, |l| {
            (p.iter())
                .filter(|(name, _, _)| l.targets(name))
                .map(|(_, i, o)| l.r * (i + o))
                .sum::<i64>()
        })
    };
    // Keys attended over the T queries of a row: sum over j of (past + j + 1).
    let keys = (t * past + t * (t + 1) / 2) as f64;
    let mut f = ForwardFlops::default();
    for (mixer, sparse) in cfg.mixers().into_iter().zip(cfg.sparse_layers()) {
        let (proj, mixing) = match mixer {
            MixerKind::Attention => (&attention[..], 4.0 * (nh * hd) as f64 * keys * b as f64),
            MixerKind::Linear => {
                let state = 6 * d.num_v_heads * d.k_head_dim * d.v_head_dim;
                let conv = 2 * d.conv_dim() * d.conv_kernel;
                (&linear[..], (state + conv) as f64 * tokens)
            }
        };
        let (ffn, ffn_adapted) = if sparse {
            (
                routed + weights(&shared),
                adapted(&shared) + experts_adapted,
            )
        } else {
            (weights(&mlp), adapted(&mlp))
        };
        f.weights += 2.0 * (weights(proj) + ffn) as f64 * tokens;
        f.attention += mixing;
        f.lora += 2.0 * (adapted(proj) + ffn_adapted) as f64 * tokens;
    }
    f
}

/// The LM head on `rows` hidden states.
pub fn lm_head(cfg: &ModelConfig, rows: i64) -> ForwardFlops {
    ForwardFlops {
        weights: 2.0 * (cfg.hidden_size * cfg.vocab_size * rows) as f64,
        ..ForwardFlops::default()
    }
}

/// Frost's Taylor estimate's `g @ E^T` (judge/taylor.rs): each of `rows` move positions'
/// gradient [H] against every one of the `vocab` input embeddings [H], one product per
/// substitution. No graph: counted as a forward alone.
pub fn substitution_products(rows: i64, hidden: i64, vocab: i64) -> ForwardFlops {
    ForwardFlops {
        weights: 2.0 * (rows * hidden * vocab) as f64,
        ..ForwardFlops::default()
    }
}

/// A whole forward of `b` sequences of `t` tokens with logits at every position.
pub fn full_forward(cfg: &ModelConfig, lora: Option<&LoraConfig>, b: i64, t: i64) -> f64 {
    blocks(cfg, lora, b, t, 0).total() + lm_head(cfg, b * t).total()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// vocab 10, hidden 4, intermediate 6, 2 layers, 2 heads / 1 kv head of dim 2.
    fn tiny() -> ModelConfig {
        ModelConfig::new(10, 4, 6, 2, 2, 1, 2, true)
    }

    #[test]
    fn flops_match_a_hand_count() {
        let cfg = tiny();
        // Per block: q 4x4 = 16, k 4x2 = 8, v 8, o 4x4 = 16, MLP 3 x 4x6 = 72: 120 weights.
        // 3 new tokens after 2 cached: 2 x 120 x 2 layers x 3 tokens = 1440.
        // Keys: 3 + 4 + 5 = 12; 4 x (2 heads x 2 dims) x 12 = 192 per layer, 384 in all.
        let f = blocks(&cfg, None, 1, 3, 2);
        assert_eq!((f.weights, f.attention, f.lora), (1440.0, 384.0, 0.0));
        // Two rows: twice as much.
        assert_eq!(blocks(&cfg, None, 2, 3, 2).total(), 2.0 * 1824.0);
        // LoRA r=1 on q_proj only: 2 x 1 x (4 + 4) x 3 tokens x 2 layers = 96.
        let mut lora = LoraConfig::new(1, 1.0);
        lora.target_modules = vec!["q_proj".into()];
        assert_eq!(blocks(&cfg, Some(&lora), 1, 3, 2).lora, 96.0);
        // All seven projections, r=2: (8+6+6+8+10+10+10) x 2 x 2 x 3 x 2 = 1392.
        let all = LoraConfig::new(2, 1.0);
        assert_eq!(blocks(&cfg, Some(&all), 1, 3, 2).lora, 1392.0);
        // `all-linear` is the seven on Qwen3.
        let mut every = all.clone();
        every.target_modules = vec![LoraConfig::ALL_LINEAR.into()];
        assert_eq!(blocks(&cfg, Some(&every), 1, 3, 2).lora, 1392.0);
        // LM head on 3 rows: 2 x 4 x 10 x 3.
        assert_eq!(lm_head(&cfg, 3).total(), 240.0);
        // The Taylor estimate's g @ E^T: 2 parents x 3 positions against 10 embeddings of 4.
        assert_eq!(
            substitution_products(6, 4, 10).total(),
            2.0 * 6.0 * 4.0 * 10.0
        );
        // No cache, causal: keys 1 + 2 + 3 = 6 -> 4 x 4 x 6 x 2 layers = 192; plus the head.
        assert_eq!(full_forward(&cfg, None, 1, 3), 1440.0 + 192.0 + 240.0);
        // Backward: input gradients only for frozen weights, twice for attention and adapters.
        let f = ForwardFlops {
            weights: 10.0,
            attention: 1.0,
            lora: 3.0,
        };
        assert_eq!(f.backward(false), 10.0 + 2.0 + 6.0);
        assert_eq!(f.backward(true), 20.0 + 2.0 + 6.0);
    }

    /// The tiny shape as a Qwen3.5 hybrid of `model_type`: layers (linear, full), full rotary,
    /// linear attention of 1 k head and 2 v heads of dim 2, kernel 2.
    fn tiny_hybrid(model_type: &str) -> ModelConfig {
        let mut cfg = tiny();
        cfg.model_type = Some(model_type.into());
        cfg.layer_types = Some(vec!["linear_attention".into(), "full_attention".into()]);
        cfg.partial_rotary_factor = Some(1.0);
        cfg.linear_num_key_heads = Some(1);
        cfg.linear_num_value_heads = Some(2);
        cfg.linear_key_head_dim = Some(2);
        cfg.linear_value_head_dim = Some(2);
        cfg.linear_conv_kernel_dim = Some(2);
        cfg
    }

    #[test]
    fn qwen3_5_flops_count_each_layer_by_its_mixer() {
        // hidden 4, 2 layers (linear, full), 2 heads / 1 kv head of dim 2; linear attention:
        // 1 k head and 2 v heads of dim 2, kernel 2.
        let cfg = tiny_hybrid("qwen3_5_text");
        cfg.validate().unwrap();
        // Full layer: q (with gate) 4x8 = 32, k 8, v 8, o 16, MLP 72: 136 weights.
        // Linear layer: qkv 4x(2+2+4) = 32, z 4x4 = 16, b 8, a 8, out 16, MLP 72: 152.
        // 3 tokens, no cache: 2 x (136 + 152) x 3 = 1728.
        let f = blocks(&cfg, None, 1, 3, 0);
        assert_eq!(f.weights, 1728.0);
        // Full attention: 4 x 4 x (1 + 2 + 3) = 96; linear: (6 x 2 x 2 x 2 + 2 x 8 x 2) x 3 = 240.
        assert_eq!(f.attention, 96.0 + 240.0);
        // LoRA r=1 on out_proj only: 2 x (4 + 4) x 3 tokens, one layer.
        let mut lora = LoraConfig::new(1, 1.0);
        lora.target_modules = vec!["out_proj".into()];
        assert_eq!(blocks(&cfg, Some(&lora), 1, 3, 0).lora, 48.0);
    }

    #[test]
    fn qwen3_moe_flops_count_the_router_and_the_top_k_experts() {
        // The tiny shape, 4 experts of width 3, top-2; layer 0 stays dense.
        let mut cfg = tiny();
        cfg.model_type = Some("qwen3_moe".into());
        cfg.num_experts = Some(4);
        cfg.num_experts_per_tok = Some(2);
        cfg.moe_intermediate_size = Some(3);
        cfg.mlp_only_layers = Some(vec![0]);
        cfg.validate().unwrap();
        // Dense layer: attention 48 + MLP 72 = 120. Sparse layer: attention 48, router 4x4 = 16,
        // 2 experts x 3 x 4x3 = 72: 136. 3 tokens, no cache: 2 x (120 + 136) x 3 = 1536.
        let f = blocks(&cfg, None, 1, 3, 0);
        assert_eq!(f.weights, 1536.0);
        // Attention is the dense model's: 4 x 4 x (1 + 2 + 3) x 2 layers.
        assert_eq!(f.attention, 192.0);
        // Default LoRA r=1: dense layer q 8 + k 6 + v 6 + o 8 + MLP 3 x 10 = 58; the sparse
        // layer's experts carry none: 28. 2 x 86 x 3 tokens = 516.
        assert_eq!(
            blocks(&cfg, Some(&LoraConfig::new(1, 1.0)), 1, 3, 0).lora,
            516.0
        );
        // With the experts targeted too, each of the 2 routes adds r (4 + 6) for gate_up_proj
        // and r (3 + 4) for down_proj: 28 + 34 = 62. 2 x (58 + 62) x 3 = 720.
        let mut experts = LoraConfig::new(1, 1.0);
        experts.target_parameters = LoraConfig::EXPERT_TARGETS.map(String::from).to_vec();
        assert_eq!(blocks(&cfg, Some(&experts), 1, 3, 0).lora, 720.0);
        // `decoder_sparse_step` 2 makes the same layer (the second) sparse.
        let mut step = cfg.clone();
        step.mlp_only_layers = None;
        step.decoder_sparse_step = Some(2);
        assert_eq!(blocks(&step, None, 1, 3, 0).weights, 1536.0);
        // Every layer sparse: 2 x (136 + 136) x 3.
        let mut all = cfg.clone();
        all.mlp_only_layers = None;
        assert_eq!(blocks(&all, None, 1, 3, 0).weights, 1632.0);
    }

    #[test]
    fn qwen3_5_moe_flops_add_the_shared_expert_and_its_gate() {
        // The Qwen3.5 shape above, every MLP sparse: 4 experts of width 3, top-2, a shared
        // expert of width 5; no dense width at all.
        let mut cfg = tiny_hybrid("qwen3_5_moe_text");
        cfg.intermediate_size = 0;
        cfg.num_experts = Some(4);
        cfg.num_experts_per_tok = Some(2);
        cfg.moe_intermediate_size = Some(3);
        cfg.shared_expert_intermediate_size = Some(5);
        cfg.validate().unwrap();
        // Full layer's projections 64, linear layer's 80. Sparse MLP: router 16, 2 experts 72,
        // shared expert 3 x 4x5 = 60, its gate 4: 152. 2 x (64 + 80 + 2 x 152) x 3 = 2688.
        let f = blocks(&cfg, None, 1, 3, 0);
        assert_eq!(f.weights, 2688.0);
        assert_eq!(f.attention, 96.0 + 240.0);
        // Default LoRA r=1: full layer q 12 + k 6 + v 6 + o 8 = 32; each shared expert's
        // gate/up/down 3 x 9 = 27 (its gate is not among the seven): 2 x (32 + 54) x 3 = 516.
        assert_eq!(
            blocks(&cfg, Some(&LoraConfig::new(1, 1.0)), 1, 3, 0).lora,
            516.0
        );
        // `all-linear` adds the linear layer's 12 + 8 + 6 + 6 + 8 = 40 and each shared gate's
        // 4 + 1 = 5: 2 x (32 + 40 + 2 x 32) x 3 = 816.
        let mut every = LoraConfig::new(1, 1.0);
        every.target_modules = vec![LoraConfig::ALL_LINEAR.into()];
        assert_eq!(blocks(&cfg, Some(&every), 1, 3, 0).lora, 816.0);
    }

    /// The published Qwen3-30B-A3B runs about 3.3B parameters per token (embedding included):
    /// half the FLOPs of one token through the blocks and the head, plus the embedding.
    #[test]
    fn the_qwen3_30b_a3b_shape_runs_its_published_active_parameters() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../configs/shapes/qwen3-30b-a3b"
        );
        let text = std::fs::read_to_string(format!("{dir}/config.json")).unwrap();
        let cfg = ModelConfig::from_json(serde_json::from_str(&text).unwrap()).unwrap();
        let embed = (cfg.vocab_size * cfg.hidden_size) as f64;
        let active = (blocks(&cfg, None, 1, 1, 0).weights + lm_head(&cfg, 1).weights) / 2.0 + embed;
        assert!((3.3e9..3.4e9).contains(&active), "{active}");
        // Far below a dense count of the same layers (30.5B parameters in all).
        assert!(active < cfg.parameter_count() as f64 / 8.0);
    }
}
