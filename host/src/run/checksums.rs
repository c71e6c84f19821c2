//! The checksums of a checkpoint's files: `checksums.sha256` in the checkpoint's folder, in the
//! format `sha256sum -c` reads (`<hex>  <path>` per line, paths relative to the folder). Written
//! last when a checkpoint is saved, checked when a file of it is read, so that a file damaged
//! or altered on disk, even one that still parses, is told from the file that was written.
//!
//! A checkpoint without its checksum file is either from before Frost sealed checkpoints or one
//! whose seal was removed. The checkpoint's own state tells the two apart
//! ([`crate::run::checkpoints::SEAL_KEY`]); for checkpoints sealed before their state recorded
//! it, the folder holding a run's checkpoints does: [`RECORD`] says from which step on the run
//! seals its checkpoints.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::run::files::{io_error, write_atomic, IoError};

/// The checksum file's name in a checkpoint folder.
pub const FILE: &str = "checksums.sha256";

/// The record, in the folder holding a run's checkpoints, that the run seals them:
/// `{"sealed_from_step": N}`. Written before the first sealed checkpoint is put in place, so a
/// sealed checkpoint never exists without it: a new run writes it first of all (N = 0), which
/// also marks its folder as a run's (`run::dir`).
pub const RECORD: &str = "sealed.json";

#[derive(serde::Serialize, serde::Deserialize)]
struct SealRecord {
    /// The first step whose checkpoint was sealed (earlier ones of the run may be unsealed:
    /// written by a Frost from before seals, then resumed by this one).
    sealed_from_step: u64,
}

/// Whether a checkpoint records its files' checksums (checkpoints written before Frost
/// recorded them do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sealed {
    Yes,
    No,
}

/// How a file differs from what its checkpoint recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Its SHA-256 now (`found`) is not the one recorded (`expected`).
    Changed { expected: String, found: String },
    /// Recorded, but gone.
    Missing,
    /// Present, but not recorded: added after the checkpoint was written.
    Unlisted,
}

/// A checkpoint file that is not as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Altered {
    pub file: PathBuf,
    pub damage: Damage,
}

/// What checking a checkpoint folder can fail with.
#[derive(Debug)]
pub enum CheckFailure {
    Altered(Altered),
    Io(IoError),
    /// The checksum file itself does not parse.
    Unreadable {
        path: PathBuf,
        msg: String,
    },
}

/// Writes `dir/checksums.sha256`: the SHA-256 of every other file under `dir`, sorted by path.
pub fn seal(dir: &Path) -> Result<(), IoError> {
    let mut text = String::new();
    for rel in files_under(dir, "")? {
        let hash = sha256_file(&dir.join(&rel))?;
        text.push_str(&format!("{hash}  {rel}\n"));
    }
    write_atomic(&dir.join(FILE), text.as_bytes())
}

/// Records in `checkpoints` (the folder holding a run's checkpoints) that the checkpoint of
/// `step` and every later one is sealed; an earlier step already recorded is kept.
pub fn record_sealing(checkpoints: &Path, step: u64) -> Result<(), IoError> {
    let path = checkpoints.join(RECORD);
    if matches!(sealed_from(checkpoints), Ok(Some(from)) if from <= step) {
        return Ok(());
    }
    crate::run::files::write_json(
        &path,
        &SealRecord {
            sealed_from_step: step,
        },
    )
}

/// The first sealed step [`record_sealing`] recorded in `checkpoints`; None when the run has
/// no record (its checkpoints are from before seals). Err: the record is there but cannot be
/// read (what is wrong, in words).
pub fn sealed_from(checkpoints: &Path) -> Result<Option<u64>, String> {
    let path = checkpoints.join(RECORD);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let record: SealRecord = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a seal record: {e}", path.display()))?;
    Ok(Some(record.sealed_from_step))
}

/// Checks the files of `dir` whose relative path starts with `under` ("" for all) against its
/// checksum file: each recorded one must be there with its recorded SHA-256, and every file
/// there must be recorded.
pub fn check(dir: &Path, under: &str) -> Result<Sealed, CheckFailure> {
    let Some(recorded) = read(dir)? else {
        return Ok(Sealed::No);
    };
    let altered = |rel: &str, damage| {
        CheckFailure::Altered(Altered {
            file: dir.join(rel),
            damage,
        })
    };
    for (rel, expected) in recorded.iter().filter(|(r, _)| r.starts_with(under)) {
        let path = dir.join(rel);
        let found = match sha256_file(&path) {
            Ok(h) => h,
            Err(e) if e.source.kind() == std::io::ErrorKind::NotFound => {
                return Err(altered(rel, Damage::Missing));
            }
            Err(e) => return Err(CheckFailure::Io(e)),
        };
        if &found != expected {
            let damage = Damage::Changed {
                expected: expected.clone(),
                found,
            };
            return Err(altered(rel, damage));
        }
    }
    let present = files_under(dir, under).map_err(CheckFailure::Io)?;
    if let Some(rel) = present.iter().find(|r| !recorded.contains_key(*r)) {
        return Err(altered(rel, Damage::Unlisted));
    }
    Ok(Sealed::Yes)
}

