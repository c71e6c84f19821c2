//! The KV cache: keys and values of every layer for the tokens seen so far, so that a prompt is
//! run once and sampling feeds one new token at a time.

use tch::Tensor;

/// One layer's keys and values [B, kv_heads, S, head_dim]; empty before the first chunk.
#[derive(Debug, Default)]
pub(super) struct LayerCache(Option<(Tensor, Tensor)>);

impl LayerCache {
    /// Appends this chunk's keys and values [B, kv_heads, T, head_dim] and returns those of every
    /// position so far.
    pub(super) fn append(&mut self, k: Tensor, v: Tensor) -> (Tensor, Tensor) {
        let (k, v) = match &self.0 {
            Some((pk, pv)) => (Tensor::cat(&[pk, &k], 2), Tensor::cat(&[pv, &v], 2)),
            None => (k, v),
        };
        self.0 = Some((k.shallow_clone(), v.shallow_clone()));
        (k, v)
    }

    fn map(&self, f: impl Fn(&Tensor) -> Tensor) -> LayerCache {
        LayerCache(self.0.as_ref().map(|(k, v)| (f(k), f(v))))
    }
}

/// Keys and values of every layer for the tokens seen so far: [B, kv_heads, S, head_dim].
#[derive(Debug)]
pub struct KvCache {
    layers: Vec<LayerCache>,
}

impl KvCache {
    pub fn new(num_layers: usize) -> Self {
        KvCache {
            layers: (0..num_layers).map(|_| LayerCache::default()).collect(),
        }
    }

    /// Number of cached positions.
    pub fn len(&self) -> i64 {
        match self.layers.first() {
            Some(LayerCache(Some((k, _)))) => k.size()[2],
            _ => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Layer `i`'s cache, for its attention to extend.
    pub(super) fn layer_mut(&mut self, i: usize) -> &mut LayerCache {
        &mut self.layers[i]
    }

    /// Repeats every batch row `k` times in place (row b becomes rows b*k..b*k+k), so a prompt
    /// prefilled once serves k samples.
    pub fn repeat_interleave(&mut self, k: i64) {
        for LayerCache(layer) in &mut self.layers {
            if let Some((key, value)) = layer {
                *key = key.repeat_interleave_self_int(k, 0, None);
                *value = value.repeat_interleave_self_int(k, 0, None);
            }
        }
    }

    /// The cache of rows `rows` [N] (i64), differentiable: a prompt run once serves N rows.
    pub fn index_rows(&self, rows: &Tensor) -> KvCache {
        KvCache {
            layers: self
                .layers
                .iter()
                .map(|l| l.map(|t| t.index_select(0, rows)))
                .collect(),
        }
    }

    /// A cache of one row seen as `n` rows (broadcast views, no copy), for `n` sequences that
    /// share the cached prefix.
    pub fn expand_batch(&self, n: i64) -> KvCache {
        KvCache {
            layers: self
                .layers
                .iter()
                .map(|l| l.map(|t| t.expand([n, -1, -1, -1], false)))
                .collect(),
        }
    }
}
