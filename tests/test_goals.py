"""Goals and cooking books: R-BOOKS-2..9, R-GOAL-CP/AREA/DOCKS/HALL/NOTOR, E21, DISC-5.

Every requirement kind has at least one case that meets it and one that does not; each case
names the rule it checks. Positions are built by hand on a cleared map.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

import speakeasy.games.speakeasy.rules
import speakeasy.games.speakeasy.rules.goals
from speakeasy.core.actions import Decision, IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import REQUIREMENT_KINDS, Effect
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import OPERATIONS, Building, BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from speakeasy.games.speakeasy.rules.goals import (
    CHECKS,
    book_spaces_available,
    cook_refusal,
    counted_buildings,
    describe,
    goal_rule,
    goals_in_play,
    meets,
    place_book,
    shortfall,
    strength_total,
    total_leverage,
    why_not,
)
from tests.support import BAR, CASINO, DIST, NC, P, Y, drive, new_ctx, put_building, set_levels

assert speakeasy.games.speakeasy.rules  # the package import registers the other handlers

Setup = Callable[[Ctx], None]


# ---------------------------------------------------------------------- position helpers
@pytest.fixture
def ctx() -> Ctx:
    c = new_ctx(4, seed=3, clear=True)
    return c


def put(
    ctx: Ctx,
    district: int,
    kind: BuildingType,
    *,
    colour: Colour = P,
    protected: bool = False,
    barrel: bool = False,
) -> Building:
    """Put a building on the first empty space of a district."""
    for index, space in enumerate(ctx.state.districts[district].spaces):
        if space.building is None and not space.gangster_bar:
            return put_building(
                ctx, colour, district, index, kind, protected=protected, barrel=barrel
            )
    raise AssertionError(f"district {district} is full")


def police(ctx: Ctx, *districts: int) -> None:
    for d in districts:
        ctx.state.districts[d].police = True


def in_play(ctx: Ctx, goal_id: str, area: Area = Area.MIDTOWN) -> None:
    """Make a goal tile part of this game (area tiles go to ``area``)."""
    state = ctx.state
    goal = ctx.catalog.goal(goal_id)
    if goal_id in state.books and (goal.family != "area" or state.area_goals.get(area) == goal_id):
        return
    if goal.family == "central_park":
        old = state.central_park_goals[0]
        state.central_park_goals[0] = goal_id
        del state.books[old]
    elif goal.family == "area":
        for a, tile in list(state.area_goals.items()):
            if tile == goal_id or a is area:
                del state.area_goals[a]
                state.books.pop(tile, None)
        state.area_goals[area] = goal_id
    state.books[goal_id] = [None] * goal.book_spaces


def set_all_levels(ctx: Ctx, *levels: int, colour: Colour = P) -> None:
    """Every level at once, in the order VIP, party, distillery, fleet, strength."""
    tracks = (*OPERATIONS, Track.STRENGTH)
    set_levels(ctx, colour, **{t.value: n for t, n in zip(tracks, levels, strict=True)})


def best_card(ctx: Ctx, track: Track) -> str:
    return max(ctx.catalog.cards_of(track.value), key=lambda c: (c.leverage, c.id)).id


def partner_with(ctx: Ctx, ability: str | None = None, strength: int | None = None) -> str:
    for tile in ctx.catalog.gangsters:
        if (ability is None or tile.ability == ability) and (
            strength is None or tile.strength == strength
        ):
            return tile.id
    raise AssertionError(f"no gangster with ability {ability} and strength {strength}")


def cook(ctx: Ctx, script: list[str], colour: Colour = P, n: int = 3) -> list[Decision]:
    flow = run_effect(ctx, colour, Effect.of("cook_books", n=n), Source("person", "restaurant"))
    _, decisions = drive(flow, script)
    return list(decisions)


# ---------------------------------------------------------------------- requirement cases
def crates(n: int) -> Setup:
    def setup(ctx: Ctx) -> None:
        ctx.player(P).crates = [f"crate-{i:02}" for i in range(1, n + 1)]

    return setup


def protected_in_districts(*districts: int) -> Setup:
    def setup(ctx: Ctx) -> None:
        for d in districts:
            put(ctx, d, BAR, protected=True)

    return setup


def levels(*values: int) -> Setup:
    return lambda ctx: set_all_levels(ctx, *values)


def hall_negative_same_district(ctx: Ctx) -> None:
    # 5 protected buildings but only 4 districts, and an unprotected one in a fifth
    for d in (1, 2, 3):
        put(ctx, d, BAR, protected=True)
    put(ctx, 13, BAR, protected=True)
    put(ctx, 13, NC, protected=True)
    put(ctx, 14, BAR)


def cp1a_pos(ctx: Ctx) -> None:
    put(ctx, 1, BAR, protected=True)
    police(ctx, 8)
    put(ctx, 8, DIST, protected=True)
    put(ctx, 14, CASINO, protected=True)


def cp1a_neg(ctx: Ctx) -> None:
    put(ctx, 1, BAR, protected=True)
    put(ctx, 8, BAR, protected=True)
    put(ctx, 14, BAR)


def cp1b_pos(ctx: Ctx) -> None:
    # R-GOLDEN-4: the Uptown bar does not operate (police, no mafioso) but still counts
    put(ctx, 1, BAR)
    put(ctx, 9, BAR)
    police(ctx, 15)
    put(ctx, 15, BAR)


def cp1b_neg(ctx: Ctx) -> None:
    put(ctx, 1, BAR)
    put(ctx, 9, BAR)
    put(ctx, 15, NC)  # not a bar


def bars(*districts: int, police_in: tuple[int, ...] = ()) -> Setup:
    def setup(ctx: Ctx) -> None:
        police(ctx, *police_in)
        for d in districts:
            put(ctx, d, BAR)

    return setup


def with_barrels(kind: BuildingType, *districts: int, police_in: tuple[int, ...] = ()) -> Setup:
    def setup(ctx: Ctx) -> None:
        police(ctx, *police_in)
        for d in districts:
            put(ctx, d, kind, barrel=True)

    return setup


def cp2_neg(ctx: Ctx) -> None:
    put(ctx, 1, NC, barrel=True)
    police(ctx, 9)
    put(ctx, 9, NC, barrel=True)  # not operating: does not count (R-GOLDEN-3)
    put(ctx, 13, CASINO, barrel=True)  # not a nightclub


def cp3a_pos(ctx: Ctx) -> None:
    put(ctx, 1, BAR, barrel=True)
    put(ctx, 2, NC, barrel=True)
    police(ctx, 13)
    put(ctx, 13, CASINO, barrel=True, protected=True)


def cp3a_neg(ctx: Ctx) -> None:
    put(ctx, 1, BAR, barrel=True)
    put(ctx, 2, NC, barrel=True)
    put(ctx, 3, CASINO)  # no barrel
    ctx.player(P).distillery_barrels = 5  # the distillery area never counts
    put(ctx, 4, DIST)


def cp3b_pos(ctx: Ctx) -> None:
    put(ctx, 1, BAR, barrel=True)
    put(ctx, 7, CASINO, barrel=True)
    put(ctx, 16, NC, barrel=True)


def cp3b_neg(ctx: Ctx) -> None:
    put(ctx, 1, BAR, barrel=True)
    put(ctx, 7, CASINO, barrel=True)
    put(ctx, 16, NC)


def leverage_setup(cards: tuple[Track, ...], tokens: int, crate_ids: tuple[str, ...]) -> Setup:
    def setup(ctx: Ctx) -> None:
        player = ctx.player(P)
        for track in cards:
            player.slots[track] = best_card(ctx, track)
        player.leverage_tokens = tokens
        player.crates = list(crate_ids)

    return setup


def cp4a_neg(ctx: Ctx) -> None:
    # 2 + 2 from cards = 4; the partner's protection-only +2 does not count (R-LEV-2)
    leverage_setup((Track.VIP, Track.PARTY), 0, ())(ctx)
    ctx.player(P).partner = partner_with(ctx, "protection_leverage")


def strength_setup(level: int, partner_strength: int | None, goons: int) -> Setup:
    def setup(ctx: Ctx) -> None:
        player = ctx.player(P)
        set_all_levels(ctx, 1, 1, 1, 1, level)
        player.goons = goons
        player.pocket = player.safe = 0  # the partner counts without being paid
        if partner_strength is not None:
            player.partner = partner_with(ctx, strength=partner_strength)

    return setup


def pair(first: BuildingType, d1: int, second: BuildingType, d2: int) -> Setup:
    def setup(ctx: Ctx) -> None:
        put(ctx, d1, first)
        put(ctx, d2, second)

    return setup


def area4_neg(ctx: Ctx) -> None:
    police(ctx, 9)
    put(ctx, 9, BAR, protected=True)
    put(ctx, 9, NC)  # under police, unprotected: not operating


def area7_pos(ctx: Ctx) -> None:
    police(ctx, 8)
    put(ctx, 7, BAR)
    put(ctx, 8, BAR, protected=True)
    put(ctx, 12, BAR)


def area7_neg(ctx: Ctx) -> None:
    put(ctx, 7, BAR)
    put(ctx, 12, BAR)
    put(ctx, 1, BAR)  # Downtown: outside the tile's area


CASES: list[tuple[str, str, Setup, bool, str]] = [
    # rule, goal, setup, met?, fragment of the reason when not met
    ("R-GOAL-DOCKS-1", "docks-1", crates(1), True, ""),
    ("R-GOAL-DOCKS-1", "docks-1", crates(0), False, "you own 0"),
    ("R-GOAL-DOCKS-2", "docks-2", crates(2), True, ""),
    ("R-GOAL-DOCKS-2", "docks-2", crates(1), False, "at least 2 crate tokens; you own 1"),
    ("R-GOAL-DOCKS-3", "docks-3", crates(3), True, ""),
    ("R-GOAL-DOCKS-3", "docks-3", crates(2), False, "you own 2"),
    ("R-GOAL-HALL-1", "hall-1", protected_in_districts(1, 7, 13), True, ""),
    ("R-GOAL-HALL-1", "hall-1", protected_in_districts(1, 7), False, "you have 2"),
    ("R-GOAL-HALL-2", "hall-2", protected_in_districts(1, 2, 7, 8, 13), True, ""),
    (
        "R-GOAL-HALL-2",
        "hall-2",
        hall_negative_same_district,
        False,
        "protected buildings in at least 5 different districts; you have 4",
    ),
    ("R-GOAL-HALL-3", "hall-3", protected_in_districts(1, 2, 3, 7, 8, 13, 14), True, ""),
    ("R-GOAL-HALL-3", "hall-3", protected_in_districts(1, 2, 3, 7, 8, 13), False, "have 6"),
    ("R-GOAL-NOTOR-1", "notoriety-1", levels(2, 2, 2, 2, 2), True, ""),
    ("R-GOAL-NOTOR-1", "notoriety-1", levels(2, 2, 2, 2, 1), False, "yours is 9"),
    ("R-GOAL-NOTOR-2", "notoriety-2", levels(5, 5, 3, 1, 1), True, ""),
    ("R-GOAL-NOTOR-2", "notoriety-2", levels(3, 3, 3, 3, 2), False, "yours is 14"),
    ("R-GOAL-NOTOR-3", "notoriety-3", levels(5, 5, 5, 5, 2), True, ""),
    ("R-GOAL-NOTOR-3", "notoriety-3", levels(5, 5, 5, 5, 1), False, "notoriety 22 or more"),
    ("R-GOAL-CP-1", "cp-A-1", cp1a_pos, True, ""),
    ("R-GOAL-CP-1", "cp-A-1", cp1a_neg, False, "3 protected buildings; you have 2"),
    ("R-GOAL-CP-1", "cp-B-1", cp1b_pos, True, ""),
    ("R-GOAL-CP-1", "cp-B-1", cp1b_neg, False, "you have none in Uptown"),
    ("R-GOAL-CP-1", "cp-C-1", bars(1, 2, 7, 8, 13, police_in=(2, 13)), True, ""),
    ("R-GOAL-CP-1", "cp-C-1", bars(1, 2, 7, 8), False, "5 bars"),
    ("R-GOAL-CP-2", "cp-A-2", with_barrels(NC, 9), True, ""),
    ("R-GOAL-CP-2", "cp-A-2", with_barrels(NC, 9, police_in=(9,)), False, "you have 0"),
    ("R-GOAL-CP-2", "cp-B-2", with_barrels(NC, 1, 9), True, ""),
    ("R-GOAL-CP-2", "cp-B-2", cp2_neg, False, "2 nightclubs with a barrel"),
    ("R-GOAL-CP-2", "cp-C-2", with_barrels(NC, 1, 9, 14), True, ""),
    ("R-GOAL-CP-2", "cp-C-2", with_barrels(NC, 1, 9), False, "you have 2"),
    ("R-GOAL-CP-3", "cp-A-3", cp3a_pos, True, ""),
    ("R-GOAL-CP-3", "cp-A-3", cp3a_neg, False, "3 buildings with a barrel"),
    ("R-GOAL-CP-3", "cp-B-3", cp3b_pos, True, ""),
    ("R-GOAL-CP-3", "cp-B-3", cp3b_neg, False, "you have none in Uptown"),
    ("R-GOAL-CP-3", "cp-C-3", with_barrels(BAR, 1, 2, 7, 13), True, ""),
    ("R-GOAL-CP-3", "cp-C-3", with_barrels(BAR, 1, 2, 7, 13, police_in=(7,)), False, "have 3"),
    ("R-GOAL-CP-4", "cp-A-4", leverage_setup((Track.VIP, Track.PARTY), 1, ()), True, ""),
    ("R-GOAL-CP-4", "cp-A-4", cp4a_neg, False, "total leverage 5 or more"),
    ("R-GOAL-CP-4", "cp-B-4", leverage_setup((Track.VIP,), 1, ("crate-15", "crate-16")), True, ""),
    (
        "R-GOAL-CP-4",
        "cp-B-4",
        leverage_setup((Track.VIP,), 0, ("crate-15", "crate-16")),
        False,
        "you have 6",
    ),
    ("R-GOAL-CP-4", "cp-C-4", leverage_setup(tuple(OPERATIONS), 1, ()), True, ""),
    ("R-GOAL-CP-4", "cp-C-4", leverage_setup(tuple(OPERATIONS), 0, ()), False, "you have 8"),
    ("R-GOAL-CP-5", "cp-A-5", levels(3, 3, 3, 1, 3), True, ""),
    ("R-GOAL-CP-5", "cp-A-5", levels(3, 3, 3, 2, 2), False, "4 tracks at level 3 or higher"),
    ("R-GOAL-CP-5", "cp-B-5", levels(4, 5, 1, 1, 4), True, ""),
    ("R-GOAL-CP-5", "cp-B-5", levels(4, 4, 3, 3, 3), False, "you have 2"),
    ("R-GOAL-CP-5", "cp-C-5", levels(5, 1, 1, 1, 5), True, ""),
    ("R-GOAL-CP-5", "cp-C-5", levels(5, 4, 4, 4, 4), False, "you have 1"),
    ("R-GOAL-CP-6", "cp-A-6", strength_setup(3, 6, 0), True, ""),
    ("R-GOAL-CP-6", "cp-A-6", strength_setup(3, None, 5), False, "you have 8"),
    ("R-GOAL-CP-6", "cp-B-6", strength_setup(5, 6, 1), True, ""),
    ("R-GOAL-CP-6", "cp-B-6", strength_setup(5, 6, 0), False, "you have 11"),
    ("R-GOAL-CP-6", "cp-C-6", strength_setup(5, 8, 2), True, ""),
    ("R-GOAL-CP-6", "cp-C-6", strength_setup(5, 8, 1), False, "you have 14"),
    ("R-GOAL-CP-7", "cp-A-7", with_barrels(CASINO, 13), True, ""),
    ("R-GOAL-CP-7", "cp-A-7", with_barrels(NC, 13), False, "1 casino with a barrel"),
    ("R-GOAL-CP-7", "cp-B-7", with_barrels(CASINO, 1, 13), True, ""),
    ("R-GOAL-CP-7", "cp-B-7", with_barrels(CASINO, 13), False, "you have 1"),
    ("R-GOAL-CP-7", "cp-C-7", with_barrels(CASINO, 1, 7, 13), True, ""),
    ("R-GOAL-CP-7", "cp-C-7", with_barrels(CASINO, 1, 7, 13, police_in=(1,)), False, "have 2"),
    ("R-GOAL-AREA-1", "area-1", pair(BAR, 7, CASINO, 8), True, ""),
    ("R-GOAL-AREA-1", "area-1", pair(BAR, 7, CASINO, 7), False, "in different districts"),
    ("R-GOAL-AREA-2", "area-2", pair(BAR, 7, CASINO, 7), True, ""),
    ("R-GOAL-AREA-2", "area-2", pair(BAR, 7, CASINO, 8), False, "in the same district"),
    ("R-GOAL-AREA-3", "area-3", pair(BAR, 7, NC, 9), True, ""),
    ("R-GOAL-AREA-3", "area-3", pair(BAR, 1, NC, 2), False, "you have 0 bars and 0 nightclubs"),
    ("R-GOAL-AREA-4", "area-4", pair(BAR, 9, NC, 9), True, ""),
    ("R-GOAL-AREA-4", "area-4", area4_neg, False, "1 bar and 0 nightclubs"),
    ("R-GOAL-AREA-5", "area-5", pair(BAR, 7, BAR, 8), True, ""),
    ("R-GOAL-AREA-5", "area-5", pair(BAR, 7, BAR, 7), False, "you have 2 bars that count"),
    ("R-GOAL-AREA-6", "area-6", pair(BAR, 11, BAR, 11), True, ""),
    (
        "R-GOAL-AREA-6",
        "area-6",
        pair(BAR, 11, BAR, 12),
        False,
        "2 bars in the same district of Midtown",
    ),
    ("R-GOAL-AREA-7", "area-7", area7_pos, True, ""),
    ("R-GOAL-AREA-7", "area-7", area7_neg, False, "3 bars in Midtown"),
    ("R-GOAL-AREA-8", "area-8", pair(NC, 10, CASINO, 10), True, ""),
    ("R-GOAL-AREA-8", "area-8", pair(NC, 10, CASINO, 11), False, "the same district"),
    ("R-GOAL-AREA-9", "area-9", pair(NC, 10, CASINO, 11), True, ""),
    ("R-GOAL-AREA-9", "area-9", pair(NC, 10, CASINO, 10), False, "different districts"),
]


@pytest.mark.parametrize(
    ("rule", "goal_id", "setup", "expected", "fragment"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{'met' if c[3] else 'unmet'}-{i}" for i, c in enumerate(CASES)],
)
def test_requirement(
    ctx: Ctx, rule: str, goal_id: str, setup: Setup, expected: bool, fragment: str
) -> None:
    """R-BOOKS-4..9 and §14.3-14.5: each goal's requirement, met and not met."""
    in_play(ctx, goal_id)
    setup(ctx)
    assert goal_rule(ctx.catalog.goal(goal_id)) == rule
    assert meets(ctx, P, goal_id) is expected
    reason = shortfall(ctx, P, goal_id)
    if expected:
        assert reason is None
        return
    assert reason is not None and fragment in reason, reason
    ctx.player(P).books = 1
    error = why_not(ctx, P, goal_id)
    assert error is not None
    assert (error.code, error.rule, error.reason) == ("goal-not-met", rule, reason)
    assert all(goal != goal_id for goal, _ in book_spaces_available(ctx, P))


