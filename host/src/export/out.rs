//! Where an export goes: `--out` checked against the export's inputs, and the temporary
//! sibling folder it is written into, renamed into place whole or removed.

use std::path::{Path, PathBuf};

use super::{ExportError, ExportRequest};
use crate::run::files::{io_error, tmp_sibling};
use crate::train;

/// `out` must be new, an empty folder, or (with `force`) anything that holds none of the
/// export's inputs.
pub(super) fn check_out(req: &ExportRequest) -> Result<(), ExportError> {
    let out = req.out;
    if std::fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    if !req.force && !is_empty_dir(out) {
        return Err(ExportError::OutNotEmpty(out.to_path_buf()));
    }
    let Ok(out_abs) = out.canonicalize() else {
        return Ok(());
    };
    let inputs = [
        ("the run", req.run.map(Path::to_path_buf)),
        ("the checkpoint", req.checkpoint.map(Path::to_path_buf)),
        ("the base model", Some(train::model_dir(req.cfg))),
        ("the tokenizer", Some(train::tokenizer_dir(req.cfg))),
    ];
    for (what, path) in inputs {
        let Some(path) = path else { continue };
        if let Ok(p) = path.canonicalize() {
            if p.starts_with(&out_abs) {
                return Err(ExportError::OutOverlaps {
                    out: out.to_path_buf(),
                    what,
                    path,
                });
            }
        }
    }
    Ok(())
}

fn is_empty_dir(p: &Path) -> bool {
    std::fs::read_dir(p).is_ok_and(|mut d| d.next().is_none())
}

/// The temporary folder an export is written into; removed unless committed.
pub(super) struct Staging {
    pub path: PathBuf,
    committed: bool,
}

impl Staging {
    pub fn new(path: PathBuf) -> Result<Self, ExportError> {
        std::fs::create_dir(&path).map_err(io_error(&path))?;
        Ok(Staging {
            path,
            committed: false,
        })
    }

    /// Renames the folder to `out`: an empty `out` is replaced; a non-empty one only with
    /// `force`, moved aside first and removed once the new folder is in place.
    pub fn commit(mut self, out: &Path, force: bool) -> Result<(), ExportError> {
        let mut replaced = None;
        if std::fs::symlink_metadata(out).is_ok() {
            if is_empty_dir(out) {
                std::fs::remove_dir(out).map_err(io_error(out))?;
            } else if force {
                let aside = tmp_sibling(out);
                std::fs::rename(out, &aside).map_err(io_error(out))?;
                replaced = Some(aside);
            } else {
                return Err(ExportError::OutNotEmpty(out.to_path_buf()));
            }
        }
        if let Err(e) = std::fs::rename(&self.path, out) {
            if let Some(aside) = &replaced {
                let _ = std::fs::rename(aside, out);
            }
            return Err(io_error(out)(e).into());
        }
        if let Some(aside) = replaced {
            let removed = match std::fs::symlink_metadata(&aside) {
                Ok(m) if m.is_dir() => std::fs::remove_dir_all(&aside),
                _ => std::fs::remove_file(&aside),
            };
            if let Err(e) = removed {
                tracing::warn!("could not remove the replaced {}: {e}", aside.display());
            }
        }
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}
