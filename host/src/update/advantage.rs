//! Advantages, one small function per choice (as verl's `core_algos.py`): the baseline each
//! member's score is measured against (`update.baseline`), the std it is divided by
//! (`update.normalize_std`, `update.std_scope`), and which groups carry no signal
//! (`update.drop_tied_groups`).
//!
//! A group here is its members' scores (`rewards`, after Frost) and the scores its baseline is
//! taken over (`base`: the same group under `frost.baseline = "final"`, the group as sampled
//! under `"sampled"`); `own[j]` is member j's own slot in `base` (j itself, or under
//! `"sampled"` the slot of the sampled move it stands for: a child's parent).

use crate::config::{AdvantageBaseline, StdScope};

/// Frost's std convention: population std (divided by n) plus this, so a tied group divides
/// by a small number rather than zero (its centred scores are 0 anyway). TRL uses the sample
/// std (n - 1) plus 1e-4 (docs/training.md).
pub const STD_EPS: f64 = 1e-6;

/// One group's scores, as the advantage functions take them.
pub struct GroupScores<'a> {
    pub rewards: &'a [f64],
    pub base: &'a [f64],
    /// Member j's slot in `base` (what leave-one-out leaves out).
    pub own: Vec<usize>,
}

/// The settings the advantages follow (`[update]`).
#[derive(Clone, Copy, Debug)]
pub struct AdvantageSettings {
    pub baseline: AdvantageBaseline,
    pub normalize_std: bool,
    pub std_scope: StdScope,
}

impl From<&crate::config::UpdateSection> for AdvantageSettings {
    fn from(u: &crate::config::UpdateSection) -> Self {
        AdvantageSettings {
            baseline: u.baseline,
            normalize_std: u.normalize_std,
            std_scope: u.std_scope,
        }
    }
}

/// GRPO's baseline: `r_j - mean(base)`.
pub fn group_mean(rewards: &[f64], base: &[f64]) -> Vec<f64> {
    let mean = base.iter().sum::<f64>() / base.len() as f64;
    rewards.iter().map(|r| r - mean).collect()
}

/// RLOO's baseline: `r_j - mean(base without slot own[j])`. Over the group itself this is
/// `K / (K - 1)` times the group-mean advantage.
pub fn leave_one_out(rewards: &[f64], base: &[f64], own: &[usize]) -> Vec<f64> {
    let (sum, others) = (base.iter().sum::<f64>(), (base.len() - 1) as f64);
    rewards
        .iter()
        .zip(own)
        .map(|(r, &o)| r - (sum - base[o]) / others)
        .collect()
}

