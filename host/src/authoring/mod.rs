//! What a game author runs beside training: `frost-host game new` writes a working game folder
//! (Python or Rust, [`scaffold`]) and `frost-host game build` turns one into a component
//! ([`build`]). The Python SDK (`sdk/python/frost_game`) and the WIT are compiled into the
//! binary ([`PYTHON_SDK`], [`WIT`]), so a build uses exactly the SDK this host was built with.
//! A folder is built as data ([`folder`]: a read-only copy) by a tool run under limits
//! ([`confine`]), since the folder may be a stranger's (docs/security.md).

pub mod build;
pub mod confine;
pub mod folder;
pub mod manifest;
pub mod scaffold;
pub mod sdk;
pub mod tools;

use std::path::PathBuf;

/// The language of a game folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    Python,
    Rust,
}

/// What can go wrong scaffolding or building a game; each names the folder and the fix.
#[derive(Debug, thiserror::Error)]
pub enum AuthoringError {
    #[error(
        "{} already exists: pick another name, or remove it first",
        path.display()
    )]
    Exists { path: PathBuf },
    #[error(
        "{name:?} is not a game name: use 1 to 64 lowercase letters, digits, '-' or '_', starting with a letter"
    )]
    BadName { name: String },
    #[error(
        "{} holds neither game.py (a Python game) nor Cargo.toml (a Rust game): make one with \
         `frost-host game new --lang python NAME`",
        dir.display()
    )]
    NotAGameFolder { dir: PathBuf },
    #[error("{what} {}: {source}", path.display())]
    Io {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Toolchain(String),
    #[error("building {}: {message}", dir.display())]
    Build { dir: PathBuf, message: String },
    /// A build limit hit: what it was, and the `game build` flag that raises it.
    #[error("building {}: {limit}; raise the limit with {flag}", dir.display())]
    Limit {
        dir: PathBuf,
        limit: String,
        flag: &'static str,
    },
    /// Something in a game folder that a build does not take (a symlink out of it, ...).
    #[error("the game folder {}: {message}", dir.display())]
    Folder { dir: PathBuf, message: String },
}

/// The Python SDK's files (path under the package's folder, text), as built into this binary.
pub const PYTHON_SDK: &[(&str, &str)] = &[
    (
        "frost_game/__init__.py",
        include_str!("../../../sdk/python/frost_game/__init__.py"),
    ),
    (
        "frost_game/component.py",
        include_str!("../../../sdk/python/frost_game/component.py"),
    ),
    (
        "frost_game/config.py",
        include_str!("../../../sdk/python/frost_game/config.py"),
    ),
    (
        "frost_game/game.py",
        include_str!("../../../sdk/python/frost_game/game.py"),
    ),
    (
        "frost_game/limits.py",
        include_str!("../../../sdk/python/frost_game/limits.py"),
    ),
    (
        "frost_game/manifest.py",
        include_str!("../../../sdk/python/frost_game/manifest.py"),
    ),
    (
        "frost_game/rules.py",
        include_str!("../../../sdk/python/frost_game/rules.py"),
    ),
    (
        "frost_game/sample_text.txt",
        include_str!("../../../sdk/python/frost_game/sample_text.txt"),
    ),
    (
        "frost_game/testing.py",
        include_str!("../../../sdk/python/frost_game/testing.py"),
    ),
    (
        "frost_game/types.py",
        include_str!("../../../sdk/python/frost_game/types.py"),
    ),
    (
        "frost_game/wire.py",
        include_str!("../../../sdk/python/frost_game/wire.py"),
    ),
    (
        "frost_game/words.py",
        include_str!("../../../sdk/python/frost_game/words.py"),
    ),
];

/// The WIT a game is built against: `sdk/wit/since_v<ABI_VERSION>/game.wit`.
pub const WIT: &str = include_str!("../../../sdk/wit/since_v0.2.0/game.wit");

fn io(what: &'static str, path: &std::path::Path) -> impl FnOnce(std::io::Error) -> AuthoringError {
    let path = path.to_path_buf();
    move |source| AuthoringError::Io { what, path, source }
}

/// A game's name as a folder, a Python module's file and a crate take it.
pub fn check_name(name: &str) -> Result<(), AuthoringError> {
    let ok = (1..=64).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    match ok {
        true => Ok(()),
        false => Err(AuthoringError::BadName {
            name: name.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_sdk_is_every_file_of_sdk_python() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../sdk/python/frost_game");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".py") || n.ends_with(".txt"))
            .map(|n| format!("frost_game/{n}"))
            .collect();
        on_disk.sort();
        let built: Vec<&str> = PYTHON_SDK.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            on_disk, built,
            "list every file of sdk/python/frost_game in PYTHON_SDK"
        );
    }

    #[test]
    fn game_names_are_checked() {
        for ok in ["mygame", "my-game_2"] {
            check_name(ok).unwrap();
        }
        for bad in ["", "MyGame", "2game", "my game", "../x", &"x".repeat(65)] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }
}
