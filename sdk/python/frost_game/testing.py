"""Plays a game the way the host will, in plain CPython, before any component is built
(sdk/src/testing.rs, the same checks):

    from frost_game.testing import check_rounds
    rounds = check_rounds(MyGame(), "", range(20))

A round is built like the host builds it (config -> requirements -> passages of the required
lengths -> new_round) and checked with the host's rules (`frost_game.rules`), the default
limits, the reply's shape and size, and a replay (the same inputs give the same round).
Passages come from a stand-in tokenizer (a token is a run of whitespace and the word after
it, its id a hash below VOCAB_SIZE), the Rust SDK's: the same seed gives the same passages.
A rule that needs the real tokenizer (banned strings, the chat template, the model's
context) is for `frost-host game-check`.
"""

from __future__ import annotations

import copy
import os
from typing import Iterable, List

from . import game as g
from . import wire
from .game import Game, Rejected, Rng
from .limits import GameLimits
from .rules import RuleError, check_passages, validate_info, validate_requirements, validate_round
from .types import Passage, Round
from .words import is_whitespace

with open(os.path.join(os.path.dirname(__file__), "sample_text.txt"), encoding="utf-8") as _f:
    #: A public-domain sample text (the Rust SDK's), with curly quotes for multi-byte characters.
    SAMPLE_TEXT = _f.read()

#: Size of the stand-in vocabulary: every id `tokenize` gives is below it.
VOCAB_SIZE = 50_000



class GameCheckFailed(AssertionError):
    """What the host would refuse, in one line naming the game."""


def split_tokens(text: str) -> List[str]:
    """A token is a run of whitespace followed by a run of other characters."""
    tokens, start, prev_space = [], 0, True
    for i, c in enumerate(text):
        space = is_whitespace(c)
        if space and not prev_space and i > start:
            tokens.append(text[start:i])
            start = i
        prev_space = space
    if start < len(text):
        tokens.append(text[start:])
    return tokens


def token_id(token: str) -> int:
    """A stable id below VOCAB_SIZE for a token's text (FNV-1a)."""
    h = 0xCBF29CE484222325
    for b in token.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & ((1 << 64) - 1)
    return h % VOCAB_SIZE


def _passage_of(tokens: Iterable[str]) -> Passage:
    text, ids, offsets, at = [], [], [], 0
    for t in tokens:
        n = len(t.encode("utf-8"))
        text.append(t)
        ids.append(token_id(t))
        offsets.append((at, at + n))
        at += n
    return Passage("".join(text), ids, offsets)


def tokenize(text: str) -> Passage:
    """`text` as a passage of the stand-in tokenization."""
    return _passage_of(split_tokens(text))


def sample_passage(tokens: int, seed: int) -> Passage:
    """A passage of exactly `tokens` tokens of SAMPLE_TEXT from a start chosen by `seed`
    (wrapping around at the end)."""
    all_tokens = split_tokens(SAMPLE_TEXT)
    start = Rng(seed).below(len(all_tokens))
    return _passage_of(all_tokens[(start + i) % len(all_tokens)] for i in range(tokens))


def check_round(game: Game, config_json: str, seed: int, passages: List[Passage]) -> Round:
    """Plays one round on `passages` as the host does and checks all the host checks;
    returns the round or raises GameCheckFailed with the first broken rule."""
    name, limits = game.NAME, GameLimits()

    def fail(message: str) -> GameCheckFailed:
        return GameCheckFailed(message)

    info = g.describe(game)
    try:
        wire.check_info(info)
        validate_info(info)
    except (wire.MalformedReply, RuleError) as e:
        raise fail(f"game '{name}' {e}") from None
    try:
        g.parse_config(game, info.default_config)
        req = g.configure(game, config_json)
    except Rejected as e:
        raise fail(f"game '{name}' rejected the config: {e}") from None
    try:
        wire.check_requirements(req)
        validate_requirements(req, limits)
    except (wire.MalformedReply, RuleError) as e:
        raise fail(f"game '{name}' {e}") from None
    problem = check_passages(req, passages)
    if problem:
        raise fail(f"bad passages for '{name}': {problem}")
    for p in passages:
        bad = [i for i in p.token_ids if i >= VOCAB_SIZE]
        if bad:
            raise fail(f"bad passages for '{name}': token id {bad[0]} >= vocab size {VOCAB_SIZE}")
    try:
        round = g.new_round(game, config_json, seed, copy.deepcopy(passages))
    except Rejected as e:
        raise fail(f"game '{name}' rejected the round: {e}") from None
    try:
        wire.check_round(round)
        validate_round(round, req, VOCAB_SIZE)
    except (wire.MalformedReply, RuleError) as e:
        raise fail(f"game '{name}' {e}") from None
    size = len(wire.to_json(round).encode("utf-8"))
    if size > limits.max_output_bytes:
        raise fail(
            f"game '{name}': the round is {size} bytes, over game.limits.max_output_bytes = "
            f"{limits.max_output_bytes}"
        )
    if g.new_round(game, config_json, seed, copy.deepcopy(passages)) != round:
        raise fail(
            f"game '{name}': the same config, seed and passages gave another round (a game must "
            "be a pure function of them; use frost_game.Rng(seed) for randomness)"
        )
    return round


def check_rounds(game: Game, config_json: str, seeds: Iterable[int]) -> List[Round]:
    """check_round for each seed, on passages of the required lengths cut from SAMPLE_TEXT
    (a different place for each seed and passage, as the Rust SDK's)."""
    try:
        req = g.configure(game, config_json)
    except Rejected as e:
        raise GameCheckFailed(f"game '{game.NAME}' rejected the config: {e}") from None
    rounds = []
    for seed in seeds:
        passages = [
            sample_passage(spec.tokens, (seed * 31 + i) & ((1 << 64) - 1))
            for i, spec in enumerate(req.passages)
        ]
        rounds.append(check_round(game, config_json, seed, passages))
    return rounds
