//! The model's one sampler: batched, with a KV cache, banned-token masks, per-step bans
//! (word rules) and a seeded generator of its own.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use super::causal_lm::{CausalLm, Input};

/// The logit given to banned tokens. Finite on purpose: exp() is exactly 0 in f32, and
/// `p * (log p - log q)` stays 0 instead of NaN (which -inf would give) in KL terms.
pub const MASKED_LOGIT: f64 = -1e9;

#[derive(Clone, Debug, PartialEq)]
pub struct SamplingParams {
    /// 0 = greedy (argmax).
    pub temperature: f64,
    /// 1.0 = off.
    pub top_p: f64,
    /// 0 = off.
    pub top_k: i64,
}

impl Default for SamplingParams {
    fn default() -> Self {
        SamplingParams {
            temperature: 1.0,
            top_p: 1.0,
            top_k: 0,
        }
    }
}

impl SamplingParams {
    pub fn greedy() -> Self {
        SamplingParams {
            temperature: 0.0,
            top_p: 1.0,
            top_k: 0,
        }
    }
}

/// Left-pads `prompts` (each non-empty) on `device`: (ids [B,T] i64, pad_mask [B,T] bool,
/// positions [B,T] i64 counted from each prompt's first real token). The mask is None when no
/// row is padded (all prompts of one length): attention then needs no mask at all, which lets
/// SDPA pick a fused kernel.
pub fn left_pad(prompts: &[Vec<i64>], device: tch::Device) -> (Tensor, Option<Tensor>, Tensor) {
    let t = prompts.iter().map(|p| p.len()).max().unwrap_or(0);
    let mut ids = Vec::with_capacity(prompts.len() * t);
    let mut mask = Vec::with_capacity(prompts.len() * t);
    let mut pos = Vec::with_capacity(prompts.len() * t);
    for p in prompts {
        assert!(!p.is_empty(), "left_pad: empty prompt");
        let pad = t - p.len();
        ids.extend(std::iter::repeat_n(0i64, pad).chain(p.iter().copied()));
        mask.extend(std::iter::repeat_n(false, pad).chain(std::iter::repeat_n(true, p.len())));
        pos.extend(std::iter::repeat_n(0i64, pad).chain(0..p.len() as i64));
    }
    let shape = [prompts.len() as i64, t as i64];
    let padded = prompts.iter().any(|p| p.len() != t);
    (
        Tensor::from_slice(&ids).view(shape).to_device(device),
        padded.then(|| Tensor::from_slice(&mask).view(shape).to_device(device)),
        Tensor::from_slice(&pos).view(shape).to_device(device),
    )
}

/// `banned` [N, V] plus the embedding's padding rows, as a bool mask on `logits`' device.
pub(super) fn full_ban(net: &CausalLm, banned: &Tensor, n: i64, v: i64) -> Tensor {
    assert_eq!(banned.size(), [n, v], "banned mask must be [N, V_emb]");
    let ban = banned.to_kind(Kind::Bool).to_device(net.device());
    // A new tensor, never an in-place edit: `to_kind` may alias the caller's mask.
    let padding_rows = Tensor::arange(v, (Kind::Int64, net.device())).ge(net.token_limit());
    ban.logical_or(&padding_rows.unsqueeze(0))
}

/// Temperature, banned mask, top-k, top-p (in that order, as transformers), then one token per row.
/// The ban is applied again after the temperature (a temperature above 1 would otherwise lift
/// banned logits back into reach) and banned probabilities are zeroed before the draw, so a
/// banned token is never emitted while a legal one is left (a row with none draws a banned one,
/// which [`sample`] reports as [`Stranded`]).
/// Returns the tokens [N] and the entropy (nats) [N] of the distribution each was drawn from
/// (0 under greedy decoding, a point mass). `u` [N]: one uniform in [0, 1) per row.
pub(super) fn pick(
    logits: &Tensor,
    ban: &Tensor,
    params: &SamplingParams,
    u: &Tensor,
) -> (Tensor, Tensor) {
    let logits = logits.masked_fill(ban, MASKED_LOGIT);
    if params.temperature <= 0.0 {
        let n = logits.size()[0];
        return (
            logits.argmax(-1, false),
            Tensor::zeros([n], (Kind::Float, logits.device())),
        );
    }
    let mut logits = (logits / params.temperature).masked_fill(ban, MASKED_LOGIT);
    let v = logits.size()[1];
    if params.top_k > 0 && params.top_k < v {
        let (top, _) = logits.topk(params.top_k, -1, true, true);
        let kth = top.narrow(1, params.top_k - 1, 1);
        logits = logits.masked_fill(&logits.lt_tensor(&kth), MASKED_LOGIT);
    }
    if params.top_p < 1.0 {
        let (sorted, idx) = logits.sort(-1, true);
        let probs = sorted.softmax(-1, Kind::Float);
        // Drop a token when the mass before it already exceeds top_p (the first always stays).
        let drop_sorted = (probs.cumsum(-1, Kind::Float) - &probs).gt(params.top_p);
        let drop = drop_sorted.zeros_like().scatter(1, &idx, &drop_sorted);
        logits = logits.masked_fill(&drop, MASKED_LOGIT);
    }
    let probs = logits.softmax(-1, Kind::Float).masked_fill(ban, 0.0);
    (draw(&probs, u), entropy_of(&probs))
}

