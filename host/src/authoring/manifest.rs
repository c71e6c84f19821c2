//! A game folder's manifest (`frost-game.toml`, [`crate::game::manifest`]) at build time:
//! checked before anything is built (a malformed one is one line and no build), then written
//! into the built component as its top-level manifest section, for a Python game and a Rust
//! one alike (a Rust game's `frost_sdk::game_manifest!` puts the same file into its core
//! module; the top-level copy is the one the host reads first).

use super::folder::Scratch;
use super::{io, AuthoringError};
use crate::game::manifest::{section, Manifest, FILE, MAX_BYTES};
use std::path::Path;

/// The folder's manifest text, checked; None when the folder has none.
pub fn read(dir: &Path) -> Result<Option<String>, AuthoringError> {
    let path = dir.join(FILE);
    let refuse = |message: String| AuthoringError::Folder {
        dir: dir.to_path_buf(),
        message,
    };
    let meta = match std::fs::symlink_metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io("reading", &path)(e)),
    };
    if !meta.is_file() {
        return Err(refuse(format!(
            "{FILE} is not a regular file (a link?): make it one"
        )));
    }
    if meta.len() > MAX_BYTES as u64 {
        return Err(refuse(format!(
            "{FILE} is {} bytes, over {MAX_BYTES}: a manifest is a page of TOML",
            meta.len()
        )));
    }
    let text = std::fs::read_to_string(&path).map_err(io("reading", &path))?;
    Manifest::parse(&text).map_err(|e| refuse(e.to_string()))?;
    Ok(Some(text))
}

/// Writes `manifest` into the component at `out` as its top-level manifest section (a fresh
/// file put in its place, as the build installs it).
pub fn embed(out: &Path, manifest: &str) -> Result<(), AuthoringError> {
    let bytes = std::fs::read(out).map_err(io("reading the built component", out))?;
    let with = section::embed(&bytes, manifest.as_bytes()).map_err(|e| AuthoringError::Io {
        what: "embedding the manifest into",
        path: out.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()),
    })?;
    let s = Scratch::new()?;
    let tmp = s.0.join("with-manifest.wasm");
    std::fs::write(&tmp, with).map_err(io("writing", &tmp))?;
    super::build::install(&tmp, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folders_manifest_is_checked_before_the_build() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(read(d.path()).unwrap(), None);
        std::fs::write(d.path().join(FILE), "name = \"g\"\nversion = \"1\"\n").unwrap();
        let e = read(d.path()).unwrap_err().to_string();
        assert!(e.contains("frost-game.toml: line 1"), "{e}");
        assert!(e.contains("missing field"), "{e}");
        assert_eq!(e.lines().count(), 1);
    }
}
