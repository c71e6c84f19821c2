//! What a run logs, typed: one `StepMetrics` per `metrics.jsonl` line, one `EvalMetrics` per
//! `eval.jsonl` line, one `SamplesLine` per `samples.jsonl` line. The JSON names are stable
//! (docs/training.md lists them); each struct is serialized once, by `to_json`.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// One `metrics.jsonl` line.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct StepMetrics {
    pub step: u64,
    #[serde(flatten)]
    pub sampled: SampledMetrics,
    #[serde(flatten)]
    pub refined: RefinedMetrics,
    #[serde(flatten)]
    pub update: UpdateMetrics,
    #[serde(flatten)]
    pub frost: FrostMetrics,
    #[serde(flatten)]
    pub search: SearchMetrics,
    #[serde(flatten)]
    pub budget: BudgetMetrics,
    #[serde(flatten)]
    pub groups: GroupMetrics,
    #[serde(flatten)]
    pub time: PhaseTimes,
}

/// Dynamic groups (`update.drop_tied_groups`): absent from the line when off.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct GroupMetrics {
    /// Groups of the step whose scores all tied, left out of the loss.
    #[serde(rename = "groups/tied", skip_serializing_if = "Option::is_none")]
    pub tied: Option<usize>,
    /// Assignments dealt past `assignments_per_step` in place of tied groups.
    #[serde(rename = "groups/extra_deals", skip_serializing_if = "Option::is_none")]
    pub extra_deals: Option<usize>,
    /// The judge forwards those extra assignments took (sampled moves and children), also
    /// counted in `budget/judge_forwards`.
    #[serde(
        rename = "budget/judge_forwards_extra",
        skip_serializing_if = "Option::is_none"
    )]
    pub judge_forwards_extra: Option<u64>,
}

/// The group as the policy sampled it (before Frost): the figures that compare across methods.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SampledMetrics {
    pub mean: f64,
    pub std: f64,
    /// Mean over assignments of the std within each group.
    pub group_std: f64,
    /// N of `best_of` (`eval.train_best_of`, capped at K): part of the JSON name.
    pub n: usize,
    /// Mean over assignments of the expected best of N of the K sampled scores.
    pub best_of: f64,
    /// Mean per-token entropy (nats) of the sampling distribution along the sampled moves.
    pub entropy: f64,
    /// Mean over assignments of distinct moves / K.
    pub distinct: f64,
}

impl SampledMetrics {
    /// `scores[a]` and `moves[a]`: assignment a's sampled group; `entropy` as measured while
    /// sampling; `n` the requested best-of N (capped at K).
    pub fn over(scores: &[Vec<f64>], moves: &[&[Vec<u32>]], entropy: f64, n: usize) -> Self {
        let flat: Vec<f64> = scores.iter().flatten().copied().collect();
        let (mean, std) = mean_std(&flat);
        let k = scores.first().map_or(0, |g| g.len());
        let n = n.min(k).max(1);
        SampledMetrics {
            mean,
            std,
            group_std: mean_over(scores, |g| mean_std(g).1),
            n,
            best_of: mean_over(scores, |g| expected_best_of(g, n)),
            entropy,
            distinct: mean_over(moves, |m| distinct_frac(m)),
        }
    }

    pub fn best_of_key(&self) -> String {
        format!("sampled/best_of_{}", self.n)
    }
}

// By hand: the best-of key carries N.
impl Serialize for SampledMetrics {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("sampled/mean", &self.mean)?;
        m.serialize_entry("sampled/std", &self.std)?;
        m.serialize_entry("sampled/group_std", &self.group_std)?;
        m.serialize_entry(&self.best_of_key(), &self.best_of)?;
        m.serialize_entry("sampled/entropy", &self.entropy)?;
        m.serialize_entry("sampled/distinct", &self.distinct)?;
        m.end()
    }
}

