//! End-to-end tests: authoring from the bundle alone. docs/writing-a-game.md's "Contributing a
//! game" block, run verbatim, line by line, in an empty folder outside the checkout, with the
//! bundle's launcher (tests/e2e/bundle.rs builds it) as `frost-host` on PATH, under a bare
//! environment (no VIRTUAL_ENV, no PYTHONPATH, a fresh HOME and FROST_CACHE): the folder
//! `game new` writes carries its SDK, its tests pass in plain CPython, `game build` and
//! `game-check --verify` pass, and nothing written names a path of the checkout. The same for a
//! Rust game (`game new --lang rust`, `game build` offline from the local registry). And
//! `game build` names a missing tool and the command that installs it, in one line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use sha2::{Digest, Sha256};

use crate::bundle::{bundle, unpack};
use crate::common::root;

const MARKER: &str =
    "<!-- contribution: run verbatim by tests/e2e/writing_a_game_contribution.rs -->\n```sh\n";

/// The doc's contribution block, one command a line.
fn contribution_block() -> Vec<String> {
    let doc = std::fs::read_to_string(root().join("docs/writing-a-game.md")).unwrap();
    let start = doc
        .find(MARKER)
        .expect("docs/writing-a-game.md has the contribution block")
        + MARKER.len();
    let block = doc[start..].split("```").next().unwrap();
    block.lines().map(str::to_string).collect()
}

/// A folder outside the checkout (under the system's temp folder) holding the bundle unpacked,
/// `bin/` (put first on PATH: `frost-host`, the bundle's launcher, and the tools given), a
/// fresh HOME and FROST_CACHE, and `work/`, where the commands run. Removed when dropped.
struct Outside {
    dir: PathBuf,
    bin: PathBuf,
    work: PathBuf,
}

impl Outside {
    fn new(name: &str, tools: &[(&str, &Path)]) -> Outside {
        let dir = std::env::temp_dir().join(format!(
            "frost-e2e-{name}-{}-{:08x}",
            std::process::id(),
            rand::random::<u32>()
        ));
        assert!(!dir.starts_with(root()), "{}", dir.display());
        let frost = unpack(&bundle().archive, &dir.join("bundle"));
        let bin = dir.join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(frost.join("frost"), bin.join("frost-host")).unwrap();
        for (tool, at) in tools {
            std::os::unix::fs::symlink(at, bin.join(tool)).unwrap();
        }
        let work = dir.join("work");
        for d in [&work, &dir.join("home"), &dir.join("cache")] {
            std::fs::create_dir_all(d).unwrap();
        }
        Outside { dir, bin, work }
    }

    /// `sh -c line` in `work/`, under a bare environment: PATH is `bin/`, the venv with torch
    /// the launcher needs (the bundle test's, at a path of its own), /usr/bin and /bin.
    fn sh(&self, line: &str) -> Command {
        let mut c = Command::new("/bin/sh");
        c.args(["-c", line])
            .current_dir(&self.work)
            .env_clear()
            .env(
                "PATH",
                format!(
                    "{}:{}:/usr/bin:/bin",
                    self.bin.display(),
                    bundle().venv.join("bin").display()
                ),
            )
            .env("HOME", self.dir.join("home"))
            .env("FROST_CACHE", self.dir.join("cache"))
            .env("FROST_LOG", "warn")
            .env("OMP_NUM_THREADS", "1");
        c
    }

    /// Every file under `work/` that holds the checkout's path.
    fn naming_the_checkout(&self) -> Vec<PathBuf> {
        let checkout = root().canonicalize().unwrap();
        let needle = checkout.as_os_str().as_encoded_bytes();
        let mut found = Vec::new();
        let mut todo = vec![self.work.clone()];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    todo.push(p);
                } else if std::fs::read(&p)
                    .unwrap()
                    .windows(needle.len())
                    .any(|w| w == needle)
                {
                    found.push(p);
                }
            }
        }
        found
    }
}

impl Drop for Outside {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The project venv's componentize-py: the machine's install of the pinned tool.
fn componentize_py() -> PathBuf {
    let p = root().join(".venv/bin/componentize-py");
    assert!(
        p.is_file(),
        "no componentize-py in the project venv: run `make python-games-setup`"
    );
    p
}

#[test]
fn the_docs_contribution_block_runs_verbatim_from_the_bundle_outside_the_checkout() {
    let lines = contribution_block();
    let o = Outside::new("contribution", &[("componentize-py", &componentize_py())]);
    let mut ran = Vec::new();
    for line in &lines {
        let started = Instant::now();
        let out = o.sh(line).output().unwrap();
        let shown = text(&out);
        assert!(out.status.success(), "`{line}` failed:\n{shown}");
        eprintln!("`{line}`: {:.1}s", started.elapsed().as_secs_f64());
        let says = |words: &[&str]| {
            for w in words {
                assert!(shown.contains(w), "`{line}` lacks {w:?}:\n{shown}");
            }
        };
        let kind = match line.as_str() {
            l if l.starts_with("frost-host game new --lang python mygame") => {
                says(&["wrote mygame/game.py", "wrote mygame/frost_game/"]);
                "new"
            }
            l if l.contains("python3 -m unittest") => {
                says(&["Ran 2 tests", "OK"]);
                "test"
            }
            l if l.starts_with("frost-host game build mygame/") => {
                says(&["built mygame/mygame.wasm", "game mygame 0.1.0"]);
                assert!(!shown.contains("note:"), "{shown}");
                "build"
            }
            l if l.starts_with("frost-host game-check --validate mygame/mygame.wasm") => {
                says(&["all ", " checks passed"]);
                "validate"
            }
            l if l.starts_with("frost-host game-check mygame/mygame.wasm") => {
                says(&[
                    "game mygame 0.1.0: move of 4 tokens",
                    "verified: seed 1 played again",
                ]);
                "check"
            }
            l if l.starts_with("sha256sum mygame/mygame.wasm") => {
                let wasm = std::fs::read(o.work.join("mygame/mygame.wasm")).unwrap();
                let hex: String = Sha256::digest(&wasm)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                says(&[&format!("{hex}  mygame/mygame.wasm")]);
                "sha256"
            }
            _ => "other",
        };
        ran.push(kind);
    }
    for step in ["new", "test", "build", "check", "validate", "sha256"] {
        assert!(
            ran.contains(&step),
            "the block lost its {step} step: {lines:?}"
        );
    }
    let sdk = o.work.join("mygame/frost_game/__init__.py");
    assert!(sdk.is_file(), "the folder carries the SDK");
    assert_eq!(
        o.naming_the_checkout(),
        Vec::<PathBuf>::new(),
        "files written outside the checkout name it"
    );
}

/// Where the Rust game's dependencies are built: kept between test runs (the SDK's
/// dependencies take a minute on two cores the first time), outside the game folder.
fn rust_target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("frost-e2e-rust-game-target")
}

