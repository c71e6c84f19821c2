//! End-to-end tests: the Frost round. Gated Taylor children against random ones on exact
//! rescoring, and the budget and strict-replacement rules in a real run.

use frost_host::config::{Scope, Selection};
use frost_host::frost::{self, Knobs, Proposal, TaylorView};
use frost_host::judge::{self, Budget, CompiledProgram};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use crate::fixture::{jsonl, load, synthetic_text, tmp, train_run};
use crate::judge::infill_program;

#[test]
fn taylor_gated_children_beat_random_children() {
    let m = load(Kind::Float);
    let net = &m.net;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (k, l, d) = (4usize, 4usize, 4usize);
    let v_emb = m.config.vocab_size;
    let banned =
        Tensor::arange(v_emb, (Kind::Int64, tch::Device::Cpu)).ge(m.tokenizer.vocab_size() as i64);
    let (mut wins_t, mut wins_r, mut gain_t, mut gain_r, mut n_t, mut n_r) = (0, 0, 0.0, 0.0, 0, 0);
    let mut budget = Budget::default();
    for a in 0..24u64 {
        let text = synthetic_text(&mut ChaCha8Rng::seed_from_u64(100 + a), 12);
        let (prog, _, prefix) = infill_program(&m, &text, 16, l, 8);
        let cp = CompiledProgram::compile(&prog, &m.tokenizer, l).unwrap();
        // Parents: the model's own samples at a high temperature (room to improve); the model
        // is its own judge here.
        let params = frost_host::model::SamplingParams {
            temperature: 2.0,
            top_p: 1.0,
            top_k: 0,
        };
        let prompts = std::slice::from_ref(&prefix);
        let prompt_banned = banned.unsqueeze(0);
        let seeds = [a];
        let req =
            frost_host::model::SampleRequest::new(prompts, k, l, &params, &prompt_banned, &seeds);
        let moves = frost_host::model::sample(net, &req).unwrap().tokens;
        let parents: Vec<Vec<u32>> = (0..k as i64)
            .map(|r| {
                Vec::<i64>::try_from(&moves.get(r))
                    .unwrap()
                    .iter()
                    .map(|&t| t as u32)
                    .collect()
            })
            .collect();
        let scores = judge::score(net, &cp, &parents, &mut budget);
        let tay = judge::taylor_proposal(net, &cp, &parents, &mut budget);
        let lp = tch::no_grad(|| {
            frost_host::model::move_logprobs(
                net,
                &vec![prefix.clone(); k],
                &moves,
                &banned.unsqueeze(0).expand([k as i64, -1], false),
                1.0,
            )
        })
        .full
        .to_kind(Kind::Double);
        let p = Proposal {
            parents: &parents,
            taylor: Some(TaylorView {
                estimate: &tay.estimate,
                target_term: &tay.target_term,
                scores: &tay.score,
            }),
            policy_logp: Some(&lp),
            banned: &banned,
            substitution_ban: None,
            verified: &[],
        };
        for (rule, wins, gain, n) in [
            (Selection::TaylorGated, &mut wins_t, &mut gain_t, &mut n_t),
            (Selection::Random, &mut wins_r, &mut gain_r, &mut n_r),
        ] {
            let knobs = Knobs {
                scope: Scope::Group,
                d,
                tau: 1e-4,
                linear_weight: 1.0,
                taylor_weight: 1.0,
                top_k: 100,
                seed: rng.gen(),
            };
            let children = frost::select(&p, rule, &knobs);
            assert_eq!(children.len(), d);
            let cm: Vec<Vec<u32>> = children.iter().map(|c| c.tokens(&parents)).collect();
            let cs = judge::score(net, &cp, &cm, &mut budget);
            for (c, s) in children.iter().zip(&cs) {
                let delta = s - scores[c.parent];
                *wins += (delta > 0.0) as usize;
                *gain += delta;
                *n += 1;
            }
        }
    }
    let (ft, fr) = (wins_t as f64 / n_t as f64, wins_r as f64 / n_r as f64);
    let (mt, mr) = (gain_t / n_t as f64, gain_r / n_r as f64);
    eprintln!("taylor-gated: improves {ft:.2}, mean gain {mt:.3}; random: improves {fr:.2}, mean gain {mr:.3}");
    assert!(
        ft > fr + 0.1,
        "taylor-gated improves {ft:.2} of the time, random {fr:.2}"
    );
    assert!(mt > mr, "mean gain taylor-gated {mt:.3} <= random {mr:.3}");
}

