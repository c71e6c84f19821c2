//! A trained player as a folder others load (`frost-host export`): the LoRA adapter in the PEFT
//! layout, or a whole Hugging Face checkpoint with the adapter folded into the weights
//! (safetensors, sharded past a size, the base's config and tokenizer files), each with a
//! `README.md` model card saying what was trained, on what, how far, how it scored and how to
//! load it. The folder appears whole or not at all: it is written into a temporary sibling and
//! renamed into place. The checkpoint is checked as it is read (its checksums, tensors that
//! parse and fit the model, finite values) and what was written is read back and compared
//! before the rename, so a broken checkpoint is refused, never shipped.
//!
//! `adapter` and `merged` write the two kinds, `checks` reads them back, `card` writes the
//! model card, `out` guards `--out` and stages the folder.

mod adapter;
mod card;
mod checks;
mod merged;
mod out;

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::config::{ModelInit, TrainConfig};
use crate::model::{ModelError, Tok};
use crate::run::checkpoints::CheckpointError;
use crate::run::files::{io_error, tmp_sibling, IoError};
use crate::train::TrainError;
use out::{check_out, Staging};

pub use card::hub_id;

/// The tokenizer files of a Hugging Face model folder that are copied when present.
pub const TOKENIZER_FILES: [&str; 9] = [
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "added_tokens.json",
    "vocab.json",
    "merges.txt",
    "tokenizer.model",
    "chat_template.jinja",
    "chat_template.json",
];

/// What to export, and where.
pub struct ExportRequest<'a> {
    /// The config the checkpoint was trained with (the base model, LoRA shape, dtype, game).
    pub cfg: &'a TrainConfig,
    /// The checkpoint folder (`RUN/checkpoints/step-N`); None: the base model itself.
    pub checkpoint: Option<&'a Path>,
    /// The run directory it belongs to (its `config.toml` and `eval.jsonl` go into the card).
    pub run: Option<&'a Path>,
    /// The step the checkpoint was saved after (0 for the base model).
    pub step: u64,
    /// How the card names the source (the run as given, with the step).
    pub label: &'a str,
    pub out: &'a Path,
    /// A whole model with the adapter folded in, instead of the adapter alone.
    pub merged: bool,
    /// Weights above this many bytes are split into shards of at most this size.
    pub max_shard_bytes: u64,
    /// Replace a non-empty `out`.
    pub force: bool,
}

/// What an export wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// The LoRA adapter, PEFT layout, for the base model.
    Adapter,
    /// Base + LoRA folded into one checkpoint.
    Merged,
    /// A full fine-tuning checkpoint (nothing to fold).
    FullModel,
    /// The base model's weights, untrained.
    Base,
}

impl ExportKind {
    pub fn describe(self) -> &'static str {
        match self {
            ExportKind::Adapter => "LoRA adapter (PEFT layout)",
            ExportKind::Merged => "full model with the LoRA adapter merged into its weights",
            ExportKind::FullModel => "full model (full fine-tuning)",
            ExportKind::Base => "base model (untrained)",
        }
    }
}

#[derive(Debug)]
pub struct Exported {
    pub kind: ExportKind,
    /// The weight files written, in the order of their names.
    pub weight_files: Vec<String>,
    /// The dtype of the weights written (`config.json`'s name).
    pub dtype: &'static str,
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("--out {0} exists and is not empty: pass --force to replace it")]
    OutNotEmpty(PathBuf),
    #[error("--out {out} would replace {what} {path}")]
    OutOverlaps {
        out: PathBuf,
        what: &'static str,
        path: PathBuf,
    },
    #[error(
        "{0} is a base model, which has no adapter to export: --merged writes its weights as a \
         model folder"
    )]
    NoAdapter(String),
    #[error(
        "the run's base model has random weights (model.init = \"random\") saved nowhere, so its \
         adapter alone cannot be loaded: --merged writes base and adapter as one model"
    )]
    RandomBase,
    #[error("checkpoint {0} holds neither adapter/ nor model/")]
    EmptyCheckpoint(PathBuf),
    #[error("{0}")]
    Train(Box<TrainError>),
    #[error("{path}: {source}")]
    Model { path: PathBuf, source: ModelError },
    #[error("{0}")]
    Io(#[from] IoError),
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    #[error("{path}: {msg}")]
    Read { path: PathBuf, msg: String },
    #[error("--out {}: {file}, read back, {msg}; nothing was written", out.display())]
    ReadBack {
        out: PathBuf,
        file: String,
        msg: String,
    },
}

