"""Plain data that crosses the game boundary: one class per type of the WIT
`frost:game@0.2.0` (sdk/wit/since_v0.2.0/game.wit), field for field, with the Rust SDK's
short constructors (`JudgeTerm(1.0).with_bos().context_tokens(ids).scored_move()`).

The WIT's variants are small classes: a prompt is `Chat([...])` or `Raw([...])`; a prompt
segment is `Text` or `Tokens`; a judge segment's content is `Text`, `Tokens`, `Move()` (the
player's move, all of it) or `MovePart(i)` (move `i` of `Requirements.moves`). Token ids are
ints below the tokenizer's vocabulary; byte offsets are into the passage's UTF-8 text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple, Union


@dataclass
class GameInfo:
    """What a game says about itself before any round is played."""

    name: str
    version: str
    abi_version: str
    description: str
    config_schema: str
    default_config: str


@dataclass
class PassageSpec:
    """Exact number of tokens the host must supply for a passage."""

    tokens: int


@dataclass
class Requirements:
    """What a game needs for a config: the move length and the passages per round.
    `moves`: several moves written in one generation, their lengths summing to
    `move_tokens` (empty: one move)."""

    move_tokens: int
    passages: List[PassageSpec]
    moves: List[int] = field(default_factory=list)

    @classmethod
    def new(cls, move_tokens: int, passage_tokens: List[int]) -> "Requirements":
        """A move of `move_tokens` tokens and passages of these lengths."""
        return cls(move_tokens, [PassageSpec(n) for n in passage_tokens])

    def with_moves(self, moves: List[int]) -> "Requirements":
        """Several moves of these lengths, written in one generation (`move_tokens` is their sum)."""
        self.moves = list(moves)
        self.move_tokens = sum(moves)
        return self


@dataclass
class Passage:
    """Corpus text as the host supplies it: its token ids and each token's byte span
    `[start, end)` in the UTF-8 text (the host owns the tokenizer)."""

    text: str
    token_ids: List[int]
    offsets: List[Tuple[int, int]]

    def text_between(self, start: int, end: int) -> str:
        """The text of tokens `start..end` (token indices), cut at the tokens' byte offsets.
        A byte-level token may end inside a multi-byte character: the cut then widens to
        whole characters, as the Rust SDK's does."""
        end = min(end, len(self.offsets))
        if start >= end:
            return ""
        data = self.text.encode("utf-8")
        lo = min(self.offsets[start][0], len(data))
        hi = max(lo, min(self.offsets[end - 1][1], len(data)))
        # A UTF-8 continuation byte is 0b10xxxxxx: step off it to a character boundary.
        while lo > 0 and lo < len(data) and data[lo] & 0xC0 == 0x80:
            lo -= 1
        while hi < len(data) and data[hi] & 0xC0 == 0x80:
            hi += 1
        return data[lo:hi].decode("utf-8")


@dataclass
class ChatMessage:
    """One chat message: role "system", "user" or "assistant"."""

    role: str
    content: str

    @classmethod
    def system(cls, content: str) -> "ChatMessage":
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> "ChatMessage":
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str) -> "ChatMessage":
        return cls("assistant", content)


@dataclass
class Text:
    """Text the host tokenizes (without special tokens): a prompt or judge segment."""

    value: str


@dataclass
class Tokens:
    """Token ids in the host tokenizer's vocabulary: a prompt or judge segment."""

    value: List[int]


@dataclass
class Move:
    """The player's move, all of it (a judge segment)."""


@dataclass
class MovePart:
    """Move `index` of `Requirements.moves` (a judge segment)."""

    index: int


PromptSegment = Union[Text, Tokens]
SegmentContent = Union[Text, Tokens, Move, MovePart]


@dataclass
class Chat:
    """A chat prompt: the host applies the model's chat template and opens the assistant turn."""

    messages: List[ChatMessage]


@dataclass
class Raw:
    """A raw prompt: segments concatenated as they are (a base model's layout); the move follows."""

    segments: List[PromptSegment]


Prompt = Union[Chat, Raw]


@dataclass
class JudgeSegment:
    """One segment of a judge sequence. `scored`: its tokens enter the term's cross-entropy;
    `skip_first`: its first token is read but not scored (Xent's rule for a scored string)."""

    content: SegmentContent
    scored: bool = False
    skip_first: bool = False