/// The group after Frost's refinement, what the update trains on (the sampled group for GRPO).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RefinedMetrics {
    #[serde(rename = "refined/mean")]
    pub mean: f64,
    /// Mean over assignments of the group's best score.
    #[serde(rename = "refined/best")]
    pub best: f64,
}

impl RefinedMetrics {
    pub fn over(scores: &[Vec<f64>]) -> Self {
        let flat: Vec<f64> = scores.iter().flatten().copied().collect();
        RefinedMetrics {
            mean: mean_std(&flat).0,
            best: mean_over(scores, |g| {
                g.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            }),
        }
    }
}

/// The expected maximum of `n` of `scores` drawn without replacement: unbiased for the best of
/// n fresh samples when `scores` are i.i.d. samples (n <= scores.len()). Sorted ascending, the
/// i-th smallest (1-based) is the maximum of C(i-1, n-1) of the C(K, n) subsets.
pub fn expected_best_of(scores: &[f64], n: usize) -> f64 {
    let k = scores.len();
    assert!(n >= 1 && n <= k, "best of {n} of {k} scores");
    let mut sorted = scores.to_vec();
    sorted.sort_by(f64::total_cmp);
    let total = binomial(k, n);
    (n..=k)
        .map(|i| binomial(i - 1, n - 1) / total * sorted[i - 1])
        .sum()
}

fn binomial(n: usize, r: usize) -> f64 {
    (0..r).fold(1.0, |acc, j| acc * (n - j) as f64 / (j + 1) as f64)
}

/// Distinct moves / number of moves.
pub fn distinct_frac(moves: &[Vec<u32>]) -> f64 {
    let distinct: std::collections::HashSet<&Vec<u32>> = moves.iter().collect();
    distinct.len() as f64 / moves.len().max(1) as f64
}

/// Population variance.
pub fn variance(xs: &[f64]) -> f64 {
    mean_std(xs).1.powi(2)
}

/// Mean over groups of `f(group)`.
fn mean_over<G>(groups: &[G], f: impl Fn(&G) -> f64) -> f64 {
    groups.iter().map(f).sum::<f64>() / groups.len().max(1) as f64
}

/// Mean and population standard deviation.
fn mean_std(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// The update: the loss and what it did to the policy.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct UpdateMetrics {
    /// Mean token entropy of the policy over the group trained on (after Frost: its children
    /// included, so it does not compare across methods; `sampled/entropy` does).
    #[serde(rename = "refined/entropy")]
    pub entropy: f64,
    pub kl: f64,
    pub loss: f64,
    /// Global gradient norm before clipping (0 when the step was skipped).
    pub grad_norm: f64,
    pub clip_frac: f64,
    /// Expert iteration (`train_search`): the searched moves' mean negative token
    /// log-likelihood under the policy (the term `train_search.likelihood_weight` weighs).
    #[serde(rename = "update/likelihood", skip_serializing_if = "Option::is_none")]
    pub likelihood: Option<f64>,
    /// The loss or a gradient was not finite: no optimizer step was taken.
    pub skipped: bool,
    /// The step's learning rate (`update.lr_schedule`).
    #[serde(rename = "update/lr")]
    pub lr: f64,
}

/// What Frost's refinement did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FrostMetrics {
    /// Fraction of the group's members replaced by a child.
    #[serde(rename = "frost/replaced_frac")]
    pub replaced_frac: f64,
    /// `refined/mean - sampled/mean`.
    #[serde(rename = "frost/mean_gain")]
    pub mean_gain: f64,
    /// Distinct children verified per assignment.
    #[serde(rename = "frost/children")]
    pub children: f64,
    /// The largest |Taylor forward's score - exact score| over the step's sampled moves, where
    /// both were computed (a judge whose two passes need not agree to rounding: see
    /// `judge::taylor_scores_are_exact`); absent otherwise.
    #[serde(
        rename = "frost/taylor_score_gap",
        skip_serializing_if = "Option::is_none"
    )]
    pub taylor_score_gap: Option<f64>,
}

