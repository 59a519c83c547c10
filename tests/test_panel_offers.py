"""Every position the decision panel shows offers a person something to press (issue 23).

The browser tests decide from what the panel offers at the map's step; here every position of
whole games is checked without a browser: while a decision is pending the panel offers the
person to decide some of its options (buttons or a list, in every group of the picker), or
covers the cards with a button that uncovers them, or, when a bot is to move, "Let the bots
move"; only the game over offers nothing (and says so). Positions where a bot is to move come
from going back to earlier steps (``goto``), as "Go back" does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from speakeasy.games.mafia_city.table import play as mafia_city_play
from speakeasy.games.mafia_city.table import play_panel as mafia_city_panel
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.games.speakeasy.table.play_panel import panel_view


def offers(view: dict[str, Any]) -> set[str]:
    """What a person can press on the panel ``view`` to move the game on."""
    found: set[str] = set()
    for group in view["groups"]:
        if group["options"]:
            found.add("list" if group["list"] else "buttons")
    if view["finish"]:
        found.add("buttons")
    if view["cover"]:
        found.add("reveal")
    if view["bots"] is not None:
        found.add("bots")
    return found


def check(view: dict[str, Any], pending: bool, waiting: bool, views: Callable[..., Any]) -> str:
    """The panel of one position offers what that position needs; which kind of position it
    is (over, reveal, bots, choose)."""
    prompt = view["prompt"]
    assert prompt is not None
    if not pending:
        assert prompt["over"] and not offers(view), view
        return "over"
    assert not prompt["over"]
    found = offers(view)
    if view["cover"]:
        assert "reveal" in found
        return "reveal"
    if not waiting:  # a bot is to move
        assert view["bots"] and "bots move" in view["bots"].lower(), view
        return "bots"
    assert found & {"buttons", "list"}, f"nothing to choose at step {view['step']}: {view}"
    shown = [i for g in view["groups"] for i in g["options"]] + list(view["finish"])
    assert len(shown) == len(set(shown)) and all(0 <= i < len(view["options"]) for i in shown)
    for title in (view["picker"] or {}).get("titles", []):  # every group of the picker too
        focused = views(group=title)
        assert offers(focused) & {"buttons", "list"}, f"group {title!r} offers nothing"
    return "choose"


@pytest.mark.parametrize("seed", [3])
def test_every_speakeasy_position_offers_something_to_press(seed: int) -> None:
    rng = random.Random(seed)
    table = Table.new({"purple": "human", "blue": "random"}, seed=seed)
    seen: list[str] = []
    jumps = 4
    while True:
        game = table.game
        view = panel_view(table)
        kind = check(
            view,
            game.pending is not None,
            table.waiting_for_human,
            lambda **kw: panel_view(table, **kw),
        )
        seen.append(kind)
        if game.pending is None:
            break
        if table.waiting_for_human:
            table.choose(rng.choice(game.legal_actions()))
        else:
            table.play_bots()
        if jumps and rng.random() < 0.05 and len(table.game.history) > 2:
            jumps -= 1  # back to an earlier step, maybe a bot's
            table.goto(rng.randrange(len(table.game.history)))
    assert len(seen) > 50 and {"choose", "bots", "over"} <= set(seen), set(seen)


@pytest.mark.parametrize("seed", [2])
def test_every_mafia_city_position_offers_something_to_press(seed: int) -> None:
    rng = random.Random(seed)
    table = mafia_city_play.Table.new(
        {"red": "human", "blue": "human", "green": "random"}, seed=seed
    )
    uncovered: str | None = None
    seen: list[str] = []
    jumps = 4
    while True:
        game = table.game
        shown = uncovered
        view = mafia_city_panel.panel_view(table, uncovered=shown)
        kind = check(
            view,
            game.pending is not None,
            table.waiting_for_human,
            lambda **kw: mafia_city_panel.panel_view(table, uncovered=shown, **kw),  # noqa: B023 (called now)
        )
        seen.append(kind)
        if game.pending is None:
            break
        if view["cover"]:
            uncovered = str(game.pending.player)  # "I am ...: show my cards"
        elif table.waiting_for_human:
            table.choose(rng.choice(list(game.pending.options)))
        else:
            table.play_bots()
        if jumps and rng.random() < 0.05 and len(table.game.history) > 2:
            jumps -= 1
            table.goto(rng.randrange(len(table.game.history)))
    assert len(seen) > 50 and {"choose", "reveal", "over"} <= set(seen), set(seen)