/// cargo's own folders and the folder holding cargo, as the machine has them.
fn with_cargo(c: &mut Command, o: &Outside) {
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    let cargo = match cargo.is_absolute() {
        true => cargo,
        false => std::env::split_paths(&std::env::var_os("PATH").unwrap())
            .map(|d| d.join("cargo"))
            .find(|p| p.is_file())
            .expect("cargo on PATH"),
    };
    let home = PathBuf::from(std::env::var_os("HOME").unwrap());
    let var = |k: &str, default: PathBuf| std::env::var_os(k).map_or(default, PathBuf::from);
    c.env(
        "PATH",
        format!(
            "{}:{}:{}:/usr/bin:/bin",
            o.bin.display(),
            cargo.parent().unwrap().display(),
            bundle().venv.join("bin").display()
        ),
    )
    .env("CARGO_HOME", var("CARGO_HOME", home.join(".cargo")))
    .env("RUSTUP_HOME", var("RUSTUP_HOME", home.join(".rustup")))
    .env("CARGO_NET_OFFLINE", "true")
    .env("CARGO_TARGET_DIR", rust_target_dir());
    if let Some(t) = std::env::var_os("RUSTUP_TOOLCHAIN") {
        c.env("RUSTUP_TOOLCHAIN", t);
    }
}

#[test]
fn a_rust_game_from_the_bundle_builds_outside_the_checkout() {
    let o = Outside::new("rust-game", &[]);
    let out = o
        .sh("frost-host game new --lang rust myrust")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("wrote myrust/frost-sdk/: the SDK built into this frost-host"),
        "{}",
        text(&out)
    );
    let manifest = std::fs::read_to_string(o.work.join("myrust/frost-sdk/Cargo.toml")).unwrap();
    assert!(
        manifest.contains(&format!("version = \"{}\"", env!("CARGO_PKG_VERSION"))),
        "{manifest}"
    );
    let started = Instant::now();
    let mut build = o.sh("frost-host game build myrust/");
    with_cargo(&mut build, &o);
    let out = build.output().unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("built myrust/myrust.wasm"),
        "{}",
        text(&out)
    );
    eprintln!("game build (Rust): {:.1}s", started.elapsed().as_secs_f64());
    let out = o
        .sh("frost-host game-check myrust/myrust.wasm --seed 1")
        .output()
        .unwrap();
    assert!(
        text(&out).starts_with("game myrust 0.1.0: move of 4 tokens"),
        "{}",
        text(&out)
    );
    assert_eq!(o.naming_the_checkout(), Vec::<PathBuf>::new());
}

/// `game build`'s one line (exit 1) for a command line.
fn one_line(c: &mut Command) -> String {
    let out = c.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn game_build_names_a_missing_tool_and_its_install_command_in_one_line() {
    let o = Outside::new("no-tools", &[]);
    for lang in ["python", "rust"] {
        let out = o
            .sh(&format!("frost-host game new --lang {lang} my{lang}"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out));
    }
    // No componentize-py: none on PATH, no venv, none above the bundle's binary.
    let err = one_line(&mut o.sh("frost-host game build mypython/"));
    assert!(
        err.contains("needs componentize-py 0.25.1, none found")
            && err.contains("`pip install componentize-py==0.25.1`"),
        "{err}"
    );
    // No cargo on PATH.
    let err = one_line(&mut o.sh("frost-host game build myrust/"));
    assert!(
        err.contains("needs cargo") && err.contains("`rustup target add wasm32-wasip2`"),
        "{err}"
    );
    // cargo, and a toolchain without the wasm target (a rustc whose sysroot lacks it).
    let sysroot = o.dir.join("sysroot");
    std::fs::create_dir_all(sysroot.join("lib/rustlib/x86_64-unknown-linux-gnu")).unwrap();
    let rustc = o.dir.join("rustc");
    std::fs::write(&rustc, format!("#!/bin/sh\necho {}\n", sysroot.display())).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&rustc, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut c = o.sh("frost-host game build myrust/");
    with_cargo(&mut c, &o);
    let err = one_line(c.env("RUSTC", &rustc));
    assert!(
        err.contains(&format!("toolchain at {} lacks", sysroot.display()))
            && err.contains("`rustup target add wasm32-wasip2`"),
        "{err}"
    );
}
