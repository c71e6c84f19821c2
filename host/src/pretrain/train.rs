//! The pretraining loop: next-token cross-entropy on random windows of the training works,
//! AdamW (`crate::optim`, whose state goes into the checkpoint), linear warmup + cosine decay,
//! global gradient-norm clipping, a resumable checkpoint, held-out bits per byte, and the
//! Hugging Face output directory, built in a temporary folder and renamed into place.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tch::{nn, Device, Kind, Tensor};
use tokenizers::Tokenizer;

use super::bpe::{self, ENDOFTEXT};
use super::{write_json, PretrainError};
use crate::corpus::{load_corpus, Corpus, CorpusSource, Document};
use crate::files::tmp_sibling;
use crate::model::{Input, Qwen3, Qwen3Config};
use crate::optim::{self, AdamW};

/// The preset model and schedule sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelSize {
    /// The embedded default: 2.6M parameters, at most about 15 minutes on a 2-core CPU.
    Small,
    /// For tests: a few thousand parameters, a few seconds.
    Tiny,
}

/// Everything that shapes the trained weights. Stored in the checkpoint (a resume must use the
/// same) and in `pretrain.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hyper {
    pub vocab_size: usize,
    pub hidden_size: i64,
    pub num_layers: i64,
    pub num_heads: i64,
    pub num_kv_heads: i64,
    pub head_dim: i64,
    pub intermediate_size: i64,
    /// Tokens per training window (also the model's `max_position_embeddings`).
    pub seq_len: usize,
    pub batch_size: usize,
    pub steps: usize,
    pub warmup_steps: usize,
    pub lr: f64,
    /// The cosine decays to `lr * min_lr_ratio`.
    pub min_lr_ratio: f64,
    pub weight_decay: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub grad_clip: f64,
    pub seed: u64,
}

impl Hyper {
    pub fn preset(size: ModelSize) -> Hyper {
        match size {
            // head_dim is explicit and heads x head_dim (256) != hidden_size (192), as in
            // Qwen3-0.6B; GQA 2:1; tied embeddings. 2.6M parameters (0.8M in the embedding).
            ModelSize::Small => Hyper {
                vocab_size: 4096,
                hidden_size: 192,
                num_layers: 4,
                num_heads: 4,
                num_kv_heads: 2,
                head_dim: 64,
                intermediate_size: 512,
                seq_len: 256,
                batch_size: 16,
                steps: 800,
                warmup_steps: 40,
                lr: 3e-3,
                min_lr_ratio: 0.1,
                weight_decay: 0.1,
                beta1: 0.9,
                beta2: 0.95,
                grad_clip: 1.0,
                seed: 0,
            },
            ModelSize::Tiny => Hyper {
                vocab_size: 512,
                hidden_size: 64,
                num_layers: 2,
                num_heads: 4,
                num_kv_heads: 2,
                head_dim: 16,
                intermediate_size: 128,
                seq_len: 64,
                batch_size: 8,
                steps: 30,
                warmup_steps: 5,
                lr: 3e-3,
                min_lr_ratio: 0.1,
                weight_decay: 0.1,
                beta1: 0.9,
                beta2: 0.95,
                grad_clip: 1.0,
                seed: 0,
            },
        }
    }

    /// Sets one field from `key=value` (as in `--set hidden_size=192`), the value read as JSON.
    pub fn set(&mut self, assignment: &str) -> Result<(), PretrainError> {
        let err = |msg: String| PretrainError::Option {
            option: format!("--set {assignment}"),
            msg,
        };
        let (key, value) = assignment
            .split_once('=')
            .ok_or_else(|| err("expected KEY=VALUE, e.g. hidden_size=192".to_string()))?;
        let mut obj = serde_json::to_value(&*self).expect("hyper serializes");
        let map = obj.as_object_mut().expect("hyper is an object");
        if !map.contains_key(key.trim()) {
            let known: Vec<&str> = map.keys().map(|k| k.as_str()).collect();
            return Err(err(format!(
                "unknown key; known keys: {}",
                known.join(", ")
            )));
        }
        let value: serde_json::Value = serde_json::from_str(value.trim())
            .map_err(|_| err(format!("`{value}` is not a number")))?;
        map.insert(key.trim().to_string(), value);
        *self = serde_json::from_value(obj).map_err(|e| err(e.to_string()))?;
        Ok(())
    }

