//! Frost as a test-time search (`frost-host eval --refine R`): on the evaluation's own N draws
//! per assignment, R Frost rounds of at most D verified children each (`frost::refine`, the
//! round training and `play --refine` run), beside the obvious alternative at the same judge
//! forwards: the best of N + r*D plain samples. Both arms start from the same N draws and their
//! exact scores, so round 0 is the plain evaluation, record for record.
//!
//! Budget, per assignment and arm (docs/method.md#budget): judge forwards are distinct moves
//! scored (the N draws, then each round's verified children, or each block's new samples);
//! judge backwards are Taylor proposals, one per Frost round whose rule needs it. Seconds are
//! wall-clock: the N draws' sampling (their chunk's call shared evenly) and scoring, then each
//! round's, or each block's sampling (the R blocks are drawn in one call, its time shared
//! evenly) and scoring. FLOPs are counted the same way from the models' shapes
//! (`instrument::meter`): every forward as run (the player's sampling, the judge's scoring and
//! Taylor pass, the gate's policy pass) and the Taylor pass's backward.
//!
//! A round proposes from the best `Search::parents` members (all: training's round) and
//! verifies its children `Search::verify_batch` at a time (`frost::refine_search`).
//!
//! Each point also holds its best move and the player's log-probability of it (how plausible
//! the player finds what each arm ends with): a measurement taken after both arms' figures, its
//! policy forward outside both arms' budgets, seconds and FLOPs.

use std::collections::HashMap;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use tch::Kind;

use super::eval::{draw, record, EVAL_CHUNK};
use super::sample::sample_checked;
use super::setup::Setup;
use super::{AssignmentEval, TrainError};
use crate::frost::{self, Group, Nets, Search};
use crate::instrument::{meter, sync};
use crate::judge::{self, Budget};
use crate::model::{self, CausalLm};
use crate::moments::mean;
use crate::round::Assignment;
use crate::seeds;

/// One arm after r rounds (Frost) or r blocks of D more samples (sampled).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmPoint {
    /// The best exact score among the arm's moves.
    pub best: f64,
    /// The mean exact score of the arm's moves (the group after r rounds; every draw).
    pub mean: f64,
    pub forwards: u64,
    pub backwards: u64,
    pub seconds: f64,
    /// FLOPs, forwards as run and backwards estimated (`instrument::flops`).
    pub flops: f64,
    /// The move of `best` (the first such one in the arm's order).
    pub best_move: Vec<u32>,
    /// The player's log pi(best_move | prompt), summed over the move's tokens, with the
    /// sampling mask and temperature: measured after the arm, outside its budget.
    pub best_logp: f64,
}

/// One assignment's test-time curves.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RefineCurve {
    /// The plain evaluation of the N draws: what `eval` reports for this assignment.
    pub eval: AssignmentEval,
    /// After r = 0..=R Frost rounds on the N draws.
    pub frost: Vec<ArmPoint>,
    /// The N draws and r = 0..=R blocks of D more samples.
    pub sampled: Vec<ArmPoint>,
    /// Children verified in round r + 1 (at most D each).
    pub children: Vec<usize>,
}

/// How `eval --refine` runs: R rounds, each a search round of `s.cfg.frost.d` children.
#[derive(Clone, Copy, Debug)]
pub struct Refining {
    pub rounds: usize,
    pub search: Search,
}

