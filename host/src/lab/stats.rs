//! The lab's statistics, one module for the report and the selection study: moments,
//! percentiles, the percentile bootstrap (one implementation, resamples and seed explicit), the
//! paired statistics over seeds (mean difference, std ratio, sign-flip p), Spearman's rank
//! correlation and the least-squares slope. NaN where a figure is undefined (no values, no
//! spread), None where an interval or p-value cannot be formed.
//!
//! In the report, seeds are the unit of replication: setting A's seed s is compared with
//! setting B's seed s, and resampling draws whole seeds (pairs), never single evaluations. In
//! the selection study the unit is the assignment (one group).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Resamples per interval: enough that the 2.5% and 97.5% percentiles move by well under the
/// interval's own width between two seeds of the bootstrap.
pub const RESAMPLES: usize = 10_000;
/// The bootstrap's own seed: a report (and a selection study) is reproducible byte for byte.
pub const BOOTSTRAP_SEED: u64 = 12;

/// A point estimate with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub estimate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Mean; NaN for no values. The core's (training reports means too), below both layers.
pub use crate::moments::mean;

/// The mean of the finite values (NaN if none): for per-group figures, some undefined.
pub fn mean_finite(xs: &[f64]) -> f64 {
    let finite: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    mean(&finite)
}

/// Sample standard deviation (n - 1 in the denominator): every caller estimates the spread of
/// a population (seeds, candidates) from a sample of it. NaN for fewer than two values.
pub fn std(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n < 2 {
        return f64::NAN;
    }
    let m = mean(xs);
    (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
}

/// The q-quantile of sorted values, linear between order statistics (R's type 7).
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let i = pos.floor() as usize;
    let j = (i + 1).min(sorted.len() - 1);
    let f = pos - i as f64;
    if f == 0.0 {
        sorted[i]
    } else {
        sorted[i] + f * (sorted[j] - sorted[i])
    }
}

/// Percentile-bootstrap 95% interval of `stat` over `n` units: `stat` gets the indices of one
/// resample (drawn with replacement). Resamples whose statistic is NaN (e.g. a ratio 0/0) are
/// dropped; None when fewer than two units or no finite estimate.
pub fn bootstrap(
    n: usize,
    resamples: usize,
    seed: u64,
    stat: impl Fn(&[usize]) -> f64,
) -> Option<Interval> {
    if n < 2 {
        return None;
    }
    let all: Vec<usize> = (0..n).collect();
    let estimate = stat(&all);
    if estimate.is_nan() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut idx = vec![0; n];
    let mut values = Vec::with_capacity(resamples);
    for _ in 0..resamples {
        for i in idx.iter_mut() {
            *i = rng.gen_range(0..n);
        }
        let v = stat(&idx);
        if !v.is_nan() {
            values.push(v);
        }
    }
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    Some(Interval {
        estimate,
        lo: percentile(&values, 0.025),
        hi: percentile(&values, 0.975),
    })
}

/// The mean of `xs` with its bootstrap 95% interval.
pub fn mean_interval(xs: &[f64], resamples: usize, seed: u64) -> Option<Interval> {
    bootstrap(xs.len(), resamples, seed, |idx| {
        idx.iter().map(|&i| xs[i]).sum::<f64>() / idx.len() as f64
    })
}

/// Mean of `a[i] - b[i]` with its paired-bootstrap 95% interval.
pub fn mean_difference(a: &[f64], b: &[f64], resamples: usize, seed: u64) -> Option<Interval> {
    mean_interval(&differences(a, b), resamples, seed)
}

/// std(a) / std(b) across seeds with its paired-bootstrap 95% interval (seeds resampled
/// together, so a seed that is hard for both settings stays hard for both).
pub fn std_ratio(a: &[f64], b: &[f64], resamples: usize, seed: u64) -> Option<Interval> {
    assert_eq!(a.len(), b.len(), "paired samples");
    bootstrap(a.len(), resamples, seed, |idx| {
        let pick = |x: &[f64]| idx.iter().map(|&i| x[i]).collect::<Vec<f64>>();
        std(&pick(a)) / std(&pick(b))
    })
}

