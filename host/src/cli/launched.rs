//! `eval` and `play` under a launcher (torchrun, srun): one copy of the model split over every
//! launched rank (`train::setup_launched`), each rank computing what one process computes.
//! Rank 0 alone prints and writes: the other ranks' standard output goes to /dev/null, their
//! progress bars are hidden, and `output::prepare` and `output::write` do nothing there.

use frost_host::config::TrainConfig;
use frost_host::dist::World;
use frost_host::train::{self, Setup};

/// Whether this process is a rank other than 0 of a launched command.
pub fn follower() -> bool {
    World::from_env(|v| std::env::var(v).ok()).is_ok_and(|w| w.rank != 0)
}

/// The command's setup, alone or launched (see the module); on a rank other than 0 its output
/// is silenced first.
pub fn setup(cfg: &mut TrainConfig) -> anyhow::Result<Setup> {
    if quiet_follower() {
        cfg.run.progress = false;
    }
    Ok(train::setup_launched(cfg)?)
}

/// On a rank other than 0, its standard output to /dev/null (rank 0 prints the command's
/// output; errors stay on stderr). Whether this is such a rank.
pub fn quiet_follower() -> bool {
    use std::os::fd::AsRawFd;
    if !follower() {
        return false;
    }
    if let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") {
        // SAFETY: dup2 onto fd 1, which this process owns; `null` stays open until then.
        unsafe { libc::dup2(null.as_raw_fd(), 1) };
    }
    true
}