/// The search inside training (`[train_search]`): absent from the line when off.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SearchMetrics {
    /// Mean over the step's groups of the search's best score minus the group's best sampled
    /// score (>= 0: the search starts from the sampled moves).
    #[serde(rename = "search/best_gain", skip_serializing_if = "Option::is_none")]
    pub best_gain: Option<f64>,
    /// Fraction of the step's groups where the search found a move strictly better than every
    /// sampled one.
    #[serde(rename = "search/found_frac", skip_serializing_if = "Option::is_none")]
    pub found_frac: Option<f64>,
}

impl SearchMetrics {
    /// Over every group that was searched (none: the fields stay absent).
    pub fn over(groups: &[&crate::frost::Group]) -> Self {
        let gains: Vec<f64> = (groups.iter())
            .filter_map(|g| {
                let (_, score) = g.searched.as_ref()?;
                let best = g.sampled_scores().into_iter().fold(f64::MIN, f64::max);
                Some(score - best)
            })
            .collect();
        if gains.is_empty() {
            return SearchMetrics::default();
        }
        let n = gains.len() as f64;
        SearchMetrics {
            best_gain: Some(gains.iter().sum::<f64>() / n),
            found_frac: Some(gains.iter().filter(|&&g| g > 0.0).count() as f64 / n),
        }
    }
}

/// The judge budget of the step, and of the run up to and including it (evaluation not
/// included).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct BudgetMetrics {
    #[serde(rename = "budget/judge_forwards")]
    pub judge_forwards: u64,
    #[serde(rename = "budget/judge_backwards")]
    pub judge_backwards: u64,
    /// Since step 0 (continued across --resume).
    #[serde(rename = "budget/judge_forwards_total")]
    pub judge_forwards_total: u64,
    #[serde(rename = "budget/judge_backwards_total")]
    pub judge_backwards_total: u64,
    /// Identical sampled moves are scored once, so this can be below A * K.
    #[serde(rename = "budget/judge_forwards_sampled")]
    pub judge_forwards_sampled: u64,
    #[serde(rename = "budget/judge_forwards_children")]
    pub judge_forwards_children: u64,
    #[serde(rename = "budget/judge_forwards_per_assignment")]
    pub judge_forwards_per_assignment: f64,
    /// The step's FLOPs over every rank, the player's and the judge's (forwards as run,
    /// backwards estimated from them: `instrument::flops`); evaluation not counted.
    #[serde(rename = "budget/flops")]
    pub flops: f64,
}

/// Seconds spent in each phase of a step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct PhaseTimes {
    #[serde(rename = "time/sample_s")]
    pub sample_s: f64,
    #[serde(rename = "time/score_s")]
    pub score_s: f64,
    /// The Taylor proposal, the gate's policy forward and the selection.
    #[serde(rename = "time/taylor_s")]
    pub taylor_s: f64,
    #[serde(rename = "time/verify_s")]
    pub verify_s: f64,
    #[serde(rename = "time/update_s")]
    pub update_s: f64,
    /// With several ranks: in collectives (the gradient all-reduce, the step's agreement and
    /// gathers), waiting for the slowest rank included; 0 with one.
    #[serde(rename = "time/reduce_s")]
    pub reduce_s: f64,
    /// The whole step.
    #[serde(rename = "time/step_s")]
    pub step_s: f64,
}

impl PhaseTimes {
    /// The line's figures from the step's phase spans (`instrument::phases`, whose phase
    /// names are these fields' names).
    pub fn from_spans(s: &crate::instrument::phases::StepSeconds) -> Self {
        let [sample_s, score_s, taylor_s, verify_s, update_s, reduce_s] = s.phases;
        PhaseTimes {
            sample_s,
            score_s,
            taylor_s,
            verify_s,
            update_s,
            reduce_s,
            step_s: s.total,
        }
    }

