"""The gang war (R-GANGWAR-1..14, R-VARIANT-1): step 3.1 of the Lucky Luciano phase.

A new gangster arrives in every district holding a face-down gangster district token, puts
gangster bars on the empty building spaces and attacks every player building there; players
defend building by building, in turn order (:mod:`.defence`). A fallen building leaves the game,
or with the distillery rebuild variant (R-VARIANT-1) may go back to the operations board.
"""

from __future__ import annotations

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState, Phase
from speakeasy.games.speakeasy.rules.buildings import upgrade_discount
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.luciano.control import building_name
from speakeasy.games.speakeasy.rules.luciano.defence import defence_order, defend
from speakeasy.games.speakeasy.rules.wording import (
    capital,
    count,
    districts,
    gangster_name,
    player_name,
)

__all__ = ["deck_letter", "gang_war", "take_gangster_bar"]


def deck_letter(catalog: Catalog, act: int) -> str:
    """The gangster deck drawn in ``act``'s gang war: B, C or D (R-GANGWAR-1)."""
    for letter, deck in catalog.gangster_decks.items():
        if deck.act == act:
            return letter
    raise ValueError(f"no gangster deck enters in Act {act} (R-GANGWAR-1)")


def take_gangster_bar(state: GameState) -> bool:
    """Take a gangster bar from the supply; an empty supply gives nothing (GAP-22)."""
    if state.supply_gangster_bars <= 0:
        return False
    state.supply_gangster_bars -= 1
    return True


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
        if take_gangster_bar(state):
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
            held = yield from defend(ctx, tile, number, index, war)
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
    bar = take_gangster_bar(state)
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
        f"{player_name(building.owner)}'s {building_name(building.type)} in district {number} "
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
