"""Opening, taking over and upgrading buildings (R-BUILD-1..8, R-TAKEOVER-1..7, R-UPGRADE-1..5,
R-CITY-1) and the rulebook examples E1, E13, E14, E15 and E16."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

import speakeasy.games.speakeasy.rules  # noqa: F401  (registers the reward handlers)
from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules import buildings as bld
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import HANDLERS, Source, run_effect
from tests.support import BAR, CASINO, DIST, NC, B, G, P, drive, new_ctx, option_texts, put_building

CONTRACTORS = Effect.of(
    "build", buildings=["bar", "distillery"], modes=["open", "takeover"], times=2
)
PLANNING = Effect.of(
    "build", buildings=["nightclub", "casino"], modes=["open", "upgrade", "takeover"], times=2
)
TAKEOVER_HELPER = Effect.of(
    "build",
    buildings=["bar", "distillery", "nightclub", "casino"],
    modes=["takeover"],
    ignore_defence=True,
)
MIDDLE_GROUP = ("bar-middle-1", "bar-middle-2", "distillery")


@pytest.fixture
def ctx() -> Ctx:
    """A 4-player position with an empty map: no buildings, gangsters, police or tokens."""
    c = new_ctx(seed=3, clear=True)
    for player in c.state.players.values():
        player.pocket, player.safe = 20, 0
        player.partner = None
        player.partner_district = None
    return c


def run(ctx: Ctx, colour: Colour, effect: Effect) -> Flow[None]:
    return run_effect(ctx, colour, effect, Source("person", "test:0"))


def gangsters(ctx: Ctx, district: int, strength: int, tile: str = "gangster-B1") -> None:
    """A gangster in ``district`` with a bar on every building space (R-SETUP-6/7)."""
    d = ctx.state.districts[district]
    d.gangster, d.strength_token, d.had_gangster = tile, strength, True
    for space in d.spaces:
        space.gangster_bar = True
        ctx.state.supply_gangster_bars -= 1


def set_reward(ctx: Ctx, piece: str, *effects: Effect) -> None:
    """Print a reward under one board space (the rewards are GAP-3 data hooks)."""
    board = ctx.catalog.operations_board
    spaces = tuple(
        dataclasses.replace(s, reward=effects) if s.id == piece else s for s in board.spaces
    )
    ctx.catalog = dataclasses.replace(
        ctx.catalog, operations_board=dataclasses.replace(board, spaces=spaces)
    )


def blocked(decision: Decision) -> dict[str, tuple[str, str, str]]:
    return {str(b.action): (b.error.code, b.error.rule, b.error.reason) for b in decision.blocked}


def events(ctx: Ctx, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in ctx.events if e.kind == kind]


# ---------------------------------------------------------------------- opening
def test_contractors_offers_each_distinct_piece_and_mode(ctx: Ctx) -> None:
    gangsters(ctx, 4, 1)
    _, seen = drive(run(ctx, B, CONTRACTORS), ["done"])
    assert seen[0].kind == "build"
    assert option_texts(seen[0]) == [
        "build open bar-left-1",
        "build open bar-middle-1",
        "build open bar-right-1",
        "build open distillery",
        "build takeover bar-left-1",
        "build takeover bar-middle-1",
        "build takeover bar-right-1",
        "build takeover distillery",
        "done",
    ]
    labels = [o.describe() for o in seen[0].options]
    assert labels[0] == "Open a bar from the left group ($3)"
    assert labels[3] == "Open the distillery ($5)"
    assert labels[6] == "Take over with a bar from the right group ($8)"
    assert ctx.player(B).pocket == 20  # "done" builds nothing


def test_open_bar_pays_group_cost_and_takes_city_token(ctx: Ctx) -> None:
    """R-BUILD-2/3, R-CITY-1: the right group's bar costs $8; the token moves to the board."""
    space = ctx.state.districts[9].spaces[1]
    space.city_token = "city-08"
    player = ctx.player(B)
    player.board_pieces.remove("bar-right-1")  # the first right bar is already on the map
    drive(run(ctx, B, CONTRACTORS), ["build open bar-right-2", "build_space 9 1", "done"])
    assert space.building == Building(B, BuildingType.BAR, "bar-right-2")
    assert space.city_token is None
    assert player.city_tokens == ["city-08"]
    assert player.pocket == 12 and player.safe == 0
    assert "bar-right-2" not in player.board_pieces
    (event,) = events(ctx, "open")
    assert event["cost"] == 8 and event["paid_pocket"] == 8 and event["token"] == "city-08"
    assert (event["district"], event["space"], event["piece"]) == (9, 1, "bar-right-2")


