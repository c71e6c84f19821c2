//! The tools `game build` runs, found or named: componentize-py at the pinned version for a
//! Python game, cargo with the wasm32-wasip2 target for a Rust game. A missing one is one
//! line saying what was looked for and the command that installs it, never a tool's own page
//! of errors.

use super::build::{COMPONENTIZE_PY_VERSION, WASM_TARGET};
use super::AuthoringError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where to look for componentize-py, in order: FROST_COMPONENTIZE_PY, the active venv, a
/// `.venv` up to three folders above this binary (a checkout's project venv for
/// `target/release/frost-host`: found from where the binary is, not from a path recorded when
/// it was built, which a copied binary or the bundle would not have), PATH.
fn candidates() -> Vec<PathBuf> {
    let mut c = Vec::new();
    if let Some(p) = std::env::var_os("FROST_COMPONENTIZE_PY") {
        return vec![PathBuf::from(p)];
    }
    if let Some(v) = std::env::var_os("VIRTUAL_ENV") {
        c.push(Path::new(&v).join("bin/componentize-py"));
    }
    if let Ok(exe) = std::env::current_exe() {
        let above = exe.ancestors().skip(1).take(3);
        c.extend(above.map(|d| d.join(".venv/bin/componentize-py")));
    }
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
        true => "none found (FROST_COMPONENTIZE_PY, $VIRTUAL_ENV/bin, a .venv above frost-host, \
                 PATH)"
            .to_string(),
        false => format!("found {}", found.join(", ")),
    };
    Err(AuthoringError::Toolchain(format!(
        "a Python game needs componentize-py {COMPONENTIZE_PY_VERSION}, {seen}: install it with \
         `pip install componentize-py=={COMPONENTIZE_PY_VERSION}` (in a Frost checkout: `make \
         python-games-setup`), or set FROST_COMPONENTIZE_PY to it"
    )))
}

/// The first `program` on PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// cargo ($CARGO, set when run by cargo, else the first on PATH) with the wasm32-wasip2
/// target installed for the toolchain it builds `dir` with, or one line saying how to get
/// what is missing (cargo's own error for a missing target is a page about `core`).
pub fn rust_toolchain(dir: &Path) -> Result<PathBuf, AuthoringError> {
    let cargo = std::env::var_os("CARGO")
        .map(PathBuf::from)
        .or_else(|| on_path("cargo"))
        .ok_or_else(|| {
            AuthoringError::Toolchain(format!(
                "a Rust game needs cargo, and there is none on PATH: install Rust \
                 (https://rustup.rs), then `rustup target add {WASM_TARGET}`"
            ))
        })?;
    // The rustc beside cargo (a rustup proxy picks the folder's toolchain, as cargo will).
    let rustc = std::env::var_os("RUSTC")
        .map(PathBuf::from)
        .or_else(|| Some(cargo.with_file_name("rustc")).filter(|p| p.is_file()))
        .or_else(|| on_path("rustc"));
    let sysroot = rustc.and_then(|rustc| {
        let o = Command::new(rustc)
            .args(["--print", "sysroot"])
            .current_dir(dir)
            // A toolchain file in a folder someone sent installs nothing here.
            .env("RUSTUP_AUTO_INSTALL", "0")
            .output()
            .ok()?;
        let s = String::from_utf8_lossy(&o.stdout).trim().to_string();
        (o.status.success() && !s.is_empty()).then(|| PathBuf::from(s))
    });
    // Where rustc cannot say, cargo's own error will.
    if let Some(sysroot) = sysroot {
        if !sysroot.join("lib/rustlib").join(WASM_TARGET).is_dir() {
            return Err(AuthoringError::Toolchain(format!(
                "a Rust game builds for {WASM_TARGET}, which the Rust toolchain at {} lacks: \
                 `rustup target add {WASM_TARGET}`",
                sysroot.display()
            )));
        }
    }
    Ok(cargo)
}
