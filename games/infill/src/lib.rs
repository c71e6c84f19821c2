//! Max-likelihood infilling: a passage is cut into prefix / gap / suffix; the player writes
//! the gap (`gap_tokens` tokens) and the judge scores the completed text: the log-likelihood
//! of `move + suffix` given the prefix (or of the suffix alone with `score = "suffix"`).

use frost_sdk::limits::check_move_tokens;
use frost_sdk::schemars::JsonSchema;
use frost_sdk::serde::{Deserialize, Serialize};
use frost_sdk::{
    export_game, manifest, ChatMessage, Game, JudgeTerm, Passage, PassageSpec, Prompt,
    PromptSegment, PromptStyle, Requirements, Round, SegmentContent,
};

/// What the judge scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(crate = "frost_sdk::serde")]
#[schemars(crate = "frost_sdk::schemars")]
pub enum Score {
    /// The joint likelihood of the completed text: the move's tokens and the suffix.
    #[serde(rename = "move+suffix")]
    MoveSuffix,
    /// The suffix only (the move is context).
    #[serde(rename = "suffix")]
    Suffix,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(crate = "frost_sdk::serde", default, deny_unknown_fields)]
#[schemars(crate = "frost_sdk::schemars")]
pub struct InfillConfig {
    /// Tokens of context before the gap (given to the judge, not scored).
    pub prefix_tokens: u32,
    /// Length of the gap the player writes (L); the paper uses 8 (also 4 and 12).
    pub gap_tokens: u32,
    /// Tokens after the gap (scored).
    pub suffix_tokens: u32,
    pub score: Score,
    /// How the player sees the assignment: `chat`, an instruction with the text and a [GAP]
    /// marker; `raw`, the suffix, a separator, then the prefix, which the move continues.
    pub prompt: PromptStyle,
    /// Chat prompt: say how the gap starts (with a space, a line break, or straight after the
    /// text before it). A leading space is otherwise invisible at `[GAP]`.
    pub gap_hint: bool,
    /// Ban every token containing a line break from the move (as the authors' demo does).
    pub ban_newlines: bool,
    /// Added/special tokens the move may use, by text (e.g. `["<think>"]`); the host bans
    /// every other added token, and refuses a text that is not one.
    pub allowed_special: Vec<String>,
}

impl Default for InfillConfig {
    fn default() -> Self {
        InfillConfig {
            prefix_tokens: 64,
            gap_tokens: 8,
            suffix_tokens: 32,
            score: Score::MoveSuffix,
            prompt: PromptStyle::Chat,
            gap_hint: true,
            ban_newlines: false,
            allowed_special: Vec::new(),
        }
    }
}

/// Separates the suffix (shown first) from the prefix in the raw layout.
pub const RAW_SEPARATOR: &str = "\n\n[...]\n\n";
const GAP_MARKER: &str = "[GAP]";

pub struct Infill;

impl Game for Infill {
    type Config = InfillConfig;
    const NAME: &'static str = manifest::string(MANIFEST, "name");
    const VERSION: &'static str = manifest::string(MANIFEST, "version");
    const DESCRIPTION: &'static str = manifest::string(MANIFEST, "description");

    fn requirements(c: &InfillConfig) -> Result<Requirements, String> {
        check_move_tokens("gap_tokens", c.gap_tokens)?;
        if c.prefix_tokens == 0 {
            return Err("prefix_tokens must be at least 1 (the gap needs context)".into());
        }
        if c.suffix_tokens == 0 {
            return Err("suffix_tokens must be at least 1 (the suffix is what is scored)".into());
        }
        let total = c.prefix_tokens as u64 + c.gap_tokens as u64 + c.suffix_tokens as u64;
        let total =
            u32::try_from(total).map_err(|_| "prefix + gap + suffix is too long".to_string())?;
        Ok(Requirements {
            move_tokens: c.gap_tokens,
            passages: vec![PassageSpec { tokens: total }],
            moves: vec![],
        })
    }

    fn new_round(c: &InfillConfig, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let p = &passages[0];
        let (pre, gap) = (c.prefix_tokens as usize, c.gap_tokens as usize);
        let prefix_ids = p.token_ids[..pre].to_vec();
        let gap_ids = p.token_ids[pre..pre + gap].to_vec();
        let suffix_ids = p.token_ids[pre + gap..].to_vec();
        let n = p.token_ids.len();
        let prompt = match c.prompt {
            PromptStyle::Chat => Prompt::Chat(vec![
                ChatMessage::system(
                    "You restore missing text. Reply with the missing text only, nothing before \
                     or after it.",
                ),
                ChatMessage::user(format!(
                    "A passage with {gap} tokens missing at {GAP_MARKER}:\n\n{}{GAP_MARKER}{}\n\n\
                     {}Write the missing text.",
                    p.text_between(0, pre),
                    p.text_between(pre + gap, n),
                    if c.gap_hint {
                        gap_start(p.text_between(pre, pre + gap))
                    } else {
                        String::new()
                    },
                )),
            ]),
            // Exact token ids for the prefix, so the move continues the passage's own tokenization.
            PromptStyle::Raw => Prompt::Raw(vec![
                PromptSegment::Tokens(suffix_ids.clone()),
                PromptSegment::Text(RAW_SEPARATOR.into()),
                PromptSegment::Tokens(prefix_ids.clone()),
            ]),
        };
        let judge = JudgeTerm::new(1.0)
            .bos()
            .context_tokens(prefix_ids)
            .segment(SegmentContent::Move, c.score == Score::MoveSuffix)
            .scored_tokens(suffix_ids);
        let round = Round::new(prompt, vec![judge])
            .with_reference_move(gap_ids)
            .with_allowed_special(c.allowed_special.clone());
        // The host keeps a whitespace-only banned string as is: "\n" bans every token with one.
        Ok(if c.ban_newlines {
            round.with_banned_strings(vec!["\n".into()])
        } else {
            round
        })
    }
}

