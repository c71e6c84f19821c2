//! The paper's claims as computed quantities for a pair of settings (A, typically Frost,
//! against B, typically GRPO), paired by seed, each with a bootstrap 95% interval and a
//! verdict: holds (the interval excludes "no difference" in the claimed direction), does not
//! hold (it excludes it the other way), unclear (it contains it).

use serde::Serialize;

use super::cost::{self, Cost};
use super::runs::{EvalKey, Run, Setting};
use crate::lab::stats::{self, Interval};

/// How the claims are computed.
#[derive(Debug, Clone, Copy)]
pub struct ClaimsConfig {
    /// A run's final figure is the mean of its last `last` evaluations (less noisy than one).
    pub last: usize,
    pub resamples: usize,
    pub seed: u64,
}

impl Default for ClaimsConfig {
    fn default() -> Self {
        ClaimsConfig {
            last: 3,
            resamples: stats::RESAMPLES,
            seed: stats::BOOTSTRAP_SEED,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Holds,
    DoesNotHold,
    Unclear,
    /// The runs do not log what the claim needs.
    NotMeasured,
}

impl Verdict {
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::DoesNotHold => "does not hold",
            Verdict::Unclear => "unclear",
            Verdict::NotMeasured => "not measured",
        }
    }
}

/// A difference A − B (claimed > 0) or a ratio A / B (claimed < 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    Difference,
    Ratio,
}

