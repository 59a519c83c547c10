"""What every refusal function shares: building a refusal, naming things, checking that the
things a request names exist (R-COMP, R-BOARD), and reading a request against its grammar.

A misread request (wrong number or kind of arguments) is answered with :class:`Misread`; the
decision kind's :class:`~speakeasy.games.speakeasy.rules.refusals.grammar.Declaration` turns it
into a ``wrong-arguments`` refusal that quotes the kind's grammar and cites its rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.speakeasy.model.state import Colour, Track
from speakeasy.games.speakeasy.rules.context import Ctx

__all__ = [
    "Answer",
    "Misread",
    "check_arity",
    "check_ints",
    "ids",
    "known_card",
    "known_district",
    "known_helper",
    "known_space",
    "known_token",
    "known_track",
    "misread",
    "no",
    "own_building",
]


@dataclass(frozen=True, slots=True)
class Misread:
    """The request does not read as its kind's grammar; ``why`` says how (may be empty)."""

    why: str = ""


#: What a refusal check answers: a refusal, a misreading of the grammar, or nothing to say.
Answer = IllegalAction | Misread | None


def misread(why: str = "") -> Misread:
    return Misread(why)


def check_ints(action: Action, *positions: int) -> Answer:
    """A misreading if an argument that must be a whole number is a word."""
    for i in positions:
        if i < len(action.args) and not isinstance(action.args[i], int):
            return misread(f"{action.args[i]!r} must be a whole number")
    return None


def check_arity(action: Action, *allowed: int) -> Answer:
    if len(action.args) in allowed:
        return None
    return misread(f"it has {len(action.args)} argument(s)")


def no(code: str, rule: str, reason: str) -> IllegalAction:
    return IllegalAction(code, rule, reason)


def ids(values: Iterable[str]) -> str:
    return ", ".join(values)


# ---------------------------------------------------------------------- things that exist
def known_card(ctx: Ctx, card: object) -> IllegalAction | None:
    """``no-such-card`` unless ``card`` is an operation card's id (R-COMP-9)."""
    if any(c.id == card for c in ctx.catalog.operation_cards):
        return None
    return no("no-such-card", "R-COMP-9", f"there is no operation card {card!r}")


def known_helper(ctx: Ctx, helper: object) -> IllegalAction | None:
    if any(h.id == helper for h in ctx.catalog.helper_cards):
        return None
    return no("no-such-helper", "R-COMP-9", f"there is no helper card {helper!r}")


def known_token(ctx: Ctx, token: object) -> IllegalAction | None:
    if any(t.id == token for t in ctx.catalog.city_tokens):
        return None
    return no("no-such-token", "R-COMP-8", f"there is no city token {token!r}")


def known_track(track: object, *, deck: bool = False) -> Track | IllegalAction:
    names = [t.value for t in Track if not deck or t is not Track.STRENGTH]
    if isinstance(track, str) and track in names:
        return Track(track)
    if deck:
        return no(
            "no-such-deck",
            "R-COMP-9",
            f"there is no {track!r} deck (the operation decks are {ids(names)})",
        )
    return no("no-such-track", "R-LEVEL-1", f"there is no track {track!r} (tracks: {ids(names)})")


def known_district(ctx: Ctx, district: object) -> IllegalAction | None:
    """``no-such-district`` unless ``district`` is one of the 16 (R-BOARD-2, GEO-1)."""
    if isinstance(district, int) and district in ctx.state.districts:
        return None
    low, high = min(ctx.state.districts), max(ctx.state.districts)
    return no(
        "no-such-district",
        "R-BOARD-2",
        f"district {district} does not exist (Manhattan has districts {low} to {high})",
    )


def known_space(ctx: Ctx, district: object, space: object) -> IllegalAction | None:
    """Unknown district, or no building space ``space`` there (R-BOARD-3)."""
    error = known_district(ctx, district)
    if error is not None:
        return error
    assert isinstance(district, int)
    spaces = ctx.state.districts[district].spaces
    if isinstance(space, int) and 0 <= space < len(spaces):
        return None
    return no(
        "no-such-space",
        "R-BOARD-3",
        f"district {district} has no building space {space} (its spaces are 0 to "
        f"{len(spaces) - 1})",
    )


def own_building(
    ctx: Ctx, colour: Colour, district: int, space: int, rule: str
) -> IllegalAction | None:
    building = ctx.state.districts[district].spaces[space].building
    if building is not None and building.owner is colour:
        return None
    what = "nothing" if building is None else f"{building.owner}'s {building.type.value}"
    return no(
        "not-your-building",
        rule,
        f"district {district}, space {space} holds {what}, not a building of yours",
    )
