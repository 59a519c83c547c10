"""The Lucky Luciano phase at the end of Acts 1, 2 and 3 (rules reference §12).

:func:`luciano_phase` runs its three steps in order:

1. **Gang war** (R-GANGWAR-1..14): a new gangster arrives in every district holding a face-down
   gangster district token, puts gangster bars on the empty building spaces and attacks every
   player building there. Players defend building by building, in turn order.
2. **Police patrols** (R-POLICE-1..4): the police tokens become police figures and, in Acts 1
   and 2, the next column of police tokens is revealed.
3. **Area control and payout** (R-CONTROL-1..8, R-PAYOUT-1..5): every district is checked in
   ascending order, the control markers move up, and each area pays by rank into the safe.

The parts that need no decision are also pure functions that work on any hand-built state, so
the scenario explorers can ask "who controls this district, and why?":
:func:`district_control`, :func:`area_control`, :func:`payout_ranking` and
:func:`best_defence`. Each result carries the rule applied and a plain-English reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    District,
    GameState,
    Phase,
)
from speakeasy.games.speakeasy.rules.buildings import upgrade_discount
from speakeasy.games.speakeasy.rules.combat import Boost, bonus, boosts, spend_boost, strength
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.wording import (
    capital,
    count,
    districts,
    gangster_name,
    listing,
    player_name,
)

__all__ = [
    "CONTROL_RANK",
    "AreaControl",
    "Control",
    "ControlCase",
    "DefencePlan",
    "PayoutRank",
    "PlayerBest",
    "area_control",
    "best_defence",
    "deck_letter",
    "defence_order",
    "district_control",
    "gang_war",
    "luciano_phase",
    "pay_luciano",
    "payout_ranking",
    "police_patrol",
    "score_area_control",
]

#: R-CONTROL-7: the order of operating buildings for district control (higher wins). A
#: protecting mafioso beats every building type; a gangster bar is below all of them.
CONTROL_RANK: Mapping[BuildingType, int] = {
    BuildingType.DISTILLERY: 1,
    BuildingType.BAR: 2,
    BuildingType.NIGHTCLUB: 3,
    BuildingType.CASINO: 4,
}

_DEFENCE_RULES = (
    "R-GANGWAR-7",
    "R-GANGWAR-14",
    "R-COMBAT-2",
    "R-COMBAT-3",
    "R-COMBAT-4",
    "R-COMBAT-5",
)


def _building_name(building: BuildingType) -> str:
    return "nightclub" if building is BuildingType.NIGHTCLUB else building.value


# ============================================================================ Luciano phase
def luciano_phase(ctx: Ctx, act: int) -> Flow[None]:
    """The Lucky Luciano phase of ``act`` (1-3): gang war, police, area control and payout.

    Sets ``state.phase`` to GANG_WAR, POLICE, AREA_CONTROL and PAYOUT in turn (R-ACT-2).
    Only the gang-war defences ask players anything (R-GANGWAR-7).
    """
    if act not in (1, 2, 3):
        raise ValueError(f"the Lucky Luciano phase ends Acts 1-3 only, not Act {act} (R-ACT-2)")
    yield from gang_war(ctx, act)
    police_patrol(ctx, act)
    score_area_control(ctx)
    pay_luciano(ctx)


# ============================================================================ 3.1 gang war
def deck_letter(catalog: Catalog, act: int) -> str:
    """The gangster deck drawn in ``act``'s gang war: B, C or D (R-GANGWAR-1)."""
    for letter, deck in catalog.gangster_decks.items():
        if deck.act == act:
            return letter
    raise ValueError(f"no gangster deck enters in Act {act} (R-GANGWAR-1)")


def _take_gangster_bar(state: GameState) -> bool:
    """Take a gangster bar from the supply; an empty supply gives nothing (GAP-22)."""
    if state.supply_gangster_bars <= 0:
        return False
    state.supply_gangster_bars -= 1
    return True


def defence_order(state: GameState) -> list[Colour]:
    """Players in turn order (R-GANGWAR-7); anyone missing from the top row follows in seat
    order, so every player with a building is asked."""
    order = list(state.turn_order.order)
    order += [c for c in (state.seating or list(state.players)) if c not in order]
    return [c for c in order if c in state.players]


