//! `[game]`: the game, its sandbox, and its own config, resolved per game.
//!
//! A game's config is the game's own defaults plus what the user gave for *that* game:
//! `[game.configs.<name>]` holds values for the game named `<name>` only (the embedded default
//! keeps the shipped games' base-model prompt there), and `[game.config]` (and `--set
//! game.config.K=V`) values for whatever game is played, over those. A config written for one
//! game therefore never reaches another. Every value remembers where it came from (the config
//! file, the embedded default, a `--set`), so a game that refuses it is told to the user with
//! its source.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::overrides::apply_override;

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
    /// Pin the game by content: the SHA-256 (64 hex digits, as `sha256sum` prints it) the game
    /// file must have; another file is refused before anything loads. Unset: any file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// Sandbox limits for the game (fuel/time, memory, output sizes).
    #[serde(default)]
    pub limits: crate::game::GameLimits,
    /// The config of the game played, whatever its name (checked by the game's `configure`),
    /// over the game's own defaults and over `configs.<its name>`.
    #[serde(default = "empty_table")]
    #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
    pub config: toml::Table,
    /// Configs kept for one game each, by the game's name (`frost-host game-info GAME` prints
    /// it): the game played gets the table under its name, and no other game sees it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(with = "BTreeMap<String, serde_json::Map<String, serde_json::Value>>")]
    pub configs: BTreeMap<String, toml::Table>,
    /// Where each value of `config` and `configs` came from, for error messages (not part of
    /// the config: never written, never compared).
    #[serde(skip)]
    pub origins: Origins,
}

fn empty_table() -> toml::Table {
    toml::Table::new()
}

/// Where each game config value came from, by its dotted key (`game.config.prompt`,
/// `game.configs.infill.prompt`). Equal to any other: provenance is not configuration.
#[derive(Clone, Debug, Default)]
pub struct Origins(BTreeMap<String, String>);

