//! Xent's word functions on plain text. What a word is (and a whitelist's piece) is the
//! SDK's [`frost_sdk::words`], the rule the host enforces on moves: a word is a
//! whitespace-separated run after ASCII punctuation is deleted, compared lowercased.

use frost_sdk::words as sdk;

/// The distinct lowercase words of `text` ([`sdk::words`]), in order of first appearance.
pub fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in sdk::words(text) {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// `remove_common_words(target, other)`: deletes from `target` every word it shares with
/// `other` (whole words, any case, bounded by whitespace, punctuation or the ends), then
/// collapses runs of two or more whitespace characters to one space and trims.
pub fn remove_common_words(target: &str, other: &str) -> String {
    let theirs = words(other);
    let common: Vec<String> = words(target)
        .into_iter()
        .filter(|w| theirs.contains(w))
        .collect();
    let mut text: Vec<char> = target.chars().collect();
    for w in &common {
        text = remove_word(&text, &w.chars().collect::<Vec<char>>());
    }
    collapse_whitespace(&text)
}

/// What bounds a word in the text: a separator or a deleted (punctuation) character.
fn is_separator(c: char) -> bool {
    sdk::is_ignored(c) || sdk::is_word_separator(c)
}

/// `text` without each occurrence of `word` that has a separator (or an end) on both sides.
fn remove_word(text: &[char], word: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let end = i + word.len();
        let starts = i == 0 || is_separator(text[i - 1]);
        let ends = end == text.len() || text.get(end).is_some_and(|c| is_separator(*c));
        let same = end <= text.len()
            && text[i..end]
                .iter()
                .zip(word)
                .all(|(a, b)| a.to_lowercase().eq(b.to_lowercase()));
        if !word.is_empty() && starts && ends && same {
            i = end;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

fn collapse_whitespace(text: &[char]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < text.len() {
        let run = (text[i..].iter())
            .take_while(|c| sdk::is_word_separator(**c))
            .count();
        match run {
            0 => {
                out.push(text[i]);
                i += 1;
            }
            1 => {
                out.push(text[i]);
                i += 1;
            }
            _ => {
                out.push(' ');
                i += run;
            }
        }
    }
    out.trim_matches(sdk::is_word_separator).to_string()
}

/// The distinct non-empty pieces of `list` cut at single spaces, in order: the words
/// `only_uses_words(list, x)` allows in a move (an empty piece, from a doubled space in the
/// list, would allow a stray space in Xent; the host never allows one).
pub fn pieces(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in sdk::pieces(list).filter(|p| !p.is_empty()) {
        if !out.iter().any(|o| o == p) {
            out.push(p.to_string());
        }
    }
    out
}

/// `only_uses_words(allowed, text)`: every space-separated piece of `text` is one of the
/// space-separated pieces of `allowed` (exact, case-sensitive; [`sdk::only_uses_words`]).
pub fn only_uses_words(allowed: &str, text: &str) -> bool {
    sdk::only_uses_words(allowed, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_drop_punctuation_and_case() {
        assert_eq!(
            words("The cat's hat, the CAT!  end-game"),
            vec!["the", "cats", "hat", "cat", "endgame"]
        );
    }

    #[test]
    fn remove_common_words_is_whole_word_and_normalizes_space() {
        assert_eq!(
            remove_common_words("  Cat in a hat, cathedral CAT.", "the cat sat"),
            "in a hat, cathedral ."
        );
        assert_eq!(remove_common_words("cat cat dog", "cat"), "dog");
        assert_eq!(remove_common_words("a\nb", "c"), "a\nb");
        assert_eq!(remove_common_words("x  y ", "z"), "x y");
        // Punctuation inside a word joins it ("dogcat"), so nothing is in common.
        assert_eq!(remove_common_words("dog-cat", "cat"), "dog-cat");
        assert_eq!(remove_common_words("cat. dog", "cat"), ". dog");
    }

    /// The same functions in xent==0.5.0, on awkward strings (tests/fixtures/xent/make_golden.py).
    #[test]
    fn agree_with_xents_runtime() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/fixtures/xent/words.json")).unwrap();
        for c in cases.as_array().unwrap() {
            let (t, o) = (c["target"].as_str().unwrap(), c["other"].as_str().unwrap());
            assert_eq!(
                remove_common_words(t, o),
                c["remove_common_words"].as_str().unwrap(),
                "remove_common_words({t:?}, {o:?})"
            );
            assert_eq!(
                only_uses_words(o, t),
                c["only_uses_words"].as_bool().unwrap(),
                "only_uses_words({o:?}, {t:?})"
            );
        }
    }

    #[test]
    fn only_uses_words_splits_on_single_spaces() {
        assert!(only_uses_words("sun moon owl", "owl sun owl"));
        assert!(!only_uses_words("sun moon owl", "owl Sun"));
        assert!(!only_uses_words("sun moon", "sun  moon"));
    }
}
