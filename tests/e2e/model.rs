//! End-to-end tests: model. The Qwen3 engine against Hugging Face `transformers` and `peft`
//! (golden logits, greedy decoding, adapters), gradient checks, bf16, chunked layer states.
//! Sampling is in `sampling.rs`, loading errors and the tokenizer in `model_loading.rs`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::model::{
    move_logprobs, save_pretrained, CausalLm, Input, LoadOptions, LoadedModel, LoraConfig,
    ModelConfig, SampleRequest, SamplingParams, Tok,
};
use tch::nn::OptimizerConfig;
use tch::{nn, Device, Kind, Tensor};

use crate::common::{self, max_diff};

/// The tokens of `model::sample` with the KV cache (what training runs).
pub(crate) fn sample(
    net: &CausalLm,
    prompts: &[Vec<i64>],
    k: usize,
    l: usize,
    params: &SamplingParams,
    banned: &Tensor,
    seed: u64,
) -> Tensor {
    frost_host::model::sample(
        net,
        &SampleRequest::new(prompts, k, l, params, banned, &seeds(seed, prompts.len())),
    )
    .expect("a legal token at every position")
    .tokens
}

/// The tokens of `model::sample` recomputing the whole sequence at every step.
pub(crate) fn sample_no_cache(
    net: &CausalLm,
    prompts: &[Vec<i64>],
    k: usize,
    l: usize,
    params: &SamplingParams,
    banned: &Tensor,
    seed: u64,
) -> Tensor {
    let seeds = seeds(seed, prompts.len());
    let mut req = SampleRequest::new(prompts, k, l, params, banned, &seeds);
    req.use_cache = false;
    frost_host::model::sample(net, &req).unwrap().tokens
}

/// One seed per prompt, from a test's seed.
pub(crate) fn seeds(seed: u64, n: usize) -> Vec<u64> {
    (0..n as u64).map(|b| seed * 1000 + b).collect()
}

pub(crate) const VARIANTS: [&str; 2] = ["gqa_tied_nested", "untied_toplevel"];
/// The fixture tokenizer knows 80 tokens; the embeddings have 96 rows.
pub(crate) const TOK_VOCAB: i64 = 80;
pub(crate) const EMB_VOCAB: i64 = 96;

/// Tiny checkpoints and transformers' outputs, written once per test process by
/// tests/fixtures/qwen3_reference.py into a folder of its own (several people may run the
/// tests at once in one tree); folders of processes that are gone are removed.
pub(crate) fn fixtures() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("qwen3_ref");
        for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.parse::<u32>().is_ok() && !Path::new("/proc").join(&name).exists() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let dir = base.join(std::process::id().to_string());
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        common::run_python("qwen3_reference.py", &[dir.to_str().unwrap()]);
        dir
    })
}

pub(crate) fn refs(variant: &str) -> HashMap<String, Tensor> {
    Tensor::read_safetensors(fixtures().join(variant).join("refs.safetensors"))
        .unwrap()
        .into_iter()
        .collect()
}

pub(crate) fn load(variant: &str, lora: Option<LoraConfig>) -> LoadedModel {
    let opts = LoadOptions {
        lora,
        ..LoadOptions::cpu()
    };
    LoadedModel::load(&fixtures().join(variant), &opts).unwrap()
}

pub(crate) fn positions(b: i64, t: i64) -> Tensor {
    Tensor::arange(t, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b, t], false)
}

pub(crate) fn logits_of(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    tch::no_grad(|| net.forward(Input::Ids(ids), &positions(b, t), None, None))
}

/// The two prompts of the padded reference batch (lengths 7 and 4).
pub(crate) fn ref_prompts(r: &HashMap<String, Tensor>) -> Vec<Vec<i64>> {
    let ids = &r["pad_ids"];
    let mask = &r["pad_mask"];
    (0..2)
        .map(|b| {
            let row: Vec<i64> = Vec::try_from(ids.get(b)).unwrap();
            let m: Vec<i64> = Vec::try_from(mask.get(b)).unwrap();
            row.into_iter()
                .zip(m)
                .filter(|(_, m)| *m == 1)
                .map(|(t, _)| t)
                .collect()
        })
        .collect()
}

pub(crate) fn no_ban(n: i64) -> Tensor {
    Tensor::zeros([n, EMB_VOCAB], (Kind::Bool, Device::Cpu))
}

