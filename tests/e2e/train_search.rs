//! `[train_search]`: the test-time search inside training, on the fixture model. Each regime
//! does to the group what it says (checked on the samples line against the scores), the budget
//! counts the search's backwards and verified children, expert iteration with a zero weight
//! trains exactly as GRPO, pure expert iteration's loss is its likelihood term, and what cannot
//! run is refused in one line.
use serde_json::Value;

use crate::fixture::{jsonl, run_with_config, tmp, train_run};

const GRPO: [&str; 3] = ["frost.refinement=\"none\"", "frost.d=0", "steps=2"];

fn run(name: &str, extra: &[&str]) -> (Vec<Value>, Vec<Value>) {
    let out = tmp(name);
    let mut sets: Vec<&str> = GRPO.to_vec();
    sets.extend_from_slice(extra);
    train_run(&out, &sets);
    (
        jsonl(&out.join("metrics.jsonl")),
        jsonl(&out.join("samples.jsonl")),
    )
}

fn f(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} missing: {v}"))
}

/// Per assignment of a samples line: (score, sampled score, replaced) of each member.
fn members(line: &Value) -> Vec<Vec<(f64, f64, bool)>> {
    (line["assignments"].as_array().unwrap().iter())
        .map(|a| {
            (a["moves"].as_array().unwrap().iter())
                .map(|m| (f(m, "score"), f(m, "sampled_score"), m["replaced"] == true))
                .collect()
        })
        .collect()
}

#[test]
fn each_regime_does_what_it_says_and_the_budget_counts_the_search() {
    // 2 assignments per step, K = 4; 1 round of 3 children from the best member.
    let search = ["train_search.rounds=1", "train_search.children=3"];
    for regime in ["replace-best", "extra-member", "expert-iteration"] {
        let set = format!("train_search.regime=\"{regime}\"");
        let mut extra = search.to_vec();
        extra.push(&set);
        let (metrics, samples) = run(&format!("train-search-{regime}"), &extra);
        for (m, line) in metrics.iter().zip(&samples) {
            // One judge backward per group (P = 1, 1 round), the children verified beside the
            // sampled moves' forwards.
            assert_eq!(f(m, "budget/judge_backwards"), 2.0, "{regime}");
            let children = f(m, "frost/children") * 2.0;
            assert!(children > 0.0 && children <= 6.0, "{regime}: {m}");
            let sampled = f(m, "budget/judge_forwards_sampled");
            assert_eq!(
                f(m, "budget/judge_forwards"),
                sampled + children,
                "{regime}"
            );
            assert!(f(m, "budget/flops") > 0.0);
            let (gain, found) = (f(m, "search/best_gain"), f(m, "search/found_frac"));
            assert!(gain >= 0.0 && (0.0..=1.0).contains(&found), "{regime}: {m}");
            assert_eq!(gain > 0.0, found > 0.0, "{regime}: {m}");
            let mut found_groups = 0;
            for group in members(line) {
                let best_sampled = (group.iter().take(4))
                    .map(|(_, s, _)| *s)
                    .fold(f64::MIN, f64::max);
                let taken: Vec<&(f64, f64, bool)> = group.iter().filter(|m| m.2).collect();
                match regime {
                    "replace-best" => {
                        assert_eq!(group.len(), 4);
                        assert!(taken.len() <= 1, "{regime}: {group:?}");
                        for t in &taken {
                            // The searched move beats every sampled member, its own included.
                            assert!(t.0 > best_sampled && t.1 == best_sampled, "{group:?}");
                        }
                    }
                    "extra-member" => {
                        assert!(group.len() == 4 + taken.len() && taken.len() <= 1);
                        if let Some(t) = taken.first() {
                            assert!(group[4].2 && t.0 > best_sampled, "{group:?}");
                        }
                    }
                    _ => assert!(group.len() == 4 && taken.is_empty(), "{group:?}"),
                }
                found_groups += taken.len();
            }
            if regime != "expert-iteration" {
                assert_eq!(found_groups as f64 / 2.0, found, "{regime}: {m}");
                assert!(m.get("update/likelihood").is_none());
            } else {
                assert!(f(m, "update/likelihood") > 0.0, "{m}");
            }
        }
    }
}

#[test]
fn expert_iteration_weighted_zero_trains_as_grpo_and_alone_is_its_likelihood() {
    let (grpo, _) = run("train-search-grpo", &[]);
    let zero = [
        "train_search.regime=\"expert-iteration\"",
        "train_search.likelihood_weight=0.0",
        "train_search.children=3",
    ];
    let (ei, _) = run("train-search-ei-zero", &zero);
    // The search changes neither the group nor the update: every step of the weights is GRPO's.
    for (g, e) in grpo.iter().zip(&ei) {
        for key in ["sampled/mean", "sampled/entropy", "loss", "grad_norm", "kl"] {
            assert_eq!(f(g, key), f(e, key), "{key}");
        }
        assert!(g.get("search/best_gain").is_none() && e.get("search/best_gain").is_some());
    }
    let alone = [
        "train_search.regime=\"expert-iteration\"",
        "train_search.policy_gradient=false",
        "train_search.likelihood_weight=2.0",
        "train_search.children=3",
    ];
    let (pure, _) = run("train-search-ei-alone", &alone);
    for m in &pure {
        let l = f(m, "update/likelihood");
        assert!((f(m, "loss") - 2.0 * l).abs() <= 1e-6 * l.abs(), "{m}");
        assert_eq!(f(m, "kl"), 0.0, "no policy-gradient term, no KL term: {m}");
    }
}

#[test]
fn a_search_in_training_that_cannot_run_is_refused_in_one_line() {
    for (sets, says) in [
        (
            &["train_search.regime=\"replace-best\""][..],
            "`train_search.regime`: runs on GRPO's groups: set frost.refinement = \"none\"",
        ),
        (
            &[
                "frost.refinement=\"none\"",
                "train_search.regime=\"replace-best\"",
                "train_search.likelihood_weight=0.5",
            ][..],
            "`train_search.likelihood_weight`: is read by regime = \"expert-iteration\" only",
        ),
        (
            &[
                "frost.refinement=\"none\"",
                "train_search.regime=\"extra-member\"",
                "train_search.rounds=0",
            ][..],
            "`train_search.rounds`: must be in 1..1000",
        ),
        (
            &[
                "frost.refinement=\"none\"",
                "train_search.regime=\"expert-iteration\"",
                "train_search.policy_gradient=false",
                "train_search.likelihood_weight=0.0",
            ][..],
            "the update would have no term at all",
        ),
        (&["train_search.regime=\"best\""][..], "train_search.regime"),
    ] {
        let out = tmp("train-search-refused");
        let o = run_with_config(&out, sets, true);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says), "{sets:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{sets:?}: {err}");
        assert!(
            !out.join("metrics.jsonl").exists(),
            "{sets:?}: nothing trained"
        );
    }
}
