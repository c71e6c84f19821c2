//! End-to-end tests: `frost-host report` on synthetic run directories (a sweep with every
//! log key of the current layout; plain run directories of the older layout) and on real
//! 2-step tiny runs. The synthetic numbers are chosen so that the claims are known.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common;
use crate::fixture::{tmp, train_run};

/// A move no page may show raw.
const HOSTILE: &str = "<script>alert('x')</script> & \u{1b}[2J";

fn report(args: &[&str]) -> std::process::Output {
    common::frost_host()
        .arg("report")
        .args(args)
        .env("FROST_LOG", "warn")
        .output()
        .expect("spawn frost-host")
}

fn ok(o: &std::process::Output) -> String {
    assert!(
        o.status.success(),
        "frost-host report failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn write_lines(path: &Path, lines: &[Value]) {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(path, text).unwrap();
}

/// A run directory: config.toml (seed, refinement, k), 4 evaluations at steps 0, 2, 4, 6 whose
/// best-of-8 is `best(i)`, 6 steps of 10 judge forwards each (`totals`: the eval lines carry
/// the cumulative count and the diversity keys, as the current layout does), samples.
fn write_run(dir: &Path, seed: u64, frost: bool, totals: bool, best: impl Fn(usize) -> f64) {
    std::fs::create_dir_all(dir).unwrap();
    let (refinement, k) = if frost { ("frost", 4) } else { ("none", 8) };
    std::fs::write(
        dir.join("config.toml"),
        format!(
            "seed = {seed}\nsteps = 6\n[frost]\nrefinement = \"{refinement}\"\n\
             [sampling]\nk = {k}\n[run]\nthreads = 1\n"
        ),
    )
    .unwrap();
    let evals: Vec<Value> = (0..4)
        .map(|i| {
            let mut e = json!({
                "step": 2 * i,
                "eval/best_of_8": best(i),
                "eval/mean": best(i) - 4.0,
                "eval/reference": -20.0,
            });
            if totals {
                let o = e.as_object_mut().unwrap();
                o.insert("budget/judge_forwards_total".into(), json!(20 * i));
                o.insert("eval/entropy".into(), json!(if frost { 2.0 } else { 1.5 }));
                o.insert("eval/distinct".into(), json!(0.5 + 0.1 * i as f64));
                o.insert("eval/score_var".into(), json!(3.0));
            }
            e
        })
        .collect();
    write_lines(&dir.join("eval.jsonl"), &evals);
    let steps: Vec<Value> = (1..=6)
        .map(|s| {
            json!({"step": s, "reward/mean": -15.0 + s as f64, "budget/judge_forwards": 10,
                   "frost/replaced_frac": if frost { 0.25 } else { 0.0 },
                   "time/step_s": if frost { 0.5 } else { 0.25 }})
        })
        .collect();
    write_lines(&dir.join("metrics.jsonl"), &steps);
    let samples: Vec<Value> = [1, 6]
        .iter()
        .map(|&s| {
            json!({"step": s, "assignments": [{"prompt": "The king <b>", "reference": "sees",
                "moves": [{"move": HOSTILE, "score": -9.5, "sampled": "x", "sampled_score": -11.0,
                           "replaced": frost, "move_ids": [1]},
                          {"move": " loves", "score": -12.0, "sampled": " loves",
                           "sampled_score": -12.0, "replaced": false, "move_ids": [2]}]}]})
        })
        .collect();
    write_lines(&dir.join("samples.jsonl"), &samples);
}

/// A sweep of two settings whose labels hold '=', 6 seeds each (A also has a 7th, unpaired):
/// 6 is the fewest seeds for which a verdict can be more than unclear.
/// A leads B by exactly 1.5 at every evaluation; seeds differ by 0.5 each.
fn write_sweep(dir: &Path) {
    let mut runs = Vec::new();
    for (setting, frost, seeds) in [("frost K=4", true, 7), ("grpo K=8", false, 6)] {
        for seed in 0..seeds {
            let rel = format!("runs/{}/seed-{seed}", setting.replace(' ', "_"));
            let lead = if frost { 1.5 } else { 0.0 };
            write_run(&dir.join(&rel), seed, frost, true, |i| {
                -20.0 + i as f64 + 0.5 * seed as f64 + lead
            });
            runs.push(
                json!({"name": format!("{setting}/seed-{seed}"), "setting": setting,
                "seed": seed, "dir": rel, "status": "done", "overrides": {}}),
            );
        }
    }
    runs.push(json!({"name": "late", "setting": "grpo K=8", "seed": 9,
        "dir": "runs/late", "status": "pending", "overrides": {}}));
    std::fs::write(
        dir.join("sweep.json"),
        json!({"name": "t", "runs": runs}).to_string(),
    )
    .unwrap();
}

fn claims(out: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("claims.json")).unwrap()).unwrap()
}

