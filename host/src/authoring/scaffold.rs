//! `frost-host game new --lang python|rust NAME`: a folder NAME/ holding a working game (the
//! Bridge game of docs/writing-a-game.md, named NAME), its test and a short README, ready for
//! `frost-host game build NAME/`.

use super::{build::COMPONENTIZE_PY_VERSION, io, AuthoringError, Lang};
use std::path::{Path, PathBuf};

const PY_GAME: &str = include_str!("templates/python/game.py");
const PY_TEST: &str = include_str!("templates/python/test_game.py");
const PY_README: &str = include_str!("templates/python/README.md");
const RUST_MANIFEST: &str = include_str!("templates/rust/Cargo.toml");
const RUST_README: &str = include_str!("templates/rust/README.md");
/// The doc's Rust game (tests/games/bridge is it verbatim); its name line is replaced.
const RUST_LIB: &str = include_str!("../../../tests/games/bridge/src/lib.rs");
const RUST_NAME_LINE: &str = "const NAME: &'static str = \"bridge\";";

/// The files of a new game folder (path inside it, text).
pub fn files(lang: Lang, name: &str) -> Vec<(&'static str, String)> {
    let fill = |t: &str| {
        t.replace("{{name}}", name)
            .replace("{{componentize_py}}", COMPONENTIZE_PY_VERSION)
    };
    match lang {
        Lang::Python => vec![
            ("game.py", fill(PY_GAME)),
            ("test_game.py", fill(PY_TEST)),
            ("README.md", fill(PY_README)),
        ],
        Lang::Rust => {
            let sdk = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sdk");
            let sdk = std::fs::canonicalize(&sdk).unwrap_or(sdk);
            vec![
                (
                    "Cargo.toml",
                    fill(RUST_MANIFEST).replace("{{sdk}}", &sdk.display().to_string()),
                ),
                (
                    "src/lib.rs",
                    RUST_LIB.replace(
                        RUST_NAME_LINE,
                        &format!("const NAME: &'static str = \"{name}\";"),
                    ),
                ),
                ("README.md", fill(RUST_README)),
            ]
        }
    }
}

/// Writes the folder `dir` (its last component is the game's name); refuses an existing one.
pub fn new_game(lang: Lang, dir: &Path) -> Result<Vec<PathBuf>, AuthoringError> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    super::check_name(&name)?;
    if dir.exists() {
        return Err(AuthoringError::Exists {
            path: dir.to_path_buf(),
        });
    }
    let mut written = Vec::new();
    for (path, text) in files(lang, &name) {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io("creating", parent))?;
        }
        std::fs::write(&path, text).map_err(io("writing", &path))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rust_template_names_the_game() {
        assert!(
            RUST_LIB.contains(RUST_NAME_LINE),
            "tests/games/bridge changed its name line"
        );
        let files = files(Lang::Rust, "my-game");
        let lib = &files.iter().find(|(p, _)| *p == "src/lib.rs").unwrap().1;
        assert!(lib.contains("const NAME: &'static str = \"my-game\";"));
        let manifest = &files[0].1;
        assert!(manifest.contains("name = \"my-game\"") && !manifest.contains("{{"));
        for (_, text) in files.iter().chain(&super::files(Lang::Python, "g")) {
            assert!(!text.contains("{{"), "{text}");
        }
    }
}
