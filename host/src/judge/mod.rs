//! The judge: exact scores of moves under a game's judge program, and Frost's Taylor proposal
//! (the gradient of the same score with respect to the move's input embeddings).
//!
//! reward(move) = sum over terms of `weight * sum over scored tokens t of log p_judge(t | < t)`
//! (nats; = weight * -CE), token t scored by the logits at t-1. The judge is the policy network
//! with LoRA adapters off (or a separate frozen copy under full fine-tuning).

mod prefix;
mod taylor;

use std::cell::{Cell, OnceCell};

use frost_sdk::types::{JudgeProgram, SegmentContent};
use tch::{Kind, Tensor};

use crate::model::{Input, Qwen3, Tok};
use prefix::Prefix;
pub use taylor::{score_from_move_embeds, taylor_proposal, Taylor};

/// Sequences per judge forward call; bounds activation memory, never changes results.
const JUDGE_CHUNK: usize = 32;

#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    #[error("judge program: {0}")]
    Program(String),
}

/// Judge calls: `forwards` counts judge sequences scored (one per distinct move and term that
/// contains the move; a one-term game like infilling is one per move), `backwards` counts
/// Taylor proposals (one forward+backward per group). Counts are of scores obtained, not of
/// passes run: where a Frost step reads the sampled moves' scores from the Taylor pass's own
/// forward (one forward + one backward in all), those moves still count as forwards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    pub forwards: u64,
    pub backwards: u64,
}

/// One term of a judge program with its text tokenized and the move slot left open.
#[derive(Clone, Debug)]
pub struct TermTemplate {
    pub weight: f64,
    /// The sequence starts with the tokenizer's BOS (or EOS) token.
    pub bos: bool,
    /// Token ids with `move_len` placeholder zeros at `move_start` (when the term has the move).
    pub ids: Vec<i64>,
    pub scored: Vec<bool>,
    pub move_start: Option<usize>,
}

/// A judge program ready to score moves of length `move_len`.
#[derive(Debug)]
pub struct CompiledProgram {
    pub terms: Vec<TermTemplate>,
    pub move_len: usize,
    /// Sum of the move-independent terms (e.g. `xent(s)` in `xed`), computed once.
    baseline: Cell<Option<f64>>,
    /// Run each move term's tokens before the move once (see prefix.rs); off only to compare.
    prefix_cache: bool,
    /// Per term, its cached prefix (computed on first use, by the judge in use then).
    prefixes: OnceCell<Vec<Option<Prefix>>>,
}

impl CompiledProgram {
    /// Tokenize a program's text segments with the host tokenizer.
    pub fn compile(program: &JudgeProgram, tok: &Tok, move_len: usize) -> Result<Self, JudgeError> {
        let mut terms = Vec::new();
        let mut any_move = false;
        for (n, term) in program.terms.iter().enumerate() {
            let mut ids: Vec<i64> = Vec::new();
            let mut scored = Vec::new();
            let mut move_start = None;
            if term.bos {
                let bos = tok.bos_id().or(tok.eos_id()).ok_or_else(|| {
                    JudgeError::Program(format!(
                        "term {n} asks for BOS but the tokenizer has no BOS/EOS token"
                    ))
                })?;
                ids.push(bos as i64);
                scored.push(false);
            }
            for seg in &term.segments {
                let toks: Vec<i64> = match &seg.content {
                    SegmentContent::Text(s) => {
                        tok.encode(s).into_iter().map(|t| t as i64).collect()
                    }
                    SegmentContent::Tokens(t) => t.iter().map(|&t| t as i64).collect(),
                    SegmentContent::Move => {
                        if move_start.is_some() {
                            return Err(JudgeError::Program(format!(
                                "term {n} has more than one move slot"
                            )));
                        }
                        move_start = Some(ids.len());
                        vec![0; move_len]
                    }
                };
                scored.extend(std::iter::repeat_n(seg.scored, toks.len()));
                ids.extend(toks);
            }
            if ids.is_empty() {
                return Err(JudgeError::Program(format!("term {n} is empty")));
            }
            // Position 0 has no context to be predicted from.
            scored[0] = false;
            any_move |= move_start.is_some();
            terms.push(TermTemplate {
                weight: term.weight,
                bos: term.bos,
                ids,
                scored,
                move_start,
            });
        }
        if !any_move {
            return Err(JudgeError::Program("no term contains the move slot".into()));
        }
        Ok(CompiledProgram {
            terms,
            move_len,
            baseline: Cell::new(None),
            prefix_cache: true,
            prefixes: OnceCell::new(),
        })
    }

