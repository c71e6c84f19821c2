//! Megatron's projections on a rank's share of the weights, and the one collective that joins
//! the shares: the column-parallel projection (this rank's output features, no communication),
//! the row-parallel one (this rank's input features, the partial products summed over the
//! group: one all-reduce), and the vocabulary-parallel embedding (the rank holding a token's
//! row gives it, the others zeros: one all-reduce).
//!
//! Gradients, as Megatron has them: the sum's backward is the identity
//! ([`reduce_from_shards`]: what follows it is computed alike on every rank, the residual
//! stream, the loss), and a replicated input entering a column-parallel projection has its
//! gradient summed over the group in the backward ([`column_parallel`], through
//! `dist::sum_grad_in_backward`). So every gradient of a replicated value is whole on every
//! rank, and every gradient of a share is that share's.

use tch::Tensor;

use crate::dist::{sum_grad_in_backward, DistError, Group, ReduceOp};

/// `t` summed over the group, differentiable: the value is the sum (exactly the collective's
/// result), the gradient flows to this rank's `t` unchanged (each rank's term of a sum whose
/// consumer is the same on every rank gets that consumer's gradient).
pub fn reduce_from_shards(g: &Group, t: &Tensor) -> Result<Tensor, DistError> {
    let sum = t.detach().copy();
    g.all_reduce(&sum, ReduceOp::Sum)?;
    Ok(match t.requires_grad() {
        // `t - t.detach()` is exactly zero: the value stays the collective's, bit for bit.
        true => sum + (t - t.detach()),
        false => sum,
    })
}

/// `x @ w^T` for each `w` of `ws`: this rank's output features of projections of one input
/// whose weights' rows (`slicing::held`: q/k/v, gate/up) it holds. No communication forward;
/// in the backward, `x`'s gradient summed over the group once for all of them (one all-reduce
/// of `x`'s size, when `x` needs a gradient).
pub fn column_parallel(g: &Group, x: &Tensor, ws: &[&Tensor]) -> Vec<Tensor> {
    let x = sum_grad_in_backward(g, x);
    ws.iter().map(|w| x.matmul(&w.tr())).collect()
}

/// `x_cols @ w_cols^T` summed over the group: a projection whose weight's columns (o, down)
/// and whose input features this rank holds. The one all-reduce, of the output's size.
pub fn row_parallel(g: &Group, x_cols: &Tensor, w_cols: &Tensor) -> Result<Tensor, DistError> {
    reduce_from_shards(g, &x_cols.matmul(&w_cols.tr()))
}

/// The embedding of `ids` [..] from this rank's rows `w_rows` [V / T, H], which start at
/// vocabulary row `first`: each id's row from the rank holding it, zeros from the others,
/// summed (bit for bit the unsharded lookup: one row plus zeros).
pub fn embedding(
    g: &Group,
    w_rows: &Tensor,
    ids: &Tensor,
    first: i64,
) -> Result<Tensor, DistError> {
    let n = w_rows.size()[0];
    let local = ids - first;
    let outside = local.lt(0).logical_or(&local.ge(n));
    let rows = Tensor::embedding(w_rows, &local.clamp(0, n - 1), -1, false, false);
    reduce_from_shards(g, &rows.masked_fill(&outside.unsqueeze(-1), 0.0))
}

/// The first vocabulary row this rank holds of `vocab` rows over the group.
pub fn first_row(g: &Group, vocab: i64) -> i64 {
    g.rank as i64 * (vocab / g.size as i64)
}

/// [`reduce_from_shards`] inside the model, whose forwards return tensors: a failed collective
/// is kept by the group (`Group::note_failure`; the pass that ran the model returns it through
/// `Group::take_failure`) and this rank's term is returned in place of the sum.
pub fn reduce_in_model(g: &Group, t: &Tensor) -> Tensor {
    reduce_from_shards(g, t).unwrap_or_else(|e| {
        g.note_failure(e);
        t.shallow_clone()
    })
}
