//! The training loop. `setup` loads and checks everything that can fail on user input before
//! the run directory exists; then per step: `step` (deal -> sample K -> judge scores -> Frost
//! round -> advantages -> update) -> log the `metrics` -> `eval` when due -> `checkpoint` when
//! due -> progress. `summary` is the end-of-run table.

mod dynamic;
mod eval;
mod fingerprint;
mod guard;
pub(crate) mod identity;
pub mod metrics;
mod ranks;
mod reference;
mod resume;
pub mod sample;
mod search_groups;
mod separate_judge;
mod setup;
mod snapshot;
mod step;
mod summary;
mod test_time;
mod update;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::config::TrainConfig;
use crate::corpus::CorpusError;
use crate::dist::World;
use crate::frost::FrostError;
use crate::game::GameError;
use crate::model::ModelError;
use crate::round::AssignmentError;
use crate::run::checkpoints::CheckpointError;
use crate::run::dir::{BudgetTotal, ResumeRecord, RunDir, RunDirError};
use crate::run::figures::Figures;
use crate::run::files::IoError;
use crate::run::tensorboard::{self, Tensorboard};
use crate::run::wandb::Wandb;
use crate::update::adamw::AdamW;
pub use ranks::setup_launched;
use ranks::{follow, place_rank, share_start};
use resume::{budget_from_logs, load_checkpoint, refuse_shape_change, settings_changed};

pub use eval::{evaluate, evaluate_assignments, summarize, AssignmentEval};
pub(crate) use guard::all_finite;
pub use metrics::{EvalMetrics, StepMetrics};
pub use sample::{
    check_sampled_scores, sample_checked, sample_groups, sampling_params, GroupSamples,
};
pub use setup::{
    eval_set, load_player_and_judge, load_policy, model_dir, setup, setup_split, tokenizer_dir,
    Setup,
};
pub use snapshot::{load_policy_weights, load_weights};
pub use step::{train_step, StepOut};
pub use summary::{summary_table, Summary};
pub use test_time::{evaluate_refined, ArmPoint, RefineCurve, Refining};

