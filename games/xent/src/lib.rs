//! Xent's game language as a Frost game: the config carries a `.xent` program (the
//! cross-entropy game language of the Xent benchmark) and every round plays it.
//!
//! `syntax` parses the program, `eval` runs it symbolically into a plan (passages, move,
//! reward as weighted judge cross-entropies), `round` turns a plan and the round's passages
//! into the prompt, judge program and move constraints. Nothing is compiled per game: a new
//! game is a new program in the config.

pub mod eval;
pub mod round;
pub mod syntax;
pub mod value;
pub mod words;

use frost_sdk::{
    export_game, manifest, Game, MoveConstraints, Passage, PassageSpec, PromptStyle, Requirements,
    Round,
};

/// Nats of reward lost per nat by which an `ensure` on judge quantities is violated.
pub const DEFAULT_PENALTY_WEIGHT: f64 = 1.0;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Two-Ways, one of the Xent benchmark's published games: a bridge `t` that makes each of
/// two stories predictable from the other.
pub const TWO_WAYS: &str = "assign(s1=story(), s2=story())
assign(s=\"I have a fun story to tell you:\")
elicit(t, 10)
reward(nex(s2 | s + s1 + t))
reward(nex(s1 | s + s2 + t))
reward(xent(s2 | s + s1))
reward(xent(s1 | s + s2))
";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct XentConfig {
    /// The `.xent` program, as source text.
    pub program: String,
    /// Tokens of each `story()` passage (`story(n)` asks for `n`).
    pub story_tokens: u32,
    /// Play `remove_common_words(x, other)` on the move with 0.1.0's banned strings (every
    /// token containing a word of `other`) instead of host-enforced banned words. Approximate:
    /// a word spread over several tokens, or shorter than `min_banned_word_chars`, gets
    /// through. Off (default): the host keeps every word of `other` out of the move, exactly.
    pub approximate_word_bans: bool,
    /// Shortest banned word in characters under `approximate_word_bans`; shorter words ("a",
    /// "of") would ban most tokens.
    pub min_banned_word_chars: u32,
    /// `ensure(A >= B)` on judge quantities is a penalty: the reward loses this many nats per
    /// nat of violation, `weight * max(0, B - A)`.
    pub penalty_weight: f64,
    /// "chat": the program, the registers and the task as a chat message; "raw": the
    /// registers as text for a base model.
    pub prompt: PromptStyle,
}

impl Default for XentConfig {
    fn default() -> Self {
        XentConfig {
            program: TWO_WAYS.to_string(),
            story_tokens: 64,
            approximate_word_bans: false,
            min_banned_word_chars: 3,
            penalty_weight: DEFAULT_PENALTY_WEIGHT,
            prompt: PromptStyle::Chat,
        }
    }
}

impl XentConfig {
    fn options(&self) -> eval::Options {
        eval::Options {
            story_tokens: self.story_tokens,
            approximate_word_bans: self.approximate_word_bans,
            min_banned_word_chars: self.min_banned_word_chars as usize,
        }
    }

    /// Runs the program on the round's story texts (none for the requirements alone).
    pub fn plan(&self, stories: &[String]) -> Result<eval::Plan, String> {
        let statements = syntax::parse(&self.program).map_err(|e| {
            // `--set game.config.program=games/x.xent` passes the path as the program's text.
            let p = self.program.trim();
            let path_like = !p.contains('(') && (p.ends_with(".xent") || p.contains('/'));
            let hint = if path_like {
                " (`program` is the program's text: to read a file, write program=@FILE)"
            } else {
                ""
            };
            format!("program:{e}{hint}")
        })?;
        eval::run(&statements, &self.options(), stories).map_err(|e| format!("program:{e}"))
    }
}

pub struct Xent;

impl Game for Xent {
    type Config = XentConfig;
    const NAME: &'static str = manifest::string(MANIFEST, "name");
    const VERSION: &'static str = manifest::string(MANIFEST, "version");
    const DESCRIPTION: &'static str = manifest::string(MANIFEST, "description");

    fn requirements(c: &XentConfig) -> Result<Requirements, String> {
        if c.story_tokens < 2 {
            return Err(
                "story_tokens must be at least 2 (Xent scores a story from its second token)"
                    .into(),
            );
        }
        if c.min_banned_word_chars == 0 {
            return Err("min_banned_word_chars must be at least 1".into());
        }
        if !(c.penalty_weight.is_finite() && c.penalty_weight > 0.0) {
            return Err("penalty_weight must be a positive number".into());
        }
        let plan = c.plan(&[])?;
        let moves: Vec<u32> = plan.moves.iter().map(|(_, n)| *n).collect();
        Ok(Requirements {
            move_tokens: plan.move_tokens(),
            passages: plan
                .stories
                .iter()
                .map(|&tokens| PassageSpec { tokens })
                .collect(),
            // One move is the whole move; several are its parts, in order.
            moves: if moves.len() > 1 { moves } else { Vec::new() },
        })
    }

    fn new_round(c: &XentConfig, _seed: u64, passages: &[Passage]) -> Result<Round, String> {
        let texts: Vec<String> = passages.iter().map(|p| p.text.clone()).collect();
        let plan = c.plan(&texts)?;
        Ok(Round {
            prompt: match c.prompt {
                PromptStyle::Chat => round::chat_prompt(&plan, &c.program, passages),
                PromptStyle::Raw => round::raw_prompt(&plan, passages),
            },
            judge: round::judge(&plan, passages, c.penalty_weight),
            constraints: match c.approximate_word_bans {
                true => MoveConstraints {
                    banned_strings: plan.banned_words,
                    allowed_words: plan.allowed_words,
                    ..Default::default()
                },
                false => MoveConstraints {
                    banned_words: plan.banned_words,
                    allowed_words: plan.allowed_words,
                    ..Default::default()
                },
            },
            reference_move: None,
        })
    }
}

// frost-game.toml: in the component, and the source of NAME, VERSION and DESCRIPTION.
frost_sdk::game_manifest!();
export_game!(Xent);

#[cfg(test)]
mod error_tests;
#[cfg(test)]
mod tests;
