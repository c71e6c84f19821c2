//! The pretraining run: resume checks -> corpus -> tokenizer -> model -> loop -> held-out
//! evaluation -> the Hugging Face folder, built in a temporary folder and renamed into place.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use tch::{nn, Device};
use tokenizers::Tokenizer;

use super::data::{self, batch, Data};
use super::hyper::Hyper;
use super::record::{CorpusReport, PretrainReport, Throughput};
use super::resume::{self, work_dir, PretrainState};
use super::schedule::{fit_steps, refit_due, Budget, RecentSteps};
use super::step::{adamw_settings, optimizer, pretrain_step, StepStats};
use super::threads::ThreadPicker;
use super::{bpe, eval, ModelSize, PretrainError, PretrainOptions};
use crate::corpus::{load_corpus_with, Corpus, CorpusError, CorpusOptions, CorpusSource};
use crate::model::{save_pretrained, CausalLm, ModelConfig, Tok};
use crate::run::files::{tmp_sibling, write_json};
use crate::update::adamw::AdamW;

/// The model being trained, with its optimizer and the tokenizer it is saved with.
pub(super) struct Model {
    pub cfg: ModelConfig,
    pub vs: nn::VarStore,
    pub net: CausalLm,
    pub opt: AdamW,
    pub tok: Tok,
}

/// What the loop reads besides the model: the options, the data, the work folder, the clock.
struct Run<'a> {
    opts: &'a PretrainOptions,
    work: &'a Path,
    data: &'a Data,
    /// When this invocation started (the time budget counts from here).
    wall: Instant,
}

/// Runs the whole pretraining: corpus, tokenizer, model, loop, evaluation, output directory.
/// None when the run stopped at `stop_after`, leaving a checkpoint and no model. Refused when
/// another process is pretraining into the same `out`.
pub fn pretrain(opts: &PretrainOptions) -> Result<Option<PretrainReport>, PretrainError> {
    // Refused options write nothing, not even the lock file.
    opts.hyper.validate()?;
    if is_default_folder(&opts.out) {
        check_default_model_options(opts)?;
    }
    resume::check_out(&opts.out)?;
    let _lock = resume::lock_out(&opts.out, false)?;
    pretrain_locked(opts)
}

/// `pretrain` with checked options, for a caller already holding `out`'s lock.
pub(super) fn pretrain_locked(
    opts: &PretrainOptions,
) -> Result<Option<PretrainReport>, PretrainError> {
    let wall = Instant::now();
    let h = &opts.hyper;
    let canonical = is_default_folder(&opts.out);
    if let Some(n) = opts.threads {
        tch::set_num_threads(n);
    }
    let work = prepare_work_dir(opts)?;
    let resume = opts.resume.then(|| resume::latest(&work)).transpose()?;
    let corpus = load_split_corpus(&opts.corpus, &opts.corpus_options)?;
    let fingerprint = data::fingerprint(&corpus);
    if let Some((ckpt, state)) = &resume {
        check_same_run(ckpt, state, &fingerprint, h)?;
        if canonical && state.planned_steps != h.steps {
            return Err(PretrainError::Checkpoint {
                path: ckpt.join("state.json"),
                msg: format!(
                    "it plans {} of {} steps (a time budget cut it short), and the embedded \
                     default is the full-length model; rerun without --resume to start over",
                    state.planned_steps, h.steps
                ),
            });
        }
    }
    // The tokenizer is trained on the training works only; a resumed run reuses its own.
    let tokenizer = match &resume {
        Some((ckpt, _)) => resume::tokenizer(ckpt)?,
        None => train_tokenizer(&corpus, h.vocab_size)?,
    };
    let data = Data::encode(&tokenizer, &corpus, h.seq_len)?;
    let mut model = Model::build(h, &tokenizer)?;
    let state = match resume {
        Some((ckpt, state)) => {
            resume::restore(&ckpt, &mut model)?;
            tracing::info!("resuming at step {} of {}", state.step, state.planned_steps);
            state
        }
        None => PretrainState {
            step: 0,
            planned_steps: h.steps,
            train_seconds: 0.0,
            corpus_fingerprint: fingerprint,
            hyper: h.clone(),
        },
    };
    tracing::info!(
        "model: {} parameters; {} steps of {}x{} tokens",
        model.parameters(),
        state.planned_steps,
        h.batch_size,
        h.seq_len
    );
    let run = Run {
        opts,
        work: &work,
        data: &data,
        wall,
    };
    let Some((state, throughput)) = train_loop(&run, &mut model, state)? else {
        return Ok(None);
    };
    let heldout = eval::heldout(&model.net, &data, h.batch_size, h.seq_len);
    let samples = eval::samples(&model.net, &tokenizer, &corpus.heldout, h.seed);
    let vocab = tokenizer.get_vocab_size(true);
    let tokens_per_step = h.batch_size * h.seq_len;
    let report = PretrainReport {
        frost_version: env!("CARGO_PKG_VERSION").to_string(),
        corpus: CorpusReport::new(opts.corpus.describe(), &corpus, data.stream.len(), vocab),
        hyper: h.clone(),
        parameters: model.parameters(),
        steps: state.step,
        tokens_seen: state.step * tokens_per_step,
        resumed: opts.resume,
        train_seconds: state.train_seconds,
        wall_seconds: 0.0,
        tokens_per_second: throughput.tokens_per_second(tokens_per_step),
        threads: opts.threads,
        heldout,
        samples,
    };
    save_model_dir(&opts.out, &model, report, wall).map(Some)
}

