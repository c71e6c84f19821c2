//! Each layer's state for the tokens seen so far, so that a prompt is run once and
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

/// One layer's state; empty before the first chunk.
#[derive(Debug, Default)]
pub(super) enum LayerState {
    #[default]
    Empty,
    /// Keys and values [B, kv_heads, S, head_dim].
    Attention(Tensor, Tensor),
    Linear(LinearState),
}

impl LayerState {
    fn map(&self, f: impl Fn(&Tensor) -> Tensor) -> LayerState {
        match self {
            LayerState::Empty => LayerState::Empty,
            LayerState::Attention(k, v) => LayerState::Attention(f(k), f(v)),
            LayerState::Linear(s) => LayerState::Linear(LinearState {
                conv: f(&s.conv),
                recurrent: f(&s.recurrent),
            }),
        }
    }

    /// An attention layer's keys and values, as the attention block extends them.
    pub(super) fn kv(&self) -> Option<(Tensor, Tensor)> {
        match self {
            LayerState::Attention(k, v) => Some((k.shallow_clone(), v.shallow_clone())),
            _ => None,
        }
    }

    /// A linear-attention layer's state, taken out for the layer to replace.
    pub(super) fn take_linear(&mut self) -> Option<LinearState> {
        match std::mem::take(self) {
            LayerState::Linear(s) => Some(s),
            other => {
                *self = other;
                None
            }
        }
    }
}

/// Every layer's state for the tokens seen so far (K/V or conv window and recurrent state);
/// every tensor's first dimension is the batch row.
#[derive(Debug)]
pub struct LayerStates {
    layers: Vec<LayerState>,
    /// Cached positions (a linear layer's state does not show it).
    len: i64,
}

impl LayerStates {
    pub fn new(num_layers: usize) -> Self {
        LayerStates {
            layers: (0..num_layers).map(|_| LayerState::default()).collect(),
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
    pub(super) fn layer_mut(&mut self, i: usize) -> &mut LayerState {
        &mut self.layers[i]
    }

    fn map(&self, f: impl Fn(&Tensor) -> Tensor) -> LayerStates {
        LayerStates {
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
    pub fn index_rows(&self, rows: &Tensor) -> LayerStates {
        self.map(|t| t.index_select(0, rows))
    }

    /// A cache of one row seen as `n` rows (broadcast views, no copy), for `n` sequences that
    /// share the cached prefix.
    pub fn expand_batch(&self, n: i64) -> LayerStates {
        self.map(|t| {
            let mut size = t.size();
            size[0] = n;
            t.expand(&size, false)
        })
    }
}