def gang_war(ctx: Ctx, act: int) -> Flow[None]:
    """Step 3.1 of the Lucky Luciano phase (R-GANGWAR-1..14).

    Shuffles the act's gangster deck, resolves every district with a face-down war token in
    ascending order, boxes the unused tiles and reveals the next column of war tokens.
    """
    state = ctx.state
    state.phase = Phase.GANG_WAR
    letter = deck_letter(ctx.catalog, act)
    deck = state.gangster_decks.setdefault(letter, [])
    ctx.rng.shuffle(deck)
    targets = sorted(n for n, d in state.districts.items() if d.war_token)
    ctx.emit(
        EventKind.GANG_WAR,
        None,
        ("R-GANGWAR-1", "R-GANGWAR-2"),
        f"Gang war at the end of Act {act}: deck {letter} is shuffled and "
        + (f"new gangsters arrive in {districts(targets)}." if targets else "no district is hit."),
        act=act,
        deck=letter,
        districts=targets,
    )
    for number in targets:
        yield from _war_in_district(ctx, number, deck)

    # R-GANGWAR-10: the act's unused tiles go back to the box, unseen.
    boxed = len(deck)
    deck.clear()
    ctx.emit(
        EventKind.GANGSTER_TILES_BOXED,
        None,
        ("R-GANGWAR-10",),
        f"The {count(boxed, 'unused tile')} of gangster deck {letter} "
        f"{'goes' if boxed == 1 else 'go'} back to the box.",
        deck=letter,
        count=boxed,
    )

    # R-GANGWAR-11: the next war's districts are revealed after Acts 1 and 2.
    if act in (1, 2) and state.war_columns:
        column = sorted(state.war_columns.pop(0))
        for number in column:
            state.districts[number].war_token = True
        ctx.emit(
            EventKind.WAR_TOKENS_REVEALED,
            None,
            ("R-GANGWAR-11",),
            f"The gang war at the end of Act {act + 1} will bring gangsters to "
            f"{districts(column)}.",
            districts=column,
        )


def _war_in_district(ctx: Ctx, number: int, deck: list[str]) -> Flow[None]:
    """R-GANGWAR-3..9 for one district."""
    state = ctx.state
    district = state.districts[number]
    if not deck:
        raise AssertionError(f"the gangster deck ran out before district {number} (R-GANGWAR-2)")
    tile = ctx.catalog.gangster(deck.pop(0))
    gangster = capital(gangster_name(ctx.catalog, tile.id))

    # R-GANGWAR-3/4: the tile goes on the gangster board, its strength token replaces the
    # district token (which goes to the box).
    district.war_token = False
    district.gangster = tile.id
    district.had_gangster = True
    district.strength_token = tile.strength
    ctx.emit(
        EventKind.GANGSTER_ARRIVES,
        None,
        ("R-GANGWAR-3", "R-GANGWAR-4"),
        f"{gangster} takes district {number}; a strength token of {tile.strength} replaces "
        "the district token.",
        district=number,
        tile=tile.id,
        name=tile.name,
        strength=tile.strength,
    )

    # R-GANGWAR-5: a gangster bar on every empty building space; with the supply empty
    # (R-COMP-6: 24 bars) a space that should get one stays empty (R-GANGWAR-9 ASSUMED, GAP-22).
    empty = [i for i, space in enumerate(district.spaces) if space.is_empty]
    bar_spaces: list[int] = []
    for index in empty:
        if _take_gangster_bar(state):
            district.spaces[index].gangster_bar = True
            bar_spaces.append(index)
    unfilled = [i for i in empty if i not in bar_spaces]
    if not empty:
        text = f"District {number} has no empty building space, so no gangster bar appears."
    elif not unfilled:
        text = (
            f"Gangster bars fill the {count(len(bar_spaces), 'empty building space')} of "
            f"district {number}."
        )
    else:
        supply = (
            f"the gangster-bar supply runs out after {count(len(bar_spaces), 'bar')}"
            if bar_spaces
            else "the gangster-bar supply is empty"
        )
        text = (
            f"District {number} has {count(len(empty), 'empty building space')}, but {supply}: "
            f"{count(len(unfilled), 'space')} {'stays' if len(unfilled) == 1 else 'stay'} empty "
            "and the gangster stays."
        )
    ctx.emit(
        EventKind.GANGSTER_BARS_PLACED,
        None,
        ("R-GANGWAR-5", "R-COMP-6", "R-GANGWAR-9") if unfilled else ("R-GANGWAR-5",),
        text,
        district=number,
        spaces=bar_spaces,
        **({"unfilled": unfilled} if unfilled else {}),
    )

    # R-GANGWAR-6: war strength.
    war = tile.war_strength
    ctx.emit(
        EventKind.WAR_STRENGTH,
        None,
        ("R-GANGWAR-6",),
        f"{gangster} attacks every player building in district {number} with war strength "
        f"{war} (strength {tile.strength} + modifier {tile.war_modifier}).",
        district=number,
        tile=tile.id,
        war_strength=war,
    )

    # R-GANGWAR-7/8: defences in turn order, building by building.
    fallen = 0
    for colour in defence_order(state):
        for index, space in enumerate(district.spaces):
            building = space.building
            if building is None or building.owner is not colour:
                continue
            held = yield from _defend(ctx, tile, number, index, war)
            if not held:
                yield from _lose_building(ctx, tile, number, index)
                fallen += 1

    # R-GANGWAR-9: only a gangster that had no empty space and whose every attack failed
    # leaves the game; one whose bars ran short (R-COMP-6) stays (R-GANGWAR-9 ASSUMED).
    if not empty and not fallen:
        district.gangster = None
        district.strength_token = None
        ctx.emit(
            EventKind.GANGSTER_LEAVES,
            None,
            ("R-GANGWAR-9",),
            f"{gangster} placed no gangster bar in district {number}: there was no empty "
            "building space and every player building held, so the tile leaves the game and "
            "its strength token is turned face down.",
            district=number,
            tile=tile.id,
        )


