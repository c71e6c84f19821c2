//! End-to-end tests: the TensorBoard event files under `RUN/tb/`, read back with the
//! `tensorboard` package's own readers (tests/fixtures/tensorboard_read.py), hold the numeric
//! fields of metrics.jsonl and eval.jsonl under their keys, once per step, also after a resume.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::run_python;
use crate::fixture::{jsonl, run_cli, tmp, train_run};

/// tag -> step -> value.
type Series = BTreeMap<String, BTreeMap<u64, f64>>;

/// The numeric fields of the run's metrics.jsonl and eval.jsonl lines but `step`. A tag both
/// logs carry (the cumulative budget) must agree where both have the step.
fn logged(run: &Path) -> Series {
    let mut out = Series::new();
    for log in ["metrics.jsonl", "eval.jsonl"] {
        for line in jsonl(&run.join(log)) {
            let step = line["step"].as_u64().unwrap();
            for (k, v) in line.as_object().unwrap() {
                let (Some(x), false) = (v.as_f64(), k == "step") else {
                    continue;
                };
                let had = out.entry(k.clone()).or_default().insert(step, x);
                assert!(
                    had.is_none_or(|h| h == x),
                    "{log}: {k} at {step}: {had:?} vs {x}"
                );
            }
        }
    }
    out
}

/// What TensorBoard shows for `dir` (EventAccumulator); each step of a tag at most once.
fn accumulated(dir: &Path) -> Series {
    let out = run_python(
        "tensorboard_read.py",
        &["accumulate", dir.to_str().unwrap()],
    );
    let v: BTreeMap<String, Vec<(u64, f64)>> = serde_json::from_slice(&out.stdout).unwrap();
    v.into_iter()
        .map(|(tag, points)| {
            let n = points.len();
            let series: BTreeMap<u64, f64> = points.into_iter().collect();
            assert_eq!(series.len(), n, "{tag}: a step shown twice");
            (tag, series)
        })
        .collect()
}

/// Every (file, step, tag, value) of every event file, nothing purged.
fn raw(dir: &Path) -> Vec<(String, u64, String, f64)> {
    let out = run_python("tensorboard_read.py", &["raw", dir.to_str().unwrap()]);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `got` holds exactly `want`'s tags and steps, each value `want`'s as an f32.
fn assert_same(got: &Series, want: &Series, what: &str) {
    let tags = |s: &Series| s.keys().cloned().collect::<Vec<_>>();
    assert_eq!(tags(got), tags(want), "{what}: tags");
    for (tag, w) in want {
        let g = &got[tag];
        let steps = |s: &BTreeMap<u64, f64>| s.keys().copied().collect::<Vec<_>>();
        assert_eq!(steps(g), steps(w), "{what}: {tag}: steps");
        for (step, &x) in w {
            let y = g[step];
            assert!(
                (y - x).abs() <= 1e-6 * x.abs() + 1e-37,
                "{what}: {tag} at {step}: {y} vs {x}"
            );
        }
    }
}

fn event_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

#[test]
fn tensorboard_holds_the_logged_scalars_under_their_keys() {
    let run = tmp("tb");
    train_run(&run, &["steps=3", "eval.every=2"]);
    let want = logged(&run);
    // The figures named in docs/training.md, from both logs, are there; the booleans are not.
    for tag in [
        "sampled/mean",
        "loss",
        "frost/replaced_frac",
        "time/step_s",
        "budget/judge_forwards_total",
        "eval/best_of_4",
        "eval/mean",
    ] {
        assert!(want.contains_key(tag), "{tag} not logged");
    }
    assert!(!want.contains_key("skipped"));
    let steps = |tag: &str| want[tag].keys().copied().collect::<Vec<_>>();
    assert_eq!(steps("loss"), vec![1, 2, 3]);
    assert_eq!(steps("eval/mean"), vec![0, 2, 3]);
    assert_eq!(steps("budget/judge_forwards_total"), vec![0, 1, 2, 3]);
    let tb = run.join("tb");
    assert_eq!(event_files(&tb).len(), 1);
    assert_same(&accumulated(&tb), &want, "tb/");
    let events = raw(&tb);
    let n: usize = want.values().map(BTreeMap::len).sum();
    assert_eq!(events.len(), n, "one value per tag and step");
}

#[test]
fn tensorboard_off_writes_no_tb_folder() {
    let run = tmp("tb-off");
    train_run(&run, &["steps=1", "eval.every=0", "run.tensorboard=false"]);
    assert_eq!(jsonl(&run.join("metrics.jsonl")).len(), 1);
    assert!(!run.join("tb").exists());
}

/// A run that logged step 3 and died before its checkpoint resumes from step 2 (here with
/// another `update.kl_beta`, so that step 3's figures differ): TensorBoard shows each step
/// once, with the resumed values, both from the files on disk (cut back on resume, as
/// `wandb sync` needs) and for a TensorBoard that had read the old file before the cut (the
/// new file's SessionLog START purges the orphaned steps).
#[test]
fn a_resumed_run_shows_each_step_once_with_the_resumed_values() {
    let run = tmp("tb-resume");
    train_run(&run, &["steps=3", "run.checkpoint_every=2", "eval.every=2"]);
    // The crash: step 3 is logged, its checkpoint is not there.
    let ckpts = run.join("checkpoints");
    std::fs::remove_dir_all(ckpts.join("step-000003")).unwrap();
    std::fs::write(ckpts.join("latest"), "step-000002").unwrap();
    let tb = run.join("tb");
    let before = run.join("tb-before");
    std::fs::create_dir(&before).unwrap();
    for f in event_files(&tb) {
        std::fs::copy(&f, before.join(f.file_name().unwrap())).unwrap();
    }
    let old_loss = logged(&run)["loss"][&3];
    let o = run_cli(&[
        "--resume",
        run.to_str().unwrap(),
        "--set",
        "steps=4",
        "--set",
        "update.kl_beta=0.5",
    ]);
    assert!(
        o.status.success(),
        "resume failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let want = logged(&run);
    assert_ne!(
        want["loss"][&3], old_loss,
        "step 3 redone with other figures"
    );
    let steps = |tag: &str| want[tag].keys().copied().collect::<Vec<_>>();
    assert_eq!(steps("loss"), vec![1, 2, 3, 4]);
    assert_eq!(
        steps("eval/mean"),
        vec![0, 2, 4],
        "step 3's evaluation is not redone"
    );

    // On disk: the old file cut back to step 2, the new one after it; read without purging.
    let files = event_files(&tb);
    assert_eq!(files.len(), 2);
    let events = raw(&tb);
    let starts: Vec<_> = events.iter().filter(|e| e.2 == "<start>").collect();
    assert_eq!(starts.len(), 1);
    assert_eq!(starts[0].1, 3);
    let n: usize = want.values().map(BTreeMap::len).sum();
    assert_eq!(
        events.len(),
        n + 1,
        "one value per tag and step, and the START"
    );
    assert_same(&accumulated(&tb), &want, "tb/ after the resume");

    // A TensorBoard that read the old file before the cut: the old file whole, then the new.
    let new = files
        .iter()
        .find(|f| !before.join(f.file_name().unwrap()).exists());
    let new = new.expect("a new event file");
    std::fs::copy(new, before.join(new.file_name().unwrap())).unwrap();
    let orphaned = raw(&before)
        .iter()
        .filter(|e| e.1 == 3 && e.2 == "loss")
        .count();
    assert_eq!(orphaned, 2, "the uncut files hold step 3 twice");
    assert_same(&accumulated(&before), &want, "uncut old file + new file");
}