@dataclass
class JudgeTerm:
    """weight * (-CE over the scored segments of one judge sequence). Segments are appended
    in reading order: `context_*` ones are read, `scored_*` ones enter the cross-entropy.
    `max_token_ce`: each scored token adds -min(CE, c) nats."""

    weight: float
    bos: bool = False
    segments: List[JudgeSegment] = field(default_factory=list)
    max_token_ce: Optional[float] = None

    def with_bos(self) -> "JudgeTerm":
        """Start the judge sequence with the BOS token."""
        self.bos = True
        return self

    def with_max_token_ce(self, c: float) -> "JudgeTerm":
        """Clamp each scored token's cross-entropy at `c` nats."""
        self.max_token_ce = c
        return self

    def push(self, segment: JudgeSegment) -> "JudgeTerm":
        self.segments.append(segment)
        return self

    def segment(self, content: SegmentContent, scored: bool) -> "JudgeTerm":
        return self.push(JudgeSegment(content, scored))

    def context_text(self, text: str) -> "JudgeTerm":
        return self.segment(Text(text), False)

    def context_tokens(self, ids: List[int]) -> "JudgeTerm":
        return self.segment(Tokens(list(ids)), False)

    def context_move(self) -> "JudgeTerm":
        """The move as context (e.g. xent(s | x), where only s is scored)."""
        return self.segment(Move(), False)

    def scored_text(self, text: str) -> "JudgeTerm":
        return self.segment(Text(text), True)

    def scored_tokens(self, ids: List[int]) -> "JudgeTerm":
        return self.segment(Tokens(list(ids)), True)

    def scored_move(self) -> "JudgeTerm":
        return self.segment(Move(), True)


@dataclass
class Penalty:
    """The constraint `terms >= threshold` (terms summed as a reward's, in nats) as a hinge:
    the reward loses weight * max(0, threshold - g)."""

    terms: List[JudgeTerm]
    threshold: float
    weight: float = 1.0

    @classmethod
    def at_least(cls, terms: List[JudgeTerm], threshold: float) -> "Penalty":
        return cls(list(terms), threshold)

    def with_weight(self, weight: float) -> "Penalty":
        self.weight = weight
        return self


@dataclass
class JudgeProgram:
    terms: List[JudgeTerm]
    penalties: List[Penalty] = field(default_factory=list)


@dataclass
class MoveConstraints:
    """What the move may not hold. See docs/writing-a-game.md for each rule."""

    banned_token_ids: List[int] = field(default_factory=list)
    banned_strings: List[str] = field(default_factory=list)
    banned_words: List[str] = field(default_factory=list)
    allowed_words: Optional[List[str]] = None
    allowed_special: List[str] = field(default_factory=list)


@dataclass
class Round:
    """One round: what the player sees, how the judge scores, what is banned, and a move the
    host scores for scale (e.g. the true gap)."""

    prompt: Prompt
    judge: JudgeProgram
    constraints: MoveConstraints = field(default_factory=MoveConstraints)
    reference_move: Optional[List[int]] = None

    @classmethod
    def new(cls, prompt: Prompt, terms: List[JudgeTerm]) -> "Round":
        """A round with this prompt and judge terms, no constraints, no reference move."""
        return cls(prompt, JudgeProgram(list(terms)))

    def with_reference_move(self, ids: List[int]) -> "Round":
        self.reference_move = list(ids)
        return self

    def with_banned_strings(self, strings: List[str]) -> "Round":
        self.constraints.banned_strings = list(strings)
        return self

    def with_banned_token_ids(self, ids: List[int]) -> "Round":
        self.constraints.banned_token_ids = list(ids)
        return self

    def with_penalty(self, penalty: Penalty) -> "Round":
        self.judge.penalties.append(penalty)
        return self

    def with_banned_words(self, words: List[str]) -> "Round":
        self.constraints.banned_words = list(words)
        return self

    def with_allowed_words(self, words: List[str]) -> "Round":
        self.constraints.allowed_words = list(words)
        return self

    def with_allowed_special(self, tokens: List[str]) -> "Round":
        self.constraints.allowed_special = list(tokens)
        return self


def is_move(content: SegmentContent) -> bool:
    """Whether a judge segment reads the move (all of it or one part)."""
    return isinstance(content, (Move, MovePart))
