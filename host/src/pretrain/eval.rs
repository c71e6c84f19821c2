//! Measuring the model: held-out cross-entropy (the log's estimates and the final bits per
//! byte) and sampled continuations for the report.

use std::time::Instant;

use tch::{Kind, Tensor};
use tokenizers::Tokenizer;

use super::data::{positions, Data, Window};
use super::record::{HeldoutReport, Sample};
use crate::corpus::Document;
use crate::model::{CausalLm, Input};

/// Every held-out token scored once: mean nats per token and bits per byte.
pub(super) fn heldout(net: &CausalLm, data: &Data, b: usize, t: usize) -> HeldoutReport {
    let start = Instant::now();
    let all: Vec<&Window> = data.windows.iter().collect();
    let (nats, n) = score_windows(net, &all, b, t);
    let report = HeldoutReport {
        loss: nats / n.max(1) as f64,
        bits_per_byte: nats / std::f64::consts::LN_2 / data.heldout_bytes.max(1) as f64,
        tokens: n,
        bytes: data.heldout_bytes,
    };
    tracing::info!(
        "held-out: loss {:.4} nats/token, {:.4} bits/byte ({} tokens, {} bytes) in {:.1}s",
        report.loss,
        report.bits_per_byte,
        report.tokens,
        report.bytes,
        start.elapsed().as_secs_f64()
    );
    report
}

/// Continuations of prompts from up to three held-out works, sampled with `seed`.
pub(super) fn samples(
    net: &CausalLm,
    tok: &Tokenizer,
    heldout: &[Document],
    seed: u64,
) -> Vec<Sample> {
    tch::manual_seed(seed as i64);
    let limit = tok.get_vocab_size(true) as i64;
    sample_prompts(heldout, tok, 24)
        .into_iter()
        .map(|p| Sample {
            prompt: tok
                .decode(&p.iter().map(|&i| i as u32).collect::<Vec<_>>(), false)
                .unwrap_or_default(),
            continuation: continue_text(net, tok, &p, 48, limit),
        })
        .collect()
}

/// Total nats and scored tokens over the given windows (no gradients).
pub(super) fn score_windows(
    net: &CausalLm,
    windows: &[&Window],
    b: usize,
    t: usize,
) -> (f64, usize) {
    let _guard = tch::no_grad_guard();
    let mut nats = 0.0;
    let mut count = 0;
    for chunk in windows.chunks(b) {
        let x: Vec<i64> = chunk.iter().flat_map(|w| w.0.iter().copied()).collect();
        let y: Vec<i64> = chunk.iter().flat_map(|w| w.1.iter().copied()).collect();
        count += y.iter().filter(|&&v| v >= 0).count();
        let shape = [chunk.len() as i64, t as i64];
        let x = Tensor::from_slice(&x).view(shape);
        let y = Tensor::from_slice(&y).view([-1]);
        let logits = net.forward(Input::Ids(&x), &positions(chunk.len(), t), None, None);
        let v = logits.size()[2];
        let loss = logits.view([-1, v]).cross_entropy_loss::<Tensor>(
            &y,
            None,
            tch::Reduction::Sum,
            -100,
            0.0,
        );
        nats += loss.double_value(&[]);
    }
    (nats, count)
}

/// A sampled continuation (temperature 0.8, seeded) of `prompt`, `n` tokens, no KV cache
/// (a handful of tokens on a small model).
fn continue_text(net: &CausalLm, tok: &Tokenizer, prompt: &[i64], n: usize, limit: i64) -> String {
    let _guard = tch::no_grad_guard();
    let t_max = net.config().max_position_embeddings as usize;
    let mut ids = prompt.to_vec();
    let mut new = Vec::new();
    for _ in 0..n {
        let ctx = &ids[ids.len().saturating_sub(t_max)..];
        let x = Tensor::from_slice(ctx).view([1, ctx.len() as i64]);
        let logits = net.forward(Input::Ids(&x), &positions(1, ctx.len()), None, None);
        let last = logits.get(0).get(ctx.len() as i64 - 1).narrow(0, 0, limit);
        let next = (last / 0.8)
            .softmax(-1, Kind::Float)
            .multinomial(1, false)
            .int64_value(&[0]);
        ids.push(next);
        new.push(next as u32);
    }
    tok.decode(&new, false).unwrap_or_default()
}

/// Prompts for the report's samples: the opening of a line a third of the way into up to
/// three held-out works (about `n` tokens).
fn sample_prompts(heldout: &[Document], tok: &Tokenizer, n: usize) -> Vec<Vec<i64>> {
    heldout
        .iter()
        .take(3)
        .filter_map(|d| {
            let start = d.text[d.text.len() / 3..]
                .find('\n')
                .map(|i| d.text.len() / 3 + i + 1)?;
            let rest = d.text[start..].trim_start();
            let ids = tok.encode(rest, false).ok()?;
            let ids: Vec<i64> = ids
                .get_ids()
                .iter()
                .take(n)
                .map(|&i| i64::from(i))
                .collect();
            (ids.len() == n).then_some(ids)
        })
        .collect()
}
