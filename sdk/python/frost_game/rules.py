"""The host's rules for what a game returns (sdk/src/rules.rs, the same rules in the same
order, broken in the same words): the testing module runs them so a broken round fails in
plain CPython, before any component is built. The host runs its own copy on every reply either
way. tests/e2e/sdk_parity.rs runs both on the same cases and fails where they differ."""

from __future__ import annotations

import math
from typing import List, Optional

from . import words
from .limits import MOVE_TOKENS_MAX, MOVE_TOKENS_MIN, GameLimits
from .types import (
    Chat,
    GameInfo,
    JudgeTerm,
    MovePart,
    Passage,
    Prompt,
    Requirements,
    Round,
    Tokens,
    is_move,
)


class RuleError(Exception):
    """A rule a game broke: the rule in a few words, and what the game did."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"broke the rule '{rule}': {detail}")
        self.rule = rule
        self.detail = detail


def quoted(s: str) -> str:
    """A game's text as an error quotes it, as the Rust SDK's does (Rust's `{:?}`): in double
    quotes, escaped, cut after 60 characters with its full size."""
    if len(s) <= 60:
        return _debug(s)
    return f"{_debug(s[:60])}... ({len(s.encode('utf-8'))} bytes in all)"


_ESCAPES = {"\0": "\\0", "\t": "\\t", "\r": "\\r", "\n": "\\n", "\\": "\\\\", '"': '\\"'}


def _debug(s: str) -> str:
    """Rust's `{:?}` of a str: the escapes above, and as `\\u{hex}` the characters Rust does
    not print (Python's and Rust's printable are the same Unicode categories) and combining
    marks (Rust escapes grapheme extenders; Mn and Me are nearly all of them)."""
    from unicodedata import category  # only when a rule is broken, never in the component

    def one(c: str) -> str:
        if c in _ESCAPES:
            return _ESCAPES[c]
        if c.isprintable() and (c.isascii() or category(c) not in ("Mn", "Me")):
            return c
        return f"\\u{{{ord(c):x}}}"

    return '"' + "".join(map(one, s)) + '"'


def _number(x: float) -> str:
    """A float as Rust's `{}` writes it: plain decimal digits of the shortest repr (no
    exponent, no trailing `.0`), NaN and inf."""
    if x != x:
        return "NaN"
    if x in (math.inf, -math.inf):
        return "inf" if x > 0 else "-inf"
    r = repr(float(x))
    sign, r = ("-", r[1:]) if r.startswith("-") else ("", r)
    if "e" in r:
        mantissa, exp = r.split("e")
        whole, _, frac = mantissa.partition(".")
        digits, point = whole + frac, len(whole) + int(exp)
        if point <= 0:
            r = "0." + "0" * -point + digits
        elif point >= len(digits):
            r = digits + "0" * (point - len(digits))
        else:
            r = digits[:point] + "." + digits[point:]
    return sign + (r[:-2] if r.endswith(".0") else r)


def validate_info(info: GameInfo) -> None:
    # Rust's trim(): Unicode White_Space (str.strip would also take U+001C..U+001F).
    if all(words.is_whitespace(c) for c in info.name) or len(info.name.encode("utf-8")) > 64:
        raise RuleError("name is 1 to 64 characters", f"the game's name is {quoted(info.name)}")


def validate_requirements(req: Requirements, limits: GameLimits) -> None:
    if not MOVE_TOKENS_MIN <= req.move_tokens <= MOVE_TOKENS_MAX:
        raise RuleError(
            "move length is 1..=256 tokens",
            f"configure asked for a move of {req.move_tokens} tokens",
        )
    if len(req.passages) > limits.max_passages:
        raise RuleError(
            "at most game.limits.max_passages passages",
            f"configure asked for {len(req.passages)} passages, the limit is {limits.max_passages}",
        )
    if req.moves and (0 in req.moves or sum(req.moves) != req.move_tokens):
        raise RuleError(
            "several moves are at least 1 token each and sum to the move length",
            f"configure asked for moves {req.moves} and a move of {req.move_tokens} tokens",
        )
    for i, p in enumerate(req.passages):
        if p.tokens == 0 or p.tokens > limits.max_passage_tokens:
            raise RuleError(
                "passage length is 1..=game.limits.max_passage_tokens",
                f"configure asked for passage {i} of {p.tokens} tokens, the limit is "
                f"{limits.max_passage_tokens}",
            )


def check_passages(req: Requirements, passages: List[Passage]) -> Optional[str]:
    """The supplier's side: what is wrong with the passages, or None."""
    if len(passages) != len(req.passages):
        return f"the game needs {len(req.passages)} passage(s), got {len(passages)}"
    for i, (p, spec) in enumerate(zip(passages, req.passages)):
        if len(p.token_ids) != spec.tokens or len(p.offsets) != len(p.token_ids):
            return (
                f"passage {i} has {len(p.token_ids)} tokens and {len(p.offsets)} offsets, "
                f"the game needs {spec.tokens} tokens"
            )
    return None


