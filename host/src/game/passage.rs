//! The tokenizer side of games: corpus text to [`Passage`]s, and banned strings to token ids.

use frost_sdk::{MoveConstraints, Passage};
use tokenizers::Tokenizer;

/// Tokenizes `text` (no special tokens) into a passage with the byte span of every token.
///
/// Spans are made contiguous (each token starts where the previous one ended), so a game can
/// cut the text at any token boundary without losing the whitespace a tokenizer's offset
/// trimming would drop.
pub fn passage_from_text(tok: &Tokenizer, text: &str) -> Passage {
    let enc = match tok.encode(text, false) {
        Ok(enc) => enc,
        // Encoding plain text without special tokens does not fail for BPE tokenizers;
        // an empty passage makes the caller's length check report it.
        Err(_) => {
            return Passage {
                text: text.to_string(),
                token_ids: vec![],
                offsets: vec![],
            }
        }
    };
    let ids = enc.get_ids().to_vec();
    let mut offsets = Vec::with_capacity(ids.len());
    let mut prev_end = 0usize;
    for (i, &(_, end)) in enc.get_offsets().iter().enumerate() {
        let end = if i + 1 == ids.len() {
            text.len()
        } else {
            end.max(prev_end)
        };
        offsets.push((prev_end as u32, end as u32));
        prev_end = end;
    }
    Passage {
        text: text.to_string(),
        token_ids: ids,
        offsets,
    }
}

/// Tokens `start..start+len` of a passage as a passage of its own (text cut at the token
/// boundaries, widened to whole characters, offsets shifted).
pub fn passage_window(p: &Passage, start: usize, len: usize) -> Passage {
    let end = (start + len).min(p.token_ids.len());
    let text = p.text_between(start, end);
    let base = if start < end {
        // `text_between` may widen the start to a character boundary; shift from there.
        let s = (p.offsets[start].0 as usize).min(p.text.len());
        (0..=s)
            .rev()
            .find(|&b| p.text.is_char_boundary(b))
            .unwrap_or(0) as u32
    } else {
        0
    };
    let max = text.len() as u32;
    Passage {
        text: text.to_string(),
        token_ids: p.token_ids[start..end].to_vec(),
        offsets: p.offsets[start..end]
            .iter()
            .map(|&(a, b)| {
                (
                    a.saturating_sub(base).min(max),
                    b.saturating_sub(base).min(max),
                )
            })
            .collect(),
    }
}

/// Token ids a move may not use: the explicit ids plus every token whose text contains a
/// banned string (case-insensitively, the token's surrounding whitespace ignored).
/// Sorted, without duplicates.
pub fn banned_token_ids(tok: &Tokenizer, c: &MoveConstraints) -> Vec<u32> {
    let mut out = c.banned_token_ids.clone();
    let needles: Vec<String> = c
        .banned_strings
        .iter()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    if !needles.is_empty() {
        for id in 0..tok.get_vocab_size(true) as u32 {
            let Ok(text) = tok.decode(&[id], false) else {
                continue;
            };
            let text = text.trim().to_lowercase();
            if !text.is_empty() && needles.iter().any(|n| text.contains(n.as_str())) {
                out.push(id);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
