//! `frost-host bench --word-rules DIR`: what the host-enforced word rules (game API 0.2.0)
//! cost on a tokenizer, e.g. Qwen3's 151k tokens: building a round's rule (for the longest
//! move a game may ask for), and its masks, each computed cold, the worst case (in training a
//! rule caches masks by (open word, what follows), and the dealer caches rules).
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
    // The worst lists the default limits accept (2,048 words of 64 bytes): distinct random
    // words, so the whitelist's trie has a node per byte.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let limits = frost_sdk::limits::GameLimits::default();
    let worst: Vec<String> = (0..limits.max_words)
        .map(|_| {
            (0..limits.max_word_bytes)
                .map(|_| (b'a' + rng.gen_range(0..26u8)) as char)
                .collect()
        })
        .collect();
    let worst_text = worst[..2].join(" ");
    let cases = [
        (
            "banned words (Condense)",
            banned,
            "quiet harbor lanterns glow over sleeping boats while gulls drift past amber cliffs"
                .to_string(),
        ),
        (
            "allowed words (Alethiometer)",
            allowed,
            "owl sun moon tree anchor compass serpent sword globe helmet".to_string(),
        ),
        (
            "the worst banned list the limits accept (2,048 x 64 bytes)",
            MoveConstraints {
                banned_words: worst.clone(),
                ..Default::default()
            },
            "quiet harbor lanterns glow over sleeping boats while gulls drift past amber cliffs"
                .to_string(),
        ),
        (
            "the worst allowed list the limits accept (2,048 x 64 bytes)",
            MoveConstraints {
                allowed_words: Some(worst.clone()),
                ..Default::default()
            },
            worst_text,
        ),
    ];
    let no_bans = vec![false; tok.vocab_size()];
    // Rules are built for the longest move a game may ask for: the most a round's rule costs.
    let max_len = *frost_sdk::limits::MOVE_TOKENS_RANGE.end() as usize;
    for (name, c, text) in cases {
        let mv = tok.encode(&text);
        let t = Instant::now();
        let built = WordRule::new(&c, words.clone(), &no_bans, max_len).expect("a word rule");
        let build_ms = t.elapsed().as_secs_f64() * 1e3;
        anyhow::ensure!(built.allows(&mv), "bench move {text:?} breaks its own rule");
        let size = match built.reach_size() {
            Some((nodes, edges)) => format!(", reach {nodes} trie nodes, {edges} transitions"),
            None => String::new(),
        };
        println!("  {name}: rule built in {build_ms:.0} ms{size}");
        // Cold masks: every position's (open word, what follows) is seen for the first time
        // (a fresh rule per pass; a mask a rule has cached is not timed).
        let (mut sample_s, mut child_s) = (0.0, 0.0);
        let fresh = || WordRule::new(&c, words.clone(), &no_bans, max_len).expect("a word rule");
        let (sampling, children) = (fresh(), fresh());
        for i in 0..mv.len() {
            let t = Instant::now();
            sampling.next_token_ban(&mv[..i], mv.len() - i - 1);
            sample_s += t.elapsed().as_secs_f64();
            let t = Instant::now();
            children.substitution_ban(&mv, i);
            child_s += t.elapsed().as_secs_f64();
        }
        let sample_ms = sample_s * 1e3 / mv.len() as f64;
        let child_ms = child_s * 1e3 / mv.len() as f64;
        println!(
            "    {:.2} ms per sampling mask, {:.2} ms per child mask (cold, {} positions); \
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