/// -sum p log p per row of `probs` [N, V]; zero-probability entries add nothing (the clamp,
/// representable in f32 and bf16, keeps 0 * log 0 from being NaN).
fn entropy_of(probs: &Tensor) -> Tensor {
    let plogp = probs * probs.clamp_min(1e-30).log();
    -plogp.sum_dim_intlist(-1, false, Kind::Float)
}

/// One index per row of `probs` [N, V] by inverse CDF with the uniforms `u` [N] (f64, on
/// `probs`' device; drawn from our own generator, see [`uniforms`]). `cum[j] <= u` counts the
/// tokens before the pick, and a zero-probability token never starts a new step of the CDF, so
/// it cannot be picked.
fn draw(probs: &Tensor, u: &Tensor) -> Tensor {
    let v = probs.size()[1];
    let cum = probs.to_kind(Kind::Double).cumsum(-1, Kind::Double);
    let u = u.unsqueeze(1) * cum.narrow(1, v - 1, 1);
    cum.le_tensor(&u)
        .sum_dim_intlist(-1, false, Kind::Int64)
        .clamp_max(v - 1)
}

/// Every uniform a pass of `len` tokens draws for `k` samples of each prompt, [len, B*k] f64 on
/// `device`, in one copy (not one per token: each host-to-device copy waits for the GPU's
/// queue). Prompt b's k rows draw from their own generator seeded `seeds[b]` (token by token,
/// sample by sample), so what a prompt gets does not depend on the other prompts of the batch
/// (a data-parallel rank samples only its own); a seed fixes the result whatever other threads
/// do with torch's global generator.
fn uniforms(seeds: &[u64], len: usize, k: usize, device: tch::Device) -> Tensor {
    let n = seeds.len() * k;
    let mut u = vec![0f64; len * n];
    for (b, &seed) in seeds.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for t in 0..len {
            for j in 0..k {
                u[t * n + b * k + j] = rng.gen::<f64>();
            }
        }
    }
    Tensor::from_slice(&u)
        .view([len as i64, n as i64])
        .to_device(device)
}

/// Bans that depend on what a row sampled so far (game API 0.2.0's word rules): called with
/// the row, its tokens so far and how many tokens follow the next one; returns [V_tok] (true
/// = banned, ids past it are left as the static mask says) or None for no extra ban.
pub type StepBan<'a> = &'a (dyn Fn(usize, &[u32], usize) -> Option<Arc<Vec<bool>>> + 'a);

/// What to sample: exactly `len` new tokens for each of `prompts.len()` prompts x `k` samples
/// (row b*k+j is prompt b's j-th sample). `banned` [B, V_emb] bool (true = banned); embedding
/// rows at or beyond the tokenizer's vocab are always banned. Prompt b's draws come from a ChaCha
/// generator seeded with `seeds[b]` (torch's global generator is untouched): same seeds, same
/// tokens on CPU.
pub struct SampleRequest<'a> {
    pub prompts: &'a [Vec<i64>],
    pub k: usize,
    pub len: usize,
    pub params: &'a SamplingParams,
    pub banned: &'a Tensor,
    /// One per prompt.
    pub seeds: &'a [u64],
    /// Per-step bans on top of `banned` (word rules); None: none.
    pub step_ban: Option<StepBan<'a>>,
    /// Also return the logits each token was drawn from (the draws do not depend on it).
    pub keep_logits: bool,
    /// Run the prompt once and extend a KV cache (true, what training does), or recompute the
    /// whole sequence at every step (the reference the cache is tested and timed against).
    pub use_cache: bool,
}

