//! `frost-host game build NAME/`: a game folder into the component NAME/NAME.wasm.
//!
//! A Python folder (game.py) is built by componentize-py, pinned to
//! [`COMPONENTIZE_PY_VERSION`] (the Makefile installs it into the project venv, and
//! `make vendor` keeps its wheel for offline machines): the SDK built into this binary and the
//! WIT are written to a scratch folder, beside an app module that imports the game's `game`
//! module and exports the SDK's component class. A Rust folder (Cargo.toml) is built by cargo
//! for `wasm32-wasip2`.

use super::{io, AuthoringError, Lang, PYTHON_SDK, WIT};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The componentize-py release games are built with (the Makefile's COMPONENTIZE_PY_VERSION).
pub const COMPONENTIZE_PY_VERSION: &str = "0.25.1";

/// The app module componentize-py builds: the game's module registers its game
/// (`frost_game.export`), the SDK's class is the WIT export.
const APP_MODULE: &str = "frost_game_app";
const APP_SOURCE: &str = "\
# Written by frost-host game build: the game registers itself, the SDK exports it.
import game  # noqa: F401
from frost_game.component import Game  # noqa: F401
";

/// The language of a game folder: game.py is Python, Cargo.toml Rust.
pub fn lang_of(dir: &Path) -> Result<Lang, AuthoringError> {
    if dir.join("game.py").is_file() {
        Ok(Lang::Python)
    } else if dir.join("Cargo.toml").is_file() {
        Ok(Lang::Rust)
    } else {
        Err(AuthoringError::NotAGameFolder {
            dir: dir.to_path_buf(),
        })
    }
}

/// The game's name: the folder's own name (`.` is the current folder's).
pub fn game_name(dir: &Path) -> Result<String, AuthoringError> {
    let abs = std::fs::canonicalize(dir).map_err(io("reading the game folder", dir))?;
    let name = abs
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    super::check_name(&name)?;
    Ok(name)
}

/// Builds the game folder `dir` into `dir/NAME.wasm` and returns that path.
pub fn build(dir: &Path) -> Result<PathBuf, AuthoringError> {
    let name = game_name(dir)?;
    let out = dir.join(format!("{name}.wasm"));
    match lang_of(dir)? {
        Lang::Python => build_python(dir, &out)?,
        Lang::Rust => build_rust(dir, &name, &out)?,
    }
    Ok(out)
}

/// Where to look for componentize-py, in order: FROST_COMPONENTIZE_PY, the active venv, the
/// project venv of the checkout this binary was built in, PATH.
fn candidates() -> Vec<PathBuf> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("FROST_COMPONENTIZE_PY") {
        return vec![PathBuf::from(p)];
    }
    if let Some(v) = std::env::var_os("VIRTUAL_ENV") {
        c.push(Path::new(&v).join("bin/componentize-py"));
    }
    c.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/componentize-py"));
    if let Some(path) = std::env::var_os("PATH") {
        c.extend(std::env::split_paths(&path).map(|d| d.join("componentize-py")));
    }
    c
}

/// The pinned componentize-py, or one line saying what was found and how to install it.
pub fn find_componentize_py() -> Result<PathBuf, AuthoringError> {
    let mut found = Vec::new();
    for path in candidates().into_iter().filter(|p| p.is_file()) {
        let Ok(out) = Command::new(&path).arg("--version").output() else {
            continue;
        };
        let version = String::from_utf8_lossy(&out.stdout);
        let version = version
            .trim()
            .trim_start_matches("componentize-py ")
            .to_string();
        if version == COMPONENTIZE_PY_VERSION {
            return Ok(path);
        }
        found.push(format!("{version} at {}", path.display()));
    }
    let seen = match found.is_empty() {
        true => "no componentize-py found (FROST_COMPONENTIZE_PY, $VIRTUAL_ENV/bin, the project venv, PATH)".to_string(),
        false => format!("found componentize-py {}", found.join(", ")),
    };
    Err(AuthoringError::Toolchain(format!(
        "a Python game needs componentize-py {COMPONENTIZE_PY_VERSION}: {seen}; install it with \
         `make python-games-setup` in the Frost checkout or `pip install \
         componentize-py=={COMPONENTIZE_PY_VERSION}`, or set FROST_COMPONENTIZE_PY"
    )))
}

