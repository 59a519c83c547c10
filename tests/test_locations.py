"""Locations: persons, the Restaurant and Central Park (R-LOC-GEN, R-LOC-RESTAURANT,
R-LOC-CENTRALPARK, and the person layouts of R-LOC-CONTRACTORS/PLANNING/CITYHALL/COMMISSION)."""

from __future__ import annotations

import pytest

from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.flow import capo_options, persons_in_play, send_capo
from speakeasy.games.speakeasy.rules.protection import protection_cost
from tests.support import B, G, P, Y, drive, new_ctx, skip_or_first


@pytest.mark.parametrize(
    ("location", "two", "four"),
    [
        ("contractors", 2, 3),
        ("planning", 2, 3),
        ("garage", 2, 2),
        ("city_hall", 1, 2),
        ("commission", 2, 3),
        ("docks", 1, 2),
        ("central_park", 2, 3),
    ],
)
def test_r_loc_gen_6_persons_per_player_count(location: str, two: int, four: int) -> None:
    """R-LOC-GEN-6, R-2P-8, DISC-2: persons by player count (City Hall, Docks 1 at 2p)."""
    assert len(persons_in_play(new_ctx(2), new_ctx(2).catalog.location(location))) == two
    assert len(persons_in_play(new_ctx(4), new_ctx(4).catalog.location(location))) == four


def test_r_loc_gen_1_one_to_three_persons_restaurant_unlimited() -> None:
    """R-LOC-GEN-1/2: 1-3 persons per location; the Restaurant's person has no capo limit
    (no person count)."""
    ctx = new_ctx(4)
    for location in ctx.catalog.locations.values():
        if location.unlimited:
            assert location.id == "restaurant" and location.person_count(4) is None
        else:
            assert 1 <= len(persons_in_play(ctx, location)) <= 3


@pytest.mark.parametrize(
    "location", ["contractors", "planning", "city_hall", "commission", "docks", "central_park"]
)
def test_r_loc_gen_7_two_players_drop_the_rightmost_persons(location: str) -> None:
    """R-LOC-GEN-7, GAP-20: at 2p the rightmost person(s) are removed, the others keep theirs."""
    two, four = new_ctx(2), new_ctx(4)
    left = persons_in_play(two, two.catalog.location(location))
    full = persons_in_play(four, four.catalog.location(location))
    assert [p.index for p in left] == [p.index for p in full][: len(left)]
    assert [p.actions for p in left] == [p.actions for p in full][: len(left)]


def test_disc_2_option_gives_two_persons_at_city_hall_and_docks() -> None:
    """DISC-2: the CZ reading (2 persons) is a switch."""
    ctx = new_ctx(2, options=Options(two_persons_at_city_hall_and_docks_2p=True))
    for location in ("city_hall", "docks"):
        assert len(persons_in_play(ctx, ctx.catalog.location(location))) == 2


@pytest.mark.parametrize(
    ("location", "person", "kinds"),
    [
        ("contractors", 0, ["gain_book", "build"]),
        ("contractors", 1, ["raise_level", "build"]),
        ("contractors", 2, ["gain_helper", "build"]),
        ("planning", 0, ["build", "play_card"]),
        ("garage", 0, ["play_card"]),
        ("garage", 1, ["raise_level", "play_card"]),
        ("city_hall", 0, ["gain_mafioso", "gain_leverage", "play_card"]),
        ("city_hall", 1, ["hire_goons", "gain_leverage", "play_card"]),
        ("commission", 2, ["gain_mafioso", "hire_goons", "ally"]),
        ("docks", 1, ["hire_goon_free", "attack_ship"]),
    ],
)
def test_person_layouts(location: str, person: int, kinds: list[str]) -> None:
    """R-LOC-GEN-3/4, GAP-20: box actions for every person, person actions top to bottom.

    The actions each location offers (R-LOC-CONTRACTORS-1, R-LOC-PLANNING-1, R-LOC-PLANNING-3,
    R-LOC-GARAGE-1, R-LOC-CITYHALL-1, R-LOC-COMMISSION-1, R-LOC-DOCKS-1) laid out as the
    assumed person layouts (R-LOC-CONTRACTORS-3, R-LOC-PLANNING-4, R-LOC-GARAGE-3,
    R-LOC-CITYHALL-2, R-LOC-COMMISSION-2, R-LOC-DOCKS-2)."""
    ctx = new_ctx(4)
    actions = ctx.catalog.location(location).person(person).actions
    assert [e.kind for e in actions] == kinds


