//! Judge prefix caching. Every move of an assignment (the K sampled moves, the D children, the
//! Taylor pass) shares a term's tokens before the move slot, so they run once per program (a KV
//! cache of one row, no grad) and each move's sequence is computed from the token before the
//! move on. The gradient with respect to the move needs nothing before it, so the Taylor pass
//! uses the same cache.

use tch::{Kind, Tensor};

use super::scored::{scored_sums, ScoredIndex};
use super::TermTemplate;
use crate::model::{CausalLm, Input, LayerStates};

/// A term's tokens before its move slot, run once.
#[derive(Debug)]
pub struct Prefix {
    /// Number of cached positions: the term's tokens up to the one before the move slot,
    /// exclusive, so the rest starts with the token whose logits predict the first move token.
    pub start: usize,
    /// Sum of log p over the scored tokens at positions 1..=start (all predicted in the prefix).
    pub logp: f64,
    cache: LayerStates,
}

impl Prefix {
    /// None when the term has no move or fewer than two tokens before it (nothing to save).
    pub fn compute(judge: &CausalLm, term: &TermTemplate) -> Option<Prefix> {
        let s = term.move_start?;
        if s < 2 {
            return None;
        }
        let start = s - 1;
        let _guard = tch::no_grad_guard();
        let dev = judge.device();
        let ids = Tensor::from_slice(&term.ids[..start])
            .view([1, start as i64])
            .to_device(dev);
        let pos = Tensor::arange(start as i64, (Kind::Int64, dev)).unsqueeze(0);
        let mut cache = judge.new_cache();
        // Tokens 1..=start are predicted by hidden rows 0..start.
        let seq = (&term.ids[..=start], &term.scored[..=start], term.clamp);
        let ix = ScoredIndex::new(&[seq], start, dev);
        let hidden = judge.forward_hidden(Input::Ids(&ids), &pos, None, Some(&mut cache));
        let logp = scored_sums(judge, &hidden, &ix)[0];
        Some(Prefix { start, logp, cache })
    }

    /// The cache for `n` sequences sharing this prefix (views of the one row).
    pub fn cache_for(&self, n: i64) -> LayerStates {
        self.cache.expand_batch(n)
    }
}
