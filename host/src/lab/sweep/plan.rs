//! The sweep file and the runs it expands to.
//!
//! ```toml
//! name = "core-l8"                      # default: the file's stem; output sweeps/<name>
//! seeds = [0, 1, 2, 3]
//! config = "configs/tiny-infill.toml"   # base config of every setting (default: embedded)
//! set = ["run.threads=1"]               # overrides for every run
//!
//! [[setting]]
//! label = "frost-k4-d4"
//! [[setting]]
//! label = "grpo-k8"
//! config = "configs/tiny-infill-grpo-k8.toml"
//! set = ["sampling.k=8"]
//!
//! [[axis]]                              # optional, crossed with the settings
//! name = "gap"
//! values = [{ label = "L4", set = ["game.config.gap_tokens=4"] }]
//! ```
//!
//! Runs are ordered seed-major (every setting of seed 0, then of seed 1, ...), so a sweep cut
//! short still holds complete seed pairs; the index in that order is what `--only` and a Slurm
//! array task take.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::SweepError;
use crate::config::overrides;
use crate::config::{TrainConfig, DEFAULT_CONFIG_TOML};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepFile {
    name: Option<String>,
    seeds: Vec<u64>,
    config: Option<PathBuf>,
    #[serde(default)]
    set: Vec<String>,
    #[serde(default, rename = "setting")]
    settings: Vec<SettingSpec>,
    #[serde(default, rename = "axis")]
    axes: Vec<AxisSpec>,
    #[serde(default)]
    slurm: SlurmSpec,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingSpec {
    label: String,
    config: Option<PathBuf>,
    #[serde(default)]
    set: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AxisSpec {
    name: String,
    values: Vec<AxisValue>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AxisValue {
    label: String,
    #[serde(default)]
    set: Vec<String>,
}

/// `[slurm]`: extra `#SBATCH` options for the job-array script (`"--time=04:00:00"`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlurmSpec {
    #[serde(default)]
    sbatch: Vec<String>,
}

/// A sweep file expanded: every run with its config checked.
#[derive(Debug, Clone)]
pub struct Plan {
    pub name: String,
    /// The sweep file.
    pub file: PathBuf,
    pub runs: Vec<PlannedRun>,
    /// Extra `#SBATCH` options.
    pub sbatch: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct PlannedRun {
    pub index: usize,
    /// `<setting>/seed-<s>`.
    pub name: String,
    /// The axis values' labels, then the setting's, joined by `_` (`L4_frost-k4-d4`).
    pub setting: String,
    pub seed: u64,
    /// Relative to the sweep's output folder: `runs/<setting>/seed-<s>`.
    pub dir: PathBuf,
    /// The base config file (None: the embedded default).
    pub config: Option<PathBuf>,
    /// `--set` overrides in the order applied: the sweep's, each axis value's, the setting's,
    /// then `seed=<s>`.
    pub overrides: Vec<String>,
    /// Axis name -> value label.
    pub axes: BTreeMap<String, String>,
    /// The resolved config (base + overrides), as the run will train it.
    pub resolved: TrainConfig,
}

impl PlannedRun {
    /// The overrides as `key -> value` (later ones win), values parsed as `--set` parses them.
    pub fn overrides_map(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        for o in &self.overrides {
            if let Some((k, v)) = o.split_once('=') {
                m.insert(k.trim().to_string(), override_value(v.trim()));
            }
        }
        m
    }
}

/// A `--set` value as JSON, parsed as `--set` parses it (the plan's configs were resolved, so
/// the value is one `--set` accepted).
fn override_value(raw: &str) -> serde_json::Value {
    overrides::parse_value(raw)
        .ok()
        .and_then(|v| serde_json::to_value(v).ok())
        .unwrap_or_else(|| serde_json::Value::String(raw.to_string()))
}

/// Reads the sweep file, expands it and checks every run's config (so a typo in one setting
/// stops the sweep before any run starts).
pub fn load(path: &Path) -> Result<Plan, SweepError> {
    let text = std::fs::read_to_string(path).map_err(|source| SweepError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let invalid = |message: String| SweepError::Invalid {
        path: path.to_path_buf(),
        message,
    };
    let doc: toml::Table =
        toml::from_str(&text).map_err(|e| invalid(overrides::syntax_error(&e, &text)))?;
    let file: SweepFile = overrides::from_table(doc).map_err(|e| invalid(e.to_string()))?;
    check(&file).map_err(invalid)?;
    let name = match &file.name {
        Some(n) => n.clone(),
        None => path
            .file_stem()
            .map_or_else(|| "sweep".into(), |s| s.to_string_lossy().into_owned()),
    };
    check_label("name", &name).map_err(invalid)?;
    let runs = expand(&file, path)?;
    Ok(Plan {
        name,
        file: path.to_path_buf(),
        runs,
        sbatch: file.slurm.sbatch,
    })
}

/// The shape of the file: seeds and settings present, labels usable as folder names, unique.
fn check(f: &SweepFile) -> Result<(), String> {
    if f.seeds.is_empty() {
        return Err("`seeds` is empty: list at least one seed, e.g. seeds = [0, 1, 2, 3]".into());
    }
    let mut seen = HashSet::new();
    if let Some(s) = f.seeds.iter().find(|s| !seen.insert(**s)) {
        return Err(format!("seed {s} is listed twice in `seeds`"));
    }
    if f.settings.is_empty() {
        return Err("no [[setting]]: add at least one, e.g. [[setting]] label = \"frost\"".into());
    }
    unique("setting", f.settings.iter().map(|s| s.label.as_str()))?;
    unique("axis", f.axes.iter().map(|a| a.name.as_str()))?;
    for a in &f.axes {
        if a.values.is_empty() {
            return Err(format!("axis `{}` has no values", a.name));
        }
        unique(
            &format!("axis `{}` value", a.name),
            a.values.iter().map(|v| v.label.as_str()),
        )?;
    }
    Ok(())
}

fn unique<'a>(what: &str, labels: impl Iterator<Item = &'a str>) -> Result<(), String> {
    let mut seen = HashSet::new();
    for l in labels {
        check_label(what, l)?;
        if !seen.insert(l) {
            return Err(format!("{what} label `{l}` is used twice"));
        }
    }
    Ok(())
}

/// A label becomes a folder name: letters, digits, `.`, `-`, `_` only.
fn check_label(what: &str, l: &str) -> Result<(), String> {
    let ok = !l.is_empty()
        && !l.starts_with('.')
        && l.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{what} label `{l}`: use letters, digits, `.`, `-` and `_` only (it names a folder)"
        ))
    }
}

