"""What a scenario's schema cannot say, checked when it is read: colours seated, a consistent
start, each gangster tile in one place, money within :data:`MAX_MONEY
<speakeasy.games.speakeasy.positions.limits.MAX_MONEY>`, the question asked known with its
parameters, and the rules a position can never break (R-BUILD-5: one nightclub and one casino
per player in each area; R-BARREL-2, R-BOARD-3, R-GANGWAR-13, R-POLICE-3, R-ALLY-2, R-ORDER-1,
R-ACT-1/2).

What depends on the game's own setup (closed districts, the supply, the decks) is checked while
the position is built (:mod:`speakeasy.games.speakeasy.positions.build`).

>>> from speakeasy.games.speakeasy.positions.errors import failing
>>> check_position({"players": ["blue", "green"], "turn_order": ["blue"]}, failing("x", None))
Traceback (most recent call last):
...
speakeasy.games.speakeasy.positions.errors.ScenarioError: x: turn_order: the turn order must list
every seated colour once (R-ORDER-1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from speakeasy.games.speakeasy.engine.definition import SPEAKEASY
from speakeasy.games.speakeasy.model.board import Area, load_board
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.errors import Fail
from speakeasy.games.speakeasy.positions.limits import MAX_MONEY
from speakeasy.games.speakeasy.positions.questions import QUESTION_SPECS

__all__ = ["ALL_COLOURS", "bar_count", "check_position"]

#: The seats when a scenario lists no ``players``: the four colours in order (R-COMP-3).
ALL_COLOURS = tuple(c.value for c in Colour)

#: The building types a player may have only one of in each area (R-BUILD-5).
_ONE_PER_AREA = ("nightclub", "casino")


def check_position(data: Mapping[str, Any], fail: Fail) -> None:
    """What the schema cannot say: colours seated, a consistent start, ids that exist."""
    seats = set(data.get("players", ALL_COLOURS))
    for colour, spec in data.get("player", {}).items():
        if colour not in seats:
            fail(f"{colour} is not seated (players = {sorted(seats)})", "player", colour)
        for key in ("pocket", "safe"):
            if spec.get(key, 0) > MAX_MONEY:
                fail(
                    f"${spec[key]:,} is more than a scenario may give (at most ${MAX_MONEY:,}, "
                    "so that every game played from it can be saved; money itself is unlimited, "
                    "R-COMP-11)",
                    "player",
                    colour,
                    key,
                )
    for number, spec in data.get("districts", {}).items():
        for i, b in enumerate(spec.get("buildings", ())):
            if b["owner"] not in seats:
                fail(f"{b['owner']} is not seated", "districts", number, "buildings", i, "owner")
            if b["type"] == "distillery" and b.get("barrel"):
                fail(
                    "a distillery never holds a barrel beside it (R-BARREL-2)",
                    "districts",
                    number,
                    "buildings",
                    i,
                    "barrel",
                )
        if len(spec.get("buildings", ())) + bar_count(spec) > 4:
            fail("more buildings and gangster bars than spaces (R-BOARD-3)", "districts", number)
        if spec.get("had_gangster") is False and "gangster" in spec:
            fail(
                "a gangster tile here means a gangster has arrived (R-GANGWAR-3, R-GANGWAR-13)",
                "districts",
                number,
                "had_gangster",
            )
        if spec.get("war_token") and ("strength" in spec or bar_count(spec)):
            fail(
                "a district receives a gangster only once; a strength token or gangster bars "
                "here mean its gangster has arrived, a war token that it is still to come "
                "(R-GANGWAR-4, R-GANGWAR-5, R-GANGWAR-13)",
                "districts",
                number,
                "war_token",
            )
        if spec.get("police") and spec.get("police_token"):
            fail(
                "each district gets exactly one police figure; a police token here means its "
                "police are still to come (R-POLICE-1, R-POLICE-3)",
                "districts",
                number,
                "police_token",
            )
        if (spec.get("had_gangster") or "gangster" in spec) and spec.get("war_token"):
            fail(
                "a district receives a gangster only once; a war token here means its gangster "
                "is still to come (R-GANGWAR-13)",
                "districts",
                number,
                "had_gangster" if spec.get("had_gangster") else "war_token",
            )
    _check_one_per_area(data.get("districts", {}), fail)
    _check_unique(data, fail)
    _check_gangster_tiles(data, fail)
    order = data.get("turn_order")
    if order is not None:
        markers = [c for c in order if c is not False]  # false: an empty column
        if set(markers) != seats or len(markers) != len(seats):
            fail("the turn order must list every seated colour once (R-ORDER-1)", "turn_order")
    played = data.get("round_order")
    if played is not None and set(played) != seats:
        fail("the round's order must list every seated colour once (R-TURN-1)", "round_order")
    phase, act = data.get("phase", "rounds"), data.get("act", 1)
    if phase == "prologue" and (act != 1 or "round" in data):
        fail("the prologue comes before round 1 of Act 1 (R-ACT-1)", "phase")
    if phase == "luciano" and act == 4:
        fail("Act 4 ends with final scoring, not a Lucky Luciano phase (R-ACT-2)", "phase")
    if phase == "rounds" and "round" in data:
        rounds = SPEAKEASY.catalog().setup.acts.rounds  # the game the scenario sets up
        if data["round"] > rounds[act - 1]:
            fail(f"Act {act} has {rounds[act - 1]} rounds (R-ACT-1)", "round")
    question = data.get("question")
    if question is not None:
        _check_question(question, fail)


def _check_question(question: Mapping[str, Any], fail: Fail) -> None:
    """The question asked is known and has every parameter it needs (their types are the
    schema's)."""
    spec = QUESTION_SPECS.get(question["ask"])
    if spec is None:
        fail(f"unknown question; known: {', '.join(sorted(QUESTION_SPECS))}", "question", "ask")
    for param in spec.params:
        if param not in question:
            fail(f"the {spec.name!r} question needs '{param}'", "question")


def bar_count(spec: Mapping[str, Any]) -> int:
    """How many gangster bars a district table holds (a count or a list of spaces)."""
    bars = spec.get("gangster_bars", 0)
    return len(bars) if isinstance(bars, list) else int(bars)


def _check_one_per_area(districts: Mapping[str, Any], fail: Fail) -> None:
    """R-BUILD-5: at most one nightclub and one casino per player in each area. Real play never
    breaks it: opening, takeovers and upgrades all obey it (R-BUILD-4, R-TAKEOVER-3/6,
    R-UPGRADE-1, R-LOC-PLANNING-2), and gang wars only remove buildings."""
    board = load_board()
    first: dict[tuple[str, str, Area], int] = {}
    for number in sorted(districts, key=int):
        area = board.area_of(int(number))
        for i, b in enumerate(districts[number].get("buildings", ())):
            if b["type"] not in _ONE_PER_AREA:
                continue
            key = (b["owner"], b["type"], area)
            if key in first:
                fail(
                    f"{b['owner']} already has a {b['type']} in {area.title} (district "
                    f"{first[key]}); at most one nightclub and one casino per player in each "
                    "area (R-BUILD-5)",
                    "districts",
                    number,
                    "buildings",
                    i,
                    "type",
                )
            first[key] = int(number)


def _check_gangster_tiles(data: Mapping[str, Any], fail: Fail) -> None:
    """Each gangster tile is in one place: on the gangster board or a partner space (R-ALLY-2,
    R-ALLY-4); one alliance marker per district."""
    where: dict[str, str] = {}
    for number in sorted(data.get("districts", {}), key=int):
        tile = data["districts"][number].get("gangster")
        if tile is not None:
            if tile in where:
                fail(f"gangster tile {tile!r} is already {where[tile]}", "districts", number)
            where[tile] = f"in district {number}"
    markers: dict[int, str] = {}
    players = data.get("player", {})
    for colour, spec in players.items():
        tile = spec.get("partner")
        if tile is not None:
            if tile in where:
                fail(
                    f"gangster tile {tile!r} is already {where[tile]} (R-ALLY-2, R-ALLY-4)",
                    "player",
                    colour,
                    "partner",
                )
            where[tile] = f"{colour}'s partner"
        district = spec.get("partner_district")
        if district is None:
            continue
        if district in markers:
            fail(
                f"{markers[district]}'s alliance marker already stands in district {district}; "
                "each district has one gangster (R-ALLY-2)",
                "player",
                colour,
                "partner_district",
            )
        markers[district] = colour
        there = data.get("districts", {}).get(str(district), {})
        if "gangster" in there:
            fail(
                f"district {district} holds a gangster tile; the alliance marker stands where "
                "the partner's tile was taken from (R-ALLY-2)",
                "player",
                colour,
                "partner_district",
            )
        if there.get("war_token"):
            fail(
                f"district {district} still waits for its gangster (war token); a district "
                "receives a gangster only once (R-GANGWAR-13)",
                "player",
                colour,
                "partner_district",
            )

    for i, tile in enumerate(data.get("gangster_deck", ())):
        if tile in where:  # a deck holds each tile once, and not one already drawn (R-COMP-5)
            fail(f"gangster tile {tile!r} is already {where[tile]} (R-COMP-5)", "gangster_deck", i)
        where[tile] = "in the gangster deck"


def _check_unique(data: Mapping[str, Any], fail: Fail) -> None:
    """Each ship, book and goal space is described once: a second ``[[ships]]`` entry for the
    same ship silently replaced the first (issue 14), two books cannot share a goal's space
    (R-BOOKS-2) and a player cooks one book per goal (R-BOOKS-3)."""
    ships: dict[str, int] = {}
    for i, spec in enumerate(data.get("ships", ())):
        if spec["ship"] in ships:
            fail(
                f"ship {spec['ship']!r} is already described by [[ships]] entry "
                f"{ships[spec['ship']] + 1}; describe each ship once",
                "ships",
                i,
                "ship",
            )
        ships[spec["ship"]] = i
        port = spec.get("port")
        if port is not None:
            other = next(
                (j for j, o in enumerate(data["ships"][:i]) if o.get("port") == port), None
            )
            if other is not None:
                fail(
                    f"[[ships]] entry {other + 1} is already in port {port}; two ships never "
                    "share a port (R-SHIP-1)",
                    "ships",
                    i,
                    "port",
                )
    spaces: set[tuple[str, int]] = set()
    owners: set[tuple[str, str]] = set()
    for i, spec in enumerate(data.get("books", ())):
        space, owner = (spec["goal"], spec["space"]), (spec["goal"], spec["owner"])
        if space in spaces:
            fail(f"space {spec['space']} of {spec['goal']} already holds a book", "books", i)
        if owner in owners:
            fail(f"{spec['owner']} already has a book on {spec['goal']} (R-BOOKS-3)", "books", i)
        spaces.add(space)
        owners.add(owner)