def test_every_requirement_kind_has_cases_and_one_check() -> None:
    """Every kind of the vocabulary is checked exactly once and appears in the cases above."""
    assert set(CHECKS) == set(REQUIREMENT_KINDS)
    catalog = new_ctx(2).catalog
    kinds = {catalog.goal(goal).requirement.kind for _, goal, _, met, _ in CASES if met}
    kinds_unmet = {catalog.goal(goal).requirement.kind for _, goal, _, m, _ in CASES if not m}
    assert kinds == kinds_unmet == set(REQUIREMENT_KINDS)
    assert {goal for _, goal, *_ in CASES} == {g.id for g in catalog.goals}


def test_every_goal_names_its_rule() -> None:
    """Each goal's blocked reason cites its own R-GOAL rule (§14.3-14.5)."""
    catalog = new_ctx(2).catalog
    for goal in catalog.goals:
        assert goal_rule(goal).startswith("R-GOAL-"), goal.id


# ---------------------------------------------------------------------- which buildings count
def test_golden_rule_breakers_are_the_building_count_tiles(ctx: Ctx) -> None:
    """R-GOLDEN-4, DISC-4, GAP-16/17: only "1 bar in each area" and "5 open bars" break the
    rule (DISC-4: Central Park tiles and crates may both carry the symbol)."""
    breakers = sorted(g.id for g in ctx.catalog.goals if g.golden_rule_breaker)
    assert breakers == ["cp-B-1", "cp-C-1"]
    in_play(ctx, "cp-C-1")
    in_play(ctx, "area-7")
    police(ctx, 7, 8, 9, 10, 11)
    for d in (7, 8, 9, 10, 11):
        put(ctx, d, BAR)
    assert meets(ctx, P, "cp-C-1")  # none of the 5 bars operates
    assert not meets(ctx, P, "area-7")  # area tiles follow the golden rule (R-GOLDEN-3)
    assert "not operating count too" in describe(ctx, "cp-C-1")
    assert "(operating buildings only)" in describe(ctx, "area-7")


