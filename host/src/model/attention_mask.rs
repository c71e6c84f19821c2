//! The attention mask of one forward, shared by every layer: which cached and new keys each new
//! query attends to, given the padding.

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
