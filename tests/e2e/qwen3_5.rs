//! End-to-end tests: Qwen3.5 (Gated DeltaNet linear attention and gated full attention) against
//! Hugging Face `transformers` on tiny random checkpoints written by
//! tests/fixtures/qwen3_5_reference.py: a multimodal `Qwen3_5ForConditionalGeneration` layout
//! (vision tower and mtp tensors skipped) and a text-only `Qwen3_5ForCausalLM` one.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::model::{
    CausalLm, Family, Input, LayerStates, LoadOptions, LoadedModel, LoraConfig, MixerKind,
    SampleRequest, SamplingParams,
};
use tch::{Device, Kind, Tensor};

use crate::common::{self, max_diff};

const VARIANTS: [&str; 2] = ["multimodal", "text"];
const EMB_VOCAB: i64 = 96;

/// Checkpoints and transformers' outputs written by the fixture script `script` once per test
/// process into a folder of its own under `name`; folders of processes that are gone are
/// removed.
pub(crate) fn make_fixtures(script: &str, name: &str) -> PathBuf {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.parse::<u32>().is_ok() && !Path::new("/proc").join(&name).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let dir = base.join(std::process::id().to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    common::run_python(script, &[dir.to_str().unwrap()]);
    dir
}

fn fixtures() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| make_fixtures("qwen3_5_reference.py", "qwen3_5_ref"))
}

pub(crate) fn checkpoint(variant: &str) -> PathBuf {
    fixtures().join(variant)
}

