//! What a *word* is, defined once for games and the host: the word rules of game API 0.2.0
//! ([`MoveConstraints::banned_words`](crate::MoveConstraints::banned_words) and
//! [`allowed_words`](crate::MoveConstraints::allowed_words)) as Xent 0.5.0 reads them. A game
//! computes its word lists with these functions (the Xent game's `remove_common_words` and
//! `only_uses_words` do), and the host enforces the lists on moves, token by token, with the
//! same functions, so a change here changes both sides.
//!
//! Two readings of a text:
//!
//! - **Words**, for banned words (Xent's `remove_common_words`): [`words`] cuts the text at
//!   [`is_word_separator`] (Unicode whitespace), deletes [`is_ignored`] characters (ASCII
//!   punctuation) and lowercases each word ([`word_form`]); a word left empty (punctuation
//!   alone) is no word. `"It's THE end..."` has the words `its`, `the`, `end`.
//! - **Pieces**, for an allowed-words whitelist (Xent's `only_uses_words`): [`pieces`] cuts
//!   the text at every [`PIECE_SEPARATOR`] (a single space) and changes nothing else: case and
//!   punctuation count, other whitespace is part of a piece, and a leading, trailing or doubled
//!   space makes an empty piece. `"Owl, sun"` has the pieces `Owl,` and `sun`.
//!
//! The host cuts a move's words across token boundaries, so it needs a per-character form of
//! a word: [`word_key`]. Lowercasing is per character except for Greek capital sigma, which
//! becomes `ς` at the end of a word and `σ` elsewhere (Rust's `str::to_lowercase`, Python's
//! `str.lower`); the key folds both to `σ`, and [`key_is_exact`] says when a key alone decides
//! the word.

/// Whether `c` is deleted from a text before its words are compared: ASCII punctuation, the
/// characters of Python's `string.punctuation` (`-` and `'` included, so `dog-cat` is the word
/// `dogcat` and `cat's` is `cats`). Everything else, digits and non-ASCII letters and symbols
/// included, is kept.
pub fn is_ignored(c: char) -> bool {
    c.is_ascii_punctuation()
}

/// Whether `c` separates words: Unicode whitespace (`char::is_whitespace`: space, tab,
/// newlines, no-break and other Unicode spaces). A run of separators is one boundary.
pub fn is_word_separator(c: char) -> bool {
    c.is_whitespace()
}

/// The one character that separates the pieces of a whitelist: a single ASCII space.
pub const PIECE_SEPARATOR: char = ' ';

/// `text` without its [`is_ignored`] characters, case kept. Deleting is per character:
/// `strip_ignored(a + b) == strip_ignored(a) + strip_ignored(b)`.
pub fn strip_ignored(text: &str) -> String {
    text.chars().filter(|&c| !is_ignored(c)).collect()
}

/// The form in which a word is compared with a banned word: [`strip_ignored`], then lowercased
/// as a whole (`str::to_lowercase`: a capital sigma that ends the word becomes `ς`, any other
/// `σ`, the way Python's `str.lower` does). Empty when the word is punctuation alone, which is
/// then no word. Meant for one word (no [`is_word_separator`] inside); on a longer text it
/// gives the words' forms with the separators between them.
pub fn word_form(word: &str) -> String {
    strip_ignored(word).to_lowercase()
}

/// The words of `text` for banned-word matching, in order, repeats kept: cut at
/// [`is_word_separator`] (a run of separators, a leading or trailing one make no word), each in
/// its [`word_form`], and empty ones (punctuation alone) dropped. Xent deletes punctuation from
/// the whole text, lowercases it and splits it on whitespace; that is the same thing, because
/// lowercasing never looks across whitespace and never makes whitespace or punctuation.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(is_word_separator)
        .map(word_form)
        .filter(|w| !w.is_empty())
}

