//! Checks on a round beyond its shape (the SDK's rules, run in `game`): that what it asks the
//! models to read fits in tokens, and that it can be trained on at all. A game's text is small
//! in bytes (`max_output_bytes`) but may tokenize long, so these run on the rendered prompt and
//! the compiled judge program, before anything is allocated for them.

use frost_sdk::types::{Prompt, Round};

use crate::game::GameLimits;
use crate::judge::CompiledProgram;

#[derive(Debug, thiserror::Error)]
pub enum RoundCheckError {
    #[error(
        "{what} is {got}, over the limit of {limit} ({why}); raise game.limits.{key} only if \
         the game legitimately needs more"
    )]
    TooLarge {
        what: String,
        got: usize,
        limit: usize,
        why: &'static str,
        key: &'static str,
    },
    #[error(
        "{what} is {got}, over the model's context of {limit} tokens (its \
         max_position_embeddings, fixed by the checkpoint: no config raises it); shorten the \
         game's passages or prompt, or use a model with a longer context"
    )]
    OverContext {
        what: String,
        got: usize,
        limit: usize,
    },
    #[error(
        "judge term {0} scores no token (its scored segments are empty): it cannot be trained on"
    )]
    NothingScored(usize),
    #[error(
        "the move constraints ban every token of the vocabulary ({0} tokens): no legal move exists"
    )]
    AllBanned(usize),
    #[error(
        "on a sampled move, {what} = {value:e}: not a number f32 holds (|x| <= 3.4e38, the \
         precision of the update and the Taylor proposal), so every step would be skipped; \
         lower the game's judge weights or penalty thresholds"
    )]
    ScoreNotFinite { what: String, value: f64 },
}

