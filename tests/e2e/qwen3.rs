//! End-to-end tests for running real Qwen3 checkpoints: a separate judge, the exact KL under
//! Frost-GRPO, random-init shapes, banned strings (numerics: `qwen3_numerics.rs`).

use std::path::{Path, PathBuf};

use frost_host::model::ModelConfig;
use serde_json::Value;
use tch::Kind;

use crate::common;
use crate::fixture::{self, fixture, jsonl, run_cli, tmp, train_run};

/// The fixture model with every weight perturbed (fixed seed), saved with its tokenizer files.
pub(crate) fn perturbed_judge(noise: f64) -> PathBuf {
    let m = fixture::load(Kind::Float);
    tch::manual_seed(11);
    tch::no_grad(|| {
        for (_, t) in crate::fixture::by_name(&m.vs) {
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

pub(crate) fn copy_tokenizer(from: &Path, to: &Path) {
    for f in ["tokenizer.json", "tokenizer_config.json"] {
        if from.join(f).exists() {
            std::fs::copy(from.join(f), to.join(f)).unwrap();
        }
    }
}

pub(crate) fn step_rewards(out: &Path) -> Vec<f64> {
    jsonl(&out.join("metrics.jsonl"))
        .iter()
        .map(|m| m["sampled/mean"].as_f64().unwrap())
        .collect()
}

/// The sampled moves of step 1 (the policy, not the judge, chooses them).
pub(crate) fn sampled_moves(out: &Path) -> Vec<Value> {
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

/// The published parameter counts of the shipped Qwen3 shapes, from config.json alone.
#[test]
fn shipped_qwen3_shapes_have_the_published_parameter_counts() {
    let count = |name: &str| {
        let p = common::root().join(format!("configs/shapes/{name}/config.json"));
        let cfg: ModelConfig = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        cfg.validate().unwrap();
        assert_eq!(cfg.vocab_size, 151936);
        assert_eq!(cfg.max_position_embeddings, 40960);
        (cfg.parameter_count(), cfg.tie_word_embeddings)
    };
    assert_eq!(count("qwen3-0.6b"), (596_049_920, true));
    let (b4, tied4) = count("qwen3-4b");
    assert!(tied4 && (4.00e9..4.04e9).contains(&(b4 as f64)), "{b4}");
    let (b14, tied14) = count("qwen3-14b");
    assert!(
        !tied14 && (14.75e9..14.79e9).contains(&(b14 as f64)),
        "{b14}"
    );
    // The formula against the variables the builder makes, tied and untied.
    for tie in [true, false] {
        let cfg = ModelConfig::new(500, 32, 80, 3, 4, 2, 16, tie);
        let vs = tch::nn::VarStore::new(tch::Device::Cpu);
        frost_host::model::CausalLm::new(vs.root(), &cfg, None).unwrap();
        let n: i64 = vs.variables().values().map(|t| t.numel() as i64).sum();
        assert_eq!(n, cfg.parameter_count(), "tied {tie}");
    }
}

/// A folder holding only a config.json of Qwen3's vocabulary with a tiny body.
pub(crate) fn tiny_qwen3_shape() -> PathBuf {
    let dir = tmp("shape");
    std::fs::create_dir_all(&dir).unwrap();
    let mut cfg = ModelConfig::new(151936, 32, 64, 2, 4, 2, 16, true);
    cfg.initializer_range = 0.02;
    std::fs::write(
        dir.join("config.json"),
        serde_json::to_string(&cfg).unwrap(),
    )
    .unwrap();
    dir
}

#[test]
fn random_init_trains_from_a_config_only_with_the_real_qwen3_vocabulary() {
    let tok_dir = crate::tokenizer::qwen3_tokenizer_dir();
    let shape = tiny_qwen3_shape();
    let out = tmp("random-init");
    let (model_set, tok_set) = (
        format!("model.path=\"{}\"", shape.display()),
        format!("model.tokenizer=\"{}\"", tok_dir.display()),
    );
    train_run(
        &out,
        &[
            "steps=2",
            "eval.every=0",
            "model.init=\"random\"",
            &model_set,
            &tok_set,
            "update.kl_beta=0.1",
            "update.kl_estimator=\"exact\"",
        ],
    );
    let m = jsonl(&out.join("metrics.jsonl"));
    assert_eq!(m.len(), 2);
    // Step 1 starts at the reference: the reference is the same random draw as the policy.
    assert!(m[0]["kl"].as_f64().unwrap().abs() < 1e-6, "{}", m[0]);
    // No added/special token (ids >= 151643 in Qwen3) in any move, sampled or refined.
    let tok = frost_host::model::Tok::from_dir(&tok_dir).unwrap();
    let added = tok.added_token_ids();
    assert!(added.contains(&151645)); // <|im_end|>
    for line in jsonl(&out.join("samples.jsonl")) {
        for a in line["assignments"].as_array().unwrap() {
            for mv in a["moves"].as_array().unwrap() {
                for key in ["move_ids", "sampled_ids"] {
                    for id in mv[key].as_array().unwrap() {
                        let id = id.as_u64().unwrap() as u32;
                        assert!(!added.contains(&id), "added token {id} in a move: {mv}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_whitespace_only_banned_string_bans_every_token_containing_it() {
    use frost_host::round::{banned_token_ids, token_texts};
    use frost_host::sdk::MoveConstraints;
    let tok = frost_host::model::Tok::from_dir(&crate::tokenizer::qwen3_tokenizer_dir()).unwrap();
    let texts = token_texts(&tok);
    let ban = |s: &[&str]| {
        banned_token_ids(
            &texts,
            &MoveConstraints {
                banned_strings: s.iter().map(|s| s.to_string()).collect(),
                ..Default::default()
            },
        )
    };
    let newline = ban(&["\n"]);
    for (id, text) in texts.iter().enumerate() {
        let banned = newline.binary_search(&(id as u32)).is_ok();
        assert_eq!(banned, text.contains('\n'), "token {id} {text:?}");
    }
    let nl = tok.encode("a\nb");
    assert!(nl.iter().any(|t| newline.contains(t)), "{nl:?}");
    assert!(newline.len() > 100 && newline.len() < texts.len() / 10);
    // Other strings are still trimmed: "  Thee " bans " thee" and "thee" alike.
    let thee = ban(&["  Thee "]);
    for id in [tok.token_to_id("thee"), tok.token_to_id("Ġthee")]
        .into_iter()
        .flatten()
    {
        assert!(thee.contains(&id), "{id}");
    }
    assert!(ban(&[""]).is_empty());
}
