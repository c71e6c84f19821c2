//! End-to-end tests: model. The Qwen3 engine against Hugging Face `transformers` and `peft`
//! (golden logits, greedy decoding, adapters), plus sampling, log-prob and gradient checks.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use frost_host::model::{
    logprobs_from_logits, move_logprobs, move_logprobs_no_cache, save_pretrained, CausalLm, Input,
    LoadOptions, LoadedModel, LoraConfig, ModelConfig, ModelError, SampleRequest, SamplingParams,
    Tok,
};
use tch::nn::OptimizerConfig;
use tch::{nn, Device, Kind, Tensor};

use crate::common::{self, max_diff};

/// The tokens of `model::sample` with the KV cache (what training runs).
fn sample(
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
fn sample_no_cache(
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
fn seeds(seed: u64, n: usize) -> Vec<u64> {
    (0..n as u64).map(|b| seed * 1000 + b).collect()
}

const VARIANTS: [&str; 2] = ["gqa_tied_nested", "untied_toplevel"];
/// The fixture tokenizer knows 80 tokens; the embeddings have 96 rows.
const TOK_VOCAB: i64 = 80;
const EMB_VOCAB: i64 = 96;

/// Tiny checkpoints and transformers' outputs, written once per test process by
/// tests/fixtures/qwen3_reference.py into a folder of its own (several people may run the
/// tests at once in one tree); folders of processes that are gone are removed.
fn fixtures() -> &'static Path {
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

fn refs(variant: &str) -> HashMap<String, Tensor> {
    Tensor::read_safetensors(fixtures().join(variant).join("refs.safetensors"))
        .unwrap()
        .into_iter()
        .collect()
}

fn load(variant: &str, lora: Option<LoraConfig>) -> LoadedModel {
    let opts = LoadOptions {
        lora,
        ..LoadOptions::cpu()
    };
    LoadedModel::load(&fixtures().join(variant), &opts).unwrap()
}

fn positions(b: i64, t: i64) -> Tensor {
    Tensor::arange(t, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b, t], false)
}

fn logits_of(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    tch::no_grad(|| net.forward(Input::Ids(ids), &positions(b, t), None, None))
}

/// The two prompts of the padded reference batch (lengths 7 and 4).
fn ref_prompts(r: &HashMap<String, Tensor>) -> Vec<Vec<i64>> {
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

fn no_ban(n: i64) -> Tensor {
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

#[test]
fn seeded_sampling_is_reproducible_and_never_emits_banned_or_padding_rows() {
    let m = load("gqa_tied_nested", None);
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3, 40, 41, 42]];
    // Prompt 0 bans even ids, prompt 1 bans ids below 40.
    let ids = Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu));
    let banned = Tensor::stack(&[ids.remainder(2).eq(0), ids.lt(40)], 0);
    let hot = SamplingParams {
        temperature: 2.0,
        top_p: 1.0,
        top_k: 0,
    };
    let a = sample(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    let b = sample(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    let c = sample(&m.net, &prompts, 4, 12, &hot, &banned, 8);
    let nc = sample_no_cache(&m.net, &prompts, 4, 12, &hot, &banned, 7);
    assert_eq!(a.size(), [8, 12]);
    assert!(a.equal(&b), "same seed, different tokens");
    assert!(
        a.equal(&nc),
        "cache and recomputation draw different tokens with one seed"
    );
    assert!(!a.equal(&c), "different seeds gave identical samples");
    let toks: Vec<i64> = Vec::try_from(a.flatten(0, -1)).unwrap();
    let mut distinct = toks.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 10,
        "temperature 2 should spread: {distinct:?}"
    );
    for (i, t) in toks.iter().enumerate() {
        let row = i / 12 / 4;
        assert!(*t < TOK_VOCAB, "padding row {t} sampled");
        let banned_here = if row == 0 { t % 2 == 0 } else { *t < 40 };
        assert!(!banned_here, "banned {t} for prompt {row}");
    }
    // top_k = 1 and a tiny top_p both reduce to greedy (with the same ban).
    let greedy = sample(
        &m.net,
        &prompts,
        2,
        6,
        &SamplingParams::greedy(),
        &banned,
        1,
    );
    let k1 = SamplingParams {
        temperature: 1.0,
        top_p: 1.0,
        top_k: 1,
    };
    assert!(sample(&m.net, &prompts, 2, 6, &k1, &banned, 3).equal(&greedy));
    let p0 = SamplingParams {
        temperature: 1.0,
        top_p: 1e-6,
        top_k: 0,
    };
    assert!(sample(&m.net, &prompts, 2, 6, &p0, &banned, 4).equal(&greedy));
    // top_k = 3: every token is among the 3 best (unbanned) logits of its step.
    let k3 = SamplingParams {
        temperature: 1.0,
        top_p: 1.0,
        top_k: 3,
    };
    let moves = sample(&m.net, &prompts, 2, 6, &k3, &banned, 5);
    let lp = tch::no_grad(|| {
        let rows: Vec<Vec<i64>> = (0..4).map(|i| prompts[i / 2].clone()).collect();
        move_logprobs(
            &m.net,
            &rows,
            &moves,
            &banned.repeat_interleave_self_int(2, 0, None),
            1.0,
        )
    });
    let rank = lp
        .full
        .gt_tensor(&lp.token.unsqueeze(-1))
        .sum_dim_intlist(-1, false, Kind::Int64);
    assert!(
        rank.max().int64_value(&[]) < 3,
        "top-k 3 sampled a token ranked {rank}"
    );
}

