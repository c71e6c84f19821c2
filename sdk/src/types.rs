//! Plain data that crosses the game boundary, one Rust type per WIT type of
//! `sdk/wit/since_v0.2.0/game.wit`, field for field. A field added in 0.2.0 defaults to the
//! 0.1.0 behaviour (`#[serde(default)]`, so a 0.1.0 native plugin's JSON reads as it did).
//! A game's component bindings use these
//! types directly (see `wasm.rs`); the host converts its wasmtime-generated types into them and
//! native plugins send them as JSON, so the rest of the host sees one shape whichever way a
//! game was loaded. Extend with care: these names are the contract.

use serde::{Deserialize, Serialize};

/// What a game says about itself before any round is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub name: String,
    pub version: String,
    /// The SDK/ABI version the game was built against; must equal [`crate::ABI_VERSION`].
    pub abi_version: String,
    pub description: String,
    /// JSON Schema (schemars) of the game's config, as a JSON string.
    pub config_schema: String,
    /// The default config as a JSON string.
    pub default_config: String,
}

/// What a game needs for a given config: the move length and the passages per round.
/// Returned by `configure`, which also validates the config.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Requirements {
    /// Exactly this many tokens are sampled for a move.
    pub move_tokens: u32,
    /// One entry per passage the game wants for a round: its length in tokens.
    pub passages: Vec<PassageSpec>,
    /// Several moves (0.2.0): their lengths in the order the player writes them, in one
    /// generation, summing to `move_tokens`; a judge segment reads one as
    /// [`SegmentContent::MovePart`]. Empty: one move.
    #[serde(default)]
    pub moves: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassageSpec {
    /// Exact number of tokens the host must supply for this passage.
    pub tokens: u32,
}

/// A passage of corpus text as the host supplies it: the host owns the tokenizer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    pub text: String,
    pub token_ids: Vec<u32>,
    /// Byte span `[start, end)` of each token in `text` (same length as `token_ids`),
    /// so a game can cut the text at token boundaries.
    pub offsets: Vec<(u32, u32)>,
}

/// One round of the game: what the player sees, how the judge scores, what is banned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub prompt: Prompt,
    pub judge: JudgeProgram,
    pub constraints: MoveConstraints,
    /// A move the host can score for scale (e.g. the true gap), as token ids.
    pub reference_move: Option<Vec<u32>>,
}

/// The player's prompt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Prompt {
    /// Chat messages; the host applies the model's chat template (Qwen3: thinking disabled)
    /// and opens the assistant turn.
    Chat(Vec<ChatMessage>),
    /// Raw segments concatenated as they are (a base model's layout); the move follows.
    Raw(Vec<PromptSegment>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// "system", "user" or "assistant".
    pub role: String,
    pub content: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PromptSegment {
    Text(String),
    Tokens(Vec<u32>),
}

/// reward = sum over terms of `weight * (-CE over the scored segments of the term's sequence)`,
/// minus each penalty's `weight * max(0, threshold - g)`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JudgeProgram {
    pub terms: Vec<JudgeTerm>,
    /// Constraints on judge quantities as differentiable penalties (0.2.0).
    #[serde(default)]
    pub penalties: Vec<Penalty>,
}

/// The constraint `g >= threshold` as a hinge penalty (0.2.0): `g` is `terms` summed as the
/// reward's (nats); the reward loses `weight * max(0, threshold - g)`, zero while the
/// constraint holds. The exact score, Frost's gate and its Taylor proposal all see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Penalty {
    pub terms: Vec<JudgeTerm>,
    pub threshold: f64,
    /// Reward lost per nat of violation (> 0).
    pub weight: f64,
}

/// One judge sequence and its weight. Exactly one segment of the sequence is the move slot
/// (a term without the move is allowed only as a move-independent baseline, e.g. `xent(s)`;
/// the host checks the whole program has at least one move slot).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgeTerm {
    pub weight: f64,
    /// Start the judge sequence with the BOS token.
    pub bos: bool,
    pub segments: Vec<JudgeSegment>,
    /// Per-token cross-entropy clamp in nats (0.2.0): each scored token adds
    /// `-min(CE_t, c)` (zero gradient where clamped). None: no clamp.
    #[serde(default)]
    pub max_token_ce: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgeSegment {
    pub content: SegmentContent,
    /// Whether the tokens of this segment are scored (their -log p enters the term).
    pub scored: bool,
    /// The segment's first token is read but not scored (0.2.0; Xent scores a string from its
    /// second token).
    #[serde(default)]
    pub skip_first: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SegmentContent {
    /// Text the host tokenizes (without special tokens).
    Text(String),
    /// Token ids in the host tokenizer's vocabulary.
    Tokens(Vec<u32>),
    /// The player's move (exactly `move_tokens` tokens).
    Move,
    /// Move `index` of [`Requirements::moves`] (0.2.0).
    MovePart(u32),
}

impl SegmentContent {
    /// Whether this segment reads the move (all of it or one part).
    pub fn is_move(&self) -> bool {
        matches!(self, SegmentContent::Move | SegmentContent::MovePart(_))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveConstraints {
    pub banned_token_ids: Vec<u32>,
    /// Strings the move must not contain; the host bans every token whose text contains one
    /// (case-insensitively, ignoring surrounding whitespace).
    pub banned_strings: Vec<String>,
    /// Words the move must not contain (0.2.0), by Xent's word rule ([`crate::words::words`]):
    /// ASCII punctuation deleted, lowercased, split on whitespace. The host enforces it exactly
    /// on the decoded move in sampling and in Frost's children.
    #[serde(default)]
    pub banned_words: Vec<String>,
    /// When set (0.2.0), the move is made of these words only, by Xent's `only_uses_words`
    /// ([`crate::words::pieces`]): cut at single spaces, every piece is exactly one of them (case and punctuation count;
    /// a leading, trailing or doubled space makes an empty piece, never allowed). The host
    /// enforces it in sampling and in Frost's children; a word holding a banned word is
    /// dropped.
    #[serde(default)]
    pub allowed_words: Option<Vec<String>>,
    /// Added/special tokens, by their text (e.g. `"<think>"`), the move may use (0.2.0).
    /// The host bans every added token of the tokenizer in moves unless listed here; a text
    /// that is not an added token is an error.
    #[serde(default)]
    pub allowed_special: Vec<String>,
}

impl Passage {
    /// The text of tokens `from..to` (token indices), cut at the tokens' byte offsets.
    /// A byte-level token may end inside a multi-byte character; the cut then widens to
    /// whole characters so the result is always valid text.
    pub fn text_between(&self, from: usize, to: usize) -> &str {
        let to = to.min(self.offsets.len());
        if from >= to {
            return "";
        }
        let mut start = (self.offsets[from].0 as usize).min(self.text.len());
        let mut end = (self.offsets[to - 1].1 as usize).clamp(start, self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        &self.text[start..end]
    }
}
