//! One Frost round on one group (steps 4-6 of docs/method.md#one-frost-grpo-step): propose ->
//! gate and select -> keep the word rule -> verify exactly -> replace. [`refine`] is the round
//! training runs; [`propose`] and [`choose`] are its first stages, public for the tools that look
//! inside a round (`analyze-selection` lets several rules choose from one proposal), so that
//! every caller proposes, filters and picks exactly as training does.

use tch::{Kind, Tensor};

use super::{select, Child, Knobs, Proposal, Search, TaylorView};
use crate::config::{FrostSection, Selection};
use crate::instrument::phases;
use crate::judge::{self, Budget, Taylor};
use crate::model::{self, CausalLm};
use crate::round::Assignment;

/// A group: the moves trained on, their exact scores and what Frost did to them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    pub moves: Vec<Vec<u32>>,
    pub scores: Vec<f64>,
    /// For each member replaced by Frost: Some((the sampled move, its score)).
    pub replaced: Vec<Option<(Vec<u32>, f64)>>,
    /// Under `frost.keep_parents`: the members after the K sampled ones are children that
    /// joined the group beside a parent; this is each one's parent (its index in the group).
    #[serde(default)]
    pub joined: Vec<usize>,
    /// Distinct children verified over all rounds.
    pub children: usize,
    /// Every move the judge scored in this group's rounds and no longer a member (children
    /// not taken, moves a child replaced): a later round never verifies them again.
    #[serde(default)]
    pub verified: Vec<Vec<u32>>,
    /// Under `[train_search]`: the search's best move for this group and its exact score (the
    /// group's best sampled member when the search found nothing better).
    /// (Always serialized: the ranks exchange groups in a format without field names.)
    #[serde(default)]
    pub searched: Option<(Vec<u32>, f64)>,
}

impl Group {
    /// How many members the policy sampled (K); the rest joined as children.
    pub fn sampled_len(&self) -> usize {
        self.moves.len() - self.joined.len()
    }

    /// The scores of the group as sampled, before any child replaced or joined a member.
    pub fn sampled_scores(&self) -> Vec<f64> {
        (self.scores.iter().zip(&self.replaced))
            .take(self.sampled_len())
            .map(|(s, r)| r.as_ref().map_or(*s, |(_, old)| *old))
            .collect()
    }

    /// The mean score of the group as sampled, before any replacement.
    pub fn sampled_mean(&self) -> f64 {
        let sampled = self.sampled_scores();
        sampled.iter().sum::<f64>() / sampled.len().max(1) as f64
    }

    /// The sampled member that member `j` descends from (itself when sampled).
    pub fn root(&self, mut j: usize) -> usize {
        let k = self.sampled_len();
        while j >= k {
            j = self.joined[j - k];
        }
        j
    }

    /// Members that a child replaced or joined beside.
    pub fn improved(&self) -> usize {
        self.replaced.iter().filter(|r| r.is_some()).count() + self.joined.len()
    }

    /// The group as sampled: nothing replaced yet.
    pub fn sampled(moves: Vec<Vec<u32>>, scores: Vec<f64>) -> Self {
        let k = moves.len();
        Group {
            moves,
            scores,
            replaced: vec![None; k],
            joined: Vec::new(),
            children: 0,
            verified: Vec::new(),
            searched: None,
        }
    }
}

/// The two networks of a round: the policy (the gate's prior) and the frozen judge.
#[derive(Clone, Copy)]
pub struct Nets<'a> {
    pub policy: &'a CausalLm,
    pub judge: &'a CausalLm,
}

/// Which parts of the proposal a round computes: the Taylor estimate, the policy's prior.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Needs {
    pub taylor: bool,
    pub policy: bool,
}

impl Needs {
    /// What the selection rule `rule` reads.
    pub fn of(rule: Selection) -> Self {
        Needs {
            taylor: rule.needs_taylor(),
            policy: rule.needs_policy(),
        }
    }

    /// Everything (a study that compares every rule on one proposal).
    pub fn all() -> Self {
        Needs {
            taylor: true,
            policy: true,
        }
    }
}

