//! Checks a game the way the host will, from the game's own `cargo test`:
//!
//! ```
//! # struct MyGame;
//! # impl frost_sdk::Game for MyGame {
//! #     type Config = ();
//! #     const NAME: &'static str = "my-game";
//! #     const VERSION: &'static str = "0.1.0";
//! #     const DESCRIPTION: &'static str = "";
//! #     fn requirements(_: &()) -> Result<frost_sdk::Requirements, String> {
//! #         Ok(frost_sdk::Requirements {
//! #             move_tokens: 4,
//! #             passages: vec![frost_sdk::PassageSpec { tokens: 8 }],
//! #             moves: vec![],
//! #         })
//! #     }
//! #     fn new_round(_: &(), _: u64, p: &[frost_sdk::Passage]) -> Result<frost_sdk::Round, String> {
//! #         let term = frost_sdk::JudgeTerm::new(1.0).bos().context_move()
//! #             .scored_tokens(p[0].token_ids.clone());
//! #         Ok(frost_sdk::Round::new(frost_sdk::Prompt::Chat(vec![
//! #             frost_sdk::ChatMessage::user(p[0].text.clone()),
//! #         ]), vec![term]))
//! #     }
//! # }
//! // Rounds for seeds 0..20 on passages cut from a sample text, checked by the host's rules.
//! let rounds = frost_sdk::testing::check_rounds::<MyGame>("", 0..20).unwrap();
//! assert_eq!(rounds.len(), 20);
//! ```
//!
//! A round is built like the host builds it (config -> requirements -> passages of the required
//! lengths -> `new_round`) and checked with the same [`crate::rules`] and the default
//! [`GameLimits`]. Passages come from a stand-in tokenizer (a token is a word with the
//! whitespace before it, its id a hash below [`VOCAB_SIZE`]), not the model's: a rule that
//! depends on the real tokenizer (banned strings, the prompt's chat template) is for
//! `frost-host game-check`.

use crate::limits::GameLimits;
use crate::rules::{check_passages, validate_info, validate_requirements, validate_round};
use crate::types::{Passage, Round};
use crate::{configure, describe, new_round, parse_config, Game, Rng};

/// A sample text (Lewis Carroll, *Alice's Adventures in Wonderland*, 1865, public domain),
/// with curly quotes so multi-byte characters are exercised.
pub const SAMPLE_TEXT: &str = include_str!("sample_text.txt");

/// Size of the stand-in vocabulary: every id [`tokenize`] gives is below it.
pub const VOCAB_SIZE: u32 = 50_000;

/// The stand-in tokenization: a token is a run of whitespace followed by a run of other
/// characters (trailing whitespace is a token of its own). The tokens tile the text.
fn split_tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut prev_is_space = true;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() && !prev_is_space && i > start {
            tokens.push(&text[start..i]);
            start = i;
        }
        prev_is_space = c.is_whitespace();
    }
    if start < text.len() {
        tokens.push(&text[start..]);
    }
    tokens
}

/// A stable id below [`VOCAB_SIZE`] for a token's text (FNV-1a).
fn token_id(token: &str) -> u32 {
    let hash = token.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    (hash % VOCAB_SIZE as u64) as u32
}

fn passage_of(tokens: impl Iterator<Item = impl AsRef<str>>) -> Passage {
    let mut p = Passage {
        text: String::new(),
        token_ids: Vec::new(),
        offsets: Vec::new(),
    };
    for token in tokens {
        let token = token.as_ref();
        let start = p.text.len() as u32;
        p.text.push_str(token);
        p.token_ids.push(token_id(token));
        p.offsets.push((start, p.text.len() as u32));
    }
    p
}

/// `text` as a passage of the stand-in tokenization.
pub fn tokenize(text: &str) -> Passage {
    passage_of(split_tokens(text).into_iter())
}

/// A passage of exactly `tokens` tokens from [`SAMPLE_TEXT`], starting at a token chosen by
/// `seed` (wrapping around to the beginning when it runs out).
pub fn sample_passage(tokens: u32, seed: u64) -> Passage {
    let all = split_tokens(SAMPLE_TEXT);
    let start = Rng::new(seed).below(all.len() as u64) as usize;
    passage_of(all.iter().cycle().skip(start).take(tokens as usize))
}

/// Plays one round on `passages` the way the host does and checks everything the host checks:
/// the description, the config and its requirements (default limits), the passages, the round
/// (with a vocabulary of [`VOCAB_SIZE`]), the reply's size, and that the same inputs give the
/// same round (the host replays rounds). Returns the round, or the first broken rule.
pub fn check_round<G: Game>(
    config_json: &str,
    seed: u64,
    passages: &[Passage],
) -> Result<Round, String> {
    let game = G::NAME;
    let limits = GameLimits::default();
    let info = describe::<G>();
    validate_info(&info).map_err(|e| format!("game '{game}' {e}"))?;
    parse_config::<G>(&info.default_config)
        .map_err(|e| format!("game '{game}': its default config does not parse back: {e}"))?;
    let req = configure::<G>(config_json)
        .map_err(|e| format!("game '{game}' rejected the config: {e}"))?;
    validate_requirements(&req, &limits).map_err(|e| format!("game '{game}' {e}"))?;
    check_passages(&req, passages).map_err(|e| format!("bad passages for '{game}': {e}"))?;
    if let Some(id) = passages
        .iter()
        .flat_map(|p| &p.token_ids)
        .find(|&&id| id >= VOCAB_SIZE)
    {
        return Err(format!(
            "bad passages for '{game}': token id {id} >= vocab size {VOCAB_SIZE}"
        ));
    }
    let round = new_round::<G>(config_json, seed, passages)
        .map_err(|e| format!("game '{game}' rejected the round: {e}"))?;
    validate_round(&round, &req, VOCAB_SIZE).map_err(|e| format!("game '{game}' {e}"))?;
    // The native plugin's measure (its JSON), the larger of the host's two.
    let size = serde_json::to_vec(&round).map_or(0, |json| json.len() as u64);
    if size > limits.max_output_bytes {
        return Err(format!(
            "game '{game}': the round is {size} bytes, over game.limits.max_output_bytes = {}",
            limits.max_output_bytes
        ));
    }
    if new_round::<G>(config_json, seed, passages).as_ref() != Ok(&round) {
        return Err(format!(
            "game '{game}': the same config, seed and passages gave another round (a game must \
             be a pure function of them; use frost_sdk::Rng::new(seed) for randomness)"
        ));
    }
    Ok(round)
}