fn claim<'a>(c: &'a Value, pair: usize, id: &str) -> &'a Value {
    c["pairs"][pair]["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == id)
        .unwrap_or_else(|| panic!("no claim {id}"))
}

#[test]
fn a_sweep_report_has_its_figures_claims_and_escaped_samples() {
    let root = tempfile::tempdir().unwrap();
    let sweep = root.path().join("sweep");
    write_sweep(&sweep);
    let sel = root.path().join("sel.json");
    std::fs::write(
        &sel,
        r#"{"checkpoint":"base","d":4,"rules":[{"rule":"top-prob","params":{},
            "improved_frac":0.45,"mean_gain":1.7}]}"#,
    )
    .unwrap();
    let out = root.path().join("report");
    let stdout = ok(&report(&[
        sweep.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--pair",
        "frost K=4=grpo K=8",
        "--selection",
        sel.to_str().unwrap(),
    ]));
    assert!(stdout.contains("holds"), "{stdout}");

    let c = claims(&out);
    assert_eq!(c["pairs"][0]["a"], "frost K=4");
    assert_eq!(c["pairs"][0]["seeds"], json!([0, 1, 2, 3, 4, 5]));
    // Final best-of-8: the mean of the last 3 evals (i = 1, 2, 3) over seeds 0..6:
    // -20 + 2 + 1.25 (+ 1.5 for A).
    let f = claim(&c, 0, "final_best_of");
    assert_eq!(f["verdict"], "holds");
    assert_eq!(f["n"], 6);
    for (k, want) in [
        ("a", -15.25),
        ("b", -16.75),
        ("value", 1.5),
        ("lo", 1.5),
        ("hi", 1.5),
    ] {
        assert!((f[k].as_f64().unwrap() - want).abs() < 1e-9, "{k}: {f}");
    }
    // The area over forwards 0..60 of a line from -20 to -17 (+ seed, + lead) is its middle.
    let a = claim(&c, 0, "auc_best_of");
    assert!(
        (a["b"].as_f64().unwrap() - (-18.5 + 1.25)).abs() < 1e-9,
        "{a}"
    );
    assert!((a["value"].as_f64().unwrap() - 1.5).abs() < 1e-9);
    assert_eq!(c["pairs"][0]["budget"], json!([0.0, 60.0]));
    let e = claim(&c, 0, "final_entropy");
    assert_eq!(e["verdict"], "holds");
    assert!((e["value"].as_f64().unwrap() - 0.5).abs() < 1e-12);
    assert_eq!(claim(&c, 0, "final_distinct")["verdict"], "unclear");
    assert_eq!(claim(&c, 0, "seed_std")["measure"], "ratio");

    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let figures = [
        "best_of_vs_step",
        "best_of_vs_forwards",
        "best_of_vs_seconds",
        "mean_vs_step",
        "mean_vs_forwards",
        "entropy_vs_step",
        "distinct_vs_step",
        "score_var_vs_step",
        "replaced_frac_vs_step",
        "sampled_mean_vs_step",
    ];
    for name in figures {
        assert!(
            out.join("figures").join(format!("{name}.svg")).is_file(),
            "{name}"
        );
        assert!(
            html.contains(&format!("<figure id=\"{name}\"><svg")),
            "{name}"
        );
    }
    assert_eq!(html.matches("<svg").count(), figures.len());
    // Self-contained: no script, no external file.
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; \u{FFFD}[2J"));
    assert!(html.contains("The king &lt;b&gt;"));
    assert!(html.contains("<td>top-prob</td>") && html.contains("<td>0.450</td>"));
    assert!(html.contains("1 run(s) not done yet were left out"));
    assert!(html.contains("<td>holds</td>"));
    let md = std::fs::read_to_string(out.join("claims.md")).unwrap();
    assert!(md.contains("| claim | A | B |"), "{md}");
    assert!(md.contains("| 1.500 | [1.500, 1.500] |"), "{md}");

    // Paths are written as given: a relative input stays relative in the claims (committed
    // results must not carry the machine's folders).
    let o = common::frost_host()
        .current_dir(root.path())
        .args(["report", "sweep", "--out", "rel"])
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    ok(&o);
    let root_text = root.path().to_str().unwrap();
    for file in ["claims.md", "claims.json", "index.html"] {
        let text = std::fs::read_to_string(root.path().join("rel").join(file)).unwrap();
        assert!(!text.contains(root_text), "{file} records an absolute path");
    }
    let md = std::fs::read_to_string(root.path().join("rel/claims.md")).unwrap();
    assert!(md.contains("`frost-host report sweep`"), "{md}");
}

