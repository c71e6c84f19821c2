//! `[train_search]`: the test-time search run inside training (docs/method.md, "The search inside
//! training"). After a GRPO step samples and scores its groups, each group's best `parents`
//! members go through `rounds` search rounds of `children` verified children each (one judge
//! backward per parent per round, as `eval --refine --parents P --children D`); the regime says
//! what the update does with the search's best move.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{invalid, ConfigError, FrostSection, Refinement, Replace};

/// What the update does with the search's best move (`train_search.regime`).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum TrainSearchRegime {
    /// No search in training (GRPO's group as sampled).
    #[default]
    Off,
    /// The group's best member is replaced by the search's best move when that scores strictly
    /// higher; the other K - 1 members stay as sampled. Then the GRPO update.
    ReplaceBest,
    /// The search's best move joins the group as member K + 1 when it scores strictly higher
    /// than every member; its advantage is computed with the group's.
    ExtraMember,
    /// Expert iteration: the update adds a likelihood term on the search's best move of every
    /// group, weighted by `likelihood_weight`, beside GRPO's term (or instead of it, with
    /// `policy_gradient = false`).
    ExpertIteration,
}

fn default_rounds() -> usize {
    2
}

fn default_parents() -> usize {
    1
}

fn default_children() -> usize {
    16
}

fn default_weight() -> f64 {
    1.0
}

fn default_true() -> bool {
    true
}

/// `[train_search]`: a search on every group of a GRPO step, and what the update takes from it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TrainSearchSection {
    /// "off" (default), "replace-best", "extra-member" or "expert-iteration".
    #[serde(default)]
    pub regime: TrainSearchRegime,
    /// Search rounds per group per step (R); each proposes from the members as they are then.
    #[serde(default = "default_rounds")]
    pub rounds: usize,
    /// Each round's judge backward on the best P current members (of the search's copy of the
    /// group); 0 = all of them.
    #[serde(default = "default_parents")]
    pub parents: usize,
    /// Children verified per round (D). The gate, selection rule and scope are `[frost]`'s.
    #[serde(default = "default_children")]
    pub children: usize,
    /// `expert-iteration`: the weight of the likelihood term, `weight x mean over the searched
    /// moves of -(mean token log pi)`, added to the policy-gradient loss.
    #[serde(default = "default_weight")]
    pub likelihood_weight: f64,
    /// `expert-iteration`: keep GRPO's policy-gradient term beside the likelihood term (false:
    /// the likelihood term alone, pure expert iteration).
    #[serde(default = "default_true")]
    pub policy_gradient: bool,
}

impl Default for TrainSearchSection {
    fn default() -> Self {
        TrainSearchSection {
            regime: TrainSearchRegime::Off,
            rounds: default_rounds(),
            parents: default_parents(),
            children: default_children(),
            likelihood_weight: default_weight(),
            policy_gradient: true,
        }
    }
}

impl TrainSearchSection {
    /// Whether training searches at all.
    pub fn on(&self) -> bool {
        self.regime != TrainSearchRegime::Off
    }

    /// The `[frost]` settings a search round runs with: the run's selection rule, gate and
    /// scope, `children` as D, the paper's replacement (a parent's best child, strictly better).
    pub fn frost(&self, f: &FrostSection) -> FrostSection {
        FrostSection {
            refinement: Refinement::Frost,
            d: self.children,
            rounds: self.rounds,
            replace: Replace::Better,
            keep_parents: false,
            max_replaced: 0,
            ..f.clone()
        }
    }

    /// Whether the update's GRPO term runs (every regime but expert iteration without it).
    pub fn policy_gradient_term(&self) -> bool {
        self.regime != TrainSearchRegime::ExpertIteration || self.policy_gradient
    }

    /// The checks of `[train_search]` against the rest of the method.
    pub fn check(&self, f: &FrostSection) -> Result<(), ConfigError> {
        if !self.on() {
            return Ok(());
        }
        if f.refinement != Refinement::None {
            return Err(invalid(
                "train_search.regime",
                "runs on GRPO's groups: set frost.refinement = \"none\" (Frost's own round and \
                 the search in one step is not a measured method)",
            ));
        }
        let most = crate::seeds::MAX_FROST_ROUNDS;
        if self.rounds == 0 || self.rounds >= most {
            return Err(invalid(
                "train_search.rounds",
                format!("must be in 1..{most} when train_search.regime is set"),
            ));
        }
        if self.children == 0 {
            return Err(invalid(
                "train_search.children",
                "must be >= 1: the children each search round verifies",
            ));
        }
        let size = |e| ConfigError::Size(Box::new(e));
        crate::sizes::check_rows("train_search.children", self.children).map_err(size)?;
        crate::sizes::check_rows(
            "train_search.rounds x train_search.children",
            self.rounds.saturating_mul(self.children),
        )
        .map_err(size)?;
        let w = self.likelihood_weight;
        if !(w.is_finite() && w >= 0.0) {
            return Err(invalid(
                "train_search.likelihood_weight",
                "must be a finite number >= 0",
            ));
        }
        let expert = self.regime == TrainSearchRegime::ExpertIteration;
        if expert && !self.policy_gradient && w == 0.0 {
            return Err(invalid(
                "train_search.likelihood_weight",
                "is 0 with policy_gradient = false: the update would have no term at all",
            ));
        }
        let knob_unused = !expert && (w != default_weight() || !self.policy_gradient);
        if knob_unused {
            let field = match w != default_weight() {
                true => "train_search.likelihood_weight",
                false => "train_search.policy_gradient",
            };
            return Err(invalid(
                field,
                "is read by regime = \"expert-iteration\" only: remove it or set that regime",
            ));
        }
        Ok(())
    }
}
