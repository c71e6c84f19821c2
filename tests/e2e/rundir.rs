//! End-to-end tests: the run directory's guarantees. One writer per run (two writers, resume
//! while running), resume refuses a checkpoint of another run unless forced, non-finite
//! hyperparameters, restart before the first checkpoint, corrupt latest checkpoint, torn log
//! lines, Ctrl-C.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use crate::fixture::{fixture, jsonl, run_cli, test_config, tmp, train_run, write_config};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `frost-host --config C --out OUT --set ...` as a child process.
fn spawn_run(out: &Path, sets: &[&str]) -> Child {
    let cfg = write_config(&fixture().root, true);
    let mut cmd: Command = common::frost_host();
    cmd.args([
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .env("FROST_LOG", "warn")
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    for s in sets {
        cmd.args(["--set", s]);
    }
    cmd.spawn().expect("spawn frost-host")
}

fn resume(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["--resume", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    run_cli(&args)
}

fn steps(log: &Path) -> Vec<u64> {
    jsonl(log)
        .iter()
        .map(|v| v["step"].as_u64().unwrap())
        .collect()
}

#[test]
fn two_writers_on_one_out_one_is_refused_and_the_winner_is_intact() {
    let out = tmp("race");
    let a = spawn_run(&out, &["steps=2"]);
    let b = spawn_run(&out, &["steps=2"]);
    let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
    let ok: Vec<_> = outs.iter().filter(|o| o.status.success()).collect();
    assert_eq!(ok.len(), 1, "exactly one run must win");
    let loser = stderr(outs.iter().find(|o| !o.status.success()).unwrap());
    assert!(
        loser.contains("in use by another frost-host") || loser.contains("already holds a run"),
        "{loser}"
    );
    assert!(out.join("checkpoints/latest").is_file());
    assert_eq!(steps(&out.join("metrics.jsonl")), [1, 2]);
}

#[test]
fn resume_while_running_is_refused_and_ctrl_c_exits_130() {
    let out = tmp("running");
    let mut child = spawn_run(
        &out,
        &["steps=500", "run.checkpoint_every=0", "eval.every=0"],
    );
    let deadline = Instant::now() + Duration::from_secs(180);
    while !std::fs::read_to_string(out.join("metrics.jsonl")).is_ok_and(|t| !t.is_empty()) {
        assert!(Instant::now() < deadline, "the run never logged a step");
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(100));
    }
    let o = resume(&out, &[]);
    let e = stderr(&o);
    assert!(!o.status.success());
    assert!(
        e.contains("in use by another frost-host") && e.contains(&format!("pid {}", child.id())),
        "{e}"
    );
    // SAFETY: a signal to our own child process.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
    // It saved the step it was on, so it resumes from there.
    assert!(out.join("checkpoints/latest").is_file());
    let done = steps(&out.join("metrics.jsonl")).len();
    assert!(done < 500, "{done}");
}

#[test]
fn resume_refuses_another_seed_model_or_game_config_unless_forced() {
    let run = tmp("mismatch");
    train_run(&run, &["steps=2"]);
    let other_model = tmp("model-copy");
    std::fs::create_dir_all(&other_model).unwrap();
    for e in std::fs::read_dir(&fixture().model).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), other_model.join(e.file_name())).unwrap();
    }
    // Same weights, another config.json: the identity changes, the model still loads.
    let cfg = other_model.join("config.json");
    let text = std::fs::read_to_string(&cfg).unwrap();
    std::fs::write(&cfg, format!("{text}\n")).unwrap();
    let model_set = format!("model.path={:?}", other_model.display().to_string());
    for (set, said) in [
        ("seed=9", "seed 9 was 3"),
        ("game.config.gap_tokens=3", "game config"),
        (model_set.as_str(), "base model"),
    ] {
        let o = resume(&run, &["--set", "steps=3", "--set", set]);
        let e = stderr(&o);
        assert!(!o.status.success(), "{set} was accepted");
        assert!(
            e.contains(said) && e.contains("--force-resume"),
            "{set}: {e}"
        );
    }
    assert_eq!(steps(&run.join("metrics.jsonl")), [1, 2]);
    let o = resume(
        &run,
        &["--force-resume", "--set", "steps=3", "--set", "seed=9"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(steps(&run.join("metrics.jsonl")), [1, 2, 3]);
    // The run directory says what was trained: the config now, and how it got there.
    let history = std::fs::read_to_string(run.join("config.history.toml")).unwrap();
    let h: toml::Table = toml::from_str(&history).unwrap();
    let entries = h["resume"].as_array().unwrap();
    let last = entries.last().unwrap();
    assert_eq!(last["after_step"].as_integer(), Some(2));
    assert_eq!(last["forced"].as_bool(), Some(true));
    let sets: Vec<&str> = last["overrides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(sets, ["steps=3", "seed=9"]);
    let config = std::fs::read_to_string(run.join("config.toml")).unwrap();
    assert!(
        config.contains("seed = 9") && config.contains("steps = 3"),
        "{config}"
    );
}

#[test]
fn non_finite_hyperparameters_are_config_errors_naming_the_field() {
    let cfg = write_config(&fixture().root, true);
    for field in [
        "update.weight_decay",
        "update.adam_eps",
        "update.grad_clip",
        "update.kl_beta",
        "update.lr",
        "frost.tau",
        "sampling.temperature",
        "sampling.top_p",
    ] {
        for value in ["nan", "inf"] {
            let out = tmp("nan");
            let set = format!("{field}={value}");
            let o = run_cli(&[
                "--config",
                cfg.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--set",
                &set,
            ]);
            let e = stderr(&o);
            assert_eq!(o.status.code(), Some(1), "{set}: {e}");
            assert!(
                e.contains(&format!("`{field}`")) && e.contains("finite"),
                "{set}: {e}"
            );
            assert!(!out.exists(), "{set} left a run directory");
        }
    }
}

#[test]
fn a_run_killed_before_its_first_checkpoint_resumes_from_step_0() {
    let run = tmp("unstarted");
    std::fs::create_dir_all(&run).unwrap();
    let mut cfg = test_config(true);
    cfg.steps = 2;
    std::fs::write(run.join("config.toml"), cfg.to_toml()).unwrap();
    std::fs::write(
        run.join("metrics.jsonl"),
        "{\"step\": 1, \"loss\": 0.5}\n{\"st",
    )
    .unwrap();
    let o = resume(&run, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(steps(&run.join("metrics.jsonl")), [1, 2]);
    assert!(run.join("checkpoints/latest").is_file());
}

#[test]
fn a_corrupt_latest_checkpoint_falls_back_and_torn_log_lines_are_repaired() {
    let run = tmp("corrupt");
    train_run(&run, &["steps=4", "run.checkpoint_every=2"]);
    let adapter = run.join("checkpoints/step-000004/adapter");
    for e in std::fs::read_dir(&adapter).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "safetensors") {
            std::fs::write(&p, b"not a safetensors file").unwrap();
        }
    }
    let mut log = std::fs::read_to_string(run.join("metrics.jsonl")).unwrap();
    log.push_str("{\"step\": 5, \"lo");
    std::fs::write(run.join("metrics.jsonl"), log).unwrap();
    let o = resume(&run, &["--set", "steps=5"]);
    let e = stderr(&o);
    assert!(o.status.success(), "{e}");
    assert!(e.contains("trying the previous checkpoint"), "{e}");
    assert!(e.contains("torn or invalid"), "{e}");
    // Resumed after step 2: steps 3 and 4 redone once, no torn line left.
    assert_eq!(steps(&run.join("metrics.jsonl")), [1, 2, 3, 4, 5]);
}
