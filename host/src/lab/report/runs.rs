//! Run directories and sweeps read back as curves: one `Run` per seed, grouped into
//! `Setting`s. Logs are read as plain JSON so that run directories from older versions load
//! too: a figure a run does not log is None, and what had to be derived or was skipped is
//! said in `Loaded::notes`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::EvidenceError;
use crate::config::overrides::syntax_error;
use crate::run::files::{io_error, log_lines};

/// One held-out evaluation (an `eval.jsonl` line).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EvalPoint {
    pub step: u64,
    pub best_of: Option<f64>,
    pub mean: Option<f64>,
    pub reference: Option<f64>,
    pub entropy: Option<f64>,
    pub distinct: Option<f64>,
    pub score_var: Option<f64>,
    /// Cumulative training judge forwards up to and including this step.
    pub forwards: Option<f64>,
    /// Cumulative training wall-clock seconds up to and including this step (the steps'
    /// `time/step_s`; evaluation not counted).
    pub seconds: Option<f64>,
    /// Cumulative training FLOPs up to and including this step (the steps' `budget/flops`;
    /// None for runs from before it was logged).
    pub flops: Option<f64>,
}

/// The figures of an evaluation the report draws and judges, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvalKey {
    BestOf,
    Mean,
    Entropy,
    Distinct,
    ScoreVar,
}

impl EvalKey {
    pub fn get(self, e: &EvalPoint) -> Option<f64> {
        match self {
            EvalKey::BestOf => e.best_of,
            EvalKey::Mean => e.mean,
            EvalKey::Entropy => e.entropy,
            EvalKey::Distinct => e.distinct,
            EvalKey::ScoreVar => e.score_var,
        }
    }

    /// The `eval.jsonl` key (best-of's N is the run's own).
    pub fn log_key(self) -> &'static str {
        match self {
            EvalKey::BestOf => "eval/best_of_N",
            EvalKey::Mean => "eval/mean",
            EvalKey::Entropy => "eval/entropy",
            EvalKey::Distinct => "eval/distinct",
            EvalKey::ScoreVar => "eval/score_var",
        }
    }
}

/// One training step (a `metrics.jsonl` line), the figures the report uses.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepPoint {
    pub step: u64,
    pub replaced_frac: Option<f64>,
    /// Mean score of the group as sampled (`sampled/mean`, formerly `reward/mean`).
    pub sampled_mean: Option<f64>,
    /// Mean after Frost (`refined/mean`, formerly `reward/refined_mean`).
    pub refined_mean: Option<f64>,
    pub judge_forwards: Option<f64>,
    /// Wall-clock seconds of the step (`time/step_s`).
    pub seconds: Option<f64>,
    /// FLOPs of the step (`budget/flops`).
    pub flops: Option<f64>,
}

/// One run: a setting at one seed.
#[derive(Debug, Clone)]
pub struct Run {
    pub dir: PathBuf,
    pub setting: String,
    pub seed: u64,
    /// N of the held-out best-of-N (from the `eval/best_of_N` key).
    pub best_of_n: Option<usize>,
    /// `frost.refinement` of its config ("frost" or "none").
    pub refinement: Option<String>,
    pub evals: Vec<EvalPoint>,
    pub steps: Vec<StepPoint>,
    /// Its `models.json` (the player's and the judge's identity and quality), when it has one.
    pub models: Option<Value>,
    /// Its `game.json` (the game's name@version and SHA-256), when it has one.
    pub game: Option<Value>,
}

impl Run {
    /// The player's model in a line: its path, content hash (short) and, when Frost pretrained
    /// it, steps and held-out bits per byte.
    pub fn player_line(&self) -> Option<String> {
        model_line(&self.models.as_ref()?["player"])
    }

    /// The game as `name@version (sha256 0123456789ab)`.
    pub fn game_line(&self) -> Option<String> {
        let g = self.game.as_ref()?;
        let name = g["game"].as_str()?;
        Some(match g["sha256"].as_str() {
            Some(h) => format!("{name} (sha256 {})", &h[..h.len().min(12)]),
            None => name.to_string(),
        })
    }

    /// The judge in a line ("the player's base" when it is).
    pub fn judge_line(&self) -> Option<String> {
        let j = &self.models.as_ref()?["judge"];
        match j["same_as"].as_str() {
            Some(_) => Some("the player's base (adapters off)".to_string()),
            None => model_line(j),
        }
    }
}

