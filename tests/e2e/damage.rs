//! Checkpoints damaged on disk. Every checkpoint records its files' SHA-256 when it is written
//! (`checksums.sha256`) and every reader checks the files it takes: random bytes, a truncated
//! file, non-finite values, and a file altered into other valid, finite weights are refused by
//! `export` (nothing left behind) and `eval` in one line naming the file once and the run's
//! intact checkpoint, and skipped by a resume, which continues from the intact one. A
//! checkpoint records in its own `state.json` that it is sealed (and its run in
//! `checkpoints/sealed.json`): one whose `checksums.sha256` was removed is damaged alike, with
//! the run's record removed too, or copied out of its run; only a checkpoint from before seals
//! (its state records none, its run no seals) is read unverified, with a warning.
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::Tensor;

use crate::export::leftovers;
use crate::fixture::{jsonl, run_cli, run_cli_ok as ok, tmp, train_run};

/// A fresh LoRA run of 2 steps with a checkpoint after each (the tests damage it).
fn two_step_run(name: &str) -> PathBuf {
    let out = tmp(name);
    train_run(&out, &["steps=2", "run.checkpoint_every=1", "eval.every=0"]);
    out
}

fn ckpt(run: &Path, step: u64) -> PathBuf {
    run.join(format!("checkpoints/step-{step:06}"))
}

fn adapter_file(run: &Path, step: u64) -> PathBuf {
    ckpt(run, step).join("adapter/adapter_model.safetensors")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Rewrites the safetensors file `file` with `f` applied to every tensor: a valid file.
fn rewrite(file: &Path, f: impl Fn(Tensor) -> Tensor) {
    let tensors: Vec<(String, Tensor)> = Tensor::read_safetensors(file)
        .unwrap()
        .into_iter()
        .map(|(n, t)| (n, f(t)))
        .collect();
    Tensor::write_safetensors(&tensors, file).unwrap();
}

/// The checkpoint's checksums recomputed, as if it had been written with the damage (a disk
/// that lost the end of a file after it was written, a run that saved NaNs).
fn reseal(ckpt: &Path) {
    frost_host::run::checksums::seal(ckpt).unwrap();
}

/// `from` copied to `to`, folders and all.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        match e.file_type().unwrap().is_dir() {
            true => copy_tree(&e.path(), &to.join(e.file_name())),
            false => drop(std::fs::copy(e.path(), to.join(e.file_name())).unwrap()),
        }
    }
}

/// The checkpoint `ckpt` as a Frost from before seals wrote it: no `checksums.sha256`, and a
/// state that records no seal.
fn as_before_seals(ckpt: &Path) {
    std::fs::remove_file(ckpt.join("checksums.sha256")).unwrap();
    let path = ckpt.join("state.json");
    let mut state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let key = frost_host::run::checkpoints::SEAL_KEY;
    assert!(
        state.as_object_mut().unwrap().remove(key).is_some(),
        "{state}"
    );
    std::fs::write(&path, state.to_string()).unwrap();
}

