//! `frost-host bench --phases --set`: an override both runs of the budget-matched pair share
//! (here the game's move length), the step's arithmetic printed beside its seconds, and the
//! pair's own settings refused. Figures are read, never timed against a bound.

use std::collections::BTreeMap;

use crate::common::{frost_host, root};

/// `bench --phases --threads 1` with `sets` on the tiny fixture corpus (offline) and a private
/// cache (the shipped default model): its stdout.
fn bench(sets: &[&str]) -> String {
    let cache = tempfile::tempdir().unwrap();
    let corpus = root().join("tests/fixtures/corpus-tiny");
    let mut cmd = frost_host();
    cmd.current_dir(root())
        .args(["bench", "--phases", "--threads", "1", "--set"])
        .arg(format!("corpus.source=\"{}\"", corpus.display()))
        .env("FROST_CACHE", cache.path())
        .env("FROST_LOG", "warn");
    for s in sets {
        cmd.args(["--set", s]);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "bench failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The per-phase GFLOP column: (run, phase) -> GFLOP, and the arithmetic line's three figures.
fn figures(stdout: &str) -> (BTreeMap<(String, String), f64>, [f64; 3]) {
    let mut phases = BTreeMap::new();
    for line in stdout.lines() {
        for run in ["frost K=4 D=4", "grpo K=8"] {
            let Some(rest) = line.trim_start().strip_prefix(run) else {
                continue;
            };
            let cols: Vec<&str> = rest.split_whitespace().collect();
            // phase, s/step, cpu s, tokens/s, GFLOP, ... (the per-phase table, not the times)
            if cols.len() >= 12 && cols[0].chars().all(|c| c.is_ascii_lowercase()) {
                phases.insert(
                    (run.to_string(), cols[0].to_string()),
                    cols[4].parse().unwrap(),
                );
            }
        }
    }
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("arithmetic:"))
        .unwrap_or_else(|| panic!("no arithmetic line in:\n{stdout}"));
    let nums: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.trim_end_matches('.').parse().ok())
        .collect();
    (phases, [nums[0], nums[1], nums[2]])
}

#[test]
fn a_shared_set_reaches_both_runs_and_the_arithmetic_is_the_tables() {
    let short = figures(&bench(&["game.config.gap_tokens=4"]));
    let long = figures(&bench(&["game.config.gap_tokens=16"]));
    let f = |fig: &(BTreeMap<(String, String), f64>, [f64; 3]), run: &str, phase: &str| {
        fig.0[&(run.to_string(), phase.to_string())]
    };
    // Longer moves cost both runs more where the moves are: sampling, Frost's Taylor pass and
    // verification, GRPO's scoring.
    for (run, phase) in [
        ("frost K=4 D=4", "sample"),
        ("frost K=4 D=4", "taylor"),
        ("frost K=4 D=4", "verify"),
        ("grpo K=8", "sample"),
        ("grpo K=8", "score"),
    ] {
        assert!(
            f(&long, run, phase) > f(&short, run, phase),
            "{run} {phase}: {} GFLOP at 16 tokens, {} at 4",
            f(&long, run, phase),
            f(&short, run, phase)
        );
    }
    for (phases, [frost, grpo, ratio]) in [&short, &long] {
        let total = |run: &str| -> f64 {
            phases
                .iter()
                .filter(|((r, _), _)| r == run)
                .map(|(_, g)| g)
                .sum()
        };
        assert!((total("frost K=4 D=4") - frost).abs() < 0.01, "{frost}");
        assert!((total("grpo K=8") - grpo).abs() < 0.01, "{grpo}");
        assert!((frost / grpo - ratio).abs() < 0.006, "{ratio}");
    }
    // The prompt weighs less against longer moves, and with it the update's and sampling's
    // fixed share that Frost's half-size group cannot save.
    assert!(long.1[2] < short.1[2], "{:?} vs {:?}", long.1, short.1);
}

#[test]
fn the_pairs_own_settings_are_refused_before_anything_is_timed() {
    for key in ["sampling.k=8", "frost.d=8", "steps=3", "model.device=cpu"] {
        let out = frost_host()
            .current_dir(root())
            .args(["bench", "--phases", "--set", key])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{key}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("sets it itself"), "{key}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty(), "timed before refusing {key}");
    }
    let out = frost_host()
        .args(["bench", "--set", "game.config.gap_tokens=4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--phases"));
}