def test_e13_open_distillery(ctx: Ctx, monkeypatch: pytest.MonkeyPatch) -> None:
    """E13: $5, the city token to Blue's board, the distillery space's reward is gained."""
    gained: list[tuple[Colour, Effect, Source]] = []

    def record(c: Ctx, colour: Colour, effect: Effect, source: Source) -> Iterator[Decision]:
        gained.append((colour, effect, source))
        yield from ()

    monkeypatch.setitem(HANDLERS, "gain_book", record)
    set_reward(ctx, "distillery", Effect.of("gain_book"))
    ctx.state.districts[11].spaces[0].city_token = "city-03"
    player = ctx.player(B)
    drive(run(ctx, B, CONTRACTORS), ["build open distillery", "build_space 11 0", "done"])
    space = ctx.state.districts[11].spaces[0]
    assert space.building == Building(B, BuildingType.DISTILLERY, "distillery")
    assert player.pocket == 15
    assert player.city_tokens == ["city-03"] and space.city_token is None
    assert gained == [(B, Effect.of("gain_book"), Source("board", "distillery"))]


def test_two_builds_same_option_then_stop(ctx: Ctx) -> None:
    """R-LOC-CONTRACTORS-2: up to 2 times, the same option twice is allowed."""
    player = ctx.player(B)
    _, seen = drive(
        run(ctx, B, CONTRACTORS),
        ["build open bar-left-1", "build_space 1 0", "build open bar-left-2", "build_space 1 1"],
    )
    assert [d.kind for d in seen] == ["build", "build_space", "build", "build_space"]
    assert "build open bar-left-1" not in option_texts(seen[2])  # that piece has left the board
    assert player.pocket == 14
    assert [b.piece for _, _, b in ctx.state.buildings(B)] == ["bar-left-1", "bar-left-2"]


def test_r_build_1_empty_spaces_only(ctx: Ctx) -> None:
    """No gangster bar, no building, never a closed district (R-BUILD-1, R-CLOSED-1)."""
    gangsters(ctx, 4, 6)
    put_building(ctx, G, 5, 0, BAR, piece="bar-left-1", from_board=True)
    ctx.state.districts[6].closed = True
    targets = bld.legal_targets(ctx, B, "bar-left-1", "open")
    assert (5, 1) in targets and (5, 0) not in targets
    assert all(d not in (4, 6) for d, _ in targets)
    assert len(targets) == 2 * 12 + 3 * 4 - 2 - 2 - 1  # all spaces minus 4, 6 and (5, 0)


def test_r_build_6_police_do_not_stop_opening(ctx: Ctx) -> None:
    ctx.state.districts[2].police = True
    assert (2, 0) in bld.legal_targets(ctx, B, "bar-left-1", "open")


def test_r_build_4_5_one_nightclub_per_area(ctx: Ctx) -> None:
    """A nightclub goes only to an area without one of yours; shown spaces say why not."""
    put_building(ctx, B, 16, 0, NC, piece="nightclub-1", from_board=True)
    put_building(ctx, B, 3, 0, NC, piece="nightclub-2", from_board=True)
    targets = bld.legal_targets(ctx, B, "nightclub-3", "open")
    assert targets and {d for d, _ in targets} == set(range(7, 13))
    # $8 left afterwards: no second build is possible, so none is asked
    _, seen = drive(run(ctx, B, PLANNING), ["build open nightclub-3", "build_space 7 0"])
    why = blocked(seen[1])
    assert why["build_space 13 0"][:2] == ("one-per-area", "R-BUILD-5")
    assert why["build_space 1 1"][2] == "you already have a nightclub in Downtown"
    assert ctx.player(B).pocket == 8