def test_r_turn_4_a_person_talks_to_one_capo_per_act() -> None:
    """R-TURN-4, R-CAPO-5: a taken person is blocked with its reason."""
    ctx = new_ctx(4)
    ctx.state.persons["garage:0"] = Y
    options, blocked = capo_options(ctx, P)
    assert "capo garage 0" not in {str(o) for o in options}
    reasons = {str(b.action): b.error for b in blocked}
    assert reasons["capo garage 0"].code == "person-taken"


def test_r_loc_restaurant_1_2_discard_and_bottom_space() -> None:
    """R-LOC-RESTAURANT-1/2/5, R-ORDER-3: space 3 at 4p needs a second discard; the
    protection cost follows the new column at once."""
    ctx = new_ctx([P, Y, G, B])
    player = ctx.player(P)
    assert len(player.hand) == 4
    script = ["capo restaurant 0"]

    def choose(decision: Decision) -> str:
        if decision.kind == "capo":
            return script.pop(0)
        if decision.kind == "restaurant_space":
            assert {str(o) for o in decision.options} == {
                "bottom 1",
                "bottom 2",
                "bottom 3",
                "bottom 4",
            }
            return "bottom 3"
        if decision.kind == "discard":
            return str(decision.options[0])
        return skip_or_first(decision)

    _, seen = drive(send_capo(ctx, P), choose)
    assert len(player.hand) == 2
    assert [d.kind for d in seen].count("discard") == 2
    assert ctx.state.turn_order.bottom[2] is P
    assert P not in ctx.state.turn_order.top
    assert ctx.state.turn_order.column_of(P) == 3
    assert protection_cost(ctx, P) == ctx.catalog.turn_order.for_players(4).protection_cost(3)
    assert ctx.state.restaurant == [P]


def test_r_loc_restaurant_3_refused_without_cards() -> None:
    """R-LOC-RESTAURANT-3: no card, no Restaurant; one card and only late spaces left: no."""
    ctx = new_ctx([P, Y, G, B])
    ctx.player(P).hand = []
    _, blocked = capo_options(ctx, P)
    errors = {str(b.action): b.error for b in blocked}
    assert errors["capo restaurant 0"].rule == "R-LOC-RESTAURANT-3"
    ctx.player(P).hand = ["vip-01"]
    ctx.state.turn_order.bottom = [Y, G, None, None]
    _, blocked = capo_options(ctx, P)
    assert "capo restaurant 0" in {str(b.action) for b in blocked}
    ctx.player(P).hand = ["vip-01", "vip-02"]
    options, _ = capo_options(ctx, P)
    assert "capo restaurant 0" in {str(o) for o in options}


@pytest.mark.parametrize(("players", "late"), [(2, {2}), (3, {3}), (4, {3, 4})])
def test_r_2p_7_r_3p_1_late_spaces_per_player_count(players: int, late: set[int]) -> None:
    """R-2P-7, R-3P-1, R-LOC-RESTAURANT-2/4: which bottom spaces need the extra discard."""
    ctx = new_ctx(players)
    layout = ctx.catalog.turn_order.for_players(players)
    assert {s for s in range(1, layout.columns + 1) if layout.discards_for(s) == 2} == late


