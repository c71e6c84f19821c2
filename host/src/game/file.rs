//! Reading a game's file: a regular file within its size limit, and what kind of file it is
//! (a component, a core module, a native library) by its first bytes.

use std::path::Path;

use super::GameError;

/// The game file's bytes: a regular file (symlinks followed) of at most `max` bytes. A device
/// (`/dev/zero`), a FIFO, a socket or a directory is refused before reading, and the file is
/// opened without blocking and checked again, so a swap after the first check cannot hang or
/// flood the host either.
pub(super) fn read_game_file(path: &Path, max: u64) -> Result<Vec<u8>, GameError> {
    use std::io::Read;
    let read_err = |source| GameError::Read {
        path: path.to_path_buf(),
        source,
    };
    let check = |meta: &std::fs::Metadata| {
        if !meta.is_file() {
            return Err(GameError::NotAGame {
                path: path.to_path_buf(),
                reason: format!(
                    "it is a {}, not a regular file",
                    if meta.is_dir() {
                        "directory"
                    } else {
                        "device, FIFO or socket"
                    }
                ),
            });
        }
        if meta.len() > max {
            return Err(GameError::NotAGame {
                path: path.to_path_buf(),
                reason: format!(
                    "it is {} bytes, over game.limits.max_game_file_bytes = {max}",
                    meta.len()
                ),
            });
        }
        Ok(())
    };
    check(&std::fs::metadata(path).map_err(read_err)?)?;
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut opts, libc::O_NONBLOCK);
    let file = opts.open(path).map_err(read_err)?;
    check(&file.metadata().map_err(read_err)?)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(read_err)?;
    if bytes.len() as u64 > max {
        return Err(GameError::NotAGame {
            path: path.to_path_buf(),
            reason: format!("it grew over game.limits.max_game_file_bytes = {max} while read"),
        });
    }
    Ok(bytes)
}

pub(super) enum FileKind {
    Component,
    CoreModule,
    NativeLibrary,
    Other,
}

pub(super) fn file_kind(bytes: &[u8]) -> FileKind {
    match bytes {
        // The layer field after the version tells a component (1) from a core module (0).
        [0, b'a', b's', b'm', _, _, 1, 0, ..] => FileKind::Component,
        [0, b'a', b's', b'm', ..] => FileKind::CoreModule,
        [0x7f, b'E', b'L', b'F', ..] // Linux
        | [0xcf, 0xfa, 0xed, 0xfe, ..] | [0xca, 0xfe, 0xba, 0xbe, ..] // macOS
        | [b'M', b'Z', ..] => FileKind::NativeLibrary, // Windows
        _ => FileKind::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_kinds_by_magic() {
        assert!(matches!(
            file_kind(b"\0asm\x0d\0\x01\0rest"),
            FileKind::Component
        ));
        assert!(matches!(
            file_kind(b"\0asm\x01\0\0\0"),
            FileKind::CoreModule
        ));
        assert!(matches!(
            file_kind(b"\x7fELF\x02\x01"),
            FileKind::NativeLibrary
        ));
        assert!(matches!(file_kind(b"hello"), FileKind::Other));
        assert!(matches!(file_kind(b""), FileKind::Other));
    }
}
