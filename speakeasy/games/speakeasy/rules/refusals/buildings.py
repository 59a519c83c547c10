"""Refusals of buildings: building, the takeover and gang-war boosts, protection and the distillery
rebuild (R-BUILD, R-TAKEOVER, R-PROTECT, R-GANGWAR-7, R-VARIANT-1).

Each decision kind's grammar (its words and their arguments), the rule its misreadings cite and its
refusal function are declared together in :data:`DECLARATIONS`.
"""

from __future__ import annotations

from typing import Final

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.kinds import DecisionKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Phase, Player
from speakeasy.games.speakeasy.rules.buildings import MODES, PREMIUM, distillery_refusal
from speakeasy.games.speakeasy.rules.combat import bonus, partner_help_cost, partner_tile
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.refusals.common import (
    Answer,
    check_arity,
    check_ints,
    ids,
    known_space,
    no,
    own_building,
)
from speakeasy.games.speakeasy.rules.refusals.grammar import Declaration, Word

__all__ = ["DECLARATIONS"]


#: The first rule of a build decision names its mode (``buildings._MODE_RULES``).
_MODE_OF_RULE: Final = {"R-BUILD-2": "open", "R-TAKEOVER-1": "takeover", "R-UPGRADE-1": "upgrade"}


def _build_source_rule(ctx: Ctx, player: Player, modes: set[str], types: set[str]) -> str:
    """The rule that limits what this build action may build: its source, as far as the
    phase, a build token played this turn and the modes and buildings offered tell it."""
    if ctx.state.phase is Phase.PROLOGUE:  # a bar or the distillery (4), opened only (5)
        return "R-PROLOGUE-4" if types <= {"bar", "distillery"} else "R-PROLOGUE-5"
    if modes == {"upgrade"}:
        return "R-HELPERCARD-12"
    if modes == {"takeover"}:
        return "R-HELPERCARD-13"
    token = player.played_tokens[-1] if player.played_tokens else None
    if token is not None and any(e.kind == "build" for e in ctx.catalog.city_token(token).effect):
        if types <= {"bar"}:
            return "R-CITYTOK-12"
        return "R-CITYTOK-13" if types <= {"nightclub"} else "R-CITYTOK-14"
    if types <= {"bar", "distillery"}:
        return "R-LOC-CONTRACTORS-2"
    return "R-LOC-PLANNING-1"


