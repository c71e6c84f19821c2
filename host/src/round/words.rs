//! Word-level move constraints (game API 0.2.0: `banned_words`, `allowed_words`), enforced
//! exactly by the host wherever a move is made: in sampling (a token is masked when it would
//! break the rule), in Frost's gate and children (a substitution that breaks it is never
//! proposed) and by [`WordRule::allows`] on any finished move.
//!
//! Both follow Xent's functions on the decoded move alone, as the SDK defines them
//! ([`frost_sdk::words`], which games use too). `banned_words` uses the word form of
//! `remove_common_words` ([`words::words`]: ASCII punctuation deleted, lowercased, split on
//! whitespace); no word of the move is banned (Xent's `remove_common_words(x, s)` then removes
//! nothing). `allowed_words` is `only_uses_words` ([`words::pieces`]): the move split at single
//! spaces, every piece exactly one of the allowed words (case and punctuation count; a
//! leading, trailing or doubled space makes an empty piece, which is never allowed). With
//! both, an allowed word that holds a banned word is dropped. A token that is a fragment of a
//! multi-byte character (its text alone decodes to U+FFFD) is never allowed under a word rule,
//! so that the move's text is the concatenation of its tokens' texts and the rule is checked
//! exactly.
//!
//! Token texts are cut at the SDK's separators ([`words::is_word_separator`],
//! [`words::PIECE_SEPARATOR`]) with its ignored characters deleted ([`words::strip_ignored`]),
//! case kept, and words are compared in the SDK's [`words::word_form`]; the indexes are keyed
//! by the per-character [`words::word_key`], checked against the word form where the key
//! alone does not decide (a Greek sigma, final or not).
//!
//! In sampling the last word is still open: a banned word is caught when it ends (whitespace,
//! or the move's last token), and under a whitelist a token may stand only if the move can
//! still end on a whole allowed word after exactly the remaining tokens, with this vocabulary
//! and the round's token bans ([`reach`]: decided exactly, so a sampled move never walks into
//! a dead end, and a rule that admits no move of the round's length is refused when dealt).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use frost_sdk::types::MoveConstraints;
use frost_sdk::words;

mod cut;
mod reach;
pub use cut::TokenWords;
use cut::{Cut, TokenPieces};
use reach::Reach;

/// What follows the token being chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum After {
    /// More tokens follow, `n` of them: the word the token ends in is still open.
    Open(usize),
    /// These word characters, then a word boundary (the rest of the move after a
    /// substituted token, up to its first whitespace, as its tokens' pieces; empty at the
    /// move's end).
    Closed(String),
}

/// Masks a rule keeps (one is a byte per token: ~150 kB on Qwen3's vocabulary); rules live
/// across steps in the dealer's cache.
const MAX_CACHED_MASKS: usize = 256;

/// Token masks by (the open word before, what follows).
type MaskCache = Mutex<HashMap<(String, After), Arc<Vec<bool>>>>;

/// One round's word rule over one tokenizer's tokens.
pub struct WordRule {
    tokens: Arc<TokenWords>,
    /// The banned words in their word form.
    banned: HashSet<String>,
    /// Their keys ([`words::word_key`]), what the indexes are looked up by.
    banned_keys: HashSet<String>,
    allowed: Option<HashSet<String>>,
    /// Under a whitelist, what an open word can still reach (see [`reach`]).
    reach: Option<Reach>,
    /// Split tokens with a whole word inside that may not stand.
    inner_bad: HashSet<u32>,
    /// Masks already computed, by (the open word before, what follows).
    cache: MaskCache,
}

impl WordRule {
    /// The round's rule, or None when it has no word constraint. `banned` [>= V_tok]: the
    /// round's static token bans (true = banned), which a whitelist's reach respects; moves
    /// are at most `max_len` tokens.
    pub fn new(
        c: &MoveConstraints,
        tokens: Arc<TokenWords>,
        banned: &[bool],
        max_len: usize,
    ) -> Option<WordRule> {
        if c.banned_words.is_empty() && c.allowed_words.is_none() {
            return None;
        }
        // An empty word (all punctuation) is no word: it never breaks a rule.
        let banned_words = c
            .banned_words
            .iter()
            .filter(|w| !words::word_form(w).is_empty());
        let banned_forms: HashSet<String> =
            banned_words.clone().map(|w| words::word_form(w)).collect();
        let banned_keys = banned_words.map(|w| words::word_key(w)).collect();
        let allowed: Option<HashSet<String>> = c.allowed_words.as_ref().map(|a| {
            (a.iter())
                .filter(|w| !words::words(w).any(|w| banned_forms.contains(&w)))
                .cloned()
                .collect()
        });
        let mut rule = WordRule {
            tokens,
            banned: banned_forms,
            banned_keys,
            allowed,
            reach: None,
            inner_bad: HashSet::new(),
            cache: Mutex::new(HashMap::new()),
        };
        rule.inner_bad = (rule.cut().with_inner.iter().copied())
            .filter(|&id| {
                let t = &rule.cut().tokens[id as usize];
                !t.inner.iter().all(|w| rule.word_ok(w))
            })
            .collect();
        if let Some(a) = &rule.allowed {
            rule.reach = Some(Reach::new(a, rule.cut(), banned, &rule.inner_bad, max_len));
        }
        Some(rule)
    }

