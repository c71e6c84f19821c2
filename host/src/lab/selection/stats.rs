//! Small statistics for the study: means, standard deviations, Spearman rank correlation,
//! least-squares slope. NaN where a figure is undefined (too few points, no spread).

pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// Population standard deviation.
pub fn std(xs: &[f64]) -> f64 {
    let m = mean(xs);
    mean(&xs.iter().map(|x| (x - m).powi(2)).collect::<Vec<_>>()).sqrt()
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

/// The mean of the finite values (NaN if none): for per-group figures, some undefined.
pub fn mean_finite(xs: &[f64]) -> f64 {
    mean(
        &xs.iter()
            .copied()
            .filter(|x| x.is_finite())
            .collect::<Vec<_>>(),
    )
}

/// 95% percentile bootstrap interval of the mean of `xs` (2000 resamples, fixed seed): groups
/// all have K members, so the mean of per-group figures is the pooled figure.
pub fn bootstrap_ci(xs: &[f64]) -> [f64; 2] {
    use rand::{Rng, SeedableRng};
    if xs.is_empty() {
        return [f64::NAN, f64::NAN];
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let mut means: Vec<f64> = (0..2000)
        .map(|_| {
            (0..xs.len())
                .map(|_| xs[rng.gen_range(0..xs.len())])
                .sum::<f64>()
                / xs.len() as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    [means[49], means[1949]]
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn moments_and_slope() {
        assert_eq!(mean(&[1.0, 3.0]), 2.0);
        assert_eq!(std(&[1.0, 3.0]), 1.0);
        assert!((slope(&[0.0, 1.0, 2.0], &[1.0, 1.5, 2.0]) - 0.5).abs() < 1e-12);
        assert_eq!(mean_finite(&[f64::NAN, 2.0, 4.0]), 3.0);
        assert!(mean(&[]).is_nan());
        let ci = bootstrap_ci(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
        assert!(
            ci[0] < 4.5 && 4.5 < ci[1] && ci[0] >= 1.0 && ci[1] <= 8.0,
            "{ci:?}"
        );
        assert_eq!(bootstrap_ci(&[2.0, 2.0]), [2.0, 2.0]);
    }
}
