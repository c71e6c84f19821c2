"""A game: a subclass of `Game` with a config dataclass, `requirements` and `new_round`,
exported once with `export(MyGame)` (the Rust SDK's `export_game!`). The functions below
are the calls the host makes (`describe`, `configure`, `new_round`), shared by the
component glue (`frost_game.component`) and the testing module, so both play a round the
same way.
"""

from __future__ import annotations

import dataclasses
from typing import Any, List, Literal, Optional

from . import config as cfg
from . import manifest
from .limits import MOVE_TOKENS_MAX, MOVE_TOKENS_MIN
from .rules import check_passages
from .types import GameInfo, Passage, Requirements, Round

#: The game API version: the WIT package `frost:game@0.2.0` this SDK is written for.
ABI_VERSION = "0.2.0"


class Rejected(Exception):
    """A game's refusal of a config or a round: its message reaches the user as
    "game 'NAME' rejected the config: MESSAGE". Name the field and the fix."""


#: How a game lays out its prompt (the Rust SDK's `PromptStyle`): "chat", an instruction for a
#: chat model (`Chat`), or "raw", the text laid out for a base model to continue (`Raw`).
PromptStyle = Literal["chat", "raw"]


def check_move_tokens(key: str, n: int) -> None:
    """A game's check of the move length its config asks for, for `requirements` (the Rust
    SDK's `check_move_tokens`): raises `Rejected` naming the config key
    ("gap_tokens must be 1..=256, got 0")."""
    if not MOVE_TOKENS_MIN <= n <= MOVE_TOKENS_MAX:
        raise Rejected(f"{key} must be {MOVE_TOKENS_MIN}..={MOVE_TOKENS_MAX}, got {n}")


@dataclasses.dataclass
class NoConfig:
    """A game without settings."""


class Game:
    """Subclass it: set NAME, VERSION, DESCRIPTION (or leave them out and write them in the
    game's frost-game.toml, `frost_game.manifest`) and Config (a dataclass whose fields all
    have defaults), and write `requirements` and `new_round`. Every method is pure: the same
    config, seed and passages give the same round (the host replays rounds)."""

    NAME: str = ""
    VERSION: str = ""
    #: One paragraph for `frost-host game-info`.
    DESCRIPTION: str = ""
    Config: type = NoConfig

    def requirements(self, config: Any) -> Requirements:
        """Checks a config and says what a round needs; raise `Rejected` on a bad one."""
        raise NotImplementedError

    def new_round(self, config: Any, seed: int, passages: List[Passage]) -> Round:
        """Builds one round on passages that match `requirements`; `seed` is for any
        randomness (use `Rng(seed)`)."""
        raise NotImplementedError


def describe(game: Game) -> GameInfo:
    return GameInfo(
        name=game.NAME,
        version=game.VERSION,
        abi_version=ABI_VERSION,
        description=game.DESCRIPTION,
        config_schema=cfg.schema(game.Config),
        default_config=cfg.default_json(game.Config),
    )


def parse_config(game: Game, config_json: str) -> Any:
    try:
        return cfg.parse(game.Config, config_json)
    except cfg.ConfigError as e:
        raise Rejected(str(e)) from None


def configure(game: Game, config_json: str) -> Requirements:
    """`configure` as the host calls it: parse the config, then `requirements`."""
    return game.requirements(parse_config(game, config_json))


def new_round(game: Game, config_json: str, seed: int, passages: List[Passage]) -> Round:
    """`new_round` as the host calls it: parse the config, check the passages against the
    requirements, then the game's `new_round`."""
    config = parse_config(game, config_json)
    problem = check_passages(game.requirements(config), passages)
    if problem:
        raise Rejected(problem)
    return game.new_round(config, seed, passages)


_exported: Optional[Game] = None


def export(game_class: type) -> type:
    """Makes `game_class` the game of this component (call it once, at the end of the game's
    module). Returns the class, so it also works as a decorator."""
    global _exported
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise TypeError(f"frost_game.export takes a subclass of frost_game.Game, got {game_class!r}")
    manifest.fill(game_class)
    _exported = game_class()
    return game_class


def exported() -> Game:
    if _exported is None:
        raise RuntimeError(
            "no game exported: end the game's module with frost_game.export(YourGame)"
        )
    return _exported


_MASK = (1 << 64) - 1


class Rng:
    """A small seeded generator (SplitMix64), the Rust SDK's `Rng`: the same seed gives the
    same numbers in both."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in 0..n (n > 0)."""
        return (self.next_u64() * n) >> 64