/// The pieces of `text` for an allowed-words whitelist, Xent's `only_uses_words`: cut at every
/// [`PIECE_SEPARATOR`], nothing else changed (case, punctuation and other whitespace kept).
/// Empty pieces are kept too: a leading, trailing or doubled space makes one, and the empty
/// text is one empty piece. A whitelist never allows the empty piece.
pub fn pieces(text: &str) -> std::str::Split<'_, char> {
    text.split(PIECE_SEPARATOR)
}

/// Xent's `only_uses_words(allowed, text)`: every piece of `text` is exactly one of the pieces
/// of `allowed` ([`pieces`] of both; so an empty piece of `text` passes only when `allowed` has
/// one too, from a doubled, leading or trailing space of its own).
pub fn only_uses_words(allowed: &str, text: &str) -> bool {
    let allowed: Vec<&str> = pieces(allowed).collect();
    pieces(text).all(|p| allowed.contains(&p))
}

/// The key under which the host indexes the words it cuts out of token texts: [`word_form`]
/// made per character, with `ς` and `σ` folded to `σ`. It holds that
/// `word_key(a + b) == word_key(a) + word_key(b)` (a word's key is its tokens' keys joined),
/// and that words with the same [`word_form`] have the same key; so keys find every word that
/// may equal a banned one, and [`key_is_exact`] says whether they must.
pub fn word_key(text: &str) -> String {
    let mut key = String::with_capacity(text.len());
    for c in text.chars().filter(|&c| !is_ignored(c)) {
        key.extend(c.to_lowercase().map(|l| if l == 'ς' { 'σ' } else { l }));
    }
    key
}