    /// The same program scoring every sequence whole (the reference for the cached path).
    pub fn without_prefix_cache(mut self) -> Self {
        self.prefix_cache = false;
        self.prefixes = OnceCell::new();
        self
    }

    /// Term `j`'s cached prefix, computed for all terms on first use.
    fn prefix(&self, judge: &Qwen3, j: usize) -> Option<&Prefix> {
        if !self.prefix_cache {
            return None;
        }
        let all = self.prefixes.get_or_init(|| {
            let _off = AdaptersOff::new(judge);
            self.terms
                .iter()
                .map(|t| Prefix::compute(judge, t))
                .collect()
        });
        all[j].as_ref()
    }

    fn filled(&self, term: &TermTemplate, mv: &[u32]) -> Vec<i64> {
        let mut ids = term.ids.clone();
        if let Some(s) = term.move_start {
            for (i, &t) in mv.iter().enumerate() {
                ids[s + i] = t as i64;
            }
        }
        ids
    }

    fn baseline(&self, judge: &Qwen3) -> f64 {
        if let Some(b) = self.baseline.get() {
            return b;
        }
        let fixed: Vec<&TermTemplate> = self
            .terms
            .iter()
            .filter(|t| t.move_start.is_none())
            .collect();
        let seqs: Vec<(Vec<i64>, Vec<bool>)> = fixed
            .iter()
            .map(|t| (t.ids.clone(), t.scored.clone()))
            .collect();
        let sums = sequence_logps(judge, &seqs);
        let b = fixed.iter().zip(sums).map(|(t, s)| t.weight * s).sum();
        self.baseline.set(Some(b));
        b
    }
}

/// Turns the adapters off for the judge and back to their previous state on drop.
pub struct AdaptersOff<'a> {
    net: &'a Qwen3,
    was: bool,
}

impl<'a> AdaptersOff<'a> {
    pub fn new(net: &'a Qwen3) -> Self {
        let was = net.adapters_enabled();
        net.set_adapters_enabled(false);
        AdaptersOff { net, was }
    }
}

impl Drop for AdaptersOff<'_> {
    fn drop(&mut self) {
        if self.was {
            self.net.set_adapters_enabled(true);
        }
    }
}

/// Right-pad `seqs` into [B, T] ids + pad mask + positions on `device`.
fn pad_batch(seqs: &[&[i64]], device: tch::Device) -> (Tensor, Tensor, Tensor) {
    let t = seqs.iter().map(|s| s.len()).max().unwrap_or(1);
    let b = seqs.len();
    let mut ids = vec![0i64; b * t];
    let mut mask = vec![false; b * t];
    for (r, s) in seqs.iter().enumerate() {
        ids[r * t..r * t + s.len()].copy_from_slice(s);
        mask[r * t..r * t + s.len()]
            .iter_mut()
            .for_each(|m| *m = true);
    }
    let (b, t) = (b as i64, t as i64);
    let ids = Tensor::from_slice(&ids).view([b, t]).to_device(device);
    let mask = Tensor::from_slice(&mask).view([b, t]).to_device(device);
    let pos = Tensor::arange(t, (Kind::Int64, device))
        .unsqueeze(0)
        .expand([b, t], false)
        .contiguous();
    (ids, mask, pos)
}