    /// The move lengths (1..=max_len tokens) this rule admits with this vocabulary and the
    /// round's token bans; None when it does not restrict them (banned words only: an open
    /// word can always grow, so the sampler finds out, and fails loudly, if bans leave none).
    pub fn legal_lengths(&self) -> Option<Vec<usize>> {
        self.reach.as_ref().map(Reach::lengths)
    }

    /// (trie nodes, token transitions) of a whitelist's reach: its size.
    pub fn reach_size(&self) -> Option<(usize, usize)> {
        self.reach.as_ref().map(Reach::size)
    }

    /// How this rule cuts tokens into words.
    fn cut(&self) -> &Cut {
        match self.allowed {
            None => &self.tokens.words,
            Some(_) => &self.tokens.pieces,
        }
    }

    /// A finished word may stand (under banned words, its word form is not banned and an
    /// empty one is no word; under a whitelist, an empty piece is a stray space and never
    /// allowed).
    fn word_ok(&self, w: &str) -> bool {
        match &self.allowed {
            None => {
                let form = words::word_form(w);
                form.is_empty() || !self.banned.contains(&form)
            }
            Some(a) => a.contains(w),
        }
    }

    /// An open word can still become a word that may stand after exactly `remaining` more
    /// tokens: the reference for [`Reach`], searched token by token over the whole vocabulary.
    #[cfg(test)]
    fn open_ok(&self, w: &str, remaining: usize) -> bool {
        match &self.allowed {
            None => true, // a banned word can always be extended into another one
            Some(_) => self.can_end_searched(w, remaining, &mut HashMap::new()),
        }
    }

    #[cfg(test)]
    fn can_end_searched(
        &self,
        w: &str,
        k: usize,
        memo: &mut HashMap<(String, usize), bool>,
    ) -> bool {
        if k == 0 {
            return self.word_ok(w);
        }
        if let Some(&b) = memo.get(&(w.to_string(), k)) {
            return b;
        }
        let prefix_of_some = |s: &str| self.allowed.iter().flatten().any(|a| a.starts_with(s));
        let mut ok = false;
        for t in &self.cut().tokens {
            if t.fragment {
                continue;
            }
            let next = match t.splits {
                false => format!("{w}{}", t.head),
                true if self.word_ok(&format!("{w}{}", t.head))
                    && t.inner.iter().all(|i| self.word_ok(i)) =>
                {
                    t.tail.clone()
                }
                true => continue,
            };
            if prefix_of_some(&next) && self.can_end_searched(&next, k - 1, memo) {
                ok = true;
                break;
            }
        }
        memo.insert((w.to_string(), k), ok);
        ok
    }

    /// The rule for one token, checked directly: the definition the indexed masks below
    /// must agree with (tested on every token).
    #[cfg(test)]
    fn token_ok(&self, t: &TokenPieces, before: &str, after: &After) -> bool {
        if t.fragment {
            return false;
        }
        let end_ok = |w: String| match after {
            After::Open(n) => self.open_ok(&w, *n),
            After::Closed(rest) => self.word_ok(&(w + rest)),
        };
        if !t.splits {
            return end_ok(format!("{before}{}", t.head));
        }
        self.word_ok(&format!("{before}{}", t.head))
            && t.inner.iter().all(|w| self.word_ok(w))
            && end_ok(t.tail.clone())
    }

    /// [V_tok] true = banned, for a token put between `before` (the open word's characters)
    /// and `after`.
    fn mask(&self, before: String, after: After) -> Arc<Vec<bool>> {
        let key = (before, after);
        if let Some(m) = self.cache.lock().expect("word cache").get(&key) {
            return m.clone();
        }
        let (before, after) = &key;
        let m = Arc::new(match &self.allowed {
            None => self.banned_mask(before, after),
            Some(_) => self.allowed_mask(before, after),
        });
        let mut cache = self.cache.lock().expect("word cache");
        if cache.len() >= MAX_CACHED_MASKS {
            cache.clear();
        }
        cache.insert(key, m.clone());
        m
    }