/// One sentence saying how the missing text starts, so its first token's whitespace is not a
/// guess: a space, a line break, or directly after the text before the gap.
fn gap_start(gap_text: &str) -> String {
    let how = match gap_text.chars().next() {
        Some('\n') | Some('\r') => "with a line break",
        Some(c) if c.is_whitespace() => "with a space",
        Some(_) => "directly after the text before it, with no space",
        None => return String::new(),
    };
    format!("The missing text starts {how}. ")
}

// frost-game.toml: in the component, and the source of NAME, VERSION and DESCRIPTION.
frost_sdk::game_manifest!();
export_game!(Infill);

#[cfg(test)]
mod tests {
    use super::*;
    use frost_sdk::testing::check_rounds;

    #[test]
    fn rounds_pass_the_host_rules() {
        for config in [
            "",
            r#"{"score": "suffix"}"#,
            r#"{"prompt": "raw", "prefix_tokens": 5, "gap_tokens": 3, "suffix_tokens": 4}"#,
            r#"{"gap_tokens": 256}"#,
        ] {
            let rounds =
                check_rounds::<Infill>(config, 0..8).unwrap_or_else(|e| panic!("{config}: {e}"));
            let c: InfillConfig = frost_sdk::parse_config::<Infill>(config).unwrap();
            for r in rounds {
                let reference = r.reference_move.expect("infill scores the true gap");
                assert_eq!(reference.len(), c.gap_tokens as usize);
            }
        }
    }

    #[test]
    fn the_gap_is_cut_out_of_the_prompt_and_scored_as_configured() {
        let config = r#"{"prefix_tokens": 3, "gap_tokens": 2, "suffix_tokens": 2}"#;
        let p = frost_sdk::testing::tokenize("One two three four five six seven");
        let r =
            frost_sdk::testing::check_round::<Infill>(config, 0, std::slice::from_ref(&p)).unwrap();
        let Prompt::Chat(msgs) = &r.prompt else {
            panic!("the default prompt is chat")
        };
        assert!(
            msgs[1].content.contains("One two three[GAP] six seven"),
            "{}",
            msgs[1].content
        );
        assert!(
            msgs[1]
                .content
                .contains("The missing text starts with a space."),
            "{}",
            msgs[1].content
        );
        assert_eq!(r.reference_move, Some(p.token_ids[3..5].to_vec()));
        let scored: Vec<bool> = r.judge.terms[0].segments.iter().map(|s| s.scored).collect();
        assert_eq!(scored, [false, true, true]);
        let suffix_only =
            r#"{"prefix_tokens": 3, "gap_tokens": 2, "suffix_tokens": 2, "score": "suffix"}"#;
        let r = frost_sdk::testing::check_round::<Infill>(suffix_only, 0, &[p]).unwrap();
        assert!(!r.judge.terms[0].segments[1].scored);
    }

    #[test]
    fn the_gap_hint_names_how_the_gap_starts_and_newlines_can_be_banned() {
        assert_eq!(gap_start(" four"), "The missing text starts with a space. ");
        assert_eq!(
            gap_start("\nfour"),
            "The missing text starts with a line break. "
        );
        assert!(gap_start("ing on").contains("directly after the text before it"));
        let p = frost_sdk::testing::tokenize("One two three four five six seven");
        let off = r#"{"prefix_tokens": 3, "gap_tokens": 2, "suffix_tokens": 2, "gap_hint": false}"#;
        let r =
            frost_sdk::testing::check_round::<Infill>(off, 0, std::slice::from_ref(&p)).unwrap();
        let Prompt::Chat(msgs) = &r.prompt else {
            panic!("chat")
        };
        assert!(!msgs[1].content.contains("starts"), "{}", msgs[1].content);
        assert!(r.constraints.banned_strings.is_empty());
        let ban =
            r#"{"prefix_tokens": 3, "gap_tokens": 2, "suffix_tokens": 2, "ban_newlines": true}"#;
        let r = frost_sdk::testing::check_round::<Infill>(ban, 0, &[p]).unwrap();
        assert_eq!(r.constraints.banned_strings, vec!["\n".to_string()]);
    }

    #[test]
    fn bad_configs_name_the_field() {
        for (config, field) in [
            (r#"{"gap_tokens": 0}"#, "gap_tokens"),
            (r#"{"gap_tokens": 257}"#, "gap_tokens"),
            (r#"{"prefix_tokens": 0}"#, "prefix_tokens"),
            (r#"{"suffix_tokens": 0}"#, "suffix_tokens"),
            (r#"{"gap_tokenz": 8}"#, "gap_tokenz"),
        ] {
            let e = check_rounds::<Infill>(config, 0..1).unwrap_err();
            assert!(e.contains(field), "{config}: {e}");
        }
    }
}
