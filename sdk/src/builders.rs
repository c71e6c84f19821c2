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

use crate::types::{
    ChatMessage, JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints, Prompt, Round,
    SegmentContent,
};

impl JudgeSegment {
    /// A segment whose tokens enter the term's cross-entropy.
    pub fn scored(content: SegmentContent) -> Self {
        JudgeSegment {
            content,
            scored: true,
        }
    }

    /// A segment the judge reads as context only.
    pub fn unscored(content: SegmentContent) -> Self {
        JudgeSegment {
            content,
            scored: false,
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
        }
    }

    /// Start the judge sequence with the BOS token.
    pub fn bos(mut self) -> Self {
        self.bos = true;
        self
    }

    /// Appends a segment, scored or not.
    pub fn segment(mut self, content: SegmentContent, scored: bool) -> Self {
        self.segments.push(JudgeSegment { content, scored });
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
            judge: JudgeProgram { terms },
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
}
