use super::*;
use serde_json::{json, Value};

fn write_w(p: &Path) -> Result<(), String> {
    fs::write(p.join("w"), b"w").map_err(|e| e.to_string())
}

#[test]
fn save_points_latest_at_the_new_one_and_keeps_two() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path().join("ckpts"));
    assert_eq!(store.latest(), None);
    for step in 1..=3u64 {
        store.save(step, &json!({ "step": step }), write_w).unwrap();
    }
    let latest = store.latest().unwrap();
    assert!(latest.ends_with("step-000003") && latest.join("w").is_file());
    let st: Value = Checkpoints::read_state(&latest).unwrap();
    assert_eq!(st["step"], 3);
    let mut names: Vec<String> = fs::read_dir(&store.dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["latest", "sealed.json", "step-000002", "step-000003"]
    );
}

#[test]
fn a_failed_save_leaves_the_previous_latest() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path());
    store.save(1, &json!({ "step": 1 }), write_w).unwrap();
    let bad = store.save(2, &json!({ "step": 2 }), |_| Err("disk full".into()));
    let msg = bad.unwrap_err().to_string();
    assert!(
        msg.contains("disk full") && msg.contains("step-000002"),
        "{msg}"
    );
    assert!(store.latest().unwrap().ends_with("step-000001"));
}

#[test]
fn candidates_list_latest_first_then_the_others_newest_first() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path());
    assert!(store.candidates().is_empty());
    for step in 1..=2u64 {
        store.save(step, &json!({ "step": step }), write_w).unwrap();
    }
    let c = store.candidates();
    assert!(c[0].ends_with("step-000002") && c[1].ends_with("step-000001"));
    // `latest` pointing at the older one (e.g. written before a crash) still comes first.
    fs::write(d.path().join("latest"), "step-000001").unwrap();
    let c = store.candidates();
    assert!(c[0].ends_with("step-000001") && c[1].ends_with("step-000002"));
}

#[test]
fn a_reader_names_the_altered_file_and_the_intact_checkpoint() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path());
    for step in 1..=2u64 {
        store.save(step, &json!({ "step": step }), write_w).unwrap();
    }
    let latest = store.latest().unwrap();
    assert!(latest.join(checksums::FILE).is_file());
    Checkpoints::verify(&latest, "").unwrap();
    fs::write(latest.join("w"), b"x").unwrap();
    let e = Checkpoints::verify(&latest, "w").unwrap_err().to_string();
    let file = latest.join("w").display().to_string();
    assert_eq!(e.matches(&file).count(), 1, "{e}");
    assert!(
        e.contains("SHA-256") && e.contains("step 1's checkpoint (step-000001) is intact"),
        "{e}"
    );
    // A reader checks the files it takes: the state is intact.
    let st: Value = Checkpoints::read_state(&latest).unwrap();
    assert_eq!(st["step"], 2);
    fs::write(latest.join("state.json"), r#"{"step": 9}"#).unwrap();
    let e = Checkpoints::read_state::<Value>(&latest).unwrap_err();
    assert!(e.to_string().contains("state.json"), "{e}");
    fs::write(store.dir.join("step-000001/w"), b"y").unwrap();
    let e = Checkpoints::verify(&latest, "w").unwrap_err().to_string();
    assert!(e.contains("no other checkpoint"), "{e}");
}