/// A new folder beside the fixtures (removed with them).
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = fixtures().join(format!("{name}-{}", rand::random::<u32>()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn refs_in(dir: &Path) -> HashMap<String, Tensor> {
    Tensor::read_safetensors(dir.join("refs.safetensors"))
        .unwrap()
        .into_iter()
        .collect()
}

fn refs(variant: &str) -> HashMap<String, Tensor> {
    refs_in(&checkpoint(variant))
}

pub(crate) fn load(variant: &str, lora: Option<LoraConfig>) -> LoadedModel {
    load_dir(&checkpoint(variant), lora)
}

pub(crate) fn load_dir(dir: &Path, lora: Option<LoraConfig>) -> LoadedModel {
    let opts = LoadOptions {
        lora,
        ..LoadOptions::cpu()
    };
    LoadedModel::load(dir, &opts).unwrap()
}

pub(crate) fn positions(b: i64, from: i64, t: i64) -> Tensor {
    Tensor::arange_start(from, from + t, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b, t], false)
}

pub(crate) fn logits_of(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    tch::no_grad(|| net.forward(Input::Ids(ids), &positions(b, 0, t), None, None))
}

#[test]
fn both_layouts_load_as_qwen3_5_with_their_layer_types() {
    let m = load("multimodal", None);
    assert_eq!(m.config.family().unwrap(), Family::Qwen3_5);
    assert_eq!(m.config.decoder_prefix(), "model.language_model");
    use MixerKind::{Attention as A, Linear as L};
    assert_eq!(m.config.mixers(), [L, A, L, A]);
    assert_eq!(m.config.rotary_dim(), 8);
    let names: Vec<String> = m.vs.variables().into_keys().collect();
    assert!(names.contains(&"model.language_model.layers.0.linear_attn.A_log".to_string()));
    assert!(names.contains(&"lm_head.weight".to_string()));
    assert!(!names
        .iter()
        .any(|n| n.contains("visual") || n.starts_with("mtp")));
    // The parameter count from config.json alone is the variables' total.
    let total: i64 = m.vs.variables().values().map(|t| t.numel() as i64).sum();
    assert_eq!(m.config.parameter_count(), total);

    let t = load("text", None);
    assert_eq!(t.config.decoder_prefix(), "model");
    assert_eq!(t.config.mixers(), [L, A, L, A]);
    assert!(t.config.tie_word_embeddings);
    let total: i64 = t.vs.variables().values().map(|t| t.numel() as i64).sum();
    assert_eq!(t.config.parameter_count(), total);
}

/// `max |a - b|` over the largest `|b|` (at least 1): f32 logits of magnitude ~10 agree with
/// transformers' to a few 1e-5 absolute, so goldens compare at 1e-5 of the scale.
pub(crate) fn rel_diff(a: &Tensor, b: &Tensor) -> f64 {
    let scale = b.abs().max().double_value(&[]).max(1.0);
    max_diff(a, b) / scale
}

/// Logits against transformers for ids, 150 tokens (three delta-rule chunks), embeddings and a
/// left-padded batch, and the padded row against the prompt run alone.
pub(crate) fn check_logits(what: &str, m: &LoadedModel, r: &HashMap<String, Tensor>) {
    let d = max_diff(&logits_of(&m.net, &r["ids"]), &r["logits_ids"]);
    assert!(d <= 1e-4, "{what}: ids logits differ by {d}");
    let d = rel_diff(&logits_of(&m.net, &r["long_ids"]), &r["logits_long"]);
    assert!(
        d <= 1e-5,
        "{what}: long logits differ by {d} of their scale"
    );
    let out = tch::no_grad(|| {
        m.net
            .forward(Input::Embeds(&r["embeds"]), &positions(2, 0, 7), None, None)
    });
    let d = max_diff(&out, &r["logits_embeds"]);
    assert!(d <= 1e-4, "{what}: embeds logits differ by {d}");
    let mask = r["pad_mask"].to_kind(Kind::Bool);
    let out = tch::no_grad(|| {
        m.net
            .forward(Input::Ids(&r["pad_ids"]), &r["pad_pos"], Some(&mask), None)
    });
    let real = |t: &Tensor| t.get(1).narrow(0, 3, 4);
    let d0 = max_diff(&out.get(0), &r["logits_pad"].get(0));
    let d1 = max_diff(&real(&out), &real(&r["logits_pad"]));
    assert!(
        d0.max(d1) <= 1e-4,
        "{what}: padded logits differ by {d0} / {d1}"
    );
    // Left padding is exact: the padded row equals the prompt run alone.
    let alone = logits_of(&m.net, &r["ids"].get(1).narrow(0, 3, 4).unsqueeze(0));
    let d = max_diff(&real(&out), &alone.get(0));
    assert!(d <= 1e-4, "{what}: padding changes the logits by {d}");
}

/// A cached prefix of 70 tokens (past a chunk boundary), then 75 in one chunk, then 5 one at a
/// time: the same logits as one forward over the 150.
pub(crate) fn check_cache(what: &str, m: &LoadedModel, r: &HashMap<String, Tensor>) {
    let ids = &r["long_ids"];
    let whole = logits_of(&m.net, ids);
    let step = |cache: &mut LayerStates, from: i64, len: i64| {
        let chunk = ids.narrow(1, from, len);
        tch::no_grad(|| {
            m.net.forward(
                Input::Ids(&chunk),
                &positions(2, from, len),
                None,
                Some(cache),
            )
        })
    };
    let mut cache = m.net.new_cache();
    let mut parts = vec![step(&mut cache, 0, 70), step(&mut cache, 70, 75)];
    assert_eq!(cache.len(), 145);
    for i in 145..150 {
        parts.push(step(&mut cache, i, 1));
    }
    assert_eq!(cache.len(), 150);
    // 5e-5 of the scale: measured 1.8e-5 on Qwen3.5 MoE (f32 sums in other orders, 150 tokens).
    let d = rel_diff(&Tensor::cat(&parts, 1), &whole);
    assert!(
        d <= 5e-5,
        "{what}: cached pieces differ from one forward by {d} of their scale"
    );
}

/// Greedy sampling with the cache equals recomputing every step, and transformers' generate on
/// the padded batch.
pub(crate) fn check_greedy(what: &str, m: &LoadedModel, r: &HashMap<String, Tensor>) {
    let (ids, mask) = (&r["pad_ids"], &r["pad_mask"]);
    let prompts: Vec<Vec<i64>> = (0..2)
        .map(|b| {
            let row: Vec<i64> = Vec::try_from(ids.get(b)).unwrap();
            let keep: Vec<i64> = Vec::try_from(mask.get(b)).unwrap();
            row.into_iter()
                .zip(keep)
                .filter(|(_, k)| *k == 1)
                .map(|(t, _)| t)
                .collect()
        })
        .collect();
    let banned = Tensor::zeros([2, EMB_VOCAB], (Kind::Bool, Device::Cpu));
    let p = SamplingParams::greedy();
    let seeds = [1u64, 2];
    let mut req = SampleRequest::new(&prompts, 1, 6, &p, &banned, &seeds);
    let cached = frost_host::model::sample(&m.net, &req).unwrap().tokens;
    req.use_cache = false;
    let full = frost_host::model::sample(&m.net, &req).unwrap().tokens;
    let flat = |t: &Tensor| Vec::<i64>::try_from(t.flatten(0, -1)).unwrap();
    assert_eq!(flat(&cached), flat(&full), "{what}: cache vs recomputation");
    assert_eq!(
        flat(&cached),
        flat(&r["greedy"]),
        "{what}: ours vs generate"
    );
}

#[test]
fn logits_match_transformers_for_ids_long_sequences_embeddings_and_left_padding() {
    for variant in VARIANTS {
        check_logits(variant, &load(variant, None), &refs(variant));
    }
}

#[test]
fn a_cached_prefix_then_a_chunk_and_token_by_token_decode_equal_one_forward() {
    check_cache("multimodal", &load("multimodal", None), &refs("multimodal"));
}

#[test]
fn greedy_decode_with_the_cache_equals_recomputation_and_transformers_generate() {
    for variant in VARIANTS {
        check_greedy(variant, &load(variant, None), &refs(variant));
    }
}

#[test]
fn the_gradient_through_linear_attention_matches_finite_differences() {
    // f64, so the central difference is exact to ~1e-8.
    let mut m = LoadedModel::load(
        &checkpoint("text"),
        &LoadOptions {
            kind: Some(Kind::Double),
            ..LoadOptions::cpu()
        },
    )
    .unwrap();
    m.vs.freeze();
    let r = refs("text");
    let emb = r["embeds"].to_kind(Kind::Double).narrow(0, 0, 1);
    let pos = positions(1, 0, 7);
    let f = |e: &Tensor| {
        let logits = m.net.forward(Input::Embeds(e), &pos, None, None);
        logits.get(0).get(6).get(5)
    };
    let x = emb.set_requires_grad(true);
    let y = f(&x);
    let g = Tensor::run_backward(&[&y], &[&x], false, false)[0].shallow_clone();
    let eps = 1e-5;
    for (t, h) in [(0i64, 3i64), (2, 40), (6, 7)] {
        let dir = Tensor::zeros_like(&emb);
        let _ = dir.get(0).get(t).get(h).fill_(1.0);
        let fd = tch::no_grad(|| {
            (f(&(&emb + &dir * eps)) - f(&(&emb - &dir * eps))).double_value(&[]) / (2.0 * eps)
        });
        let an = g.get(0).get(t).get(h).double_value(&[]);
        assert!(
            (fd - an).abs() < 1e-6,
            "d logit / d e[{t},{h}]: {an} vs {fd}"
        );
    }
}
