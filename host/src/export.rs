//! A trained player as a folder others load (`frost-host export`): the LoRA adapter in the PEFT
//! layout, or a whole Hugging Face checkpoint with the adapter folded into the weights
//! (safetensors, sharded past a size, the base's config and tokenizer files), each with a
//! `README.md` model card saying what was trained, on what, how far, how it scored and how to
//! load it. The folder appears whole or not at all: it is written into a temporary sibling and
//! renamed into place.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use tch::Device;

use crate::config::{ModelInit, Refinement, TrainConfig};
use crate::game::Game;
use crate::model::{hf_dtype, write_weights, ModelError, Tok};
use crate::run::checkpoints::Checkpoints;
use crate::run::dir::CheckpointState;
use crate::run::files::{io_error, tmp_sibling, write_json, IoError};
use crate::train::{self, TrainError};

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
    #[error("{path}: {msg}")]
    Read { path: PathBuf, msg: String },
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

/// `out` must be new, an empty folder, or (with `force`) anything that holds none of the
/// export's inputs.
fn check_out(req: &ExportRequest) -> Result<(), ExportError> {
    let out = req.out;
    if std::fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    if !req.force && !is_empty_dir(out) {
        return Err(ExportError::OutNotEmpty(out.to_path_buf()));
    }
    let Ok(out_abs) = out.canonicalize() else {
        return Ok(());
    };
    let inputs = [
        ("the run", req.run.map(Path::to_path_buf)),
        ("the checkpoint", req.checkpoint.map(Path::to_path_buf)),
        ("the base model", Some(train::model_dir(req.cfg))),
        ("the tokenizer", Some(train::tokenizer_dir(req.cfg))),
    ];
    for (what, path) in inputs {
        let Some(path) = path else { continue };
        if let Ok(p) = path.canonicalize() {
            if p.starts_with(&out_abs) {
                return Err(ExportError::OutOverlaps {
                    out: out.to_path_buf(),
                    what,
                    path,
                });
            }
        }
    }
    Ok(())
}

fn is_empty_dir(p: &Path) -> bool {
    std::fs::read_dir(p).is_ok_and(|mut d| d.next().is_none())
}

/// The temporary folder an export is written into; removed unless committed.
struct Staging {
    path: PathBuf,
    committed: bool,
}

impl Staging {
    fn new(path: PathBuf) -> Result<Self, ExportError> {
        std::fs::create_dir(&path).map_err(io_error(&path))?;
        Ok(Staging {
            path,
            committed: false,
        })
    }

