use super::*;
use serde_json::json;

fn state(step: u64, seed: u64) -> CheckpointState {
    CheckpointState {
        step,
        seed,
        base_model: None,
        game_hash: None,
        game_config: None,
        judge_budget_total: None,
    }
}

fn save(run: &RunDir, step: u64) {
    run.checkpoint(
        &state(step, 1),
        |p| fs::write(p.join("w"), b"w").map_err(|e| e.to_string()),
        |p| fs::write(p, b"o").map_err(|e| e.to_string()),
    )
    .unwrap();
}

#[test]
fn checkpoint_then_rewind_truncates_logs_and_drops_torn_lines() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("run");
    let run = RunDir::create(&dir, "seed = 1\n").unwrap();
    for step in 1..=5u64 {
        run.append("metrics.jsonl", &json!({"step": step, "x": 1.0}))
            .unwrap();
        if step == 3 {
            save(&run, step);
        }
    }
    let mut f = fs::OpenOptions::new()
        .append(true)
        .open(dir.join("metrics.jsonl"))
        .unwrap();
    write!(f, "{{\"step\": 6, \"x\"").unwrap();
    drop(run);
    assert!(matches!(
        RunDir::create(&dir, "x"),
        Err(RunDirError::Exists(_))
    ));
    let run = RunDir::open(&dir).unwrap();
    let ckpt = &run.checkpoint_candidates()[0];
    let st: CheckpointState = Checkpoints::read_state(ckpt).unwrap();
    assert_eq!(st, state(3, 1));
    run.rewind_logs(Some(st.step)).unwrap();
    let m = fs::read_to_string(dir.join("metrics.jsonl")).unwrap();
    assert_eq!(m.lines().count(), 3);
    assert!(m.ends_with("}\n"));
}

#[test]
fn a_line_torn_inside_a_character_is_dropped_and_the_log_still_rewound() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("run");
    let run = RunDir::create(&dir, "seed = 1\n").unwrap();
    for step in 1..=4u64 {
        run.append("samples.jsonl", &json!({"step": step, "move": "é"}))
            .unwrap();
    }
    // Step 5 cut in the middle of "é" (0xC3 0xA9): not UTF-8.
    let mut f = fs::OpenOptions::new()
        .append(true)
        .open(dir.join("samples.jsonl"))
        .unwrap();
    f.write_all(b"{\"step\": 5, \"move\": \"\xc3").unwrap();
    run.rewind_logs(Some(2)).unwrap();
    let text = fs::read_to_string(dir.join("samples.jsonl")).unwrap();
    let steps: Vec<u64> = (text.lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["step"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(steps, vec![1, 2]);
}

#[test]
fn a_run_without_checkpoint_can_be_created_again_and_a_held_one_cannot() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("run");
    let run = RunDir::create(&dir, "a").unwrap();
    run.append("metrics.jsonl", &json!({"step": 1})).unwrap();
    let mut tb = tensorboard::Tensorboard::open(&dir.join("tb"), None).unwrap();
    tb.log(&json!({"step": 1, "x": 1.0}));
    let e = RunDir::create(&dir, "b").unwrap_err();
    assert!(matches!(e, RunDirError::Lock(_)), "{e}");
    assert!(matches!(RunDir::open(&dir), Err(RunDirError::Lock(_))));
    drop(run);
    let again = RunDir::create(&dir, "b").unwrap();
    assert_eq!(fs::read_to_string(dir.join("config.toml")).unwrap(), "b");
    assert_eq!(fs::read_to_string(dir.join("metrics.jsonl")).unwrap(), "");
    assert!(
        !dir.join("tb").exists(),
        "the old event files are cleared with the logs"
    );
    // Not created by this call: a failed start leaves the folder.
    again.discard_if_unstarted();
    assert!(dir.join("config.toml").exists());
}