/// The size bounds of one round, from the game's limits and the model's context length.
#[derive(Clone, Debug)]
pub struct Bounds {
    prompt_tokens: (usize, &'static str),
    judge_tokens: (usize, &'static str),
    terms: usize,
    chat_messages: usize,
    words: usize,
    word_bytes: usize,
}

const CONFIGURED: &str = "its configured value";
const CONTEXT: &str = "the model's max_position_embeddings";

impl Bounds {
    /// `max_positions`: the model's `max_position_embeddings`, when a model is known; no
    /// sequence may be longer.
    pub fn new(limits: &GameLimits, max_positions: Option<usize>) -> Bounds {
        let cap = |configured: u32| match max_positions {
            Some(m) if m < configured as usize => (m, CONTEXT),
            _ => (configured as usize, CONFIGURED),
        };
        Bounds {
            prompt_tokens: cap(limits.max_prompt_tokens),
            judge_tokens: cap(limits.max_judge_tokens),
            terms: limits.max_judge_terms as usize,
            chat_messages: limits.max_chat_messages as usize,
            words: limits.max_words as usize,
            word_bytes: limits.max_word_bytes as usize,
        }
    }

    /// Counts that need no tokenizer: judge terms, chat messages, and the words of the move's
    /// word lists (before any mask is built from them).
    pub fn check_counts(&self, round: &Round) -> Result<(), RoundCheckError> {
        let c = &round.constraints;
        let words = || {
            c.banned_words
                .iter()
                .chain(c.allowed_words.iter().flatten())
        };
        over(
            "the number of words in the move's word lists (banned_words and allowed_words)",
            words().count(),
            self.words,
            CONFIGURED,
            "max_words",
        )?;
        let longest = words().map(String::len).max().unwrap_or(0);
        over(
            "the longest word of the move's word lists, in bytes,",
            longest,
            self.word_bytes,
            CONFIGURED,
            "max_word_bytes",
        )?;
        let penalty_terms: usize = round.judge.penalties.iter().map(|p| p.terms.len()).sum();
        let terms = round.judge.terms.len() + penalty_terms;
        over(
            "the number of judge terms",
            terms,
            self.terms,
            CONFIGURED,
            "max_judge_terms",
        )?;
        if let Prompt::Chat(messages) = &round.prompt {
            over(
                "the number of chat messages",
                messages.len(),
                self.chat_messages,
                CONFIGURED,
                "max_chat_messages",
            )?;
        }
        Ok(())
    }

    /// The rendered prompt plus the move.
    pub fn check_prompt(
        &self,
        prompt_tokens: usize,
        move_len: usize,
    ) -> Result<(), RoundCheckError> {
        let (limit, why) = self.prompt_tokens;
        over(
            "the player prompt plus the move, in tokens,",
            prompt_tokens + move_len,
            limit,
            why,
            "max_prompt_tokens",
        )
    }

    /// Every judge term's length, and that each scores something.
    pub fn check_program(&self, program: &CompiledProgram) -> Result<(), RoundCheckError> {
        let (limit, why) = self.judge_tokens;
        for (n, term) in program.terms.iter().enumerate() {
            over(
                &format!("judge term {n}, in tokens (move included),"),
                term.ids.len(),
                limit,
                why,
                "max_judge_tokens",
            )?;
            if !term.scored.iter().any(|&s| s) {
                return Err(RoundCheckError::NothingScored(n));
            }
        }
        Ok(())
    }
}

/// At least one token of the vocabulary is legal (the ban is the same at every move position).
pub fn check_legal(banned: &[bool], vocab_size: usize) -> Result<(), RoundCheckError> {
    if banned.iter().take(vocab_size).all(|&b| b) {
        return Err(RoundCheckError::AllBanned(vocab_size));
    }
    Ok(())
}

/// The exact score of one move, checked term by term: every weighted term, every penalty's
/// quantity and hinge, every term's slope in the reward (what the Taylor proposal weighs it
/// by) and the score itself must be finite in f32, the precision the update and the Taylor
/// proposal compute in. `sums`: the move's unweighted per-term sums ([`crate::judge::term_sums`]).
/// A finite but huge weight (f64::MAX, or a penalty weight times its threshold) passes every
/// shape check and makes every step of training non-finite; this names the term instead.
pub fn check_scores(program: &CompiledProgram, sums: &[f64]) -> Result<(), RoundCheckError> {
    let fits = |x: f64| x.is_finite() && x.abs() <= f32::MAX as f64;
    let check = |what: String, value: f64| match fits(value) {
        true => Ok(()),
        false => Err(RoundCheckError::ScoreNotFinite { what, value }),
    };
    let mut g = vec![0.0; program.penalties.len()];
    for (j, (t, &sum)) in program.terms.iter().zip(sums).enumerate() {
        let (w, x) = (t.weight, t.weight * sum);
        check(
            format!("judge term {j}'s weight x its log-prob sum ({w:e} x {sum:.4} nats)"),
            x,
        )?;
        match t.penalty {
            None => check(
                format!("judge term {j}'s slope in the reward (its weight)"),
                w,
            )?,
            Some(p) => {
                let pw = program.penalties[p].weight;
                check(
                    format!("judge term {j}'s slope in the reward (its weight x penalty {p}'s weight, {w:e} x {pw:e})"),
                    w * pw,
                )?;
                g[p] += x;
            }
        }
    }
    for (p, (spec, g)) in program.penalties.iter().zip(g).enumerate() {
        check(
            format!("penalty {p}'s quantity g (its terms' weighted sum)"),
            g,
        )?;
        let (w, th) = (spec.weight, spec.threshold);
        check(
            format!("penalty {p}'s cost, weight x max(0, threshold - g) ({w:e} x max(0, {th:e} - {g:e}))"),
            w * (th - g).max(0.0),
        )?;
    }
    check(
        "the score (terms and penalties together)".to_string(),
        crate::judge::penalty::combine(program, sums),
    )
}

fn over(
    what: &str,
    got: usize,
    limit: usize,
    why: &'static str,
    key: &'static str,
) -> Result<(), RoundCheckError> {
    if got > limit && why == CONTEXT {
        return Err(RoundCheckError::OverContext {
            what: what.to_string(),
            got,
            limit,
        });
    }
    if got > limit {
        return Err(RoundCheckError::TooLarge {
            what: what.to_string(),
            got,
            limit,
            why,
            key,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_bounds_never_exceed_the_model_context() {
        let limits = GameLimits::default();
        let b = Bounds::new(&limits, Some(64));
        let e = b.check_prompt(60, 8).unwrap_err().to_string();
        assert!(
            e.contains("68") && e.contains("64") && e.contains("max_position_embeddings"),
            "{e}"
        );
        // The model's context is not a setting: the error does not suggest raising one.
        assert!(!e.contains("game.limits"), "{e}");
        assert!(e.contains("longer context"), "{e}");
        b.check_prompt(56, 8).unwrap();
        // Without a model, the configured limit.
        let b = Bounds::new(&limits, None);
        b.check_prompt(8000, 8).unwrap();
        let e = b.check_prompt(8000, 200).unwrap_err().to_string();
        assert!(e.contains("8192") && e.contains("configured"), "{e}");
        assert!(e.contains("game.limits.max_prompt_tokens"), "{e}");
    }

    #[test]
    fn all_banned_is_refused() {
        assert!(check_legal(&[true, true, false], 2).is_err());
        check_legal(&[true, false, true], 2).unwrap();
    }
}
