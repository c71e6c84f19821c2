//! End-to-end tests: Frost's parts on Qwen3.5 against `transformers` and `peft` (via
//! tests/fixtures/family_check.py): the judge's exact score and Taylor gradient through linear
//! attention, LoRA gradients on every projection (`all-linear`), the PEFT adapter's keys with the
//! checkpoint's real prefix, and a merged save that stays a valid multimodal checkpoint.

use std::collections::HashMap;
use std::path::Path;

use frost_host::judge::{self, Budget, CompiledProgram, Taylor};
use frost_host::model::{Input, LoadedModel, LoraConfig};
use tch::{Kind, Tensor};

use crate::common::{self, max_diff};
use crate::judge::infill_program;
use crate::qwen3_5::{checkpoint, load, logits_of, positions, scratch as tmp};

/// Runs family_check.py on one job, the model in f32; returns its output tensors.
pub(crate) fn check(
    kind: &str,
    model: &Path,
    adapter: Option<&Path>,
    input: &[(&str, Tensor)],
) -> HashMap<String, Tensor> {
    check_in("f32", kind, model, adapter, input)
}

/// [`check`] with the model loaded in `dtype` ("f32" or "bf16").
pub(crate) fn check_in(
    dtype: &str,
    kind: &str,
    model: &Path,
    adapter: Option<&Path>,
    input: &[(&str, Tensor)],
) -> HashMap<String, Tensor> {
    let dir = tmp("family-check");
    let (inp, out) = (dir.join("in.safetensors"), dir.join("out.safetensors"));
    Tensor::write_safetensors(input, &inp).unwrap();
    let job = serde_json::json!([{
        "kind": kind,
        "dtype": dtype,
        "model": model,
        "adapter": adapter,
        "input": inp,
        "output": out,
    }]);
    let jobs = dir.join("jobs.json");
    std::fs::write(&jobs, job.to_string()).unwrap();
    common::run_python("family_check.py", &[jobs.to_str().unwrap()]);
    Tensor::read_safetensors(&out)
        .unwrap()
        .into_iter()
        .collect()
}

/// Every adapter tensor's gradient in `vs` equals peft's in `theirs` (family_check.py's
/// `lora_grads`, keyed `base_model.model.NAME`), within 1e-4 of its scale, and none is left
/// uncompared; `what` prefixes the message.
pub(crate) fn assert_adapter_grads_match(
    vs: &tch::nn::VarStore,
    theirs: &HashMap<String, Tensor>,
    what: &str,
) {
    let mut n = 0;
    for (name, t) in crate::fixture::by_name(vs) {
        if !name.contains("lora_") {
            continue;
        }
        let peft = &theirs[&format!("base_model.model.{name}")];
        let d = max_diff(&t.grad(), peft);
        let scale = peft.abs().max().double_value(&[]).max(1.0);
        assert!(
            d < 1e-4 * scale,
            "{what}{name}: gradient differs by {d} (scale {scale})"
        );
        n += 1;
    }
    assert_eq!(n, theirs.len(), "{what}every adapter tensor compared");
}

