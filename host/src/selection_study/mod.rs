//! `frost-host analyze-selection`: the selection rules compared on the same sampled parents.
//! For each assignment the policy samples K parents once; every rule picks D children from the
//! same proposal; every child, and two random samples of all candidates (uniform over the valid
//! ones, and uniform over the gate-passing "plausible" ones), is rescored exactly by the judge.
//! `report` turns the rescored records into per-rule figures (docs/method.md#selection-rules).

use rand::seq::index::sample;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tch::{Device, Tensor};

use crate::assignments::{derive_seed, Assignment};
use crate::config::{Scope, Selection};
use crate::frost::{self, Knobs, Proposal, TaylorParts, TaylorView};
use crate::judge::{self, Budget};
use crate::model::SamplingParams;
use crate::train::{self, Setup, TrainError};

mod report;
mod rules;
mod stats;

pub use report::{CandidateFigures, RuleFigures, StudyReport};
pub use rules::{default_rules, RuleSpec, RuleSpecError};

/// Seeds of the study: derive_seed(seed, assignment, STREAM_STUDY, purpose).
const STREAM_STUDY: u64 = 100;
const DEAL: u64 = 0;
const SAMPLE: u64 = 1;
const UNIFORM: u64 = 2;
const PLAUSIBLE: u64 = 3;
const RULE: u64 = 10;

/// Which assignments: dealt from the training split, or the run's held-out set (the ones
/// evaluation uses, `eval.assignments` of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    Train,
    Heldout,
}

pub struct StudyOptions {
    pub assignments: usize,
    pub d: usize,
    pub split: Split,
    pub rules: Vec<RuleSpec>,
    /// Candidates per group rescored in each of the two random samples.
    pub samples: usize,
    pub seed: u64,
}

/// One child or sampled candidate, rescored exactly.
#[derive(Clone, Debug, Serialize)]
pub struct Rescored {
    pub assignment: usize,
    pub parent: usize,
    pub pos: usize,
    pub token: u32,
    /// The parent's exact score R(y).
    pub parent_score: f64,
    /// The child's exact score R(y').
    pub exact: f64,
    /// The Taylor estimate R~ of the child's score.
    pub estimate: f64,
    /// The estimate's exact target term T and its linear term (R~ = R(y) + target + linear).
    pub target: f64,
    pub linear: f64,
    /// The policy's log pi(v | prompt, y_<i).
    pub prior: f64,
    /// The rule's ranking key (children) or null (samples).
    pub key: Option<f64>,
}

/// What one group gave: its parents' scores, each rule's children, the two samples and each
/// rule's key at the sampled candidates ([rule][candidate], -inf = invalid or gated out).
pub struct GroupOutcome {
    pub parents: Vec<Vec<u32>>,
    pub parent_scores: Vec<f64>,
    pub children: Vec<Vec<Rescored>>,
    pub uniform: Vec<Rescored>,
    pub plausible: Vec<Rescored>,
    pub uniform_keys: Vec<Vec<f64>>,
    pub plausible_keys: Vec<Vec<f64>>,
}

/// Run the study on `s` (its policy as loaded: base or a checkpoint's adapters).
pub fn run(s: &mut Setup, opts: &StudyOptions) -> Result<StudyReport, TrainError> {
    let mut groups = Vec::with_capacity(opts.assignments);
    for a in 0..opts.assignments {
        let dealt;
        let asg = match opts.split {
            Split::Train => {
                let seed = derive_seed(opts.seed, a as u64, STREAM_STUDY, DEAL);
                dealt = s.dealer.deal(&s.model.tokenizer, &s.train_split, seed)?;
                &dealt
            }
            Split::Heldout => &s.heldout[a],
        };
        groups.push(study_group(s, asg, a, opts));
        tracing::info!(
            "analyze-selection: assignment {}/{}",
            a + 1,
            opts.assignments
        );
    }
    Ok(report::build(s, opts, &groups))
}

/// A group's parents and everything the rules read about them (CPU tensors).
struct Sampled {
    parents: Vec<Vec<u32>>,
    scores: Vec<f64>,
    taylor_scores: Vec<f64>,
    estimate: Tensor,
    target_term: Tensor,
    prior: Tensor,
    banned: Tensor,
}

impl Sampled {
    fn proposal(&self) -> Proposal<'_> {
        Proposal {
            parents: &self.parents,
            taylor: Some(TaylorView {
                estimate: &self.estimate,
                target_term: &self.target_term,
                scores: &self.taylor_scores,
            }),
            policy_logp: Some(&self.prior),
            banned: &self.banned,
            substitution_ban: None,
        }
    }
}

/// Sample K parents from the policy, score them exactly, propose (Taylor, the policy prior).
fn sample_group(s: &Setup, asg: &Assignment, seed: u64, budget: &mut Budget) -> Sampled {
    let cfg = &s.cfg;
    let params = SamplingParams {
        temperature: cfg.sampling.temperature,
        top_p: cfg.sampling.top_p,
        top_k: cfg.sampling.top_k,
    };
    tch::manual_seed(seed as i64);
    let net = &s.model.net;
    let k = cfg.sampling.k;
    let parents = train::sample_moves(net, std::slice::from_ref(asg), k, &params, seed);
    let scores = judge::score(s.judge(), &asg.program, &parents, budget);
    let chunk = cfg.frost.taylor_chunk;
    let taylor = train::taylor_in_chunks(s.judge(), &asg.program, &parents, chunk, budget);
    let prior = train::policy_full_logprobs(net, asg, &parents, cfg.sampling.temperature);
    Sampled {
        scores,
        taylor_scores: taylor.score.clone(),
        estimate: cpu(&taylor.estimate),
        target_term: cpu(&taylor.target_term),
        prior,
        banned: cpu(&asg.banned),
        parents,
    }
}