def test_r_build_5_blocked_when_free_spaces_are_all_in_covered_areas(ctx: Ctx) -> None:
    """Casinos in Downtown and Midtown; Uptown is full of gangster bars (defence 9)."""
    put_building(ctx, B, 1, 0, CASINO, piece="casino-1", from_board=True)
    put_building(ctx, B, 7, 0, CASINO, piece="casino-2", from_board=True)
    for district in (13, 14, 15, 16):
        gangsters(ctx, district, 9)
    legal, why = bld.build_options(ctx, B, buildings=("casino",), modes=("open", "takeover"))
    assert legal == []
    reasons = {str(b.action): (b.error.code, b.error.rule) for b in why}
    assert reasons == {
        "build open casino-3": ("one-per-area", "R-BUILD-5"),
        "build takeover casino-3": ("too-weak", "R-COMBAT-1"),
    }


def test_r_build_7_one_distillery(ctx: Ctx) -> None:
    """With the rebuild variant the piece can be back on the board while one is on the map."""
    put_building(ctx, B, 2, 0, DIST, piece="distillery", from_board=True)
    ctx.player(B).board_pieces.append("distillery")
    legal, why = bld.build_options(ctx, B, buildings=("distillery",), modes=("open", "takeover"))
    assert legal == []
    assert {b.error.code for b in why} == {"one-distillery"}
    assert {b.error.rule for b in why} == {"R-BUILD-7"}


def test_cannot_pay_reason_counts_laundering(ctx: Ctx) -> None:
    """R-MONEY-6: $10 pocket and $12 safe (launders $6) cannot cover $17 + a card."""
    player = ctx.player(B)
    player.pocket, player.safe = 10, 12
    legal, why = bld.build_options(ctx, B, buildings=("casino",), modes=("open",))
    assert legal == []
    (b,) = why
    assert str(b.action) == "build open casino-1"
    assert (b.error.code, b.error.rule) == ("cannot-pay", "R-MONEY-6")
    assert b.error.reason == (
        "a casino costs $17 and 1 discarded card; you have $10 and can launder $6"
    )


def test_casino_needs_a_card(ctx: Ctx) -> None:
    player = ctx.player(B)
    player.hand.clear()
    legal, why = bld.build_options(ctx, B, buildings=("casino", "nightclub"), modes=("open",))
    assert [str(c.action()) for c in legal] == ["build open nightclub-1"]
    (b,) = why
    assert (b.error.code, b.error.rule) == ("no-card", "R-BUILD-4")


def test_open_casino_discards_to_the_bottom_of_its_deck(ctx: Ctx) -> None:
    """R-BUILD-4, R-CARD-5: $17 plus a card from hand, which goes under its deck."""
    player = ctx.player(B)
    player.pocket = 17
    card = player.hand[0]
    deck = ctx.state.operation_decks[Track(ctx.catalog.card(card).type)]
    legal, _ = bld.build_options(ctx, B, buildings=("casino",), modes=("open",))
    label = [c.label for c in legal]
    assert label == ["Open a casino ($17 + 1 discard)"]
    drive(
        run(ctx, B, PLANNING),
        ["build open casino-1", "build_space 2 0", f"discard {card}"],
    )
    assert card not in player.hand and deck[-1] == card
    assert player.pocket == 0
    assert ctx.state.districts[2].spaces[0].building == Building(B, BuildingType.CASINO, "casino-1")


def test_nothing_buildable_asks_nothing(ctx: Ctx) -> None:
    ctx.player(B).pocket = 2
    result, seen = drive(bld.build(ctx, B, buildings=("bar",), modes=("open",)), [])
    assert result == 0 and seen == []
    (event,) = [e for e in ctx.events if e.kind == "build_impossible"]
    assert {r["code"] for r in event.data["reasons"]} == {"cannot-pay"}


