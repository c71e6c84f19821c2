//! What a resume checks and restores: the recorded config against the new one (a shape change
//! refused, the changed settings listed), the checkpoint against the run, and the judge budget
//! spent before it.

use std::path::Path;

use super::{snapshot, RunRequest, Setup, TrainError};
use crate::config::TrainConfig;
use crate::run::checkpoints::Checkpoints;
use crate::run::dir::{BudgetTotal, CheckpointState, RunDirError};
use crate::update::adamw::AdamW;

/// The run's recorded `config.toml`: its text, and the config it parses to (none when an
/// older or damaged file no longer parses). None when there is no file.
fn recorded_config(dir: &Path) -> Option<(String, Option<TrainConfig>)> {
    let path = dir.join("config.toml");
    let text = std::fs::read_to_string(&path).ok()?;
    let parsed = TrainConfig::from_toml(&text, &path.display().to_string(), &[]).ok();
    Some((text, parsed))
}

/// A resumed run's checkpoints hold tensors of the shapes its recorded config gave: a setting
/// that changes them (LoRA on or off, its rank, its target modules) cannot be resumed, and
/// would otherwise fail on every checkpoint in turn as if each were corrupt.
pub(super) fn refuse_shape_change(dir: &Path, cfg: &TrainConfig) -> Result<(), TrainError> {
    let Some((_, Some(old))) = recorded_config(dir) else {
        return Ok(());
    };
    let (was, now) = (&old.model.lora, &cfg.model.lora);
    let describe = |l: &Option<crate::config::LoraSection>| match l {
        Some(_) => "LoRA".to_string(),
        None => "full fine-tuning".to_string(),
    };
    let change = match (was, now) {
        (Some(a), Some(b)) if a.r != b.r => {
            Some(("model.lora.r", a.r.to_string(), b.r.to_string()))
        }
        (Some(a), Some(b)) if a.target_modules != b.target_modules => Some((
            "model.lora.target_modules",
            format!("{:?}", a.target_modules),
            format!("{:?}", b.target_modules),
        )),
        (Some(a), Some(b)) if a.target_parameters != b.target_parameters => Some((
            "model.lora.target_parameters",
            format!("{:?}", a.target_parameters),
            format!("{:?}", b.target_parameters),
        )),
        (Some(_), None) | (None, Some(_)) => Some(("model.lora", describe(was), describe(now))),
        _ => None,
    };
    match change {
        None => Ok(()),
        Some((field, a, b)) => Err(TrainError::Config {
            field: field.into(),
            msg: format!(
                "is {b} but {} was trained with {a}: its checkpoints cannot load into another \
                 shape; resume without changing it, or start a new run (another --out)",
                dir.display()
            ),
        }),
    }
}

/// The settings `cfg` changes from the run's recorded config, `key: old -> new` each: the
/// recorded text is read as a config first, so settings it leaves at their default (an older
/// Frost's config.toml) compare by value.
pub(super) fn settings_changed(dir: &Path, cfg: &TrainConfig) -> Vec<String> {
    let Some((text, parsed)) = recorded_config(dir) else {
        return Vec::new();
    };
    let old = parsed.map_or(text, |c| c.to_toml());
    crate::run::changes::changes(&old, &cfg.to_toml()).unwrap_or_default()
}

/// The sum of the per-step judge budget in `metrics.jsonl` over steps 1..=`step`.
pub(super) fn budget_from_logs(dir: &Path, step: u64) -> BudgetTotal {
    let text = std::fs::read_to_string(dir.join("metrics.jsonl")).unwrap_or_default();
    let mut total = BudgetTotal::default();
    for v in text
        .lines()
        .filter_map(|l| serde_json::from_str::<StepBudget>(l).ok())
    {
        if v.step <= step {
            total.forwards += v.forwards;
            total.backwards += v.backwards;
        }
    }
    total
}

#[derive(serde::Deserialize)]
struct StepBudget {
    step: u64,
    #[serde(rename = "budget/judge_forwards")]
    forwards: u64,
    #[serde(rename = "budget/judge_backwards")]
    backwards: u64,
}

/// Checks the checkpoint `ckpt` against this run (refusing a mismatch unless forced) and
/// loads it. Returns its step and the judge budget total it recorded.
pub(super) fn load_checkpoint(
    req: &RunRequest,
    s: &mut Setup,
    opt: &mut AdamW,
    ckpt: &Path,
) -> Result<(u64, Option<BudgetTotal>), TrainError> {
    let state: CheckpointState = Checkpoints::read_state(ckpt).map_err(RunDirError::from)?;
    let mismatches = state.mismatches(&snapshot::state_of(s, state.step));
    if !mismatches.is_empty() {
        let what = mismatches.join("; ");
        if !req.force_resume {
            return Err(TrainError::Mismatch {
                path: req.out.clone(),
                what,
            });
        }
        tracing::warn!("resuming despite: {what} (--force-resume)");
    }
    snapshot::load(s, opt, ckpt)?;
    Ok((state.step, state.judge_budget_total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_checkpoint_without_a_budget_total_sums_the_logged_steps() {
        let d = tempfile::tempdir().unwrap();
        let line = |step: u64, f: u64, b: u64| {
            format!(
                "{{\"step\": {step}, \"budget/judge_forwards\": {f}, \"budget/judge_backwards\": {b}}}\n"
            )
        };
        let text = line(1, 8, 1) + &line(2, 7, 1) + &line(3, 8, 1);
        std::fs::write(d.path().join("metrics.jsonl"), text).unwrap();
        let total = budget_from_logs(d.path(), 2);
        assert_eq!((total.forwards, total.backwards), (15, 2));
        assert_eq!(
            budget_from_logs(&d.path().join("none"), 2),
            BudgetTotal::default()
        );
    }
}