    /// Banned words only: every token may stand but those that would finish a banned word
    /// (words still open are never caught: they can always grow into another word). The
    /// indexes find the tokens that make a word with a banned word's key; where the key does
    /// not decide ([`words::key_is_exact`]), the word itself is checked.
    fn banned_mask(&self, before: &str, after: &After) -> Vec<bool> {
        let t = self.cut();
        let mut m = vec![false; t.tokens.len()];
        for &id in t.fragments.iter().chain(&self.inner_bad) {
            m[id as usize] = true;
        }
        let key_before = words::word_key(before);
        let rest = match after {
            After::Closed(rest) => Some((rest.as_str(), words::word_key(rest))),
            After::Open(_) => None,
        };
        for b in &self.banned_keys {
            let exact = words::key_is_exact(b);
            let mut ban = |ids: Option<&Vec<u32>>, word: &dyn Fn(&TokenPieces) -> String| {
                for &id in ids.into_iter().flatten() {
                    if exact || !self.word_ok(&word(&t.tokens[id as usize])) {
                        m[id as usize] = true;
                    }
                }
            };
            if let Some(head) = b.strip_prefix(key_before.as_str()) {
                // A split token whose head finishes `before` into b.
                ban(t.split_by_head.get(head), &|p| {
                    format!("{before}{}", p.head)
                });
                // A whole token between `before` and the closing characters.
                if let Some((rest, key_rest)) = &rest {
                    ban(
                        (head.strip_suffix(key_rest.as_str()))
                            .and_then(|h| t.nosplit_by_head.get(h)),
                        &|p| format!("{before}{}{rest}", p.head),
                    );
                }
            }
            // A split token whose tail, closed by `rest`, is b.
            if let Some((rest, key_rest)) = &rest {
                ban(
                    (b.strip_suffix(key_rest.as_str())).and_then(|tail| t.split_by_tail.get(tail)),
                    &|p| format!("{}{rest}", p.tail),
                );
            }
        }
        m
    }

    /// A whitelist: every token is banned but those after which the move can still end on a
    /// whole allowed word (with tokens to come: exactly that many more, see [`reach`]; as the
    /// closing token before `rest`: the word it makes is allowed).
    fn allowed_mask(&self, before: &str, after: &After) -> Vec<bool> {
        let t = self.cut();
        let rest = match after {
            After::Open(n) => {
                let reach = self.reach.as_ref().expect("a whitelist has its reach");
                return reach.mask(before, *n, t.tokens.len());
            }
            After::Closed(rest) => rest,
        };
        // Every word a token may leave at its end (the characters since its last space, or
        // all of them): what `token_ok`'s end check accepts.
        let ends: Vec<&str> = (self.allowed.iter().flatten())
            .filter_map(|w| w.strip_suffix(rest.as_str()))
            .collect();
        let mut m = vec![true; t.tokens.len()];
        for end in ends {
            // A whole token that makes `before` into the end.
            let ids = end
                .strip_prefix(before)
                .and_then(|h| t.nosplit_by_head.get(h));
            for &id in ids.into_iter().flatten() {
                m[id as usize] = false;
            }
            // A split token ending in the end: it must also finish `before` into a word.
            for &id in t.split_by_tail.get(end).into_iter().flatten() {
                let head = &t.tokens[id as usize].head;
                if !self.inner_bad.contains(&id) && self.word_ok(&format!("{before}{head}")) {
                    m[id as usize] = false;
                }
            }
        }
        m
    }

    /// The open word at the end of `tokens` (its pieces since the last separator).
    fn open_word(&self, tokens: &[u32]) -> String {
        let mut w = String::new();
        for &t in tokens {
            match self.cut().tokens.get(t as usize) {
                Some(p) if p.splits => w = p.tail.clone(),
                Some(p) => w.push_str(&p.head),
                None => {}
            }
        }
        w
    }

    /// The word's pieces at the start of `tokens`, up to the first separator.
    fn closing_word(&self, tokens: &[u32]) -> String {
        let mut w = String::new();
        for &t in tokens {
            if let Some(p) = self.cut().tokens.get(t as usize) {
                w.push_str(&p.head);
                if p.splits {
                    break;
                }
            }
        }
        w
    }

    /// Sampling: [V_tok] true = banned for the next token after `so_far`, with `remaining`
    /// tokens still to come after it (0: it is the move's last token).
    pub fn next_token_ban(&self, so_far: &[u32], remaining: usize) -> Arc<Vec<bool>> {
        let after = match remaining {
            0 => After::Closed(String::new()),
            n => After::Open(n),
        };
        self.mask(self.open_word(so_far), after)
    }

    /// Frost's children: [V_tok] true = banned at position `pos` of `parent`.
    pub fn substitution_ban(&self, parent: &[u32], pos: usize) -> Arc<Vec<bool>> {
        let before = self.open_word(&parent[..pos]);
        let after = After::Closed(self.closing_word(&parent[pos + 1..]));
        self.mask(before, after)
    }

    /// Whether a finished move keeps the rule (the words of its tokens' texts).
    pub fn allows(&self, mv: &[u32]) -> bool {
        let mut open = String::new();
        for &t in mv {
            let Some(p) = self.cut().tokens.get(t as usize) else {
                return false;
            };
            if p.fragment {
                return false;
            }
            if !p.splits {
                open.push_str(&p.head);
                continue;
            }
            open.push_str(&p.head);
            if !self.word_ok(&open) || !p.inner.iter().all(|w| self.word_ok(w)) {
                return false;
            }
            open = p.tail.clone();
        }
        self.word_ok(&open)
    }
}

#[cfg(test)]
mod tests;
