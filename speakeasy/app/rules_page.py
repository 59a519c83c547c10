"""The rules page's data: every entry of every registered game's rules index (each labelled
with its game) with the notebooks and the shipped scenarios that show it (``notebooks/rules.py``
draws it; explanations link into it through
:func:`speakeasy.tools.rule_links.link_rules`).

The games come from the registry (:func:`speakeasy.games.names`), each with its rules
(:class:`~speakeasy.tools.rule_links.RuleSet`, on its descriptor): the games' ID shapes never
overlap, so ``/rules/?id=<ID>`` finds an entry by its ID alone. Which notebook shows which rules
is data (:data:`NOTEBOOK_RULES`): rule-ID prefixes (an area, ``R-TRUCK``) or single IDs. A
scenario shows the rules its question cites and the worked example it reproduces
(``source = "rulebook: E3"``). ``tests/test_learn_rules_page.py`` checks that every linked
notebook and scenario exists and that every area of each index can be browsed.

>>> page = rule_page("R-TRUCK-7")
>>> page.game, [n.slug for n in page.notebooks]
('Speakeasy', ['learn', 'truck-routes'])
>>> [s.name for s in page.scenarios]
['t07_truck_range_and_full_buildings']
>>> [e.id for e in find_rules("central park truck")][:1]
['R-TRUCK-8']
>>> len(find_rules("", area="Area control"))
8
>>> rule_page("mc-harbour-3").game, area_of(rule_page("MC-HARBOUR-3").entry)
('Mafia City', 'Mafia City: [2] Harbour')
>>> [e.id for e in find_rules("hitman reserve")][:2]
['MC-HITMAN-1', 'MC-HARBOUR-5']

Each game's glossary (on its descriptor) is on the page too: ``/rules/?term=<slug>`` opens a word
with its definition and its rules, and a search finds words by any of their names (synonyms):

>>> [(e.term, e.game) for e in find_terms("jail")][:1]
[('Cell', 'Mafia City')]
>>> [e.game for e in term_entries("city-hall")]
['Speakeasy', 'Mafia City']
>>> find_rules("harbor"), [e.id for e in find_rules("harbor", synonyms=True)][:1]
([], ['MC-HARBOUR-1'])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from speakeasy import games
from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.tools.glossary import Glossary, GlossaryEntry
from speakeasy.tools.rule_links import RuleSet
from speakeasy.tools.rules_index import RuleEntry

__all__ = [
    "NOTEBOOK_RULES",
    "NotebookLink",
    "RulePage",
    "ScenarioLink",
    "all_entries",
    "area_of",
    "find_entry",
    "find_rules",
    "find_terms",
    "game_of",
    "glossaries",
    "rule_areas",
    "rule_page",
    "rule_sets",
    "term_entries",
    "term_rules",
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
            "R-TURN-5", "R-ACT-3", "R-ORDER-4",
            "R-HELPER-1", "R-HELPER-3", "R-SCORING-4", "R-CITY-4", "R-CITY-6",
            "R-BOOKS-1", "R-BOOKS-2", "R-BOOKS-3", "R-BOOKS-4", "R-BOOKS-8", "R-BOOKS-9",
            "R-SCORING-1", "R-SCORING-2", "R-SCORING-3", "R-SCORING-5", "R-SCORING-6",
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
    NotebookLink(
        "mafia-city-play",
        "mafia_city_play.py",
        "Play Mafia City",
        (
            "MC-COMP", "MC-SETUP", "MC-MODE", "MC-MAP", "MC-FIG", "MC-SCORE", "MC-ROUND",
            "MC-ACT", "MC-LOC", "MC-STR", "MC-END", "MC-DECK",
            "MC-PRISON", "MC-HARBOUR", "MC-FIGHT", "MC-POLICE", "MC-BUSINESS", "MC-CLUB",
            "MC-HALL", "MC-CARD", "MC-TYPE", "MC-FIST", "MC-HAT", "MC-BULLET", "MC-PLUS",
            "MC-HITMAN", "MC-SNITCH", "MC-THIEF", "MC-CHIEF", "MC-FBI", "MC-RAID",
            "MC-STRINGS", "MC-PLAN", "MC-COMPL", "MC-DEALS", "MC-SECRET", "MC-VETO", "MC-WIN",
            "MC-INFO",
        ),
    ),
    NotebookLink(
        "mafia-city-control",
        "mafia_city_control.py",
        "Mafia City: who controls the location?",
        ("MC-CTRL", "MC-MAP-6", "MC-SECRET-7", "MC-LOC-3", "MC-HALL-3", "MC-HALL-4"),
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
    game: str = "Speakeasy"  # the title of the game whose rule it is


@functools.cache
def rule_sets() -> tuple[RuleSet, ...]:
    """Every registered game's rules, in the registry's order (from each descriptor)."""
    found = (games.load(name).rules for name in games.names())
    return tuple(r for r in found if isinstance(r, RuleSet))


def _set_of(entry: RuleEntry) -> RuleSet:
    for rules in rule_sets():
        if rules.index().get(entry.id) is entry:
            return rules
    raise KeyError(f"{entry.id} is in no registered game's rules index")


def game_of(entry: RuleEntry) -> str:
    """The title of the game whose rules index holds ``entry``.

    >>> game_of(find_entry("R-TRUCK-7")), game_of(find_entry("EMC-1"))
    ('Speakeasy', 'Mafia City')
    """
    return _set_of(entry).title


def all_entries() -> list[RuleEntry]:
    """Every entry of every game, game after game, each in reference order."""
    return [entry for rules in rule_sets() for entry in rules.index()]


def find_entry(rule_id: str) -> RuleEntry | None:
    """The entry of ``rule_id`` (any case) in whichever game has it, or ``None``."""
    for rules in rule_sets():
        entry = rules.entry(rule_id)
        if entry is not None:
            return entry
    return None


def area_of(entry: RuleEntry) -> str:
    """The entry's area: its section title without the number, the locations' sections named as
    such; sections of the same title share an area (the helper cards' rules and their list).
    The areas of a game after the first are labelled with its title (both games have
    "Components").

    >>> area_of(find_entry("R-GANGWAR-6")), area_of(find_entry("R-LOC-GEN-1"))
    ('Gang war', 'Locations: general')
    >>> area_of(find_entry("R-HELPER-1")) == area_of(find_entry("R-HELPERCARD-1"))
    True
    >>> area_of(find_entry("MC-CTRL-3"))
    'Mafia City: Control and ties'
    """
    rules = _set_of(entry)
    if rules is not rule_sets()[0]:
        return f"{rules.title}: {re.sub(r'^[0-9.]+ ', '', entry.section)}"
    number, _, title = entry.section.partition(" ")
    if number == "11":
        return f"Locations: {title[:1].lower() + title[1:] if title == 'General' else title}"
    return title


def rule_areas() -> dict[str, list[RuleEntry]]:
    """Every entry of every game by area, areas in the order the references first have them
    and entries in reference order.

    >>> areas = rule_areas()
    >>> list(areas)[:2], sum(len(v) for v in areas.values()) == len(all_entries())
    (['Components', 'Board structure'], True)
    >>> list(areas)[-1].startswith("Mafia City: ")
    True
    """
    areas: dict[str, list[RuleEntry]] = {}
    for entry in all_entries():
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
    """The page of one rule of any game (``KeyError`` naming similar IDs if no game has it)."""
    entry = find_entry(rule_id)
    if entry is None:
        wanted = rule_id.strip().upper()
        rules = next((r for r in rule_sets() if r.ids.fullmatch(wanted)), rule_sets()[0])
        entry = rules.index()[wanted]  # the index's KeyError, naming similar IDs
    notebooks = tuple(n for n in NOTEBOOK_RULES if n.shows(entry))
    return RulePage(
        entry,
        area_of(entry),
        notebooks,
        _scenarios_by_rule().get(entry.id, ()),
        game_of(entry),
    )


@functools.cache
def glossaries() -> tuple[Glossary, ...]:
    """Every registered game's glossary, in the registry's order (from each descriptor)."""
    found = []
    for name in games.names():
        load = games.load(name).glossary
        glossary = load() if load is not None else None
        if isinstance(glossary, Glossary):
            found.append(glossary)
    return tuple(found)


def find_terms(query: str) -> list[GlossaryEntry]:
    """Glossary words of every game that ``query`` names: a term, alias or slug exactly first,
    then words with every search word in one of their names, then those with every search word
    in their names or definition (game after game within each); empty: none."""
    words = [w for w in query.lower().split() if w]
    if not words:
        return []
    scored = [
        (entry.matches(words), g, i, entry)
        for g, glossary in enumerate(glossaries())
        for i, entry in enumerate(glossary)
    ]
    ranked = sorted(scored, key=lambda t: (-t[0], t[1], t[2]))
    return [entry for score, _, _, entry in ranked if score]


def term_entries(name: str) -> list[GlossaryEntry]:
    """Every game's glossary entry that ``name`` (a slug, term or alias, any case) names: a
    word both games use (City Hall) has one of each."""
    found = (glossary.get(name) for glossary in glossaries())
    return [entry for entry in found if entry is not None]


def term_rules(entry: GlossaryEntry) -> list[RuleEntry]:
    """The rules index entries a glossary word rests on (those its game's index holds)."""
    found = (find_entry(rule_id) for rule_id in entry.rules)
    return [rule for rule in found if rule is not None]


def find_rules(
    query: str = "", area: str | None = None, *, synonyms: bool = False
) -> list[RuleEntry]:
    """Entries of every game matching ``query`` (an ID in any case, or words that must all
    match; empty: every entry), within one ``area`` if given; each game's search ranking, game
    after game, else reference order. With ``synonyms``, words that name a glossary term
    exactly (its term or an alias: "jail" for the Cell) also find the rules that term rests on,
    after the entries the words find themselves."""
    words = query.strip()
    exact = find_entry(words) if words else None
    if exact is not None:  # an ID names one entry of one game
        entries = [exact]
    elif " " not in words and any(r.ids.fullmatch(words.upper()) for r in rule_sets()):
        entries = []  # a well-formed ID no game has
    else:
        entries = [entry for rules in rule_sets() for entry in rules.find(words)]
        if synonyms and words:
            named = [t for t in find_terms(words) if t.matches(words.lower().split()) == 3]
            extra = [rule for term in named for rule in term_rules(term)]
            entries += [rule for rule in dict.fromkeys(extra) if rule not in entries]
    if area:
        entries = [e for e in entries if area_of(e) == area]
    return entries
