//! End-to-end tests: `[run.wandb]` in offline mode. The run's W&B files, read back with wandb's
//! own reader (`wandb leet inspect --json`, wandb 0.31), hold every numeric field of
//! metrics.jsonl and eval.jsonl at its step, the config and the game's and models' hashes; a
//! resumed run continues the same W&B run with each step once; without the `wandb` package the
//! run warns in one line and trains.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::common;
use crate::fixture::{fixture, jsonl, tmp, write_config};

/// step -> key -> value.
type Rows = BTreeMap<u64, BTreeMap<String, f64>>;

/// The numeric fields of the run's metrics.jsonl and eval.jsonl lines but `step`, by step.
fn logged(run: &Path) -> Rows {
    let mut out = Rows::new();
    for log in ["metrics.jsonl", "eval.jsonl"] {
        for line in jsonl(&run.join(log)) {
            let row = out.entry(line["step"].as_u64().unwrap()).or_default();
            for (k, v) in line.as_object().unwrap() {
                if let (Some(x), false) = (v.as_f64(), k == "step") {
                    row.insert(k.clone(), x);
                }
            }
        }
    }
    out
}

/// `frost-host` on the test config with W&B on (offline), hermetic: wandb's own folders in a
/// temporary home, `python` as the interpreter Frost takes `wandb` from.
fn train(out: &Path, sets: &[&str], python: &Path, resume: bool) -> Output {
    let home = fixture().root.join("wandb-home");
    let cfg = write_config(&fixture().root, true);
    let mut args: Vec<String> = match resume {
        true => vec!["--resume".into(), out.display().to_string()],
        false => vec![
            "--config".into(),
            cfg.display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ],
    };
    let wandb = [
        "run.wandb.project=\"frost-e2e\"",
        "run.wandb.name=\"tiny\"",
        "run.wandb.tags=[\"e2e\", \"offline\"]",
    ];
    for s in wandb.iter().filter(|_| !resume).chain(sets) {
        args.extend(["--set".to_string(), s.to_string()]);
    }
    common::frost_host()
        .args(&args)
        .env("FROST_LOG", "info")
        .env("FROST_PYTHON", python)
        .env("WANDB_CONFIG_DIR", home.join("config"))
        .env("WANDB_CACHE_DIR", home.join("cache"))
        .env("WANDB_DATA_DIR", home.join("data"))
        .env_remove("WANDB_MODE")
        .output()
        .expect("spawn frost-host")
}

fn train_ok(out: &Path, sets: &[&str], resume: bool) -> String {
    let o = train(out, sets, &venv_python_with_wandb(), resume);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "frost-host failed:\n{err}");
    err
}

