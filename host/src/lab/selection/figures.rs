//! From rescored children and samples to the per-rule figures, the JSON and the table.

use serde::Serialize;
use serde_json::Value;

use super::{GroupOutcome, Rescored, Split, StudyOptions};
use crate::config::Replace;
use crate::frost::{self, Child};
use crate::lab::stats::{self, mean, mean_finite, slope, spearman, std};
use crate::train::Setup;

/// What `analyze-selection --out` writes (the contract the report reads: `rules[*]`).
#[derive(Serialize)]
pub struct StudyReport {
    /// The checkpoint folder the policy was loaded from; null = the base model.
    pub checkpoint: Option<String>,
    pub split: Split,
    pub assignments: usize,
    pub k: usize,
    pub l: usize,
    pub d: usize,
    pub seed: u64,
    pub rules: Vec<RuleFigures>,
    /// The estimate's quality over random candidates, all rules alike.
    pub candidates: Candidates,
    /// Each group's parents' exact scores (to recount the figures from the children).
    pub parent_scores: Vec<Vec<f64>>,
    /// Each group's parents (token ids): a child is its parent with `token` at `pos`.
    pub parents: Vec<Vec<Vec<u32>>>,
}

#[derive(Serialize)]
pub struct Candidates {
    /// Uniform over all valid substitutions.
    pub uniform: CandidateFigures,
    /// Uniform over the substitutions the gate passes (pi > frost.tau).
    pub plausible: CandidateFigures,
}

/// One rule's figures. Gains are exact (judge rescoring) and in nats.
#[derive(Serialize)]
pub struct RuleFigures {
    /// The selection rule's name.
    pub rule: String,
    /// `rule:knob=value,...` (what `--rule` reads back).
    pub label: String,
    pub params: Value,
    /// Fraction of parents replaced by a strictly better child.
    pub improved_frac: f64,
    /// Mean over group members of (refined - sampled) score.
    pub mean_gain: f64,
    /// 95% bootstrap intervals (groups resampled; the report's bootstrap, its resamples and
    /// seed) of `improved_frac` and `mean_gain`; NaN (null) with fewer than two groups.
    pub improved_frac_ci: [f64; 2],
    pub mean_gain_ci: [f64; 2],
    /// Mean over groups of (best refined - best sampled) score.
    pub best_gain: f64,
    /// Spearman of the Taylor estimated change (R~ - R(y)) and the exact change, picked children.
    pub spearman: f64,
    /// Mean over picked children of (R~ - exact score).
    pub overshoot: f64,
    /// Mean distinct parents that received a child, per group.
    pub parents_touched: f64,
    /// Mean children per group (D unless the gate left fewer).
    pub children_per_group: f64,
    /// Fraction of picked children strictly better than their parent.
    pub child_improved_frac: f64,
    /// Mean exact change (child - parent) of the picked children.
    pub mean_child_gain: f64,
    /// Means over the picked children of the estimate's parts and of the exact change's
    /// non-target part (rest = exact change - target; overshoot = linear - rest).
    pub target_mean: f64,
    pub linear_mean: f64,
    pub rest_mean: f64,
    /// Spearman of the rule's own key and the exact change over the sampled candidates the
    /// key ranks (finite key), per group, averaged over groups.
    pub key_spearman_uniform: f64,
    pub key_spearman_plausible: f64,
    /// Every picked child, rescored.
    pub children: Vec<Rescored>,
}

/// The Taylor estimate against exact rescoring on a random sample of candidates (pooled).
#[derive(Serialize)]
pub struct CandidateFigures {
    pub n: usize,
    /// Fraction strictly better than their parent.
    pub improved_frac: f64,
    pub mean_change: f64,
    /// Spearman with the exact change of: the estimated change (target + linear), the target
    /// term alone, the prior log pi; and of the linear term with the rest (change - target).
    pub spearman_estimate: f64,
    pub spearman_target: f64,
    pub spearman_prior: f64,
    pub spearman_linear_rest: f64,
    /// Sample standard deviations (nats) of the exact change, the target term, the linear term
    /// and the rest.
    pub std_change: f64,
    pub std_target: f64,
    pub std_linear: f64,
    pub std_rest: f64,
    /// Least-squares slope of the rest on the linear term (the linear term's calibration).
    pub linear_slope: f64,
    /// Mean (R~ - exact).
    pub overshoot: f64,
}