/// The judge on `m` (an infilling program over the fixture vocabulary: 6 prefix tokens, a
/// 4-token move, 6 scored suffix tokens; the reference and one other parent), and the same
/// sequences for transformers (family_check.py's `judge` inputs): BOS, prefix (unscored), move
/// and suffix (scored). Returns (exact scores, the Taylor proposal, those inputs).
pub(crate) fn judge_case(m: &LoadedModel) -> (Vec<f64>, Taylor, Vec<(&'static str, Tensor)>) {
    let words: Vec<String> = (0..20).map(|i| format!("w{}", (i * 7 + 3) % 76)).collect();
    let (prog, reference, prefix) = infill_program(m, &words.join(" "), 6, 4, 6);
    let cp = CompiledProgram::compile(&prog, &m.tokenizer, 4).unwrap();
    let parents = vec![reference.clone(), vec![10u32, 20, 30, 40]];
    let mut budget = Budget::default();
    let exact = judge::score(&m.net, &cp, &parents, &mut budget);
    let tay = judge::taylor_proposal(&m.net, &cp, &parents, &mut budget);
    let bos = m.tokenizer.bos_id().or(m.tokenizer.eos_id()).unwrap() as i64;
    let suffix: Vec<i64> = (m.tokenizer.encode(&words.join(" ")).iter())
        .skip(10)
        .take(6)
        .map(|&t| t as i64)
        .collect();
    let rows: Vec<Vec<i64>> = (parents.iter())
        .map(|p| {
            let mut r = vec![bos];
            r.extend(&prefix);
            r.extend(p.iter().map(|&t| t as i64));
            r.extend(&suffix);
            r
        })
        .collect();
    let t = rows[0].len() as i64;
    let ids = Tensor::from_slice(&rows.concat()).view([2, t]);
    let scored: Vec<i64> = (0..t).map(|i| i64::from(i >= 7)).collect();
    let scored = Tensor::from_slice(&scored).unsqueeze(0).repeat([2, 1]);
    let move_at = Tensor::from_slice(&[7i64, 4]);
    let inputs = vec![("ids", ids), ("scored", scored), ("move", move_at)];
    (exact, tay, inputs)
}

#[test]
fn judge_scores_and_taylor_gradients_through_linear_attention_match_transformers() {
    let m = load("multimodal", None);
    let (exact, tay, inputs) = judge_case(&m);
    let r = check("judge", &checkpoint("multimodal"), None, &inputs);
    for (k, (ours, taylor)) in exact.iter().zip(&tay.score).enumerate() {
        // A sum of 10 f32 log-probs of ~-12 each: compared at 1e-5 of its size (~1e-3).
        let want = r["score"].double_value(&[k as i64]);
        let tol = 1e-5 * want.abs().max(1.0);
        assert!((ours - want).abs() < tol, "score {k}: {ours} vs {want}");
        assert!((taylor - want).abs() < tol, "taylor score {k}: {taylor}");
    }
    // Entries up to ~100 through 4 f32 layers: compared at 5e-4 of the largest (measured 1.5e-4).
    let d = crate::qwen3_5::rel_diff(&tay.grad, &r["grad"]);
    assert!(
        d < 5e-4,
        "Taylor gradient differs from transformers' by {d} of its scale"
    );
}

/// A LoRA model of `targets` with random (trained-looking) adapters.
fn trained_lora(targets: &[&str]) -> frost_host::model::LoadedModel {
    let mut lora = LoraConfig::new(2, 4.0);
    lora.target_modules = targets.iter().map(|s| s.to_string()).collect();
    let m = load("multimodal", Some(lora));
    tch::manual_seed(9);
    for (name, t) in crate::fixture::by_name(&m.vs) {
        if name.contains(".lora_B.") {
            tch::no_grad(|| t.shallow_clone().copy_(&(t.randn_like() * 0.2)));
        }
    }
    m
}

#[test]
fn lora_targets_default_to_attention_and_mlps_and_all_linear_adds_linear_attention() {
    let default = load("multimodal", Some(LoraConfig::new(2, 4.0)));
    let names: Vec<String> = default.vs.variables().into_keys().collect();
    let adapted =
        |m: &[String], part: &str| m.iter().any(|n| n.contains(part) && n.contains("lora_A"));
    assert!(adapted(&names, "self_attn.q_proj") && adapted(&names, "mlp.down_proj"));
    assert!(
        !adapted(&names, "linear_attn."),
        "the default adapts no linear attention"
    );
    let all = trained_lora(&[LoraConfig::ALL_LINEAR]);
    let names: Vec<String> = all.vs.variables().into_keys().collect();
    for p in LoraConfig::LINEAR_ATTENTION_TARGETS {
        assert!(adapted(&names, &format!("linear_attn.{p}")), "{p}");
    }
    // An unknown name is refused in one line naming the field.
    let mut bad = LoraConfig::new(2, 4.0);
    bad.target_modules = vec!["qkv_proj".into()];
    let err = frost_host::model::LoadedModel::load(
        &checkpoint("multimodal"),
        &frost_host::model::LoadOptions {
            lora: Some(bad),
            ..frost_host::model::LoadOptions::cpu()
        },
    )
    .err()
    .unwrap()
    .to_string();
    assert!(
        err.contains("lora.target_modules") && !err.contains('\n'),
        "{err}"
    );
}

#[test]
fn lora_gradients_and_the_exported_adapter_match_peft_with_the_multimodal_prefix() {
    let m = trained_lora(&[LoraConfig::ALL_LINEAR]);
    let adapter = tmp("q35-adapter");
    m.save_adapter(&adapter).unwrap();
    let keys: Vec<String> = Tensor::read_safetensors(adapter.join("adapter_model.safetensors"))
        .unwrap()
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    let want =
        "base_model.model.model.language_model.layers.0.linear_attn.in_proj_qkv.lora_A.weight";
    assert!(keys.iter().any(|k| k == want), "{keys:?}");
    let cfg: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(adapter.join("adapter_config.json")).unwrap(),
    )
    .unwrap();
    let targets = cfg["target_modules"].as_array().unwrap();
    assert!(
        !targets.iter().any(|t| t == LoraConfig::ALL_LINEAR),
        "spelled out: {targets:?}"
    );

    let ids = Tensor::from_slice(&[3i64, 17, 40, 5, 66, 12, 9, 71, 30, 2, 44, 8]).view([2, 6]);
    tch::manual_seed(4);
    let w = Tensor::randn([2, 6, 96], (Kind::Float, tch::Device::Cpu));
    let logits = m
        .net
        .forward(Input::Ids(&ids), &positions(2, 0, 6), None, None);
    (&logits * &w).sum(Kind::Float).backward();
    let r = check(
        "lora_grads",
        &checkpoint("multimodal"),
        Some(&adapter),
        &[("ids", ids.shallow_clone()), ("w", w)],
    );
    assert_adapter_grads_match(&m.vs, &r, "");
    // The adapter loaded by peft gives Frost's logits.
    let r = check(
        "logits",
        &checkpoint("multimodal"),
        Some(&adapter),
        &[("ids", ids.shallow_clone())],
    );
    let d = max_diff(&logits_of(&m.net, &ids), &r["logits"]);
    assert!(d < 1e-4, "peft-loaded adapter logits differ by {d}");
}

