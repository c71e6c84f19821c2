//! What reads the logits when the LM head's vocabulary rows are split over the group (each rank
//! holds `V / T` consecutive ones and computes those logits): the log-softmax, the log-probs of
//! given tokens, the top k over the vocabulary (pooled or per row), and sampling.
//!
//! Sampling gathers each row's logits whole and draws with the one sampler's `pick`: today's
//! draw is an inverse CDF over the vocabulary in order (one uniform per row), whose softmax sum
//! and cumulative sums depend on every logit in one summation order; any split of those sums
//! rounds differently and moves a draw that lands near a step of the CDF. Gathered rows give
//! the same tokens bit for bit; they cost one all-gather of N x V logits per decoded token,
//! against the 2 all-reduces per layer that decoding already makes (docs/scaling.md has the
//! figures).

use tch::{Kind, Tensor};

use super::linear::reduce_from_shards;
use crate::dist::{sum_grad_in_backward, DistError, Group, ReduceOp};
use crate::model::sample::pick;
use crate::model::SamplingParams;

/// Log-sum-exp over the whole vocabulary of each row of this rank's logits `x` [.., V / T],
/// in f32 (f64 for f64 logits), [.., 1] and the same on every rank: the maximum and the sum of
/// exponentials reduced over the group. Differentiable in `x`: exact for a loss computed alike
/// on every rank from it (as [`target_logprobs`] is).
pub fn logsumexp(g: &Group, x: &Tensor) -> Result<Tensor, DistError> {
    let acc = match x.kind() {
        Kind::Double => Kind::Double,
        _ => Kind::Float,
    };
    let m = x.detach().amax(-1, true).to_kind(acc).contiguous();
    g.all_reduce(&m, ReduceOp::Max)?;
    let local = (x.to_kind(acc) - &m).exp().sum_dim_intlist(-1, true, acc);
    Ok(m + reduce_from_shards(g, &local)?.log())
}

/// The log-softmax of this rank's columns `x` [.., V / T] over the whole vocabulary (in f32,
/// f64 for f64 logits). Differentiable in `x`: the shared log-sum-exp enters every rank's
/// columns, so its gradient is summed over the group in the backward.
pub fn log_softmax(g: &Group, x: &Tensor) -> Result<Tensor, DistError> {
    let lse = logsumexp(g, x)?;
    Ok(x.to_kind(lse.kind()) - sum_grad_in_backward(g, &lse))
}

/// The log-probs of the token ids `ids` [..] (any row of the vocabulary) under this rank's
/// logits `x` [.., V / T] (columns from vocabulary row `first`): the holder's logit, summed
/// over the group, minus the log-sum-exp; every rank gets all of them. Differentiable in `x`,
/// exactly as the unsharded `log_softmax` then `gather` (each rank gets its columns' part).
pub fn target_logprobs(
    g: &Group,
    x: &Tensor,
    ids: &Tensor,
    first: i64,
) -> Result<Tensor, DistError> {
    let lse = logsumexp(g, x)?.squeeze_dim(-1);
    let n = x.size()[x.dim() - 1];
    let local = ids - first;
    let outside = local.lt(0).logical_or(&local.ge(n));
    let picked = x
        .to_kind(lse.kind())
        .gather(-1, &local.clamp(0, n - 1).unsqueeze(-1), false)
        .squeeze_dim(-1);
    Ok(reduce_from_shards(g, &picked.masked_fill(&outside, 0.0))? - lse)
}

/// The `k` largest entries of each pool, where pool p is `x[p]` [M, V] with its vocabulary
/// split over the group (this rank holds `x` [P, M, V / T], vocabulary rows from `first`):
/// values [P, k] best first and their flat indices `m * vocab + v` [P, k], the same on every
/// rank. Ties go to the lower index, at any group size (one process is a group of one), so the
/// split never changes which entries are kept. Each rank sends its own best `k` (values and
/// indices: two all-gathers of [P, k]), and the best of those are the best overall.
pub fn top_k(
    g: &Group,
    x: &Tensor,
    k: i64,
    vocab: i64,
    first: i64,
) -> Result<(Tensor, Tensor), DistError> {
    let (p, m, n) = (x.size()[0], x.size()[1], x.size()[2]);
    let flat = x.reshape([p, m * n]);
    let kk = k.min(m * n);
    // Stable: among equal values, the lower local index first (which is the lower flat one).
    let (values, order) = flat.sort_stable(true, -1, true);
    let (values, order) = (values.narrow(1, 0, kk), order.narrow(1, 0, kk));
    let flat_index = order.divide_scalar_mode(n, "floor") * vocab + order.remainder(n) + first;
    let values = g.all_gather(&values)?; // [T, P, kk]
    let index = g.all_gather(&flat_index)?;
    let values = values.permute([1, 0, 2]).reshape([p, -1]);
    let index = index.permute([1, 0, 2]).reshape([p, -1]);
    // The candidates in index order, then stably by value: ties keep the lower index first.
    let (index, by_index) = index.sort(-1, false);
    let values = values.gather(-1, &by_index, false);
    let (values, by_value) = values.sort_stable(true, -1, true);
    let index = index.gather(-1, &by_value, false);
    let k = k.min(values.size()[1]);
    Ok((values.narrow(1, 0, k), index.narrow(1, 0, k)))
}

/// One token per row from this rank's logits `x` [N, V / T]: the rows gathered whole (in
/// rank order, the vocabulary's) and drawn as the one sampler draws them (`ban` [N, V], the
/// uniforms `u` [N]), so the tokens and entropies are the unsharded ones bit for bit. Returns
/// (tokens [N], entropy [N], the whole rows [N, V]: what `keep_logits` keeps).
pub fn sample_rows(
    g: &Group,
    x: &Tensor,
    ban: &Tensor,
    params: &SamplingParams,
    u: &Tensor,
) -> Result<(Tensor, Tensor, Tensor), DistError> {
    let rows = gather_rows(g, x)?;
    let (tokens, entropy) = pick(&rows, ban, params, u);
    Ok((tokens, entropy, rows))
}

/// This rank's columns `x` [N, V / T] gathered into whole rows [N, V].
pub fn gather_rows(g: &Group, x: &Tensor) -> Result<Tensor, DistError> {
    let (n, cols) = (x.size()[0], x.size()[1]);
    let parts = g.all_gather(x)?; // [T, N, V / T]
    Ok(parts.permute([1, 0, 2]).reshape([n, g.size as i64 * cols]))
}