def test_central_park_counts_all_of_manhattan(ctx: Ctx) -> None:
    """R-BOOKS-8: Central Park tiles count buildings in every area."""
    in_play(ctx, "cp-C-7")
    for d in (1, 7, 13):
        put(ctx, d, CASINO, barrel=True)
    assert meets(ctx, P, "cp-C-7")
    assert [d for d, _ in counted_buildings(ctx, P, "cp-C-7")] == [1, 7, 13]


def test_area_tile_counts_only_its_own_area(ctx: Ctx) -> None:
    """R-BOOKS-9: the same buildings meet the tile in Downtown but not in Uptown."""
    for d in (1, 2, 3):
        put(ctx, d, BAR)
    in_play(ctx, "area-7", Area.UPTOWN)
    assert not meets(ctx, P, "area-7")
    in_play(ctx, "area-7", Area.DOWNTOWN)
    assert meets(ctx, P, "area-7")
    assert "in Downtown" in describe(ctx, "area-7")


def test_area_tile_not_in_play_counts_nothing(ctx: Ctx) -> None:
    """An area tile that is not on the board has no area, so nothing counts (R-BOOKS-9)."""
    for area, tile in list(ctx.state.area_goals.items()):
        if tile == "area-7":
            del ctx.state.area_goals[area]
    for d in (1, 2, 3):
        put(ctx, d, BAR)
    assert counted_buildings(ctx, P, "area-7") == []
    ctx.player(P).books = 1
    error = why_not(ctx, P, "area-7")
    assert error is not None and error.code == "goal-not-in-play"


