//! The judge: exact scores of moves under a game's judge program, and Frost's Taylor proposal
//! (the gradient of the same score with respect to the move's input embeddings).
//!
//! reward(move) = sum over terms of `weight * sum over scored tokens t of log p_judge(t | < t)`
//! (nats; = weight * -CE), token t scored by the logits at t-1. The judge is the policy network
//! with LoRA adapters off (or a separate frozen copy under full fine-tuning). Game API 0.2.0
//! adds penalties (`penalty.rs`: hinges on sums of terms), a per-token cross-entropy clamp
//! (`-min(CE_t, c)`, in `scored_sums_tensor`) and move parts (a term reads a span of the move).

pub(crate) mod penalty;
mod prefix;
mod scored;
mod taylor;

use std::cell::OnceCell;
use std::ops::Range;

use frost_sdk::types::{JudgeProgram, JudgeTerm, SegmentContent};
use tch::{Kind, Tensor};

use crate::model::{CausalLm, Input, Tok};
use prefix::Prefix;
use scored::{scored_sums, scored_sums_tensor, Scored, ScoredIndex};
pub use taylor::{
    score_from_move_embeds, taylor_in_chunks, taylor_proposal, taylor_scores_are_exact, Taylor,
};

/// Sequences per judge forward call; bounds activation memory, never changes results.
pub const JUDGE_CHUNK: usize = 32;

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
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// Where the term's move slot starts in `ids`, when it has one.
    pub move_start: Option<usize>,
    /// The move tokens the slot holds: the whole move (`0..move_len`) or a span of its parts.
    pub move_span: Range<usize>,
    /// Per-token cross-entropy clamp in nats (`max_token_ce`).
    pub clamp: Option<f64>,
    /// The penalty this term belongs to (None: a reward term).
    pub penalty: Option<usize>,
}

/// A judge program ready to score moves of length `move_len`.
#[derive(Debug)]
pub struct CompiledProgram {
    pub terms: Vec<TermTemplate>,
    pub move_len: usize,
    /// The penalties the terms with `penalty: Some(p)` feed.
    pub penalties: Vec<penalty::PenaltySpec>,
    /// Per term, the scored log-prob sum of a move-independent term (e.g. `xent(s)` in
    /// `xed`; 0 for move terms), computed once.
    fixed: OnceCell<Vec<f64>>,
    /// Run each move term's tokens before the move once (see prefix.rs); off only to compare.
    prefix_cache: bool,
    /// Per term, its cached prefix (computed on first use, by the judge in use then).
    prefixes: OnceCell<Vec<Option<Prefix>>>,
}

impl CompiledProgram {
    /// Tokenize a program's text segments with the host tokenizer (one move).
    pub fn compile(program: &JudgeProgram, tok: &Tok, move_len: usize) -> Result<Self, JudgeError> {
        Self::compile_moves(program, tok, move_len, &[])
    }