/// Every (seed, axis values, setting) combination, seed-major, each config resolved.
fn expand(f: &SweepFile, path: &Path) -> Result<Vec<PlannedRun>, SweepError> {
    let mut combos: Vec<Vec<&AxisValue>> = vec![Vec::new()];
    for axis in &f.axes {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                axis.values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(v);
                    c
                })
            })
            .collect();
    }
    let mut texts: HashMap<Option<PathBuf>, String> = HashMap::new();
    let mut runs = Vec::new();
    for &seed in &f.seeds {
        for combo in &combos {
            for setting in &f.settings {
                let run = planned(f, path, combo, setting, seed, runs.len(), &mut texts)?;
                runs.push(run);
            }
        }
    }
    Ok(runs)
}

fn planned(
    f: &SweepFile,
    path: &Path,
    combo: &[&AxisValue],
    setting: &SettingSpec,
    seed: u64,
    index: usize,
    texts: &mut HashMap<Option<PathBuf>, String>,
) -> Result<PlannedRun, SweepError> {
    let mut labels: Vec<&str> = combo.iter().map(|v| v.label.as_str()).collect();
    labels.push(&setting.label);
    let label = labels.join("_");
    let name = format!("{label}/seed-{seed}");
    let mut overrides = f.set.clone();
    combo.iter().for_each(|v| overrides.extend(v.set.clone()));
    overrides.extend(setting.set.clone());
    overrides.push(format!("seed={seed}"));
    let config = setting.config.clone().or_else(|| f.config.clone());
    let err = |source| SweepError::RunConfig {
        path: path.to_path_buf(),
        run: name.clone(),
        source,
    };
    if !texts.contains_key(&config) {
        let text = match &config {
            None => DEFAULT_CONFIG_TOML.to_string(),
            Some(p) => std::fs::read_to_string(p).map_err(|source| {
                err(crate::config::ConfigError::Io {
                    path: p.clone(),
                    source,
                })
            })?,
        };
        texts.insert(config.clone(), text);
    }
    let origin = config
        .as_ref()
        .map_or_else(|| "embedded default".into(), |p| p.display().to_string());
    let resolved = TrainConfig::from_toml(&texts[&config], &origin, &overrides).map_err(err)?;
    Ok(PlannedRun {
        index,
        dir: PathBuf::from("runs")
            .join(&label)
            .join(format!("seed-{seed}")),
        setting: label,
        seed,
        name,
        config,
        overrides,
        axes: f
            .axes
            .iter()
            .zip(combo)
            .map(|(a, v)| (a.name.clone(), v.label.clone()))
            .collect(),
        resolved,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(text: &str) -> Result<Plan, SweepError> {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("grid.toml");
        std::fs::write(&p, text).unwrap();
        load(&p)
    }

    fn err(text: &str) -> String {
        plan(text).unwrap_err().to_string()
    }

    const TWO: &str = "seeds = [3, 5]\n[[setting]]\nlabel = \"frost\"\n\
        [[setting]]\nlabel = \"grpo\"\nset = [\"frost.refinement='none'\", \"frost.d=0\", \"sampling.k=8\"]\n";

    #[test]
    fn settings_cross_axes_and_seeds_seed_major() {
        let text = format!(
            "name = \"g\"\nset = [\"steps=7\"]\n{TWO}[[axis]]\nname = \"gap\"\n\
             values = [{{label = \"L4\", set = [\"game.config.gap_tokens=4\"]}}, {{label = \"L12\"}}]\n"
        );
        let p = plan(&text).unwrap();
        assert_eq!(p.name, "g");
        let names: Vec<&str> = p.runs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "L4_frost/seed-3",
                "L4_grpo/seed-3",
                "L12_frost/seed-3",
                "L12_grpo/seed-3",
                "L4_frost/seed-5",
                "L4_grpo/seed-5",
                "L12_frost/seed-5",
                "L12_grpo/seed-5"
            ]
        );
        let r = &p.runs[1];
        assert_eq!(r.index, 1);
        assert_eq!(r.dir, Path::new("runs/L4_grpo/seed-3"));
        assert_eq!(r.axes["gap"], "L4");
        assert_eq!(r.resolved.seed, 3);
        assert_eq!(r.resolved.steps, 7);
        assert_eq!(r.resolved.sampling.k, 8);
        assert_eq!(r.resolved.game.config["gap_tokens"].as_integer(), Some(4));
        let m = r.overrides_map();
        assert_eq!(m["sampling.k"], 8);
        assert_eq!(m["frost.refinement"], "none");
        assert_eq!(m["seed"], 3);
        assert_eq!(p.runs[4].resolved.seed, 5);
    }

    #[test]
    fn the_name_defaults_to_the_file_stem() {
        assert_eq!(plan(TWO).unwrap().name, "grid");
    }

    #[test]
    fn bad_files_get_one_line_naming_the_fault() {
        let e = err("seeds = []\n[[setting]]\nlabel = \"a\"\n");
        assert!(e.contains("`seeds` is empty"), "{e}");
        let e = err("seeds = [0]\nsteps = 3\n[[setting]]\nlabel = \"a\"\n");
        assert!(e.contains("unknown field `steps`"), "{e}");
        let e = err("seeds = [0]\n[[setting]]\nlable = \"a\"\n");
        assert!(
            e.contains("setting") && e.contains("unknown field `lable`"),
            "{e}"
        );
        let e = err("seeds = [0]\n");
        assert!(e.contains("no [[setting]]"), "{e}");
        let e = err("seeds = [0]\n[[setting]]\nlabel = \"a/b\"\n");
        assert!(e.contains("`a/b`") && e.contains("folder"), "{e}");
        let e = err("seeds = [0]\n[[setting]]\nlabel = \"a\"\n[[setting]]\nlabel = \"a\"\n");
        assert!(e.contains("used twice"), "{e}");
        // An unknown config key in one setting's override: named with the run, before any
        // run starts.
        let e = err(&format!(
            "{TWO}[[setting]]\nlabel = \"bad\"\nset = [\"frost.bogus=1\"]\n"
        ));
        assert!(
            e.contains("run `bad/seed-3`") && e.contains("bogus") && !e.contains('\n'),
            "{e}"
        );
        let e = err("seeds = [0]\nconfig = \"/nonexistent.toml\"\n[[setting]]\nlabel = \"a\"\n");
        assert!(e.contains("/nonexistent.toml"), "{e}");
        let e = err("seeds = [0\n");
        assert!(e.starts_with("sweep file "), "{e}");
    }
}
