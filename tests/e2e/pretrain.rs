//! End-to-end tests: `frost-host pretrain` on the tiny corpus fixture (tests/fixtures/corpus-tiny:
//! four short public-domain Shakespeare excerpts, one wrapped in a Project Gutenberg header and
//! footer with CRLF line ends). The saved directory is checked against `transformers`, and an
//! interrupted pretraining resumes to the same weights. Where it writes and what it refuses:
//! pretrain_out.rs.

use std::path::Path;
use std::process::Output;

use frost_host::model::{Input, LoadOptions, LoadedModel};
use frost_sdk::ChatMessage;
use tch::{Device, Kind, Tensor};

use crate::common;

pub fn corpus() -> std::path::PathBuf {
    common::root().join("tests/fixtures/corpus-tiny")
}

/// Runs `frost-host pretrain --config tiny` on the fixture with a private cache.
pub fn pretrain(tmp: &Path, out: &Path, extra: &[&str]) -> Output {
    let out = common::frost_host()
        .args(["pretrain", "--config", "tiny", "--corpus"])
        .arg(corpus())
        .arg("--out")
        .arg(out)
        .args(extra)
        .env("FROST_CACHE", tmp.join("cache"))
        .output()
        .expect("spawn frost-host");
    assert!(
        out.status.success(),
        "frost-host pretrain failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn pretrain_tiny_saves_a_checkpoint_that_transformers_reads_identically() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("model");
    pretrain(tmp.path(), &dir, &["--steps", "12"]);

    // The Hugging Face layout, and nothing half-built left next to it.
    for f in [
        "config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
        "generation_config.json",
        "pretrain.json",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    let leftovers: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // The lock file stays (removing it would let a waiting run and a new one both hold it).
        .filter(|n| n != "model" && n != "cache" && n != ".model.lock")
        .collect();
    assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
    let config = read_json(&dir.join("config.json"));
    assert_eq!(config["architectures"][0], "Qwen3ForCausalLM");
    assert_eq!(config["tie_word_embeddings"], true);
    assert!(config["num_key_value_heads"].as_i64() < config["num_attention_heads"].as_i64());

    // What was trained on: whole works, sorted, one held out; the Gutenberg wrapper is gone.
    let report = read_json(&dir.join("pretrain.json"));
    assert_eq!(report["steps"], 12);
    assert_eq!(
        report["threads"], 1,
        "the thread count the weights depend on"
    );
    assert_eq!(
        report["corpus"]["train_files"],
        serde_json::json!(["hamlet.txt", "macbeth.txt", "tempest.txt"])
    );
    assert_eq!(
        report["corpus"]["heldout_files"],
        serde_json::json!(["sonnets.txt"])
    );
    let bpb = report["heldout"]["bits_per_byte"].as_f64().unwrap();
    let loss = report["heldout"]["loss"].as_f64().unwrap();
    let (tokens, bytes) = (
        report["heldout"]["tokens"].as_f64().unwrap(),
        report["heldout"]["bytes"].as_f64().unwrap(),
    );
    assert!((bpb - loss * tokens / std::f64::consts::LN_2 / bytes).abs() < 1e-9);
    // Better than a uniform guess over the vocabulary after a few steps.
    let vocab = report["corpus"]["tokenizer_vocab_size"].as_f64().unwrap();
    assert!(
        loss < vocab.ln(),
        "held-out loss {loss} vs uniform {}",
        vocab.ln()
    );

    // Our side: the model API's loader and tokenizer on the saved directory.
    let m = LoadedModel::load(&dir, &LoadOptions::cpu()).unwrap();
    assert_eq!(m.tokenizer.bos_id(), Some(0));
    assert_eq!(m.tokenizer.eos_id(), Some(0));
    assert_eq!(m.tokenizer.pad_id(), Some(0));
    let texts = [
        "Who is there?\nNay, answer me: stand, and unfold yourself.",
        "<|im_start|>user\nÜber 1599 — naïve 😀<|im_end|>\n",
        "   indented   spaces\n\n\n\tand tabs  ",
    ];
    let texts_path = tmp.path().join("texts.json");
    std::fs::write(&texts_path, serde_json::to_string(&texts).unwrap()).unwrap();
    let refs_path = tmp.path().join("refs.safetensors");
    let py = common::run_python(
        "pretrain_check.py",
        &[
            dir.to_str().unwrap(),
            texts_path.to_str().unwrap(),
            refs_path.to_str().unwrap(),
        ],
    );
    let py: serde_json::Value = serde_json::from_slice(
        String::from_utf8_lossy(&py.stdout)
            .lines()
            .last()
            .unwrap()
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(py["model_class"], "Qwen3ForCausalLM");
    assert_eq!(
        (py["bos"].as_i64(), py["eos"].as_i64(), py["pad"].as_i64()),
        (Some(0), Some(0), Some(0))
    );
    let refs: std::collections::HashMap<String, Tensor> = Tensor::read_safetensors(&refs_path)
        .unwrap()
        .into_iter()
        .collect();
    for (i, text) in texts.iter().enumerate() {
        let ours: Vec<i64> = m
            .tokenizer
            .encode(text)
            .iter()
            .map(|&t| i64::from(t))
            .collect();
        let theirs = Vec::<i64>::try_from(&refs[&format!("ids_{i}")]).unwrap();
        assert_eq!(ours, theirs, "token ids differ for {text:?}");
        assert_eq!(py["decoded"][i], *text, "transformers round trip");
        assert_eq!(m.tokenizer.decode(&m.tokenizer.encode(text)), *text);
        let t = ours.len() as i64;
        let ids = Tensor::from_slice(&ours).view([1, t]);
        let pos = Tensor::arange(t, (Kind::Int64, Device::Cpu)).unsqueeze(0);
        let logits = tch::no_grad(|| m.net.forward(Input::Ids(&ids), &pos, None, None)).get(0);
        let diff = (logits - &refs[&format!("logits_{i}")])
            .abs()
            .max()
            .double_value(&[]);
        assert!(diff <= 1e-4, "logits differ by {diff} for {text:?}");
    }
    // The chat template in tokenizer_config.json renders what the model API renders.
    let msg = ChatMessage {
        role: "user".into(),
        content: "Speak the speech, I pray you.".into(),
    };
    assert_eq!(py["chat"], m.tokenizer.apply_chat_template(&[msg]).unwrap());
}

#[test]
fn an_interrupted_pretraining_resumes_to_the_same_weights() {
    let tmp = tempfile::tempdir().unwrap();
    let straight = tmp.path().join("straight");
    pretrain(
        tmp.path(),
        &straight,
        &["--steps", "8", "--checkpoint-every", "3"],
    );

    let resumed = tmp.path().join("resumed");
    let out = pretrain(
        tmp.path(),
        &resumed,
        &[
            "--steps",
            "8",
            "--checkpoint-every",
            "3",
            "--stop-after",
            "5",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("--resume"));
    assert!(
        !resumed.exists(),
        "a stopped run must not leave a model that looks valid"
    );
    // The shared checkpoint layout: step folders and a `latest` pointer.
    assert!(tmp.path().join(".resumed.work/latest").is_file());
    assert!(tmp
        .path()
        .join(".resumed.work/step-000005/model/model.safetensors")
        .is_file());
    pretrain(
        tmp.path(),
        &resumed,
        &["--steps", "8", "--checkpoint-every", "3", "--resume"],
    );
    assert!(
        !tmp.path().join(".resumed.work").exists(),
        "work folder removed when done"
    );

    let a: Vec<(String, Tensor)> =
        Tensor::read_safetensors(straight.join("model.safetensors")).unwrap();
    let b: std::collections::HashMap<String, Tensor> =
        Tensor::read_safetensors(resumed.join("model.safetensors"))
            .unwrap()
            .into_iter()
            .collect();
    assert_eq!(a.len(), b.len());
    for (name, t) in &a {
        assert!(t.equal(&b[name]), "{name} differs after resuming");
    }
    let ra = read_json(&straight.join("pretrain.json"));
    let rb = read_json(&resumed.join("pretrain.json"));
    assert_eq!(ra["heldout"]["loss"], rb["heldout"]["loss"]);
    assert_eq!(rb["resumed"], true);

    // Resuming with other settings is refused with a message that says what to do.
    let stop = common::frost_host()
        .args([
            "pretrain",
            "--config",
            "tiny",
            "--steps",
            "8",
            "--stop-after",
            "2",
            "--corpus",
        ])
        .arg(corpus())
        .arg("--out")
        .arg(tmp.path().join("other"))
        .env("FROST_CACHE", tmp.path().join("cache"))
        .output()
        .unwrap();
    assert!(stop.status.success());
    let bad = common::frost_host()
        .args([
            "pretrain", "--config", "tiny", "--steps", "8", "--lr", "0.01", "--resume", "--corpus",
        ])
        .arg(corpus())
        .arg("--out")
        .arg(tmp.path().join("other"))
        .env("FROST_CACHE", tmp.path().join("cache"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("rerun without --resume"), "{err}");
}
