"""{{name}}: the player writes the tokens that bridge a context and what follows it; the
reward is the judge's log-likelihood of what follows, given the context and the bridge."""

from dataclasses import dataclass
from typing import List

import frost_game as fg


@dataclass
class Config:
    """Every field has a default; an unknown field in a config is an error naming it."""

    context_tokens: int = 32  # tokens the player sees
    move_tokens: int = 4  # tokens the player writes
    target_tokens: int = 16  # tokens after the move that the judge scores


class Bridge(fg.Game):
    NAME = "{{name}}"
    VERSION = "0.1.0"
    DESCRIPTION = "Write a bridge that makes what follows likely."
    Config = Config

    def requirements(self, c: Config) -> fg.Requirements:
        """Validate the config and say what a round needs."""
        if c.move_tokens < 1 or c.target_tokens < 1:
            raise fg.Rejected("move_tokens and target_tokens must be at least 1")
        passage = c.context_tokens + c.move_tokens + c.target_tokens
        return fg.Requirements.new(c.move_tokens, [passage])

    def new_round(self, c: Config, seed: int, passages: List[fg.Passage]) -> fg.Round:
        """One round. The SDK has already checked the passages against `requirements`."""
        p = passages[0]
        ctx, mv = c.context_tokens, c.move_tokens
        context = p.token_ids[:ctx]
        target = p.token_ids[ctx + mv :]
        # A base-model layout; fg.Chat([fg.ChatMessage.user(...)]) for chat models.
        prompt = fg.Raw([fg.Tokens(context)])
        # reward = 1.0 * -CE(target | BOS, context, move)
        judge = fg.JudgeTerm(1.0).with_bos().context_tokens(context).context_move().scored_tokens(target)
        return fg.Round.new(prompt, [judge]).with_reference_move(p.token_ids[ctx : ctx + mv])


fg.export(Bridge)
