//! The training config (`TrainConfig`): TOML in, validated, every field named in errors.
//!
//! `--set key.sub=value` overrides are applied to the TOML document before it is parsed
//! (`crate::config::overrides`, shared with pretraining), so an override goes through exactly the same
//! checks as the file (unknown field, wrong type, range). Values written as strings but typed
//! (device, dtype, corpus source) live in `values`, parsed once when the config is read; the
//! range checks in `validate`.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::corpus::CorpusSource;

mod game;
mod method;
pub mod overrides;
mod parallel;
mod train_search;
mod validate;
mod values;
mod wandb;

use crate::config::overrides::{from_table_with_overrides, OverrideError};
pub use game::{GameSection, Origins};
pub use method::{
    AdvantageBaseline, Aggregation, Baseline, FrostSection, KlEstimator, LrSchedule, Refinement,
    Replace, Scope, Selection, StdScope, UpdateRule, UpdateSection, DEFAULT_GCG_TOP_K,
};
pub use parallel::ParallelSection;
pub use train_search::{TrainSearchRegime, TrainSearchSection};
pub use values::{DeviceSpec, Dtype};
pub use wandb::{WandbMode, WandbSection};

/// The embedded default (`frost-host --game games/infill.wasm` with no `--config`).
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../../configs/tiny-infill.toml");

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config {origin}: {message}")]
    Parse { origin: String, message: String },
    #[error("config field `{field}`: {message}")]
    Invalid { field: String, message: String },
    #[error(transparent)]
    Size(Box<crate::sizes::SizeError>),
    #[error("--set `{0}`: expected key.sub=value")]
    BadOverride(String),
    #[error("cannot read config {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn invalid(field: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        field: field.to_string(),
        message: message.into(),
    }
}

/// A training run: the model, the game, the corpus it deals passages from, and Frost-GRPO's
/// switches. `frost-host schema` prints this as JSON Schema; docs/training.md lists defaults.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrainConfig {
    /// Run seed; every per-step seed is derived from (seed, step), so resume is exact.
    pub seed: u64,
    /// Number of optimizer steps.
    pub steps: u64,
    /// The policy model (and, by default, the judge: its base weights with adapters off).
    pub model: ModelSection,
    /// A separate frozen judge (default: none, the player's base weights judge).
    #[serde(default)]
    pub judge: JudgeSection,
    /// The game that turns passages into rounds.
    pub game: GameSection,
    /// The text passages are cut from.
    pub corpus: CorpusSection,
    /// How moves are sampled from the policy.
    pub sampling: SamplingSection,
    /// Frost's refinement of each group (steps 4-6 of a step).
    pub frost: FrostSection,
    /// Advantages, loss and the optimizer step.
    pub update: UpdateSection,
    /// Held-out evaluation.
    pub eval: EvalSection,
    /// Test-time search: what `eval` and `play` run on the player's draws (training never
    /// searches; the settings travel in the run's config.toml to the commands that do).
    #[serde(default)]
    pub search: SearchSection,
    /// The search inside training (`[train_search]`, docs/method.md): a search on every GRPO
    /// group, and what the update takes from it. Absent: off.
    #[serde(default, skip_serializing_if = "train_search_off")]
    pub train_search: TrainSearchSection,
    /// How the run spreads the model over its ranks (`[parallel]`, docs/scaling.md); written
    /// only when set, so configs without it read and record as before.
    #[serde(default, skip_serializing_if = "whole_model")]
    pub parallel: ParallelSection,
    /// Checkpoints, logs and the process.
    pub run: RunSection,
}

/// `[model]`: which network plays and judges, where it runs, how it is fine-tuned.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ModelSection {
    /// Hugging Face model folder (config.json, tokenizer.json, safetensors). Empty = the
    /// embedded default model (`cache::default_model_dir()`).
    #[serde(default)]
    pub path: String,
    /// Where the model runs: "cpu", "cuda" or "cuda:N".
    pub device: DeviceSpec,
    /// Weight dtype: "f32", "bf16" or "f16".
    pub dtype: Dtype,
    /// "pretrained" (the folder's safetensors) or "random" (only `config.json` is read; weights
    /// drawn from normal(0, initializer_range), seeded by the run seed): to time and measure a
    /// model's shape without its weights (`configs/shapes/`).
    #[serde(default)]
    pub init: ModelInit,
    /// Folder of `tokenizer.json` (and `tokenizer_config.json`); empty = `path`. For shapes
    /// folders that hold only `config.json`.
    #[serde(default)]
    pub tokenizer: String,
    /// LoRA adapters on the policy (the judge = same network with adapters off). Absent =
    /// full fine-tuning with a separate frozen judge copy.
    #[serde(default)]
    pub lora: Option<LoraSection>,
}

/// Where the model's weights come from (`model.init`).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ModelInit {
    /// The checkpoint's safetensors.
    #[default]
    Pretrained,
    /// Random weights from `config.json` alone (timing and memory, not training quality).
    Random,
}

