"""Golden playthrough: one seeded 4-player game whose whole action and event log is committed.

Replaying the recorded actions must give exactly the recorded events and final position, so
any change to the rules shows up here as a diff. After an *intended* rules change, regenerate
the file and review the diff::

    SPEAKEASY_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from speakeasy import Game
from speakeasy.games.speakeasy.model.state import to_data

GOLDEN = Path(__file__).resolve().parent / "golden" / "playthrough_4p_seed2026.json"
SEED = 2026


def record() -> dict[str, Any]:
    """Play the golden game: seeded random choices for all four seats."""
    game = Game.new(players=4, seed=SEED)
    rng = random.Random(SEED)
    steps: list[dict[str, Any]] = []
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        steps.append(
            {
                "player": decision.player.value,
                "decision": decision.kind,
                "action": str(action),
                "events": [e.to_data() for e in events],
            }
        )
    return {
        "seed": SEED,
        "players": [c.value for c in game.colours],
        "setup_events": [e.to_data() for e in game.setup_events],
        "steps": steps,
        "result": game.result().to_data(),
        "final_state": to_data(game.state),
    }


def test_golden_playthrough_replays_exactly() -> None:
    """Every rules area in one game: the recorded log must not change without a review."""
    if os.environ.get("SPEAKEASY_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    game = Game.new(players=golden["players"], seed=golden["seed"])
    assert [e.to_data() for e in game.setup_events] == golden["setup_events"]
    for number, step in enumerate(golden["steps"], start=1):
        assert game.pending is not None, f"the game ended early, before step {number}"
        assert game.pending.player.value == step["player"], f"step {number}"
        assert game.pending.kind == step["decision"], f"step {number}"
        events = [e.to_data() for e in game.apply(step["action"])]
        assert events == step["events"], f"step {number} ({step['action']}) changed its events"
    assert game.is_over
    assert game.result().to_data() == golden["result"]
    assert to_data(game.state) == golden["final_state"]


def test_golden_game_uses_every_location() -> None:
    """The recorded game visits all 8 locations, so the log covers every rules area."""
    golden = json.loads(GOLDEN.read_text())
    places = {
        e["data"].get("location")
        for step in golden["steps"]
        for e in step["events"]
        if e["kind"] in ("capo", "swap")
    }
    assert {
        "contractors",
        "planning",
        "garage",
        "city_hall",
        "commission",
        "docks",
        "restaurant",
    } <= places
    assert any(e["kind"] == "swap" for s in golden["steps"] for e in s["events"])
