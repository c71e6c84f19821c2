//! `frost-host game build NAME/`: a game folder into the component NAME/NAME.wasm.
//!
//! A Python folder (game.py) is built by componentize-py, pinned to
//! [`COMPONENTIZE_PY_VERSION`] (the Makefile installs it into the project venv, and
//! `make vendor` keeps its wheel for offline machines). componentize-py runs the game's top
//! level at build time (in its own wasm interpreter, whose files are the folders it is given),
//! so a folder someone sent is built as a game call is played: from a read-only copy of the
//! folder ([`super::folder`]) beside the SDK built into this binary, the WIT and an app module
//! that imports the game's `game` module and exports the SDK's component class (the folder's
//! own `frost_game/`, which `game new` writes for the game's tests, is left out), under a time
//! and a memory limit, with an empty environment and where possible no network
//! ([`super::confine`]). The component is then put beside game.py.
//!
//! A Rust folder (Cargo.toml) is built by cargo for `wasm32-wasip2` in place, as its author
//! runs it; `--offline` builds a contributed one the careful way ([`build_rust_offline`]).

use super::confine;
use super::folder::{copy_game_folder, set_read_only, Scratch};
use super::tools::{find_componentize_py, rust_toolchain};
use super::{io, AuthoringError, Lang, PYTHON_SDK, WIT};
use crate::game::traceback;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// `game build`'s default limits (its flags `--timeout-s`, `--max-memory-mib`,
/// `--max-folder-mib`): well above a real game's build (componentize-py takes about 15 s and
/// 400 MB on the infill port; a game's memory at run time is capped at 256 MiB anyway).
pub const DEFAULT_TIMEOUT_S: u64 = 300;
pub const DEFAULT_MAX_MEMORY_MIB: u64 = 4096;
pub const DEFAULT_MAX_FOLDER_MIB: u64 = 256;

/// The limits a build runs under.
#[derive(Clone, Copy, Debug)]
pub struct BuildLimits {
    /// Wall-clock time of the whole build.
    pub timeout: Duration,
    /// Resident memory of the build's processes together.
    pub max_memory_bytes: u64,
    /// Bytes of the game folder copied for the build.
    pub max_folder_bytes: u64,
}

impl Default for BuildLimits {
    fn default() -> Self {
        BuildLimits {
            timeout: Duration::from_secs(DEFAULT_TIMEOUT_S),
            max_memory_bytes: DEFAULT_MAX_MEMORY_MIB << 20,
            max_folder_bytes: DEFAULT_MAX_FOLDER_MIB << 20,
        }
    }
}

impl BuildLimits {
    fn confine(&self) -> confine::Limits {
        confine::Limits {
            timeout: self.timeout,
            max_memory_bytes: self.max_memory_bytes,
        }
    }
}

/// How to build.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuildOptions {
    pub limits: BuildLimits,
    /// A Rust folder built the careful way ([`build_rust_offline`]).
    pub offline: bool,
}

/// A built game.
#[derive(Debug)]
pub struct Built {
    /// DIR/NAME.wasm.
    pub path: PathBuf,
    /// Why the build ran without its namespaces (no network, no capability over others'
    /// files), when it was meant to and the machine did not allow them.
    pub unconfined: Option<String>,
    /// What the author should know about the build (one line each).
    pub notes: Vec<String>,
}

/// The componentize-py release games are built with (the Makefile's COMPONENTIZE_PY_VERSION).
pub const COMPONENTIZE_PY_VERSION: &str = "0.25.1";

/// The app module componentize-py builds: the game's module registers its game
/// (`frost_game.export`), the SDK's class is the WIT export.
const APP_MODULE: &str = "frost_game_app";
/// The Python SDK's package folder (in a game folder and in [`PYTHON_SDK`]'s paths).
pub const PYTHON_SDK_DIR: &str = "frost_game";
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