def test_city_token_12_opens_or_takes_over_a_bar_only(ctx: Ctx) -> None:
    """R-CITYTOK-12 (CZ/PL text): a bar, never the distillery."""
    gangsters(ctx, 4, 1)
    effect = ctx.catalog.city_token("city-12").effect[0]
    _, seen = drive(run(ctx, B, effect), ["done"])
    assert option_texts(seen[0]) == [
        "build open bar-left-1",
        "build open bar-middle-1",
        "build open bar-right-1",
        "build takeover bar-left-1",
        "build takeover bar-middle-1",
        "build takeover bar-right-1",
        "done",
    ]


# ---------------------------------------------------------------------- taking over
def test_e1_attack_must_beat_defence(ctx: Ctx) -> None:
    """E1 / R-COMBAT-1: against strength 5, attack 5 fails and 6 succeeds."""
    gangsters(ctx, 5, 5)
    player = ctx.player(G)
    player.levels[Track.STRENGTH] = 3
    player.goons = 2
    assert bld.max_attack(ctx, G, 100) == 5
    assert bld.legal_targets(ctx, G, "bar-left-1", "takeover") == []
    legal, why = bld.build_options(ctx, G, buildings=("bar",), modes=("takeover",))
    assert legal == []
    reason = why[0].error
    assert (reason.code, reason.rule) == ("too-weak", "R-COMBAT-1")
    assert reason.reason == (
        "the gangster bars in district 5 have defence 5, which needs attack 6; your best is 5"
    )
    player.goons = 3
    assert bld.legal_targets(ctx, G, "bar-left-1", "takeover") == [(5, 0), (5, 1)]
    assert [b.total for b in bld.takeover_options(ctx, G, 5)] == [6]


def test_e14_takeover_in_district_4(ctx: Ctx) -> None:
    """E14: strength 2 + goon 1 + partner 4 ($5) = 7 > 6; the bar goes back to the supply."""
    gangsters(ctx, 4, 6, tile="gangster-B2")
    space = ctx.state.districts[4].spaces[0]
    space.city_token = "city-09"
    blue = ctx.player(B)
    blue.levels[Track.STRENGTH] = 2
    blue.goons = 1
    blue.partner, blue.partner_district = "gangster-A1", 10  # Waxey Gordon: 4, help $5
    set_reward(ctx, "bar-left-1", Effect.of("gain_book"))
    bars, goons, books = ctx.state.supply_gangster_bars, ctx.state.supply_goons, blue.books
    _, seen = drive(
        run(ctx, B, CONTRACTORS),
        ["build takeover bar-left-1", "build_space 4 0", "boost 1 paid", "done"],
    )
    boost = seen[2]
    assert boost.kind == "takeover_boost"
    assert option_texts(boost) == ["boost 1 paid"]  # the only way to reach 7
    assert blocked(boost)["boost 0 paid"][0] == "too-weak"
    assert blocked(boost)["boost 1 none"][2] == "attack 3 does not beat defence 6"
    assert blue.pocket == 20 - 3 - 5 and blue.goons == 0
    assert ctx.state.supply_goons == goons + 1
    assert ctx.state.supply_gangster_bars == bars + 1
    assert space.gangster_bar is False
    assert space.building == Building(B, BuildingType.BAR, "bar-left-1")
    assert blue.city_tokens == ["city-09"] and space.city_token is None
    assert blue.books == books + 1  # the bar's reward
    assert ctx.state.districts[4].spaces[1].gangster_bar  # the other bar stays
    (event,) = events(ctx, "takeover")
    assert (event["attack"], event["defence"], event["goons_returned"]) == (7, 6, 1)
    assert (event["partner"], event["partner_cost"], event["paid_pocket"]) == ("paid", 5, 8)


def test_r_takeover_7_gangster_stays_after_losing_all_bars(ctx: Ctx) -> None:
    gangsters(ctx, 2, 1, tile="gangster-B2")
    blue = ctx.player(B)
    blue.pocket, blue.goons, blue.levels[Track.STRENGTH] = 100, 0, 2
    drive(
        run(ctx, B, CONTRACTORS),
        [
            "build takeover bar-left-1",
            "build_space 2 0",
            "boost 0 none",
            "build takeover bar-left-2",
            "build_space 2 1",
            "boost 0 none",
        ],
    )
    district = ctx.state.districts[2]
    assert not any(s.gangster_bar for s in district.spaces)
    assert district.gangster == "gangster-B2" and district.strength_token == 1


