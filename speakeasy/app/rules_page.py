"""The rules page's data: every entry of the rules index with the notebooks and the shipped
scenarios that show it (``notebooks/rules.py`` draws it; explanations link into it through
:func:`speakeasy.games.speakeasy.explain.link_rules`).

Which notebook shows which rules is data (:data:`NOTEBOOK_RULES`): rule-ID prefixes (an area,
``R-TRUCK``) or single IDs. A scenario shows the rules its question cites and the worked
example it reproduces (``source = "rulebook: E3"``). ``tests/test_learn_rules_page.py`` checks
that every linked notebook and scenario exists and that every area of the index can be browsed.

>>> page = rule_page("R-TRUCK-7")
>>> [n.slug for n in page.notebooks]
['learn', 'truck-routes']
>>> [s.name for s in page.scenarios]
['t07_truck_range_and_full_buildings']
>>> [e.id for e in find_rules("central park truck")][:1]
['R-TRUCK-8']
>>> len(find_rules("", area="Area control"))
8
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.tools.lookup import lookup
from speakeasy.tools.rules_index import RuleEntry, load_rules_index

__all__ = [
    "NOTEBOOK_RULES",
    "NotebookLink",
    "RulePage",
    "ScenarioLink",
    "area_of",
    "find_rules",
    "rule_areas",
    "rule_page",
]


@dataclass(frozen=True, slots=True)
class NotebookLink:
    """A notebook that shows some rules: its workshop path (``/<slug>/``), file and title."""

    slug: str
    file: str
    title: str
    rules: tuple[str, ...]

    @property
    def path(self) -> str:
        return f"/{self.slug}/"

    def shows(self, entry: RuleEntry) -> bool:
        """Whether this notebook shows ``entry`` (its ID, or its area's prefix, is listed)."""
        return entry.id in self.rules or entry.prefix in self.rules


#: The notebooks of the workshop and the rules each one shows (IDs or area prefixes).
NOTEBOOK_RULES: Final[tuple[NotebookLink, ...]] = (
    NotebookLink(
        "learn",
        "learn.py",
        "Learn a turn",
        (  # every rule a lesson teaches (the test checks this against the lessons)
            "R-TURN-3", "R-TURN-4", "R-CAPO-5", "R-LOC-GEN-1", "R-LOC-CONTRACTORS-1",
            "R-LEVEL-1", "R-LEVEL-2", "R-LEVEL-7", "R-NOTOR-1", "R-NOTOR-2", "R-NOTOR-3",
            "R-BUILD-1", "R-BUILD-2", "R-BUILD-5", "R-BUILD-6", "R-CITY-1",
            "R-GOLDEN-1", "R-GOLDEN-2", "R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3",
            "R-TRUCK-2", "R-TRUCK-4", "R-TRUCK-7", "R-TRUCK-8", "R-TRUCK-11", "R-TRUCK-13",
            "R-ACT-2", "R-GANGWAR-6", "R-POLICE-1", "R-CONTROL-3", "R-PAYOUT-1",
            "R-TURN-5", "R-ACT-3",
        ),
    ),
    NotebookLink(
        "play",
        "play.py",
        "Play",
        (
            "R-PROLOGUE", "R-ACT", "R-CAPO", "R-TURN", "R-ORDER", "R-MONEY", "R-CARD",
            "R-LEVEL", "R-NOTOR", "R-BARREL", "R-GOON", "R-MAFIOSO", "R-LEV", "R-BOOKS",
            "R-HELPER", "R-CITY", "R-BUILD", "R-TAKEOVER", "R-UPGRADE", "R-PROTECT", "R-SHIP",
            "R-ALLY", "R-LOC-GEN", "R-LOC-CONTRACTORS", "R-LOC-PLANNING", "R-LOC-GARAGE",
            "R-LOC-CITYHALL", "R-LOC-COMMISSION", "R-LOC-DOCKS", "R-LOC-RESTAURANT",
            "R-LOC-CENTRALPARK", "R-GANGWAR", "R-POLICE", "R-CONTROL", "R-PAYOUT", "R-SCORING",
            "R-2P",
        ),
    ),
    NotebookLink(
        "control",
        "control.py",
        "Who controls the district?",
        ("R-CONTROL", "R-GOLDEN", "R-PAYOUT", "R-PROTECT-1", "R-CLOSED"),
    ),
    NotebookLink(
        "gang-war",
        "gang_war.py",
        "Gang war: will it hold?",
        ("R-GANGWAR", "R-COMBAT", "R-PARTNER", "R-CRATE", "R-GOON"),
    ),
    NotebookLink(
        "truck-routes",
        "truck_routes.py",
        "Truck routes",
        ("R-TRUCK", "R-BARREL", "R-LOC-GARAGE", "GEO", "R-BOARD-14"),
    ),
    NotebookLink(
        "strategies",
        "strategies.py",
        "Strategies",
        ("R-SCORING", "R-PAYOUT", "R-MONEY"),
    ),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ScenarioLink:
    """A shipped scenario that shows a rule: its name (``load_scenario(name)``), title and
    question."""

    name: str
    title: str
    question: str


@dataclass(frozen=True, slots=True)
class RulePage:
    """One entry of the index with its area and everything that shows it."""

    entry: RuleEntry
    area: str
    notebooks: tuple[NotebookLink, ...]
    scenarios: tuple[ScenarioLink, ...]


def area_of(entry: RuleEntry) -> str:
    """The entry's area: its section title without the number, the locations' sections named as
    such; sections of the same title share an area (the helper cards' rules and their list).

    >>> index = load_rules_index()
    >>> area_of(index["R-GANGWAR-6"]), area_of(index["R-LOC-GEN-1"])
    ('Gang war', 'Locations: general')
    >>> area_of(index["R-HELPER-1"]) == area_of(index["R-HELPERCARD-1"]) == 'Helper cards'
    True
    """
    number, _, title = entry.section.partition(" ")
    if number == "11":
        return f"Locations: {title[:1].lower() + title[1:] if title == 'General' else title}"
    return title


def rule_areas() -> dict[str, list[RuleEntry]]:
    """Every entry of the index by area, areas in the order the reference first has them and
    entries in reference order.

    >>> areas = rule_areas()
    >>> list(areas)[:2], sum(len(v) for v in areas.values()) == len(load_rules_index())
    (['Components', 'Board structure'], True)
    """
    areas: dict[str, list[RuleEntry]] = {}
    for entry in load_rules_index():
        areas.setdefault(area_of(entry), []).append(entry)
    return areas


@functools.cache
def _scenarios_by_rule() -> Mapping[str, tuple[ScenarioLink, ...]]:
    found: dict[str, list[ScenarioLink]] = {}
    for scenario in shipped_scenarios():
        question = scenario.question or {}
        link = ScenarioLink(scenario.name, scenario.title, str(question.get("text", "")))
        ids = [str(r) for r in question.get("rules", ())]
        source = scenario.source
        if source.startswith("rulebook:"):
            ids += [i.strip() for i in source.split(":", 1)[1].split(",")]
        for rule_id in dict.fromkeys(ids):
            found.setdefault(rule_id, []).append(link)
    return {k: tuple(v) for k, v in found.items()}


def rule_page(rule_id: str) -> RulePage:
    """The page of one rule (``KeyError`` naming similar IDs if it is not indexed)."""
    entry = load_rules_index()[rule_id.strip().upper()]
    notebooks = tuple(n for n in NOTEBOOK_RULES if n.shows(entry))
    return RulePage(entry, area_of(entry), notebooks, _scenarios_by_rule().get(entry.id, ()))


def find_rules(query: str = "", area: str | None = None) -> list[RuleEntry]:
    """Entries matching ``query`` (an ID in any case, or words that must all match; empty:
    every entry), within one ``area`` if given; search ranking, else reference order."""
    words = query.strip()
    entries = lookup(words) if words else list(load_rules_index())
    if area:
        entries = [e for e in entries if area_of(e) == area]
    return entries
