//! The host's rules for what a game returns: its name, its requirements and every round.
//! The host runs exactly these functions on every reply (wrapping a broken rule into its own
//! error with the game's name), and [`crate::testing`] runs them in a game's own tests. They
//! are pure: no tokenizer, no runtime, only the data, the vocabulary size and the limits.

use crate::limits::{GameLimits, MOVE_TOKENS_RANGE};
use crate::types::{GameInfo, Passage, Prompt, PromptSegment, Requirements, Round, SegmentContent};
use crate::words;

/// A rule a game broke: the rule in a few words, and what the game did.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleError {
    pub rule: &'static str,
    pub detail: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "broke the rule '{}': {}", self.rule, self.detail)
    }
}

impl std::error::Error for RuleError {}

fn broken(rule: &'static str, detail: String) -> RuleError {
    RuleError { rule, detail }
}

/// The rules for a game's description (the ABI version is checked before, by the loader).
pub fn validate_info(info: &GameInfo) -> Result<(), RuleError> {
    if info.name.trim().is_empty() || info.name.len() > 64 {
        return Err(broken(
            "name is 1 to 64 characters",
            format!("the game's name is {}", quoted(&info.name)),
        ));
    }
    Ok(())
}

/// A game's text as an error message quotes it: debug-escaped, cut after 60 characters with
/// its full size (a 500 KB name must not make a 500 KB error line).
pub fn quoted(s: &str) -> String {
    const KEEP: usize = 60;
    match s.char_indices().nth(KEEP) {
        None => format!("{s:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes in all)", &s[..cut], s.len()),
    }
}

/// The rules for what `configure` may ask for.
pub fn validate_requirements(req: &Requirements, limits: &GameLimits) -> Result<(), RuleError> {
    if !MOVE_TOKENS_RANGE.contains(&req.move_tokens) {
        return Err(broken(
            "move length is 1..=256 tokens",
            format!("configure asked for a move of {} tokens", req.move_tokens),
        ));
    }
    if req.passages.len() > limits.max_passages as usize {
        return Err(broken(
            "at most game.limits.max_passages passages",
            format!(
                "configure asked for {} passages, the limit is {}",
                req.passages.len(),
                limits.max_passages
            ),
        ));
    }
    // Checked: a wrapping sum would let [u32::MAX, 5] pass as 4 tokens.
    let total = (req.moves.iter()).try_fold(0u32, |a, &m| a.checked_add(m));
    if !req.moves.is_empty() && (req.moves.contains(&0) || total != Some(req.move_tokens)) {
        return Err(broken(
            "several moves are at least 1 token each and sum to the move length",
            format!(
                "configure asked for moves {:?} and a move of {} tokens",
                req.moves, req.move_tokens
            ),
        ));
    }
    for (i, p) in req.passages.iter().enumerate() {
        if p.tokens == 0 || p.tokens > limits.max_passage_tokens {
            return Err(broken(
                "passage length is 1..=game.limits.max_passage_tokens",
                format!(
                    "configure asked for passage {i} of {} tokens, the limit is {}",
                    p.tokens, limits.max_passage_tokens
                ),
            ));
        }
    }
    Ok(())
}

/// The supplier's side: the passages match the requirements (count, and tokens and offsets
/// per passage). The host checks it before calling a game, the SDK again inside the game.
pub fn check_passages(req: &Requirements, passages: &[Passage]) -> Result<(), String> {
    if passages.len() != req.passages.len() {
        return Err(format!(
            "the game needs {} passage(s), got {}",
            req.passages.len(),
            passages.len()
        ));
    }
    for (i, (p, spec)) in passages.iter().zip(&req.passages).enumerate() {
        if p.token_ids.len() != spec.tokens as usize || p.offsets.len() != p.token_ids.len() {
            return Err(format!(
                "passage {i} has {} tokens and {} offsets, the game needs {} tokens",
                p.token_ids.len(),
                p.offsets.len(),
                spec.tokens
            ));
        }
    }
    Ok(())
}

/// The rules for a round: a non-empty prompt with known chat roles, a judge program with at
/// least one move slot overall and at most one per term, finite weights, something scored in
/// every term, token ids inside the vocabulary, a reference move of the move's length; and
/// for 0.2.0's fields: move parts that exist and sit together, a positive finite clamp,
/// penalties with a finite threshold and a positive finite weight, one-word word lists.
pub fn validate_round(round: &Round, req: &Requirements, vocab_size: u32) -> Result<(), RuleError> {
    validate_prompt(&round.prompt, vocab_size)?;
    if round.judge.terms.is_empty() {
        return Err(broken(
            "the judge program has at least one term",
            "no terms".into(),
        ));
    }
    let mut move_slots = 0;
    for (t, term) in round.judge.terms.iter().enumerate() {
        move_slots += check_term(&format!("term {t}"), term, req, vocab_size)?;
    }
    for (p, pen) in round.judge.penalties.iter().enumerate() {
        if pen.terms.is_empty() {
            return Err(broken(
                "a penalty has at least one term",
                format!("penalty {p} has no terms"),
            ));
        }
        if !(pen.threshold.is_finite() && pen.weight.is_finite() && pen.weight > 0.0) {
            return Err(broken(
                "a penalty has a finite threshold and a positive finite weight",
                format!(
                    "penalty {p} has threshold {} and weight {}",
                    pen.threshold, pen.weight
                ),
            ));
        }
        for (t, term) in pen.terms.iter().enumerate() {
            move_slots += check_term(&format!("penalty {p} term {t}"), term, req, vocab_size)?;
        }
    }
    if move_slots == 0 {
        return Err(broken(
            "the judge program has a move slot",
            "no term reads the move, so every move would get the same reward".into(),
        ));
    }
    check_ids(
        "banned_token_ids",
        &round.constraints.banned_token_ids,
        vocab_size,
    )?;
    check_word_lists(round)?;
    if let Some(m) = &round.reference_move {
        if m.len() != req.move_tokens as usize {
            return Err(broken(
                "the reference move has the move's length",
                format!(
                    "reference move of {} tokens, moves have {}",
                    m.len(),
                    req.move_tokens
                ),
            ));
        }
        check_ids("the reference move", m, vocab_size)?;
    }
    Ok(())
}

