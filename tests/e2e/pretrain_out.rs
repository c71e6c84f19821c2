//! End-to-end tests: where `frost-host pretrain` writes and what it refuses (a folder that is
//! not a model, a folder in use, a missing corpus, a bad `--set`), and the embedded default's
//! folder (taken only by the embedded default, waited for while another process builds it,
//! installed from the shipped bytes in a fresh cache).

use crate::common;
use crate::pretrain::{corpus, pretrain};

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
