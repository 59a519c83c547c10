"""Producing and selling barrels: the ``produce`` and ``sell`` effects (R-BARREL-1..5).

Rules: R-BARREL-1..5, R-NOTOR-2, R-GOLDEN-1..3, R-MONEY-3, R-CARD-2, GAP-4, GAP-6, GAP-22,
crates #1/#2 ("+1 barrel per sell action") and #17/#18 ("+1 barrel per production"), E11.

``produce`` asks nothing: with an operating distillery on the map, the number of barrels under
the distillery marker (plus one per "produce" bonus) moves from the general supply to the
distillery area of the operations board, as far as the supply lasts (GAP-22). Producing never
hurts, so it is taken at once, like the other gains that cannot hurt.

``sell`` asks barrel by barrel, up to the party limit (plus one per "sell" bonus):
``sell <district> <space>`` "Sell the barrel at your nightclub in district 5 for $20", or
``done`` to stop. Only barrels next to *operating* bars, nightclubs and casinos can be sold
(R-GOLDEN-3, R-BARREL-5). A bar sells at the lower price of the notoriety space the player's
marker has reached, a nightclub or casino at the higher one (R-NOTOR-2). The money goes to the
pocket and the barrel back to the supply (R-BARREL-4, R-MONEY-3).

>>> import random
>>> from speakeasy.games.speakeasy.model.board import load_board
>>> from speakeasy.games.speakeasy.model.catalog import load_catalog
>>> from speakeasy.games.speakeasy.model.options import Options
>>> from speakeasy.games.speakeasy.rules.context import Ctx
>>> from speakeasy.games.speakeasy.engine.setup import new_state
>>> from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour
>>> catalog, board = load_catalog(), load_board(2)
>>> state = new_state([Colour.BLUE, Colour.GREEN], random.Random(1), catalog, board,
...                   Options(), lambda e: None)
>>> ctx = Ctx(state, catalog, board, random.Random(0), Options(), seats=2)
>>> sell_limit(ctx, Colour.BLUE), production(ctx, Colour.BLUE)
(1, 0)
>>> state.districts[4].spaces[0].building = Building(Colour.BLUE, BuildingType.BAR, "bar-left-1")
>>> sale_price(ctx, Colour.BLUE, state.districts[4].spaces[0].building)
9
"""

from __future__ import annotations

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, Track
from speakeasy.games.speakeasy.rules.combat import bonus
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles
from speakeasy.games.speakeasy.rules.operating import operating_buildings, operating_distillery
from speakeasy.games.speakeasy.rules.wording import count, player_name

__all__ = [
    "DONE",
    "SELL_RULES",
    "produce",
    "production",
    "sale_price",
    "sell",
    "sell_limit",
    "sellable",
]

#: Stops selling before the limit is reached (every action is optional, R-LOC-GEN-5).
DONE = Action("done", label="Stop selling")
SELL_RULES: tuple[str, ...] = ("R-BARREL-4", "R-NOTOR-2")

_NAMES = {
    BuildingType.BAR: "bar",
    BuildingType.NIGHTCLUB: "nightclub",
    BuildingType.CASINO: "casino",
    BuildingType.DISTILLERY: "distillery",
}


def _nothing() -> Flow[None]:
    return
    yield


# ---------------------------------------------------------------------- production
def production(ctx: Ctx, colour: Colour) -> int:
    """Barrels one production would make now, before the supply limit (R-BARREL-1).

    0 without an operating distillery on the map; otherwise the distillery level's value plus
    one per "+1 barrel per production" bonus (crates #17/#18).
    """
    if operating_distillery(ctx.state, colour) is None:
        return 0
    player = ctx.player(colour)
    made = ctx.catalog.level_table("distillery")[player.level(Track.DISTILLERY)]
    return made + bonus(ctx, player, "produce")


