"""The component side of `frost_game.export`: the class componentize-py exports as the WIT
interface `frost:game/game@0.2.0`, which lowers the SDK's types into the bindings'
(`wit_world.exports.game`, generated from sdk/wit/since_v0.2.0 by componentize-py at build
time). Only a component imports this module; plain CPython tests never do.

A `Rejected` becomes the WIT `result`'s error (the host says "game 'NAME' rejected the
...: MESSAGE"). Any other exception is the game's crash: its traceback goes to stderr and
the call traps; the host reports the exception's last line and where it was raised.
A reply of the wrong shape raises `wire.MalformedReply` before anything is lowered.
"""

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


class Game(exports.Game):
    def describe(self) -> w.GameInfo:
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

    def configure(self, config: str) -> w.Requirements:
        try:
            req = g.configure(g.exported(), config)
        except g.Rejected as e:
            raise Err(str(e))
        wire.check_requirements(req)
        return w.Requirements(req.move_tokens, [w.PassageSpec(p.tokens) for p in req.passages], req.moves)

    def new_round(self, config: str, seed: int, passages: List[w.Passage]) -> w.Round:
        own = [Passage(p.text, list(p.token_ids), [tuple(o) for o in p.offsets]) for p in passages]
        try:
            r = g.new_round(g.exported(), config, seed, own)
        except g.Rejected as e:
            raise Err(str(e))
        wire.check_round(r)
        return _round(r)
