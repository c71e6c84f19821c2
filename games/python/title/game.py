"""Title, the authors' demo game, in Python (the port of games/title): the player writes a
title of `title_tokens` tokens for a text; the reward is log p(title | "Title:") plus
log p(text | "Title:" + title), one judge sequence with no BOS. Every token of the text and
every token holding a line break is banned from the title. Its rounds equal the Rust game's
on the same config and passages (tests/e2e/python_games.rs compares them)."""

from dataclasses import dataclass
from typing import List

import frost_game as fg


@dataclass
class TitleConfig:
    #: Tokens of the text to title (scored after the title).
    text_tokens: int = 64
    #: Length of the title (the move), in tokens; the demo's is 10.
    title_tokens: int = 10
    #: What the judge reads before the title (not scored; tokenized on its own).
    title_prefix: str = "Title:"
    #: What the judge reads between the title and the text (not scored; "" for none).
    separator: str = "\n"
    #: Ban every token id of the text from the title.
    ban_text_tokens: bool = True
    #: Ban every token holding a line break ("\n" or "\r") from the title.
    ban_line_breaks: bool = True
    #: "chat": an instruction with the text; "raw": the text, a blank line, then title_prefix.
    prompt: fg.PromptStyle = "chat"


#: The line breaks banned from a title, as banned strings.
LINE_BREAKS = ["\n", "\r"]


class Title(fg.Game):
    # NAME, VERSION and DESCRIPTION: frost-game.toml, beside this file.
    Config = TitleConfig

    def requirements(self, c: TitleConfig) -> fg.Requirements:
        fg.check_move_tokens("title_tokens", c.title_tokens)
        if c.text_tokens <= 0:
            raise fg.Rejected("text_tokens must be at least 1 (the text is what is titled)")
        if not c.title_prefix:
            raise fg.Rejected(
                "title_prefix must not be empty: the title's first token is scored after it"
            )
        return fg.Requirements.new(c.title_tokens, [c.text_tokens])

    def new_round(self, c: TitleConfig, seed: int, passages: List[fg.Passage]) -> fg.Round:
        text = passages[0]
        if c.prompt == "chat":
            prompt = fg.Chat(
                [
                    fg.ChatMessage.system("You write titles. Reply with the title only, on one line."),
                    fg.ChatMessage.user(
                        f"Write a title of {c.title_tokens} tokens for the text below, without "
                        f"reusing its words.\n\nText:\n{text.text}"
                    ),
                ]
            )
        else:
            prompt = fg.Raw([fg.Tokens(text.token_ids), fg.Text(f"\n\n{c.title_prefix}")])
        # log p(title | "Title:") + log p(text | "Title:" + title): one sequence, both scored.
        term = fg.JudgeTerm(1.0).context_text(c.title_prefix).scored_move()
        if c.separator:
            term = term.context_text(c.separator)
        term = term.scored_tokens(text.token_ids)
        round = fg.Round.new(prompt, [term])
        if c.ban_text_tokens:
            round = round.with_banned_token_ids(sorted(set(text.token_ids)))
        if c.ban_line_breaks:
            round = round.with_banned_strings(LINE_BREAKS)
        return round


fg.export(Title)