impl<'a> SampleRequest<'a> {
    /// A cached request with no step bans that keeps no logits.
    pub fn new(
        prompts: &'a [Vec<i64>],
        k: usize,
        len: usize,
        params: &'a SamplingParams,
        banned: &'a Tensor,
        seeds: &'a [u64],
    ) -> Self {
        SampleRequest {
            prompts,
            k,
            len,
            params,
            banned,
            seeds,
            step_ban: None,
            keep_logits: false,
            use_cache: true,
        }
    }
}

/// What one sampling pass gives: the tokens [N, L], the entropy (nats) of the distribution each
/// token was drawn from [N, L] (the policy's own sampling distribution: temperature, bans,
/// top-k, top-p), and, when asked for, the raw logits each token was drawn from [N, L, V_emb]
/// (before temperature and masks: the policy's teacher-forced logits of the sampled moves,
/// which Frost's gate needs, see [`logprobs_from_logits`], and need not recompute).
pub struct Sampled {
    pub tokens: Tensor,
    pub entropy: Tensor,
    pub logits: Option<Tensor>,
}

/// A row whose bans left no token at some position: the sampler reports it rather than emit a
/// banned token (the dealer refuses rounds it can tell are impossible; this catches the rest).
#[derive(Debug, thiserror::Error)]
#[error("sample row {row}: every token is banned at move position {position}")]
pub struct Stranded {
    pub row: usize,
    pub position: usize,
    /// The row's tokens before that position.
    pub so_far: Vec<u32>,
}

/// The model's one sampler: see [`SampleRequest`].
pub fn sample(net: &CausalLm, req: &SampleRequest) -> Result<Sampled, Stranded> {
    let _guard = tch::no_grad_guard();
    let dev = net.device();
    let v = net.config().vocab_size;
    let (b, kk) = (req.prompts.len() as i64, req.k as i64);
    let mut draws = Draws {
        uniforms: uniforms(req.seeds, req.len, req.k, dev),
        ban: full_ban(net, req.banned, b, v).repeat_interleave_self_int(kk, 0, None),
        req,
        tokens: Vec::with_capacity(req.len),
        entropy: Vec::with_capacity(req.len),
        kept: Vec::new(),
        banned_picks: Vec::with_capacity(req.len),
    };
    if req.use_cache {
        sample_cached(net, &mut draws);
    } else {
        sample_uncached(net, &mut draws);
    }
    let n = b * kk;
    let stack = |ts: &[Tensor], empty: &[i64], kind: Kind| match ts.is_empty() {
        true => Tensor::zeros(empty, (kind, dev)),
        false => Tensor::stack(ts, 1),
    };
    let tokens = stack(&draws.tokens, &[n, 0], Kind::Int64);
    if let Some((row, position)) = first_banned_pick(&draws.banned_picks) {
        let so_far =
            crate::instrument::sync::to_i64s(&tokens.get(row as i64).narrow(0, 0, position as i64));
        return Err(Stranded {
            row,
            position,
            so_far: so_far.into_iter().map(|t| t as u32).collect(),
        });
    }
    Ok(Sampled {
        tokens,
        entropy: stack(&draws.entropy, &[n, 0], Kind::Float),
        logits: req
            .keep_logits
            .then(|| stack(&draws.kept, &[n, 0, v], Kind::Float)),
    })
}

/// The first (row, position) whose drawn token was banned (its row had none left), from the
/// per-position [N] flags: one read when none was.
fn first_banned_pick(flags: &[Tensor]) -> Option<(usize, usize)> {
    if flags.is_empty() {
        return None;
    }
    let flags = Tensor::stack(flags, 1);
    if !crate::instrument::sync::to_bools(&flags.any())[0] {
        return None;
    }
    let l = flags.size()[1] as usize;
    let all = crate::instrument::sync::to_bools(&flags.transpose(0, 1).contiguous());
    let at = all.iter().position(|&b| b)?;
    Some((at % (all.len() / l), at / (all.len() / l)))
}

