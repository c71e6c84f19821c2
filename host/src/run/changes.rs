//! What a resume changes in a run's settings: the config the run was trained with against the
//! one it continues with, key by key, for the one line a resume prints about it.

use std::collections::{BTreeMap, BTreeSet};

/// `key: old -> new` for every setting that differs between the TOML texts `old` and `new`
/// (dotted keys, sorted; a key only one side has reads `(unset)` on the other).
pub fn changes(old: &str, new: &str) -> Result<Vec<String>, toml::de::Error> {
    let (a, b) = (flat(old)?, flat(new)?);
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let unset = "(unset)".to_string();
    Ok(keys
        .into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| {
            let was = a.get(k).unwrap_or(&unset);
            let now = b.get(k).unwrap_or(&unset);
            format!("{k}: {was} -> {now}")
        })
        .collect())
}

/// Every setting of a TOML document, by dotted key ([`crate::config::leaves`]).
fn flat(text: &str) -> Result<BTreeMap<String, String>, toml::de::Error> {
    let doc: serde_json::Value = toml::from_str(text)?;
    Ok(crate::config::leaves(&doc).into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_name_each_key_with_both_values() {
        let old =
            "steps = 2\nseed = 1\n[update]\nlr = 0.001\nrule = \"grpo\"\n[game]\nconfig = {}\n";
        let new = "steps = 4\nseed = 1\n[update]\nlr = 0.0005\nrule = \"grpo\"\n\
                   [game]\nconfig = { gap = 3 }\n";
        assert_eq!(
            changes(old, new).unwrap(),
            [
                "game.config.gap: (unset) -> 3",
                "steps: 2 -> 4",
                "update.lr: 0.001 -> 0.0005"
            ]
        );
        assert!(changes(old, old).unwrap().is_empty());
        assert!(changes("x = ", old).is_err());
    }
}