#[test]
fn a_merged_save_stays_a_multimodal_checkpoint_transformers_loads() {
    let mut m = trained_lora(&["q_proj", "in_proj_z", "out_proj"]);
    let ids = Tensor::from_slice(&[3i64, 17, 40, 5, 66, 12]).view([1, 6]);
    let before = logits_of(&m.net, &ids);
    assert!(m.merge_adapters().unwrap() > 0);
    let dir = tmp("q35-merged");
    m.save_pretrained(&dir).unwrap();
    let saved: Vec<String> = Tensor::read_safetensors(dir.join("model.safetensors"))
        .unwrap()
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert!(
        saved.iter().any(|k| k.starts_with("model.visual.")),
        "vision tower kept"
    );
    assert!(saved.iter().any(|k| k.starts_with("mtp.")), "mtp kept");
    let cfg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("config.json")).unwrap()).unwrap();
    assert_eq!(cfg["architectures"][0], "Qwen3_5ForConditionalGeneration");
    assert_eq!(cfg["text_config"]["model_type"], "qwen3_5_text");
    let r = check("logits", &dir, None, &[("ids", ids)]);
    let d = max_diff(&before, &r["logits"]);
    assert!(d < 1e-4, "the merged checkpoint's logits differ by {d}");
}

/// A folder holding only the config.json of a tiny multimodal Qwen3.5 (4 layers: linear, full,
/// linear, full) over the fixture tokenizer's vocabulary, for `model.init = "random"`.
pub(crate) fn tiny_qwen3_5_shape() -> std::path::PathBuf {
    let dir = crate::fixture::tmp("q35-shape");
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = serde_json::json!({
        "architectures": ["Qwen3_5ForConditionalGeneration"],
        "model_type": "qwen3_5",
        "tie_word_embeddings": true,
        "text_config": {
            "model_type": "qwen3_5_text",
            "vocab_size": 320, "hidden_size": 64, "intermediate_size": 96,
            "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2,
            "head_dim": 32, "linear_num_key_heads": 2, "linear_num_value_heads": 4,
            "linear_key_head_dim": 16, "linear_value_head_dim": 8, "linear_conv_kernel_dim": 4,
            "full_attention_interval": 2, "max_position_embeddings": 512,
            "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0,
                                "partial_rotary_factor": 0.25}
        },
        "vision_config": {"depth": 1, "hidden_size": 32, "num_heads": 2, "out_hidden_size": 64}
    });
    std::fs::write(dir.join("config.json"), cfg.to_string()).unwrap();
    dir
}

