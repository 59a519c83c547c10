"""Loading the catalog: each family's TOML file read, validated and cross-checked (R-COMP-*).

:func:`load_catalog` reads every file of ``data/catalog/`` (or a user's corrected copy) into the
frozen dataclasses of :mod:`speakeasy.games.speakeasy.model.catalog.setup`,
:mod:`~speakeasy.games.speakeasy.model.catalog.pieces` and
:mod:`~speakeasy.games.speakeasy.model.catalog.boards`, checks the counts against
``components.toml`` and raises
:class:`~speakeasy.tools.errors.DataError` naming the file, the entry and the problem.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from pathlib import Path
from typing import Final

from speakeasy.games.speakeasy.model.catalog.base import FrozenMap
from speakeasy.games.speakeasy.model.catalog.boards import (
    BuildingGroup,
    BuildingSpace,
    Docks,
    DocksRow,
    LevelTable,
    Location,
    LocationRow,
    NotorietyReward,
    NotorietyTrack,
    OperationsBoard,
    PayoutTable,
    PremiumBuilding,
    PricePoint,
    Scoring,
    Ship,
    TurnOrderLayout,
    TurnOrderTrack,
)
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.pieces import (
    CP_LETTERS,
    GANGSTER_LETTERS,
    GOAL_FAMILIES,
    Bottle,
    CityToken,
    Crate,
    CrateCash,
    GangsterDeck,
    GangsterTile,
    Goal,
    GoalFamily,
    HelperCard,
    OperationCard,
    PartnerAbility,
)
from speakeasy.games.speakeasy.model.catalog.reader import (
    Entry,
    Loader,
    check_count,
    non_decreasing,
    unique,
)
from speakeasy.games.speakeasy.model.catalog.setup import (
    ActStructure,
    Component,
    Components,
    GeneralSetup,
    PlayerCountSetup,
    Setup,
    StartingResources,
)
from speakeasy.games.speakeasy.model.effects import (
    AREAS,
    BUILDING_TYPES,
    CRATE_QUANTITIES,
    OPERATIONS,
    TRACKS,
    Effect,
    effects_from_data,
)
from speakeasy.games.speakeasy.model.provenance import Provenance
from speakeasy.tools.errors import DataError
from speakeasy.tools.paths import data_path

#: The shipped data directory (``data/catalog``; ``speakeasy/data/catalog`` in a wheel).
DEFAULT_CATALOG_DIR: Final = data_path("catalog")

_COMPONENT_UNITS: Final = ("game", "colour", "operation type", "goal letter")
_REQUIRED_COMPONENTS: Final = (
    "player_colours",
    "operation_cards",
    "helper_cards",
    "gangster_tiles",
    "crate_tokens",
    "city_tokens",
    "central_park_goal_tiles",
    "area_goal_tiles",
    "smugglers_ships",
    "goons",
    "bars",
    "nightclubs",
    "casinos",
    "distilleries",
    "mafiosi",
    "capos",
)


def _load_components(loader: Loader) -> Components:
    root = loader.open("components.toml")
    items: list[tuple[str, Component]] = []
    entries = root.tables("component", "component")
    for e in entries:
        cid = e.text("id")
        items.append(
            (
                cid,
                Component(
                    cid, e.integer("count", minimum=1), e.text("per", _COMPONENT_UNITS), e.source()
                ),
            )
        )
        e.done()
    unique(zip(entries, (i for i, _ in items), strict=True), "component id")
    root.done()
    comps = Components(FrozenMap(items))
    missing = [c for c in _REQUIRED_COMPONENTS if c not in comps.items]
    if missing:
        raise root.error(f"missing component(s): {', '.join(missing)}")
    return comps


def _load_setup(loader: Loader) -> Setup:
    root = loader.open("setup.toml")
    s = root.table("start", "start")
    start = StartingResources(
        pocket=s.integer("pocket"),
        safe=s.integer("safe"),
        notoriety=s.integer("notoriety", minimum=1),
        operation_level=s.integer("operation_level", minimum=1),
        strength_level=s.integer("strength_level", minimum=1),
        goons=s.integer("goons"),
        trucks=s.integer("trucks"),
        cards_per_type=s.integer("cards_per_type"),
        source=s.source(),
    )
    s.done()
    a = root.table("acts", "acts")
    acts = ActStructure(a.integers("rounds", minimum=1), a.integers("capos", minimum=1), a.source())
    if len(acts.rounds) != len(acts.capos):
        raise a.error("fields 'rounds' and 'capos' must list the same number of acts")
    a.done()
    g = root.table("general", "general")
    general = GeneralSetup(
        helper_offer=g.integer("helper_offer"),
        city_offer_right_column=g.integer("city_offer_right_column"),
        city_token_stacks=g.integer("city_token_stacks"),
        police_at_start=g.integer("police_at_start"),
        police_per_wave=g.integer("police_per_wave"),
        source=g.source(),
    )
    g.done()
    counts: list[tuple[int, PlayerCountSetup]] = []
    entries = root.tables("players", "player count", key="players")
    for e in entries:
        pc = PlayerCountSetup(
            players=e.integer("players", minimum=1),
            board_side=e.text("board_side", ("1-2", "3-4")),
            closed_districts=e.str_keyed("closed_districts", AREAS),
            setup_gangsters=e.integer("setup_gangsters"),
            war_districts=e.integers("war_districts", length=3),
            casino_income=e.integer("casino_income"),
            docks_mafiosi_at_setup=e.integer("docks_mafiosi_at_setup"),
            source=e.source(),
        )
        e.done()
        counts.append((pc.players, pc))
    if not counts:
        raise root.error("no [[players]] entries")
    unique(zip(entries, (p for p, _ in counts), strict=True), "player count")
    root.done()
    return Setup(start, acts, general, FrozenMap(sorted(counts, key=lambda kv: kv[0])))


def _load_operation_cards(
    loader: Loader, comps: Components
) -> tuple[tuple[OperationCard, ...], FrozenMap[str, Effect]]:
    root = loader.open("operation_cards.toml")
    a = root.table("actions", "card actions")
    actions = FrozenMap((t, a.effect(t)) for t in OPERATIONS)
    a.source()
    a.done()
    cards: list[OperationCard] = []
    entries = root.tables("card", "operation card")
    for e in entries:
        ctype = e.text("type", OPERATIONS)
        cards.append(
            OperationCard(
                id=e.text("id"),
                type=ctype,
                reward=e.effects("reward"),
                action=actions[ctype],
                leverage=e.integer("leverage"),
                source=e.source(),
            )
        )
        e.done()
    unique(zip(entries, (c.id for c in cards), strict=True), "card id")
    per_type = comps.count("operation_cards")
    for t in OPERATIONS:
        found = sum(c.type == t for c in cards)
        check_count(root, f"{t} cards", found, per_type, "R-COMP-9")
    root.done()
    return tuple(cards), actions


def _load_scoring(loader: Loader) -> Scoring:
    root = loader.open("scoring.toml")
    b = root.table("buildings", "building values")
    values = FrozenMap((t, b.integer(t, minimum=0)) for t in BUILDING_TYPES)
    bsrc = b.source()
    b.done()
    bt = root.table("bottles", "bottle values")
    bottle_values = bt.integers("values", minimum=1)
    btsrc = bt.source()
    bt.done()
    t = root.table("tie_breakers", "tie breakers")
    order = t.texts("order")
    tsrc = t.source()
    t.done()
    root.done()
    return Scoring(values, bsrc, bottle_values, btsrc, order, tsrc)


def _load_helpers(
    loader: Loader, comps: Components, scoring: Scoring
) -> tuple[tuple[HelperCard, ...], tuple[Bottle, ...]]:
    root = loader.open("helper_cards.toml")
    raw: list[tuple[Entry, str, tuple[Effect, ...], Provenance]] = []
    entries = root.tables("card", "helper card")
    for e in entries:
        raw.append((e, e.text("id"), e.effects("effect"), e.source()))
        e.done()
    unique(((e, i) for e, i, _, _ in raw), "helper card id")
    check_count(root, "helper cards", len(raw), comps.total("helper_cards"), "R-COMP-9")
    ids = {i for _, i, _, _ in raw}
    bottles: list[Bottle] = []
    owner: dict[str, Bottle] = {}
    b_entries = root.tables("bottle", "bottle")
    for e in b_entries:
        bottle = Bottle(
            e.text("id"),
            e.integer("value", minimum=1),
            e.texts("cards"),
            e.source(),
        )
        if bottle.value not in scoring.bottle_values:
            raise e.error(
                f"field 'value': {bottle.value} is not a bottle value "
                f"({', '.join(map(str, scoring.bottle_values))}, R-HELPER-4)"
            )
        for card in bottle.cards:
            if card not in ids:
                raise e.error(f"field 'cards': no helper card {card!r}")
            if card in owner:
                raise e.error(f"field 'cards': {card!r} already has bottle {owner[card].id!r}")
            owner[card] = bottle
        e.done()
        bottles.append(bottle)
    unique(zip(b_entries, (b.id for b in bottles), strict=True), "bottle id")
    for e, i, _, _ in raw:
        if i not in owner:
            raise e.error("no [[bottle]] lists this card (every helper card has a bottle)")
    root.done()
    helpers = tuple(HelperCard(i, eff, owner[i].id, owner[i].value, src) for _, i, eff, src in raw)
    return helpers, tuple(bottles)


def _load_gangsters(
    loader: Loader, comps: Components
) -> tuple[FrozenMap[str, GangsterDeck], FrozenMap[str, PartnerAbility], tuple[GangsterTile, ...]]:
    root = loader.open("gangsters.toml")
    decks: list[GangsterDeck] = []
    d_entries = root.tables("deck", "gangster deck", key="letter")
    for e in d_entries:
        ws = e.integers("war_strength", length=2) if "war_strength" in e.data else None
        deck = GangsterDeck(
            e.text("letter", GANGSTER_LETTERS),
            e.integer("count", minimum=1),
            e.integer("act", minimum=0),
            (ws[0], ws[1]) if ws else None,
            e.source(),
        )
        e.done()
        decks.append(deck)
    unique(zip(d_entries, (d.letter for d in decks), strict=True), "deck letter")
    if {d.letter for d in decks} != set(GANGSTER_LETTERS):
        raise root.error(f"[[deck]] must define decks {', '.join(GANGSTER_LETTERS)} (R-COMP-5)")
    check_count(
        root,
        "gangster tiles in the decks",
        sum(d.count for d in decks),
        comps.total("gangster_tiles"),
        "R-COMP-5",
    )
    abilities: list[PartnerAbility] = []
    a_entries = root.tables("ability", "partner ability")
    for e in a_entries:
        ab = PartnerAbility(
            e.text("id"), e.effects("immediate", []), e.bonuses("lasting", []), e.source()
        )
        if not ab.immediate and not ab.lasting:
            raise e.error("an ability needs 'immediate' effects or 'lasting' bonuses")
        e.done()
        abilities.append(ab)
    unique(zip(a_entries, (a.id for a in abilities), strict=True), "ability id")
    ability_ids = {a.id for a in abilities}
    deck_map = {d.letter: d for d in decks}
    tiles: list[GangsterTile] = []
    t_entries = root.tables("tile", "gangster tile")
    for e in t_entries:
        tile = GangsterTile(
            id=e.text("id"),
            deck=e.text("deck", GANGSTER_LETTERS),
            name=e.text("name"),
            strength=e.integer("strength", minimum=1),
            war_modifier=e.integer("war_modifier"),
            help_cost=e.integer("help_cost"),
            ability=e.optional_text("ability", ability_ids),
            source=e.source(),
        )
        if tile.deck == "D" and tile.ability is not None:
            raise e.error("field 'ability': D gangsters have no ability (R-ALLY-3)")
        if tile.deck != "D" and tile.ability is None:
            raise e.error("missing field 'ability' (A-C gangsters have one, R-ALLY-3)")
        ws_range = deck_map[tile.deck].war_strength
        if ws_range and not ws_range[0] <= tile.war_strength <= ws_range[1]:
            raise e.error(
                f"war strength {tile.war_strength} outside deck {tile.deck}'s range "
                f"{ws_range[0]}-{ws_range[1]} (R-GANGWAR-6)"
            )
        e.done()
        tiles.append(tile)
    unique(zip(t_entries, (t.id for t in tiles), strict=True), "gangster id")
    for d in decks:
        found = sum(t.deck == d.letter for t in tiles)
        check_count(root, f"deck {d.letter} tiles", found, d.count, "R-COMP-5")
    root.done()
    return (
        FrozenMap((d.letter, d) for d in decks),
        FrozenMap((a.id, a) for a in abilities),
        tuple(tiles),
    )


def _load_crates(loader: Loader, comps: Components) -> tuple[Crate, ...]:
    root = loader.open("crates.toml")
    crates: list[Crate] = []
    entries = root.tables("crate", "crate token")
    for e in entries:
        c = e.table("cash", f"{e.entry} cash")
        cash = CrateCash(
            c.text("per", tuple(CRATE_QUANTITIES)),
            c.integer("rate", minimum=1),
            c.optional_integer("cap", minimum=1),
            c.source(),
        )
        c.done()
        crates.append(
            Crate(
                id=e.text("id"),
                number=e.integer("number", minimum=1),
                cash=cash,
                bonus=e.bonus("bonus"),
                golden_rule_breaker=e.flag("golden_rule_breaker", False),
                source=e.source(),
            )
        )
        e.done()
    unique(zip(entries, (c.id for c in crates), strict=True), "crate id")
    unique(zip(entries, (c.number for c in crates), strict=True), "crate number")
    check_count(root, "crate tokens", len(crates), comps.total("crate_tokens"), "R-COMP-8")
    root.done()
    return tuple(crates)


def _load_city_tokens(loader: Loader, comps: Components) -> tuple[CityToken, ...]:
    root = loader.open("city_tokens.toml")
    d = root.table("distribution", "distribution")
    copies = d.integer("copies_each", minimum=1)
    d.source()
    d.done()
    tokens: list[CityToken] = []
    entries = root.tables("token", "city token")
    for e in entries:
        tokens.append(CityToken(e.text("id"), e.effects("effect"), copies, e.source()))
        e.done()
    unique(zip(entries, (t.id for t in tokens), strict=True), "city token id")
    check_count(
        root,
        "city tokens (kinds x copies_each)",
        len(tokens) * copies,
        comps.total("city_tokens"),
        "R-COMP-8",
    )
    root.done()
    return tuple(tokens)


def _load_goal_family(e: Entry, family_id: str) -> GoalFamily:
    by_letter = (
        e.str_keyed("in_play_by_letter", CP_LETTERS)
        if "in_play_by_letter" in e.data
        else FrozenMap[str, int]()
    )
    fam = GoalFamily(
        id=family_id,
        book_spaces=e.integer("book_spaces", minimum=1),
        in_play=e.integer("in_play", minimum=1),
        in_play_by_letter=by_letter,
        payout=e.optional_integer("payout"),
        source=e.source(),
    )
    if by_letter and sum(by_letter.values()) != fam.in_play:
        raise e.error("field 'in_play_by_letter' must add up to 'in_play'")
    e.done()
    return fam


def _load_goals(
    loader: Loader, comps: Components
) -> tuple[FrozenMap[str, GoalFamily], tuple[Goal, ...]]:
    families: dict[str, GoalFamily] = {}
    goals: list[Goal] = []
    entries: list[Entry] = []

    # Central Park tiles
    root = loader.open("central_park_goals.toml")
    fam = _load_goal_family(root.table("family", "family"), "central_park")
    if fam.payout is None:
        raise root.error("the Central Park family needs a 'payout' (R-BOOKS-8)")
    families[fam.id] = fam
    cp_entries = root.tables("tile", "Central Park tile")
    for e in cp_entries:
        goals.append(
            Goal(
                id=e.text("id"),
                family="central_park",
                letter=e.text("letter", CP_LETTERS),
                number=e.integer("number", minimum=1),
                requirement=e.requirement("requirement"),
                payout=fam.payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=e.flag("golden_rule_breaker", False),
                source=e.source(),
            )
        )
        e.done()
    entries += cp_entries
    for letter in CP_LETTERS:
        found = sum(g.letter == letter for g in goals)
        check_count(
            root,
            f"Central Park tiles with back {letter}",
            found,
            comps.count("central_park_goal_tiles"),
            "R-COMP-7",
        )
        if found < fam.in_play_by_letter[letter]:
            raise root.error(f"fewer {letter} tiles than are put in play (R-SETUP-17)")
    root.done()

    # Area tiles
    root = loader.open("area_goals.toml")
    fam = _load_goal_family(root.table("family", "family"), "area")
    if fam.payout is None:
        raise root.error("the area family needs a 'payout' (R-BOOKS-9)")
    families[fam.id] = fam
    area_entries = root.tables("tile", "area goal tile")
    start = len(goals)
    for e in area_entries:
        goals.append(
            Goal(
                id=e.text("id"),
                family="area",
                letter=None,
                number=e.integer("number", minimum=1),
                requirement=e.requirement("requirement"),
                payout=fam.payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=False,
                source=e.source(),
            )
        )
        e.done()
    entries += area_entries
    area = goals[start:]
    check_count(root, "area goal tiles", len(area), comps.total("area_goal_tiles"), "R-COMP-7")
    if len({g.number for g in area}) < fam.in_play:
        raise root.error(
            f"area tiles need at least {fam.in_play} different numbers for setup (R-SETUP-16)"
        )
    root.done()

    # Fixed goals
    root = loader.open("fixed_goals.toml")
    f_entries = root.tables("family", "goal family")
    for e in f_entries:
        fid = e.text("id", ("docks", "city_hall", "notoriety"))
        if fid in families:
            raise e.error(f"duplicate goal family {fid!r}")
        families[fid] = _load_goal_family(e, fid)
    if set(families) != set(GOAL_FAMILIES):
        raise root.error("[[family]] must define docks, city_hall and notoriety (R-BOARD-8)")
    fixed_entries = root.tables("goal", "goal")
    start = len(goals)
    for e in fixed_entries:
        fid = e.text("family", ("docks", "city_hall", "notoriety"))
        fam = families[fid]
        payout = e.optional_integer("payout")
        if payout is None:
            if fam.payout is None:
                raise e.error("missing field 'payout' (the family has no common payout)")
            payout = fam.payout
        elif "payout_source" in e.data:  # where the books state this goal's payout
            e.source("payout_source")
        goals.append(
            Goal(
                id=e.text("id"),
                family=fid,
                letter=None,
                number=None,
                requirement=e.requirement("requirement"),
                payout=payout,
                reward=e.effects("reward"),
                book_spaces=fam.book_spaces,
                golden_rule_breaker=False,
                source=e.source(),
            )
        )
        e.done()
    entries += fixed_entries
    for fid in ("docks", "city_hall", "notoriety"):
        found = sum(g.family == fid for g in goals[start:])
        check_count(root, f"{fid} goals", found, families[fid].in_play, "R-BOARD-8")
    root.done()
    unique(zip(entries, (g.id for g in goals), strict=True), "goal id")
    return FrozenMap((f, families[f]) for f in GOAL_FAMILIES), tuple(goals)


_BOARD_PIECES: Final = {
    "bar": "bars",
    "distillery": "distilleries",
    "nightclub": "nightclubs",
    "casino": "casinos",
}


def _load_operations_board(loader: Loader, comps: Components) -> OperationsBoard:
    root = loader.open("operations_board.toml")
    groups: list[BuildingGroup] = []
    g_entries = root.tables("group", "building group")
    for e in g_entries:
        groups.append(
            BuildingGroup(e.text("id"), e.integer("cost"), e.integer("discount"), e.source())
        )
        e.done()
    unique(zip(g_entries, (g.id for g in groups), strict=True), "group id")
    group_ids = [g.id for g in groups]
    spaces: list[BuildingSpace] = []
    s_entries = root.tables("space", "building space")
    for e in s_entries:
        building = e.text("building", BUILDING_TYPES)
        group = e.optional_text("group", group_ids)
        if (group is None) != (building in ("nightclub", "casino")):
            raise e.error("field 'group': bars and the distillery sit in a group, NC/casino not")
        spaces.append(BuildingSpace(e.text("id"), building, group, e.effects("reward"), e.source()))
        e.done()
    unique(zip(s_entries, (s.id for s in spaces), strict=True), "space id")
    for building, comp in _BOARD_PIECES.items():
        found = sum(s.building == building for s in spaces)
        check_count(root, f"{building} spaces", found, comps.count(comp), "R-COMP-3")
    premium: list[tuple[str, PremiumBuilding]] = []
    p_entries = root.tables("premium", "premium building", key="building")
    for e in p_entries:
        p = PremiumBuilding(
            e.text("building", ("nightclub", "casino")),
            e.integer("cost"),
            e.integer("discards"),
            e.source(),
        )
        e.done()
        premium.append((p.building, p))
    unique(zip(p_entries, (b for b, _ in premium), strict=True), "premium building")
    if {b for b, _ in premium} != {"nightclub", "casino"}:
        raise root.error("[[premium]] must give the nightclub and casino costs (R-BUILD-4)")

    g = root.table("goons", "goon spaces")
    goon_costs = g.integers("costs")
    if not goon_costs or goon_costs[0] != 0 or not non_decreasing(goon_costs):
        raise g.error("field 'costs' must start at $0 and never decrease (R-GOON-1, R-PSETUP-4)")
    goon_src = g.source()
    if "cost_range" in g.data:  # the range both books print ($0 to $5, R-GOON-1)
        low, high = g.integers("cost_range", length=2)
        if not all(low <= cost <= high for cost in goon_costs):
            raise g.error(f"field 'costs' must stay within cost_range ${low}-${high} (R-GOON-1)")
        g.source("cost_range_source")
    g.done()
    v = root.table("vip_area", "VIP area")
    vip_spaces = v.integer("spaces", minimum=1)
    vip_src = v.source()
    v.done()
    c = root.table("city_tokens", "city-token spaces")
    ct_spaces, ct_limit, ct_src = c.integer("spaces"), c.integer("limit"), c.source()
    c.done()
    t = root.table("trucks", "trucks")
    trucks = (t.integer("start"), t.integer("second_at_fleet_level"), t.integer("capacity"))
    truck_src = t.source()
    t.done()

    lv = root.table("levels", "levels")
    levels: list[tuple[str, LevelTable]] = []
    for track in TRACKS:
        e = lv.table(track, f'level table "{track}"')
        values = e.integers("values", minimum=0)
        if len(values) != 5:
            raise e.error(f"field 'values' must give levels 1-5 (5 values), got {len(values)}")
        if not non_decreasing(values):
            raise e.error("field 'values' must never decrease (levels only go up, R-LEVEL-1)")
        levels.append((track, LevelTable(track, e.text("meaning"), values, e.source())))
        e.done()
    lv.done()
    if levels[0][1].values[-1] > vip_spaces:
        raise root.error("VIP capacity exceeds the number of VIP spaces (R-MAFIOSO-2, GAP-21)")
    r = root.table("raise_discards", "raise discards")
    op_d, st_d = r.integers("operation", length=5), r.integers("strength", length=5)
    r_src = r.source()
    r.done()
    root.done()
    return OperationsBoard(
        groups=tuple(groups),
        spaces=tuple(spaces),
        premium=FrozenMap(premium),
        goon_costs=goon_costs,
        goon_source=goon_src,
        vip_spaces=vip_spaces,
        vip_source=vip_src,
        city_token_spaces=ct_spaces,
        city_token_limit=ct_limit,
        city_token_source=ct_src,
        trucks_at_start=trucks[0],
        second_truck_fleet_level=trucks[1],
        truck_capacity=trucks[2],
        truck_source=truck_src,
        levels=FrozenMap(levels),
        operation_raise_discards=op_d,
        strength_raise_discards=st_d,
        raise_discards_source=r_src,
    )


def _load_notoriety(loader: Loader) -> NotorietyTrack:
    root = loader.open("notoriety_track.toml")
    t = root.table("track", "track")
    start, maximum, src = t.integer("start", minimum=1), t.integer("maximum", minimum=1), t.source()
    t.done()
    prices: list[PricePoint] = []
    p_entries = root.tables("price", "price space", key="space")
    for e in p_entries:
        p = PricePoint(
            e.integer("space"),
            e.integer("bar", minimum=1),
            e.integer("premium", minimum=1),
            e.source(),
        )
        if not start <= p.space <= maximum:
            raise e.error(f"field 'space' must be {start}..{maximum}")
        if p.premium <= p.bar:
            raise e.error("field 'premium' must be above the bar price (R-NOTOR-2)")
        e.done()
        prices.append(p)
    unique(zip(p_entries, (p.space for p in prices), strict=True), "price space")
    prices.sort(key=lambda p: p.space)
    if not prices or prices[0].space != start:
        raise root.error(f"the first [[price]] must be at the start space {start}")
    if not (non_decreasing(p.bar for p in prices) and non_decreasing(p.premium for p in prices)):
        raise root.error("barrel prices must never fall along the track")
    rewards: list[NotorietyReward] = []
    r_entries = root.tables("reward", "reward space", key="space")
    for e in r_entries:
        r = NotorietyReward(
            e.integer("space"), e.effects("effect"), e.flag("placed_at_setup", False), e.source()
        )
        if not start < r.space <= maximum:
            raise e.error(f"field 'space' must be {start + 1}..{maximum}")
        e.done()
        rewards.append(r)
    unique(zip(r_entries, (r.space for r in rewards), strict=True), "reward space")
    rewards.sort(key=lambda r: r.space)
    root.done()
    return NotorietyTrack(start, maximum, tuple(prices), tuple(rewards), src)


def _load_turn_order(loader: Loader) -> TurnOrderTrack:
    root = loader.open("turn_order.toml")
    layouts: list[tuple[int, TurnOrderLayout]] = []
    entries = root.tables("layout", "turn-order layout", key="players")
    for e in entries:
        lay = TurnOrderLayout(
            players=e.integer("players", minimum=1),
            columns=e.integer("columns", minimum=1),
            protection_costs=e.integers("protection_costs", minimum=0),
            restaurant_discards=e.integer("restaurant_discards"),
            extra_discard_spaces=e.integers("extra_discard_spaces", minimum=1),
            source=e.source(),
        )
        if len(lay.protection_costs) != lay.columns:
            raise e.error("field 'protection_costs' needs one cost per column")
        if any(s > lay.columns for s in lay.extra_discard_spaces):
            raise e.error("field 'extra_discard_spaces' names a column that does not exist")
        e.done()
        layouts.append((lay.players, lay))
    unique(zip(entries, (p for p, _ in layouts), strict=True), "player count")
    root.done()
    return TurnOrderTrack(FrozenMap(sorted(layouts, key=lambda kv: kv[0])))


def _load_payouts(loader: Loader, max_players: int) -> FrozenMap[str, PayoutTable]:
    root = loader.open("payouts.toml")
    tables: list[tuple[str, PayoutTable]] = []
    entries = root.tables("area", "payout table", key="area")
    ranks = max_players + 1  # every player plus the gangster marker (R-PAYOUT-2)
    for e in entries:
        pt = PayoutTable(e.text("area", AREAS), e.integers("amounts", length=ranks), e.source())
        if not non_decreasing(reversed(pt.amounts)):
            raise e.error("field 'amounts' must not rise with rank")
        e.done()
        tables.append((pt.area, pt))
    unique(zip(entries, (a for a, _ in tables), strict=True), "area")
    if {a for a, _ in tables} != set(AREAS):
        raise root.error(f"need one payout table per area: {', '.join(AREAS)} (R-BOARD-11)")
    root.done()
    return FrozenMap(sorted(tables, key=lambda kv: AREAS.index(kv[0])))


def _load_docks(loader: Loader) -> Docks:
    root = loader.open("docks.toml")
    lay = root.table("layout", "layout")
    areas = lay.texts("areas", AREAS)
    per_row = lay.integer("spaces_per_row", minimum=1)
    rows_expected = lay.integer("rows", minimum=1)
    src = lay.source()
    lay.done()
    rows: list[DocksRow] = []
    entries = root.tables("row", "docks row", key="row")
    for e in entries:
        rows.append(DocksRow(e.integer("row", minimum=1), e.effects("reward"), e.source()))
        e.done()
    unique(zip(entries, (r.row for r in rows), strict=True), "row")
    rows.sort(key=lambda r: r.row)
    check_count(root, "docks rows", len(rows), rows_expected, "R-BOARD-7, R-CRATE-11")
    if [r.row for r in rows] != list(range(1, len(rows) + 1)):
        raise root.error("docks rows must be numbered 1, 2, 3...")
    if set(areas) != set(AREAS):
        raise root.error("the docks have one area per Manhattan area (R-BOARD-7)")
    root.done()
    return Docks(areas, per_row, tuple(rows), src)


def _load_ships(loader: Loader, comps: Components) -> tuple[Ship, ...]:
    root = loader.open("ships.toml")
    t = root.table("track", "track")
    barrels = t.integer("barrel_spaces", minimum=1)
    t.source()
    t.done()
    ships: list[Ship] = []
    entries = root.tables("ship", "smugglers' ship")
    for e in entries:
        ship = Ship(
            e.text("id"),
            e.text("name"),
            e.integers("prices", length=barrels, minimum=1),
            e.integers("defences", length=barrels + 1, minimum=0),
            e.source(),
        )
        if not non_decreasing(ship.defences):
            raise e.error("field 'defences' must rise as barrels are removed (R-SHIP-2)")
        e.done()
        ships.append(ship)
    unique(zip(entries, (s.id for s in ships), strict=True), "ship id")
    check_count(root, "smugglers' ships", len(ships), comps.total("smugglers_ships"), "R-COMP-8")
    root.done()
    return tuple(ships)


def _load_locations(loader: Loader, player_counts: Collection[int]) -> FrozenMap[str, Location]:
    root = loader.open("locations.toml")
    locations: list[Location] = []
    entries = root.tables("location", "location")
    for e in entries:
        lid = e.text("id")
        unlimited = e.flag("unlimited", False)
        counts = FrozenMap[int, int]() if unlimited else e.int_keyed("persons")
        if not unlimited:
            if set(counts) != set(player_counts):
                raise e.error(
                    "field 'persons' must give a count for each player count "
                    f"({', '.join(map(str, player_counts))})"
                )
            if min(counts.values()) < 1:
                raise e.error("field 'persons': every location has at least 1 person (R-LOC-GEN-1)")
        width = 1 if unlimited else max(counts.values())
        rows: list[LocationRow] = []
        for r in e.tables("row", f"{e.entry} row"):
            if ("box" in r.data) == ("persons" in r.data):
                raise r.error("a row has either 'box' actions or per-'persons' actions")
            if "box" in r.data:
                rows.append(LocationRow(True, (r.effects("box"),)))
            else:
                raw = r.take("persons")
                if not isinstance(raw, list) or len(raw) != width:
                    raise r.error(f"field 'persons' must list actions for {width} person(s)")
                per: list[tuple[Effect, ...]] = []
                for p in raw:
                    try:
                        per.append(effects_from_data(p))
                    except ValueError as exc:
                        raise r.error(f"field 'persons': {exc}") from None
                rows.append(LocationRow(False, tuple(per)))
            r.done()
        if not rows:
            raise e.error("missing field 'row' (a location needs at least one row of actions)")
        locations.append(
            Location(
                id=lid,
                name=e.text("name"),
                unlimited=unlimited,
                person_counts=counts,
                rows=tuple(rows),
                source=e.source(),
                layout_source=e.source("layout_source"),
            )
        )
        e.done()
    unique(zip(entries, (loc.id for loc in locations), strict=True), "location id")
    root.done()
    return FrozenMap((loc.id, loc) for loc in locations)


def _read(root: Path) -> Catalog:
    loader = Loader(root)
    comps = _load_components(loader)
    setup = _load_setup(loader)
    cards, actions = _load_operation_cards(loader, comps)
    scoring = _load_scoring(loader)
    helpers, bottles = _load_helpers(loader, comps, scoring)
    decks, abilities, gangsters = _load_gangsters(loader, comps)
    crates = _load_crates(loader, comps)
    tokens = _load_city_tokens(loader, comps)
    families, goals = _load_goals(loader, comps)
    board = _load_operations_board(loader, comps)
    notoriety = _load_notoriety(loader)
    turn_order = _load_turn_order(loader)
    if set(turn_order.layouts) != set(setup.player_counts):
        raise DataError(
            root / "turn_order.toml", "file", "needs one [[layout]] per player count of setup.toml"
        )
    payouts = _load_payouts(loader, max(setup.player_counts))
    docks = _load_docks(loader)
    ships = _load_ships(loader, comps)
    locations = _load_locations(loader, tuple(setup.player_counts))
    return Catalog(
        root=root,
        components=comps,
        setup=setup,
        operation_cards=cards,
        card_actions=actions,
        helper_cards=helpers,
        bottles=bottles,
        gangster_decks=decks,
        partner_abilities=abilities,
        gangsters=gangsters,
        crates=crates,
        city_tokens=tokens,
        goal_families=families,
        goals=goals,
        operations_board=board,
        notoriety=notoriety,
        turn_order=turn_order,
        payouts=payouts,
        docks=docks,
        ships=ships,
        scoring=scoring,
        locations=locations,
        provenance=tuple(loader.records),
    )


@functools.cache
def _default_catalog() -> Catalog:
    return _read(DEFAULT_CATALOG_DIR)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Load and validate every catalog file in ``path`` (default: the shipped data).

    The default catalog is loaded once and cached. Any malformed file raises
    :class:`~speakeasy.tools.errors.DataError` naming the file, the entry and the problem.

    >>> load_catalog() is load_catalog()
    True
    >>> load_catalog().crate(9).bonus.label
    'each truck range +1'
    """
    if path is None:
        return _default_catalog()
    return _read(Path(path))
