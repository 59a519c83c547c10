"""Capturing a position: any game's position written back as a scenario (what "save this
position" does), and one district as a scenario's ``[districts.N]`` table.

A game's position is captured *exactly*, at every decision: the scenario holds the position
in full at the last point where the rules restart (the start of the current round, of the
Lucky Luciano phase or of final scoring; before the prologue, the game's start), the state of
the random number generator there, and the decisions taken since (``actions``), which loading
replays through the rules. Loading it gives the same position, the same pending decision with
the same options, and the same game from there on.

>>> from speakeasy.games.speakeasy.model.state import Colour
>>> game = Game([Colour.PURPLE, Colour.BLUE], seed=1)
>>> for _ in range(5):
...     _ = game.apply(game.legal_actions()[0])
>>> loaded = scenario_from_game(game).game()
>>> loaded.state == game.state, loaded.legal_actions() == game.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.engine.definition import SPEAKEASY
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.model.state import Colour, GameState
from speakeasy.games.speakeasy.positions.build import rng_text
from speakeasy.games.speakeasy.positions.format import Scenario
from speakeasy.games.speakeasy.rules.flow import Start

__all__ = ["district_spec", "scenario_from_game", "scenario_from_view"]


def district_spec(state: GameState, number: int, tokens: bool = False) -> dict[str, Any]:
    """District ``number`` of ``state`` as a scenario's ``[districts.N]`` table (empty when
    there is nothing on it): every building with its space and operations-board piece, the
    gangster bars (a count when they stand on the first free spaces, else their spaces),
    police, tokens, the gangster tile, and whether a gangster has been there (R-GANGWAR-13);
    with ``tokens``, the city token on each space too (``false``: none, R-SETUP-14).
    """
    d = state.districts[number]
    spec: dict[str, Any] = {}
    buildings = [
        {
            "owner": sp.building.owner.value,
            "type": sp.building.type.value,
            **({"protected": True} if sp.building.protected else {}),
            **({"barrel": True} if sp.building.barrel else {}),
            "space": index + 1,
            "piece": sp.building.piece,
        }
        for index, sp in enumerate(d.spaces)
        if sp.building is not None
    ]
    if buildings:
        spec["buildings"] = buildings
    bars = [index for index, sp in enumerate(d.spaces) if sp.gangster_bar]
    free = [index for index, sp in enumerate(d.spaces) if sp.building is None]
    if bars:  # a count when they stand on the first free spaces, as a count places them
        spec["gangster_bars"] = (
            len(bars) if bars == free[: len(bars)] else [index + 1 for index in bars]
        )
    for key in ("police", "police_token", "war_token"):
        if getattr(d, key):
            spec[key] = True
    if d.strength_token is not None:
        spec["strength"] = d.strength_token
    if d.gangster is not None:
        spec["gangster"] = d.gangster
    elif d.had_gangster:  # its tile has left (R-GANGWAR-9) or is a partner (R-ALLY-2)
        spec["had_gangster"] = True
    if tokens and d.spaces:
        spec["city_tokens"] = [sp.city_token or False for sp in d.spaces]
    return spec


def _origin(game: Game) -> tuple[GameState, tuple[Any, ...], Start, tuple[Action, ...]]:
    """The position ``game`` last passed a checkpoint at (its state and its RNG state), where
    the rules restart there, and the actions taken since. Before the first checkpoint (during
    the prologue, R-PROLOGUE) it is the game's start, set up again from its seed (and its own
    scenario, if it started from one)."""
    checkpoints = game.checkpoints
    if checkpoints:
        last = checkpoints[-1]
        # the engine's own snapshot of this game's state (never data from outside)
        state, rng_state = game.definition.from_snapshot(last.snapshot), last.rng
        restart = last.restart
        if not isinstance(restart, Start):
            raise TypeError(f"a Speakeasy checkpoint restarts at a Start, not {restart!r}")
        return state, rng_state, restart, game.history[last.step :]
    ctx, _ = SPEAKEASY.begin(game.players, random.Random(game.seed), game.options, game.scenario)
    start = game.scenario.start if game.scenario is not None else Start()
    return ctx.state, ctx.rng.getstate(), start, game.history


def _colours(row: list[Colour | None]) -> list[str | bool]:
    return [c.value if c is not None else False for c in row]


def scenario_from_game(game: Game, title: str = "Saved position", **extra: Any) -> Scenario:
    """The position of ``game`` as a scenario that gives it back exactly.

    The scenario describes the position at the last point where the rules restart (the start
    of the current round, the Lucky Luciano phase or final scoring; for a game still in its
    prologue, the game's start) in full: the map with every city token, the players with
    everything they hold (capos, city tokens, operations-board pieces in order), the persons
    with capos this act and the Restaurant, the decks and stacks in order, the helper and
    city-token offers, the turn-order track, the time track's columns of district tokens, the
    goal tiles in play and the state of the random number generator (``rng``). ``actions``
    lists the decisions taken since, which loading replays (and so checks) through the rules.
    ``extra`` fields are added as given (e.g. a ``description``).
    """
    state, rng_state, start, actions = _origin(game)
    phase = "prologue" if start.phase == "setup" else start.phase
    data: dict[str, Any] = {
        "title": title,
        "source": "saved",
        "players": [c.value for c in game.colours],
        "seed": game.seed,
        "options": dict(game.options.to_data()),
        "act": 4 if start.phase == "final" else start.act,
        "phase": phase,
    }
    if phase == "rounds":
        data["round"] = start.round
    closed = sorted(n for n, d in state.districts.items() if d.closed)
    if closed:
        data["closed"] = closed
    data["turn_order"] = _colours(state.turn_order.top)
    if state.round_players and phase in ("luciano", "final"):
        data["round_order"] = [c.value for c in state.round_players]
    districts: dict[str, Any] = {}
    for number in sorted(state.districts):
        spec = district_spec(state, number, tokens=True)
        if spec:
            districts[str(number)] = spec
    data["districts"] = districts
    players: dict[str, Any] = {}
    for colour, p in state.players.items():
        players[colour.value] = {
            "pocket": p.pocket,
            "safe": p.safe,
            "levels": {t.value: lv for t, lv in p.levels.items()},
            "goons": p.goons,
            "leverage_tokens": p.leverage_tokens,
            "books": p.books,
            "vip": p.vip,
            "capos": p.capos,
            "capos_boxed": p.capos_boxed,
            **({"partner": p.partner} if p.partner else {}),
            **({"partner_district": p.partner_district} if p.partner_district else {}),
            **({"partner_free_used": True} if p.partner and p.partner_free_used else {}),
            **({"free_help_tiles": list(p.free_help_tiles)} if p.free_help_tiles else {}),
            **({"crates": list(p.crates)} if p.crates else {}),
            **({"helpers": list(p.helpers)} if p.helpers else {}),
            **({"helpers_used": list(p.helpers_used)} if p.helpers_used else {}),
            "hand": list(p.hand),
            **(
                {"slots": {t.value: c for t, c in p.slots.items() if c}}
                if any(p.slots.values())
                else {}
            ),
            "city_tokens": list(p.city_tokens),
            **({"played_tokens": list(p.played_tokens)} if p.played_tokens else {}),
            "trucks": [
                {**({"district": t.district} if t.district else {}), "barrels": t.barrels}
                for t in p.trucks
            ],
            "distillery_barrels": p.distillery_barrels,
            "area_control": {a.value: v for a, v in p.area_control.items()},
            "board_pieces": list(p.board_pieces),
            **({"lost_pieces": list(p.lost_pieces)} if p.lost_pieces else {}),
            **({"mafiosi_lost": p.mafiosi_lost} if p.mafiosi_lost else {}),
        }
    data["player"] = players
    persons = []
    for key, owner in state.persons.items():
        location, _, index = key.partition(":")
        persons.append({"location": location, "person": int(index) + 1, "owner": owner.value})
    if persons:
        data["persons"] = persons
    if state.restaurant:
        data["restaurant"] = [c.value for c in state.restaurant]
    data["ships"] = [
        {"ship": s.ship, "port": s.port, "removed": s.removed, "crate": s.crate or False}
        for s in state.ships
    ]
    data["docks"] = {  # the spaces top first, up to the last one taken; false: empty
        a.value: [c.value if c is not None else False for c in row][
            : max(i + 1 for i, c in enumerate(row) if c is not None)
        ]
        for a, row in state.docks.items()
        if any(c is not None for c in row)
    }
    data["gangster_control"] = {a.value: v for a, v in state.gangster_control.items()}
    books = [
        {"goal": goal, "space": index + 1, "owner": owner.value}
        for goal, spaces in sorted(state.books.items())
        for index, owner in enumerate(spaces)
        if owner is not None
    ]
    if books:
        data["books"] = books
    data["time_track"] = {
        "gangsters": [list(column) for column in state.war_columns],
        "police": [list(column) for column in state.police_columns],
    }
    data["goals"] = {
        "central_park": list(state.central_park_goals),
        "areas": {area.value: tile for area, tile in state.area_goals.items()},
    }
    data["decks"] = {
        **{t.value: list(cards) for t, cards in state.operation_decks.items()},
        "helpers": list(state.helper_deck),
        "crates": list(state.crate_stack),
        "gangsters": {letter: list(deck) for letter, deck in sorted(state.gangster_decks.items())},
    }
    offer = state.city_offer
    data["offers"] = {
        "helpers": list(state.helper_offer),
        "city_left": [list(stack) for stack in offer.left],
        "city_middle": [list(stack) for stack in offer.middle],
        "city_right": [token or False for token in offer.right],
    }
    data["rng"] = rng_text(rng_state)
    if actions:
        data["actions"] = [str(a) for a in actions]
    data.update(extra)
    return Scenario(data)


def scenario_from_view(observation: Observation, title: str) -> Scenario:
    """What one seat sees of a position, as a scenario to explore (not to play on): the map as
    the table shows it to everyone (each district's buildings with their pieces, gangster
    bars, police, tokens and gangster), the closed districts, the seated colours and the act.

    Nothing the seat may not see is written: hands, decks, offers and the time track are left
    to the scenario's defaults. An explorer opened at it shows the public map with the turn
    order (between rounds), the gangsters' and every player's area tracks, and what lies in
    front of each player (pocket, levels, goons, VIP, and the safe as the table has followed
    it, every payment into and out of it being announced): all that area control and its
    payouts depend on (R-CONTROL-1, R-PAYOUT-1).

    >>> game = Game([Colour.PURPLE, Colour.BLUE], seed=1)
    >>> for _ in range(30):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> view = scenario_from_view(game.observe(Colour.PURPLE), "Purple's view")
    >>> sorted(view.to_data())  # doctest: +NORMALIZE_WHITESPACE
    ['act', 'closed', 'districts', 'gangster_control', 'player', 'players', 'source', 'title',
     'turn_order']
    """
    state = observation.state
    seen = {str(n): spec for n in sorted(state.districts) if (spec := district_spec(state, n))}
    data: dict[str, Any] = {
        "title": title,
        "source": "saved",
        "players": [c.value for c in state.players],
        "act": max(1, min(state.act, 3)),  # the prologue is explored as Act 1
        "districts": seen,
        "gangster_control": {a.value: v for a, v in state.gangster_control.items()},
        # what lies in front of each player (R-MONEY-1: the pocket; the levels, goons and
        # tracks on the boards), and each safe as the table has followed it: every payment
        # into and out of a safe is announced (R-MONEY-2/4), so its amount is public
        "player": {
            colour.value: {
                "pocket": p.pocket,
                "safe": p.safe_known,
                "levels": {t.value: lv for t, lv in p.levels.items()},
                "goons": p.goons,
                "vip": p.vip,
                "area_control": {a.value: v for a, v in p.area_control.items()},
            }
            for colour, p in state.players.items()
        },
    }
    closed = sorted(n for n, d in state.districts.items() if d.closed)
    if closed:
        data["closed"] = closed
    top = [c for c in state.turn_order.top if c is not None]
    if sorted(top) == sorted(state.players):  # between rounds (in one, its seats move down)
        data["turn_order"] = _colours(state.turn_order.top)
    return Scenario.from_data(data)