/// What a round may take from the sampling and scoring phases instead of recomputing it: the
/// Taylor pass over the sampled moves (whose forward also gave their scores) and the logits the
/// sampler drew them from (the gate's prior). Only a first round has them: a later round's
/// parents may have been replaced.
#[derive(Default)]
pub struct Precomputed {
    pub taylor: Option<Taylor>,
    /// [K, L, V_emb] on the policy's device.
    pub policy_logits: Option<Tensor>,
}

/// A group's proposal, owned, on the model's device: everything the selection rules read.
pub struct Proposed {
    /// R~ [K, L, V_emb], its exact target term [K, L, V_emb], the parents' scores R(y) [K].
    pub taylor: Option<(Tensor, Tensor, Vec<f64>)>,
    /// log pi(v | prompt, y_<i) [K, L, V_emb] f64, teacher-forced with the sampling mask.
    pub policy_logp: Option<Tensor>,
    /// [V_emb] bool: banned by the game or beyond the tokenizer.
    pub banned: Tensor,
    /// [K, L, V_emb] bool: substitutions that break the game's word rule (None: no rule).
    pub substitution_ban: Option<Tensor>,
}

impl Proposed {
    /// The view the selection rules take, over the parents it was proposed for, none of them
    /// to be picked as `verified` (moves already scored).
    pub fn view<'a>(&'a self, parents: &'a [Vec<u32>], verified: &'a [Vec<u32>]) -> Proposal<'a> {
        Proposal {
            parents,
            verified,
            taylor: self
                .taylor
                .as_ref()
                .map(|(estimate, target_term, scores)| TaylorView {
                    estimate,
                    target_term,
                    scores,
                }),
            policy_logp: self.policy_logp.as_ref(),
            banned: &self.banned,
            substitution_ban: self.substitution_ban.as_ref(),
        }
    }
}

/// What one round did: the children verified (in the order picked) and their exact scores.
pub struct RoundReport {
    pub children: Vec<Child>,
    pub child_scores: Vec<f64>,
}

/// One Frost round on `group`: propose what `frost.selection` reads, choose at most D children
/// that keep the word rule, verify them with the exact judge, and replace each parent by its
/// best child when that child scores strictly higher. Every member is a parent (training's
/// round; [`refine_search`] proposes from the best few only).
#[allow(
    clippy::too_many_arguments,
    reason = "what a round reads, each a different thing; a struct would only rename them"
)]
pub fn refine(
    nets: Nets,
    asg: &Assignment,
    group: &mut Group,
    f: &FrostSection,
    temperature: f64,
    seed: u64,
    budget: &mut Budget,
    pre: Precomputed,
) -> RoundReport {
    let round = Round {
        f,
        search: Search::ALL,
        temperature,
        seed,
    };
    round_on(nets, asg, group, &round, budget, pre)
}

/// A test-time round (`eval --refine`, `play --refine`): as [`refine`], with its one judge
/// backward on the best `search.parents` current members only, and the children verified
/// `search.verify_batch` at a time. Every round proposes from the members as they are now, so a
/// member a child replaced is proposed from with the child's own gradient.
#[allow(
    clippy::too_many_arguments,
    reason = "what a round reads, each a different thing; a struct would only rename them"
)]
pub fn refine_search(
    nets: Nets,
    asg: &Assignment,
    group: &mut Group,
    f: &FrostSection,
    search: Search,
    temperature: f64,
    seed: u64,
    budget: &mut Budget,
) -> RoundReport {
    let round = Round {
        f,
        search,
        temperature,
        seed,
    };
    round_on(nets, asg, group, &round, budget, Precomputed::default())
}

/// A round's settings.
struct Round<'a> {
    f: &'a FrostSection,
    search: Search,
    temperature: f64,
    seed: u64,
}

