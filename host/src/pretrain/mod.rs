//! The embedded default model: a small Qwen3 pretrained here, on a public-domain corpus, with
//! its own byte-level BPE tokenizer, saved as a Hugging Face checkpoint. No weights can be
//! downloaded on the machines Frost targets first, and the very same loading path then serves
//! Qwen3-14B on a GPU.
//!
//! - [`bpe`]: tokenizer training and the `tokenizer.json` / `tokenizer_config.json` pair.
//! - [`train`]: the loop (AdamW, warmup + cosine, clipping, checkpoints, held-out bits/byte).

pub mod bpe;
pub mod train;

use std::path::{Path, PathBuf};

use crate::corpus::CorpusError;
use crate::files::{io_error, IoError};

pub use crate::cache::{default_model_dir, is_model_dir, DEFAULT_MODEL_NAME};
pub use crate::corpus::{load_corpus, Corpus, CorpusSource, Document};
pub use train::{pretrain, ModelSize, PretrainOptions, PretrainReport};

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
    #[error("libtorch: {0}")]
    Torch(#[from] tch::TchError),
    #[error("checkpoint {path}: {msg}")]
    Checkpoint { path: PathBuf, msg: String },
    #[error("invalid pretraining option {option}: {msg}")]
    Option { option: String, msg: String },
}

impl PretrainError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        PretrainError::Io(io_error(path)(source))
    }
}

/// The default model's directory, pretraining it first (with progress, about 15 minutes on a
/// 2-core CPU) when it is missing. An interrupted earlier build is resumed from its checkpoint.
pub fn ensure_default_model() -> Result<PathBuf, PretrainError> {
    let dir = default_model_dir();
    if is_model_dir(&dir) {
        return Ok(dir);
    }
    tracing::info!(
        "the default model {} is missing: pretraining it now",
        dir.display()
    );
    let mut opts = PretrainOptions::new(CorpusSource::Default, dir.clone(), ModelSize::Small);
    opts.resume = train::has_checkpoint(&dir);
    let done = match pretrain(&opts) {
        // A checkpoint from other settings (an older Frost): start over rather than fail.
        Err(PretrainError::Checkpoint { path, msg }) if opts.resume => {
            tracing::warn!("not resuming from {}: {msg}", path.display());
            opts.resume = false;
            pretrain(&opts)?
        }
        other => other?,
    };
    // The default options set no `stop_after`, so a run that returns has built the model.
    done.map(|_| dir).ok_or_else(|| PretrainError::Option {
        option: "stop_after".to_string(),
        msg: "the default model's run stopped early".to_string(),
    })
}

/// Pretty JSON, written atomically.
pub(crate) fn write_json(path: &Path, value: &serde_json::Value) -> Result<(), PretrainError> {
    Ok(crate::files::write_json(path, value)?)
}
