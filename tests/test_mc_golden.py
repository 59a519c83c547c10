"""Mafia City golden playthrough: a seeded 4-player game whose actions and events are committed;
replaying must give exactly the recorded log. Regenerate after an intended rules change with
``SPEAKEASY_UPDATE_GOLDEN=1``."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from speakeasy.games.mafia_city.engine.game import Game

GOLDEN = Path(__file__).resolve().parent / "golden" / "mafia_city_4p_seed2012.json"
SEED = 2012


def record() -> dict[str, Any]:
    game = Game.new(players=4, seed=SEED)
    rng = random.Random(SEED)
    steps = []
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        steps.append(
            {
                "player": decision.player,
                "decision": str(decision.kind),
                "action": str(action),
                "events": [e.to_data() for e in events],
            }
        )
    return {
        "seed": SEED,
        "players": list(game.players),
        "setup_events": [e.to_data() for e in game.setup_events],
        "steps": steps,
        "result": game.result().to_data(),
        "final_state": game.state.to_data(),
    }


def test_golden_playthrough_replays_exactly() -> None:
    if os.environ.get("SPEAKEASY_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    game = Game.new(players=golden["players"], seed=golden["seed"])
    assert [e.to_data() for e in game.setup_events] == golden["setup_events"]
    for number, step in enumerate(golden["steps"], start=1):
        decision = game.pending
        assert decision is not None, f"step {number}: the game ended early"
        assert (decision.player, str(decision.kind)) == (step["player"], step["decision"]), number
        events = game.apply(step["action"])
        assert json.loads(json.dumps([e.to_data() for e in events])) == step["events"], number
    assert game.is_over
    assert game.result().to_data() == golden["result"]
    assert json.loads(json.dumps(game.state.to_data())) == golden["final_state"]
