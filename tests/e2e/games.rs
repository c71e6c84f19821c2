//! End-to-end tests: games. The game runtime (wasm sandbox, native plugins, round
//! validation), the infill and condense games, hostile games, and the game CLI.
//! Fixtures: `make games` (games/*.wasm) and `make test-games` (tests/games/*).

use crate::common::{frost_host, game_wasm, root};
use frost_host::assignments::{banned_token_ids, passage_from_text, passage_window, token_texts};
use frost_host::game::{Game, GameError, GameKind, GameLimits};
use frost_host::model::Tok;
use frost_host::sdk::{JudgeSegment, Passage, Prompt, PromptSegment, Round, SegmentContent};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::common::{sample_tokenizer as tokenizer, SAMPLE};

/// The same tokenizer as the host's `Tok`.
fn tok() -> &'static Tok {
    static TOK: OnceLock<Tok> = OnceLock::new();
    TOK.get_or_init(|| Tok::new(tokenizer().0.clone(), None, None, None))
}

fn vocab() -> u32 {
    tokenizer().0.get_vocab_size(true) as u32
}

/// `n` tokens of the sample text, starting at token `start`.
fn passage(start: usize, n: usize) -> Passage {
    let whole = passage_from_text(tok(), SAMPLE);
    assert!(
        whole.token_ids.len() >= start + n,
        "sample text too short: {} tokens",
        whole.token_ids.len()
    );
    passage_window(&whole, start, n)
}

fn fixture(path: &str) -> PathBuf {
    let p = root().join(path);
    assert!(p.exists(), "{} missing: run `make test-games`", p.display());
    p
}