def _check_ids(what: str, ids: List[int], vocab_size: int) -> None:
    for i in ids:
        if not 0 <= i < vocab_size:
            raise RuleError(
                "token ids are below the vocabulary size",
                f"{what} has token id {i}, the tokenizer has {vocab_size} tokens",
            )


def _validate_prompt(prompt: Prompt, vocab_size: int) -> None:
    if isinstance(prompt, Chat):
        if not prompt.messages:
            raise RuleError("the prompt is not empty", "no chat messages")
        for m in prompt.messages:
            if m.role not in ("system", "user", "assistant"):
                raise RuleError(
                    "chat roles are system, user or assistant", f"a message has role {quoted(m.role)}"
                )
    else:
        if not prompt.segments:
            raise RuleError("the prompt is not empty", "no raw segments")
        for i, s in enumerate(prompt.segments):
            if isinstance(s, Tokens):
                _check_ids(f"prompt segment {i}", s.value, vocab_size)


def _check_term(what: str, term: JudgeTerm, req: Requirements, vocab_size: int) -> int:
    """One judge term; returns its number of move slots (0 or 1)."""
    if not math.isfinite(term.weight):
        raise RuleError("term weights are finite", f"{what} has weight {_number(term.weight)}")
    c = term.max_token_ce
    if c is not None and not (math.isfinite(c) and c > 0):
        raise RuleError("a cross-entropy clamp is positive and finite", f"{what} has max_token_ce {_number(c)}")
    slots, prev = 0, None
    for i, s in enumerate(term.segments):
        if isinstance(s.content, MovePart) and s.content.index >= len(req.moves):
            raise RuleError(
                "a move part is one of the requirements' moves",
                f"{what} segment {i} reads move part {s.content.index}, configure declared "
                f"{len(req.moves)} moves",
            )
        if not is_move(s.content):
            continue
        continues = (
            prev is not None
            and isinstance(prev[1], MovePart)
            and isinstance(s.content, MovePart)
            and prev[0] + 1 == i
            and s.content.index == prev[1].index + 1
        )
        if not continues:
            slots += 1
        prev = (i, s.content)
    if slots > 1:
        raise RuleError(
            "at most one move slot per judge term",
            f"{what} has {slots} move slots (move parts count as one only when adjacent and "
            "consecutive)",
        )
    if not any(s.scored for s in term.segments):
        raise RuleError("every judge term scores something", f"{what} has no scored segment")
    for i, s in enumerate(term.segments):
        if isinstance(s.content, Tokens):
            _check_ids(f"{what} segment {i}", s.content.value, vocab_size)
    return slots


def _check_word_lists(round: Round) -> None:
    c = round.constraints
    for w in c.banned_words:
        if not words.word_form(w) or any(words.is_whitespace(ch) for ch in w):
            raise RuleError("a word list holds single words", f"banned_words has {quoted(w)}")
    for w in c.allowed_words or []:
        if not w or words.PIECE_SEPARATOR in w:
            raise RuleError(
                "a word list holds single words",
                f"allowed_words has {quoted(w)} (pieces of the move between single spaces)",
            )
    if c.allowed_words is not None and not c.allowed_words:
        raise RuleError(
            "allowed_words, when set, is not empty",
            "allowed_words is an empty list: no move could use a word (leave it unset for no rule)",
        )
    if any(not t for t in c.allowed_special):
        raise RuleError("allowed_special holds token texts", "allowed_special has an empty string")


def validate_round(round: Round, req: Requirements, vocab_size: int) -> None:
    _validate_prompt(round.prompt, vocab_size)
    if not round.judge.terms:
        raise RuleError("the judge program has at least one term", "no terms")
    slots = 0
    for t, term in enumerate(round.judge.terms):
        slots += _check_term(f"term {t}", term, req, vocab_size)
    for p, pen in enumerate(round.judge.penalties):
        if not pen.terms:
            raise RuleError("a penalty has at least one term", f"penalty {p} has no terms")
        if not (math.isfinite(pen.threshold) and math.isfinite(pen.weight) and pen.weight > 0):
            raise RuleError(
                "a penalty has a finite threshold and a positive finite weight",
                f"penalty {p} has threshold {_number(pen.threshold)} and weight {_number(pen.weight)}",
            )
        for t, term in enumerate(pen.terms):
            slots += _check_term(f"penalty {p} term {t}", term, req, vocab_size)
    if slots == 0:
        raise RuleError(
            "the judge program has a move slot",
            "no term reads the move, so every move would get the same reward",
        )
    _check_ids("banned_token_ids", round.constraints.banned_token_ids, vocab_size)
    _check_word_lists(round)
    if round.reference_move is not None:
        if len(round.reference_move) != req.move_tokens:
            raise RuleError(
                "the reference move has the move's length",
                f"reference move of {len(round.reference_move)} tokens, moves have {req.move_tokens}",
            )
        _check_ids("the reference move", round.reference_move, vocab_size)