/// Flat indices (into [B*T]) of the positions predicting scored tokens, their targets, and the
/// row each belongs to.
fn scored_rows(seqs: &[(&[i64], &[bool])], t: usize) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
    let (mut at, mut target, mut row) = (Vec::new(), Vec::new(), Vec::new());
    for (r, (ids, scored)) in seqs.iter().enumerate() {
        for p in 1..ids.len() {
            if scored[p] {
                at.push((r * t + p - 1) as i64);
                target.push(ids[p]);
                row.push(r as i64);
            }
        }
    }
    (at, target, row)
}

/// Sum of scored-token log-probs for each sequence (no grad), in chunks.
fn sequence_logps(judge: &Qwen3, seqs: &[(Vec<i64>, Vec<bool>)]) -> Vec<f64> {
    let _guard = tch::no_grad_guard();
    let mut out = Vec::with_capacity(seqs.len());
    for chunk in seqs.chunks(JUDGE_CHUNK) {
        let refs: Vec<&[i64]> = chunk.iter().map(|(i, _)| i.as_slice()).collect();
        let (ids, mask, pos) = pad_batch(&refs, judge.device());
        let hidden = judge.forward_hidden(Input::Ids(&ids), &pos, Some(&mask), None);
        let pairs: Vec<(&[i64], &[bool])> = chunk
            .iter()
            .map(|(i, s)| (i.as_slice(), s.as_slice()))
            .collect();
        out.extend(scored_sums(judge, &hidden, &pairs));
    }
    out
}

/// Per-row sums of log p(target) at the scored positions of `hidden` [B, T, H] (f64 values,
/// keeps the graph when grad mode is on through `scored_sums_tensor`).
fn scored_sums(judge: &Qwen3, hidden: &Tensor, seqs: &[(&[i64], &[bool])]) -> Vec<f64> {
    let sums = scored_sums_tensor(judge, hidden, seqs);
    Vec::<f64>::try_from(&sums.to_kind(Kind::Double).to_device(tch::Device::Cpu)).expect("f64 sums")
}

fn scored_sums_tensor(judge: &Qwen3, hidden: &Tensor, seqs: &[(&[i64], &[bool])]) -> Tensor {
    let (b, t, h) = {
        let s = hidden.size();
        (s[0], s[1], s[2])
    };
    let dev = hidden.device();
    let (at, target, row) = scored_rows(seqs, t as usize);
    if at.is_empty() {
        return Tensor::zeros([b], (Kind::Float, dev));
    }
    let at = Tensor::from_slice(&at).to_device(dev);
    let target = Tensor::from_slice(&target).to_device(dev);
    let row = Tensor::from_slice(&row).to_device(dev);
    let logits = judge.logits(&hidden.view([b * t, h]).index_select(0, &at));
    let lp = logits
        .log_softmax(-1, Kind::Float)
        .gather(1, &target.unsqueeze(1), false)
        .squeeze_dim(1);
    Tensor::zeros([b], (Kind::Float, dev)).index_add(0, &row, &lp)
}

/// Exact scores of `moves` (each `move_len` tokens): one batched judge pass, identical moves
/// scored once. Adds the sequences scored (distinct moves x move terms) to `budget.forwards`.
pub fn score(
    judge: &Qwen3,
    prog: &CompiledProgram,
    moves: &[Vec<u32>],
    budget: &mut Budget,
) -> Vec<f64> {
    let _off = AdaptersOff::new(judge);
    let mut distinct: Vec<&Vec<u32>> = Vec::new();
    let index: Vec<usize> = moves
        .iter()
        .map(|m| match distinct.iter().position(|d| *d == m) {
            Some(i) => i,
            None => {
                distinct.push(m);
                distinct.len() - 1
            }
        })
        .collect();
    let mut per_move = vec![prog.baseline(judge); distinct.len()];
    let mut move_terms = 0;
    for (j, term) in prog.terms.iter().enumerate() {
        if term.move_start.is_none() {
            continue;
        }
        move_terms += 1;
        let filled: Vec<Vec<i64>> = distinct.iter().map(|m| prog.filled(term, m)).collect();
        let _guard = tch::no_grad_guard();
        for (c, chunk) in filled.chunks(JUDGE_CHUNK).enumerate() {
            let sums = term_forward(judge, prog, j, chunk, None).sums;
            let sums =
                Vec::<f64>::try_from(&sums.to_kind(Kind::Double).to_device(tch::Device::Cpu))
                    .expect("f64 sums");
            for (d, x) in sums.into_iter().enumerate() {
                per_move[c * JUDGE_CHUNK + d] += term.weight * x;
            }
        }
    }
    debug_assert_eq!(
        sequences_scored(prog, moves),
        (distinct.len() * move_terms) as u64
    );
    budget.forwards += (distinct.len() * move_terms) as u64;
    index.into_iter().map(|i| per_move[i]).collect()
}

