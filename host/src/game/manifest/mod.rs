//! A game's manifest: `frost-game.toml` in its folder, carried inside its component as the
//! custom section [`frost_sdk::manifest::SECTION`] ([`section`]). It says what the game is
//! (name, semver version, game API version, description, license, authors) and gives example
//! rounds, each with a reference move and the score range that move must reach under the
//! embedded default judge: what `frost-host game-check --validate` plays and checks
//! (docs/writing-a-game.md, "The manifest").
//!
//! A game without one still loads and plays; only the validate gate asks for it.

pub mod schema;
pub mod section;

use frost_sdk::GameInfo;
use serde::{Deserialize, Serialize};

/// The manifest's file name in a game folder.
pub const FILE: &str = frost_sdk::manifest::FILE;

/// A manifest is a page of TOML: a bigger one (in a folder or a component) is refused.
pub const MAX_BYTES: usize = 1 << 20;

/// A parsed, checked manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The game's name, as its `describe()` gives it.
    pub name: String,
    /// Semantic version (MAJOR.MINOR.PATCH), as its `describe()` gives it.
    pub version: String,
    /// The game API version it is built for (`0.2.0`).
    pub api: String,
    pub description: String,
    /// An SPDX license expression (`MIT OR Apache-2.0`).
    pub license: String,
    pub authors: Vec<String>,
    /// `[[example]]` entries.
    #[serde(default, rename = "example")]
    pub examples: Vec<Example>,
}

/// One example round and its reference move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// What the validate table calls it (default: `example N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The round's seed (it also picks where the passages start in the text).
    #[serde(default)]
    pub seed: u64,
    /// The game config's fields this example sets, over the config training gives the game.
    #[serde(default, skip_serializing_if = "toml::Table::is_empty")]
    pub config: toml::Table,
    /// The text the round's passages are cut from; default: game-check's built-in sample
    /// (Shakespeare, Sonnets 1-3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The reference move, as text: it must be exactly the round's move length in tokens
    /// under the judge's tokenizer.
    #[serde(rename = "move")]
    pub reference: String,
    /// `[lo, hi]`: the reference move's score (nats, penalties included) under the embedded
    /// default judge must lie in it.
    pub score: [f64; 2],
}

impl Example {
    /// The example's label: its name, or `example N` (1-based).
    pub fn label(&self, index: usize) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| format!("example {}", index + 1))
    }

    /// The example's config as JSON (an object).
    pub fn config_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.config).expect("a TOML table is JSON")
    }
}

/// A manifest that does not parse or does not hold together: one line naming the field and
/// the fix.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ManifestError {
    #[error("{FILE}: {0}")]
    Syntax(String),
    #[error("{FILE}: {field}: {message}")]
    Invalid { field: String, message: String },
}

fn invalid(field: impl Into<String>, message: impl Into<String>) -> ManifestError {
    ManifestError::Invalid {
        field: field.into(),
        message: message.into(),
    }
}

impl Manifest {
    /// Parses and checks a manifest's text.
    pub fn parse(text: &str) -> Result<Manifest, ManifestError> {
        let m: Manifest = toml::from_str(text)
            .map_err(|e| ManifestError::Syntax(crate::config::overrides::syntax_error(&e, text)))?;
        m.check()?;
        Ok(m)
    }

    /// Parses a manifest read from a component's custom section.
    pub fn from_bytes(bytes: &[u8]) -> Result<Manifest, ManifestError> {
        if bytes.len() > MAX_BYTES {
            return Err(ManifestError::Syntax(format!(
                "the embedded manifest is over {MAX_BYTES} bytes: a manifest is a page of TOML"
            )));
        }
        let text = std::str::from_utf8(bytes)
            .map_err(|_| ManifestError::Syntax("the embedded manifest is not UTF-8".into()))?;
        Manifest::parse(text)
    }

