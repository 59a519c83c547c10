"""Play keeps its game across a reload (issue 24 item 9), in a real browser (headless Chromium
against ``marimo run``).

Two decisions on a seeded game (``?seed=5`` in the address keeps the test deterministic), then
a reload: the page opens on the same step and position (the map's meta and title, the panel,
the log) from the game kept in the page's address; Mafia City's table, through the same
session code, too. A new game without a seed gets a new one, as does a fresh visit; a damaged
address gives a new game and a plain note. Screenshots after
the reload at 1280×800 and 1920×1080 are kept under ``tmp_path`` and copied to
``/work/shots/reload_*.png`` when that folder exists.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser import TableView, set_viewport, wait_for_cells, wait_for_table
from tests.test_browser_mafia_city import _decide as _mc_decide
from tests.test_browser_mafia_city import _opened as _mc_opened
from tests.test_browser_play import TIMEOUT_MS, _click_first_option, _open, _open_setup

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SHOTS = Path("/work/shots")
SEED_SPAN = ".se-seed"


def _with(url: str, query: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{query}"


def _kept(page: Any, step: int) -> str:
    """Wait until the page's address holds the game at ``step`` (the seed line under the map
    names the step it wrote) and return the ``game`` parameter."""
    expect(page.locator(f"{SEED_SPAN}[data-step='{step}'][data-kept='true']")).to_be_attached(
        timeout=TIMEOUT_MS
    )
    page.wait_for_function("() => new URL(location.href).searchParams.has('game')")
    values = parse_qs(urlsplit(page.url).query).get("game", [])
    assert len(values) == 1, page.url
    value: str = values[0]
    return value


def _seed(page: Any) -> int:
    return int(page.locator(SEED_SPAN).first.get_attribute("data-seed") or -1)


def _same_table(a: TableView, b: TableView) -> None:
    assert (a.meta["step"], a.meta["pending"], a.title) == (
        b.meta["step"],
        b.meta["pending"],
        b.title,
    )
    assert (a.player, a.options) == (b.player, b.options)


def test_a_reload_keeps_the_game_and_a_new_game_gets_a_new_seed(
    play_url: str, chromium_page: Any, tmp_path: Path
) -> None:
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _open(page, _with(play_url, "seed=5"))
    assert _seed(page) == 5

    _click_first_option(page)
    second = _click_first_option(page)
    before = wait_for_table(page, TIMEOUT_MS, step=second.step)
    value = _kept(page, second.step)
    log_before = page.locator(".se-log").first.get_attribute("data-count")

    page.reload(wait_until="domcontentloaded")
    after = wait_for_table(page, TIMEOUT_MS, step=second.step, note="Your game is back")
    wait_for_cells(page, TIMEOUT_MS)
    _same_table(before, after)
    assert _seed(page) == 5
    assert page.locator(".se-log").first.get_attribute("data-count") == log_before
    assert parse_qs(urlsplit(page.url).query)["game"] == [value]

    for width, height in ((1280, 800), (1920, 1080)):
        set_viewport(page, width, height)
        shot = tmp_path / f"reload_{width}x{height}.png"
        page.screenshot(path=str(shot))
        if SHOTS.is_dir():
            shutil.copyfile(shot, SHOTS / shot.name)

    # a new game with the seed box left blank: a new seed, shown
    _open_setup(page)
    page.get_by_role("button", name="New game").click()
    fresh = wait_for_table(page, TIMEOUT_MS, note="(a new one: type it in Seed")
    kept = _kept(page, fresh.meta["step"])  # the seed line is drawn after the panel's note
    seed = _seed(page)
    assert seed != 5 and f"New game, seed {seed}." in (fresh.note or "")
    assert kept != value
    assert not errors, errors


def test_fresh_visits_get_new_seeds_and_a_damaged_address_a_plain_note(
    play_url: str, chromium_page: Any
) -> None:
    page = chromium_page
    seeds = set()
    for _ in range(2):
        _open(page, play_url)
        seeds.add(_seed(page))
    assert len(seeds) == 2, "two fresh visits, one seed"

    page.goto(_with(play_url, "game=not-a-game"), wait_until="domcontentloaded")
    view = wait_for_table(page, TIMEOUT_MS, note="The game in this page's address cannot be opened")
    assert view.meta["pending"] is not None
    expect(page.get_by_text("Traceback")).to_have_count(0)


def test_mafia_city_keeps_its_game_across_a_reload_too(
    mafia_city_play_url: str, chromium_page: Any
) -> None:
    """The same mechanism (the shared table session) serves Mafia City's play table."""
    page = chromium_page
    now = _mc_opened(page, _with(mafia_city_play_url, "seed=4"))
    assert int(page.locator(".mc-seed").first.get_attribute("data-seed") or -1) == 4
    for _ in range(2):
        now = _mc_decide(page, now)
    expect(page.locator(f".mc-seed[data-step='{now.step}'][data-kept='true']")).to_be_attached(
        timeout=TIMEOUT_MS
    )
    page.reload(wait_until="domcontentloaded")
    after = wait_for_table(page, TIMEOUT_MS, step=now.step, note="Your game is back")
    _same_table(now, after)
