"""A history-free Mafia City game (``copy(history=False)``, no event log) refuses exactly as
the game it came from: at every Complicity decision of seeded random games, every Complicity
on every token, with every card of the asker's hand, gets the same ``why_not`` (MC-COMPL-3
names the player who caused the move from the decision, not from the log)."""

from __future__ import annotations

import random

from speakeasy.core.actions import Action
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.kinds import DecisionKind


def _text(found: object) -> str:
    return "legal" if found is None else f"{getattr(found, 'code', '')}: {found}"


def test_history_free_copies_explain_complicity_refusals_like_the_game() -> None:
    compared = 0
    for seed in range(12):
        game = Game.new(5, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            if pending.kind == DecisionKind.COMPLICITY:
                fast = game.copy(history=False)
                hand = game.state.seats[str(pending.player)].hand
                for card in hand:
                    for loc, stack in game.state.stacks.items():
                        for pos in range(len(stack)):
                            action = Action("complicity", (card, loc, pos))
                            assert _text(fast.why_not(action)) == _text(game.why_not(action))
                            compared += 1
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 0
