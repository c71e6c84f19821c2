//! The Python SDK states the Rust SDK's limits and rules a second time (sdk/python/frost_game
//! limits.py and rules.py, so a Python game's own tests run them in plain CPython): these tests
//! fail where the two differ. Its limits must be the Rust defaults; both must know the same
//! rules; and on every case of tests/fixtures/sdk_rule_cases.py (each rule broken, and
//! neighbours that keep it) both must say the same thing, rule and detail word for word.

use std::collections::BTreeSet;

use frost_sdk::limits::{check_move_tokens, GameLimits, MOVE_TOKENS_RANGE};
use frost_sdk::rules;
use frost_sdk::types::{GameInfo, Passage, Requirements, Round};
use serde_json::Value;

use crate::common::{python, root};

/// What the Python SDK says of each case (the fixture script's JSON).
fn python_cases() -> Value {
    let out = std::process::Command::new(python())
        .arg(root().join("tests/fixtures/sdk_rule_cases.py"))
        .env("PYTHONPATH", root().join("sdk/python"))
        .output()
        .expect("spawn python");
    assert!(
        out.status.success(),
        "sdk_rule_cases.py failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("sdk_rule_cases.py prints JSON")
}

/// The rule names (`"..."` after `marker`) a rules source states.
fn rule_names(path: &str, marker: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices(marker) {
        let rest = text[at + marker.len()..].trim_start();
        if let Some(quoted) = rest.strip_prefix('"') {
            names.insert(quoted[..quoted.find('"').unwrap()].to_string());
        }
    }
    names
}

#[test]
fn the_python_sdks_limits_are_the_rust_sdks() {
    let py = python_cases();
    let rust = serde_json::to_value(GameLimits::default()).unwrap();
    let limits = py["limits"].as_object().unwrap();
    assert!(!limits.is_empty());
    for (name, value) in limits {
        assert_eq!(
            Some(value),
            rust.get(name),
            "limits.py's {name} is not the Rust SDK's GameLimits::default().{name}"
        );
    }
    let range = [*MOVE_TOKENS_RANGE.start(), *MOVE_TOKENS_RANGE.end()];
    assert_eq!(py["move_tokens"], serde_json::json!(range), "MOVE_TOKENS_*");
}

#[test]
fn both_sdks_know_the_same_rules() {
    let rust = rule_names("sdk/src/rules.rs", "broken(");
    let py = rule_names("sdk/python/frost_game/rules.py", "RuleError(");
    assert!(rust.len() >= 20, "{rust:?}");
    assert_eq!(
        rust.symmetric_difference(&py).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "rules stated by one SDK only"
    );
}

/// A round's floats as they were in Python: the fixture sends NaN and infinities as sentinels.
fn restore_non_finite(round: &mut Round, sentinels: &Value) {
    let back = |x: &mut f64| {
        for (name, v) in [
            ("nan", f64::NAN),
            ("inf", f64::INFINITY),
            ("-inf", f64::NEG_INFINITY),
        ] {
            if Some(*x) == sentinels[name].as_f64() {
                *x = v;
            }
        }
    };
    let judge = &mut round.judge;
    for p in &mut judge.penalties {
        back(&mut p.threshold);
        back(&mut p.weight);
    }
    let penalty_terms = judge.penalties.iter_mut().flat_map(|p| &mut p.terms);
    for t in judge.terms.iter_mut().chain(penalty_terms) {
        back(&mut t.weight);
        if let Some(c) = &mut t.max_token_ce {
            back(c);
        }
    }
}

/// What the Rust SDK says of one case: None, or [rule, detail].
fn rust_says(case: &Value, sentinels: &Value) -> Option<[String; 2]> {
    let of = |e: rules::RuleError| [e.rule.to_string(), e.detail];
    let req = || serde_json::from_value::<Requirements>(case["requirements"].clone()).unwrap();
    if let Some(info) = case.get("info") {
        let info: GameInfo = serde_json::from_value(info.clone()).unwrap();
        return rules::validate_info(&info).err().map(of);
    }
    if let Some(mt) = case.get("move_tokens") {
        let (key, n) = (mt[0].as_str().unwrap(), mt[1].as_u64().unwrap() as u32);
        return check_move_tokens(key, n)
            .err()
            .map(|e| ["move tokens".into(), e]);
    }
    if let Some(ps) = case.get("passages") {
        let ps: Vec<Passage> = serde_json::from_value(ps.clone()).unwrap();
        let e = rules::check_passages(&req(), &ps).err();
        return e.map(|e| ["passages".into(), e]);
    }
    if let Some(r) = case.get("round") {
        let mut round: Round = serde_json::from_value(r.clone()).unwrap();
        restore_non_finite(&mut round, sentinels);
        let vocab = case["vocab"].as_u64().unwrap() as u32;
        return rules::validate_round(&round, &req(), vocab).err().map(of);
    }
    rules::validate_requirements(&req(), &GameLimits::default())
        .err()
        .map(of)
}

#[test]
fn both_sdks_break_the_same_rule_in_the_same_words_on_every_case() {
    let py = python_cases();
    let cases = py["cases"].as_array().unwrap();
    let mut differ = Vec::new();
    let mut broken = BTreeSet::new();
    let mut kept = 0;
    for case in cases {
        let python: Option<[String; 2]> = serde_json::from_value(case["python"].clone()).unwrap();
        let rust = rust_says(case, &py["sentinels"]);
        if python != rust {
            let mut shown = case.clone();
            shown.as_object_mut().unwrap().remove("python");
            differ.push(format!("{shown}\n  python: {python:?}\n  rust:   {rust:?}"));
        }
        match rust {
            Some([rule, _]) => {
                broken.insert(rule);
            }
            None => kept += 1,
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} cases differ:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
    // Every rule is broken by some case, and some cases keep them all.
    let missing: Vec<String> = (rule_names("sdk/src/rules.rs", "broken(").into_iter())
        .filter(|r| !broken.contains(r))
        .collect();
    assert!(missing.is_empty(), "no case breaks {missing:?}");
    assert!(kept >= 10, "{kept} cases keep every rule");
}
