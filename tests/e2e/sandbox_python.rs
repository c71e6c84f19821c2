//! End-to-end tests: the game sandbox holds for Python games. One hostile Python component
//! (tests/games/python/hostile_py, `make python-games`) whose config picks how it misbehaves:
//! each case is refused or stopped with one error naming the game and the limit, the same
//! handle then plays a valid round, and a good game still loads and plays. A Python game
//! gets the Rust games' limits unchanged: there is no interpreter allowance (docs/security.md).
//! The cases follow the Rust hostile game's (`sandbox.rs`), and training on any of them is
//! refused in one line, leaving no run directory.

use std::time::{Duration, Instant};

use frost_host::game::{Game, GameError, GameLimits};

use crate::fixture::{run_cli, test_config, tmp};
use crate::games::{passage, vocab};
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

/// Limits under which every failing mode ends within a second or two.
fn short() -> GameLimits {
    GameLimits {
        call_timeout_ms: 500,
        ..GameLimits::default()
    }
}

#[test]
fn python_network_use_traps_at_the_first_socket_call() {
    let (e, _) = hostile("network", &short(), &["wasi:sockets", "does not provide"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
}

#[test]
fn a_python_sleep_ends_at_once() {
    let (e, took) = hostile("sleep", &short(), &["tried to wait"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
}

#[test]
fn a_python_exit_is_a_crash_and_system_exit_an_exception() {
    let (e, _) = hostile("exit", &short(), &["crashed", "exited with status 0"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
    let (e, _) = hostile("sys_exit", &short(), &["SystemExit: 3", "game.py"]);
    assert!(matches!(e, GameError::Raised { .. }), "{e}");
}

#[test]
fn a_python_signal_at_itself_ends_the_call_only() {
    // SIGTERM's default action aborts the interpreter: a crash of this call, nothing more.
    let (e, _) = hostile("signal", &short(), &["the Python interpreter aborted"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
}

#[test]
fn python_floods_of_stderr_and_stdout_end_in_one_line() {
    for mode in ["stderr_flood", "stdout_flood"] {
        let (_, took) = hostile(mode, &short(), &[]);
        assert!(took < Duration::from_secs(5), "{mode} took {took:?}");
    }
    // stdout goes nowhere: a flood of it is a loop like any other.
    let (e, _) = hostile("stdout_flood", &short(), &["time limit of 500 ms"]);
    assert!(matches!(e, GameError::Limit { .. }), "{e}");
}

#[test]
fn a_huge_python_reply_is_refused() {
    let (e, _) = hostile("huge_output", &GameLimits::default(), &["max_output_bytes"]);
    assert!(matches!(e, GameError::OutputTooLarge { .. }), "{e}");
}

#[test]
fn a_deeply_nested_python_reply_names_the_field() {
    hostile(
        "nested",
        &GameLimits::default(),
        &["MalformedReply", "round.reference_move[0]"],
    );
}

#[test]
fn a_python_string_that_is_not_utf8_names_the_field() {
    hostile(
        "non_utf8",
        &GameLimits::default(),
        &["MalformedReply", "round.prompt", "surrogate"],
    );
}

#[test]
fn a_python_thread_is_refused() {
    let (e, _) = hostile("threads", &short(), &["RuntimeError", "thread"]);
    assert!(matches!(e, GameError::Raised { .. }), "{e}");
}

#[test]
fn an_exception_in_a_python_config_parser_is_reported_with_its_line() {
    let (e, _) = hostile(
        "config_raise",
        &GameLimits::default(),
        &[
            "ValueError: deliberate error in the config",
            "game.py",
            "__post_init__",
        ],
    );
    assert!(matches!(e, GameError::Raised { .. }), "{e}");
}

#[test]
fn a_standard_module_first_imported_at_run_time_is_missing() {
    hostile(
        "import_stdlib",
        &GameLimits::default(),
        &[
            "ModuleNotFoundError",
            "'wave'",
            "import it at the top of game.py",
        ],
    );
}

#[test]
fn a_printed_traceback_does_not_make_an_exit_an_exception() {
    // Told apart by how the call ended (the interpreter exited without failing), not by the
    // report the game printed.
    let (e, _) = hostile("fake_traceback", &short(), &["exited with status 0"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
    assert!(!e.to_string().contains("not raised"), "{e}");
}

#[test]
fn python_hashes_clocks_and_entropy_are_functions_of_the_seed() {
    let probe = |g: &mut Game, seed| {
        let e = g
            .new_round(r#"{"mode": "escape"}"#, seed, &[passage(0, 8)], vocab())
            .unwrap_err();
        match e {
            GameError::Rejected { message, .. } => message,
            other => panic!("expected the probe report, got {other}"),
        }
    };
    let mut g = Game::load(&hostile_py(), &GameLimits::default(), false).unwrap();
    let (a, b, c) = (probe(&mut g, 1), probe(&mut g, 1), probe(&mut g, 2));
    assert!(
        a.contains("time=0.0 ") && a.contains("monotonic_ns=0 "),
        "{a}"
    );
    assert_eq!(a, b, "same seed, same hash, clocks and entropy");
    let urandom = |s: &str| {
        s.split("urandom=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    assert_ne!(urandom(&a), urandom(&c), "another seed, other entropy");
    // str hashes are keyed once, when the component was built: every load sees the same.
    let mut g2 = Game::load(&hostile_py(), &GameLimits::default(), false).unwrap();
    assert_eq!(a, probe(&mut g2, 1));
}

#[test]
fn training_on_a_hostile_python_game_is_refused_in_one_line_before_the_run_starts() {
    let dir = tmp("hostile-py-run");
    std::fs::create_dir_all(&dir).unwrap();
    for (mode, says) in [
        ("raise", "ValueError: deliberate error"),
        ("loop", "call_timeout_ms"),
        ("network", "wasi:sockets"),
        ("sleep", "tried to wait"),
        ("exit", "exited with status 0"),
        ("stdout_flood", "call_timeout_ms"),
        ("huge_output", "max_output_bytes"),
        ("nested", "MalformedReply"),
        ("non_utf8", "MalformedReply"),
        ("threads", "RuntimeError"),
        ("config_raise", "deliberate error in the config"),
        ("import_stdlib", "ModuleNotFoundError"),
    ] {
        let mut c = test_config(true);
        c.game.path = hostile_py().display().to_string();
        c.game.config = toml::Table::from_iter([("mode".to_string(), mode.into())]);
        c.game.limits.call_timeout_ms = 500;
        let cfg = dir.join(format!("{mode}.toml"));
        std::fs::write(&cfg, c.to_toml()).unwrap();
        let out = dir.join(format!("run-{mode}"));
        let started = Instant::now();
        let o = run_cli(&[
            "--config",
            cfg.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{mode}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{mode}: {err}");
        assert!(
            err.contains("'hostile-py'") && err.contains(says),
            "{mode}: {err}"
        );
        assert!(
            !out.exists(),
            "{mode}: a refused run leaves no run directory"
        );
        assert!(started.elapsed() < Duration::from_secs(60), "{mode}");
    }
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