#[test]
fn only_a_created_unstarted_run_is_discarded() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("run");
    RunDir::create(&dir, "a").unwrap().discard_if_unstarted();
    assert!(!dir.exists());
    let run = RunDir::create(&dir, "a").unwrap();
    save(&run, 1);
    run.discard_if_unstarted();
    assert!(dir.join("checkpoints/latest").exists());
}

#[test]
fn a_created_run_that_trained_nothing_is_removed_checkpoints_and_all() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().join("run");
    let run = RunDir::create(&dir, "a").unwrap();
    save(&run, 1);
    assert!(run.discard_if_created());
    assert!(!dir.exists());
    // A resumed run (not created by this process) is kept.
    let run = RunDir::create(&dir, "a").unwrap();
    save(&run, 1);
    drop(run);
    assert!(!RunDir::open(&dir).unwrap().discard_if_created());
    assert!(dir.join("checkpoints/latest").exists());
}

#[test]
fn failed_checkpoint_leaves_previous_latest() {
    let d = tempfile::tempdir().unwrap();
    let run = RunDir::create(d.path(), "").unwrap();
    save(&run, 1);
    let bad = run.checkpoint(
        &state(2, 0),
        |_| Err("disk full".into()),
        |p| fs::write(p, b"o").map_err(|e| e.to_string()),
    );
    assert!(bad.is_err());
    assert!(run.checkpoint_candidates()[0].ends_with("step-000001"));
}

#[test]
fn resume_history_appends_entries() {
    let d = tempfile::tempdir().unwrap();
    let run = RunDir::create(d.path(), "steps = 2\n").unwrap();
    for (step, set) in [(2, "steps=4"), (4, "steps=6")] {
        let overrides = [set.to_string()];
        let rec = ResumeRecord {
            unix_time: 1,
            after_step: step,
            overrides: &overrides,
            forced: false,
        };
        run.record_resume(&format!("{set}\n"), &rec).unwrap();
    }
    let h = fs::read_to_string(d.path().join("config.history.toml")).unwrap();
    let v: toml::Table = toml::from_str(&h).unwrap();
    let entries = v["resume"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1]["overrides"][0].as_str(), Some("steps=6"));
    let cfg = fs::read_to_string(d.path().join("config.toml")).unwrap();
    assert_eq!(cfg, "steps=6\n");
}

#[test]
fn mismatches_name_what_changed() {
    let mut a = state(2, 1);
    a.game_config = Some(json!({"gap": 4}));
    let mut b = a.clone();
    assert!(a.mismatches(&b).is_empty());
    b.seed = 9;
    b.game_config = Some(json!({"gap": 3}));
    let m = a.mismatches(&b).join("; ");
    assert!(
        m.contains("seed 9 was 1") && m.contains("game config"),
        "{m}"
    );
    // Unrecorded (old checkpoint): not compared.
    a.game_config = None;
    assert_eq!(a.mismatches(&b).len(), 1);
}

