"""What a reply must look like to cross the component boundary: `check_*` walk a game's
reply and raise `MalformedReply` naming the first value of the wrong type (a str where
token ids belong, a token id over u32, a list where a Round belongs), so a malformed reply
is one clear error in plain CPython and in the component, never a crash in the bindings.
`to_json` is the reply as the host measures it against game.limits.max_output_bytes (the
Rust SDK's serde JSON).
"""

from __future__ import annotations

import json
import reprlib
from typing import Any, List

from .types import (
    Chat,
    ChatMessage,
    GameInfo,
    JudgeProgram,
    JudgeSegment,
    JudgeTerm,
    Move,
    MoveConstraints,
    MovePart,
    Penalty,
    PassageSpec,
    Raw,
    Requirements,
    Round,
    Text,
    Tokens,
)

U32 = 1 << 32


class MalformedReply(TypeError):
    """A game returned data of the wrong shape; the message names where."""


# Shows a value the way a message can afford: a few levels and items deep, so a value nested
# 100,000 deep or 100 MB long costs no more than a small one (plain repr recurses in C and
# would overflow the stack).
_SHOW = reprlib.Repr()
_SHOW.maxlevel, _SHOW.maxlist, _SHOW.maxtuple, _SHOW.maxdict = 3, 4, 4, 4
_SHOW.maxstring, _SHOW.maxother = 60, 60


def _fail(path: str, expected: str, value: Any) -> None:
    shown = _SHOW.repr(value)
    shown = shown if len(shown) <= 60 else shown[:60] + "..."
    raise MalformedReply(f"{path}: expected {expected}, got {type(value).__name__} {shown}")


def _is(path: str, value: Any, cls: type) -> None:
    if not isinstance(value, cls):
        _fail(path, cls.__name__, value)


def _str(path: str, value: Any) -> None:
    if not isinstance(value, str):
        _fail(path, "str", value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise MalformedReply(
            f"{path}: not valid UTF-8 text (a lone surrogate {value[e.start]!r} at character "
            f"{e.start}), which no string crossing to the host may hold"
        ) from None


def _u32(path: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < U32:
        _fail(path, "an int in 0..2**32", value)


def _f64(path: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, "a float", value)


def _bool(path: str, value: Any) -> None:
    if not isinstance(value, bool):
        _fail(path, "a bool", value)


def _list(path: str, value: Any, item) -> None:
    if not isinstance(value, list):
        _fail(path, "a list", value)
    for i, v in enumerate(value):
        item(f"{path}[{i}]", v)


def check_info(info: Any) -> None:
    _is("describe()", info, GameInfo)
    for name in ("name", "version", "abi_version", "description", "config_schema", "default_config"):
        _str(f"info.{name}", getattr(info, name))


def check_requirements(req: Any) -> None:
    _is("requirements()", req, Requirements)
    _u32("requirements.move_tokens", req.move_tokens)
    _list("requirements.passages", req.passages, lambda p, v: (_is(p, v, PassageSpec), _u32(f"{p}.tokens", v.tokens)))
    _list("requirements.moves", req.moves, _u32)


def _segment_content(path: str, c: Any) -> None:
    if isinstance(c, Text):
        _str(f"{path}.value", c.value)
    elif isinstance(c, Tokens):
        _list(f"{path}.value", c.value, _u32)
    elif isinstance(c, MovePart):
        _u32(f"{path}.index", c.index)
    elif not isinstance(c, Move):
        _fail(path, "Text, Tokens, Move or MovePart", c)


def _term(path: str, t: Any) -> None:
    _is(path, t, JudgeTerm)
    _f64(f"{path}.weight", t.weight)
    _bool(f"{path}.bos", t.bos)
    if t.max_token_ce is not None:
        _f64(f"{path}.max_token_ce", t.max_token_ce)

    def segment(p: str, s: Any) -> None:
        _is(p, s, JudgeSegment)
        _segment_content(f"{p}.content", s.content)
        _bool(f"{p}.scored", s.scored)
        _bool(f"{p}.skip_first", s.skip_first)

    _list(f"{path}.segments", t.segments, segment)


def _penalty(path: str, p: Any) -> None:
    _is(path, p, Penalty)
    _list(f"{path}.terms", p.terms, _term)
    _f64(f"{path}.threshold", p.threshold)
    _f64(f"{path}.weight", p.weight)


def check_round(round: Any) -> None:
    _is("new_round()", round, Round)
    prompt = round.prompt
    if isinstance(prompt, Chat):

        def message(p: str, m: Any) -> None:
            _is(p, m, ChatMessage)
            _str(f"{p}.role", m.role)
            _str(f"{p}.content", m.content)

        _list("round.prompt.messages", prompt.messages, message)
    elif isinstance(prompt, Raw):

        def segment(p: str, s: Any) -> None:
            if isinstance(s, Text):
                _str(f"{p}.value", s.value)
            elif isinstance(s, Tokens):
                _list(f"{p}.value", s.value, _u32)
            else:
                _fail(p, "Text or Tokens", s)

        _list("round.prompt.segments", prompt.segments, segment)
    else:
        _fail("round.prompt", "Chat or Raw", prompt)
    _is("round.judge", round.judge, JudgeProgram)
    _list("round.judge.terms", round.judge.terms, _term)
    _list("round.judge.penalties", round.judge.penalties, _penalty)
    c = round.constraints
    _is("round.constraints", c, MoveConstraints)
    _list("round.constraints.banned_token_ids", c.banned_token_ids, _u32)
    _list("round.constraints.banned_strings", c.banned_strings, _str)
    _list("round.constraints.banned_words", c.banned_words, _str)
    if c.allowed_words is not None:
        _list("round.constraints.allowed_words", c.allowed_words, _str)
    _list("round.constraints.allowed_special", c.allowed_special, _str)
    if round.reference_move is not None:
        _list("round.reference_move", round.reference_move, _u32)


def _content_json(c: Any) -> Any:
    if isinstance(c, Text):
        return {"Text": c.value}
    if isinstance(c, Tokens):
        return {"Tokens": c.value}
    if isinstance(c, MovePart):
        return {"MovePart": c.index}
    return "Move"


def _term_json(t: JudgeTerm) -> Any:
    return {
        "weight": t.weight,
        "bos": t.bos,
        "segments": [
            {"content": _content_json(s.content), "scored": s.scored, "skip_first": s.skip_first}
            for s in t.segments
        ],
        "max_token_ce": t.max_token_ce,
    }


def to_json(round: Round) -> str:
    """A checked round as the Rust SDK's serde JSON (the size the host measures)."""
    p = round.prompt
    if isinstance(p, Chat):
        prompt: Any = {"Chat": [{"role": m.role, "content": m.content} for m in p.messages]}
    else:
        prompt = {"Raw": [_content_json(s) for s in p.segments]}
    c = round.constraints
    value = {
        "prompt": prompt,
        "judge": {
            "terms": [_term_json(t) for t in round.judge.terms],
            "penalties": [
                {"terms": [_term_json(t) for t in q.terms], "threshold": q.threshold, "weight": q.weight}
                for q in round.judge.penalties
            ],
        },
        "constraints": {
            "banned_token_ids": c.banned_token_ids,
            "banned_strings": c.banned_strings,
            "banned_words": c.banned_words,
            "allowed_words": c.allowed_words,
            "allowed_special": c.allowed_special,
        },
        "reference_move": round.reference_move,
    }
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


__all__: List[str] = ["MalformedReply", "check_info", "check_requirements", "check_round", "to_json"]