/// `policy`'s evaluation on `assignments` after `step` (the draws of
/// [`super::evaluate_assignments`]) with both arms' curves over `how.rounds` rounds of
/// `s.cfg.frost.d` children (the Frost round as `s.cfg.frost` sets it, from the best
/// `how.search.parents` members). With several ranks each takes the assignments of its index
/// and all get every record, as the plain evaluation does.
pub fn evaluate_refined(
    s: &Setup,
    policy: &CausalLm,
    assignments: &[Assignment],
    step: u64,
    how: Refining,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<RefineCurve>, TrainError> {
    let mine = s.dist.share(assignments.len());
    let _flops = meter::on();
    let local = refine_share(s, policy, assignments, &mine, step, how, progress);
    let local = s.dist.unless_model_failed(local);
    let status = local.as_ref().map(|_| ()).map_err(|e| e.to_string());
    s.dist.agree(status, false)?;
    Ok(s.dist.gather_ordered(&local?, assignments.len())?)
}

fn refine_share(
    s: &Setup,
    policy: &CausalLm,
    assignments: &[Assignment],
    mine: &[usize],
    step: u64,
    how: Refining,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<(usize, RefineCurve)>, TrainError> {
    let n = s.cfg.eval.best_of;
    let rounds = how.rounds;
    let mut out = Vec::with_capacity(mine.len());
    for chunk in mine.chunks(EVAL_CHUNK) {
        let (t, flops) = (Instant::now(), meter::spent());
        let sampled = draw(s, policy, assignments, chunk, step)?;
        let share = t.elapsed().as_secs_f64() / chunk.len() as f64;
        let flops_share = (meter::spent() - flops) / chunk.len() as f64;
        let groups = chunk.iter().zip(sampled.moves.chunks(n));
        for ((&i, moves), entropy) in groups.zip(sampled.entropy.chunks(n)) {
            let asg = &assignments[i];
            let (t, flops) = (Instant::now(), meter::spent());
            let mut budget = Budget::default();
            let scores = judge::score(s.judge(), &asg.program, moves, &mut budget);
            let (best, best_move) = best_of(moves, &scores);
            let start = ArmPoint {
                best,
                mean: mean(&scores),
                forwards: budget.forwards,
                backwards: budget.backwards,
                seconds: share + t.elapsed().as_secs_f64(),
                flops: flops_share + meter::spent() - flops,
                best_move,
                best_logp: f64::NAN,
            };
            // The reference move is scored for scale, outside both arms' budgets.
            let eval = record(s, asg, moves, &scores, entropy, &mut Budget::default());
            let at = Start {
                asg,
                index: i,
                moves,
                scores: &scores,
                point: start,
            };
            let (mut frost, children) = frost_arm(s, policy, &at, step, how);
            let mut sampled = sampled_arm(s, policy, &at, step, rounds)?;
            let temperature = s.cfg.sampling.temperature;
            fill_best_logps(policy, asg, temperature, [&mut frost, &mut sampled]);
            out.push((
                i,
                RefineCurve {
                    eval,
                    frost,
                    sampled,
                    children,
                },
            ));
        }
        progress(out.len());
    }
    Ok(out)
}

/// Where both arms start: one assignment's N draws, their scores and what they cost.
struct Start<'a> {
    asg: &'a Assignment,
    index: usize,
    moves: &'a [Vec<u32>],
    scores: &'a [f64],
    point: ArmPoint,
}

/// R Frost rounds on the N draws: the arm's point after each, and each round's children.
fn frost_arm(
    s: &Setup,
    policy: &CausalLm,
    at: &Start,
    step: u64,
    how: Refining,
) -> (Vec<ArmPoint>, Vec<usize>) {
    let rounds = how.rounds;
    let nets = Nets {
        policy,
        judge: s.judge(),
    };
    let mut group = Group::sampled(at.moves.to_vec(), at.scores.to_vec());
    let mut budget = Budget {
        forwards: at.point.forwards,
        backwards: at.point.backwards,
    };
    let (mut points, mut children) = (vec![at.point.clone()], Vec::with_capacity(rounds));
    let (mut seconds, mut flops) = (at.point.seconds, at.point.flops);
    for r in 0..rounds {
        let (t, before) = (Instant::now(), meter::spent());
        let seed = seeds::round_seed(s.cfg.seed, step, seeds::EVAL_REFINE, at.index, r);
        let (f, temperature) = (&s.cfg.frost, s.cfg.sampling.temperature);
        let (g, b) = (&mut group, &mut budget);
        let report = frost::refine_search(nets, at.asg, g, f, how.search, temperature, seed, b);
        seconds += t.elapsed().as_secs_f64();
        flops += meter::spent() - before;
        children.push(report.children.len());
        let (best, best_move) = best_of(&group.moves, &group.scores);
        points.push(ArmPoint {
            best,
            mean: mean(&group.scores),
            forwards: budget.forwards,
            backwards: budget.backwards,
            seconds,
            flops,
            best_move,
            best_logp: f64::NAN,
        });
    }
    (points, children)
}

/// The N draws and R blocks of D more samples (one sampling call, block r drawn with its own
/// seed, so a block's draws do not depend on R); a move drawn again is not scored again.
fn sampled_arm(
    s: &Setup,
    policy: &CausalLm,
    at: &Start,
    step: u64,
    rounds: usize,
) -> Result<Vec<ArmPoint>, TrainError> {
    let d = s.cfg.frost.d;
    let mut points = vec![at.point.clone()];
    if rounds == 0 || d == 0 {
        points.extend(std::iter::repeat_n(at.point.clone(), rounds));
        return Ok(points);
    }
    let (t, flops) = (Instant::now(), meter::spent());
    let asgs = vec![at.asg; rounds];
    let block_seeds: Vec<u64> = (0..rounds)
        .map(|r| seeds::round_seed(s.cfg.seed, step, seeds::EVAL_MORE, at.index, r))
        .collect();
    let more = sample_checked(s, policy, &asgs, d, &block_seeds, false)?.moves;
    let block_share = t.elapsed().as_secs_f64() / rounds as f64;
    let block_flops = (meter::spent() - flops) / rounds as f64;
    let mut known: HashMap<Vec<u32>, f64> = (at.moves.iter().cloned())
        .zip(at.scores.iter().copied())
        .collect();
    let mut all: Vec<f64> = at.scores.to_vec();
    let mut all_moves: Vec<Vec<u32>> = at.moves.to_vec();
    let mut budget = Budget {
        forwards: at.point.forwards,
        backwards: 0,
    };
    let (mut seconds, mut flops) = (at.point.seconds, at.point.flops);
    for block in more.chunks(d) {
        let (t, before) = (Instant::now(), meter::spent());
        let mut new: Vec<Vec<u32>> = Vec::new();
        for m in block {
            if !known.contains_key(m) && !new.contains(m) {
                new.push(m.clone());
            }
        }
        if !new.is_empty() {
            let scored = judge::score(s.judge(), &at.asg.program, &new, &mut budget);
            known.extend(new.into_iter().zip(scored));
        }
        all.extend(block.iter().map(|m| known[m]));
        all_moves.extend(block.iter().cloned());
        seconds += block_share + t.elapsed().as_secs_f64();
        flops += block_flops + meter::spent() - before;
        let (best, best_move) = best_of(&all_moves, &all);
        points.push(ArmPoint {
            best,
            mean: mean(&all),
            forwards: budget.forwards,
            backwards: 0,
            seconds,
            flops,
            best_move,
            best_logp: f64::NAN,
        });
    }
    Ok(points)
}

/// The best score and its move (the first one when several tie).
fn best_of(moves: &[Vec<u32>], scores: &[f64]) -> (f64, Vec<u32>) {
    let mut at = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[at] {
            at = i;
        }
    }
    (scores[at], moves[at].clone())
}

