//! Passages: corpus text tokenized with byte spans, windows of exact token lengths, and a
//! corpus split tokenized once to cut them from.

use frost_sdk::types::Passage;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::AssignmentError;
use crate::corpus::Document;
use crate::model::Tok;

/// Tokenizes `text` (no special tokens added) into a passage with the byte span of every token.
///
/// Spans are made contiguous (each token starts where the previous one ended, the last ends at
/// the text's end), so a game can cut the text at any token boundary without losing the
/// whitespace a tokenizer's offset trimming would drop.
pub fn passage_from_text(tok: &Tok, text: &str) -> Passage {
    let (ids, raw) = tok.encode_with_offsets(text);
    let mut offsets = Vec::with_capacity(ids.len());
    let mut prev_end = 0u32;
    for (i, &(_, end)) in raw.iter().enumerate() {
        let end = if i + 1 == ids.len() {
            text.len() as u32
        } else {
            end.max(prev_end)
        };
        offsets.push((prev_end, end));
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

/// A corpus split tokenized once, for cutting passages of exact token lengths.
pub struct TokenizedSplit {
    pub name: String,
    docs: Vec<Passage>,
}

impl TokenizedSplit {
    pub fn new(name: &str, docs: &[Document], tok: &Tok) -> Self {
        TokenizedSplit {
            name: name.to_string(),
            docs: docs
                .iter()
                .map(|d| passage_from_text(tok, &d.text))
                .collect(),
        }
    }

    /// A random window of exactly `n` tokens from a document long enough (weighted by the
    /// number of windows each document has).
    pub fn passage(&self, n: usize, rng: &mut ChaCha8Rng) -> Result<Passage, AssignmentError> {
        let windows = |d: &Passage| (d.token_ids.len() + 1).saturating_sub(n);
        let total: usize = self.docs.iter().map(windows).sum();
        if n == 0 || total == 0 {
            return Err(AssignmentError::CorpusTooShort {
                split: self.name.clone(),
                need: n,
            });
        }
        let mut r = rng.gen_range(0..total);
        for doc in &self.docs {
            let span = windows(doc);
            if r < span {
                return Ok(passage_window(doc, r, n));
            }
            r -= span;
        }
        unreachable!("r < total")
    }
}