def test_other_players_buildings_never_count(ctx: Ctx) -> None:
    """Goals count your own components only (R-BOOKS-2)."""
    in_play(ctx, "area-5")
    put(ctx, 7, BAR, colour=Y)
    put(ctx, 8, BAR)
    assert not meets(ctx, P, "area-5")
    put(ctx, 9, BAR)
    assert meets(ctx, P, "area-5")


def test_disc5_switch_requires_protected_buildings(ctx: Ctx) -> None:
    """DISC-5: with the PL reading only protected buildings count on area tiles."""
    in_play(ctx, "area-7")
    bars_ = [put(ctx, d, BAR) for d in (7, 8, 9)]
    assert meets(ctx, P, "area-7")  # default: operating is enough (CZ reading)
    ctx.options = Options(area_goals_require_protection=True)
    assert not meets(ctx, P, "area-7")
    assert "(protected buildings only)" in describe(ctx, "area-7")
    reason = shortfall(ctx, P, "area-7")
    assert reason is not None and reason.endswith("you have 0")
    for b in bars_:
        b.protected = True
    assert meets(ctx, P, "area-7")
    # the switch changes area tiles only: Central Park keeps the golden rule
    in_play(ctx, "cp-C-1")
    assert not meets(ctx, P, "cp-C-1")