/// One group: sample, score, propose, let every rule pick, rescore everything exactly.
fn study_group(s: &Setup, asg: &Assignment, a: usize, opts: &StudyOptions) -> GroupOutcome {
    let seed = |purpose| derive_seed(opts.seed, a as u64, STREAM_STUDY, purpose);
    let mut budget = Budget::default();
    let g = sample_group(s, asg, seed(SAMPLE), &mut budget);
    let p = g.proposal();
    let parents = &g.parents;
    let parts = frost::taylor_parts(&p.taylor.expect("set above"));

    let mut picked = Vec::new();
    let mut keys = Vec::new();
    for (r, rule) in opts.rules.iter().enumerate() {
        let knobs = rule.knobs(opts.d, seed(RULE + r as u64));
        picked.push(frost::select(&p, rule.selection, &knobs));
        keys.push(frost::ranking_key(&p, rule.selection, &knobs));
    }
    let uniform = sample_uniform(&p, opts.samples, seed(UNIFORM));
    let plausible = sample_plausible(&p, s.cfg.frost.tau, opts.samples, seed(PLAUSIBLE));

    // Everything rescored in one exact pass (the scorer scores identical moves once).
    let all: Vec<(usize, usize, u32)> = picked
        .iter()
        .flatten()
        .map(|c| (c.parent, c.pos, c.token))
        .chain(uniform.iter().chain(&plausible).copied())
        .collect();
    let moves: Vec<Vec<u32>> = all
        .iter()
        .map(|&(k, i, v)| {
            let mut m = parents[k].clone();
            m[i] = v;
            m
        })
        .collect();
    let exact = judge::score(s.judge(), &asg.program, &moves, &mut budget);
    let ctx = RecordCtx {
        a,
        scores: &g.scores,
        estimate: &g.estimate,
        parts: &parts,
        prior: &g.prior,
    };
    let mut next = exact.iter().copied();
    let children = picked
        .iter()
        .map(|cs| {
            cs.iter()
                .map(|c| ctx.record((c.parent, c.pos, c.token), next.next(), Some(c.rank_score)))
                .collect()
        })
        .collect();
    let mut rescore = |cands: &[(usize, usize, u32)]| -> Vec<Rescored> {
        cands
            .iter()
            .map(|&c| ctx.record(c, next.next(), None))
            .collect()
    };
    let (uniform_r, plausible_r) = (rescore(&uniform), rescore(&plausible));
    let at = |cands: &[(usize, usize, u32)]| -> Vec<Vec<f64>> {
        keys.iter()
            .map(|key| cands.iter().map(|&c| value(key, c)).collect())
            .collect()
    };
    GroupOutcome {
        parents: g.parents.clone(),
        parent_scores: g.scores.clone(),
        children,
        uniform_keys: at(&uniform),
        plausible_keys: at(&plausible),
        uniform: uniform_r,
        plausible: plausible_r,
    }
}

struct RecordCtx<'a> {
    a: usize,
    scores: &'a [f64],
    estimate: &'a Tensor,
    parts: &'a TaylorParts,
    prior: &'a Tensor,
}

impl RecordCtx<'_> {
    fn record(&self, c: (usize, usize, u32), exact: Option<f64>, key: Option<f64>) -> Rescored {
        Rescored {
            assignment: self.a,
            parent: c.0,
            pos: c.1,
            token: c.2,
            parent_score: self.scores[c.0],
            exact: exact.expect("one exact score per candidate"),
            estimate: value(self.estimate, c),
            target: value(&self.parts.target, c),
            linear: value(&self.parts.linear, c),
            prior: value(self.prior, c),
            key,
        }
    }
}

fn cpu(t: &Tensor) -> Tensor {
    t.to_device(Device::Cpu)
}

fn value(t: &Tensor, (k, i, v): (usize, usize, u32)) -> f64 {
    t.double_value(&[k as i64, i as i64, v as i64])
}

/// `n` distinct valid substitutions drawn uniformly (the `random` rule's sampler).
fn sample_uniform(p: &Proposal, n: usize, seed: u64) -> Vec<(usize, usize, u32)> {
    let knobs = Knobs {
        scope: Scope::Group,
        d: n,
        tau: 0.5,
        linear_weight: 1.0,
        taylor_weight: 1.0,
        seed,
    };
    frost::select(p, Selection::Random, &knobs)
        .into_iter()
        .map(|c| (c.parent, c.pos, c.token))
        .collect()
}

/// `n` substitutions drawn uniformly from those the gate lets through (pi > tau): the
/// candidates the gated rules actually rank.
fn sample_plausible(p: &Proposal, tau: f64, n: usize, seed: u64) -> Vec<(usize, usize, u32)> {
    let knobs = Knobs {
        scope: Scope::Group,
        d: n,
        tau,
        linear_weight: 1.0,
        taylor_weight: 1.0,
        seed,
    };
    let key = frost::ranking_key(p, Selection::TaylorGain, &knobs);
    let idx =
        Vec::<i64>::try_from(&key.view([-1]).isfinite().nonzero().view([-1])).expect("indices");
    let (l, v) = (key.size()[1] as usize, key.size()[2] as usize);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    sample(&mut rng, idx.len(), n.min(idx.len()))
        .into_iter()
        .map(|j| {
            let f = idx[j] as usize;
            (f / (l * v), (f / v) % l, (f % v) as u32)
        })
        .collect()
}
