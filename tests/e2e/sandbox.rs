//! End-to-end tests: the game sandbox. Hostile components and native plugins (time, memory,
//! stack, output size, panics, bad rounds, wrong interfaces) and what the sandbox withholds.
//! The cache and game files: `game_cache.rs`; dealt rounds: `game_rounds.rs`. Fixtures: `make
//! test-games` (tests/games/*).

use std::time::{Duration, Instant};

use frost_host::game::{Game, GameError, GameLimits};

use crate::common::frost_host;
use crate::games::{fixture, hostile_wasm, native_lib, passage, play_good_game, vocab};

#[test]
fn native_plugin_without_the_flag_is_refused() {
    let so = native_lib("frost_game_infill");
    let e = Game::load(&so, &GameLimits::default(), false)
        .err()
        .expect("refused");
    assert!(matches!(e, GameError::NativeNotAllowed { .. }));
    assert!(e.to_string().contains("--allow-native"), "{e}");
    let out = frost_host().arg("game-info").arg(&so).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--allow-native"));
}

#[test]
fn native_plugin_with_a_wrong_handshake_is_refused_before_any_call() {
    // Every other export of this plugin aborts the process: a clean exit code 1 proves the
    // host called nothing after the handshake.
    let so = native_lib("frost_test_bad_native");
    let out = frost_host()
        .arg("game-info")
        .arg(&so)
        .arg("--allow-native")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("9.9.9") && stderr.contains("0.1.0") && stderr.contains("rebuild"),
        "{stderr}"
    );
}