def test_city_hall_counts_protected_buildings_under_police(ctx: Ctx) -> None:
    """R-BOOKS-6, R-GOLDEN-1: a protected building operates even where police stand."""
    police(ctx, 1, 7, 13)
    for d in (1, 7, 13):
        put(ctx, d, BAR, protected=True)
    assert meets(ctx, P, "hall-1")


def test_total_leverage_parts(ctx: Ctx) -> None:
    """R-LEV-2: cards + tokens + crate bonuses; not the partner's protection-only +2."""
    player = ctx.player(P)
    assert total_leverage(ctx, player) == 0
    player.slots[Track.VIP] = best_card(ctx, Track.VIP)
    card = ctx.catalog.card(best_card(ctx, Track.VIP)).leverage
    player.leverage_tokens = 3
    player.crates = ["crate-15", "crate-01"]
    player.partner = partner_with(ctx, "protection_leverage")
    assert total_leverage(ctx, player) == card + 3 + 2


def test_strength_total_parts(ctx: Ctx) -> None:
    """R-GOAL-CP-6: strength + partner strength (unpaid) + goons on the board."""
    player = ctx.player(P)
    set_all_levels(ctx, 1, 1, 1, 1, 4)
    player.goons = 2
    player.partner = partner_with(ctx, strength=6)
    assert strength_total(ctx, player) == 4 + 6 + 2