/// The work folder next to the output, emptied unless the run resumes from it.
fn prepare_work_dir(opts: &PretrainOptions) -> Result<PathBuf, PretrainError> {
    // (The parent folder exists: taking `out`'s lock created it.)
    let work = work_dir(&opts.out);
    if !opts.resume && work.exists() {
        std::fs::remove_dir_all(&work).map_err(|e| PretrainError::io(&work, e))?;
    }
    std::fs::create_dir_all(&work).map_err(|e| PretrainError::io(&work, e))?;
    Ok(work)
}

/// The corpus, split into training and held-out works (some text must be held out).
fn load_split_corpus(
    source: &CorpusSource,
    options: &CorpusOptions,
) -> Result<Corpus, PretrainError> {
    let corpus = load_corpus_with(source, options)?;
    if corpus.heldout.is_empty() {
        return Err(PretrainError::Corpus(CorpusError::Empty(format!(
            "{} (too little text to hold any out)",
            source.describe()
        ))));
    }
    let names: Vec<&str> = corpus.heldout.iter().map(|d| d.name.as_str()).collect();
    tracing::info!(
        "corpus {}: {} training works ({} bytes), {} held out ({})",
        source.describe(),
        corpus.train.len(),
        corpus.train.iter().map(|d| d.text.len()).sum::<usize>(),
        corpus.heldout.len(),
        names.join(", ")
    );
    Ok(corpus)
}

/// A resume continues the same run: the same corpus and the same settings.
fn check_same_run(
    ckpt: &Path,
    state: &PretrainState,
    fingerprint: &str,
    h: &Hyper,
) -> Result<(), PretrainError> {
    if state.corpus_fingerprint == fingerprint && state.hyper == *h {
        return Ok(());
    }
    Err(PretrainError::Checkpoint {
        path: ckpt.join("state.json"),
        msg: "it was made with another corpus or other settings; rerun without --resume to \
              start over"
            .to_string(),
    })
}

/// Whether `out` is the embedded default model's folder.
fn is_default_folder(out: &Path) -> bool {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    abs(out) == abs(&super::default_model_dir())
}

/// The embedded default's folder holds only the embedded default: its corpus, its preset and
/// its full step count, so that every machine's default is the same model.
fn check_default_model_options(opts: &PretrainOptions) -> Result<(), PretrainError> {
    let preset = ModelSize::Small;
    let minutes = opts.minutes.map(|m| format!("--minutes {m}"));
    let threads = opts
        .threads
        .map_or("--threads".to_string(), |n| format!("--threads {n}"));
    let changed = [
        ("--corpus", opts.corpus != CorpusSource::Default),
        (
            "the corpus options",
            opts.corpus_options != Default::default(),
        ),
        ("--config", opts.size != preset),
        ("the preset's settings", opts.hyper != Hyper::preset(preset)),
        (minutes.as_deref().unwrap_or("--minutes"), minutes.is_some()),
        (threads.as_str(), opts.threads != Some(1)),
    ];
    match changed.iter().find(|(_, c)| *c) {
        None => Ok(()),
        Some((what, _)) => Err(PretrainError::Option {
            option: "out".to_string(),
            // The caller's context names the folder.
            msg: format!(
                "the embedded default's folder holds the same model on every machine; {what} \
                 would change it: pass --out DIR for another model"
            ),
        }),
    }
}

