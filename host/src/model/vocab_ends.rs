//! The model's two ends on the vocabulary: the token embedding and the LM head (tied or not),
//! whole, or on a tensor-parallel model split by vocabulary rows (each rank `V / T` consecutive
//! ones, docs/scaling.md "Tensor and expert parallel").
//!
//! Split, every read gives what the whole ends give, so the rest of the model and every
//! consumer of logits stay as they are:
//! - a token's embedding comes from the rank holding its row, zeros from the others, summed
//!   (one all-reduce of [.., H]: bit for bit the lookup);
//! - logits: each rank computes its `V / T` columns, then the rows are gathered whole (one
//!   all-gather of [.., V / T] per rank); sampling draws from whole rows (an inverse CDF over
//!   the vocabulary in order, whose sums any split would round differently), and the update's
//!   KL, entropy and Frost's gate read whole rows;
//! - the log-probs of given tokens (the judge's scores, the bulk of its positions) never
//!   gather: the log-sum-exp is reduced over the group (a max and a sum of [.., 1]) and the
//!   target's logit summed from the rank holding it (`tensor_parallel::target_logprobs`);
//! - `g . E^T` for every vocabulary row (Frost's Taylor term): each rank's rows, gathered.
//!
//! In the backward, the hidden state feeding the head gets its gradient summed over the group
//! (each rank's columns give a part of it), as a column-parallel projection's input does.

use std::sync::Arc;

use tch::{nn, Kind, Tensor};

use super::blocks::acc_kind;
use super::lora::{base_var, WeightInit};
use super::tensor_parallel::{column_parallel, embedding, first_row, target_logprobs, Shard};
use crate::dist::{DistError, Group};

/// The vocabulary rows a rank of a split model holds.
struct Part {
    group: Arc<Group>,
    /// The first of them.
    first: i64,
}

/// The embedding and the LM head.
pub(super) struct VocabEnds {
    embed_tokens: Tensor,
    /// None when tied to `embed_tokens`.
    lm_head: Option<Tensor>,
    /// Set on a split model (a group of more than one rank).
    part: Option<Part>,
}

impl VocabEnds {
    /// The embedding `model.embed_tokens.weight` of `vocab` x `hidden` (this rank's rows of it on
    /// a split model), tied to the LM head until [`VocabEnds::add_head`].
    pub(super) fn new(
        model: &nn::Path,
        [vocab, hidden]: [i64; 2],
        (init, trainable): (WeightInit, bool),
        shard: Option<&Shard>,
    ) -> Self {
        let part = shard.filter(|s| s.group.size > 1).map(|s| Part {
            group: Arc::clone(&s.group),
            first: first_row(&s.group, vocab),
        });
        let rows = part.as_ref().map_or(vocab, |p| vocab / p.group.size as i64);
        let dims = [rows, hidden];
        let embed_tokens = base_var(&(model / "embed_tokens"), "weight", &dims, init, trainable);
        VocabEnds {
            embed_tokens,
            lm_head: None,
            part,
        }
    }

    /// An untied LM head `root.lm_head.weight`, the embedding's shape (made after the decoder,
    /// the checkpoint's order, which fixes a random init's draws).
    pub(super) fn add_head(&mut self, root: &nn::Path, (init, trainable): (WeightInit, bool)) {
        let dims = self.embed_tokens.size();
        self.lm_head = Some(base_var(
            &(root / "lm_head"),
            "weight",
            &dims,
            init,
            trainable,
        ));
    }

    /// The embedding rows this rank holds [V / T, H] (all of them on a whole model).
    pub(super) fn embed_weight(&self) -> &Tensor {
        &self.embed_tokens
    }

    /// The LM head's rows this rank holds: `lm_head`, or the embedding when tied.
    pub(super) fn head_weight(&self) -> &Tensor {
        self.lm_head.as_ref().unwrap_or(&self.embed_tokens)
    }

    /// The embeddings of `ids` [..]: [.., H] in the model's dtype.
    pub(super) fn embed(&self, ids: &Tensor) -> Tensor {
        match &self.part {
            None => Tensor::embedding(&self.embed_tokens, ids, -1, false, false),
            Some(p) => {
                let e = &self.embed_tokens;
                embedding(&p.group, e, ids, p.first).unwrap_or_else(|err| {
                    p.group.note_failure(err);
                    zeros(ids.size(), e.size()[1], e)
                })
            }
        }
    }

