//! Max-likelihood infilling: a passage is cut into prefix / gap / suffix; the player writes
//! the gap (`gap_tokens` tokens) and the judge scores the completed text: the log-likelihood
//! of `move + suffix` given the prefix (or of the suffix alone with `score = "suffix"`).

use frost_sdk::{
    export_game, ChatMessage, Game, JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints,
    Passage, PassageSpec, Prompt, PromptSegment, Requirements, Round, SegmentContent,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the judge scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Score {
    /// The joint likelihood of the completed text: the move's tokens and the suffix.
    #[serde(rename = "move+suffix")]
    MoveSuffix,
    /// The suffix only (the move is context).
    #[serde(rename = "suffix")]
    Suffix,
}

/// How the player sees the assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PromptStyle {
    /// An instruction with the text and a [GAP] marker, for a chat model.
    Chat,
    /// Suffix, a separator, then the prefix; the move continues the prefix (a base model's layout).
    Raw,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct InfillConfig {
    /// Tokens of context before the gap (given to the judge, not scored).
    pub prefix_tokens: u32,
    /// Length of the gap the player writes (L); the paper uses 8 (also 4 and 12).
    pub gap_tokens: u32,
    /// Tokens after the gap (scored).
    pub suffix_tokens: u32,
    pub score: Score,
    pub prompt: PromptStyle,
}

impl Default for InfillConfig {
    fn default() -> Self {
        InfillConfig {
            prefix_tokens: 64,
            gap_tokens: 8,
            suffix_tokens: 32,
            score: Score::MoveSuffix,
            prompt: PromptStyle::Chat,
        }
    }
}

/// Separates the suffix (shown first) from the prefix in the raw layout.
pub const RAW_SEPARATOR: &str = "\n\n[...]\n\n";
const GAP_MARKER: &str = "[GAP]";

pub struct Infill;

impl Game for Infill {
    type Config = InfillConfig;
    const NAME: &'static str = "infill";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "Max-likelihood infilling: the player writes the missing \
        gap of a passage; the reward is the judge's log-likelihood of the gap and the suffix \
        given the prefix (or of the suffix alone).";

    fn requirements(c: &InfillConfig) -> Result<Requirements, String> {
        if !(1..=256).contains(&c.gap_tokens) {
            return Err(format!("gap_tokens must be 1..=256, got {}", c.gap_tokens));
        }
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
                ChatMessage {
                    role: "system".into(),
                    content: "You restore missing text. Reply with the missing text only, \
                              nothing before or after it."
                        .into(),
                },
                ChatMessage {
                    role: "user".into(),
                    content: format!(
                        "A passage with {gap} tokens missing at {GAP_MARKER}:\n\n{}{GAP_MARKER}{}\n\n\
                         Write the missing text.",
                        p.text_between(0, pre),
                        p.text_between(pre + gap, n),
                    ),
                },
            ]),
            // Exact token ids for the prefix, so the move continues the passage's own tokenization.
            PromptStyle::Raw => Prompt::Raw(vec![
                PromptSegment::Tokens(suffix_ids.clone()),
                PromptSegment::Text(RAW_SEPARATOR.into()),
                PromptSegment::Tokens(prefix_ids.clone()),
            ]),
        };
        let judge = JudgeProgram {
            terms: vec![JudgeTerm {
                weight: 1.0,
                bos: true,
                segments: vec![
                    JudgeSegment::unscored(SegmentContent::Tokens(prefix_ids)),
                    JudgeSegment {
                        content: SegmentContent::Move,
                        scored: c.score == Score::MoveSuffix,
                    },
                    JudgeSegment::scored(SegmentContent::Tokens(suffix_ids)),
                ],
            }],
        };
        Ok(Round {
            prompt,
            judge,
            constraints: MoveConstraints::default(),
            reference_move: Some(gap_ids),
        })
    }
}

export_game!(Infill);
