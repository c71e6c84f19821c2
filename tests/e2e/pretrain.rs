//! End-to-end tests: `frost-host pretrain` on the tiny corpus fixture (tests/fixtures/corpus-tiny:
//! four short public-domain Shakespeare excerpts, one wrapped in a Project Gutenberg header and
//! footer with CRLF line ends). The saved directory is checked against `transformers`.

use std::path::Path;
use std::process::Output;

use frost_host::model::{Input, LoadOptions, LoadedModel};
use frost_sdk::ChatMessage;
use tch::{Device, Kind, Tensor};

use crate::common;

fn corpus() -> std::path::PathBuf {
    common::root().join("tests/fixtures/corpus-tiny")
}

/// Runs `frost-host pretrain --config tiny` on the fixture with a private cache.
fn pretrain(tmp: &Path, out: &Path, extra: &[&str]) -> Output {
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

#[test]
fn pretraining_into_a_folder_that_is_not_a_model_is_refused_and_touches_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mine = tmp.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "keep").unwrap();
    let file = tmp.path().join("file");
    std::fs::write(&file, "keep").unwrap();
    for (out, why) in [
        (&mine, "not a model frost-host pretrain wrote"),
        (&file, "is a file"),
    ] {
        let run = common::frost_host()
            .args(["pretrain", "--config", "tiny", "--steps", "4", "--corpus"])
            .arg(corpus())
            .arg("--out")
            .arg(out)
            .env("FROST_CACHE", tmp.path().join("cache"))
            .output()
            .unwrap();
        assert!(!run.status.success());
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains("--out") && err.contains(why), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(mine.join("notes.txt")).unwrap(),
        "keep"
    );
    assert_eq!(std::fs::read_dir(&mine).unwrap().count(), 1);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep");
}

#[test]
fn a_second_pretraining_into_a_folder_in_use_is_refused_and_touches_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("model");
    // This process stands for the first run: it holds the folder's lock.
    let first = frost_host::pretrain::resume::lock_out(&out, false).unwrap();
    std::fs::create_dir_all(tmp.path().join(".model.work/step-000003")).unwrap();
    let second = common::frost_host()
        .args(["pretrain", "--config", "tiny", "--steps", "4", "--corpus"])
        .arg(corpus())
        .arg("--out")
        .arg(&out)
        .env("FROST_CACHE", tmp.path().join("cache"))
        .output()
        .unwrap();
    assert!(!second.status.success());
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("is in use by another frost-host")
            && err.contains(&format!("pid {}", std::process::id())),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        tmp.path().join(".model.work/step-000003").is_dir(),
        "the refused run removed the first run's checkpoints"
    );
    drop(first);
    pretrain(tmp.path(), &out, &["--steps", "4"]);
}

#[test]
fn a_run_needing_the_default_model_waits_for_the_one_pretraining_it() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let default = cache
        .join("models")
        .join(frost_host::pretrain::DEFAULT_MODEL_NAME);
    let first = frost_host::pretrain::resume::lock_out(&default, false).unwrap();
    let mut demo = common::frost_host()
        .args(["demo", "--steps", "1", "--game"])
        .arg(common::game_wasm("infill"))
        .arg("--out")
        .arg(tmp.path().join("run"))
        .env("FROST_CACHE", &cache)
        .env("FROST_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(demo.stderr.take().unwrap());
    let mut seen = String::new();
    // Reads the demo's log up to a line holding `what`.
    let mut read_until = |what: &str| loop {
        let mut line = String::new();
        let n = std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
        assert!(n > 0, "demo ended before logging {what:?}:\n{seen}");
        seen.push_str(&line);
        assert!(
            !line.contains("installed the embedded default model"),
            "it did not wait:\n{seen}"
        );
        if line.contains(what) {
            return seen.clone();
        }
    };
    read_until("waiting for another frost-host");
    // The "first run" finishes: the model appears, then the lock is let go.
    let built = &crate::fixture::fixture().model;
    std::fs::create_dir_all(&default).unwrap();
    for e in std::fs::read_dir(built).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), default.join(e.file_name())).unwrap();
    }
    drop(first);
    // The demo uses the model the other run built instead of pretraining its own (what it does
    // with a model this small is another test's business).
    read_until("default model at");
    let _ = demo.kill();
    let _ = demo.wait();
}