#[test]
fn native_plugin_panics_are_caught() {
    let mut g = Game::load(
        &native_lib("frost_test_hostile"),
        &GameLimits::default(),
        true,
    )
    .unwrap();
    let e = g
        .new_round(r#"{"mode": "panic"}"#, 0, &[passage(0, 8)], vocab())
        .unwrap_err();
    assert!(matches!(e, GameError::Panic { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("hostile") && msg.contains("deliberate panic"),
        "{msg}"
    );
    assert!(msg.contains("(at tests/games/hostile/src/lib.rs:"), "{msg}");
    // The same plugin, still loaded, plays a valid round.
    g.new_round(r#"{"mode": "ok"}"#, 0, &[passage(0, 8)], vocab())
        .unwrap();
}

/// Plays the hostile component in `mode`; the error must name the game and contain `words`.
/// Then the same handle plays a valid round and a fresh good game loads and plays.
fn hostile(mode: &str, limits: &GameLimits, words: &[&str]) -> (GameError, Duration) {
    hostile_game(&hostile_wasm(), "hostile", mode, limits, words)
}

/// [`hostile`] for any hostile component (`wasm`, whose game is called `name`), in Rust or
/// Python: both sandboxes are held to the same checks.
pub(crate) fn hostile_game(
    wasm: &std::path::Path,
    name: &str,
    mode: &str,
    limits: &GameLimits,
    words: &[&str],
) -> (GameError, Duration) {
    let mut g = Game::load(wasm, limits, false).unwrap();
    let config = format!(r#"{{"mode": "{mode}"}}"#);
    let started = Instant::now();
    let e = g
        .new_round(&config, 0, &[passage(0, 8)], vocab())
        .expect_err("hostile round must fail");
    let took = started.elapsed();
    let msg = e.to_string();
    assert!(
        msg.contains(&format!("'{name}'")),
        "error for {mode} does not name the game: {msg}"
    );
    for w in words {
        assert!(msg.contains(w), "error for {mode} lacks {w:?}: {msg}");
    }
    g.new_round(r#"{"mode": "ok"}"#, 0, &[passage(0, 8)], vocab())
        .expect("the same game plays on");
    play_good_game();
    (e, took)
}

#[test]
fn hostile_infinite_loop_hits_the_time_limit_in_about_a_second() {
    let (e, took) = hostile(
        "loop",
        &GameLimits::default(),
        &["time limit of 1000 ms", "call_timeout_ms"],
    );
    assert!(matches!(
        e,
        GameError::Limit {
            field: "call_timeout_ms",
            ..
        }
    ));
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(3),
        "took {took:?}"
    );
    // The limit is configurable.
    let limits = GameLimits {
        call_timeout_ms: 200,
        ..GameLimits::default()
    };
    let (_, took) = hostile("loop", &limits, &["time limit of 200 ms"]);
    assert!(took < Duration::from_millis(900), "took {took:?}");
}

#[test]
fn hostile_memory_bomb_hits_the_memory_limit() {
    // A generous deadline: filling 256 MiB can take over a second on a loaded machine, and
    // this test is about the memory limit, not the clock.
    let limits = GameLimits {
        call_timeout_ms: 60_000,
        ..GameLimits::default()
    };
    let (e, _) = hostile(
        "memory",
        &limits,
        &["memory limit of 256 MiB", "max_memory_bytes"],
    );
    assert!(matches!(
        e,
        GameError::Limit {
            field: "max_memory_bytes",
            ..
        }
    ));
}

#[test]
fn hostile_deep_recursion_is_stopped() {
    let (e, _) = hostile("recursion", &GameLimits::default(), &["recursion"]);
    assert!(
        matches!(e, GameError::Limit { .. } | GameError::Trap { .. }),
        "{e}"
    );
}

#[test]
fn hostile_panic_reports_the_panic_message() {
    let (e, _) = hostile(
        "panic",
        &GameLimits::default(),
        &["panicked", "deliberate panic"],
    );
    assert!(matches!(e, GameError::Panic { .. }));
}

#[test]
fn a_printed_traceback_does_not_make_a_panic_an_exception() {
    // Told apart by how the call ended (the panic's `unreachable`), not by what was printed.
    let (e, _) = hostile(
        "fake_traceback",
        &GameLimits::default(),
        &["panicked", "deliberate panic after a fake traceback"],
    );
    assert!(matches!(e, GameError::Panic { .. }), "{e}");
}

#[test]
fn hostile_judge_without_a_move_slot_is_refused() {
    hostile("no_move", &GameLimits::default(), &["has a move slot"]);
}

#[test]
fn hostile_judge_term_with_two_move_slots_is_refused() {
    hostile(
        "two_moves",
        &GameLimits::default(),
        &["at most one move slot per judge term", "2 move slots"],
    );
}

#[test]
fn hostile_token_id_out_of_range_is_refused() {
    let (e, _) = hostile(
        "bad_token",
        &GameLimits::default(),
        &["4000000000", "below the vocabulary size"],
    );
    assert!(matches!(e, GameError::InvalidRound { .. }));
}

#[test]
fn hostile_absurd_move_length_is_refused() {
    hostile(
        "absurd_length",
        &GameLimits::default(),
        &["1..=256", "1000000"],
    );
}

#[test]
fn hostile_move_parts_that_overflow_or_point_past_the_move_are_refused() {
    // [u32::MAX, 5] would pass a wrapping sum as 4 tokens, then make the judge allocate for a
    // move of four billion tokens.
    hostile(
        "parts_overflow",
        &GameLimits::default(),
        &["several moves", "4294967295"],
    );
    hostile("part_past_move", &GameLimits::default(), &["move part 2"]);
}

#[test]
fn hostile_multi_megabyte_output_is_refused() {
    let (e, _) = hostile("huge_output", &GameLimits::default(), &["max_output_bytes"]);
    assert!(matches!(e, GameError::OutputTooLarge { size, .. } if size >= 8 << 20));
}

#[test]
fn component_for_another_wit_version_is_refused() {
    let path = fixture("target/wasm32-wasip2/release/frost_test_wrong_wit.wasm");
    let e = Game::load(&path, &GameLimits::default(), false)
        .err()
        .expect("refused");
    assert!(matches!(e, GameError::AbiMismatch { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("frost_test_wrong_wit.wasm") && msg.contains("9.0.0") && msg.contains("0.2.0"),
        "{msg}"
    );
    play_good_game();
}

#[test]
fn component_with_a_changed_signature_is_refused_at_load() {
    let path = fixture("target/wasm32-wasip2/release/frost_test_wrong_signature.wasm");
    let e = Game::load(&path, &GameLimits::default(), false)
        .err()
        .expect("refused");
    assert!(matches!(e, GameError::Load { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("frost_test_wrong_signature.wasm")
            && msg.contains("does not match this host's interface"),
        "{msg}"
    );
    play_good_game();
}

#[test]
fn sandbox_gives_no_env_and_frozen_clocks() {
    let mut g = Game::load(&hostile_wasm(), &GameLimits::default(), false).unwrap();
    let e = g
        .new_round(r#"{"mode": "escape"}"#, 0, &[passage(0, 8)], vocab())
        .unwrap_err();
    let GameError::Rejected { message, .. } = e else {
        panic!("expected the probe report, got {e}")
    };
    assert!(message.contains("env=0 "), "{message}");
    assert!(message.contains("wall=Ok(0)"), "{message}");
    assert!(message.contains("monotonic_ns=0 "), "{message}");
}

/// Plays the hostile component in `mode` and returns its error (a trap) and how long it took.
fn trapped(mode: &str, words: &[&str]) -> Duration {
    let limits = GameLimits {
        call_timeout_ms: 500,
        ..GameLimits::default()
    };
    let (e, took) = hostile(mode, &limits, words);
    assert!(matches!(e, GameError::Trap { .. }), "{mode}: {e}");
    took
}

#[test]
fn files_and_network_are_not_linked_and_trap() {
    // Not even an error code to probe with: the import traps, naming what the game called.
    for mode in ["files", "list_dir"] {
        trapped(mode, &["wasi:filesystem", "does not provide"]);
    }
    trapped("network", &["wasi:sockets", "does not provide"]);
}

#[test]
fn blocking_in_a_host_call_cannot_outlive_the_deadline() {
    // An hour's sleep, and a read of stdin followed by sleeping: both end at once, in an
    // error that says the game tried to wait (the epoch deadline cannot interrupt host code,
    // so nothing the game can call may block).
    for mode in ["sleep", "stdin"] {
        let took = trapped(mode, &["tried to wait", "sleep"]);
        assert!(took < Duration::from_secs(3), "{mode} took {took:?}");
    }
}

#[test]
fn flooding_stderr_ends_in_the_time_limit_not_a_hang() {
    let limits = GameLimits {
        call_timeout_ms: 500,
        ..GameLimits::default()
    };
    let started = Instant::now();
    let mut g = Game::load(&hostile_wasm(), &limits, false).unwrap();
    let e = g
        .new_round(r#"{"mode": "stderr_flood"}"#, 0, &[passage(0, 8)], vocab())
        .unwrap_err();
    assert!(e.to_string().contains("'hostile'"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(5), "{e}");
    play_good_game();
}

#[test]
fn a_game_calling_exit_is_a_crash_not_a_host_exit() {
    let (e, _) = hostile("exit", &GameLimits::default(), &["crashed"]);
    assert!(matches!(e, GameError::Trap { .. }), "{e}");
}

#[test]
fn game_randomness_is_a_function_of_the_seed() {
    let mut g = Game::load(&hostile_wasm(), &GameLimits::default(), false).unwrap();
    let mut probe = |seed| {
        g.new_round(r#"{"mode": "random"}"#, seed, &[passage(0, 8)], vocab())
            .unwrap_err()
            .to_string()
    };
    let (a, b, c) = (probe(1), probe(1), probe(2));
    assert!(a.contains("hash="), "{a}");
    assert_eq!(a, b, "same seed, same entropy");
    assert_ne!(a, c, "another seed, other entropy");
    // A fresh load of the game sees the same entropy for the same seed.
    let mut g2 = Game::load(&hostile_wasm(), &GameLimits::default(), false).unwrap();
    let again = g2
        .new_round(r#"{"mode": "random"}"#, 1, &[passage(0, 8)], vocab())
        .unwrap_err()
        .to_string();
    assert_eq!(a, again);
}
