//! End-to-end tests: games. The infill and condense games' rounds, native and component
//! builds of one game playing alike, and `game-info`. (Hostile games: `sandbox.rs`.)
//! Fixtures: `make games` (games/*.wasm) and `make test-games` (tests/games/*).

use crate::common::{frost_host, game_wasm, root};
use frost_host::game::{Game, GameError, GameKind, GameLimits};
use frost_host::model::Tok;
use frost_host::round::{banned_token_ids, passage_from_text, passage_window, token_texts};
use frost_host::sdk::{JudgeSegment, Passage, Prompt, PromptSegment, Round, SegmentContent};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::{sample_tokenizer as tokenizer, SAMPLE};

/// The same tokenizer as the host's `Tok`.
pub fn tok() -> &'static Tok {
    static TOK: OnceLock<Tok> = OnceLock::new();
    TOK.get_or_init(|| Tok::new(tokenizer().0.clone(), None, None, None))
}

pub fn vocab() -> u32 {
    tokenizer().0.get_vocab_size(true) as u32
}

/// `n` tokens of the sample text, starting at token `start`.
pub fn passage(start: usize, n: usize) -> Passage {
    let whole = passage_from_text(tok(), SAMPLE);
    assert!(
        whole.token_ids.len() >= start + n,
        "sample text too short: {} tokens",
        whole.token_ids.len()
    );
    passage_window(&whole, start, n)
}

pub fn fixture(path: &str) -> PathBuf {
    let p = root().join(path);
    assert!(p.exists(), "{} missing: run `make test-games`", p.display());
    p
}

pub fn native_lib(crate_name: &str) -> PathBuf {
    let file = format!(
        "{}{crate_name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    fixture(&format!("target/release/{file}"))
}

pub fn hostile_wasm() -> PathBuf {
    fixture("target/wasm32-wasip2/release/frost_test_hostile.wasm")
}

pub fn load(path: &Path) -> Game {
    Game::load(path, &GameLimits::default(), false)
        .unwrap_or_else(|e| panic!("loading {}: {e}", path.display()))
}

/// Plays one default infill round, proving the host is alive and still plays a good game.
pub fn play_good_game() {
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
fn game_info_prints_description_and_schema() {
    let out = frost_host()
        .args(["game-info", game_wasm("infill").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    for w in [
        "name:        infill",
        "abi version: 0.2.0",
        "config schema:",
        "\"gap_tokens\"",
        "move+suffix",
    ] {
        assert!(s.contains(w), "missing {w:?} in:\n{s}");
    }
}