fn round_on(
    nets: Nets,
    asg: &Assignment,
    group: &mut Group,
    round: &Round,
    budget: &mut Budget,
    pre: Precomputed,
) -> RoundReport {
    let (f, search) = (round.f, round.search);
    // 4-5. Taylor proposal (one judge backward) on the parents, the gate's prior, top-D.
    phases::enter("taylor");
    let picked = search.members(&group.scores);
    let parents: Vec<Vec<u32>> = picked.iter().map(|&i| group.moves[i].clone()).collect();
    // Members left out are scored moves too: no child may repeat one.
    let mut verified = group.verified.clone();
    verified.extend(super::search::others(&group.moves, &picked));
    let pre = match picked.len() == group.moves.len() {
        true => pre,
        false => Precomputed::default(),
    };
    let needs = Needs::of(f.selection);
    let temperature = round.temperature;
    let proposed = propose(nets, asg, &parents, needs, f, temperature, budget, pre);
    let knobs = Knobs::from_config(f, round.seed);
    let mut children = choose(asg, &parents, &verified, &proposed, f.selection, &knobs);
    for c in &mut children {
        c.parent = picked[c.parent];
    }
    // 6. Verify exactly; replace a parent only by a strictly better child.
    phases::enter("verify");
    let batch = search.verify_batch;
    let child_scores = verify(nets.judge, asg, group, &children, f, batch, budget);
    RoundReport {
        children,
        child_scores,
    }
}

/// Step 4 and the gate's input: the parts of the proposal `needs` asks for, taking what `pre`
/// holds instead of recomputing it.
#[allow(
    clippy::too_many_arguments,
    reason = "the round's inputs as `refine` takes them"
)]
pub fn propose(
    nets: Nets,
    asg: &Assignment,
    parents: &[Vec<u32>],
    needs: Needs,
    f: &FrostSection,
    temperature: f64,
    budget: &mut Budget,
    pre: Precomputed,
) -> Proposed {
    let Precomputed {
        taylor,
        policy_logits,
    } = pre;
    let taylor = needs.taylor.then(|| {
        taylor.unwrap_or_else(|| {
            judge::taylor_in_chunks(nets.judge, &asg.program, parents, f.taylor_chunk, budget)
        })
    });
    let policy_logp = needs.policy.then(|| match policy_logits {
        Some(logits) => gate_logprobs(nets.policy, asg, &logits, temperature),
        None => policy_full_logprobs(nets.policy, asg, parents, temperature),
    });
    // Everything stays on the model's device: the rules rank there and read back only the
    // candidates they pick (docs/performance.md).
    Proposed {
        taylor: taylor.map(|t| (t.estimate, t.target_term, t.score)),
        policy_logp,
        banned: asg.banned.shallow_clone(),
        substitution_ban: substitution_ban(asg, parents).map(|b| b.to_device(asg.banned.device())),
    }
}

/// Step 5: the children `rule` picks from the proposal, holding every child to the game's word
/// rule (the ranked rules never propose one that breaks it, through the substitution ban; this
/// also holds the `random` control to it, which may then verify fewer than D).
pub fn choose(
    asg: &Assignment,
    parents: &[Vec<u32>],
    verified: &[Vec<u32>],
    proposed: &Proposed,
    rule: Selection,
    knobs: &Knobs,
) -> Vec<Child> {
    let children = select(&proposed.view(parents, verified), rule, knobs);
    match &asg.words {
        None => children,
        Some(words) => (children.into_iter())
            .filter(|c| words.allows(&c.tokens(parents)))
            .collect(),
    }
}

