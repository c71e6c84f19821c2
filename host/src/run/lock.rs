//! One writer per run directory: an exclusive `flock` on `RUN/.lock`, held for the whole run.
//! The same lock guards anything two processes could fill at once (a model being pretrained,
//! the corpus cache): the second one is refused, or waits and then finds the work done.
//!
//! The OS releases the lock when the process ends, however it ends (crash, kill -9), so a
//! stale lock never blocks a later `--resume`. The holder writes its pid into the file so a
//! refused writer can say who holds the run.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use crate::run::files::{io_error, IoError};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "{dir} is in use by another frost-host{}: wait for it to finish or stop it first",
        pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
    )]
    Held { dir: PathBuf, pid: Option<u32> },
    #[error(transparent)]
    Io(#[from] IoError),
}

/// The held lock; dropping it (or the process ending) releases it.
#[derive(Debug)]
pub struct RunLock {
    _file: File,
}

impl RunLock {
    /// Takes the lock on `dir` (which must exist) without waiting: refused when another
    /// process holds it.
    pub fn acquire(dir: &Path) -> Result<Self, LockError> {
        Self::take(&dir.join(".lock"), dir, false)
    }

    /// Takes the lock file `path` (created if missing) that guards `what`, without waiting:
    /// refused, naming `what`, when another process holds it.
    pub fn try_file(path: &Path, what: &Path) -> Result<Self, LockError> {
        Self::take(path, what, false)
    }

    /// Takes the lock file `path` that guards `what`, waiting as long as another process
    /// holds it (for a cache the other one is filling: the caller then checks it again).
    pub fn wait_file(path: &Path, what: &Path) -> Result<Self, LockError> {
        Self::take(path, what, true)
    }

    fn take(path: &Path, what: &Path, wait: bool) -> Result<Self, LockError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io_error(path))?;
        if !try_flock(&file, libc::LOCK_EX | libc::LOCK_NB).map_err(io_error(path))? {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            let pid = text.trim().parse().ok();
            // Held under this process's own pid: a lock this process let go of, whose descriptor
            // a child being spawned by another thread still shares until its exec closes it
            // (close-on-exec): gone within moments, so wait briefly instead of refusing.
            if !wait && pid == Some(std::process::id()) && released_soon(&file, path)? {
                return Self::own(file, path);
            }
            if !wait {
                return Err(LockError::Held {
                    dir: what.to_path_buf(),
                    pid,
                });
            }
            tracing::info!(
                "waiting for another frost-host{} working on {}",
                pid.map(|p: u32| format!(" (pid {p})")).unwrap_or_default(),
                what.display()
            );
            try_flock(&file, libc::LOCK_EX).map_err(io_error(path))?;
        }
        Self::own(file, path)
    }

    /// The lock taken on `file`: this process's pid written into it.
    fn own(mut file: File, path: &Path) -> Result<Self, LockError> {
        let pid = std::process::id().to_string();
        file.set_len(0)
            .and_then(|_| file.rewind())
            .and_then(|_| file.write_all(pid.as_bytes()))
            .map_err(io_error(path))?;
        Ok(RunLock { _file: file })
    }
}

/// Whether the lock on `file` comes free within 2 s (polled).
fn released_soon(file: &File, path: &Path) -> Result<bool, LockError> {
    for _ in 0..200 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        if try_flock(file, libc::LOCK_EX | libc::LOCK_NB).map_err(io_error(path))? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `flock(op)` on `file`: false when a non-blocking lock is held elsewhere.
fn try_flock(file: &File, op: libc::c_int) -> std::io::Result<bool> {
    loop {
        // SAFETY: flock on a file descriptor the caller owns; no memory is shared.
        if unsafe { libc::flock(file.as_raw_fd(), op) } == 0 {
            return Ok(true);
        }
        let err = std::io::Error::last_os_error();
        match err.raw_os_error() {
            Some(libc::EWOULDBLOCK) => return Ok(false),
            // A signal interrupted a blocking wait: wait again.
            Some(libc::EINTR) => continue,
            _ => return Err(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_naming_the_pid_until_the_first_is_dropped() {
        let d = tempfile::tempdir().unwrap();
        let first = RunLock::acquire(d.path()).unwrap();
        // A second open file description conflicts like a second process would.
        let e = RunLock::acquire(d.path()).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("in use") && msg.contains(&format!("pid {}", std::process::id())),
            "{msg}"
        );
        drop(first);
        RunLock::acquire(d.path()).unwrap();
    }

    /// A lock this process holds in another descriptor that closes within moments (a child
    /// spawned by another thread shares the run's lock until its exec): taken, not refused.
    #[test]
    fn a_lock_this_process_lets_go_of_at_once_is_taken() {
        let d = tempfile::tempdir().unwrap();
        let first = RunLock::acquire(d.path()).unwrap();
        let holder = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            drop(first);
        });
        RunLock::acquire(d.path()).unwrap();
        holder.join().unwrap();
    }

    #[test]
    fn a_waiting_lock_returns_only_once_the_holder_lets_go() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join(".fill.lock");
        let held = RunLock::try_file(&path, d.path()).unwrap();
        let e = RunLock::try_file(&path, Path::new("the/cache")).unwrap_err();
        assert!(e.to_string().starts_with("the/cache is in use"), "{e}");
        let released = Arc::new(AtomicBool::new(false));
        let flag = released.clone();
        let holder = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::SeqCst);
            drop(held);
        });
        let _second = RunLock::wait_file(&path, d.path()).unwrap();
        assert!(
            released.load(Ordering::SeqCst),
            "the wait returned while the lock was held"
        );
        holder.join().unwrap();
    }
}