    /// Logits of `hidden` [.., H] over the whole vocabulary [.., V], in f32 (f64 for an f64
    /// model), differentiable in `hidden`.
    pub(super) fn logits(&self, hidden: &Tensor) -> Tensor {
        match &self.part {
            None => {
                let w = self.head_weight();
                hidden.linear::<Tensor>(w, None).to_kind(acc_kind(w.kind()))
            }
            Some(p) => {
                let mine = self.my_logits(p, hidden);
                gather_columns(&p.group, &mine).unwrap_or_else(|e| {
                    p.group.note_failure(e);
                    in_place_of_whole_rows(&p.group, &mine)
                })
            }
        }
    }

    /// `log p(targets | hidden)` [N] in f32 for `hidden` [N, H] and `targets` [N]: the
    /// log-softmax of the logits at each target, without the whole rows on a split model.
    pub(super) fn token_logprobs(&self, hidden: &Tensor, targets: &Tensor) -> Tensor {
        match &self.part {
            None => self
                .logits(hidden)
                .log_softmax(-1, Kind::Float)
                .gather(1, &targets.unsqueeze(1), false)
                .squeeze_dim(1),
            Some(p) => {
                let mine = self.my_logits(p, hidden);
                let lp = target_logprobs(&p.group, &mine, targets, p.first).unwrap_or_else(|e| {
                    p.group.note_failure(e);
                    // Zeros that keep the graph: the pass's backward still runs.
                    mine.select(-1, 0) * 0.0
                });
                lp.to_kind(Kind::Float)
            }
        }
    }

    /// The logits of this rank's vocabulary rows [.., V / T] (f32, f64 for an f64 model); in
    /// the backward `hidden`'s gradient is summed over the group.
    fn my_logits(&self, p: &Part, hidden: &Tensor) -> Tensor {
        let w = self.head_weight();
        let mine = column_parallel(&p.group, hidden, &[w]).remove(0);
        mine.to_kind(acc_kind(w.kind()))
    }

    /// `g . E_v` for every vocabulary row v: `g` [.., H] -> [.., V] in the embedding's dtype
    /// (no gradient).
    pub(super) fn embed_products(&self, g: &Tensor) -> Tensor {
        let e = &self.embed_tokens;
        let mine = g.to_kind(e.kind()).matmul(&e.transpose(0, 1));
        match &self.part {
            None => mine,
            Some(p) => gather_columns(&p.group, &mine.detach()).unwrap_or_else(|err| {
                p.group.note_failure(err);
                in_place_of_whole_rows(&p.group, &mine)
            }),
        }
    }
}

/// This rank's columns `x` [.., V / T] joined with the other ranks' into whole rows [.., V]
/// (rank order, the vocabulary's). Differentiable in `x`: the rows' consumer is the same on
/// every rank, so this rank's columns get their part of its gradient, unchanged.
fn gather_columns(g: &Group, x: &Tensor) -> Result<Tensor, DistError> {
    let parts = g.all_gather(&x.detach())?; // [T, .., V / T]
    let pieces: Vec<Tensor> = (0..g.size as i64)
        .map(|r| match r == g.rank as i64 {
            // Its own columns are `x` itself: the same values, with `x`'s graph.
            true => x.shallow_clone(),
            false => parts.select(0, r),
        })
        .collect();
    Ok(Tensor::cat(&pieces, -1))
}

// What a pass gets in place of a failed collective's result (the failure is kept by the group
// and returned by the pass that ran the model: `Group::take_failure`; the values are not used).

/// Zeros of `lead` x `last` like `like`.
fn zeros(mut lead: Vec<i64>, last: i64, like: &Tensor) -> Tensor {
    lead.push(last);
    Tensor::zeros(lead.as_slice(), (like.kind(), like.device()))
}

/// Whole rows' shape from this rank's columns `x` repeated: with `x`'s graph, so that the
/// pass's backward still runs.
fn in_place_of_whole_rows(g: &Group, x: &Tensor) -> Tensor {
    let copies: Vec<&Tensor> = (0..g.size).map(|_| x).collect();
    Tensor::cat(&copies, -1)
}