#[test]
fn frost_and_grpo_runs_train_a_tiny_random_qwen3_5() {
    let names = frost_and_grpo_runs_train(&tiny_qwen3_5_shape(), "q35");
    let q = "model.language_model.layers.1.self_attn.q_proj.lora_A";
    assert!(names.iter().any(|n| n.contains(q)), "{names:?}");
}

/// A 3-step Frost run and a 3-step GRPO run of `model.init = "random"` on the shape in `shape`
/// (a folder holding its config.json) with the fixture's tokenizer: three finite steps each,
/// starting at the reference and moving away from it. Returns the names in the Frost run's
/// last adapter, which say what was trained.
pub(crate) fn frost_and_grpo_runs_train(shape: &Path, tag: &str) -> Vec<String> {
    use crate::fixture::{fixture, jsonl, tmp, train_run};
    let model_set = format!("model.path=\"{}\"", shape.display());
    let tok_set = format!("model.tokenizer=\"{}\"", fixture().model.display());
    let mut names = vec![];
    for (name, refinement) in [("frost", "frost"), ("grpo", "none")] {
        // Beside the fixture model, so that no family's reference script need run.
        let out = tmp(&format!("{tag}-{name}"));
        let ref_set = format!("frost.refinement=\"{refinement}\"");
        train_run(
            &out,
            &[
                "steps=3",
                "eval.every=0",
                "model.init=\"random\"",
                &model_set,
                &tok_set,
                &ref_set,
                "update.kl_beta=0.1",
                "update.kl_estimator=\"exact\"",
            ],
        );
        let m = jsonl(&out.join("metrics.jsonl"));
        assert_eq!(m.len(), 3, "{tag} {name}");
        // Step 1 starts at the reference (LoRA B = 0), later steps have moved.
        assert!(
            m[0]["kl"].as_f64().unwrap().abs() < 1e-6,
            "{tag} {name}: {}",
            m[0]
        );
        for s in &m {
            let r = s["sampled/mean"].as_f64().unwrap();
            assert!(r.is_finite(), "{tag} {name}: {s}");
        }
        assert!(m[2]["kl"].as_f64().unwrap() > 0.0, "{tag} {name}: {}", m[2]);
        if name == "frost" {
            let ckpts = frost_host::run::checkpoints::Checkpoints::new(out.join("checkpoints"));
            let file = ckpts
                .latest()
                .unwrap()
                .join("adapter/adapter_model.safetensors");
            names = (Tensor::read_safetensors(file).unwrap().into_iter())
                .map(|t| t.0)
                .collect();
        }
    }
    names
}
