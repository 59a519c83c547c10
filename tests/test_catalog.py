"""Behavioural tests of the game-data catalog (``speakeasy.games.speakeasy.model.catalog``,
``data/catalog/``).

Each test names the rule (R-...), example (E...), gap (GAP-...) or discrepancy (DISC-...) IDs of
the rules reference that it checks.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from speakeasy.games.speakeasy.model.board import load_board
from speakeasy.games.speakeasy.model.catalog.base import FrozenMap
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import DEFAULT_CATALOG_DIR, load_catalog
from speakeasy.games.speakeasy.model.catalog.pieces import CP_LETTERS, Goal
from speakeasy.games.speakeasy.model.effects import OPERATIONS, Effect
from speakeasy.games.speakeasy.model.provenance import Provenance
from speakeasy.tools.errors import DataError

#: The rules reference lives beside the repository (``../shared/rules``), as in CI.
RULES_REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "speakeasy-rules.md"


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


def _refs(p: Provenance, prefix: str) -> list[str]:
    return [r for r in p.refs if r.startswith(prefix)]


# --------------------------------------------------------------------------------------------
# Provenance
# --------------------------------------------------------------------------------------------


def test_every_provenance_is_well_formed(cat: Catalog) -> None:
    """Rulebook items cite a rule/example/geometry ID; assumed items cite a GAP or DISC."""
    items = list(cat.provenance_items())
    assert len(items) > 300
    for file, entry, prov in items:
        assert (DEFAULT_CATALOG_DIR / file).is_file(), file
        if prov.is_assumed:
            assert prov.gaps, (file, entry, prov)
        else:
            assert any(not re.match(r"(GAP|DISC)-", r) for r in prov.refs), (file, entry, prov)


def test_every_item_has_provenance(cat: Catalog) -> None:
    """Every card, tile, token, table row and track space appears in provenance_items()."""
    entries: dict[str, set[str]] = {}
    for file, entry, _ in cat.provenance_items():
        entries.setdefault(file, set()).add(entry)
    expected: list[tuple[str, str]] = [
        *(("operation_cards.toml", f'operation card "{c.id}"') for c in cat.operation_cards),
        *(("helper_cards.toml", f'helper card "{h.id}"') for h in cat.helper_cards),
        *(("helper_cards.toml", f'bottle "{b.id}"') for b in cat.bottles),
        *(("gangsters.toml", f'gangster tile "{g.id}"') for g in cat.gangsters),
        *(("gangsters.toml", f'gangster deck "{d}"') for d in cat.gangster_decks),
        *(("gangsters.toml", f'partner ability "{a}"') for a in cat.partner_abilities),
        *(("crates.toml", f'crate token "{c.id}"') for c in cat.crates),
        *(("crates.toml", f'crate token "{c.id}" cash') for c in cat.crates),
        *(("city_tokens.toml", f'city token "{t.id}"') for t in cat.city_tokens),
        ("city_tokens.toml", "distribution"),
        *(
            ("central_park_goals.toml", f'Central Park tile "{g.id}"')
            for g in cat.goals_of("central_park")
        ),
        *(("area_goals.toml", f'area goal tile "{g.id}"') for g in cat.area_goals),
        *(
            ("fixed_goals.toml", f'goal "{g.id}"')
            for f in ("docks", "city_hall", "notoriety")
            for g in cat.goals_of(f)
        ),
        *(
            ("operations_board.toml", f'building space "{s.id}"')
            for s in cat.operations_board.spaces
        ),
        *(("operations_board.toml", f'level table "{t}"') for t in cat.operations_board.levels),
        *(("notoriety_track.toml", f'price space "{p.space}"') for p in cat.notoriety.prices),
        *(("notoriety_track.toml", f'reward space "{r.space}"') for r in cat.notoriety.rewards),
        *(("turn_order.toml", f'turn-order layout "{n}"') for n in cat.turn_order.layouts),
        *(("payouts.toml", f'payout table "{a}"') for a in cat.payouts),
        *(("docks.toml", f'docks row "{r.row}"') for r in cat.docks.rows),
        *(("ships.toml", f'smugglers\' ship "{s.id}"') for s in cat.ships),
        *(("locations.toml", f'location "{loc}"') for loc in cat.locations),
        *(("locations.toml", f'location "{loc}" (layout_source)') for loc in cat.locations),
        *(("components.toml", f'component "{c}"') for c in cat.components.items),
        *(("setup.toml", f'player count "{n}"') for n in cat.setup.player_counts),
    ]
    missing = [(f, e) for f, e in expected if e not in entries.get(f, set())]
    assert not missing
    # every shipped file contributes provenance
    assert set(entries) == {p.name for p in DEFAULT_CATALOG_DIR.glob("*.toml")}


def _reference_ids() -> set[str]:
    text = RULES_REFERENCE.read_text(encoding="utf-8")
    ids: set[str] = set()
    for m in re.finditer(r"\b(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-)(\d+)(?:\.\.(\d+))?", text):
        first, last = int(m.group(2)), int(m.group(3) or m.group(2))
        ids.update(f"{m.group(1)}{n}" for n in range(first, last + 1))
    ids.update(re.findall(r"\b(?:E\d{1,2}|GAP-\d+|DISC-\d+|GEO-\d+|MAP-\d+)\b", text))
    return ids


@pytest.mark.skipif(not RULES_REFERENCE.is_file(), reason="rules reference not available")
def test_cited_ids_exist_in_the_rules_reference(cat: Catalog) -> None:
    """No provenance cites an ID that the rules reference (R-*, E*, GAP-*, DISC-*) lacks."""
    known = _reference_ids()
    cited = {r for _, _, p in cat.provenance_items() for r in p.refs}
    assert cited - known == set()


def test_gap_defaults_cite_their_gap(cat: Catalog) -> None:
    """Families whose printed values are lost cite the GAP whose default they take (§19)."""
    assert all("GAP-9" in c.source.gaps for c in cat.operation_cards)
    assert all("GAP-15" in g.source.gaps for g in cat.gangsters)
    assert all("GAP-16" in c.source.gaps for c in cat.crates)
    assert all("GAP-13" in b.source.gaps for b in cat.bottles)
    assert all("GAP-8" in s.source.gaps for s in cat.ships)
    assert all("GAP-11" in t.source.gaps for t in cat.payouts.values())
    assert all("GAP-7" in r.source.gaps for r in cat.docks.rows)
    assert all("GAP-3" in s.source.gaps for s in cat.operations_board.spaces)
    assert all("GAP-17" in g.source.gaps for g in cat.central_park_goals)
    assert all("GAP-18" in g.source.gaps for g in cat.area_goals)
    assert "GAP-5" in cat.operations_board.goon_source.gaps
    assert "GAP-21" in cat.operations_board.vip_source.gaps
    for track in ("vip", "party", "distillery"):
        assert "GAP-4" in cat.level_table(track).source.gaps
    assert not cat.level_table("fleet").source.is_assumed  # range = fleet level, R-LEVEL-7
    assert "GAP-26" in cat.level_table("strength").source.gaps
    assert "GAP-10" in cat.turn_order.for_players(2).source.gaps
    assert all(
        "GAP-20" in loc.layout_source.gaps
        for loc in cat.locations.values()
        if loc.id not in ("restaurant", "central_park")
    )
    # values stated by the text are rulebook data, citing their example
    price12 = next(p for p in cat.notoriety.prices if p.space == 12)
    assert not price12.source.is_assumed and "E11" in price12.source.refs
    assert all(p.source.is_assumed for p in cat.notoriety.prices if p.space != 12)  # GAP-6
    assert all(not c.cash.source.is_assumed for c in cat.crates)


# --------------------------------------------------------------------------------------------
# Counts (R-COMP-*)
# --------------------------------------------------------------------------------------------


def test_operation_cards_count_r_comp_9(cat: Catalog) -> None:
    """R-COMP-9: 48 operation cards, 12 of each type; ids are unique."""
    assert len(cat.operation_cards) == 48
    assert Counter(c.type for c in cat.operation_cards) == dict.fromkeys(OPERATIONS, 12)
    assert len({c.id for c in cat.operation_cards}) == 48
    assert cat.card("fleet-07").type == "fleet"
    assert len(cat.cards_of("party")) == 12


def test_helper_and_gangster_counts_r_comp_5_9(cat: Catalog) -> None:
    """R-COMP-9: 21 helper cards; R-COMP-5: 20 gangster tiles, A6/B4/C4/D6."""
    assert len(cat.helper_cards) == 21
    assert len(cat.gangsters) == 20
    assert Counter(g.deck for g in cat.gangsters) == {"A": 6, "B": 4, "C": 4, "D": 6}
    assert [len(cat.gangster_deck(x)) for x in "ABCD"] == [6, 4, 4, 6]


def test_token_and_tile_counts_r_comp_7_8(cat: Catalog) -> None:
    """R-COMP-8: 18 crates, 54 city tokens (18 kinds, GAP-14: 3 each), 4 ships;
    R-COMP-7: 21 Central Park tiles (7 per back letter), 9 area tiles."""
    assert len(cat.crates) == 18
    assert sorted(c.number for c in cat.crates) == list(range(1, 19))
    assert len(cat.city_tokens) == 18
    assert len(cat.city_token_pool()) == 54
    assert Counter(cat.city_token_pool()) == {t.id: 3 for t in cat.city_tokens}
    assert len(cat.central_park_goals) == 21
    assert Counter(g.letter for g in cat.central_park_goals) == dict.fromkeys(CP_LETTERS, 7)
    assert len(cat.area_goals) == 9
    assert len(cat.ships) == 4
    assert all(s.barrel_spaces == 5 for s in cat.ships)  # R-SHIP-1, R-SETUP-20


def test_component_supplies_r_comp_3_to_8(cat: Catalog) -> None:
    """R-COMP-3/4/6/8: shared supplies and per-colour pieces for conservation checks."""
    comps = cat.components
    shared = {
        "goons": 24, "barrels": 40, "leverage_tokens": 20, "gangster_bars": 24, "police": 16,
        "port_tokens": 7, "gangster_strength_tokens": 20, "closed_district_markers": 5,
    }  # fmt: skip
    assert {k: comps.total(k) for k in shared} == shared
    per_colour = {
        "capos": 4, "mafiosi": 12, "books": 10, "trucks": 2, "bars": 8, "nightclubs": 3,
        "casinos": 3, "distilleries": 1, "area_control_markers": 3,
    }  # fmt: skip
    assert {k: comps.count(k) for k in per_colour} == per_colour
    assert comps.total("mafiosi") == 48 and comps.total("books") == 40  # 4 colours
    assert comps.total("operation_cards") == 48
    assert comps.total("central_park_goal_tiles") == 21
    # the operations board has a printed space for every building piece of a colour
    board = Counter(s.building for s in cat.operations_board.spaces)
    assert board == {"bar": 8, "distillery": 1, "nightclub": 3, "casino": 3}


# --------------------------------------------------------------------------------------------
# Known numbers
# --------------------------------------------------------------------------------------------


def test_barrel_price_at_notoriety_12_e11_r_notor_2(cat: Catalog) -> None:
    """E11: notoriety 12 sells $15 at a bar and $20 at a NC; one of each pays $35."""
    assert cat.notoriety.price_at(12) == (15, 20)
    assert cat.notoriety.price(12, "bar") + cat.notoriety.price(12, "nightclub") == 35
    assert cat.notoriety.price(12, "casino") == 20
    with pytest.raises(ValueError, match="R-BARREL-2"):
        cat.notoriety.price(12, "distillery")
    # the highest price space reached counts (R-NOTOR-2): prices never fall along the track
    prices = [cat.notoriety.price_at(s) for s in range(5, 26)]
    assert prices == sorted(prices)
    assert all(bar < premium for bar, premium in prices)


def test_notoriety_track_r_psetup_9_10_r_books_7(cat: Catalog) -> None:
    """R-BOARD-12: start 5, max 25; own mafiosi at 8 and 14; notoriety goals at 10/15/22 pay
    10/15/20."""
    n = cat.notoriety
    assert (n.start, n.maximum) == (5, 25) == (cat.setup.start.notoriety, 25)
    mafioso = [r.space for r in n.rewards if r.placed_at_setup]
    assert mafioso == [8, 14]
    assert all(r.effect[0].kind == "gain_mafioso" for r in n.rewards if r.placed_at_setup)
    assert [r.space for r in n.rewards_passed(7, 14)] == [8, 11, 14]  # R-NOTOR-5 order
    goals = cat.goals_of("notoriety")
    assert [(g.requirement["n"], g.payout) for g in goals] == [(10, 10), (15, 15), (22, 20)]


def test_ship_prices_and_defence_e17_e20_r_ship_2(cat: Catalog) -> None:
    """E17: first barrel $5, second $6 ($11 for two). E20: defence 12 after 2 barrels removed;
    attack 12 fails, 13 succeeds (R-COMBAT-1)."""
    daisy = cat.ship("daisy")
    assert daisy.name == 'Sandra "Bluie" Daisy'
    assert (daisy.price(0), daisy.price(1)) == (5, 6)
    assert daisy.price(0) + daisy.price(1) == 11
    st_clair = cat.ship("st-clair")
    assert st_clair.defence(2) == 12
    assert not 4 * 3 > st_clair.defence(2) and 4 * 3 + 1 > st_clair.defence(2)
    for ship in cat.ships:
        assert list(ship.defences) == sorted(ship.defences)  # removing barrels raises defence
        assert ship.price(7) == ship.prices[-1]  # empty ship: leftmost price (R-TRUCK-11)
    assert {s.name for s in cat.ships} >= {"Arnold Rothstein", "Stephanie St. Clair"}  # DISC-16


def test_payout_tables_e7_e8_r_payout_5(cat: Catalog) -> None:
    """R-PAYOUT-5, R-BOARD-11, E7, E8: one table per area; Midtown 2nd $15, 4th $5;
    Uptown 1st $45, 4th $20."""
    assert cat.payouts["midtown"][2] == 15
    assert cat.payouts["midtown"][4] == 5
    assert cat.payouts["uptown"][1] == 45
    assert cat.payouts["uptown"][4] == 20
    assert list(cat.payouts) == ["downtown", "midtown", "uptown"]
    for table in cat.payouts.values():
        assert len(table.amounts) == 5  # 4 players + the gangster marker (R-PAYOUT-2)
        assert list(table.amounts) == sorted(table.amounts, reverse=True)
    with pytest.raises(IndexError):
        cat.payouts["uptown"][0]


def test_final_scoring_e22_r_scoring_1_to_4(cat: Catalog) -> None:
    """E22: $270 + 2 protected bars + distillery + 2 NCs + casino + bottles 45 = $405."""
    v = cat.scoring.building_values
    assert (v["bar"], v["distillery"], v["nightclub"], v["casino"]) == (10, 20, 15, 20)
    assert set(cat.scoring.bottle_values) == {20, 10, 5}
    values = {b.id: b.value for b in cat.bottles}
    # 5 helper cards showing 4 different bottles can score exactly 20 + 10 + 10 + 5 = 45
    best = {
        sum(values[b] for b in bottles)
        for hand in itertools.combinations(cat.helper_cards, 5)
        if len(bottles := {h.bottle for h in hand}) == 4
    }
    assert 45 in best
    total = 50 + 220 + 2 * v["bar"] + v["distillery"] + 2 * v["nightclub"] + v["casino"] + 45
    assert total == 405


def test_helper_bottles_gap_13(cat: Catalog) -> None:
    """GAP-13: 7 bottle types (one $20, three $10, three $5), 3 cards each, cycling in order."""
    assert sorted(b.value for b in cat.bottles) == [5, 5, 5, 10, 10, 10, 20]
    assert all(len(b.cards) == 3 for b in cat.bottles)
    cycle = [f"bottle-{i}" for i in (1, 2, 3, 4, 5, 6, 7, 1)]
    assert [h.bottle for h in cat.helper_cards[:8]] == cycle
    value = {b.id: b.value for b in cat.bottles}
    assert all(h.bottle_value == value[h.bottle] for h in cat.helper_cards)


def test_goon_costs_e12_r_goon_1(cat: Catalog) -> None:
    """E12: with the $0 space taken, two more goons cost $1 + $2 = $3 (GAP-5: $0..$5)."""
    board = cat.operations_board
    assert board.goon_costs == (0, 1, 2, 3, 4, 5)
    assert board.goon_cost(occupied=1, hired=2) == 3
    assert board.goon_cost(occupied=0, hired=1) == 0
    with pytest.raises(ValueError, match="goon spaces"):
        board.goon_cost(occupied=5, hired=2)  # R-GOON-4


def test_protection_costs_e19_r_order_2(cat: Catalog) -> None:
    """E19 / R-ORDER-2: 4/3/2/1 leverage per mafioso by column; column 3 with 5 leverage
    protects 2 buildings, not 3."""
    four = cat.turn_order.for_players(4)
    assert [four.protection_cost(c) for c in (1, 2, 3, 4)] == [4, 3, 2, 1]
    cost = four.protection_cost(3)
    assert 5 // cost == 2
    assert cat.turn_order.for_players(3).protection_costs == (4, 3, 2)  # R-3P-1
    assert cat.turn_order.for_players(2).protection_costs == (4, 3)  # GAP-10
    with pytest.raises(ValueError, match="GAP-23"):
        cat.setup.for_players(1)


def test_restaurant_extra_discards_r_2p_7_r_3p_1_r_loc_restaurant_2(cat: Catalog) -> None:
    """Extra discard at bottom space 2 (2p), 3 (3p), 3 and 4 (4p)."""
    assert cat.turn_order.for_players(2).extra_discard_spaces == (2,)
    assert cat.turn_order.for_players(3).extra_discard_spaces == (3,)
    assert cat.turn_order.for_players(4).extra_discard_spaces == (3, 4)
    four = cat.turn_order.for_players(4)
    assert [four.discards_for(s) for s in (1, 2, 3, 4)] == [1, 1, 2, 2]
    assert [cat.turn_order.for_players(2).discards_for(s) for s in (1, 2)] == [1, 2]
    with pytest.raises(ValueError, match=r"space must be 1\.\.3"):
        cat.turn_order.for_players(3).discards_for(4)  # R-LOC-RESTAURANT-4: unused at 3p


PERSONS = {  # location -> persons at 2p, 3p, 4p (R-LOC-GEN-6, DISC-2)
    "contractors": (2, 3, 3),
    "planning": (2, 3, 3),
    "garage": (2, 2, 2),
    "city_hall": (1, 2, 2),
    "commission": (2, 3, 3),
    "docks": (1, 2, 2),
    "central_park": (2, 3, 3),
}


def test_persons_per_location_r_loc_gen_6_disc_2(cat: Catalog) -> None:
    """R-LOC-GEN-6 with DISC-2 (City Hall and Docks have 1 person at 2p); Restaurant unlimited."""
    assert set(cat.locations) == {*PERSONS, "restaurant"}
    for loc, counts in PERSONS.items():
        location = cat.location(loc)
        assert tuple(location.person_count(p) for p in (2, 3, 4)) == counts, loc
        assert [len(location.persons(p)) for p in (2, 3, 4)] == list(counts)
    restaurant = cat.location("restaurant")
    assert restaurant.unlimited and restaurant.person_count(2) is None
    assert [e.kind for e in restaurant.persons(4)[0].actions] == ["restaurant"]
    assert "DISC-2" in cat.location("city_hall").source.refs
    assert "DISC-2" in cat.location("docks").source.refs


def _kinds(actions: tuple[Effect, ...]) -> list[str]:
    return [e.kind for e in actions]


def test_person_layouts_gap_20(cat: Catalog) -> None:
    """ASSUMED layouts R-LOC-CONTRACTORS-3, R-LOC-PLANNING-4, R-LOC-GARAGE-3, R-LOC-CITYHALL-2,
    R-LOC-COMMISSION-2, R-LOC-DOCKS-2; at 2p the rightmost persons are removed."""
    contractors = [_kinds(p.actions) for p in cat.location("contractors").persons(4)]
    assert contractors == [
        ["gain_book", "build"],
        ["raise_level", "build"],
        ["gain_helper", "build"],
    ]
    build = cat.location("contractors").person(0).actions[1]
    assert build["buildings"] == ("bar", "distillery") and build["times"] == 2
    planning = [_kinds(p.actions) for p in cat.location("planning").persons(3)]
    assert planning == [["build", "play_card"], ["build", "raise_level"], ["build", "play_card"]]
    assert cat.location("planning").person(2).actions[1]["type"] == "party"
    left, right = cat.location("garage").persons(4)
    assert _kinds(left.actions) == ["play_card"] and left.actions[0]["range_bonus"] == 2
    assert _kinds(right.actions) == ["raise_level", "play_card"]
    assert right.actions[1]["type"] == "fleet" and right.actions[1]["range_bonus"] == 0
    hall = [_kinds(p.actions) for p in cat.location("city_hall").persons(4)]
    assert hall == [
        ["gain_mafioso", "gain_leverage", "play_card"],
        ["hire_goons", "gain_leverage", "play_card"],
    ]
    assert [_kinds(p.actions) for p in cat.location("city_hall").persons(2)] == [hall[0]]
    commission = [_kinds(p.actions) for p in cat.location("commission").persons(4)]
    assert [a[0] for a in commission] == ["gain_helper", "raise_level", "gain_mafioso"]
    assert all(a[1:] == ["hire_goons", "ally"] for a in commission)
    docks = [_kinds(p.actions) for p in cat.location("docks").persons(3)]
    assert docks == [["play_card", "attack_ship"], ["hire_goon_free", "attack_ship"]]
    assert [_kinds(p.actions) for p in cat.location("central_park").persons(2)] == [
        ["swap_capo"],
        ["swap_capo"],
    ]


def test_setup_per_player_count_r_2p_r_3p(cat: Catalog) -> None:
    """Casino income $3 ($5 at 2p, R-ORDER-5, R-2P-6); 2p board facts (R-2P-1..5)."""
    assert [cat.setup.for_players(p).casino_income for p in (2, 3, 4)] == [5, 3, 3]
    two = cat.setup.for_players(2)
    assert two.board_side == "1-2"
    # Uptown's building spaces come from the board alone (issue 26 item 6: one source)
    assert not hasattr(two, "uptown_building_spaces")
    uptown = load_board(2).districts_in("uptown")
    assert {load_board(2).spaces(d) for d in uptown} == {2}
    assert {load_board(4).spaces(d) for d in uptown} == {3}
    assert dict(two.closed_districts) == {"downtown": 2, "midtown": 2, "uptown": 1}
    assert two.setup_gangsters == 4 and two.war_districts == (2, 2, 3)
    assert two.time_track_columns == (2, 3) and two.docks_mafiosi_at_setup == 1
    four = cat.setup.for_players(4)
    assert four.war_districts == (3, 3, 4) and sum(four.closed_districts.values()) == 0
    # R-GANGWAR-13: every district gets exactly one gangster over the game
    for p in (2, 3, 4):
        s = cat.setup.for_players(p)
        assert s.setup_gangsters + sum(s.war_districts) + sum(s.closed_districts.values()) == 16


def test_starting_resources_and_costs(cat: Catalog) -> None:
    """R-PSETUP-7 $15 pocket / $30 safe; R-CITY-6 limit 4; R-BUILD-4 NC $12, casino $17 + 1
    discard; R-UPGRADE-3/4 groups $3/$5/$8; E16 NC upgrade with the middle group empty: $7."""
    start = cat.setup.start
    assert (start.pocket, start.safe) == (15, 30)
    assert cat.setup.acts.capos == (4, 3, 3, 1) and sum(cat.setup.acts.rounds) == 11
    board = cat.operations_board
    assert board.city_token_limit == 4 and board.city_token_spaces == 4
    assert board.build_cost("nightclub") == (12, 0)
    assert board.build_cost("casino") == (17, 1)
    assert [board.build_cost("bar", g) for g in ("left", "middle", "right")] == [
        (3, 0),
        (5, 0),
        (8, 0),
    ]
    assert board.build_cost("distillery") == (5, 0)  # E13
    assert [g.discount for g in board.groups] == [3, 5, 8]
    nc_cost, _ = board.build_cost("nightclub")
    assert nc_cost - board.upgrade_discount(["middle"]) == 7  # E16
    assert board.upgrade_discount(["left", "right"]) == 8  # highest only, no stacking
    assert board.upgrade_discount([]) == 0


def test_level_tables_r_level_7_gap_4(cat: Catalog) -> None:
    """Levels 1-5, never decreasing; fleet range = level; VIP capacity at most 4 (GAP-4);
    raising to level 5 costs a discard, strength 4/5 cost 1/2 (R-LEVEL-3/4)."""
    for track in ("vip", "party", "distillery", "fleet", "strength"):
        values = cat.level_table(track).values
        assert len(values) == 5 and list(values) == sorted(values), track
    assert cat.level_table("vip").values == (1, 2, 3, 3, 4)
    assert cat.level_table("fleet").values == (1, 2, 3, 4, 5)
    assert cat.level_table("party")[2] >= 2  # E11: Blue may sell 2 barrels
    assert max(cat.level_table("vip").values) <= cat.operations_board.vip_spaces
    board = cat.operations_board
    assert [board.raise_discards("party", lv) for lv in range(1, 6)] == [0, 0, 0, 0, 1]
    assert [board.raise_discards("strength", lv) for lv in range(1, 6)] == [0, 0, 0, 1, 2]
    assert board.second_truck_fleet_level == 3 and board.truck_capacity == 2


def test_crate_9_fleet_cash_and_truck_range_e20(cat: Catalog) -> None:
    """E20 / R-CRATE-9: $5 per fleet level ($15 at level 3) and truck range +1."""
    crate = cat.crate(9)
    assert crate is cat.crate("crate-09")
    assert (crate.cash.quantity, crate.cash.rate, crate.cash.cap) == ("fleet_level", 5, None)
    assert crate.cash.amount(3) == 15
    assert crate.bonus.kind == "truck_range" and crate.bonus["n"] == 1
    assert "E20" in crate.source.refs


def test_crate_table_r_crate_1_to_18(cat: Catalog) -> None:
    """§14.1: printed caps ($24/$25), DISC-6 cap on #8, bonuses in pairs, only #13 breaks the
    golden rule (GAP-16); no crate pays more than $25 at level 5 (the tips' maximum)."""
    caps = {c.number: c.cash.cap for c in cat.crates if c.cash.cap is not None}
    assert caps == {1: 24, 6: 24, 8: 24, 10: 25, 14: 24, 15: 24}
    assert "DISC-6" in cat.crate(8).cash.source.refs
    for n in range(1, 19, 2):
        assert cat.crate(n).bonus == cat.crate(n + 1).bonus
    assert [c.number for c in cat.crates if c.golden_rule_breaker] == [13]
    assert cat.crate(12).cash.quantity == "highest_level"  # DISC-17 (CZ reading)
    level_based = [c for c in cat.crates if c.cash.quantity.endswith("level")]
    assert all(c.cash.amount(5) <= 25 for c in level_based)
    assert cat.crate(6).cash.amount(4) == 12 and cat.crate(11).cash.amount(9) == 9


HELPER_EFFECTS: dict[int, tuple[str, dict[str, object]]] = {  # §14.7
    1: ("gain_leverage", {"n": 2}),
    2: ("draw_card", {"type": "vip", "n": 1}),
    3: ("draw_card", {"type": "party"}),
    4: ("draw_card", {"type": "distillery"}),
    5: ("draw_card", {"type": "fleet"}),
    6: ("draw_card", {"type": "any"}),
    7: ("raise_level", {"track": "any", "n": 1, "discard_for_more": False}),
    8: ("use_offer_helper", {}),
    9: ("gain_city_token", {"n": 1}),
    10: ("hire_goon_free", {"n": 2}),
    11: ("gain_mafioso", {"n": 1}),
    12: ("build", {"modes": ("upgrade",), "buildings": ("nightclub", "casino")}),
    13: ("build", {"modes": ("takeover",), "ignore_defence": True}),
    14: ("gain_helper", {"n": 1}),
    15: ("deliver", {"range_bonus": 0}),
    16: ("produce", {}),
    17: ("sell", {}),
    18: ("gain_book", {"n": 2}),
    19: ("gain_cash", {"n": 5}),
    20: ("protect", {}),
    21: ("gain_mafioso", {"n": 2}),
}

CITY_EFFECTS: dict[int, tuple[str, dict[str, object]]] = {  # §14.6
    1: ("draw_card", {"type": "vip"}),
    2: ("draw_card", {"type": "party"}),
    3: ("draw_card", {"type": "distillery"}),
    4: ("draw_card", {"type": "fleet"}),
    5: ("draw_card", {"type": "any"}),
    6: ("gain_helper", {"n": 1}),
    7: ("deliver", {}),
    8: ("gain_book", {"n": 1}),
    9: ("raise_level", {"track": "any", "n": 1}),
    10: ("produce", {}),
    11: ("sell", {}),
    12: ("build", {"buildings": ("bar",), "modes": ("open", "takeover")}),
    13: ("build", {"buildings": ("nightclub",), "modes": ("open", "takeover", "upgrade")}),
    14: ("build", {"buildings": ("casino",), "modes": ("open", "takeover", "upgrade")}),
    15: ("gain_mafioso", {"n": 1}),
    16: ("hire_goon_free", {"n": 1}),
    17: ("protect", {}),
    18: ("gain_leverage", {"n": 2}),
}


def _check_one_to_one(
    items: list[tuple[Provenance, tuple[Effect, ...]]],
    prefix: str,
    table: dict[int, tuple[str, dict[str, object]]],
) -> None:
    seen: list[int] = []
    for source, effects in items:
        (ref,) = _refs(source, prefix)
        number = int(ref.rsplit("-", 1)[1])
        seen.append(number)
        kind, params = table[number]
        assert len(effects) == 1, ref
        assert effects[0].kind == kind, ref
        assert {k: effects[0][k] for k in params} == params, ref
    assert sorted(seen) == sorted(table)


def test_helper_effects_match_14_7_one_to_one(cat: Catalog) -> None:
    """Each helper card is one R-HELPERCARD-n row of §14.7, and every row has one card."""
    _check_one_to_one(
        [(h.source, h.effect) for h in cat.helper_cards], "R-HELPERCARD-", HELPER_EFFECTS
    )


def test_city_token_effects_match_14_6_one_to_one(cat: Catalog) -> None:
    """Each city-token kind is one R-CITYTOK-n row of §14.6, and every row has one kind."""
    _check_one_to_one([(t.source, t.effect) for t in cat.city_tokens], "R-CITYTOK-", CITY_EFFECTS)


def test_partner_abilities_r_partner_1_to_8_gap_15(cat: Catalog) -> None:
    """8 abilities (R-PARTNER-1..8) on the 14 A-C tiles; D tiles have none (R-ALLY-3);
    known gangsters: Waxey Gordon 4 / $5 (E3), Birdie Brown war 7 (E2), Gambino war 8 (E3)."""
    cited = sorted(r for a in cat.partner_abilities.values() for r in _refs(a.source, "R-PARTNER"))
    assert cited == sorted(f"R-PARTNER-{n}" for n in range(1, 9))
    with_ability = [g for g in cat.gangsters if g.ability is not None]
    assert {g.deck for g in with_ability} == {"A", "B", "C"} and len(with_ability) == 14
    assert all(cat.ability(g) is None for g in cat.gangster_deck("D"))
    assert set(Counter(g.ability for g in with_ability).values()) == {1, 2}  # cycling
    by_name = {g.name: g for g in cat.gangsters}
    assert (by_name["Waxey Gordon"].strength, by_name["Waxey Gordon"].help_cost) == (4, 5)
    assert by_name["Birdie Brown"].war_strength == 7
    assert by_name["Carlo Gambino"].war_strength == 8
    for letter, (lo, hi) in (("B", (6, 8)), ("C", (8, 10)), ("D", (10, 12))):
        assert all(lo <= g.war_strength <= hi for g in cat.gangster_deck(letter))  # R-GANGWAR-6
    docks_vip = cat.partner_abilities["docks_and_vip"].immediate
    assert [(e.kind, e["to"]) for e in docks_vip] == [
        ("gain_mafioso", "docks"),
        ("gain_mafioso", "vip"),
    ]


def test_central_park_setup_is_always_possible_r_setup_17_disc_1(cat: Catalog) -> None:
    """7 families, each with an A, B and C tile; whatever 2 A tiles come up (different
    numbers), 2 B tiles and then 1 C tile with new numbers exist, so R-SETUP-17 finishes."""
    tiles = cat.central_park_goals
    families = {(g.number, g.letter) for g in tiles}
    assert families == {(n, x) for n in range(1, 8) for x in CP_LETTERS}
    numbers: dict[str, list[int]] = {x: [] for x in CP_LETTERS}
    for g in tiles:
        assert g.letter is not None and g.number is not None
        numbers[g.letter].append(g.number)
    for a1, a2 in itertools.combinations(numbers["A"], 2):
        if a1 == a2:
            continue
        placed = {a1, a2}
        b_options = {n for n in numbers["B"] if n not in placed}
        assert len(b_options) >= 2
        for b1, b2 in itertools.combinations(sorted(b_options), 2):
            assert any(c not in placed | {b1, b2} for c in numbers["C"])
    fam = cat.goal_families["central_park"]
    assert dict(fam.in_play_by_letter) == {"A": 2, "B": 2, "C": 1} and fam.payout == 10
    assert all(g.payout == 10 and g.book_spaces == 2 for g in tiles)  # R-BOOKS-8, R-BOOKS-3
    breakers = sorted(g.id for g in tiles if g.golden_rule_breaker)
    assert breakers == ["cp-B-1", "cp-C-1"]  # R-GOLDEN-4, GAP-17


def test_area_goal_setup_r_setup_16_gap_18(cat: Catalog) -> None:
    """Area tiles carry at least 3 different numbers, so 3 tiles with different numbers can
    always be drawn; each pays $20 (R-BOOKS-9)."""
    numbers = [g.number for g in cat.area_goals]
    assert len(set(numbers)) >= 3
    for first in set(numbers):
        rest = {n for n in numbers if n != first}
        assert len(rest) >= 2
    fam = cat.goal_families["area"]
    assert fam.payout == 20 and fam.in_play == 3
    assert [g.requirement.kind for g in cat.area_goals].count("building_pair") == 8


def test_fixed_goals_r_books_5_6_r_goal_docks_hall(cat: Catalog) -> None:
    """Docks: 1/2/3 crates, $15 each; City Hall: 3/5/7 districts, $20 each (§14.5)."""
    docks = cat.goals_of("docks")
    assert [(g.requirement.kind, g.requirement["n"], g.payout) for g in docks] == [
        ("crates", 1, 15),
        ("crates", 2, 15),
        ("crates", 3, 15),
    ]
    hall = cat.goals_of("city_hall")
    assert [(g.requirement["n"], g.payout) for g in hall] == [(3, 20), (5, 20), (7, 20)]
    assert all(g.book_spaces == 2 for g in cat.goals)  # R-BOARD-8
    assert len(cat.goals) == 3 + 3 + 3 + 21 + 9


def test_operation_card_defaults_gap_9_r_card_2(cat: Catalog) -> None:
    """GAP-9 per type: leverage 0,0,1,1,1,1,1,1,2,2,2,2; 4 "+1 level" rewards; fleet has 3
    "+2 range" rewards (R-CARD-8); actions fixed by type (R-CARD-2)."""
    actions = {"vip": "protect", "party": "sell", "distillery": "produce", "fleet": "deliver"}
    for t in OPERATIONS:
        cards = cat.cards_of(t)
        assert sorted(c.leverage for c in cards) == [0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2]
        raises = [c for c in cards if c.reward and c.reward[0].kind == "raise_level"]
        assert len(raises) == 4 and all(c.reward[0]["track"] == t for c in raises)
        assert any(c.reward[0]["discard_for_more"] for c in raises)  # R-LEVEL-6, E10
        assert all(c.action.kind == actions[t] for c in cards)
    fleet_range = [
        c for c in cat.cards_of("fleet") if c.reward and c.reward[0].kind == "range_bonus"
    ]
    assert len(fleet_range) == 3 and all(c.reward[0]["n"] == 2 for c in fleet_range)


def test_docks_rows_gap_7(cat: Catalog) -> None:
    """4 rows with 4 different rewards (R-BOARD-7, R-CRATE-11), one docks area per area."""
    assert set(cat.docks.areas) == {"downtown", "midtown", "uptown"}
    assert [r.row for r in cat.docks.rows] == [1, 2, 3, 4]
    assert len({r.reward for r in cat.docks.rows}) == 4
    assert cat.docks.spaces == 12
    assert cat.docks.row(2).reward[0].kind == "gain_book"


# --------------------------------------------------------------------------------------------
# Immutability, caching, speed
# --------------------------------------------------------------------------------------------


def _walk(value: object, path: str, seen: set[int]) -> None:
    assert not isinstance(value, list | dict | set), f"{path} is a mutable {type(value).__name__}"
    if id(value) in seen or isinstance(value, str | int | bool | Path | Provenance | type(None)):
        return
    seen.add(id(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert getattr(type(value), "__dataclass_params__").frozen, path  # noqa: B009
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{path}.{f.name}", seen)
    elif isinstance(value, FrozenMap):
        for k, v in value.items():
            _walk(v, f"{path}[{k!r}]", seen)
    elif isinstance(value, tuple):
        for i, v in enumerate(value):
            _walk(v, f"{path}[{i}]", seen)


def test_catalog_is_deeply_immutable(cat: Catalog) -> None:
    """Frozen dataclasses, tuples and FrozenMaps all the way down; no lists or dicts."""
    _walk(cat, "catalog", set())
    with pytest.raises(dataclasses.FrozenInstanceError):
        cat.card("vip-01").leverage = 9  # type: ignore[misc]
    assert hash(cat.operations_board) == hash(cat.operations_board)


def test_default_catalog_is_cached_and_equal_to_a_fresh_load() -> None:
    """The shipped catalog loads once; a fresh load gives an equal catalog (speed: benchmarks)."""
    assert load_catalog() is load_catalog()
    assert load_catalog(DEFAULT_CATALOG_DIR) is not load_catalog()
    assert load_catalog(DEFAULT_CATALOG_DIR) == load_catalog()


# --------------------------------------------------------------------------------------------
# Malformed files
# --------------------------------------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    target = tmp_path / "catalog"
    shutil.copytree(DEFAULT_CATALOG_DIR, target)
    return target


def _edit(folder: Path, file: str, anchor: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` once, inside the TOML block that contains ``anchor``."""
    path = folder / file
    text = path.read_text()
    start = text.index(anchor)
    block_start = text.rfind("\n[", 0, start + 1) + 1
    nxt = text.find("\n[", start)
    block_end = len(text) if nxt == -1 else nxt
    block = text[block_start:block_end]
    assert block.count(old) == 1, f"{old!r} must occur once in the block of {anchor!r}"
    path.write_text(text[:block_start] + block.replace(old, new) + text[block_end:])


def _drop(folder: Path, file: str, anchor: str) -> None:
    """Remove the TOML block that contains ``anchor``."""
    path = folder / file
    text = path.read_text()
    start = text.index(anchor)
    block_start = text.rfind("\n[", 0, start + 1) + 1
    nxt = text.find("\n[", start)
    path.write_text(text[:block_start] + ("" if nxt == -1 else text[nxt + 1 :]))


Corruption = Callable[[Path], object]

MALFORMED: list[tuple[str, Corruption, str, str, str]] = [
    (
        "unknown effect kind",
        lambda d: _edit(d, "helper_cards.toml", '"helper-16"', '"produce"', '"teleport"'),
        "helper_cards.toml", 'helper card "helper-16"', "unknown effect kind 'teleport'",
    ),
    (
        "unknown effect parameter",
        lambda d: _edit(d, "city_tokens.toml", '"city-08"', '"gain_book"', '"gain_book", x = 1'),
        "city_tokens.toml", 'city token "city-08"', "unknown parameter(s): x",
    ),
    (
        "missing field",
        lambda d: _edit(d, "operation_cards.toml", '"fleet-07"', "leverage = 1\n", ""),
        "operation_cards.toml", 'operation card "fleet-07"', "missing field 'leverage'",
    ),
    (
        "unknown field",
        lambda d: _edit(d, "gangsters.toml", '"gangster-B2"', "help_cost", "colour = 1\nhelp_cost"),
        "gangsters.toml", 'gangster tile "gangster-B2"', "unknown field(s): colour",
    ),
    (
        "wrong type",
        lambda d: _edit(d, "payouts.toml", '"uptown"', "45,", '"45",'),
        "payouts.toml", 'payout table "uptown"', "must be a whole number",
    ),
    (
        "bad provenance (assumed without a gap)",
        lambda d: _edit(d, "ships.toml", '"smuggler-4"', "assumed: GAP-8", "assumed: R-SHIP-2"),
        "ships.toml", "smugglers' ship \"smuggler-4\"", "must cite the GAP-n or DISC-n",
    ),
    (
        "bad provenance (malformed id)",
        lambda d: _edit(d, "crates.toml", '"crate-05"', "rulebook: R-CRATE-5", "rulebook: crate"),
        "crates.toml", 'crate token "crate-05" cash', "malformed ID(s): crate",
    ),
    (
        "unknown crate quantity",
        lambda d: _edit(d, "crates.toml", '"crate-04"', '"goons"', '"ghosts"'),
        "crates.toml", 'crate token "crate-04" cash', "'ghosts' is not one of",
    ),
    (
        "wrong count (R-COMP-8)",
        lambda d: _drop(d, "crates.toml", '"crate-18"'),
        "crates.toml", "file", "expected 18 crate tokens (R-COMP-8), found 17",
    ),
    (
        "duplicate crate number",
        lambda d: _edit(d, "crates.toml", '"crate-18"', "number = 18", "number = 17"),
        "crates.toml", 'crate token "crate-18"', "duplicate crate number 17",
    ),
    (
        "wrong count per type (R-COMP-9)",
        lambda d: _edit(d, "operation_cards.toml", '"fleet-12"', 'type = "fleet"',
                        'type = "vip"'),
        "operation_cards.toml", "file", "expected 12 vip cards (R-COMP-9), found 13",
    ),
    (
        "duplicate id",
        lambda d: _edit(d, "city_tokens.toml", 'id = "city-02"', '"city-02"', '"city-01"'),
        "city_tokens.toml", 'city token "city-01"', "duplicate city token id 'city-01'",
    ),
    (
        "level table decreasing",
        lambda d: _edit(d, "operations_board.toml", "[levels.party]", "[1, 2, 3, 4, 5]",
                        "[1, 2, 2, 1, 5]"),
        "operations_board.toml", 'level table "party"', "never decrease",
    ),
    (
        "level table too short",
        lambda d: _edit(d, "operations_board.toml", "[levels.distillery]", "[1, 2, 3, 4, 5]",
                        "[1, 2, 3]"),
        "operations_board.toml", 'level table "distillery"', "5 values",
    ),
    (
        "war strength outside the act's range (R-GANGWAR-6)",
        lambda d: _edit(d, "gangsters.toml", '"gangster-D6"', "strength = 11", "strength = 5"),
        "gangsters.toml", 'gangster tile "gangster-D6"', "outside deck D's range 10-12",
    ),
    (
        "D gangster with an ability (R-ALLY-3)",
        lambda d: _edit(d, "gangsters.toml", '"gangster-D1"', "help_cost = 9\n",
                        'help_cost = 9\nability = "defence"\n'),
        "gangsters.toml", 'gangster tile "gangster-D1"', "D gangsters have no ability",
    ),
    (
        "person row of the wrong width",
        lambda d: _edit(d, "locations.toml", '[{ kind = "gain_helper" }],\n]',
                        '    [{ kind = "gain_helper" }],\n', ""),
        "locations.toml", 'location "contractors" row #1', "must list actions for 3 person(s)",
    ),
    (
        "unknown effect in a location",
        lambda d: _edit(d, "locations.toml", '"attack_ship"', '"attack_ship"', '"sink_ship"'),
        "locations.toml", 'location "docks" row #2', "unknown effect kind 'sink_ship'",
    ),
    (
        "helper card without a bottle (GAP-13)",
        lambda d: _edit(d, "helper_cards.toml", 'id = "bottle-7"', ', "helper-21"', ""),
        "helper_cards.toml", 'helper card "helper-21"', "no [[bottle]] lists this card",
    ),
    (
        "notoriety price below the bar price",
        lambda d: _edit(d, "notoriety_track.toml", "space = 12\nbar", "premium = 20",
                        "premium = 10"),
        "notoriety_track.toml", 'price space "12"', "above the bar price",
    ),
    (
        "Central Park letter count (R-COMP-7)",
        lambda d: _edit(d, "central_park_goals.toml", '"cp-C-7"', 'letter = "C"',
                        'letter = "B"'),
        "central_park_goals.toml", "file", "expected 7 Central Park tiles with back B",
    ),
    (
        "missing person count for a player count",
        lambda d: _edit(d, "locations.toml", '"garage"', "{ 2 = 2, 3 = 2, 4 = 2 }",
                        "{ 3 = 2, 4 = 2 }"),
        "locations.toml", 'location "garage"', "field 'persons' must give a count",
    ),
    (
        "invalid TOML",
        lambda d: (d / "docks.toml").write_text((d / "docks.toml").read_text() + "\nrow = [\n"),
        "docks.toml", "file", "not valid TOML",
    ),
    (
        "missing file",
        lambda d: (d / "scoring.toml").unlink(),
        "scoring.toml", "file", "data file is missing",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("corrupt", "file", "entry", "problem"),
    [pytest.param(*case[1:], id=case[0]) for case in MALFORMED],
)
def test_malformed_data_raises_data_error(
    data_dir: Path, corrupt: Corruption, file: str, entry: str, problem: str
) -> None:
    """Every malformed file raises DataError naming the file, the entry and the problem."""
    load_catalog(data_dir)  # the pristine copy loads
    corrupt(data_dir)
    with pytest.raises(DataError) as info:
        load_catalog(data_dir)
    err = info.value
    assert Path(err.path).name == file
    assert err.entry == entry
    assert problem in err.problem
    assert file in str(err) and entry in str(err)


def test_copy_of_shipped_data_loads_identically(data_dir: Path) -> None:
    """load_catalog(path) reads a user directory; a verbatim copy gives the same data."""
    copy = load_catalog(data_dir)
    assert copy.root == data_dir
    assert copy.operation_cards == load_catalog().operation_cards
    assert copy.locations == load_catalog().locations
    assert list(copy.provenance_items()) == list(load_catalog().provenance_items())


def test_goal_lookup(cat: Catalog) -> None:
    """Goals are found by id and family (R-BOOKS-2 treats all 5 families alike)."""
    goal = cat.goal("cp-B-5")
    assert isinstance(goal, Goal)
    assert (goal.family, goal.letter, goal.number) == ("central_park", "B", 5)
    assert goal.requirement["tracks"] == 3 and goal.requirement["level"] == 4
    with pytest.raises(KeyError, match="no goal"):
        cat.goal("cp-Z-9")
    with pytest.raises(KeyError):
        cat.goals_of("moon")
