"""The host's limits on games (sdk/src/limits.rs): the defaults of `[game.limits]` that the
rules and the testing module check against."""

from dataclasses import dataclass

#: Move lengths a game may ask for, in tokens (inclusive).
MOVE_TOKENS_MIN = 1
MOVE_TOKENS_MAX = 256


@dataclass
class GameLimits:
    max_output_bytes: int = 1 << 20
    max_passages: int = 16
    max_passage_tokens: int = 65_536
    max_words: int = 2048
    max_word_bytes: int = 64
