"""``notebooks/mafia_city_control.py`` in a real browser, opened from a game (issue 27): the
coach's "explore" link (``?at=``) starts the explorer at the map the asking seat sees, chosen
first, each stack typed as in the game; a link that holds no map is refused in plain words and
the explorer opens at its usual start. A screenshot goes to
``/tmp/mafia_city_control_linked.png``."""

from __future__ import annotations

from typing import Any

import pytest

from speakeasy.games.mafia_city.engine.bots import HeuristicBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.studies.control import control_table, position_query

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

TIMEOUT_MS = 60_000


def test_a_position_linked_from_a_game_opens_first(
    mafia_city_control_url: str, chromium_page: Any
) -> None:
    game = Game.new(players=4, seed=5)
    bots = {p: HeuristicBot(seed=5) for p in game.state.players}
    for _ in range(60):
        pending = game.pending
        assert pending is not None
        game.apply(bots[pending.player].choose(game.observe(pending.player), pending))
    title = "Your game at step 60, as Red sees it"
    link = position_query(game.observe("red"), title)["at"]
    stacks = {loc: ", ".join(stack) for loc, stack in game.state.stacks.items()}
    assert any(stacks.values()), "the game must have tokens on the map by now"
    names = {row.location: row.name for row in control_table(game.state)}
    page = chromium_page
    page.goto(f"{mafia_city_control_url}?at={link}", wait_until="domcontentloaded")
    expect(page.get_by_role("radio", name=title)).to_be_checked(timeout=TIMEOUT_MS)
    for loc, typed in stacks.items():
        box = page.get_by_role("textbox", name=f"[{loc}] {names[loc]}")
        expect(box).to_have_value(typed, timeout=TIMEOUT_MS)
    page.screenshot(path="/tmp/mafia_city_control_linked.png", full_page=True)

    page.goto(f"{mafia_city_control_url}?at=not-a-position", wait_until="domcontentloaded")
    expect(page.get_by_text("The linked position cannot be opened")).to_be_visible(
        timeout=TIMEOUT_MS
    )
    expect(page.get_by_role("radio", name="a bot game at the end of phase I")).to_be_checked(
        timeout=TIMEOUT_MS
    )