#[derive(Debug, Clone, Serialize)]
pub struct Claim {
    pub id: String,
    pub claim: String,
    pub measure: Measure,
    /// A's and B's figure: the mean over the paired seeds (for a ratio, the std across them).
    pub a: Option<f64>,
    pub b: Option<f64>,
    /// The difference's mean or the ratio, with its 95% interval.
    pub value: Option<f64>,
    pub lo: Option<f64>,
    pub hi: Option<f64>,
    /// Two-sided sign-flip permutation p-value (differences only).
    pub p: Option<f64>,
    /// Seeds that entered (run in both settings, with the figure).
    pub n: usize,
    pub verdict: Verdict,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PairClaims {
    pub a: String,
    pub b: String,
    /// Seeds run in both settings.
    pub seeds: Vec<u64>,
    /// The judge-forward range both settings' runs all cover (the areas are taken over it).
    pub budget: Option<(f64, f64)>,
    pub claims: Vec<Claim>,
    /// What the reader must know to read the table (runs of unequal length).
    pub notes: Vec<String>,
}

/// Every claim for A against B.
pub fn judge_pair(a: &Setting, b: &Setting, cfg: &ClaimsConfig) -> PairClaims {
    let seeds: Vec<u64> = a
        .runs
        .iter()
        .map(|r| r.seed)
        .filter(|s| b.run(*s).is_some())
        .collect();
    let pairs: Vec<(&Run, &Run)> = seeds
        .iter()
        .filter_map(|s| Some((a.run(*s)?, b.run(*s)?)))
        .collect();
    let n = best_of_name(&pairs);
    let budget = cost::common_range(&pairs, Cost::Forwards);
    let last = cfg.last;
    let fin = |k: EvalKey| move |r: &Run| final_figure(r, k, last);
    let mut claims = vec![difference(
        "final_best_of",
        format!("higher held-out {n} at the end (mean of the last {last} evals)"),
        &pairs,
        fin(EvalKey::BestOf),
        cfg,
    )];
    let [auc, early] = budget_claims(&n, &pairs, budget, cfg);
    claims.push(auc);
    claims.push(seed_spread(&n, &pairs, last, cfg));
    claims.push(early);
    claims.push(difference(
        "final_mean",
        format!("higher held-out mean score at the end (mean of the last {last} evals)"),
        &pairs,
        fin(EvalKey::Mean),
        cfg,
    ));
    for c in [Cost::Seconds, Cost::Flops] {
        claims.extend(cost_claims(&n, &pairs, c, cfg));
    }
    for (id, key, what) in DIVERSITY {
        let claim = format!("higher diversity at the end: {what}");
        let logged = pairs.iter().all(|(x, y)| has(x, key) && has(y, key));
        claims.push(if logged {
            difference(id, claim, &pairs, fin(key), cfg)
        } else {
            let why = format!("{} is not in every run's eval.jsonl", key.log_key());
            not_measured(id, &claim, pairs.len(), &why)
        });
    }
    PairClaims {
        a: a.label.clone(),
        b: b.label.clone(),
        seeds,
        budget,
        claims,
        notes: unequal_lengths(&pairs),
    }
}

/// A note when the paired runs do not all end at the same step: the final figures then
/// compare different amounts of training (the budget claims do not: they use a common range).
fn unequal_lengths(pairs: &[(&Run, &Run)]) -> Vec<String> {
    let last = |r: &Run| r.evals.last().map_or(0, |e| e.step);
    let ends = |side: &dyn Fn(&(&Run, &Run)) -> u64| {
        let mut v: Vec<u64> = pairs.iter().map(side).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (ea, eb) = (ends(&|p| last(p.0)), ends(&|p| last(p.1)));
    if ea.len() + eb.len() <= 2 && ea == eb {
        return Vec::new();
    }
    vec![format!(
        "The paired runs end at different steps (A: {ea:?}, B: {eb:?}): the final figures \
         compare unequal training; the budget claims use the common budget range."
    )]
}

/// The diversity figures judged at the end: claim id, eval key, what it measures.
const DIVERSITY: [(&str, EvalKey, &str); 3] = [
    (
        "final_entropy",
        EvalKey::Entropy,
        "token entropy of the policy's own held-out samples",
    ),
    (
        "final_distinct",
        EvalKey::Distinct,
        "distinct-move rate of the held-out samples",
    ),
    (
        "final_score_var",
        EvalKey::ScoreVar,
        "score variance of the held-out samples",
    ),
];

/// Best-of-N at equal judge budget (its mean over the common forward range) and the faster
/// climb (its mean over the first half of that range).
fn budget_claims(
    n: &str,
    pairs: &[(&Run, &Run)],
    budget: Option<(f64, f64)>,
    cfg: &ClaimsConfig,
) -> [Claim; 2] {
    let auc = format!(
        "higher {n} at equal judge budget (area under {n} vs cumulative judge forwards, \
         over the common range, per forward)"
    );
    let early = format!("faster climb: higher mean {n} over the first half of the judge budget");
    let Some((lo, hi)) = budget else {
        let why = "no common range of cumulative judge forwards in the runs";
        return [
            not_measured("auc_best_of", &auc, pairs.len(), why),
            not_measured("early_best_of", &early, pairs.len(), why),
        ];
    };
    let mid = lo + (hi - lo) / 2.0;
    [
        difference("auc_best_of", auc, pairs, |r| area(r, lo, hi), cfg),
        difference("early_best_of", early, pairs, |r| area(r, lo, mid), cfg),
    ]
}

/// Best-of-N at equal seconds or FLOPs: its mean over the common range of the axis, and its
/// value where the first run of the pairs to stop stops (both interpolated on each run's curve).
fn cost_claims(n: &str, pairs: &[(&Run, &Run)], c: Cost, cfg: &ClaimsConfig) -> [Claim; 2] {
    let what = c.name();
    let id = match c {
        Cost::Forwards => "forwards",
        Cost::Seconds => "seconds",
        Cost::Flops => "flops",
    };
    let auc = format!(
        "higher {n} at equal {what} (area under {n} vs cumulative {what}, over the common \
         range, per unit)"
    );
    let end = format!("higher {n} at the common end of {what} (interpolated)");
    let (auc_id, end_id) = (format!("auc_best_of_{id}"), format!("end_best_of_{id}"));
    let Some((lo, hi)) = cost::common_range(pairs, c) else {
        let why = format!("no common range of cumulative {what} in the runs");
        return [
            not_measured(&auc_id, &auc, pairs.len(), &why),
            not_measured(&end_id, &end, pairs.len(), &why),
        ];
    };
    [
        difference(&auc_id, auc, pairs, |r| cost::area(r, c, lo, hi), cfg),
        difference(&end_id, end, pairs, |r| cost::value_at(r, c, hi), cfg),
    ]
}

/// Mean best-of-N over judge forwards in [lo, hi] (`cost::area` on the forwards axis).
pub fn area(run: &Run, lo: f64, hi: f64) -> Option<f64> {
    cost::area(run, Cost::Forwards, lo, hi)
}

fn has(run: &Run, key: EvalKey) -> bool {
    run.evals.iter().any(|e| key.get(e).is_some())
}

/// "best-of-8", or "best-of-N" when the runs disagree on N.
fn best_of_name(pairs: &[(&Run, &Run)]) -> String {
    let ns: Vec<Option<usize>> = pairs
        .iter()
        .flat_map(|(a, b)| [a.best_of_n, b.best_of_n])
        .collect();
    match ns.first() {
        Some(Some(n)) if ns.iter().all(|m| *m == Some(*n)) => format!("best-of-{n}"),
        _ => "best-of-N".into(),
    }
}

/// The mean of `key` over the run's last `last` evaluations that log it.
pub fn final_figure(run: &Run, key: EvalKey, last: usize) -> Option<f64> {
    let xs: Vec<f64> = run.evals.iter().filter_map(|e| key.get(e)).collect();
    let tail = &xs[xs.len().saturating_sub(last.max(1))..];
    (!tail.is_empty()).then(|| stats::mean(tail))
}

fn not_measured(id: &str, claim: &str, n: usize, why: &str) -> Claim {
    Claim {
        id: id.into(),
        claim: claim.into(),
        measure: Measure::Difference,
        a: None,
        b: None,
        value: None,
        lo: None,
        hi: None,
        p: None,
        n,
        verdict: Verdict::NotMeasured,
        note: Some(why.into()),
    }
}

/// A paired difference claim: `figure(A's run) − figure(B's run)` per seed, claimed > 0.
fn difference(
    id: &str,
    claim: String,
    pairs: &[(&Run, &Run)],
    figure: impl Fn(&Run) -> Option<f64>,
    cfg: &ClaimsConfig,
) -> Claim {
    let (xa, xb): (Vec<f64>, Vec<f64>) = pairs
        .iter()
        .filter_map(|(a, b)| Some((figure(a)?, figure(b)?)))
        .unzip();
    let interval = stats::mean_difference(&xa, &xb, cfg.resamples, cfg.seed);
    let p = stats::sign_flip_p(&xa, &xb, cfg.resamples, cfg.seed);
    // With few seeds the percentile bootstrap's interval is too narrow (at 4 seeds it excludes
    // 0 for a lead that 2 of 16 sign patterns match), so a verdict also needs the sign-flip
    // test to reject at 5%; 6 seeds is the fewest for which it can.
    let by_interval = verdict(interval, 0.0, true);
    let verdict = match by_interval {
        Verdict::Holds | Verdict::DoesNotHold if p.is_none_or(|p| p >= SIGNIFICANCE) => {
            Verdict::Unclear
        }
        v => v,
    };
    let downgraded = by_interval != verdict;
    Claim {
        id: id.into(),
        claim,
        measure: Measure::Difference,
        a: (!xa.is_empty()).then(|| stats::mean(&xa)),
        b: (!xb.is_empty()).then(|| stats::mean(&xb)),
        // One seed still has a difference, only no interval.
        value: (!xa.is_empty()).then(|| stats::mean(&xa) - stats::mean(&xb)),
        lo: interval.map(|i| i.lo),
        hi: interval.map(|i| i.hi),
        p,
        n: xa.len(),
        verdict,
        note: match (interval, downgraded) {
            (None, _) => Some("needs at least 2 seeds run in both settings".into()),
            (Some(_), true) => Some(format!(
                "the interval excludes 0 but the sign-flip p = {} is not below {SIGNIFICANCE}: \
                 unclear; {} seeds or more can reach it",
                p.map_or("-".into(), |p| format!("{p:.3}")),
                min_seeds()
            )),
            (Some(_), false) => None,
        },
    }
}

/// The fewest paired seeds whose sign-flip test can reject at [`SIGNIFICANCE`]: with n seeds
/// the smallest two-sided p is 2 / 2^n (every sign the same).
pub fn min_seeds() -> usize {
    (1..64)
        .find(|&n| 2.0 / 2f64.powi(n as i32) < SIGNIFICANCE)
        .unwrap_or(64)
}

/// The verdict rule, as the terminal, claims.md and the page state it.
pub fn verdict_rule() -> String {
    format!(
        "holds when the 95% interval excludes no difference (0; 1 for a ratio) on the claimed \
         side, does not hold when it excludes it on the other; for a difference the sign-flip \
         p must also be below {SIGNIFICANCE}, which needs {} seeds or more (p >= 2/2^n); \
         otherwise unclear",
        min_seeds()
    )
}

/// Lower seed variance: std(A) / std(B) of the final best-of-N across seeds, claimed < 1.
fn seed_spread(n: &str, pairs: &[(&Run, &Run)], last: usize, cfg: &ClaimsConfig) -> Claim {
    let (xa, xb): (Vec<f64>, Vec<f64>) = pairs
        .iter()
        .filter_map(|(a, b)| {
            Some((
                final_figure(a, EvalKey::BestOf, last)?,
                final_figure(b, EvalKey::BestOf, last)?,
            ))
        })
        .unzip();
    // Below 3 seeds a standard deviation says next to nothing about a spread.
    let interval = (xa.len() >= 3)
        .then(|| stats::std_ratio(&xa, &xb, cfg.resamples, cfg.seed))
        .flatten();
    Claim {
        id: "seed_std".into(),
        claim: format!("lower seed variance: std across seeds of the final {n} (ratio A/B)"),
        measure: Measure::Ratio,
        a: (xa.len() >= 2).then(|| stats::std(&xa)),
        b: (xb.len() >= 2).then(|| stats::std(&xb)),
        value: interval.map(|i| i.estimate),
        lo: interval.map(|i| i.lo),
        hi: interval.map(|i| i.hi),
        p: None,
        n: xa.len(),
        verdict: verdict(interval, 1.0, false),
        note: interval
            .is_none()
            .then(|| "needs at least 3 seeds run in both settings, with spread".into()),
    }
}

/// The sign-flip p-value below which a difference's verdict may be more than unclear.
const SIGNIFICANCE: f64 = 0.05;

/// Against `null` (0 for a difference, 1 for a ratio): holds when the interval lies on the
/// claimed side (`higher`: above), does not hold when it lies on the other.
fn verdict(interval: Option<Interval>, null: f64, higher: bool) -> Verdict {
    let Some(i) = interval else {
        return Verdict::Unclear;
    };
    // A tolerance so that an interval at the null up to rounding (a degenerate one) is not
    // read as excluding it.
    let eps = 1e-9 * (1.0 + i.lo.abs() + i.hi.abs());
    let (above, below) = (i.lo > null + eps, i.hi < null - eps);
    match (above, below, higher) {
        (true, _, true) | (_, true, false) => Verdict::Holds,
        (_, true, true) | (true, _, false) => Verdict::DoesNotHold,
        _ => Verdict::Unclear,
    }
}

#[cfg(test)]
#[path = "claims_tests.rs"]
mod tests;