fn train_tokenizer(corpus: &Corpus, vocab_size: usize) -> Result<Tokenizer, PretrainError> {
    let t = Instant::now();
    let texts = corpus.train.iter().map(|d| d.text.as_str());
    let tok = bpe::train_tokenizer(texts, vocab_size)?;
    tracing::info!(
        "tokenizer: {} tokens trained in {:.1}s",
        tok.get_vocab_size(true),
        t.elapsed().as_secs_f64()
    );
    Ok(tok)
}

impl Model {
    /// Qwen3 with GQA, explicit head_dim and tied embeddings, seeded; the embedding has
    /// exactly as many rows as the tokenizer has tokens.
    fn build(h: &Hyper, tokenizer: &Tokenizer) -> Result<Model, PretrainError> {
        let tok = bpe::model_tokenizer(tokenizer, h.seq_len)?;
        let vocab = tokenizer.get_vocab_size(true) as i64;
        let mut cfg = ModelConfig::new(
            vocab,
            h.hidden_size,
            h.intermediate_size,
            h.num_layers,
            h.num_heads,
            h.num_kv_heads,
            h.head_dim,
            true,
        );
        cfg.max_position_embeddings = h.seq_len as i64;
        let eot = tok.eos_id().map(serde_json::Value::from);
        (cfg.bos_token_id, cfg.eos_token_id, cfg.pad_token_id) = (eot.clone(), eot.clone(), eot);
        cfg.extra.insert("dtype".into(), "float32".into());
        tch::manual_seed(h.seed as i64);
        let vs = nn::VarStore::new(Device::Cpu);
        let net = CausalLm::new(vs.root(), &cfg, None)?;
        let opt = optimizer(&vs);
        Ok(Model {
            cfg,
            vs,
            net,
            opt,
            tok,
        })
    }

    fn parameters(&self) -> i64 {
        self.opt.vars.iter().map(|p| p.numel() as i64).sum()
    }
}

/// Trains from `state` up to the planned step count, checkpointing on the way; returns the
/// final state and this invocation's throughput. None when it stopped at `stop_after`.
fn train_loop(
    run: &Run,
    model: &mut Model,
    mut state: PretrainState,
) -> Result<Option<(PretrainState, Throughput)>, PretrainError> {
    let (opts, h) = (run.opts, &run.opts.hyper);
    let start = state.step;
    let budget = run.budget();
    let bar = progress_bar(state.planned_steps, start);
    let mut timing = Timing::new(start, opts.threads);
    while state.step < state.planned_steps {
        timing.before(state.step);
        let t = Instant::now();
        let lr = h.lr_at(state.step, state.planned_steps);
        let (x, y) = batch(
            &run.data.stream,
            h.batch_size,
            h.seq_len,
            h.seed,
            state.step,
        );
        let settings = adamw_settings(h, lr);
        let stats = pretrain_step(&model.net, &mut model.opt, (&x, &y), &settings, state.step)?;
        let dt = t.elapsed().as_secs_f64();
        timing.after(state.step, dt);
        state.step += 1;
        state.train_seconds += dt;
        let tps = timing
            .throughput
            .tokens_per_second(h.batch_size * h.seq_len);
        bar.set_position(state.step as u64);
        bar.set_message(format!("loss {:.3} | {tps:.0} tok/s", stats.loss));

        // The plan follows the time budget: refit by a pure function, assigned here only.
        if refit_due(state.step, start, opts.checkpoint_every) {
            let recent = timing.recent.as_slice();
            let elapsed = run.wall.elapsed().as_secs_f64();
            let fit = fit_steps(
                budget.as_ref(),
                state.planned_steps,
                state.step,
                recent,
                elapsed,
            );
            if fit != state.planned_steps {
                let (minutes, per_step) = (opts.minutes.unwrap_or_default(), timing.recent.mean());
                let was = state.planned_steps;
                bar.suspend(|| {
                    tracing::info!(
                        "time budget {minutes} min at {per_step:.2}s a step: planning {fit} \
                         steps (was {was})"
                    )
                });
                state.planned_steps = fit;
                bar.set_length(fit as u64);
            }
        }
        let stop = opts.stop_after == Some(state.step) && state.step < state.planned_steps;
        let last = state.step == state.planned_steps;
        if state.step.is_multiple_of(opts.checkpoint_every) || last || stop {
            bar.suspend(|| log_step(run, model, &state, &stats, lr, tps));
            if !last {
                resume::save(run.work, model, &state)?;
            }
        }
        if stop {
            bar.finish_and_clear();
            let work = run.work.display();
            tracing::info!(
                "stopped after step {} as asked; continue with --resume ({work})",
                state.step
            );
            return Ok(None);
        }
    }
    bar.finish_and_clear();
    if state.planned_steps < opts.hyper.steps {
        tracing::warn!(
            "the {} min time budget stopped pretraining after {} of {} steps: {} is a shorter-trained \
             model than its settings say (pretrain.json records the steps); results made with it \
             do not compare with the full model's",
            opts.minutes.unwrap_or_default(),
            state.planned_steps,
            opts.hyper.steps,
            opts.out.display()
        );
    }
    Ok(Some((state, timing.throughput)))
}