fn model_line(m: &Value) -> Option<String> {
    let path = m["path"].as_str()?;
    let name = Path::new(path)
        .file_name()
        .map_or(path.into(), |n| n.to_string_lossy());
    let hash = (m["content_hash"].as_str()).map_or("no hash".to_string(), |h| {
        format!("sha256 {}", &h[..h.len().min(12)])
    });
    let quality = match (
        m["pretrain"]["steps"].as_u64(),
        m["pretrain"]["heldout_bits_per_byte"].as_f64(),
    ) {
        (Some(steps), Some(bpb)) => {
            format!(", {steps} pretraining steps, {bpb:.3} bits/byte held out")
        }
        _ => String::new(),
    };
    Some(format!("{name} ({hash}{quality})"))
}

#[derive(Debug, Clone)]
pub struct Setting {
    pub label: String,
    /// Sorted by seed, one run per seed.
    pub runs: Vec<Run>,
}

impl Setting {
    pub fn run(&self, seed: u64) -> Option<&Run> {
        self.runs.iter().find(|r| r.seed == seed)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub settings: Vec<Setting>,
    /// What was derived, skipped or is missing, one sentence each, for the page.
    pub notes: Vec<String>,
}

/// Reads every given path: a run directory (config.toml), a sweep (sweep.json), or a folder
/// whose subfolders are run directories.
pub fn load(paths: &[PathBuf]) -> Result<Loaded, EvidenceError> {
    let mut notes = Vec::new();
    let mut labelled: Vec<Run> = Vec::new();
    let mut plain: Vec<(Run, toml::Table)> = Vec::new();
    for p in paths {
        if p.join("sweep.json").is_file() {
            labelled.extend(load_sweep(p, &mut notes)?);
        } else if p.join("config.toml").is_file() {
            plain.extend(load_plain(p, &mut notes)?);
        } else if p.is_dir() {
            let mut subs: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(io_error(p))?
                .flatten()
                .map(|e| e.path())
                .filter(|s| s.join("config.toml").is_file())
                .collect();
            if subs.is_empty() {
                return Err(EvidenceError::NotARun(p.clone()));
            }
            subs.sort();
            for s in subs {
                plain.extend(load_plain(&s, &mut notes)?);
            }
        } else {
            return Err(EvidenceError::NotARun(p.clone()));
        }
    }
    labelled.extend(super::labels::label_plain_runs(plain));
    let settings = group(labelled, &mut notes);
    if settings.is_empty() {
        let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(EvidenceError::NoRuns(list.join(", ")));
    }
    Ok(Loaded { settings, notes })
}

/// A plain run directory: its run, and its config (for grouping) when it has evaluations.
fn load_plain(
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<Option<(Run, toml::Table)>, EvidenceError> {
    let path = dir.join("config.toml");
    let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
    let config: toml::Table =
        toml::from_str(&text).map_err(|e| EvidenceError::bad(&path, syntax_error(&e, &text)))?;
    let seed = config.get("seed").and_then(|v| v.as_integer()).unwrap_or(0) as u64;
    Ok(read_run(dir, String::new(), seed, notes)?.map(|run| (run, config)))
}

/// A sweep: its finished runs, labelled by the sweep's `setting`.
fn load_sweep(dir: &Path, notes: &mut Vec<String>) -> Result<Vec<Run>, EvidenceError> {
    let path = dir.join("sweep.json");
    let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
    let sweep: Value =
        serde_json::from_str(&text).map_err(|e| EvidenceError::bad(&path, e.to_string()))?;
    let entries = sweep["runs"]
        .as_array()
        .ok_or_else(|| EvidenceError::bad(&path, "no \"runs\" list"))?;
    let mut runs = Vec::new();
    let mut not_done = 0;
    for e in entries {
        let (Some(setting), Some(rel)) = (e["setting"].as_str(), e["dir"].as_str()) else {
            return Err(EvidenceError::bad(
                &path,
                "a run without \"setting\" or \"dir\"",
            ));
        };
        if e["status"].as_str().is_some_and(|s| s != "done") {
            not_done += 1;
            continue;
        }
        let seed = e["seed"].as_u64().unwrap_or(0);
        if let Some(run) = read_run(&dir.join(rel), setting.to_string(), seed, notes)? {
            runs.push(run);
        }
    }
    if not_done > 0 {
        notes.push(format!(
            "{}: {not_done} run(s) not done yet were left out.",
            dir.display()
        ));
    }
    Ok(runs)
}

/// One run directory's logs; None (with a note) when it has no evaluation yet.
pub fn read_run(
    dir: &Path,
    setting: String,
    seed: u64,
    notes: &mut Vec<String>,
) -> Result<Option<Run>, EvidenceError> {
    let evals = read_jsonl(&dir.join("eval.jsonl"), notes)?;
    if evals.is_empty() {
        notes.push(format!("{}: no evaluations yet, left out.", dir.display()));
        return Ok(None);
    }
    let steps: Vec<StepPoint> = read_jsonl(&dir.join("metrics.jsonl"), notes)?
        .iter()
        .map(step_point)
        .collect();
    let best_of_n = evals[0].as_object().and_then(|o| {
        o.keys()
            .find_map(|k| k.strip_prefix("eval/best_of_")?.parse().ok())
    });
    let mut evals: Vec<EvalPoint> = evals.iter().map(|v| eval_point(v, best_of_n)).collect();
    if evals.iter().any(|e| e.forwards.is_none()) {
        fill_forwards(&mut evals, &steps);
        notes.push(format!(
            "{}: eval.jsonl has no budget/judge_forwards_total; cumulative judge forwards \
             summed from metrics.jsonl's budget/judge_forwards.",
            dir.display()
        ));
    }
    fill_seconds(&mut evals, &steps);
    let refinement = read_refinement(dir);
    let json = |name: &str| -> Option<Value> {
        let text = std::fs::read_to_string(dir.join(name)).ok()?;
        serde_json::from_str(&text).ok()
    };
    let (models, game) = (json("models.json"), json(crate::run::dir::GAME_RECORD));
    Ok(Some(Run {
        dir: dir.to_path_buf(),
        setting,
        seed,
        best_of_n,
        refinement,
        evals,
        steps,
        models,
        game,
    }))
}

fn read_refinement(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("config.toml")).ok()?;
    let t: toml::Table = toml::from_str(&text).ok()?;
    Some(t.get("frost")?.get("refinement")?.as_str()?.to_string())
}

/// The lines of a jsonl log, the last line per step (a resumed run may repeat steps), in step
/// order. A missing file is empty; lines that do not parse (a torn last line) are skipped.
pub fn read_jsonl(path: &Path, notes: &mut Vec<String>) -> Result<Vec<Value>, EvidenceError> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_error(path)(e).into()),
    };
    let mut by_step: BTreeMap<u64, Value> = BTreeMap::new();
    let mut bad = 0;
    for line in log_lines(file) {
        // None: not UTF-8, a line torn inside a character; skipped and counted like a torn one.
        let line = line.map_err(io_error(path))?;
        match line.as_deref().map(serde_json::from_str::<Value>) {
            Some(Ok(v)) if v["step"].is_u64() => {
                by_step.insert(v["step"].as_u64().unwrap_or(0), v);
            }
            _ if line.as_deref().is_some_and(|l| l.trim().is_empty()) => {}
            _ => bad += 1,
        }
    }
    if bad > 0 {
        notes.push(format!(
            "{}: {bad} line(s) that are not a JSON object with a step were skipped.",
            path.display()
        ));
    }
    Ok(by_step.into_values().collect())
}

