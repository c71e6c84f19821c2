//! `frost-host eval --refine R`: Frost as a test-time search beside sampling more, on the base
//! fixture model's held-out assignments. Round 0 is the plain evaluation; the budget counts one
//! judge backward per Taylor round and one forward per verified child; a refined best-of-N is
//! never below the sampled one it started from.
use std::path::Path;

use serde_json::Value;

use crate::fixture::{fixture, jsonl, run_cli, run_cli_ok as ok, tmp, write_config};

pub(crate) fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// `eval base` on the fixture config (3 held-out assignments, best of 4) with `extra`
/// arguments: its --out document.
pub(crate) fn eval(dir: &Path, name: &str, extra: &[&str]) -> Value {
    let cfg = write_config(&fixture().root, true);
    let out = dir.join(format!("{name}.json"));
    let mut args = vec![
        "eval",
        "base",
        "--config",
        cfg.to_str().unwrap(),
        "--set",
        "eval.assignments=3",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    ok(&args);
    read_json(&out)
}

pub(crate) fn f(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

#[test]
fn refine_zero_is_the_plain_evaluation() {
    let dir = tmp("refine-zero");
    std::fs::create_dir_all(&dir).unwrap();
    let plain = eval(&dir, "plain", &[]);
    let curve = dir.join("curve.jsonl");
    let refined = eval(
        &dir,
        "refined",
        &["--refine", "0", "--curve", curve.to_str().unwrap()],
    );
    // The same draws, the same records and figures, exactly.
    assert_eq!(refined["metrics"], plain["metrics"]);
    assert_eq!(refined["assignments"], plain["assignments"]);
    let lines = jsonl(&curve);
    assert_eq!(lines.len(), 2, "frost and sampled at r = 0");
    let per = plain["assignments"].as_array().unwrap();
    for (line, arm) in lines.iter().zip(["frost", "sampled"]) {
        assert_eq!((line["arm"].as_str(), u(&line["rounds"])), (Some(arm), 0));
        assert_eq!(u(&line["n"]), 4);
        assert_eq!(
            f(&line["eval/best_of"]),
            f(&plain["metrics"]["eval/best_of_4"])
        );
        assert_eq!(f(&line["eval/mean"]), f(&plain["metrics"]["eval/mean"]));
        assert_eq!(u(&line["budget/judge_backwards_total"]), 0);
        let points = line["assignments"].as_array().unwrap();
        let mut forwards = 0;
        for (p, a) in points.iter().zip(per) {
            assert_eq!(f(&p["best"]), f(&a["best"]));
            // One forward per distinct draw (`distinct` is distinct moves / 4).
            let distinct = (f(&a["distinct"]) * 4.0).round() as u64;
            assert_eq!(u(&p["forwards"]), distinct);
            forwards += distinct;
        }
        assert_eq!(u(&line["budget/judge_forwards_total"]), forwards);
        assert_eq!(line["target"], "base");
    }
}

/// One backward per Taylor round, one forward per verified child (at most D a round); the
/// sampled arm spends one forward per new distinct sample, at most D a block. Each refined
/// best-of-N is at least the one before it and the sampled best-of-N it started from, and a
/// round's result does not depend on how many rounds follow.
#[test]
fn refine_budget_and_best_of_never_below_the_draws() {
    let dir = tmp("refine-budget");
    std::fs::create_dir_all(&dir).unwrap();
    let plain = eval(&dir, "plain", &[]);
    let three = eval(&dir, "three", &["--refine", "3", "--children", "2"]);
    assert_eq!(three["assignments"], plain["assignments"]);
    let curves = three["refine"]["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 3);
    let mut verified = 0;
    for (c, a) in curves.iter().zip(plain["assignments"].as_array().unwrap()) {
        let (fr, sa, ch) = (
            c["frost"].as_array().unwrap(),
            c["sampled"].as_array().unwrap(),
            c["children"].as_array().unwrap(),
        );
        assert_eq!((fr.len(), sa.len(), ch.len()), (4, 4, 3));
        assert_eq!(fr[0], sa[0], "both arms start from the same draws");
        assert_eq!(f(&fr[0]["best"]), f(&a["best"]));
        for r in 1..=3 {
            let children = u(&ch[r - 1]);
            assert!(children <= 2, "at most D children a round");
            verified += children;
            assert_eq!(u(&fr[r]["backwards"]), r as u64, "one backward per round");
            assert_eq!(
                u(&fr[r]["forwards"]) - u(&fr[r - 1]["forwards"]),
                children,
                "one forward per verified child"
            );
            assert!(f(&fr[r]["best"]) >= f(&fr[r - 1]["best"]));
            assert!(f(&fr[r]["mean"]) >= f(&fr[r - 1]["mean"]));
            assert!(f(&fr[r]["seconds"]) > f(&fr[r - 1]["seconds"]));
            let more = u(&sa[r]["forwards"]) - u(&sa[r - 1]["forwards"]);
            assert!(more <= 2, "at most D new samples a block");
            assert_eq!(u(&sa[r]["backwards"]), 0);
            assert!(f(&sa[r]["best"]) >= f(&sa[r - 1]["best"]));
        }
        assert!(f(&fr[3]["best"]) >= f(&a["best"]), "never below the draws");
    }
    assert!(
        verified > 0,
        "a test where Frost verifies nothing tests nothing"
    );
    // The lines' totals are the curves' sums; the sampled arm's n is N + r*D.
    let lines = three["refine"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 8);
    let last = lines
        .iter()
        .find(|l| l["arm"] == "frost" && l["rounds"] == 3)
        .unwrap();
    assert_eq!(u(&last["frost/children_total"]), verified);
    assert_eq!(u(&last["budget/judge_backwards_total"]), 9);
    let sampled = lines
        .iter()
        .find(|l| l["arm"] == "sampled" && l["rounds"] == 3)
        .unwrap();
    assert_eq!(u(&sampled["n"]), 4 + 3 * 2);

    // Two rounds are the first two of three: the same seeds whatever R.
    let two = eval(&dir, "two", &["--refine", "2", "--children", "2"]);
    for (c2, c3) in (two["refine"]["curves"].as_array().unwrap().iter()).zip(curves) {
        for arm in ["frost", "sampled"] {
            for r in 0..=2 {
                let (a, b) = (&c2[arm][r], &c3[arm][r]);
                assert_eq!((&a["best"], &a["forwards"]), (&b["best"], &b["forwards"]));
            }
        }
    }

    // A rule without the Taylor proposal spends no backward.
    let top = eval(
        &dir,
        "top",
        &[
            "--refine",
            "2",
            "--children",
            "2",
            "--set",
            "frost.selection=\"top-prob\"",
        ],
    );
    for c in top["refine"]["curves"].as_array().unwrap() {
        assert_eq!(u(&c["frost"][2]["backwards"]), 0);
    }
}

/// What a search cannot do is refused in one line, before any model loads, by `eval` and
/// `play` alike: the flags are `[search]` keys, so the round cap and the children's count are
/// the config's one check; `--children 0` is refused (not read as "the config's D"); and under
/// `frost.scope = "parent"` a D the round's P parents do not divide (D = 4 from P = 3, D = 2
/// from P = 3: fewer children verified than the sampled arm draws), or a P that grows with
/// `frost.keep_parents`.
#[test]
fn refine_refuses_what_it_cannot_do_in_one_line() {
    let cfg = write_config(&fixture().root, true);
    let cfg = cfg.to_str().unwrap();
    let parent = "frost.scope=\"parent\"";
    // Each case: `eval base --config CFG` (N = eval.best_of = 4, D = frost.d = 4) and its flags.
    for (flags, says) in [
        (
            &["--refine", "1", "--against", "base"][..],
            "separate evaluations",
        ),
        (
            &["--refine", "1000"][..],
            "search.rounds`: must be below 1000 (eval/play --refine R sets it)",
        ),
        (
            &["--refine", "999", "--children", "66"][..],
            "search.rounds x search.children = 65934 is over the limit of 65536",
        ),
        (
            &["--refine", "1", "--children", "0"][..],
            "--children 0: each Frost round verifies at least 1 child",
        ),
        (
            &["--refine", "1", "--parents", "3", "--set", parent][..],
            "search.children = 4 (--children, else frost.d) to be a multiple of the 3 parents",
        ),
        (
            &[
                "--refine",
                "1",
                "--parents",
                "3",
                "--children",
                "2",
                "--set",
                parent,
            ][..],
            "search.children = 2 (--children, else frost.d) to be a multiple of the 3 parents",
        ),
        (
            &[
                "--refine",
                "1",
                "--set",
                parent,
                "--set",
                "frost.keep_parents=true",
            ][..],
            "frost.scope = \"parent\" with frost.keep_parents",
        ),
    ] {
        let mut args = vec!["eval", "base", "--config", cfg];
        args.extend_from_slice(flags);
        let o = run_cli(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    // `play`: its draws are sampling.k = 4, or --k.
    for (flags, says) in [
        (&["--refine", "1", "--children", "0"][..], "--children 0"),
        (
            &["--refine", "1", "--k", "3", "--set", parent][..],
            "multiple of the 3 parents a round proposes from (search.parents, 0 = all 3 of --k)",
        ),
        (&["--refine", "1000"][..], "must be below 1000"),
    ] {
        let mut args = vec!["play", "base", "--config", cfg];
        args.extend_from_slice(flags);
        let o = run_cli(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