    /// (phase name, seconds) in step order; the name is the JSON key's `time/{name}_s`.
    pub fn named(&self) -> [(&'static str, f64); 7] {
        [
            ("sample", self.sample_s),
            ("score", self.score_s),
            ("taylor", self.taylor_s),
            ("verify", self.verify_s),
            ("update", self.update_s),
            ("reduce", self.reduce_s),
            ("step", self.step_s),
        ]
    }

    pub fn add(&mut self, o: &PhaseTimes) {
        self.sample_s += o.sample_s;
        self.score_s += o.score_s;
        self.taylor_s += o.taylor_s;
        self.verify_s += o.verify_s;
        self.update_s += o.update_s;
        self.reduce_s += o.reduce_s;
        self.step_s += o.step_s;
    }

    pub fn scaled(&self, f: f64) -> PhaseTimes {
        PhaseTimes {
            sample_s: self.sample_s * f,
            score_s: self.score_s * f,
            reduce_s: self.reduce_s * f,
            taylor_s: self.taylor_s * f,
            verify_s: self.verify_s * f,
            update_s: self.update_s * f,
            step_s: self.step_s * f,
        }
    }
}

/// One `eval.jsonl` line: held-out figures averaged over assignments, on the policy's own
/// samples (N per assignment), and the training budget spent so far.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct EvalMetrics {
    pub step: u64,
    /// N of best-of-N (`eval.best_of`): part of the JSON name, `eval/best_of_{N}`.
    pub n: usize,
    pub best_of: f64,
    pub mean: f64,
    /// The game's reference move's score, for scale (None when the game gives none).
    pub reference: Option<f64>,
    /// Mean per-token entropy (nats) of the sampling distribution along the samples drawn.
    pub entropy: f64,
    /// Mean over assignments of the (population) variance of the N scores.
    pub score_var: f64,
    /// Mean over assignments of distinct moves / N.
    pub distinct: f64,
    /// Training judge forwards and backwards up to and including `step` (0 at step 0).
    pub judge_forwards_total: u64,
    pub judge_backwards_total: u64,
}

impl EvalMetrics {
    /// The JSON name of the best-of-N figure.
    pub fn best_of_key(&self) -> String {
        format!("eval/best_of_{}", self.n)
    }
}

// By hand: the best-of key carries the configured N.
impl Serialize for EvalMetrics {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(9))?;
        m.serialize_entry("step", &self.step)?;
        m.serialize_entry(&self.best_of_key(), &self.best_of)?;
        m.serialize_entry("eval/mean", &self.mean)?;
        m.serialize_entry("eval/reference", &self.reference)?;
        m.serialize_entry("eval/entropy", &self.entropy)?;
        m.serialize_entry("eval/score_var", &self.score_var)?;
        m.serialize_entry("eval/distinct", &self.distinct)?;
        m.serialize_entry("budget/judge_forwards_total", &self.judge_forwards_total)?;
        m.serialize_entry("budget/judge_backwards_total", &self.judge_backwards_total)?;
        m.end()
    }
}

/// One `samples.jsonl` line: every assignment of the step and its final group.
#[derive(Debug, Clone, Serialize)]
pub struct SamplesLine {
    pub step: u64,
    pub assignments: Vec<SampledAssignment>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SampledAssignment {
    pub prompt: String,
    /// The game's reference move, decoded.
    pub reference: Option<String>,
    pub moves: Vec<SampledMove>,
}

/// One member of the final group, and the move originally sampled in its place.
#[derive(Debug, Clone, Serialize)]
pub struct SampledMove {
    #[serde(rename = "move")]
    pub text: String,
    pub move_ids: Vec<u32>,
    pub sampled_ids: Vec<u32>,
    pub score: f64,
    /// The sampled move's text (the same as `move` unless replaced).
    pub sampled: String,
    pub sampled_score: f64,
    pub replaced: bool,
}

/// The JSON of a log line (a non-finite float becomes null, as serde_json writes it).
pub fn to_json(line: &impl Serialize) -> Value {
    serde_json::to_value(line).expect("log lines have string keys")
}

#[cfg(test)]
#[path = "metrics_tests.rs"]
mod tests;
