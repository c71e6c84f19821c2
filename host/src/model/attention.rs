//! Full attention: the block (grouped-query, per-head q/k norms, Qwen3.5's output gate), its
//! kernel call and the mask of one forward, shared by every layer: which cached and new keys
//! each new query attends to, given the padding.

use tch::{nn, Device, Kind, Tensor};

use std::sync::Arc;

use super::blocks::{enter, Builder, RmsNorm, Rotary};
use super::config::ModelConfig;
use super::lora::LoraLinear;
use crate::dist::Group;

/// Grouped-query self-attention with RMSNorm on every query and key head; with `gated`
/// (Qwen3.5), `q_proj` yields per head [query | gate] and the output is scaled by
/// sigmoid(gate) before `o_proj`. On a shard, this rank's query heads and the key/value heads
/// they read (o by columns: one all-reduce).
pub(super) struct Attention {
    q_proj: LoraLinear,
    k_proj: LoraLinear,
    v_proj: LoraLinear,
    o_proj: LoraLinear,
    q_norm: RmsNorm,
    k_norm: RmsNorm,
    num_heads: i64,
    num_kv_heads: i64,
    head_dim: i64,
    gated: bool,
    group: Option<Arc<Group>>,
}

impl Attention {
    /// `p` is the layer's `self_attn` path.
    pub(super) fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let (h, hd, nh, nkv) = (
            cfg.hidden_size,
            cfg.head_dim(),
            cfg.num_attention_heads,
            cfg.kv_heads(),
        );
        let gated = cfg.qwen3_5_style();
        let q_out = if gated { 2 * nh * hd } else { nh * hd };
        Attention {
            q_proj: mk.linear(p, "q_proj", h, q_out),
            k_proj: mk.linear(p, "k_proj", h, nkv * hd),
            v_proj: mk.linear(p, "v_proj", h, nkv * hd),
            o_proj: mk.linear(p, "o_proj", nh * hd, h),
            q_norm: mk.norm(&(p / "q_norm"), hd),
            k_norm: mk.norm(&(p / "k_norm"), hd),
            num_heads: mk.per_rank(nh),
            // More ranks than key/value heads: each rank holds the one its queries read.
            num_kv_heads: mk.per_rank(nkv).max(1),
            head_dim: hd,
            gated,
            group: mk.group(),
        }
    }

    /// `x` [B, T, H] -> [B, T, H]. With a cache (`kv`), attends over the cached keys and values
    /// too and appends this chunk's.
    pub(super) fn forward(
        &self,
        x: &Tensor,
        rotary: &Rotary,
        mask: &AttentionMask,
        kv: Option<&mut Option<(Tensor, Tensor)>>,
    ) -> Tensor {
        let (b, t) = (x.size()[0], x.size()[1]);
        let (nh, nkv, hd) = (self.num_heads, self.num_kv_heads, self.head_dim);
        let x = &enter(&self.group, x);
        let heads = |y: Tensor, n: i64| y.view([b, t, n, hd]);
        let (q, gate) = if self.gated {
            let qg = self.q_proj.forward(x).view([b, t, nh, 2 * hd]);
            let gate = qg.narrow(-1, hd, hd).reshape([b, t, nh * hd]);
            (qg.narrow(-1, 0, hd), Some(gate))
        } else {
            (heads(self.q_proj.forward(x), nh), None)
        };
        let q = self.q_norm.forward(&q);
        let k = self.k_norm.forward(&heads(self.k_proj.forward(x), nkv));
        let v = heads(self.v_proj.forward(x), nkv).transpose(1, 2);
        let q = rotary.apply(&q.transpose(1, 2));
        let k = rotary.apply(&k.transpose(1, 2));
        let (k, v) = match kv {
            Some(slot) => append(slot, k, v),
            None => (k, v),
        };
        let attn = sdpa(&q, &k, &v, mask, 1.0 / (hd as f64).sqrt());
        let attn = attn.transpose(1, 2).reshape([b, t, nh * hd]);
        let attn = match gate {
            Some(g) => attn * g.sigmoid(),
            None => attn,
        };
        self.o_proj.forward(&attn)
    }
}

/// Appends this chunk's keys and values [B, kv_heads, T, head_dim] to a layer's cache and
/// returns those of every position so far.
fn append(slot: &mut Option<(Tensor, Tensor)>, k: Tensor, v: Tensor) -> (Tensor, Tensor) {
    let (k, v) = match slot {
        Some((pk, pv)) => (Tensor::cat(&[&*pk, &k], 2), Tensor::cat(&[&*pv, &v], 2)),
        None => (k, v),
    };
    *slot = Some((k.shallow_clone(), v.shallow_clone()));
    (k, v)
}