# ---------------------------------------------------------------------- book spaces
def test_e21_no_book_on_both_spaces_of_one_goal(ctx: Ctx) -> None:
    """E21, R-BOOKS-3: Blue's book on a docks goal closes its other space to Blue only."""
    player = ctx.player(P)
    player.crates = ["crate-01", "crate-02"]
    player.books = 2
    ctx.state.books["docks-1"][0] = P
    spaces = book_spaces_available(ctx, P)
    assert ("docks-1", 1) not in spaces
    assert ("docks-2", 0) in spaces and ("docks-2", 1) in spaces
    error = why_not(ctx, P, "docks-1", 1)
    assert error is not None and (error.code, error.rule) == ("own-book-on-goal", "R-BOOKS-3")
    # another player may still take the other space (first come, first served)
    ctx.player(Y).crates = ["crate-03"]
    ctx.player(Y).books = 1
    assert ("docks-1", 1) in book_spaces_available(ctx, Y)
    ctx.state.books["docks-1"][1] = Y
    error = why_not(ctx, Colour.GREEN, "docks-1", 1)
    assert error is not None and error.code in ("no-book", "space-taken")
    ctx.player(Colour.GREEN).books = 1
    ctx.player(Colour.GREEN).crates = ["crate-04"]
    error = why_not(ctx, Colour.GREEN, "docks-1", 1)
    assert error is not None and (error.code, error.rule) == ("space-taken", "R-BOOKS-3")
    error = why_not(ctx, Colour.GREEN, "docks-1")
    assert error is not None and error.code == "goal-full"


