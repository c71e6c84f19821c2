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
    /// Linear memory a wasm game may grow to, in bytes.
    pub max_memory_bytes: u64,
    /// Elements a wasm game's tables may grow to.
    pub max_table_elements: u64,
    /// Native stack a wasm game's frames may use, in bytes.
    pub max_wasm_stack_bytes: u64,
    /// Size of one reply from a game (its description, requirements or round), in bytes.
    pub max_output_bytes: u64,
    /// Most passages a round may ask for.
    pub max_passages: u32,
    /// Most tokens one passage may ask for.
    pub max_passage_tokens: u32,
}

impl Default for GameLimits {
    fn default() -> Self {
        GameLimits {
            call_timeout_ms: 1000,
            max_memory_bytes: 256 << 20,
            max_table_elements: 100_000,
            max_wasm_stack_bytes: 512 << 10,
            max_output_bytes: 1 << 20,
            max_passages: 16,
            max_passage_tokens: 65_536,
        }
    }
}

/// Move lengths a game may ask for (tokens). Not configurable: the trainer's shapes assume it.
pub const MOVE_TOKENS_RANGE: std::ops::RangeInclusive<u32> = 1..=256;
