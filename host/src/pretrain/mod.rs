//! The embedded default model: a small Qwen3 pretrained here, on a public-domain corpus, with
//! its own byte-level BPE tokenizer, saved as a Hugging Face checkpoint. No weights can be
//! downloaded on the machines Frost targets first, and the very same loading path then serves
//! Qwen3-14B on a GPU.
//!
//! One file per arrow of the data flow:
//! - `run.rs`: `pretrain()`, top to bottom: resume checks -> corpus -> tokenizer -> model ->
//!   loop -> held-out evaluation -> the model folder.
//! - `hyper.rs`: the settings, their presets, `--set` and the learning-rate schedule.
//! - `bpe.rs`: tokenizer training, and what its `tokenizer_config.json` declares.
//! - `data.rs`: token ids: the training stream, its random windows, held-out windows.
//! - `step.rs`: one optimizer step (AdamW, clipping), stopped before a non-finite update.
//! - `schedule.rs`: fitting the step count to a time budget (pure functions).
//! - `threads.rs`: libtorch's thread count on a busy machine.
//! - `checkpoint.rs`: the resumable checkpoint (the shared `crate::run::checkpoints` store).
//! - `eval.rs`: held-out bits per byte and sampled continuations.
//! - `report.rs`: what `pretrain.json` holds.

pub mod bpe;
mod data;
mod eval;
pub mod hyper;
pub mod record;
pub mod resume;
mod run;
mod schedule;
pub mod shipped;
mod step;
mod threads;

use std::path::PathBuf;

use crate::corpus::CorpusError;
use crate::run::files::IoError;

pub use crate::corpus::{load_corpus, Corpus, CorpusSource, Document};
pub use crate::run::cache::{default_model_dir, is_model_dir, DEFAULT_MODEL_NAME};
pub use hyper::{Hyper, ModelSize};
pub use record::PretrainReport;
pub use resume::{has_checkpoint, work_dir};
pub use run::pretrain;

/// Everything that can go wrong while pretraining. Each message names the file or setting at
/// fault and, where there is one, the fix.
#[derive(Debug, thiserror::Error)]
pub enum PretrainError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("corpus: {0}")]
    Corpus(#[from] CorpusError),
    #[error("tokenizer: {0}")]
    Tokenizer(String),
    #[error(transparent)]
    Model(#[from] crate::model::ModelError),
    #[error("checkpoint {path}: {msg}")]
    Checkpoint { path: PathBuf, msg: String },
    #[error("invalid pretraining option {option}: {msg}")]
    Option { option: String, msg: String },
    #[error(transparent)]
    Lock(#[from] crate::run::lock::LockError),
}

impl PretrainError {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Self {
        PretrainError::Io(crate::run::files::io_error(path)(source))
    }
}

/// What to pretrain on, where to put it, and how.
#[derive(Clone, Debug)]
pub struct PretrainOptions {
    pub corpus: CorpusSource,
    /// Text field/column of .jsonl/.parquet files and caps on what is read.
    pub corpus_options: crate::corpus::CorpusOptions,
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
            corpus_options: Default::default(),
            out,
            size,
            hyper: Hyper::preset(size),
            // No time budget by default: the embedded default is the same 800-step model on
            // every machine, however loaded (a budget would cut it short on a slow one).
            minutes: None,
            resume: false,
            checkpoint_every: match size {
                ModelSize::Small | ModelSize::Medium | ModelSize::Mini => 100,
                ModelSize::Tiny => 10,
            },
            stop_after: None,
            // libtorch's CPU reductions split by thread, so the weights depend on the thread
            // count (measured: 10 steps of the default with 1 and with 2 threads differ in every
            // byte's hash): the embedded default always trains on one thread, so it is the same
            // model however many cores a machine has or how loaded they are (one thread is as
            // fast as two here). A toy model gains nothing from threads either. The scale
            // presets are not the default's contract: they take the fastest count.
            threads: match size {
                ModelSize::Medium | ModelSize::Mini => None,
                ModelSize::Small | ModelSize::Tiny => Some(1),
            },
        }
    }
}

/// The default model's directory, installing the shipped bytes first (a few milliseconds)
/// when it is missing. A folder that holds another model (rebuilt by `frost-host pretrain` on a
/// machine whose CPU kernels round differently) is used with a warning naming both hashes: it
/// is the user's, and every run records which model it used.
pub fn ensure_default_model() -> Result<PathBuf, PretrainError> {
    let dir = default_model_dir();
    if !is_model_dir(&dir) {
        // Another process (a sweep's other job, another rank) may be installing or rebuilding
        // it: wait for it, then use what it made.
        let _lock = resume::lock_out(&dir, true)?;
        if !is_model_dir(&dir) {
            shipped::install(&dir)?;
        }
    }
    // Once per process: every command asks for the folder several times.
    static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if let Some(hash) = shipped::other_hash(&dir)
        .filter(|_| !WARNED.swap(true, std::sync::atomic::Ordering::Relaxed))
    {
        tracing::warn!(
            "the default model in {} has hash {hash}, not the shipped {}: it was rebuilt on \
             this machine; remove the folder to use the shipped model again",
            dir.display(),
            shipped::CONTENT_HASH
        );
    }
    Ok(dir)
}