/// Rows of one policy forward of [`fill_best_logps`].
const LOGP_CHUNK: usize = 32;

/// Each point's `best_logp`: the player's teacher-forced log pi(best_move | prompt), summed over
/// the move's tokens, with the sampling mask and temperature (top-k and top-p not applied, as
/// the gate reads it). One forward, no gradient, over the distinct best moves of both arms.
fn fill_best_logps(
    policy: &CausalLm,
    asg: &Assignment,
    temperature: f64,
    arms: [&mut Vec<ArmPoint>; 2],
) {
    let _guard = tch::no_grad_guard();
    let mut distinct: Vec<Vec<u32>> = Vec::new();
    for p in arms.iter().flat_map(|a| a.iter()) {
        if !distinct.contains(&p.best_move) {
            distinct.push(p.best_move.clone());
        }
    }
    let mut logps = Vec::with_capacity(distinct.len());
    for chunk in distinct.chunks(LOGP_CHUNK) {
        let n = chunk.len();
        let prompts = vec![asg.prompt_ids.clone(); n];
        let banned = asg.banned.unsqueeze(0).expand([n as i64, -1], false);
        let moves = model::moves_tensor(chunk, policy.device());
        let lp = model::move_logprobs(policy, &prompts, &moves, &banned, temperature);
        let sums = lp
            .token
            .to_kind(Kind::Double)
            .sum_dim_intlist(1, false, Kind::Double);
        logps.extend(sync::to_f64s(&sums));
    }
    for p in arms.into_iter().flat_map(|a| a.iter_mut()) {
        let i = distinct.iter().position(|m| *m == p.best_move);
        p.best_logp = logps[i.expect("every best move is in the list")];
    }
}
