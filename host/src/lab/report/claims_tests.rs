use std::path::PathBuf;

use super::*;
use crate::lab::report::runs::EvalPoint;

/// A run whose best-of at eval i (step 10 i, forwards 100 i) is `f(i)`, entropy if given.
fn run(seed: u64, evals: usize, f: impl Fn(usize) -> f64, entropy: Option<f64>) -> Run {
    Run {
        dir: PathBuf::from(format!("r/{seed}")),
        setting: String::new(),
        seed,
        best_of_n: Some(8),
        refinement: None,
        evals: (0..evals)
            .map(|i| EvalPoint {
                step: 10 * i as u64,
                best_of: Some(f(i)),
                mean: Some(f(i) - 5.0),
                forwards: Some(100.0 * i as f64),
                entropy,
                ..Default::default()
            })
            .collect(),
        steps: Vec::new(),
        models: None,
        game: None,
    }
}

fn setting(label: &str, runs: Vec<Run>) -> Setting {
    Setting {
        label: label.into(),
        runs,
    }
}

/// Frost over `a_seeds` seeds leading GRPO over `b_seeds` by a constant 1.5 at every eval,
/// with a per-seed offset, and the given held-out entropies.
fn constant_lead(
    a_seeds: u64,
    b_seeds: u64,
    entropy: (Option<f64>, Option<f64>),
) -> (Setting, Setting) {
    let base = |s: u64| move |i: usize| i as f64 + s as f64 * 0.7;
    let a = (0..a_seeds)
        .map(|s| run(s, 6, move |i| base(s)(i) + 1.5, entropy.0))
        .collect();
    let b = (0..b_seeds)
        .map(|s| run(s, 6, base(s), entropy.1))
        .collect();
    (setting("frost", a), setting("grpo", b))
}

fn claim<'a>(p: &'a PairClaims, id: &str) -> &'a Claim {
    p.claims.iter().find(|c| c.id == id).unwrap()
}

#[test]
fn final_figures_average_the_last_evals() {
    let r = run(0, 6, |i| i as f64, None);
    assert_eq!(final_figure(&r, EvalKey::BestOf, 3), Some(4.0));
    assert_eq!(final_figure(&r, EvalKey::BestOf, 1), Some(5.0));
    assert_eq!(final_figure(&r, EvalKey::BestOf, 100), Some(2.5));
    assert_eq!(final_figure(&r, EvalKey::Entropy, 3), None);
}

#[test]
fn areas_are_trapezoids_over_the_range_per_forward() {
    // best-of = forwards / 100: the mean over [0, 500] is 2.5; over [50, 250] it is 1.5.
    let r = run(0, 6, |i| i as f64, None);
    assert!((area(&r, 0.0, 500.0).unwrap() - 2.5).abs() < 1e-12);
    assert!((area(&r, 50.0, 250.0).unwrap() - 1.5).abs() < 1e-12);
    // A kink: 0, 10, 0 over forwards 0, 100, 200 has mean 5.
    let k = run(0, 3, |i| if i == 1 { 10.0 } else { 0.0 }, None);
    assert!((area(&k, 0.0, 200.0).unwrap() - 5.0).abs() < 1e-12);
    // Outside the run's budget there is no area.
    assert_eq!(area(&r, 0.0, 600.0), None);
}

#[test]
fn a_constant_lead_holds_and_its_interval_is_the_lead() {
    let (a, b) = constant_lead(6, 7, (Some(2.0), Some(1.0)));
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    assert_eq!(p.seeds, [0, 1, 2, 3, 4, 5]);
    assert_eq!(p.budget, Some((0.0, 500.0)));
    for id in [
        "final_best_of",
        "auc_best_of",
        "early_best_of",
        "final_mean",
    ] {
        let c = claim(&p, id);
        assert_eq!(c.verdict, Verdict::Holds, "{id}: {c:?}");
        assert_eq!(c.n, 6);
        for v in [c.value, c.lo, c.hi] {
            assert!((v.unwrap() - 1.5).abs() < 1e-9, "{id}: {c:?}");
        }
    }
    // Final best-of of A: mean over seeds of (4 + 1.5 + 0.7 s) for s in 0..6 with last 3 evals.
    let c = claim(&p, "final_best_of");
    assert!((c.a.unwrap() - (4.0 + 1.5 + 0.7 * 2.5)).abs() < 1e-9);
    assert!(c.claim.contains("best-of-8"));
    // All six differences positive: the exact sign-flip p is 2/64.
    assert!((c.p.unwrap() - 2.0 / 64.0).abs() < 1e-12);
    let e = claim(&p, "final_entropy");
    assert_eq!(e.verdict, Verdict::Holds);
    assert!((e.value.unwrap() - 1.0).abs() < 1e-12);
    // The same seed spread in both: the ratio is exactly 1, so unclear.
    let s = claim(&p, "seed_std");
    assert_eq!(s.measure, Measure::Ratio);
    assert_eq!(s.verdict, Verdict::Unclear);
    assert!((s.value.unwrap() - 1.0).abs() < 1e-9);

    // Swapped, every difference claim turns into "does not hold".
    let q = judge_pair(&b, &a, &ClaimsConfig::default());
    assert_eq!(claim(&q, "final_best_of").verdict, Verdict::DoesNotHold);
    assert_eq!(claim(&q, "auc_best_of").verdict, Verdict::DoesNotHold);
}