pub(super) fn build(s: &Setup, opts: &StudyOptions, groups: &[GroupOutcome]) -> StudyReport {
    let rules = opts
        .rules
        .iter()
        .enumerate()
        .map(|(r, spec)| {
            let mut f = rule_figures(groups, r);
            f.rule = spec.selection.name().to_string();
            f.label = spec.label();
            f.params = spec.params();
            f
        })
        .collect();
    let pooled = |f: fn(&GroupOutcome) -> &Vec<Rescored>| -> Vec<Rescored> {
        groups.iter().flat_map(|g| f(g).iter().cloned()).collect()
    };
    StudyReport {
        checkpoint: None,
        split: opts.split,
        assignments: groups.len(),
        k: s.cfg.sampling.k,
        l: s.dealer.move_len(),
        d: opts.d,
        seed: opts.seed,
        rules,
        candidates: Candidates {
            uniform: candidate_figures(&pooled(|g| &g.uniform)),
            plausible: candidate_figures(&pooled(|g| &g.plausible)),
        },
        parent_scores: groups.iter().map(|g| g.parent_scores.clone()).collect(),
        parents: groups.iter().map(|g| g.parents.clone()).collect(),
    }
}

fn rule_figures(groups: &[GroupOutcome], r: usize) -> RuleFigures {
    let (mut group_improved, mut group_gain) = (Vec::new(), Vec::new());
    let (mut improved, mut members, mut gains, mut best_gains, mut touched, mut counts) = (
        0usize,
        0usize,
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    );
    for g in groups {
        let kids = &g.children[r];
        let (refined, replaced) = refine(&g.parent_scores, kids);
        improved += replaced;
        members += refined.len();
        group_improved.push(replaced as f64 / refined.len() as f64);
        group_gain.push(mean(
            &refined
                .iter()
                .zip(&g.parent_scores)
                .map(|(a, b)| a - b)
                .collect::<Vec<_>>(),
        ));
        gains.extend(refined.iter().zip(&g.parent_scores).map(|(a, b)| a - b));
        best_gains.push(max(&refined) - max(&g.parent_scores));
        let mut ps: Vec<usize> = kids.iter().map(|c| c.parent).collect();
        ps.sort();
        ps.dedup();
        touched.push(ps.len() as f64);
        counts.push(kids.len() as f64);
    }
    let kids: Vec<&Rescored> = groups.iter().flat_map(|g| &g.children[r]).collect();
    let col = |f: fn(&Rescored) -> f64| kids.iter().map(|c| f(c)).collect::<Vec<f64>>();
    let change = col(|c| c.exact - c.parent_score);
    RuleFigures {
        rule: String::new(),
        label: String::new(),
        params: Value::Null,
        improved_frac: improved as f64 / members.max(1) as f64,
        improved_frac_ci: mean_ci(&group_improved),
        mean_gain_ci: mean_ci(&group_gain),
        mean_gain: mean(&gains),
        best_gain: mean(&best_gains),
        spearman: spearman(&col(|c| c.target + c.linear), &change),
        overshoot: mean(&col(|c| c.estimate - c.exact)),
        parents_touched: mean(&touched),
        children_per_group: mean(&counts),
        child_improved_frac: mean(&col(|c| f64::from(u8::from(c.exact > c.parent_score)))),
        mean_child_gain: mean(&change),
        target_mean: mean(&col(|c| c.target)),
        linear_mean: mean(&col(|c| c.linear)),
        rest_mean: mean(&col(|c| c.exact - c.parent_score - c.target)),
        key_spearman_uniform: key_spearman(groups, r, Sample::Uniform),
        key_spearman_plausible: key_spearman(groups, r, Sample::Plausible),
        children: kids.into_iter().cloned().collect(),
    }
}

enum Sample {
    Uniform,
    Plausible,
}

/// Spearman of rule `r`'s key and the exact change over a sample's candidates with a finite
/// key, per group, averaged over the groups where it is defined.
fn key_spearman(groups: &[GroupOutcome], r: usize, sample: Sample) -> f64 {
    let per_group: Vec<f64> = groups
        .iter()
        .map(|g| {
            let (cands, keys) = match sample {
                Sample::Uniform => (&g.uniform, &g.uniform_keys),
                Sample::Plausible => (&g.plausible, &g.plausible_keys),
            };
            let (x, y): (Vec<f64>, Vec<f64>) = keys[r]
                .iter()
                .zip(cands)
                .filter(|(k, _)| k.is_finite())
                .map(|(k, c)| (*k, c.exact - c.parent_score))
                .unzip();
            spearman(&x, &y)
        })
        .collect();
    mean_finite(&per_group)
}

/// The group after step 6's strict replacement (the trainer's `frost::replacements`), and how
/// many members were replaced.
pub fn refine(parent_scores: &[f64], kids: &[Rescored]) -> (Vec<f64>, usize) {
    let children: Vec<Child> = kids
        .iter()
        .map(|c| Child {
            parent: c.parent,
            pos: c.pos,
            token: c.token,
            rank_score: 0.0,
            estimate: None,
        })
        .collect();
    let exact: Vec<f64> = kids.iter().map(|c| c.exact).collect();
    // The paper's rule: which children beat their parents (the study measures selection).
    let best = frost::replacements(parent_scores, &children, &exact, Replace::Better, 0.0, 0);
    let refined = parent_scores
        .iter()
        .zip(&best)
        .map(|(s, b)| b.map_or(*s, |c| exact[c]))
        .collect();
    (refined, best.iter().filter(|b| b.is_some()).count())
}

