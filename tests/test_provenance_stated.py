"""Issue 15 §4: values the rulebooks state are not assumptions.

The rules reference marked these ASSUMED; both rulebooks state them, so their provenance is
``rulebook:`` with the place in the text (book and section or page words, see
:mod:`speakeasy.games.speakeasy.model.provenance`): GAP-27 / R-GOLDEN-6, R-GANGWAR-14, R-PROLOGUE-5,
R-ACT-4, R-TRUCK-12 (E18), the GAP-12 building values (E22), R-BOOKS-7, R-PSETUP-11, R-UPGRADE-4,
R-CRATE-10, and GAP-5's cost range. Data items carry it in ``data/``; rules with no data item
of their own in :data:`speakeasy.games.speakeasy.model.provenance.STATED_IN_THE_BOOKS`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.provenance import STATED_IN_THE_BOOKS, Provenance

CAT = load_catalog()
HERE = Path(__file__).resolve()
REFERENCES = [p / "shared" / "rules" / "speakeasy-rules.md" for p in HERE.parents[1:4]]
REFERENCE = next((p for p in REFERENCES if p.is_file()), None)

#: The issue's list: each must have rulebook provenance with a place.
ISSUE_LIST = (
    "GAP-27",
    "R-GOLDEN-6",
    "R-GANGWAR-14",
    "R-PROLOGUE-5",
    "R-ACT-4",
    "R-TRUCK-12",
    "GAP-12",
    "R-BOOKS-7",
    "R-PSETUP-11",
    "R-UPGRADE-4",
    "R-CRATE-10",
    "GAP-5",
)

#: Gaps whose whole default the books state (issue 15): no ``assumed:`` item may rest on them.
FULLY_STATED = {"GAP-12", "GAP-27"}


def _with_place(text: str) -> Provenance:
    prov = Provenance.parse(text)
    assert prov.kind == "rulebook", text
    assert re.search(r"\bCZ\b", prov.place) and re.search(r"\bPL\b", prov.place), text
    return prov


@pytest.mark.parametrize("ref", ISSUE_LIST)
def test_issue_list_has_rulebook_provenance_with_a_place(ref: str) -> None:
    """Each item of the issue's list is stated in both books, quoted with its place."""
    prov = _with_place(STATED_IN_THE_BOOKS[ref])
    assert len(prov.place) > 40  # a quotation, not just a page number


def test_every_stated_reading_parses_with_both_books() -> None:
    """The registry's other entries (R-BUILD-3/8, R-CITYTOK-12, R-ALLY-3, R-SHIP-5/7) too."""
    for text in STATED_IN_THE_BOOKS.values():
        _with_place(text)


def _item(file: str, entry: str) -> Provenance:
    found = [p for f, e, p in CAT.provenance_items() if f == file and e == entry]
    assert len(found) == 1, (file, entry, found)
    return found[0]


def test_data_items_carry_the_place() -> None:
    """The data items behind the list: building values (GAP-12, E22), notoriety payouts
    (R-BOOKS-7), the goon cost range (GAP-5), crate 10's cash (R-CRATE-10), the casino spaces
    (R-BUILD-8, GAP-3's stated part) and city-12 (R-CITYTOK-12)."""
    for file, entry in [
        ("scoring.toml", "building values"),
        ("fixed_goals.toml", 'goal "notoriety-1" (payout_source)'),
        ("fixed_goals.toml", 'goal "notoriety-2" (payout_source)'),
        ("fixed_goals.toml", 'goal "notoriety-3" (payout_source)'),
        ("operations_board.toml", "goon spaces (cost_range_source)"),
        ("crates.toml", 'crate token "crate-10" cash'),
        ("operations_board.toml", 'building space "casino-1"'),
        ("operations_board.toml", 'building space "casino-2"'),
        ("operations_board.toml", 'building space "casino-3"'),
        ("city_tokens.toml", 'city token "city-12"'),
    ]:
        prov = _item(file, entry)
        assert prov.kind == "rulebook" and prov.place, (file, entry, prov)


def test_the_stated_values_match_the_books() -> None:
    """The values themselves, checked against the quotes: E22 bar $10 (two protected bars make
    $20), distillery $20, NC $15 (two make $30), casino $20; notoriety 10/15/22 pay $10/$15/$20;
    goon spaces cost $0 to $5; crate 10 pays $5 a barrel up to $25; casinos give nothing."""
    assert dict(CAT.scoring.building_values) == {
        "bar": 10,
        "distillery": 20,
        "nightclub": 15,
        "casino": 20,
    }
    notoriety = {g.id: (g.requirement.integer("n"), g.payout) for g in CAT.goals_of("notoriety")}
    assert notoriety == {"notoriety-1": (10, 10), "notoriety-2": (15, 15), "notoriety-3": (22, 20)}
    costs = CAT.operations_board.goon_costs
    assert costs[0] == 0 and max(costs) == 5
    crate = CAT.crate("crate-10")
    assert (crate.cash.rate, crate.cash.cap, crate.cash.quantity) == (5, 25, "barrels_at_buildings")
    assert all(
        not s.reward for s in CAT.operations_board.spaces if s.building == "casino"
    )  # R-BUILD-8


def test_no_assumed_item_rests_on_a_stated_gap() -> None:
    """No ``assumed:`` item cites a gap whose default the books state: the fully stated ones
    above, and any the reference's §19 marks "(stated)" as a whole."""
    stated = set(FULLY_STATED)
    if REFERENCE is not None:
        text = REFERENCE.read_text(encoding="utf-8")
        stated |= set(re.findall(r"^\* (GAP-\d+) \(stated\)", text, flags=re.M))
    bad = [
        (f, e, str(p))
        for f, e, p in CAT.provenance_items()
        if p.is_assumed and stated & set(p.gaps)
    ]
    assert bad == []


def test_casino_spaces_are_no_longer_assumed() -> None:
    """GAP-3's stated part (R-BUILD-8): the casino spaces' "no reward" is rulebook data; the
    other building spaces keep the GAP-3 default."""
    for space in CAT.operations_board.spaces:
        assert "GAP-3" in space.source.refs
        assert space.source.is_assumed == (space.building != "casino"), space.id


def test_a_place_must_name_a_book() -> None:
    """The place names the rulebook it quotes; only rulebook provenance has one."""
    with pytest.raises(ValueError, match="CZ and/or PL"):
        Provenance.parse("rulebook: R-GOON-1 | page 13")
    with pytest.raises(ValueError, match="only rulebook"):
        Provenance.parse("assumed: GAP-5 | CZ p. 13")
    assert str(Provenance.parse("rulebook: E1 | CZ p. 7")) == "rulebook: E1 | CZ p. 7"