/// Builds the game folder `dir` into `dir/NAME.wasm`.
pub fn build(dir: &Path, options: &BuildOptions) -> Result<Built, AuthoringError> {
    let name = game_name(dir)?;
    let out = dir.join(format!("{name}.wasm"));
    let limits = &options.limits;
    let mut notes = Vec::new();
    let manifest = super::manifest::read(dir)?;
    let unconfined = match (lang_of(dir)?, options.offline) {
        (Lang::Python, false) => {
            notes.extend(python_sdk_note(dir));
            build_python(dir, &name, &out, limits)?
        }
        (Lang::Python, true) => {
            return Err(AuthoringError::Build {
                dir: dir.to_path_buf(),
                message: "--offline is for a Rust game folder: a Python game is always built \
                          from a read-only copy, offline, under the limits"
                    .into(),
            })
        }
        (Lang::Rust, false) => {
            build_rust(dir, &name, &out)?;
            None
        }
        (Lang::Rust, true) => build_rust_offline(dir, &name, &out, limits)?,
    };
    if let Some(text) = &manifest {
        super::manifest::embed(&out, text)?;
    }
    Ok(Built {
        path: out,
        unconfined,
        notes,
    })
}

/// The game folder's own `frost_game/` (`game new` writes one, for the game's tests) is left
/// out of the build, which uses the SDK built into this binary (the one its WIT goes with);
/// when the two differ, a line saying so.
fn python_sdk_note(dir: &Path) -> Option<String> {
    let own = dir.join(PYTHON_SDK_DIR);
    if !own.is_dir() {
        return None;
    }
    // Compared only when it is a plain file of the same size (a link to /dev/zero is not read).
    let same = |path: &str, text: &str| {
        let path = dir.join(path);
        std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() == text.len() as u64)
            && std::fs::read_to_string(&path).is_ok_and(|t| t == text)
    };
    match PYTHON_SDK.iter().all(|(path, text)| same(path, text)) {
        true => None,
        false => Some(format!(
            "{} is not the SDK built into this frost-host ({}): the component was built with \
             the built-in one, the game's tests run with the folder's (a folder from `frost-host \
             game new` has the current one)",
            own.display(),
            env!("CARGO_PKG_VERSION")
        )),
    }
}

fn write(path: &Path, text: &str) -> Result<(), AuthoringError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io("creating", parent))?;
    }
    std::fs::write(path, text).map_err(io("writing", path))
}

/// The line of a build tool's output that says what went wrong: the exception of the last
/// Python traceback in it ("ModuleNotFoundError: No module named 'numpy' (at game.py:3, in
/// <module>)"), else cargo's first error, else the last line.
pub fn failure_line(output: &str) -> String {
    let lines = || output.lines().map(str::trim).filter(|l| !l.is_empty());
    let line = traceback::python_exception(output)
        .or_else(|| lines().find(|l| l.starts_with("error")).map(String::from))
        .or_else(|| lines().next_back().map(String::from))
        .unwrap_or_else(|| "no output".into());
    line.chars().take(300).collect()
}

/// Runs one build under `limits`; a limit hit or a failure is one error naming `dir`.
/// `at_build_time` says what of the game's own code runs during the build.
fn run_build(
    dir: &Path,
    tool: &str,
    at_build_time: &str,
    job: confine::Job,
    limits: &BuildLimits,
) -> Result<(), AuthoringError> {
    let limit = |limit: String, flag| AuthoringError::Limit {
        dir: dir.to_path_buf(),
        limit,
        flag,
    };
    let outcome = confine::run(job, limits.confine()).map_err(io("running", Path::new(tool)))?;
    match outcome {
        confine::Outcome::TimedOut => Err(limit(
            format!(
                "the build ran past its time limit of {} s ({at_build_time}: an endless loop?)",
                limits.timeout.as_secs()
            ),
            "--timeout-s",
        )),
        confine::Outcome::OverMemory => Err(limit(
            format!(
                "the build went over its memory limit of {} MiB ({at_build_time})",
                limits.max_memory_bytes >> 20
            ),
            "--max-memory-mib",
        )),
        confine::Outcome::Exited { status, .. } if status.success() => Ok(()),
        confine::Outcome::Exited { output, .. } => Err(AuthoringError::Build {
            dir: dir.to_path_buf(),
            message: format!("{tool} failed: {}", failure_line(&output)),
        }),
    }
}