/// The sweep's report in headless Chromium at a desktop and a phone width (see
/// `browser::check_report`): no console error, every figure drawn with a non-zero size, nothing
/// wider than the window. The screenshots are kept as test artifacts:
/// `target/test-artifacts/report/desktop.png` and `phone.png`.
#[test]
fn a_sweep_report_reads_well_in_a_browser() {
    let root = tempfile::tempdir().unwrap();
    let sweep = root.path().join("sweep");
    write_sweep(&sweep);
    let sel = root.path().join("sel.json");
    std::fs::write(
        &sel,
        r#"{"checkpoint":"base","d":4,"rules":[{"rule":"top-prob","params":{},
            "improved_frac":0.45,"mean_gain":1.7},{"rule":"mean-of-top-k-with-a-long-name",
            "params":{"k":4,"temperature":0.7},"improved_frac":0.5,"mean_gain":2.25}]}"#,
    )
    .unwrap();
    let out = root.path().join("report");
    ok(&report(&[
        sweep.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--selection",
        sel.to_str().unwrap(),
    ]));
    crate::browser::check_report(&out, "", 10);
}

#[test]
fn old_run_dirs_get_budgets_from_metrics_and_say_what_is_missing() {
    let root = tempfile::tempdir().unwrap();
    let runs = root.path().join("runs");
    for seed in 0..3 {
        // B's seeds lead A's by 1 at seeds 0 and 1, trail by 1 at seed 2: unclear.
        let lead = if seed == 2 { -1.0 } else { 1.0 };
        write_run(
            &runs.join(format!("grpo-s{seed}")),
            seed,
            false,
            false,
            move |i| -20.0 + i as f64 + lead,
        );
        write_run(
            &runs.join(format!("frost-s{seed}")),
            seed,
            true,
            false,
            |i| -20.0 + i as f64,
        );
    }
    let out = root.path().join("report");
    ok(&report(&[
        runs.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    let c = claims(&out);
    // The default pair: the Frost setting as A, labelled by what differs.
    assert_eq!(c["pairs"][0]["a"], "refinement=frost k=4");
    assert_eq!(c["pairs"][0]["b"], "refinement=none k=8");
    // Forwards summed from metrics.jsonl: 10 per step, evals at steps 0..6.
    assert_eq!(c["pairs"][0]["budget"], json!([0.0, 60.0]));
    assert_eq!(claim(&c, 0, "final_best_of")["verdict"], "unclear");
    assert_eq!(claim(&c, 0, "final_entropy")["verdict"], "not-measured");
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(html.contains("summed from metrics.jsonl"));
    assert!(html.contains("Figure entropy_vs_step skipped: no run logs eval/entropy."));
    assert!(!out.join("figures/entropy_vs_step.svg").exists());
    assert!(out.join("figures/best_of_vs_forwards.svg").is_file());
}

#[test]
fn bad_inputs_are_one_clear_line() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("report");
    let o = report(&[
        root.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is not a run directory"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");

    let sweep = root.path().join("sweep");
    write_sweep(&sweep);
    let o = report(&[
        sweep.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--pair",
        "a=b",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("--pair a=b") && err.contains("\"frost K=4\", \"grpo K=8\""),
        "{err}"
    );
}

/// Screenshots in a browser: `target/test-artifacts/report/real-desktop.png`, `real-phone.png`.
#[test]
fn a_report_renders_from_real_tiny_runs() {
    let frost = tmp("report-frost");
    let grpo = tmp("report-grpo");
    train_run(&frost, &["steps=2"]);
    train_run(&grpo, &["steps=2", "frost.refinement=none", "sampling.k=8"]);
    let out: PathBuf = tmp("report-out");
    let stdout = ok(&report(&[
        frost.to_str().unwrap(),
        grpo.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(stdout.contains("1 seeds in both"), "{stdout}");
    let c = claims(&out);
    let f = claim(&c, 0, "final_best_of");
    // One seed: the difference is there, its interval is not.
    assert_eq!(f["n"], 1);
    assert!(f["value"].is_f64() && f["lo"].is_null(), "{f}");
    let evals: Vec<f64> = crate::fixture::jsonl(&frost.join("eval.jsonl"))
        .iter()
        .map(|v| v["eval/best_of_4"].as_f64().unwrap())
        .collect();
    let want = evals.iter().sum::<f64>() / evals.len() as f64;
    assert!(
        (f["a"].as_f64().unwrap() - want).abs() < 1e-9,
        "{f} vs {evals:?}"
    );
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    for name in [
        "best_of_vs_step",
        "best_of_vs_forwards",
        "best_of_vs_seconds",
        "replaced_frac_vs_step",
    ] {
        assert!(
            html.contains(&format!("<figure id=\"{name}\"><svg")),
            "{name}"
        );
    }
    assert!(html.contains("early: step 1") && html.contains("late: step 2"));
    // The models each run recorded (models.json): the player's content hash and quality, the
    // judge; both runs used the same ones, so no note about different models.
    let models: Value =
        serde_json::from_str(&std::fs::read_to_string(frost.join("models.json")).unwrap()).unwrap();
    let state: Value = serde_json::from_str(
        &std::fs::read_to_string(frost.join("checkpoints/step-000002/state.json")).unwrap(),
    )
    .unwrap();
    let hash = models["player"]["content_hash"].as_str().unwrap();
    assert_eq!(hash, state["base_model"]["content_hash"].as_str().unwrap());
    assert_eq!(models["judge"]["same_as"], "player");
    let steps = models["player"]["pretrain"]["steps"].as_u64().unwrap();
    assert!(
        models["player"]["pretrain"]["heldout_bits_per_byte"].is_f64(),
        "{models}"
    );
    assert!(
        html.contains(&format!("sha256 {}", &hash[..12])),
        "no player hash on the page"
    );
    assert!(html.contains(&format!("{steps} pretraining steps")));
    assert!(!html.contains("were made with different"));
    // In a browser too (screenshots: target/test-artifacts/report/real-desktop.png, -phone).
    crate::browser::check_report(&out, "real-", html.matches("<svg").count());
}

/// The terminal says how a verdict is reached: the rule, the p a difference was judged with,
/// and why an interval that excludes 0 is still unclear (too few seeds for the sign-flip test);
/// a report of one setting does not suggest pairing it.
#[test]
fn the_terminal_states_the_verdict_rule_and_one_setting_is_not_told_to_pair() {
    let root = tempfile::tempdir().unwrap();
    let runs = root.path().join("runs");
    for seed in 0..4 {
        // Frost leads by 1 at every one of 4 seeds: the interval excludes 0, p = 2/16.
        write_run(
            &runs.join(format!("grpo-s{seed}")),
            seed,
            false,
            true,
            |i| -21.0 + i as f64,
        );
        write_run(
            &runs.join(format!("frost-s{seed}")),
            seed,
            true,
            true,
            |i| -20.0 + i as f64,
        );
    }
    let out = root.path().join("report");
    let printed = ok(&report(&[
        runs.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        printed.contains("verdicts: holds when the 95% interval excludes no difference")
            && printed.contains("needs 6 seeds or more"),
        "{printed}"
    );
    let line = (printed.lines())
        .find(|l| l.contains("higher held-out best-of") && l.contains("at the end"))
        .unwrap_or_else(|| panic!("no final best-of line in {printed}"));
    assert!(line.trim_start().starts_with("unclear"), "{line}");
    assert!(line.contains("p=0.125 (n=4)"), "{line}");
    assert!(
        line.contains("the interval excludes 0 but the sign-flip p = 0.125 is not below 0.05"),
        "{line}"
    );
    let md = std::fs::read_to_string(out.join("claims.md")).unwrap();
    assert!(md.contains("Verdicts: holds when"), "{md}");

    // One setting: nothing to pair, and no --pair suggested.
    let one = root.path().join("one");
    for seed in 0..2 {
        write_run(&one.join(format!("frost-s{seed}")), seed, true, true, |i| {
            i as f64
        });
    }
    let out = root.path().join("report-one");
    let printed = ok(&report(&[
        one.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(printed.contains("1 setting: no claims judged"), "{printed}");
    assert!(!printed.contains("--pair"), "{printed}");
    let md = std::fs::read_to_string(out.join("claims.md")).unwrap();
    assert!(!md.contains("--pair"), "{md}");
}
