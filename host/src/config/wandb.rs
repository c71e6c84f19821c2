//! `[run.wandb]`: the run's figures also logged to Weights & Biases (host/src/run/wandb.rs).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `[run.wandb]`: also log the run to Weights & Biases through the `wandb` package of the
/// interpreter Frost uses (`FROST_PYTHON`, the active venv's, else `python3`): every figure of
/// metrics.jsonl and eval.jsonl at its step, the config, the game's and models' hashes. Rank 0
/// only; a resumed run continues the same W&B run. Absent: off. Without `wandb` installed the
/// run warns once and trains without it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WandbSection {
    /// The W&B project.
    pub project: String,
    /// The W&B entity (user or team); absent = the account's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entity: Option<String>,
    /// The run's display name; absent = W&B's generated one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Tags on the run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// "offline" (the default): written under `RUN/wandb/` only, uploaded later with
    /// `wandb sync RUN/wandb/offline-run-*`; "online": streamed to the W&B server (needs
    /// `wandb login` or `WANDB_API_KEY`).
    #[serde(default)]
    pub mode: WandbMode,
}

/// `run.wandb.mode`.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum WandbMode {
    /// Files under `RUN/wandb/`, nothing sent.
    #[default]
    Offline,
    /// Streamed to the W&B server as the run trains.
    Online,
}

impl WandbMode {
    /// The name `wandb.init(mode=...)` takes.
    pub fn name(self) -> &'static str {
        match self {
            WandbMode::Offline => "offline",
            WandbMode::Online => "online",
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{ConfigError, TrainConfig, WandbMode, DEFAULT_CONFIG_TOML};

    fn with(sets: &[&str]) -> Result<TrainConfig, ConfigError> {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded", &sets)
    }

    #[test]
    fn wandb_is_off_unless_named_and_offline_unless_asked() {
        assert_eq!(TrainConfig::default_embedded().run.wandb, None);
        let cfg = with(&[
            "run.wandb.project=\"frost\"",
            "run.wandb.tags=[\"a\", \"b\"]",
        ])
        .unwrap();
        let w = cfg.run.wandb.as_ref().unwrap();
        assert_eq!((w.project.as_str(), w.mode), ("frost", WandbMode::Offline));
        assert_eq!(w.tags, ["a", "b"]);
        assert_eq!((&w.entity, &w.name), (&None, &None));
        // It survives the run's config.toml (a resume reads it back).
        let again = TrainConfig::from_toml(&cfg.to_toml(), "config.toml", &[]).unwrap();
        assert_eq!(again.run.wandb, cfg.run.wandb);
        let online = with(&["run.wandb.project=\"p\"", "run.wandb.mode=\"online\""]).unwrap();
        assert_eq!(online.run.wandb.unwrap().mode, WandbMode::Online);
    }

    #[test]
    fn a_name_wandb_would_refuse_is_refused_in_one_line() {
        let field = |sets: &[&str]| match with(sets) {
            Err(ConfigError::Invalid { field, message }) => {
                assert!(!message.contains('\n'), "{message}");
                field
            }
            other => panic!("{sets:?}: {other:?}"),
        };
        let p = "run.wandb.project=\"p\"";
        assert_eq!(field(&["run.wandb.project=\"a/b\""]), "run.wandb.project");
        assert_eq!(field(&["run.wandb.project=\" \""]), "run.wandb.project");
        assert_eq!(field(&[p, "run.wandb.entity=\"\""]), "run.wandb.entity");
        assert_eq!(field(&[p, "run.wandb.name=\"\""]), "run.wandb.name");
        let long = format!("run.wandb.tags=[\"{}\"]", "t".repeat(65));
        assert_eq!(field(&[p, &long]), "run.wandb.tags");
        for bad in [
            "run.wandb.mode=\"disabled\"",
            "run.wandb.bogus=1",
            "run.wandb.name=\"n\"",
        ] {
            let err = with(&[bad]).unwrap_err().to_string();
            assert!(err.contains("wandb"), "{bad}: {err}");
            assert!(!err.contains('\n'), "{bad}: {err}");
        }
    }
}
