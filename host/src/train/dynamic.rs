//! Dynamic groups (DAPO, verl's `filter_groups`; `update.drop_tied_groups`,
//! `update.max_extra_deals`): a group whose final scores, and its baseline's, all tie carries
//! no signal and is left out of the loss; optionally more assignments are dealt (sampled,
//! scored and refined like the first A) until the step has A untied groups or the cap on extra
//! deals is reached. Ties are judged after Frost: a group whose children broke a tie is kept.
//!
//! Extra assignments take the step's indices A, A+1, ... (their seeds, as the first A's, depend
//! only on the run seed, the step and the index), shared over the ranks as the first A are, in
//! rounds: each round deals as many as untied groups are still missing, so the step never has
//! more than A untied groups and its figures do not depend on the number of ranks.

use super::setup::Setup;
use super::step::{deal_sample_refine, Local};
use super::TrainError;
use crate::config::Baseline;
use crate::frost::Group;
use crate::update::advantage::{self, GroupScores};

/// One group's scores as the advantage functions take them, owned.
pub struct OwnedScores {
    pub rewards: Vec<f64>,
    pub base: Vec<f64>,
    pub own: Vec<usize>,
}

impl OwnedScores {
    /// `g`'s final scores, and the group its baseline is taken over (`frost.baseline`): the
    /// final group itself (each member's own slot is its own), or the group as sampled (a
    /// member's slot is the sampled move it stands for: a child's parent).
    pub fn of(g: &Group, baseline: Baseline) -> Self {
        let n = g.moves.len();
        let (base, own) = match baseline {
            Baseline::Final => (g.scores.clone(), (0..n).collect()),
            Baseline::Sampled => (g.sampled_scores(), (0..n).map(|j| g.root(j)).collect()),
        };
        OwnedScores {
            rewards: g.scores.clone(),
            base,
            own,
        }
    }

    pub fn view(&self) -> GroupScores<'_> {
        GroupScores {
            rewards: &self.rewards,
            base: &self.base,
            own: self.own.clone(),
        }
    }
}

/// Whether `g` is left out of the loss under `update.drop_tied_groups`.
pub fn is_tied(g: &Group, baseline: Baseline) -> bool {
    advantage::tied(&OwnedScores::of(g, baseline).view())
}

/// Deals, samples, scores and refines extra assignments into `local` (this rank's share) until
/// every rank's groups together hold A untied ones or `update.max_extra_deals` more were dealt.
/// `mine` gains the indices of this rank's new groups. Returns how many extra assignments the
/// step dealt (over all ranks).
pub fn top_up(
    s: &mut Setup,
    step: u64,
    stop: &mut bool,
    local: &mut Local,
    mine: &mut Vec<usize>,
) -> Result<usize, TrainError> {
    let (a_n, cap) = (
        s.cfg.sampling.assignments_per_step,
        s.cfg.update.max_extra_deals,
    );
    let baseline = s.cfg.frost.baseline;
    let mut extra = 0;
    loop {
        let untied_here = local.1.iter().filter(|g| !is_tied(g, baseline)).count();
        let untied = s.dist.sum_count(untied_here)?;
        let more = a_n.saturating_sub(untied).min(cap - extra);
        if more == 0 {
            return Ok(extra);
        }
        let new: Vec<usize> = (s.dist.share(more).into_iter())
            .map(|i| a_n + extra + i)
            .collect();
        let game = s.dealer.game_name.clone();
        let got = super::catch_torch(step, &game, || deal_sample_refine(s, step, &new));
        let status = got.as_ref().map(|_| ()).map_err(|e| e.to_string());
        *stop = s.dist.agree(status, *stop)?;
        let (assignments, groups, sampled, rank) = got?;
        local.0.extend(assignments);
        local.1.extend(groups);
        local.2.extend(sampled);
        local.3.forwards_extra += rank.budget.forwards;
        local.3.add(rank);
        mine.extend(new);
        extra += more;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A group sampled as four ties, then (as Frost's step 6 leaves it) with member 0 replaced
    /// by a child scoring higher: the children broke the tie, under either baseline.
    #[test]
    fn a_group_whose_child_broke_its_tie_is_not_tied() {
        let moves = vec![vec![1u32, 2]; 4];
        let tied_group = Group::sampled(moves.clone(), vec![2.0; 4]);
        assert!(is_tied(&tied_group, Baseline::Final));
        assert!(is_tied(&tied_group, Baseline::Sampled));
        let mut broken = tied_group.clone();
        broken.moves[0] = vec![9, 2];
        broken.scores[0] = 3.0;
        broken.replaced[0] = Some((moves[0].clone(), 2.0));
        assert_eq!(broken.sampled_scores(), vec![2.0; 4]);
        assert!(!is_tied(&broken, Baseline::Final));
        assert!(!is_tied(&broken, Baseline::Sampled));
        // Under the sampled baseline a child is measured against the other sampled slots.
        let s = OwnedScores::of(&broken, Baseline::Sampled);
        assert_eq!(
            (s.base.clone(), s.own.clone()),
            (vec![2.0; 4], vec![0, 1, 2, 3])
        );
        let a = advantage::leave_one_out(&s.rewards, &s.base, &s.own);
        assert_eq!(a, vec![1.0, 0.0, 0.0, 0.0]);
    }
}