    /// Renames the folder to `out`: an empty `out` is replaced; a non-empty one only with
    /// `force`, moved aside first and removed once the new folder is in place.
    fn commit(mut self, out: &Path, force: bool) -> Result<(), ExportError> {
        let mut replaced = None;
        if std::fs::symlink_metadata(out).is_ok() {
            if is_empty_dir(out) {
                std::fs::remove_dir(out).map_err(io_error(out))?;
            } else if force {
                let aside = tmp_sibling(out);
                std::fs::rename(out, &aside).map_err(io_error(out))?;
                replaced = Some(aside);
            } else {
                return Err(ExportError::OutNotEmpty(out.to_path_buf()));
            }
        }
        if let Err(e) = std::fs::rename(&self.path, out) {
            if let Some(aside) = &replaced {
                let _ = std::fs::rename(aside, out);
            }
            return Err(io_error(out)(e).into());
        }
        if let Some(aside) = replaced {
            let removed = match std::fs::symlink_metadata(&aside) {
                Ok(m) if m.is_dir() => std::fs::remove_dir_all(&aside),
                _ => std::fs::remove_file(&aside),
            };
            if let Err(e) = removed {
                tracing::warn!("could not remove the replaced {}: {e}", aside.display());
            }
        }
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

fn write_export(
    req: &ExportRequest,
    kind: ExportKind,
    dir: &Path,
) -> Result<Exported, ExportError> {
    let cfg = req.cfg;
    let tok_dir = train::tokenizer_dir(cfg);
    let exported = match kind {
        ExportKind::Adapter => {
            let ckpt = req.checkpoint.expect("an adapter export has a checkpoint");
            let adapter = ckpt.join("adapter");
            let from = adapter.join("adapter_model.safetensors");
            std::fs::copy(&from, dir.join("adapter_model.safetensors")).map_err(io_error(&from))?;
            write_adapter_config(&adapter, dir, &base_reference(cfg))?;
            let tok = Tok::from_dir(&tok_dir).map_err(|source| ExportError::Model {
                path: tok_dir.clone(),
                source,
            })?;
            save_tokenizer(&tok, &tok_dir, dir)?;
            Exported {
                kind,
                weight_files: vec!["adapter_model.safetensors".into()],
                dtype: "float32",
            }
        }
        ExportKind::Merged | ExportKind::FullModel | ExportKind::Base => {
            crate::threads::set_default(cfg.run.threads);
            let mut model = train::load_policy(cfg, Device::Cpu)?;
            if let Some(ckpt) = req.checkpoint {
                train::load_policy_weights(&mut model, ckpt)?;
            }
            let source = train::model_dir(cfg);
            model
                .merge_adapters()
                .map_err(|source_err| ExportError::Model {
                    path: source.clone(),
                    source: source_err,
                })?;
            let dtype = hf_dtype(model.kind);
            let model_err = |source| ExportError::Model {
                path: dir.to_path_buf(),
                source,
            };
            // Base weights plus what a multimodal checkpoint keeps (vision tower, mtp).
            let tensors = model.base_tensors().map_err(model_err)?;
            let weight_files =
                write_weights(&tensors, dir, req.max_shard_bytes).map_err(model_err)?;
            write_config(&source, dir, dtype)?;
            save_tokenizer(&model.tokenizer, &tok_dir, dir)?;
            let gen = source.join("generation_config.json");
            if gen.is_file() {
                std::fs::copy(&gen, dir.join("generation_config.json")).map_err(io_error(&gen))?;
            }
            Exported {
                kind,
                weight_files,
                dtype,
            }
        }
    };
    let card = model_card(req, &exported)?;
    let path = dir.join("README.md");
    std::fs::write(&path, card).map_err(io_error(&path))?;
    Ok(exported)
}

/// The base model as a loader names it: its Hugging Face id when it is a folder of the
/// Hugging Face cache, else its path.
fn base_reference(cfg: &TrainConfig) -> String {
    let path = train::model_dir(cfg).display().to_string();
    hub_id(&path).unwrap_or(path)
}

/// The checkpoint's `adapter_config.json` with `base_model_name_or_path` naming the base model
/// the export was made against (what `AutoPeftModelForCausalLM` loads).
fn write_adapter_config(adapter: &Path, dir: &Path, base: &str) -> Result<(), ExportError> {
    let path = adapter.join("adapter_config.json");
    let mut cfg = read_json_object(&path)?;
    (cfg.as_object_mut().expect("an object")).insert("base_model_name_or_path".into(), base.into());
    Ok(write_json(&dir.join("adapter_config.json"), &cfg)?)
}

fn read_json_object(path: &Path) -> Result<Value, ExportError> {
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

/// The base model's `config.json` as it is, with the dtype of the weights written (`dtype`,
/// and `torch_dtype` for readers older than transformers 4.56).
fn write_config(source: &Path, dir: &Path, dtype: &str) -> Result<(), ExportError> {
    let mut cfg = read_json_object(&source.join("config.json"))?;
    let map = cfg.as_object_mut().expect("an object");
    map.insert("dtype".into(), dtype.into());
    map.insert("torch_dtype".into(), dtype.into());
    Ok(write_json(&dir.join("config.json"), &cfg)?)
}

/// The tokenizer's files as the tokenizer folder has them (chat template, special tokens),
/// over the two `Tok::save` writes for a folder that lacks them.
fn save_tokenizer(tok: &Tok, tok_dir: &Path, dir: &Path) -> Result<(), ExportError> {
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

/// `ORG/NAME` of a folder in the Hugging Face cache (`.../models--ORG--NAME/snapshots/REV`).
pub fn hub_id(path: &str) -> Option<String> {
    let part = Path::new(path)
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .find(|c| c.starts_with("models--"))?;
    let rest = part.strip_prefix("models--")?;
    let (org, name) = rest.split_once("--")?;
    Some(format!("{org}/{name}"))
}

fn name_of(v: &impl Serialize) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

/// A JSON string literal: also a Python and a YAML one.
fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

/// The game as the card names it: its own name and version, else its file's name.
struct GameLine {
    name: String,
    version: Option<String>,
    description: Option<String>,
    changed: bool,
}

fn game_line(cfg: &TrainConfig, recorded_hash: Option<&str>) -> GameLine {
    let path = Path::new(&cfg.game.path);
    let stem = (path.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| cfg.game.path.clone());
    let changed = match (std::fs::read(path), recorded_hash) {
        (Ok(bytes), Some(h)) => format!("{:x}", Sha256::digest(&bytes)) != h,
        _ => false,
    };
    match Game::load(path, &cfg.game.limits, cfg.game.allow_native) {
        Ok(game) => {
            let info = game.info();
            GameLine {
                name: info.name.clone(),
                version: Some(info.version.clone()),
                description: Some(info.description.clone()).filter(|d| !d.trim().is_empty()),
                changed,
            }
        }
        Err(e) => {
            tracing::warn!(
                "game {}: {e}; the model card names it by its file",
                path.display()
            );
            GameLine {
                name: stem,
                version: None,
                description: None,
                changed,
            }
        }
    }
}

/// The eval.jsonl line of `step` in `run`, if the run evaluated there.
fn eval_line(run: &Path, step: u64) -> Option<serde_json::Map<String, Value>> {
    let text = std::fs::read_to_string(run.join("eval.jsonl")).ok()?;
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .rfind(|v| v["step"].as_u64() == Some(step))
        .and_then(|v| v.as_object().cloned())
}

/// vLLM's `--max-lora-rank` for rank `r` (its default, 16, needs no flag).
fn vllm_rank(r: i64) -> String {
    const RANKS: [i64; 9] = [1, 8, 16, 32, 64, 128, 256, 320, 512];
    match RANKS.iter().find(|&&x| x >= r) {
        _ if r <= 16 => String::new(),
        Some(x) => format!(" --max-lora-rank {x}"),
        None => format!(" --max-lora-rank {r}"),
    }
}

/// What an eval.jsonl figure is.
fn figure_meaning(key: &str) -> &'static str {
    let name = key.strip_prefix("eval/").unwrap_or(key);
    match name {
        n if n.starts_with("best_of_") => "best score of N samples per held-out assignment (nats)",
        "mean" => "mean score of the samples (nats)",
        "entropy" => "policy entropy over the move tokens (nats per token)",
        "score_var" => "variance of the samples' scores",
        "distinct" => "fraction of distinct moves among the samples",
        "reference" => "score of the text the game cut out (nats)",
        n if n.starts_with("budget/") || key.starts_with("budget/") => {
            "judge calls spent by training up to this step"
        }
        _ => "",
    }
}

fn model_card(req: &ExportRequest, exported: &Exported) -> Result<String, ExportError> {
    let cfg = req.cfg;
    let kind = exported.kind;
    let state: Option<CheckpointState> = match req.checkpoint {
        Some(c) => Some(Checkpoints::read_state(c).map_err(|e| ExportError::Read {
            path: c.to_path_buf(),
            msg: e.to_string(),
        })?),
        None => None,
    };
    let base = state.as_ref().and_then(|s| s.base_model.clone());
    let base_path = train::model_dir(cfg).display().to_string();
    let base_ref = base_reference(cfg);
    let hub = hub_id(&base_path);
    let game = game_line(cfg, state.as_ref().and_then(|s| s.game_hash.as_deref()));
    let out_name = (req.out.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    let out_ref = req.out.display().to_string();
    let adapter = kind == ExportKind::Adapter;

    let mut c = String::new();
    // Front matter, as the Hugging Face Hub reads it.
    c.push_str("---\n");
    c.push_str(&format!(
        "library_name: {}\n",
        if adapter { "peft" } else { "transformers" }
    ));
    if let Some(h) = &hub {
        c.push_str(&format!("base_model: {}\n", quoted(h)));
    }
    c.push_str("tags:\n- frost\n- cross-entropy-game\n");
    c.push_str(&format!("- {}\n", quoted(&game.name)));
    if adapter {
        c.push_str("- lora\n");
    }
    c.push_str("---\n\n");

    c.push_str(&format!("# {out_name}\n\n"));
    let what = match kind {
        ExportKind::Base => format!(
            "The base model `{base_path}`, untrained, as exported by Frost (`frost-host {}`).",
            env!("CARGO_PKG_VERSION")
        ),
        _ => format!(
            "A {} trained with {} (`frost-host {}`) to play the cross-entropy game **{}**: \
             `{}`, exported after step {} of {}.",
            kind.describe(),
            match cfg.frost.refinement {
                Refinement::Frost => "Frost-GRPO",
                Refinement::None => "GRPO",
            },
            env!("CARGO_PKG_VERSION"),
            game.name,
            req.label,
            req.step,
            cfg.steps
        ),
    };
    c.push_str(&what);
    c.push_str("\n\n");

    c.push_str("## Base model\n\n");
    c.push_str(&format!("- path: `{base_path}`\n"));
    if let Some(b) = base.as_ref().filter(|b| b.path != base_path) {
        c.push_str(&format!("- trained from: `{}`\n", b.path));
    }
    if let Some(h) = &hub {
        c.push_str(&format!("- Hugging Face id: `{h}`\n"));
    }
    if let Some(b) = &base {
        if let Some(h) = &b.content_hash {
            c.push_str(&format!(
                "- content hash (SHA-256 of config.json and the weights' bytes): `{h}`\n"
            ));
        }
        c.push_str(&format!(
            "- folder hash (config.json, weight file names and sizes): `{}`\n",
            b.hash
        ));
    }
    if cfg.model.init == ModelInit::Random {
        c.push_str(
            "- weights: drawn at random from the config's shapes and the run seed \
             (`model.init = \"random\"`), saved only in this export\n",
        );
    }
    if !cfg.model.tokenizer.is_empty() {
        c.push_str(&format!("- tokenizer: `{}`\n", cfg.model.tokenizer));
    }
    c.push('\n');

    c.push_str("## Game\n\n");
    c.push_str(&format!(
        "- name: **{}**{}\n",
        game.name,
        game.version
            .as_ref()
            .map(|v| format!(" {v}"))
            .unwrap_or_default()
    ));
    if let Some(d) = &game.description {
        c.push_str(&format!("- {}\n", d.trim().replace('\n', " ")));
    }
    c.push_str(&format!("- file: `{}`", cfg.game.path));
    if let Some(h) = state.as_ref().and_then(|s| s.game_hash.as_ref()) {
        c.push_str(&format!(", SHA-256 `{h}`"));
    }
    if game.changed {
        c.push_str(" (the file has changed since training)");
    }
    c.push('\n');
    let game_config = (state.as_ref().and_then(|s| s.game_config.clone()))
        .unwrap_or_else(|| serde_json::to_value(&cfg.game.config).unwrap_or(Value::Null));
    c.push_str(&format!(
        "- config:\n\n```json\n{}\n```\n\n",
        serde_json::to_string_pretty(&game_config).expect("JSON values serialize")
    ));

    if kind != ExportKind::Base {
        c.push_str("## Training\n\n| setting | value |\n|---|---|\n");
        let s = &cfg.sampling;
        let method = match cfg.frost.refinement {
            Refinement::Frost => format!(
                "Frost-GRPO: K = {} samples per assignment, D = {} children verified \
                 (tau {}, selection `{}`, scope `{}`, {} round(s))",
                s.k,
                cfg.frost.d,
                cfg.frost.tau,
                name_of(&cfg.frost.selection),
                name_of(&cfg.frost.scope),
                cfg.frost.rounds
            ),
            Refinement::None => format!("GRPO: K = {} samples per assignment", s.k),
        };
        let u = &cfg.update;
        let rows = [
            ("method", method),
            (
                "update",
                format!(
                    "`{}`, AdamW lr {}, weight decay {}, KL beta {}, {} iteration(s) per batch",
                    name_of(&u.rule),
                    u.lr,
                    u.weight_decay,
                    u.kl_beta,
                    u.iterations
                ),
            ),
            ("assignments per step", s.assignments_per_step.to_string()),
            (
                "sampling",
                format!(
                    "temperature {}, top-p {}, top-k {}",
                    s.temperature, s.top_p, s.top_k
                ),
            ),
            (
                "weights trained",
                match &cfg.model.lora {
                    Some(l) => format!(
                        "LoRA r = {}, alpha = {} on {}",
                        l.r,
                        l.alpha,
                        l.target_modules.join(", ")
                    ),
                    None => "all (full fine-tuning)".into(),
                },
            ),
            (
                "dtype",
                format!(
                    "trained in {}, exported in {}",
                    name_of(&cfg.model.dtype),
                    exported.dtype
                ),
            ),
            (
                "steps",
                format!("{} exported, of {} configured", req.step, cfg.steps),
            ),
            ("seed", cfg.seed.to_string()),
            ("corpus", format!("`{}`", cfg.corpus.source.describe())),
        ];
        for (k, v) in rows {
            c.push_str(&format!("| {k} | {v} |\n"));
        }
        c.push('\n');
        let config_text = (req.run)
            .and_then(|r| std::fs::read_to_string(r.join("config.toml")).ok())
            .unwrap_or_else(|| cfg.to_toml());
        c.push_str(&format!(
            "<details><summary>The run's config.toml</summary>\n\n```toml\n{}\n```\n\n</details>\n\n",
            config_text.trim_end()
        ));

        c.push_str(&format!("## Evaluation (held-out, step {})\n\n", req.step));
        match req.run.and_then(|r| eval_line(r, req.step)) {
            Some(line) => {
                c.push_str(&format!(
                    "From the run's `eval.jsonl` ({} held-out assignments, best of {}; higher \
                     scores are better):\n\n| figure | value | what |\n|---|---|---|\n",
                    cfg.eval.assignments, cfg.eval.best_of
                ));
                let mut figures: Vec<(&String, &Value)> =
                    line.iter().filter(|(k, _)| k.as_str() != "step").collect();
                figures.sort_by_key(|(k, _)| (k.starts_with("budget/"), k.to_string()));
                for (k, v) in figures {
                    let value = match v.as_f64() {
                        Some(x) if v.is_f64() => format!("{x:.4}"),
                        _ => v.to_string(),
                    };
                    c.push_str(&format!("| `{k}` | {value} | {} |\n", figure_meaning(k)));
                }
                c.push('\n');
            }
            None => c.push_str(&format!(
                "No held-out evaluation was logged at step {} ({}). `frost-host eval` \
                 evaluates any checkpoint as training does.\n\n",
                req.step,
                if req.run.is_some() {
                    "see the run's eval.jsonl"
                } else {
                    "exported from a checkpoint folder outside a run"
                }
            )),
        }
    }

    c.push_str("## How to load\n\n");
    if adapter {
        c.push_str(&format!(
            "The adapter goes on its base model, with `transformers` and `peft`:\n\n\
             ```python\n\
             from peft import PeftModel\n\
             from transformers import AutoModelForCausalLM, AutoTokenizer\n\n\
             base = AutoModelForCausalLM.from_pretrained({base}, dtype=\"auto\")\n\
             model = PeftModel.from_pretrained(base, {out})\n\
             tokenizer = AutoTokenizer.from_pretrained({out})\n\
             # model = model.merge_and_unload()  # a plain transformers model\n\
             ```\n\n\
             (`peft.AutoPeftModelForCausalLM.from_pretrained({out})` finds the base through \
             `adapter_config.json`.) With vLLM:\n\n\
             ```sh\n\
             vllm serve {base_sh} --enable-lora --lora-modules frost={out_sh}{rank}\n\
             ```\n\n\
             `frost-host export ... --merged` writes base and adapter as one model, loadable \
             without `peft`.\n",
            base = quoted(&base_ref),
            out = quoted(&out_ref),
            base_sh = base_ref,
            out_sh = out_ref,
            rank = cfg
                .model
                .lora
                .as_ref()
                .map_or(String::new(), |l| vllm_rank(l.r)),
        ));
    } else {
        c.push_str(&format!(
            "A plain CausalLm checkpoint ({}, `{}`): no `peft` needed.\n\n\
             ```python\n\
             from transformers import AutoModelForCausalLM, AutoTokenizer\n\n\
             model = AutoModelForCausalLM.from_pretrained({out}, dtype=\"auto\")\n\
             tokenizer = AutoTokenizer.from_pretrained({out})\n\
             ```\n\n\
             With vLLM:\n\n\
             ```sh\n\
             vllm serve {out_sh}\n\
             ```\n",
            exported.dtype,
            match exported.weight_files.len() {
                1 => "model.safetensors".to_string(),
                n => format!("{n} safetensors shards"),
            },
            out = quoted(&out_ref),
            out_sh = out_ref,
        ));
    }
    Ok(c)
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

    #[test]
    fn hub_ids_come_from_cache_folders_only() {
        assert_eq!(
            hub_id("/home/u/.cache/huggingface/hub/models--Qwen--Qwen3-0.6B/snapshots/abc"),
            Some("Qwen/Qwen3-0.6B".into())
        );
        assert_eq!(hub_id("/data/Qwen3-14B"), None);
    }
}