/// `[judge]`: who scores moves. Empty = the player's base weights with adapters off (under full
/// fine-tuning, a frozen copy of them). A judge checkpoint must use the player's tokenizer.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct JudgeSection {
    /// Hugging Face model folder of a separate, frozen judge (same tokenizer as the player).
    /// Empty = the player's base weights.
    #[serde(default)]
    pub path: String,
    /// Where the judge runs ("cpu", "cuda", "cuda:N"); absent = `model.device`. Setting it (or
    /// `dtype`) to something else loads a separate frozen judge there even without `path`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<DeviceSpec>,
    /// The judge's weight dtype ("f32", "bf16", "f16"); absent = `model.dtype`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtype: Option<Dtype>,
}

/// `[model.lora]`: low-rank adapters on the policy's projections.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LoraSection {
    /// Adapter rank.
    pub r: i64,
    /// Scale numerator: the adapter's output is multiplied by alpha / r.
    pub alpha: f64,
    /// Adapter dropout; must be 0 (not implemented, the authors' demo uses 0).
    #[serde(default)]
    pub dropout: f64,
    /// Projections that get adapters, e.g. "q_proj", "down_proj" (PEFT names).
    pub target_modules: Vec<String>,
    /// MoE experts' fused parameters that get adapters (PEFT's `target_parameters`):
    /// "mlp.experts.gate_up_proj", "mlp.experts.down_proj". Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target_parameters: Vec<String>,
}

/// `[corpus]`: the text passages are dealt from (whole works held out for evaluation).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CorpusSection {
    /// "default" (the Shakespeare corpus) or the path of a file or folder of `.txt`, `.jsonl`,
    /// `.jsonl.gz` and `.parquet` files (a Hugging Face dataset download works as is).
    #[serde(with = "values::corpus_source")]
    #[schemars(schema_with = "values::corpus_source::schema")]
    pub source: CorpusSource,
    /// The JSON field of a `.jsonl` line, or the top-level column of a `.parquet` file, that
    /// holds a document's text.
    #[serde(default = "default_text_field")]
    pub text_field: String,
    /// Read at most this many documents (files are read in sorted order); absent = all.
    #[serde(default)]
    pub max_documents: Option<usize>,
    /// Read at most about this many bytes of text; absent = all.
    #[serde(default)]
    pub max_bytes: Option<u64>,
}

fn default_text_field() -> String {
    crate::corpus::DEFAULT_TEXT_FIELD.to_string()
}

impl CorpusSection {
    /// What `corpus::load_corpus_with` takes.
    pub fn options(&self) -> crate::corpus::CorpusOptions {
        crate::corpus::CorpusOptions {
            text_field: self.text_field.clone(),
            max_documents: self.max_documents,
            max_bytes: self.max_bytes,
        }
    }
}

/// `[sampling]`: how the policy's moves are drawn.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SamplingSection {
    /// Assignments per step.
    pub assignments_per_step: usize,
    /// Moves sampled per assignment (the group size K).
    pub k: usize,
    /// Sampling temperature; also applied to the gate and to the policy's log-probs in the update.
    pub temperature: f64,
    /// Nucleus sampling: keep the smallest set of tokens with this much mass; 1.0 = off.
    pub top_p: f64,
    /// Keep only the k most likely tokens; 0 = off.
    pub top_k: i64,
}

/// `[eval]`: best-of-N and mean score on a fixed held-out set.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EvalSection {
    /// Evaluate every N steps (and at step 0 and the last step); 0 = never.
    pub every: u64,
    /// Held-out assignments.
    pub assignments: usize,
    /// Samples per held-out assignment (best-of-N and mean).
    pub best_of: usize,
    /// N of the training figure `sampled/best_of_N`: the expected best of N of the K sampled
    /// moves (capped at K), so that methods with different K compare at the same N.
    #[serde(default = "default_train_best_of")]
    pub train_best_of: usize,
}

fn default_train_best_of() -> usize {
    4
}

fn train_search_off(t: &TrainSearchSection) -> bool {
    *t == TrainSearchSection::default()
}

fn whole_model(p: &ParallelSection) -> bool {
    *p == ParallelSection::default()
}

/// `[search]`: Frost rounds at test time on the player's draws (`eval` and `play`; their
/// `--refine`, `--parents`, `--children` override these). Absent: no search, as before.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SearchSection {
    /// Frost rounds `eval` and `play` run after sampling; 0 = none (sampling only).
    #[serde(default)]
    pub rounds: usize,
    /// Each round's judge backward on the best P current moves only; 0 = all of them
    /// (training's round).
    #[serde(default)]
    pub parents: usize,
    /// Children verified per round (D); 0 = `frost.d`. The gate, selection and scope are
    /// `[frost]`'s.
    #[serde(default)]
    pub children: usize,
}