/// The recorded (relative path -> SHA-256) of `dir`; None when it has no checksum file.
fn read(dir: &Path) -> Result<Option<BTreeMap<String, String>>, CheckFailure> {
    let path = dir.join(FILE);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(CheckFailure::Io(io_error(&path)(e))),
    };
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let parsed = line.split_once("  ").filter(|(h, rel)| {
            h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()) && !rel.is_empty()
        });
        let Some((hash, rel)) = parsed else {
            return Err(CheckFailure::Unreadable {
                path,
                msg: format!("line {} is not `<sha256>  <file>`", n + 1),
            });
        };
        out.insert(rel.to_string(), hash.to_ascii_lowercase());
    }
    Ok(Some(out))
}

/// The files under `dir` (recursively) whose relative path starts with `under`, as relative
/// paths with `/` separators, sorted; the checksum file and temporary files excluded.
fn files_under(dir: &Path, under: &str) -> Result<Vec<String>, IoError> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), IoError> {
        for entry in fs::read_dir(dir).map_err(io_error(dir))? {
            let entry = entry.map_err(io_error(dir))?;
            let path = entry.path();
            let kind = entry.file_type().map_err(io_error(&path))?;
            if kind.is_dir() {
                walk(root, &path, out)?;
            } else {
                let rel = path.strip_prefix(root).expect("under the root");
                let parts: Vec<String> = (rel.components())
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out)?;
    out.retain(|r| r != FILE && r.starts_with(under) && !is_temporary(r));
    out.sort();
    Ok(out)
}

/// A leftover of an atomic write (`.name.tmp-<pid>-<n>`), not a file of the checkpoint.
fn is_temporary(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.starts_with('.') && name.contains(".tmp-")
}

/// The SHA-256 of a file's bytes, in lowercase hex, read in blocks (weights can be gigabytes).
pub fn sha256_file(path: &Path) -> Result<String, IoError> {
    let mut f = fs::File::open(path).map_err(io_error(path))?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf).map_err(io_error(path))?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(format!("{:x}", h.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        fs::create_dir_all(d.path().join("adapter")).unwrap();
        fs::write(d.path().join("adapter/w.safetensors"), b"weights").unwrap();
        fs::write(d.path().join("optimizer.safetensors"), b"moments").unwrap();
        fs::write(d.path().join("state.json"), b"{}").unwrap();
        d
    }

    /// The file is what `sha256sum` writes and `sha256sum -c` accepts (an independent reader).
    #[test]
    fn the_checksum_file_is_what_sha256sum_checks() {
        let d = folder();
        seal(d.path()).unwrap();
        let text = fs::read_to_string(d.path().join(FILE)).unwrap();
        let names: Vec<&str> = text.lines().map(|l| &l[66..]).collect();
        assert_eq!(
            names,
            [
                "adapter/w.safetensors",
                "optimizer.safetensors",
                "state.json"
            ]
        );
        let sha256sum = |args: &[&str]| {
            std::process::Command::new("sha256sum")
                .args(args)
                .current_dir(d.path())
                .output()
                .expect("sha256sum (GNU coreutils) not found on PATH: the test's reference")
        };
        let o = sha256sum(&["--check", "--strict", FILE]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
        let line = text.lines().find(|l| l.ends_with("  state.json")).unwrap();
        let o = sha256sum(&["state.json"]);
        assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), line);
    }

    #[test]
    fn a_changed_missing_or_added_file_is_named_and_other_parts_still_check() {
        let d = folder();
        assert_eq!(check(d.path(), "").unwrap(), Sealed::No);
        seal(d.path()).unwrap();
        assert_eq!(check(d.path(), "").unwrap(), Sealed::Yes);
        fs::write(d.path().join("adapter/w.safetensors"), b"weightz").unwrap();
        let Err(CheckFailure::Altered(a)) = check(d.path(), "adapter/") else {
            panic!("not detected");
        };
        assert_eq!(a.file, d.path().join("adapter/w.safetensors"));
        let Damage::Changed { expected, found } = a.damage else {
            panic!("{:?}", a.damage);
        };
        assert_eq!(found, format!("{:x}", Sha256::digest(b"weightz")));
        assert_eq!(expected, format!("{:x}", Sha256::digest(b"weights")));
        // The files a reader does not take are not its concern.
        assert_eq!(check(d.path(), "state.json").unwrap(), Sealed::Yes);
        fs::write(d.path().join("adapter/w.safetensors"), b"weights").unwrap();
        fs::remove_file(d.path().join("optimizer.safetensors")).unwrap();
        assert!(matches!(
            check(d.path(), ""),
            Err(CheckFailure::Altered(Altered {
                damage: Damage::Missing,
                ..
            }))
        ));
        assert_eq!(check(d.path(), "adapter/").unwrap(), Sealed::Yes);
        fs::write(d.path().join("adapter/extra.safetensors"), b"x").unwrap();
        let Err(CheckFailure::Altered(a)) = check(d.path(), "adapter/") else {
            panic!("an added file passes");
        };
        assert_eq!(a.damage, Damage::Unlisted);
        assert!(a.file.ends_with("adapter/extra.safetensors"));
        fs::write(d.path().join(FILE), "not a checksum\n").unwrap();
        assert!(matches!(
            check(d.path(), ""),
            Err(CheckFailure::Unreadable { .. })
        ));
    }
}
