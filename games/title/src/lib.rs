//! Title, the game of the method's authors' public demo: the player writes a title of
//! `title_tokens` tokens for a text; the reward is the judge's log-likelihood of the title after
//! `"Title:"` plus that of the text after the title, one judge sequence
//! `["Title:", title (scored), separator, text (scored)]` with no BOS. Every token of the text
//! and every token holding a line break is banned from the title, so the title cannot copy the
//! text or end its line early.

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
pub struct TitleConfig {
    /// Tokens of the text to title (scored after the title).
    pub text_tokens: u32,
    /// Length of the title (the move), in tokens; the demo's is 10.
    pub title_tokens: u32,
    /// What the judge reads before the title (not scored; tokenized on its own).
    pub title_prefix: String,
    /// What the judge reads between the title and the text (not scored; "" for none).
    pub separator: String,
    /// Ban every token id of the text from the title.
    pub ban_text_tokens: bool,
    /// Ban every token holding a line break ("\n" or "\r") from the title.
    pub ban_line_breaks: bool,
    /// How the player sees the text: `chat`, an instruction with the text; `raw`, the text, a
    /// blank line, then `title_prefix`, which the move continues.
    pub prompt: PromptStyle,
}

impl Default for TitleConfig {
    fn default() -> Self {
        TitleConfig {
            text_tokens: 64,
            title_tokens: 10,
            title_prefix: "Title:".into(),
            separator: "\n".into(),
            ban_text_tokens: true,
            ban_line_breaks: true,
            prompt: PromptStyle::Chat,
        }
    }
}

/// The line breaks banned from a title, as banned strings (a whitespace-only banned string bans
/// every token that holds it).
pub const LINE_BREAKS: [&str; 2] = ["\n", "\r"];

pub struct Title;

/// The distinct token ids of `ids`, sorted.
pub fn distinct_ids(ids: &[u32]) -> Vec<u32> {
    let mut out = ids.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

impl Game for Title {
    type Config = TitleConfig;
    const NAME: &'static str = manifest::string(MANIFEST, "name");
    const VERSION: &'static str = manifest::string(MANIFEST, "version");
    const DESCRIPTION: &'static str = manifest::string(MANIFEST, "description");

    fn requirements(c: &TitleConfig) -> Result<Requirements, String> {
        check_move_tokens("title_tokens", c.title_tokens)?;
        if c.text_tokens == 0 {
            return Err("text_tokens must be at least 1 (the text is what is titled)".into());
        }
        if c.title_prefix.is_empty() {
            return Err(
                "title_prefix must not be empty: the title's first token is scored after it".into(),
            );
        }
        Ok(Requirements {
            move_tokens: c.title_tokens,
            passages: vec![PassageSpec {
                tokens: c.text_tokens,
            }],
            moves: vec![],
        })
    }

    fn new_round(c: &TitleConfig, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let text = &passages[0];
        let n = c.title_tokens;
        let prompt = match c.prompt {
            PromptStyle::Chat => Prompt::Chat(vec![
                ChatMessage::system("You write titles. Reply with the title only, on one line."),
                ChatMessage::user(format!(
                    "Write a title of {n} tokens for the text below, without reusing its \
                     words.\n\nText:\n{}",
                    text.text
                )),
            ]),
            PromptStyle::Raw => Prompt::Raw(vec![
                PromptSegment::Tokens(text.token_ids.clone()),
                PromptSegment::Text(format!("\n\n{}", c.title_prefix)),
            ]),
        };
        // log p(title | "Title:") + log p(text | "Title:" + title): one sequence, both scored.
        let mut term = JudgeTerm::new(1.0)
            .context_text(c.title_prefix.clone())
            .scored_move();
        if !c.separator.is_empty() {
            term = term.context_text(c.separator.clone());
        }
        let term = term.scored_tokens(text.token_ids.clone());
        let mut round = Round::new(prompt, vec![term]);
        if c.ban_text_tokens {
            round = round.with_banned_token_ids(distinct_ids(&text.token_ids));
        }
        if c.ban_line_breaks {
            round = round.with_banned_strings(LINE_BREAKS.iter().map(|s| s.to_string()).collect());
        }
        Ok(round)
    }
}

// frost-game.toml: in the component, and the source of NAME, VERSION and DESCRIPTION.
frost_sdk::game_manifest!();
export_game!(Title);

#[cfg(test)]
mod tests {
    use super::*;

    use frost_sdk::testing::{check_round, check_rounds, tokenize};
    use frost_sdk::SegmentContent;

    #[test]
    fn rounds_pass_the_host_rules() {
        for config in [
            "",
            r#"{"separator": ""}"#,
            r#"{"prompt": "raw", "ban_text_tokens": false, "text_tokens": 9}"#,
            r#"{"title_tokens": 256, "text_tokens": 1, "ban_line_breaks": false}"#,
        ] {
            check_rounds::<Title>(config, 0..8).unwrap_or_else(|e| panic!("{config}: {e}"));
        }
    }

    #[test]
    fn the_judge_reads_title_prefix_title_separator_text() {
        let text = tokenize("The cat sat down the cat");
        let config = r#"{"text_tokens": 6}"#;
        let r = check_round::<Title>(config, 0, std::slice::from_ref(&text)).unwrap();
        assert_eq!(r.judge.terms.len(), 1);
        let t = &r.judge.terms[0];
        assert_eq!((t.weight, t.bos), (1.0, false));
        let got: Vec<(&SegmentContent, bool)> =
            t.segments.iter().map(|s| (&s.content, s.scored)).collect();
        let (prefix, sep) = (
            SegmentContent::Text("Title:".into()),
            SegmentContent::Text("\n".into()),
        );
        let body = SegmentContent::Tokens(text.token_ids.clone());
        assert_eq!(
            got,
            vec![
                (&prefix, false),
                (&SegmentContent::Move, true),
                (&sep, false),
                (&body, true)
            ]
        );
        assert!(t.segments.iter().all(|s| !s.skip_first));
        // Every distinct token of the text once, and the line breaks.
        assert_eq!(
            r.constraints.banned_token_ids,
            distinct_ids(&text.token_ids)
        );
        // "The", " cat", " sat", " down", " the": the second " cat" is the same token.
        assert_eq!(r.constraints.banned_token_ids.len(), 5);
        assert_eq!(r.constraints.banned_strings, ["\n", "\r"]);
        let r = check_round::<Title>(
            r#"{"text_tokens": 6, "separator": "", "ban_text_tokens": false, "ban_line_breaks": false}"#,
            0,
            &[text],
        )
        .unwrap();
        assert_eq!(r.judge.terms[0].segments.len(), 3);
        assert!(r.constraints.banned_token_ids.is_empty());
        assert!(r.constraints.banned_strings.is_empty());
    }

    #[test]
    fn bad_configs_name_the_field() {
        for (config, field) in [
            (r#"{"title_tokens": 0}"#, "title_tokens"),
            (r#"{"text_tokens": 0}"#, "text_tokens"),
            (r#"{"title_prefix": ""}"#, "title_prefix"),
        ] {
            let e = check_rounds::<Title>(config, 0..1).unwrap_err();
            assert!(e.contains(field), "{config}: {e}");
        }
    }
}
