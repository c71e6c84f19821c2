//! Attention's kernel call and the mask of one forward, shared by every layer: which cached and
//! new keys each new query attends to, given the padding.

use tch::{Device, Kind, Tensor};

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
