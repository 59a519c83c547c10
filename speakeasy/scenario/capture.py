"""Capturing a position: any game's state written back as a scenario (what "save this position"
does), and one district as a scenario's ``[districts.N]`` table.

>>> from speakeasy.model.state import Colour
>>> game = Game([Colour.PURPLE, Colour.BLUE], seed=1)
>>> scenario_from_game(game).game().state.districts == game.state.districts
True
"""

from __future__ import annotations

from typing import Any

from speakeasy.catalog import load_catalog
from speakeasy.engine.game import Game
from speakeasy.model.state import GameState, Phase
from speakeasy.rules.luciano import deck_letter
from speakeasy.scenario.format import Scenario

__all__ = ["district_spec", "scenario_from_game"]


def district_spec(state: GameState, number: int) -> dict[str, Any]:
    """District ``number`` of ``state`` as a scenario's ``[districts.N]`` table (empty when
    there is nothing on it): every building with its space and operations-board piece, the
    gangster bars (a count when they stand on the first free spaces, else their spaces),
    police, tokens, the gangster tile, and whether a gangster has been there (R-GANGWAR-13).
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
    return spec


def scenario_from_game(game: Game, title: str = "Saved position", **extra: Any) -> Scenario:
    """The position of ``game`` as a scenario at the start of its current round.

    Everything the format describes is kept: reloading the scenario gives the same map, the
    same players' resources, cards, pieces and partners, the same ships, docks, books and
    gangster deck. What a scenario cannot hold is left out: capos on persons (the round restarts
    with the act's capos, R-CAPO), the order of the decks and stacks, the helper and city
    offers, the city tokens on the players' boards (each builder holds its spaces' setup
    tokens instead), and which goals are in play (a scenario restarts the round from its first
    player with the decks shuffled by its seed, which deals the same goals). A game saved
    before its first decision starts with the prologue again; one saved during the prologue
    starts at Act 1 without the prologue turns still to come; one saved during a gang war
    restarts the Lucky Luciano phase with the districts still holding a war token.
    """
    state, catalog = game.state, load_catalog()
    phase = "final" if game.is_over else "rounds"
    if state.phase in (Phase.GANG_WAR, Phase.POLICE, Phase.AREA_CONTROL, Phase.PAYOUT):
        phase = "luciano"
    elif state.phase in (Phase.SETUP, Phase.PROLOGUE) and not game.history:
        phase = "prologue"
    data: dict[str, Any] = {
        "title": title,
        "source": "saved",
        "players": [c.value for c in game.colours],
        "seed": game.seed,
        "act": max(state.act, 1),
        "phase": phase,
    }
    if phase == "rounds":
        data["round"] = max(state.round, 1)
    closed = sorted(n for n, d in state.districts.items() if d.closed)
    if closed:
        data["closed"] = closed
    # a round restarts in the order it began with; after the rounds the track's order stands
    order = list(state.round_players) if phase == "rounds" else []
    if set(order) != set(game.colours):
        order = [c for c in (*state.turn_order.top, *state.turn_order.bottom) if c is not None]
    data["turn_order"] = [c.value for c in order]
    districts: dict[str, Any] = {}
    for number in sorted(state.districts):
        spec = district_spec(state, number)
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
            "trucks": [
                {**({"district": t.district} if t.district else {}), "barrels": t.barrels}
                for t in p.trucks
            ],
            "distillery_barrels": p.distillery_barrels,
            "area_control": {a.value: v for a, v in p.area_control.items()},
            **({"lost_pieces": list(p.lost_pieces)} if p.lost_pieces else {}),
            **({"mafiosi_lost": p.mafiosi_lost} if p.mafiosi_lost else {}),
        }
    data["player"] = players
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
    if state.act in (1, 2, 3) and phase != "final":
        data["gangster_deck"] = list(
            state.gangster_decks.get(deck_letter(catalog, max(state.act, 1)), [])
        )
    data["gangster_control"] = {a.value: v for a, v in state.gangster_control.items()}
    books = [
        {"goal": goal, "space": index + 1, "owner": owner.value}
        for goal, spaces in sorted(state.books.items())
        for index, owner in enumerate(spaces)
        if owner is not None
    ]
    if books:
        data["books"] = books
    data.update(extra)
    return Scenario(data)