fn num(v: &Value, key: &str) -> Option<f64> {
    v.get(key)?.as_f64()
}

/// The first of `keys` the line has (new name first, then the name older runs wrote).
fn num_any(v: &Value, keys: &[&str]) -> Option<f64> {
    keys.iter().find_map(|k| num(v, k))
}

fn eval_point(v: &Value, n: Option<usize>) -> EvalPoint {
    EvalPoint {
        step: v["step"].as_u64().unwrap_or(0),
        best_of: n.and_then(|n| num(v, &format!("eval/best_of_{n}"))),
        mean: num(v, "eval/mean"),
        reference: num(v, "eval/reference"),
        entropy: num(v, "eval/entropy"),
        distinct: num(v, "eval/distinct"),
        score_var: num(v, "eval/score_var"),
        forwards: num(v, "budget/judge_forwards_total"),
        seconds: None,
        flops: None,
    }
}

fn step_point(v: &Value) -> StepPoint {
    StepPoint {
        step: v["step"].as_u64().unwrap_or(0),
        replaced_frac: num(v, "frost/replaced_frac"),
        sampled_mean: num_any(v, &["sampled/mean", "reward/mean"]),
        refined_mean: num_any(v, &["refined/mean", "reward/refined_mean"]),
        judge_forwards: num(v, "budget/judge_forwards"),
        seconds: num(v, "time/step_s"),
        flops: num(v, "budget/flops"),
    }
}

