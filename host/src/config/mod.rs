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

pub mod overrides;
mod validate;
mod values;

use crate::config::overrides::{from_table_with_overrides, OverrideError};
pub use values::{DeviceSpec, Dtype};

/// The embedded default (`frost-host --game games/infill.wasm` with no `--config`).
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../../configs/tiny-infill.toml");

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config {origin}: {message}")]
    Parse { origin: String, message: String },
    #[error("config field `{field}`: {message}")]
    Invalid { field: String, message: String },
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
}

/// `[game]`: the game component, its sandbox and its own config.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// The game component; `--game` on the command line overrides it.
    #[serde(default)]
    pub path: String,
    /// Load a native plugin (trusted code) instead of a wasm component.
    #[serde(default)]
    pub allow_native: bool,
    /// Sandbox limits for the game (fuel/time, memory, output sizes).
    #[serde(default)]
    pub limits: crate::game::GameLimits,
    /// The game's own config (checked by the game's `configure`).
    #[serde(default = "empty_table")]
    #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
    pub config: toml::Table,
}

fn default_linear_weight() -> f64 {
    0.1
}

fn default_taylor_weight() -> f64 {
    2.0
}

fn empty_table() -> toml::Table {
    toml::Table::new()
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

/// What happens to a sampled group before the update (`frost.refinement`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Refinement {
    /// Vanilla GRPO: the group is trained on as sampled.
    None,
    /// Frost: Taylor proposal, gate, top-D, verify, replace.
    Frost,
}

/// How Frost ranks the candidate single-token substitutions of the group's moves
/// (`frost.selection`, the paper's ablation; docs/method.md, "Selection rules"). Every rule
/// skips no-ops, banned tokens and padding rows, and de-duplicates children.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Selection {
    /// The paper's method: rank by the judge's first-order (Taylor) estimate of the score
    /// change R~(k, i, v), keeping only tokens the policy finds plausible,
    /// pi(v | prompt, y_<i) > tau. Costs one judge backward and one policy forward per group.
    TaylorGated,
    /// Rank by the Taylor estimate R~(k, i, v) with no gate. Costs one judge backward.
    Taylor,
    /// Rank by the policy's own log pi(v | prompt, y_<i), no judge gradient. Costs one policy
    /// forward.
    TopProb,
    /// Uniformly random valid substitutions, seeded from the run seed: the control.
    Random,
    /// Rank by the estimated improvement of the child over its own parent, with the linear
    /// term weighted: T(k, i, v) + frost.linear_weight * (g_i . E_v - g_i . E_{y_i}) (the exact
    /// target term plus the down-weighted gradient term; the parent's R(y) is left out, so a
    /// good parent does not draw every child), gated like `taylor-gated`. Costs one judge
    /// backward and one policy forward.
    TaylorGain,
    /// Rank by the policy's prior plus the judge's estimated improvement:
    /// log pi(v | prompt, y_<i) + frost.taylor_weight * (T + frost.linear_weight * linear
    /// term); no gate (the prior is in the key). Costs one judge backward and one policy
    /// forward.
    PriorTaylor,
}

impl Selection {
    /// Every rule, in the order the docs list them.
    pub const ALL: [Selection; 6] = [
        Selection::TaylorGated,
        Selection::Taylor,
        Selection::TopProb,
        Selection::Random,
        Selection::TaylorGain,
        Selection::PriorTaylor,
    ];

    /// Whether the rule ranks by the judge's Taylor proposal (one judge backward per group).
    pub fn needs_taylor(self) -> bool {
        !matches!(self, Selection::TopProb | Selection::Random)
    }

    /// Whether the rule reads the policy's log-probs of every substitution (one policy
    /// forward per group).
    pub fn needs_policy(self) -> bool {
        !matches!(self, Selection::Taylor | Selection::Random)
    }

    /// The rule's config name (`taylor-gated`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Selection::TaylorGated => "taylor-gated",
            Selection::Taylor => "taylor",
            Selection::TopProb => "top-prob",
            Selection::Random => "random",
            Selection::TaylorGain => "taylor-gain",
            Selection::PriorTaylor => "prior-taylor",
        }
    }
}

/// Where the top D children are chosen (`frost.scope`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// Top-D pooled over all parents x positions x tokens.
    Group,
    /// D split evenly over the parents.
    Parent,
    /// One child per parent in turn (parents in the order of their best candidate), until D:
    /// children spread over the group for any D.
    RoundRobin,
}

/// `[frost]`: steps 4-6 of a step (propose, gate and select, verify and replace).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrostSection {
    /// "frost" refines each group; "none" is vanilla GRPO.
    pub refinement: Refinement,
    /// Children verified per assignment (D).
    pub d: usize,
    /// Gate: keep candidates with policy probability > tau.
    pub tau: f64,
    /// How candidates are ranked.
    pub selection: Selection,
    /// Top-D over the whole group, D / K per parent, or round-robin over the parents.
    pub scope: Scope,
    /// `taylor-gain`, `prior-taylor`: weight of the Taylor linear term (the gradient's estimate
    /// of the change to the later tokens) next to the exact target term; 1 = as estimated, 0 =
    /// the exact target term alone. Default 0.1 (tuned by `analyze-selection`).
    #[serde(default = "default_linear_weight")]
    pub linear_weight: f64,
    /// `prior-taylor`: weight of the judge's estimated improvement next to the policy's
    /// log-prob (0 = `top-prob`). Default 2 (tuned by `analyze-selection`).
    #[serde(default = "default_taylor_weight")]
    pub taylor_weight: f64,
    /// Mutation rounds per step (1 = the paper's method; more is an extension).
    pub rounds: usize,
    /// Compute the Taylor proposal this many parents at a time (0 = the whole group in one
    /// judge backward). Exact; bounds the backward's activation memory on large models.
    #[serde(default)]
    pub taylor_chunk: usize,
}

