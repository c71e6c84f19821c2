"""Frost game SDK for Python: write a cross-entropy game as a Python module, test it in plain
CPython (`frost_game.testing`), build it into a sandboxed WebAssembly component with
`frost-host game build` (componentize-py, against the WIT `frost:game@0.2.0`).

    import frost_game as fg

    class MyGame(fg.Game):
        NAME, VERSION, DESCRIPTION = "my-game", "0.1.0", "..."
        Config = MyConfig                       # a dataclass, every field with a default
        def requirements(self, c): ...          # -> fg.Requirements (raise fg.Rejected)
        def new_round(self, c, seed, passages): ...  # -> fg.Round

    fg.export(MyGame)

docs/writing-a-game.md walks through it.
"""

from .game import (
    ABI_VERSION,
    Game,
    NoConfig,
    PromptStyle,
    Rejected,
    Rng,
    check_move_tokens,
    export,
)
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
    Passage,
    PassageSpec,
    Penalty,
    Raw,
    Requirements,
    Round,
    Text,
    Tokens,
)

__all__ = [
    "ABI_VERSION", "Game", "NoConfig", "PromptStyle", "Rejected", "Rng", "check_move_tokens",
    "export",
    "Chat", "ChatMessage", "GameInfo", "JudgeProgram", "JudgeSegment", "JudgeTerm", "Move",
    "MoveConstraints", "MovePart", "Passage", "PassageSpec", "Penalty", "Raw", "Requirements",
    "Round", "Text", "Tokens",
]
