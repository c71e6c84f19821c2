//! Condense, from the Xent game engine: `assign(s = story); elicit(x, n); reward(xed(s | x))`.
//! The player writes a short text `x` that makes the story `s` predictable to the judge,
//! without using the story's words. reward = xent(s) - xent(s | x), i.e. two judge terms:
//! `+1 * -CE(s | x)` and `-1 * -CE(s)` (a move-independent baseline).

use frost_sdk::{
    export_game, ChatMessage, Game, JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints,
    Passage, PassageSpec, Prompt, PromptSegment, Requirements, Round, SegmentContent,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PromptStyle {
    Chat,
    Raw,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CondenseConfig {
    /// Length of the story s, in tokens.
    pub story_tokens: u32,
    /// Length of the condensation x (the move), in tokens.
    pub move_tokens: u32,
    /// Ban the story's words from the move (as banned strings).
    pub ban_story_words: bool,
    /// Shortest word that is banned; shorter words ("a", "of") would ban most of the vocabulary.
    pub min_banned_word_chars: u32,
    /// Text between x and s in the judge's sequence (not scored).
    pub separator: String,
    pub prompt: PromptStyle,
}

impl Default for CondenseConfig {
    fn default() -> Self {
        CondenseConfig {
            story_tokens: 64,
            move_tokens: 10,
            ban_story_words: true,
            min_banned_word_chars: 3,
            separator: "\n".into(),
            prompt: PromptStyle::Chat,
        }
    }
}

pub struct Condense;

/// The distinct words (letters and digits) of `text`, lowercased, in order of appearance.
pub fn story_words(text: &str, min_chars: usize) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        let w = w.to_lowercase();
        if w.chars().count() >= min_chars && !words.contains(&w) {
            words.push(w);
        }
    }
    words
}

impl Game for Condense {
    type Config = CondenseConfig;
    const NAME: &'static str = "condense";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "Condense (Xent): write a short text that makes a story \
        predictable without using its words; reward = xed(s | x) = xent(s) - xent(s | x).";

    fn requirements(c: &CondenseConfig) -> Result<Requirements, String> {
        if !(1..=256).contains(&c.move_tokens) {
            return Err(format!(
                "move_tokens must be 1..=256, got {}",
                c.move_tokens
            ));
        }
        if c.story_tokens == 0 {
            return Err("story_tokens must be at least 1".into());
        }
        if c.min_banned_word_chars == 0 {
            return Err("min_banned_word_chars must be at least 1".into());
        }
        Ok(Requirements {
            move_tokens: c.move_tokens,
            passages: vec![PassageSpec {
                tokens: c.story_tokens,
            }],
        })
    }

    fn new_round(c: &CondenseConfig, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let story = &passages[0];
        let n = c.move_tokens;
        let prompt = match c.prompt {
            PromptStyle::Chat => Prompt::Chat(vec![ChatMessage {
                role: "user".into(),
                content: format!(
                    "Write a text of {n} tokens that would best prepare a reader to predict the \
                     story below, without using any of the story's words.\n\nStory:\n{}",
                    story.text
                ),
            }]),
            PromptStyle::Raw => Prompt::Raw(vec![
                PromptSegment::Text("Story:\n".into()),
                PromptSegment::Tokens(story.token_ids.clone()),
                PromptSegment::Text("\n\nThe story in other words:".into()),
            ]),
        };
        let s = || SegmentContent::Tokens(story.token_ids.clone());
        let mut with_move = vec![JudgeSegment::unscored(SegmentContent::Move)];
        if !c.separator.is_empty() {
            with_move.push(JudgeSegment::unscored(SegmentContent::Text(
                c.separator.clone(),
            )));
        }
        with_move.push(JudgeSegment::scored(s()));
        let judge = JudgeProgram {
            terms: vec![
                // +1 * -CE(s | x)
                JudgeTerm {
                    weight: 1.0,
                    bos: true,
                    segments: with_move,
                },
                // -1 * -CE(s): the baseline xent(s), the same for every move.
                JudgeTerm {
                    weight: -1.0,
                    bos: true,
                    segments: vec![JudgeSegment::scored(s())],
                },
            ],
        };
        let banned_strings = if c.ban_story_words {
            story_words(&story.text, c.min_banned_word_chars as usize)
        } else {
            vec![]
        };
        Ok(Round {
            prompt,
            judge,
            constraints: MoveConstraints {
                banned_token_ids: vec![],
                banned_strings,
            },
            reference_move: None,
        })
    }
}

export_game!(Condense);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn story_words_are_distinct_lowercase_and_long_enough() {
        assert_eq!(
            story_words("The cat, the CAT; a dog's bone.", 3),
            vec!["the", "cat", "dog", "bone"]
        );
    }
}
