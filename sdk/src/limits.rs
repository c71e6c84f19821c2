//! The host's limits on games: what one call into a sandboxed game may use, how big the data
//! a game hands back may be, and how long a move is. They live in the SDK so a game's own
//! tests ([`crate::testing`]) check against the same numbers. The defaults are far above what a
//! normal game needs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Sandbox limits for games: the `[game.limits]` section of a run config.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct GameLimits {
    /// Wall-clock limit of one call into a wasm game (epoch deadline), in milliseconds.
    pub call_timeout_ms: u64,
    /// Linear memory a wasm game may grow to, in bytes: the total over all its memories.
    pub max_memory_bytes: u64,
    /// Elements a wasm game's tables may grow to: the total over all its tables.
    pub max_table_elements: u64,
    /// Core instances one instantiation of a wasm game may create.
    pub max_instances: u32,
    /// Linear memories a wasm game may define.
    pub max_memories: u32,
    /// Tables a wasm game may define.
    pub max_tables: u32,
    /// Native stack a wasm game's frames may use, in bytes.
    pub max_wasm_stack_bytes: u64,
    /// Size of one reply from a game (its description, requirements or round), in bytes.
    pub max_output_bytes: u64,
    /// Most passages a round may ask for.
    pub max_passages: u32,
    /// Most tokens one passage may ask for.
    pub max_passage_tokens: u32,
    /// Most tokens of the rendered player prompt (never above the model's context length).
    pub max_prompt_tokens: u32,
    /// Most tokens of one judge term, move included (never above the model's context length).
    pub max_judge_tokens: u32,
    /// Most terms of a judge program.
    pub max_judge_terms: u32,
    /// Most messages of a chat prompt.
    pub max_chat_messages: u32,
    /// Size of the game file itself, in bytes.
    pub max_game_file_bytes: u64,
    /// Most words a round's word lists (`banned_words` and `allowed_words` together) may hold:
    /// the host builds sampling masks from them at every move position.
    pub max_words: u32,
    /// Longest word of those lists, in bytes.
    pub max_word_bytes: u32,
}

impl Default for GameLimits {
    fn default() -> Self {
        GameLimits {
            call_timeout_ms: 1000,
            max_memory_bytes: 256 << 20,
            max_table_elements: 100_000,
            max_instances: 64,
            max_memories: 4,
            max_tables: 16,
            max_wasm_stack_bytes: 512 << 10,
            max_output_bytes: 1 << 20,
            max_passages: 16,
            max_passage_tokens: 65_536,
            max_prompt_tokens: 8192,
            max_judge_tokens: 8192,
            max_judge_terms: 64,
            max_chat_messages: 64,
            max_game_file_bytes: 64 << 20,
            max_words: 2048,
            max_word_bytes: 64,
        }
    }
}

/// Move lengths a game may ask for (tokens). Not configurable: the trainer's shapes assume it.
pub const MOVE_TOKENS_RANGE: std::ops::RangeInclusive<u32> = 1..=256;

/// A game's check of the move length its config asks for, for `requirements`: the error names
/// the config key (`"gap_tokens must be 1..=256, got 0"`).
pub fn check_move_tokens(key: &str, n: u32) -> Result<(), String> {
    if MOVE_TOKENS_RANGE.contains(&n) {
        Ok(())
    } else {
        Err(format!("{key} must be {MOVE_TOKENS_RANGE:?}, got {n}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_length_check_names_the_key_and_the_range() {
        assert_eq!(check_move_tokens("gap_tokens", 1), Ok(()));
        assert_eq!(check_move_tokens("gap_tokens", 256), Ok(()));
        assert_eq!(
            check_move_tokens("gap_tokens", 0),
            Err("gap_tokens must be 1..=256, got 0".to_string())
        );
        assert!(check_move_tokens("title_tokens", 257)
            .unwrap_err()
            .starts_with("title_tokens must"));
    }
}