def test_e15_e16_planning_office_takeover_then_upgrade(ctx: Ctx) -> None:
    """E15: casino takeover in 5 with 2 goons, $10 pocket + $7 laundered ($14 from the safe).
    E16: then upgrade the bar in 7 to a NC for $12 - $5 = $7 ($14 from the safe); the Uptown
    bar cannot be upgraded because of the NC in 16."""
    gangsters(ctx, 5, 5)
    ctx.state.districts[5].spaces[1].city_token = "city-02"
    purple = ctx.player(P)
    purple.levels[Track.STRENGTH] = 4
    purple.goons = 2
    purple.partner, purple.partner_district = "gangster-A1", 12
    purple.pocket, purple.safe = 10, 40
    put_building(ctx, P, 16, 0, NC, piece="nightclub-3", from_board=True)
    uptown_bar = put_building(ctx, P, 13, 0, BAR, piece="bar-middle-1", from_board=True)
    midtown_bar = put_building(ctx, P, 7, 1, BAR, piece="bar-middle-2", from_board=True)
    midtown_bar.protected = midtown_bar.barrel = True
    # the middle group is empty
    put_building(ctx, P, 8, 0, DIST, piece="distillery", from_board=True)
    card = purple.hand[0]
    bars = ctx.state.supply_gangster_bars
    _, seen = drive(
        run(ctx, P, PLANNING),
        [
            "build takeover casino-1",
            "build_space 5 1",
            "boost 2 none",
            f"discard {card}",
            "build upgrade nightclub-1",
            "build_space 7 1",
        ],
    )
    # E15
    assert "boost 2 none" in option_texts(seen[2]) and "boost 1 none" not in option_texts(seen[2])
    casino = ctx.state.districts[5].spaces[1]
    assert casino.building == Building(P, BuildingType.CASINO, "casino-1")
    assert not casino.gangster_bar and ctx.state.supply_gangster_bars == bars + 1
    assert purple.city_tokens == ["city-02"]
    assert purple.goons == 0 and card not in purple.hand
    takeover = events(ctx, "takeover")[0]
    assert (takeover["paid_pocket"], takeover["paid_safe"], takeover["attack"]) == (10, 14, 6)
    assert takeover["partner"] == "none"
    # E16
    upgrade_label = next(
        o.describe() for o in seen[4].options if o.args == ("upgrade", "nightclub-1")
    )
    assert upgrade_label == "Upgrade a bar to a nightclub ($12 - $5 discount)"
    assert option_texts(seen[5]) == ["build_space 7 1"]
    assert blocked(seen[5])["build_space 13 0"][:2] == ("one-per-area", "R-BUILD-5")
    assert purple.pocket == 0 and purple.safe == 40 - 14 - 14
    nightclub = ctx.state.districts[7].spaces[1].building
    assert nightclub == Building(
        P, BuildingType.NIGHTCLUB, "nightclub-1", protected=True, barrel=True
    )  # R-UPGRADE-5: the mafioso and the barrel stay
    assert purple.lost_pieces == ["bar-middle-2"]
    assert "nightclub-1" not in purple.board_pieces
    assert purple.city_tokens == ["city-02"]  # no token from an upgrade
    assert ctx.state.districts[13].spaces[0].building is uptown_bar
    upgrade = events(ctx, "upgrade")[0]
    assert (upgrade["cost"], upgrade["discount"], upgrade["paid_safe"]) == (7, 5, 14)
    assert upgrade["removed"] == "bar-middle-2"


def test_r_takeover_5_not_in_partner_district(ctx: Ctx) -> None:
    gangsters(ctx, 6, 1)
    blue = ctx.player(B)
    blue.partner, blue.partner_district = "gangster-A1", 6
    for effect in (CONTRACTORS, TAKEOVER_HELPER):
        legal, why = bld.build_options(
            ctx,
            B,
            buildings=effect.texts("buildings"),
            modes=("takeover",),
            ignore_defence=effect.flag("ignore_defence"),
        )
        assert legal == []
        assert {(b.error.code, b.error.rule) for b in why} == {("partner-district", "R-TAKEOVER-5")}


