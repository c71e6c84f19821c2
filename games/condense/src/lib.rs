//! Condense, from the Xent game engine: `assign(s = story); elicit(x, n); reward(xed(s | x))`.
//! The player writes a short text `x` that makes the story `s` predictable to the judge,
//! without using the story's words. reward = xent(s) - xent(s | x), i.e. two judge terms:
//! `+1 * -CE(s | x)` and `-1 * -CE(s)` (a move-independent baseline).

use frost_sdk::limits::check_move_tokens;
use frost_sdk::schemars::JsonSchema;
use frost_sdk::serde::{Deserialize, Serialize};
use frost_sdk::{
    export_game, manifest, ChatMessage, Game, JudgeTerm, Passage, PassageSpec, Prompt,
    PromptSegment, PromptStyle, Requirements, Round,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(crate = "frost_sdk::serde", default, deny_unknown_fields)]
#[schemars(crate = "frost_sdk::schemars")]
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
    const NAME: &'static str = manifest::string(MANIFEST, "name");
    const VERSION: &'static str = manifest::string(MANIFEST, "version");
    const DESCRIPTION: &'static str = manifest::string(MANIFEST, "description");

    fn requirements(c: &CondenseConfig) -> Result<Requirements, String> {
        check_move_tokens("move_tokens", c.move_tokens)?;
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
            moves: vec![],
        })
    }

    fn new_round(c: &CondenseConfig, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let story = &passages[0];
        let n = c.move_tokens;
        let prompt = match c.prompt {
            PromptStyle::Chat => Prompt::Chat(vec![ChatMessage::user(format!(
                "Write a text of {n} tokens that would best prepare a reader to predict the \
                 story below, without using any of the story's words.\n\nStory:\n{}",
                story.text
            ))]),
            PromptStyle::Raw => Prompt::Raw(vec![
                PromptSegment::Text("Story:\n".into()),
                PromptSegment::Tokens(story.token_ids.clone()),
                PromptSegment::Text("\n\nThe story in other words:".into()),
            ]),
        };
        // +1 * -CE(s | x)
        let mut with_move = JudgeTerm::new(1.0).bos().context_move();
        if !c.separator.is_empty() {
            with_move = with_move.context_text(c.separator.clone());
        }
        let with_move = with_move.scored_tokens(story.token_ids.clone());
        // -1 * -CE(s): the baseline xent(s), the same for every move.
        let baseline = JudgeTerm::new(-1.0)
            .bos()
            .scored_tokens(story.token_ids.clone());
        let banned_strings = if c.ban_story_words {
            story_words(&story.text, c.min_banned_word_chars as usize)
        } else {
            vec![]
        };
        Ok(Round::new(prompt, vec![with_move, baseline]).with_banned_strings(banned_strings))
    }
}

// frost-game.toml: in the component, and the source of NAME, VERSION and DESCRIPTION.
frost_sdk::game_manifest!();
export_game!(Condense);

#[cfg(test)]
mod tests {
    use super::*;

    use frost_sdk::testing::{check_round, check_rounds, tokenize};

    #[test]
    fn rounds_pass_the_host_rules() {
        for config in [
            "",
            r#"{"separator": ""}"#,
            r#"{"prompt": "raw", "ban_story_words": false, "story_tokens": 9}"#,
            r#"{"move_tokens": 256, "story_tokens": 1}"#,
        ] {
            check_rounds::<Condense>(config, 0..8).unwrap_or_else(|e| panic!("{config}: {e}"));
        }
    }

    #[test]
    fn the_reward_is_xed_of_the_story_given_the_move() {
        let config = r#"{"story_tokens": 4}"#;
        let story = tokenize("The cat sat down");
        let r = check_round::<Condense>(config, 0, std::slice::from_ref(&story)).unwrap();
        let s = frost_sdk::SegmentContent::Tokens(story.token_ids.clone());
        let with_move = &r.judge.terms[0];
        let baseline = &r.judge.terms[1];
        assert_eq!((with_move.weight, baseline.weight), (1.0, -1.0));
        assert_eq!(with_move.segments.len(), 3, "move, separator, story");
        assert_eq!(
            with_move.segments[0].content,
            frost_sdk::SegmentContent::Move
        );
        assert_eq!(
            (&with_move.segments[2].content, with_move.segments[2].scored),
            (&s, true)
        );
        assert_eq!(baseline.segments.len(), 1);
        assert_eq!(r.constraints.banned_strings, ["the", "cat", "sat", "down"]);
        let r = check_round::<Condense>(
            r#"{"story_tokens": 4, "separator": "", "ban_story_words": false}"#,
            0,
            &[story],
        )
        .unwrap();
        assert_eq!(r.judge.terms[0].segments.len(), 2);
        assert!(r.constraints.banned_strings.is_empty());
    }

    #[test]
    fn bad_configs_name_the_field() {
        for (config, field) in [
            (r#"{"move_tokens": 0}"#, "move_tokens"),
            (r#"{"story_tokens": 0}"#, "story_tokens"),
            (r#"{"min_banned_word_chars": 0}"#, "min_banned_word_chars"),
        ] {
            let e = check_rounds::<Condense>(config, 0..1).unwrap_err();
            assert!(e.contains(field), "{config}: {e}");
        }
    }

    #[test]
    fn story_words_are_distinct_lowercase_and_long_enough() {
        assert_eq!(
            story_words("The cat, the CAT; a dog's bone.", 3),
            vec!["the", "cat", "dog", "bone"]
        );
    }
}
