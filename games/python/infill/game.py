"""Max-likelihood infilling, in Python (the port of games/infill): a passage is cut into
prefix / gap / suffix; the player writes the gap (`gap_tokens` tokens) and the judge scores
the completed text: the log-likelihood of `move + suffix` given the prefix (or of the suffix
alone with `score = "suffix"`). Its rounds equal the Rust game's on the same config and
passages (tests/e2e/python_games.rs compares them)."""

from dataclasses import dataclass, field
from typing import List, Literal

import frost_game as fg
from frost_game.words import is_whitespace


@dataclass
class InfillConfig:
    #: Tokens of context before the gap (given to the judge, not scored).
    prefix_tokens: int = 64
    #: Length of the gap the player writes (L); the paper uses 8 (also 4 and 12).
    gap_tokens: int = 8
    #: Tokens after the gap (scored).
    suffix_tokens: int = 32
    #: What the judge scores: the move and the suffix, or the suffix alone.
    score: Literal["move+suffix", "suffix"] = "move+suffix"
    #: "chat": an instruction with a [GAP] marker; "raw": suffix, separator, prefix.
    prompt: fg.PromptStyle = "chat"
    #: Chat prompt: say how the gap starts (a leading space is otherwise invisible at [GAP]).
    gap_hint: bool = True
    #: Ban every token containing a line break from the move.
    ban_newlines: bool = False
    #: Added/special tokens the move may use, by text (e.g. ["<think>"]).
    allowed_special: List[str] = field(default_factory=list)


#: Separates the suffix (shown first) from the prefix in the raw layout.
RAW_SEPARATOR = "\n\n[...]\n\n"
GAP_MARKER = "[GAP]"


def gap_start(gap_text: str) -> str:
    """One sentence saying how the missing text starts: a space, a line break, or directly
    after the text before the gap."""
    if not gap_text:
        return ""
    c = gap_text[0]
    if c in "\n\r":
        how = "with a line break"
    elif is_whitespace(c):
        how = "with a space"
    else:
        how = "directly after the text before it, with no space"
    return f"The missing text starts {how}. "


class Infill(fg.Game):
    # NAME, VERSION and DESCRIPTION: frost-game.toml, beside this file.
    Config = InfillConfig

    def requirements(self, c: InfillConfig) -> fg.Requirements:
        fg.check_move_tokens("gap_tokens", c.gap_tokens)
        if c.prefix_tokens <= 0:
            raise fg.Rejected("prefix_tokens must be at least 1 (the gap needs context)")
        if c.suffix_tokens <= 0:
            raise fg.Rejected("suffix_tokens must be at least 1 (the suffix is what is scored)")
        total = c.prefix_tokens + c.gap_tokens + c.suffix_tokens
        if total >= 1 << 32:
            raise fg.Rejected("prefix + gap + suffix is too long")
        return fg.Requirements.new(c.gap_tokens, [total])

    def new_round(self, c: InfillConfig, seed: int, passages: List[fg.Passage]) -> fg.Round:
        p = passages[0]
        pre, gap = c.prefix_tokens, c.gap_tokens
        prefix_ids = p.token_ids[:pre]
        gap_ids = p.token_ids[pre : pre + gap]
        suffix_ids = p.token_ids[pre + gap :]
        n = len(p.token_ids)
        if c.prompt == "chat":
            hint = gap_start(p.text_between(pre, pre + gap)) if c.gap_hint else ""
            prompt = fg.Chat(
                [
                    fg.ChatMessage.system(
                        "You restore missing text. Reply with the missing text only, nothing "
                        "before or after it."
                    ),
                    fg.ChatMessage.user(
                        f"A passage with {gap} tokens missing at {GAP_MARKER}:\n\n"
                        f"{p.text_between(0, pre)}{GAP_MARKER}{p.text_between(pre + gap, n)}\n\n"
                        f"{hint}Write the missing text."
                    ),
                ]
            )
        else:
            # Exact token ids for the prefix: the move continues the passage's own tokenization.
            prompt = fg.Raw([fg.Tokens(suffix_ids), fg.Text(RAW_SEPARATOR), fg.Tokens(prefix_ids)])
        judge = (
            fg.JudgeTerm(1.0)
            .with_bos()
            .context_tokens(prefix_ids)
            .segment(fg.Move(), c.score == "move+suffix")
            .scored_tokens(suffix_ids)
        )
        round = (
            fg.Round.new(prompt, [judge])
            .with_reference_move(gap_ids)
            .with_allowed_special(c.allowed_special)
        )
        # A whitespace-only banned string bans every token that holds it.
        return round.with_banned_strings(["\n"]) if c.ban_newlines else round


fg.export(Infill)