/// The project venv's python, which must have wandb (`make setup-test` installs it).
fn venv_python_with_wandb() -> PathBuf {
    let py = common::python();
    let ok = std::process::Command::new(&py)
        .args(["-c", "import wandb"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "{} has no wandb: run `make setup-test`", py.display());
    py
}

/// The W&B run folders of `run` (one per launch), oldest first.
fn offline_runs(run: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(run.join("wandb"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| (p.file_name().unwrap().to_string_lossy()).starts_with("offline-run-"))
        .collect();
    v.sort();
    v
}

/// Every record of one W&B run folder, by wandb's own reader.
fn records(dir: &Path) -> Vec<Value> {
    let wandb = common::root().join(".venv/bin/wandb");
    assert!(
        wandb.exists(),
        "{} missing: run `make setup-test`",
        wandb.display()
    );
    let o = std::process::Command::new(wandb)
        .args(["leet", "inspect", "--json"])
        .arg(dir)
        .env("WANDB_CONFIG_DIR", fixture().root.join("wandb-home/config"))
        .output()
        .expect("spawn wandb");
    assert!(
        o.status.success(),
        "wandb leet inspect {}:\n{}",
        dir.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    (String::from_utf8(o.stdout).unwrap().lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The history rows of one W&B run folder: step -> the logged keys (W&B's own `_step`,
/// `_runtime`, `_timestamp` left out).
fn history(records: &[Value]) -> Rows {
    let mut out = Rows::new();
    for r in records.iter().filter(|r| r["type"] == "history") {
        let h = &r["history"];
        let num = &h["step"]["num"];
        let step = num
            .as_u64()
            .or_else(|| num.as_str()?.parse().ok())
            .unwrap_or(0);
        let item = h["item"].as_object().unwrap();
        let row: BTreeMap<String, f64> = (item.iter())
            .filter(|(k, _)| !k.starts_with('_'))
            .map(|(k, v)| (k.clone(), v.as_f64().unwrap_or_else(|| panic!("{k}: {v}"))))
            .collect();
        assert!(out.insert(step, row).is_none(), "step {step} twice");
    }
    out
}

/// `got` holds exactly `want`'s steps and keys, each value `want`'s.
fn assert_rows(got: &Rows, want: &Rows, what: &str) {
    let steps = |r: &Rows| r.keys().copied().collect::<Vec<_>>();
    assert_eq!(steps(got), steps(want), "{what}: steps");
    for (step, w) in want {
        let g = &got[step];
        let keys = |r: &BTreeMap<String, f64>| r.keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(g), keys(w), "{what}: keys at step {step}");
        for (k, x) in w {
            assert!(
                (g[k] - x).abs() <= 1e-12 * x.abs(),
                "{what}: {k} at {step}: {} vs {x}",
                g[k]
            );
        }
    }
}

/// The W&B run id Frost recorded for `run`.
fn recorded_id(run: &Path) -> String {
    let text = std::fs::read_to_string(run.join("wandb/frost.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn an_offline_wandb_run_holds_every_logged_figure_step_for_step() {
    let run = tmp("wandb");
    let err = train_ok(&run, &["steps=3", "eval.every=2"], false);
    assert!(err.contains("W&B: offline run"), "{err}");
    let want = logged(&run);
    assert_eq!(want.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3]);
    for key in ["loss", "sampled/mean", "time/step_s", "eval/best_of_4"] {
        assert!(
            want.values().any(|r| r.contains_key(key)),
            "{key} not logged"
        );
    }
    let dirs = offline_runs(&run);
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    let recs = records(&dirs[0]);
    assert_rows(&history(&recs), &want, "W&B history");

    // The run: its id recorded for a resume, its name, project and tags.
    let id = recorded_id(&run);
    let the_run = &recs
        .iter()
        .find(|r| r["type"] == "run")
        .expect("a run record")["run"];
    assert_eq!(the_run["run_id"], id.as_str());
    assert_eq!(the_run["project"], "frost-e2e");
    assert_eq!(the_run["display_name"], "tiny");
    assert_eq!(the_run["tags"], serde_json::json!(["e2e", "offline"]));
    // The config, the game's hash (the checkpoint's) and the models (models.json).
    let mut config = serde_json::Map::new();
    for r in recs.iter().filter(|r| r["type"] == "config") {
        config.extend(r["config"]["update"].as_object().unwrap().clone());
    }
    let state: Value = serde_json::from_str(
        &std::fs::read_to_string(run.join("checkpoints/step-000003/state.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(config["game_sha256"], state["game_hash"]);
    let models: Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("models.json")).unwrap()).unwrap();
    assert_eq!(config["models"], models);
    assert_eq!(config["steps"], 3);
    assert_eq!(config["update"]["lr"].as_f64(), Some(1e-3));
    assert_eq!(config["game_name"], "infill");
    assert_eq!(config["game"], "infill@0.1.0");
    let exit = recs.iter().find(|r| r["type"] == "exit").expect("finished");
    assert_eq!(exit["exit"]["exit_code"].as_i64().unwrap_or(0), 0);
}

/// A run that logged step 3 and died before its checkpoint resumes from step 2: the same W&B
/// run id, a second offline folder (`wandb sync` uploads both, in order), and every step once
/// across them: steps 0-3 as the first launch logged them, step 4 from the resumed one.
#[test]
fn a_resumed_run_continues_its_wandb_run_with_each_step_once() {
    let run = tmp("wandb-resume");
    train_ok(
        &run,
        &["steps=3", "run.checkpoint_every=2", "eval.every=2"],
        false,
    );
    let first = logged(&run);
    let id = recorded_id(&run);
    let ckpts = run.join("checkpoints");
    std::fs::remove_dir_all(ckpts.join("step-000003")).unwrap();
    std::fs::write(ckpts.join("latest"), "step-000002").unwrap();
    train_ok(&run, &["steps=4"], true);
    assert_eq!(recorded_id(&run), id, "the same W&B run");
    let dirs = offline_runs(&run);
    assert_eq!(dirs.len(), 2, "{dirs:?}");
    let mut got = Rows::new();
    for d in &dirs {
        assert!(d.to_string_lossy().ends_with(&id), "{d:?}");
        let recs = records(d);
        let the_run = &recs.iter().find(|r| r["type"] == "run").unwrap()["run"];
        assert_eq!(the_run["run_id"], id.as_str());
        for (step, row) in history(&recs) {
            assert!(
                got.insert(step, row).is_none(),
                "step {step} in two launches"
            );
        }
    }
    let mut want = first;
    let after = logged(&run);
    want.insert(4, after[&4].clone());
    assert_rows(&got, &want, "W&B history over both launches");
}

/// Without the `wandb` package: one warning line saying how to install it, and the run trains.
#[test]
fn without_wandb_the_run_warns_once_and_trains() {
    // An interpreter without wandb: a bare venv (no packages) of the project venv's Python.
    let bare = fixture()
        .root
        .join(format!("bare-venv-{}", rand::random::<u32>()));
    let made = std::process::Command::new(common::python())
        .args(["-m", "venv", "--without-pip"])
        .arg(&bare)
        .status()
        .expect("spawn python -m venv");
    assert!(made.success(), "python -m venv {}", bare.display());
    let python = bare.join("bin/python");
    let run = tmp("wandb-missing");
    let o = train(&run, &["steps=1", "eval.every=0"], &python, false);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("wandb")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("WARN") && lines[0].contains("pip install wandb"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains(&python.display().to_string()),
        "{}",
        lines[0]
    );
    assert_eq!(jsonl(&run.join("metrics.jsonl")).len(), 1);
    assert!(!run.join("wandb").exists());
}

/// Two ranks under torchrun: rank 0 alone logs, through the interpreter that already runs
/// torch.distributed; one W&B run holding every step.
#[test]
fn with_two_ranks_only_rank_0_logs_to_wandb() {
    let run = tmp("wandb-dist");
    let cfg = write_config(&fixture().root, true);
    let home = fixture().root.join("wandb-home");
    let sets = ["steps=2", "eval.every=2", "run.wandb.project=\"frost-e2e\""];
    let o = crate::distributed::torchrun_cmd(2, &crate::distributed::train_args(&cfg, &run, &sets))
        .env("FROST_PYTHON", venv_python_with_wandb())
        .env("WANDB_CONFIG_DIR", home.join("config"))
        .env("WANDB_CACHE_DIR", home.join("cache"))
        .env("WANDB_DATA_DIR", home.join("data"))
        .env_remove("WANDB_MODE")
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "torchrun:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let dirs = offline_runs(&run);
    assert_eq!(dirs.len(), 1, "one W&B run: {dirs:?}");
    assert_rows(&history(&records(&dirs[0])), &logged(&run), "W&B history");
}