/// Cumulative judge forwards at each evaluation from the per-step counts, for logs written
/// before eval lines carried them. Left None when the steps do not log the count.
fn fill_forwards(evals: &mut [EvalPoint], steps: &[StepPoint]) {
    if steps.iter().any(|s| s.judge_forwards.is_none()) {
        return;
    }
    for e in evals.iter_mut() {
        let total: f64 = steps
            .iter()
            .filter(|s| s.step <= e.step)
            .filter_map(|s| s.judge_forwards)
            .sum();
        e.forwards = Some(total);
    }
}

/// Cumulative training seconds and FLOPs at each evaluation; each left None unless every step
/// up to it logs it.
fn fill_seconds(evals: &mut [EvalPoint], steps: &[StepPoint]) {
    for e in evals.iter_mut() {
        let upto = || steps.iter().filter(|s| s.step <= e.step);
        e.seconds = upto().map(|s| s.seconds).sum::<Option<f64>>();
        e.flops = upto().map(|s| s.flops).sum::<Option<f64>>();
    }
}

/// Runs grouped by label in order of first appearance, each sorted by seed; of two runs with
/// one label and seed the first is kept (with a note).
fn group(runs: Vec<Run>, notes: &mut Vec<String>) -> Vec<Setting> {
    let mut settings: Vec<Setting> = Vec::new();
    for run in runs {
        let i = match settings.iter().position(|s| s.label == run.setting) {
            Some(i) => i,
            None => {
                settings.push(Setting {
                    label: run.setting.clone(),
                    runs: Vec::new(),
                });
                settings.len() - 1
            }
        };
        let s = &mut settings[i];
        if let Some(kept) = s.run(run.seed) {
            notes.push(format!(
                "{} repeats seed {} of setting {} ({}): left out.",
                run.dir.display(),
                run.seed,
                s.label,
                kept.dir.display()
            ));
            continue;
        }
        s.runs.push(run);
    }
    for s in &mut settings {
        s.runs.sort_by_key(|r| r.seed);
    }
    settings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(step: u64, seconds: Option<f64>) -> StepPoint {
        StepPoint {
            step,
            replaced_frac: None,
            sampled_mean: None,
            refined_mean: None,
            judge_forwards: None,
            seconds,
            flops: seconds.map(|x| x * 1e9),
        }
    }

    fn eval_at(step: u64) -> EvalPoint {
        eval_point(&serde_json::json!({ "step": step }), None)
    }

    /// An evaluation's wall-clock is the sum of the training steps' times up to it (step 0:
    /// none yet); a step that does not log its time leaves the later evaluations without one.
    #[test]
    fn evaluations_take_the_cumulative_step_time() {
        let steps = [step(1, Some(0.5)), step(2, Some(0.25)), step(3, None)];
        let mut evals = [eval_at(0), eval_at(2), eval_at(3)];
        fill_seconds(&mut evals, &steps);
        let got: Vec<Option<f64>> = evals.iter().map(|e| e.seconds).collect();
        assert_eq!(got, vec![Some(0.0), Some(0.75), None]);
        let flops: Vec<Option<f64>> = evals.iter().map(|e| e.flops).collect();
        assert_eq!(flops, vec![Some(0.0), Some(0.75e9), None]);
    }

    /// A crash can tear a log's last line anywhere, inside a multi-byte character too: the
    /// report skips such a line with a note, as it skips a torn JSON line, and keeps the rest.
    #[test]
    fn a_line_torn_inside_a_character_is_skipped_with_a_note() {
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("eval.jsonl");
        let mut bytes = b"{\"step\": 1, \"x\": 1}\r\n{\"step\": 2, \"x\": 2}\n".to_vec();
        bytes.extend_from_slice("{\"step\": 3, \"s\": \"\u{e9}".as_bytes());
        bytes.pop(); // half of the two-byte character
        std::fs::write(&path, &bytes).unwrap();
        let mut notes = Vec::new();
        let lines = read_jsonl(&path, &mut notes).unwrap();
        let steps: Vec<u64> = lines.iter().map(|v| v["step"].as_u64().unwrap()).collect();
        assert_eq!(steps, vec![1, 2]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("1 line(s)"), "{notes:?}");
    }
}