#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error("game file {0} does not exist (build the games with `make games`)")]
    MissingGame(PathBuf),
    #[error("no game given: pass --game FILE or set game.path in the config")]
    NoGame,
    #[error("game {path}: {source}")]
    Game { path: PathBuf, source: GameError },
    #[error("model {path}: {source}")]
    Model { path: PathBuf, source: ModelError },
    #[error(transparent)]
    Assignment(#[from] AssignmentError),
    #[error("corpus: {0}")]
    Corpus(#[from] CorpusError),
    #[error(transparent)]
    Frost(#[from] FrostError),
    #[error(transparent)]
    RunDir(#[from] RunDirError),
    #[error("config field `{field}`: {msg}")]
    Config { field: String, msg: String },
    #[error(
        "judge.path {judge}: its tokenizer differs from the player's ({player}): {what}; \
         a judge must use the player's tokenizer"
    )]
    JudgeTokenizer {
        judge: PathBuf,
        player: PathBuf,
        what: String,
    },
    #[error("checkpoint {path}: {msg}")]
    Resume { path: PathBuf, msg: String },
    /// A checkpoint file not as written (checksum, parse, non-finite values).
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A checkpoint that does not fit the model the config builds (its message names the file).
    #[error("the checkpoint does not fit the model: {0}")]
    CheckpointModel(ModelError),
    #[error("cannot resume {path}: {what}; pass --force-resume to continue it anyway")]
    Mismatch { path: PathBuf, what: String },
    #[error("{path} has checkpoints but none could be loaded (see the warnings above)")]
    NoLoadableCheckpoint { path: PathBuf },
    #[error("step {step}: {msg}")]
    NonFinite { step: u64, msg: String },
    /// `run_dir` says what became of the run directory (filled in by [`train`]).
    #[error(
        "step {step}: all {steps} steps run had a non-finite loss or gradient and were skipped: \
         nothing was trained{run_dir}; lower update.lr or check the game's scores (game-check)"
    )]
    NothingTrained {
        step: u64,
        steps: u64,
        run_dir: String,
    },
    #[error(
        "step {step} (game {game}): libtorch failed: {msg}; the last checkpoint is intact, \
         resume with --resume after fixing the cause (memory, or the game's limits)"
    )]
    Torch {
        step: u64,
        game: String,
        msg: String,
    },
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("TensorBoard output: {0} (`--set run.tensorboard=false` trains without it)")]
    Tensorboard(IoError),
    #[error(transparent)]
    Dist(#[from] crate::dist::DistError),
    #[error(transparent)]
    Size(#[from] crate::sizes::SizeError),
    #[error(transparent)]
    Disagreement(#[from] fingerprint::Disagreement),
}

/// What the caller asks for.
pub struct RunRequest {
    pub config: TrainConfig,
    pub out: PathBuf,
    /// `out` is the default name (no `--out` given): ranks may name it differently.
    pub default_out: bool,
    /// Continue the run in `out` from its latest checkpoint.
    pub resume: bool,
    /// Resume even when the checkpoint was trained with another seed, model, game or game config.
    pub force_resume: bool,
    /// The `--set` overrides given, recorded in the run's config history on resume.
    pub overrides: Vec<String>,
}

/// Train: set up, open the run directory, loop, summarise. `stop` is raised by Ctrl-C.
/// Launched as several ranks (torchrun, srun: see [`crate::dist`]), rank 0 owns the run
/// directory and the others follow it, each working on its share of every step.
pub fn train(req: RunRequest, stop: &AtomicBool) -> Result<Summary, TrainError> {
    if !req.resume {
        RunDir::check_new(&req.out)?;
    }
    let world = World::from_env(|v| std::env::var(v).ok())?;
    let cfg = place_rank(&req.config, &world)?;
    // The ranks join and check they were launched alike before anything is loaded.
    let mut dist = fingerprint::join(&req, &cfg, world)?;
    dist.split_model(cfg.parallel.tensor)?;
    let mut s = fingerprint::all_ok(&dist, setup_split(&cfg, dist.model_group()))?;
    s.dist = dist;
    let mut opt = optimizer(&s);
    if !s.dist.is_main() {
        let (start, _) = share_start(&mut s, &mut opt, Ok((0, BudgetTotal::default())))?;
        return follow(&mut s, &mut opt, start, stop);
    }
    let opened = open_run(&req, &mut s, &mut opt);
    let start = opened.as_ref().map(|(_, start, budget)| (*start, *budget));
    let start = start.map_err(|e| TrainError::Resume {
        path: req.out.clone(),
        msg: e.to_string(),
    });
    let shared = share_start(&mut s, &mut opt, start);
    let (run, start, budget) = opened?;
    let result = shared
        .and_then(|_| open_tensorboard(&req, &s.cfg, &run, start))
        .map(|tb| Figures {
            tensorboard: tb,
            wandb: open_wandb(&s, &run),
        })
        .and_then(|mut figures| {
            let done = run_loop(
                &req,
                &mut s,
                &mut opt,
                &run,
                &mut figures,
                (start, budget),
                stop,
            );
            figures.finish(done.is_ok());
            done
        });
    match result {
        // The checkpoints hold the weights it started from: a new run leaves nothing behind.
        Err(TrainError::NothingTrained { step, steps, .. }) => {
            let path = run.path.display().to_string();
            let run_dir = match run.discard_if_created() {
                true => format!(" (its run directory {path} was removed)"),
                false => format!(
                    " ({path} was kept: it existed before this launch; the checkpoints this \
                     launch wrote hold the weights it started from)"
                ),
            };
            Err(TrainError::NothingTrained {
                step,
                steps,
                run_dir,
            })
        }
        Err(e) => {
            run.discard_if_unstarted();
            Err(e)
        }
        ok => ok,
    }
}

fn run_loop(
    req: &RunRequest,
    s: &mut Setup,
    opt: &mut AdamW,
    run: &RunDir,
    figures: &mut Figures,
    (start, mut total): (u64, BudgetTotal),
    stop: &AtomicBool,
) -> Result<Summary, TrainError> {
    let cfg = s.cfg.clone();
    if start >= cfg.steps {
        tracing::warn!(
            "{} already has {start} of {} steps: raise --set steps=N to continue",
            req.out.display(),
            cfg.steps
        );
    }
    let bar = summary::progress_bar(&cfg, start);
    let mut summary = Summary::new(&req.out, start, s.dist.world.size);
    let mut totals = summary::Totals::default();
    if start == 0 && cfg.eval.every > 0 {
        summary.add_eval(evaluate_and_log(s, run, figures, 0, total)?);
    }
    let mut finite = guard::FiniteGuard::default();
    let mut last_saved = start;
    for step in start + 1..=cfg.steps {
        let mut out = guarded_step(s, opt, step, stop.load(Ordering::SeqCst))?;
        finite.after_step(step, out.metrics.update.skipped, opt)?;
        total.forwards += out.metrics.budget.judge_forwards;
        total.backwards += out.metrics.budget.judge_backwards;
        out.metrics.budget.judge_forwards_total = total.forwards;
        out.metrics.budget.judge_backwards_total = total.backwards;
        let line = metrics::to_json(&out.metrics);
        run.append("metrics.jsonl", &line)?;
        figures.log(&line);
        if cfg.run.samples_every > 0 && step % cfg.run.samples_every == 0 {
            run.append("samples.jsonl", &metrics::to_json(&out.samples))?;
        }
        if cfg.eval.every > 0 && (step % cfg.eval.every == 0 || step == cfg.steps) {
            summary.add_eval(evaluate_and_log(s, run, figures, step, total)?);
        }
        summary.add_step(&out.metrics, &mut totals);
        // Every rank's Ctrl-C, agreed in the step: all ranks stop after the same step.
        let interrupted = out.stop;
        let due = cfg.run.checkpoint_every > 0 && step % cfg.run.checkpoint_every == 0;
        if due || step == cfg.steps || interrupted {
            snapshot::save(s, opt, run, step, total)?;
            last_saved = step;
        }
        bar.set_position(step);
        bar.set_message(summary::live_figures(
            &out.metrics,
            summary.last_eval.as_ref(),
        ));
        if interrupted {
            summary.interrupted = true;
            bar.abandon_with_message(format!("interrupted: saved step {step}"));
            break;
        }
    }
    if !summary.interrupted {
        bar.finish();
    }
    summary.finish(start, &totals);
    if last_saved != summary.steps_done && summary.steps_done > 0 {
        snapshot::save(s, opt, run, summary.steps_done, total)?;
    }
    finite.finish(summary.steps_done)?;
    summary.budget_total = total;
    Ok(summary)
}

/// AdamW over the trainable variables. Moments are saved by index (`m.0`, ...): the variables
/// come in a fixed order. Every variable decays (LoRA factors and, in full fine-tuning, all
/// weights alike).
/// AdamW over the policy's trainable variables (the LoRA adapters, or every weight).
pub fn optimizer(s: &Setup) -> AdamW {
    let vars = s.model.trainable_variables().into_iter().enumerate();
    AdamW::new(vars.map(|(i, t)| (i.to_string(), t)).collect(), |_| true)
}

/// A new run directory, or the one being resumed with the weights and optimizer state of its
/// latest loadable checkpoint (none: a run killed before its first one starts over from step
/// 0). Returns it, the last step done and the training judge budget spent up to it.
fn open_run(
    req: &RunRequest,
    s: &mut Setup,
    opt: &mut AdamW,
) -> Result<(RunDir, u64, BudgetTotal), TrainError> {
    if !req.resume {
        let run = RunDir::create(&req.out, &s.cfg.to_toml())?;
        let models = identity::models_record(&s.cfg, &s.identity.base_model);
        let path = run.path.join("models.json");
        let game = identity::game_record(s.dealer.game.info(), &s.cfg.game.path, &s.identity);
        let written = crate::run::files::write_json(&path, &models)
            .and_then(|()| {
                crate::run::files::write_json(&run.path.join(crate::run::dir::GAME_RECORD), &game)
            })
            .map_err(RunDirError::from)
            .and_then(|()| run.record_launch(&launch(s, 0)));
        if let Err(e) = written {
            run.discard_if_unstarted();
            return Err(e.into());
        }
        return Ok((run, 0, BudgetTotal::default()));
    }
    let run = RunDir::open(&req.out)?;
    refuse_shape_change(&req.out, &s.cfg)?;
    let changed = settings_changed(&req.out, &req.config);
    let candidates = run.checkpoint_candidates();
    let mut start = None;
    for ckpt in &candidates {
        match load_checkpoint(req, s, opt, ckpt) {
            Ok(loaded) => {
                start = Some(loaded);
                break;
            }
            Err(e @ TrainError::Mismatch { .. }) => return Err(e),
            Err(e) => tracing::warn!("{e}: trying the previous checkpoint"),
        }
    }
    if start.is_none() && !candidates.is_empty() {
        return Err(TrainError::NoLoadableCheckpoint {
            path: req.out.clone(),
        });
    }
    let (start, budget) = match start {
        Some((step, budget)) => (Some(step), budget),
        None => (None, None),
    };
    run.rewind_logs(start)?;
    let after_step = start.unwrap_or(0);
    // Checkpoints written before the total was recorded: the logs' per-step figures.
    let budget = budget.unwrap_or_else(|| budget_from_logs(&req.out, after_step));
    run.record_resume(
        &s.cfg.to_toml(),
        &ResumeRecord {
            unix_time: unix_time(),
            after_step,
            overrides: &req.overrides,
            forced: req.force_resume,
        },
    )?;
    run.record_launch(&launch(s, after_step))?;
    match start {
        Some(step) => tracing::info!("resuming {} after step {step}", req.out.display()),
        None => tracing::info!("{} has no checkpoint: starting it over", req.out.display()),
    }
    if !changed.is_empty() {
        tracing::info!(
            "this resume changes {}; recorded in config.history.toml",
            changed.join("; ")
        );
    }
    Ok((run, after_step, budget))
}

/// This launch, for `launches.jsonl`: it starts after `step`.
fn launch(s: &Setup, step: u64) -> crate::run::dir::LaunchRecord {
    crate::run::dir::LaunchRecord {
        step,
        world_size: s.dist.world.size,
        frost_version: env!("CARGO_PKG_VERSION"),
        unix_time: unix_time(),
    }
}

fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Evaluate after `step`, with the training budget `total` spent so far, and log the line.
fn evaluate_and_log(
    s: &mut Setup,
    run: &RunDir,
    figures: &mut Figures,
    step: u64,
    total: BudgetTotal,
) -> Result<EvalMetrics, TrainError> {
    let mut e = evaluate(s, step)?;
    e.judge_forwards_total = total.forwards;
    e.judge_backwards_total = total.backwards;
    let line = metrics::to_json(&e);
    run.append("eval.jsonl", &line)?;
    figures.log(&line);
    Ok(e)
}

/// The run's TensorBoard event file under `RUN/tb/` (`run.tensorboard`). A resumed run logs
/// again from the step after its checkpoint `start` (from step 0's evaluation when it starts
/// over): its new file says so first, for TensorBoards that already read the old steps.
fn open_tensorboard(
    req: &RunRequest,
    cfg: &TrainConfig,
    run: &RunDir,
    start: u64,
) -> Result<Tensorboard, TrainError> {
    if !cfg.run.tensorboard {
        return Ok(Tensorboard::off());
    }
    let restart_at = req.resume.then_some(if start == 0 { 0 } else { start + 1 });
    Tensorboard::open(&run.path.join(tensorboard::DIR), restart_at).map_err(TrainError::Tensorboard)
}

/// The run's W&B output (`run.wandb`; rank 0 only), with the resolved config and what the run
/// trains on: the game's name and SHA-256, the models' record (models.json: paths and hashes).
fn open_wandb(s: &Setup, run: &RunDir) -> Wandb {
    let Some(w) = &s.cfg.run.wandb else {
        return Wandb::off();
    };
    let mut config = serde_json::to_value(&s.cfg).expect("the config serializes");
    let what = serde_json::json!({
        "frost_version": env!("CARGO_PKG_VERSION"),
        "game_name": s.dealer.game_name,
        "game": game_name_at_version(s),
        "game_sha256": s.identity.game_hash,
        "models": identity::models_record(&s.cfg, &s.identity.base_model),
    });
    if let (Some(c), serde_json::Value::Object(w)) = (config.as_object_mut(), what) {
        c.extend(w);
    }
    Wandb::start(w, &run.path, &config)
}

/// The game as runs and reports name it: `name@version` from its `describe()`.
fn game_name_at_version(s: &Setup) -> String {
    crate::game::manifest::name_at_version(s.dealer.game.info())
}

/// One step with libtorch's panics (an allocation failure, a shape error from what a round
/// asked for) turned into one error naming the step and the game, instead of a panic.
fn guarded_step(
    s: &mut Setup,
    opt: &mut AdamW,
    step: u64,
    stop: bool,
) -> Result<StepOut, TrainError> {
    let game = s.dealer.game_name.clone();
    catch_torch(step, &game, || train_step(s, opt, step, stop))
}

/// `f`, with a libtorch panic turned into [`TrainError::Torch`].
pub(super) fn catch_torch<T>(
    step: u64,
    game: &str,
    f: impl FnOnce() -> Result<T, TrainError>,
) -> Result<T, TrainError> {
    let run = std::panic::AssertUnwindSafe(f);
    match crate::terminal::quiet_panics(|| std::panic::catch_unwind(run)) {
        Ok(result) => result,
        Err(payload) => Err(TrainError::Torch {
            step,
            game: game.to_string(),
            msg: crate::terminal::panic_text(payload.as_ref()),
        }),
    }
}