@handles("produce")
def produce(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Produce barrels into the distillery area of the operations board (R-BARREL-1/2).

    Needs an operating distillery on the map (not a distillery card in the slot). The barrels
    come from the general supply; if it runs short, only what is left is produced (GAP-22).
    """
    player = ctx.player(colour)
    if operating_distillery(ctx.state, colour) is None:
        ctx.emit(
            EventKind.NO_PRODUCTION,
            colour,
            ("R-BARREL-1", "R-GOLDEN-3"),
            f"{player_name(colour)} has no operating distillery on the map, so no barrels are "
            "produced.",
        )
        return _nothing()
    wanted = production(ctx, colour)
    made = min(wanted, ctx.state.supply_barrels)
    ctx.state.supply_barrels -= made
    player.distillery_barrels += made
    short = f" (the supply had only {made} of {wanted})" if made < wanted else ""
    ctx.emit(
        EventKind.PRODUCE,
        colour,
        ("R-BARREL-1", "R-BARREL-2", *(("GAP-22",) if short else ())),
        f"{player_name(colour)}'s distillery produces {count(made, 'barrel')}{short}; "
        f"{count(player.distillery_barrels, 'barrel')} now "
        f"{'waits' if player.distillery_barrels == 1 else 'wait'} in the distillery area.",
        barrels=made,
        wanted=wanted,
        distillery_barrels=player.distillery_barrels,
    )
    return _nothing()


# ---------------------------------------------------------------------- selling
def sell_limit(ctx: Ctx, colour: Colour) -> int:
    """Barrels one sell action may sell: the party level's value + "sell" bonuses (R-BARREL-4)."""
    player = ctx.player(colour)
    limit = ctx.catalog.level_table("party")[player.level(Track.PARTY)]
    return limit + bonus(ctx, player, "sell")


def sale_price(ctx: Ctx, colour: Colour, building: Building) -> int:
    """Price of one barrel sold at ``building`` at the player's notoriety (R-NOTOR-2, E11).

    The highest price space reached on the notoriety track gives two amounts: the lower for
    bars, the higher for nightclubs and casinos. Distilleries never sell (R-BARREL-2).
    """
    notoriety = ctx.player(colour).notoriety
    return ctx.catalog.notoriety.price(notoriety, building.type.value)


def sellable(ctx: Ctx, colour: Colour) -> list[tuple[int, int, Building]]:
    """``(district, space, building)`` of every barrel the player can sell now.

    Barrels next to operating bars, nightclubs and casinos only (R-BARREL-4, R-GOLDEN-3); a
    barrel next to a building that stopped operating stays but cannot be sold (R-BARREL-5).
    """
    return sorted(
        (
            (d, s, b)
            for d, s, b in operating_buildings(ctx.state, colour, include_distillery=False)
            if b.barrel
        ),
        key=lambda item: (item[0], item[1]),
    )


def _sale_action(ctx: Ctx, colour: Colour, district: int, space: int, building: Building) -> Action:
    price = sale_price(ctx, colour, building)
    return Action(
        "sell",
        (district, space),
        label=f"Sell the barrel at your {_NAMES[building.type]} in district {district} "
        f"(space {space + 1}) for ${price}",
    )


@handles("sell")
def sell(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Sell barrels one at a time, up to the limit, into the pocket (R-BARREL-4, E11).

    Each sold barrel returns to the general supply and its price (R-NOTOR-2) goes to the
    pocket (R-MONEY-3). The player may stop at any time.
    """
    player = ctx.player(colour)
    limit = sell_limit(ctx, colour)
    sold = 0
    earned = 0
    while sold < limit:
        barrels = sellable(ctx, colour)
        if not barrels:
            break
        options = [_sale_action(ctx, colour, d, s, b) for d, s, b in barrels]
        left = limit - sold
        choice = yield from ctx.ask(
            colour,
            DecisionKind.SELL,
            f"Sell a barrel ({left} more sale{'s' if left != 1 else ''} allowed)",
            SELL_RULES,
            [*options, DONE],
        )
        if choice == DONE:
            break
        district, index = int(choice.args[0]), int(choice.args[1])
        building = ctx.state.districts[district].spaces[index].building
        assert building is not None and building.barrel
        price = sale_price(ctx, colour, building)
        building.barrel = False
        ctx.state.supply_barrels += 1
        player.pocket += price
        sold += 1
        earned += price
        ctx.emit(
            EventKind.SELL,
            colour,
            (*SELL_RULES, "R-MONEY-3"),
            f"{player_name(colour)} sells the barrel beside the {_NAMES[building.type]} in "
            f"district {district} for ${price}, paid into the pocket.",
            district=district,
            space=index,
            building=building.type.value,
            price=price,
        )
    if sold == 0 and not sellable(ctx, colour):
        ctx.emit(
            EventKind.NO_SALE,
            colour,
            ("R-BARREL-4", "R-GOLDEN-3"),
            f"{player_name(colour)} has no barrel next to an operating bar, nightclub or casino "
            "to sell.",
        )
    elif sold:
        ctx.emit(
            EventKind.SOLD,
            colour,
            SELL_RULES,
            f"{player_name(colour)} sold {count(sold, 'barrel')} for ${earned} in all.",
            barrels=sold,
            total=earned,
        )
