//! Teacher-forced log-probs of moves after their prompts, with the sampling mask and
//! temperature: what the update differentiates and what Frost's gate reads.

use tch::{Kind, Tensor};

use super::causal_lm::{CausalLm, Input};
use super::sample::{full_ban, left_pad, MASKED_LOGIT};

/// Teacher-forced log-probs of moves under the policy.
pub struct MoveLogProbs {
    /// [N, L]: log p(move token | prompt, earlier move tokens).
    pub token: Tensor,
    /// [N, L, V_emb]: the full log-softmax at each move position (banned entries ~ -1e9).
    pub full: Tensor,
}

/// Teacher-forced log-probs of `moves` [N, L] after `prompts[n]`, with the same banned mask
/// [N, V_emb] and temperature as sampling (temperature 0 is read as 1). Differentiable when grad
/// mode is on. Consecutive rows with the same prompt (a group's K members) share one prompt
/// forward: its KV cache and last hidden state are indexed out to the rows (autograd sums the
/// rows' gradients through the index, so the result and its gradient are the same as running
/// every row whole, as [`move_logprobs_no_cache`] does).
pub fn move_logprobs(
    net: &CausalLm,
    prompts: &[Vec<i64>],
    moves: &Tensor,
    banned: &Tensor,
    temperature: f64,
) -> MoveLogProbs {
    let (n, l) = (moves.size()[0], moves.size()[1]);
    assert_eq!(n as usize, prompts.len(), "one prompt per move");
    let dev = net.device();
    let moves = moves.to_device(dev).to_kind(Kind::Int64);
    let mut distinct: Vec<Vec<i64>> = Vec::new();
    let mut row_of = Vec::with_capacity(prompts.len());
    for p in prompts {
        if distinct.last() != Some(p) {
            distinct.push(p.clone());
        }
        row_of.push(distinct.len() as i64 - 1);
    }
    let (ids, mask, pos) = left_pad(&distinct, dev);
    // Uploaded before the forward is queued (a copy after it would wait for it).
    let rows = Tensor::from_slice(&row_of).to_device(dev);
    let mut cache = net.new_cache();
    let h = net.forward_hidden(Input::Ids(&ids), &pos, mask.as_ref(), Some(&mut cache));
    let mut cache = cache.index_rows(&rows);
    let mask = mask.map(|m| m.index_select(0, &rows));
    // Move token 0 is predicted by the prompt's last position, token j by move token j - 1.
    let mut hidden = h.select(1, -1).index_select(0, &rows).unsqueeze(1);
    if l > 1 {
        let last = pos.select(1, -1).index_select(0, &rows).unsqueeze(1);
        let move_pos = last + Tensor::arange_start(1, l, (Kind::Int64, dev));
        let mask = mask.map(|m| {
            let ones = m.ones_like().narrow(1, 0, 1).expand([n, l - 1], false);
            Tensor::cat(&[&m, &ones], 1)
        });
        let inputs = moves.narrow(1, 0, l - 1);
        let hm = net.forward_hidden(
            Input::Ids(&inputs),
            &move_pos,
            mask.as_ref(),
            Some(&mut cache),
        );
        hidden = Tensor::cat(&[&hidden, &hm], 1);
    }
    move_head(net, &hidden, &moves, banned, temperature)
}

/// As [`move_logprobs`], with every row's prompt and move in one forward (the reference).
pub fn move_logprobs_no_cache(
    net: &CausalLm,
    prompts: &[Vec<i64>],
    moves: &Tensor,
    banned: &Tensor,
    temperature: f64,
) -> MoveLogProbs {
    let (n, l) = (moves.size()[0], moves.size()[1]);
    assert_eq!(n as usize, prompts.len(), "one prompt per move");
    let dev = net.device();
    let moves = moves.to_device(dev).to_kind(Kind::Int64);
    let (ids, mask, pos) = left_pad(prompts, dev);
    let t = ids.size()[1];
    let move_pos =
        pos.select(1, -1).unsqueeze(1) + Tensor::arange_start(1, l + 1, (Kind::Int64, dev));
    let ids = Tensor::cat(&[&ids, &moves], 1);
    let mask = mask.map(|m| {
        let ones = m.ones_like().narrow(1, 0, 1).expand([n, l], false);
        Tensor::cat(&[&m, &ones], 1)
    });
    let pos = Tensor::cat(&[&pos, &move_pos], 1);
    let hidden = net.forward_hidden(Input::Ids(&ids), &pos, mask.as_ref(), None);
    // Move token j is predicted at position t - 1 + j (left padding aligns every row's end).
    move_head(
        net,
        &hidden.narrow(1, t - 1, l),
        &moves,
        banned,
        temperature,
    )
}

/// Log-probs from the hidden states [N, L, H] that predict the move tokens.
fn move_head(
    net: &CausalLm,
    hidden: &Tensor,
    moves: &Tensor,
    banned: &Tensor,
    temperature: f64,
) -> MoveLogProbs {
    let full = logprobs_from_logits(net, &net.logits(hidden), banned, temperature);
    let token = full.gather(2, &moves.unsqueeze(-1), false).squeeze_dim(-1);
    MoveLogProbs { token, full }
}

/// The log-softmax of `logits` [N, L, V_emb] under the banned mask [N, V_emb] and temperature
/// (0 read as 1): [`MoveLogProbs::full`] from logits already computed, e.g. by
/// [`sample`] with `keep_logits`.
pub fn logprobs_from_logits(
    net: &CausalLm,
    logits: &Tensor,
    banned: &Tensor,
    temperature: f64,
) -> Tensor {
    let (n, v) = (logits.size()[0], logits.size()[2]);
    let temp = if temperature > 0.0 { temperature } else { 1.0 };
    let ban = full_ban(net, banned, n, v).unsqueeze(1);
    (logits / temp)
        .masked_fill(&ban, MASKED_LOGIT)
        .log_softmax(-1, None::<Kind>) // f32, or f64 for an f64 model
}
