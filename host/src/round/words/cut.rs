//! Every token's text cut into words, once per tokenizer, both ways a word rule reads a move
//! (the module above says how), with the indexes a mask is built from.

use std::collections::HashMap;

use frost_sdk::words;

/// Every token's text cut into words both ways a rule reads them, computed once per
/// tokenizer.
#[derive(Debug)]
pub struct TokenWords {
    /// Xent's words (cut at whitespace, punctuation deleted, case kept; compared in their
    /// word form): `banned_words`.
    pub(super) words: Cut,
    /// Cut at single spaces, nothing else changed: `allowed_words`.
    pub(super) pieces: Cut,
}

/// The tokens cut one way, with indexes that let a mask touch only the tokens a rule can
/// concern (a mask over 151k tokens checked one by one took ~40 ms; `frost-host bench
/// --word-rules`). The maps are keyed by the pieces' keys (the words cut: [`words::word_key`];
/// the pieces cut: the pieces themselves). Fragments are in none of the maps.
#[derive(Debug)]
pub(super) struct Cut {
    pub(super) tokens: Vec<TokenPieces>,
    pub(super) nosplit_by_head: HashMap<String, Vec<u32>>,
    pub(super) split_by_head: HashMap<String, Vec<u32>>,
    pub(super) split_by_tail: HashMap<String, Vec<u32>>,
    pub(super) fragments: Vec<u32>,
    /// Split tokens with whole words inside.
    pub(super) with_inner: Vec<u32>,
}

/// One token's text cut at separators (the words cut: punctuation deleted, case kept; the
/// pieces cut: as it is).
#[derive(Debug, Default)]
pub(super) struct TokenPieces {
    /// The word before the first separator (the whole token when it has none).
    pub(super) head: String,
    /// Whether the token holds a separator (it ends the word before it).
    pub(super) splits: bool,
    /// Whole words between separators inside the token.
    pub(super) inner: Vec<String>,
    /// The word after the last separator.
    pub(super) tail: String,
    /// A fragment of a multi-byte character.
    pub(super) fragment: bool,
}

impl TokenWords {
    /// From each token's decoded text, case kept.
    pub fn new(token_texts: &[String]) -> Self {
        TokenWords {
            words: Cut::new(token_texts, word_pieces, words::word_key),
            pieces: Cut::new(token_texts, space_pieces, str::to_string),
        }
    }

    pub fn len(&self) -> usize {
        self.words.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.tokens.is_empty()
    }
}

impl Cut {
    fn new(token_texts: &[String], cut: fn(&str) -> TokenPieces, key: fn(&str) -> String) -> Self {
        let tokens: Vec<TokenPieces> = token_texts.iter().map(|t| cut(t)).collect();
        let mut c = Cut {
            tokens: Vec::new(),
            nosplit_by_head: HashMap::new(),
            split_by_head: HashMap::new(),
            split_by_tail: HashMap::new(),
            fragments: Vec::new(),
            with_inner: Vec::new(),
        };
        for (id, t) in tokens.iter().enumerate() {
            let id = id as u32;
            if t.fragment {
                c.fragments.push(id);
            } else if !t.splits {
                c.nosplit_by_head.entry(key(&t.head)).or_default().push(id);
            } else {
                c.split_by_head.entry(key(&t.head)).or_default().push(id);
                c.split_by_tail.entry(key(&t.tail)).or_default().push(id);
                if !t.inner.is_empty() {
                    c.with_inner.push(id);
                }
            }
        }
        c.tokens = tokens;
        c
    }
}

/// Xent's words: cut at whitespace, punctuation deleted, case kept (a word's form is taken
/// once it is whole: lowercasing a final sigma depends on the word's end); no empty inner
/// words.
fn word_pieces(text: &str) -> TokenPieces {
    let fragment = text.contains('\u{fffd}');
    let parts: Vec<&str> = text.split(words::is_word_separator).collect();
    if parts.len() == 1 {
        return TokenPieces {
            head: words::strip_ignored(text),
            fragment,
            ..Default::default()
        };
    }
    let inner = parts[1..parts.len() - 1]
        .iter()
        .map(|p| words::strip_ignored(p))
        .filter(|w| !w.is_empty())
        .collect();
    TokenPieces {
        head: words::strip_ignored(parts[0]),
        splits: true,
        inner,
        tail: words::strip_ignored(parts[parts.len() - 1]),
        fragment,
    }
}

/// `only_uses_words`' pieces: cut at single spaces, nothing else changed (empty pieces kept).
fn space_pieces(text: &str) -> TokenPieces {
    let parts: Vec<&str> = words::pieces(text).collect();
    let n = parts.len();
    TokenPieces {
        head: parts[0].to_string(),
        splits: n > 1,
        inner: match n {
            0..=2 => Vec::new(),
            _ => parts[1..n - 1].iter().map(|p| p.to_string()).collect(),
        },
        tail: match n {
            1 => String::new(),
            _ => parts[n - 1].to_string(),
        },
        fragment: text.contains('\u{fffd}'),
    }
}