/// Which keys each query attends to, as SDPA takes it: a boolean mask [B, 1, T, S] or none,
/// and whether SDPA applies the causal mask itself.
pub(super) struct AttentionMask {
    pub(super) mask: Option<Tensor>,
    pub(super) is_causal: bool,
}

impl AttentionMask {
    /// `t` new tokens of `b` rows after `past` cached ones; `pad_mask` [B, S] bool (true = real
    /// token), S = past + T.
    pub(super) fn new(pad_mask: Option<&Tensor>, b: i64, t: i64, past: i64, dev: Device) -> Self {
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
        AttentionMask { mask, is_causal }
    }
}

/// Scaled dot-product attention of `q` [B, H, T, D] over `k`, `v` [B, H_kv, S, D]. torch's
/// dispatcher rules out its fused kernels for a GQA call with an explicit mask (flash takes no
/// mask, memory-efficient no GQA), leaving the math kernel, which materializes [B, H, T, S]: so
/// with a mask the K/V heads are repeated to H (what GQA means) and the call is a plain one;
/// without a mask GQA stays native (flash handles it).
pub(super) fn sdpa(q: &Tensor, k: &Tensor, v: &Tensor, mask: &AttentionMask, scale: f64) -> Tensor {
    let (nh, nkv) = (q.size()[1], k.size()[1]);
    let gqa = nkv != nh;
    match &mask.mask {
        Some(m) if gqa => {
            let rep = |t: &Tensor| t.repeat_interleave_self_int(nh / nkv, 1, None);
            Tensor::scaled_dot_product_attention(
                q,
                &rep(k),
                &rep(v),
                Some(m),
                0.0,
                mask.is_causal,
                scale,
                false,
            )
        }
        m => Tensor::scaled_dot_product_attention(
            q,
            k,
            v,
            m.as_ref(),
            0.0,
            mask.is_causal,
            scale,
            gqa,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn randn(shape: [i64; 4], seed: i64) -> Tensor {
        tch::manual_seed(seed);
        Tensor::randn(shape, (Kind::Float, Device::Cpu))
    }

    fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
        (a - b).abs().max().double_value(&[])
    }

    /// What every multi-token call did before: an explicit mask with native GQA.
    fn reference(q: &Tensor, k: &Tensor, v: &Tensor, m: &Tensor, scale: f64) -> Tensor {
        let gqa = k.size()[1] != q.size()[1];
        Tensor::scaled_dot_product_attention(q, k, v, Some(m), 0.0, false, scale, gqa)
    }

    #[test]
    fn each_attention_path_equals_the_masked_gqa_call() {
        let (b, h, kv, t, d) = (3, 8, 2, 7, 16);
        let scale = 1.0 / (d as f64).sqrt();
        let (q, k, v) = (
            randn([b, h, t, d], 1),
            randn([b, kv, t, d], 2),
            randn([b, kv, t, d], 3),
        );
        let dev = Device::Cpu;
        // No padding: causal flag, no mask, native GQA.
        let none = AttentionMask::new(None, b, t, 0, dev);
        assert!(none.mask.is_none() && none.is_causal);
        let full = Tensor::ones([b, t], (Kind::Bool, dev));
        let explicit = AttentionMask::new(Some(&full), b, t, 0, dev);
        let m = explicit.mask.as_ref().unwrap();
        let want = reference(&q, &k, &v, m, scale);
        assert!(max_diff(&sdpa(&q, &k, &v, &none, scale), &want) < 1e-5);
        // Padding: the explicit mask, K/V repeated to every head.
        let pad = Tensor::from_slice(&[true; 21]).view([b, t]);
        let _ = pad.narrow(1, 0, 2).get(1).fill_(0);
        let padded = AttentionMask::new(Some(&pad), b, t, 0, dev);
        let m = padded.mask.as_ref().unwrap();
        let got = sdpa(&q, &k, &v, &padded, scale);
        assert!(max_diff(&got, &reference(&q, &k, &v, m, scale)) < 1e-5);
        // A chunk after a cache (no padding): the explicit causal mask, K/V repeated.
        let (past, new) = (4, 3);
        let q2 = q.narrow(2, past, new);
        let chunk = AttentionMask::new(None, b, new, past, dev);
        let m = chunk.mask.as_ref().unwrap();
        let got = sdpa(&q2, &k, &v, &chunk, scale);
        assert!(max_diff(&got, &reference(&q2, &k, &v, m, scale)) < 1e-5);
        // ... which is the full causal attention's last rows.
        let whole = sdpa(&q, &k, &v, &none, scale).narrow(2, past, new);
        assert!(max_diff(&got, &whole) < 1e-5);
    }
}
