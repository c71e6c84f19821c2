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
    pub reward: RewardMetrics,
    #[serde(flatten)]
    pub update: UpdateMetrics,
    #[serde(flatten)]
    pub frost: FrostMetrics,
    #[serde(flatten)]
    pub budget: BudgetMetrics,
    #[serde(flatten)]
    pub time: PhaseTimes,
}

/// Scores of the group as sampled (on-policy), and after Frost's refinement.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RewardMetrics {
    #[serde(rename = "reward/mean")]
    pub mean: f64,
    #[serde(rename = "reward/std")]
    pub std: f64,
    /// Mean over assignments of the std within each group.
    #[serde(rename = "reward/group_std")]
    pub group_std: f64,
    /// Mean over assignments of the best sampled score.
    #[serde(rename = "reward/best_of_k")]
    pub best_of_k: f64,
    /// Mean of the final (refined) scores, what the update trains on.
    #[serde(rename = "reward/refined_mean")]
    pub refined_mean: f64,
}

impl RewardMetrics {
    /// `sampled[a]` and `refined[a]`: the scores of assignment a's group before and after Frost.
    pub fn over(sampled: &[Vec<f64>], refined: &[Vec<f64>]) -> Self {
        let flat: Vec<f64> = sampled.iter().flatten().copied().collect();
        let (mean, std) = mean_std(&flat);
        let per_group =
            |f: fn(&[f64]) -> f64| sampled.iter().map(|g| f(g)).sum::<f64>() / sampled.len() as f64;
        let refined: Vec<f64> = refined.iter().flatten().copied().collect();
        RewardMetrics {
            mean,
            std,
            group_std: per_group(|g| mean_std(g).1),
            best_of_k: per_group(|g| g.iter().copied().fold(f64::NEG_INFINITY, f64::max)),
            refined_mean: mean_std(&refined).0,
        }
    }
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
    /// Mean token entropy of the policy over the final group.
    pub entropy: f64,
    pub kl: f64,
    pub loss: f64,
    /// Global gradient norm before clipping (0 when the step was skipped).
    pub grad_norm: f64,
    pub clip_frac: f64,
    /// The loss or a gradient was not finite: no optimizer step was taken.
    pub skipped: bool,
}

/// What Frost's refinement did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FrostMetrics {
    /// Fraction of the group's members replaced by a child.
    #[serde(rename = "frost/replaced_frac")]
    pub replaced_frac: f64,
    /// `reward/refined_mean - reward/mean`.
    #[serde(rename = "frost/mean_gain")]
    pub mean_gain: f64,
    /// Distinct children verified per assignment.
    #[serde(rename = "frost/children")]
    pub children: f64,
}

/// The judge budget of the step (evaluation not included).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct BudgetMetrics {
    #[serde(rename = "budget/judge_forwards")]
    pub judge_forwards: u64,
    #[serde(rename = "budget/judge_backwards")]
    pub judge_backwards: u64,
    /// Identical sampled moves are scored once, so this can be below A * K.
    #[serde(rename = "budget/judge_forwards_sampled")]
    pub judge_forwards_sampled: u64,
    #[serde(rename = "budget/judge_forwards_children")]
    pub judge_forwards_children: u64,
    #[serde(rename = "budget/judge_forwards_per_assignment")]
    pub judge_forwards_per_assignment: f64,
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
    /// The whole step.
    #[serde(rename = "time/step_s")]
    pub step_s: f64,
}