impl Run<'_> {
    /// The time budget (`--minutes`) the plan is fitted to, if any.
    fn budget(&self) -> Option<Budget> {
        let h = &self.opts.hyper;
        self.opts.minutes.map(|m| Budget {
            seconds: m * 60.0,
            requested_steps: h.steps,
            eval_batches: self.data.windows.len() as f64 / h.batch_size as f64,
        })
    }
}

/// This invocation's step timing: the thread picker's probes, the recent step times the plan
/// is fitted with, and the throughput.
struct Timing {
    start: usize,
    picker: Option<ThreadPicker>,
    recent: RecentSteps,
    throughput: Throughput,
}

impl Timing {
    fn new(start: usize, threads: Option<i32>) -> Self {
        Timing {
            start,
            picker: ThreadPicker::for_run(threads),
            recent: RecentSteps::default(),
            throughput: Throughput::default(),
        }
    }

    fn before(&mut self, step: usize) {
        if let Some(p) = self.picker.as_mut() {
            p.before(step - self.start);
        }
    }

    fn after(&mut self, step: usize, seconds: f64) {
        let i = step - self.start;
        if let Some(p) = self.picker.as_mut() {
            p.after(i, seconds);
        }
        self.throughput.record(i, seconds);
        // Step times at the chosen thread count: the first step (allocations) and the picker's
        // probes left out.
        if i > 0 && !self.picker.as_ref().is_some_and(|p| p.probing(i)) {
            self.recent.push(seconds);
        }
    }
}

fn progress_bar(planned: usize, start: usize) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "pretrain [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} (eta {eta})",
    )
    .expect("valid template");
    let bar = ProgressBar::new(planned as u64).with_style(style);
    bar.set_position(start as u64);
    bar
}

/// The log line of a checkpoint step, with a held-out estimate on a fixed subset.
fn log_step(run: &Run, model: &Model, state: &PretrainState, s: &StepStats, lr: f64, tps: f64) {
    let h = &run.opts.hyper;
    let probe = run.data.probe(h.batch_size);
    let (nats, n) = eval::score_windows(&model.net, &probe, h.batch_size, h.seq_len);
    tracing::info!(
        "step {}/{}: loss {:.3}, held-out estimate {:.3}, lr {lr:.2e}, grad norm {:.2}, \
         {tps:.0} tok/s",
        state.step,
        state.planned_steps,
        s.loss,
        nats / n.max(1) as f64,
        s.grad_norm
    );
}

/// Writes the Hugging Face directory (the model module's saver, plus `pretrain.json`) into a
/// temporary sibling and renames it into place, replacing an older model; then drops the
/// work folder.
fn save_model_dir(
    out: &Path,
    model: &Model,
    mut report: PretrainReport,
    wall: Instant,
) -> Result<PretrainReport, PretrainError> {
    let tmp = tmp_sibling(out);
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).map_err(|e| PretrainError::io(&tmp, e))?;
    }
    save_pretrained(&model.cfg, &model.vs, &model.tok, &tmp)?;
    report.wall_seconds = wall.elapsed().as_secs_f64();
    write_json(&tmp.join("pretrain.json"), &report)?;
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