def _defend(ctx: Ctx, tile: GangsterTile, number: int, index: int, war: int) -> Flow[bool]:
    """Defend one building: ask only when the outcome is really a choice (R-GANGWAR-7/14)."""
    building = ctx.state.districts[number].spaces[index].building
    assert building is not None
    colour = building.owner
    plan = best_defence(ctx, colour, number, index, war)
    who, name = player_name(colour), _building_name(building.type)
    what = f"{who}'s {name} in district {number}"
    attack = f"{capital(gangster_name(ctx.catalog, tile.id))} (war strength {war}) attacks {what}"
    data: dict[str, Any] = {
        "district": number,
        "space": index,
        "building": building.type.value,
        "war_strength": war,
        "tile": tile.id,
    }
    if plan.cheapest is None:
        ctx.emit(
            EventKind.DEFENCE_IMPOSSIBLE,
            colour,
            ("R-GANGWAR-7", "R-COMBAT-2"),
            f"{attack}: its best defence is {plan.best.total}{_made_of(plan, plan.best)} < "
            f"{war}, so the {name} falls.",
            best_defence=plan.best.total,
            **data,
        )
        return False
    if plan.base >= war:
        ctx.emit(
            EventKind.BUILDING_HOLDS,
            colour,
            ("R-GANGWAR-7", "R-COMBAT-2"),
            f"{attack}; without help: defence {plan.base} ≥ {war}, so it holds.",
            defence=plan.base,
            goons=0,
            partner=False,
            free=False,
            paid=0,
            **data,
        )
        return True

    by_action: dict[Action, Boost] = {}
    for option in plan.options:
        action = option.action()
        if option.goons == 0 and not option.partner:
            label = f"Do not defend (strength {option.total} < {war}: it falls)"
        elif option.total >= war:
            label = f"{action.label}: holds"
        else:
            label = f"{action.label}: still falls"
        by_action[Action(action.kind, action.args, label=label)] = option
    choice = yield from ctx.ask(
        colour,
        DecisionKind.GANG_WAR_DEFENCE,
        f"{tile.name} attacks {what} with war strength {war}; your defence is {plan.base} "
        "before goons and partner. How do you defend?",
        _DEFENCE_RULES,
        list(by_action),
    )
    boost = by_action[choice]
    spend_boost(ctx, ctx.player(colour), boost)
    held = boost.total >= war
    spent = [f"returning {count(boost.goons, 'goon')}"] if boost.goons else []
    if boost.free:
        spent.append("using the partner's free help")
    elif boost.partner:
        spent.append(f"paying the partner ${boost.cost}")
    if held:
        kind = EventKind.BUILDING_HOLDS
        how = f"{who} defends by {listing(spent)}: " if spent else "without help: "
        text = f"{attack}; {how}defence {boost.total} ≥ {war}, so it holds."
    elif spent:
        kind = EventKind.DEFENCE_FAILED
        text = (
            f"{attack}; {who} defends by {listing(spent)}, but defence {boost.total} < {war}, so "
            f"the {name} falls."
        )
    else:
        kind = EventKind.DEFENCE_DECLINED
        text = (
            f"{attack}; {who} chooses not to defend (defence {boost.total} < {war}), so the "
            f"{name} falls."
        )
    ctx.emit(
        kind,
        colour,
        ("R-GANGWAR-7", "R-GANGWAR-14", "R-COMBAT-2", "R-COMBAT-5"),
        text,
        defence=boost.total,
        goons=boost.goons,
        partner=boost.partner,
        free=boost.free,
        paid=boost.cost if boost.partner and not boost.free else 0,
        **data,
    )
    return held