/// Puts the built component at `out` without writing through whatever is there (a symlink
/// planted in the folder is replaced, not followed): a fresh file beside it, renamed.
pub(super) fn install(built: &Path, out: &Path) -> Result<(), AuthoringError> {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    let partial = out.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let copy = || -> std::io::Result<()> {
        let mut from = std::fs::File::open(built)?;
        let mut to = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)?;
        std::io::copy(&mut from, &mut to)?;
        to.sync_all()?;
        std::fs::rename(&partial, out)
    };
    copy().map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        AuthoringError::Io {
            what: "writing the built component",
            path: out.to_path_buf(),
            source: e,
        }
    })
}

fn build_python(
    dir: &Path,
    name: &str,
    out: &Path,
    limits: &BuildLimits,
) -> Result<Option<String>, AuthoringError> {
    let tool = find_componentize_py()?;
    let s = Scratch::new()?;
    let game = s.0.join("game");
    copy_game_folder(
        dir,
        &game,
        &[&format!("{name}.wasm"), PYTHON_SDK_DIR],
        limits.max_folder_bytes,
    )?;
    let (sdk, wit) = (s.folder("sdk")?, s.folder("wit")?);
    for (path, text) in PYTHON_SDK {
        write(&sdk.join(path), text)?;
    }
    write(&sdk.join(format!("{APP_MODULE}.py")), APP_SOURCE)?;
    write(&wit.join("game.wit"), WIT)?;
    // The game's folder is the only source of modules: componentize-py adds the
    // site-packages of $VIRTUAL_ENV, else of the `python` it finds, and would bundle the
    // build machine's packages (and half of an extension module's). An empty one it is.
    let no_site = s.folder("no-site")?;
    s.folder("no-site/lib/site-packages")?;
    for d in [&sdk, &wit, &no_site] {
        set_read_only(d, true);
    }
    let (tmp, built) = (
        s.folder("tmp")?,
        s.folder("out")?.join(format!("{name}.wasm")),
    );
    let isolation = confine::isolation();
    let mut args: Vec<OsString> = vec!["--quiet".into(), "-d".into(), wit.into()];
    args.extend(["-w", "frost-game", "componentize", "-p"].map(OsString::from));
    args.extend([game.into(), "-p".into(), sdk.into(), APP_MODULE.into()]);
    args.extend(["-o".into(), built.clone().into()]);
    let job = confine::Job {
        program: &tool,
        args,
        env: vec![
            ("VIRTUAL_ENV", no_site.into()),
            ("TMPDIR", tmp.into()),
            ("RUST_BACKTRACE", "0".into()),
        ],
        cwd: &s.0,
        isolate: isolation.as_deref().ok(),
    };
    let top_level = "the game's top level runs at build time";
    run_build(dir, "componentize-py", top_level, job, limits)?;
    install(&built, out)?;
    Ok(isolation.err())
}

