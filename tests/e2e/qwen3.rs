//! End-to-end tests for running real Qwen3 checkpoints: a separate judge, the exact KL under
//! Frost-GRPO.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tch::Kind;

use crate::fixture::{self, fixture, jsonl, run_cli, tmp, train_run};

/// The fixture model with every weight perturbed (fixed seed), saved with its tokenizer files.
fn perturbed_judge(noise: f64) -> PathBuf {
    let m = fixture::load(Kind::Float);
    tch::manual_seed(11);
    tch::no_grad(|| {
        for (_, t) in m.vs.variables() {
            let mut t = t;
            let n = t.randn_like() * noise;
            let _ = t.g_add_(&n);
        }
    });
    let dir = tmp("judge");
    m.save_pretrained(&dir).unwrap();
    copy_tokenizer(&fixture().model, &dir);
    dir
}

fn copy_tokenizer(from: &Path, to: &Path) {
    for f in ["tokenizer.json", "tokenizer_config.json"] {
        if from.join(f).exists() {
            std::fs::copy(from.join(f), to.join(f)).unwrap();
        }
    }
}

fn step_rewards(out: &Path) -> Vec<f64> {
    jsonl(&out.join("metrics.jsonl"))
        .iter()
        .map(|m| m["reward/mean"].as_f64().unwrap())
        .collect()
}

/// The sampled moves of step 1 (the policy, not the judge, chooses them).
fn sampled_moves(out: &Path) -> Vec<Value> {
    let line = &jsonl(&out.join("samples.jsonl"))[0];
    line["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| a["moves"].as_array().unwrap().clone())
        .map(|m| m["move_ids"].clone())
        .collect()
}

#[test]
fn a_separate_judge_scores_with_its_own_weights_and_needs_the_players_tokenizer() {
    let base = ["steps=1", "eval.every=0", "frost.refinement=\"none\""];
    let run = |extra: &[&str]| {
        let out = tmp("judge-run");
        let mut sets = base.to_vec();
        sets.extend_from_slice(extra);
        train_run(&out, &sets);
        out
    };
    let default = run(&[]);
    // The fixture's own weights as a separate judge: the same scores as the default judge.
    let same = perturbed_judge(0.0);
    let same_set = format!("judge.path=\"{}\"", same.display());
    let copy = run(&[&same_set]);
    // Perturbed weights: the same moves (same policy, same seed), other scores.
    let other = perturbed_judge(0.05);
    let other_set = format!("judge.path=\"{}\"", other.display());
    let perturbed = run(&[&other_set]);
    let (d, c, p) = (
        step_rewards(&default)[0],
        step_rewards(&copy)[0],
        step_rewards(&perturbed)[0],
    );
    assert!((d - c).abs() < 1e-4, "an identical judge scored {c} vs {d}");
    assert!(
        (d - p).abs() > 1e-3,
        "a perturbed judge scored {p}, the default {d}"
    );
    assert_eq!(sampled_moves(&default), sampled_moves(&perturbed));

    // A judge whose tokenizer swaps two ids is refused, naming the field and the token.
    let bad = tmp("judge-badtok");
    std::fs::create_dir_all(&bad).unwrap();
    for f in std::fs::read_dir(&other).unwrap().flatten() {
        std::fs::copy(f.path(), bad.join(f.file_name())).unwrap();
    }
    let tok_path = bad.join("tokenizer.json");
    let mut tok: Value =
        serde_json::from_str(&std::fs::read_to_string(&tok_path).unwrap()).unwrap();
    let vocab = tok["model"]["vocab"].as_object_mut().unwrap();
    let pick = |id: u64| {
        vocab
            .iter()
            .find(|(_, v)| v.as_u64() == Some(id))
            .map(|(k, _)| k.clone())
            .unwrap()
    };
    let (a, b) = (pick(100), pick(101));
    vocab.insert(a.clone(), Value::from(101));
    vocab.insert(b, Value::from(100));
    std::fs::write(&tok_path, tok.to_string()).unwrap();
    let cfg = fixture::write_config(&fixture().root, true);
    let out = tmp("judge-refused");
    let set = format!("judge.path=\"{}\"", bad.display());
    let o = run_cli(&[
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--set",
        &set,
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("judge.path") && err.contains("tokenizer") && err.contains("id 101"),
        "{err}"
    );
    assert!(!out.join("metrics.jsonl").exists());
}

#[test]
fn exact_kl_runs_under_frost_grpo_and_is_positive_once_the_policy_moved() {
    let out = tmp("exact-kl");
    train_run(
        &out,
        &[
            "steps=2",
            "eval.every=0",
            "update.kl_beta=0.1",
            "update.kl_estimator=\"exact\"",
        ],
    );
    let m = jsonl(&out.join("metrics.jsonl"));
    // Step 1 starts at the reference (LoRA B = 0): KL 0. Step 2 has moved.
    assert!(m[0]["kl"].as_f64().unwrap().abs() < 1e-6, "{}", m[0]);
    let kl = m[1]["kl"].as_f64().unwrap();
    assert!(kl > 0.0 && kl.is_finite(), "{}", m[1]);
}