/// The 95% interval of the mean of per-group figures: groups all have K members, so that mean
/// is the pooled figure.
fn mean_ci(xs: &[f64]) -> [f64; 2] {
    stats::mean_interval(xs, stats::RESAMPLES, stats::BOOTSTRAP_SEED)
        .map_or([f64::NAN; 2], |i| [i.lo, i.hi])
}

fn max(xs: &[f64]) -> f64 {
    xs.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

fn candidate_figures(c: &[Rescored]) -> CandidateFigures {
    let col = |f: fn(&Rescored) -> f64| c.iter().map(f).collect::<Vec<f64>>();
    let change = col(|c| c.exact - c.parent_score);
    let rest = col(|c| c.exact - c.parent_score - c.target);
    let (target, linear) = (col(|c| c.target), col(|c| c.linear));
    CandidateFigures {
        n: c.len(),
        improved_frac: mean(&col(|c| f64::from(u8::from(c.exact > c.parent_score)))),
        mean_change: mean(&change),
        spearman_estimate: spearman(&col(|c| c.target + c.linear), &change),
        spearman_target: spearman(&target, &change),
        spearman_prior: spearman(&col(|c| c.prior), &change),
        spearman_linear_rest: spearman(&linear, &rest),
        std_change: std(&change),
        std_target: std(&target),
        std_linear: std(&linear),
        std_rest: std(&rest),
        linear_slope: slope(&linear, &rest),
        overshoot: mean(&col(|c| c.estimate - c.exact)),
    }
}

impl StudyReport {
    /// The table printed by `analyze-selection`.
    pub fn table(&self) -> String {
        let mut out = format!(
            "analyze-selection: {} {} assignments, K = {}, L = {}, D = {}, policy {}\n",
            self.assignments,
            match self.split {
                Split::Train => "training",
                Split::Heldout => "held-out",
            },
            self.k,
            self.l,
            self.d,
            self.checkpoint.as_deref().unwrap_or("base model"),
        );
        out.push_str(&format!(
            "{:<52} {:>20} {:>20} {:>9} {:>7} {:>8} {:>9} {:>8}\n",
            "rule",
            "improved [95% CI]",
            "mean gain [95% CI]",
            "best gain",
            "touched",
            "spearman",
            "overshoot",
            "key rho"
        ));
        for r in &self.rules {
            out.push_str(&format!(
                "{:<52} {:>20} {:>20} {:>9.3} {:>7.2} {:>8.3} {:>9.2} {:>8.3}\n",
                r.label,
                with_ci(r.improved_frac, r.improved_frac_ci),
                with_ci(r.mean_gain, r.mean_gain_ci),
                r.best_gain,
                r.parents_touched,
                r.spearman,
                r.overshoot,
                r.key_spearman_plausible
            ));
        }
        for (name, c) in [
            ("uniform", &self.candidates.uniform),
            ("plausible", &self.candidates.plausible),
        ] {
            out.push_str(&format!(
                "{name} candidates (n = {}): improved {:.3}, spearman with the exact change: \
                 estimate {:.3}, target {:.3}, prior {:.3}; linear vs rest {:.3} (slope {:.3}); \
                 std change {:.2}, target {:.2}, linear {:.2}, rest {:.2}; overshoot {:.2}\n",
                c.n,
                c.improved_frac,
                c.spearman_estimate,
                c.spearman_target,
                c.spearman_prior,
                c.spearman_linear_rest,
                c.linear_slope,
                c.std_change,
                c.std_target,
                c.std_linear,
                c.std_rest,
                c.overshoot
            ));
        }
        out
    }
}

fn with_ci(x: f64, ci: [f64; 2]) -> String {
    format!("{x:.3} [{:.2}, {:.2}]", ci[0], ci[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_study_interval_is_the_reports_bootstrap() {
        let per_group = [0.25, 0.5, 0.0, 1.0, 0.75, 0.5];
        let report = stats::mean_difference(
            &per_group,
            &[0.0; 6],
            stats::RESAMPLES,
            stats::BOOTSTRAP_SEED,
        )
        .unwrap();
        assert_eq!(mean_ci(&per_group), [report.lo, report.hi]);
        assert!(mean_ci(&[0.5]).iter().all(|x| x.is_nan()));
        assert_eq!(mean_ci(&[2.0, 2.0]), [2.0, 2.0]);
    }
}