/// The in-place build of an author's own Rust game: cargo in the folder, as they would run it.
fn build_rust(dir: &Path, name: &str, out: &Path) -> Result<(), AuthoringError> {
    let manifest = dir.join("Cargo.toml");
    let result = Command::new(rust_toolchain(dir)?)
        .args([
            "build",
            "--release",
            "--target",
            WASM_TARGET,
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
    install(&target.join(wasm_file(name)), out)
}

/// The careful build of a contributed Rust game (`--offline`): a read-only copy of the folder
/// (no `target/`, no hidden `.cargo/config.toml`), the versions its Cargo.lock pins from the
/// local registry only, a fresh target folder, under the limits and, where the machine allows
/// it, with no network and no write access to any file the user does not own. build.rs and
/// proc macros still run natively: docs/security.md says what that trusts.
fn build_rust_offline(
    dir: &Path,
    name: &str,
    out: &Path,
    limits: &BuildLimits,
) -> Result<Option<String>, AuthoringError> {
    let s = Scratch::new()?;
    let game = s.0.join("game");
    let skip = [&format!("{name}.wasm") as &str, "target"];
    copy_game_folder(dir, &game, &skip, limits.max_folder_bytes)?;
    if !game.join("Cargo.lock").is_file() {
        return Err(AuthoringError::Build {
            dir: dir.to_path_buf(),
            message: "--offline builds the dependency versions the folder's Cargo.lock pins, \
                      and it has none: make one (`cargo generate-lockfile`) and review it"
                .into(),
        });
    }
    let (tmp, target) = (s.folder("tmp")?, s.folder("target")?);
    let mut env: Vec<(&'static str, OsString)> = [
        "PATH",
        "HOME",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "RUSTUP_TOOLCHAIN",
    ]
    .into_iter()
    .filter_map(|k| std::env::var_os(k).map(|v| (k, v)))
    .collect();
    env.extend([
        ("CARGO_TARGET_DIR", target.clone().into()),
        ("TMPDIR", tmp.into()),
    ]);
    let mut args: Vec<OsString> = [
        "build",
        "--release",
        "--offline",
        "--locked",
        "--target",
        WASM_TARGET,
    ]
    .map(OsString::from)
    .into();
    args.extend(["--manifest-path".into(), game.join("Cargo.toml").into()]);
    let isolation = confine::isolation();
    let cargo = rust_toolchain(dir)?;
    let job = confine::Job {
        program: &cargo,
        args,
        env,
        cwd: &s.0,
        isolate: isolation.as_deref().ok(),
    };
    let build_rs = "build scripts and proc macros run at build time";
    run_build(dir, "cargo build", build_rs, job, limits)?;
    install(&target.join(wasm_file(name)), out)?;
    Ok(isolation.err())
}

pub const WASM_TARGET: &str = "wasm32-wasip2";

/// Where cargo puts crate `name`'s component, under its target folder.
fn wasm_file(name: &str) -> PathBuf {
    Path::new(WASM_TARGET)
        .join("release")
        .join(format!("{}.wasm", name.replace('-', "_")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failure_line_is_the_exception_or_the_first_error() {
        let tb = "Traceback (most recent call last):\n  File \"game.py\", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'\n";
        assert_eq!(
            failure_line(tb),
            "ModuleNotFoundError: No module named 'numpy' (at game.py:3, in <module>)"
        );
        let cargo = "   Compiling x v0.1.0\nerror[E0425]: cannot find value `y`\n --> src/lib.rs:1:1\nerror: could not compile `x`\n";
        assert_eq!(failure_line(cargo), "error[E0425]: cannot find value `y`");
        assert_eq!(failure_line("thing broke\n\n"), "thing broke");
    }

    #[test]
    fn a_folders_own_python_sdk_is_noted_only_when_it_is_not_the_built_in_one() {
        let d = tempfile::tempdir().unwrap();
        let game = d.path().join("g");
        std::fs::create_dir_all(&game).unwrap();
        assert_eq!(
            python_sdk_note(&game),
            None,
            "no frost_game/: nothing to say"
        );
        for (path, text) in PYTHON_SDK {
            write(&game.join(path), text).unwrap();
        }
        assert_eq!(
            python_sdk_note(&game),
            None,
            "the built-in SDK, as game new writes it"
        );
        let words = game.join("frost_game/words.py");
        let old = std::fs::read_to_string(&words).unwrap();
        std::fs::write(&words, old.replace("def ", "def  ")).unwrap();
        let note = python_sdk_note(&game).expect("a changed SDK is noted");
        assert!(
            note.contains("is not the SDK built into this frost-host"),
            "{note}"
        );
        std::fs::remove_file(&words).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &words).unwrap();
        assert!(
            python_sdk_note(&game).is_some(),
            "a link to a device is not read"
        );
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
