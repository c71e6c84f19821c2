//! One training step, as numbered in docs/method.md ("One Frost-GRPO step"): deal -> sample K
//! -> score -> refine (Frost's rounds) -> advantages -> update -> metrics. `train_step` reads top
//! to bottom; each phase is one call, timed by the span it enters (`instrument::phases`).

use super::dynamic::{self, OwnedScores};
use super::metrics::{
    BudgetMetrics, FrostMetrics, GroupMetrics, PhaseTimes, RefinedMetrics, SampledAssignment,
    SampledMetrics, SampledMove, SamplesLine, SearchMetrics, StepMetrics,
};
use super::sample::sample_checked;
use super::search_groups;
use super::setup::Setup;
use super::TrainError;
use crate::config::{Refinement, StdScope, TrainConfig, TrainSearchRegime};
use crate::frost::{self, Group, Needs, Nets, Precomputed};
use crate::instrument::{meter, phases};
use crate::judge::{self, Budget};
use crate::round::Assignment;
use crate::seeds::{self, derive_seed};
use crate::update::adamw::AdamW;
use crate::update::advantage::{self, AdvantageSettings, GroupScores};
use crate::update::schedule;

/// What one step produced: its metrics line and its samples line, and whether a rank was
/// asked to stop (Ctrl-C) during it.
pub struct StepOut {
    pub metrics: StepMetrics,
    pub samples: SamplesLine,
    pub stop: bool,
}

/// What a rank's step leaves of one assignment for the step's figures (every rank reads every
/// assignment's, in index order: the figures are the same whatever the world size).
#[derive(serde::Serialize, serde::Deserialize)]
struct AssignmentRecord {
    prompt: String,
    reference: Option<Vec<u32>>,
    sampled_scores: Vec<f64>,
    sampled_moves: Vec<Vec<u32>>,
    /// Per sampled move: its mean token entropy.
    entropy: Vec<f64>,
    group: Group,
}

/// What a rank's step spent.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct RankRecord {
    pub(super) budget: Budget,
    forwards_sampled: u64,
    score_gap: Option<f64>,
    /// Judge forwards on the extra assignments of dynamic groups (included in `budget`).
    pub(super) forwards_extra: u64,
    /// FLOPs of the rank's whole step (`instrument::meter`: forwards as run, backwards
    /// estimated), set once the update is done.
    #[serde(default)]
    flops: f64,
}

impl RankRecord {
    /// Adds what another batch of this rank's assignments spent.
    pub(super) fn add(&mut self, o: RankRecord) {
        self.budget.forwards += o.budget.forwards;
        self.budget.backwards += o.budget.backwards;
        self.forwards_sampled += o.forwards_sampled;
        self.forwards_extra += o.forwards_extra;
        self.score_gap = max_gap(self.score_gap, o.score_gap);
    }
}