def _lose_building(ctx: Ctx, tile: GangsterTile, number: int, index: int) -> Flow[None]:
    """R-GANGWAR-8 / R-VARIANT-1: remove a fallen building and put a gangster bar on its space
    (none when the supply is empty, R-COMP-6). With the distillery rebuild variant the owner of
    a fallen distillery chooses whether it goes back to the operations board."""
    state = ctx.state
    space = state.districts[number].spaces[index]
    building = space.building
    assert building is not None
    player = state.players[building.owner]
    space.building = None
    barrels = 0
    if building.barrel:
        barrels += 1
        building.barrel = False
    if building.type is BuildingType.DISTILLERY:
        barrels += player.distillery_barrels
        player.distillery_barrels = 0
    state.supply_barrels += barrels
    if building.protected:
        player.mafiosi_lost += 1
    # lost unless its owner puts it back (R-VARIANT-1): every piece stays in exactly one place
    # while the owner is asked (R-COMP-3)
    player.lost_pieces.append(building.piece)
    rebuild = False
    if building.type is BuildingType.DISTILLERY and ctx.options.distillery_rebuild:
        rebuild = yield from _ask_rebuild(ctx, building.owner, building.piece, number)
    bar = _take_gangster_bar(state)
    space.gangster_bar = bar
    rules = ["R-GANGWAR-8"] + (["R-VARIANT-1"] if rebuild else [])
    where = (
        "goes back to the operations board to be built again"
        if rebuild
        else "is removed from the game"
    )
    gangster = gangster_name(ctx.catalog, tile.id)
    extras = []
    if barrels:
        extras.append(
            f"{count(barrels, 'barrel')} {'goes' if barrels == 1 else 'go'} back to the supply"
        )
    if bar:
        extras.append(f"a gangster bar of {gangster} takes the space")
    else:
        extras.append("the gangster-bar supply is empty, so the space stays empty")
        rules.append("R-COMP-6")
    ctx.emit(
        EventKind.BUILDING_LOST,
        building.owner,
        rules,
        f"{player_name(building.owner)}'s {_building_name(building.type)} in district {number} "
        f"falls to {gangster} and {where}"
        + (" with its protecting mafioso" if building.protected else "")
        + ("; " + " and ".join(extras) if extras else "")
        + ".",
        district=number,
        space=index,
        building=building.type.value,
        piece=building.piece,
        tile=tile.id,
        mafioso_lost=building.protected,
        barrels_returned=barrels,
        rebuild=rebuild,
        gangster_bar=bar,
    )


def _board_with(ctx: Ctx, pieces: list[str], piece: str) -> list[str]:
    """``pieces`` with ``piece`` back in its printed place on the operations board."""
    order = [s.id for s in ctx.catalog.operations_board.spaces]
    return sorted([*pieces, piece], key=lambda p: order.index(p) if p in order else len(order))


def _ask_rebuild(ctx: Ctx, colour: Colour, piece: str, number: int) -> Flow[bool]:
    """R-VARIANT-1: the owner MAY put the lost distillery back on the operations board. Both
    options state their effect on the upgrade discount (R-UPGRADE-3/4): a distillery back on
    the board refills the middle group."""
    player = ctx.player(colour)
    out = upgrade_discount(ctx, colour)
    kept = player.board_pieces
    player.board_pieces = _board_with(ctx, kept, piece)
    back = upgrade_discount(ctx, colour)
    player.board_pieces = kept
    if back < out:
        refill = (
            f"; the middle group is no longer empty, so your upgrade discount drops from ${out} "
            f"to ${back} until you build it again"
        )
    else:
        refill = f"; your upgrade discount stays ${back}"
    options = [
        Action(
            "rebuild",
            ("board",),
            label="Put the distillery back on your operations board to build it again" + refill,
        ),
        Action(
            "rebuild",
            ("remove",),
            label=f"Remove the distillery from the game; your upgrade discount stays ${out}",
        ),
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.REBUILD_DISTILLERY,
        f"Your distillery in district {number} fell: put it back on your operations board "
        "(distillery rebuild variant)?",
        ("R-VARIANT-1", "R-UPGRADE-4"),
        options,
    )
    if choice.args[0] != "board":
        return False
    player.lost_pieces.remove(piece)
    player.board_pieces = _board_with(ctx, player.board_pieces, piece)
    return True