impl From<TrainError> for ExportError {
    fn from(e: TrainError) -> Self {
        ExportError::Train(Box::new(e))
    }
}

/// A size in bytes: `123`, `100KB`, `500MB`, `5GB` (powers of 1000, as `transformers`'
/// `max_shard_size`), or `KiB`, `MiB`, `GiB` (powers of 1024); decimals allowed (`1.5GB`).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size (e.g. 5GB, 500MB, 2GiB)"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "kb" => 1e3,
        "mb" => 1e6,
        "gb" => 1e9,
        "tb" => 1e12,
        "kib" => 1024.0,
        "mib" => 1024.0 * 1024.0,
        "gib" => 1024.0 * 1024.0 * 1024.0,
        "tib" => 1024f64.powi(4),
        _ => {
            return Err(format!(
                "`{text}`: unknown unit `{unit}` (B, KB, MB, GB, KiB, MiB, GiB)"
            ))
        }
    };
    let bytes = (n * scale).round();
    if !(bytes >= 1.0 && bytes.is_finite()) {
        return Err(format!("`{text}`: a shard size must be at least 1 byte"));
    }
    Ok(bytes as u64)
}

/// Writes the export `req` asks for.
pub fn export(req: &ExportRequest) -> Result<Exported, ExportError> {
    let kind = kind_of(req)?;
    check_out(req)?;
    let parent = match req.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(io_error(&parent))?;
    let staging = Staging::new(tmp_sibling(req.out))?;
    let exported = write_export(req, kind, &staging.path)?;
    staging.commit(req.out, req.force)?;
    Ok(exported)
}

fn kind_of(req: &ExportRequest) -> Result<ExportKind, ExportError> {
    let Some(ckpt) = req.checkpoint else {
        return match req.merged {
            true => Ok(ExportKind::Base),
            false => Err(ExportError::NoAdapter(req.label.to_string())),
        };
    };
    if ckpt.join("adapter").is_dir() {
        return match (req.merged, req.cfg.model.init) {
            (true, _) => Ok(ExportKind::Merged),
            (false, ModelInit::Random) => Err(ExportError::RandomBase),
            (false, ModelInit::Pretrained) => Ok(ExportKind::Adapter),
        };
    }
    if ckpt.join("model").is_dir() {
        return Ok(ExportKind::FullModel);
    }
    Err(ExportError::EmptyCheckpoint(ckpt.to_path_buf()))
}

fn write_export(
    req: &ExportRequest,
    kind: ExportKind,
    dir: &Path,
) -> Result<Exported, ExportError> {
    let exported = match kind {
        ExportKind::Adapter => adapter::write(req, dir)?,
        ExportKind::Merged | ExportKind::FullModel | ExportKind::Base => {
            merged::write(req, kind, dir)?
        }
    };
    let card = card::model_card(req, &exported, dir)?;
    let path = dir.join("README.md");
    std::fs::write(&path, card).map_err(io_error(&path))?;
    Ok(exported)
}

pub(super) fn read_json_object(path: &Path) -> Result<Value, ExportError> {
    let text = std::fs::read_to_string(path).map_err(io_error(path))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| ExportError::Read {
        path: path.to_path_buf(),
        msg: e.to_string(),
    })?;
    match v.is_object() {
        true => Ok(v),
        false => Err(ExportError::Read {
            path: path.to_path_buf(),
            msg: "not a JSON object".into(),
        }),
    }
}

/// The tokenizer's files as the tokenizer folder has them (chat template, special tokens),
/// over the two `Tok::save` writes for a folder that lacks them.
pub(super) fn save_tokenizer(tok: &Tok, tok_dir: &Path, dir: &Path) -> Result<(), ExportError> {
    tok.save(dir).map_err(|source| ExportError::Model {
        path: dir.to_path_buf(),
        source,
    })?;
    for f in TOKENIZER_FILES {
        let from = tok_dir.join(f);
        if from.is_file() {
            std::fs::copy(&from, dir.join(f)).map_err(io_error(&from))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_transformers_reads_max_shard_size() {
        assert_eq!(parse_size("5GB"), Ok(5_000_000_000));
        assert_eq!(parse_size("500MB"), Ok(500_000_000));
        assert_eq!(parse_size("100kb"), Ok(100_000));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GB"), Ok(1_500_000_000));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("0").is_err());
        assert!(parse_size("5 parsecs").is_err());
        assert!(parse_size("GB").is_err());
    }
}