/// Population standard deviation (divided by n).
pub fn population_std(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The std of every group's baseline scores together (`std_scope = "batch"`), in group order.
pub fn batch_std(groups: &[&[f64]]) -> f64 {
    let all: Vec<f64> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    population_std(&all)
}

/// `a / (std + STD_EPS)`.
pub fn scale_by_std(centred: Vec<f64>, std: f64) -> Vec<f64> {
    centred.into_iter().map(|a| a / (std + STD_EPS)).collect()
}

/// A group whose scores, and its baseline's, all tie: every member's centred score is 0
/// whatever the baseline, so the group carries no signal. A group whose children broke a tie
/// of the sampled scores is not tied.
pub fn tied(g: &GroupScores) -> bool {
    let first = g.rewards.first().or(g.base.first());
    g.rewards.iter().chain(g.base).all(|x| Some(x) == first)
}

/// The advantages of `groups`: centred on each member's baseline, then divided by the std of
/// the group's baseline scores (`Group`) or by `batch_std` (`Batch`: the std of the whole
/// batch's baseline scores, every rank's, which the caller gathers) when `normalize_std`.
pub fn advantages(
    groups: &[GroupScores],
    s: AdvantageSettings,
    batch_std: Option<f64>,
) -> Vec<Vec<f64>> {
    groups
        .iter()
        .map(|g| {
            let centred = match s.baseline {
                AdvantageBaseline::GroupMean => group_mean(g.rewards, g.base),
                AdvantageBaseline::LeaveOneOut => leave_one_out(g.rewards, g.base, &g.own),
            };
            if !s.normalize_std {
                return centred;
            }
            let std = match s.std_scope {
                StdScope::Group => population_std(g.base),
                StdScope::Batch => batch_std.expect("the batch std is given with std_scope batch"),
            };
            scale_by_std(centred, std)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(
        baseline: AdvantageBaseline,
        normalize_std: bool,
        scope: StdScope,
    ) -> AdvantageSettings {
        AdvantageSettings {
            baseline,
            normalize_std,
            std_scope: scope,
        }
    }

    fn own(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    /// The advantages as they were computed before `update.baseline` and `update.std_scope`
    /// existed (one expression per member), for the bit-for-bit comparison.
    fn before(rewards: &[f64], base: &[f64], normalize: bool) -> Vec<f64> {
        let n = base.len() as f64;
        let mean = base.iter().sum::<f64>() / n;
        let std = (base.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
        rewards
            .iter()
            .map(|r| {
                if normalize {
                    (r - mean) / (std + 1e-6)
                } else {
                    r - mean
                }
            })
            .collect()
    }

    #[test]
    fn defaults_give_the_advantages_of_before_bit_for_bit() {
        let groups = [
            (vec![0.1, -2.7, 3.3, 0.7], vec![0.1, -2.7, 3.3, 0.7]),
            (vec![1.0 / 3.0, 5.5, 5.5, -1e-3], vec![0.0, 5.5, 5.5, -1e-3]),
            (vec![2.0, 2.0, 2.0, 2.0, 9.0], vec![2.0, 2.0, 2.0, 2.0]),
        ];
        for normalize in [true, false] {
            let gs: Vec<GroupScores> = (groups.iter())
                .map(|(r, b)| GroupScores {
                    rewards: r,
                    base: b,
                    own: own(r.len()).into_iter().map(|j| j.min(3)).collect(),
                })
                .collect();
            let s = settings(AdvantageBaseline::GroupMean, normalize, StdScope::Group);
            let got = advantages(&gs, s, None);
            for ((r, b), g) in groups.iter().zip(&got) {
                let want = before(r, b, normalize);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(g), bits(&want));
            }
        }
    }

    #[test]
    fn rloo_of_a_four_member_group_by_hand() {
        // Scores 1, 2, 3, 6: the others' means are 11/3, 10/3, 3, 2.
        let r = [1.0, 2.0, 3.0, 6.0];
        let a = leave_one_out(&r, &r, &own(4));
        let want = [1.0 - 11.0 / 3.0, 2.0 - 10.0 / 3.0, 0.0, 4.0];
        for (g, w) in a.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{a:?}");
        }
        // K / (K - 1) times the group-mean advantage (mean 3).
        for (g, x) in a.iter().zip(group_mean(&r, &r)) {
            assert!((g - x * 4.0 / 3.0).abs() < 1e-12);
        }
        // Against the group as sampled: a child (score 5) standing in slot 0, whose parent
        // scored 1, is measured against the other sampled members (2, 3, 6).
        let a = leave_one_out(&[5.0, 2.0, 3.0, 6.0], &r, &own(4));
        assert!((a[0] - (5.0 - 11.0 / 3.0)).abs() < 1e-12);
    }

    #[test]
    fn batch_std_divides_every_group_by_one_std() {
        // Groups (1, 3) and (10, 10): batch std of (1, 3, 10, 10) = sqrt(16.5) (mean 6).
        let (g1, g2) = ([1.0, 3.0], [10.0, 10.0]);
        let std = batch_std(&[&g1, &g2]);
        assert!((std - 16.5f64.sqrt()).abs() < 1e-12, "{std}");
        let gs = [
            GroupScores {
                rewards: &g1,
                base: &g1,
                own: own(2),
            },
            GroupScores {
                rewards: &g2,
                base: &g2,
                own: own(2),
            },
        ];
        let s = settings(AdvantageBaseline::GroupMean, true, StdScope::Batch);
        let a = advantages(&gs, s, Some(std));
        assert_eq!(a[0], vec![-1.0 / (std + 1e-6), 1.0 / (std + 1e-6)]);
        assert_eq!(a[1], vec![0.0, 0.0]);
        // Group scaling would give +-1 (each group's own std is 1).
        let s = settings(AdvantageBaseline::GroupMean, true, StdScope::Group);
        let a = advantages(&gs, s, None);
        assert!((a[0][1] - 1.0).abs() < 1e-5);
    }

    #[test]
    fn a_group_is_tied_unless_a_score_or_its_baseline_differs() {
        let t = |r: &[f64], b: &[f64]| {
            tied(&GroupScores {
                rewards: r,
                base: b,
                own: own(r.len()),
            })
        };
        assert!(t(&[2.0, 2.0, 2.0], &[2.0, 2.0, 2.0]));
        assert!(!t(&[2.0, 2.0, 2.5], &[2.0, 2.0, 2.5]));
        // Sampled all 2, a child scoring 3 joined or replaced: the tie is broken.
        assert!(!t(&[3.0, 2.0, 2.0], &[2.0, 2.0, 2.0]));
        // Every member replaced by a child scoring 3, measured against the sampled 2s.
        assert!(!t(&[3.0, 3.0, 3.0], &[2.0, 2.0, 2.0]));
    }
}
