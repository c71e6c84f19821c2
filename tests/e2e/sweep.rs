//! End-to-end tests: `frost-host sweep`. A grid of tiny runs killed mid-sweep and resumed
//! ends exactly as an uninterrupted one; --dry-run, --slurm and --only; a failed run is
//! recorded and the sweep goes on; a bad sweep file is one line and starts nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::frost_host;
use crate::fixture::{fixture, jsonl, tmp, write_config};

const RUNS: [&str; 4] = ["frost/seed-0", "grpo/seed-0", "frost/seed-1", "grpo/seed-1"];

/// 2 settings x 2 seeds of the fixture's tiny run (4 steps, checkpoints every 2).
fn sweep_file(dir: &Path, extra: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let config = write_config(&fixture().root, true);
    let text = format!(
        "seeds = [0, 1]\nconfig = {:?}\nset = [\"run.threads=1\"]\n\
         [[setting]]\nlabel = \"frost\"\n\
         [[setting]]\nlabel = \"grpo\"\nset = [\"frost.refinement='none'\", \"frost.d=0\"]\n{extra}",
        config.display().to_string()
    );
    let p = dir.join("grid.toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn sweep(file: &Path, args: &[&str]) -> std::process::Output {
    frost_host()
        .arg("sweep")
        .arg(file)
        .args(args)
        .env("FROST_LOG", "warn")
        .output()
        .expect("spawn frost-host sweep")
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn index(out: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("sweep.json")).unwrap()).unwrap()
}