impl PhaseTimes {
    /// (phase name, seconds) in step order; the name is the JSON key's `time/{name}_s`.
    pub fn named(&self) -> [(&'static str, f64); 6] {
        [
            ("sample", self.sample_s),
            ("score", self.score_s),
            ("taylor", self.taylor_s),
            ("verify", self.verify_s),
            ("update", self.update_s),
            ("step", self.step_s),
        ]
    }

    pub fn add(&mut self, o: &PhaseTimes) {
        self.sample_s += o.sample_s;
        self.score_s += o.score_s;
        self.taylor_s += o.taylor_s;
        self.verify_s += o.verify_s;
        self.update_s += o.update_s;
        self.step_s += o.step_s;
    }

    pub fn scaled(&self, f: f64) -> PhaseTimes {
        PhaseTimes {
            sample_s: self.sample_s * f,
            score_s: self.score_s * f,
            taylor_s: self.taylor_s * f,
            verify_s: self.verify_s * f,
            update_s: self.update_s * f,
            step_s: self.step_s * f,
        }
    }
}

/// One `eval.jsonl` line: held-out best-of-N and mean score, averaged over assignments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalMetrics {
    pub step: u64,
    /// N of best-of-N (`eval.best_of`): part of the JSON name, `eval/best_of_{N}`.
    pub n: usize,
    pub best_of: f64,
    pub mean: f64,
    /// The game's reference move's score, for scale (None when the game gives none).
    pub reference: Option<f64>,
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
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("step", &self.step)?;
        m.serialize_entry(&self.best_of_key(), &self.best_of)?;
        m.serialize_entry("eval/mean", &self.mean)?;
        m.serialize_entry("eval/reference", &self.reference)?;
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
mod tests {
    use super::*;

    #[test]
    fn step_line_keeps_its_names() {
        let m = StepMetrics {
            step: 3,
            reward: RewardMetrics::over(&[vec![1.0, 3.0], vec![2.0, 2.0]], &[vec![4.0, 3.0]]),
            budget: BudgetMetrics {
                judge_forwards: 8,
                ..Default::default()
            },
            time: PhaseTimes {
                step_s: 1.5,
                ..Default::default()
            },
            ..Default::default()
        };
        let v = to_json(&m);
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        let want = "step reward/mean reward/std reward/group_std reward/best_of_k \
             reward/refined_mean entropy kl loss grad_norm clip_frac skipped frost/replaced_frac \
             frost/mean_gain frost/children budget/judge_forwards budget/judge_backwards \
             budget/judge_forwards_sampled budget/judge_forwards_children \
             budget/judge_forwards_per_assignment time/sample_s time/score_s time/taylor_s \
             time/verify_s time/update_s time/step_s";
        let mut keys_sorted = keys.clone();
        keys_sorted.sort();
        let mut want: Vec<&str> = want.split_whitespace().collect();
        want.sort();
        assert_eq!(keys_sorted, want);
        assert_eq!(v["step"], 3);
        assert_eq!(v["reward/mean"], 2.0);
        assert_eq!(v["reward/std"], 0.5f64.sqrt());
        assert_eq!(v["reward/group_std"], 0.5);
        assert_eq!(v["reward/best_of_k"], 2.5);
        assert_eq!(v["reward/refined_mean"], 3.5);
        assert_eq!(v["budget/judge_forwards"], 8);
        assert_eq!(v["time/step_s"], 1.5);
        assert_eq!(v["skipped"], false);
        // The phase figures read back from a line (what `frost-host bench --phases` does).
        let t: PhaseTimes = serde_json::from_value(v).unwrap();
        assert_eq!(t, m.time);
    }

    #[test]
    fn eval_line_names_the_configured_best_of() {
        let e = |n| EvalMetrics {
            step: 2,
            n,
            best_of: -1.5,
            mean: -2.0,
            reference: None,
        };
        let v = to_json(&e(8));
        assert_eq!(v["eval/best_of_8"], -1.5);
        assert_eq!(v["eval/mean"], -2.0);
        assert_eq!(v["step"], 2);
        assert!(v["eval/reference"].is_null());
        let v = to_json(&e(4));
        assert_eq!(v["eval/best_of_4"], -1.5);
        assert!(v.get("eval/best_of_8").is_none());
        assert_eq!(v.as_object().unwrap().len(), 4);
    }
}