/// A scratch folder for one build, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch() -> Result<Scratch, AuthoringError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!("frost-game-build-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(io("creating the build folder", &dir))?;
    Ok(Scratch(dir))
}

fn write(path: &Path, text: &str) -> Result<(), AuthoringError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io("creating", parent))?;
    }
    std::fs::write(path, text).map_err(io("writing", path))
}

/// The line of a tool's output that says what went wrong: the exception of the last Python
/// traceback in it ("ModuleNotFoundError: No module named 'numpy'"), else the last line.
pub fn failure_line(output: &str) -> String {
    let lines: Vec<&str> = output
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let is_exception = |l: &&&str| {
        l.split_once(": ").is_some_and(|(head, _)| {
            (head.ends_with("Error") || head.ends_with("Exception"))
                && head
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        })
    };
    let last_traceback = lines
        .iter()
        .rposition(|l| l.ends_with("Traceback (most recent call last):"));
    let after = &lines[last_traceback.map_or(0, |i| i + 1)..];
    let line = (after.iter().find(is_exception))
        .or_else(|| lines.iter().rev().find(is_exception))
        .or(lines.last())
        .copied()
        .unwrap_or("no output");
    line.chars().take(300).collect()
}

fn build_python(dir: &Path, out: &Path) -> Result<(), AuthoringError> {
    let tool = find_componentize_py()?;
    let s = scratch()?;
    let (sdk, wit) = (s.0.join("sdk"), s.0.join("wit"));
    for (path, text) in PYTHON_SDK {
        write(&sdk.join(path), text)?;
    }
    write(&sdk.join(format!("{APP_MODULE}.py")), APP_SOURCE)?;
    write(&wit.join("game.wit"), WIT)?;
    let no_site = s.0.join("no-site");
    let site = no_site.join("lib/site-packages");
    std::fs::create_dir_all(&site).map_err(io("creating", &site))?;
    let result = Command::new(&tool)
        .arg("--quiet")
        .arg("-d")
        .arg(&wit)
        .args(["-w", "frost-game", "componentize"])
        .arg("-p")
        .arg(dir)
        .arg("-p")
        .arg(&sdk)
        .arg(APP_MODULE)
        .arg("-o")
        .arg(out)
        .env("RUST_BACKTRACE", "0")
        // The game's folder is the only source of modules: componentize-py adds the
        // site-packages of $VIRTUAL_ENV, else of the `python` it finds, and would bundle the
        // build machine's packages (and half of an extension module's). An empty one it is.
        .env("VIRTUAL_ENV", &no_site)
        .env_remove("PYTHONPATH")
        .output()
        .map_err(io("running", &tool))?;
    if !result.status.success() {
        let text = format!(
            "{}\n{}",
            String::from_utf8_lossy(&result.stdout),
            String::from_utf8_lossy(&result.stderr)
        );
        return Err(AuthoringError::Build {
            dir: dir.to_path_buf(),
            message: format!("componentize-py failed: {}", failure_line(&text)),
        });
    }
    Ok(())
}

fn build_rust(dir: &Path, name: &str, out: &Path) -> Result<(), AuthoringError> {
    let manifest = dir.join("Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let result = Command::new(&cargo)
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-wasip2",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .map_err(io("running cargo for", &manifest))?;
    if !result.status.success() {
        return Err(AuthoringError::Build {
            dir: dir.to_path_buf(),
            message: format!(
                "cargo build failed: {}",
                failure_line(&String::from_utf8_lossy(&result.stderr))
            ),
        });
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| dir.join("target"));
    let built = target
        .join("wasm32-wasip2/release")
        .join(format!("{}.wasm", name.replace('-', "_")));
    std::fs::copy(&built, out).map_err(io("copying the built component", &built))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failure_line_is_the_exception() {
        let tb = "Traceback (most recent call last):\n  File \"game.py\", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'\n";
        assert_eq!(
            failure_line(tb),
            "ModuleNotFoundError: No module named 'numpy'"
        );
        assert_eq!(failure_line("error: thing broke\n\n"), "error: thing broke");
    }

    #[test]
    fn the_pin_is_the_makefiles() {
        let makefile =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Makefile"))
                .unwrap();
        assert!(
            makefile.contains(&format!(
                "COMPONENTIZE_PY_VERSION := {COMPONENTIZE_PY_VERSION}\n"
            )),
            "the Makefile pins another componentize-py than authoring/build.rs"
        );
    }
}
