"""Allying with a gangster and the partner abilities (R-ALLY-1..7, R-PARTNER-1..8).

Lasting abilities are read where they apply through
:func:`speakeasy.games.speakeasy.rules.combat.bonus`; immediate abilities run when the alliance is
made.
"""

from __future__ import annotations

from functools import partial

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.cards import SKIP
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effects
from speakeasy.games.speakeasy.rules.wording import gangster_name, player_name

__all__ = ["ally", "gangster_label"]


def gangster_label(ctx: Ctx, tile_id: str, district: int) -> str:
    return _gangster_words(ctx.catalog, tile_id, district)


def _gangster_words(catalog: Catalog, tile_id: str, district: int) -> str:
    """An ally option's label (built when read: a bot never reads it)."""
    tile = catalog.gangster(tile_id)
    ability = catalog.partner_abilities[tile.ability] if tile.ability else None
    what = ""
    if ability is not None:
        parts = [e.label for e in ability.immediate] + [b.label for b in ability.lasting]
        what = f"; ability: {', '.join(parts)}"
    return (
        f"Ally with {tile.name} in district {district} (strength {tile.strength}, "
        f"help ${tile.help_cost}{what})"
    )


@handles("ally")
def ally(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Return your partner (if any), then ally with a gangster on the gangster board.

    R-ALLY-1 returns the partner to its district before R-ALLY-2's choice, so the literal
    reading offers it again (re-allying keeps its spent free help, R-PARTNER-6); with
    ``Options.no_ally_with_returned_partner`` it is not offered (R-ALLY-4, ASSUMED).
    """
    player = ctx.player(colour)
    returned = player.partner
    candidates = sorted(
        (d.number, d.gangster) for d in ctx.state.districts.values() if d.gangster is not None
    )
    if (
        returned is not None
        and player.partner_district is not None
        and not ctx.options.no_ally_with_returned_partner
    ):
        candidates = sorted([*candidates, (player.partner_district, returned)])
    if not candidates:
        ctx.emit(EventKind.NO_GANGSTER, colour, ("R-ALLY-4",), "No gangster is free to ally with.")
        return
    options = [
        Action("ally", (tile, d), label=partial(_gangster_words, ctx.catalog, tile, d))
        for d, tile in candidates
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.ALLY,
        "Ally with a gangster",
        ("R-ALLY-2", "R-ALLY-4"),
        [*options, SKIP],
    )
    if choice == SKIP:
        return
    if returned is not None and player.partner_district is not None:
        # R-ALLY-1: the old partner goes back to its district, city side up.
        ctx.state.districts[player.partner_district].gangster = returned
        ctx.emit(
            EventKind.PARTNER_RETURNED,
            colour,
            ("R-ALLY-1",),
            f"{player_name(colour)}'s old partner {gangster_name(ctx.catalog, returned)} goes "
            f"back to district {player.partner_district} on the gangster board.",
            tile=returned,
            district=player.partner_district,
        )
    tile_id, district = str(choice.args[0]), int(choice.args[1])
    ctx.state.districts[district].gangster = None
    player.partner = tile_id
    player.partner_district = district
    # R-PARTNER-6: "once" belongs to this partner for this player; allying again with a tile
    # whose free help you already spent does not give it back.
    player.partner_free_used = tile_id in player.free_help_tiles
    tile = ctx.catalog.gangster(tile_id)
    ctx.emit(
        EventKind.ALLY,
        colour,
        ("R-ALLY-2", "R-ALLY-5"),
        f"{player_name(colour)} allies with {gangster_name(ctx.catalog, tile_id)} of district "
        f"{district}, who becomes {player_name(colour)}'s partner; the alliance marker goes on "
        "that district.",
        tile=tile_id,
        district=district,
    )
    if tile.ability is not None:
        # R-ALLY-3: an immediate ability is taken before the tile turns to its partner side
        # (CZ "získejte jeho případnou okamžitou odměnu a poté destičku otočte", PL
        # "otrzymujesz natychmiastową premię ... i odwracasz kafelek"). The state records the
        # tile on the partner space already: a tile has a single ability, so no lasting one can
        # act during the immediate reward, and a position paused there stays representable.
        ability = ctx.catalog.partner_abilities[tile.ability]
        yield from run_effects(ctx, colour, ability.immediate, Source("partner", tile_id))
