//! End-to-end tests: the game sandbox holds for Python games. One hostile Python component
//! (tests/games/python/hostile_py, `make python-games`) whose config picks how it misbehaves:
//! each case is refused or stopped with one error naming the game and the limit, the same
//! handle then plays a valid round, and a good game still loads and plays. A Python game
//! gets the Rust games' limits plus the interpreter's documented allowance (docs/security.md).

use std::time::Duration;

use frost_host::game::{GameError, GameLimits};

use crate::fixture::{run_cli, test_config, tmp};
use crate::python_games::python_wasm;
use crate::sandbox::hostile_game;

fn hostile_py() -> std::path::PathBuf {
    python_wasm("tests/games/python/hostile_py")
}

/// Plays the hostile Python game in `mode` under the Rust games' checks
/// ([`crate::sandbox::hostile_game`]), and its error is one line.
fn hostile(mode: &str, limits: &GameLimits, words: &[&str]) -> (GameError, Duration) {
    let (e, took) = hostile_game(&hostile_py(), "hostile-py", mode, limits, words);
    let msg = e.to_string();
    assert_eq!(msg.lines().count(), 1, "{mode}: {msg}");
    (e, took)
}

#[test]
fn a_python_loop_hits_the_time_limit() {
    let (e, took) = hostile(
        "loop",
        &GameLimits::default(),
        &["time limit of 1000 ms", "call_timeout_ms"],
    );
    assert!(
        matches!(
            e,
            GameError::Limit {
                field: "call_timeout_ms",
                ..
            }
        ),
        "{e}"
    );
    assert!(took < Duration::from_secs(4), "took {took:?}");
}

#[test]
fn python_allocating_without_end_hits_the_memory_limit() {
    let limits = GameLimits {
        call_timeout_ms: 60_000,
        ..GameLimits::default()
    };
    let (e, _) = hostile(
        "memory",
        &limits,
        &["memory limit of 256 MiB", "max_memory_bytes"],
    );
    assert!(
        matches!(
            e,
            GameError::Limit {
                field: "max_memory_bytes",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_python_exception_is_reported_with_its_message_and_line() {
    let (e, _) = hostile(
        "raise",
        &GameLimits::default(),
        &[
            "raised",
            "ValueError: deliberate error",
            "game.py",
            "new_round",
        ],
    );
    assert!(matches!(e, GameError::Raised { .. }), "{e}");
}

#[test]
fn a_python_import_of_a_missing_module_is_reported() {
    hostile(
        "import",
        &GameLimits::default(),
        &["ModuleNotFoundError", "numpy"],
    );
}

#[test]
fn python_file_access_is_refused() {
    // As for a Rust game: no preopened directory, the first file call traps, naming it.
    hostile(
        "files",
        &GameLimits::default(),
        &["wasi:filesystem", "does not provide"],
    );
}

#[test]
fn a_malformed_python_reply_names_the_field() {
    hostile(
        "malformed",
        &GameLimits::default(),
        &[
            "MalformedReply",
            "round.reference_move: expected a list, got str",
        ],
    );
    let (e, _) = hostile(
        "bad_token",
        &GameLimits::default(),
        &["4000000000", "below the vocabulary size"],
    );
    assert!(matches!(e, GameError::InvalidRound { .. }), "{e}");
}

#[test]
fn python_runaway_recursion_is_stopped() {
    hostile("recursion", &GameLimits::default(), &["recursion"]);
}

#[test]
fn a_python_refusal_is_the_games_own_message() {
    let (e, _) = hostile(
        "reject",
        &GameLimits::default(),
        &["rejected the round: deliberate refusal"],
    );
    assert!(matches!(e, GameError::Rejected { .. }), "{e}");
}

#[test]
fn training_on_a_hostile_python_game_is_refused_in_one_line_before_the_run_starts() {
    let dir = tmp("hostile-py-run");
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = test_config(true);
    c.game.path = hostile_py().display().to_string();
    c.game.config = toml::toml! { mode = "raise" };
    let cfg = dir.join("config.toml");
    std::fs::write(&cfg, c.to_toml()).unwrap();
    let out = dir.join("run");
    let o = run_cli(&[
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("'hostile-py'") && err.contains("ValueError: deliberate error"),
        "{err}"
    );
    assert!(!out.exists(), "a refused run leaves no run directory");
}

#[test]
fn a_python_game_that_imports_a_missing_module_does_not_build() {
    let dir = tmp("py-missing-import").join("needs_numpy");
    std::fs::create_dir_all(&dir).unwrap();
    // numpy is in the project venv, active here: the build takes modules from the game's
    // folder only, so it is missing all the same.
    std::fs::write(dir.join("game.py"), "import numpy\n").unwrap();
    let o = run_cli(&["game", "build", dir.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("No module named 'numpy'") && err.contains("needs_numpy"),
        "{err}"
    );
    assert!(!dir.join("needs_numpy.wasm").exists());
}
