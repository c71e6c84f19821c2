use super::*;

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

fn sorted(want: &str) -> Vec<String> {
    let mut w: Vec<String> = want.split_whitespace().map(String::from).collect();
    w.sort();
    w
}

#[test]
fn step_line_keeps_its_names() {
    let (a, b) = (vec![vec![1u32], vec![1], vec![2]], vec![vec![3u32]; 3]);
    let m = StepMetrics {
        step: 3,
        sampled: SampledMetrics::over(
            &[vec![1.0, 3.0, 2.0], vec![2.0, 2.0, 2.0]],
            &[&a, &b],
            1.25,
            2,
        ),
        refined: RefinedMetrics::over(&[vec![4.0, 3.0, 2.0], vec![2.0, 2.0, 5.0]]),
        budget: BudgetMetrics {
            judge_forwards: 8,
            judge_forwards_total: 24,
            ..Default::default()
        },
        time: PhaseTimes {
            step_s: 1.5,
            ..Default::default()
        },
        ..Default::default()
    };
    let v = to_json(&m);
    let want = "step sampled/mean sampled/std sampled/group_std sampled/best_of_2 \
         sampled/entropy sampled/distinct refined/mean refined/best refined/entropy kl \
         loss grad_norm clip_frac skipped update/lr frost/replaced_frac frost/mean_gain \
         frost/children budget/judge_forwards budget/judge_backwards \
         budget/judge_forwards_total budget/judge_backwards_total \
         budget/judge_forwards_sampled budget/judge_forwards_children \
         budget/judge_forwards_per_assignment budget/flops time/sample_s time/score_s time/taylor_s \
         time/verify_s time/update_s time/reduce_s time/step_s";
    assert_eq!(keys(&v), sorted(want));
    assert_eq!(v["step"], 3);
    assert_eq!(v["sampled/mean"], 2.0);
    assert_eq!(v["sampled/std"], (1.0f64 / 3.0).sqrt());
    assert_eq!(v["sampled/group_std"], (2.0f64 / 3.0).sqrt() / 2.0);
    // Best of 2 of {1, 2, 3}: pairs' maxima 2, 3, 3 -> 8/3; of {2, 2, 2}: 2.
    let bo2 = v["sampled/best_of_2"].as_f64().unwrap();
    assert!((bo2 - (8.0 / 3.0 + 2.0) / 2.0).abs() < 1e-12, "{bo2}");
    assert_eq!(v["sampled/entropy"], 1.25);
    assert_eq!(v["sampled/distinct"], (2.0 / 3.0 + 1.0 / 3.0) / 2.0);
    assert_eq!(v["refined/mean"], 3.0);
    assert_eq!(v["refined/best"], 4.5);
    assert_eq!(v["budget/judge_forwards"], 8);
    assert_eq!(v["budget/judge_forwards_total"], 24);
    assert_eq!(v["time/step_s"], 1.5);
    assert_eq!(v["skipped"], false);
    // The phase figures read back from a line (what `frost-host bench --phases` does).
    let t: PhaseTimes = serde_json::from_value(v).unwrap();
    assert_eq!(t, m.time);
}

#[test]
fn training_best_of_is_capped_at_k_and_named_by_it() {
    let moves = vec![vec![1u32], vec![2]];
    let m = SampledMetrics::over(&[vec![1.0, 5.0]], &[&moves], 0.0, 4);
    assert_eq!(m.n, 2);
    let v = to_json(&m);
    assert_eq!(v["sampled/best_of_2"], 5.0);
    assert!(v.get("sampled/best_of_4").is_none());
}

/// The mean over every n-subset of the subset's maximum.
fn brute_force(xs: &[f64], n: usize) -> f64 {
    let k = xs.len();
    let (mut sum, mut count) = (0.0, 0u32);
    for mask in 0u32..(1 << k) {
        if mask.count_ones() as usize != n {
            continue;
        }
        let max = (0..k)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| xs[i])
            .fold(f64::NEG_INFINITY, f64::max);
        sum += max;
        count += 1;
    }
    sum / count as f64
}

#[test]
fn expected_best_of_matches_brute_force_over_subsets() {
    let xs = [-3.5, 2.0, 0.25, 2.0, -1.0, 7.5, 4.0, -0.5, 1.5, 3.0];
    for k in 1..=xs.len() {
        for n in 1..=k {
            let (got, want) = (expected_best_of(&xs[..k], n), brute_force(&xs[..k], n));
            assert!((got - want).abs() < 1e-9, "k={k} n={n}: {got} vs {want}");
        }
    }
    // n = 1 is the mean, n = K the maximum.
    assert!((expected_best_of(&xs, 1) - xs.iter().sum::<f64>() / 10.0).abs() < 1e-12);
    assert_eq!(expected_best_of(&xs, 10), 7.5);
}

#[test]
fn eval_line_names_the_configured_best_of() {
    let e = |n| EvalMetrics {
        step: 2,
        n,
        best_of: -1.5,
        mean: -2.0,
        entropy: 0.5,
        score_var: 4.0,
        distinct: 0.75,
        judge_forwards_total: 64,
        judge_backwards_total: 8,
        ..Default::default()
    };
    let v = to_json(&e(8));
    let want = "step eval/best_of_8 eval/mean eval/reference eval/entropy eval/score_var \
        eval/distinct budget/judge_forwards_total budget/judge_backwards_total";
    assert_eq!(keys(&v), sorted(want));
    assert_eq!(v["eval/best_of_8"], -1.5);
    assert_eq!(v["eval/mean"], -2.0);
    assert_eq!(v["step"], 2);
    assert!(v["eval/reference"].is_null());
    assert_eq!(v["eval/entropy"], 0.5);
    assert_eq!(v["eval/score_var"], 4.0);
    assert_eq!(v["eval/distinct"], 0.75);
    assert_eq!(v["budget/judge_forwards_total"], 64);
    assert_eq!(v["budget/judge_backwards_total"], 8);
    let v = to_json(&e(4));
    assert_eq!(v["eval/best_of_4"], -1.5);
    assert!(v.get("eval/best_of_8").is_none());
}