#[test]
fn logits_match_transformers_for_ids_embeddings_and_left_padding() {
    for variant in VARIANTS {
        let m = load(variant, None);
        let r = refs(variant);
        assert_eq!(m.tokenizer.vocab_size() as i64, TOK_VOCAB);
        assert_eq!(m.net.token_limit(), TOK_VOCAB);

        let d = max_diff(&logits_of(&m.net, &r["ids"]), &r["logits_ids"]);
        assert!(d <= 1e-4, "{variant}: ids logits differ by {d}");

        let emb = &r["embeds"];
        let out = tch::no_grad(|| {
            m.net
                .forward(Input::Embeds(emb), &positions(2, 7), None, None)
        });
        let d = max_diff(&out, &r["logits_embeds"]);
        assert!(d <= 1e-4, "{variant}: embeds logits differ by {d}");

        let mask = r["pad_mask"].to_kind(Kind::Bool);
        let out = tch::no_grad(|| {
            m.net
                .forward(Input::Ids(&r["pad_ids"]), &r["pad_pos"], Some(&mask), None)
        });
        // Only real positions are defined; row 1 has 3 padding positions on the left.
        let d0 = max_diff(&out.get(0), &r["logits_pad"].get(0));
        let d1 = max_diff(
            &out.get(1).narrow(0, 3, 4),
            &r["logits_pad"].get(1).narrow(0, 3, 4),
        );
        assert!(
            d0.max(d1) <= 1e-4,
            "{variant}: left-padded logits differ by {d0} / {d1}"
        );
        // The padded row equals the same prompt run alone.
        let alone = logits_of(&m.net, &r["ids"].get(1).narrow(0, 3, 4).unsqueeze(0));
        let d = max_diff(&out.get(1).narrow(0, 3, 4), &alone.get(0));
        assert!(d <= 1e-4, "{variant}: padding changes the logits by {d}");
    }
}

#[test]
fn greedy_with_cache_equals_recomputation_and_transformers_generate() {
    for variant in VARIANTS {
        let m = load(variant, None);
        let r = refs(variant);
        let prompts = ref_prompts(&r);
        let p = SamplingParams::greedy();
        let cached = sample(&m.net, &prompts, 1, 6, &p, &no_ban(2), 0);
        let full = sample_no_cache(&m.net, &prompts, 1, 6, &p, &no_ban(2), 0);
        assert_eq!(
            Vec::<i64>::try_from(cached.flatten(0, -1)).unwrap(),
            Vec::<i64>::try_from(full.flatten(0, -1)).unwrap(),
            "{variant}: cache vs full"
        );
        assert_eq!(
            Vec::<i64>::try_from(cached.flatten(0, -1)).unwrap(),
            Vec::<i64>::try_from(r["greedy"].flatten(0, -1)).unwrap(),
            "{variant}: ours vs transformers generate"
        );
        // K samples per prompt are laid out prompt-major.
        let k3 = sample(&m.net, &prompts, 3, 6, &p, &no_ban(2), 0);
        assert!(k3.get(4).equal(&cached.get(1)) && k3.get(0).equal(&cached.get(0)));
    }
}

/// Gradients of `f`'s output summed, for every trainable variable (zeroed first).
pub(crate) fn grads_of(m: &LoadedModel, f: impl Fn() -> Tensor) -> Vec<Tensor> {
    let vars = m.trainable_variables();
    for v in &vars {
        let mut g = v.grad();
        if g.defined() {
            let _ = g.zero_();
        }
    }
    f().sum(Kind::Float).backward();
    vars.iter().map(|v| v.grad().copy()).collect()
}

/// Next-token cross-entropy on fixed ids: the "tiny loss" the adapter is trained on.
pub(crate) fn lm_loss(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    let logits = net.forward(Input::Ids(ids), &positions(b, t), None, None);
    logits
        .narrow(1, 0, t - 1)
        .reshape([-1, EMB_VOCAB])
        .cross_entropy_for_logits(&ids.narrow(1, 1, t - 1).reshape([-1]))
}

pub(crate) fn write_ids(path: &Path, ids: &Tensor) {
    Tensor::write_safetensors(&[("ids", ids)], path).unwrap();
}