#[test]
fn move_logprobs_match_unpadded_forward_and_respect_the_ban() {
    let m = load("untied_toplevel", None);
    let prompts = vec![vec![5i64, 9, 11, 12, 13], vec![20i64, 3]];
    let moves = Tensor::from_slice(&[7i64, 8, 9, 30, 31, 32]).view([2, 3]);
    let banned = no_ban(2);
    let _ = banned.get(0).narrow(0, 50, 10).fill_(1);
    let temp = 0.7;
    let lp = tch::no_grad(|| move_logprobs(&m.net, &prompts, &moves, &banned, temp));
    assert_eq!(lp.full.size(), [2, 3, EMB_VOCAB]);
    let total = lp.full.exp().sum_dim_intlist(-1, false, Kind::Double);
    assert!(max_diff(&total, &total.ones_like()) < 1e-5);
    for n in 0..2 {
        let mv: Vec<i64> = Vec::try_from(moves.get(n)).unwrap();
        let seq: Vec<i64> = prompts[n as usize]
            .iter()
            .copied()
            .chain(mv.iter().copied())
            .collect();
        let logits = logits_of(&m.net, &Tensor::from_slice(&seq).unsqueeze(0)).get(0);
        let p = prompts[n as usize].len() as i64;
        let mut want = logits.narrow(0, p - 1, 3) / temp;
        let ban = banned
            .get(n)
            .logical_or(&Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu)).ge(TOK_VOCAB));
        want = want
            .masked_fill(&ban.unsqueeze(0), -1e9)
            .log_softmax(-1, Kind::Float);
        assert!(max_diff(&lp.full.get(n), &want) < 1e-4);
        let tok = want
            .gather(1, &moves.get(n).unsqueeze(-1), false)
            .squeeze_dim(-1);
        assert!(max_diff(&lp.token.get(n), &tok) < 1e-4);
        let banned_lp = lp
            .full
            .get(n)
            .masked_select(&ban.unsqueeze(0).expand([3, EMB_VOCAB], false));
        assert!(banned_lp.max().double_value(&[]) < -1e8);
    }
}

/// Gradients of `f`'s output summed, for every trainable variable (zeroed first).
fn grads_of(m: &LoadedModel, f: impl Fn() -> Tensor) -> Vec<Tensor> {
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

/// Frost's gate reads log pi of the sampled moves from the sampler's own logits: the same draws
/// as `sample`, and the same log-probs as a teacher-forced `move_logprobs` (left padding, a ban,
/// a temperature, LoRA adapters on).
#[test]
fn sampler_logits_give_the_teacher_forced_logprobs_of_the_sampled_moves() {
    let m = load("gqa_tied_nested", Some(LoraConfig::new(4, 8.0)));
    for mut v in m.trainable_variables() {
        tch::no_grad(|| v.copy_(&(v.randn_like() * 0.1)));
    }
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3, 40, 41, 42]];
    let ids = Tensor::arange(EMB_VOCAB, (Kind::Int64, Device::Cpu));
    let banned = Tensor::stack(&[ids.remainder(2).eq(0), ids.lt(40)], 0);
    let params = SamplingParams {
        temperature: 0.7,
        top_p: 0.9,
        top_k: 0,
    };
    let (k, l) = (3usize, 5usize);
    let plain = sample(&m.net, &prompts, k, l, &params, &banned, 3);
    let seeds = seeds(3, prompts.len());
    let mut req = SampleRequest::new(&prompts, k, l, &params, &banned, &seeds);
    req.keep_logits = true;
    let out = frost_host::model::sample(&m.net, &req).unwrap();
    let (moves, logits) = (out.tokens, out.logits.unwrap());
    assert!(moves.equal(&plain), "keeping the logits changed the draws");
    assert_eq!(logits.size(), [6, l as i64, EMB_VOCAB]);
    let rows: Vec<Vec<i64>> = prompts
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.clone(), k))
        .collect();
    let row_ban = banned.repeat_interleave_self_int(k as i64, 0, None);
    let kept = logprobs_from_logits(&m.net, &logits, &row_ban, 0.7);
    let forced = tch::no_grad(|| move_logprobs(&m.net, &rows, &moves, &row_ban, 0.7)).full;
    // Banned entries (about -1e9, where an f32 step is 64) compared as banned only.
    let legal = forced.gt(-1e6);
    assert!(legal.equal(&kept.gt(-1e6)), "the same entries are banned");
    let d = max_diff(
        &kept.where_self(&legal, &0.0.into()),
        &forced.where_self(&legal, &0.0.into()),
    );
    assert!(
        d < 1e-4,
        "sampler log-probs differ from teacher-forced by {d}"
    );
}