/// Two-sided sign-flip permutation p-value of the mean paired difference: under "no
/// difference" each difference's sign is a coin flip. Exact (all 2^n flips) up to 16 pairs,
/// else `resamples` random flips. None for no pairs.
pub fn sign_flip_p(a: &[f64], b: &[f64], resamples: usize, seed: u64) -> Option<f64> {
    let d = differences(a, b);
    let n = d.len();
    if n == 0 {
        return None;
    }
    let observed = d.iter().sum::<f64>().abs();
    // A tolerance so that flips giving the same sum up to rounding count as "as extreme".
    let tol = 1e-12 * d.iter().map(|x| x.abs()).sum::<f64>();
    let extreme = |signs: &dyn Fn(usize) -> bool| {
        let s: f64 = (0..n).map(|i| if signs(i) { -d[i] } else { d[i] }).sum();
        s.abs() >= observed - tol
    };
    if n <= 16 {
        let total = 1usize << n;
        let hits = (0..total)
            .filter(|mask| extreme(&|i| mask >> i & 1 == 1))
            .count();
        return Some(hits as f64 / total as f64);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = 1; // the observed assignment itself, so p is never 0
    for _ in 0..resamples {
        let flips: Vec<bool> = (0..n).map(|_| rng.gen()).collect();
        if extreme(&|i| flips[i]) {
            hits += 1;
        }
    }
    Some(hits as f64 / (resamples + 1) as f64)
}

fn differences(a: &[f64], b: &[f64]) -> Vec<f64> {
    assert_eq!(a.len(), b.len(), "paired samples");
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}

/// Spearman's rank correlation (Pearson's of the tie-averaged ranks).
pub fn spearman(x: &[f64], y: &[f64]) -> f64 {
    assert_eq!(x.len(), y.len());
    pearson(&ranks(x), &ranks(y))
}

/// Least-squares slope of y on x: the factor that best calibrates x to y.
pub fn slope(x: &[f64], y: &[f64]) -> f64 {
    let (mx, my) = (mean(x), mean(y));
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    if sxx == 0.0 {
        return f64::NAN;
    }
    sxy / sxx
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let (mx, my) = (mean(x), mean(y));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx).powi(2);
        syy += (b - my).powi(2);
    }
    if x.len() < 3 || sxx == 0.0 || syy == 0.0 {
        return f64::NAN;
    }
    sxy / (sxx * syy).sqrt()
}

