"""Issue 13: a rule ID a notebook shows is a link to that rule on the rules page."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from speakeasy import games
from speakeasy.games.mafia_city.engine.game import Game as McGame
from speakeasy.games.mafia_city.explain.log import log as mc_log
from speakeasy.games.mafia_city.table.play import TableSnapshot, table_for
from speakeasy.games.mafia_city.table.play_panel import panel_view
from speakeasy.tools.rule_links import RuleSet, rule_ids_in
from speakeasy.tools.rules_index import load_rules_index
from speakeasy.tools.text import linked, md_text

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
_LINKERS = {"linked", "link_rules"}
_ID = re.compile(r"\b(?:R-[A-Z0-9-]+-\d+|E\d{1,2}|(?:GEO|MAP|GAP|DISC)-\d+)\b")


def _links(markdown: str) -> list[str]:
    return re.findall(r'<a href="/rules/\?id=([^"]+)"', markdown)


def test_engine_text_and_notebook_markdown_link_every_indexed_rule() -> None:
    text = "Refused: $3 < $5 (R-MONEY-3, R-TURN-4); see E4 and GAP-11."
    for shown in (md_text(text, rule_links=True), linked(md_text(text))):
        assert _links(shown) == rule_ids_in(text) == ["R-MONEY-3", "R-TURN-4", "E4", "GAP-11"]
        assert "\\$3" in shown  # still escaped: no formula


def test_every_rule_id_a_notebook_shows_has_an_entry_on_the_rules_page() -> None:
    """The rules page opens ``/rules/?id=<ID>`` for every ID of the index: each ID cited in
    these notebooks is one of them (an unknown ID would be a dead link)."""
    index = load_rules_index()
    for name in ("learn", "control", "gang_war", "truck_routes", "strategies", "rules"):
        source = (NOTEBOOKS / f"{name}.py").read_text()
        for rule_id in set(_ID.findall(source)):
            if rule_id.startswith(("R-", "GAP-", "GEO-", "DISC-", "E")) and "-" in rule_id:
                assert rule_id in index, (name, rule_id)


def _calls_md(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "md"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "mo"
    )


def _unlinked(node: ast.AST, rules: RuleSet, inside: bool = False) -> list[str]:
    """Rule IDs of ``rules`` in string literals of ``node`` not under a ``linked`` /
    ``link_rules`` call."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        inside = inside or node.func.id in _LINKERS
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and not inside:
        return rule_ids_in(node.value, rules)
    return [
        found for child in ast.iter_child_nodes(node) for found in _unlinked(child, rules, inside)
    ]


#: Each notebook with the game whose rule IDs it shows (the registry's name).
_NOTEBOOK_GAMES = [
    ("learn", "speakeasy"),
    ("control", "speakeasy"),
    ("gang_war", "speakeasy"),
    ("truck_routes", "speakeasy"),
    ("strategies", "speakeasy"),
    ("mafia_city_play", "mafia-city"),
    ("mafia_city_control", "mafia-city"),
]


@pytest.mark.parametrize(("name", "game"), _NOTEBOOK_GAMES)
def test_the_rule_ids_of_a_notebooks_markdown_are_links(name: str, game: str) -> None:
    """Every indexed rule ID in a notebook's Markdown is under ``linked``: Speakeasy's, and
    Mafia City's (issue 25: they were plain text or tooltips), through the game's own rules
    (its descriptor's ``rules``)."""
    rules = games.load(game).rules
    tree = ast.parse((NOTEBOOKS / f"{name}.py").read_text())
    bare = [i for node in ast.walk(tree) if _calls_md(node) for i in _unlinked(node, rules)]
    assert not bare, bare


def test_the_mafia_city_control_notebook_shows_its_rule_ids_as_links() -> None:
    """Its introduction cites MC-CTRL-3 and more: each is a link once the notebook runs."""
    source = (NOTEBOOKS / "mafia_city_control.py").read_text()
    assert "linked(" in source and 'load_game("mafia-city").rules' in source
    shown = linked("on a tie (MC-CTRL-3, GAP-MC-12)", games.load("mafia-city").rules)
    assert _links(shown) == ["MC-CTRL-3", "GAP-MC-12"]


def test_mafia_city_log_lines_and_panel_link_their_rules() -> None:
    """The explained log cites each rule as a link (it was an ``<abbr>`` tooltip), in HTML and
    Markdown; the play panel lists the rules page URL of every rule it cites."""
    game = McGame.new(players=3, seed=4)
    entries = mc_log(game)
    assert entries
    entry = entries[-1]
    assert "<abbr" not in entry.html()
    assert re.findall(r'<a href="/rules/\?id=([^"]+)"', entry.html()) == list(entry.rules)
    assert _links(entry.markdown()) == list(entry.rules)
    snapshot = TableSnapshot(tuple((s, "human") for s in game.players), seed=4)
    view = panel_view(table_for(snapshot))
    rules = [r["id"] for r in view["prompt"]["rules"]]
    assert rules and all(view["links"][r] == f"/rules/?id={r}" for r in rules)


def test_learn_escapes_engine_text_once() -> None:
    """An explanation's ``markdown()`` is already escaped: escaping its ``\\$`` again showed a
    literal backslash and a formula; engine strings go through ``md_text``, not a ``$``-only
    replacement."""
    tree = ast.parse((NOTEBOOKS / "learn.py").read_text())
    twice = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("money", "md_text")
        and any(
            isinstance(n, ast.Attribute) and n.attr in ("markdown", "prompt", "label")
            for n in ast.walk(node.args[0])
        )
        and "markdown" in ast.unparse(node.args[0])
    ]
    assert not twice, twice
