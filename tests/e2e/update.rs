//! End-to-end tests: the update rules (GRPO, REINFORCE), selection rules and scopes, and full
//! fine-tuning, each in a short run.

use crate::fixture::{jsonl, run_cli, tmp, train_run, train_run_with};

#[test]
fn other_rules_scopes_and_full_fine_tuning_run() {
    for sets in [
        &[
            "update.rule=\"reinforce\"",
            "update.normalize_std=false",
            "frost.selection=\"top-prob\"",
            "frost.scope=\"parent\"",
        ][..],
        &[
            "frost.selection=\"random\"",
            "frost.rounds=2",
            "update.aggregation=\"sequence\"",
        ][..],
        &[
            "frost.selection=\"taylor\"",
            "frost.d=8",
            "update.kl_beta=0.0",
        ][..],
    ] {
        let out = tmp("rules");
        let mut all = vec!["steps=1", "eval.every=0"];
        all.extend_from_slice(sets);
        train_run(&out, &all);
        let m = &jsonl(&out.join("metrics.jsonl"))[0];
        assert!(m["loss"].as_f64().unwrap().is_finite(), "{sets:?}: {m}");
        assert!(out
            .join("checkpoints/step-000001/adapter/adapter_model.safetensors")
            .exists());
    }
    // Full fine-tuning: the judge is a frozen copy; checkpoints hold the whole model; resume works.
    let out = tmp("fullft");
    train_run_with(
        &out,
        &["steps=1", "eval.every=0", "update.kl_beta=0.1"],
        false,
    );
    assert!(out
        .join("checkpoints/step-000001/model/model.safetensors")
        .exists());
    let o = run_cli(&["--resume", out.to_str().unwrap(), "--set", "steps=2"]);
    assert!(
        o.status.success(),
        "full-FT resume failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(jsonl(&out.join("metrics.jsonl")).len(), 2);
}