    fn validate(&self) -> Result<(), PretrainError> {
        let bad = |option: &str, msg: &str| {
            Err(PretrainError::Option {
                option: option.to_string(),
                msg: msg.to_string(),
            })
        };
        if self.steps == 0 {
            return bad("--steps", "must be at least 1");
        }
        if self.batch_size == 0 {
            return bad("--batch-size", "must be at least 1");
        }
        if self.seq_len < 2 {
            return bad("--seq-len", "must be at least 2");
        }
        if self.vocab_size < 260 {
            return bad(
                "--vocab-size",
                "must be at least 260 (3 special tokens + 256 bytes + 1 merge)",
            );
        }
        if !(self.lr > 0.0 && self.lr.is_finite()) {
            return bad("--lr", "must be a positive number");
        }
        Ok(())
    }

    /// Linear warmup from 0, then cosine from `lr` down to `lr * min_lr_ratio` at the last step.
    pub fn lr_at(&self, step: usize) -> f64 {
        if step < self.warmup_steps {
            return self.lr * (step + 1) as f64 / self.warmup_steps as f64;
        }
        let span = self.steps.saturating_sub(self.warmup_steps).max(1) as f64;
        let progress = ((step - self.warmup_steps) as f64 / span).min(1.0);
        let min_lr = self.lr * self.min_lr_ratio;
        min_lr + 0.5 * (self.lr - min_lr) * (1.0 + (std::f64::consts::PI * progress).cos())
    }
}

/// What to pretrain on, where to put it, and how.
#[derive(Clone, Debug)]
pub struct PretrainOptions {
    pub corpus: CorpusSource,
    /// The output model directory (created atomically at the end).
    pub out: PathBuf,
    pub size: ModelSize,
    pub hyper: Hyper,
    /// Wall-clock budget for the whole run: if the planned steps would not fit (measured after
    /// a few steps), fewer steps are planned and the schedule follows the new count.
    pub minutes: Option<f64>,
    /// Continue from the checkpoint in the work folder next to `out`.
    pub resume: bool,
    /// Steps between checkpoints (and between held-out estimates in the log).
    pub checkpoint_every: usize,
    /// Stop after this step with a checkpoint and no model, as an interrupted run would
    /// (to split a long run; `resume` continues it).
    pub stop_after: Option<usize>,
    /// libtorch intra-op threads (None: its default, one per core).
    pub threads: Option<i32>,
}

impl PretrainOptions {
    pub fn new(corpus: CorpusSource, out: PathBuf, size: ModelSize) -> Self {
        PretrainOptions {
            corpus,
            out,
            size,
            hyper: Hyper::preset(size),
            minutes: match size {
                ModelSize::Small => Some(15.0),
                ModelSize::Tiny => None,
            },
            resume: false,
            checkpoint_every: match size {
                ModelSize::Small => 100,
                ModelSize::Tiny => 10,
            },
            stop_after: None,
            // A toy model gains nothing from threads, and one thread stays fast and exactly
            // reproducible on a busy machine.
            threads: match size {
                ModelSize::Small => None,
                ModelSize::Tiny => Some(1),
            },
        }
    }
}

