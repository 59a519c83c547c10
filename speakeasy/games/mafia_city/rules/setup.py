"""Setup (MC-SETUP): tokens by player count, the random map, the figures, the shuffled deck,
two cards each; the mulligan is the flow's first decisions (:mod:`.flow`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from speakeasy.core.seats import seat_list, shown_list
from speakeasy.games.mafia_city.model.board import random_layout
from speakeasy.games.mafia_city.model.data import GameData
from speakeasy.games.mafia_city.model.state import GameState, Options, Seat

__all__ = ["new_state", "seat_names"]


def seat_names(players: int | Sequence[str], data: GameData) -> tuple[str, ...]:
    """The seats of a new game: a count (3-5, the first colours) or colour names in seating
    order (MC-SETUP-2, MC-SETUP-11); ``ValueError`` for anything else.

    >>> from speakeasy.games.mafia_city.model.data import load_data
    >>> seat_names(3, load_data())
    ('red', 'blue', 'green')
    """
    if isinstance(players, bool):
        raise ValueError("players must be 3-5 or a list of 3-5 colours")
    usage = "players must be 3-5 or a list of 3-5 colours (MC-SETUP-11)"
    names = (
        data.colours[:players]
        if isinstance(players, int)
        else tuple(p.lower() for p in seat_list(players, 5, usage))
    )
    if not 3 <= len(names) <= 5 or (isinstance(players, int) and not 3 <= players <= 5):
        shown = players if isinstance(players, int) else shown_list(list(names))
        raise ValueError(f"Mafia City is for 3 to 5 players, got {shown} (MC-SETUP-11)")
    if len(set(names)) != len(names) or not set(names) <= set(data.colours):
        known = ", ".join(data.colours)
        raise ValueError(f"give 3-5 different colours of {known}; got {shown_list(list(names))}")
    return names


def new_state(
    players: tuple[str, ...], rng: random.Random, data: GameData, options: Options
) -> GameState:
    """A game set up for ``players`` in seating order (MC-SETUP-1..8), chance from ``rng`` in
    this order: the map layout, the first start player, the shuffle (section 16.2)."""
    row = data.setup[len(players)]
    layout = random_layout(rng)  # MC-SETUP-4
    start = rng.randrange(len(players))  # MC-SETUP-1 (GAP-MC-5)
    deck = list(data.cards)
    rng.shuffle(deck)  # MC-SETUP-7
    seats = {
        p: Seat(p, tokens=row.hand, reserve=row.reserve, box=12 - row.hand - row.reserve)
        for p in players
    }
    st = GameState(
        players=list(players),
        seats=seats,
        layout=layout,
        target=row.target_advanced if options.advanced else row.target_beginner,
        hitman=data.figures["hitman"],
        start=start,
        draw=deck,
    )
    for p in st.clockwise_from(st.start_player):  # MC-SETUP-8
        for _ in range(row.cards):
            seats[p].hand.append(st.draw.pop())
    return st
