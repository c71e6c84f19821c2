//! A game folder taken as data: `game build` never builds in the folder it was given but in a
//! read-only copy inside a scratch folder of its own, so whatever runs at build time (a Python
//! game's top level, a Rust game's build.rs) cannot write beside the game's files.
//!
//! The copy is made without trusting the folder: hidden entries (`.git`, `.venv`,
//! `.cargo/config.toml`) and caches (`__pycache__`) are left out; a symlink is followed only to
//! a file inside the folder (one to a folder, out of the folder, or that loops is refused in
//! one line, as is anything but files and folders); and the bytes copied are capped.

use super::{io, AuthoringError};
use std::path::{Path, PathBuf};

/// A scratch folder for one build (created private to this user), removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new() -> Result<Scratch, AuthoringError> {
        use std::os::unix::fs::DirBuilderExt;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("frost-game-build-{}-{nanos:x}", std::process::id()));
        (std::fs::DirBuilder::new().mode(0o700))
            .create(&dir)
            .map_err(io("creating the build folder", &dir))?;
        Ok(Scratch(dir))
    }

    /// A folder `name` inside the scratch folder, created.
    pub fn folder(&self, name: &str) -> Result<PathBuf, AuthoringError> {
        let dir = self.0.join(name);
        std::fs::create_dir_all(&dir).map_err(io("creating", &dir))?;
        Ok(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // The read-only copies first become writable again, or they could not be removed.
        set_read_only(&self.0, false);
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Files and folders a game folder may hold (a fixed bound against a folder of millions of
/// empty entries, which the byte cap would not see).
const MAX_ENTRIES: usize = 100_000;

/// What was copied.
#[derive(Debug)]
pub struct Copied {
    pub files: usize,
    pub bytes: u64,
}

/// Whether an entry of a game folder is left out of the copy: hidden entries, Python's byte
/// code caches, and at the top the names in `skip_top` (the build's own output, cargo's
/// `target`).
fn skipped(name: &str, top: bool, skip_top: &[&str]) -> bool {
    name.starts_with('.') || name == "__pycache__" || (top && skip_top.contains(&name))
}

/// Copies the game folder `src` into `dst` (created) as data, under `max_bytes` in total,
/// then makes the copy read-only.
pub fn copy_game_folder(
    src: &Path,
    dst: &Path,
    skip_top: &[&str],
    max_bytes: u64,
) -> Result<Copied, AuthoringError> {
    let root = std::fs::canonicalize(src).map_err(io("reading the game folder", src))?;
    let refuse = |at: &Path, why: String| AuthoringError::Folder {
        dir: src.to_path_buf(),
        message: format!("{} {why}", at.strip_prefix(&root).unwrap_or(at).display()),
    };
    let mut copied = Copied { files: 0, bytes: 0 };
    let mut todo: Vec<(PathBuf, PathBuf)> = vec![(root.clone(), dst.to_path_buf())];
    std::fs::create_dir_all(dst).map_err(io("creating", dst))?;
    let mut seen = 0usize;
    while let Some((from, to)) = todo.pop() {
        let entries = std::fs::read_dir(&from).map_err(io("reading", &from))?;
        let mut names: Vec<_> = entries
            .map(|e| e.map(|e| e.file_name()))
            .collect::<Result<_, _>>()
            .map_err(io("reading", &from))?;
        names.sort();
        for name in names {
            if skipped(&name.to_string_lossy(), from == root, skip_top) {
                continue;
            }
            let (path, target) = (from.join(&name), to.join(&name));
            seen += 1;
            if seen > MAX_ENTRIES {
                return Err(refuse(
                    &path,
                    format!(
                    "is past {MAX_ENTRIES} files and folders, more than a game holds: move out \
                     what the game does not need"
                ),
                ));
            }
            let meta = std::fs::symlink_metadata(&path).map_err(io("reading", &path))?;
            let file = if meta.is_symlink() {
                let Ok(real) = std::fs::canonicalize(&path) else {
                    return Err(refuse(
                        &path,
                        "is a symlink that loops or points nowhere: \
                        a game folder is copied as data; remove the link"
                            .into(),
                    ));
                };
                if !real.starts_with(&root) {
                    return Err(refuse(
                        &path,
                        format!(
                            "is a symlink out of the game folder (to {}): a game folder is copied \
                         as data; put what the game needs inside it",
                            real.display()
                        ),
                    ));
                }
                if !real.is_file() {
                    return Err(refuse(
                        &path,
                        "is a symlink to a folder: a game folder is \
                        copied as data; put the folder itself there"
                            .into(),
                    ));
                }
                real
            } else if meta.is_dir() {
                std::fs::create_dir(&target).map_err(io("creating", &target))?;
                todo.push((path, target));
                continue;
            } else if meta.is_file() {
                path.clone()
            } else {
                return Err(refuse(
                    &path,
                    "is neither a file nor a folder: remove it".into(),
                ));
            };
            let size = std::fs::metadata(&file)
                .map_err(io("reading", &file))?
                .len();
            copied.bytes += size;
            if copied.bytes > max_bytes {
                return Err(AuthoringError::Limit {
                    dir: src.to_path_buf(),
                    limit: format!(
                        "the game folder holds more than its limit of {} MiB (reached at {}; \
                         hidden folders and __pycache__ are left out: move out what the game \
                         does not need)",
                        max_bytes >> 20,
                        path.strip_prefix(&root).unwrap_or(&path).display()
                    ),
                    flag: "--max-folder-mib",
                });
            }
            std::fs::copy(&file, &target).map_err(io("copying", &file))?;
            copied.files += 1;
        }
    }
    set_read_only(dst, true);
    Ok(copied)
}

/// Makes every file and folder under `dir` read-only (or writable again by its owner).
/// Best effort: what cannot be changed stays as it is.
pub fn set_read_only(dir: &Path, read_only: bool) {
    use std::os::unix::fs::PermissionsExt;
    let (file_mode, dir_mode) = match read_only {
        true => (0o444, 0o555),
        false => (0o644, 0o755),
    };
    // Folders are made writable before, and read-only after, what they hold.
    let set = |p: &Path, mode| {
        let _ = std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode));
    };
    if !read_only {
        set(dir, dir_mode);
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => set_read_only(&e.path(), read_only),
                Ok(t) if t.is_file() => set(&e.path(), file_mode),
                _ => {}
            }
        }
    }
    if read_only {
        set(dir, dir_mode);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn folder(name: &str) -> (Scratch, PathBuf) {
        let s = Scratch::new().unwrap();
        let game = s.folder(name).unwrap();
        std::fs::write(game.join("game.py"), "x = 1\n").unwrap();
        (s, game)
    }

    #[test]
    fn hidden_entries_caches_and_the_output_are_left_out_and_the_copy_is_read_only() {
        let (s, game) = folder("g");
        for d in [".git", "__pycache__", "data/__pycache__"] {
            std::fs::create_dir_all(game.join(d)).unwrap();
            std::fs::write(game.join(d).join("x"), "x").unwrap();
        }
        std::fs::write(game.join("data/words.txt"), "a b").unwrap();
        std::fs::write(game.join("g.wasm"), "old").unwrap();
        symlink(game.join("data/words.txt"), game.join("words.txt")).unwrap();
        let copy = s.0.join("copy");
        let c = copy_game_folder(&game, &copy, &["g.wasm"], 1 << 20).unwrap();
        assert_eq!((c.files, c.bytes), (3, 6 + 3 + 3));
        let mut seen: Vec<String> = Vec::new();
        for e in ["game.py", "data/words.txt", "words.txt"] {
            assert!(copy.join(e).is_file(), "{e}");
            seen.push(e.into());
        }
        for e in [".git", "__pycache__", "data/__pycache__", "g.wasm"] {
            assert!(!copy.join(e).exists(), "{e}");
        }
        assert!(!std::fs::symlink_metadata(copy.join("words.txt"))
            .unwrap()
            .is_symlink());
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&copy.join("game.py")), 0o444);
        assert_eq!(mode(&copy.join("data")), 0o555);
        assert_eq!(mode(&copy), 0o555);
        drop(s); // a read-only copy is removed all the same
    }

    #[test]
    fn links_out_of_the_folder_to_folders_or_in_loops_are_refused_in_one_line() {
        for (link, to, says) in [
            ("up", "..", "is a symlink out of the game folder"),
            (
                "etc",
                "/etc/hostname",
                "is a symlink out of the game folder",
            ),
            ("self", ".", "is a symlink to a folder"),
            ("loop", "loop", "loops or points nowhere"),
            ("gone", "nothing-here", "loops or points nowhere"),
        ] {
            let (s, game) = folder("g");
            symlink(to, game.join(link)).unwrap();
            let e = copy_game_folder(&game, &s.0.join("copy"), &[], 1 << 20).unwrap_err();
            let msg = e.to_string();
            assert!(msg.contains(says) && msg.contains(link), "{link}: {msg}");
            assert_eq!(msg.lines().count(), 1, "{msg}");
        }
    }

    #[test]
    fn the_bytes_copied_are_capped() {
        let (s, game) = folder("g");
        std::fs::write(game.join("big.bin"), vec![0u8; 3 << 20]).unwrap();
        let e = copy_game_folder(&game, &s.0.join("copy"), &[], 2 << 20).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("limit of 2 MiB")
                && msg.contains("big.bin")
                && msg.contains("--max-folder-mib"),
            "{msg}"
        );
    }
}