/// `pretrain.json`: what was trained on, how, and how well it does on the held-out works.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PretrainReport {
    pub frost_version: String,
    pub corpus: CorpusReport,
    pub hyper: Hyper,
    pub parameters: i64,
    /// Steps actually run (fewer than `hyper.steps` when the time budget shortened the plan).
    pub steps: usize,
    pub tokens_seen: usize,
    pub resumed: bool,
    /// Seconds in the training steps, summed over resumed runs.
    pub train_seconds: f64,
    /// Seconds of this invocation: corpus, tokenizer, training, evaluation, saving.
    pub wall_seconds: f64,
    pub tokens_per_second: f64,
    pub heldout: HeldoutReport,
    pub samples: Vec<Sample>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CorpusReport {
    pub source: String,
    pub train_files: Vec<String>,
    pub heldout_files: Vec<String>,
    pub train_bytes: usize,
    pub train_tokens: usize,
    pub tokenizer_vocab_size: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HeldoutReport {
    /// Mean next-token cross-entropy in nats (every held-out token scored once).
    pub loss: f64,
    /// Total nats / ln 2 / total UTF-8 bytes of the held-out text.
    pub bits_per_byte: f64,
    pub tokens: usize,
    pub bytes: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sample {
    pub prompt: String,
    pub continuation: String,
}

/// The work folder next to the output (`.<name>.work`): tokenizer and checkpoint of a run in
/// progress, removed when the model is complete.
pub fn work_dir(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.work"))
}

/// Whether an interrupted run for `out` left a checkpoint to resume.
pub fn has_checkpoint(out: &Path) -> bool {
    work_dir(out).join("state.json").is_file()
}

/// AdamW over the model's variables, sorted by name (the order of the checkpoint and the model
/// file). Matrices decay; norm weights (vectors) don't.
fn optimizer(vs: &nn::VarStore) -> AdamW {
    let mut vars: Vec<(String, Tensor)> = vs.variables().into_iter().collect();
    vars.sort_by(|a, b| a.0.cmp(&b.0));
    AdamW::new(vars, |t| t.dim() >= 2)
}

/// The AdamW settings of a step at learning rate `lr`.
fn adamw_settings(h: &Hyper, lr: f64) -> optim::Settings {
    optim::Settings {
        lr,
        beta1: h.beta1,
        beta2: h.beta2,
        eps: 1e-8,
        weight_decay: h.weight_decay,
        grad_clip: h.grad_clip,
    }
}

fn parameter_count(opt: &AdamW) -> i64 {
    opt.vars.iter().map(|p| p.numel() as i64).sum()
}

/// Chooses between all cores and a single libtorch thread by timing two steps of each every
/// 200 steps: on a busy machine, libtorch's spinning OpenMP threads can make two threads
/// twice as slow as one (measured here while other builds ran).
struct ThreadPicker {
    many: i32,
    chosen: i32,
    t_many: f64,
    t_one: f64,
}

impl ThreadPicker {
    fn new(many: i32) -> Self {
        ThreadPicker {
            many,
            chosen: many,
            t_many: 0.0,
            t_one: 0.0,
        }
    }

    /// Whether the `i`-th step of this run runs at a probed thread count.
    fn probing(&self, i: usize) -> bool {
        (1..5).contains(&(i % 200))
    }

    /// Before the `i`-th step of this run (the first one pays for allocations: not timed).
    fn before(&mut self, i: usize) {
        match i % 200 {
            1 => tch::set_num_threads(self.many),
            3 => tch::set_num_threads(1),
            5 => {
                let best = if self.t_one < self.t_many {
                    1
                } else {
                    self.many
                };
                if best != self.chosen {
                    tracing::info!(
                        "libtorch threads: {best} ({:.2}s a step with {}, {:.2}s with 1)",
                        self.t_many / 2.0,
                        self.many,
                        self.t_one / 2.0
                    );
                }
                self.chosen = best;
                self.t_many = 0.0;
                self.t_one = 0.0;
                tch::set_num_threads(best);
            }
            _ => {}
        }
    }

    fn after(&mut self, i: usize, seconds: f64) {
        match i % 200 {
            1 | 2 => self.t_many += seconds,
            3 | 4 => self.t_one += seconds,
            _ => {}
        }
    }
}

/// The checkpoint's metadata (`state.json`); the tensors are in `file`.
#[derive(Serialize, Deserialize)]
struct CheckpointState {
    step: usize,
    /// Steps planned when this was written (a time budget may have lowered `hyper.steps`).
    planned_steps: usize,
    file: String,
    train_seconds: f64,
    corpus_fingerprint: String,
    hyper: Hyper,
}

/// The tensors file holds `param.<name>` and the moments as `adam_m.<name>`, `adam_v.<name>`;
/// the optimizer's step count is `state.step`.
fn save_checkpoint(work: &Path, opt: &AdamW, state: &CheckpointState) -> Result<(), PretrainError> {
    let mut tensors: Vec<(String, Tensor)> = Vec::new();
    for (name, p) in opt.names.iter().zip(&opt.vars) {
        tensors.push((format!("param.{name}"), p.shallow_clone()));
    }
    for (key, t) in opt.moments() {
        tensors.push((format!("adam_{key}"), t));
    }
    let path = work.join(&state.file);
    let tmp = tmp_sibling(&path);
    Tensor::write_safetensors(&tensors, &tmp)?;
    std::fs::rename(&tmp, &path).map_err(|e| PretrainError::io(&path, e))?;
    // The state file points at the new tensors only once they are complete; then the old
    // tensors go.
    let previous: Option<CheckpointState> = read_state(work).ok();
    write_json(
        &work.join("state.json"),
        &serde_json::to_value(state).expect("state serializes"),
    )?;
    if let Some(prev) = previous {
        if prev.file != state.file {
            let _ = std::fs::remove_file(work.join(prev.file));
        }
    }
    Ok(())
}

fn read_state(work: &Path) -> Result<CheckpointState, PretrainError> {
    let path = work.join("state.json");
    let text = std::fs::read_to_string(&path).map_err(|e| PretrainError::io(&path, e))?;
    serde_json::from_str(&text).map_err(|e| PretrainError::Checkpoint {
        path,
        msg: format!("unreadable state ({e}); rerun without --resume to start over"),
    })
}

fn load_checkpoint(work: &Path, opt: &mut AdamW) -> Result<CheckpointState, PretrainError> {
    let state = read_state(work)?;
    let path = work.join(&state.file);
    let mut tensors: std::collections::HashMap<String, Tensor> =
        Tensor::read_safetensors(&path)?.into_iter().collect();
    let bad = |msg: String| PretrainError::Checkpoint {
        path: path.clone(),
        msg,
    };
    tch::no_grad(|| -> Result<(), PretrainError> {
        for (name, dst) in opt.names.iter().zip(&mut opt.vars) {
            let key = format!("param.{name}");
            let src = tensors.get(&key).ok_or_else(|| {
                bad(format!(
                    "tensor {key} is missing; rerun without --resume to start over"
                ))
            })?;
            if src.size() != dst.size() {
                return Err(bad(format!(
                    "tensor {key} has shape {:?}, expected {:?}",
                    src.size(),
                    dst.size()
                )));
            }
            dst.copy_(src);
        }
        Ok(())
    })?;
    let moments = tensors
        .drain()
        .filter_map(|(k, t)| k.strip_prefix("adam_").map(|k| (k.to_string(), t)))
        .collect();
    opt.set_moments(&moments)
        .map_err(|e| bad(format!("{e}; rerun without --resume to start over")))?;
    // One optimizer step per training step (pretraining never skips one): the bias correction
    // continues from the checkpoint's step.
    opt.step = state.step as i64;
    Ok(state)
}

/// A stable fingerprint of the corpus split (names and texts), FNV-1a 64.
fn fingerprint(corpus: &Corpus) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x100000001b3);
        }
    };
    for (tag, docs) in [("train", &corpus.train), ("heldout", &corpus.heldout)] {
        eat(tag.as_bytes());
        for d in docs.iter() {
            eat(d.name.as_bytes());
            eat(&[0]);
            eat(d.text.as_bytes());
            eat(&[0]);
        }
    }
    format!("{h:016x}")
}

