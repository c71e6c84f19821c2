//! End-to-end tests for running real Qwen3 checkpoints: a separate judge, the exact KL under
//! Frost-GRPO, random-init shapes, bf16 training on CPU.

use std::path::{Path, PathBuf};

use frost_host::judge::{self, Budget};
use frost_host::model::ModelConfig;
use serde_json::Value;
use tch::Kind;

use crate::common;
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
        .map(|m| m["sampled/mean"].as_f64().unwrap())
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
fn tiny_qwen3_shape() -> PathBuf {
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
fn bf16_training_keeps_f32_at_every_boundary_and_stays_close_to_f32() {
    use frost_host::train::{optimizer, sample_groups, setup, train_step};
    let mut c32 = fixture::test_config(true);
    c32.run.threads = 1;
    let mut c16 = c32.clone();
    c16.model.dtype = frost_host::config::Dtype::Bf16;
    let (s32, mut s16) = (setup(&c32).unwrap(), setup(&c16).unwrap());
    assert_eq!(s16.model.net.kind(), Kind::BFloat16);
    for t in s16.model.trainable_variables() {
        assert_eq!(t.kind(), Kind::Float, "adapters stay f32");
    }
    let asg = s16
        .dealer
        .deal(&s16.model.tokenizer, &s16.train_split, 9)
        .unwrap();
    let params = frost_host::model::SamplingParams {
        temperature: 1.0,
        top_p: 1.0,
        top_k: 0,
    };
    let moves = sample_groups(&s16.model.net, &[&asg], 4, &params, &[1], false)
        .unwrap()
        .moves;
    // Judge scores and Taylor proposal in bf16: f32 out, close to the f32 model's.
    let mut budget = Budget::default();
    let sc16 = judge::score(s16.judge(), &asg.program, &moves, &mut budget);
    let sc32 = judge::score(s32.judge(), &asg.program, &moves, &mut budget);
    for (a, b) in sc16.iter().zip(&sc32) {
        assert!(
            (a - b).abs() < 0.03 * b.abs().max(1.0),
            "bf16 score {a} vs f32 {b}"
        );
    }
    let tay = judge::taylor_proposal(s16.judge(), &asg.program, &moves, &mut budget);
    for (name, t) in [
        ("estimate", &tay.estimate),
        ("grad", &tay.grad),
        ("target_term", &tay.target_term),
    ] {
        assert_eq!(t.kind(), Kind::Float, "Taylor {name}");
        assert!(
            t.isfinite().all().int64_value(&[]) == 1,
            "Taylor {name} finite"
        );
    }
    let tay32 = judge::taylor_proposal(s32.judge(), &asg.program, &moves, &mut budget);
    let rel =
        (&tay.grad - &tay32.grad).norm().double_value(&[]) / tay32.grad.norm().double_value(&[]);
    assert!(rel < 0.1, "bf16 judge gradient off by {rel} (relative)");
    // The policy's log-softmaxes are f32 and close to f32's.
    let lp16 = frost_host::frost::policy_full_logprobs(&s16.model.net, &asg, &moves, 1.0);
    let lp32 = frost_host::frost::policy_full_logprobs(&s32.model.net, &asg, &moves, 1.0);
    let pick = |lp: &tch::Tensor| {
        let ids: Vec<i64> = moves.iter().flatten().map(|&t| t as i64).collect();
        let ids = tch::Tensor::from_slice(&ids).view([4, -1, 1]);
        lp.gather(2, &ids, false)
    };
    let d = (pick(&lp16) - pick(&lp32)).abs().max().double_value(&[]);
    assert!(d < 0.1, "bf16 move log-probs off by {d} nats");
    let raw = tch::no_grad(|| {
        let k = moves.len();
        let prompts = vec![asg.prompt_ids.clone(); k];
        let banned = asg.banned.unsqueeze(0).expand([k as i64, -1], false);
        let ids: Vec<i64> = moves.iter().flatten().map(|&t| t as i64).collect();
        let mv = tch::Tensor::from_slice(&ids).view([k as i64, -1]);
        frost_host::model::move_logprobs(&s16.model.net, &prompts, &mv, &banned, 1.0)
    });
    assert_eq!(
        (raw.token.kind(), raw.full.kind()),
        (Kind::Float, Kind::Float)
    );
    // A few steps in bf16: finite losses, steps taken, adapters still f32 and moved.
    let before: Vec<tch::Tensor> = s16
        .model
        .trainable_variables()
        .iter()
        .map(|t| t.copy())
        .collect();
    let mut opt = optimizer(&s16);
    for step in 1..=3 {
        let out = train_step(&mut s16, &mut opt, step, false).unwrap();
        let u = &out.metrics.update;
        assert!(
            u.loss.is_finite() && !u.skipped,
            "bf16 step {step}: {:?}",
            u.loss
        );
    }
    let after = s16.model.trainable_variables();
    assert!(after.iter().all(|t| t.kind() == Kind::Float));
    let moved: f64 = before
        .iter()
        .zip(&after)
        .map(|(b, a)| (a - b).abs().sum(Kind::Double).double_value(&[]))
        .sum();
    assert!(moved > 0.0);
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

fn max_rel_diff(a: &tch::Tensor, b: &tch::Tensor) -> f64 {
    let scale = b.abs().max().double_value(&[]).max(1e-6);
    (a - b).abs().max().double_value(&[]) / scale
}

#[test]
fn micro_batches_and_taylor_chunks_are_exact() {
    use frost_host::judge::taylor_in_chunks;
    use frost_host::train::{optimizer, sample_groups, setup, train_step};
    for sets in [("grpo", "k3"), ("reinforce", "exact")] {
        let mut base = fixture::test_config(true);
        base.run.threads = 1;
        base.update.kl_beta = 0.1;
        base.update.rule = if sets.0 == "grpo" {
            frost_host::config::UpdateRule::Grpo
        } else {
            frost_host::config::UpdateRule::Reinforce
        };
        base.update.kl_estimator = Some(if sets.1 == "k3" {
            frost_host::config::KlEstimator::K3
        } else {
            frost_host::config::KlEstimator::Exact
        });
        let mut chunked = base.clone();
        chunked.update.micro_batch = 3; // 8 rows: 3 + 3 + 2
        chunked.frost.taylor_chunk = 1;
        let run = |c: &frost_host::config::TrainConfig| {
            let mut s = setup(c).unwrap();
            let mut opt = optimizer(&s);
            // Two steps: the second has a KL and moved adapters.
            let m: Vec<_> = (1..=2)
                .map(|step| train_step(&mut s, &mut opt, step, false).unwrap().metrics)
                .collect();
            (m, s)
        };
        let ((m0, mut s0), (m1, s1)) = (run(&base), run(&chunked));
        for (a, b) in m0.iter().zip(&m1) {
            let (ua, ub) = (&a.update, &b.update);
            for (name, x, y) in [
                ("loss", ua.loss, ub.loss),
                ("kl", ua.kl, ub.kl),
                ("entropy", ua.entropy, ub.entropy),
                ("grad_norm", ua.grad_norm, ub.grad_norm),
            ] {
                assert!(
                    (x - y).abs() <= 1e-5 * x.abs().max(1.0),
                    "{sets:?} {name}: {x} vs {y}"
                );
            }
            assert_eq!(a.frost.replaced_frac, b.frost.replaced_frac, "{sets:?}");
        }
        assert!(m0[1].update.kl > 0.0);
        for (a, b) in s0
            .model
            .trainable_variables()
            .iter()
            .zip(&s1.model.trainable_variables())
        {
            // Summation order differs between micro-batches (f32); AdamW's normalized step
            // turns that rounding into up to ~1e-5 of weight change over two steps.
            let d = (a - b).abs().max().double_value(&[]);
            assert!(d < 1e-4, "{sets:?}: adapters differ by {d}");
        }
        // The Taylor proposal one parent at a time equals the whole group's.
        let asg = s0
            .dealer
            .deal(&s0.model.tokenizer, &s0.train_split, 4)
            .unwrap();
        let params = frost_host::model::SamplingParams {
            temperature: 1.0,
            top_p: 1.0,
            top_k: 0,
        };
        let moves = sample_groups(&s0.model.net, &[&asg], 4, &params, &[2], false)
            .unwrap()
            .moves;
        let (mut b0, mut b1) = (Budget::default(), Budget::default());
        let whole = taylor_in_chunks(s0.judge(), &asg.program, &moves, 0, &mut b0);
        let one = taylor_in_chunks(s0.judge(), &asg.program, &moves, 1, &mut b1);
        assert_eq!((b0.backwards, b1.backwards), (1, 1));
        for (name, x, y) in [
            ("estimate", &whole.estimate, &one.estimate),
            ("grad", &whole.grad, &one.grad),
            ("target_term", &whole.target_term, &one.target_term),
        ] {
            let d = max_rel_diff(y, x);
            assert!(d < 1e-5, "Taylor {name} differs by {d} (relative)");
        }
        for (x, y) in whole.score.iter().zip(&one.score) {
            assert!((x - y).abs() < 1e-5 * x.abs().max(1.0), "{x} vs {y}");
        }
    }
}

/// In bf16 the Taylor forward and exact scoring need not agree to rounding: the step then
/// scores the parents exactly, as their children, so a replacement is the judge's verdict.
/// Every replaced member's child beats the exact score of the move it replaced; the gap between
/// the two passes is logged.
#[test]
fn in_bf16_parents_are_scored_as_their_children_and_the_taylor_gap_is_logged() {
    use frost_host::train::{optimizer, setup, train_step};
    let mut c = fixture::test_config(true);
    c.run.threads = 1;
    c.model.dtype = frost_host::config::Dtype::Bf16;
    (c.sampling.assignments_per_step, c.frost.d, c.frost.tau) = (4, 12, 1e-6);
    let mut s = setup(&c).unwrap();
    assert!(!judge::taylor_scores_are_exact(s.judge()));
    let mut opt = optimizer(&s);
    let mut replaced = 0;
    for step in 1..=3 {
        let out = train_step(&mut s, &mut opt, step, false).unwrap();
        let gap = out
            .metrics
            .frost
            .taylor_score_gap
            .expect("bf16 logs the gap");
        assert!(gap.is_finite() && gap >= 0.0);
        for (i, g) in out.samples.assignments.iter().enumerate() {
            let seed =
                frost_host::seeds::derive_seed(c.seed, step, frost_host::seeds::DEAL, i as u64);
            let asg = s
                .dealer
                .deal(&s.model.tokenizer, &s.train_split, seed)
                .unwrap();
            let mut budget = Budget::default();
            let sampled: Vec<Vec<u32>> = g.moves.iter().map(|m| m.sampled_ids.clone()).collect();
            // The group's sampled scores are the exact scorer's on that very batch.
            let exact = judge::score(s.judge(), &asg.program, &sampled, &mut budget);
            for (m, e) in g.moves.iter().zip(&exact) {
                assert_eq!(m.sampled_score, *e, "{m:?}");
                if m.replaced {
                    replaced += 1;
                    assert!(m.score > m.sampled_score, "{m:?}");
                }
            }
        }
    }
    let f32_cfg = fixture::test_config(true);
    let s32 = setup(&f32_cfg).unwrap();
    assert!(judge::taylor_scores_are_exact(s32.judge()));
    assert!(
        replaced > 0,
        "no replacement in 3 steps: the check above is vacuous"
    );
}
