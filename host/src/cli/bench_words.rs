//! `frost-host bench --word-rules DIR`: what the host-enforced word rules (game API 0.2.0)
//! cost on a tokenizer, e.g. Qwen3's 151k tokens. Every mask is computed cold (a fresh rule),
//! the worst case: in training a round's rule caches masks by (open word, what follows).
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;

use frost_host::model::Tok;
use frost_host::round::decoded_token_texts;
use frost_host::round::words::{TokenWords, WordRule};
use frost_sdk::types::MoveConstraints;

/// Words of a passage a Condense-like game bans (`remove_common_words(x, s)`).
const STORY: &str = "When forty winters shall besiege thy brow, And dig deep trenches in thy \
    beauty's field, Thy youth's proud livery so gazed on now, Will be a tattered weed of small \
    worth held: Then being asked, where all thy beauty lies, Where all the treasure of thy lusty \
    days; To say, within thine own deep sunken eyes, Were an all-eating shame, and thriftless praise.";
/// Alethiometer's symbols (`only_uses_words`).
const SYMBOLS: &str = "alpha-omega anchor angel ant apple baby beehive bird bread bull camel \
    candle cauldron chameleon compass cornucopia crocodile dolphin elephant globe griffin helmet \
    horse hourglass lute madonna marionette moon owl serpent sun sword thunderbolt tree \
    walled-garden wild-man";

pub fn word_rule_bench(dir: &Path) -> anyhow::Result<()> {
    let tok = Tok::from_dir(dir).with_context(|| format!("--word-rules {}", dir.display()))?;
    let t0 = Instant::now();
    let texts = decoded_token_texts(&tok);
    let words = Arc::new(TokenWords::new(&texts));
    println!(
        "word rules on {} ({} tokens): token texts and word pieces {:.0} ms, once per tokenizer",
        dir.display(),
        texts.len(),
        t0.elapsed().as_secs_f64() * 1e3
    );
    let banned = MoveConstraints {
        banned_words: STORY.split_whitespace().map(str::to_string).collect(),
        ..Default::default()
    };
    let allowed = MoveConstraints {
        allowed_words: Some(SYMBOLS.split_whitespace().map(str::to_string).collect()),
        ..Default::default()
    };
    let cases = [
        (
            "banned words (Condense)",
            banned,
            "quiet harbor lanterns glow over sleeping boats while gulls drift past amber cliffs",
        ),
        (
            "allowed words (Alethiometer)",
            allowed,
            "owl sun moon tree anchor compass serpent sword globe helmet",
        ),
    ];
    for (name, c, text) in cases {
        let mv = tok.encode(text);
        let rule = || WordRule::new(&c, words.clone()).expect("a word rule");
        anyhow::ensure!(
            rule().allows(&mv),
            "bench move {text:?} breaks its own rule"
        );
        let t = Instant::now();
        for i in 0..mv.len() {
            rule().next_token_ban(&mv[..i], mv.len() - i - 1);
        }
        let sample_ms = t.elapsed().as_secs_f64() * 1e3 / mv.len() as f64;
        let t = Instant::now();
        for i in 0..mv.len() {
            rule().substitution_ban(&mv, i);
        }
        let child_ms = t.elapsed().as_secs_f64() * 1e3 / mv.len() as f64;
        println!(
            "  {name}: {:.2} ms per sampling mask, {:.2} ms per child mask (cold, {} positions); \
             a K=8 group of {}-token moves, every mask distinct: {:.0} ms sampling + {:.0} ms children",
            sample_ms,
            child_ms,
            mv.len(),
            mv.len(),
            8.0 * mv.len() as f64 * sample_ms,
            8.0 * mv.len() as f64 * child_ms,
        );
    }
    Ok(())
}