#[test]
fn shared_prompt_logprobs_equal_whole_rows_with_and_without_left_padding() {
    let m = load("gqa_tied_nested", Some(LoraConfig::new(4, 8.0)));
    // Train the adapters a little so they carry gradient to A as well as B.
    for mut v in m.trainable_variables() {
        tch::no_grad(|| v.copy_(&(v.randn_like() * 0.1)));
    }
    let (a, b) = (vec![5i64, 9, 11, 12, 13], vec![20i64, 3]);
    let cases: [(Vec<Vec<i64>>, i64); 3] = [
        (vec![a.clone(); 4], 3), // one prompt x 4 moves: no padding
        (
            vec![a.clone(), a.clone(), a.clone(), b.clone(), b.clone()],
            3,
        ), // left padding
        (vec![b.clone(), a.clone(), a], 1), // one-token moves
    ];
    for (prompts, l) in cases {
        let n = prompts.len() as i64;
        let moves = Tensor::randint_low(3, 60, [n, l], (Kind::Int64, Device::Cpu));
        let banned = no_ban(n);
        let _ = banned.get(0).narrow(0, 40, 10).fill_(1);
        let run = |shared: bool| {
            let f = if shared {
                move_logprobs
            } else {
                move_logprobs_no_cache
            };
            f(&m.net, &prompts, &moves, &banned, 0.7)
        };
        let (x, y) = (run(true), run(false));
        assert!(max_diff(&x.token, &y.token) < 1e-5);
        assert!(max_diff(&x.full, &y.full) < 1e-4);
        let gx = grads_of(&m, || run(true).token);
        let gy = grads_of(&m, || run(false).token);
        for (p, q) in gx.iter().zip(&gy) {
            assert!(
                max_diff(p, q) < 1e-4,
                "gradients differ by {}",
                max_diff(p, q)
            );
        }
        assert!(gx.iter().any(|g| g.abs().max().double_value(&[]) > 0.0));
    }
}

/// Next-token cross-entropy on fixed ids: the "tiny loss" the adapter is trained on.
fn lm_loss(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    let logits = net.forward(Input::Ids(ids), &positions(b, t), None, None);
    logits
        .narrow(1, 0, t - 1)
        .reshape([-1, EMB_VOCAB])
        .cross_entropy_for_logits(&ids.narrow(1, 1, t - 1).reshape([-1]))
}

