"""Game and player setup (rules reference §3 R-SETUP-1..23, §4 R-PSETUP-1..11, R-PROLOGUE-1).

:func:`new_state` builds the position before the first decision: every shuffle uses the game's
seeded ``random.Random``. The choices made during setup (the 2-player docks placement,
R-PSETUP-12) and the prologue are decisions of the game flow, not part of this module.

One player is a *solo sandbox*: the 1/2 board side set up exactly as for two players with a
single seat. It is not the official solo mode, whose rules are not in the text (GAP-23).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from speakeasy.core.actions import Event
from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.pieces import Goal
from speakeasy.games.speakeasy.model.kinds import EventKind, check_event
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import (
    OPERATIONS,
    BuildingSpace,
    CityOffer,
    Colour,
    District,
    GameState,
    Player,
    Ship,
    Track,
    Truck,
    TurnOrder,
)
from speakeasy.games.speakeasy.rules.money import start_safe
from speakeasy.games.speakeasy.rules.wording import districts as district_list
from speakeasy.games.speakeasy.rules.wording import gangster_name, listing, player_name

__all__ = ["NOTORIETY_MAFIOSO_SPACES", "Emit", "new_state", "setup_players"]

Emit = Callable[[Event], None]

#: Notoriety spaces that hold one of the player's mafiosi as a reward (R-PSETUP-10).
NOTORIETY_MAFIOSO_SPACES = (8, 14)


def setup_players(players: int) -> int:
    """The player count whose setup data is used: the solo sandbox plays the 2p setup."""
    return 2 if players == 1 else players


def new_state(
    colours: Sequence[Colour],
    rng: random.Random,
    catalog: Catalog,
    board: Board,
    options: Options,
    emit: Emit,
) -> GameState:
    """Set up a game for ``colours`` (seating order, clockwise) and return its state."""
    del options  # no option changes setup yet; kept so setup can grow switches
    count = setup_players(len(colours))
    facts = catalog.setup.for_players(count)
    components = catalog.components
    districts = {
        d: District(d, [BuildingSpace() for _ in range(board.spaces(d))])
        for d in sorted(board.districts)
    }
    state = GameState(players={}, districts=districts)
    if len(colours) == 1:
        emit(
            _event(
                EventKind.SOLO_SANDBOX,
                ("GAP-23",),
                {},
                "This is the solo sandbox: one seat playing the two-player setup on the 1/2 "
                "board side. It is not the official solo mode, whose rules the rulebook does not "
                "give.",
            )
        )
    state.supply_gangster_bars = components.total("gangster_bars")
    state.supply_barrels = components.total("barrels")
    state.supply_goons = components.total("goons")
    state.supply_leverage = components.total("leverage_tokens")
    state.supply_police = components.total("police")
    tokens = list(range(1, 17))  # gangster district tokens (R-COMP-6)

    # R-SETUP-2: closed districts (2p and the solo sandbox).
    quota = {Area(a): n for a, n in facts.closed_districts.items()}
    if sum(quota.values()):
        rng.shuffle(tokens)
        closed: list[int] = []
        ignored: list[int] = []
        while sum(quota.values()):
            d = tokens.pop(0)
            area = board.area_of(d)
            if quota[area]:
                quota[area] -= 1
                closed.append(d)
                districts[d].closed = True
                districts[d].spaces = []
            else:
                ignored.append(d)
        tokens.extend(ignored)  # turned face down and shuffled back (below)
        emit(
            _event(
                EventKind.CLOSED_DISTRICTS,
                ("R-SETUP-2", "R-CLOSED-1"),
                {"districts": sorted(closed)},
                f"In this two-player game {district_list(sorted(closed))} are closed: no "
                "buildings go there.",
            )
        )

    # R-SETUP-4/5/6/7: the A gangsters, their strength tokens and bars.
    decks = {
        letter: [t.id for t in catalog.gangster_deck(letter)] for letter in catalog.gangster_decks
    }
    setup_letter = next(d.letter for d in catalog.gangster_decks.values() if d.act == 0)
    setup_tiles = decks.pop(setup_letter)
    rng.shuffle(setup_tiles)
    setup_tiles = setup_tiles[: facts.setup_gangsters]
    rng.shuffle(tokens)
    for tile_id in setup_tiles:
        d = tokens.pop(0)
        tile = catalog.gangster(tile_id)
        district = districts[d]
        district.gangster = tile_id
        district.had_gangster = True
        district.strength_token = tile.strength
        for space in district.spaces:
            space.gangster_bar = True
            state.supply_gangster_bars -= 1
    held = [(d.number, d.gangster) for d in districts.values() if d.gangster]
    where = listing([f"{gangster_name(catalog, tile)} in district {n}" for n, tile in held])
    emit(
        _event(
            EventKind.SETUP_GANGSTERS,
            ("R-SETUP-5", "R-SETUP-6", "R-SETUP-7"),
            {"districts": {str(n): tile for n, tile in held}},
            f"The starting gangsters take their districts ({where}); each gets a strength token "
            "and a gangster bar on every building space.",
        )
    )
    state.gangster_decks = decks

    # R-SETUP-8/9: the first war's districts, then the time track.
    first, *later = facts.war_districts
    for d in tokens[:first]:
        districts[d].war_token = True
    tokens = tokens[first:]
    state.war_columns = []
    for size in later:
        state.war_columns.append(tokens[:size])
        tokens = tokens[size:]
    if tokens:
        raise AssertionError(f"gangster district tokens left over after setup: {tokens}")

    # R-SETUP-10 / R-PSETUP-8: area-control markers on the bottom spaces.
    state.gangster_control = dict.fromkeys(Area, 0)

    # R-SETUP-11/12/13: police.
    general = catalog.setup.general
    police = list(range(1, 17))
    rng.shuffle(police)
    for d in police[: general.police_at_start]:
        districts[d].police = True
        state.supply_police -= 1
    police = police[general.police_at_start :]
    for d in police[: general.police_per_wave]:
        districts[d].police_token = True
    police = police[general.police_per_wave :]
    wave = general.police_per_wave
    state.police_columns = [police[i : i + wave] for i in range(0, len(police), wave)]

    # R-SETUP-14/15: city tokens on every building space, then the offer.
    pool = list(catalog.city_token_pool())
    rng.shuffle(pool)
    for district in districts.values():
        for space in district.spaces:
            space.city_token = pool.pop()
    right = [pool.pop() for _ in range(general.city_offer_right_column)]
    stacks = general.city_token_stacks
    state.city_offer = CityOffer(
        left=[pool[i::stacks] for i in range(stacks)],
        middle=[[] for _ in range(general.city_offer_right_column)],
        right=list(right),
    )

    # R-SETUP-16/17: goals.
    state.area_goals = _area_goals(catalog, rng)
    state.central_park_goals = _central_park_goals(catalog, rng)
    for goal in catalog.goals:
        if goal.family in ("area", "central_park") and goal.id not in (
            *state.area_goals.values(),
            *state.central_park_goals,
        ):
            continue
        state.books[goal.id] = [None] * goal.book_spaces

    # R-SETUP-18/19: operation decks (face up) and the helper offer.
    for track in OPERATIONS:
        deck = [c.id for c in catalog.cards_of(track.value)]
        rng.shuffle(deck)
        state.operation_decks[track] = deck
    state.helper_deck = [h.id for h in catalog.helper_cards]
    rng.shuffle(state.helper_deck)
    state.helper_offer = [state.helper_deck.pop(0) for _ in range(general.helper_offer)]

    # R-SETUP-20/21/22: ships, crates, ports.
    crates = [c.id for c in catalog.crates]
    rng.shuffle(crates)
    ports = list(board.port_ring)
    rng.shuffle(ports)
    for ship in catalog.ships:
        state.ships.append(Ship(ship.id, ports.pop(0), 0, crates.pop(0)))
        state.supply_barrels -= ship.barrel_spaces
    state.crate_stack = crates
    state.docks = {
        Area(a): [None] * (len(catalog.docks.rows) * catalog.docks.spaces_per_row)
        for a in catalog.docks.areas
    }

    # R-PSETUP-1..11: the players.
    start = catalog.setup.start
    for colour in colours:
        state.players[colour] = _new_player(colour, catalog, state)
    for player in state.players.values():
        for track in OPERATIONS:
            player.hand.append(state.operation_decks[track].pop(0))
        player.hand.sort()
    del start

    # R-PROLOGUE-1 (GAP-28): a random first player; the others follow clockwise.
    state.seating = list(colours)
    first_index = rng.randrange(len(colours))
    order = state.seating[first_index:] + state.seating[:first_index]
    columns = catalog.turn_order.for_players(count).columns
    state.turn_order = TurnOrder(
        top=[*order, *[None] * (columns - len(order))],
        bottom=[None] * columns,
    )
    emit(
        _event(
            EventKind.FIRST_PLAYER,
            ("R-PROLOGUE-1", "GAP-28"),
            {"order": [c.value for c in order]},
            f"{player_name(order[0])} plays first; turn order: "
            f"{', '.join(player_name(c) for c in order)}.",
        )
    )
    return state


def _new_player(colour: Colour, catalog: Catalog, state: GameState) -> Player:
    start = catalog.setup.start
    components = catalog.components
    board = catalog.operations_board
    levels = dict.fromkeys(OPERATIONS, start.operation_level)
    levels[Track.STRENGTH] = start.strength_level
    player = Player(
        colour=colour,
        pocket=start.pocket,
        levels=levels,
        slots=dict.fromkeys(OPERATIONS),
        board_pieces=[s.id for s in board.spaces],
        capos=catalog.setup.acts.capos[0],
        mafiosi=components.count("mafiosi") - len(NOTORIETY_MAFIOSO_SPACES),
        notoriety_mafiosi=list(NOTORIETY_MAFIOSO_SPACES),
        goons=start.goons,
        books_supply=components.count("books"),
        trucks=[Truck() for _ in range(components.count("trucks"))],
        area_control=dict.fromkeys(Area, 0),
    )
    start_safe(player, start.safe)  # R-PSETUP-7: $30 behind the screen, in view of all
    state.supply_goons -= start.goons
    return player


def _area_goals(catalog: Catalog, rng: random.Random) -> dict[Area, str]:
    """R-SETUP-16: one tile per area, all with different numbers."""
    tiles = list(catalog.area_goals)
    rng.shuffle(tiles)
    chosen: dict[Area, str] = {}
    numbers: set[int | None] = set()
    for area in Area:
        tile = _draw_until(tiles, lambda g: g.number not in numbers)
        chosen[area] = tile.id
        numbers.add(tile.number)
    return chosen


def _central_park_goals(catalog: Catalog, rng: random.Random) -> list[str]:
    """R-SETUP-17, DISC-1: 2 A, 2 B and 1 C tile, all with different numbers."""
    placed: list[Goal] = []
    for letter, count in catalog.goal_families["central_park"].in_play_by_letter.items():
        stack = [g for g in catalog.central_park_goals if g.letter == letter]
        rng.shuffle(stack)
        for _ in range(count):
            placed.append(_draw_until(stack, _new_number({g.number for g in placed})))
    return [g.id for g in placed]


def _new_number(taken: set[int | None]) -> Callable[[Goal], bool]:
    """A test for a tile whose number is not among ``taken``."""
    return lambda goal: goal.number not in taken


def _draw_until(stack: list[Goal], ok: Callable[[Goal], bool]) -> Goal:
    """Reveal tiles from the top until one fits; revealed misfits go to the box."""
    while stack:
        tile = stack.pop(0)
        if ok(tile):
            return tile
    raise ValueError("the goal tiles ran out before setup could place one (check the data)")


def _event(kind: EventKind, rules: tuple[str, ...], data: dict[str, object], text: str) -> Event:
    return Event(check_event(kind, data), None, rules, text, data)