/// The judge sequences [`score`] counts for `moves`: one per distinct move and move term. A step
/// that takes the sampled moves' scores from the Taylor pass's forward (see `Taylor::score`)
/// counts these too, so budgets do not depend on which pass produced the scores.
pub fn sequences_scored(prog: &CompiledProgram, moves: &[Vec<u32>]) -> u64 {
    let mut distinct: Vec<&Vec<u32>> = Vec::new();
    for m in moves {
        if !distinct.contains(&m) {
            distinct.push(m);
        }
    }
    let move_terms = prog.terms.iter().filter(|t| t.move_start.is_some()).count();
    (distinct.len() * move_terms) as u64
}

/// One move term's forward over a batch of its filled sequences.
struct TermOut {
    /// The term's scored log-prob sums [n] (unweighted; with graph when the input has one).
    sums: Tensor,
    /// Final hidden states [n, T - offset, H] of positions offset.. .
    hidden: Tensor,
    /// The first position computed: the cached prefix's length (0 without a cache).
    offset: usize,
}

/// Term `j` over `filled` (all the same length), from its cached prefix on when it has one.
/// With `move_embeds` [n, L, H] the move slot's input embeddings are those (differentiable),
/// the rest are the tokens' own.
fn term_forward(
    judge: &Qwen3,
    prog: &CompiledProgram,
    j: usize,
    filled: &[Vec<i64>],
    move_embeds: Option<&Tensor>,
) -> TermOut {
    let term = &prog.terms[j];
    let dev = judge.device();
    let prefix = prog.prefix(judge, j);
    let offset = prefix.map_or(0, |p| p.start);
    let rest: Vec<&[i64]> = filled.iter().map(|f| &f[offset..]).collect();
    let (ids, mask, pos) = pad_batch(&rest, dev);
    let (n, t) = (ids.size()[0], ids.size()[1]);
    let pos = pos + offset as i64;
    let x = move_embeds.map(|me| {
        let s = term.move_start.expect("move term") - offset;
        let l = prog.move_len;
        let base = Tensor::embedding(judge.embed_weight(), &ids, -1, false, false)
            .detach()
            .to_kind(me.kind());
        // Splice the move embeddings in: [before | move | after] along time.
        let before = base.narrow(1, 0, s as i64);
        let after = base.narrow(1, (s + l) as i64, t - (s + l) as i64);
        Tensor::cat(&[before, me.shallow_clone(), after], 1)
    });
    let input = match &x {
        Some(x) => Input::Embeds(x),
        None => Input::Ids(&ids),
    };
    let hidden = match prefix {
        Some(p) => judge.forward_hidden(input, &pos, None, Some(&mut p.cache_for(n))),
        None => judge.forward_hidden(input, &pos, Some(&mask), None),
    };
    let scored = &term.scored[offset..];
    let pairs: Vec<(&[i64], &[bool])> = rest.iter().map(|r| (*r, scored)).collect();
    let sums = scored_sums_tensor(judge, &hidden, &pairs);
    // (Not `+=`: tch's in-place add on a tensor in the graph.)
    let sums = match prefix {
        Some(p) => sums + p.logp,
        None => sums,
    };
    TermOut {
        sums,
        hidden,
        offset,
    }
}
