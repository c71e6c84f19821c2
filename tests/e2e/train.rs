//! End-to-end tests: train (Frost-GRPO and GRPO, `frost-host --game games/infill.wasm`).
//!
//! One tiny Qwen3 is pretrained once per test binary (a few seconds, fixed seed) on a synthetic
//! corpus with learnable structure; every test here uses it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::config::{Scope, Selection};
use frost_host::corpus::CorpusSource;
use frost_host::frost::{self, Proposal};
use frost_host::judge::{self, Budget, CompiledProgram};
use frost_host::model::{Input, LoadOptions, LoadedModel};
use frost_host::pretrain::{pretrain, ModelSize, PretrainOptions};
use frost_sdk::types::{JudgeProgram, JudgeSegment, JudgeTerm, SegmentContent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tch::{Kind, Tensor};

use crate::common;

struct Fixture {
    model: PathBuf,
    corpus: PathBuf,
    root: PathBuf,
}

/// Sentences from a small grammar: enough regularity for a tiny model to learn in seconds.
fn synthetic_text(rng: &mut ChaCha8Rng, sentences: usize) -> String {
    let adj = ["red", "old", "small", "quiet", "bright", "cold"];
    let noun = ["king", "dog", "ship", "garden", "river", "queen", "bird"];
    let verb = ["sees", "loves", "follows", "finds", "keeps"];
    let place = ["by the sea", "in the hall", "at dawn", "under the hill"];
    let mut s = String::new();
    for i in 0..sentences {
        let pick = |r: &mut ChaCha8Rng, xs: &[&'static str]| xs[r.gen_range(0..xs.len())];
        s.push_str(&format!(
            "The {} {} {} the {} {} {}.",
            pick(rng, &adj),
            pick(rng, &noun),
            pick(rng, &verb),
            pick(rng, &adj),
            pick(rng, &noun),
            pick(rng, &place)
        ));
        s.push(if i % 6 == 5 { '\n' } else { ' ' });
    }
    s
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        // Under target/ (not /tmp); one folder per test process, replaced on the next run.
        let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        for e in std::fs::read_dir(&base).into_iter().flatten().flatten() {
            if e.file_name()
                .to_string_lossy()
                .starts_with("frost-e2e-train-")
            {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
        let root = base.join(format!("frost-e2e-train-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let corpus = root.join("corpus");
        std::fs::create_dir_all(&corpus).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for d in 0..9 {
            std::fs::write(
                corpus.join(format!("doc{d}.txt")),
                synthetic_text(&mut rng, 300),
            )
            .unwrap();
        }
        let model = root.join("model");
        let mut opts = PretrainOptions::new(
            CorpusSource::Path(corpus.clone()),
            model.clone(),
            ModelSize::Tiny,
        );
        opts.hyper.steps = 150;
        opts.hyper.vocab_size = 300;
        pretrain(&opts).expect("pretrain the tiny fixture model");
        Fixture {
            model,
            corpus,
            root,
        }
    })
}

/// An infilling judge program (BOS, unscored prefix, scored move, scored suffix) over the
/// fixture tokenizer, built without the game so the judge is tested alone.
fn infill_program(
    m: &LoadedModel,
    text: &str,
    pre: usize,
    gap: usize,
    suf: usize,
) -> (JudgeProgram, Vec<u32>, Vec<i64>) {
    let ids = m.tokenizer.encode(text);
    assert!(ids.len() >= pre + gap + suf);
    let prefix = ids[..pre].to_vec();
    let reference = ids[pre..pre + gap].to_vec();
    let suffix = ids[pre + gap..pre + gap + suf].to_vec();
    let prog = JudgeProgram {
        terms: vec![JudgeTerm {
            weight: 1.0,
            bos: true,
            segments: vec![
                JudgeSegment {
                    content: SegmentContent::Tokens(prefix.clone()),
                    scored: false,
                },
                JudgeSegment {
                    content: SegmentContent::Move,
                    scored: true,
                },
                JudgeSegment {
                    content: SegmentContent::Tokens(suffix),
                    scored: true,
                },
            ],
        }],
    };
    (prog, reference, prefix.iter().map(|&t| t as i64).collect())
}

fn load(kind: Kind) -> LoadedModel {
    let mut opts = LoadOptions::cpu();
    opts.kind = Some(kind);
    LoadedModel::load(&fixture().model, &opts).unwrap()
}

#[test]
fn taylor_estimate_matches_finite_differences_and_target_term_is_exact() {
    let m = load(Kind::Double);
    let net = &m.net;
    let text = synthetic_text(&mut ChaCha8Rng::seed_from_u64(11), 20);
    let (prog, reference, prefix) = infill_program(&m, &text, 12, 4, 8);
    let cp = CompiledProgram::compile(&prog, &m.tokenizer, 4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let v = m.tokenizer.vocab_size() as u32;
    let parents: Vec<Vec<u32>> = vec![
        reference.clone(),
        (0..4).map(|_| rng.gen_range(3..v)).collect(),
    ];
    let mut budget = Budget::default();
    let tay = judge::taylor_proposal(net, &cp, &parents, &mut budget);
    assert_eq!(budget.backwards, 1);
    let exact = judge::score(net, &cp, &parents, &mut budget);
    for (a, b) in tay.score.iter().zip(&exact) {
        assert!(
            (a - b).abs() < 1e-6,
            "forward of the proposal {a} != exact {b}"
        );
    }
    let e = net.embed_weight().to_kind(Kind::Double);
    let flat: Vec<i64> = parents.iter().flatten().map(|&t| t as i64).collect();
    let y = Tensor::from_slice(&flat).view([2, 4]);
    let base = e.index_select(0, &y.view([-1])).view([2, 4, -1]);
    for trial in 0..6 {
        let (k, i) = (trial % 2, rng.gen_range(0..4usize));
        let tok = rng.gen_range(3..v) as i64;
        // Straight line from E_y to E_v at position i of parent k, targets fixed.
        let dir = Tensor::zeros_like(&base);
        dir.get(k as i64)
            .get(i as i64)
            .copy_(&(e.get(tok) - e.get(flat[k * 4 + i])));
        let h = 1e-2;
        let f = |t: f64| {
            let _g = tch::no_grad_guard();
            let x = &base + &dir * t;
            judge::score_from_move_embeds(net, &cp, &parents, &x).double_value(&[k as i64])
        };
        let fd = (f(h) - f(-h)) / (2.0 * h);
        let lin = tay.estimate.double_value(&[k as i64, i as i64, tok])
            - tay.score[k]
            - tay.target_term.double_value(&[k as i64, i as i64, tok]);
        assert!(
            (fd - lin).abs() < 2e-3 * (1.0 + fd.abs()),
            "parent {k} pos {i} token {tok}: finite difference {fd} vs g.(E_v - E_y) {lin}"
        );
        // The exact target term: log p(v | BOS, prefix, y_<i) - log p(y_i | ...), computed directly.
        let mut ctx: Vec<i64> = vec![m.tokenizer.bos_id().or(m.tokenizer.eos_id()).unwrap() as i64];
        ctx.extend(&prefix);
        ctx.extend(parents[k][..i].iter().map(|&t| t as i64));
        let ids = Tensor::from_slice(&ctx).unsqueeze(0);
        let pos = Tensor::arange(ctx.len() as i64, (Kind::Int64, tch::Device::Cpu)).unsqueeze(0);
        let lp = tch::no_grad(|| net.forward(Input::Ids(&ids), &pos, None, None))
            .get(0)
            .get(ctx.len() as i64 - 1)
            .to_kind(Kind::Double)
            .log_softmax(-1, Kind::Double);
        let direct = lp.double_value(&[tok]) - lp.double_value(&[parents[k][i] as i64]);
        let got = tay.target_term.double_value(&[k as i64, i as i64, tok]);
        assert!(
            (direct - got).abs() < 1e-4,
            "target term {got} vs direct {direct}"
        );
    }
    // At v = y_i the estimate is the parent's own score.
    let at_self = tay.estimate.double_value(&[1, 2, parents[1][2] as i64]);
    assert!((at_self - exact[1]).abs() < 1e-4);
}

#[test]
fn taylor_gated_children_beat_random_children() {
    let m = load(Kind::Float);
    let net = &m.net;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (k, l, d) = (4usize, 4usize, 4usize);
    let v_emb = m.config.vocab_size;
    let banned =
        Tensor::arange(v_emb, (Kind::Int64, tch::Device::Cpu)).ge(m.tokenizer.vocab_size() as i64);
    let (mut wins_t, mut wins_r, mut gain_t, mut gain_r, mut n_t, mut n_r) = (0, 0, 0.0, 0.0, 0, 0);
    let mut budget = Budget::default();
    for a in 0..24u64 {
        let text = synthetic_text(&mut ChaCha8Rng::seed_from_u64(100 + a), 12);
        let (prog, _, prefix) = infill_program(&m, &text, 16, l, 8);
        let cp = CompiledProgram::compile(&prog, &m.tokenizer, l).unwrap();
        // Parents: the model's own samples at a high temperature (room to improve); the model
        // is its own judge here.
        let params = frost_host::model::SamplingParams {
            temperature: 2.0,
            top_p: 1.0,
            top_k: 0,
        };
        let moves = tch::no_grad(|| {
            frost_host::model::sample(
                net,
                std::slice::from_ref(&prefix),
                k,
                l,
                &params,
                &banned.unsqueeze(0),
                a,
            )
        });
        let parents: Vec<Vec<u32>> = (0..k as i64)
            .map(|r| {
                Vec::<i64>::try_from(&moves.get(r))
                    .unwrap()
                    .iter()
                    .map(|&t| t as u32)
                    .collect()
            })
            .collect();
        let scores = judge::score(net, &cp, &parents, &mut budget);
        let tay = judge::taylor_proposal(net, &cp, &parents, &mut budget);
        let lp = tch::no_grad(|| {
            frost_host::model::move_logprobs(
                net,
                &vec![prefix.clone(); k],
                &moves,
                &banned.unsqueeze(0).expand([k as i64, -1], false),
                1.0,
            )
        })
        .full
        .to_kind(Kind::Double);
        let p = Proposal {
            parents: &parents,
            estimate: Some(&tay.estimate),
            policy_logp: Some(&lp),
            banned: &banned,
        };
        for (rule, wins, gain, n) in [
            (Selection::TaylorGated, &mut wins_t, &mut gain_t, &mut n_t),
            (Selection::Random, &mut wins_r, &mut gain_r, &mut n_r),
        ] {
            let children = frost::select(&p, rule, Scope::Group, d, 1e-4, rng.gen());
            assert_eq!(children.len(), d);
            let cm: Vec<Vec<u32>> = children.iter().map(|c| c.tokens(&parents)).collect();
            let cs = judge::score(net, &cp, &cm, &mut budget);
            for (c, s) in children.iter().zip(&cs) {
                let delta = s - scores[c.parent];
                *wins += (delta > 0.0) as usize;
                *gain += delta;
                *n += 1;
            }
        }
    }
    let (ft, fr) = (wins_t as f64 / n_t as f64, wins_r as f64 / n_r as f64);
    let (mt, mr) = (gain_t / n_t as f64, gain_r / n_r as f64);
    eprintln!("taylor-gated: improves {ft:.2}, mean gain {mt:.3}; random: improves {fr:.2}, mean gain {mr:.3}");
    assert!(
        ft > fr + 0.1,
        "taylor-gated improves {ft:.2} of the time, random {fr:.2}"
    );
    assert!(mt > mr, "mean gain taylor-gated {mt:.3} <= random {mr:.3}");
}

/// A small run config over the fixture (the CLI reads it with --config).
/// With `lora = false` the run is full fine-tuning (a separate frozen judge copy).
fn write_config(dir: &Path, lora: bool) -> PathBuf {
    let f = fixture();
    let text = format!(
        r#"seed = 3
steps = 4
[model]
path = "{model}"
device = "cpu"
dtype = "f32"
[model.lora]
r = 4
alpha = 8.0
target_modules = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
[game]
path = "{game}"
[game.config]
prefix_tokens = 16
gap_tokens = 4
suffix_tokens = 8
prompt = "raw"
[corpus]
source = "{corpus}"
[sampling]
assignments_per_step = 2
k = 4
temperature = 1.0
top_p = 1.0
top_k = 0
[frost]
refinement = "frost"
d = 4
tau = 1e-4
selection = "taylor-gated"
scope = "group"
rounds = 1
[update]
rule = "grpo"
lr = 1e-3
weight_decay = 0.0
beta1 = 0.9
beta2 = 0.999
adam_eps = 1e-8
grad_clip = 1.0
clip_eps = 0.2
normalize_std = true
aggregation = "token"
kl_beta = 0.05
[eval]
every = 2
assignments = 2
best_of = 4
[run]
checkpoint_every = 2
samples_every = 1
progress = false
"#,
        model = f.model.display(),
        game = common::game_wasm("infill").display(),
        corpus = f.corpus.display(),
    );
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join(format!("config-{}.toml", rand::random::<u32>()));
    let text = if lora {
        text
    } else {
        let a = text.find("[model.lora]").unwrap();
        let b = text.find("[game]").unwrap();
        format!("{}{}", &text[..a], &text[b..])
    };
    std::fs::write(&p, text).unwrap();
    p
}

fn run_cli(args: &[&str]) -> std::process::Output {
    common::frost_host()
        .args(args)
        .env("FROST_LOG", "warn")
        .output()
        .expect("spawn frost-host")
}

fn jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn tmp(name: &str) -> PathBuf {
    fixture()
        .root
        .join(format!("{name}-{}", rand::random::<u32>()))
}

fn train_run(out: &Path, sets: &[&str]) {
    train_run_with(out, sets, true)
}

fn train_run_with(out: &Path, sets: &[&str], lora: bool) {
    let cfg = write_config(&fixture().root, lora);
    let mut args = vec![
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    for s in sets {
        args.push("--set");
        args.push(s);
    }
    let o = run_cli(&args);
    assert!(
        o.status.success(),
        "frost-host failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn budget_and_replacement_rules_hold_in_a_run() {
    let frost_out = tmp("frost");
    // A hot policy leaves room to improve, so some replacement happens in 3 steps.
    train_run(&frost_out, &["steps=3", "sampling.temperature=2.0"]);
    let (a, k) = (2.0, 4.0);
    let mut replaced_any = false;
    let samples = jsonl(&frost_out.join("samples.jsonl"));
    for (m, line) in jsonl(&frost_out.join("metrics.jsonl")).iter().zip(&samples) {
        let f = |key: &str| m[key].as_f64().unwrap();
        let children = f("frost/children"); // mean distinct children per assignment
        assert!((1.0..=4.0).contains(&children));
        // Identical sampled moves are scored once: count the distinct ones per group.
        let distinct: usize = line["assignments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|asg| {
                let mut ids: Vec<String> = asg["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|mv| mv["sampled_ids"].to_string())
                    .collect();
                ids.sort();
                ids.dedup();
                ids.len()
            })
            .sum();
        assert_eq!(f("budget/judge_forwards_sampled"), distinct as f64);
        assert!(distinct as f64 <= a * k);
        assert_eq!(f("budget/judge_forwards_children"), a * children);
        assert_eq!(
            f("budget/judge_forwards"),
            distinct as f64 + a * children,
            "K + distinct children per assignment"
        );
        assert_eq!(f("budget/judge_backwards"), a, "one backward per group");
    }
    for line in &samples {
        for asg in line["assignments"].as_array().unwrap() {
            for mv in asg["moves"].as_array().unwrap() {
                let (s, s0) = (
                    mv["score"].as_f64().unwrap(),
                    mv["sampled_score"].as_f64().unwrap(),
                );
                let replaced = mv["replaced"].as_bool().unwrap();
                assert!(s >= s0, "replacement lowered a score: {s} < {s0}");
                assert_eq!(replaced, s > s0, "replaced iff strictly better");
                replaced_any |= replaced;
            }
        }
    }
    assert!(replaced_any, "no parent was ever replaced in 3 steps");
    let grpo_out = tmp("grpo");
    train_run(
        &grpo_out,
        &["steps=2", "frost.refinement=\"none\"", "sampling.k=8"],
    );
    for m in jsonl(&grpo_out.join("metrics.jsonl")) {
        let fw = m["budget/judge_forwards"].as_f64().unwrap();
        assert_eq!(fw, m["budget/judge_forwards_sampled"].as_f64().unwrap());
        assert!((2.0..=16.0).contains(&fw));
        assert_eq!(m["budget/judge_backwards"].as_f64().unwrap(), 0.0);
    }
    let evals = jsonl(&grpo_out.join("eval.jsonl"));
    assert_eq!(
        evals
            .iter()
            .map(|e| e["step"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![0, 2]
    );
    assert!(evals[0]["eval/reference"].as_f64().is_some());
    // The best-of label carries the configured N (eval.best_of = 4 here).
    assert!(
        evals[0]["eval/best_of_4"].as_f64().is_some(),
        "{}",
        evals[0]
    );
    assert!(evals[0].get("eval/best_of_8").is_none());
}

fn strip_times(v: &Value) -> Value {
    let mut v = v.clone();
    if let Value::Object(m) = &mut v {
        m.retain(|k, _| !k.starts_with("time/"));
    }
    v
}

#[test]
fn resume_continues_exactly() {
    let full = tmp("full");
    train_run(&full, &["steps=4", "run.checkpoint_every=2"]);
    let part = tmp("part");
    train_run(&part, &["steps=2", "run.checkpoint_every=2"]);
    let o = run_cli(&["--resume", part.to_str().unwrap(), "--set", "steps=4"]);
    assert!(
        o.status.success(),
        "resume failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for log in ["metrics.jsonl", "eval.jsonl", "samples.jsonl"] {
        let a: Vec<Value> = jsonl(&full.join(log)).iter().map(strip_times).collect();
        let b: Vec<Value> = jsonl(&part.join(log)).iter().map(strip_times).collect();
        assert_eq!(a.len(), b.len(), "{log}: line counts differ");
        assert_eq!(
            a, b,
            "{log}: resumed run differs from the uninterrupted one"
        );
    }
}

/// A failing run: non-zero exit, one clear message containing `needle`, no run directory left.
fn assert_rejected(sets: &[&str], needle: &str) {
    let out = tmp("bad");
    let cfg = write_config(&fixture().root, true);
    let mut args = vec![
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    for s in sets {
        args.push("--set");
        args.push(s);
    }
    let o = run_cli(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{sets:?} should fail");
    assert!(
        err.contains(needle),
        "{sets:?}: message should mention `{needle}`:\n{err}"
    );
    assert!(!err.contains("panicked"), "{sets:?} panicked:\n{err}");
    assert!(!out.exists(), "{sets:?} left a run directory behind");
}

#[test]
fn bad_input_is_one_clear_error_and_leaves_no_run_dir() {
    assert_rejected(
        &["game.path=\"/nonexistent/infill.wasm\""],
        "/nonexistent/infill.wasm",
    );
    assert_rejected(&["game.config.gap_tokens=0"], "gap_tokens");
    assert_rejected(&["frost.d=100000000"], "frost.d");
    assert_rejected(&["frost.tau=1.5"], "frost.tau");
    assert_rejected(&["frost.tau=0"], "frost.tau");
    assert_rejected(&["frost.tua=0.1"], "tua");
    // A model whose embedding is smaller than its tokenizer's vocabulary.
    let bad = tmp("mismatch");
    std::fs::create_dir_all(&bad).unwrap();
    for f in std::fs::read_dir(&fixture().model).unwrap() {
        let p = f.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, bad.join(p.file_name().unwrap())).unwrap();
        }
    }
    let other = tmp("other-tok");
    let mut opts = PretrainOptions::new(
        CorpusSource::Path(fixture().corpus.clone()),
        other.clone(),
        ModelSize::Tiny,
    );
    opts.hyper.steps = 1;
    opts.hyper.vocab_size = 400;
    pretrain(&opts).unwrap();
    std::fs::copy(other.join("tokenizer.json"), bad.join("tokenizer.json")).unwrap();
    assert_rejected(&[&format!("model.path=\"{}\"", bad.display())], "tokenizer");
}

#[test]
fn other_rules_scopes_and_full_fine_tuning_run() {
    for sets in [
        &[
            "update.rule=\"reinforce\"",
            "update.normalize_std=false",
            "frost.selection=\"top-prob\"",
            "frost.scope=\"parent\"",
        ][..],
        &[
            "frost.selection=\"random\"",
            "frost.rounds=2",
            "update.aggregation=\"sequence\"",
        ][..],
        &[
            "frost.selection=\"taylor\"",
            "frost.d=8",
            "update.kl_beta=0.0",
        ][..],
    ] {
        let out = tmp("rules");
        let mut all = vec!["steps=1", "eval.every=0"];
        all.extend_from_slice(sets);
        train_run(&out, &all);
        let m = &jsonl(&out.join("metrics.jsonl"))[0];
        assert!(m["loss"].as_f64().unwrap().is_finite(), "{sets:?}: {m}");
        assert!(out
            .join("checkpoints/step-000001/adapter/adapter_model.safetensors")
            .exists());
    }
    // Full fine-tuning: the judge is a frozen copy; checkpoints hold the whole model; resume works.
    let out = tmp("fullft");
    train_run_with(
        &out,
        &["steps=1", "eval.every=0", "update.kl_beta=0.1"],
        false,
    );
    assert!(out
        .join("checkpoints/step-000001/model/model.safetensors")
        .exists());
    let o = run_cli(&["--resume", out.to_str().unwrap(), "--set", "steps=2"]);
    assert!(
        o.status.success(),
        "full-FT resume failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(jsonl(&out.join("metrics.jsonl")).len(), 2);
}

#[test]
fn schema_and_unknown_fields() {
    let o = run_cli(&["schema"]);
    assert!(o.status.success());
    let schema: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(
        schema["definitions"]["FrostSection"]["properties"]["tau"].is_object(),
        "{schema}"
    );
    let o = run_cli(&["--game", "x.wasm", "--set", "sampling.kk=3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("`sampling.kk`") && err.lines().count() == 1,
        "{err}"
    );
}

/// Sum over scored tokens of log p(token | earlier), computed directly with one forward.
fn direct_logp(m: &LoadedModel, ids: &[i64], scored: &[bool]) -> f64 {
    let t = Tensor::from_slice(ids).unsqueeze(0);
    let pos = Tensor::arange(ids.len() as i64, (Kind::Int64, tch::Device::Cpu)).unsqueeze(0);
    let lp = tch::no_grad(|| m.net.forward(Input::Ids(&t), &pos, None, None))
        .get(0)
        .log_softmax(-1, Kind::Float);
    (1..ids.len())
        .filter(|&p| scored[p])
        .map(|p| lp.double_value(&[p as i64 - 1, ids[p]]))
        .sum()
}

#[test]
fn judge_sums_weighted_terms_dedups_moves_and_counts_sequences() {
    let m = load(Kind::Float);
    let tok = &m.tokenizer;
    let (x, s) = ("The old king sees", " the red bird at dawn.");
    let seg = |c: SegmentContent, scored: bool| JudgeSegment { content: c, scored };
    // Contrast-like: 1.0 * nex(move | x) - 0.5 * nex(s | move) + 0.25 * nex(s) (a baseline).
    let prog = JudgeProgram {
        terms: vec![
            JudgeTerm {
                weight: 1.0,
                bos: true,
                segments: vec![
                    seg(SegmentContent::Text(x.into()), false),
                    seg(SegmentContent::Move, true),
                ],
            },
            JudgeTerm {
                weight: -0.5,
                bos: false,
                segments: vec![
                    seg(SegmentContent::Move, false),
                    seg(SegmentContent::Text(s.into()), true),
                ],
            },
            JudgeTerm {
                weight: 0.25,
                bos: true,
                segments: vec![seg(SegmentContent::Text(s.into()), true)],
            },
        ],
    };
    let cp = CompiledProgram::compile(&prog, tok, 3).unwrap();
    let a: Vec<u32> = tok.encode(" the dog")[..2]
        .iter()
        .chain(&tok.encode(" runs")[..1])
        .copied()
        .collect();
    let b: Vec<u32> = vec![a[2], a[1], a[0]];
    let mut budget = Budget::default();
    let got = judge::score(&m.net, &cp, &[a.clone(), a.clone(), b.clone()], &mut budget);
    assert_eq!(budget.forwards, 2 * 2, "2 distinct moves x 2 move terms");
    assert_eq!(got[0], got[1]);
    let bos = tok.bos_id().or(tok.eos_id()).unwrap() as i64;
    let ids = |t: &str| {
        tok.encode(t)
            .into_iter()
            .map(|x| x as i64)
            .collect::<Vec<i64>>()
    };
    for (mv, g) in [(&a, got[0]), (&b, got[2])] {
        let mv: Vec<i64> = mv.iter().map(|&t| t as i64).collect();
        let (xi, si) = (ids(x), ids(s));
        let t1: Vec<i64> = std::iter::once(bos)
            .chain(xi.clone())
            .chain(mv.clone())
            .collect();
        let sc1: Vec<bool> = (0..t1.len()).map(|p| p > xi.len()).collect();
        let t2: Vec<i64> = mv.iter().copied().chain(si.clone()).collect();
        let sc2: Vec<bool> = (0..t2.len()).map(|p| p >= mv.len()).collect();
        let t3: Vec<i64> = std::iter::once(bos).chain(si.clone()).collect();
        let sc3: Vec<bool> = (0..t3.len()).map(|p| p >= 1).collect();
        let want = direct_logp(&m, &t1, &sc1) - 0.5 * direct_logp(&m, &t2, &sc2)
            + 0.25 * direct_logp(&m, &t3, &sc3);
        assert!((g - want).abs() < 1e-3, "judge {g} vs direct {want}");
    }
}