#[test]
fn a_missing_corpus_is_one_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = common::frost_host()
        .args(["pretrain", "--config", "tiny", "--corpus"])
        .arg(tmp.path().join("no-such-dir"))
        .env("FROST_CACHE", tmp.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no-such-dir") && err.contains("--corpus"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_bad_set_is_one_clear_error_naming_the_key() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |set: &str| {
        common::frost_host()
            .args(["pretrain", "--config", "tiny", "--set", set, "--corpus"])
            .arg(corpus())
            .arg("--out")
            .arg(tmp.path().join("model"))
            .env("FROST_CACHE", tmp.path().join("cache"))
            .output()
            .unwrap()
    };
    for (set, want) in [
        ("hidden=3", ["unknown field `hidden`", "hidden_size"]),
        ("num_layers=two", ["num_layers", "invalid type"]),
    ] {
        let out = run(set);
        assert!(!out.status.success(), "{set}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(want.iter().all(|w| err.contains(w)), "{set}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert!(!tmp.path().join("model").exists());
}

/// The embedded default is the same full-length model on every machine: nothing else goes into
/// its folder (a time budget, a smaller preset, fewer steps, another corpus): one line naming
/// what would change it and the fix, nothing written.
#[test]
fn the_embedded_default_folder_takes_only_the_embedded_default() {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("c.txt");
    std::fs::write(&corpus, "To be, or not to be.\n".repeat(50)).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["--minutes", "5"], "--minutes 5"),
        (&["--threads", "2"], "--threads 2"),
        (&["--config", "tiny"], "--config"),
        (&["--steps", "50"], "preset's settings"),
        (&["--corpus", corpus.to_str().unwrap()], "--corpus"),
    ];
    for (args, what) in cases {
        let out = common::frost_host()
            .arg("pretrain")
            .args(args)
            .env("FROST_CACHE", tmp.path())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(what) && err.contains("--out DIR"),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(
            !tmp.path().join("models").exists(),
            "{args:?}: something was written"
        );
    }
}

/// A fresh cache gets the shipped default model (its bytes, its hash; nothing pretrained), a
/// run on it records that hash, and a folder that holds another model is used with one warning
/// naming both hashes.
#[test]
fn a_fresh_cache_gets_the_shipped_default_model() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let mut cfg = crate::fixture::test_config(true);
    cfg.model.path = String::new();
    cfg.steps = 1;
    cfg.eval.every = 0;
    cfg.run.checkpoint_every = 0;
    let config = tmp.path().join("config.toml");
    std::fs::write(&config, cfg.to_toml()).unwrap();
    let train = |out: &str| {
        common::frost_host()
            .arg("--config")
            .arg(&config)
            .arg("--out")
            .arg(tmp.path().join(out))
            .env("FROST_CACHE", &cache)
            .env("FROST_LOG", "warn")
            .output()
            .unwrap()
    };
    let o = train("run");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains("WARN"), "{err}");
    let shipped =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../models/tiny-shakespeare");
    let default = cache.join("models/tiny-shakespeare");
    for e in std::fs::read_dir(&shipped).unwrap() {
        let e = e.unwrap();
        assert_eq!(
            std::fs::read(e.path()).unwrap(),
            std::fs::read(default.join(e.file_name())).unwrap(),
            "{:?}",
            e.file_name()
        );
    }
    let models: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("run/models.json")).unwrap())
            .unwrap();
    let hash = frost_host::pretrain::shipped::CONTENT_HASH;
    assert_eq!(models["player"]["content_hash"], hash, "{models}");
    // Another model in the default folder: used, with one warning naming both hashes.
    let other = &crate::fixture::fixture().model;
    for e in std::fs::read_dir(other).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), default.join(e.file_name())).unwrap();
    }
    let o = train("run2");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let warnings: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("not the shipped"))
        .collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(warnings[0].contains(hash), "{err}");
}