def _build(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if a.kind == "done":
        return no("compulsory", "R-PROLOGUE-4", "'done': the prologue building is compulsory")
    if (error := check_arity(a, 2)) is not None:
        return error
    mode, piece = str(a.args[0]), str(a.args[1])
    if mode not in MODES:
        return no("no-such-choice", "R-BUILD-2", f"{mode!r} is not a way to build ({ids(MODES)})")
    spaces = {s.id: s for s in ctx.catalog.operations_board.spaces}
    if piece not in spaces:
        return no(
            "no-such-piece",
            "R-UPGRADE-3",
            f"there is no building piece {piece!r} on the operations board",
        )
    player = ctx.player(colour)
    if piece not in player.board_pieces:
        on_map = distillery_refusal(ctx.state, colour) if piece == "distillery" else None
        if on_map is not None:
            return no(on_map.code, on_map.rule, f"{piece}: {on_map.reason}")
        return no("piece-gone", "R-BUILD-3", f"{piece} has left your operations board")
    building = spaces[piece].building
    if mode == "upgrade" and BuildingType(building) not in PREMIUM:
        return no(
            "wrong-building",
            "R-UPGRADE-1",
            f"{piece} is a {building}: only a nightclub or a casino upgrades a bar",
        )
    shown = [*d.options, *(b.action for b in d.blocked)]
    offered = [o for o in shown if o.kind == "build"]
    modes = {str(o.args[0]) for o in offered}
    types = {spaces[str(o.args[1])].building for o in offered}
    rule = _build_source_rule(ctx, player, modes, types)
    if building not in types:
        return no(
            "wrong-building", rule, f"this build action builds {ids(sorted(types))}, not {piece}"
        )
    if mode not in modes:
        if ctx.state.phase is Phase.PROLOGUE:
            rule = "R-PROLOGUE-5"
        return no(
            "wrong-mode", rule, f"this build action may {ids(sorted(modes))}, not {mode} {piece}"
        )
    twin = next(
        (
            str(o.args[1])
            for o in offered
            if str(o.args[0]) == mode
            and (s := spaces[str(o.args[1])]).building == building
            and s.group == spaces[piece].group
            and s.reward == spaces[piece].reward
        ),
        None,
    )
    if twin is not None:
        same = f"{piece} builds exactly like {twin} (same group, cost and reward)"
        stand_in = Action("build", (mode, twin))
        for b in d.blocked:
            if b.action == stand_in:  # the stand-in is greyed out: so is this piece
                return no(b.error.code, b.error.rule, f"{same}: {b.error.reason}")
        return no("same-as", "R-BUILD-3", f"{same}: choose 'build {mode} {twin}'")
    return None


def _build_space(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    if (error := known_space(ctx, district, index)) is not None:
        return error
    here = ctx.state.districts[district]
    if here.closed:
        return no("closed-district", "R-CLOSED-1", f"district {district} is closed")
    mode = _MODE_OF_RULE.get(d.rules[0] if d.rules else "", "open")
    space = here.spaces[index]
    where = f"district {district}, space {index}"
    if mode == "open" and not space.is_empty:
        what = "a gangster bar" if space.building is None else f"{space.building.owner}'s "
        what += "" if space.building is None else space.building.type.value
        return no("space-taken", "R-BUILD-1", f"{where} is not empty: it holds {what}")
    if mode == "takeover" and not (space.gangster_bar and space.building is None):
        return no("no-gangster-bar", "R-TAKEOVER-1", f"there is no gangster bar on {where}")
    if mode == "upgrade":
        b = space.building
        if b is None or b.owner is not colour or b.type is not BuildingType.BAR:
            return no("not-your-bar", "R-UPGRADE-1", f"{where} holds no bar of yours")
    return None


def _boost(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    kind = DecisionKind(d.kind)
    if (error := check_arity(a, 2) or check_ints(a, 0)) is not None:
        return error
    goons, how = int(a.args[0]), str(a.args[1])
    if how not in ("none", "paid", "free"):
        return no(
            "no-such-choice", "R-COMBAT-4", f"{how!r}: partner help is 'none', 'paid' or 'free'"
        )
    player = ctx.player(colour)
    if not 0 <= goons <= player.goons:
        return no("not-enough-goons", "R-COMBAT-3", f"you have {player.goons} goon(s), not {goons}")
    if how != "none" and partner_tile(ctx, player) is None:
        return no("no-partner", "R-COMBAT-4", f"'{how}' partner help: you have no partner")
    if how == "free" and not bonus(ctx, player, "once_free_help"):
        return no(
            "free-help-used",
            "R-PARTNER-6",
            "'free' partner help: your partner gives no free help now (once per game, "
            "partners with that ability only)",
        )
    takeover = kind is DecisionKind.TAKEOVER_BOOST
    cost = partner_help_cost(ctx, player, takeover=takeover, distillery=False)
    if how == "paid" and cost > spendable(player):
        return no(
            "cannot-pay",
            "R-MONEY-6",
            f"'paid' partner help costs ${cost}; you can pay ${spendable(player)}",
        )
    if how == "free" and cost == 0:
        return no("not-needed", "R-PARTNER-6", "'free' help: your partner's help costs $0 now")
    return None


def _protect(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 2) or check_ints(a, 0, 1)) is not None:
        return error
    district, index = int(a.args[0]), int(a.args[1])
    return known_space(ctx, district, index) or own_building(
        ctx, colour, district, index, "R-PROTECT-1"
    )


def _rebuild(ctx: Ctx, colour: Colour, d: Decision, a: Action) -> Answer:
    if (error := check_arity(a, 1)) is not None:
        return error
    return no(
        "no-such-choice",
        "R-VARIANT-1",
        f"{a.args[0]!r}: put the distillery back on the 'board' or 'remove' it",
    )


#: The decision kinds of this rules area: words, arity and refusal side by side.
DECLARATIONS: Final[tuple[Declaration, ...]] = (
    Declaration(
        DecisionKind.BUILD,
        "R-BUILD-2",
        (
            Word("build", "<mode> <piece>"),
            Word("done"),
        ),
        _build,
    ),
    Declaration(
        DecisionKind.BUILD_SPACE,
        "R-BUILD-1",
        (Word("build_space", "<district> <space>"),),
        _build_space,
    ),
    Declaration(
        DecisionKind.TAKEOVER_BOOST,
        "R-TAKEOVER-1",
        (Word("boost", "<goons> <none|paid|free>"),),
        _boost,
    ),
    Declaration(
        DecisionKind.PROTECT,
        "R-PROTECT-1",
        (Word("protect", "<district> <space>"),),
        _protect,
    ),
    Declaration(
        DecisionKind.GANG_WAR_DEFENCE,
        "R-GANGWAR-7",
        (Word("boost", "<goons> <none|paid|free>"),),
        _boost,
    ),
    Declaration(
        DecisionKind.REBUILD_DISTILLERY,
        "R-VARIANT-1",
        (Word("rebuild", "<board|remove>"),),
        _rebuild,
    ),
)
