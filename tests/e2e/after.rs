//! After training: `frost-host eval`, `play` and `export` on a tiny run, checked against the
//! run's own logs and direct judge calls.
use std::path::Path;

use serde_json::Value;

use crate::fixture::{jsonl, run_cli, tmp, train_run};

/// A finished 4-step run (checkpoints after steps 2 and 4, evaluations at 0, 2 and 4).
fn trained() -> std::path::PathBuf {
    let out = tmp("after");
    train_run(&out, &[]);
    out
}

fn ok(args: &[&str]) -> String {
    let o = run_cli(args);
    assert!(
        o.status.success(),
        "frost-host {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The eval figures of a metrics object (eval.jsonl's names) equal within float noise.
fn assert_same_figures(got: &Value, want: &Value) {
    for key in [
        "eval/best_of_4",
        "eval/mean",
        "eval/entropy",
        "eval/score_var",
        "eval/distinct",
    ] {
        let (g, w) = (got[key].as_f64().unwrap(), want[key].as_f64().unwrap());
        assert!(
            (g - w).abs() < 1e-9,
            "{key}: eval gives {g}, the run logged {w}"
        );
    }
    assert_eq!(got["step"], want["step"]);
}

/// `eval RUN` is training's evaluation: it reproduces the run's last eval.jsonl line, and a
/// run's `--step 2` reproduces the line at step 2; `eval base` with the run's config
/// reproduces step 0's.
#[test]
fn eval_reproduces_the_runs_own_evaluations() {
    let out = trained();
    let lines = jsonl(&out.join("eval.jsonl"));
    let at = |step: u64| lines.iter().find(|l| l["step"] == step).unwrap().clone();
    let json = out.join("e.json");
    let (run, file) = (out.to_str().unwrap(), json.to_str().unwrap());
    let printed = ok(&["eval", run, "--out", file]);
    assert!(printed.contains("best_of_4"), "{printed}");
    let e = read_json(&json);
    assert_same_figures(&e["metrics"], &at(4));
    assert_eq!(e["assignments"].as_array().unwrap().len(), 2);

    ok(&["eval", run, "--step", "2", "--out", file]);
    assert_same_figures(&read_json(&json)["metrics"], &at(2));

    let cfg = out.join("config.toml");
    ok(&[
        "eval",
        "base",
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        file,
    ]);
    assert_same_figures(&read_json(&json)["metrics"], &at(0));

    // A step the run did not keep is one line naming the steps it keeps.
    let o = run_cli(&["eval", run, "--step", "3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("no checkpoint after step 3") && err.contains("2, 4"),
        "{err}"
    );
}

/// `--against base`: the base model on the same assignments and draws; each figure's
/// difference is this minus base over the same assignments.
#[test]
fn eval_against_base_pairs_the_same_assignments() {
    let out = trained();
    let json = out.join("vs.json");
    let printed = ok(&[
        "eval",
        out.to_str().unwrap(),
        "--against",
        "base",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(printed.contains("95% interval"), "{printed}");
    let e = read_json(&json);
    let (this, base) = (&e["assignments"], &e["base"]["assignments"]);
    for (figure, field) in [
        ("best_of_4", "best"),
        ("mean", "mean"),
        ("entropy", "entropy"),
    ] {
        let d: f64 = (0..2)
            .map(|i| this[i][field].as_f64().unwrap() - base[i][field].as_f64().unwrap())
            .sum::<f64>()
            / 2.0;
        let got = e["base"]["difference"][figure]["difference"]
            .as_f64()
            .unwrap();
        assert!((got - d).abs() < 1e-9, "{figure}: {got} vs {d}");
        let (lo, hi) = (
            e["base"]["difference"][figure]["lo"].as_f64().unwrap(),
            e["base"]["difference"][figure]["hi"].as_f64().unwrap(),
        );
        assert!(
            lo <= got + 1e-12 && got <= hi + 1e-12,
            "{figure}: {lo} {got} {hi}"
        );
    }
    // Adapters trained for 4 steps move the policy: its samples differ from the base's.
    assert_ne!(this, base);
}
