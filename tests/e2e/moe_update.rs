//! End-to-end tests: the routers' load-balancing loss in the update
//! (`update.router_aux_loss_coef`) on a tiny random Qwen3 MoE: resolved as transformers resolves
//! it, taken per micro-batch (each micro-batch's own loss weighted by its rows), and acting under
//! LoRA through the adapters upstream of the routers.

use frost_host::config::{ModelInit, TrainConfig};
use frost_host::model::{self, load_balancing_loss, Input, LoraConfig};
use frost_host::seeds::{derive_seed, DEAL};
use frost_host::train::{optimizer, setup, train_step, Setup, StepOut};
use tch::Tensor;

use crate::fixture::{fixture, jsonl, test_config, tmp, train_run_with};
use crate::moe::{fixtures, tiny_qwen3_moe_shape};
use crate::qwen3_5::{load_dir, positions};

/// Step-1 `loss` of a 2-step Frost run on a tiny random Qwen3 MoE whose config.json says
/// `extra` (merged into the shape), with `sets` on the command line.
fn first_losses(tag: &str, extra: serde_json::Value, sets: &[&str], lora: bool) -> Vec<f64> {
    let shape = tiny_qwen3_moe_shape();
    let p = shape.join("config.json");
    let mut cfg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    for (k, v) in extra.as_object().unwrap() {
        cfg[k] = v.clone();
    }
    let dir = tmp(&format!("moe-aux-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.json"), cfg.to_string()).unwrap();
    let out = tmp(&format!("moe-aux-{tag}-run"));
    let (model, tok) = (
        format!("model.path=\"{}\"", dir.display()),
        format!("model.tokenizer=\"{}\"", fixture().model.display()),
    );
    let mut all = vec![
        "steps=2",
        "eval.every=0",
        "model.init=\"random\"",
        &model,
        &tok,
    ];
    all.extend(sets);
    all.extend(["run.checkpoint_every=0", "run.samples_every=0"]);
    train_run_with(&out, &all, lora);
    (jsonl(&out.join("metrics.jsonl")).iter())
        .map(|s| s["loss"].as_f64().unwrap())
        .collect()
}

/// The load-balancing term enters the loss (step 1, the same batch: the loss grows by coef *
/// aux, aux in (0, E * k]); absent, the checkpoint's config.json decides as transformers does
/// (`output_router_logits`), and off means exactly the run without it.
#[test]
fn a_step_adds_the_router_loss_as_configured() {
    let none = serde_json::json!({});
    let on = serde_json::json!({"output_router_logits": true, "router_aux_loss_coef": 0.5});
    let plain = first_losses("plain", none.clone(), &[], false);
    let off = first_losses(
        "off",
        on.clone(),
        &["update.router_aux_loss_coef=0.0"],
        false,
    );
    assert_eq!(plain, off, "coefficient 0 is the run without the term");
    let set = first_losses("set", none, &["update.router_aux_loss_coef=0.5"], false);
    let from_config = first_losses("config", on, &[], false);
    assert_eq!(
        set, from_config,
        "config.json's coefficient, as transformers reads it"
    );
    let aux = (set[0] - plain[0]) / 0.5;
    assert!(
        aux > 0.0 && aux <= 4.0 * 2.0,
        "aux {aux}: {set:?} vs {plain:?}"
    );
}

/// The test config on the tiny random Qwen3 MoE (2 assignments x 4 moves: 8 rows), with the
/// routers' loss at `coef` and `micro_batch` rows per micro-batch.
fn moe_config(lora: bool, coef: f64, micro_batch: usize) -> TrainConfig {
    let mut c = test_config(lora);
    c.model.init = ModelInit::Random;
    c.model.path = tiny_qwen3_moe_shape().display().to_string();
    c.model.tokenizer = fixture().model.display().to_string();
    c.run.threads = 1;
    c.update.router_aux_loss_coef = Some(coef);
    c.update.micro_batch = micro_batch;
    c
}

/// Step 1 of a fresh setup of `c`.
fn step_one(c: &TrainConfig) -> StepOut {
    let mut s = setup(c).unwrap();
    let mut opt = optimizer(&s);
    train_step(&mut s, &mut opt, 1, false).unwrap()
}

/// The update's rows of step 1 in its order (each assignment's final group, member by member):
/// prompt, banned mask, move; the assignments dealt again from the step's seeds.
struct Rows {
    prompts: Vec<Vec<i64>>,
    banned: Vec<Tensor>,
    moves: Vec<Vec<u32>>,
}

fn update_rows(s: &mut Setup, out: &StepOut) -> Rows {
    let mut rows = Rows {
        prompts: Vec::new(),
        banned: Vec::new(),
        moves: Vec::new(),
    };
    for (i, a) in out.samples.assignments.iter().enumerate() {
        let seed = derive_seed(s.cfg.seed, 1, DEAL, i as u64);
        let asg = (s.dealer)
            .deal(&s.model.tokenizer, &s.train_split, seed)
            .unwrap();
        for m in &a.moves {
            rows.prompts.push(asg.prompt_ids.clone());
            rows.banned.push(asg.banned.shallow_clone());
            rows.moves.push(m.move_ids.clone());
        }
    }
    rows
}

/// The load-balancing loss of rows `at` as the update's forward routes them (the policy's
/// teacher-forced pass over prompt and move, a graph recorded as in the update).
fn aux_of(s: &Setup, rows: &Rows, at: std::ops::Range<usize>) -> f64 {
    let net = &s.model.net;
    let moves = model::moves_tensor(&rows.moves[at.clone()], net.device());
    let banned = Tensor::stack(&rows.banned[at.clone()], 0);
    let temp = s.cfg.sampling.temperature;
    let (_, logs) = net.record_router_logits(|| {
        model::move_logprobs(net, &rows.prompts[at], &moves, &banned, temp)
    });
    let d = net.config().moe_dims();
    load_balancing_loss(&logs, d.num_experts, d.top_k).double_value(&[])
}

