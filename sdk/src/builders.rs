//! Short constructors for the data a game returns, so a round reads like its definition:
//!
//! ```
//! use frost_sdk::{ChatMessage, JudgeTerm, Prompt, Round};
//! let (context, target) = (vec![1, 2, 3], vec![4, 5]);
//! // reward = 1.0 * -CE(target | BOS, context, move)
//! let term = JudgeTerm::new(1.0).bos().context_tokens(context).context_move().scored_tokens(target);
//! let round = Round::new(Prompt::Chat(vec![ChatMessage::user("Continue the text.")]), vec![term])
//!     .with_reference_move(vec![7, 8]);
//! assert_eq!(round.judge.terms[0].segments.len(), 3);
//! ```

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::types::{
    ChatMessage, JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints, Penalty, Prompt,
    Requirements, Round, SegmentContent,
};

impl JudgeSegment {
    /// A segment whose tokens enter the term's cross-entropy.
    pub fn scored(content: SegmentContent) -> Self {
        JudgeSegment {
            content,
            scored: true,
            skip_first: false,
        }
    }

    /// A scored segment whose first token is read but not scored (Xent's `xent(s | p)`).
    pub fn scored_from_second(content: SegmentContent) -> Self {
        JudgeSegment {
            content,
            scored: true,
            skip_first: true,
        }
    }

    /// A segment the judge reads as context only.
    pub fn unscored(content: SegmentContent) -> Self {
        JudgeSegment {
            content,
            scored: false,
            skip_first: false,
        }
    }
}

/// Segments are appended in reading order; `context_*` segments are read, `scored_*` ones
/// enter the term's cross-entropy.
impl JudgeTerm {
    /// An empty term of this weight, without BOS.
    pub fn new(weight: f64) -> Self {
        JudgeTerm {
            weight,
            bos: false,
            segments: Vec::new(),
            max_token_ce: None,
        }
    }

    /// Clamp each scored token's cross-entropy at `c` nats (see [`JudgeTerm::max_token_ce`]).
    pub fn max_token_ce(mut self, c: f64) -> Self {
        self.max_token_ce = Some(c);
        self
    }

    /// Appends a segment as it is.
    pub fn push(mut self, segment: JudgeSegment) -> Self {
        self.segments.push(segment);
        self
    }

    /// Start the judge sequence with the BOS token.
    pub fn bos(mut self) -> Self {
        self.bos = true;
        self
    }

    /// Appends a segment, scored or not.
    pub fn segment(mut self, content: SegmentContent, scored: bool) -> Self {
        self.segments.push(JudgeSegment {
            content,
            scored,
            skip_first: false,
        });
        self
    }

    pub fn context_text(self, text: impl Into<String>) -> Self {
        self.segment(SegmentContent::Text(text.into()), false)
    }

    pub fn context_tokens(self, ids: Vec<u32>) -> Self {
        self.segment(SegmentContent::Tokens(ids), false)
    }

    /// The move as context (e.g. `xent(s | x)`, where only `s` is scored).
    pub fn context_move(self) -> Self {
        self.segment(SegmentContent::Move, false)
    }

    pub fn scored_text(self, text: impl Into<String>) -> Self {
        self.segment(SegmentContent::Text(text.into()), true)
    }

    pub fn scored_tokens(self, ids: Vec<u32>) -> Self {
        self.segment(SegmentContent::Tokens(ids), true)
    }

    pub fn scored_move(self) -> Self {
        self.segment(SegmentContent::Move, true)
    }
}

impl Penalty {
    /// The constraint `terms >= threshold` (terms summed as a reward's, in nats), one nat of
    /// reward lost per nat of violation.
    pub fn at_least(terms: Vec<JudgeTerm>, threshold: f64) -> Self {
        Penalty {
            terms,
            threshold,
            weight: 1.0,
        }
    }

    /// Reward lost per nat of violation.
    pub fn weight(mut self, weight: f64) -> Self {
        self.weight = weight;
        self
    }
}

impl Requirements {
    /// A move of `move_tokens` tokens and passages of these lengths.
    pub fn new(move_tokens: u32, passage_tokens: &[u32]) -> Self {
        Requirements {
            move_tokens,
            passages: passage_tokens
                .iter()
                .map(|&tokens| crate::PassageSpec { tokens })
                .collect(),
            moves: Vec::new(),
        }
    }

    /// Several moves of these lengths, written in one generation (`move_tokens` is their sum).
    pub fn with_moves(mut self, moves: Vec<u32>) -> Self {
        // Saturating: lengths that overflow give a move too long for the rules, not a wrap.
        self.move_tokens = moves.iter().fold(0u32, |a, &m| a.saturating_add(m));
        self.moves = moves;
        self
    }
}

impl ChatMessage {
    pub fn system(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "system".into(),
            content: content.into(),
        }
    }

    pub fn user(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "user".into(),
            content: content.into(),
        }
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        ChatMessage {
            role: "assistant".into(),
            content: content.into(),
        }
    }
}

impl Round {
    /// A round with this prompt and judge terms, no constraints and no reference move.
    pub fn new(prompt: Prompt, terms: Vec<JudgeTerm>) -> Self {
        Round {
            prompt,
            judge: JudgeProgram {
                terms,
                penalties: Vec::new(),
            },
            constraints: MoveConstraints::default(),
            reference_move: None,
        }
    }

    /// A move the host scores for scale (e.g. the true gap).
    pub fn with_reference_move(mut self, ids: Vec<u32>) -> Self {
        self.reference_move = Some(ids);
        self
    }

    /// Strings the move must not contain (see [`MoveConstraints::banned_strings`]).
    pub fn with_banned_strings(mut self, strings: Vec<String>) -> Self {
        self.constraints.banned_strings = strings;
        self
    }

    pub fn with_banned_token_ids(mut self, ids: Vec<u32>) -> Self {
        self.constraints.banned_token_ids = ids;
        self
    }

    /// A constraint as a penalty (see [`Penalty`]).
    pub fn with_penalty(mut self, penalty: Penalty) -> Self {
        self.judge.penalties.push(penalty);
        self
    }

    /// Words the move must not contain (see [`MoveConstraints::banned_words`]).
    pub fn with_banned_words(mut self, words: Vec<String>) -> Self {
        self.constraints.banned_words = words;
        self
    }

    /// The only words the move may use (see [`MoveConstraints::allowed_words`]).
    pub fn with_allowed_words(mut self, words: Vec<String>) -> Self {
        self.constraints.allowed_words = Some(words);
        self
    }

    /// Added/special tokens the move may use, by text (see
    /// [`MoveConstraints::allowed_special`]).
    pub fn with_allowed_special(mut self, tokens: Vec<String>) -> Self {
        self.constraints.allowed_special = tokens;
        self
    }
}

/// How a game shows the player its assignment, for a game's config (`prompt = "chat"` or
/// `"raw"`): the one enum every game of this repository uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PromptStyle {
    /// An instruction for a chat model ([`Prompt::Chat`]; the host applies the chat template).
    #[default]
    Chat,
    /// The text laid out for a base model to continue ([`Prompt::Raw`]).
    Raw,
}