/// `frost-host ARGS` fails; its error (the last stderr line) names `file` exactly once and
/// step 1's checkpoint as the intact one. Returns the error line.
fn refused(args: &[&str], file: &Path) -> String {
    let o = run_cli(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{args:?} succeeded: {err}");
    let line = err.trim().lines().last().unwrap_or_default().to_string();
    assert_eq!(line.matches(s(file)).count(), 1, "{args:?}: {err}");
    assert!(
        line.contains("step 1's checkpoint (step-000001) is intact"),
        "{args:?}: {err}"
    );
    line
}

/// `export` of a damaged checkpoint (each damage in turn), plain and `--merged`: refused in one
/// line naming the file, nothing written; `eval` refuses it alike. The undamaged file exports.
#[test]
fn export_refuses_a_corrupt_truncated_or_non_finite_checkpoint_leaving_nothing() {
    let run = two_step_run("damage-export");
    let file = adapter_file(&run, 2);
    let good = std::fs::read(&file).unwrap();
    let out = tmp("damage-export-out");
    let export = |merged: bool| {
        let mut args = vec!["export", s(&run), "--out", s(&out)];
        if merged {
            args.push("--merged");
        }
        args.iter().map(|a| a.to_string()).collect::<Vec<String>>()
    };
    let export_refused = |merged: bool, what: &str| {
        let args = export(merged);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let line = refused(&args, &file);
        assert!(line.contains(what), "{what}: {line}");
        assert!(!out.exists(), "{what}: {} was written", out.display());
        assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));
        line
    };

    // Random bytes where the adapter was (the checksums as written).
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let noise: Vec<u8> = (0..good.len()).map(|_| rng.gen()).collect();
    std::fs::write(&file, &noise).unwrap();
    for merged in [false, true] {
        export_refused(merged, "SHA-256");
    }
    let line = refused(&["eval", s(&run)], &file);
    assert!(line.contains("SHA-256"), "{line}");

    // Cut in half, checksums recomputed (what a reader finds when the file was saved so).
    std::fs::write(&file, &good[..good.len() / 2]).unwrap();
    reseal(&ckpt(&run, 2));
    export_refused(false, "cannot be read as safetensors");
    // Without checksums, in a run from before seals (no record of them): read unverified,
    // with a warning, and refused all the same.
    as_before_seals(&ckpt(&run, 2));
    std::fs::remove_file(run.join("checkpoints/sealed.json")).unwrap();
    let o = run_cli(&["export", s(&run), "--out", s(&out)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && !out.exists(), "{err}");
    assert!(err.contains("has no checksums.sha256"), "{err}");
    assert!(err.contains("cannot be read as safetensors"), "{err}");

    // Valid safetensors holding a NaN.
    std::fs::write(&file, &good).unwrap();
    rewrite(&file, |t| {
        t.index_fill(0, &Tensor::from_slice(&[0i64]), f64::NAN)
    });
    reseal(&ckpt(&run, 2));
    for merged in [false, true] {
        export_refused(merged, "non-finite");
    }

    // The file as written exports.
    std::fs::write(&file, &good).unwrap();
    reseal(&ckpt(&run, 2));
    ok(&["export", s(&run), "--out", s(&out)]);
    assert_eq!(
        std::fs::read(out.join("adapter_model.safetensors")).unwrap(),
        good
    );
}

/// The latest adapter scaled x50 on disk (valid safetensors, finite values, nothing a parser
/// or a NaN check can see): `export` refuses it naming the file, and a resume skips it for the
/// intact checkpoint of step 1, saying so; the resume's `--set` changes are listed once.
#[test]
fn an_adapter_altered_on_disk_is_refused_by_export_and_skipped_by_resume() {
    let run = two_step_run("damage-x50");
    let file = adapter_file(&run, 2);
    rewrite(&file, |t| t * 50.0);
    let out = tmp("damage-x50-out");
    let line = refused(&["export", s(&run), "--out", s(&out)], &file);
    assert!(line.contains("SHA-256"), "{line}");
    assert!(!out.exists());

    let o = crate::common::frost_host()
        .args([
            "--resume",
            s(&run),
            "--set",
            "steps=3",
            "--set",
            "update.lr=0.002",
        ])
        .env("FROST_LOG", "info")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("SHA-256") && err.contains("trying the previous checkpoint"),
        "{err}"
    );
    let steps: Vec<u64> = jsonl(&run.join("metrics.jsonl"))
        .iter()
        .map(|m| m["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, vec![1, 2, 3], "resumed after step 1");
    let changed: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("this resume changes"))
        .collect();
    assert_eq!(changed.len(), 1, "{err}");
    assert!(
        changed[0].contains("steps: 2 -> 3") && changed[0].contains("update.lr: 0.001 -> 0.002"),
        "{err}"
    );
    // The new checkpoint verifies (sha256sum, an independent reader).
    let o = std::process::Command::new("sha256sum")
        .args(["--check", "--strict", "checksums.sha256"])
        .current_dir(ckpt(&run, 3))
        .output()
        .expect("sha256sum (GNU coreutils) not found on PATH: the test's reference");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
}