def test_r_takeover_3_nightclub_takeover_respects_one_per_area(ctx: Ctx) -> None:
    """R-TAKEOVER-3, R-LOC-PLANNING-2: the one-per-area limit holds for takeovers too."""
    gangsters(ctx, 3, 1)
    gangsters(ctx, 9, 1)
    put_building(ctx, B, 1, 0, NC, piece="nightclub-1", from_board=True)
    assert bld.legal_targets(ctx, B, "nightclub-2", "takeover") == [(9, 0), (9, 1)]


def test_takeover_helper_ignores_defence_and_pays(ctx: Ctx) -> None:
    """R-HELPERCARD-13, R-TAKEOVER-6: no attack needed, no boost asked, cost still paid."""
    gangsters(ctx, 8, 9)
    blue = ctx.player(B)
    bars = ctx.state.supply_gangster_bars
    _, seen = drive(run(ctx, B, TAKEOVER_HELPER), ["build takeover bar-right-1", "build_space 8 0"])
    assert [d.kind for d in seen] == ["build", "build_space"]
    assert blue.pocket == 12 and ctx.state.supply_gangster_bars == bars + 1
    assert events(ctx, "takeover")[0]["ignore_defence"] is True


def test_takeover_helper_can_be_free_by_option(ctx: Ctx) -> None:
    ctx.options = Options(takeover_helper_pays_cost=False)
    gangsters(ctx, 8, 9)
    blue = ctx.player(B)
    blue.pocket = 0
    card_count = len(blue.hand)
    assert bld.build_cost(ctx, B, "casino-1", "takeover", ignore_defence=True) == (0, 0)
    labels = {
        str(c.action()): c.label
        for c in bld.build_options(
            ctx, B, buildings=("casino",), modes=("takeover",), ignore_defence=True
        )[0]
    }
    assert labels == {
        "build takeover casino-1": "Take over (ignoring defence) with a casino (no cost)"
    }
    drive(run(ctx, B, TAKEOVER_HELPER), ["build takeover casino-1", "build_space 8 1"])
    assert blue.pocket == 0 and len(blue.hand) == card_count
    assert ctx.state.districts[8].spaces[1].building is not None


def test_crate_13_adds_takeover_attack(ctx: Ctx) -> None:
    gangsters(ctx, 5, 5)
    green = ctx.player(G)
    green.levels[Track.STRENGTH], green.goons = 3, 2
    assert bld.legal_targets(ctx, G, "bar-left-1", "takeover") == []
    green.crates.append("crate-13")
    assert bld.attack_base(ctx, G) == 4
    assert bld.legal_targets(ctx, G, "bar-left-1", "takeover") == [(5, 0), (5, 1)]


def test_partner_help_must_be_affordable_after_the_building(ctx: Ctx) -> None:
    """The partner's $5 cannot be paid after a $8 bar out of $12: too weak, and it says why."""
    gangsters(ctx, 5, 5)
    blue = ctx.player(B)
    blue.levels[Track.STRENGTH], blue.goons, blue.pocket = 2, 0, 12
    blue.partner, blue.partner_district = "gangster-A1", 10
    assert bld.legal_targets(ctx, B, "bar-left-1", "takeover") == [(5, 0), (5, 1)]
    assert bld.legal_targets(ctx, B, "bar-right-1", "takeover") == []
    legal, why = bld.build_options(ctx, B, buildings=("bar",), modes=("takeover",))
    reasons = {str(b.action): b.error.reason for b in why}
    assert reasons["build takeover bar-right-1"].endswith(
        "your best is 2 (your partner's $5 help is more than the $4 you can spare)"
    )
    assert [str(c.action()) for c in legal] == [
        "build takeover bar-left-1",
        "build takeover bar-middle-1",
    ]
    assert [str(b.action()) for b in bld.takeover_options(ctx, B, 5, budget=4)] == []