/// [`check_round`] for each seed, on passages of the required lengths cut from
/// [`SAMPLE_TEXT`] (a different place for each seed and passage).
pub fn check_rounds<G: Game>(
    config_json: &str,
    seeds: std::ops::Range<u64>,
) -> Result<Vec<Round>, String> {
    let req = configure::<G>(config_json)
        .map_err(|e| format!("game '{}' rejected the config: {e}", G::NAME))?;
    seeds
        .map(|seed| {
            let passages: Vec<Passage> = (0u64..)
                .zip(&req.passages)
                .map(|(i, spec)| sample_passage(spec.tokens, seed.wrapping_mul(31).wrapping_add(i)))
                .collect();
            check_round::<G>(config_json, seed, &passages)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_tile_the_text_with_leading_whitespace() {
        assert_eq!(
            split_tokens("Oh dear!\n\n“Late” "),
            vec!["Oh", " dear!", "\n\n“Late”", " "]
        );
        let p = tokenize("  two  words");
        assert_eq!(p.offsets, vec![(0, 5), (5, 12)]);
        assert_eq!(p.text_between(1, 2), "  words");
        assert!(p.token_ids.iter().all(|&id| id < VOCAB_SIZE));
        assert_eq!(p.token_ids[0], tokenize("  two").token_ids[0]);
        assert_ne!(p.token_ids[0], p.token_ids[1]);
    }

    #[test]
    fn sample_passages_have_the_asked_length_and_wrap_around() {
        let n = split_tokens(SAMPLE_TEXT).len() as u32;
        for (tokens, seed) in [(1, 0), (7, 3), (n + 5, 1)] {
            let p = sample_passage(tokens, seed);
            assert_eq!(p.token_ids.len(), tokens as usize);
            assert_eq!(p.offsets.last().unwrap().1 as usize, p.text.len());
        }
        assert_eq!(sample_passage(9, 4), sample_passage(9, 4));
        assert_ne!(sample_passage(9, 4), sample_passage(9, 5));
    }

    /// A game whose config picks how it misbehaves.
    struct Odd;

    #[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema, Default)]
    #[serde(crate = "frost_sdk::serde", default)]
    #[schemars(crate = "frost_sdk::schemars")]
    struct OddConfig {
        mode: String,
    }

    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

    impl Game for Odd {
        type Config = OddConfig;
        const NAME: &'static str = "odd";
        const VERSION: &'static str = "1";
        const DESCRIPTION: &'static str = "";
        fn requirements(c: &OddConfig) -> Result<crate::Requirements, String> {
            Ok(crate::Requirements {
                move_tokens: if c.mode == "long" { 300 } else { 2 },
                passages: vec![crate::PassageSpec { tokens: 5 }],
                moves: vec![],
            })
        }
        fn new_round(c: &OddConfig, _: u64, p: &[Passage]) -> Result<Round, String> {
            let story = p[0].token_ids.clone();
            let term = match c.mode.as_str() {
                "no_move" => crate::JudgeTerm::new(1.0).scored_tokens(story),
                _ => crate::JudgeTerm::new(1.0)
                    .context_move()
                    .scored_tokens(story),
            };
            let prompt = crate::Prompt::Chat(vec![crate::ChatMessage::user(p[0].text.clone())]);
            let round = Round::new(prompt, vec![term]);
            Ok(match c.mode.as_str() {
                "random" => {
                    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    round.with_banned_token_ids(vec![n])
                }
                "huge" => round.with_banned_strings(vec!["x".repeat(2 << 20)]),
                _ => round,
            })
        }
    }

    #[test]
    fn check_round_finds_what_the_host_would_refuse() {
        let rounds = check_rounds::<Odd>("", 0..3).unwrap();
        assert_eq!(rounds.len(), 3);
        for (mode, says) in [
            (
                "no_move",
                "broke the rule 'the judge program has a move slot'",
            ),
            ("long", "broke the rule 'move length is 1..=256 tokens'"),
            ("random", "gave another round"),
            ("huge", "over game.limits.max_output_bytes"),
        ] {
            let e = check_rounds::<Odd>(&format!(r#"{{"mode": "{mode}"}}"#), 0..1).unwrap_err();
            assert!(
                e.starts_with("game 'odd'") && e.contains(says),
                "{mode}: {e}"
            );
        }
        let e = check_round::<Odd>("", 0, &[tokenize("one two")]).unwrap_err();
        assert!(e.contains("passage 0 has 2 tokens"), "{e}");
        let mut p = tokenize("a b c d e");
        p.token_ids[0] = VOCAB_SIZE;
        let e = check_round::<Odd>("", 0, &[p]).unwrap_err();
        assert!(e.contains(&format!("token id {VOCAB_SIZE}")), "{e}");
    }
}
