//! What a run spent, as the x axis of a held-out curve: cumulative judge forwards, training
//! wall-clock seconds, or training FLOPs. The claims "at equal budget" compare two settings over
//! the range of one axis every run of the pair covers.

use super::runs::{EvalPoint, Run};

/// A cost axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Cumulative training judge forwards (`budget/judge_forwards_total`).
    Forwards,
    /// Cumulative training wall-clock seconds (the steps' `time/step_s`).
    Seconds,
    /// Cumulative training FLOPs (the steps' `budget/flops`).
    Flops,
}

impl Cost {
    pub fn at(self, e: &EvalPoint) -> Option<f64> {
        match self {
            Cost::Forwards => e.forwards,
            Cost::Seconds => e.seconds,
            Cost::Flops => e.flops,
        }
    }

    /// How the axis reads in a claim ("judge forwards", ...).
    pub fn name(self) -> &'static str {
        match self {
            Cost::Forwards => "judge forwards",
            Cost::Seconds => "training seconds",
            Cost::Flops => "training FLOPs",
        }
    }
}

/// (cost, best-of-N) points of a run, in cost order.
pub fn curve(run: &Run, cost: Cost) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = (run.evals.iter())
        .filter_map(|e| Some((cost.at(e)?, e.best_of?)))
        .collect();
    pts.sort_by(|x, y| x.0.total_cmp(&y.0));
    pts
}

/// The cost range every run of the pairs covers: from the latest start to the earliest end.
pub fn common_range(pairs: &[(&Run, &Run)], cost: Cost) -> Option<(f64, f64)> {
    let curves: Vec<Vec<(f64, f64)>> = (pairs.iter())
        .flat_map(|(a, b)| [curve(a, cost), curve(b, cost)])
        .collect();
    if curves.is_empty() || curves.iter().any(|c| c.len() < 2) {
        return None;
    }
    let lo = curves.iter().map(|c| c[0].0).fold(f64::MIN, f64::max);
    let hi = (curves.iter())
        .map(|c| c[c.len() - 1].0)
        .fold(f64::MAX, f64::min);
    (hi > lo).then_some((lo, hi))
}

/// Mean best-of-N over costs in [lo, hi]: the trapezoid area under the linearly interpolated
/// curve divided by the range's width.
pub fn area(run: &Run, cost: Cost, lo: f64, hi: f64) -> Option<f64> {
    let c = curve(run, cost);
    if c.len() < 2 || c[0].0 > lo || c[c.len() - 1].0 < hi || hi <= lo {
        return None;
    }
    let at = |x: f64| interpolate(&c, x);
    let mut xs = vec![lo];
    xs.extend(c.iter().map(|p| p.0).filter(|&x| x > lo && x < hi));
    xs.push(hi);
    let total: f64 = (xs.windows(2))
        .map(|w| (w[1] - w[0]) * (at(w[0]) + at(w[1])) / 2.0)
        .sum();
    Some(total / (hi - lo))
}

/// Best-of-N at cost `x`, on the run's interpolated curve (None outside the curve).
pub fn value_at(run: &Run, cost: Cost, x: f64) -> Option<f64> {
    let c = curve(run, cost);
    (c.len() >= 2 && c[0].0 <= x && x <= c[c.len() - 1].0).then(|| interpolate(&c, x))
}

/// The piecewise-linear curve through sorted points at x (clamped to its ends).
pub fn interpolate(pts: &[(f64, f64)], x: f64) -> f64 {
    let i = pts.partition_point(|p| p.0 < x);
    if i == 0 {
        return pts[0].1;
    }
    if i == pts.len() {
        return pts[i - 1].1;
    }
    let ((x0, y0), (x1, y1)) = (pts[i - 1], pts[i]);
    if x1 == x0 {
        y1
    } else {
        y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    }
}
