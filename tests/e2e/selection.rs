//! End-to-end tests: `analyze-selection` on the tiny fixture model. Its figures come from
//! exact rescoring: they recount from the per-child exact scores it writes, and a child's
//! exact score is what a direct judge call gives.

use frost_host::judge::{self, Budget};
use frost_host::lab::selection::{self, RuleSpec, Split, StudyOptions};
use serde_json::Value;

use crate::fixture::{fixture, run_cli, test_config, tmp, write_config};

const RULES: [&str; 4] = [
    "random",
    "top-prob",
    "taylor-gated:tau=1e-3",
    "prior-taylor:scope=round-robin,lambda=0.5,w=0.5",
];

#[test]
fn analyze_selection_figures_recount_from_the_rescored_children() {
    let out = tmp("analyze");
    std::fs::create_dir_all(&out).unwrap();
    let json = out.join("sel.json");
    let cfg = write_config(&fixture().root, true);
    let mut args = vec![
        "analyze-selection",
        "--config",
        cfg.to_str().unwrap(),
        "--assignments",
        "3",
        "--samples",
        "8",
        "--out",
        json.to_str().unwrap(),
    ];
    for r in RULES {
        args.extend(["--rule", r]);
    }
    let o = run_cli(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("top-prob:scope=group"), "{stdout}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["d"], 4);
    assert!(v["checkpoint"].is_null());
    let parents = v["parent_scores"].as_array().unwrap();
    assert_eq!(parents.len(), 3);
    let rules = v["rules"].as_array().unwrap();
    assert_eq!(rules.len(), RULES.len());
    for r in rules {
        let (improved, gain) = recount(parents, r["children"].as_array().unwrap());
        let name = r["label"].as_str().unwrap();
        let f = |key: &str| r[key].as_f64().unwrap_or_else(|| panic!("{name}: {key}"));
        assert!((f("improved_frac") - improved).abs() < 1e-12, "{name}");
        assert!((f("mean_gain") - gain).abs() < 1e-9, "{name}");
        assert!(f("children_per_group") <= 4.0 && f("parents_touched") <= 4.0);
        for c in r["children"].as_array().unwrap() {
            let g = |key: &str| c[key].as_f64().unwrap();
            // R~ = R(y) + target + linear, up to the Taylor forward's float rounding of R(y).
            let parts = g("parent_score") + g("target") + g("linear");
            assert!((g("estimate") - parts).abs() < 1e-3, "{c}");
        }
    }
    assert_eq!(rules[0]["rule"], "random");
    assert_eq!(rules[3]["params"]["taylor_weight"], 0.5);
    assert!(v["candidates"]["uniform"]["n"].as_u64().unwrap() > 0);
}

/// Strict replacement recomputed from the JSON: (fraction of parents replaced, mean gain per
/// group member).
fn recount(parent_scores: &[Value], children: &[Value]) -> (f64, f64) {
    let (mut replaced, mut members, mut gain) = (0, 0, 0.0);
    for (a, ps) in parent_scores.iter().enumerate() {
        let ps: Vec<f64> = ps
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        let mut best = ps.clone();
        for c in children.iter().filter(|c| c["assignment"] == a) {
            let p = c["parent"].as_u64().unwrap() as usize;
            best[p] = best[p].max(c["exact"].as_f64().unwrap());
        }
        for (b, p) in best.iter().zip(&ps) {
            replaced += usize::from(b > p);
            gain += b - p;
            members += 1;
        }
    }
    (replaced as f64 / members as f64, gain / members as f64)
}

#[test]
fn a_childs_exact_score_is_a_direct_judge_call() {
    let cfg = test_config(true);
    let mut s = frost_host::train::setup(&{
        let mut c = cfg.clone();
        c.eval.assignments = 2;
        c
    })
    .unwrap();
    let rules = RULES
        .iter()
        .map(|r| RuleSpec::parse(r, &cfg.frost).unwrap())
        .collect();
    let opts = StudyOptions {
        assignments: 2,
        d: 4,
        split: Split::Heldout,
        rules,
        samples: 4,
        seed: 1,
    };
    let report = selection::run(&mut s, &opts).unwrap();
    let mut budget = Budget::default();
    for (a, parents) in report.parents.iter().enumerate() {
        let prog = &s.heldout[a].program;
        let direct = judge::score(s.judge(), prog, parents, &mut budget);
        assert_eq!(direct, report.parent_scores[a]);
    }
    for rule in &report.rules {
        let mut changes = Vec::new();
        for c in &rule.children {
            let mut child = report.parents[c.assignment][c.parent].clone();
            child[c.pos] = c.token;
            let prog = &s.heldout[c.assignment].program;
            let direct = judge::score(s.judge(), prog, &[child], &mut budget)[0];
            // Batched with other moves vs alone: equal up to float summation order.
            assert!((direct - c.exact).abs() < 1e-3, "{direct} vs {}", c.exact);
            changes.push(direct - c.parent_score);
        }
        let mean = changes.iter().sum::<f64>() / changes.len() as f64;
        assert!((rule.mean_child_gain - mean).abs() < 1e-3, "{}", rule.label);
    }
}

/// A config on the xent game with a whitelist (Alethiometer's `only_uses_words`), on the
/// committed tiny xent judge.
fn whitelist_config(allowed: &str) -> frost_host::config::TrainConfig {
    let mut c = test_config(true);
    let root = crate::common::root();
    c.model.path = root.join("tests/fixtures/xent/model").display().to_string();
    c.corpus.source =
        frost_host::corpus::CorpusSource::Path(root.join("tests/fixtures/corpus-tiny"));
    c.game.path = crate::common::game_wasm("xent").display().to_string();
    let program = format!(
        "assign(s=story()); elicit(x, 5); ensure(only_uses_words(\"{allowed}\", x)); reward(xed(s | x))"
    );
    c.game.config = toml::toml! {
        story_tokens = 16
        prompt = "raw"
    };
    c.game
        .config
        .insert("program".into(), toml::Value::String(program));
    c.eval.assignments = 2;
    c
}

#[test]
fn analyze_selection_under_a_word_rule_picks_only_legal_children_and_the_training_rounds() {
    use frost_host::frost::{self, Group, Knobs, Nets, Precomputed};
    use frost_host::seeds::{self, derive_seed};
    let allowed = "the King sees a red-bird at dawn, o";
    let cfg = whitelist_config(allowed);
    let mut s = frost_host::train::setup(&cfg).unwrap();
    let rules: Vec<RuleSpec> = RULES
        .iter()
        .map(|r| RuleSpec::parse(r, &cfg.frost).unwrap())
        .collect();
    let opts = StudyOptions {
        assignments: 2,
        d: 6,
        split: Split::Heldout,
        rules: rules.clone(),
        samples: 4,
        seed: 5,
    };
    let report = selection::run(&mut s, &opts).unwrap();
    let tok = &s.model.tokenizer;
    let legal = |mv: &[u32]| {
        let text = tok.decode(mv);
        let words: Vec<&str> = allowed.split(' ').collect();
        text.split(' ').all(|p| words.contains(&p))
    };
    let mut children = 0;
    for (r, rule) in report.rules.iter().enumerate() {
        for c in &rule.children {
            let mut child = report.parents[c.assignment][c.parent].clone();
            child[c.pos] = c.token;
            assert!(legal(&child), "{}: {:?}", rule.label, tok.decode(&child));
            children += 1;
        }
        // The training round on the same parents with the same rule and seed verifies the
        // very same children.
        for (a, parents) in report.parents.iter().enumerate() {
            let knobs = rules[r].knobs(
                opts.d,
                derive_seed(5, a as u64, seeds::STUDY, seeds::STUDY_RULE + r as u64),
            );
            let mut f = cfg.frost.clone();
            (f.selection, f.scope, f.d, f.tau) =
                (rules[r].selection, knobs.scope, knobs.d, knobs.tau);
            (f.linear_weight, f.taylor_weight) = (knobs.linear_weight, knobs.taylor_weight);
            assert_eq!(Knobs::from_config(&f, knobs.seed), knobs);
            let mut group = Group::sampled(parents.clone(), report.parent_scores[a].clone());
            let nets = Nets {
                policy: &s.model.net,
                judge: s.judge(),
            };
            let asg = &s.heldout[a];
            let mut budget = Budget::default();
            let round = frost::refine(
                nets,
                asg,
                &mut group,
                &f,
                cfg.sampling.temperature,
                knobs.seed,
                &mut budget,
                Precomputed::default(),
            );
            let trained: Vec<(usize, usize, u32)> = round
                .children
                .iter()
                .map(|c| (c.parent, c.pos, c.token))
                .collect();
            let studied: Vec<(usize, usize, u32)> = rule
                .children
                .iter()
                .filter(|c| c.assignment == a)
                .map(|c| (c.parent, c.pos, c.token))
                .collect();
            assert_eq!(trained, studied, "{} on assignment {a}", rule.label);
        }
    }
    assert!(children > 0, "the rules picked nothing to check");
}
