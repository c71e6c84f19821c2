//! Which Python interpreter Frost runs for the work it leaves to Python (fetching the default
//! corpus with pip, finding torch for the distributed path): one rule for both.

use std::path::{Path, PathBuf};

/// `FROST_PYTHON`, else the active virtualenv's, else `python3` on PATH.
pub fn interpreter() -> PathBuf {
    if let Some(p) = std::env::var_os("FROST_PYTHON") {
        return PathBuf::from(p);
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        let p = Path::new(&venv).join("bin/python");
        if p.exists() {
            return p;
        }
    }
    PathBuf::from("python3")
}