@dataclass(frozen=True, slots=True)
class DefencePlan:
    """How well one building can defend against a war strength (R-GANGWAR-7, R-COMBAT-2..5).

    ``base`` = strength (yellow track) + permanent bonuses (crates #3/#4, R-PARTNER-1).
    ``options`` are every affordable combination of goons and partner help on top of it.
    ``best`` is the highest total (the cheapest such way); ``cheapest`` is the cheapest way
    to hold, or None when the building cannot hold. "Cheapest" means the least money, then
    the fewest goons, then keeping the once-per-game free partner help (R-PARTNER-6).
    """

    colour: Colour
    district: int
    space: int
    building: BuildingType
    war_strength: int
    strength: int
    permanent: int
    options: tuple[Boost, ...]
    best: Boost
    cheapest: Boost | None
    reason: str

    @property
    def base(self) -> int:
        return self.strength + self.permanent

    @property
    def can_hold(self) -> bool:
        return self.cheapest is not None


def _made_of(plan: DefencePlan, boost: Boost) -> str:
    """`` (strength 1 + 4 goons)``: what a defence total adds up (empty for strength alone)."""
    parts = [f"strength {plan.strength}"]
    if plan.permanent:
        parts.append(f"{plan.permanent} bonus")
    if boost.goons:
        parts.append(count(boost.goons, "goon"))
    if boost.partner:
        parts.append(f"partner {boost.total - plan.base - boost.goons}")
    return f" ({' + '.join(parts)})" if len(parts) > 1 else ""


def _price(boost: Boost) -> tuple[int, int, bool]:
    return boost.cost, boost.goons, boost.free


def _describe_boost(boost: Boost, plan_base: int, partner_strength: int) -> str:
    parts = [f"base {plan_base}"]
    if boost.goons:
        parts.append(f"{boost.goons} goon(s)")
    if boost.partner:
        how = "free" if boost.free else f"${boost.cost}"
        parts.append(f"partner {partner_strength} ({how})")
    return " + ".join(parts)


def best_defence(
    ctx: Ctx, colour: Colour, district: int, space: int, war_strength: int
) -> DefencePlan:
    """The best defence of ``colour``'s building at ``district``/``space`` and the cheapest
    way to reach ``war_strength`` (R-GANGWAR-7, R-COMBAT-2..5, R-ALLY-6, R-PARTNER-1/4/6).

    Works on any state wrapped in a :class:`Ctx`; it changes nothing.
    """
    building = ctx.state.districts[district].spaces[space].building
    if building is None or building.owner is not colour:
        raise ValueError(f"{colour} has no building on space {space} of district {district}")
    player = ctx.player(colour)
    own = strength(ctx, player)
    permanent = bonus(ctx, player, "defence")
    options = tuple(
        boosts(
            ctx,
            player,
            own + permanent,
            partner_allowed=True,
            distillery=building.type is BuildingType.DISTILLERY,
        )
    )
    best = min(options, key=lambda b: (-b.total, *_price(b)))
    holding = [b for b in options if b.total >= war_strength]
    cheapest = min(holding, key=_price) if holding else None
    partner_strength = ctx.catalog.gangster(player.partner).strength if player.partner else 0
    base = own + permanent
    base_text = f"{own}" + (f" + {permanent} bonus" if permanent else "")
    if cheapest is None:
        reason = (
            f"the best defence is {best.total} ({_describe_boost(best, base, partner_strength)}"
            f"; base = strength {base_text}) < war strength {war_strength} (R-COMBAT-2)."
        )
    elif cheapest.total == base and not cheapest.goons and not cheapest.partner:
        reason = f"strength {base_text} already reaches war strength {war_strength} (R-COMBAT-2)."
    else:
        reason = (
            f"the cheapest hold is {cheapest.total} "
            f"({_describe_boost(cheapest, base, partner_strength)}) ≥ war strength "
            f"{war_strength}; the most it can reach is {best.total} (R-COMBAT-2)."
        )
    return DefencePlan(
        colour=colour,
        district=district,
        space=space,
        building=building.type,
        war_strength=war_strength,
        strength=own,
        permanent=permanent,
        options=options,
        best=best,
        cheapest=cheapest,
        reason=reason,
    )


# ============================================================================ 3.2 police
def police_patrol(ctx: Ctx, act: int) -> None:
    """Step 3.2 (R-POLICE-1..4): police tokens become figures; in Acts 1-2 the next column of
    police tokens is revealed face down for the next act."""
    state = ctx.state
    state.phase = Phase.POLICE
    for number in sorted(state.districts):
        district = state.districts[number]
        if not district.police_token:
            continue
        district.police_token = False
        district.police = True
        state.supply_police = max(state.supply_police - 1, 0)
        ctx.emit(
            EventKind.POLICE_ARRIVE,
            None,
            ("R-POLICE-1", "R-POLICE-4"),
            f"Police arrive in district {number}: player buildings there without a protecting "
            "mafioso stop operating; gangster bars do not care.",
            district=number,
        )
    if act in (1, 2) and state.police_columns:
        column = sorted(state.police_columns.pop(0))
        for number in column:
            state.districts[number].police_token = True
        ctx.emit(
            EventKind.POLICE_TOKENS_PLACED,
            None,
            ("R-POLICE-2",),
            f"Police will come to {districts(column)} at the end of Act {act + 1}.",
            districts=column,
        )


