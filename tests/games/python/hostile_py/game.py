"""Test fixture: one hostile Python game whose config picks how it misbehaves (one component
for every case: a CPython component's first compile is the expensive part). `mode`:
ok (a valid round), loop, memory (allocates without end), raise, import (a module the
component does not hold), files (opens a host file), malformed (a str where token ids
belong), bad_token (a token id over the vocabulary), recursion, reject."""

from dataclasses import dataclass
from typing import List, Literal

import frost_game as fg

Mode = Literal[
    "ok", "loop", "memory", "raise", "import", "files", "malformed", "bad_token", "recursion", "reject"
]


@dataclass
class Config:
    mode: Mode = "ok"


def recurse(n: int) -> int:
    return recurse(n + 1) + 1


class HostilePy(fg.Game):
    NAME = "hostile-py"
    VERSION = "0.1.0"
    DESCRIPTION = "Test fixture: a Python game that misbehaves as its config says."
    Config = Config

    def requirements(self, c: Config) -> fg.Requirements:
        return fg.Requirements.new(4, [8])

    def new_round(self, c: Config, seed: int, passages: List[fg.Passage]) -> fg.Round:
        p = passages[0]
        if c.mode == "loop":
            n = 0
            while True:
                n += 1
        if c.mode == "memory":
            hoard = []
            while True:
                hoard.append(bytearray(1 << 20))
        if c.mode == "raise":
            raise ValueError("deliberate error")
        if c.mode == "import":
            import numpy  # noqa: F401  (not in the component)
        if c.mode == "files":
            with open("/etc/hostname") as f:
                f.read()
        if c.mode == "recursion":
            recurse(0)
        if c.mode == "reject":
            raise fg.Rejected("deliberate refusal")
        ids = [4_000_000_000] if c.mode == "bad_token" else p.token_ids
        judge = fg.JudgeTerm(1.0).with_bos().context_move().scored_tokens(ids)
        round = fg.Round.new(fg.Chat([fg.ChatMessage.user(p.text)]), [judge])
        if c.mode == "malformed":
            round.reference_move = "the gap"  # a str where token ids belong
        return round


fg.export(HostilePy)
