//! End-to-end tests: rounds as the host deals them from a hostile game. Bounded tokens, terms
//! and messages; rounds that cannot be trained on; what a game says reaching the terminal
//! escaped; rounds that differ on replay.

use crate::common::frost_host;
use crate::games::{hostile_wasm, native_lib, play_good_game, vocab};
use frost_host::game::{Game, GameLimits};
use std::time::{Duration, Instant};
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
