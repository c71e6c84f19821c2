//! The training config (`TrainConfig`): TOML in, validated, every field named in errors.
//!
//! `--set key.sub=value` overrides are applied to the TOML document before it is parsed
//! (`crate::overrides`, shared with pretraining), so an override goes through exactly the same
//! checks as the file (unknown field, wrong type, range).

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::overrides::{from_table_with_overrides, OverrideError};

/// The embedded default (`frost-host --game games/infill.wasm` with no `--config`).
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../configs/tiny-infill.toml");

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

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrainConfig {
    /// Run seed; every per-step seed is derived from (seed, step), so resume is exact.
    pub seed: u64,
    /// Number of optimizer steps.
    pub steps: u64,
    pub model: ModelSection,
    pub game: GameSection,
    pub corpus: CorpusSection,
    pub sampling: SamplingSection,
    pub frost: FrostSection,
    pub update: UpdateSection,
    pub eval: EvalSection,
    pub run: RunSection,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ModelSection {
    /// Hugging Face model folder (config.json, tokenizer.json, safetensors). Empty = the
    /// embedded default model (`cache::default_model_dir()`).
    #[serde(default)]
    pub path: String,
    /// "cpu", "cuda" or "cuda:N".
    pub device: String,
    /// "f32", "bf16" or "f16".
    pub dtype: String,
    /// LoRA adapters on the policy (the judge = same network with adapters off). Absent =
    /// full fine-tuning with a separate frozen judge copy.
    #[serde(default)]
    pub lora: Option<LoraSection>,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LoraSection {
    pub r: i64,
    pub alpha: f64,
    #[serde(default)]
    pub dropout: f64,
    pub target_modules: Vec<String>,
}

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

fn empty_table() -> toml::Table {
    toml::Table::new()
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CorpusSection {
    /// "default" (the Shakespeare corpus) or a folder of .txt files.
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SamplingSection {
    /// Assignments per step.
    pub assignments_per_step: usize,
    /// Moves sampled per assignment (the group size K).
    pub k: usize,
    pub temperature: f64,
    /// 1.0 = off.
    pub top_p: f64,
    /// 0 = off.
    pub top_k: i64,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Refinement {
    /// Vanilla GRPO: the group is trained on as sampled.
    None,
    /// Frost: Taylor proposal, gate, top-D, verify, replace.
    Frost,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Selection {
    TaylorGated,
    Taylor,
    TopProb,
    Random,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// Top-D pooled over all parents x positions x tokens.
    Group,
    /// D split evenly over the parents.
    Parent,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrostSection {
    pub refinement: Refinement,
    /// Children verified per assignment (D).
    pub d: usize,
    /// Gate: keep candidates with policy probability > tau.
    pub tau: f64,
    pub selection: Selection,
    pub scope: Scope,
    /// Mutation rounds per step (1 = the paper's method; more is an extension).
    pub rounds: usize,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateRule {
    /// Clipped-ratio GRPO with group-relative advantages.
    Grpo,
    /// REINFORCE with a group-mean baseline and exact full-vocabulary KL (the authors' demo).
    Reinforce,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// Mean over all tokens of the batch.
    Token,
    /// Mean over tokens within a move, then mean over moves.
    Sequence,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UpdateSection {
    pub rule: UpdateRule,
    pub lr: f64,
    pub weight_decay: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub adam_eps: f64,
    /// Clip the global gradient norm to this (0 = off).
    pub grad_clip: f64,
    /// GRPO ratio clip epsilon.
    pub clip_eps: f64,
    /// Divide advantages by the group std.
    pub normalize_std: bool,
    pub aggregation: Aggregation,
    /// KL to the reference policy (adapters off); 0 = off.
    pub kl_beta: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EvalSection {
    /// Evaluate every N steps (and at step 0 and the last step); 0 = never.
    pub every: u64,
    /// Held-out assignments.
    pub assignments: usize,
    /// Samples per held-out assignment (best-of-N and mean).
    pub best_of: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RunSection {
    /// Checkpoint every N steps (and at the end); 0 = only at the end.
    pub checkpoint_every: u64,
    /// Write samples.jsonl lines every N steps; 0 = never.
    pub samples_every: u64,
    /// Show the progress bar.
    pub progress: bool,
    /// libtorch CPU threads; 0 = libtorch's default (all cores). On a busy machine 1 can be
    /// several times faster than oversubscribed cores.
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

    /// Range checks, each naming its field.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.steps == 0 {
            return Err(invalid("steps", "must be >= 1"));
        }
        let m = &self.model;
        if !(m.device == "cpu" || m.device == "cuda" || m.device.starts_with("cuda:")) {
            return Err(invalid(
                "model.device",
                "expected \"cpu\", \"cuda\" or \"cuda:N\"",
            ));
        }
        if !["f32", "bf16", "f16"].contains(&m.dtype.as_str()) {
            return Err(invalid(
                "model.dtype",
                "expected \"f32\", \"bf16\" or \"f16\"",
            ));
        }
        if let Some(l) = &m.lora {
            if l.r < 1 {
                return Err(invalid("model.lora.r", "must be >= 1"));
            }
            if l.alpha <= 0.0 || !l.alpha.is_finite() {
                return Err(invalid("model.lora.alpha", "must be > 0"));
            }
            if l.dropout != 0.0 {
                // The authors' demo uses 0; the engine implements no adapter dropout.
                return Err(invalid(
                    "model.lora.dropout",
                    "must be 0 (adapter dropout is not supported)",
                ));
            }
            if l.target_modules.is_empty() {
                return Err(invalid("model.lora.target_modules", "must not be empty"));
            }
        }
        let s = &self.sampling;
        if s.assignments_per_step == 0 {
            return Err(invalid("sampling.assignments_per_step", "must be >= 1"));
        }
        if s.k < 2 {
            return Err(invalid(
                "sampling.k",
                "must be >= 2 (group-relative advantages need a group)",
            ));
        }
        if !(s.temperature > 0.0 && s.temperature.is_finite()) {
            return Err(invalid("sampling.temperature", "must be > 0"));
        }
        if !(s.top_p > 0.0 && s.top_p <= 1.0) {
            return Err(invalid("sampling.top_p", "must be in (0, 1]"));
        }
        if s.top_k < 0 {
            return Err(invalid("sampling.top_k", "must be >= 0 (0 = off)"));
        }
        let f = &self.frost;
        if !(f.tau > 0.0 && f.tau < 1.0) {
            return Err(invalid(
                "frost.tau",
                format!("{} is outside (0, 1); the paper uses 1e-4", f.tau),
            ));
        }
        if f.refinement == Refinement::Frost {
            if f.d == 0 {
                return Err(invalid(
                    "frost.d",
                    "must be >= 1 with refinement = \"frost\"",
                ));
            }
            if f.scope == Scope::Parent && !f.d.is_multiple_of(s.k) {
                return Err(invalid(
                    "frost.d",
                    format!("scope = \"parent\" needs D to be a multiple of K = {}", s.k),
                ));
            }
            if f.rounds == 0 {
                return Err(invalid("frost.rounds", "must be >= 1"));
            }
        }
        let u = &self.update;
        if !(u.lr > 0.0 && u.lr.is_finite()) {
            return Err(invalid("update.lr", "must be > 0"));
        }
        if u.weight_decay < 0.0 {
            return Err(invalid("update.weight_decay", "must be >= 0"));
        }
        if !(0.0..1.0).contains(&u.beta1) {
            return Err(invalid("update.beta1", "must be in [0, 1)"));
        }
        if !(0.0..1.0).contains(&u.beta2) {
            return Err(invalid("update.beta2", "must be in [0, 1)"));
        }
        if u.adam_eps <= 0.0 {
            return Err(invalid("update.adam_eps", "must be > 0"));
        }
        if u.grad_clip < 0.0 {
            return Err(invalid("update.grad_clip", "must be >= 0 (0 = off)"));
        }
        if !(u.clip_eps > 0.0 && u.clip_eps < 1.0) {
            return Err(invalid("update.clip_eps", "must be in (0, 1)"));
        }
        if u.kl_beta < 0.0 {
            return Err(invalid("update.kl_beta", "must be >= 0"));
        }
        if self.run.threads < 0 {
            return Err(invalid(
                "run.threads",
                "must be >= 0 (0 = libtorch's default)",
            ));
        }
        if self.eval.every > 0 {
            if self.eval.assignments == 0 {
                return Err(invalid(
                    "eval.assignments",
                    "must be >= 1 when eval.every > 0",
                ));
            }
            if self.eval.best_of == 0 {
                return Err(invalid("eval.best_of", "must be >= 1"));
            }
        }
        Ok(())
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
mod tests {
    use super::*;

    #[test]
    fn embedded_default_parses_and_round_trips() {
        let cfg = TrainConfig::default_embedded();
        let again = TrainConfig::from_toml(&cfg.to_toml(), "round trip", &[]).unwrap();
        assert_eq!(cfg, again);
    }

    #[test]
    fn overrides_apply_and_are_checked() {
        let cfg = TrainConfig::from_toml(
            DEFAULT_CONFIG_TOML,
            "t",
            &[
                "frost.d=8".into(),
                "model.device=cuda".into(),
                "update.rule=\"reinforce\"".into(),
            ],
        )
        .unwrap();
        assert_eq!(cfg.frost.d, 8);
        assert_eq!(cfg.model.device, "cuda");
        assert_eq!(cfg.update.rule, UpdateRule::Reinforce);

        let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tau=1.5".into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("frost.tau"), "{err}");
        let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tua=0.1".into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("tua"), "{err}");
        let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tau=0".into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("frost.tau"), "{err}");
        assert!(TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["nokey".into()]).is_err());
    }

    #[test]
    fn all_shipped_configs_parse() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let mut n = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                let text = std::fs::read_to_string(&p).unwrap();
                TrainConfig::from_toml(&text, &p.display().to_string(), &[])
                    .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                n += 1;
            }
        }
        assert!(n >= 4);
    }

    #[test]
    fn schema_names_fields() {
        let s = schema_json();
        assert!(s.contains("\"tau\"") && s.contains("\"assignments_per_step\""));
    }
}
