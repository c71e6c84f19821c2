//! The cache of every layer for the tokens seen so far, so that a prompt is run once and
//! sampling feeds one new token at a time: keys and values for attention layers, the
//! convolution window and the recurrent state for linear-attention layers.

use tch::Tensor;

/// The state a linear-attention layer carries between forwards.
#[derive(Debug)]
pub(super) struct LinearState {
    /// The last `kernel - 1` inputs of the causal convolution [B, conv_dim, kernel - 1].
    pub(super) conv: Tensor,
    /// The delta rule's state [B, v_heads, k_head_dim, v_head_dim], in f32 (f64 for f64).
    pub(super) recurrent: Tensor,
}

/// One layer's cache; empty before the first chunk.
#[derive(Debug, Default)]
pub(super) enum LayerCache {
    #[default]
    Empty,
    /// Keys and values [B, kv_heads, S, head_dim].
    Attention(Tensor, Tensor),
    Linear(LinearState),
}

impl LayerCache {
    fn map(&self, f: impl Fn(&Tensor) -> Tensor) -> LayerCache {
        match self {
            LayerCache::Empty => LayerCache::Empty,
            LayerCache::Attention(k, v) => LayerCache::Attention(f(k), f(v)),
            LayerCache::Linear(s) => LayerCache::Linear(LinearState {
                conv: f(&s.conv),
                recurrent: f(&s.recurrent),
            }),
        }
    }

    /// An attention layer's keys and values, as the attention block extends them.
    pub(super) fn kv(&self) -> Option<(Tensor, Tensor)> {
        match self {
            LayerCache::Attention(k, v) => Some((k.shallow_clone(), v.shallow_clone())),
            _ => None,
        }
    }

    /// A linear-attention layer's state, taken out for the layer to replace.
    pub(super) fn take_linear(&mut self) -> Option<LinearState> {
        match std::mem::take(self) {
            LayerCache::Linear(s) => Some(s),
            other => {
                *self = other;
                None
            }
        }
    }
}

/// The cache of every layer for the tokens seen so far; every tensor's first dimension is the
/// batch row.
#[derive(Debug)]
pub struct KvCache {
    layers: Vec<LayerCache>,
    /// Cached positions (a linear layer's state does not show it).
    len: i64,
}

impl KvCache {
    pub fn new(num_layers: usize) -> Self {
        KvCache {
            layers: (0..num_layers).map(|_| LayerCache::default()).collect(),
            len: 0,
        }
    }

    /// Number of cached positions.
    pub fn len(&self) -> i64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Counts `t` more cached positions, once every layer has taken a chunk's.
    pub(super) fn advance(&mut self, t: i64) {
        self.len += t;
    }

    /// Layer `i`'s cache, for its mixer to extend.
    pub(super) fn layer_mut(&mut self, i: usize) -> &mut LayerCache {
        &mut self.layers[i]
    }

    fn map(&self, f: impl Fn(&Tensor) -> Tensor) -> KvCache {
        KvCache {
            layers: self.layers.iter().map(|l| l.map(&f)).collect(),
            len: self.len,
        }
    }

    /// Repeats every batch row `k` times in place (row b becomes rows b*k..b*k+k), so a prompt
    /// prefilled once serves k samples.
    pub fn repeat_interleave(&mut self, k: i64) {
        *self = self.map(|t| t.repeat_interleave_self_int(k, 0, None));
    }

    /// The cache of rows `rows` [N] (i64), differentiable: a prompt run once serves N rows.
    pub fn index_rows(&self, rows: &Tensor) -> KvCache {
        self.map(|t| t.index_select(0, rows))
    }

    /// A cache of one row seen as `n` rows (broadcast views, no copy), for `n` sequences that
    /// share the cached prefix.
    pub fn expand_batch(&self, n: i64) -> KvCache {
        self.map(|t| {
            let mut size = t.size();
            size[0] = n;
            t.expand(&size, false)
        })
    }
}
