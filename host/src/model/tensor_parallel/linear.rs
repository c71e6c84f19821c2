//! Megatron's projections on a rank's share of the weights, and the one collective that joins
//! the shares: the column-parallel projection (this rank's output features, no communication),
//! the row-parallel one (this rank's input features, the partial products summed over the
//! group: one all-reduce), and the vocabulary-parallel embedding (the rank holding a token's
//! row gives it, the others zeros: one all-reduce).
//!
//! Gradients: the sum's backward is the identity ([`reduce_from_shards`]), exact when what
//! follows it is computed alike on every rank (the residual stream, the loss), as here. The
//! converse op, a replicated input entering a column-parallel projection, needs the input's
//! gradient summed over the group in the backward; tch has no custom autograd function to do
//! that, so the input gradient of [`column_parallel`] is this rank's part only (the weight
//! gradients are exact). docs/scaling.md says how the backward's sum is to be built.

use tch::Tensor;

use crate::dist::{DistError, Group, ReduceOp};

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

/// `x @ w_rows^T`: this rank's output features of a projection whose weight's rows
/// (`slicing::held`: q/k/v, gate/up) it holds. No communication; the input gradient is this
/// rank's part (see the module's note).
pub fn column_parallel(x: &Tensor, w_rows: &Tensor) -> Tensor {
    x.matmul(&w_rows.tr())
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
