"""The component side of `frost_game.export`: the class componentize-py exports as the WIT
interface `frost:game/game@0.2.0`, which lowers the SDK's types into the bindings'
(`wit_world.exports.game`, generated from sdk/wit/since_v0.2.0 by componentize-py at build
time). Only a component imports this module; plain CPython tests never do.

A `Rejected` becomes the WIT `result`'s error (the host says "game 'NAME' rejected the
...: MESSAGE"). Any other exception is the game's crash: `_crash` writes its traceback to
stderr and ends the call (the host reports the exception's last line and where it was
raised). CPython's own report would read each frame's source file, and a component has no
files at run time (the sandbox traps the first file call), so the report is written here,
without source lines. For the same reason a module first imported at run time cannot be
found: `_RunTimeImports` says so as a ModuleNotFoundError instead of a trapped file call.
A reply of the wrong shape raises `wire.MalformedReply` before anything is lowered.
"""

import os
import sys
from typing import List

from componentize_py_types import Err
from wit_world import exports
from wit_world.exports import game as w

from . import game as g
from . import wire
from .types import Chat, Move, MovePart, Passage, Text, Tokens


def _content(c):
    if isinstance(c, Text):
        return w.SegmentContent_Text(c.value)
    if isinstance(c, Tokens):
        return w.SegmentContent_Tokens(c.value)
    if isinstance(c, MovePart):
        return w.SegmentContent_MovePart(c.index)
    return w.SegmentContent_Move()


def _prompt_segment(s):
    return w.PromptSegment_Text(s.value) if isinstance(s, Text) else w.PromptSegment_Tokens(s.value)


def _term(t):
    segments = [w.JudgeSegment(_content(s.content), s.scored, s.skip_first) for s in t.segments]
    ce = None if t.max_token_ce is None else float(t.max_token_ce)
    return w.JudgeTerm(float(t.weight), t.bos, segments, ce)


def _round(r):
    if isinstance(r.prompt, Chat):
        prompt = w.Prompt_Chat([w.ChatMessage(m.role, m.content) for m in r.prompt.messages])
    else:
        prompt = w.Prompt_Raw([_prompt_segment(s) for s in r.prompt.segments])
    penalties = [
        w.Penalty([_term(t) for t in p.terms], float(p.threshold), float(p.weight))
        for p in r.judge.penalties
    ]
    judge = w.JudgeProgram([_term(t) for t in r.judge.terms], penalties)
    c = r.constraints
    constraints = w.MoveConstraints(
        c.banned_token_ids, c.banned_strings, c.banned_words, c.allowed_words, c.allowed_special
    )
    return w.Round(prompt, judge, constraints, r.reference_move)


class _RunTimeImports:
    """First on sys.meta_path while a call runs: a module that was not imported when the
    component was built is not in it (its files stayed on the build machine)."""

    def find_spec(self, name, path=None, target=None):
        raise ModuleNotFoundError(
            f"No module named '{name}' in the component (it holds the modules imported when it "
            "was built: import it at the top of game.py)",
            name=name,
        )


_RUN_TIME_IMPORTS = _RunTimeImports()


_FRAMES = 12


def _crash(e: BaseException) -> None:
    """Writes `e` as CPython's traceback report, without source lines, and ends the call."""
    frames = []
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        frames.append(f'  File "{code.co_filename}", line {tb.tb_lineno}, in {code.co_name}')
        tb = tb.tb_next
    # The innermost frames only: the host keeps 16 KiB of stderr, and a runaway recursion
    # has a thousand.
    lines = ["Traceback (most recent call last):"]
    if len(frames) > _FRAMES:
        lines.append(f"  [{len(frames) - _FRAMES} outer frames left out]")
    lines += frames[-_FRAMES:]
    kind = type(e)
    name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    try:
        message = str(e)
    except BaseException:
        message = "<its message could not be printed>"
    lines.append(f"{name}: {message}" if message else name)
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()
    os._exit(70)


def _call(f):
    """Runs one export: a Rejected is the WIT error, any other exception a crash."""
    if _RUN_TIME_IMPORTS not in sys.meta_path:
        sys.meta_path.insert(0, _RUN_TIME_IMPORTS)
    try:
        return f()
    except g.Rejected as e:
        # A message that is not valid UTF-8 cannot cross: its lone surrogates are escaped.
        raise Err(str(e).encode("utf-8", "backslashreplace").decode("utf-8"))
    except BaseException as e:
        _crash(e)


def _describe() -> w.GameInfo:
    info = g.describe(g.exported())
    wire.check_info(info)
    return w.GameInfo(
        info.name,
        info.version,
        info.abi_version,
        info.description,
        info.config_schema,
        info.default_config,
    )


def _configure(config: str) -> w.Requirements:
    req = g.configure(g.exported(), config)
    wire.check_requirements(req)
    return w.Requirements(req.move_tokens, [w.PassageSpec(p.tokens) for p in req.passages], req.moves)


def _new_round(config: str, seed: int, passages: List[w.Passage]) -> w.Round:
    own = [Passage(p.text, list(p.token_ids), [tuple(o) for o in p.offsets]) for p in passages]
    r = g.new_round(g.exported(), config, seed, own)
    wire.check_round(r)
    return _round(r)


class Game(exports.Game):
    def describe(self) -> w.GameInfo:
        return _call(_describe)

    def configure(self, config: str) -> w.Requirements:
        return _call(lambda: _configure(config))

    def new_round(self, config: str, seed: int, passages: List[w.Passage]) -> w.Round:
        return _call(lambda: _new_round(config, seed, passages))
