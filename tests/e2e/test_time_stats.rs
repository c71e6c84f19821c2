//! `scripts/test-time.py`'s sign-flip p: at the seed level, the level its bootstrap interval
//! resamples first, so that many assignments of few seeds do not pass for many independent
//! pairs.

use std::path::{Path, PathBuf};
use std::process::Command;

use frost_host::lab::stats::sign_flip_p;

/// `scripts/test-time.py DIR/figures PLAYER...`, which must succeed: its stdout.
fn test_time_script(dir: &Path, players: &[String]) -> String {
    let out = Command::new("python3")
        .arg(crate::common::root().join("scripts/test-time.py"))
        .arg(dir.join("figures"))
        .args(players)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// One seed's curve file (`eval --refine 1 --curve`): rounds 0 and 1, both arms, one entry per
/// assignment; the sampled arm's best is 0 and Frost's is `gain[i]` after round 1, so the
/// paired difference at round 1 is `gain`.
fn curve(dir: &Path, seed: usize, gain: &[f64]) -> PathBuf {
    let line = |arm: &str, rounds: u64, best: &dyn Fn(f64) -> f64| {
        let assignments: Vec<serde_json::Value> = (gain.iter())
            .map(|&g| {
                serde_json::json!({"best": best(g), "forwards": 8.0 + 4.0 * rounds as f64,
                                   "backwards": 0.0, "seconds": 0.01})
            })
            .collect();
        serde_json::json!({"arm": arm, "rounds": rounds, "n": 8 + 4 * rounds,
                           "assignments": assignments})
        .to_string()
    };
    let text = [
        line("frost", 0, &|_| 0.0),
        line("sampled", 0, &|_| 0.0),
        line("frost", 1, &|g| g),
        line("sampled", 1, &|_| 0.0),
    ]
    .join("\n");
    let path = dir.join(format!("seed-{seed}.jsonl"));
    std::fs::write(&path, text + "\n").unwrap();
    path
}

/// The script's p at round 1 of its one player, and its whole output.
fn run_script(dir: &Path, seeds: &[Vec<f64>]) -> (f64, String) {
    let files: Vec<String> = (seeds.iter().enumerate())
        .map(|(s, gain)| curve(dir, s, gain).display().to_string())
        .collect();
    let stdout = test_time_script(dir, &[format!("player={}", files.join(","))]);
    let row = (stdout.lines())
        .find(|l| l.starts_with("| player | 1 |"))
        .unwrap_or_else(|| panic!("no round-1 row:\n{stdout}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    (cells[6].parse().unwrap(), stdout)
}

/// Four seeds whose every assignment gains +1: 128 pairs all one way (the pair-level flip gave
/// p = 1/10001), but only 4 seeds: the seed-level floor, 2/16 = 0.125, and the verdict unclear
/// although the interval excludes 0.
#[test]
fn test_time_p_flips_seeds_whole() {
    let dir = crate::fixture::tmp("test-time-p");
    std::fs::create_dir_all(&dir).unwrap();
    let seeds = vec![vec![1.0; 32]; 4];
    let (p, stdout) = run_script(&dir, &seeds);
    assert_eq!(p, 0.125, "{stdout}");
    assert!(
        stdout.contains("**unclear** (+1.00 [+1.00, +1.00], p = 0.125)"),
        "{stdout}"
    );

    // Uneven seeds (their means 0.6, -0.3, 0.9, 0.4, 0.2): the lab's exact sign-flip p of the
    // seed means, printed to 3 decimals.
    let means = [0.6, -0.3, 0.9, 0.4, 0.2];
    let seeds: Vec<Vec<f64>> = (means.iter())
        .map(|&m| vec![m - 0.4, m + 0.4, m - 0.1, m + 0.1])
        .collect();
    let (p, stdout) = run_script(&dir, &seeds);
    let want = sign_flip_p(&means, &[0.0; 5], 1, 0).unwrap();
    // By hand: the sum is 1.8; a pattern is as extreme when the means it flips sum to <= 0
    // (none, -0.3, or -0.3 and 0.2) or, mirrored, to >= 1.8: 6 of 32.
    assert_eq!(want, 6.0 / 32.0);
    assert_eq!(p, (want * 1000.0).round() / 1000.0, "{stdout}");
}

/// The crossover budgets: 8 seeds whose Frost arm is 1 nat behind the samples after round 1 and
/// 1 ahead after rounds 2 and 3 (forwards 8 + 4r on both arms): Frost is ahead, and the verdict
/// holds, from block 2 (16 forwards) on; a player behind at the last block never crosses.
#[test]
fn test_time_crossover_is_the_budget_from_which_frost_stays_ahead() {
    let dir = crate::fixture::tmp("test-time-crossover");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, gains: [f64; 4]| -> String {
        let files: Vec<String> = (0..8)
            .map(|seed| {
                let mut text = String::new();
                for (r, g) in gains.iter().enumerate() {
                    for (arm, best) in [("frost", *g), ("sampled", 0.0)] {
                        let a = serde_json::json!({"best": best, "forwards": 8.0 + 4.0 * r as f64,
                                                   "backwards": 0.0, "seconds": 0.01});
                        let line = serde_json::json!({"arm": arm, "rounds": r, "n": 8 + 4 * r,
                                                      "assignments": vec![a; 4]});
                        text += &format!("{line}\n");
                    }
                }
                let path = dir.join(format!("{name}-seed-{seed}.jsonl"));
                std::fs::write(&path, text).unwrap();
                path.display().to_string()
            })
            .collect();
        format!("{name}={}", files.join(","))
    };
    let stdout = test_time_script(
        &dir,
        &[
            write("late", [0.0, -1.0, 1.0, 1.0]),
            write("behind", [0.0, 1.0, 1.0, -1.0]),
        ],
    );
    assert!(
        stdout.contains(
            "- late, by judge forwards: ahead from 16 forwards (block 2), holds from 16 forwards \
             (block 2)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("- behind, by judge forwards: ahead from never, holds from never"),
        "{stdout}"
    );
}

/// One comparison, one interval: when Frost's rounds cost what the samples' blocks cost on
/// every axis, the equal-FLOPs and equal-seconds tables compare exactly the rounds the
/// forwards table does, and all three must print the same interval and verdict (the
/// resamples are a function of the seeds and assignments compared, not of the order in which
/// the script asked for them).
#[test]
fn test_time_identical_comparisons_get_identical_intervals() {
    let dir = crate::fixture::tmp("test-time-one-interval");
    std::fs::create_dir_all(&dir).unwrap();
    // Noisy, uneven gains (a fixed LCG): an interval that depends on the draws' order shows it.
    let mut state = 12345u64;
    let mut noise = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 1.5
    };
    let files: Vec<String> = (0..6)
        .map(|seed| {
            let mut text = String::new();
            for r in 0..3u64 {
                let cost = 8.0 + 4.0 * r as f64;
                for arm in ["frost", "sampled"] {
                    let assignments: Vec<serde_json::Value> = (0..5)
                        .map(|_| {
                            let best = if arm == "frost" && r > 0 {
                                noise()
                            } else {
                                0.0
                            };
                            serde_json::json!({"best": best, "forwards": cost, "backwards": 0.0,
                                               "seconds": 0.01 * cost, "flops": 1e9 * cost})
                        })
                        .collect();
                    let line = serde_json::json!({"arm": arm, "rounds": r, "n": 8 + 4 * r,
                                                  "assignments": assignments});
                    text += &format!("{line}\n");
                }
            }
            let path = dir.join(format!("seed-{seed}.jsonl"));
            std::fs::write(&path, text).unwrap();
            path.display().to_string()
        })
        .collect();
    let stdout = test_time_script(&dir, &[format!("P={}", files.join(","))]);
    // "(+d [lo, hi], p = ...)" of each verdict line: judge budget, FLOPs, seconds.
    let verdicts: Vec<&str> = (stdout.lines())
        .filter(|l| l.starts_with("- P") && l.contains("beats sampling more"))
        .map(|l| {
            let (from, p) = (l.find("**").unwrap(), l.find("p = ").unwrap());
            &l[from..p + "p = 0.000".len()]
        })
        .collect();
    assert_eq!(verdicts.len(), 3, "{stdout}");
    assert!(
        verdicts.iter().all(|v| *v == verdicts[0]),
        "one comparison read three ways:\n{stdout}"
    );
    // Every round, not only the last: the forwards table's row r and the FLOPs and seconds
    // tables' block-r rows (Frost r rounds) print the same difference and interval.
    let cell = |prefix: &str, col: usize| -> Vec<String> {
        (stdout.lines())
            .filter(|l| l.starts_with(prefix))
            .map(|l| l.split('|').map(str::trim).nth(col).unwrap().to_string())
            .collect()
    };
    let by_forwards = cell("| P | ", 5);
    let equal_cost = cell("| P | ", 7);
    assert_eq!(by_forwards.len(), 3 + 6, "{stdout}");
    for r in 0..3 {
        assert_eq!(
            by_forwards[r],
            equal_cost[3 + r],
            "round {r}, FLOPs\n{stdout}"
        );
        assert_eq!(
            by_forwards[r],
            equal_cost[6 + r],
            "round {r}, seconds\n{stdout}"
        );
    }
}