# ---------------------------------------------------------------------- upgrading
def test_r_upgrade_4_discount_only_for_upgrades_and_only_the_highest(ctx: Ctx) -> None:
    blue = ctx.player(B)
    assert bld.build_cost(ctx, B, "nightclub-1", "upgrade") == (12, 0)
    for piece in ("bar-left-1", "bar-left-2", "bar-left-3"):
        blue.board_pieces.remove(piece)
    assert bld.upgrade_discount(ctx, B) == 3
    for piece in MIDDLE_GROUP:
        blue.board_pieces.remove(piece)
    assert bld.empty_groups(ctx, blue) == ["left", "middle"]
    assert bld.build_cost(ctx, B, "nightclub-1", "upgrade") == (7, 0)  # not 12 - 3 - 5
    assert bld.build_cost(ctx, B, "casino-1", "upgrade") == (12, 1)  # discard still due
    assert bld.build_cost(ctx, B, "nightclub-1", "open") == (12, 0)
    assert bld.build_cost(ctx, B, "casino-1", "takeover") == (17, 1)
    for piece in ("bar-right-1", "bar-right-2", "bar-right-3"):
        blue.board_pieces.remove(piece)
    assert bld.build_cost(ctx, B, "nightclub-1", "upgrade") == (4, 0)


def test_upgrade_needs_a_bar(ctx: Ctx) -> None:
    put_building(ctx, B, 1, 0, DIST, piece="distillery", from_board=True)
    legal, why = bld.build_options(ctx, B, buildings=("nightclub",), modes=("upgrade",))
    assert legal == []
    assert (why[0].error.code, why[0].error.rule) == ("no-bar", "R-UPGRADE-1")


def test_helper_12_upgrades_only(ctx: Ctx) -> None:
    """R-HELPERCARD-12: upgrade a bar (NC or casino) at the normal cost, once."""
    put_building(ctx, B, 1, 0, BAR, piece="bar-left-1", from_board=True)
    effect = ctx.catalog.helper("helper-12").effect[0]
    _, seen = drive(run(ctx, B, effect), ["build upgrade nightclub-1", "build_space 1 0"])
    assert option_texts(seen[0]) == ["build upgrade nightclub-1", "build upgrade casino-1", "done"]
    assert ctx.player(B).lost_pieces == ["bar-left-1"]
    assert ctx.player(B).pocket == 8


def test_r_partner_6_free_help_in_a_takeover(ctx: Ctx) -> None:
    """The once-per-game free help wins when the paid help cannot be afforded."""
    gangsters(ctx, 3, 6)
    ctx.state.districts[3].spaces[0].city_token = "city-05"
    blue = ctx.player(B)
    blue.pocket, blue.goons, blue.levels[Track.STRENGTH] = 3, 0, 1
    blue.partner, blue.partner_district = "gangster-A6", 12  # strength 6, help $7, once free
    _, seen = drive(
        run(ctx, B, CONTRACTORS),
        ["build takeover bar-left-1", "build_space 3 0", "boost 0 free"],
    )
    assert seen[1].options[0].describe() == (
        "The gangster bar in district 3 (Downtown), space 1 (defence 6; city token: "
        "draw an operation card of any type)"
    )
    assert option_texts(seen[2]) == ["boost 0 free"]
    assert blocked(seen[2]) == {
        "boost 0 none": ("too-weak", "R-COMBAT-1", "attack 1 does not beat defence 6")
    }
    assert blue.partner_free_used and blue.pocket == 0
    (event,) = [e for e in ctx.events if e.kind == "takeover"]
    assert event.text == (
        "Blue takes over the gangster bar in district 3 with a bar from the left group: attack 7 "
        "beats the gangsters' defence 6 (the partner's free help). The building costs $3 and "
        "Blue takes city token city-05 (draw an operation card of any type); the gangster bar goes "
        "back to the supply."
    )
    assert event.rules == (
        "R-TAKEOVER-1",
        "R-TAKEOVER-2",
        "R-TAKEOVER-3",
        "R-TAKEOVER-4",
        "R-CITY-1",
    )
    assert (event.data["partner"], event.data["partner_cost"]) == ("free", 0)
