//! One writer per run directory: an exclusive `flock` on `RUN/.lock`, held for the whole run.
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
        let path = dir.join(".lock");
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_error(&path))?;
        // SAFETY: flock on a file descriptor this function owns; no memory is shared.
        let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if rc != 0 {
            let err = std::io::Error::last_os_error();
            if err.raw_os_error() != Some(libc::EWOULDBLOCK) {
                return Err(io_error(&path)(err).into());
            }
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            return Err(LockError::Held {
                dir: dir.to_path_buf(),
                pid: text.trim().parse().ok(),
            });
        }
        let pid = std::process::id().to_string();
        file.set_len(0)
            .and_then(|_| file.rewind())
            .and_then(|_| file.write_all(pid.as_bytes()))
            .map_err(io_error(&path))?;
        Ok(RunLock { _file: file })
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
}