/// A sealed run (every run now: its checkpoints' states say so, and `checkpoints/sealed.json`
/// from which step) whose latest checkpoint lost its `checksums.sha256`: `eval`, `play` and
/// `export` refuse it in one line naming the missing file once and the intact checkpoint of
/// step 1 (nothing exported), as `eval` does with the run's record deleted too, and a copy of
/// the folder out of its run; a resume continues from step 1, saying why in one line.
#[test]
fn a_removed_seal_in_a_sealed_run_is_refused_and_skipped_by_resume() {
    let run = two_step_run("seal-removed");
    let record = run.join("checkpoints/sealed.json");
    let recorded: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(recorded["sealed_from_step"], 0, "{recorded}");
    let seal = ckpt(&run, 2).join("checksums.sha256");
    std::fs::remove_file(&seal).unwrap();
    let out = tmp("seal-removed-out");
    let cases: [&[&str]; 3] = [
        &["eval", s(&run)],
        &["play", s(&run), "--seed", "3", "--k", "2"],
        &["export", s(&run), "--out", s(&out)],
    ];
    for args in cases {
        let line = refused(args, &seal);
        assert!(line.contains("seal was removed"), "{args:?}: {line}");
    }
    assert!(!out.exists() && leftovers(&out).is_empty());
    // The run's record deleted as well: the checkpoint's own state still tells.
    std::fs::remove_file(&record).unwrap();
    let line = refused(&["eval", s(&run)], &seal);
    assert!(line.contains("records that it was sealed"), "{line}");
    // Copied out of its run, without its seal: judged on its own.
    let copy = tmp("seal-removed-copy").join("step-000002");
    copy_tree(&ckpt(&run, 2), &copy);
    let config = run.join("config.toml");
    let o = run_cli(&["eval", s(&copy), "--config", s(&config)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    let line = err.trim().lines().last().unwrap_or_default();
    let copied_seal = copy.join("checksums.sha256");
    assert_eq!(line.matches(s(&copied_seal)).count(), 1, "{err}");
    assert!(line.contains("records that it was sealed"), "{err}");

    let o = crate::common::frost_host()
        .args(["--resume", s(&run), "--set", "steps=3"])
        .env("FROST_LOG", "info")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let fell_back: Vec<&str> = (err.lines())
        .filter(|l| l.contains("trying the previous checkpoint"))
        .collect();
    assert_eq!(fell_back.len(), 1, "{err}");
    assert!(fell_back[0].contains(s(&seal)), "{err}");
    assert!(err.contains("after step 1"), "{err}");
    let steps: Vec<u64> = jsonl(&run.join("metrics.jsonl"))
        .iter()
        .map(|m| m["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, vec![1, 2, 3], "resumed after step 1");
}

/// A run from before seals (no `checkpoints/sealed.json`, no `checksums.sha256`, states that
/// record no seal): `eval`, `play` and `export` read its checkpoint unverified, with one
/// warning saying so.
#[test]
fn a_run_from_before_seals_loads_with_a_warning() {
    let run = two_step_run("seal-never");
    std::fs::remove_file(run.join("checkpoints/sealed.json")).unwrap();
    for step in [1, 2] {
        as_before_seals(&ckpt(&run, step));
    }
    let out = tmp("seal-never-out");
    let cases: [&[&str]; 3] = [
        &["eval", s(&run)],
        &["play", s(&run), "--seed", "3", "--k", "2"],
        &["export", s(&run), "--out", s(&out)],
    ];
    for args in cases {
        let o = run_cli(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{args:?}: {err}");
        let warned: Vec<&str> = (err.lines())
            .filter(|l| l.contains("written before Frost recorded checksums"))
            .collect();
        assert_eq!(warned.len(), 1, "{args:?}: {err}");
        assert!(warned[0].contains(s(&ckpt(&run, 2))), "{err}");
    }
    assert!(out.join("adapter_model.safetensors").is_file());
}
