//! Tensor and expert parallelism's building blocks: one copy of the model shared by a group of
//! consecutive ranks (`dist::Group`), each holding a share of the weights. The design, its
//! cost model and what is built are in docs/scaling.md ("Tensor and expert parallel").
//!
//! - `slicing`: which part of each weight a rank holds (pure functions of the shape), and the
//!   refusal of a shape the group cannot split;
//! - `linear`: the column- and row-parallel projections, the vocabulary-parallel embedding and
//!   the sum that joins shares ([`reduce_from_shards`]);
//! - `vocab`: the log-sum-exp, log-softmax, the tokens' log-probs, the top k and sampling over
//!   a split vocabulary, equal to the unsharded ones (sampling and top k exactly);
//! - `shard`: a model's place in its group, from which `CausalLm::new_sharded` builds a rank's
//!   share of the decoder layers (every family);
//! - `inventory`: the base tensors by name and shape from a config alone, and what a rank holds
//!   of them (the presets' per-rank figures).
//!
//! Tested on torch.distributed (`host/examples/tp_check.rs` under torchrun, 2 and 4 ranks);
//! a run uses it with `parallel.tensor` (`Dist::split_model`, `LoadedModel::load_split`).

mod inventory;
mod linear;
mod shard;
mod slicing;
mod vocab;

pub use inventory::{base_tensors, per_rank};
pub use linear::{
    column_parallel, embedding, first_row, reduce_from_shards, reduce_in_model, row_parallel,
};
pub use shard::Shard;
pub use slicing::{check, held, kv_share, share, Held, SplitError};
pub use vocab::{gather_rows, log_softmax, logsumexp, sample_rows, target_logprobs, top_k};
