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