/// `[run]`: checkpoints, logs and the process.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunSection {
    /// Checkpoint every N steps (and at the end); 0 = only at the end.
    pub checkpoint_every: u64,
    /// Write samples.jsonl lines every N steps; 0 = never.
    pub samples_every: u64,
    /// Show the progress bar.
    pub progress: bool,
    /// libtorch CPU threads; 0 = the cores free at start (all when idle, 1 when busy: on a busy
    /// machine oversubscribed threads can be several times slower than one).
    #[serde(default)]
    pub threads: i32,
    /// Also write TensorBoard event files under `RUN/tb/`: every numeric field of the
    /// metrics.jsonl and eval.jsonl lines as a scalar under its JSON key.
    #[serde(default = "default_tensorboard")]
    pub tensorboard: bool,
    /// With several ranks (torchrun, srun): seconds the rendezvous and every collective may
    /// wait for the other ranks before the run stops with an error naming the operation.
    #[serde(default = "default_collective_timeout")]
    pub collective_timeout_s: u64,
    /// With several ranks: seconds the ranks wait at start for all of them to join (every rank
    /// launched, the rendezvous reached) before stopping with an error saying how many came;
    /// absent = `collective_timeout_s`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_timeout_s: Option<u64>,
    /// Also log the run to Weights & Biases (`[run.wandb]`: project, entity, name, tags, mode
    /// "offline" or "online"); absent = off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wandb: Option<WandbSection>,
}

fn default_tensorboard() -> bool {
    true
}

fn default_collective_timeout() -> u64 {
    600
}

/// `overlay` merged into `base`: a table merges key by key (recursively), any other value
/// (numbers, strings, arrays) replaces the base's. How `--config a.toml --config b.toml`
/// composes: a recipe (`configs/recipes/`) names only the fields it sets.
pub fn merge_toml(base: &mut toml::Table, overlay: toml::Table) {
    for (key, value) in overlay {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge_toml(b, o),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

impl RunSection {
    /// The seconds ranks wait for each other at start (`join_timeout_s`, else the collectives').
    pub fn join_timeout(&self) -> u64 {
        self.join_timeout_s.unwrap_or(self.collective_timeout_s)
    }
}

impl TrainConfig {
    /// Parse TOML text after applying `--set` overrides, then validate.
    pub fn from_toml(text: &str, origin: &str, overrides: &[String]) -> Result<Self, ConfigError> {
        Self::from_tomls(&[(text, origin)], overrides)
    }

    /// Several TOML documents `(text, origin)` merged in order ([`merge_toml`]: a later one's
    /// values win), then the `--set` overrides, then validation.
    pub fn from_tomls(docs: &[(&str, &str)], overrides: &[String]) -> Result<Self, ConfigError> {
        let mut parts: Vec<(toml::Table, &str)> = Vec::new();
        for (text, origin) in docs {
            let part: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Parse {
                origin: origin.to_string(),
                message: overrides::syntax_error(&e, text),
            })?;
            parts.push((part, origin));
        }
        let mut doc = toml::Table::new();
        for (part, _) in &parts {
            merge_toml(&mut doc, part.clone());
        }
        let part_refs: Vec<(&toml::Table, &str)> = parts.iter().map(|(t, o)| (t, *o)).collect();
        let origins = game::origins(&part_refs, &doc, overrides);
        let origin = docs.iter().map(|(_, o)| *o).collect::<Vec<_>>().join(" + ");
        let mut cfg: TrainConfig =
            from_table_with_overrides(doc, overrides).map_err(|e| match e {
                OverrideError::Malformed(spec) => ConfigError::BadOverride(spec),
                OverrideError::NotATable { key, part } => {
                    invalid(&key, format!("`{part}` is not a table"))
                }
                OverrideError::Field(e) => ConfigError::Parse {
                    origin: origin.to_string(),
                    message: e.to_string(),
                },
                OverrideError::Value { key, message } => invalid(&key, message),
                e @ OverrideError::File { .. } => ConfigError::Parse {
                    origin: "--set".to_string(),
                    message: e.to_string(),
                },
            })?;
        cfg.game.origins = origins;
        cfg.validate()?;
        Ok(cfg)
    }

    pub fn default_embedded() -> Self {
        Self::from_toml(DEFAULT_CONFIG_TOML, "embedded default", &[])
            .expect("the embedded default config is valid")
    }

    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("config serializes")
    }
}

/// Every setting of a config document as (`dotted.key`, the value as JSON writes it); an empty
/// table holds no setting. The one flattening that comparing two configs needs: a resume's
/// changes (`run::changes`) and the ranks' agreement (`train::fingerprint`).
pub fn leaves(v: &serde_json::Value) -> Vec<(String, String)> {
    fn walk(v: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    let key = match path {
                        "" => k.clone(),
                        _ => format!("{path}.{k}"),
                    };
                    walk(x, &key, out);
                }
            }
            _ => out.push((path.to_string(), v.to_string())),
        }
    }
    let mut out = Vec::new();
    walk(v, "", &mut out);
    out
}

/// The JSON Schema of the config (`frost-host schema`).
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(TrainConfig);
    serde_json::to_string_pretty(&schema).expect("schema serializes")
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod update_rule_tests;
