//! Which tokens a move may not use: token texts as word rules and banned strings see them, and
//! the banned ids of a round's constraints.

use frost_sdk::types::MoveConstraints;

use crate::model::Tok;

/// The text of every token id below the tokenizer's vocabulary size, as decoded alone (case
/// and surrounding whitespace kept): what word rules cut into words.
pub fn decoded_token_texts(tok: &Tok) -> Vec<String> {
    (0..tok.vocab_size() as u32)
        .map(|i| tok.decode(&[i]))
        .collect()
}

/// [`decoded_token_texts`] lower-cased: what banned strings are matched against.
pub fn token_texts(tok: &Tok) -> Vec<String> {
    (decoded_token_texts(tok).into_iter())
        .map(|t| t.to_lowercase())
        .collect()
}

/// Token ids a move may not use: the round's explicit ids plus every token whose text contains
/// a banned string, case-insensitively. A banned string is trimmed, so the whitespace around a
/// token never matters ("thee" bans " thee" too); a whitespace-only string ("\n", "\t") is kept
/// as it is and bans every token containing it (that is how a game bans newlines). Sorted,
/// without duplicates. `token_texts` comes from [`token_texts`].
pub fn banned_token_ids(token_texts: &[String], c: &MoveConstraints) -> Vec<u32> {
    let mut out = c.banned_token_ids.clone();
    let needles: Vec<String> = c
        .banned_strings
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| match s.trim() {
            "" => s.to_lowercase(),
            t => t.to_lowercase(),
        })
        .collect();
    if !needles.is_empty() {
        for (id, text) in token_texts.iter().enumerate() {
            if needles.iter().any(|n| text.contains(n.as_str())) {
                out.push(id as u32);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