/// Whether a key decides the word: two texts with this [`word_key`] have the same
/// [`word_form`] (the key itself). True unless the key holds a `σ`, where the text's sigmas
/// may be `σ` or `ς` (compare the word forms then).
pub fn key_is_exact(key: &str) -> bool {
    !key.contains('σ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words_of(text: &str) -> Vec<String> {
        words(text).collect()
    }

    fn pieces_of(text: &str) -> Vec<&str> {
        pieces(text).collect()
    }

    #[test]
    fn words_delete_punctuation_lowercase_and_cut_at_whitespace() {
        assert_eq!(
            words_of("The cat's hat, the CAT!  end-game"),
            ["the", "cats", "hat", "the", "cat", "endgame"]
        );
        // Leading, trailing and doubled whitespace of any kind make no word.
        assert_eq!(
            words_of("  a\t\tb \n c\u{a0}d\u{3000} "),
            ["a", "b", "c", "d"]
        );
        // Punctuation alone is no word; between letters it joins them.
        assert_eq!(words_of("... -- a.b (c) !"), ["ab", "c"]);
        assert_eq!(words_of(""), Vec::<String>::new());
        assert_eq!(words_of(" \n "), Vec::<String>::new());
        // Non-ASCII letters are kept and lowercased; non-ASCII punctuation is kept as it is.
        assert_eq!(
            words_of("Über CAFÉ «ÉTÉ» — x"),
            ["über", "café", "«été»", "—", "x"]
        );
        // Digits and symbols outside ASCII punctuation are word characters.
        assert_eq!(words_of("R2-D2 1,000 $5"), ["r2d2", "1000", "5"]);
        assert_eq!(word_form("It's"), "its");
        assert_eq!(word_form("?!"), "");
    }

    /// Lowercasing is the whole word's (Python's `str.lower`): a capital sigma that ends a
    /// word is `ς`, inside one `σ`; punctuation is deleted first, so it does not end a word.
    #[test]
    fn a_final_capital_sigma_lowercases_as_the_word_ends() {
        assert_eq!(words_of("ΟΔΟΣ ΟΔΟΣ. ΣΑ Σ"), ["οδος", "οδος", "σα", "σ"]);
        assert_eq!(word_form("ΑΣ-Β"), "ασβ");
        assert_eq!(word_form("ΑΣ"), "ας");
        // Whole-text lowercasing (Xent's order) gives the same words as word by word.
        let text = "ΟΔΟΣ ΑΣ\tΒΣ\u{85}x İSTANBUL ΣΣ";
        let whole: Vec<String> = strip_ignored(text)
            .to_lowercase()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert_eq!(words_of(text), whole);
    }

    #[test]
    fn pieces_cut_at_single_spaces_and_keep_everything_else() {
        assert_eq!(pieces_of("Owl, sun"), ["Owl,", "sun"]);
        assert_eq!(pieces_of("a  b"), ["a", "", "b"]);
        assert_eq!(pieces_of(" a "), ["", "a", ""]);
        assert_eq!(pieces_of(""), [""]);
        assert_eq!(pieces_of("a\nb\tc"), ["a\nb\tc"]);
        assert_eq!(pieces_of("café ÉTÉ"), ["café", "ÉTÉ"]);
        assert_eq!(pieces_of("a\u{a0}b"), ["a\u{a0}b"]);
    }

    #[test]
    fn only_uses_words_compares_pieces_exactly() {
        assert!(only_uses_words("sun moon owl", "owl sun owl"));
        assert!(!only_uses_words("sun moon owl", "owl Sun"));
        assert!(!only_uses_words("sun moon owl", "owl, sun"));
        assert!(!only_uses_words("sun moon", "sun  moon"));
        assert!(!only_uses_words("sun moon", " sun"));
        assert!(!only_uses_words("sun moon", "sun\nmoon"));
        assert!(!only_uses_words("sun moon", ""));
        // An empty piece passes when the allowed text has one too.
        assert!(only_uses_words("sun  moon", "sun  moon"));
        assert!(only_uses_words("", ""));
        assert!(only_uses_words("alpha-omega café", "café alpha-omega"));
    }

    /// The key is per character, and equal to the word form up to the sigmas.
    #[test]
    fn word_key_is_the_word_form_per_character() {
        let fold = |s: String| s.replace('ς', "σ");
        let texts = [
            "The",
            "CAT'S",
            "ΟΔΟΣ",
            "ΣΑ",
            "ας",
            "İSTANBUL",
            "ǅ",
            "ẞ",
            "K",
            "a-b",
            "",
            "...",
        ];
        for a in texts {
            assert_eq!(word_key(a), fold(word_form(a)), "{a:?}");
            for b in texts {
                let ab = format!("{a}{b}");
                assert_eq!(word_key(&ab), word_key(a) + &word_key(b), "{ab:?}");
                assert_eq!(word_key(&ab), fold(word_form(&ab)), "{ab:?}");
            }
        }
        assert!(key_is_exact(&word_key("The")) && !key_is_exact(&word_key("ΟΔΟΣ")));
        assert_eq!(word_key("ΟΔΟΣ"), word_key("οδοσ"));
        assert_ne!(word_form("ΟΔΟΣ"), word_form("οδοσ"));
    }

    /// Every character, alone and between letters (cased or not), and every whitespace
    /// character after a final sigma: the key is the word form up to the sigmas, and a word
    /// boundary ends a word for lowercasing.
    #[test]
    fn word_key_and_separators_hold_for_every_character() {
        let fold = |s: String| s.replace('ς', "σ");
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            for text in [
                format!("{c}"),
                format!("Α{c}Σ"),
                format!("ΣΑ{c}ΑΣ"),
                format!("1{c}"),
            ] {
                let (key, form) = (word_key(&text), word_form(&text));
                if key != fold(form.clone()) || (key_is_exact(&key) && key != form) {
                    panic!("{:?}: key {key:?}, form {form:?}", c as u32);
                }
            }
            if is_word_separator(c) {
                let text = format!("ΑΣ{c}Β");
                assert_eq!(words_of(&text), ["ας", "β"], "{:?}", c as u32);
                assert!(!is_ignored(c));
            }
        }
    }
}