/// The draws of one sampling pass so far, shared by the cached and uncached loops.
struct Draws<'a> {
    req: &'a SampleRequest<'a>,
    /// [L, N]: the uniforms of every token's draw.
    uniforms: Tensor,
    /// [N, V] static ban (the game's mask and the padding rows), repeated for the k samples.
    ban: Tensor,
    tokens: Vec<Tensor>,
    entropy: Vec<Tensor>,
    kept: Vec<Tensor>,
    /// [N] per position: the drawn token was banned (no legal one was left).
    banned_picks: Vec<Tensor>,
}

impl Draws<'_> {
    /// One token per row from the next-token `logits` [N, V]; returns it [N].
    fn next(&mut self, logits: &Tensor) -> Tensor {
        if self.req.keep_logits {
            self.kept.push(logits.shallow_clone());
        }
        let ban = with_step_bans(&self.ban, &self.tokens, self.req.len, self.req.step_ban);
        let u = self.uniforms.get(self.tokens.len() as i64);
        let (tok, h) = pick(logits, &ban, self.req.params, &u);
        self.banned_picks
            .push(ban.gather(1, &tok.unsqueeze(1), false).squeeze_dim(1));
        self.tokens.push(tok.shallow_clone());
        self.entropy.push(h);
        tok
    }
}

/// Only the last position's logits are needed (the LM head is the costliest matmul).
fn last_logits(net: &CausalLm, h: &Tensor) -> Tensor {
    net.logits(&h.select(1, -1))
}

fn ones_column(m: &Tensor) -> Tensor {
    m.ones_like().narrow(1, 0, 1)
}

/// Prefill each prompt once, copy its cache for the k samples, then one token at a time.
#[allow(
    clippy::assign_op_pattern,
    reason = "`+=` on a Tensor is in-place, and `last_pos` starts as a view of `pos`"
)]
fn sample_cached(net: &CausalLm, d: &mut Draws) {
    let kk = d.req.k as i64;
    let rep = |t: &Tensor| t.repeat_interleave_self_int(kk, 0, None);
    let (ids0, mask0, pos0) = left_pad(d.req.prompts, net.device());
    let mut cache = net.new_cache();
    let h = net.forward_hidden(Input::Ids(&ids0), &pos0, mask0.as_ref(), Some(&mut cache));
    cache.repeat_interleave(kk);
    let mut logits = rep(&last_logits(net, &h));
    let mut mask = mask0.as_ref().map(rep);
    let mut last_pos = rep(&pos0.select(1, -1));
    for step in 0..d.req.len {
        let tok = d.next(&logits);
        if step + 1 == d.req.len {
            break;
        }
        last_pos = last_pos + 1;
        mask = mask.map(|m| Tensor::cat(&[&m, &ones_column(&m)], 1));
        let h = net.forward_hidden(
            Input::Ids(&tok.unsqueeze(1)),
            &last_pos.unsqueeze(1),
            mask.as_ref(),
            Some(&mut cache),
        );
        logits = last_logits(net, &h);
    }
}

/// The whole sequence recomputed at every step (no cache).
fn sample_uncached(net: &CausalLm, d: &mut Draws) {
    let kk = d.req.k as i64;
    let rep = |t: &Tensor| t.repeat_interleave_self_int(kk, 0, None);
    let (ids0, mask0, pos0) = left_pad(d.req.prompts, net.device());
    let (mut ids, mut mask, mut pos) = (rep(&ids0), mask0.as_ref().map(rep), rep(&pos0));
    for _ in 0..d.req.len {
        let h = net.forward_hidden(Input::Ids(&ids), &pos, mask.as_ref(), None);
        let tok = d.next(&last_logits(net, &h));
        ids = Tensor::cat(&[&ids, &tok.unsqueeze(1)], 1);
        mask = mask.map(|m| Tensor::cat(&[&m, &ones_column(&m)], 1));
        pos = Tensor::cat(&[&pos, &(pos.select(1, -1) + 1).unsqueeze(1)], 1);
    }
}