fn statuses(out: &Path) -> Vec<String> {
    index(out)["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap().to_string())
        .collect()
}

fn strip_times(v: &Value) -> Value {
    let mut v = v.clone();
    if let Value::Object(m) = &mut v {
        m.retain(|k, _| !k.starts_with("time/"));
    }
    v
}

fn wait_for(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_sweep_killed_mid_way_resumes_to_the_same_results() {
    let root = tmp("sweep");
    let file = sweep_file(&root, "");
    // Uninterrupted, two runs at a time.
    let full = root.join("full");
    let o = sweep(&file, &["--out", full.to_str().unwrap(), "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(statuses(&full), ["done"; 4]);

    // One run at a time, killed (SIGKILL, no chance to clean up) once the first run holds a
    // checkpoint; its training child dies with it.
    let cut = root.join("cut");
    let mut child = frost_host()
        .arg("sweep")
        .arg(&file)
        .args(["--out", cut.to_str().unwrap()])
        .env("FROST_LOG", "warn")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let first = cut.join("runs/frost/seed-0");
    let ckpt = first.join("checkpoints/latest");
    wait_for("a checkpoint", Duration::from_secs(120), || ckpt.exists());
    child.kill().unwrap();
    child.wait().unwrap();
    wait_for("the run's lock", Duration::from_secs(20), || {
        frost_host::run::lock::RunLock::acquire(&first).is_ok()
    });
    let after_kill = statuses(&cut);
    assert!(after_kill.iter().any(|s| s != "done"), "{after_kill:?}");

    let o = sweep(&file, &["--out", cut.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(statuses(&cut), ["done"; 4]);
    for run in RUNS {
        for log in ["metrics.jsonl", "eval.jsonl", "samples.jsonl"] {
            let a: Vec<Value> = jsonl(&full.join("runs").join(run).join(log))
                .iter()
                .map(strip_times)
                .collect();
            let b: Vec<Value> = jsonl(&cut.join("runs").join(run).join(log))
                .iter()
                .map(strip_times)
                .collect();
            // Steps 1..4; evaluations at 0, 2 and 4.
            let lines = if log == "eval.jsonl" { 3 } else { 4 };
            assert_eq!(a.len(), lines, "{run} {log}");
            assert_eq!(a, b, "{run} {log}: the resumed sweep differs");
        }
    }

    // The index the report reads: the contract's fields.
    let idx = index(&full);
    assert_eq!(idx["name"], "grid");
    let r = &idx["runs"][1];
    assert_eq!(r["name"], "grpo/seed-0");
    assert_eq!(r["setting"], "grpo");
    assert_eq!(r["seed"], 0);
    assert_eq!(r["dir"], "runs/grpo/seed-0");
    assert_eq!(r["overrides"]["frost.refinement"], "none");
    assert_eq!(r["overrides"]["seed"], 0);
    assert!(full.join("runs/grpo/seed-0/config.toml").exists());

    // The comparable figures are logged, with the budget cumulative on both logs.
    let m = jsonl(&full.join("runs/frost/seed-1/metrics.jsonl"));
    let mut total = 0;
    for line in &m {
        total += line["budget/judge_forwards"].as_u64().unwrap();
        assert_eq!(line["budget/judge_forwards_total"], total);
        for k in [
            "sampled/best_of_4",
            "sampled/entropy",
            "sampled/distinct",
            "refined/best",
        ] {
            assert!(line[k].is_number(), "{k} in {line}");
        }
    }
    let e = jsonl(&full.join("runs/frost/seed-1/eval.jsonl"));
    assert_eq!(e[0]["budget/judge_forwards_total"], 0);
    assert_eq!(e[1]["step"], 2);
    assert_eq!(
        e[1]["budget/judge_forwards_total"],
        m[1]["budget/judge_forwards_total"]
    );
    assert_eq!(
        e[2]["budget/judge_backwards_total"],
        m[3]["budget/judge_backwards_total"]
    );
    for k in ["eval/entropy", "eval/score_var", "eval/distinct"] {
        assert!(e[2][k].as_f64().unwrap() > 0.0, "{k} in {}", e[2]);
    }
}

#[test]
fn dry_run_lists_the_runs_and_writes_nothing() {
    let root = tmp("sweep-dry");
    let file = sweep_file(&root, "");
    let out = root.join("out");
    let o = sweep(&file, &["--out", out.to_str().unwrap(), "--dry-run"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("sweep grid: 4 runs in"), "{text}");
    for (i, run) in RUNS.iter().enumerate() {
        let line = text.lines().find(|l| l.contains(run)).unwrap();
        assert!(
            line.trim_start().starts_with(&format!("{i}  pending")),
            "{line}"
        );
        assert!(line.contains(&format!("seed={}", i / 2)), "{line}");
    }
    assert!(!out.exists());
}

#[test]
fn slurm_script_runs_one_index_per_task_into_the_same_layout() {
    let root = tmp("sweep-slurm");
    let file = sweep_file(&root, "[slurm]\nsbatch = [\"--time=01:00:00\"]\n");
    let out = root.join("out");
    let script = root.join("grid.sh");
    let o = sweep(
        &file,
        &[
            "--out",
            out.to_str().unwrap(),
            "--slurm",
            script.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&script).unwrap();
    assert!(text.starts_with("#!/bin/bash\n"), "{text}");
    for want in [
        "#SBATCH --array=0-3\n",
        "#SBATCH --time=01:00:00\n",
        "--only \"$SLURM_ARRAY_TASK_ID\"",
        &format!("'{}'", std::path::absolute(&out).unwrap().display()),
    ] {
        assert!(text.contains(want), "no {want:?} in\n{text}");
    }
    assert_eq!(statuses(&out), ["pending"; 4]);
    // What array task 1 runs: `sweep FILE --out DIR --only 1` (here without Slurm).
    let o = sweep(&file, &["--out", out.to_str().unwrap(), "--only", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(statuses(&out), ["pending", "done", "pending", "pending"]);
    assert_eq!(jsonl(&out.join("runs/grpo/seed-0/metrics.jsonl")).len(), 4);
    let o = sweep(&file, &["--out", out.to_str().unwrap(), "--only", "4"]);
    assert!(
        stderr(&o).contains("--only 4: the sweep has 4 runs"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_failed_run_is_recorded_and_the_sweep_goes_on() {
    let root = tmp("sweep-fail");
    let file = root.join("fail.toml");
    let good = sweep_file(&root, "");
    let text = std::fs::read_to_string(&good).unwrap();
    // A missing game passes the config check and fails in the run's setup.
    let text = text.replace("seeds = [0, 1]", "seeds = [0]").replace(
        "[[setting]]\nlabel = \"frost\"\n",
        "[[setting]]\nlabel = \"broken\"\nset = [\"game.path='/nonexistent/g.wasm'\"]\n",
    );
    std::fs::write(&file, text).unwrap();
    let out = root.join("out");
    let o = sweep(&file, &["--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("failed broken/seed-0") && err.contains("/nonexistent/g.wasm"),
        "{err}"
    );
    assert!(err.contains("1 of 2 runs failed"), "{err}");
    assert_eq!(statuses(&out), ["failed", "done"]);
    let msg = index(&out)["runs"][0]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(msg.contains("/nonexistent/g.wasm"), "{msg}");
}

#[test]
fn a_bad_sweep_file_is_one_line_and_starts_nothing() {
    let root = tmp("sweep-bad");
    let good = std::fs::read_to_string(sweep_file(&root, "")).unwrap();
    let cases = [
        (
            good.replace("seeds = [0, 1]", "seeds = []"),
            "`seeds` is empty",
        ),
        (
            good.replace("seeds = [0, 1]", "seeds = [0]\nsteps = 3"),
            "unknown field `steps`",
        ),
        (
            good.replace("\"frost.d=0\"", "\"frost.dd=0\""),
            "run `grpo/seed-0`",
        ),
    ];
    for (text, want) in cases {
        let file = root.join("bad.toml");
        std::fs::write(&file, text).unwrap();
        let out = root.join("out");
        let o = sweep(&file, &["--out", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(
            err.starts_with("error: sweep file ") && err.contains(want),
            "{err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!out.exists(), "nothing is started");
    }
}

/// Every sweep the repository ships (configs/sweeps/, run by scripts/results.sh) plans: its
/// settings, axes and every run's config check out, from the repository root as documented.
#[test]
fn every_shipped_sweep_plans() {
    let root = crate::common::root();
    let dir = root.join("configs/sweeps");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    let out = tmp("sweep-shipped").join("out");
    for f in &files {
        let o = frost_host()
            .current_dir(&root)
            .arg("sweep")
            .arg(f)
            .args(["--out", out.to_str().unwrap(), "--dry-run"])
            .env("FROST_LOG", "warn")
            .output()
            .unwrap();
        assert!(o.status.success(), "{}: {}", f.display(), stderr(&o));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("pending"), "{}: {text}", f.display());
    }
    assert!(!out.exists());
}

/// `--devices`: each concurrent run starts on the device the fewest running runs use. With
/// `cpu,cuda:7` and 2 jobs the first runs on the CPU and the second is sent to cuda:7, which
/// this machine lacks: its failure names the device it was given. A bad list is one line.
#[test]
fn devices_are_handed_to_the_concurrent_runs() {
    let root = tmp("sweep-devices");
    let good = sweep_file(&root, "");
    let text = std::fs::read_to_string(&good)
        .unwrap()
        .replace("seeds = [0, 1]", "seeds = [0]");
    let file = root.join("two.toml");
    std::fs::write(&file, text).unwrap();
    let out = root.join("out");
    let o = sweep(
        &file,
        &[
            "--out",
            out.to_str().unwrap(),
            "--jobs",
            "2",
            "--devices",
            "cpu,cuda:7",
        ],
    );
    let err = stderr(&o);
    let runs = index(&out)["runs"].as_array().unwrap().clone();
    let by_status = |s: &str| runs.iter().filter(|r| r["status"] == s).count();
    if tch::Cuda::device_count() < 8 {
        assert_eq!((by_status("done"), by_status("failed")), (1, 1), "{err}");
        let failed = runs.iter().find(|r| r["status"] == "failed").unwrap();
        assert!(
            failed["message"].as_str().unwrap().contains("cuda:7"),
            "{failed}"
        );
    }
    let o = sweep(
        &file,
        &[
            "--out",
            root.join("bad").to_str().unwrap(),
            "--devices",
            "gpu0",
        ],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--devices gpu0"), "{}", stderr(&o));
}