/// The state of `ckpt` as a Frost from before seals in states wrote it: no [`SEAL_KEY`].
fn drop_seal_key(ckpt: &Path) {
    let path = ckpt.join("state.json");
    let mut v: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove(SEAL_KEY);
    fs::write(&path, v.to_string()).unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// A checkpoint carries its seal's record in its own state (covered by the seal): without
/// `checksums.sha256` it is refused, whether the run's record is there, deleted too, or the
/// folder was copied out of its run; editing the state away under the seal is a changed
/// file. Only a state that never recorded a seal (an older Frost's) reads unverified.
#[test]
fn every_way_of_peeling_a_seal_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path().join("run/checkpoints"));
    for step in 1..=2u64 {
        store.save(step, &json!({ "step": step }), write_w).unwrap();
    }
    let second = store.dir.join("step-000002");
    let st: Value = Checkpoints::read_state(&second).unwrap();
    assert_eq!(
        (&st["step"], &st[SEAL_KEY]),
        (&json!(2), &json!(checksums::FILE))
    );
    // A copy out of the run, seal and all, verifies on its own.
    let copy = d.path().join("elsewhere/step-000002");
    copy_dir(&second, &copy);
    Checkpoints::verify(&copy, "").unwrap();

    let refused = |ckpt: &Path| {
        let e = Checkpoints::verify(ckpt, "").unwrap_err().to_string();
        let seal = ckpt.join(checksums::FILE).display().to_string();
        assert_eq!(e.matches(&seal).count(), 1, "{e}");
        assert!(e.contains("records that it was sealed"), "{e}");
        e
    };
    // 1. The seal deleted.
    fs::remove_file(second.join(checksums::FILE)).unwrap();
    for under in ["", "w", "state.json"] {
        let e = Checkpoints::verify(&second, under).unwrap_err().to_string();
        assert!(
            e.contains("step 1's checkpoint (step-000001) is intact"),
            "{e}"
        );
    }
    refused(&second);
    // 2. The seal and the run's record deleted.
    fs::remove_file(store.dir.join(checksums::RECORD)).unwrap();
    refused(&second);
    // 3. The seal deleted from a copy out of its run.
    fs::remove_file(copy.join(checksums::FILE)).unwrap();
    let e = refused(&copy);
    assert!(e.contains("no other checkpoint"), "{e}");
    // 4. The state's record edited away under the seal: a changed file.
    let first = store.dir.join("step-000001");
    drop_seal_key(&first);
    let e = Checkpoints::verify(&first, "state.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("SHA-256") && e.contains("state.json"), "{e}");
    // 5. No state to tell: refused rather than read unverified.
    fs::remove_file(copy.join("state.json")).unwrap();
    let e = Checkpoints::verify(&copy, "w").unwrap_err().to_string();
    assert!(e.contains("cannot be read to tell"), "{e}");
    // A checkpoint from before seals (its state records none, no record): read, unverified.
    drop_seal_key(&second);
    Checkpoints::verify(&second, "").unwrap();
    let st: Value = Checkpoints::read_state(&second).unwrap();
    assert_eq!(st["step"], 2);
}

/// Checkpoints sealed before their state recorded it: the run's record outside them tells.
/// One of such a run without its checksum file lost its seal and is refused, naming the
/// file and the intact checkpoint; one from before seals (no record, or a step before the
/// recorded one) is read unverified.
#[test]
fn the_runs_record_judges_checkpoints_sealed_before_states_recorded_it() {
    let d = tempfile::tempdir().unwrap();
    let store = Checkpoints::new(d.path());
    for step in 1..=2u64 {
        store.save(step, &json!({ "step": step }), write_w).unwrap();
    }
    assert_eq!(checksums::sealed_from(d.path()), Ok(Some(1)));
    let second = store.dir.join("step-000002");
    let seal = second.join(checksums::FILE);
    fs::remove_file(&seal).unwrap();
    drop_seal_key(&second);
    for under in ["", "w", "state.json"] {
        let e = Checkpoints::verify(&second, under).unwrap_err().to_string();
        assert_eq!(e.matches(&seal.display().to_string()).count(), 1, "{e}");
        assert!(
            e.contains("seals every checkpoint from step 1 on")
                && e.contains("step 1's checkpoint (step-000001) is intact"),
            "{e}"
        );
    }
    let unreadable = d.path().join(checksums::RECORD);
    fs::write(&unreadable, "{").unwrap();
    let e = Checkpoints::verify(&second, "").unwrap_err().to_string();
    assert!(
        e.contains("cannot be read") && e.contains("sealed.json"),
        "{e}"
    );
    // Sealing from a later step on (a run of an older Frost, resumed): the earlier one is
    // from before seals.
    checksums::record_sealing(d.path(), 3).unwrap();
    assert_eq!(checksums::sealed_from(d.path()), Ok(Some(3)));
    Checkpoints::verify(&second, "").unwrap();
    // An earlier sealed step lowers the record; a later one keeps it.
    checksums::record_sealing(d.path(), 2).unwrap();
    checksums::record_sealing(d.path(), 5).unwrap();
    assert_eq!(checksums::sealed_from(d.path()), Ok(Some(2)));
    assert!(Checkpoints::verify(&second, "").is_err());
    // No record: a run from before seals, read unverified.
    fs::remove_file(d.path().join(checksums::RECORD)).unwrap();
    Checkpoints::verify(&second, "").unwrap();
    let st: Value = Checkpoints::read_state(&second).unwrap();
    assert_eq!(st["step"], 2);
}

#[test]
fn an_unreadable_state_names_its_file() {
    let d = tempfile::tempdir().unwrap();
    fs::write(d.path().join("state.json"), "{ not json").unwrap();
    let e = Checkpoints::read_state::<Value>(d.path()).unwrap_err();
    assert!(e.to_string().contains("state.json"), "{e}");
}
