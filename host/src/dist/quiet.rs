//! libtorch's own lines kept out of the user's terminal while the ranks join: c10d logs
//! warnings and, on a failed rendezvous, a C++ stack trace straight to file descriptor 2,
//! before the one line that says what happened. They go to a file for the join's duration and
//! then to the log at debug level (`FROST_LOG=debug` shows them).

use std::fs::File;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::path::PathBuf;

/// File descriptor 2, redirected to a file until [`Quiet::finish`].
pub(super) struct Quiet {
    saved: i32,
    path: PathBuf,
}

impl Quiet {
    /// Redirects fd 2; None (nothing redirected) when that fails.
    pub(super) fn start() -> Option<Quiet> {
        let path = std::env::temp_dir().join(format!(
            "frost-join-{}-{:x}.log",
            std::process::id(),
            rand::random::<u32>()
        ));
        let file = File::create(&path).ok()?;
        // SAFETY: dup and dup2 on descriptors this process owns; fd 2 is restored by `finish`.
        let saved = unsafe { libc::dup(2) };
        if saved < 0 || unsafe { libc::dup2(file.as_raw_fd(), 2) } < 0 {
            let _ = std::fs::remove_file(&path);
            return None;
        }
        Some(Quiet { saved, path })
    }

    /// Restores fd 2 and returns what was written to it meanwhile.
    pub(super) fn finish(self) -> String {
        // SAFETY: `saved` is the descriptor `start` duplicated from fd 2.
        unsafe {
            libc::dup2(self.saved, 2);
            libc::close(self.saved);
        }
        let mut text = String::new();
        if let Ok(mut f) = File::open(&self.path) {
            let _ = f.read_to_string(&mut text);
        }
        let _ = std::fs::remove_file(&self.path);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_to_fd_2_meanwhile_is_captured_and_fd_2_restored() {
        let q = Quiet::start().expect("fd 2 redirected");
        let line = b"[W socket.cpp] a libtorch warning\n";
        // SAFETY: writes a buffer this test owns to fd 2.
        unsafe { libc::write(2, line.as_ptr().cast(), line.len()) };
        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
    }
}