def test_r_loc_restaurant_7_up_to_two_different_actions() -> None:
    """R-LOC-RESTAURANT-7, R-LOC-GEN-2: two different actions at most; unlimited capos."""
    ctx = new_ctx([P, Y, G, B])
    ctx.state.restaurant = [Y, G]
    # Each of the three actions must be able to do something, or it is greyed out (issue 15):
    # a city token to play, and a book for the first docks goal (1 crate owned).
    purple = ctx.player(P)
    purple.city_tokens.append(ctx.catalog.city_tokens[0].id)
    purple.books, purple.crates = 1, ["crate-01"]
    offered: list[set[str]] = []

    def choose(decision: Decision) -> str:
        if decision.kind == "capo":
            return "capo restaurant 0"
        if decision.kind == "restaurant_space":
            return "bottom 1"
        if decision.kind == "restaurant_action":
            offered.append({str(o) for o in decision.options})
            remaining = sorted(o for o in offered[-1] if o != "done")
            return remaining[0] if len(offered) <= 2 else "done"
        return skip_or_first(decision)

    drive(send_capo(ctx, P), choose)
    assert offered[0] == {
        "restaurant_action books",
        "restaurant_action play",
        "restaurant_action tokens",
        "done",
    }
    assert len(offered) == 2
    assert len(offered[1]) == 3  # the first choice is gone
    assert ctx.state.restaurant == [Y, G, P]


def test_r_loc_centralpark_1_to_4_swap_and_compensation() -> None:
    """R-LOC-CENTRALPARK-1..4, R-LOC-CENTRALPARK-6: take Yellow's person, do its actions,
    Yellow is compensated and its capo now occupies a Central Park person."""
    ctx = new_ctx([P, Y, G, B], clear=True)
    ctx.state.persons["city_hall:0"] = Y
    ctx.state.persons["garage:1"] = P  # your own capo cannot be swapped
    yellow = ctx.player(Y)
    books = yellow.books
    seen_players: list[Colour] = []

    def choose(decision: Decision) -> str:
        seen_players.append(decision.player)
        if decision.kind == "capo":
            return "capo central_park 0"
        if decision.kind == "swap":
            assert {str(o) for o in decision.options} == {"swap city_hall 0"}
            return "swap city_hall 0"
        if decision.kind == "compensation":
            assert decision.player is Y
            return "compensation book"
        if decision.kind == "mafioso":
            return "mafioso vip"
        return skip_or_first(decision)

    mafiosi = ctx.player(P).vip
    drive(send_capo(ctx, P), choose)
    assert ctx.state.persons["city_hall:0"] is P
    assert ctx.state.persons["central_park:0"] is Y
    assert ctx.player(P).vip == mafiosi + 1  # City Hall person 1 gives a mafioso
    assert yellow.books == books + 1
    assert Y in seen_players


def test_r_loc_centralpark_2_needs_a_free_park_person() -> None:
    """R-LOC-CENTRALPARK-2: no free park person, no swap."""
    ctx = new_ctx([P, Y, G, B])
    ctx.state.persons.update(
        {"central_park:0": Y, "central_park:1": G, "central_park:2": B, "docks:0": Y}
    )
    _, blocked = capo_options(ctx, P)
    errors = {str(b.action): b.error for b in blocked}
    assert errors["capo central_park 0"].code == "park-full"


def test_r_loc_centralpark_5_swap_into_the_restaurant() -> None:
    """R-LOC-CENTRALPARK-5: swapping with a Restaurant capo runs the Restaurant's mandatory part."""
    ctx = new_ctx([P, Y, G, B])
    ctx.state.restaurant = [Y]
    kinds: list[str] = []

    def choose(decision: Decision) -> str:
        kinds.append(decision.kind)
        if decision.kind == "capo":
            return "capo central_park 0"
        if decision.kind == "swap":
            return "swap restaurant yellow"
        if decision.kind == "restaurant_space":
            return "bottom 1"
        return skip_or_first(decision)

    drive(send_capo(ctx, P), choose)
    assert ctx.state.restaurant == [P]
    assert ctx.state.persons["central_park:0"] is Y
    assert "discard" in kinds and "compensation" in kinds
    assert ctx.state.turn_order.bottom[0] is P
    no_swap = new_ctx([P, Y, G, B], options=Options(restaurant_swap=False))
    no_swap.state.restaurant = [Y]
    _, blocked = capo_options(no_swap, P)
    assert "capo central_park 0" in {str(b.action) for b in blocked}