    /// As [`CompiledProgram::compile`], for a move made of parts of these lengths (a game's
    /// `requirements.moves`; empty: one move).
    pub fn compile_moves(
        program: &JudgeProgram,
        tok: &Tok,
        move_len: usize,
        parts: &[u32],
    ) -> Result<Self, JudgeError> {
        let mut terms = Vec::new();
        let penalty_terms = program.penalties.iter().enumerate();
        let all = (program.terms.iter().map(|t| (t, None)))
            .chain(penalty_terms.flat_map(|(p, pen)| pen.terms.iter().map(move |t| (t, Some(p)))));
        for (n, (term, penalty)) in all.enumerate() {
            let mut t = compile_term(n, term, tok, move_len, parts)?;
            t.penalty = penalty;
            terms.push(t);
        }
        if !terms.iter().any(|t| t.move_start.is_some()) {
            return Err(JudgeError::Program("no term contains the move slot".into()));
        }
        Ok(CompiledProgram {
            terms,
            move_len,
            penalties: penalty::specs(program),
            fixed: OnceCell::new(),
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
    fn prefix(&self, judge: &CausalLm, j: usize) -> Option<&Prefix> {
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
            for (i, &t) in mv[term.move_span.clone()].iter().enumerate() {
                ids[s + i] = t as i64;
            }
        }
        ids
    }

    /// Per term, the unweighted scored sum of each move-independent term (0 for move terms),
    /// computed once per program.
    fn fixed_sums(&self, judge: &CausalLm) -> &[f64] {
        self.fixed.get_or_init(|| {
            let fixed: Vec<&TermTemplate> = self
                .terms
                .iter()
                .filter(|t| t.move_start.is_none())
                .collect();
            let seqs: Vec<(Vec<i64>, Vec<bool>, Option<f64>)> = fixed
                .iter()
                .map(|t| (t.ids.clone(), t.scored.clone(), t.clamp))
                .collect();
            let mut sums = sequence_logps(judge, &seqs).into_iter();
            let all = self.terms.iter().map(|t| match t.move_start {
                Some(_) => 0.0,
                None => sums.next().expect("one sum per fixed term"),
            });
            all.collect()
        })
    }
}

/// One judge term as token ids with the move slot (its span of the move) left open; a
/// segment's `skip_first` leaves its first token unscored.
fn compile_term(
    n: usize,
    term: &JudgeTerm,
    tok: &Tok,
    move_len: usize,
    parts: &[u32],
) -> Result<TermTemplate, JudgeError> {
    let mut ids: Vec<i64> = Vec::new();
    let mut scored = Vec::new();
    let mut move_start = None;
    let mut move_span = 0..move_len;
    if term.bos {
        let bos = tok.bos_id().or(tok.eos_id()).ok_or_else(|| {
            JudgeError::Program(format!(
                "term {n} asks for BOS but the tokenizer has no BOS/EOS token"
            ))
        })?;
        ids.push(bos as i64);
        scored.push(false);
    }
    let mut last_move_seg = None;
    for (i, seg) in term.segments.iter().enumerate() {
        let toks: Vec<i64> = match &seg.content {
            SegmentContent::Text(s) => tok.encode(s).into_iter().map(|t| t as i64).collect(),
            SegmentContent::Tokens(t) => t.iter().map(|&t| t as i64).collect(),
            SegmentContent::Move | SegmentContent::MovePart(_) => {
                let span = part_span(&seg.content, move_len, parts).ok_or_else(|| {
                    JudgeError::Program(format!(
                        "term {n} reads a move part the game never declared, or one past the move"
                    ))
                })?;
                // Adjacent parts in order join one span; anything else is a second slot.
                let joins = last_move_seg == Some(i.wrapping_sub(1)) && move_span.end == span.start;
                match move_start {
                    None => (move_start, move_span) = (Some(ids.len()), span.clone()),
                    Some(_) if joins => move_span.end = span.end,
                    Some(_) => {
                        return Err(JudgeError::Program(format!(
                            "term {n} has more than one move slot"
                        )))
                    }
                }
                last_move_seg = Some(i);
                vec![0; span.len()]
            }
        };
        let from = scored.len();
        scored.extend(std::iter::repeat_n(seg.scored, toks.len()));
        if seg.skip_first && !toks.is_empty() {
            scored[from] = false;
        }
        ids.extend(toks);
    }
    if ids.is_empty() {
        return Err(JudgeError::Program(format!("term {n} is empty")));
    }
    // Position 0 has no context to be predicted from.
    scored[0] = false;
    Ok(TermTemplate {
        weight: term.weight,
        bos: term.bos,
        ids,
        scored,
        move_start,
        move_span,
        clamp: term.max_token_ce,
        penalty: None,
    })
}

/// The move tokens a move segment reads: all of them, or part `k` of `parts`; None when the
/// part does not exist or does not lie inside the move (checked arithmetic: a game's part
/// lengths are untrusted, and a span past the move would reach libtorch as a bad slice).
fn part_span(content: &SegmentContent, move_len: usize, parts: &[u32]) -> Option<Range<usize>> {
    match content {
        SegmentContent::MovePart(k) => {
            let k = *k as usize;
            let start =
                (parts.get(..k)?.iter()).try_fold(0usize, |a, &p| a.checked_add(p as usize))?;
            let end = start.checked_add(*parts.get(k)? as usize)?;
            (end <= move_len).then_some(start..end)
        }
        _ => Some(0..move_len),
    }
}

/// Turns the adapters off for the judge and back to their previous state on drop.
pub struct AdaptersOff<'a> {
    net: &'a CausalLm,
    was: bool,
}

impl<'a> AdaptersOff<'a> {
    pub fn new(net: &'a CausalLm) -> Self {
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

/// Right-pads `seqs` on `device`: (ids [B, T], positions [B, T]). No attention mask is needed:
/// under the causal mask a real token never sees the padding after it, and the padding's own
/// outputs are never read; without a mask SDPA can pick a fused kernel.
fn pad_batch(seqs: &[&[i64]], device: tch::Device) -> (Tensor, Tensor) {
    let t = seqs.iter().map(|s| s.len()).max().unwrap_or(1);
    let b = seqs.len();
    let mut ids = vec![0i64; b * t];
    for (r, s) in seqs.iter().enumerate() {
        ids[r * t..r * t + s.len()].copy_from_slice(s);
    }
    let (b, t) = (b as i64, t as i64);
    let ids = Tensor::from_slice(&ids).view([b, t]).to_device(device);
    let pos = Tensor::arange(t, (Kind::Int64, device))
        .unsqueeze(0)
        .expand([b, t], false)
        .contiguous();
    (ids, pos)
}

/// Sum of scored-token log-probs for each sequence (no grad), in chunks.
fn sequence_logps(judge: &CausalLm, seqs: &[(Vec<i64>, Vec<bool>, Option<f64>)]) -> Vec<f64> {
    let _guard = tch::no_grad_guard();
    let mut out = Vec::with_capacity(seqs.len());
    for chunk in seqs.chunks(JUDGE_CHUNK) {
        let refs: Vec<&[i64]> = chunk.iter().map(|(i, ..)| i.as_slice()).collect();
        let (ids, pos) = pad_batch(&refs, judge.device());
        let rows: Vec<Scored> = chunk
            .iter()
            .map(|(i, s, c)| (i.as_slice(), s.as_slice(), *c))
            .collect();
        let ix = ScoredIndex::new(&rows, ids.size()[1] as usize, judge.device());
        let hidden = judge.forward_hidden(Input::Ids(&ids), &pos, None, None);
        out.extend(scored_sums(judge, &hidden, &ix));
    }
    out
}

/// Exact scores of `moves` (each `move_len` tokens): batched judge passes, identical moves
/// scored once. Adds the sequences scored (distinct moves x move terms) to `budget.forwards`.
pub fn score(
    judge: &CausalLm,
    prog: &CompiledProgram,
    moves: &[Vec<u32>],
    budget: &mut Budget,
) -> Vec<f64> {
    score_batched(judge, prog, moves, JUDGE_CHUNK, budget)
}

/// [`score`] with `batch` sequences per judge pass (0: its own chunk). The batch bounds
/// activation memory; the scores do not depend on it beyond float rounding.
pub fn score_batched(
    judge: &CausalLm,
    prog: &CompiledProgram,
    moves: &[Vec<u32>],
    batch: usize,
    budget: &mut Budget,
) -> Vec<f64> {
    let chunk = if batch == 0 { JUDGE_CHUNK } else { batch };
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
    // Per distinct move, every term's unweighted scored sum; combined into the reward below.
    let sums = distinct_term_sums(judge, prog, &distinct, chunk);
    let move_terms = prog.terms.iter().filter(|t| t.move_start.is_some()).count();
    let per_move: Vec<f64> = sums.iter().map(|row| penalty::combine(prog, row)).collect();
    debug_assert_eq!(
        sequences_scored(prog, moves),
        (distinct.len() * move_terms) as u64
    );
    budget.forwards += (distinct.len() * move_terms) as u64;
    index.into_iter().map(|i| per_move[i]).collect()
}

/// Per move, every term's unweighted scored sum (`sum log p` over its scored tokens; the
/// move-independent terms' too), the sums [`penalty::combine`] weighs into the score. Counts
/// nothing into a budget: [`score`] does, for the scores training uses.
pub fn term_sums(judge: &CausalLm, prog: &CompiledProgram, moves: &[Vec<u32>]) -> Vec<Vec<f64>> {
    let _off = AdaptersOff::new(judge);
    distinct_term_sums(judge, prog, &moves.iter().collect::<Vec<_>>(), JUDGE_CHUNK)
}

fn distinct_term_sums(
    judge: &CausalLm,
    prog: &CompiledProgram,
    distinct: &[&Vec<u32>],
    chunk: usize,
) -> Vec<Vec<f64>> {
    let mut sums = vec![prog.fixed_sums(judge).to_vec(); distinct.len()];
    for (j, term) in prog.terms.iter().enumerate() {
        if term.move_start.is_none() {
            continue;
        }
        let filled: Vec<Vec<i64>> = distinct.iter().map(|m| prog.filled(term, m)).collect();
        let _guard = tch::no_grad_guard();
        for (c, rows) in filled.chunks(chunk).enumerate() {
            let out = term_forward(judge, prog, j, rows, None).sums;
            let out = crate::instrument::sync::to_f64s(&out);
            for (d, x) in out.into_iter().enumerate() {
                sums[c * chunk + d][j] = x;
            }
        }
    }
    sums
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
    judge: &CausalLm,
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
    let (ids, pos) = pad_batch(&rest, dev);
    let (n, t) = (ids.size()[0], ids.size()[1]);
    let pos = pos + offset as i64;
    let x = move_embeds.map(|me| {
        let s = term.move_start.expect("move term") - offset;
        // The term reads its span of the move (all of it, or some of its parts).
        let span = &term.move_span;
        let me = me.narrow(1, span.start as i64, span.len() as i64);
        let l = span.len();
        let base = tch::no_grad(|| judge.embed(&ids)).to_kind(me.kind());
        // Splice the move embeddings in: [before | move | after] along time.
        let before = base.narrow(1, 0, s as i64);
        let after = base.narrow(1, (s + l) as i64, t - (s + l) as i64);
        Tensor::cat(&[before, me.shallow_clone(), after], 1)
    });
    let input = match &x {
        Some(x) => Input::Embeds(x),
        None => Input::Ids(&ids),
    };
    let scored = &term.scored[offset..];
    let rows: Vec<Scored> = rest.iter().map(|r| (*r, scored, term.clamp)).collect();
    let ix = ScoredIndex::new(&rows, t as usize, dev);
    let hidden = match prefix {
        Some(p) => judge.forward_hidden(input, &pos, None, Some(&mut p.cache_for(n))),
        None => judge.forward_hidden(input, &pos, None, None),
    };
    let sums = scored_sums_tensor(judge, &hidden, &ix);
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
