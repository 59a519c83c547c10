"""What a seat has in a Mafia City position, part by part: the coach's measures (issue 27).

The scored part is the seat's VP (MC-WIN-1, MC-WIN-2); the others are what leads there and what
breaks a tie: the locations it would control if they were evaluated now, in all and each one
(each evaluation pays its controller 1 VP, MC-CTRL-7: the VP by location), its tokens on the
map (its counts, MC-CTRL-1), the tokens left in its reserve (fewer wins a tie, MC-WIN-3), its
cards in hand (more wins a tie, and they are what it can still play, MC-WIN-3), whether it
holds the Mayor (MC-HALL-2) or the Police Officer (MC-POLICE-2), and the best other player's VP
(the other side of the margin).

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(3, seed=1)
>>> parts = {f.key: f for f in features(game, game.players[0])}
>>> sorted(parts)  # doctest: +NORMALIZE_WHITESPACE
['control', 'control:1', 'control:2', 'control:3', 'control:4', 'control:5', 'control:6',
 'control:7', 'hand', 'mayor', 'officer', 'on_map', 'others', 'reserve', 'vp']
>>> [f.key for f in parts.values() if f.scored]
['vp']
"""

from __future__ import annotations

from collections.abc import Sequence

from speakeasy.core.actions import Event
from speakeasy.core.features import Feature
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.rules.control import control

__all__ = ["chapter", "features", "flows"]


def features(game: Game, seat: str) -> tuple[Feature, ...]:
    """``seat``'s measures in ``game``'s position (see the module docstring). Pure."""
    state = game.state
    data = load_data()
    mine = state.seats[seat]
    others = [s.vp for p, s in state.seats.items() if p != seat]
    stacks = state.stacks.items()
    held = {
        loc
        for loc, stack in stacks
        if control(stack, data.locations[loc].control).controller == seat
    }
    controlled = len(held)
    by_location = tuple(
        Feature(
            f"control:{loc}",
            f"controlling {data.name(loc)}",
            float(loc in held),
            ("MC-CTRL-3", "MC-CTRL-5", "MC-CTRL-7"),
            explorer="mafia-city-control",
        )
        for loc in sorted(data.locations)
    )
    on_map = sum(stack.count(seat) for stack in state.stacks.values())
    return (
        Feature("vp", "your VP", mine.vp, ("MC-CTRL-7", "MC-WIN-2"), True, unit="VP"),
        Feature(
            "control",
            "locations you would control",
            controlled,
            ("MC-CTRL-3", "MC-CTRL-5"),
            explorer="mafia-city-control",
            unit="location",
        ),
        Feature(
            "on_map",
            "your tokens on the map",
            on_map,
            ("MC-CTRL-1",),
            explorer="mafia-city-control",
            unit="token",
        ),
        Feature("reserve", "tokens in your reserve", mine.reserve, ("MC-WIN-3",), unit="token"),
        Feature("hand", "cards in your hand", len(mine.hand), ("MC-WIN-3",), unit="card"),
        Feature("mayor", "holding the Mayor", float(state.mayor == seat), ("MC-HALL-2",)),
        Feature(
            "officer", "holding the Police Officer", float(state.officer == seat), ("MC-POLICE-2",)
        ),
        Feature(
            "others",
            "the best other player's VP",
            max(others) if others else 0,
            ("MC-WIN-2",),
            unit="VP",
        ),
        *by_location,
    )


def chapter(game: Game) -> int:
    """The round a position is in (MC-ROUND-1): each round's phase II pays the controllers of the
    seven locations (MC-LOC-1, MC-CTRL-7) and ends the game if someone reached the target
    (MC-WIN-1)."""
    return game.state.round


def flows(events: Sequence[Event], seat: str) -> tuple[Feature, ...]:
    """The VP ``seat`` gained through ``events``, location by location: 1 VP for each
    evaluation of a location it controls (MC-CTRL-7, MC-LOC-6), and the extra VP of a "+1"
    card played there (MC-CLUB-2); every location, 0 where it gave nothing.

    >>> gained = [Event("vp", "a", (), "", {"location": 3, "vp": 1}),
    ...           Event("vp", "a", (), "", {"location": 3, "vp": 3, "bonus": True}),
    ...           Event("vp", "b", (), "", {"location": 1, "vp": 1})]
    >>> [(f.key, f.value, f.label) for f in flows(gained, "a") if f.value]
    [('vp:3', 2.0, 'VP from Fight Club')]
    >>> len(flows([], "a"))
    7
    """
    data = load_data()
    found: dict[int, int] = {}
    for event in events:
        location = event.data.get("location")
        if event.kind == "vp" and event.player == seat and isinstance(location, int):
            found[location] = found.get(location, 0) + 1
    return tuple(
        Feature(
            f"vp:{loc}",
            f"VP from {data.name(loc)}",
            float(found.get(loc, 0)),
            ("MC-CTRL-7", "MC-LOC-6", "MC-CLUB-2"),
            explorer="mafia-city-control",
            unit="VP",
        )
        for loc in sorted(data.locations)
    )
