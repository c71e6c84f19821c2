//! End-to-end tests: the game sandbox. Hostile components and native plugins (time, memory,
//! stack, output size, panics, bad rounds, wrong interfaces), what the sandbox withholds, and
//! the compiled-component cache. Fixtures: `make test-games` (tests/games/*).

use std::time::{Duration, Instant};

use frost_host::game::{Game, GameError, GameLimits};

use crate::common::{frost_host, game_wasm};
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
    let mut g = Game::load(&hostile_wasm(), limits, false).unwrap();
    let config = format!(r#"{{"mode": "{mode}"}}"#);
    let started = Instant::now();
    let e = g
        .new_round(&config, 0, &[passage(0, 8)], vocab())
        .expect_err("hostile round must fail");
    let took = started.elapsed();
    let msg = e.to_string();
    assert!(
        msg.contains("'hostile'"),
        "error does not name the game: {msg}"
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

#[test]
fn files_that_are_not_components_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.wasm");
    std::fs::write(&text, "this is not WebAssembly").unwrap();
    let e = Game::load(&text, &GameLimits::default(), true)
        .err()
        .unwrap();
    assert!(
        matches!(e, GameError::NotAGame { .. }) && e.to_string().contains("notes.wasm"),
        "{e}"
    );
    // A core module is not a component.
    let core = dir.path().join("core.wasm");
    std::fs::write(&core, b"\0asm\x01\0\0\0").unwrap();
    let e = Game::load(&core, &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(e.to_string().contains("core WebAssembly module"), "{e}");
    // A truncated component.
    let cut = dir.path().join("cut.wasm");
    std::fs::write(&cut, &std::fs::read(game_wasm("infill")).unwrap()[..4096]).unwrap();
    let e = Game::load(&cut, &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(
        matches!(e, GameError::Load { .. }) && e.to_string().contains("cut.wasm"),
        "{e}"
    );
    let missing = Game::load(&dir.path().join("nope.wasm"), &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(matches!(missing, GameError::Read { .. }));
    play_good_game();
}

#[test]
fn output_cap_is_configurable() {
    let limits = GameLimits {
        max_output_bytes: 100,
        ..GameLimits::default()
    };
    // The description (with its schema) is already larger than 100 bytes.
    let e = Game::load(&game_wasm("infill"), &limits, false)
        .err()
        .unwrap();
    assert!(matches!(e, GameError::OutputTooLarge { .. }), "{e}");
}

/// `frost-host game-info <game>` with `cache` as `$FROST_CACHE`: its stderr (debug log).
fn game_info_with_cache(cache: &std::path::Path, game: &str) -> String {
    let out = frost_host()
        .args(["game-info", game_wasm(game).to_str().unwrap()])
        .env("FROST_CACHE", cache)
        .env("FROST_LOG", "debug")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    stderr
}

/// The cache's compiled entries (`.cwasm`), sorted.
fn cwasm_entries(cache: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(cache.join("components"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .collect();
    v.sort();
    v
}

#[test]
fn compiled_components_are_cached_on_disk() {
    let cache = tempfile::tempdir().unwrap();
    let first = game_info_with_cache(cache.path(), "condense");
    assert!(first.contains("compiled"), "{first}");
    assert_eq!(cwasm_entries(cache.path()).len(), 1);
    let second = game_info_with_cache(cache.path(), "condense");
    assert!(
        second.contains("loaded compiled game from") && !second.contains(" compiled games"),
        "{second}"
    );
    // The key is private to the user and outside the components folder.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(cache.path().join("component-key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "key mode {mode:o}");
    }
}

#[test]
fn tampered_cache_entries_are_recompiled_never_loaded() {
    let cache = tempfile::tempdir().unwrap();
    let c = cache.path();
    game_info_with_cache(c, "condense");
    let condense = cwasm_entries(c)[0].clone();
    game_info_with_cache(c, "infill");
    let infill = cwasm_entries(c)
        .into_iter()
        .find(|p| *p != condense)
        .unwrap();
    let mac = |p: &std::path::Path| p.with_extension("cwasm.mac");
    // Each tampering, then a run that must recompile (not load, not crash), then a run that
    // loads the rewritten entry again.
    type Tampering<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let tamperings: Vec<Tampering> = vec![
        (
            "swapped (another game's entry and MAC under this name)",
            Box::new(|| {
                std::fs::copy(&infill, &condense).unwrap();
                std::fs::copy(mac(&infill), mac(&condense)).unwrap();
            }),
        ),
        (
            "truncated",
            Box::new(|| {
                let b = std::fs::read(&condense).unwrap();
                std::fs::write(&condense, &b[..b.len() / 2]).unwrap();
            }),
        ),
        (
            "bit-flipped",
            Box::new(|| {
                let mut b = std::fs::read(&condense).unwrap();
                let i = b.len() / 2;
                b[i] ^= 0x10;
                std::fs::write(&condense, &b).unwrap();
            }),
        ),
        (
            "MAC missing",
            Box::new(|| std::fs::remove_file(mac(&condense)).unwrap()),
        ),
        (
            "key missing",
            Box::new(|| std::fs::remove_file(c.join("component-key")).unwrap()),
        ),
    ];
    for (what, tamper) in tamperings {
        tamper();
        let log = game_info_with_cache(c, "condense");
        assert!(
            log.contains("compiled") && !log.contains("loaded compiled game from"),
            "{what}: {log}"
        );
        let log = game_info_with_cache(c, "condense");
        assert!(log.contains("loaded compiled game from"), "{what}: {log}");
    }
}

#[test]
fn game_files_must_be_regular_files_of_bounded_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let limits = GameLimits::default();
    let refused = |path: &std::path::Path, words: &[&str]| {
        let started = Instant::now();
        let e = Game::load(path, &limits, true).err().expect("refused");
        assert!(started.elapsed() < Duration::from_secs(2), "{e}");
        let msg = e.to_string();
        for w in words {
            assert!(msg.contains(w), "{msg}");
        }
        // The CLI says the same in one line, exit 1.
        let out = frost_host().arg("game-info").arg(path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("not a regular file") || stderr.contains("max_game_file_bytes"));
    };
    #[cfg(unix)]
    {
        let zero = d.join("zero.wasm");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        refused(&zero, &["zero.wasm", "not a regular file"]);
        let fifo = d.join("fifo.wasm");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(ok.success());
        refused(&fifo, &["fifo.wasm", "FIFO"]);
    }
    let sub = d.join("dir.wasm");
    std::fs::create_dir(&sub).unwrap();
    refused(&sub, &["dir.wasm", "directory"]);
    // A sparse 2 GB file: refused by its size, without reading it.
    let big = d.join("big.wasm");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    refused(&big, &["big.wasm", "max_game_file_bytes"]);
    // The limit is configurable: infill is over a 1 KiB limit.
    let small = GameLimits {
        max_game_file_bytes: 1024,
        ..GameLimits::default()
    };
    let e = Game::load(&game_wasm("infill"), &small, false)
        .err()
        .unwrap();
    assert!(e.to_string().contains("max_game_file_bytes = 1024"), "{e}");
    play_good_game();
}

/// Deals one round of the hostile game in `mode` (with size `n`) through the host's dealer
/// (as training and game-check do) and returns its error, which must name the game.
fn dealt_error(mode: &str, n: u32, limits: &GameLimits, max_positions: Option<usize>) -> String {
    use frost_host::corpus::Document;
    use frost_host::round::{Dealer, TokenizedSplit};
    let game = Game::load(&hostile_wasm(), limits, false).unwrap();
    let config = format!(r#"{{"mode": "{mode}", "n": {n}}}"#);
    // The sample tokenizer as a model folder has it (with BOS/EOS).
    let tok =
        &frost_host::model::Tok::from_dir(crate::common::sample_tokenizer().1.parent().unwrap())
            .unwrap();
    let mut dealer = Dealer::new(game, &config, tok, vocab() as i64, tch::Device::Cpu).unwrap();
    if let Some(m) = max_positions {
        dealer = dealer.with_max_positions(m);
    }
    let doc = Document {
        name: "sample".into(),
        text: crate::common::SAMPLE.to_string(),
    };
    let split = TokenizedSplit::new("train", &[doc], tok);
    let started = Instant::now();
    let e = match dealer.deal(tok, &split, 3) {
        Ok(_) => panic!("{mode}: the round must be refused"),
        Err(e) => e.to_string(),
    };
    assert!(started.elapsed() < Duration::from_secs(10), "{mode}: {e}");
    assert!(
        e.contains("hostile"),
        "{mode}: error does not name the game: {e}"
    );
    e
}

#[test]
fn rounds_are_bounded_in_tokens_terms_and_messages() {
    let limits = GameLimits::default();
    // 800 KB of "x x x ...": under the byte cap, some 400k tokens.
    let e = dealt_error("long_prompt", 800_000, &limits, None);
    assert!(
        e.contains("player prompt") && e.contains("max_prompt_tokens"),
        "{e}"
    );
    let e = dealt_error("long_judge", 800_000, &limits, None);
    assert!(
        e.contains("judge term 0") && e.contains("max_judge_tokens"),
        "{e}"
    );
    let e = dealt_error("many_terms", 5000, &limits, None);
    assert!(e.contains("5000") && e.contains("max_judge_terms"), "{e}");
    let e = dealt_error("many_messages", 5000, &limits, None);
    assert!(
        e.contains("chat messages") && e.contains("max_chat_messages"),
        "{e}"
    );
    // The model's context caps the limits: a small round is too long for a 10-position model.
    let e = dealt_error("ok", 0, &limits, Some(10));
    assert!(e.contains("max_position_embeddings"), "{e}");
    // The limits are configurable.
    let small = GameLimits {
        max_judge_terms: 3,
        ..GameLimits::default()
    };
    let e = dealt_error("many_terms", 4, &small, None);
    assert!(e.contains("over the limit of 3"), "{e}");
    play_good_game();
}

#[test]
fn rounds_that_cannot_be_trained_on_are_refused() {
    let limits = GameLimits::default();
    let e = dealt_error("nothing_scored", 0, &limits, None);
    assert!(e.contains("judge term 1 scores no token"), "{e}");
    let e = dealt_error("ban_all", vocab(), &limits, None);
    assert!(e.contains("ban every token"), "{e}");
    play_good_game();
}

#[test]
fn what_a_game_says_reaches_the_terminal_escaped() {
    let out = frost_host()
        .args([
            "game-check",
            hostile_wasm().to_str().unwrap(),
            "--set",
            "game.config.mode=ansi",
        ])
        .arg("--tokenizer")
        .arg(&crate::common::sample_tokenizer().1)
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("all clear"), "{err}");
    for c in ['\u{1b}', '\u{7}', '\r', '\u{202e}'] {
        assert!(!err.contains(c), "raw {c:?} reached the terminal: {err:?}");
    }
    assert!(
        err.contains("\\u{1b}[2J") && err.contains("\\u{202e}"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_game_whose_rounds_differ_on_replay_is_refused() {
    let check = |game: &std::path::Path, native: bool| {
        let mut c = frost_host();
        c.args([
            "game-check",
            game.to_str().unwrap(),
            "--verify",
            "--set",
            "game.config.mode=unstable",
        ])
        .arg("--tokenizer")
        .arg(&crate::common::sample_tokenizer().1)
        .env("FROST_LOG", "warn");
        if native {
            c.arg("--allow-native");
        }
        c.output().unwrap()
    };
    // Natively, std's RandomState draws from the OS: the replay differs and is refused.
    let o = check(&native_lib("frost_test_hostile"), true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("not deterministic") && err.contains("hostile") && err.lines().count() == 1,
        "{err}"
    );
    // In the sandbox the same code's entropy is seeded by the round: it replays exactly.
    let o = check(&hostile_wasm(), false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