fn write_ids(path: &Path, ids: &Tensor) {
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
        for (name, t) in m.vs.variables() {
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
fn loading_errors_name_the_problem() {
    let tmp = tempfile::tempdir().unwrap();
    let src = fixtures().join("gqa_tied_nested");
    let copy = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| -> PathBuf {
        let d = tmp.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        for f in std::fs::read_dir(&src).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, d.join(f.file_name().unwrap())).unwrap();
        }
        let p = d.join("config.json");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        edit(&mut v);
        std::fs::write(&p, v.to_string()).unwrap();
        d
    };
    let err = |d: &Path| match LoadedModel::load(d, &LoadOptions::cpu()) {
        Ok(_) => panic!("{} loaded", d.display()),
        Err(e) => e,
    };

    let e = err(&tmp.path().join("nowhere"));
    assert!(
        matches!(e, ModelError::MissingFile { .. }) && e.to_string().contains("config.json"),
        "{e}"
    );

    let e = err(&copy("llama", &|v| {
        v["architectures"] = serde_json::json!(["LlamaForCausalLM"])
    }));
    assert!(
        matches!(e, ModelError::Architecture { .. }) && e.to_string().contains("LlamaForCausalLM"),
        "{e}"
    );

    let e = err(&copy("shape", &|v| v["intermediate_size"] = 81.into()));
    assert!(
        matches!(e, ModelError::Shape { .. }) && e.to_string().contains("mlp"),
        "{e}"
    );

    let e = err(&copy("vocab", &|v| v["vocab_size"] = 64.into()));
    assert!(
        matches!(
            e,
            ModelError::VocabTooLarge {
                tokenizer: 80,
                embedding: 64
            }
        ),
        "{e}"
    );

    let e = err(&copy("rope", &|v| {
        v["rope_parameters"] = serde_json::json!({"rope_type": "yarn", "rope_theta": 1e4})
    }));
    assert!(e.to_string().contains("rope_type"), "{e}");

    let d = copy("noweights", &|_| {});
    std::fs::remove_file(d.join("model.safetensors")).unwrap();
    let e = err(&d);
    assert!(e.to_string().contains("model.safetensors"), "{e}");

    let d = copy("notok", &|_| {});
    std::fs::remove_file(d.join("tokenizer.json")).unwrap();
    let e = err(&d);
    assert!(e.to_string().contains("tokenizer.json"), "{e}");
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
fn tokenizer_special_tokens_and_chat_template() {
    let tok = Tok::from_dir(&fixtures().join("gqa_tied_nested")).unwrap();
    assert_eq!(tok.vocab_size(), TOK_VOCAB as usize);
    assert_eq!(tok.eos_id(), tok.token_to_id("<|im_end|>"));
    assert_eq!(tok.pad_id(), tok.token_to_id("<|endoftext|>"));
    assert_eq!(tok.bos_id(), None);
    let (ids, offsets) = tok.encode_with_offsets("w1 w22  w3");
    assert_eq!(ids, vec![5, 26, 7]);
    assert_eq!(offsets, vec![(0, 2), (3, 6), (8, 10)]);
    let msg = |role: &str, content: &str| frost_host::sdk::ChatMessage {
        role: role.into(),
        content: content.into(),
    };
    // Qwen3's template with add_generation_prompt=True, enable_thinking=False.
    let text = tok
        .apply_chat_template(&[msg("system", "w1 w2"), msg("user", "w3")])
        .unwrap();
    assert_eq!(
        text,
        "<|im_start|>system\nw1 w2<|im_end|>\n<|im_start|>user\nw3<|im_end|>\n\
         <|im_start|>assistant\n<think>\n\n</think>\n\n"
    );
    // A tokenizer without ChatML tokens is refused by name.
    let plain = tokenizers::Tokenizer::new(
        tokenizers::models::wordlevel::WordLevel::builder()
            .vocab([("a".to_string(), 0u32), ("[UNK]".to_string(), 1)].into())
            .unk_token("[UNK]".into())
            .build()
            .unwrap(),
    );
    let e = Tok::new(plain, None, None, None)
        .apply_chat_template(&[msg("user", "a")])
        .unwrap_err();
    assert!(e.to_string().contains("<|im_start|>"), "{e}");
}

#[test]
fn kv_cache_in_chunks_matches_one_full_forward() {
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

/// A row whose bans leave no token at some position is reported with that position and the
/// tokens before it, never filled with a banned token.
#[test]
fn the_sampler_reports_a_row_left_with_no_legal_token() {
    let m = load("gqa_tied_nested", None);
    let prompts = vec![vec![5i64, 9, 11], vec![20i64, 3]];
    let banned = no_ban(2);
    let params = SamplingParams::default();
    // Row 3 (prompt 1's second sample) finds every token banned at position 2.
    let all = Arc::new(vec![true; EMB_VOCAB as usize]);
    let step_ban = |row: usize, so_far: &[u32], _remaining: usize| {
        (row == 3 && so_far.len() == 2).then(|| all.clone())
    };
    let seeds = seeds(1, prompts.len());
    let mut req = SampleRequest::new(&prompts, 2, 4, &params, &banned, &seeds);
    req.step_ban = Some(&step_ban);
    let err = match frost_host::model::sample(&m.net, &req) {
        Ok(_) => panic!("sampled a banned token"),
        Err(e) => e,
    };
    assert_eq!((err.row, err.position, err.so_far.len()), (3, 2, 2));
    // The same request without the step ban samples, and row 3 starts with the same tokens.
    req.step_ban = None;
    let ok = frost_host::model::sample(&m.net, &req).unwrap().tokens;
    let row3: Vec<i64> = Vec::try_from(&ok.get(3).narrow(0, 0, 2)).unwrap();
    let got: Vec<i64> = err.so_far.iter().map(|&t| t as i64).collect();
    assert_eq!(row3, got);
}