#[test]
fn budget_and_replacement_rules_hold_in_a_run() {
    let frost_out = tmp("frost");
    // A hot policy leaves room to improve, so some replacement happens in 3 steps.
    train_run(&frost_out, &["steps=3", "sampling.temperature=2.0"]);
    let (a, k) = (2.0, 4.0);
    let mut replaced_any = false;
    let samples = jsonl(&frost_out.join("samples.jsonl"));
    for (m, line) in jsonl(&frost_out.join("metrics.jsonl")).iter().zip(&samples) {
        let f = |key: &str| m[key].as_f64().unwrap();
        let children = f("frost/children"); // mean distinct children per assignment
        assert!((1.0..=4.0).contains(&children));
        // Identical sampled moves are scored once: count the distinct ones per group.
        let distinct: usize = line["assignments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|asg| {
                let mut ids: Vec<String> = asg["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|mv| mv["sampled_ids"].to_string())
                    .collect();
                ids.sort();
                ids.dedup();
                ids.len()
            })
            .sum();
        assert_eq!(f("budget/judge_forwards_sampled"), distinct as f64);
        assert!(distinct as f64 <= a * k);
        assert_eq!(f("budget/judge_forwards_children"), a * children);
        assert_eq!(
            f("budget/judge_forwards"),
            distinct as f64 + a * children,
            "K + distinct children per assignment"
        );
        assert_eq!(f("budget/judge_backwards"), a, "one backward per group");
    }
    for line in &samples {
        for asg in line["assignments"].as_array().unwrap() {
            for mv in asg["moves"].as_array().unwrap() {
                let (s, s0) = (
                    mv["score"].as_f64().unwrap(),
                    mv["sampled_score"].as_f64().unwrap(),
                );
                let replaced = mv["replaced"].as_bool().unwrap();
                assert!(s >= s0, "replacement lowered a score: {s} < {s0}");
                assert_eq!(replaced, s > s0, "replaced iff strictly better");
                replaced_any |= replaced;
            }
        }
    }
    assert!(replaced_any, "no parent was ever replaced in 3 steps");
    let grpo_out = tmp("grpo");
    train_run(
        &grpo_out,
        &["steps=2", "frost.refinement=\"none\"", "sampling.k=8"],
    );
    for m in jsonl(&grpo_out.join("metrics.jsonl")) {
        let fw = m["budget/judge_forwards"].as_f64().unwrap();
        assert_eq!(fw, m["budget/judge_forwards_sampled"].as_f64().unwrap());
        assert!((2.0..=16.0).contains(&fw));
        assert_eq!(m["budget/judge_backwards"].as_f64().unwrap(), 0.0);
    }
    let evals = jsonl(&grpo_out.join("eval.jsonl"));
    assert_eq!(
        evals
            .iter()
            .map(|e| e["step"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![0, 2]
    );
    assert!(evals[0]["eval/reference"].as_f64().is_some());
    // The best-of label carries the configured N (eval.best_of = 4 here).
    assert!(
        evals[0]["eval/best_of_4"].as_f64().is_some(),
        "{}",
        evals[0]
    );
    assert!(evals[0].get("eval/best_of_8").is_none());
}

#[test]
fn new_rules_train_with_round_robin_children() {
    for rule in ["taylor-gain", "prior-taylor"] {
        let out = tmp(rule);
        let sel = format!("frost.selection=\"{rule}\"");
        train_run(
            &out,
            &["steps=1", &sel, "frost.scope=\"round-robin\"", "frost.d=3"],
        );
        let m = &jsonl(&out.join("metrics.jsonl"))[0];
        let f = |key: &str| m[key].as_f64().unwrap();
        // One Taylor backward per group; round-robin gives D = 3 children (3 of 4 parents).
        assert_eq!(f("budget/judge_backwards"), 2.0, "{rule}");
        assert_eq!(f("frost/children"), 3.0, "{rule}");
        assert!(f("frost/replaced_frac") <= 0.75, "{rule}");
    }
}