fn native_lib(crate_name: &str) -> PathBuf {
    let file = format!(
        "{}{crate_name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    fixture(&format!("target/release/{file}"))
}

fn hostile_wasm() -> PathBuf {
    fixture("target/wasm32-wasip2/release/frost_test_hostile.wasm")
}

fn load(path: &Path) -> Game {
    Game::load(path, &GameLimits::default(), false)
        .unwrap_or_else(|e| panic!("loading {}: {e}", path.display()))
}

/// Plays one default infill round, proving the host is alive and still plays a good game.
fn play_good_game() {
    let mut g = load(&game_wasm("infill"));
    let round = g
        .new_round("", 1, &[passage(0, 104)], vocab())
        .expect("a good round");
    assert_eq!(round.reference_move.as_ref().map(Vec::len), Some(8));
}

fn segment_ids(s: &JudgeSegment) -> &[u32] {
    match &s.content {
        SegmentContent::Tokens(ids) => ids,
        other => panic!("expected a token segment, got {other:?}"),
    }
}

#[test]
fn passages_cover_the_text_exactly() {
    let (tok, _) = tokenizer();
    let whole = passage_from_text(self::tok(), SAMPLE);
    // Contiguous spans that tile the text, and the ids decode back to it (byte-level BPE).
    let mut at = 0;
    for &(a, b) in &whole.offsets {
        assert_eq!(a as usize, at);
        assert!(b >= a);
        at = b as usize;
    }
    assert_eq!(at, SAMPLE.len());
    assert_eq!(tok.decode(&whole.token_ids, false).unwrap(), SAMPLE);
    let w = passage_window(&whole, 17, 40);
    assert_eq!(w.token_ids, whole.token_ids[17..57]);
    assert_eq!(w.text, tok.decode(&w.token_ids, false).unwrap());
    assert_eq!(w.text_between(0, 40), w.text);
    assert_eq!(
        w.text_between(5, 9),
        tok.decode(&w.token_ids[5..9], false).unwrap()
    );
}

#[test]
fn infill_round_cuts_the_passage_into_prefix_gap_suffix() {
    let mut g = load(&game_wasm("infill"));
    assert_eq!(g.kind(), GameKind::Wasm);
    assert_eq!(g.info().name, "infill");
    assert_eq!(g.info().abi_version, frost_host::sdk::ABI_VERSION);
    let config = r#"{"prefix_tokens": 20, "gap_tokens": 6, "suffix_tokens": 10}"#;
    let req = g.configure(config).unwrap();
    assert_eq!(req.move_tokens, 6);
    assert_eq!(req.passages.len(), 1);
    assert_eq!(req.passages[0].tokens, 36);
    let p = passage(30, 36);
    let round = g
        .new_round(config, 7, std::slice::from_ref(&p), vocab())
        .unwrap();
    let terms = &round.judge.terms;
    assert_eq!(terms.len(), 1);
    assert_eq!((terms[0].weight, terms[0].bos), (1.0, true));
    let s = &terms[0].segments;
    assert_eq!(s.len(), 3);
    assert_eq!(
        (segment_ids(&s[0]), s[0].scored),
        (&p.token_ids[..20], false)
    );
    assert_eq!((&s[1].content, s[1].scored), (&SegmentContent::Move, true));
    assert_eq!(
        (segment_ids(&s[2]), s[2].scored),
        (&p.token_ids[26..], true)
    );
    assert_eq!(round.reference_move.as_deref(), Some(&p.token_ids[20..26]));
    let Prompt::Chat(msgs) = &round.prompt else {
        panic!("default prompt is chat")
    };
    let user = &msgs.last().unwrap().content;
    let tok = &tokenizer().0;
    let prefix = tok.decode(&p.token_ids[..20], false).unwrap();
    let suffix = tok.decode(&p.token_ids[26..], false).unwrap();
    assert!(user.contains(&format!("{prefix}[GAP]{suffix}")), "{user}");
    assert!(!user.contains(&tok.decode(&p.token_ids[20..26], false).unwrap()) || prefix.is_empty());

    // score = suffix leaves the move unscored; prompt = raw is suffix, separator, prefix.
    let config = r#"{"prefix_tokens": 20, "gap_tokens": 6, "suffix_tokens": 10, "score": "suffix", "prompt": "raw"}"#;
    let round = g
        .new_round(config, 7, std::slice::from_ref(&p), vocab())
        .unwrap();
    assert!(!round.judge.terms[0].segments[1].scored);
    assert!(round.judge.terms[0].segments[2].scored);
    let Prompt::Raw(segs) = &round.prompt else {
        panic!("raw prompt")
    };
    assert_eq!(segs[0], PromptSegment::Tokens(p.token_ids[26..].to_vec()));
    assert!(matches!(&segs[1], PromptSegment::Text(_)));
    assert_eq!(segs[2], PromptSegment::Tokens(p.token_ids[..20].to_vec()));
}

#[test]
fn infill_config_errors_name_the_game_and_the_field() {
    let mut g = load(&game_wasm("infill"));
    let e = g.configure(r#"{"gap_tokens": 0}"#).unwrap_err().to_string();
    assert!(e.contains("infill") && e.contains("gap_tokens"), "{e}");
    let e = g.configure(r#"{"gap": 8}"#).unwrap_err().to_string();
    assert!(
        e.contains("infill") && e.contains("unknown field `gap`"),
        "{e}"
    );
    // Passages of the wrong length are the caller's mistake, caught before the game runs.
    let e = g.new_round("", 0, &[passage(0, 50)], vocab()).unwrap_err();
    assert!(matches!(e, GameError::BadPassages { .. }), "{e}");
}

#[test]
fn condense_round_is_xed_of_the_story_given_the_move() {
    let mut g = load(&game_wasm("condense"));
    let config = r#"{"story_tokens": 40, "move_tokens": 5}"#;
    assert_eq!(g.configure(config).unwrap().move_tokens, 5);
    let story = passage(3, 40);
    let round = g
        .new_round(config, 0, std::slice::from_ref(&story), vocab())
        .unwrap();
    let t = &round.judge.terms;
    assert_eq!(t.len(), 2);
    // +1 * -CE(s | x): [move (context), separator (context), story (scored)]
    assert_eq!((t[0].weight, t[0].bos), (1.0, true));
    assert_eq!(
        (&t[0].segments[0].content, t[0].segments[0].scored),
        (&SegmentContent::Move, false)
    );
    assert!(!t[0].segments[1].scored);
    assert_eq!(
        (segment_ids(&t[0].segments[2]), t[0].segments[2].scored),
        (&story.token_ids[..], true)
    );
    // -1 * -CE(s): the story alone.
    assert_eq!((t[1].weight, t[1].segments.len()), (-1.0, 1));
    assert_eq!(
        (segment_ids(&t[1].segments[0]), t[1].segments[0].scored),
        (&story.token_ids[..], true)
    );
    // Every story word of 3+ characters is banned, nothing else.
    let mut words: Vec<String> = story
        .text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words.dedup();
    let mut banned = round.constraints.banned_strings.clone();
    banned.sort();
    assert_eq!(banned, words);
    // The host bans exactly the tokens whose text contains a banned word.
    let tok = &tokenizer().0;
    let ids = banned_token_ids(&token_texts(self::tok()), &round.constraints);
    assert!(!ids.is_empty());
    for id in 0..vocab() {
        let text = tok.decode(&[id], false).unwrap().trim().to_lowercase();
        let expect = !text.is_empty() && words.iter().any(|w| text.contains(w.as_str()));
        assert_eq!(
            ids.binary_search(&id).is_ok(),
            expect,
            "token {id} {text:?}"
        );
    }
}

#[test]
fn native_infill_plays_the_same_round_as_the_component() {
    let so = native_lib("frost_game_infill");
    let mut native = Game::load(&so, &GameLimits::default(), true).unwrap();
    assert_eq!(native.kind(), GameKind::Native);
    let mut wasm = load(&game_wasm("infill"));
    assert_eq!(native.info(), wasm.info());
    for config in ["", r#"{"prompt": "raw", "score": "suffix"}"#] {
        let p = [passage(11, 104)];
        let a: Round = native.new_round(config, 5, &p, vocab()).unwrap();
        let b: Round = wasm.new_round(config, 5, &p, vocab()).unwrap();
        assert_eq!(a, b);
    }
    let e = native
        .configure(r#"{"gap_tokens": 999}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("infill") && e.contains("gap_tokens"), "{e}");
}

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
        msg.contains("frost_test_wrong_wit.wasm") && msg.contains("0.2.0") && msg.contains("0.1.0"),
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
fn sandbox_gives_no_files_env_network_or_time() {
    let mut g = Game::load(&hostile_wasm(), &GameLimits::default(), false).unwrap();
    let e = g
        .new_round(r#"{"mode": "escape"}"#, 0, &[passage(0, 8)], vocab())
        .unwrap_err();
    let GameError::Rejected { message, .. } = e else {
        panic!("expected the probe report, got {e}")
    };
    // No preopened directory: every path is unreachable. No variables. No sockets. Frozen clocks.
    assert!(message.contains("fs=Err("), "{message}");
    assert!(message.contains("dir=Err("), "{message}");
    assert!(message.contains("env=0 "), "{message}");
    assert!(message.contains("net=Err("), "{message}");
    assert!(message.contains("wall=Ok(0)"), "{message}");
    assert!(message.contains("monotonic_ns=0 "), "{message}");
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

#[test]
fn compiled_components_are_cached_on_disk() {
    let cache = tempfile::tempdir().unwrap();
    let run = || {
        let out = frost_host()
            .args(["game-info", game_wasm("condense").to_str().unwrap()])
            .env("FROST_CACHE", cache.path())
            .env("FROST_LOG", "debug")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let first = run();
    assert!(first.contains("compiled"), "{first}");
    let entries: Vec<_> = std::fs::read_dir(cache.path().join("components"))
        .unwrap()
        .collect();
    assert_eq!(entries.len(), 1);
    let second = run();
    assert!(
        second.contains("loaded compiled game from") && !second.contains(" compiled games"),
        "{second}"
    );
}

#[test]
fn game_info_prints_description_and_schema() {
    let out = frost_host()
        .args(["game-info", game_wasm("infill").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    for w in [
        "name:        infill",
        "abi version: 0.1.0",
        "config schema:",
        "\"gap_tokens\"",
        "move+suffix",
    ] {
        assert!(s.contains(w), "missing {w:?} in:\n{s}");
    }
}