#[test]
fn four_seeds_cannot_make_a_verdict() {
    // The same constant lead over 4 seeds: the bootstrap interval is [1.5, 1.5], but the
    // sign-flip p is 2/16, so the verdict stays unclear.
    let (a, b) = constant_lead(4, 4, (None, None));
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    let c = claim(&p, "final_best_of");
    assert!((c.lo.unwrap() - 1.5).abs() < 1e-9);
    assert!((c.p.unwrap() - 0.125).abs() < 1e-12);
    assert_eq!(c.verdict, Verdict::Unclear);
}

#[test]
fn mixed_signs_are_unclear_and_missing_keys_not_measured() {
    let a = setting(
        "a",
        (0..4)
            .map(|s| {
                run(
                    s,
                    4,
                    move |i| i as f64 + if s % 2 == 0 { 1.0 } else { -1.0 },
                    None,
                )
            })
            .collect(),
    );
    let b = setting("b", (0..4).map(|s| run(s, 4, |i| i as f64, None)).collect());
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    let c = claim(&p, "final_best_of");
    assert_eq!(c.verdict, Verdict::Unclear);
    assert!(c.lo.unwrap() < 0.0 && c.hi.unwrap() > 0.0);
    for id in ["final_entropy", "final_distinct", "final_score_var"] {
        let c = claim(&p, id);
        assert_eq!(c.verdict, Verdict::NotMeasured);
        assert!(c.note.as_ref().unwrap().contains("eval/"), "{c:?}");
    }
}

#[test]
fn lower_spread_holds_as_a_ratio_below_one() {
    // B's seeds spread by 4 per seed, A's by 1 (with a little wobble so resamples differ).
    let a = setting(
        "a",
        (0..8)
            .map(|s| run(s, 3, move |_| s as f64 + 0.1 * (s % 3) as f64, None))
            .collect(),
    );
    let b = setting(
        "b",
        (0..8)
            .map(|s| run(s, 3, move |_| 4.0 * s as f64, None))
            .collect(),
    );
    let c = claim(&judge_pair(&a, &b, &ClaimsConfig::default()), "seed_std").clone();
    assert_eq!(c.verdict, Verdict::Holds, "{c:?}");
    assert!(c.hi.unwrap() < 1.0 && c.value.unwrap() < 0.3);
    let c = claim(&judge_pair(&b, &a, &ClaimsConfig::default()), "seed_std").clone();
    assert_eq!(c.verdict, Verdict::DoesNotHold, "{c:?}");
}

#[test]
fn one_seed_is_unclear_with_a_reason() {
    let a = setting("a", vec![run(0, 3, |i| i as f64 + 1.0, None)]);
    let b = setting("b", vec![run(0, 3, |i| i as f64, None)]);
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    let c = claim(&p, "final_best_of");
    assert_eq!(c.verdict, Verdict::Unclear);
    assert_eq!(c.n, 1);
    assert!(c.note.as_ref().unwrap().contains("2 seeds"));
    assert_eq!(c.a, Some(2.0));
    assert_eq!(c.value, Some(1.0));
    assert!(p.notes.is_empty());
    // B ran longer: the reader is told.
    let b = setting("b", vec![run(0, 5, |i| i as f64, None)]);
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    assert_eq!(p.notes.len(), 1);
    assert!(p.notes[0].contains("A: [20], B: [40]"), "{:?}", p.notes);
    assert_eq!((c.lo, c.hi), (None, None));
}

/// A runs faster per step but slower per second: by step it leads, at equal seconds and FLOPs
/// it trails. Each axis's common range is the shorter run's; runs without FLOPs leave the FLOPs
/// claims not measured.
#[test]
fn equal_seconds_and_flops_claims_read_their_own_axis() {
    // A: best-of i + 1 at eval i, costing 2 s and 2 GFLOP per eval; B: best-of i at 1 s each.
    let timed = |seed: u64, lead: f64, per: f64, flops: bool| {
        let mut r = run(seed, 6, move |i| i as f64 + lead + seed as f64 * 0.3, None);
        for (i, e) in r.evals.iter_mut().enumerate() {
            e.seconds = Some(per * i as f64);
            e.flops = flops.then_some(per * 1e9 * i as f64);
        }
        r
    };
    let a = setting("search", (0..8).map(|s| timed(s, 1.0, 2.0, true)).collect());
    let b = setting("grpo", (0..8).map(|s| timed(s, 0.0, 1.0, true)).collect());
    let p = judge_pair(&a, &b, &ClaimsConfig::default());
    assert_eq!(claim(&p, "final_best_of").verdict, Verdict::Holds);
    for id in [
        "auc_best_of_seconds",
        "auc_best_of_flops",
        "end_best_of_seconds",
    ] {
        let c = claim(&p, id);
        assert_eq!(c.verdict, Verdict::DoesNotHold, "{id}: {c:?}");
    }
    // Over the common range [0, 5]: A = t/2 + 1, B = t; at t = 5, A = 3.5, B = 5.
    let end = claim(&p, "end_best_of_flops");
    assert!((end.value.unwrap() + 1.5).abs() < 1e-9, "{end:?}");
    let auc = claim(&p, "auc_best_of_seconds");
    assert!((auc.value.unwrap() + 0.25).abs() < 1e-9, "{auc:?}");
    let old = setting("grpo", (0..8).map(|s| timed(s, 0.0, 1.0, false)).collect());
    let p = judge_pair(&a, &old, &ClaimsConfig::default());
    assert_eq!(claim(&p, "auc_best_of_flops").verdict, Verdict::NotMeasured);
    assert_eq!(
        claim(&p, "end_best_of_seconds").verdict,
        Verdict::DoesNotHold
    );
}
