//! Frost's cache folder (`$FROST_CACHE`, else `~/.cache/frost`): the embedded default model,
//! the fetched default corpus and compiled game components. Both the trainer and the
//! pretraining loop use it.

use std::path::{Path, PathBuf};

/// Name of the embedded default model's folder under `<cache>/models/`.
pub const DEFAULT_MODEL_NAME: &str = "tiny-shakespeare";

/// The cache root: `FROST_CACHE` if set, else `~/.cache/frost`.
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

/// `<cache>/corpus`: the fetched default corpus.
pub fn corpus_dir() -> PathBuf {
    cache_dir().join("corpus")
}

/// `<cache>/components`: compiled game components.
pub fn components_dir() -> PathBuf {
    cache_dir().join("components")
}

/// The files a finished model directory has. The directory is renamed into place only when
/// complete, so their presence means the model is whole.
pub fn is_model_dir(dir: &Path) -> bool {
    ["config.json", "model.safetensors", "tokenizer.json"]
        .iter()
        .all(|f| dir.join(f).is_file())
}