#[test]
fn lora_trains_only_adapters_roundtrips_through_peft_and_switches_off_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let variant = "gqa_tied_nested";
    let base = load(variant, None);
    let lora = LoraConfig::new(4, 8.0);
    let m = load(variant, Some(lora.clone()));
    let ids = refs(variant)["ids"].shallow_clone();
    let base_logits = logits_of(&base.net, &ids);

    // Full fine-tuning trains every parameter; LoRA only A and B (2 per projection).
    assert_eq!(base.trainable_variables().len(), base.vs.variables().len());
    assert_eq!(m.trainable_variables().len(), 2 * 7 * 2);
    // B starts at zero: a fresh adapter is the base model.
    assert!(logits_of(&m.net, &ids).equal(&base_logits));

    let mut opt = nn::AdamW::default().build(&m.vs, 1e-2).unwrap();
    for step in 0..5 {
        let loss = lm_loss(&m.net, &ids);
        opt.zero_grad();
        loss.backward();
        // Base weights never get a gradient. B gets one from the first step; A only once B is
        // non-zero (its gradient goes through B), so from the second step.
        for (name, t) in crate::fixture::by_name(&m.vs) {
            let is_lora = name.contains(".lora_");
            assert_eq!(t.requires_grad(), is_lora, "{name}");
            if !is_lora {
                assert!(!t.grad().defined(), "{name} received a gradient");
            } else if step == 1 || name.contains(".lora_B.") {
                let g = t.grad().abs().sum(Kind::Double).double_value(&[]);
                assert!(g > 0.0, "{name} has no gradient at step {step}");
            }
        }
        opt.step();
    }
    let tuned = logits_of(&m.net, &ids);
    assert!(
        max_diff(&tuned, &base_logits) > 1e-2,
        "training did not move the logits"
    );
    m.net.set_adapters_enabled(false);
    assert!(
        logits_of(&m.net, &ids).equal(&base_logits),
        "adapters off must be the exact base"
    );
    m.net.set_adapters_enabled(true);

    // Our own round trip, then PEFT's.
    let adapter = tmp.path().join("adapter");
    m.save_adapter(&adapter).unwrap();
    let cfg: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(adapter.join("adapter_config.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(cfg["peft_type"], "LORA");
    assert_eq!(cfg["task_type"], "CAUSAL_LM");
    let keys: Vec<String> = Tensor::read_safetensors(adapter.join("adapter_model.safetensors"))
        .unwrap()
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert!(keys.contains(&"base_model.model.model.layers.0.self_attn.q_proj.lora_A.weight".into()));
    let mut again = load(variant, Some(lora));
    again.load_adapter(&adapter).unwrap();
    assert!(logits_of(&again.net, &ids).equal(&tuned));

    // A new full model written by save_pretrained (the pretraining path) must load in
    // transformers too: random untied GQA config, fixture tokenizer.
    let cfg = ModelConfig::new(EMB_VOCAB, 32, 48, 2, 4, 2, 12, false);
    let vs = nn::VarStore::new(Device::Cpu);
    let net = CausalLm::new(vs.root(), &cfg, None).unwrap();
    let tok = Tok::from_dir(&fixtures().join(variant)).unwrap();
    let fresh = tmp.path().join("fresh");
    save_pretrained(&cfg, &vs, &tok, &fresh).unwrap();
    let reloaded = LoadedModel::load(&fresh, &LoadOptions::cpu()).unwrap();
    let fresh_logits = logits_of(&net, &ids);
    assert!(logits_of(&reloaded.net, &ids).equal(&fresh_logits));
    assert_eq!(reloaded.tokenizer.eos_id(), tok.eos_id());

    let input = tmp.path().join("ids.safetensors");
    write_ids(&input, &ids);
    let jobs = serde_json::json!([
        { "model": fixtures().join(variant), "adapter": adapter, "input": input,
          "output": tmp.path().join("peft.safetensors") },
        { "model": fresh, "adapter": null, "input": input,
          "output": tmp.path().join("fresh.safetensors") },
    ]);
    let jobs_path = tmp.path().join("jobs.json");
    std::fs::write(&jobs_path, jobs.to_string()).unwrap();
    common::run_python("qwen3_check.py", &[jobs_path.to_str().unwrap()]);
    let read = |f: &str| {
        Tensor::read_safetensors(tmp.path().join(f))
            .unwrap()
            .remove(0)
            .1
    };
    let d = max_diff(&read("peft.safetensors"), &tuned);
    assert!(d <= 1e-4, "peft logits differ by {d}");
    let d = max_diff(&read("fresh.safetensors"), &fresh_logits);
    assert!(
        d <= 1e-4,
        "transformers on our save_pretrained differs by {d}"
    );
}

#[test]
fn embedding_gradient_matches_finite_differences() {
    // f64 so central differences are exact to ~1e-8.
    tch::manual_seed(3);
    let cfg = ModelConfig::new(40, 16, 24, 2, 4, 2, 6, true);
    let mut vs = nn::VarStore::new(Device::Cpu);
    vs.set_kind(Kind::Double);
    let net = CausalLm::new(vs.root(), &cfg, None).unwrap();
    let emb = Tensor::randn([1, 5, 16], (Kind::Double, Device::Cpu)).set_requires_grad(true);
    let w = Tensor::randn([1, 5, 40], (Kind::Double, Device::Cpu));
    // A fixed random projection of the logits (f64 for an f64 model), with left padding.
    let mask = Tensor::from_slice(&[false, true, true, true, true]).view([1, 5]);
    let pos = Tensor::from_slice(&[0i64, 0, 1, 2, 3]).view([1, 5]);
    let score = |e: &Tensor| {
        let logits = net.forward(Input::Embeds(e), &pos, Some(&mask), None);
        (logits * &w).narrow(1, 1, 4).sum(Kind::Double)
    };
    score(&emb).backward();
    let grad = emb.grad();
    let eps = 1e-6;
    // Position 0 is padding: its gradient must be exactly zero.
    assert_eq!(
        grad.get(0).get(0).abs().sum(Kind::Double).double_value(&[]),
        0.0
    );
    for (t, i) in [(1i64, 3i64), (2, 0), (4, 15), (3, 7)] {
        let bump = |s: f64| {
            let e = emb.detach().copy();
            let _ = e
                .get(0)
                .get(t)
                .get(i)
                .fill_(emb.double_value(&[0, t, i]) + s);
            tch::no_grad(|| score(&e)).double_value(&[])
        };
        let fd = (bump(eps) - bump(-eps)) / (2.0 * eps);
        let g = grad.double_value(&[0, t, i]);
        assert!(
            (fd - g).abs() < 1e-6 * (1.0 + g.abs()),
            "d/d emb[{t},{i}]: fd {fd} vs grad {g}"
        );
    }
}

#[test]
fn bf16_model_keeps_f32_adapters_and_stays_close_to_f32() {
    // The CUDA default dtype, exercised on CPU: bf16 base, f32 LoRA, f32 logits.
    let variant = "gqa_tied_nested";
    let opts = LoadOptions {
        kind: Some(Kind::BFloat16),
        lora: Some(LoraConfig::new(4, 8.0)),
        ..LoadOptions::cpu()
    };
    let m = LoadedModel::load(&fixtures().join(variant), &opts).unwrap();
    assert_eq!(m.net.kind(), Kind::BFloat16);
    for t in m.trainable_variables() {
        assert_eq!(t.kind(), Kind::Float);
    }
    let r = refs(variant);
    let logits = logits_of(&m.net, &r["ids"]);
    assert_eq!(logits.kind(), Kind::Float);
    let scale = r["logits_ids"].abs().max().double_value(&[]);
    let d = max_diff(&logits, &r["logits_ids"]);
    assert!(d < 0.05 * scale, "bf16 logits off by {d} (scale {scale})");
    // Gradients reach the f32 adapters through the bf16 base.
    let moves = Tensor::from_slice(&[4i64, 5, 6]).view([1, 3]);
    let lp = move_logprobs(&m.net, &[vec![7, 8, 9]], &moves, &no_ban(1), 1.0);
    lp.token.sum(Kind::Float).backward();
    let b_grad: f64 =
        m.vs.variables()
            .iter()
            .filter(|(n, _)| n.contains(".lora_B."))
            .map(|(_, t)| t.grad().abs().sum(Kind::Double).double_value(&[]))
            .sum();
    assert!(b_grad > 0.0);
}

#[test]
fn layer_states_in_chunks_matches_one_full_forward() {
    let m = load("untied_toplevel", None);
    let r = refs("untied_toplevel");
    let (ids, mask, pos) = (
        &r["pad_ids"],
        r["pad_mask"].to_kind(Kind::Bool),
        &r["pad_pos"],
    );
    let full = tch::no_grad(|| m.net.forward(Input::Ids(ids), pos, Some(&mask), None));
    // Without a pad mask (row 0 only has no padding): chunks of 3, 1 and 3 tokens.
    let mut cache = m.net.new_cache();
    let row0 = ids.narrow(0, 0, 1);
    let mut parts = Vec::new();
    for (start, len) in [(0, 3), (3, 1), (4, 3)] {
        let p = Tensor::arange_start(start, start + len, (Kind::Int64, Device::Cpu)).unsqueeze(0);
        let chunk = row0.narrow(1, start, len);
        parts.push(tch::no_grad(|| {
            m.net
                .forward(Input::Ids(&chunk), &p, None, Some(&mut cache))
        }));
    }
    assert_eq!(cache.len(), 7);
    let d = max_diff(&Tensor::cat(&parts, 1), &full.narrow(0, 0, 1));
    assert!(d <= 1e-4, "unpadded chunks differ by {d}");
    // With left padding: the mask covers cached + new positions.
    let mut cache = m.net.new_cache();
    let mut parts = Vec::new();
    for (start, len) in [(0, 5), (5, 2)] {
        let chunk = ids.narrow(1, start, len);
        let p = pos.narrow(1, start, len);
        let mk = mask.narrow(1, 0, start + len);
        parts.push(tch::no_grad(|| {
            m.net
                .forward(Input::Ids(&chunk), &p, Some(&mk), Some(&mut cache))
        }));
    }
    let got = Tensor::cat(&parts, 1);
    let d0 = max_diff(&got.get(0), &full.get(0));
    let d1 = max_diff(&got.get(1).narrow(0, 3, 4), &full.get(1).narrow(0, 3, 4));
    assert!(d0.max(d1) <= 1e-4, "padded chunks differ by {d0} / {d1}");
}
