//! End-to-end tests: resume. A run stopped and resumed equals the uninterrupted one.

use serde_json::Value;

use crate::fixture::{jsonl, run_cli, tmp, train_run};

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

/// A setting that changes the tensors' shapes is refused at once on resume, naming the field
/// and both values (not walked back through every checkpoint as if each were corrupt); the
/// run directory is left as it was.
#[test]
fn a_shape_change_on_resume_is_refused_naming_the_field() {
    let run = tmp("shape");
    train_run(&run, &["steps=1", "eval.every=0"]);
    let before = std::fs::read_to_string(run.join("config.toml")).unwrap();
    for (set, field, values) in [
        ("model.lora.r=8", "`model.lora.r`", ["is 8", "with 4"]),
        (
            "model.lora.target_modules=[\"q_proj\"]",
            "`model.lora.target_modules`",
            ["[\"q_proj\"]", "\"down_proj\""],
        ),
    ] {
        let o = run_cli(&[
            "--resume",
            run.to_str().unwrap(),
            "--set",
            "steps=2",
            "--set",
            set,
        ]);
        assert!(!o.status.success(), "{set}: resumed");
        let err = String::from_utf8_lossy(&o.stderr);
        let last = err.lines().last().unwrap_or_default();
        assert!(last.contains(field), "{set}: {err}");
        assert!(values.iter().all(|v| last.contains(v)), "{set}: {err}");
        assert!(!err.contains("none could be loaded"), "{set}: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(run.join("config.toml")).unwrap(),
        before
    );
    assert_eq!(jsonl(&run.join("metrics.jsonl")).len(), 1);
}

/// A checkpoint whose adapter holds NaNs (saved so: its checksums match) is refused on resume
/// like any corrupt one: the run falls back to the previous checkpoint and continues from it
/// with finite weights.
#[test]
fn a_checkpoint_of_nans_falls_back_to_the_previous_one() {
    let run = tmp("nan");
    train_run(&run, &["steps=2", "run.checkpoint_every=1", "eval.every=0"]);
    let file = run.join("checkpoints/step-000002/adapter/adapter_model.safetensors");
    let tensors = tch::Tensor::read_safetensors(&file).unwrap();
    let poisoned: Vec<(String, tch::Tensor)> = tensors
        .into_iter()
        .map(|(name, t)| (name, t.fill(f64::NAN)))
        .collect();
    tch::Tensor::write_safetensors(&poisoned, &file).unwrap();
    frost_host::run::checksums::seal(&run.join("checkpoints/step-000002")).unwrap();
    let o = run_cli(&["--resume", run.to_str().unwrap(), "--set", "steps=3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("non-finite") && err.contains("previous checkpoint"),
        "{err}"
    );
    let steps: Vec<u64> = jsonl(&run.join("metrics.jsonl"))
        .iter()
        .map(|m| m["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, vec![1, 2, 3], "resumed after step 1");
    let last = run.join("checkpoints/step-000003/adapter/adapter_model.safetensors");
    for (name, t) in tch::Tensor::read_safetensors(&last).unwrap() {
        assert_eq!(t.isfinite().all().int64_value(&[]), 1, "{name}");
    }
}

/// Another model of the same shape put in the base model's folder (same file names and sizes,
/// other weights) is refused on resume: the identity hashes the weights' contents.
#[test]
fn a_different_model_of_the_same_shape_is_refused_on_resume() {
    let model = tmp("same-shape-model");
    std::fs::create_dir_all(&model).unwrap();
    for e in std::fs::read_dir(&crate::fixture::fixture().model).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), model.join(e.file_name())).unwrap();
    }
    let run = tmp("same-shape");
    let set_model = format!("model.path=\"{}\"", model.display());
    train_run(&run, &["steps=1", "eval.every=0", &set_model]);
    let file = model.join("model.safetensors");
    let other: Vec<(String, tch::Tensor)> = tch::Tensor::read_safetensors(&file)
        .unwrap()
        .into_iter()
        .map(|(n, t)| (n, t + 0.5))
        .collect();
    tch::Tensor::write_safetensors(&other, &file).unwrap();
    let o = run_cli(&["--resume", run.to_str().unwrap(), "--set", "steps=2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "resumed on other weights: {err}");
    assert!(
        err.contains("base model") && err.contains("--force-resume"),
        "{err}"
    );
}
