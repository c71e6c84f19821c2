//! The ranks of a distributed run besides rank 0's own loop: where a rank's model goes, the
//! state every rank starts from (rank 0's), and the steps a rank other than 0 follows.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use tch::Tensor;

use super::setup::Setup;
use super::{evaluate, guard, guarded_step, Summary, TrainError};
use crate::config::TrainConfig;
use crate::dist::World;
use crate::run::dir::BudgetTotal;
use crate::update::adamw::AdamW;

/// The config one rank trains with: on GPUs, rank r's model (and judge) on `cuda:LOCAL_RANK`;
/// a world `parallel.tensor` does not divide is refused, and so are more data-parallel replicas
/// than a step's assignments (one would have nothing to do).
pub(super) fn place_rank(cfg: &TrainConfig, world: &World) -> Result<TrainConfig, TrainError> {
    let mut cfg = cfg.clone();
    let t = cfg.parallel.tensor;
    (cfg.parallel.check_ranks(world.size)).map_err(|msg| TrainError::Config {
        field: "parallel.tensor".into(),
        msg,
    })?;
    if world.size == 1 {
        return Ok(cfg);
    }
    let a = cfg.sampling.assignments_per_step;
    let replicas = world.size / t.max(1);
    if replicas > a {
        let launched = match t {
            1 => format!("{replicas} ranks launched: each rank"),
            _ => format!(
                "{replicas} replicas launched ({} ranks, parallel.tensor = {t}): each replica",
                world.size
            ),
        };
        return Err(TrainError::Config {
            field: "sampling.assignments_per_step".into(),
            msg: format!(
                "is {a}, fewer than the {launched} works on its share of a step's assignments; \
                 raise it to at least {replicas} or launch fewer ranks"
            ),
        });
    }
    let local = crate::config::DeviceSpec::Cuda(Some(world.local_rank));
    if matches!(cfg.model.device, crate::config::DeviceSpec::Cuda(_)) {
        cfg.model.device = local;
    }
    if matches!(cfg.judge.device, Some(crate::config::DeviceSpec::Cuda(_))) {
        cfg.judge.device = Some(local);
    }
    Ok(cfg)
}

/// Every rank starts from rank 0's state: `opened` is rank 0's (the step its run directory
/// resumes after, the budget spent) or its error, which stops every rank; then rank 0's
/// weights and optimizer state are broadcast (on a fresh run they are the same already; on a
/// resume only rank 0 read the checkpoint, whatever the world size it was written with).
pub(super) fn share_start(
    s: &mut Setup,
    opt: &mut AdamW,
    opened: Result<(u64, BudgetTotal), TrainError>,
) -> Result<(u64, BudgetTotal), TrainError> {
    if s.dist.is_single() {
        return opened;
    }
    let status = opened.as_ref().map(|_| ()).map_err(|e| e.to_string());
    s.dist.agree(status, false)?;
    let mine = opened?;
    let state = (mine.0, mine.1.forwards, mine.1.backwards, opt.step);
    let bytes = postcard::to_stdvec(&state).expect("a state serializes");
    let parts = s.dist.all_gather_bytes(&bytes)?;
    let (start, forwards, backwards, step): (u64, u64, u64, i64) = postcard::from_bytes(&parts[0])
        .map_err(|e| TrainError::Resume {
            path: PathBuf::from("rank 0"),
            msg: e.to_string(),
        })?;
    opt.step = step;
    let _guard = tch::no_grad_guard();
    let moments: Vec<Tensor> = opt.moments().into_iter().map(|(_, t)| t).collect();
    for t in opt.vars.iter().chain(&moments) {
        let flat = t.to_kind(tch::Kind::Float).reshape([-1]).contiguous();
        s.dist.broadcast(&flat, 0)?;
        t.shallow_clone().copy_(&flat.view_as(t).to_kind(t.kind()));
    }
    Ok((
        start,
        BudgetTotal {
            forwards,
            backwards,
        },
    ))
}

/// A rank other than 0: the same steps and evaluations (their collectives), nothing written.
pub(super) fn follow(
    s: &mut Setup,
    opt: &mut AdamW,
    start: u64,
    stop: &AtomicBool,
) -> Result<Summary, TrainError> {
    let cfg = s.cfg.clone();
    if start == 0 && cfg.eval.every > 0 {
        evaluate(s, 0)?;
    }
    let mut finite = guard::FiniteGuard::default();
    let (mut done, mut stopped) = (start, false);
    for step in start + 1..=cfg.steps {
        let out = guarded_step(s, opt, step, stop.load(Ordering::SeqCst))?;
        finite.after_step(step, out.metrics.update.skipped, opt)?;
        if cfg.eval.every > 0 && (step % cfg.eval.every == 0 || step == cfg.steps) {
            evaluate(s, step)?;
        }
        done = step;
        if out.stop {
            stopped = true;
            break;
        }
    }
    finite.finish(done)?;
    let mut summary = Summary::new(&PathBuf::new(), start, s.dist.world.size);
    summary.steps_done = done;
    summary.follower = true;
    summary.interrupted = stopped;
    Ok(summary)
}

/// [`super::setup`] for a command that reads a model (`eval`, `play`), run alone or by a
/// launcher (torchrun, srun): launched, the ranks join and split one copy of the model over
/// all of them (`parallel.tensor` must be the number launched: one copy, no replicas), and each
/// computes what one process computes, in the same order (the same seeds, the same
/// collectives). The caller lets rank 0 alone print and write.
pub fn setup_launched(cfg: &TrainConfig) -> Result<super::Setup, TrainError> {
    let world = World::from_env(|v| std::env::var(v).ok())?;
    if world.size == 1 {
        return super::setup(cfg);
    }
    let (t, n) = (cfg.parallel.tensor, world.size);
    if t != n {
        return Err(TrainError::Config {
            field: "parallel.tensor".into(),
            msg: format!(
                "is {t}, but {n} ranks were launched: eval and play under a launcher split one \
                 copy of the model over every rank; set --set parallel.tensor={n}, or run them \
                 as one process"
            ),
        });
    }
    let cfg = place_rank(cfg, &world)?;
    let mut dist = super::fingerprint::join_launched(&cfg, world)?;
    dist.split_model(t)?;
    let s = super::setup::setup_split(&cfg, dist.model_group());
    let mut s = super::fingerprint::all_ok(&dist, s)?;
    s.dist = dist;
    Ok(s)
}
