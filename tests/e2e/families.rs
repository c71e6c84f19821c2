//! End-to-end tests: what runs after and around training (exact resume, `eval`, `play
//! --refine`, the per-phase figures `bench --phases` prints) on tiny random models of the new
//! families, Qwen3.5 (linear and full attention) and Qwen3 MoE, through the same code paths as
//! the dense fixture model.
use std::path::Path;
use std::sync::atomic::AtomicBool;

use serde_json::Value;

use crate::fixture::{fixture, jsonl, run_cli, run_cli_ok as ok, test_config, tmp, train_run};
use crate::moe::tiny_qwen3_moe_shape_with;
use crate::qwen3_5_frost::tiny_qwen3_5_shape;
use frost_host::config::ModelInit;
use frost_host::instrument::phases::{self, StepStats, PHASES};
use frost_host::train::{self, RunRequest};

/// The overrides that make the test config run `model.init = "random"` on `shape`.
fn random_model(shape: &Path) -> Vec<String> {
    vec![
        "model.init=\"random\"".into(),
        format!("model.path=\"{}\"", shape.display()),
        format!("model.tokenizer=\"{}\"", fixture().model.display()),
    ]
}

fn without_times(v: &Value) -> Value {
    let mut v = v.clone();
    if let Value::Object(m) = &mut v {
        m.retain(|k, _| !k.starts_with("time/"));
    }
    v
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// On the family in `shape`: a run stopped after step 2 and resumed to step 4 logs exactly what
/// the uninterrupted run logs; `eval RUN` reproduces the run's last evaluation; `play RUN
/// --refine 2` starts from the samples plain `play` shows, and refinement never lowers a
/// move's score (each edit's gain is its child's score less its parent's, and an edit replaces
/// its parent only when it gains).
fn resume_eval_and_play_refine(shape: &Path, tag: &str) {
    let model = random_model(shape);
    let run = |out: &Path, steps: &str| {
        let mut sets: Vec<&str> = model.iter().map(String::as_str).collect();
        sets.extend([steps, "run.checkpoint_every=2"]);
        train_run(out, &sets);
    };
    let (full, part) = (tmp(&format!("{tag}-full")), tmp(&format!("{tag}-part")));
    run(&full, "steps=4");
    run(&part, "steps=2");
    ok(&["--resume", part.to_str().unwrap(), "--set", "steps=4"]);
    for log in ["metrics.jsonl", "eval.jsonl", "samples.jsonl"] {
        let a: Vec<Value> = jsonl(&full.join(log)).iter().map(without_times).collect();
        let b: Vec<Value> = jsonl(&part.join(log)).iter().map(without_times).collect();
        assert_eq!(a.len(), b.len(), "{tag} {log}: line counts differ");
        assert_eq!(a, b, "{tag} {log}: the resumed run differs");
    }

    let json = full.join("eval.json");
    ok(&[
        "eval",
        full.to_str().unwrap(),
        "--out",
        json.to_str().unwrap(),
    ]);
    let (got, logged) = (
        &read_json(&json)["metrics"],
        jsonl(&full.join("eval.jsonl")),
    );
    let want = logged.last().unwrap();
    assert_eq!(got["step"], 4, "{tag}: {got}");
    let figures: Vec<&String> = (want.as_object().unwrap().keys())
        .filter(|k| k.starts_with("eval/"))
        .collect();
    assert!(figures.len() >= 4, "{tag}: {want}");
    for key in figures {
        let (g, w) = (got[key].as_f64().unwrap(), want[key].as_f64().unwrap());
        assert!((g - w).abs() < 1e-9, "{tag} {key}: eval {g}, the run {w}");
    }

    let play = |refine: &str, out: &str| {
        let file = full.join(out);
        let run = full.to_str().unwrap();
        let mut args = vec!["play", run, "--seed", "3", "--k", "3"];
        args.extend(["--refine", refine, "--out", file.to_str().unwrap()]);
        ok(&args);
        read_json(&file)
    };
    let (plain, refined) = (play("0", "plain.json"), play("2", "refined.json"));
    assert_eq!(refined["sampled"], plain["sampled"], "{tag}");
    let score = |m: &Value| m["score"].as_f64().unwrap();
    let rounds = refined["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{tag}: {refined}");
    let edits: Vec<&Value> = rounds.iter().flat_map(|r| r.as_array().unwrap()).collect();
    assert!(!edits.is_empty(), "{tag}: no child was verified");
    for e in &edits {
        let (parent, child) = (score(&e["parent_move"]), score(&e["child_move"]));
        let gain = e["gain"].as_f64().unwrap();
        assert!((gain - (child - parent)).abs() < 1e-9, "{tag}: {e}");
        assert!(
            !e["replaced"].as_bool().unwrap() || gain > 0.0,
            "{tag}: {e}"
        );
    }
    assert_eq!(refined["refinement_forwards"], edits.len(), "{tag}");
    assert_eq!(refined["refinement_backwards"], 2, "{tag}");
    let (fin, sampled) = (refined["final"].as_array().unwrap(), &refined["sampled"]);
    for (f, m) in fin.iter().zip(sampled.as_array().unwrap()) {
        assert!(score(f) >= score(m), "{tag}: {f} scores below {m}");
    }
    let o = run_cli(&["play", full.to_str().unwrap(), "--refine", "2", "--k", "3"]);
    assert!(o.status.success(), "{tag}: printed play failed");
}

#[test]
fn resume_eval_and_play_refine_on_a_tiny_random_qwen3_5() {
    resume_eval_and_play_refine(&tiny_qwen3_5_shape(), "q35");
}

#[test]
fn resume_eval_and_play_refine_on_a_tiny_random_qwen3_moe() {
    resume_eval_and_play_refine(&tiny_qwen3_moe_shape_with(4), "moe");
}

/// What `bench --phases` records, for 3 training steps of the test config on `shape` (in this
/// thread: the recorder is per thread).
fn recorded_phases(shape: &Path, tag: &str) -> Vec<StepStats> {
    let mut cfg = test_config(true);
    cfg.model.init = ModelInit::Random;
    cfg.model.path = shape.display().to_string();
    cfg.model.tokenizer = fixture().model.display().to_string();
    cfg.steps = 3;
    cfg.eval.every = 0;
    cfg.run.checkpoint_every = 0;
    cfg.run.samples_every = 0;
    let request = RunRequest {
        config: cfg,
        out: tmp(&format!("{tag}-phases")),
        default_out: false,
        resume: false,
        force_resume: false,
        overrides: Vec::new(),
    };
    phases::start(false);
    let done = train::train(request, &AtomicBool::new(false));
    let steps = phases::stop();
    done.unwrap_or_else(|e| panic!("{tag}: {e}"));
    assert_eq!(steps.len(), 3, "{tag}");
    steps
}

/// Each phase's host syncs per step.
fn syncs(steps: &[StepStats]) -> Vec<Vec<f64>> {
    steps
        .iter()
        .map(|s| s.iter().map(|p| p.syncs).collect())
        .collect()
}

/// The per-phase figures `bench --phases` prints exist on the new families (seconds, tokens
/// and FLOPs in each phase a Frost step runs; backward FLOPs in the update), and a Qwen3 MoE
/// step's host syncs, phase by phase and step by step, are the same with 4 experts as with 16.
#[test]
fn phase_figures_on_the_new_families_and_host_syncs_do_not_grow_with_the_expert_count() {
    let q35 = recorded_phases(&tiny_qwen3_5_shape(), "q35");
    let moe4 = recorded_phases(&tiny_qwen3_moe_shape_with(4), "moe4");
    let moe16 = recorded_phases(&tiny_qwen3_moe_shape_with(16), "moe16");
    for (tag, steps) in [("q35", &q35), ("moe4", &moe4)] {
        for step in steps.iter() {
            for (name, p) in PHASES.iter().zip(step) {
                // Under the Taylor rule the exact scores come from the Taylor pass ("score"
                // stays empty); one process has nothing to reduce.
                if ["sample", "taylor", "verify", "update"].contains(name) {
                    assert!(p.seconds > 0.0 && p.tokens > 0.0, "{tag} {name}: {p:?}");
                    assert!(p.forward_flops > 0.0, "{tag} {name}: {p:?}");
                }
            }
            let update = step[PHASES.iter().position(|p| *p == "update").unwrap()];
            assert!(update.backward_flops > 0.0, "{tag}: {update:?}");
        }
    }
    let total: f64 = syncs(&moe4).iter().flatten().sum();
    assert!(total > 0.0, "no host sync was counted");
    assert_eq!(syncs(&moe4), syncs(&moe16));
}