/// Ranks 1..n, ties sharing their average rank (-inf sorts lowest).
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut r = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &o in &order[i..=j] {
            r[o] = avg;
        }
        i = j + 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_distr_free::normal;

    /// Box-Muller from uniform draws: the crate's rand has no normal distribution.
    mod rand_distr_free {
        use rand::Rng;
        pub fn normal(rng: &mut impl Rng, mean: f64, sd: f64) -> f64 {
            let u1: f64 = rng.gen_range(f64::EPSILON..1.0);
            let u2: f64 = rng.gen();
            mean + sd * (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
        }
    }

    #[test]
    fn a_constant_shift_gives_a_degenerate_interval_at_the_shift() {
        let b = [1.0, -3.0, 7.5, 2.0, 0.25];
        let a: Vec<f64> = b.iter().map(|x| x + 0.5).collect();
        let i = mean_difference(&a, &b, RESAMPLES, 1).unwrap();
        for v in [i.estimate, i.lo, i.hi] {
            assert!((v - 0.5).abs() < 1e-12, "{i:?}");
        }
    }

    #[test]
    fn the_interval_brackets_the_estimate_and_widens_with_spread() {
        let b = [0.0; 6];
        let narrow = mean_difference(&[1.0, 1.1, 0.9, 1.0, 1.05, 0.95], &b, RESAMPLES, 1).unwrap();
        let wide = mean_difference(&[1.0, 3.0, -1.0, 1.0, 2.0, 0.0], &b, RESAMPLES, 1).unwrap();
        assert!(narrow.lo < narrow.estimate && narrow.estimate < narrow.hi);
        assert!(narrow.lo > 0.9 && narrow.hi < 1.1, "{narrow:?}");
        assert!(wide.hi - wide.lo > 5.0 * (narrow.hi - narrow.lo));
        assert!(wide.lo < 1.0 && wide.hi > 1.0);
        // Fixed seed: the same numbers every time.
        assert_eq!(
            mean_difference(&[1.0, 3.0, -1.0, 1.0, 2.0, 0.0], &b, RESAMPLES, 1),
            Some(wide)
        );
        assert!(mean_difference(&[1.0], &[0.0], RESAMPLES, 1).is_none());
    }

    #[test]
    fn intervals_cover_the_true_mean_about_95_percent_of_the_time() {
        // 400 experiments of 20 paired seeds, true difference 1, sd 2. The percentile
        // bootstrap is slightly liberal at n = 20 (about 93%); 400 trials put the binomial
        // noise near 1.2%.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let trials = 400;
        let mut covered = 0;
        for t in 0..trials {
            let b: Vec<f64> = (0..20).map(|_| normal(&mut rng, 0.0, 1.0)).collect();
            let a: Vec<f64> = b.iter().map(|x| x + normal(&mut rng, 1.0, 2.0)).collect();
            let i = mean_difference(&a, &b, 2000, t).unwrap();
            if i.lo <= 1.0 && 1.0 <= i.hi {
                covered += 1;
            }
        }
        let rate = covered as f64 / trials as f64;
        assert!((0.89..=0.98).contains(&rate), "coverage {rate}");
    }

    #[test]
    fn the_std_ratio_of_a_scaled_sample_is_the_scale() {
        let b = [1.0, 4.0, 2.0, 8.0, 5.0];
        let a: Vec<f64> = b.iter().map(|x| 0.5 * x + 3.0).collect();
        let i = std_ratio(&a, &b, RESAMPLES, 1).unwrap();
        // Every resample with spread gives exactly 0.5; all-equal resamples (0/0) are dropped.
        assert!((i.estimate - 0.5).abs() < 1e-12);
        assert!(
            (i.lo - 0.5).abs() < 1e-12 && (i.hi - 0.5).abs() < 1e-12,
            "{i:?}"
        );
    }

    #[test]
    fn sign_flip_p_values_match_hand_counts() {
        // Five positive differences: only all-plus and all-minus are as extreme: 2/32.
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        let p = sign_flip_p(&a, &[0.0; 5], RESAMPLES, 1).unwrap();
        assert!((p - 2.0 / 32.0).abs() < 1e-12, "{p}");
        // Differences +1, -1: every flip is as extreme as the observed 0.
        assert_eq!(
            sign_flip_p(&[1.0, 0.0], &[0.0, 1.0], RESAMPLES, 1),
            Some(1.0)
        );
        // Large n: random flips; a strong shift gives a tiny p, none gives a large one.
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let b: Vec<f64> = (0..40).map(|_| normal(&mut rng, 0.0, 1.0)).collect();
        let shifted: Vec<f64> = b
            .iter()
            .map(|x| x + 3.0 + normal(&mut rng, 0.0, 1.0))
            .collect();
        assert!(sign_flip_p(&shifted, &b, 2000, 1).unwrap() < 0.01);
        let same: Vec<f64> = b.iter().map(|x| x + normal(&mut rng, 0.0, 1.0)).collect();
        assert!(sign_flip_p(&same, &b, 2000, 1).unwrap() > 0.05);
    }

    #[test]
    fn percentiles_interpolate_between_order_statistics() {
        let s = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(percentile(&s, 0.0), 1.0);
        assert_eq!(percentile(&s, 1.0), 5.0);
        assert_eq!(percentile(&s, 0.5), 3.0);
        assert!((percentile(&s, 0.1) - 1.4).abs() < 1e-12);
        assert!((std(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]) - 2.138089935).abs() < 1e-8);
    }

    #[test]
    fn std_is_the_sample_std_and_undefined_below_two_values() {
        assert_eq!(std(&[1.0, 3.0]), 2f64.sqrt());
        assert!(std(&[1.0]).is_nan() && std(&[]).is_nan());
        assert_eq!(std(&[2.0, 2.0, 2.0]), 0.0);
    }

    #[test]
    fn the_mean_interval_is_the_paired_bootstrap_against_zero() {
        // The selection study's intervals (mean_interval) and the report's (mean_difference)
        // are one bootstrap: identical numbers for identical input and seed.
        let xs = [0.5, 2.0, -1.0, 3.5, 0.0, 1.25, 4.0];
        let one = mean_interval(&xs, RESAMPLES, BOOTSTRAP_SEED).unwrap();
        let paired = mean_difference(&xs, &[0.0; 7], RESAMPLES, BOOTSTRAP_SEED).unwrap();
        assert_eq!(one, paired);
        assert!(one.lo < one.estimate && one.estimate < one.hi);
        assert_eq!(one.estimate, mean(&xs));
        let constant = mean_interval(&[2.0, 2.0], RESAMPLES, BOOTSTRAP_SEED).unwrap();
        assert_eq!((constant.lo, constant.hi), (2.0, 2.0));
        assert!(mean_interval(&[1.0], RESAMPLES, BOOTSTRAP_SEED).is_none());
    }

    #[test]
    fn spearman_is_rank_based_and_handles_ties() {
        let x = [1.0, 2.0, 3.0, 4.0];
        assert!((spearman(&x, &[10.0, 20.0, 1000.0, 1e6]) - 1.0).abs() < 1e-12);
        assert!((spearman(&x, &[4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert_eq!(
            ranks(&[5.0, 1.0, 5.0, f64::NEG_INFINITY]),
            vec![3.5, 2.0, 3.5, 1.0]
        );
        // Known value: x = 1..5, y = 2,1,4,3,5 -> 1 - 6 * 4 / (5 * 24) = 0.8.
        let s = spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 1.0, 4.0, 3.0, 5.0]);
        assert!((s - 0.8).abs() < 1e-12);
        assert!(spearman(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]).is_nan());
        assert!(spearman(&[1.0, 2.0], &[1.0, 2.0]).is_nan());
    }

    #[test]
    fn means_and_slope() {
        assert_eq!(mean(&[1.0, 3.0]), 2.0);
        assert!(mean(&[]).is_nan());
        assert!((slope(&[0.0, 1.0, 2.0], &[1.0, 1.5, 2.0]) - 0.5).abs() < 1e-12);
        assert!(slope(&[1.0, 1.0], &[0.0, 2.0]).is_nan());
        assert_eq!(mean_finite(&[f64::NAN, 2.0, 4.0]), 3.0);
        assert!(mean_finite(&[f64::NAN]).is_nan());
    }
}