# ============================================================================ 3.3 control
class ControlCase(StrEnum):
    """Which case of R-CONTROL-3..6 decided a district (or that it is closed, R-CLOSED-1)."""

    PROTECTED = "protected"  # R-CONTROL-3
    BEST_BUILDING = "best building"  # R-CONTROL-4
    GANGSTERS = "gangsters"  # R-CONTROL-5
    NOBODY = "nobody"  # R-CONTROL-6
    CLOSED = "closed"  # R-CLOSED-1: a closed district is never controlled

    @property
    def rule(self) -> str:
        return {
            ControlCase.PROTECTED: "R-CONTROL-3",
            ControlCase.BEST_BUILDING: "R-CONTROL-4",
            ControlCase.GANGSTERS: "R-CONTROL-5",
            ControlCase.NOBODY: "R-CONTROL-6",
            ControlCase.CLOSED: "R-CLOSED-1",
        }[self]


@dataclass(frozen=True, slots=True)
class PlayerBest:
    """A player's best *operating* building in a district (R-CONTROL-7, R-GOLDEN-3).

    ``building`` is None when none of the player's buildings there operates.
    """

    colour: Colour
    building: BuildingType | None
    space: int | None
    protected: bool
    buildings: int  # the player's buildings in the district, operating or not
    operating: int

    @property
    def key(self) -> tuple[bool, int]:
        """Comparison key: a mafioso first, then the building type (R-CONTROL-7)."""
        if self.building is None:
            return False, 0
        return self.protected, CONTROL_RANK[self.building]

    def describe(self) -> str:
        if self.building is None:
            return f"{player_name(self.colour)} (no operating building)"
        guarded = "protected " if self.protected else ""
        return f"{player_name(self.colour)}'s {guarded}{_building_name(self.building)}"


@dataclass(frozen=True, slots=True)
class Control:
    """Who controls one district and why (R-CONTROL-2..7)."""

    district: int
    case: ControlCase
    players: tuple[Colour, ...]  # controlling players (ties: all of them)
    gangsters: bool
    best: tuple[PlayerBest, ...]  # every player with a building here, in seating order
    gangster_bars: int
    police: bool
    reason: str

    @property
    def rule(self) -> str:
        return self.case.rule

    @property
    def nobody(self) -> bool:
        return not self.players and not self.gangsters

    def to_data(self) -> dict[str, Any]:
        return {
            "district": self.district,
            "case": self.case.value,
            "rule": self.rule,
            "players": [c.value for c in self.players],
            "gangsters": self.gangsters,
            "police": self.police,
            "gangster_bars": self.gangster_bars,
            "best": {
                pb.colour.value: {
                    "building": pb.building.value if pb.building else None,
                    "space": pb.space,
                    "protected": pb.protected,
                    "buildings": pb.buildings,
                    "operating": pb.operating,
                }
                for pb in self.best
            },
        }


def _player_best(district: District, colour: Colour) -> PlayerBest | None:
    mine = [
        (i, s.building)
        for i, s in enumerate(district.spaces)
        if s.building is not None and s.building.owner is colour
    ]
    if not mine:
        return None
    working: list[tuple[int, Building]] = [(i, b) for i, b in mine if operating(district, b)]
    if not working:
        return PlayerBest(colour, None, None, False, len(mine), 0)
    index, top = max(working, key=lambda ib: (ib[1].protected, CONTROL_RANK[ib[1].type], -ib[0]))
    return PlayerBest(colour, top.type, index, top.protected, len(mine), len(working))


def _names(colours: tuple[Colour, ...]) -> str:
    return listing([player_name(c) for c in colours])


