//! `frost-host analyze-selection`: the selection rules compared on the same sampled parents.
//! For each assignment the policy samples K parents once; every rule picks D children from the
//! same proposal; every child, and two random samples of all candidates (uniform over the valid
//! ones, and uniform over the gate-passing "plausible" ones), is rescored exactly by the judge.
//! `figures` turns the rescored records into per-rule figures (docs/method.md#selection-rules).

use rand::seq::index::sample;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tch::Tensor;

use crate::config::{Scope, Selection};
use crate::frost::{self, Knobs, Needs, Nets, Precomputed, Proposal, TaylorParts};
use crate::judge::{self, Budget};
use crate::round::Assignment;
use crate::seeds::{self, derive_seed};
use crate::train::{self, Setup, TrainError};

mod figures;
mod rules;

pub use figures::{CandidateFigures, RuleFigures, StudyReport};
pub use rules::{default_rules, RuleSpec, RuleSpecError};

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
                let seed = derive_seed(opts.seed, a as u64, seeds::STUDY, seeds::STUDY_DEAL);
                dealt = s.dealer.deal(&s.model.tokenizer, &s.train_split, seed)?;
                &dealt
            }
            Split::Heldout => &s.heldout[a],
        };
        groups.push(study_group(s, asg, a, opts)?);
        tracing::info!(
            "analyze-selection: assignment {}/{}",
            a + 1,
            opts.assignments
        );
    }
    Ok(figures::build(s, opts, &groups))
}

/// A group's parents, their exact scores, and the proposal every rule reads (CPU tensors).
struct Sampled {
    parents: Vec<Vec<u32>>,
    scores: Vec<f64>,
    proposed: frost::Proposed,
}

impl Sampled {
    fn proposal(&self) -> Proposal<'_> {
        self.proposed.view(&self.parents, &[])
    }
}

/// Sample K parents from the policy (the one group sampler), score them exactly, and propose
/// as a training round does (the Taylor estimate and the policy prior both, for every rule).
fn sample_group(
    s: &Setup,
    asg: &Assignment,
    seed: u64,
    budget: &mut Budget,
) -> Result<Sampled, TrainError> {
    let cfg = &s.cfg;
    tch::manual_seed(seed as i64);
    let nets = Nets {
        policy: &s.model.net,
        judge: s.judge(),
    };
    let k = cfg.sampling.k;
    let parents = train::sample_checked(s, nets.policy, &[asg], k, &[seed], false)?.moves;
    let scores = judge::score(nets.judge, &asg.program, &parents, budget);
    let (f, temperature) = (&cfg.frost, cfg.sampling.temperature);
    let pre = Precomputed::default();
    let proposed = frost::propose(
        nets,
        asg,
        &parents,
        Needs::all(),
        f,
        temperature,
        budget,
        pre,
    );
    Ok(Sampled {
        parents,
        scores,
        proposed,
    })
}

/// One group: sample, score, propose, let every rule pick, rescore everything exactly.
fn study_group(
    s: &Setup,
    asg: &Assignment,
    a: usize,
    opts: &StudyOptions,
) -> Result<GroupOutcome, TrainError> {
    let seed = |purpose| derive_seed(opts.seed, a as u64, seeds::STUDY, purpose);
    let mut budget = Budget::default();
    let g = sample_group(s, asg, seed(seeds::STUDY_SAMPLE), &mut budget)?;
    let p = g.proposal();
    let (mut picked, mut keys) = (Vec::new(), Vec::new());
    for (r, rule) in opts.rules.iter().enumerate() {
        let knobs = rule.knobs(opts.d, seed(seeds::STUDY_RULE + r as u64));
        // Exactly the training round's choice: the rule's pick, held to the word rule.
        let children = frost::choose(asg, &g.parents, &[], &g.proposed, rule.selection, &knobs);
        picked.push(children);
        keys.push(frost::ranking_key(&p, rule.selection, &knobs));
    }
    // Uniform over the candidates a round could verify: valid, and keeping the word rule.
    let mut uniform = sample_uniform(&p, opts.samples, seed(seeds::STUDY_UNIFORM));
    if let Some(words) = &asg.words {
        uniform.retain(|&c| words.allows(&substituted(&g.parents, c)));
    }
    let plausible_seed = seed(seeds::STUDY_PLAUSIBLE);
    let plausible = sample_plausible(&p, s.cfg.frost.tau, opts.samples, plausible_seed);
    let at = |cands: &[(usize, usize, u32)]| -> Vec<Vec<f64>> {
        keys.iter()
            .map(|key| cands.iter().map(|&c| value(key, c)).collect())
            .collect()
    };
    let (uniform_keys, plausible_keys) = (at(&uniform), at(&plausible));
    let (children, uniform, plausible) =
        rescore_all(s, asg, a, &g, &picked, [&uniform, &plausible], &mut budget);
    Ok(GroupOutcome {
        parents: g.parents.clone(),
        parent_scores: g.scores.clone(),
        children,
        uniform_keys,
        plausible_keys,
        uniform,
        plausible,
    })
}

/// Parent k with token v at position i.
fn substituted(parents: &[Vec<u32>], (k, i, v): (usize, usize, u32)) -> Vec<u32> {
    let mut m = parents[k].clone();
    m[i] = v;
    m
}

/// Every rule's children and both samples rescored in one exact pass (the scorer scores
/// identical moves once), as records.
fn rescore_all(
    s: &Setup,
    asg: &Assignment,
    a: usize,
    g: &Sampled,
    picked: &[Vec<frost::Child>],
    samples: [&[(usize, usize, u32)]; 2],
    budget: &mut Budget,
) -> (Vec<Vec<Rescored>>, Vec<Rescored>, Vec<Rescored>) {
    let all: Vec<(usize, usize, u32)> = (picked.iter().flatten())
        .map(|c| (c.parent, c.pos, c.token))
        .chain(samples[0].iter().chain(samples[1]).copied())
        .collect();
    let moves: Vec<Vec<u32>> = all.iter().map(|&c| substituted(&g.parents, c)).collect();
    let exact = judge::score(s.judge(), &asg.program, &moves, budget);
    let expect = "proposed with Needs::all";
    let p = g.proposal();
    let parts = frost::taylor_parts(&p.taylor.expect(expect));
    let ctx = RecordCtx {
        a,
        scores: &g.scores,
        estimate: &g.proposed.taylor.as_ref().expect(expect).0,
        parts: &parts,
        prior: g.proposed.policy_logp.as_ref().expect(expect),
    };
    let mut next = exact.iter().copied();
    let children = (picked.iter())
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
    let uniform = rescore(samples[0]);
    (children, uniform, rescore(samples[1]))
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
        top_k: crate::config::DEFAULT_GCG_TOP_K,
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
        top_k: crate::config::DEFAULT_GCG_TOP_K,
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
