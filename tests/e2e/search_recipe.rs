//! The test-time search recipe (`configs/recipes/search.toml`, the config's `[search]`): a run
//! trained with it records the search in its config.toml, and `eval RUN` and `play RUN` then
//! run it with no flag, figure for figure what the flags give; the flags override it; a search
//! that cannot run is refused in one line naming the key.
use serde_json::Value;

use crate::fixture::{fixture, run_cli, run_cli_ok as ok, tmp, write_config};
use crate::recipes::run_recipe;
use crate::test_time::read_json as read;

/// GRPO (K = 4, no Frost in training) over the fixture, with the search recipe on top.
fn train_grpo_with_recipe() -> std::path::PathBuf {
    let out = tmp("search-recipe");
    let sets = [
        "frost.refinement=\"none\"",
        "frost.d=0",
        "steps=2",
        "eval.every=0",
    ];
    run_recipe(&out, "search", &sets);
    out
}

/// `eval RUN` on 2 held-out assignments with `extra`: its --out document.
fn eval(run: &std::path::Path, name: &str, extra: &[&str]) -> Value {
    let out = run.join(format!("{name}.json"));
    let mut args = vec![
        "eval",
        run.to_str().unwrap(),
        "--set",
        "eval.assignments=2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    ok(&args);
    read(&out)
}

/// A curve's figures without its clock: every line's best, mean, budget, children.
fn figures(refine: &Value) -> Vec<Value> {
    (refine["lines"].as_array().unwrap().iter())
        .map(|l| {
            let mut l = l.clone();
            let o = l.as_object_mut().unwrap();
            o.remove("time/seconds_total");
            o.remove("assignments");
            l
        })
        .collect()
}

#[test]
fn a_run_trained_with_the_search_recipe_searches_in_eval_and_play() {
    let run = train_grpo_with_recipe();
    let cfg: toml::Table =
        toml::from_str(&std::fs::read_to_string(run.join("config.toml")).unwrap()).unwrap();
    let s = &cfg["search"];
    assert_eq!(
        (s["rounds"].as_integer(), s["parents"].as_integer()),
        (Some(8), Some(1))
    );
    assert_eq!(s["children"].as_integer(), Some(16));
    assert_eq!(cfg["frost"]["d"].as_integer(), Some(0), "training's own D");

    // No flag: the run's [search] (8 rounds, 16 children from the best 1).
    let by_config = eval(&run, "config", &[]);
    let r = &by_config["refine"];
    assert_eq!(
        (r["rounds"].as_u64(), r["children_per_round"].as_u64()),
        (Some(8), Some(16))
    );
    assert_eq!(r["parents"].as_u64(), Some(1));
    let frost_last = &r["lines"][8];
    assert_eq!(
        (frost_last["arm"].as_str(), frost_last["rounds"].as_u64()),
        (Some("frost"), Some(8))
    );
    // One backward per round and assignment; children verified (at most 16 a round).
    assert_eq!(
        frost_last["budget/judge_backwards_total"].as_u64(),
        Some(16)
    );
    let children = frost_last["frost/children_total"].as_u64().unwrap();
    assert!((1..=8 * 16 * 2).contains(&children), "{children}");
    // The flags say the same: the same figures.
    let by_flags = eval(
        &run,
        "flags",
        &["--refine", "8", "--parents", "1", "--children", "16"],
    );
    assert_eq!(figures(&by_flags["refine"]), figures(r));
    assert_eq!(by_flags["metrics"], by_config["metrics"]);
    // A flag overrides the config: 2 rounds of 4 children from all 4 draws.
    let other = eval(
        &run,
        "other",
        &["--refine", "2", "--children", "4", "--parents", "0"],
    );
    let o = &other["refine"];
    assert_eq!(
        (
            o["rounds"].as_u64(),
            o["children_per_round"].as_u64(),
            o["parents"].as_u64()
        ),
        (Some(2), Some(4), Some(4))
    );
    // search.rounds = 0: the plain evaluation, the same draws.
    let plain = eval(&run, "plain", &["--set", "search.rounds=0"]);
    assert!(plain.get("refine").is_none());
    assert_eq!(plain["metrics"], by_config["metrics"]);

    // The paired comparison with the base is another evaluation: refused with the way out.
    let o = run_cli(&["eval", run.to_str().unwrap(), "--against", "base"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("search.rounds=0"),
        "{err}"
    );
    let paired = eval(
        &run,
        "paired",
        &["--against", "base", "--set", "search.rounds=0"],
    );
    assert_eq!(paired["metrics"], by_config["metrics"]);
    assert!(paired.get("base").is_some());

    // play: the run's search on one round.
    let out = run.join("play.json");
    let text = ok(&[
        "play",
        run.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(text.contains("=== after 8 Frost round(s) ==="), "{text}");
    let p = read(&out);
    assert_eq!(
        (
            p["rounds_run"].as_u64(),
            p["parents"].as_u64(),
            p["children"].as_u64()
        ),
        (Some(8), Some(1), Some(16))
    );
    let rounds = p["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 8);
    for edits in rounds {
        let edits = edits.as_array().unwrap();
        assert!(edits.len() <= 16);
        // From the best move only: one parent per round.
        let mut parents: Vec<u64> = edits
            .iter()
            .map(|e| e["parent"].as_u64().unwrap())
            .collect();
        parents.dedup();
        assert!(parents.len() <= 1, "{parents:?}");
    }
}

/// What cannot search is refused before anything runs, in one line naming the key or flag.
#[test]
fn a_search_that_cannot_run_is_refused_naming_its_key() {
    let cfg = write_config(&fixture().root, true);
    let cfg = cfg.to_str().unwrap();
    let fails = |args: &[&str], says: &str| {
        let o = run_cli(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?} ran");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    };
    // GRPO's D = 0 and no search.children: no children to verify.
    let grpo = ["--set", "frost.refinement=\"none\"", "--set", "frost.d=0"];
    let out = tmp("search-refused");
    let mut train = vec!["--config", cfg, "--out", out.to_str().unwrap()];
    train.extend(grpo);
    train.extend(["--set", "search.rounds=2"]);
    fails(&train, "search.children");
    assert!(!out.exists(), "a refused run leaves no directory");
    let mut e = vec!["eval", "base", "--config", cfg, "--set", "search.rounds=2"];
    e.extend(grpo);
    fails(&e, "search.children");
    // Search settings with no search.
    fails(
        &["eval", "base", "--config", cfg, "--parents", "1"],
        "--refine R",
    );
    // More parents than draws: eval's best_of, play's --k.
    fails(
        &[
            "eval",
            "base",
            "--config",
            cfg,
            "--refine",
            "1",
            "--parents",
            "5",
        ],
        "--parents 5",
    );
    fails(
        &[
            "play",
            "base",
            "--config",
            cfg,
            "--refine",
            "1",
            "--k",
            "2",
            "--parents",
            "3",
        ],
        "--parents 3",
    );
    fails(
        &[
            "eval",
            "base",
            "--config",
            cfg,
            "--set",
            "search.rounds=1000000",
        ],
        "search.rounds",
    );
}