def district_control(state: GameState, district: int) -> Control:
    """Who controls ``district`` (R-CONTROL-3..7, R-GOLDEN-1..3, R-CLOSED-1). Pure.

    The first matching case wins: a protected building (R-CONTROL-3); with no police and no
    mafioso, the best building (R-CONTROL-4); with no operating player building, the gangsters
    if a gangster bar is there (R-CONTROL-5); otherwise nobody (R-CONTROL-6). Each player counts
    only their best operating building; ties share control.
    """
    d = state.districts[district]
    bars = sum(s.gangster_bar for s in d.spaces)
    order = state.seating or list(state.players)
    colours = [c for c in order if c in state.players]
    colours += [c for c in state.players if c not in colours]
    best = tuple(pb for c in colours if (pb := _player_best(d, c)) is not None)

    def result(case: ControlCase, players: tuple[Colour, ...], reason: str) -> Control:
        return Control(
            district, case, players, case is ControlCase.GANGSTERS, best, bars, d.police, reason
        )

    def winners(candidates: list[PlayerBest]) -> tuple[Colour, ...]:
        top = max(pb.key for pb in candidates)
        return tuple(pb.colour for pb in candidates if pb.key == top)

    def comparison(candidates: list[PlayerBest], won: tuple[Colour, ...]) -> str:
        top = [pb for pb in candidates if pb.colour in won]
        rest = [pb for pb in candidates if pb.colour not in won]
        text = " and ".join(pb.describe() for pb in top)
        if len(top) > 1:
            text += " tie for the best building (the number of buildings does not matter)"
            if rest:
                text += " and beat " + " and ".join(pb.describe() for pb in rest)
        elif rest:
            text += " beats " + " and ".join(pb.describe() for pb in rest)
        else:
            text += " is the only contender"
        return text

    if d.closed:
        return result(ControlCase.CLOSED, (), "A closed district is never controlled.")
    protected = [pb for pb in best if pb.protected]
    if protected:
        won = winners(protected)
        return result(
            ControlCase.PROTECTED,
            won,
            f"A mafioso protects a building here: {comparison(list(best), won)}; "
            f"{_names(won)} control{'s' if len(won) == 1 else ''} district {district}.",
        )
    working = [pb for pb in best if pb.building is not None]
    if not d.police and working:
        won = winners(working)
        return result(
            ControlCase.BEST_BUILDING,
            won,
            f"No police and no mafioso: {comparison(working, won)}; "
            f"{_names(won)} control{'s' if len(won) == 1 else ''} district {district}.",
        )
    if not working and bars:
        why = (
            "the police stop every unprotected player building"
            if d.police and best
            else "no player has a building here"
        )
        return result(
            ControlCase.GANGSTERS,
            (),
            f"{capital(why)} and {count(bars, 'gangster bar')} "
            f"{'stands' if bars == 1 else 'stand'} here (police do not affect them): the "
            f"gangsters control district {district}.",
        )
    why = "no operating player building" if best else "no player building"
    return result(
        ControlCase.NOBODY,
        (),
        f"There is {why} and no gangster bar: nobody controls district {district}.",
    )


@dataclass(frozen=True, slots=True)
class AreaControl:
    """The control check of one area: each district's result and the marker steps it gives
    (R-CONTROL-2..8)."""

    area: Area
    districts: tuple[Control, ...]
    markers: Mapping[Colour, int]  # steps up for every player (0 included), seating order
    gangsters: int  # steps up for the gangster marker

    def to_data(self) -> dict[str, Any]:
        return {
            "area": self.area.value,
            "districts": [c.to_data() for c in self.districts],
            "markers": {c.value: n for c, n in self.markers.items()},
            "gangsters": self.gangsters,
        }


def area_control(state: GameState, board: Board, area: Area | str) -> AreaControl:
    """Check every district of ``area`` in ascending order (R-CONTROL-2..8). Pure.

    Each controlling player (and the gangsters) gains one marker step per district controlled.
    """
    where = Area(area)
    controls = tuple(
        district_control(state, n)
        for n in sorted(board.districts_in(where))
        if n in state.districts
    )
    markers = dict.fromkeys(state.players, 0)
    gangsters = 0
    for control in controls:
        for colour in control.players:
            markers[colour] += 1
        gangsters += control.gangsters
    return AreaControl(where, controls, markers, gangsters)


def score_area_control(ctx: Ctx) -> None:
    """Step 3.3 (R-CONTROL-1..8): markers to the bottom, then every district in ascending
    order, each controller's marker up one space on that area's track."""
    state = ctx.state
    state.phase = Phase.AREA_CONTROL
    for player in state.players.values():
        player.area_control = dict.fromkeys(Area, 0)
    state.gangster_control = dict.fromkeys(Area, 0)
    ctx.emit(
        EventKind.CONTROL_MARKERS_RESET,
        None,
        ("R-CONTROL-1",),
        "Every area-control marker, the gangsters' included, drops to the bottom of its track.",
    )
    results = [area_control(state, ctx.board, area) for area in ctx.board.areas]
    area_of = {c.district: r.area for r in results for c in r.districts}
    controls = sorted((c for r in results for c in r.districts), key=lambda c: c.district)
    for control in controls:  # R-CONTROL-2: ascending district numbers across the areas
        area = area_of[control.district]
        for colour in control.players:
            state.players[colour].area_control[area] += 1
        if control.gangsters:
            state.gangster_control[area] += 1
        ctx.emit(
            EventKind.DISTRICT_CONTROL,
            control.players[0] if len(control.players) == 1 else None,
            (control.rule, "R-CONTROL-7", "R-CONTROL-8"),
            f"District {control.district} ({area.title}): {control.reason}",
            area=area.value,
            **control.to_data(),
        )
    for area in ctx.board.areas:
        ctx.emit(
            EventKind.CONTROL_TRACK,
            None,
            ("R-CONTROL-8",),
            f"{area.title} control track now: "
            + ", ".join(
                f"{player_name(c)} {p.area_control[area]}" for c, p in state.players.items()
            )
            + f", gangsters {state.gangster_control[area]}.",
            area=area.value,
            positions={c.value: p.area_control[area] for c, p in state.players.items()},
            gangsters=state.gangster_control[area],
        )


