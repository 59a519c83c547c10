"""The Mafia City play map explains itself (issue 25 item 4): every tile shows its name and a
line on what its evaluation does (MC-LOC-6, MC-PRISON-5 … MC-HALL-2) in the data's own words,
a key names the black squares (the cubes of evaluated locations, MC-LOC-9) and the figures, a
held figure stays on the map with its holder (MC-POLICE-2, MC-HALL-2), and the cards in a hand
say what their text and corner symbol do (MC-CARD-1)."""

from __future__ import annotations

import copy
import re

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.explain.log import card_text, log
from speakeasy.games.mafia_city.figures.map import KEY_TRACE, game_figure
from speakeasy.games.mafia_city.model.data import SYMBOLS, load_data
from speakeasy.games.mafia_city.table.play import Table
from speakeasy.games.mafia_city.table.play_panel import PlaySession, panel_view
from speakeasy.tools.decision_panel import PanelRequest

RULE_ID = re.compile(r"\b(MC|EMC|GAP-MC)-[A-Z0-9-]+|\b[a-z]+-\d\b")


def _seen(**public: object) -> Observation:
    seen = Game.new(players=3, seed=7).observe("red")
    changed = copy.deepcopy(seen.public)
    changed.update(public)
    return Observation(seen.seat, seen.hand, seen.hands, changed)


def _texts(fig: object, name: str) -> list[str]:
    trace = next(t for t in fig.data if t.name == name)  # type: ignore[attr-defined]
    return [re.sub(r"<[^>]+>", "", str(t)) for t in trace.text]


def test_every_tile_shows_its_name_and_what_its_evaluation_does() -> None:
    data = load_data()
    fig = game_figure(_seen())
    names = " ".join(_texts(fig, "tile names"))
    effects = _texts(fig, "effects")
    for number, location in data.locations.items():
        assert location.name.split()[-1] in names
        assert location.effect and location.effect in effects
        assert fig.layout.meta["effects"][number] == location.effect
        assert not RULE_ID.search(location.effect), "our own words, no IDs"
    assert len(set(effects)) == 7
    assert "draw 3, discard 1" in effects  # Business District, MC-BUSINESS-2


def test_the_key_names_the_black_squares_and_the_figures() -> None:
    fig = game_figure(_seen(cubes=[1, 2]))
    notes = [a for a in fig.layout.annotations if a.name == KEY_TRACE]
    key = re.sub(r"<[^>]+>", " ", notes[0].text)
    assert "black square: evaluated this round" in key
    assert "figure" in key and "1 VP" in key
    cubes = next(t for t in fig.data if t.name == "cubes")
    assert len(cubes.x) == 2 and cubes.marker.color == "#000"


def test_held_figures_stay_on_the_map_with_their_holder() -> None:
    on_tiles = game_figure(_seen())
    assert on_tiles.layout.meta["held"] == {}
    labels = _texts(on_tiles, "figures")
    assert {"Hitman", "Officer", "Mayor"} <= set(labels)
    fig = game_figure(_seen(officer="blue", mayor="green"))
    assert fig.layout.meta["held"] == {"Police Officer": "blue", "Mayor": "green"}
    held = next(a.text for a in fig.layout.annotations if a.name == KEY_TRACE and "Held" in a.text)
    assert "Officer: blue holds it" in held and "Mayor: green holds it" in held
    assert "Hitman" in _texts(fig, "figures")


def test_cards_in_hand_say_what_their_text_and_corner_symbol_do() -> None:
    data = load_data()
    assert set(data.symbols) == set(SYMBOLS)
    for card, info in data.cards.items():
        text = card_text(card)
        assert data.kinds[info.kind].text in text
        assert data.symbols[info.symbol] in text
        assert not RULE_ID.search(text.replace(card, "")), text
    table = Table.new({"red": "human", "blue": "random", "green": "random"}, seed=3)
    hand = next(s for s in panel_view(table)["sections"] if s["cls"] == "mc-hand")
    seen = table.observation()
    assert hand["lines"] == [card_text(c) for c in seen.hand]
    assert all(": " in line and not re.search(r"[*_`#\[\]]", line) for line in hand["lines"])


def test_step_through_opens_the_phase_and_event_of_a_step() -> None:
    """The panel's "Step through" on a step of phase II or III (MC-LOC, MC-STR) opens that
    phase at the step's first event; a step of phase I is answered with a note."""
    table = Table.new({"red": "human", "blue": "heuristic", "green": "random"}, seed=3)
    while table.game.pending is not None and len(table.phases()) < 2:
        table.choose(table.game.pending.options[0])
    entries = [e for e in log(table.game, newest_first=False) if e.phase == "location"]
    step = entries[3].step
    found = table.phase_at(step)
    assert found is not None
    key, index = found
    frames = table.phase_frames(*key)
    assert frames[index].entry.step == step
    assert index == 0 or frames[index - 1].entry.step != step
    turn = next(e.step for e in log(table.game, newest_first=False) if e.phase == "action")
    assert table.phase_at(turn) is None
    opened: list[int] = []
    session = PlaySession(table.snapshot(), on_through=opened.append)
    session.handle(PanelRequest("through", step=turn))
    assert opened == [] and "outside phases II and III" in session.panel.data["note"]["text"]
    session.handle(PanelRequest("through", step=step))
    assert opened == [step]
