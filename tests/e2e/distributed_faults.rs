//! Distributed runs that fail, stop or log: only rank 0 logs at info, a killed rank makes the
//! other stop with a clear error, more ranks than assignments is refused naming the key, and
//! Ctrl-C under torchrun saves once. The equality with a 1-process run is `distributed.rs`'s.
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use crate::distributed::{master_port, torchrun_cmd, train_args, wait_for_steps};
use crate::fixture::{jsonl, tmp, write_config};

/// Rank `rank` of 2 as `srun` launches it (SLURM_* variables, no torchrun), stderr piped.
pub(crate) fn srun_rank(rank: usize, port: &str) -> Command {
    let mut c = common::frost_host();
    c.env("SLURM_PROCID", rank.to_string())
        .env("SLURM_NTASKS", "2")
        .env("SLURM_LOCALID", rank.to_string())
        .env("MASTER_ADDR", "127.0.0.1")
        .env("MASTER_PORT", port)
        .env("OMP_NUM_THREADS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    c
}

/// Under a launcher only rank 0 logs the setup and progress (info); the other ranks would only
/// repeat it, and still show their warnings and errors. Rank 1's rank-local settings (its copy
/// of the game elsewhere, its threads) are not a disagreement.
#[test]
fn only_rank_0_logs_at_info() {
    let dir = tmp("dist-logs");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let port = master_port().to_string();
    // A join timeout of its own: the collectives then run on a group with the collective
    // timeout (dist.rs), which this run goes through.
    let sets = [
        "steps=1",
        "eval.every=0",
        "run.tensorboard=false",
        "run.join_timeout_s=120",
    ];
    // Rank-local fields may differ: rank 1 reads its own copy of the game, with one thread.
    let copy = dir.join("infill-copy.wasm");
    std::fs::copy(common::game_wasm("infill"), &copy).unwrap();
    let game = format!("game.path={:?}", copy.display().to_string());
    let rank1 = ["--set", game.as_str(), "--set", "run.threads=1"];
    let ranks: Vec<_> = (0..2)
        .map(|r| {
            let mut c = srun_rank(r, &port);
            c.args(train_args(&cfg, &out, &sets))
                .env_remove("FROST_LOG");
            if r == 1 {
                c.args(rank1);
            }
            c.spawn().unwrap()
        })
        .collect();
    let errs: Vec<String> = ranks
        .into_iter()
        .map(|c| {
            let o = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            assert!(o.status.success(), "{err}");
            err
        })
        .collect();
    assert!(
        errs[0].contains(" INFO "),
        "rank 0 logged nothing: {}",
        errs[0]
    );
    assert!(
        !errs[1].contains(" INFO "),
        "rank 1 logged at info: {}",
        errs[1]
    );
}

/// Two ranks launched as `srun` launches them (SLURM_* variables, no torchrun); rank 1 is
/// killed after rank 0 logged a step: rank 0 stops with one error line naming itself and the
/// failed collective, within the collective timeout, never hanging.
#[test]
fn a_killed_rank_makes_the_other_stop_with_a_clear_error() {
    let dir = tmp("dist-kill");
    let cfg = write_config(&dir, true);
    let sets = [
        "steps=400",
        "eval.every=0",
        "run.tensorboard=false",
        "run.collective_timeout_s=30",
    ];
    fail_rank_1_and_check_rank_0(&cfg, &dir.join("run"), &sets, Fault::Killed);
}

/// What befalls rank 1 mid-run.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fault {
    /// SIGKILL: its sockets close.
    Killed,
    /// SIGSTOP: alive and silent, as a rank stuck in a kernel or a dead node's process is; the
    /// others learn of it only from the collective timeout. Killed once rank 0 has stopped.
    Hung,
}

/// Runs `sets` on 2 ranks as `srun` launches them, kills or stops rank 1 (`fault`) once 2 steps
/// are logged, and checks that rank 0 stops within 60 s (the sets' collective timeout is 30 s),
/// failing, with a last line `error: ... rank 0 of 2 ...`.
pub(crate) fn fail_rank_1_and_check_rank_0(
    cfg: &std::path::Path,
    out: &std::path::Path,
    sets: &[&str],
    fault: Fault,
) {
    let port = master_port().to_string();
    let spawn = |rank: usize| {
        let mut c = srun_rank(rank, &port);
        c.args(train_args(cfg, out, sets)).env("FROST_LOG", "warn");
        c.spawn().unwrap()
    };
    let rank0 = spawn(0);
    let mut rank1 = spawn(1);
    wait_for_steps(&out.join("metrics.jsonl"), 2);
    match fault {
        Fault::Killed => {
            rank1.kill().unwrap();
            let _ = rank1.wait();
        }
        // SAFETY: a signal to the child this test spawned and still owns.
        Fault::Hung => assert_eq!(unsafe { libc::kill(rank1.id() as i32, libc::SIGSTOP) }, 0),
    }
    let killed = Instant::now();
    let o = rank0.wait_with_output().unwrap();
    let took = killed.elapsed();
    if let Fault::Hung = fault {
        rank1.kill().unwrap();
        let _ = rank1.wait();
    }
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        took < Duration::from_secs(60),
        "{fault:?}: rank 0 took {took:?} to stop:\n{err}"
    );
    assert!(!o.status.success(), "rank 0 went on without rank 1");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error:") && last.contains("rank 0 of 2"),
        "{err}"
    );
}

/// More ranks than a step's assignments: one line naming the key, from every rank.
#[test]
fn more_ranks_than_assignments_is_refused_naming_the_key() {
    let dir = tmp("dist-many");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let o = torchrun_cmd(
        3,
        &train_args(&cfg, &out, &["sampling.assignments_per_step=2"]),
    )
    .output()
    .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("sampling.assignments_per_step") && err.contains("3 ranks"),
        "{err}"
    );
    assert!(!out.exists(), "a run directory was left");
}

/// Ctrl-C under torchrun (SIGINT to the whole job): every rank stops after the same step, rank
/// 0 saves that step once and says so.
#[test]
fn ctrl_c_under_torchrun_saves_once() {
    use std::os::unix::process::CommandExt;
    let dir = tmp("dist-int");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let sets = [
        "steps=400",
        "eval.every=0",
        "run.tensorboard=false",
        "run.checkpoint_every=0",
    ];
    let mut c = torchrun_cmd(2, &train_args(&cfg, &out, &sets));
    c.process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let child = c.spawn().unwrap();
    let pgid = child.id() as i32;
    let metrics = out.join("metrics.jsonl");
    wait_for_steps(&metrics, 2);
    // SAFETY: a signal to the process group the test spawned.
    unsafe { libc::kill(-pgid, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let steps = jsonl(&metrics).len() as u64;
    assert!(steps < 400, "the run did not stop");
    assert!(
        err.contains(&format!("interrupted: saved step {steps}")),
        "{err}"
    );
    assert_eq!(err.matches("interrupted: saved step").count(), 1, "{err}");
    let ckpts: Vec<String> = std::fs::read_dir(out.join("checkpoints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("step-"))
        .collect();
    assert_eq!(ckpts, vec![format!("step-{steps:06}")], "{err}");
    // torchrun reports its own Ctrl-C as the job's failure (the workers leave with 130).
    assert!(!o.status.success(), "{err}");
}