/// `update.micro_batch` splits the load-balancing term: the step's is each micro-batch's own
/// loss over its own tokens, weighted by its share of the rows (transformers' per micro-batch
/// loss), read off the logged loss as (loss at coef c - loss at coef 0) / c and recomputed
/// from the step's rows. Splits within a group (3) and down to single rows (1) give other
/// values than the whole batch (0), since the loss is a product of two means.
#[test]
fn the_router_loss_is_each_micro_batchs_own_weighted_by_its_rows() {
    let c = 0.5;
    let mut fresh = setup(&moe_config(false, c, 0)).unwrap();
    let mut rows = None;
    let mut expected = Vec::new();
    for micro_batch in [0usize, 3, 1] {
        let with = step_one(&moe_config(false, c, micro_batch));
        let without = step_one(&moe_config(false, 0.0, micro_batch));
        let measured = (with.metrics.update.loss - without.metrics.update.loss) / c;
        let rows = rows.get_or_insert_with(|| update_rows(&mut fresh, &with));
        let n = rows.moves.len();
        assert_eq!(n, 8);
        let chunk = if micro_batch == 0 { n } else { micro_batch };
        let want: f64 = (0..n)
            .step_by(chunk)
            .map(|at| {
                let len = chunk.min(n - at);
                aux_of(&fresh, rows, at..at + len) * len as f64 / n as f64
            })
            .sum();
        // Loss figures of ~1 summed from f32 parts (each ~1e-7 relative): 1e-5 is far above
        // their rounding and 10x below the splits' differences asserted below.
        assert!(
            (measured - want).abs() < 1e-5 * want.max(1.0),
            "micro_batch {micro_batch}: the step's term {measured}, per micro-batch {want}"
        );
        expected.push(want);
    }
    // At random init the routers are near uniform (the term is near top_k = 2 at any split),
    // so the splits move it by ~1e-3 (measured 9e-4 and 3.7e-3): 10x the bound above.
    let (whole, by_three, by_row) = (expected[0], expected[1], expected[2]);
    let moved = 10.0 * 1e-5 * whole;
    assert!(
        (by_three - whole).abs() > moved && (by_row - whole).abs() > moved,
        "the splits did not change the term: {expected:?}"
    );
}

/// Under LoRA the routers are frozen, but the load-balancing loss still trains: its gradient
/// reaches the adapters upstream of every router through the hidden states. On the model: the
/// loss's gradient w.r.t. the attention adapters is nonzero; in a step: the term enters the
/// loss (its batch's load-balancing loss, recomputed) and the gradient (its norm differs from
/// the run without the term, as under full fine-tuning).
#[test]
fn under_lora_the_router_loss_trains_the_adapters_upstream_of_the_routers() {
    let mut lora = LoraConfig::new(2, 4.0);
    lora.target_modules = vec!["q_proj".into(), "v_proj".into()];
    let m = load_dir(&fixtures().join("qwen3_moe"), Some(lora));
    tch::manual_seed(5);
    for (name, t) in crate::fixture::by_name(&m.vs) {
        if name.contains(".lora_B.") {
            tch::no_grad(|| t.shallow_clone().copy_(&(t.randn_like() * 0.2)));
        }
    }
    let ids = Tensor::from_slice(&[3i64, 17, 40, 5, 66, 12, 9, 71, 30, 2, 44, 8]).view([2, 6]);
    let ((), logs) = m.net.record_router_logits(|| {
        let _ = m
            .net
            .forward(Input::Ids(&ids), &positions(2, 0, 6), None, None);
    });
    let d = m.config.moe_dims();
    load_balancing_loss(&logs, d.num_experts, d.top_k).backward();
    let mut reached = 0;
    for (name, t) in crate::fixture::by_name(&m.vs) {
        if name.contains("lora_") {
            let g = t.grad();
            assert!(g.defined(), "{name}: no gradient");
            let norm = g.norm().double_value(&[]);
            assert!(norm > 1e-6, "{name}: gradient norm {norm}");
            reached += 1;
        } else {
            assert!(!t.requires_grad(), "{name} is trained under LoRA");
        }
    }
    // q_proj and v_proj of 4 layers, A and B each.
    assert_eq!(reached, 16);

    let c = 0.5;
    let mut fresh = setup(&moe_config(true, c, 0)).unwrap();
    let (with, without) = (
        step_one(&moe_config(true, c, 0)),
        step_one(&moe_config(true, 0.0, 0)),
    );
    let full = (
        step_one(&moe_config(false, c, 0)),
        step_one(&moe_config(false, 0.0, 0)),
    );
    let lora_aux = (with.metrics.update.loss - without.metrics.update.loss) / c;
    let rows = update_rows(&mut fresh, &with);
    let want = aux_of(&fresh, &rows, 0..rows.moves.len());
    assert!(
        (lora_aux - want).abs() < 1e-5 * want,
        "the LoRA step's term {lora_aux}, its batch's loss {want}"
    );
    for (what, a, b) in [("LoRA", &with, &without), ("full", &full.0, &full.1)] {
        let (g1, g0) = (a.metrics.update.grad_norm, b.metrics.update.grad_norm);
        assert!(
            (g1 - g0).abs() > 1e-4 * g0,
            "{what}: the term left the gradient as it was: norm {g1} vs {g0}"
        );
    }
}
