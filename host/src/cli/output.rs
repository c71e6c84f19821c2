//! The files a command writes when its work is done (`eval --out`, `--curve`, `play --out`,
//! `analyze-selection --out`): checked before the work starts, so a path that cannot be
//! written is refused at once instead of after an evaluation's hours.
use std::path::Path;

use anyhow::Context;

/// Prepares the way for the file `path` (given as `flag`) that the command writes at the end:
/// makes its parent folders, and refuses it where it could not be written (a folder, a parent
/// that is not a folder, no permission). An existing file is left as it is (opened for
/// appending, not truncated) and a file made to test a new path is removed. Rank 0's alone
/// under a launcher (`launched`).
pub fn prepare(flag: &str, path: &Path) -> anyhow::Result<()> {
    if super::launched::follower() {
        return Ok(());
    }
    anyhow::ensure!(
        !path.is_dir(),
        "{flag} {}: is a folder; give a file path inside it",
        path.display()
    );
    let refused = || format!("{flag} {}: cannot write it", path.display());
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(refused)?;
        return Ok(());
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        if let Some(file) = frost_host::run::files::file_on_the_way(parent) {
            anyhow::bail!(
                "{flag} {}: {} is a file, not a folder",
                path.display(),
                file.display()
            );
        }
        std::fs::create_dir_all(parent).with_context(refused)?;
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(refused)?;
    let _ = std::fs::remove_file(path);
    Ok(())
}

/// Writes `text` to `path` (given as `flag`, its parents made by [`prepare`] before the
/// work), naming both on failure. Rank 0's alone under a launcher (`launched`).
pub fn write(flag: &str, path: &Path, text: impl AsRef<[u8]>) -> anyhow::Result<()> {
    if super::launched::follower() {
        return Ok(());
    }
    std::fs::write(path, text)
        .with_context(|| format!("{flag} {}: cannot write it", path.display()))
}