/// The larger of two Taylor score gaps, either absent.
fn max_gap(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// One optimizer step. With several ranks each works on its share of the step's assignments
/// (by index) and the gradient is summed over them; `stop` is this rank's Ctrl-C flag.
pub fn train_step(
    s: &mut Setup,
    opt: &mut AdamW,
    step: u64,
    stop: bool,
) -> Result<StepOut, TrainError> {
    let cfg = s.cfg.clone();
    let seed = |stream, index: usize| derive_seed(cfg.seed, step, stream, index as u64);
    let (a_n, k) = (cfg.sampling.assignments_per_step, cfg.sampling.k);
    phases::begin_step();
    // Every model pass of the step counted, for the equal-FLOPs comparisons (`budget/flops`).
    let _meter = meter::on();
    let flops_before = meter::spent();
    tch::manual_seed(seed(seeds::TORCH, 0) as i64);
    let mut mine = s.dist.share(a_n);

    // 1-6: this rank's assignments dealt, sampled, scored and refined. Every rank then says
    // how that went before the update's all-reduce, so one rank's error stops them all.
    let game = s.dealer.game_name.clone();
    let local = super::catch_torch(step, &game, || deal_sample_refine(s, step, &mine));
    let local = s.dist.unless_model_failed(local);
    let status = local.as_ref().map(|_| ()).map_err(|e| e.to_string());
    phases::enter("reduce");
    let mut stop = s.dist.agree(status, stop)?;
    let mut local = local?;
    // Dynamic groups: more assignments dealt in place of tied groups (`update.max_extra_deals`).
    let u = &cfg.update;
    let extra = match u.drop_tied_groups && u.max_extra_deals > 0 {
        true => dynamic::top_up(s, step, &mut stop, &mut local, &mut mine)?,
        false => 0,
    };
    let dealt = a_n + extra;
    let (assignments, groups, sampled, mut rank) = local;

    // 7. Advantages over the final scores, the loss, the optimizer step(s): each rank's rows
    // weigh their share of all the step's rows, and their gradients are summed.
    phases::enter("update");
    let scores: Vec<OwnedScores> = (groups.iter())
        .map(|g| OwnedScores::of(g, cfg.frost.baseline))
        .collect();
    // The groups trained on: all of them, or with `drop_tied_groups` the untied ones.
    let kept: Vec<usize> = (0..groups.len())
        .filter(|&i| !u.drop_tied_groups || !advantage::tied(&scores[i].view()))
        .collect();
    let views: Vec<GroupScores> = kept.iter().map(|&i| scores[i].view()).collect();
    let batch_std = match u.normalize_std && u.std_scope == StdScope::Batch {
        true => Some(batch_std(s, &mine, &kept, &scores, dealt)?),
        false => None,
    };
    // (The authors' REINFORCE uses a plain group-mean baseline: normalize_std = false.)
    let adv = advantage::advantages(&views, AdvantageSettings::from(u), batch_std);
    let asgs: Vec<&Assignment> = kept.iter().map(|&i| &assignments[i]).collect();
    let kept_groups: Vec<&Group> = kept.iter().map(|&i| &groups[i]).collect();
    // Children that joined beside their parents (`frost.keep_parents`) grow the groups past K;
    // dropped groups shrink the batch.
    let grows = cfg.train_search.regime == TrainSearchRegime::ExtraMember;
    let total_rows = match cfg.frost.keep_parents || u.drop_tied_groups || grows {
        false => a_n * k,
        true => (s.dist).sum_count(kept_groups.iter().map(|g| g.moves.len()).sum())?,
    };
    let lr = schedule::lr_at(u, step, cfg.steps);
    let update = super::update::update(s, opt, &asgs, &kept_groups, &adv, total_rows, lr)?;
    super::reference::refresh_if_due(s, step);

    // 8. The metrics line and the samples line, over every rank's assignments.
    let records: Vec<(usize, AssignmentRecord)> = (mine.iter().copied())
        .zip(assignments.iter().zip(groups).zip(sampled))
        .map(|(i, ((asg, group), sampled))| {
            let record = AssignmentRecord {
                prompt: asg.prompt_text.clone(),
                reference: asg.reference_move.clone(),
                sampled_scores: sampled.scores,
                sampled_moves: sampled.moves,
                entropy: sampled.entropy,
                group,
            };
            (i, record)
        })
        .collect();
    rank.flops = meter::spent() - flops_before;
    phases::enter("reduce");
    let all = s.dist.gather_ordered(&records, dealt)?;
    // What each replica spent, said once by its first rank (its other ranks ran the same
    // passes on their shares of the model).
    let (replica, replicas) = s.dist.replica();
    let mine = match s.dist.leads_replica() {
        true => vec![(replica, rank)],
        false => Vec::new(),
    };
    let ranks = s.dist.gather_ordered(&mine, replicas)?;
    let time = PhaseTimes::from_spans(&phases::end_step());
    let mut budget = Budget::default();
    let (mut forwards_sampled, mut score_gap, mut forwards_extra) = (0, None::<f64>, 0);
    let mut flops = 0.0;
    for r in &ranks {
        flops += r.flops;
        budget.forwards += r.budget.forwards;
        budget.backwards += r.budget.backwards;
        forwards_sampled += r.forwards_sampled;
        forwards_extra += r.forwards_extra;
        score_gap = max_gap(score_gap, r.score_gap);
    }
    let sampled_scores: Vec<Vec<f64>> = all.iter().map(|r| r.sampled_scores.clone()).collect();
    let sampled_groups: Vec<&[Vec<u32>]> = all.iter().map(|r| r.sampled_moves.as_slice()).collect();
    let entropies: Vec<f64> = all.iter().flat_map(|r| r.entropy.iter().copied()).collect();
    let entropy = entropies.iter().sum::<f64>() / entropies.len() as f64;
    let n = cfg.eval.train_best_of;
    let sampled_m = SampledMetrics::over(&sampled_scores, &sampled_groups, entropy, n);
    let final_scores: Vec<Vec<f64>> = all.iter().map(|r| r.group.scores.clone()).collect();
    let refined = RefinedMetrics::over(&final_scores);
    let groups: Vec<&Group> = all.iter().map(|r| &r.group).collect();
    let dynamic = u.drop_tied_groups.then(|| {
        let tied = (groups.iter())
            .filter(|g| dynamic::is_tied(g, cfg.frost.baseline))
            .count();
        GroupMetrics {
            tied: Some(tied),
            extra_deals: Some(extra),
            judge_forwards_extra: Some(forwards_extra),
        }
    });
    let metrics = StepMetrics {
        step,
        frost: frost_metrics(&groups, refined.mean - sampled_m.mean, k, score_gap),
        search: SearchMetrics::over(&groups),
        budget: budget_metrics(&budget, forwards_sampled, dealt, flops),
        sampled: sampled_m,
        refined,
        update,
        groups: dynamic.unwrap_or_default(),
        time,
    };
    let samples = samples_line(s, step, &all);
    Ok(StepOut {
        metrics,
        samples,
        stop,
    })
}

/// The std of every kept group's baseline scores, over every rank's, in index order
/// (`update.std_scope = "batch"`): `mine` are this rank's groups' indices of the `dealt`.
fn batch_std(
    s: &Setup,
    mine: &[usize],
    kept: &[usize],
    scores: &[OwnedScores],
    dealt: usize,
) -> Result<f64, TrainError> {
    let records: Vec<(usize, Vec<f64>)> = (mine.iter().copied().enumerate())
        .map(|(i, index)| match kept.contains(&i) {
            true => (index, scores[i].base.clone()),
            false => (index, Vec::new()),
        })
        .collect();
    let all: Vec<Vec<f64>> = s.dist.gather_ordered(&records, dealt)?;
    let groups: Vec<&[f64]> = all.iter().map(Vec::as_slice).collect();
    Ok(advantage::batch_std(&groups))
}

/// A group as the policy sampled it, before Frost.
pub(super) struct AsSampled {
    scores: Vec<f64>,
    moves: Vec<Vec<u32>>,
    /// Per move: its mean token entropy.
    entropy: Vec<f64>,
}

/// This rank's assignments and their groups: (dealt, final groups, the groups as sampled),
/// and what it spent.
pub(super) type Local = (Vec<Assignment>, Vec<Group>, Vec<AsSampled>, RankRecord);

/// Steps 1-6 on the assignments `mine` (indices into the step's A, or past it for the extra
/// deals of dynamic groups).
pub(super) fn deal_sample_refine(
    s: &mut Setup,
    step: u64,
    mine: &[usize],
) -> Result<Local, TrainError> {
    let (run_seed, k) = (s.cfg.seed, s.cfg.sampling.k);
    let seed = |stream, index: usize| derive_seed(run_seed, step, stream, index as u64);

    // 1. Deal this rank's assignments from the training split.
    let assignments = (mine.iter())
        .map(|&i| (s.dealer).deal(&s.model.tokenizer, &s.train_split, seed(seeds::DEAL, i)))
        .collect::<Result<Vec<Assignment>, _>>()?;
    let s = &*s;
    let cfg = &s.cfg;
    let first_round = first_round_needs(cfg);

    // 2. Sample K moves per assignment from the policy (adapters on), keeping the logits the
    // gate of Frost's first round reads (the policy's log-probs of these very moves).
    phases::enter("sample");
    let sample_seeds: Vec<u64> = mine.iter().map(|&i| seed(seeds::SAMPLE, i)).collect();
    let asgs: Vec<&Assignment> = assignments.iter().collect();
    let policy = &s.model.net;
    let sampled = sample_checked(s, policy, &asgs, k, &sample_seeds, first_round.policy)?;

    // 3. Exact judge scores. With a Taylor rule the first round's Taylor pass runs these moves
    // through the judge anyway, so its forward gives the scores (timed as Taylor).
    let score_phase = if first_round.taylor {
        "taylor"
    } else {
        "score"
    };
    phases::enter(score_phase);
    let mut budget = Budget::default();
    let mut score_gap = None;
    let (mut groups, first) = score_groups(
        s,
        &assignments,
        &sampled,
        first_round,
        &mut budget,
        &mut score_gap,
    );
    let forwards_sampled = budget.forwards;
    let as_sampled: Vec<AsSampled> = (groups.iter())
        .zip(sampled.entropy.chunks(k))
        .map(|(g, e)| AsSampled {
            scores: g.scores.clone(),
            moves: g.moves.clone(),
            entropy: e.to_vec(),
        })
        .collect();

    // 4-6. Frost's rounds on each group: propose -> gate -> top-D -> verify -> replace. Or,
    // under `[train_search]`, the test-time search on each group and its regime.
    if cfg.train_search.on() {
        let nets = Nets {
            policy: &s.model.net,
            judge: s.judge(),
        };
        let (asgs, groups) = (&assignments, &mut groups);
        search_groups::search_groups(cfg, nets, step, mine, asgs, groups, &mut budget);
    }
    if cfg.frost.refinement == Refinement::Frost {
        refine_groups(s, step, mine, &assignments, &mut groups, first, &mut budget);
    }
    let rank = RankRecord {
        budget,
        forwards_sampled,
        score_gap,
        forwards_extra: 0,
        flops: 0.0,
    };
    Ok((assignments, groups, as_sampled, rank))
}

/// Step 4-6 on every group: `frost.rounds` Frost rounds, the first taking what steps 2 and 3
/// computed for it; `indices` are the groups' assignments' indices in the step (their seeds).
fn refine_groups(
    s: &Setup,
    step: u64,
    indices: &[usize],
    assignments: &[Assignment],
    groups: &mut [Group],
    mut first: Vec<Precomputed>,
    budget: &mut Budget,
) {
    let cfg = &s.cfg;
    let nets = Nets {
        policy: &s.model.net,
        judge: s.judge(),
    };
    let temperature = cfg.sampling.temperature;
    for (a, (asg, group)) in assignments.iter().zip(groups.iter_mut()).enumerate() {
        for round in 0..cfg.frost.rounds {
            let pre = std::mem::take(&mut first[a]);
            let seed = seeds::frost_round(cfg.seed, step, indices[a], round);
            frost::refine(nets, asg, group, &cfg.frost, temperature, seed, budget, pre);
        }
    }
}

/// What Frost's first round takes from steps 2 and 3 instead of recomputing (nothing under GRPO).
fn first_round_needs(cfg: &TrainConfig) -> Needs {
    let frost = cfg.frost.refinement == Refinement::Frost;
    let needs = Needs::of(cfg.frost.selection);
    Needs {
        taylor: frost && needs.taylor,
        policy: frost && needs.policy,
    }
}

/// Step 3 for every group: the sampled moves' exact scores, from the judge or (with a Taylor
/// rule) from the first round's Taylor pass, and what each group's first round reuses.
fn score_groups(
    s: &Setup,
    assignments: &[Assignment],
    sampled: &super::sample::GroupSamples,
    needs: Needs,
    budget: &mut Budget,
    score_gap: &mut Option<f64>,
) -> (Vec<Group>, Vec<Precomputed>) {
    let (k, chunk) = (s.cfg.sampling.k, s.cfg.frost.taylor_chunk);
    let groups_moves = sampled.moves.chunks(k);
    let mut out = (Vec::new(), Vec::new());
    for (a, (asg, moves)) in assignments.iter().zip(groups_moves).enumerate() {
        let mut pre = Precomputed {
            policy_logits: (sampled.logits.as_ref()).map(|l| l.narrow(0, (a * k) as i64, k as i64)),
            taylor: None,
        };
        let scores = if needs.taylor {
            let taylor = judge::taylor_in_chunks(s.judge(), &asg.program, moves, chunk, budget);
            let scores = if judge::taylor_scores_are_exact(s.judge()) {
                budget.forwards += judge::sequences_scored(&asg.program, moves);
                taylor.score.clone()
            } else {
                // Parents scored as their children will be (exact pass), so that a child
                // replaces its parent on the judge's verdict, not on two kernels' rounding.
                let exact = judge::score(s.judge(), &asg.program, moves, budget);
                let gap = exact.iter().zip(&taylor.score).map(|(e, t)| (e - t).abs());
                *score_gap = Some(gap.fold(score_gap.unwrap_or(0.0), f64::max));
                exact
            };
            pre.taylor = Some(taylor);
            scores
        } else {
            judge::score(s.judge(), &asg.program, moves, budget)
        };
        out.0.push(Group::sampled(moves.to_vec(), scores));
        out.1.push(pre);
    }
    out
}

fn frost_metrics(groups: &[&Group], mean_gain: f64, k: usize, gap: Option<f64>) -> FrostMetrics {
    // A child that joined beside its parent (`frost.keep_parents`) counts as a replacement.
    let replaced: usize = groups.iter().map(|g| g.improved()).sum();
    let children: usize = groups.iter().map(|g| g.children).sum();
    FrostMetrics {
        replaced_frac: replaced as f64 / (groups.len() * k) as f64,
        mean_gain,
        children: children as f64 / groups.len() as f64,
        taylor_score_gap: gap,
    }
}

/// `dealt`: the assignments played this step (`assignments_per_step`, plus the extra deals of
/// dynamic groups).
fn budget_metrics(
    budget: &Budget,
    forwards_sampled: u64,
    dealt: usize,
    flops: f64,
) -> BudgetMetrics {
    BudgetMetrics {
        flops,
        judge_forwards: budget.forwards,
        judge_backwards: budget.backwards,
        // The run loop adds the earlier steps' budget.
        judge_forwards_total: budget.forwards,
        judge_backwards_total: budget.backwards,
        judge_forwards_sampled: forwards_sampled,
        judge_forwards_children: budget.forwards - forwards_sampled,
        judge_forwards_per_assignment: budget.forwards as f64 / dealt as f64,
    }
}

/// The samples line: each final member, with the move originally sampled in its place.
fn samples_line(s: &Setup, step: u64, records: &[AssignmentRecord]) -> SamplesLine {
    let tok = &s.model.tokenizer;
    let member = |g: &Group, sampled: &[f64], j: usize| {
        let mv = &g.moves[j];
        // A joined child (j past the K sampled members) stands beside its parent's sampled move.
        let root = g.root(j);
        let (sampled_ids, sampled_score) = match &g.replaced[root] {
            Some((old, score)) => (old, *score),
            None => (&g.moves[root], sampled[root]),
        };
        SampledMove {
            text: tok.decode(mv),
            move_ids: mv.clone(),
            sampled_ids: sampled_ids.clone(),
            score: g.scores[j],
            sampled: tok.decode(sampled_ids),
            sampled_score,
            replaced: g.replaced[j].is_some() || j >= g.sampled_len(),
        }
    };
    let assignments = records
        .iter()
        .map(|r| SampledAssignment {
            prompt: r.prompt.clone(),
            reference: r.reference.as_ref().map(|m| tok.decode(m)),
            moves: (0..r.group.moves.len())
                .map(|j| member(&r.group, &r.sampled_scores, j))
                .collect(),
        })
        .collect();
    SamplesLine { step, assignments }
}
