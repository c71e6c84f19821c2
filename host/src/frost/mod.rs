//! Frost: the group-refinement stage between sampling and the update (steps 4-6 of
//! docs/method.md#one-frost-grpo-step). Taylor proposal -> gate -> selection -> verify ->
//! replace.
//!
//! The selection and replacement rules are pure functions over tensors and plain vectors
//! (tested alone): `keys` turns a rule into a ranking key and a gate over all substitutions,
//! `pick` walks the key into D distinct children (pooled, per parent, or round-robin), `gcg`
//! draws them at random among each position's top-k by the key. The
//! proposal (`taylor_proposal`) lives in judge/ next to the exact scorer it differentiates;
//! `refine` wires the pieces into one round, the one every caller runs.

use tch::Tensor;

use crate::config::{FrostSection, Replace, Scope, Selection};

mod gcg;
mod keys;
mod pick;
mod refine;
#[cfg(test)]
mod replace_tests;
mod search;
#[cfg(test)]
mod tests;

pub use keys::{ranking_key, taylor_parts, TaylorParts};
pub use refine::{
    choose, policy_full_logprobs, propose, refine, refine_search, take_children, verify, Group,
    Needs, Nets, Precomputed, Proposed, RoundReport,
};
pub use search::Search;

#[derive(Debug, thiserror::Error)]
pub enum FrostError {
    #[error(
        "frost.d = {d} is larger than the {available} candidate substitutions a group has \
         (K x L x usable tokens; under selection = \"gcg\" K x L x frost.gcg_top_k); lower \
         frost.d"
    )]
    TooFewCandidates { d: usize, available: usize },
}

/// One proposed child: parent `parent` with token `token` at move position `pos`.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    pub parent: usize,
    pub pos: usize,
    pub token: u32,
    /// The key the child was ranked by (Taylor estimate, log-prob, ..., 0 for random).
    pub rank_score: f64,
    /// The Taylor estimate R~ of its reward, when one was computed.
    pub estimate: Option<f64>,
}

impl Child {
    pub fn tokens(&self, parents: &[Vec<u32>]) -> Vec<u32> {
        let mut t = parents[self.parent].clone();
        t[self.pos] = self.token;
        t
    }
}

/// The judge's Taylor proposal as the selection rules read it (CPU tensors).
#[derive(Clone, Copy)]
pub struct TaylorView<'a> {
    /// R~(k, i, v) = R(y) + linear term + target term, [K, L, V_emb].
    pub estimate: &'a Tensor,
    /// The exact target term T(k, i, v), [K, L, V_emb] (zeros where the move is not scored).
    pub target_term: &'a Tensor,
    /// R(y) of each parent as the estimate contains it, [K].
    pub scores: &'a [f64],
}

/// Everything the selection rules look at, for one group.
pub struct Proposal<'a> {
    /// The K parents (L tokens each).
    pub parents: &'a [Vec<u32>],
    /// The Taylor proposal; None for rules that don't need it (`top-prob`, `random`).
    pub taylor: Option<TaylorView<'a>>,
    /// Policy log-prob of each token at each position, teacher-forced on the parent with the
    /// sampling mask (banned = -inf), [K, L, V_emb]; for the rules that read the prior.
    pub policy_logp: Option<&'a Tensor>,
    /// [V_emb] bool, true = never propose (banned by the game, or beyond the tokenizer's vocab).
    pub banned: &'a Tensor,
    /// [K, L, V_emb] bool, true = this substitution breaks the game's word rule (game API
    /// 0.2.0); None when the game has none.
    pub substitution_ban: Option<&'a Tensor>,
    /// Moves the judge already scored in this group's earlier rounds (children, and the moves
    /// replaced children stood in for): never picked again, so no judge forward is spent twice.
    pub verified: &'a [Vec<u32>],
}

/// A rule's settings besides its name: where children go, how many, the gate and the weights
/// of the key's parts, `gcg`'s k, and the seed of the random rules (`random`, `gcg`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knobs {
    pub scope: Scope,
    pub d: usize,
    pub tau: f64,
    pub linear_weight: f64,
    pub taylor_weight: f64,
    /// `gcg`: tokens kept per parent and position (`frost.gcg_top_k`).
    pub top_k: usize,
    pub seed: u64,
}

impl Knobs {
    /// The knobs of `frost.*`, with the round's seed.
    pub fn from_config(f: &FrostSection, seed: u64) -> Self {
        Knobs {
            scope: f.scope,
            d: f.d,
            tau: f.tau,
            linear_weight: f.linear_weight,
            taylor_weight: f.taylor_weight,
            top_k: f.gcg_top_k,
            seed,
        }
    }
}

/// Substitutions a group can ever offer: K x L x (usable tokens - 1), of which `gcg` draws
/// among `frost.gcg_top_k` per position only. `D` above this is an input error (checked before
/// training starts).
pub fn available_candidates(f: &FrostSection, k: usize, l: usize, usable_tokens: usize) -> usize {
    let per_position = usable_tokens.saturating_sub(1);
    match f.selection {
        Selection::Gcg => k * l * per_position.min(f.gcg_top_k),
        _ => k * l * per_position,
    }
}

/// Select the children to verify (docs/method.md#step-5-gate-and-select). Returns at most
/// `knobs.d` distinct children (distinct as token sequences, and different from every parent),
/// in the order picked. Fewer than D only when the gate leaves fewer valid candidates.
pub fn select(p: &Proposal, rule: Selection, knobs: &Knobs) -> Vec<Child> {
    let key = || ranking_key(p, rule, knobs);
    match rule {
        Selection::Random => pick::random(p, knobs.scope, knobs.d, knobs.seed),
        Selection::Gcg => gcg::draw(p, &key(), knobs),
        _ => pick::top(p, &key(), knobs.scope, knobs.d),
    }
}

/// Step 6: for each parent, the index (into `children`) of its best child if that child's exact
/// score is strictly higher than the parent's; ties and losses keep the parent. Under
/// `Replace::AboveMean` the child must also score strictly above `sampled_mean` (the mean of
/// the group as sampled). With `max_replaced` > 0 only that many parents keep their child:
/// those whose child gains the most over them (ties: the lower index).
pub fn replacements(
    parent_scores: &[f64],
    children: &[Child],
    child_scores: &[f64],
    rule: Replace,
    sampled_mean: f64,
    max_replaced: usize,
) -> Vec<Option<usize>> {
    let mut best: Vec<Option<usize>> = vec![None; parent_scores.len()];
    for (c, child) in children.iter().enumerate() {
        let s = child_scores[c];
        if rule == Replace::AboveMean && s <= sampled_mean {
            continue;
        }
        let cur = best[child.parent].map_or(parent_scores[child.parent], |b| child_scores[b]);
        if s > cur {
            best[child.parent] = Some(c);
        }
    }
    let mut taken: Vec<(usize, f64)> = (best.iter().enumerate())
        .filter_map(|(p, b)| b.map(|c| (p, child_scores[c] - parent_scores[p])))
        .collect();
    if max_replaced > 0 && taken.len() > max_replaced {
        taken.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        for &(p, _) in &taken[max_replaced..] {
            best[p] = None;
        }
    }
    best
}
