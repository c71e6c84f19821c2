//! `frost-host game new --lang python|rust NAME`: a folder NAME/ holding a working game (the
//! Bridge game of docs/writing-a-game.md, named NAME), its test and a short README, ready for
//! `frost-host game build NAME/`.

use super::build::{COMPONENTIZE_PY_VERSION, PYTHON_SDK_DIR};
use super::sdk::{rust_sdk_manifest, RUST_SDK, RUST_SDK_DIR, RUST_SDK_MANIFEST};
use super::{io, AuthoringError, Lang, PYTHON_SDK};
use std::path::{Path, PathBuf};

const PY_GAME: &str = include_str!("templates/python/game.py");
const PY_TEST: &str = include_str!("templates/python/test_game.py");
const PY_README: &str = include_str!("templates/python/README.md");
const RUST_MANIFEST: &str = include_str!("templates/rust/Cargo.toml");
const RUST_README: &str = include_str!("templates/rust/README.md");
/// The game's manifest, for either language (`game build` embeds it).
const GAME_MANIFEST: &str = include_str!("templates/frost-game.toml");
/// The doc's Rust game (tests/games/bridge is it verbatim); its name line is replaced.
const RUST_LIB: &str = include_str!("../../../tests/games/bridge/src/lib.rs");
const RUST_NAME_LINE: &str = "const NAME: &'static str = \"bridge\";";

/// The folder inside a new game folder that holds the SDK.
pub fn sdk_dir(lang: Lang) -> &'static str {
    match lang {
        Lang::Python => PYTHON_SDK_DIR,
        Lang::Rust => RUST_SDK_DIR,
    }
}

/// The files of a new game folder (path inside it, text).
pub fn files(lang: Lang, name: &str) -> Vec<(&'static str, String)> {
    let fill = |t: &str| {
        t.replace("{{name}}", name)
            .replace("{{componentize_py}}", COMPONENTIZE_PY_VERSION)
            .replace("{{frost}}", env!("CARGO_PKG_VERSION"))
    };
    match lang {
        Lang::Python => [
            ("game.py", fill(PY_GAME)),
            ("test_game.py", fill(PY_TEST)),
            ("README.md", fill(PY_README)),
            ("frost-game.toml", fill(GAME_MANIFEST)),
        ]
        .into_iter()
        .chain(sdk(PYTHON_SDK))
        .collect(),
        Lang::Rust => [
            (
                "Cargo.toml",
                fill(RUST_MANIFEST).replace("{{sdk}}", RUST_SDK_DIR),
            ),
            (
                "src/lib.rs",
                RUST_LIB.replace(
                    RUST_NAME_LINE,
                    &format!("const NAME: &'static str = \"{name}\";"),
                ),
            ),
            ("README.md", fill(RUST_README)),
            ("frost-game.toml", fill(GAME_MANIFEST)),
            (RUST_SDK_MANIFEST, rust_sdk_manifest()),
        ]
        .into_iter()
        .chain(sdk(RUST_SDK))
        .collect(),
    }
}

/// The SDK goes into the folder (this binary's own copy), so the folder needs no checkout.
fn sdk(
    files: &'static [(&'static str, &'static str)],
) -> impl Iterator<Item = (&'static str, String)> {
    files.iter().map(|(p, t)| (*p, t.to_string()))
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
        assert!(
            manifest.contains("frost-sdk = { path = \"frost-sdk\" }"),
            "{manifest}"
        );
        let templates = |lang| files_of(lang).into_iter().filter(|(p, _)| !is_sdk(p));
        for (path, text) in templates(Lang::Rust).chain(templates(Lang::Python)) {
            assert!(!text.contains("{{"), "{path}: {text}");
        }
    }

    /// Both languages' folders carry a manifest that parses and names the game.
    #[test]
    fn a_new_folder_has_its_manifest() {
        for lang in [Lang::Python, Lang::Rust] {
            let files = files(lang, "my-game");
            let text = &files
                .iter()
                .find(|(p, _)| *p == "frost-game.toml")
                .unwrap()
                .1;
            let m = crate::game::manifest::Manifest::parse(text).unwrap();
            assert_eq!((m.name.as_str(), m.examples.len()), ("my-game", 1));
        }
    }

    fn files_of(lang: Lang) -> Vec<(&'static str, String)> {
        files(lang, "g")
    }

    fn is_sdk(path: &str) -> bool {
        path.starts_with("frost-sdk/") || path.starts_with("frost_game/")
    }

    /// The folder holds the SDK (this binary's, byte for byte) and names no path outside it.
    #[test]
    fn a_new_folder_holds_the_sdk_and_no_path_out_of_it() {
        for (lang, sdk) in [(Lang::Rust, RUST_SDK), (Lang::Python, PYTHON_SDK)] {
            let files = files_of(lang);
            for (path, text) in sdk {
                let written = files.iter().find(|(p, _)| p == path);
                assert_eq!(written.map(|(_, t)| t.as_str()), Some(*text), "{path}");
            }
            let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
            for (path, text) in &files {
                assert!(!text.contains(&*checkout.to_string_lossy()), "{path}");
            }
        }
        let rust = files_of(Lang::Rust);
        let sdk_manifest = &rust
            .iter()
            .find(|(p, _)| *p == RUST_SDK_MANIFEST)
            .unwrap()
            .1;
        assert!(sdk_manifest.contains(&format!("version = \"{}\"", env!("CARGO_PKG_VERSION"))));
    }
}
