//! Files that are never half-written: every write goes to a temporary sibling (same folder, so
//! the same file system) and is renamed into place. One helper for the whole crate: run
//! directories, checkpoints, model folders and the pretraining work folder all use it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// An I/O failure on a named path.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct IoError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

/// `map_err(io_error(path))`: attach the path to an I/O error.
pub fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> IoError + '_ {
    move |source| IoError {
        path: path.to_path_buf(),
        source,
    }
}

/// `dir/.name.tmp-<pid>-<n>`: unique per process and call, so concurrent writers of one path
/// (two threads, two processes) never share a temporary file.
pub fn tmp_sibling(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp-{}-{n}", std::process::id()))
}

/// Writes `bytes` to `path` atomically: readers see the old file or the new one, never a part.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), IoError> {
    let tmp = tmp_sibling(path);
    if let Err(e) = std::fs::write(&tmp, bytes) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io_error(&tmp)(e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io_error(path)(e)
    })
}

/// The first of `path` and its parents that exists and is not a folder: where no folder could
/// be made on the way to `path` (None: every existing part is a folder).
pub fn file_on_the_way(path: &Path) -> Option<&Path> {
    path.ancestors().find(|a| a.exists() && !a.is_dir())
}

/// The lines of a log as they stream, each `None` where it is not UTF-8 (a line a crash tore
/// inside a multi-byte character), for readers that skip such a line as they skip a torn JSON
/// line rather than refuse the whole file.
pub fn log_lines(file: std::fs::File) -> impl Iterator<Item = std::io::Result<Option<String>>> {
    use std::io::BufRead;
    std::io::BufReader::new(file).split(b'\n').map(|line| {
        line.map(|mut bytes| {
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
            String::from_utf8(bytes).ok()
        })
    })
}

/// Pretty JSON with a final newline, written atomically.
pub fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), IoError> {
    let text = serde_json::to_string_pretty(value).expect("JSON values serialize");
    write_atomic(path, format!("{text}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("a.json");
        write_json(&p, &serde_json::json!({"x": 1})).unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary left behind");
        assert_ne!(tmp_sibling(&p), tmp_sibling(&p), "unique per call");
        let err = write_atomic(&d.path().join("missing/dir/f"), b"x").unwrap_err();
        assert!(err.to_string().contains("missing/dir"), "{err}");
    }
}
