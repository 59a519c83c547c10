"""Building a scenario's position: a fresh setup turned into the position the scenario
describes, every component taken from its supply (buildings from the owner's operations board,
mafiosi from the owner's supply, police figures, gangster bars and barrels from the general
supply), so the components stay conserved.

What only the game's own setup can say is refused here, with the field at fault: what a
closed district may hold (R-CLOSED-1..3), an empty supply, a card, tile, crate or helper that
is not available, a goal not in play. :meth:`Scenario.apply_to` calls :func:`build_position`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from speakeasy.core.seeds import RNG_WORDS, rng_state, rng_text
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingSpace,
    BuildingType,
    Colour,
    District,
    Phase,
    Player,
    Ship,
    Track,
)
from speakeasy.games.speakeasy.positions.checks import bar_count
from speakeasy.games.speakeasy.positions.errors import Fail
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.flow import CENTRAL_PARK, Start, persons_in_play
from speakeasy.games.speakeasy.rules.luciano import deck_letter
from speakeasy.games.speakeasy.rules.money import start_safe

__all__ = [
    "RNG_WORDS",
    "build_position",
    "gangster_token_used",
    "police_token_used",
    "rng_state",
    "rng_text",
]

#: What a closed district of a 2-player game can never hold, and the rule that says so.
_CLOSED_FORBIDS = {
    "buildings": "R-CLOSED-1",
    "gangster_bars": "R-CLOSED-3",
    "gangster": "R-CLOSED-3",
    "strength": "R-CLOSED-3",
    "war_token": "R-CLOSED-3",
    "had_gangster": "R-CLOSED-3",
}


def gangster_token_used(district: District) -> str | None:
    """Why ``district``'s gangster district token can no longer lie on the time track, or None:
    every district receives a gangster exactly once (R-GANGWAR-13), so a district whose
    gangster has arrived (a gangster tile, a partner's alliance marker, a strength token or a
    gangster bar: R-SETUP-5..7, R-GANGWAR-3..5, R-ALLY-2) or whose token already waits on its
    pistol space (R-GANGWAR-2) has no token left for the track, and a closed district never
    receives one (R-CLOSED-3)."""
    if district.closed:
        return "is closed in this game, so no gangster ever arrives there (R-CLOSED-3)"
    if district.war_token:
        return "already has its gangster district token on its pistol space (war_token)"
    if district.gangster is not None or district.had_gangster:
        return "has already received its gangster"
    if district.strength_token is not None:
        return "holds a gangster strength token, so its gangster has arrived (R-GANGWAR-4)"
    if any(space.gangster_bar for space in district.spaces):
        return "holds gangster bars, so its gangster has arrived (R-SETUP-7, R-GANGWAR-5)"
    return None


def police_token_used(district: District) -> str | None:
    """Why ``district``'s police district token can no longer lie on the time track, or None:
    each district gets exactly one police figure (R-POLICE-3), so a district with its figure
    (R-SETUP-11, R-POLICE-1) or with its token on its police space (R-SETUP-12, R-POLICE-2)
    has no token left for the track."""
    if district.police:
        return "already has its police figure"
    if district.police_token:
        return "already has its police district token on its police space (police_token)"
    return None


def build_position(ctx: Ctx, data: Mapping[str, Any], start: Start, fail: Fail) -> None:
    """Turn the fresh setup in ``ctx.state`` into the position ``data`` describes (a validated
    scenario's data), resuming at ``start``; ``fail`` reports what cannot be built."""
    _Builder(ctx, data, start, fail).build()


class _Builder:
    """Applies a scenario to a fresh setup, taking every component from its supply."""

    def __init__(self, ctx: Ctx, data: Mapping[str, Any], start: Start, fail: Fail) -> None:
        self.ctx, self.data, self.start, self.fail = ctx, data, start, fail
        self.state, self.catalog, self.board = ctx.state, ctx.catalog, ctx.board
        #: where the scenario took a tile from each gangster deck (to name it if a deck runs
        #: short of the wars to come)
        self.took: dict[str, tuple[str | int, ...]] = {}

    def build(self) -> None:
        data, state, start = self.data, self.state, self.start
        state.act = 0 if start.phase == "setup" else start.act  # 0: the prologue (R-ACT-1)
        state.round = (
            self.catalog.setup.acts.rounds[start.act - 1]
            if start.phase in ("luciano", "final")
            else 0
        )
        if start.phase != "setup":  # the prologue sets its own phase (R-PROLOGUE)
            state.phase = Phase.FINAL_SCORING if start.phase == "final" else Phase.ROUNDS
        if "closed" in data:
            self._closed(data["closed"])
        # columns revealed before this act are used up (R-GANGWAR-11, R-POLICE-2)
        used = max(0, start.act - 1)
        del state.war_columns[:used]
        del state.police_columns[:used]
        if data.get("map", "empty") == "empty":
            for number in state.districts:
                self._clear(number)
        # tables are taken in a fixed order (districts by number, colours, tracks and areas
        # in their rule order), never in the file's: a saved game holds the scenario with
        # its keys sorted ("10" before "9") and must rebuild the very same position
        players = _in_order(data.get("player", {}), Colour)
        for colour, spec in players:  # before buildings pick their pieces
            self._lost_pieces(Colour(colour), spec)
        districts = data.get("districts", {})
        for number in sorted(districts, key=int):
            self._district(int(number), districts[number])
        self._return_cards(players)
        for colour, spec in players:
            self._player(Colour(colour), spec)
        self._capos(start)
        for i, spec in enumerate(data.get("ships", ())):
            self._ship(i, spec)
        self._docks(data.get("docks", {}))
        if "goals" in data:
            self._goals(data["goals"])
        for i, spec in enumerate(data.get("books", ())):
            self._book(i, spec)
        if "turn_order" in data:
            n = len(state.turn_order.top)
            if len(data["turn_order"]) > n:
                self.fail(f"the turn-order track has {n} columns (R-BOARD-9)", "turn_order")
            top = [Colour(c) if c else None for c in data["turn_order"]]
            state.turn_order.top = top + [None] * (n - len(top))
            state.turn_order.bottom = [None] * n
        if "round_order" in data:
            state.round_players = [Colour(c) for c in data["round_order"]]
        if "gangster_deck" in data:
            self._gangster_deck(data["gangster_deck"])
        for area, value in _in_order(data.get("gangster_control", {}), Area):
            state.gangster_control[Area(area)] = value
        self._persons(players)
        self._decks(data.get("decks", {}))
        self._city_tokens(players)
        for colour, spec in players:
            if "board_pieces" in spec:
                player = state.players[Colour(colour)]
                player.board_pieces = self._arranged(
                    player.board_pieces,
                    spec["board_pieces"],
                    "operations-board piece",
                    "player",
                    colour,
                    "board_pieces",
                )
        self._time_track(data.get("time_track", {}))
        self._check_wars()
        if "rng" in data:
            try:
                self.ctx.rng.setstate(rng_state(data["rng"]))
            except ValueError as exc:
                self.fail(str(exc).removeprefix("rng: "), "rng")

    # ------------------------------------------------------------------ the map
    def _closed(self, closed: list[int]) -> None:
        state = self.state
        now = sorted(n for n, d in state.districts.items() if d.closed)

        def per_area(districts: list[int]) -> list[str]:
            return sorted(self.board.area_of(d).value for d in districts)

        if per_area(closed) != per_area(now):
            self.fail(
                f"this game closes {len(now)} district(s) ({', '.join(per_area(now)) or 'none'})"
                " (R-SETUP-2)",
                "closed",
            )
        tokens: list[str] = []
        for number in closed:
            if number in now:
                continue
            self._clear(number)
            district = state.districts[number]
            tokens += [sp.city_token for sp in district.spaces if sp.city_token is not None]
            district.closed, district.spaces = True, []
        for number in now:
            if number in closed:
                continue
            district = state.districts[number]
            district.closed = False
            district.spaces = _spaces(self.board.spaces(number))
            for sp in district.spaces:  # the tokens of the newly closed districts move here
                if tokens:
                    sp.city_token = tokens.pop()
        if tokens:  # any left over join the city offer's face-down stacks (R-COMP)
            if not state.city_offer.left:
                state.city_offer.left.append([])
            state.city_offer.left[0].extend(tokens)

    def _clear(self, number: int) -> None:
        state = self.state
        district = state.districts[number]
        if district.police:
            state.supply_police += 1
        for sp in district.spaces:
            if sp.gangster_bar:
                state.supply_gangster_bars += 1
            sp.gangster_bar = False
            if sp.building is not None:
                self._remove_building(sp.building)
                sp.building = None
        district.police = district.police_token = district.war_token = False
        district.strength_token, district.gangster, district.had_gangster = None, None, False

    def _remove_building(self, b: Building) -> None:
        player = self.state.players[b.owner]
        player.board_pieces.append(b.piece)
        if b.protected:
            player.mafiosi += 1
        if b.barrel:
            self.state.supply_barrels += 1

    def _district(self, number: int, spec: Mapping[str, Any]) -> None:
        state = self.state
        district = state.districts[number]
        path: tuple[str | int, ...] = ("districts", str(number))
        if district.closed:  # police may be there (R-CLOSED-2, R-POLICE-3); nothing else
            for key, rule in _CLOSED_FORBIDS.items():
                if spec.get(key):
                    self.fail(f"this district is closed in this game ({rule})", *path, key)
        self._clear(number)
        count = len(district.spaces)
        if len(spec.get("buildings", ())) + bar_count(spec) > count:
            self.fail(f"district {number} has only {count} spaces (GEO-2)", *path)
        bars = spec.get("gangster_bars", 0)
        listed = [int(space) - 1 for space in bars] if isinstance(bars, list) else []
        for i, index in enumerate(listed):
            if index >= count:
                self.fail(
                    f"district {number} has only {count} spaces (GEO-2)", *path, "gangster_bars", i
                )
        placed = self._places(number, spec.get("buildings", ()), path, listed)
        for i, b in enumerate(spec.get("buildings", ())):
            self._building(district.spaces[placed[i]], b, (*path, "buildings", i))
        free = [i for i in range(count) if i not in placed]
        for index in listed or free[: bar_count(spec)]:
            if state.supply_gangster_bars == 0:
                self.fail("no gangster bar left in the supply (R-COMP-6)", *path, "gangster_bars")
            state.supply_gangster_bars -= 1
            district.spaces[index].gangster_bar = True
        if spec.get("police"):
            if state.supply_police == 0:
                self.fail(
                    f"no police figure left in the supply: the game has {self._total('police')} "
                    "(R-COMP-4, R-COMP-11)",
                    *path,
                    "police",
                )
            state.supply_police -= 1
            district.police = True
        district.police_token = bool(spec.get("police_token", False))
        district.war_token = bool(spec.get("war_token", False))
        if "strength" in spec:
            district.strength_token = int(spec["strength"])
        if "gangster" in spec:
            tile = spec["gangster"]
            if tile not in {g.id for g in self.catalog.gangsters}:
                self.fail(f"no gangster tile {tile!r} (R-COMP-5)", *path, "gangster")
            self._take_gangster(tile, *path, "gangster")
            district.gangster, district.had_gangster = tile, True
            if district.strength_token is None:
                district.strength_token = self.catalog.gangster(tile).strength
        if spec.get("had_gangster"):  # its tile has left since (R-ALLY-2, R-GANGWAR-9)
            district.had_gangster = True

    def _places(
        self,
        number: int,
        buildings: Sequence[Mapping[str, Any]],
        path: tuple[str | int, ...],
        bars: Sequence[int] = (),
    ) -> list[int]:
        """The space (0-based) of each building: its ``space`` (1-based) if given, else the
        first free one in order (``bars``: the spaces listed for gangster bars)."""
        count = len(self.state.districts[number].spaces)
        taken: list[int] = []
        for i, b in enumerate(buildings):
            if "space" in b:
                index = int(b["space"]) - 1
                if index >= count:
                    self.fail(
                        f"district {number} has only {count} spaces (GEO-2)",
                        *path,
                        "buildings",
                        i,
                        "space",
                    )
                if index in taken or index in bars:
                    self.fail(f"space {index + 1} is used twice", *path, "buildings", i, "space")
                taken.append(index)
            else:
                taken.append(next(s for s in range(count) if s not in taken and s not in bars))
        return taken

    def _building(self, space: Any, spec: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
        owner = Colour(spec["owner"])
        kind = BuildingType(spec["type"])
        player = self.state.players[owner]
        wanted = spec.get("piece")
        piece = next(
            (
                p.id
                for p in self.catalog.operations_board.spaces
                if p.building == kind.value
                and p.id in player.board_pieces
                and wanted in (None, p.id)
            ),
            None,
        )
        if piece is None and wanted is not None:
            self.fail(f"{owner} has no {kind.value} {wanted!r} on the operations board", *path)
        if piece is None:
            self.fail(f"{owner} has no {kind.value} left on the operations board", *path)
        player.board_pieces.remove(piece)
        building = Building(owner, kind, piece)
        if spec.get("protected"):
            if player.mafiosi == 0:
                self.fail(f"{owner} has no mafioso left in the supply (R-PROTECT-1)", *path)
            player.mafiosi -= 1
            building.protected = True
        if spec.get("barrel"):
            if self.state.supply_barrels == 0:
                self.fail(
                    f"no barrel left in the supply: the game has {self._total('barrels')} "
                    "(R-COMP-8, R-COMP-11)",
                    *path,
                    "barrel",
                )
            self.state.supply_barrels -= 1
            building.barrel = True
        if space.city_token is not None:  # the token goes to the builder's board (R-BUILD-2)
            player.city_tokens.append(space.city_token)
            space.city_token = None
        space.building = building

    def _take_gangster(self, tile: str, *path: str | int) -> None:
        for letter, deck in self.state.gangster_decks.items():
            if tile in deck:
                deck.remove(tile)
                self.took[letter] = path

    def _check_wars(self) -> None:
        """Each gang war still to come draws one tile for every district with a war token
        (R-GANGWAR-2): the act's war tokens now, then the columns revealed after Acts 1 and 2
        (R-GANGWAR-11); a deck too small for its war is refused here, not at the war."""
        state, start = self.state, self.start
        if start.phase == "final" or start.act > 3:
            return
        now = sorted(n for n, d in state.districts.items() if d.war_token)
        later = [sorted(column) for column in state.war_columns]
        for act, wars in zip(range(start.act, 4), [now, *later], strict=False):
            letter = deck_letter(self.catalog, act)
            tiles = len(state.gangster_decks.get(letter, ()))
            if len(wars) <= tiles:
                continue
            reason = (
                f"the gang war at the end of Act {act} draws a tile for each of districts "
                f"{', '.join(map(str, wars))} ({len(wars)}), but gangster deck {letter} holds "
                f"{tiles} (R-GANGWAR-2)"
            )
            if act == start.act and "gangster_deck" in self.data:
                self.fail(reason, "gangster_deck")
            listed = [
                n for n in wars if self.data.get("districts", {}).get(str(n), {}).get("war_token")
            ]
            if act == start.act and listed:
                self.fail(reason, "districts", str(listed[-1]), "war_token")
            if letter in self.took:  # the scenario took tiles of this deck elsewhere
                self.fail(reason, *self.took[letter])
            if act > start.act and "gangsters" in self.data.get("time_track", {}):
                self.fail(reason, "time_track", "gangsters", act - start.act - 1)
            self.fail(reason, "districts")

    def _total(self, component: str) -> int:
        """How many of a shared component the game has (``data/catalog/components.toml``)."""
        return self.catalog.components.total(component)

    def _time_track(self, track: Mapping[str, Any]) -> None:
        """The time track's columns of face-down district tokens (R-BOARD-13): gangster tokens
        (revealed after the wars of Acts 1 and 2, R-GANGWAR-11) and police tokens (revealed at
        the patrols of Acts 1 and 2, R-POLICE-2), the next column first.

        A district has one gangster district token and one police district token (R-COMP-4/6),
        so a district that already has its gangster (or its police figure), or whose token
        waits on its pistol (or police) space, has none on the track (R-GANGWAR-13,
        R-POLICE-3). Columns the scenario lists are checked against that; columns it leaves
        out are the setup's, without the tokens of such districts (they went to the box when
        their gangster or police came, R-SETUP-5, R-SETUP-11, R-GANGWAR-4, R-POLICE-1)."""
        state = self.state
        kinds = (
            ("gangsters", "gangster", state.war_columns, gangster_token_used, "R-GANGWAR-13"),
            ("police", "police", state.police_columns, police_token_used, "R-POLICE-3"),
        )
        for key, noun, columns, used, rule in kinds:
            districts = state.districts
            if key not in track:
                columns[:] = [
                    [n for n in column if used(districts[n]) is None] for column in columns
                ]
                continue
            path = ("time_track", key)
            listed: list[list[int]] = track[key]
            if len(listed) != len(columns):
                self.fail(
                    f"in Act {self.start.act} the time track holds {len(columns)} column(s) of "
                    f"{noun} district tokens: {len(listed)} listed (R-BOARD-13, R-GANGWAR-11, "
                    "R-POLICE-2)",
                    *path,
                )
            where: dict[int, int] = {}
            for c, (column, seeded) in enumerate(zip(listed, columns, strict=True)):
                if len(column) > len(seeded):
                    self.fail(
                        f"this column of the time track holds at most {len(seeded)} tokens "
                        "(R-BOARD-13)",
                        *path,
                        c,
                    )
                for i, number in enumerate(column):
                    if number in where:
                        self.fail(
                            f"district {number}'s token is already in column {where[number] + 1}: "
                            f"each district has one {noun} district token (R-COMP-4/6, {rule})",
                            *path,
                            c,
                            i,
                        )
                    where[number] = c
                    reason = used(districts[number])
                    if reason is not None:
                        what = (
                            "receives a gangster" if key == "gangsters" else "gets a police figure"
                        )
                        self.fail(
                            f"district {number} {reason}; every district {what} exactly once, "
                            f"so its token is not on the time track ({rule})",
                            *path,
                            c,
                            i,
                        )
            columns[:] = [list(column) for column in listed]

    def _goals(self, goals: Mapping[str, Any]) -> None:
        """The goal tiles in play: five in Central Park, spaces 1-5 left to right (R-SETUP-17:
        two of back A, two of B, one of C, all numbers different, DISC-1), and one per area
        (R-SETUP-16: all numbers different); every other tile is in the box. The fixed goals
        are always in play (R-BOOKS-2)."""
        state, catalog = self.state, self.catalog
        if "central_park" in goals:
            path = ("goals", "central_park")
            listed = goals["central_park"]
            family = catalog.goal_families["central_park"]
            backs = [letter for letter, n in family.in_play_by_letter.items() for _ in range(n)]
            if len(listed) != len(backs):
                self.fail(f"Central Park holds {len(backs)} goal tiles (R-SETUP-17)", *path)
            known = {g.id: g for g in catalog.central_park_goals}
            self._goal_tiles(listed, known, path, "R-SETUP-17, DISC-1")
            for i, (tile, back) in enumerate(zip(listed, backs, strict=True)):
                if known[tile].letter != back:
                    self.fail(
                        f"space {i + 1} of Central Park takes a tile with back {back}, and "
                        f"{tile!r} has back {known[tile].letter} (R-SETUP-17)",
                        *path,
                        i,
                    )
            state.central_park_goals = list(listed)
        if "areas" in goals:
            areas = _in_order(goals["areas"], Area)
            known = {g.id: g for g in catalog.area_goals}
            tiles = [tile for _, tile in areas]
            self._goal_tiles(tiles, known, ("goals", "areas"), "R-SETUP-16", [a for a, _ in areas])
            state.area_goals = {Area(area): tile for area, tile in areas}
        in_play = {*state.central_park_goals, *state.area_goals.values()}
        books = state.books
        state.books = {
            goal.id: books.get(goal.id, [None] * goal.book_spaces)
            for goal in catalog.goals
            if goal.family not in ("area", "central_park") or goal.id in in_play
        }

    def _goal_tiles(
        self,
        tiles: Sequence[str],
        known: Mapping[str, Any],
        path: tuple[str, ...],
        rule: str,
        keys: Sequence[str | int] | None = None,
    ) -> None:
        """Each tile is one of ``known``, listed once, with a number none before it has."""
        numbers: dict[int | None, str] = {}
        for i, tile in enumerate(tiles):
            key = keys[i] if keys is not None else i
            if tile not in known:
                self.fail(
                    f"no such goal tile {tile!r} (R-COMP-7; known: {', '.join(known)})", *path, key
                )
            number = known[tile].number
            if number in numbers:
                what = (
                    "is listed twice"
                    if numbers[number] == tile
                    else f"has the number of {numbers[number]!r}"
                )
                self.fail(
                    f"{tile!r} {what}: the tiles in play all have different numbers ({rule})",
                    *path,
                    key,
                )
            numbers[number] = tile

    def _gangster_deck(self, tiles: list[str]) -> None:
        act = self.start.act
        if act == 4:
            self.fail("there is no gang war in Act 4 (R-ACT-2)", "gangster_deck")
        letter = deck_letter(self.catalog, act)
        allowed = {t.id for t in self.catalog.gangster_deck(letter)}
        for i, tile in enumerate(tiles):
            if tile not in allowed:
                self.fail(f"{tile!r} is not in the Act {act} deck {letter}", "gangster_deck", i)
        self.state.gangster_decks[letter] = list(tiles)

    # ------------------------------------------------------------------ players
    def _player(self, colour: Colour, spec: Mapping[str, Any]) -> None:
        state, player = self.state, self.state.players[colour]
        path = ("player", colour.value)
        for key in ("pocket", "distillery_barrels"):
            if key in spec:
                if key == "distillery_barrels":
                    self._supply_barrels(spec[key] - player.distillery_barrels, *path, key)
                setattr(player, key, int(spec[key]))
        if "safe" in spec:  # stated by the scenario: its record starts there (R-MONEY-1)
            start_safe(player, int(spec["safe"]))
        if "levels" in spec:
            for track, level in _in_order(spec["levels"], Track):
                player.levels[Track(track)] = int(level)
            for space in list(player.notoriety_mafiosi):  # R-NOTOR-4
                if space <= player.notoriety:
                    player.notoriety_mafiosi.remove(space)
                    player.mafiosi += 1
        if "goons" in spec:
            limit = len(self.catalog.operations_board.goon_costs)
            change = spec["goons"] - player.goons
            if spec["goons"] > limit or change > state.supply_goons:
                self.fail(f"at most {limit} goons, and only from the supply (R-GOON-1)", *path)
            state.supply_goons -= change
            player.goons = spec["goons"]
        if "leverage_tokens" in spec:
            change = spec["leverage_tokens"] - player.leverage_tokens
            if change > state.supply_leverage:
                self.fail(
                    "not enough leverage tokens in the supply (R-COMP-8, R-COMP-11)",
                    *path,
                    "leverage_tokens",
                )
            state.supply_leverage -= change
            player.leverage_tokens = spec["leverage_tokens"]
        if "books" in spec:
            change = spec["books"] - player.books
            if change > player.books_supply:
                self.fail(
                    f"{colour} has only {player.books + player.books_supply} books (R-BOOKS-1)",
                    *path,
                    "books",
                )
            player.books_supply -= change
            player.books = spec["books"]
        if "vip" in spec:
            change = spec["vip"] - player.vip
            if spec["vip"] > self.catalog.operations_board.vip_spaces or change > player.mafiosi:
                self.fail(
                    "the VIP area is too small or the mafiosi supply is empty "
                    "(R-MAFIOSO-1, GAP-21)",
                    *path,
                    "vip",
                )
            player.mafiosi -= change
            player.vip = spec["vip"]
        if "mafiosi_lost" in spec:
            change = spec["mafiosi_lost"] - player.mafiosi_lost
            if change > player.mafiosi:
                self.fail(
                    f"{colour} has only {player.mafiosi} mafiosi in the supply (R-GANGWAR-8)",
                    *path,
                    "mafiosi_lost",
                )
            player.mafiosi -= change
            player.mafiosi_lost = spec["mafiosi_lost"]
        player.free_help_tiles = [str(t) for t in spec.get("free_help_tiles", ())]  # R-PARTNER-6
        if "partner" in spec:
            self._partner(player, spec, path)
        for i, crate in enumerate(spec.get("crates", ())):
            if not self._take_crate(crate):
                self.fail(
                    f"crate {crate!r} is not in the crate stack (R-COMP-8)", *path, "crates", i
                )
            player.crates.append(crate)
        for key, held in (("helpers", player.helpers), ("helpers_used", player.helpers_used)):
            for i, helper in enumerate(spec.get(key, ())):
                if not self._take_helper(helper):
                    self.fail(f"helper card {helper!r} is not available (R-COMP-9)", *path, key, i)
                held.append(helper)
        for i, card in enumerate(spec.get("hand", ())):  # every listed hand went back first
            self._take_card(card, *path, "hand", i)
            player.hand.append(card)
        for track, card in _in_order(spec.get("slots", {}), Track):
            self._take_card(card, *path, "slots", track)
            kind = self.catalog.card(card).type
            if kind != track:  # each slot holds a card of its own type (R-CARD-3)
                self.fail(
                    f"{card!r} is a {kind} card, not a {track} card (R-CARD-3)",
                    *path,
                    "slots",
                    track,
                )
            player.slots[Track(track)] = card
        for i, truck_spec in enumerate(spec.get("trucks", ())):
            truck = player.trucks[i]
            if "district" in truck_spec:  # closed districts too (R-CLOSED-2)
                truck.district = truck_spec["district"]
            if "barrels" in truck_spec:
                self._supply_barrels(truck_spec["barrels"] - truck.barrels, *path, "trucks", i)
                truck.barrels = truck_spec["barrels"]
        for area, value in _in_order(spec.get("area_control", {}), Area):
            player.area_control[Area(area)] = value

    def _supply_barrels(self, taken: int, *path: str | int) -> None:
        if taken > self.state.supply_barrels:
            self.fail(
                f"not enough barrels in the supply: the game has {self._total('barrels')} "
                "(R-COMP-8, R-COMP-11)",
                *path,
            )
        self.state.supply_barrels -= taken

    def _take_crate(self, crate: str) -> bool:
        state = self.state
        if crate in state.crate_stack:
            state.crate_stack.remove(crate)
            return True
        for ship in state.ships:
            if ship.crate == crate:
                ship.crate = state.crate_stack.pop(0) if state.crate_stack else None
                return True
        return False

    def _take_helper(self, helper: str) -> bool:
        state = self.state
        if helper in state.helper_deck:
            state.helper_deck.remove(helper)
            return True
        if helper in state.helper_offer:
            i = state.helper_offer.index(helper)
            if state.helper_deck:
                state.helper_offer[i] = state.helper_deck.pop(0)
            else:
                state.helper_offer.pop(i)
            return True
        return False

    def _return_cards(self, players: Sequence[tuple[str, Any]]) -> None:
        """Every hand and slot the scenario lists goes back to its deck before any is dealt:
        a card of one player's setup hand may be in another player's hand or slot. Operation
        cards are only ever in the decks, the hands and the slots (R-CARD-3/5/6)."""
        for colour, spec in players:
            player = self.state.players[Colour(colour)]
            if "hand" in spec:
                for card in player.hand:
                    self._return_card(card)
                player.hand = []
            for track, _ in _in_order(spec.get("slots", {}), Track):
                old = player.slots.get(Track(track))
                if old:
                    self._return_card(old)
                player.slots[Track(track)] = None

    def _take_card(self, card: str, *path: str | int) -> None:
        for deck in self.state.operation_decks.values():
            if card in deck:
                deck.remove(card)
                return
        for colour, player in self.state.players.items():
            if card in player.hand:
                self.fail(f"operation card {card!r} is already in {colour}'s hand", *path)
            for track, slotted in player.slots.items():
                if slotted == card:
                    self.fail(
                        f"operation card {card!r} is already in {colour}'s {track} slot", *path
                    )
        self.fail(f"no operation card {card!r}", *path)

    def _return_card(self, card: str) -> None:
        self.state.operation_decks[Track(self.catalog.card(card).type)].append(card)

    def _lost_pieces(self, colour: Colour, spec: Mapping[str, Any]) -> None:
        """Operations-board pieces removed from the game (R-UPGRADE-1, R-GANGWAR-8)."""
        player = self.state.players[colour]
        for i, piece in enumerate(spec.get("lost_pieces", ())):
            if piece not in player.board_pieces:
                self.fail(
                    f"{colour} has no piece {piece!r} on the operations board",
                    "player",
                    colour.value,
                    "lost_pieces",
                    i,
                )
            player.board_pieces.remove(piece)
            player.lost_pieces.append(piece)

    def _partner(self, player: Player, spec: Mapping[str, Any], path: tuple[str, ...]) -> None:
        """The partner tile on the operations board, the alliance marker in the district it
        came from (R-ALLY-2) and whether its once-per-game free help is spent (R-PARTNER-6)."""
        tile = spec["partner"]
        if tile not in {g.id for g in self.catalog.gangsters}:
            self.fail(f"no gangster tile {tile!r} (R-COMP-5)", *path, "partner")
        self._take_gangster(tile, *path, "partner")
        districts = self.state.districts
        # with map = "setup" the tile may lie on the gangster board: the alliance takes it
        # from there, and the marker goes to its district unless the scenario says otherwise
        came_from = next((n for n, d in districts.items() if d.gangster == tile), None)
        if came_from is not None:
            districts[came_from].gangster = None
        number = spec.get("partner_district", came_from)
        if number is not None:
            district = districts[number]
            if district.closed:
                self.fail(
                    "no gangster ever arrives in a closed district (R-CLOSED-3)",
                    *path,
                    "partner_district",
                )
            if district.gangster is not None:
                self.fail(
                    f"district {number} holds gangster tile {district.gangster!r}; the alliance "
                    "marker stands where the partner's tile was taken from (R-ALLY-2)",
                    *path,
                    "partner_district",
                )
            district.had_gangster = True
        player.partner, player.partner_district = tile, number
        player.partner_free_used = bool(spec.get("partner_free_used", False))
        if player.partner_free_used and tile not in player.free_help_tiles:
            player.free_help_tiles.append(tile)  # spent for good with this tile (R-PARTNER-6)

    def _capos(self, start: Start) -> None:
        """R-CAPO-1..4: a game starting after an act's capo return holds that act's capos (the
        flow returns capos only at the start of an act it plays from its first round)."""
        late = start.phase in ("luciano", "final") or (start.phase == "rounds" and start.round > 1)
        if start.act == 1 or not late:
            return
        keep = self.catalog.setup.acts.capos[start.act - 1]
        total = self.catalog.components.count("capos")
        for player in self.state.players.values():
            player.capos, player.capos_boxed = keep, total - keep

    # ------------------------------------------------------------------ exact positions
    def _arranged(
        self, now: Sequence[str], listed: Sequence[str], what: str, *path: str | int
    ) -> list[str]:
        """``listed``, which must hold exactly the components ``now`` holds (in any order):
        each component is in one place (R-COMP)."""
        left = Counter(now)
        for i, item in enumerate(listed):
            if left[item] <= 0:
                self.fail(
                    f"{what} {item!r} is not available here (it is elsewhere, listed twice or "
                    "not in this game)",
                    *path,
                    i,
                )
            left[item] -= 1
        missing = sorted(left.elements())
        if missing:
            self.fail(
                f"{what}(s) {', '.join(map(repr, missing[:5]))} missing: every component is "
                "in one place (R-COMP)",
                *path,
            )
        return list(listed)

    def _persons(self, players: Sequence[tuple[str, Any]]) -> None:
        """Capos on persons this act (R-TURN-3/4, R-CAPO-5) and in the Restaurant
        (R-LOC-GEN-1), taken from their owners' operations boards; ``capos`` and
        ``capos_boxed`` say what is left on the board and in the box (R-CAPO-1..4)."""
        state, data = self.state, self.data
        placed: Counter[Colour] = Counter()
        last: dict[Colour, tuple[str | int, ...]] = {}  # each colour's last capo placed, if any
        for i, spec in enumerate(data.get("persons", ())):
            path = ("persons", i)
            location = self.catalog.locations.get(spec["location"])
            if location is None or location.unlimited:
                known = ", ".join(
                    sorted(k for k, loc in self.catalog.locations.items() if not loc.unlimited)
                )
                self.fail(f"no location with persons named so ({known})", *path, "location")
            index = int(spec["person"]) - 1
            people = persons_in_play(self.ctx, location)
            if location.id != CENTRAL_PARK and index not in {p.index for p in people}:
                self.fail(
                    f"{location.name} has {len(people)} person(s) in this game (R-LOC-GEN-6)",
                    *path,
                    "person",
                )
            if location.id == CENTRAL_PARK and index >= len(people):
                self.fail(f"Central Park has {len(people)} person(s) here", *path, "person")
            key = f"{location.id}:{index}"
            if key in state.persons:
                self.fail(
                    f"{state.persons[key]}'s capo already talks to this person (R-TURN-4)", *path
                )
            owner = Colour(spec["owner"])
            if owner not in state.players:
                self.fail(f"{owner} is not seated", *path, "owner")
            state.persons[key] = owner
            placed[owner] += 1
            last[owner] = path
        for i, colour in enumerate(data.get("restaurant", ())):
            owner = Colour(colour)
            if owner not in state.players:
                self.fail(f"{owner} is not seated", "restaurant", i)
            state.restaurant.append(owner)
            placed[owner] += 1
            last[owner] = ("restaurant", i)
        total = self.catalog.components.count("capos")
        specs = dict(players)
        for colour, player in state.players.items():
            spec = specs.get(colour.value, {})
            # the field at fault: what the player's table says, else the capo placed last
            said = next((k for k in ("capos", "capos_boxed") if k in spec), None)
            where: tuple[str | int, ...] = (
                ("player", colour.value, said)
                if said is not None
                else last.get(colour, ("player", colour.value))
            )
            if "capos_boxed" in spec:
                player.capos_boxed = int(spec["capos_boxed"])
            if "capos" in spec:
                player.capos = int(spec["capos"])
            else:
                player.capos -= placed[colour]
            if player.capos < 0 or player.capos + player.capos_boxed + placed[colour] != total:
                self.fail(
                    f"{colour} has {total} capos: on the operations board ({player.capos}), "
                    f"on persons and in the Restaurant ({placed[colour]}) and in the box "
                    f"({player.capos_boxed}) (R-CAPO-1..4)",
                    *where,
                )

    def _decks(self, decks: Mapping[str, Any]) -> None:
        """The decks and stacks in order, top first: each holds exactly what is left of it
        once the scenario's hands, slots, helpers and crates are dealt (R-COMP); the gangster
        decks hold tiles of their own act not on the map or a partner space (R-GANGWAR-1)."""
        state = self.state
        for track, cards in _in_order({k: v for k, v in decks.items() if k in set(Track)}, Track):
            deck = state.operation_decks.get(Track(track))
            if deck is None:
                self.fail(f"there is no {track} deck", "decks", track)
            state.operation_decks[Track(track)] = self._arranged(
                deck, cards, "operation card", "decks", track
            )
        offers = self.data.get("offers", {})
        if "helpers" in decks or "helpers" in offers:
            pool = state.helper_deck + state.helper_offer
            offer = offers.get("helpers", state.helper_offer)
            left = Counter(pool)
            left.subtract(offer)
            deck = decks.get("helpers")
            if deck is None:  # the deck keeps its order; cards taken for the offer leave it
                deck = []
                for card in pool:
                    if left[card] > 0:
                        deck.append(card)
                        left[card] -= 1
            where = ("offers", "helpers") if "helpers" in offers else ("decks", "helpers")
            self._arranged(pool, [*offer, *deck], "helper card", *where)
            state.helper_offer, state.helper_deck = list(offer), list(deck)
        if "crates" in decks:
            state.crate_stack = self._arranged(
                state.crate_stack, decks["crates"], "crate", "decks", "crates"
            )
        for letter, tiles in sorted(decks.get("gangsters", {}).items()):
            path = ("decks", "gangsters", letter)
            if letter not in self.catalog.gangster_decks:
                self.fail(f"no gangster deck {letter!r}", *path)
            if letter == self._act_letter() and "gangster_deck" in self.data:
                self.fail("the act's gangster deck is given twice (also gangster_deck)", *path)
            allowed = {t.id for t in self.catalog.gangster_deck(letter)}
            placed = {d.gangster for d in state.districts.values()} | {
                p.partner for p in state.players.values()
            }
            seen: set[str] = set()
            for i, tile in enumerate(tiles):
                if tile not in allowed or tile in placed or tile in seen:
                    self.fail(
                        f"{tile!r} is not a tile of deck {letter} left to draw (R-GANGWAR-1, "
                        "R-COMP-5)",
                        *path,
                        i,
                    )
                seen.add(tile)
            state.gangster_decks[letter] = list(tiles)

    def _act_letter(self) -> str | None:
        act = self.start.act
        return deck_letter(self.catalog, act) if act <= 3 else None

    def _city_tokens(self, players: Sequence[tuple[str, Any]]) -> None:
        """City tokens where the scenario lists them: on the map's spaces, on players'
        boards (``city_tokens``; ``played_tokens``: played this turn, R-CITY-5) and in the
        offer's three columns (R-BOARD-10, R-SETUP-15). Listed tokens are taken from where the
        setup put them; tokens displaced from a listed place and listed nowhere join the
        offer's first face-down stack, unless that too is listed. Every token is in one place
        (R-COMP)."""
        state, data = self.state, self.data
        offer, offers = state.city_offer, data.get("offers", {})
        # every place: (its tokens, listed or not, slots keep their length, path)
        places: list[tuple[list[str | None], bool, bool, tuple[str | int, ...]]] = []
        for number, district in sorted(state.districts.items()):
            spec = data.get("districts", {}).get(str(number), {})
            tokens = [sp.city_token for sp in district.spaces]
            path: tuple[str | int, ...] = ("districts", str(number), "city_tokens")
            if "city_tokens" in spec:
                listed = spec["city_tokens"]
                if len(listed) != len(tokens):
                    self.fail(f"district {number} has {len(tokens)} spaces (GEO-2)", *path)
                for i, token in enumerate(listed):
                    if token and district.spaces[i].building is not None:
                        self.fail(
                            "a building stands here: its city token went to the builder "
                            "(R-BUILD-2)",
                            *path,
                            i,
                        )
                tokens = [t or None for t in listed]
            places.append((tokens, "city_tokens" in spec, True, path))
        specs = dict(players)
        for colour, player in state.players.items():
            spec = specs.get(colour.value, {})
            for key in ("city_tokens", "played_tokens"):
                held: list[str | None] = list(spec.get(key, getattr(player, key)))
                places.append((held, key in spec, False, ("player", colour.value, key)))
        for column in ("left", "middle"):
            key = f"city_{column}"
            stacks = offers.get(key, getattr(offer, column))
            for i, stack in enumerate(stacks):
                places.append((list(stack), key in offers, False, ("offers", key, i)))
        right: list[str | None] = [t or None for t in offers.get("city_right", offer.right)]
        places.append((right, "city_right" in offers, True, ("offers", "city_right")))
        before = Counter(self._all_tokens())
        listed_count: Counter[str] = Counter()
        for tokens, listed, _, path in places:
            if not listed:
                continue
            for i, token in enumerate(tokens):
                if token is None:
                    continue
                listed_count[token] += 1
                if listed_count[token] > before[token]:
                    self.fail(
                        f"city token {token!r} is listed more often than the game has it (R-COMP)",
                        *path,
                        i,
                    )
        allowance = before - listed_count
        for tokens, listed, slots, _ in places:
            if listed:
                continue
            for i, token in enumerate(tokens):
                if token is None:
                    continue
                if allowance[token] > 0:
                    allowance[token] -= 1
                else:
                    tokens[i] = None
            if not slots:
                tokens[:] = [t for t in tokens if t is not None]
        leftover = sorted(allowance.elements())
        if leftover:
            overflow = next((p for p in places if p[3][:2] == ("offers", "city_left")), None)
            if overflow is None or overflow[1]:
                self.fail(
                    f"city token(s) {', '.join(map(repr, leftover[:5]))} are in no place: "
                    "every token is on the map, a player's board or the offer (R-COMP)",
                    "offers",
                    "city_left",
                )
            overflow[0].extend(leftover)
        index = 0
        for district in (state.districts[n] for n in sorted(state.districts)):
            tokens = places[index][0]
            for sp, token in zip(district.spaces, tokens, strict=True):
                sp.city_token = token
            index += 1
        for player in state.players.values():
            player.city_tokens = [t for t in places[index][0] if t is not None]
            player.played_tokens = [t for t in places[index + 1][0] if t is not None]
            index += 2
        for column in ("left", "middle"):
            count = len(offers.get(f"city_{column}", getattr(offer, column)))
            setattr(offer, column, [[t for t in p[0] if t] for p in places[index : index + count]])
            index += count
        offer.right = list(places[index][0])

    def _all_tokens(self) -> list[str]:
        state = self.state
        offer = state.city_offer
        found = [sp.city_token for d in state.districts.values() for sp in d.spaces]
        for player in state.players.values():
            found += player.city_tokens + player.played_tokens
        found += [t for stack in offer.left + offer.middle for t in stack] + offer.right
        return [t for t in found if t is not None]

    # ------------------------------------------------------------------ ships and docks
    def _ship(self, i: int, spec: Mapping[str, Any]) -> None:
        state = self.state
        path = ("ships", i)
        ship = next((sh for sh in state.ships if sh.ship == spec["ship"]), None)
        if ship is None:
            known = ", ".join(sh.ship for sh in state.ships)
            self.fail(f"no ship {spec['ship']!r} in this game ({known})", *path, "ship")
        if "port" in spec:
            port = spec["port"]
            if port not in self.board.ports:
                self.fail(f"district {port} has no port (GEO-5)", *path, "port")
            other = next((sh for sh in state.ships if sh.port == port and sh is not ship), None)
            if other is not None:  # swap: two ships never share a port (R-SHIP-1)
                other.port = ship.port
            ship.port = port
        if "removed" in spec:
            spaces = self.catalog.ship(ship.ship).barrel_spaces
            if spec["removed"] > spaces:
                self.fail(f"the ship holds only {spaces} barrels", *path, "removed")
            state.supply_barrels += spec["removed"] - ship.removed
            ship.removed = spec["removed"]
        if "crate" in spec:
            self._ship_crate(ship, spec["crate"], path)

    def _ship_crate(self, ship: Ship, crate: str | bool, path: tuple[str | int, ...]) -> None:
        state = self.state
        if ship.crate is not None:
            state.crate_stack.insert(0, ship.crate)
            ship.crate = None
        if crate is False:
            return
        if crate is True or not self._take_crate(str(crate)):
            self.fail(f"crate {crate!r} is not available", *path, "crate")
        ship.crate = str(crate)

    def _book(self, i: int, spec: Mapping[str, Any]) -> None:
        """A book cooked on a goal: from the owner's book supply onto the goal's space."""
        path = ("books", i)
        goal, owner = str(spec["goal"]), Colour(spec["owner"])
        spaces = self.state.books.get(goal)
        if spaces is None:
            in_play = ", ".join(sorted(self.state.books))
            self.fail(f"goal {goal!r} is not in play in this game ({in_play})", *path, "goal")
        index = int(spec["space"]) - 1
        if index >= len(spaces):
            self.fail(f"{goal} has {len(spaces)} book spaces", *path, "space")
        if spaces[index] is not None:
            self.fail(f"space {index + 1} of {goal} already holds a book", *path, "space")
        if owner in spaces:
            self.fail(f"{owner} already has a book on {goal} (R-BOOKS-3)", *path, "owner")
        player = self.state.players.get(owner)
        if player is None:
            self.fail(f"{owner} is not seated", *path, "owner")
        if player.books_supply == 0:
            self.fail(f"{owner} has no book left in the supply (R-BOOKS-1)", *path, "owner")
        player.books_supply -= 1
        spaces[index] = owner

    def _docks(self, docks: Mapping[str, list[str | bool]]) -> None:
        state = self.state
        for area_name, colours in _in_order(docks, Area):
            area = Area(area_name)
            row = state.docks[area]
            for colour in row:  # mafiosi already there go back to their supply
                if colour is not None:
                    state.players[colour].mafiosi += 1
            if len(colours) > len(row):
                self.fail(f"the {area_name} docks have {len(row)} spaces", "docks", area_name)
            spaces = [None if c is False else Colour(str(c)) for c in colours]  # false: empty
            for i, colour in enumerate(spaces):
                if colour is None:
                    continue
                player = state.players.get(colour)
                if player is None or player.mafiosi == 0:
                    self.fail(f"{colour} has no mafioso to place", "docks", area_name, i)
                player.mafiosi -= 1
            state.docks[area] = spaces + [None] * (len(row) - len(spaces))


def _in_order(table: Mapping[str, Any], kind: type[StrEnum]) -> list[tuple[str, Any]]:
    """The entries of ``table`` (keyed by the values of ``kind``) in ``kind``'s order, whatever
    the order of the table: JSON and TOML tables are unordered."""
    rank = {member.value: i for i, member in enumerate(kind)}
    return sorted(table.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0]))


def _spaces(count: int) -> list[BuildingSpace]:
    return [BuildingSpace() for _ in range(count)]
