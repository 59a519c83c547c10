"""Every helper card's one-shot reward, carried out through the engine (R-HELPERCARD-1..21,
R-HELPER-3/4, R-MAFIOSO-6)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effects
from tests.support import clear_map, drive, new_ctx

P, Y = Colour.PURPLE, Colour.YELLOW


def _ctx() -> Ctx:
    ctx = new_ctx(4, seed=1)  # no closed districts
    clear_map(ctx.state)
    return ctx


def _chooser(wanted: Mapping[str, str | list[str]]) -> Callable[[Decision], str]:
    """Answer by decision kind (a list answers successive decisions of that kind); anything
    else takes the first option that is not a skip."""
    queues = {k: list(v) if isinstance(v, list) else [v] for k, v in wanted.items()}

    def choose(decision: Decision) -> str:
        queue = queues.get(decision.kind, [])
        if queue and queue[0] in {str(o) for o in decision.options}:
            return queue.pop(0) if len(queue) > 1 else queue[0]
        return str(
            next(
                (o for o in decision.options if o.kind not in ("skip", "done")), decision.options[0]
            )
        )

    return choose


def _use(
    ctx: Ctx, helper: str, wanted: Mapping[str, str | list[str]] | None = None
) -> list[Decision]:
    card = ctx.catalog.helper(helper)
    _, seen = drive(
        run_effects(ctx, P, card.effect, Source("helper", helper)), _chooser(wanted or {})
    )
    return seen


def test_r_helpercard_1_two_leverage_tokens() -> None:
    ctx = _ctx()
    _use(ctx, "helper-01")
    assert ctx.player(P).leverage_tokens == 2


@pytest.mark.parametrize(
    ("helper", "track"),
    [
        ("helper-02", Track.VIP),
        ("helper-03", Track.PARTY),
        ("helper-04", Track.DISTILLERY),
        ("helper-05", Track.FLEET),
    ],
)
def test_r_helpercard_2_to_5_draw_a_card_of_one_type(helper: str, track: Track) -> None:
    """R-HELPERCARD-2..5: the top card of that type's deck only."""
    ctx = _ctx()
    top = ctx.state.operation_decks[track][0]
    seen = _use(ctx, helper)
    assert {str(o) for o in seen[0].options} == {f"draw {track.value}"}
    assert top in ctx.player(P).hand


def test_r_helpercard_6_draw_any_card() -> None:
    ctx = _ctx()
    top = ctx.state.operation_decks[Track.PARTY][0]
    seen = _use(ctx, "helper-06", {"draw": "draw party"})
    assert len(seen[0].options) == 4
    assert top in ctx.player(P).hand


def test_r_helpercard_7_raise_any_track() -> None:
    ctx = _ctx()
    _use(ctx, "helper-07", {"raise": "raise fleet"})
    assert ctx.player(P).levels[Track.FLEET] == 2
    assert ctx.player(P).notoriety == 6


def test_r_helpercard_9_a_city_token() -> None:
    ctx = _ctx()
    token = ctx.state.city_offer.right[0]
    _use(ctx, "helper-09", {"city_token": "city_token right 0"})
    assert ctx.player(P).city_tokens == [token]


def test_r_helpercard_10_two_free_goons() -> None:
    ctx = _ctx()
    pocket = ctx.player(P).pocket
    _use(ctx, "helper-10")
    assert ctx.player(P).goons == 3
    assert ctx.player(P).pocket == pocket


def test_r_helpercard_11_one_mafioso() -> None:
    ctx = _ctx()
    _use(ctx, "helper-11", {"mafioso": "mafioso vip"})
    assert ctx.player(P).vip == 1


def test_r_helpercard_14_another_helper_card() -> None:
    """R-HELPERCARD-14, R-HELPER-1: taken from the offer, which is refilled."""
    ctx = _ctx()
    first = ctx.state.helper_offer[0]
    _use(ctx, "helper-14", {"gain_helper": f"helper {first}"})
    assert ctx.player(P).helpers == [first]
    assert len(ctx.state.helper_offer) == 3


def test_r_helpercard_15_pick_up_and_deliver() -> None:
    """R-HELPERCARD-15, R-TRUCK-1: the fleet action from a helper card."""
    ctx = _ctx()
    district = ctx.state.districts[3]
    district.spaces[0].building = Building(P, BuildingType.DISTILLERY, "distillery")
    district.spaces[1].building = Building(P, BuildingType.BAR, "bar-left-1")
    ctx.player(P).distillery_barrels = 2
    _use(ctx, "helper-15", {"truck": ["enter 3", "load", "deliver 3 1", "finish"]})
    assert district.spaces[1].building.barrel
    assert ctx.player(P).distillery_barrels + ctx.player(P).trucks[0].barrels == 1


def test_r_helpercard_16_produce() -> None:
    ctx = _ctx()
    ctx.state.districts[3].spaces[0].building = Building(P, BuildingType.DISTILLERY, "distillery")
    ctx.player(P).levels[Track.DISTILLERY] = 2
    _use(ctx, "helper-16")
    assert ctx.player(P).distillery_barrels == ctx.catalog.level_table("distillery")[2]


def test_r_helpercard_17_sell() -> None:
    ctx = _ctx()
    ctx.state.districts[3].spaces[0].building = Building(
        P, BuildingType.BAR, "bar-left-1", barrel=True
    )
    pocket = ctx.player(P).pocket
    _use(ctx, "helper-17", {"sell": "sell 3 0"})
    assert ctx.state.districts[3].spaces[0].building.barrel is False
    assert ctx.player(P).pocket == pocket + ctx.catalog.notoriety.price(5, "bar")


def test_r_helpercard_18_two_books() -> None:
    ctx = _ctx()
    _use(ctx, "helper-18")
    assert ctx.player(P).books == 2


def test_r_helpercard_19_five_dollars_in_the_pocket() -> None:
    ctx = _ctx()
    _use(ctx, "helper-19")
    assert (ctx.player(P).pocket, ctx.player(P).safe) == (20, 30)


def test_r_helpercard_20_protection() -> None:
    """R-HELPERCARD-20, R-PROTECT-1: a VIP mafioso protects a building."""
    ctx = _ctx()
    player = ctx.player(P)
    ctx.state.districts[3].spaces[0].building = Building(P, BuildingType.BAR, "bar-left-1")
    player.vip = 1
    player.leverage_tokens = 4
    _use(ctx, "helper-20", {"protect": "protect 3 0"})
    assert ctx.state.districts[3].spaces[0].building.protected
    assert player.vip == 0


def test_r_helpercard_21_two_mafiosi_r_mafioso_6() -> None:
    """R-HELPERCARD-21, R-MAFIOSO-6: gaining 2 mafiosi places each one in turn."""
    ctx = _ctx()
    seen = _use(ctx, "helper-21", {"mafioso": "mafioso vip"})
    player = ctx.player(P)
    assert [d.kind for d in seen].count("mafioso") == 2
    assert player.vip == 1  # capacity 1 at VIP level 1: the second went to the docks
    assert sum(c is P for spaces in ctx.state.docks.values() for c in spaces) == 1


def test_every_helper_card_is_covered_here_or_in_its_rules_module() -> None:
    """R-HELPER-4, GAP-13: 21 cards, each one effect and a bottle worth 20, 10 or 5."""
    ctx = _ctx()
    assert len(ctx.catalog.helper_cards) == 21
    assert {h.bottle_value for h in ctx.catalog.helper_cards} == {20, 10, 5}
    assert all(len(h.effect) == 1 for h in ctx.catalog.helper_cards)