/// The policy-gradient loss (`update.rule`; docs/method.md, "Update rules").
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateRule {
    /// Clipped-ratio GRPO with group-relative advantages.
    Grpo,
    /// REINFORCE with a group-mean baseline and exact full-vocabulary KL (the authors' demo).
    Reinforce,
}

/// How the GRPO ratio and loss are aggregated (`update.aggregation`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// One ratio per token; mean over all tokens of the batch.
    Token,
    /// One ratio per move, exp of its mean token log-ratio (GSPO-style); mean over moves.
    Sequence,
}

/// `[update]`: step 7, advantages, the loss and one AdamW step.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UpdateSection {
    /// The loss: clipped-ratio GRPO or REINFORCE.
    pub rule: UpdateRule,
    /// AdamW learning rate.
    pub lr: f64,
    /// AdamW decoupled weight decay.
    pub weight_decay: f64,
    /// AdamW first-moment decay.
    pub beta1: f64,
    /// AdamW second-moment decay.
    pub beta2: f64,
    /// AdamW epsilon.
    pub adam_eps: f64,
    /// Clip the global gradient norm to this (0 = off).
    pub grad_clip: f64,
    /// GRPO ratio clip epsilon. Acts only with `iterations` >= 2: on the one pass of
    /// `iterations = 1` the ratio is exactly 1.
    pub clip_eps: f64,
    /// Divide advantages by the group std.
    pub normalize_std: bool,
    /// Per-token or per-move ratios. Acts only with `iterations` >= 2 (at ratio 1 both give
    /// the same gradient).
    pub aggregation: Aggregation,
    /// KL to the reference policy (adapters off); 0 = off.
    pub kl_beta: f64,
    /// Rows (moves) per micro-batch of the update; gradients accumulate over micro-batches
    /// before the one AdamW step (0 = the whole batch at once). Exact; bounds activation memory.
    #[serde(default)]
    pub micro_batch: usize,
    /// Optimizer steps on each step's batch (mu, TRL's `num_iterations`, verl's `ppo_epochs`):
    /// the old log-probs are the first pass's, so from the second pass on the ratio moves off
    /// 1 and `clip_eps` and `aggregation` act. 1 = one step per batch.
    #[serde(default = "default_iterations")]
    pub iterations: usize,
    /// How the KL is computed; absent = "k3" under `grpo`, "exact" under `reinforce`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kl_estimator: Option<KlEstimator>,
}

/// How the KL to the reference is computed (`update.kl_estimator`; docs/training.md).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum KlEstimator {
    /// `exp(ref - pi) - (ref - pi) - 1` at the trained tokens: cheap, but unbiased only for
    /// tokens sampled from the policy, which Frost's replaced children are not.
    K3,
    /// The full-vocabulary KL(pi || ref) at every position of the trained moves: exact whoever
    /// chose the tokens. Use it with Frost (`frost.refinement = "frost"`).
    Exact,
}

fn default_iterations() -> usize {
    1
}

impl UpdateSection {
    /// The KL estimator in force: the configured one, else the rule's default.
    pub fn kl_estimator(&self) -> KlEstimator {
        self.kl_estimator.unwrap_or(match self.rule {
            UpdateRule::Grpo => KlEstimator::K3,
            UpdateRule::Reinforce => KlEstimator::Exact,
        })
    }
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
}

impl TrainConfig {
    /// Parse TOML text after applying `--set` overrides, then validate.
    pub fn from_toml(text: &str, origin: &str, overrides: &[String]) -> Result<Self, ConfigError> {
        let doc: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Parse {
            origin: origin.to_string(),
            message: e.message().to_string(),
        })?;
        let cfg: TrainConfig = from_table_with_overrides(doc, overrides).map_err(|e| match e {
            OverrideError::Malformed(spec) => ConfigError::BadOverride(spec),
            OverrideError::NotATable { key, part } => {
                invalid(&key, format!("`{part}` is not a table"))
            }
            OverrideError::Field(e) => ConfigError::Parse {
                origin: origin.to_string(),
                message: e.to_string(),
            },
            e @ OverrideError::File { .. } => ConfigError::Parse {
                origin: "--set".to_string(),
                message: e.to_string(),
            },
        })?;
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

    /// The game's config as a JSON string (what `Game::configure` takes).
    pub fn game_config_json(&self) -> String {
        serde_json::to_string(&self.game.config).expect("toml table serializes to json")
    }
}

/// The JSON Schema of the config (`frost-host schema`).
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(TrainConfig);
    serde_json::to_string_pretty(&schema).expect("schema serializes")
}

#[cfg(test)]
mod tests;