#[test]
fn a_folder_whose_files_a_run_would_overwrite_is_refused_untouched_and_others_are_kept() {
    let d = tempfile::tempdir().unwrap();
    let mine = d.path().join("mine");
    fs::create_dir(&mine).unwrap();
    fs::write(mine.join("config.toml"), "my own").unwrap();
    fs::write(mine.join("metrics.jsonl"), "{\"step\": 9}\n").unwrap();
    fs::write(mine.join("notes.txt"), "keep").unwrap();
    let e = RunDir::create(&mine, "seed = 1\n").unwrap_err();
    assert!(
        matches!(&e, RunDirError::Collides { shown, .. } if shown == &["config.toml", "metrics.jsonl"]),
        "{e}"
    );
    assert_eq!(
        fs::read_to_string(mine.join("config.toml")).unwrap(),
        "my own"
    );
    assert_eq!(
        fs::read_to_string(mine.join("metrics.jsonl")).unwrap(),
        "{\"step\": 9}\n"
    );
    assert!(!mine.join(".lock").exists());

    let file = d.path().join("file");
    fs::write(&file, "x").unwrap();
    let e = RunDir::create(&file, "seed = 1\n").unwrap_err();
    assert!(matches!(e, RunDirError::NotAFolder(_)), "{e}");
    let e = RunDir::create(&file.join("run"), "seed = 1\n").unwrap_err();
    assert!(
        matches!(&e, RunDirError::NotAFolder(p) if p == &file),
        "{e}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), "x");

    // A folder a launch script made, holding its Slurm log: taken, the log kept beside the run.
    let launched = d.path().join("launched");
    fs::create_dir(&launched).unwrap();
    fs::write(launched.join("slurm-7.out"), "log").unwrap();
    let run = RunDir::create(&launched, "seed = 1\n").unwrap();
    assert_eq!(
        fs::read_to_string(launched.join("config.toml")).unwrap(),
        "seed = 1\n"
    );
    assert_eq!(
        fs::read_to_string(launched.join("slurm-7.out")).unwrap(),
        "log"
    );
    // Not created by this call: the folder stays when the start fails.
    run.discard_if_unstarted();
    assert!(launched.join("slurm-7.out").is_file());
}

/// A folder that merely holds a `checkpoints/` is not a run: its logs, `tb/` and `config.toml`
/// are the user's, refused untouched. A run is told by what a run writes first,
/// `checkpoints/sealed.json`, and only an unstarted one is taken again (its logs cleared); a
/// run with a checkpoint is refused as one, whatever else it holds.
#[test]
fn a_folder_holding_checkpoints_is_not_taken_for_an_unstarted_run() {
    let d = tempfile::tempdir().unwrap();
    let mine = d.path().join("mine");
    fs::create_dir_all(mine.join("checkpoints")).unwrap();
    fs::create_dir_all(mine.join("tb")).unwrap();
    fs::write(mine.join("tb/events.out.tfevents.1.host"), "mine").unwrap();
    fs::write(mine.join("config.toml"), "my own").unwrap();
    fs::write(mine.join("metrics.jsonl"), "{\"step\": 9}\n").unwrap();
    let e = RunDir::create(&mine, "seed = 1\n").unwrap_err();
    assert!(
        matches!(&e, RunDirError::Collides { shown, .. } if shown == &["config.toml", "metrics.jsonl", "tb"]),
        "{e}"
    );
    assert!(e.to_string().contains("no checkpoints/sealed.json"), "{e}");
    assert_eq!(
        fs::read_to_string(mine.join("config.toml")).unwrap(),
        "my own"
    );
    assert_eq!(
        fs::read_to_string(mine.join("metrics.jsonl")).unwrap(),
        "{\"step\": 9}\n"
    );
    assert_eq!(
        fs::read_to_string(mine.join("tb/events.out.tfevents.1.host")).unwrap(),
        "mine"
    );
    assert!(!mine.join(".lock").exists());
    assert!(!mine.join("checkpoints/sealed.json").exists());

    // What a run writes first marks it: created, killed before its first checkpoint, taken again.
    let run = d.path().join("run");
    let first = RunDir::create(&run, "a").unwrap();
    assert_eq!(
        checksums::sealed_from(&run.join("checkpoints")),
        Ok(Some(0))
    );
    first.append("metrics.jsonl", &json!({"step": 1})).unwrap();
    drop(first);
    drop(RunDir::create(&run, "b").unwrap());
    assert_eq!(fs::read_to_string(run.join("metrics.jsonl")).unwrap(), "");
    assert_eq!(fs::read_to_string(run.join("config.toml")).unwrap(), "b");

    // With a checkpoint it is a run, refused as one before the lock is taken.
    let started = RunDir::create(&run, "c").unwrap();
    save(&started, 1);
    drop(started);
    let e = RunDir::check_new(&run).unwrap_err();
    assert!(matches!(e, RunDirError::Exists(_)), "{e}");
    assert_eq!(fs::read_to_string(run.join("config.toml")).unwrap(), "c");
}