fn encode_docs(tok: &Tokenizer, docs: &[Document]) -> Result<Vec<Vec<i64>>, PretrainError> {
    let texts: Vec<&str> = docs.iter().map(|d| d.text.as_str()).collect();
    let encs = tok
        .encode_batch(texts, false)
        .map_err(|e| PretrainError::Tokenizer(e.to_string()))?;
    Ok(encs
        .iter()
        .map(|e| e.get_ids().iter().map(|&i| i64::from(i)).collect())
        .collect())
}

/// A batch of `b` random windows of `t + 1` tokens; the same `(seed, step)` gives the same
/// batch, so a resumed run sees exactly the data an uninterrupted one would.
fn batch(stream: &[i64], b: usize, t: usize, seed: u64, step: usize) -> (Tensor, Tensor) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(step as u64);
    let mut x = Vec::with_capacity(b * t);
    let mut y = Vec::with_capacity(b * t);
    for _ in 0..b {
        let s = rng.gen_range(0..stream.len() - t);
        x.extend_from_slice(&stream[s..s + t]);
        y.extend_from_slice(&stream[s + 1..s + t + 1]);
    }
    let shape = [b as i64, t as i64];
    (
        Tensor::from_slice(&x).view(shape),
        Tensor::from_slice(&y).view(shape),
    )
}

fn positions(b: usize, t: usize) -> Tensor {
    Tensor::arange(t as i64, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b as i64, t as i64], false)
}

/// Windows of the held-out works, each token scored exactly once: every work is
/// `<|endoftext|> + its tokens`, cut into consecutive windows of `t` targets (the last one
/// padded with ignored targets).
fn heldout_windows(docs: &[Vec<i64>], eot: i64, t: usize) -> Vec<(Vec<i64>, Vec<i64>)> {
    let mut out = Vec::new();
    for toks in docs {
        let mut seq = Vec::with_capacity(toks.len() + 1);
        seq.push(eot);
        seq.extend_from_slice(toks);
        let mut s = 0;
        while s + 1 < seq.len() {
            let n = t.min(seq.len() - 1 - s);
            let mut x = seq[s..s + n].to_vec();
            let mut y = seq[s + 1..s + n + 1].to_vec();
            x.resize(t, eot);
            y.resize(t, -100);
            out.push((x, y));
            s += n;
        }
    }
    out
}

