//! Setting labels for plain run directories (no sweep.json): runs whose configs are equal
//! once `seed` and the `[run]` section (checkpointing, logging, threads: bookkeeping, not the
//! method) are removed are one setting (keys only one config has are ignored: fields that
//! another frost-host version writes). Its label is the runs' parent folder's name when
//! that tells the settings apart (`runs/frost/seed-1`), else the config keys that differ
//! between settings (`refinement=none k=8`).

use std::collections::BTreeMap;

use super::runs::Run;

/// Keys left out of the comparison of two configs.
const NOT_THE_SETTING: [&str; 2] = ["seed", "run"];
/// At most this many differing keys name a setting; the rest is elided.
const LABEL_KEYS: usize = 4;

/// Each run with its `setting` set.
pub fn label_plain_runs(plain: Vec<(Run, toml::Table)>) -> Vec<Run> {
    let mut groups: Vec<(BTreeMap<String, String>, Vec<Run>)> = Vec::new();
    for (run, config) in plain {
        let mut flat = BTreeMap::new();
        flatten("", &config, &mut flat);
        match groups.iter_mut().find(|(f, _)| same_setting(f, &flat)) {
            Some((_, runs)) => runs.push(run),
            None => groups.push((flat, vec![run])),
        }
    }
    let labels = parent_labels(&groups).unwrap_or_else(|| diff_labels(&groups));
    let mut out = Vec::new();
    for ((_, runs), label) in groups.into_iter().zip(labels) {
        for mut run in runs {
            run.setting = label.clone();
            out.push(run);
        }
    }
    out
}

/// Configs are one setting when every key both have is equal: a key only one has is a field
/// that a newer frost-host writes (with its default) and an older one did not, so runs of one
/// setting made by two versions still group together.
fn same_setting(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> bool {
    a.iter().all(|(k, v)| b.get(k).is_none_or(|w| w == v))
}

fn flatten(prefix: &str, table: &toml::Table, out: &mut BTreeMap<String, String>) {
    for (k, v) in table {
        if prefix.is_empty() && NOT_THE_SETTING.contains(&k.as_str()) {
            continue;
        }
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(t) => flatten(&key, t, out),
            toml::Value::String(s) => {
                out.insert(key, s.clone());
            }
            other => {
                out.insert(key, other.to_string());
            }
        }
    }
}

fn parent_name(run: &Run) -> Option<String> {
    Some(
        run.dir
            .parent()?
            .file_name()?
            .to_string_lossy()
            .into_owned(),
    )
}

/// The parent folders' names, when each setting's runs share one and the settings' differ.
/// One setting of one run is named by its own folder.
fn parent_labels(groups: &[(BTreeMap<String, String>, Vec<Run>)]) -> Option<Vec<String>> {
    if let [(_, runs)] = groups {
        if let [run] = runs.as_slice() {
            return Some(vec![run.dir.file_name()?.to_string_lossy().into_owned()]);
        }
    }
    let mut labels: Vec<String> = Vec::new();
    for (_, runs) in groups {
        let name = parent_name(&runs[0])?;
        if runs.iter().any(|r| parent_name(r).as_ref() != Some(&name)) || labels.contains(&name) {
            return None;
        }
        labels.push(name);
    }
    Some(labels)
}

/// `key=value` for the keys whose values differ between settings, a key by its last dotted
/// part when that part is unambiguous among them.
fn diff_labels(groups: &[(BTreeMap<String, String>, Vec<Run>)]) -> Vec<String> {
    let mut keys: Vec<&String> = groups.iter().flat_map(|(f, _)| f.keys()).collect();
    keys.sort();
    keys.dedup();
    let differing: Vec<&String> = keys
        .into_iter()
        .filter(|k| groups.iter().any(|(f, _)| f.get(*k) != groups[0].0.get(*k)))
        .collect();
    let short = |k: &str| k.rsplit('.').next().unwrap_or(k).to_string();
    let name = |k: &str| {
        let s = short(k);
        if differing.iter().filter(|d| short(d) == s).count() > 1 {
            k.to_string()
        } else {
            s
        }
    };
    groups
        .iter()
        .map(|(flat, _)| {
            let mut parts: Vec<String> = differing
                .iter()
                .take(LABEL_KEYS)
                .map(|k| {
                    let v = flat.get(*k).map_or("(unset)", String::as_str);
                    format!("{}={v}", name(k))
                })
                .collect();
            if differing.len() > LABEL_KEYS {
                parts.push("...".into());
            }
            parts.join(" ")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn run(dir: &str) -> Run {
        Run {
            dir: PathBuf::from(dir),
            setting: String::new(),
            seed: 0,
            best_of_n: None,
            refinement: None,
            evals: Vec::new(),
            steps: Vec::new(),
            models: None,
            game: None,
        }
    }

    fn config(seed: u64, refinement: &str, k: u64, threads: u64) -> toml::Table {
        toml::from_str(&format!(
            "seed = {seed}\nsteps = 10\n[frost]\nrefinement = \"{refinement}\"\nd = 4\n\
             [sampling]\nk = {k}\n[run]\nthreads = {threads}\n"
        ))
        .unwrap()
    }

    /// The labels in input order (the output is grouped by setting).
    fn labels(runs: Vec<Run>) -> Vec<String> {
        let mut by_dir: Vec<(PathBuf, String)> =
            runs.into_iter().map(|r| (r.dir, r.setting)).collect();
        by_dir.sort();
        by_dir.into_iter().map(|(_, l)| l).collect()
    }

    #[test]
    fn seeds_and_run_bookkeeping_do_not_split_a_setting() {
        let out = label_plain_runs(vec![
            (run("x/frost/s0"), config(0, "frost", 4, 1)),
            (run("x/grpo/s0"), config(0, "none", 8, 1)),
            (run("x/frost/s1"), config(1, "frost", 4, 2)),
        ]);
        // Sorted by directory: x/frost/s0, x/frost/s1, x/grpo/s0.
        assert_eq!(labels(out), ["frost", "frost", "grpo"]);
    }

    #[test]
    fn siblings_are_named_by_what_differs() {
        let out = label_plain_runs(vec![
            (run("runs/a-s0"), config(0, "frost", 4, 1)),
            (run("runs/b-s0"), config(0, "none", 8, 1)),
            (run("runs/b-s1"), config(1, "none", 8, 1)),
        ]);
        assert_eq!(
            labels(out),
            [
                "refinement=frost k=4",
                "refinement=none k=8",
                "refinement=none k=8"
            ]
        );
        let one = label_plain_runs(vec![(run("runs/a-s0"), config(0, "frost", 4, 1))]);
        assert_eq!(labels(one), ["a-s0"]);
    }

    #[test]
    fn a_field_only_a_newer_version_writes_does_not_split_a_setting() {
        let mut newer = config(1, "frost", 4, 1);
        let frost = newer["frost"].as_table().unwrap().clone();
        let mut frost = frost;
        frost.insert("linear_weight".into(), toml::Value::Float(0.1));
        newer.insert("frost".into(), toml::Value::Table(frost));
        let out = label_plain_runs(vec![
            (run("x/frost/s0"), config(0, "frost", 4, 1)),
            (run("x/frost/s1"), newer),
            (run("x/grpo/s0"), config(0, "none", 8, 1)),
        ]);
        assert_eq!(labels(out), ["frost", "frost", "grpo"]);
    }
}