def test_several_goals_of_one_family_are_allowed(ctx: Ctx) -> None:
    """R-BOOKS-3: books on different goals of the same family are fine."""
    ctx.player(P).crates = ["crate-01", "crate-02", "crate-03"]
    ctx.player(P).books = 3
    cook(ctx, ["book docks-1 0", "book docks-2 0", "book docks-3 1"])
    assert [ctx.state.books[f"docks-{i}"] for i in (1, 2, 3)] == [
        [P, None],
        [P, None],
        [None, P],
    ]


def test_why_not_needs_a_book_and_a_goal_in_play(ctx: Ctx) -> None:
    """R-BOOKS-2: a book from the operations board, on a goal of this game."""
    ctx.player(P).crates = ["crate-01"]
    error = why_not(ctx, P, "docks-1", 0)
    assert error is not None and (error.code, error.rule) == ("no-book", "R-BOOKS-2")
    assert book_spaces_available(ctx, P) == []
    ctx.player(P).books = 1
    assert why_not(ctx, P, "docks-1", 0) is None
    error = why_not(ctx, P, "docks-1", 2)
    assert error is not None and error.code == "no-such-space"
    missing = next(g.id for g in ctx.catalog.central_park_goals if g.id not in ctx.state.books)
    error = why_not(ctx, P, missing)
    assert error is not None and error.code == "goal-not-in-play"


def test_available_spaces_are_in_board_order(ctx: Ctx) -> None:
    """Options are listed by family (docks, City Hall, Central Park, notoriety, area)."""
    order = goals_in_play(ctx)
    families = [ctx.catalog.goal(g).family for g in order]
    assert families == sorted(
        families,
        key=["docks", "city_hall", "central_park", "notoriety", "area"].index,
    )
    assert order[6:11] == ctx.state.central_park_goals
    assert len(order) == len(ctx.state.books)


# ---------------------------------------------------------------------- the cook_books handler
def test_cook_pays_into_the_safe(ctx: Ctx) -> None:
    """R-BOOKS-2, R-MONEY-4, R-BOOKS-5/7: the book moves, the payout goes into the safe."""
    player = ctx.player(P)
    player.books = 2
    player.crates = ["crate-01"]
    set_all_levels(ctx, 5, 5, 5, 5, 2)
    pocket, safe = player.pocket, player.safe
    decisions = cook(ctx, ["book docks-1 1", "book notoriety-3 0"])
    assert ctx.state.books["docks-1"] == [None, P]
    assert ctx.state.books["notoriety-3"] == [P, None]
    assert player.books == 0 and player.pocket == pocket
    assert player.safe == safe + 15 + 20
    first = decisions[0]
    assert first.kind == "cook_book"
    labels = {str(o): o.label for o in first.options}
    assert "pays $15 into your safe" in labels["book docks-1 1"]
    assert labels["done"] == "Stop cooking books"
    events = [e for e in ctx.events if e.kind == "cook_book"]
    assert [e.data["payout"] for e in events] == [15, 20]
    assert "R-MONEY-4" in events[0].rules


def test_cook_area_and_central_park_payouts(ctx: Ctx) -> None:
    """R-BOOKS-8/9, GAP-19: Central Park tiles pay $10, area tiles $20, into the safe;
    the book space itself adds nothing."""
    player = ctx.player(P)
    player.books = 2
    in_play(ctx, "cp-A-5")
    in_play(ctx, "area-7")
    set_all_levels(ctx, 3, 3, 3, 3, 1)
    for d in (7, 8, 9):
        put(ctx, d, BAR)
    safe = player.safe
    cook(ctx, ["book cp-A-5 0", "book area-7 1"])
    assert player.safe == safe + 30


def test_cook_runs_the_goal_reward(ctx: Ctx) -> None:
    """R-BOOKS-2: the reward printed on the goal follows the payout (GAP-17 hook)."""
    goals = tuple(
        dataclasses.replace(g, reward=(Effect.of("gain_leverage", n=2),))
        if g.id == "docks-1"
        else g
        for g in ctx.catalog.goals
    )
    ctx.catalog = dataclasses.replace(ctx.catalog, goals=goals)
    player = ctx.player(P)
    player.books = 1
    player.crates = ["crate-01"]
    decisions = cook(ctx, ["book docks-1 0"])
    assert player.leverage_tokens == 2
    assert "then gain 2 leverage tokens" in decisions[0].options[0].label


