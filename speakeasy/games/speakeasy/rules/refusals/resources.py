"""Refusals of resources: goons, mafiosi and the docks, helpers, city tokens, cooking books and
allies (R-GOON, R-MAFIOSO, R-HELPER, R-CITY, R-BOOKS, R-ALLY).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import Colour, Phase, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.goals import why_not as book_refusal
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    check_ints,
    ids,
    known_district,
    known_helper,
    known_token,
    no,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word
from speakeasy.games.speakeasy.rules.resources import vip_capacity

__all__ = ["DECLARATIONS"]


def _hire_goon(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1) or check_ints(a, 0)) is not None:
        return error
    price = next(int(o.args[0]) for o in d.options if o.kind == "hire")
    return no(
        "wrong-price",
        "R-GOON-1",
        f"a goon costs ${price} now (the cheapest empty goon space), not ${a.args[0]}",
    )


def _docks_space(ctx: Ctx, area: object, space: object) -> Answer:
    areas = [x.value for x in ctx.state.docks]
    if area not in areas:
        return no("no-such-area", "R-BOARD-7", f"there are no {area!r} docks (areas: {ids(areas)})")
    spaces = ctx.state.docks[Area(str(area))]
    if isinstance(space, int) and 0 <= space < len(spaces):
        return None
    return no(
        "no-such-space",
        "GAP-7",
        f"the {area} docks have no space {space} (spaces 0 to {len(spaces) - 1})",
    )


def _placing_rule(ctx: Ctx) -> str:
    """Where a mafioso must go is set by the 2p setup (R-PSETUP-12, docks) or a partner's
    immediate ability (R-PARTNER-2, one to the docks and one to the VIP area)."""
    return "R-PSETUP-12" if ctx.state.phase is Phase.SETUP else "R-PARTNER-2"


def _mafioso(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    where = a.args[0] if a.args else None
    player = ctx.player(colour)
    offered = {str(o.args[0]) for o in d.options}
    if where == "vip":
        if (error := check_arity(a, 1)) is not None:
            return error
        cap = vip_capacity(ctx, player)
        if player.vip >= cap:
            return no(
                "vip-full",
                "R-MAFIOSO-2",
                f"your vip area is full ({player.vip} of {cap} at VIP level "
                f"{player.levels[Track.VIP]})",
            )
        return no(
            "docks-only", _placing_rule(ctx), "this mafioso goes to the docks, not the vip area"
        )
    if where != "docks":
        return no("no-such-choice", "R-MAFIOSO-1", f"{where!r}: a mafioso goes to 'vip' or 'docks'")
    if (error := check_arity(a, 3) or check_ints(a, 2)) is not None:
        return error
    area, space = a.args[1], a.args[2]
    if (error := _docks_space(ctx, area, space)) is not None:
        return error
    who = ctx.state.docks[Area(str(area))][int(space)]
    if who is not None:
        return no("docks-taken", "R-MAFIOSO-1", f"{area} docks space {space} holds {who}'s mafioso")
    if "docks" not in offered:
        return no(
            "vip-only",
            _placing_rule(ctx),
            f"this mafioso goes to the VIP area, not the {area} docks",
        )
    return None


def _docks_row(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    rows = [r.row for r in ctx.catalog.docks.rows]
    return no(
        "no-such-row", "GAP-7", f"the docks have no row {a.args[0]} (rows {rows[0]} to {rows[-1]})"
    )


def _docks_move(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 4) or check_ints(a, 1, 3)) is not None:
        return error
    src, i, dst, j = a.args
    error = _docks_space(ctx, src, i) or _docks_space(ctx, dst, j)
    if error is not None:
        return error
    docks = ctx.state.docks
    if docks[Area(str(src))][int(i)] is not colour:
        return no(
            "not-your-mafioso", "R-MAFIOSO-4", f"{src} docks space {i} holds no mafioso of yours"
        )
    movable = {(str(o.args[0]), o.args[1]) for o in d.options if o.kind == "move"}
    if (src, i) not in movable:
        return no(
            "just-placed",
            "R-MAFIOSO-4",
            f"the mafioso in {src} docks space {i} was just placed there; only your others move",
        )
    who = docks[Area(str(dst))][int(j)]
    return no("docks-taken", "R-MAFIOSO-4", f"{dst} docks space {j} is not free ({who})")


def _gain_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    helper = a.args[0]
    error = known_helper(ctx, helper)
    if error is not None:
        return error
    return no("not-in-offer", "R-HELPER-1", f"{helper} is not face up in the helper offer")


def _use_offer_helper(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    helper = a.args[0]
    error = known_helper(ctx, helper)
    if error is not None:
        return error
    if helper in ctx.state.helper_offer:
        return no("same-as", "R-HELPERCARD-8", f"{helper} cannot copy its own reward")
    return no("not-in-offer", "R-HELPERCARD-8", f"{helper} is not face up in the helper offer")


def _city_token(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 1)) is not None:
        return error
    column, space = str(a.args[0]), int(a.args[1])
    offer = ctx.state.city_offer
    if column == "left":
        return no(
            "face-down",
            "R-CITY-2",
            "the left column's stacks are face down: take from the right or middle column",
        )
    spaces: list[object]
    if column == "right":
        spaces = list(offer.right)
    elif column == "middle":
        spaces = list(offer.middle)
    else:
        return no("no-such-column", "R-BOARD-10", f"the city-token offer has no {column!r} column")
    if not 0 <= space < len(spaces):
        return no(
            "no-such-space",
            "R-BOARD-10",
            f"the {column} column has no space {space} (spaces 0 to {len(spaces) - 1})",
        )
    return no(
        "no-token-there",
        "R-CITY-3" if column == "right" else "R-CITY-2",
        f"{column} space {space} holds no city token",
    )


def _city_middle(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 1)) is not None:
        return error
    token, space = a.args
    placing = str(d.options[0].args[0])
    if token != placing:
        return no(
            "wrong-token", "R-CITY-5", f"{token} is not the token being placed; place {placing}"
        )
    return no(
        "no-such-space",
        "R-BOARD-10",
        f"the middle column has no space {space} (spaces 0 to {len(d.options) - 1})",
    )


def _held_token(ctx: Ctx, colour: Colour, kind: DecisionKind, a: Action, rule: str) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    token = a.args[0]
    error = known_token(ctx, token)
    if error is None and token not in ctx.player(colour).city_tokens:
        error = no("not-held", rule, f"you do not hold city token {token}")
    return error


def _city_limit(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    return _held_token(ctx, colour, DecisionKind.CITY_LIMIT, a, "R-CITY-6")


def _play_city_token(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    return _held_token(ctx, colour, DecisionKind.PLAY_CITY_TOKEN, a, "R-CITY-4")


def _cook_book(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 1)) is not None:
        return error
    goal, space = str(a.args[0]), int(a.args[1])
    error = book_refusal(ctx, colour, goal, space)
    if error is not None and (goal not in error.reason or str(space) not in error.reason):
        error = no(error.code, error.rule, f"{goal} space {space}: {error.reason}")
    return error


def _ally(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 1)) is not None:
        return error
    tile, district = str(a.args[0]), int(a.args[1])
    if not any(g.id == tile for g in ctx.catalog.gangsters):
        return no("no-such-gangster", "R-COMP-5", f"there is no gangster tile {tile!r}")
    if (error := known_district(ctx, district)) is not None:
        return error
    player = ctx.player(colour)
    if player.partner == tile:
        if player.partner_district is None:  # no marker on the map: it returns nowhere
            return no(
                "not-on-board",
                "R-ALLY-2",
                f"{tile} is your partner with no alliance marker on the map: it has no district "
                "on the gangster board to return to (R-ALLY-1)",
            )
        if ctx.options.no_ally_with_returned_partner:
            return no(
                "own-partner",
                "R-ALLY-4",
                f"{tile} is your partner already; with the rule option "
                "no_ally_with_returned_partner you cannot re-pick it",
            )
        return no(
            "wrong-district",
            "R-ALLY-2",
            f"{tile} returns to district {player.partner_district} (R-ALLY-1), not district "
            f"{district}",
        )
    for other in ctx.state.players.values():
        if other.partner == tile:
            return no("other-partner", "R-ALLY-4", f"{tile} is {other.colour}'s partner")
    at = [n for n, x in ctx.state.districts.items() if x.gangster == tile]
    if not at:
        return no("not-on-board", "R-ALLY-2", f"{tile} is not on the gangster board")
    return no(
        "wrong-district", "R-ALLY-2", f"{tile} stands on district {at[0]}, not district {district}"
    )


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.HIRE_GOON,
        "R-GOON-1",
        (Word("hire", "<price>"),),
        _hire_goon,
    ),
    Declaration(
        DecisionKind.MAFIOSO,
        "R-MAFIOSO-1",
        (Word("mafioso", "vip", "docks <area> <space>"),),
        _mafioso,
    ),
    Declaration(
        DecisionKind.DOCKS_ROW,
        "R-CRATE-11",
        (Word("row", "<row>"),),
        _docks_row,
    ),
    Declaration(
        DecisionKind.DOCKS_MOVE,
        "R-MAFIOSO-4",
        (Word("move", "<area> <space> <area> <space>"),),
        _docks_move,
    ),
    Declaration(
        DecisionKind.GAIN_HELPER,
        "R-HELPER-1",
        (Word("helper", "<helper>"),),
        _gain_helper,
    ),
    Declaration(
        DecisionKind.USE_OFFER_HELPER,
        "R-HELPERCARD-8",
        (Word("use_offer", "<helper>"),),
        _use_offer_helper,
    ),
    Declaration(
        DecisionKind.CITY_TOKEN,
        "R-CITY-2",
        (Word("city_token", "<column> <space>"),),
        _city_token,
    ),
    Declaration(
        DecisionKind.CITY_MIDDLE,
        "R-CITY-5",
        (Word("middle", "<token> <space>"),),
        _city_middle,
    ),
    Declaration(
        DecisionKind.CITY_LIMIT,
        "R-CITY-6",
        (Word("return_token", "<token>"),),
        _city_limit,
    ),
    Declaration(
        DecisionKind.PLAY_CITY_TOKEN,
        "R-CITY-4",
        (Word("token", "<token>"),),
        _play_city_token,
    ),
    Declaration(
        DecisionKind.COOK_BOOK,
        "R-BOOKS-2",
        (Word("book", "<goal> <space>"),),
        _cook_book,
    ),
    Declaration(
        DecisionKind.ALLY,
        "R-ALLY-2",
        (Word("ally", "<gangster> <district>"),),
        _ally,
    ),
)