/// Step 6: the children's exact scores, and each parent's best child taken when it scores
/// strictly higher (and, under `frost.replace = "above-mean"`, above the group's sampled mean;
/// at most `frost.max_replaced` of them). A taken child replaces its parent, the move first
/// sampled in its place kept in `replaced`; under `frost.keep_parents` it joins the group
/// beside its parent instead. The children are scored `batch` at a time (0: the judge's own
/// chunk).
pub fn verify(
    judge: &CausalLm,
    asg: &Assignment,
    group: &mut Group,
    children: &[Child],
    f: &FrostSection,
    batch: usize,
    budget: &mut Budget,
) -> Vec<f64> {
    let child_moves: Vec<Vec<u32>> = children.iter().map(|c| c.tokens(&group.moves)).collect();
    if child_moves.is_empty() {
        return Vec::new();
    }
    let child_scores = judge::score_batched(judge, &asg.program, &child_moves, batch, budget);
    let sampled_mean = group.sampled_mean();
    let best = super::replacements(
        &group.scores,
        children,
        &child_scores,
        f.replace,
        sampled_mean,
        f.max_replaced,
    );
    take_children(group, &best, &child_moves, &child_scores, f.keep_parents);
    group.children += children.len();
    for mv in child_moves {
        if !group.moves.contains(&mv) {
            group.verified.push(mv);
        }
    }
    child_scores
}

/// Each parent's taken child (`best[p]`, an index into the children) replaces it, or under
/// `keep_parents` joins the group after the members already there.
pub fn take_children(
    group: &mut Group,
    best: &[Option<usize>],
    child_moves: &[Vec<u32>],
    child_scores: &[f64],
    keep_parents: bool,
) {
    for (p, b) in best.iter().enumerate() {
        let Some(c) = *b else { continue };
        if keep_parents {
            group.moves.push(child_moves[c].clone());
            group.scores.push(child_scores[c]);
            group.replaced.push(None);
            group.joined.push(p);
            continue;
        }
        let old = std::mem::replace(&mut group.moves[p], child_moves[c].clone());
        let old_score = std::mem::replace(&mut group.scores[p], child_scores[c]);
        group.verified.push(old.clone());
        if group.replaced[p].is_none() {
            group.replaced[p] = Some((old, old_score));
        }
    }
}

/// The substitutions that would break the assignment's word rule, [K, L, V_emb] bool on the
/// CPU (true = breaks it); None when there is no rule.
fn substitution_ban(asg: &Assignment, parents: &[Vec<u32>]) -> Option<Tensor> {
    let rule = asg.words.as_ref()?;
    let (k, l) = (parents.len(), parents[0].len());
    let v = asg.banned.size()[0] as usize;
    let mut ban = vec![false; k * l * v];
    for (p, parent) in parents.iter().enumerate() {
        for i in 0..l {
            let m = rule.substitution_ban(parent, i);
            let row = &mut ban[(p * l + i) * v..(p * l + i + 1) * v];
            for (b, &x) in row.iter_mut().zip(m.iter()) {
                *b = x;
            }
        }
    }
    let shape = [k as i64, l as i64, v as i64];
    Some(Tensor::from_slice(&ban).view(shape).to_kind(Kind::Bool))
}

/// The gate's log pi over the vocabulary from the sampler's logits of one group [K, L, V_emb]:
/// what [`policy_full_logprobs`] computes with a teacher-forced forward (the same network, the
/// same mask and temperature; equal up to float rounding). f64, on the policy's device.
fn gate_logprobs(net: &CausalLm, asg: &Assignment, logits: &Tensor, temperature: f64) -> Tensor {
    let _guard = tch::no_grad_guard();
    let banned = asg
        .banned
        .unsqueeze(0)
        .expand([logits.size()[0], -1], false);
    model::logprobs_from_logits(net, logits, &banned, temperature).to_kind(Kind::Double)
}

/// pi(v | prompt, y_<i) for every parent, position and token: [K, L, V] log-probs (f64, on the
/// policy's device),
/// teacher-forced with the sampling mask and temperature.
pub fn policy_full_logprobs(
    net: &CausalLm,
    asg: &Assignment,
    parents: &[Vec<u32>],
    temperature: f64,
) -> Tensor {
    let _guard = tch::no_grad_guard();
    let k = parents.len();
    let prompts = vec![asg.prompt_ids.clone(); k];
    let banned = asg.banned.unsqueeze(0).expand([k as i64, -1], false);
    let moves = model::moves_tensor(parents, net.device());
    let lp = model::move_logprobs(net, &prompts, &moves, &banned, temperature);
    lp.full.to_kind(Kind::Double)
}
