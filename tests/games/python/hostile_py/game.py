"""Test fixture: one hostile Python game whose config picks how it misbehaves (one component
for every case: a CPython component's first compile is the expensive part), the Python
counterpart of tests/games/hostile. `mode`:
ok (a valid round), loop, memory (allocates without end), raise, import (a module the
component does not hold), import_stdlib (a standard module first imported at run time),
files (opens a host file), malformed (a str where token ids belong), bad_token (a token id
over the vocabulary), recursion, reject, network (opens a TCP connection), sleep (an hour),
exit (os._exit), sys_exit (SystemExit), signal (raises SIGTERM at itself), stderr_flood,
stdout_flood, huge_output (an 8 MiB prompt), nested (a reply nested 100,000 deep),
non_utf8 (a prompt holding a lone surrogate), escape (reports its hash, clocks, entropy and
environment as its refusal), threads (starts a thread), config_raise (the config's own
parsing raises), fake_traceback (prints a traceback report, then exits without raising)."""

import os
import random
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass
from typing import List, Literal

import frost_game as fg

Mode = Literal[
    "ok",
    "loop",
    "memory",
    "raise",
    "import",
    "import_stdlib",
    "files",
    "malformed",
    "bad_token",
    "recursion",
    "reject",
    "network",
    "sleep",
    "exit",
    "sys_exit",
    "signal",
    "stderr_flood",
    "stdout_flood",
    "huge_output",
    "nested",
    "non_utf8",
    "escape",
    "threads",
    "config_raise",
    "fake_traceback",
]


@dataclass
class Config:
    mode: Mode = "ok"

    def __post_init__(self):
        if self.mode == "config_raise":
            raise ValueError("deliberate error in the config")


def recurse(n: int) -> int:
    return recurse(n + 1) + 1


def nested(depth: int) -> list:
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


def escape() -> str:
    """What the sandbox lets through: hashing, clocks, entropy, the environment."""
    return (
        f"hash={hash('frost')} time={time.time()} monotonic_ns={time.monotonic_ns()} "
        f"urandom={os.urandom(8).hex()} random={random.random()} env={len(os.environ)}"
    )


class HostilePy(fg.Game):
    NAME = "hostile-py"
    VERSION = "0.1.0"
    DESCRIPTION = "Test fixture: a Python game that misbehaves as its config says."
    Config = Config

    def requirements(self, c: Config) -> fg.Requirements:
        return fg.Requirements.new(4, [8])

    def new_round(self, c: Config, seed: int, passages: List[fg.Passage]) -> fg.Round:
        p = passages[0]
        text = p.text
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
        if c.mode == "import_stdlib":
            import wave  # noqa: F401  (standard, but not imported when the game was built)
        if c.mode == "files":
            with open("/etc/hostname") as f:
                f.read()
        if c.mode == "recursion":
            recurse(0)
        if c.mode == "reject":
            raise fg.Rejected("deliberate refusal")
        if c.mode == "network":
            socket.socket(socket.AF_INET, socket.SOCK_STREAM).connect(("127.0.0.1", 22))
        if c.mode == "sleep":
            time.sleep(3600)
        if c.mode == "exit":
            os._exit(0)
        if c.mode == "sys_exit":
            sys.exit(3)
        if c.mode == "signal":
            signal.raise_signal(signal.SIGTERM)
        if c.mode == "stderr_flood":
            while True:
                sys.stderr.write("flood " * 1000 + "\n")
        if c.mode == "stdout_flood":
            while True:
                print("flood " * 1000)
        if c.mode == "escape":
            raise fg.Rejected(escape())
        if c.mode == "threads":
            threading.Thread(target=lambda: None).start()
        if c.mode == "fake_traceback":
            sys.stderr.write("Traceback (most recent call last):\nValueError: not raised\n")
            sys.stderr.flush()
            os._exit(0)
        if c.mode == "huge_output":
            text = "x" * (8 << 20)
        if c.mode == "non_utf8":
            text = "a lone surrogate: \udcff"
        ids = [4_000_000_000] if c.mode == "bad_token" else p.token_ids
        judge = fg.JudgeTerm(1.0).with_bos().context_move().scored_tokens(ids)
        round = fg.Round.new(fg.Chat([fg.ChatMessage.user(text)]), [judge])
        if c.mode == "malformed":
            round.reference_move = "the gap"  # a str where token ids belong
        if c.mode == "nested":
            round.reference_move = nested(100_000)
        return round


fg.export(HostilePy)