    fn check(&self) -> Result<(), ManifestError> {
        crate::authoring::check_name(&self.name).map_err(|e| invalid("name", e.to_string()))?;
        semver::Version::parse(&self.version).map_err(|e| {
            invalid(
                "version",
                format!(
                    "{:?} is not a semantic version ({e}): write MAJOR.MINOR.PATCH, e.g. \"0.1.0\"",
                    self.version
                ),
            )
        })?;
        let apis = frost_sdk::SUPPORTED_ABI_VERSIONS;
        if !apis.contains(&self.api.as_str()) {
            return Err(invalid(
                "api",
                format!(
                    "{:?} is not a game API version this host plays: write api = \"{}\"",
                    self.api,
                    frost_sdk::ABI_VERSION
                ),
            ));
        }
        if self.description.trim().is_empty() {
            return Err(invalid(
                "description",
                "is empty: say what the game is in a paragraph",
            ));
        }
        check_license(&self.license)?;
        if self.authors.is_empty() || self.authors.iter().any(|a| a.trim().is_empty()) {
            return Err(invalid(
                "authors",
                "name at least one author, none empty (authors = [\"Ada <ada@example.org>\"])",
            ));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, e) in self.examples.iter().enumerate() {
            let at = format!("example {} ({})", i + 1, e.label(i));
            if !seen.insert(e.label(i)) {
                return Err(invalid(at, "another example has this name"));
            }
            if e.reference.is_empty() {
                return Err(invalid(at, "move is empty: give the reference move's text"));
            }
            let [lo, hi] = e.score;
            if !(lo.is_finite() && hi.is_finite() && lo <= hi) {
                return Err(invalid(
                    at,
                    format!("score = [{lo}, {hi}] is not a range: write [lo, hi] with lo <= hi, in nats"),
                ));
            }
        }
        Ok(())
    }

    /// `name@version`, how runs and reports name the game.
    pub fn name_at_version(&self) -> String {
        format!("{}@{}", self.name, self.version)
    }

    /// Where the manifest and the game's own `describe()` disagree, one phrase each (empty:
    /// they agree).
    pub fn disagreements(&self, info: &GameInfo) -> Vec<String> {
        let mut out = Vec::new();
        for (field, ours, theirs) in [
            ("name", &self.name, &info.name),
            ("version", &self.version, &info.version),
            ("api", &self.api, &info.abi_version),
            ("description", &self.description, &info.description),
        ] {
            if ours.trim() != theirs.trim() {
                let show = |s: &str| -> String {
                    let s: String = s.chars().take(60).collect();
                    format!("{s:?}")
                };
                out.push(format!(
                    "{field} is {} in the manifest, {} in describe()",
                    show(ours),
                    show(theirs)
                ));
            }
        }
        out
    }
}

/// An SPDX license expression, checked for shape only (identifiers, `AND`, `OR`, `WITH`,
/// parentheses), not against the SPDX list.
fn check_license(license: &str) -> Result<(), ManifestError> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || "-.+() ".contains(c);
    if license.trim().is_empty() || !license.chars().all(ok_char) {
        return Err(invalid(
            "license",
            format!(
                "{license:?} is not an SPDX license expression: write e.g. \"MIT\" or \
                 \"MIT OR Apache-2.0\""
            ),
        ));
    }
    Ok(())
}

/// The manifest a component carries, as bytes (kept up to one byte over [`MAX_BYTES`]:
/// enough for [`Manifest::from_bytes`] to refuse it). A component whose sections do not
/// parse has none: the game still plays (the engine is the judge of a component), and
/// `game-check --validate` says there is none.
pub fn embedded(wasm: &[u8]) -> Option<Vec<u8>> {
    let m = section::find(wasm).ok().flatten()?;
    Some(m[..m.len().min(MAX_BYTES + 1)].to_vec())
}

/// `name@version` of a game from its `describe()`: what a run records when the game has no
/// manifest (the two agree when it has one and validates).
pub fn name_at_version(info: &GameInfo) -> String {
    format!("{}@{}", info.name, info.version)
}

#[cfg(test)]
mod tests;