/// `ban` [N, V] with each row's step ban added, given the tokens `out` sampled so far.
fn with_step_bans(ban: &Tensor, out: &[Tensor], l: usize, step_ban: Option<StepBan>) -> Tensor {
    let Some(f) = step_ban else {
        return ban.shallow_clone();
    };
    let (n, v) = (ban.size()[0] as usize, ban.size()[1] as usize);
    let so_far: Vec<i64> = match out.is_empty() {
        true => Vec::new(),
        false => crate::instrument::sync::to_i64s(&Tensor::stack(out, 1)),
    };
    let t = out.len();
    let mut extra = vec![false; n * v];
    let mut any = false;
    for r in 0..n {
        let row: Vec<u32> = so_far[r * t..(r + 1) * t]
            .iter()
            .map(|&x| x as u32)
            .collect();
        if let Some(m) = f(r, &row, l - t - 1) {
            any = true;
            for (e, &b) in extra[r * v..(r + 1) * v].iter_mut().zip(m.iter()) {
                *e = b;
            }
        }
    }
    if !any {
        return ban.shallow_clone();
    }
    let extra = Tensor::from_slice(&extra).view([n as i64, v as i64]);
    ban.logical_or(&extra.to_device(ban.device()))
}

/// Moves [N] x L as an [N, L] i64 tensor on `device`.
pub fn moves_tensor(moves: &[Vec<u32>], device: tch::Device) -> Tensor {
    let l = moves[0].len() as i64;
    let flat: Vec<i64> = moves.iter().flatten().map(|&t| t as i64).collect();
    Tensor::from_slice(&flat)
        .view([moves.len() as i64, l])
        .to_device(device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_prompts_uniforms_are_its_own_generators_whatever_the_batch() {
        let (len, k) = (5, 3);
        let all =
            Vec::<f64>::try_from(uniforms(&[42, 7], len, k, tch::Device::Cpu).view([-1])).unwrap();
        // Prompt 1 alone draws what it draws in the batch: its own generator, token by
        // token, sample by sample.
        let alone =
            Vec::<f64>::try_from(uniforms(&[7], len, k, tch::Device::Cpu).view([-1])).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for t in 0..len {
            let row: Vec<f64> = (0..k).map(|_| rng.gen::<f64>()).collect();
            assert_eq!(
                &all[t * 2 * k + k..(t + 1) * 2 * k],
                row.as_slice(),
                "token {t}"
            );
            assert_eq!(&alone[t * k..(t + 1) * k], row.as_slice(), "token {t}");
        }
    }

    /// One uniform, for a one-row pick.
    fn uniform(rng: &mut ChaCha8Rng) -> Tensor {
        Tensor::from_slice(&[rng.gen::<f64>()])
    }

    #[test]
    fn banned_tokens_are_never_picked_even_at_high_temperature() {
        // Token 0 is legal but unlikely; tokens 1..4 are banned. At temperature 1e9 the
        // banned logits divided by it would be close to the legal one without the re-mask.
        let logits = Tensor::from_slice(&[-5.0f32, 10.0, 10.0, 10.0]).view([1, 4]);
        let ban = Tensor::from_slice(&[false, true, true, true]).view([1, 4]);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        for temperature in [0.0, 1.0, 1e9] {
            for top_p in [1.0, 0.5] {
                let params = SamplingParams {
                    temperature,
                    top_p,
                    top_k: 0,
                };
                for _ in 0..50 {
                    let (t, h) = pick(&logits, &ban, &params, &uniform(&mut rng));
                    assert_eq!(t.int64_value(&[0]), 0, "{params:?}");
                    // One legal token: a point mass.
                    assert!(h.double_value(&[0]).abs() < 1e-6, "{params:?}");
                }
            }
        }
    }

    #[test]
    fn pick_reports_the_entropy_of_the_distribution_it_draws_from() {
        // Uniform over 4 tokens: ln 4. With token 3 banned: ln 3. Top-2 of [1, 1, 0, 0]: ln 2.
        let flat = Tensor::zeros([1, 4], (Kind::Float, tch::Device::Cpu));
        let two = Tensor::from_slice(&[1.0f32, 1.0, 0.0, 0.0]).view([1, 4]);
        let none = Tensor::from_slice(&[false; 4]).view([1, 4]);
        let ban3 = Tensor::from_slice(&[false, false, false, true]).view([1, 4]);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut p = SamplingParams::default();
        let mut h = |logits: &Tensor, p: &SamplingParams, ban: &Tensor| {
            pick(logits, ban, p, &uniform(&mut rng))
                .1
                .double_value(&[0])
        };
        assert!((h(&flat, &p, &none) - 4f64.ln()).abs() < 1e-5);
        assert!((h(&flat, &p, &ban3) - 3f64.ln()).abs() < 1e-5);
        p.top_k = 2;
        assert!((h(&two, &p, &none) - 2f64.ln()).abs() < 1e-5);
    }
}