def test_cook_at_most_n_books(ctx: Ctx) -> None:
    """R-BOOKS-2: up to 3 books; a fourth is not asked for."""
    player = ctx.player(P)
    player.books = 5
    player.crates = ["crate-01", "crate-02", "crate-03"]
    decisions = cook(ctx, ["book docks-1 0", "book docks-2 0", "book docks-3 0"])
    assert len(decisions) == 3 and player.books == 2


def test_cook_every_book_is_optional(ctx: Ctx) -> None:
    """R-BOOKS-2: "up to": the player may stop at once."""
    player = ctx.player(P)
    player.books = 1
    player.crates = ["crate-01"]
    cook(ctx, ["done"])
    assert player.books == 1 and ctx.state.books["docks-1"] == [None, None]


def test_cook_without_books_asks_nothing(ctx: Ctx) -> None:
    """R-BOOKS-2: cooking needs a book on the operations board."""
    ctx.player(P).crates = ["crate-01"]
    assert cook(ctx, []) == []
    assert any(e.kind == "no_book" for e in ctx.events)


def test_cook_without_any_goal_met_asks_nothing(ctx: Ctx) -> None:
    """R-BOOKS-4: no goal met, nothing to choose."""
    ctx.player(P).books = 2
    assert cook(ctx, []) == []
    assert any(e.kind == "no_goal" for e in ctx.events)


def test_cook_lists_blocked_goals_with_reasons(ctx: Ctx) -> None:
    """R-BOOKS-6: unmet goals are shown greyed out with a plain reason."""
    player = ctx.player(P)
    player.books = 1
    player.crates = ["crate-01"]
    for d in (1, 7, 13):
        put(ctx, d, BAR, protected=True)
    ctx.state.books["docks-2"][0] = Y
    decisions = cook(ctx, ["done"])
    offered = {str(o) for o in decisions[0].options}
    assert {"book docks-1 0", "book docks-1 1", "book hall-1 0", "book hall-1 1"} <= offered
    blocked = {str(b.action): b.error for b in decisions[0].blocked}
    assert "book docks-1 0" not in blocked
    hall2 = blocked["book hall-2 0"]
    assert hall2.rule == "R-GOAL-HALL-2"
    assert hall2.reason == "needs protected buildings in at least 5 different districts; you have 3"
    assert "book docks-2 0" not in blocked  # taken: not an empty space
    assert blocked["book docks-2 1"].rule == "R-GOAL-DOCKS-2"


def test_requirement_is_a_minimum_checked_only_when_placing(ctx: Ctx) -> None:
    """R-BOOKS-4: exceeding is fine, and a placed book stays when the condition is lost."""
    player = ctx.player(P)
    player.books = 1
    player.crates = ["crate-01", "crate-02", "crate-03"]
    cook(ctx, ["book docks-1 0"])
    player.crates = []
    assert ctx.state.books["docks-1"] == [P, None]


def test_second_book_sees_the_first(ctx: Ctx) -> None:
    """R-BOOKS-3: after one book on a goal, its other space is no longer offered."""
    player = ctx.player(P)
    player.books = 2
    player.crates = ["crate-01"]
    decisions = cook(ctx, ["book docks-1 0"])
    assert len(decisions) == 1  # nothing else is met: the action ends


def test_place_book_refuses_an_illegal_space(ctx: Ctx) -> None:
    """The flow refuses a space that is not legal, leaving the state untouched."""

    player = ctx.player(P)
    player.books = 1
    with pytest.raises(IllegalAction, match="R-GOAL-DOCKS-1"):
        next(place_book(ctx, P, "docks-1", 0))
    assert player.books == 1 and ctx.state.books["docks-1"] == [None, None]


def test_cook_refusal_explains_an_empty_choice(ctx: Ctx) -> None:
    """R-BOOKS-2/4: no book, or no goal met, means cooking would do nothing."""
    error = cook_refusal(ctx, P)
    assert error is not None and (error.code, error.rule) == ("no-book", "R-BOOKS-2")
    ctx.player(P).books = 1
    error = cook_refusal(ctx, P)
    assert error is not None and error.code == "no-goal"
    ctx.player(P).crates = ["crate-01"]
    assert cook_refusal(ctx, P) is None