# ============================================================================ 3.4 payout
@dataclass(frozen=True, slots=True)
class PayoutRank:
    """One marker on an area's control track and what it earns (R-PAYOUT-1..5).

    ``colour`` is None for the gangster marker, which is ranked but never paid.
    """

    colour: Colour | None
    position: int
    rank: int
    amount: int
    reason: str

    @property
    def gangsters(self) -> bool:
        return self.colour is None

    def to_data(self) -> dict[str, Any]:
        return {
            "who": self.colour.value if self.colour else "gangsters",
            "position": self.position,
            "rank": self.rank,
            "amount": self.amount,
        }


def _table_amount(catalog: Catalog, area: Area, rank: int) -> int:
    """The payout for ``rank``; a rank past the printed table pays $0 (GAP-11)."""
    table = catalog.payouts[area.value]
    return table[rank] if 1 <= rank <= len(table.amounts) else 0


def payout_ranking(state: GameState, catalog: Catalog, area: Area | str) -> list[PayoutRank]:
    """Rank and payout of every marker on ``area``'s track, highest first (R-PAYOUT-2..5). Pure.

    Rank = the number of markers on your space or higher, your own and the gangsters'
    included, so tied players share the lowest tied place. The bottom space earns nothing and
    the gangsters are never paid.
    """
    where = Area(area)
    markers: list[tuple[Colour | None, int]] = [
        (c, p.area_control.get(where, 0)) for c, p in state.players.items()
    ]
    markers.append((None, state.gangster_control.get(where, 0)))
    ranking: list[PayoutRank] = []
    for who, position in markers:
        rank = sum(1 for _, other in markers if other >= position)
        tied = sum(1 for _, other in markers if other == position) - 1
        if who is None:
            amount = 0
            reason = f"The gangster marker is rank {rank}; gangsters are never paid (R-PAYOUT-2)."
        elif position <= 0:
            amount = 0
            reason = (
                f"{player_name(who)} controlled no district in {where.title} (bottom space): "
                "nothing (R-PAYOUT-4)."
            )
        else:
            amount = _table_amount(catalog, where, rank)
            tie = f", tied with {tied} other marker(s)" if tied else ""
            reason = (
                f"{player_name(who)} is rank {rank} ({rank} marker(s) on space {position} or "
                f"higher{tie}): ${amount} into the safe (R-PAYOUT-2/3)."
            )
        ranking.append(PayoutRank(who, position, rank, amount, reason))
    ranking.sort(key=lambda r: -r.position)
    return ranking


def pay_luciano(ctx: Ctx) -> None:
    """Step 3.4 (R-PAYOUT-1..5): each area pays every player by rank into the safe
    (R-MONEY-4)."""
    state = ctx.state
    state.phase = Phase.PAYOUT
    for area in ctx.board.areas:
        ranking = payout_ranking(state, ctx.catalog, area)
        gangster_rank = next(r.rank for r in ranking if r.colour is None)
        for entry in ranking:
            if entry.colour is None:
                continue
            state.players[entry.colour].safe += entry.amount
            who = player_name(entry.colour)
            tied = sum(1 for r in ranking if r.position == entry.position) - 1
            tie = f", tied with {count(tied, 'other marker')}" if tied else ""
            ctx.emit(
                EventKind.PAYOUT,
                entry.colour,
                ("R-PAYOUT-1", "R-PAYOUT-2", "R-PAYOUT-3", "R-PAYOUT-4", "R-MONEY-4"),
                f"{area.title} pays {who} nothing: {who} controlled no district there this act."
                if entry.position <= 0
                else f"{area.title} pays {who} ${entry.amount} into the safe for rank "
                f"{entry.rank} on the control track (space {entry.position}{tie}; the gangsters "
                f"are rank {gangster_rank} and are never paid).",
                area=area.value,
                position=entry.position,
                rank=entry.rank,
                amount=entry.amount,
                gangster_rank=gangster_rank,
            )