/// Total nats and scored tokens over the given windows (no gradients).
fn score_windows(
    net: &Qwen3,
    windows: &[&(Vec<i64>, Vec<i64>)],
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
fn continue_text(net: &Qwen3, tok: &Tokenizer, prompt: &[i64], n: usize, limit: i64) -> String {
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

/// Runs the whole pretraining: corpus, tokenizer, model, loop, evaluation, output directory.
/// None when the run stopped at `stop_after`, leaving a checkpoint and no model.
pub fn pretrain(opts: &PretrainOptions) -> Result<Option<PretrainReport>, PretrainError> {
    let wall = Instant::now();
    let mut h = opts.hyper.clone();
    h.validate()?;
    if let Some(n) = opts.threads {
        tch::set_num_threads(n);
    }
    let work = work_dir(&opts.out);
    if let Some(parent) = opts.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| PretrainError::io(parent, e))?;
    }
    let resume_state = if opts.resume {
        if !has_checkpoint(&opts.out) {
            return Err(PretrainError::Checkpoint {
                path: work.join("state.json"),
                msg: "no checkpoint to resume: run without --resume".to_string(),
            });
        }
        Some(read_state(&work)?)
    } else {
        if work.exists() {
            std::fs::remove_dir_all(&work).map_err(|e| PretrainError::io(&work, e))?;
        }
        None
    };
    std::fs::create_dir_all(&work).map_err(|e| PretrainError::io(&work, e))?;

    let corpus = load_corpus(&opts.corpus)?;
    if corpus.heldout.is_empty() {
        return Err(PretrainError::Corpus(crate::corpus::CorpusError::Empty(
            format!(
                "{} (too little text to hold any out)",
                opts.corpus.describe()
            ),
        )));
    }
    let fp = fingerprint(&corpus);
    if let Some(st) = &resume_state {
        if st.corpus_fingerprint != fp || st.hyper != h {
            return Err(PretrainError::Checkpoint {
                path: work.join("state.json"),
                msg: "it was made with another corpus or other settings; rerun without --resume \
                      to start over"
                    .to_string(),
            });
        }
    }
    tracing::info!(
        "corpus {}: {} training works ({} bytes), {} held out ({})",
        opts.corpus.describe(),
        corpus.train.len(),
        corpus.train.iter().map(|d| d.text.len()).sum::<usize>(),
        corpus.heldout.len(),
        corpus
            .heldout
            .iter()
            .map(|d| d.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );

    // The tokenizer is trained on the training works only; a resumed run reuses its own.
    let tok_path = work.join("tokenizer.json");
    let tok = if resume_state.is_some() {
        Tokenizer::from_file(&tok_path)
            .map_err(|e| PretrainError::Tokenizer(format!("{}: {e}", tok_path.display())))?
    } else {
        let t = Instant::now();
        let tok = bpe::train_tokenizer(corpus.train.iter().map(|d| d.text.as_str()), h.vocab_size)?;
        tok.save(&tok_path, false)
            .map_err(|e| PretrainError::Tokenizer(format!("{}: {e}", tok_path.display())))?;
        tracing::info!(
            "tokenizer: {} tokens trained in {:.1}s",
            tok.get_vocab_size(true),
            t.elapsed().as_secs_f64()
        );
        tok
    };
    let vocab = tok.get_vocab_size(true);
    let eot = i64::from(
        tok.token_to_id(ENDOFTEXT)
            .ok_or_else(|| PretrainError::Tokenizer(format!("{ENDOFTEXT} missing")))?,
    );
    let mut stream = Vec::new();
    for toks in encode_docs(&tok, &corpus.train)? {
        stream.push(eot);
        stream.extend(toks);
    }
    if stream.len() <= h.seq_len + 1 {
        return Err(PretrainError::Option {
            option: "--seq-len".to_string(),
            msg: format!(
                "{} is longer than the training text ({} tokens): lower it or give more text",
                h.seq_len,
                stream.len()
            ),
        });
    }
    let heldout_tokens = encode_docs(&tok, &corpus.heldout)?;
    let heldout_bytes: usize = corpus.heldout.iter().map(|d| d.text.len()).sum();

    // The model: Qwen3 with GQA, explicit head_dim and tied embeddings; the embedding has
    // exactly as many rows as the tokenizer has tokens.
    let mut cfg = Qwen3Config::new(
        vocab as i64,
        h.hidden_size,
        h.intermediate_size,
        h.num_layers,
        h.num_heads,
        h.num_kv_heads,
        h.head_dim,
        true,
    );
    cfg.max_position_embeddings = h.seq_len as i64;
    cfg.bos_token_id = Some(eot.into());
    cfg.eos_token_id = Some(eot.into());
    cfg.pad_token_id = Some(eot.into());
    cfg.extra.insert("dtype".into(), "float32".into());
    tch::manual_seed(h.seed as i64);
    let vs = nn::VarStore::new(Device::Cpu);
    let net = Qwen3::new(vs.root(), &cfg, None)?;
    let mut opt = optimizer(&vs);
    let mut start = 0;
    let mut train_seconds = 0.0;
    if resume_state.is_some() {
        let st = load_checkpoint(&work, &mut opt)?;
        start = st.step;
        train_seconds = st.train_seconds;
        h.steps = st.planned_steps;
        tracing::info!("resuming at step {start} of {}", h.steps);
    }
    tracing::info!(
        "model: {} parameters; {} steps of {}x{} tokens",
        parameter_count(&opt),
        h.steps,
        h.batch_size,
        h.seq_len
    );

    // A fixed, evenly spread subset of held-out windows for the estimates in the log.
    let windows = heldout_windows(&heldout_tokens, eot, h.seq_len);
    let every = windows.len().div_ceil(4 * h.batch_size).max(1);
    let probe: Vec<&(Vec<i64>, Vec<i64>)> = windows.iter().step_by(every).collect();

    let bar = ProgressBar::new(h.steps as u64).with_style(
        ProgressStyle::with_template(
            "pretrain [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} (eta {eta})",
        )
        .expect("valid template"),
    );
    bar.set_position(start as u64);
    let tokens_per_step = h.batch_size * h.seq_len;
    let run_start = Instant::now();
    let mut run_train_s = 0.0;
    let mut recent: Vec<f64> = Vec::new();
    let mut step = start;
    let mut picker = (opts.threads.is_none() && tch::get_num_threads() > 1)
        .then(|| ThreadPicker::new(tch::get_num_threads()));
    while step < h.steps {
        if let Some(p) = picker.as_mut() {
            p.before(step - start);
        }
        let t = Instant::now();
        let lr = h.lr_at(step);
        let (x, y) = batch(&stream, h.batch_size, h.seq_len, h.seed, step);
        let logits = net.forward(
            Input::Ids(&x),
            &positions(h.batch_size, h.seq_len),
            None,
            None,
        );
        let loss = logits
            .view([-1, logits.size()[2]])
            .cross_entropy_for_logits(&y.view([-1]));
        opt.zero_grad();
        loss.backward();
        let gnorm = opt.step(&adamw_settings(&h, lr));
        let loss_v = loss.double_value(&[]);
        if !loss_v.is_finite() {
            return Err(PretrainError::Option {
                option: "--lr".to_string(),
                msg: format!("the loss diverged at step {step} ({loss_v}); try a lower --lr"),
            });
        }
        let dt = t.elapsed().as_secs_f64();
        if let Some(p) = picker.as_mut() {
            p.after(step - start, dt);
        }
        step += 1;
        // The first step includes one-off allocation: tokens/s counts from the second.
        if step > start + 1 {
            run_train_s += dt;
        }
        train_seconds += dt;
        let tps = if run_train_s > 0.0 {
            (step - start - 1) as f64 * tokens_per_step as f64 / run_train_s
        } else {
            0.0
        };
        bar.set_position(step as u64);
        bar.set_message(format!("loss {loss_v:.3} | {tps:.0} tok/s"));

        // Step times at the chosen thread count (the picker's probes left out).
        if step > start + 1 && !picker.as_ref().is_some_and(|p| p.probing(step - 1 - start)) {
            recent.push(dt);
            if recent.len() > 50 {
                recent.remove(0);
            }
        }
        // Fit the plan to the time budget once the thread choice is made (8 steps in), then
        // at every checkpoint as the machine gets busier or quieter, never beyond the steps
        // asked for. Evaluating a token costs about a third of training on it.
        let check = step == start + 8 || (step > start + 8 && step % opts.checkpoint_every == 0);
        if let (Some(minutes), true, false) = (opts.minutes, check, recent.is_empty()) {
            let per_step = recent.iter().sum::<f64>() / recent.len() as f64;
            let eval_s = per_step * windows.len() as f64 / h.batch_size as f64 / 3.0 + 10.0;
            let left = minutes * 60.0 - wall.elapsed().as_secs_f64() - eval_s;
            let fit = (step + (left.max(0.0) / per_step) as usize).clamp(step, opts.hyper.steps);
            if fit != h.steps {
                bar.suspend(|| {
                    tracing::info!(
                        "time budget {minutes} min at {per_step:.2}s a step: planning {fit} \
                         steps (was {})",
                        h.steps,
                    )
                });
                h.steps = fit;
                bar.set_length(h.steps as u64);
            }
        }
        let stop = opts.stop_after == Some(step) && step < h.steps;
        if step % opts.checkpoint_every == 0 || step == h.steps || stop {
            let (nats, n) = score_windows(&net, &probe, h.batch_size, h.seq_len);
            bar.suspend(|| {
                tracing::info!(
                    "step {step}/{}: loss {loss_v:.3}, held-out estimate {:.3}, lr {lr:.2e}, \
                     grad norm {gnorm:.2}, {tps:.0} tok/s",
                    h.steps,
                    nats / n.max(1) as f64
                )
            });
            if step < h.steps {
                let st = CheckpointState {
                    step,
                    planned_steps: h.steps,
                    file: format!("ckpt-{step:07}.safetensors"),
                    train_seconds,
                    corpus_fingerprint: fp.clone(),
                    hyper: Hyper {
                        steps: opts.hyper.steps,
                        ..h.clone()
                    },
                };
                save_checkpoint(&work, &opt, &st)?;
            }
        }
        if stop {
            bar.finish_and_clear();
            tracing::info!(
                "stopped after step {step} as asked; continue with --resume ({})",
                work.display()
            );
            return Ok(None);
        }
    }
    bar.finish_and_clear();
    let loop_s = run_start.elapsed().as_secs_f64();

    // Every held-out token, once.
    let t = Instant::now();
    let all: Vec<&(Vec<i64>, Vec<i64>)> = windows.iter().collect();
    let (nats, n) = score_windows(&net, &all, h.batch_size, h.seq_len);
    let heldout = HeldoutReport {
        loss: nats / n.max(1) as f64,
        bits_per_byte: nats / std::f64::consts::LN_2 / heldout_bytes.max(1) as f64,
        tokens: n,
        bytes: heldout_bytes,
    };
    tracing::info!(
        "held-out: loss {:.4} nats/token, {:.4} bits/byte ({} tokens, {} bytes) in {:.1}s",
        heldout.loss,
        heldout.bits_per_byte,
        heldout.tokens,
        heldout.bytes,
        t.elapsed().as_secs_f64()
    );

    tch::manual_seed(h.seed as i64);
    let samples = sample_prompts(&corpus.heldout, &tok, 24)
        .into_iter()
        .map(|p| Sample {
            prompt: tok
                .decode(&p.iter().map(|&i| i as u32).collect::<Vec<_>>(), false)
                .unwrap_or_default(),
            continuation: continue_text(&net, &tok, &p, 48, vocab as i64),
        })
        .collect();

    let steps_done = h.steps;
    let report = PretrainReport {
        frost_version: env!("CARGO_PKG_VERSION").to_string(),
        corpus: CorpusReport {
            source: opts.corpus.describe(),
            train_files: corpus.train.iter().map(|d| d.name.clone()).collect(),
            heldout_files: corpus.heldout.iter().map(|d| d.name.clone()).collect(),
            train_bytes: corpus.train.iter().map(|d| d.text.len()).sum(),
            train_tokens: stream.len(),
            tokenizer_vocab_size: vocab,
        },
        hyper: Hyper {
            steps: opts.hyper.steps,
            ..h.clone()
        },
        parameters: parameter_count(&opt),
        steps: steps_done,
        tokens_seen: steps_done * tokens_per_step,
        resumed: opts.resume,
        train_seconds,
        wall_seconds: 0.0,
        tokens_per_second: if run_train_s > 0.0 {
            (steps_done - start).saturating_sub(1) as f64 * tokens_per_step as f64 / run_train_s
        } else {
            0.0
        },
        heldout,
        samples,
    };
    tracing::debug!("training loop took {loop_s:.1}s");
    save_model_dir(&opts.out, &cfg, &opt, &tok, h.seq_len, report, wall).map(Some)
}

/// Writes the Hugging Face directory into a temporary sibling and renames it into place,
/// replacing an older model; then drops the work folder.
fn save_model_dir(
    out: &Path,
    cfg: &Qwen3Config,
    opt: &AdamW,
    tok: &Tokenizer,
    seq_len: usize,
    mut report: PretrainReport,
    wall: Instant,
) -> Result<PretrainReport, PretrainError> {
    let tmp = tmp_sibling(out);
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).map_err(|e| PretrainError::io(&tmp, e))?;
    }
    std::fs::create_dir_all(&tmp).map_err(|e| PretrainError::io(&tmp, e))?;
    let named: Vec<(&str, Tensor)> = opt
        .names
        .iter()
        .zip(&opt.vars)
        .map(|(n, p)| (n.as_str(), p.detach().contiguous()))
        .collect();
    Tensor::write_safetensors(&named, tmp.join("model.safetensors"))?;
    write_json(
        &tmp.join("config.json"),
        &serde_json::to_value(cfg).expect("config serializes"),
    )?;
    let eot = cfg.eos_token_id.clone().unwrap_or(serde_json::Value::Null);
    write_json(
        &tmp.join("generation_config.json"),
        &serde_json::json!({ "bos_token_id": eot, "eos_token_id": eot, "pad_token_id": eot }),
    )?;
    bpe::save_tokenizer(tok, &tmp, seq_len)?;
    report.wall_seconds = wall.elapsed().as_secs_f64();
    write_json(
        &tmp.join("pretrain.json"),
        &serde_json::to_value(&report).expect("report serializes"),
    )?;
    // Replace an existing model: move it aside, move the new one in, then delete the old.
    let old = out.with_file_name(format!(
        ".{}.old-{}",
        out.file_name()
            .map_or_else(|| "model".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let had_old = out.exists();
    if had_old {
        std::fs::rename(out, &old).map_err(|e| PretrainError::io(out, e))?;
    }
    std::fs::rename(&tmp, out).map_err(|e| PretrainError::io(out, e))?;
    if had_old {
        let _ = std::fs::remove_dir_all(&old);
    }
    let _ = std::fs::remove_dir_all(work_dir(out));
    tracing::info!("saved {}", out.display());
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_warms_up_linearly_then_decays_by_cosine_to_the_floor() {
        let h = Hyper {
            steps: 110,
            warmup_steps: 10,
            lr: 1.0,
            min_lr_ratio: 0.1,
            ..Hyper::preset(ModelSize::Tiny)
        };
        assert!((h.lr_at(0) - 0.1).abs() < 1e-12);
        assert!((h.lr_at(9) - 1.0).abs() < 1e-12);
        assert!((h.lr_at(10) - 1.0).abs() < 1e-12);
        assert!(
            (h.lr_at(60) - 0.55).abs() < 1e-12,
            "half way: mean of peak and floor"
        );
        assert!((h.lr_at(110) - 0.1).abs() < 1e-12);
        let lrs: Vec<f64> = (10..110).map(|s| h.lr_at(s)).collect();
        assert!(lrs.windows(2).all(|w| w[1] <= w[0]));
    }

    #[test]
    fn set_changes_one_field_and_names_bad_keys() {
        let mut h = Hyper::preset(ModelSize::Small);
        h.set("hidden_size=192").unwrap();
        h.set("lr = 1e-3").unwrap();
        assert_eq!((h.hidden_size, h.lr), (192, 1e-3));
        let e = h.set("hidden=3").unwrap_err().to_string();
        assert!(
            e.contains("unknown key") && e.contains("hidden_size"),
            "{e}"
        );
        assert!(h.set("num_layers=two").is_err());
        assert!(h.set("num_layers").is_err());
    }

    #[test]
    fn heldout_windows_score_every_token_once() {
        let docs = vec![(1..=10).collect::<Vec<i64>>(), vec![42]];
        let w = heldout_windows(&docs, 0, 4);
        // Doc 1: [0,1..10] -> 10 targets in windows of 4: 4 + 4 + 2; doc 2: [0,42] -> 1.
        assert_eq!(w.len(), 4);
        let targets: Vec<i64> = w
            .iter()
            .flat_map(|(_, y)| y.iter().copied())
            .filter(|&v| v >= 0)
            .collect();
        assert_eq!(targets, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 42]);
        // Inputs are the targets shifted right by one within each work.
        assert_eq!(w[0].0, [0, 1, 2, 3]);
        assert_eq!(w[2].0, [8, 9, 0, 0]);
        assert_eq!(w[2].1, [9, 10, -100, -100]);
        assert_eq!(w[3].0[..1], [0]);
    }

    #[test]
    fn batches_depend_only_on_seed_and_step() {
        let stream: Vec<i64> = (0..1000).collect();
        let (a, _) = batch(&stream, 4, 8, 7, 3);
        let (b, _) = batch(&stream, 4, 8, 7, 3);
        let (c, _) = batch(&stream, 4, 8, 7, 4);
        assert!(a.equal(&b));
        assert!(!a.equal(&c));
        let (x, y) = batch(&stream, 2, 5, 1, 0);
        assert!(
            (y - x).eq(1).all().int64_value(&[]) == 1,
            "targets are the next tokens"
        );
    }
}