impl PartialEq for Origins {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Origins {
    /// Names the values labelled `from` as coming from `to` instead (a command that passes a
    /// file of its own through an override, e.g. game-check's `--game-config`).
    pub fn relabel(&mut self, from: &str, to: &str) {
        for v in self.0.values_mut().filter(|v| v.as_str() == from) {
            *v = to.to_string();
        }
    }
}

/// How an origin is named: the embedded default, a config file, or `--set KEY`.
pub(super) fn origin_label(origin: &str) -> String {
    match origin {
        "embedded default" => "the embedded default config (configs/tiny-infill.toml)".into(),
        _ => format!("config file {origin}"),
    }
}

/// Top-level keys of the game's config tables, by dotted path, with their values.
fn flatten(doc: &toml::Table) -> BTreeMap<String, toml::Value> {
    let mut out = BTreeMap::new();
    let Some(toml::Value::Table(game)) = doc.get("game") else {
        return out;
    };
    if let Some(toml::Value::Table(c)) = game.get("config") {
        for (k, v) in c {
            out.insert(format!("game.config.{k}"), v.clone());
        }
    }
    if let Some(toml::Value::Table(by_name)) = game.get("configs") {
        for (name, t) in by_name {
            if let toml::Value::Table(t) = t {
                for (k, v) in t {
                    out.insert(format!("game.configs.{name}.{k}"), v.clone());
                }
            }
        }
    }
    out
}

/// The origin of every game config value of `doc` once `overrides` are applied: the file's
/// label, or the `--set` that last wrote it (or a table above it).
pub(super) fn origins(
    parts: &[(&toml::Table, &str)],
    merged: &toml::Table,
    overrides: &[String],
) -> Origins {
    // A later file's value wins, as in the merge of the files.
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (part, origin) in parts {
        let file = origin_label(origin);
        out.extend(flatten(part).into_keys().map(|k| (k, file.clone())));
    }
    let mut doc = merged.clone();
    for o in overrides {
        if apply_override(&mut doc, o).is_err() {
            // The config's own parse reports it.
            return Origins(out);
        }
        let key = o.split_once('=').map_or(o.as_str(), |(k, _)| k).trim();
        let keys = flatten(&doc);
        out.retain(|k, _| keys.contains_key(k));
        for k in keys.into_keys() {
            let under =
                k == key || k.starts_with(&format!("{key}.")) || key.starts_with(&format!("{k}."));
            if under {
                out.insert(k, format!("--set {key}"));
            }
        }
    }
    Origins(out)
}

/// Merges `over` into `base`, tables key by key (as `--set` writes into a file's tables).
fn merge(base: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

impl GameSection {
    /// The config the game named `game` plays with (over its own defaults): `configs.<game>`,
    /// then `config` over it.
    pub fn resolved(&self, game: &str) -> toml::Table {
        let mut t = self.configs.get(game).cloned().unwrap_or_default();
        merge(&mut t, &self.config);
        t
    }

    /// [`GameSection::resolved`] as the JSON string `Game::configure` takes.
    pub fn resolved_json(&self, game: &str) -> String {
        serde_json::to_string(&self.resolved(game)).expect("a TOML table is JSON")
    }

    /// This section as the game named `game` plays it: its resolved config under
    /// `configs.<game>` and nothing else, so that a run directory records what was played and
    /// another game later given the same config still starts from its own defaults.
    pub fn for_game(&self, game: &str) -> GameSection {
        let mut origins = BTreeMap::new();
        for k in self.resolved(game).keys() {
            if let Some(o) = self.origin(game, k) {
                origins.insert(format!("game.configs.{game}.{k}"), o.to_string());
            }
        }
        let resolved = self.resolved(game);
        GameSection {
            config: toml::Table::new(),
            configs: match resolved.is_empty() {
                true => BTreeMap::new(),
                false => BTreeMap::from([(game.to_string(), resolved)]),
            },
            origins: Origins(origins),
            ..self.clone()
        }
    }

    /// Where the value of `key` that game `game` gets came from.
    fn origin(&self, game: &str, key: &str) -> Option<&str> {
        let o = &self.origins.0;
        (o.get(&format!("game.config.{key}")))
            .or_else(|| o.get(&format!("game.configs.{game}.{key}")))
            .map(String::as_str)
    }

    /// For an error from the game about its config (`message`): where the values it was given
    /// came from, naming only those the message mentions when it mentions any.
    pub fn origins_note(&self, game: &str, message: &str) -> String {
        let resolved = self.resolved(game);
        if resolved.is_empty() {
            return "it was given no value: only its own defaults".to_string();
        }
        let mentioned = |k: &str| {
            message
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
                .any(|w| w == k)
        };
        let named: Vec<&String> = resolved.keys().filter(|k| mentioned(k)).collect();
        let any_named = !named.is_empty();
        let keys: Vec<&String> = match named.is_empty() {
            true => resolved.keys().collect(),
            false => named,
        };
        let parts: Vec<String> = keys
            .iter()
            .map(|k| {
                let from = self.origin(game, k).unwrap_or("the config");
                format!("`{k}` = {} from {from}", resolved[k.as_str()])
            })
            .collect();
        let fix = match !any_named {
            true => "",
            false => {
                "; a value meant for one game goes under [game.configs.<its name>], and \
                 `--set 'game.config={}'` clears the rest"
            }
        };
        format!("{}{fix}", parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{TrainConfig, DEFAULT_CONFIG_TOML};

    fn cfg(text: &str, origin: &str, sets: &[&str]) -> TrainConfig {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        TrainConfig::from_toml(text, origin, &sets).unwrap()
    }

    #[test]
    fn the_embedded_defaults_game_config_reaches_only_its_games() {
        let c = cfg(DEFAULT_CONFIG_TOML, "embedded default", &[]);
        assert_eq!(c.game.resolved_json("infill"), r#"{"prompt":"raw"}"#);
        assert_eq!(c.game.resolved_json("xent"), r#"{"prompt":"raw"}"#);
        // A game of one's own gets only its own defaults.
        assert_eq!(c.game.resolved_json("bridge"), "{}");
        assert!(c.game.origins_note("bridge", "x").contains("no value"));
        // What the user gives for the game played reaches it, over the kept table.
        let c = cfg(
            DEFAULT_CONFIG_TOML,
            "embedded default",
            &["game.config.move_tokens=2", "game.config.prompt=\"chat\""],
        );
        assert_eq!(
            c.game.resolved_json("bridge"),
            r#"{"move_tokens":2,"prompt":"chat"}"#
        );
        assert_eq!(
            c.game.resolved_json("infill"),
            r#"{"move_tokens":2,"prompt":"chat"}"#
        );
    }

    #[test]
    fn an_unkeyed_game_config_still_applies_to_the_game_played() {
        let text = DEFAULT_CONFIG_TOML.replace("[game.configs.infill]", "[game.config]");
        let c = cfg(&text, "old.toml", &[]);
        assert_eq!(c.game.resolved_json("infill"), r#"{"prompt":"raw"}"#);
        assert_eq!(c.game.resolved_json("bridge"), r#"{"prompt":"raw"}"#);
        // ... and an error about it names the file.
        let note = c
            .game
            .origins_note("bridge", "unknown field `prompt`, expected `x`");
        assert!(
            note.contains("`prompt` = \"raw\" from config file old.toml"),
            "{note}"
        );
        assert!(note.contains("[game.configs.<its name>]"), "{note}");
    }

    #[test]
    fn origins_name_the_file_the_embedded_default_or_the_set() {
        let c = cfg(
            DEFAULT_CONFIG_TOML,
            "embedded default",
            &["game.config.gap=3", "game.configs.infill.gap_tokens=4"],
        );
        let note = c
            .game
            .origins_note("infill", "invalid config: unknown field gap");
        assert_eq!(note.matches(" from ").count(), 1, "{note}");
        assert!(
            note.contains("`gap` = 3 from --set game.config.gap"),
            "{note}"
        );
        let note = c.game.origins_note("infill", "something else");
        assert!(
            note.contains("`prompt` = \"raw\" from the embedded default config"),
            "{note}"
        );
        assert!(
            note.contains("`gap_tokens` = 4 from --set game.configs.infill.gap_tokens"),
            "{note}"
        );
        // A whole table set at once.
        let c = cfg(
            DEFAULT_CONFIG_TOML,
            "embedded default",
            &["game.config={a = 1}"],
        );
        let note = c.game.origins_note("bridge", "a");
        assert!(note.contains("`a` = 1 from --set game.config"), "{note}");
    }

    #[test]
    fn for_game_records_what_the_game_played_and_round_trips() {
        let c = cfg(
            DEFAULT_CONFIG_TOML,
            "embedded default",
            &["game.config.gap_tokens=4"],
        );
        let g = c.game.for_game("infill");
        assert!(g.config.is_empty());
        assert_eq!(g.configs.len(), 1);
        assert_eq!(g.resolved("infill"), c.game.resolved("infill"));
        assert_eq!(g.resolved("xent"), toml::Table::new());
        let note = g.origins_note("infill", "gap_tokens");
        assert!(note.contains("from --set game.config.gap_tokens"), "{note}");
        let mut whole = c.clone();
        whole.game = g;
        let again = TrainConfig::from_toml(&whole.to_toml(), "run", &[]).unwrap();
        assert_eq!(again.game.resolved("infill"), c.game.resolved("infill"));
        assert_eq!(again, whole);
        // A game given nothing records nothing.
        assert!(c.game.for_game("bridge").configs["bridge"].contains_key("gap_tokens"));
        let plain = cfg(DEFAULT_CONFIG_TOML, "embedded default", &[]);
        assert!(plain.game.for_game("bridge").configs.is_empty());
    }
}