/// One judge term (of the reward or of a penalty); returns its number of move slots (0 or 1).
/// A slot is the whole move or a run of adjacent segments reading consecutive move parts
/// (`[part 0, part 1]` reads moves 1 and 2 as one span; Horizon's `xed(x2 | s + x1)`).
fn check_term(
    what: &str,
    term: &crate::types::JudgeTerm,
    req: &Requirements,
    vocab_size: u32,
) -> Result<usize, RuleError> {
    if !term.weight.is_finite() {
        return Err(broken(
            "term weights are finite",
            format!("{what} has weight {}", term.weight),
        ));
    }
    if let Some(c) = term.max_token_ce {
        if !(c.is_finite() && c > 0.0) {
            return Err(broken(
                "a cross-entropy clamp is positive and finite",
                format!("{what} has max_token_ce {c}"),
            ));
        }
    }
    let mut slots = 0;
    let mut prev: Option<(usize, &SegmentContent)> = None;
    for (i, s) in term.segments.iter().enumerate() {
        if let SegmentContent::MovePart(k) = s.content {
            if k as usize >= req.moves.len() {
                return Err(broken(
                    "a move part is one of the requirements' moves",
                    format!(
                        "{what} segment {i} reads move part {k}, configure declared {} moves",
                        req.moves.len()
                    ),
                ));
            }
        }
        if !s.content.is_move() {
            continue;
        }
        let continues = match (prev, &s.content) {
            (Some((j, SegmentContent::MovePart(a))), SegmentContent::MovePart(b)) => {
                j + 1 == i && *b == a + 1
            }
            _ => false,
        };
        if !continues {
            slots += 1;
        }
        prev = Some((i, &s.content));
    }
    if slots > 1 {
        return Err(broken(
            "at most one move slot per judge term",
            format!("{what} has {slots} move slots (move parts count as one only when adjacent and consecutive)"),
        ));
    }
    if !term.segments.iter().any(|s| s.scored) {
        return Err(broken(
            "every judge term scores something",
            format!("{what} has no scored segment"),
        ));
    }
    for (i, s) in term.segments.iter().enumerate() {
        if let SegmentContent::Tokens(ids) = &s.content {
            check_ids(&format!("{what} segment {i}"), ids, vocab_size)?;
        }
    }
    Ok(slots)
}

/// Word lists hold single words ([`crate::words`]): a banned word by Xent's word rule (no
/// whitespace, something left once ASCII punctuation is deleted), an allowed word by
/// `only_uses_words`' (a non-empty piece without a space; punctuation alone is a word there);
/// allowed special tokens are non-empty texts.
fn check_word_lists(round: &Round) -> Result<(), RuleError> {
    let c = &round.constraints;
    for w in &c.banned_words {
        if words::word_form(w).is_empty() || w.chars().any(words::is_word_separator) {
            return Err(broken(
                "a word list holds single words",
                format!("banned_words has {}", quoted(w)),
            ));
        }
    }
    for w in c.allowed_words.iter().flatten() {
        if w.is_empty() || w.contains(words::PIECE_SEPARATOR) {
            return Err(broken(
                "a word list holds single words",
                format!(
                    "allowed_words has {} (pieces of the move between single spaces)",
                    quoted(w)
                ),
            ));
        }
    }
    if c.allowed_words.as_ref().is_some_and(|a| a.is_empty()) {
        return Err(broken(
            "allowed_words, when set, is not empty",
            "allowed_words is an empty list: no move could use a word (leave it unset for no rule)"
                .into(),
        ));
    }
    if c.allowed_special.iter().any(|t| t.is_empty()) {
        return Err(broken(
            "allowed_special holds token texts",
            "allowed_special has an empty string".into(),
        ));
    }
    Ok(())
}

fn check_ids(what: &str, ids: &[u32], vocab_size: u32) -> Result<(), RuleError> {
    match ids.iter().find(|&&id| id >= vocab_size) {
        Some(id) => Err(broken(
            "token ids are below the vocabulary size",
            format!("{what} has token id {id}, the tokenizer has {vocab_size} tokens"),
        )),
        None => Ok(()),
    }
}

fn validate_prompt(prompt: &Prompt, vocab_size: u32) -> Result<(), RuleError> {
    match prompt {
        Prompt::Chat(msgs) => {
            if msgs.is_empty() {
                return Err(broken("the prompt is not empty", "no chat messages".into()));
            }
            if let Some(m) = msgs
                .iter()
                .find(|m| !matches!(m.role.as_str(), "system" | "user" | "assistant"))
            {
                return Err(broken(
                    "chat roles are system, user or assistant",
                    format!("a message has role {}", quoted(&m.role)),
                ));
            }
        }
        Prompt::Raw(segs) => {
            if segs.is_empty() {
                return Err(broken("the prompt is not empty", "no raw segments".into()));
            }
            for (i, s) in segs.iter().enumerate() {
                if let PromptSegment::Tokens(ids) = s {
                    check_ids(&format!("prompt segment {i}"), ids, vocab_size)?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
