"""The project's own index of the rules reference: one entry per rule, example or gap ID.

``data/rules_index.toml`` lists every ID of the rules reference (``R-TRUCK-7``, ``E17``,
``GEO-6``, ``MAP-4``, ``GAP-1``, ``DISC-5``...) in reference order, with the section it sits in
and a one-line summary in the project's own words. Explanations use it to cite rules:

>>> index = load_rules_index()
>>> index.get("R-TRUCK-7").summary
'A move goes to a neighbouring district and costs one movement point; no diagonals.'
>>> index.cite("R-TRUCK-8")
'R-TRUCK-8 (trucks may not cross Central Park: 13 and 15 have no link to 14 and 16)'
>>> [entry.id for entry in index.search("central park truck")][:2]
['R-TRUCK-8', 'R-BOARD-14']

Entries that state no checkable behaviour (a component description, the table layout...) carry
a ``descriptive`` reason; every other entry must be cited by at least one test
(``tests/test_rules_index.py``).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from speakeasy.tools.errors import DataError
from speakeasy.tools.paths import data_path
from speakeasy.tools.toml import read_toml

__all__ = [
    "DEFAULT_RULES_INDEX",
    "KINDS",
    "MAX_SUMMARY_LENGTH",
    "RuleEntry",
    "RulesIndex",
    "id_kind",
    "load_rules_index",
]

#: The shipped index.
DEFAULT_RULES_INDEX: Final = data_path("rules_index.toml")

#: Longest summary allowed, in characters.
MAX_SUMMARY_LENGTH: Final = 140

#: The ID shapes of the rules reference and the kind of entry each one names.
_SHAPES: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (re.compile(r"R-[A-Z0-9]+(?:-[A-Z0-9]+)*-[1-9][0-9]*"), "rule"),
    (re.compile(r"E[1-9][0-9]?"), "example"),
    (re.compile(r"GEO-[1-9][0-9]*"), "board fact"),
    (re.compile(r"MAP-[1-9][0-9]*"), "map"),
    (re.compile(r"GAP-[1-9][0-9]*"), "gap"),
    (re.compile(r"DISC-[1-9][0-9]*"), "discrepancy"),
)

#: Every kind of entry, in the order the reference introduces them.
KINDS: Final = tuple(kind for _, kind in _SHAPES)

_FIELDS: Final = ("id", "section", "summary", "descriptive")

#: Search words that also match the abbreviation (or the full word) the summaries use.
_ALIASES: Final[Mapping[str, tuple[str, ...]]] = {
    "nightclub": ("nc", "ncs"),
    "nightclubs": ("nc", "ncs"),
    "nc": ("nightclub", "nightclubs"),
    "ncs": ("nightclub", "nightclubs"),
    "cp": ("central",),
    "mp": ("movement",),
    "movement": ("mp",),
}

#: Capitalised words that stay capitalised when a summary is quoted inside a citation.
_PROPER: Final = frozenset(
    {
        "Act", "Acts", "Arnold", "Birdie", "Blue", "Central", "City", "Commission",
        "Contractors'", "Docks", "Downtown", "Gambino", "Garage", "Green", "Lucky",
        "Manhattan", "Midtown", "Purple", "Restaurant", "Stephanie", "Uptown", "Yellow",
    }
)  # fmt: skip


def id_kind(rule_id: str) -> str:
    """The kind of entry an ID names; ``ValueError`` if the ID has no known shape.

    >>> id_kind("R-LOC-GARAGE-2"), id_kind("E17"), id_kind("GEO-6"), id_kind("DISC-5")
    ('rule', 'example', 'board fact', 'discrepancy')
    >>> id_kind("R-TRUCK")
    Traceback (most recent call last):
    ...
    ValueError: 'R-TRUCK' is not a rules-reference ID (R-<AREA>-<n>, E<n>, GEO-<n>, ...)
    """
    for pattern, kind in _SHAPES:
        if pattern.fullmatch(rule_id):
            return kind
    raise ValueError(
        f"{rule_id!r} is not a rules-reference ID "
        "(R-<AREA>-<n>, E<n>, GEO-<n>, MAP-<n>, GAP-<n>, DISC-<n>)"
    )


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One indexed ID: its kind, reference section, summary and, if untestable, why.

    >>> entry = load_rules_index()["R-COMP-1"]
    >>> entry.kind, entry.section, entry.is_descriptive
    ('rule', '1 Components', True)
    """

    id: str
    kind: str
    section: str
    summary: str
    descriptive: str | None = None

    @property
    def is_descriptive(self) -> bool:
        """True if the entry states no behaviour a test could check."""
        return self.descriptive is not None

    @property
    def prefix(self) -> str:
        """The ID without its number: ``R-LOC-GARAGE`` for ``R-LOC-GARAGE-2``, ``E`` for ``E17``.

        >>> load_rules_index()["R-LOC-GARAGE-2"].prefix, load_rules_index()["E17"].prefix
        ('R-LOC-GARAGE', 'E')
        """
        return re.sub(r"-?[0-9]+$", "", self.id)

    def citation(self) -> str:
        """The entry as cited in an explanation: the ID and its summary in parentheses.

        >>> load_rules_index()["R-COMBAT-2"].citation()  # doctest: +NORMALIZE_WHITESPACE
        "R-COMBAT-2 (in a gang war a building survives when its defence is at least the
        gangster's war strength)"
        """
        text = self.summary.rstrip(".")
        first = text.split(" ", 1)[0]
        capitalised = first == "A" or (first[:1].isupper() and first[1:].islower())
        if capitalised and first not in _PROPER:
            text = text[0].lower() + text[1:]
        return f"{self.id} ({text})"

    def __str__(self) -> str:
        return f"{self.id}: {self.summary}"


class RulesIndex:
    """The indexed entries in reference order, looked up by ID or searched by words.

    >>> index = load_rules_index()
    >>> len(index) > 400, "E23" in index, "R-NOPE-1" in index
    (True, True, False)
    >>> index.get("R-NOPE-1") is None
    True
    """

    __slots__ = ("_by_id", "_entries", "_position", "path")

    def __init__(self, entries: Iterable[RuleEntry], path: str | Path | None = None) -> None:
        self._entries: tuple[RuleEntry, ...] = tuple(entries)
        self._by_id: dict[str, RuleEntry] = {}
        self._position: dict[str, int] = {}
        self.path = None if path is None else Path(path)
        for position, entry in enumerate(self._entries):
            if entry.id in self._by_id:
                raise ValueError(f"duplicate ID {entry.id}")
            self._by_id[entry.id] = entry
            self._position[entry.id] = position

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self._entries)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __getitem__(self, rule_id: str) -> RuleEntry:
        """The entry of ``rule_id``; ``KeyError`` naming similar IDs if it is not indexed.

        >>> load_rules_index()["R-TRUCK-99"]
        Traceback (most recent call last):
        ...
        KeyError: 'R-TRUCK-99 is not in the rules index (R-TRUCK has R-TRUCK-1..R-TRUCK-14)'
        """
        try:
            return self._by_id[rule_id]
        except KeyError:
            raise KeyError(self._unknown(rule_id)) from None

    def get(self, rule_id: str) -> RuleEntry | None:
        """The entry of ``rule_id``, or ``None`` if it is not indexed.

        >>> load_rules_index().get("E9").section
        '15 Worked examples from the rulebook'
        """
        return self._by_id.get(rule_id)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every indexed ID, in reference order."""
        return tuple(entry.id for entry in self._entries)

    def of_kind(self, kind: str) -> list[RuleEntry]:
        """The entries of one kind (see :data:`KINDS`), in reference order.

        >>> len(load_rules_index().of_kind("example"))
        23
        """
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
        return [entry for entry in self._entries if entry.kind == kind]

    def counts(self) -> dict[str, int]:
        """How many entries of each kind the index holds.

        >>> load_rules_index().counts()["gap"]
        28
        """
        counted = Counter(entry.kind for entry in self._entries)
        return {kind: counted[kind] for kind in KINDS}

    def descriptive(self) -> list[RuleEntry]:
        """The entries marked descriptive (exempt from test coverage)."""
        return [entry for entry in self._entries if entry.is_descriptive]

    def summary(self, rule_id: str) -> str:
        """The one-line summary of ``rule_id``; ``KeyError`` if it is not indexed.

        >>> load_rules_index().summary("R-GOLDEN-5")
        'Gangster bars ignore police.'
        """
        return self[rule_id].summary

    def cite(self, ids: str | Iterable[str]) -> str:
        """Cite one ID or several (joined by ``"; "``) with their summaries, for explanations.

        >>> print(load_rules_index().cite(["R-ORDER-6", "R-ORDER-7"]))
        ... # doctest: +NORMALIZE_WHITESPACE
        R-ORDER-6 (top-row markers keep their relative order and slide, in order, into the
        columns not claimed by bottom-row markers); R-ORDER-7 (then each bottom-row marker moves
        straight up to the top row in its column, giving next round's order)
        """
        wanted = [ids] if isinstance(ids, str) else list(ids)
        if not wanted:
            raise ValueError("cite() needs at least one ID")
        return "; ".join(self[rule_id].citation() for rule_id in wanted)

    def search(self, words: str | Iterable[str]) -> list[RuleEntry]:
        """Entries matching every word (case-insensitive) in their ID, summary or section.

        A word matches if it occurs in the ID, the summary or the section title (``nightclub``
        also finds ``NC``). Results are ranked: the ID itself, then ID parts (``truck`` in
        ``R-TRUCK-7``), then whole words of the summary, word beginnings, abbreviations, other
        parts of words, then the section title; ties keep reference order.

        >>> [e.id for e in load_rules_index().search("r-truck-7")]
        ['R-TRUCK-7']
        >>> [e.id for e in load_rules_index().search(["casino", "income"])][:2]
        ['R-ORDER-5', 'R-MONEY-3']
        """
        terms = [w.casefold() for w in ([words] if isinstance(words, str) else words)]
        terms = [t for w in terms for t in w.split()]
        if not terms:
            raise ValueError("search() needs at least one word")
        scored: list[tuple[int, int, RuleEntry]] = []
        for entry in self._entries:
            total = 0
            for term in terms:
                score = _score(entry, term)
                if score == 0:
                    break
                total += score
            else:
                scored.append((-total, self._position[entry.id], entry))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [entry for _, _, entry in scored]

    def _unknown(self, rule_id: str) -> str:
        prefix = re.sub(r"-?[0-9]+$", "", rule_id)
        same = [entry.id for entry in self._entries if entry.prefix == prefix]
        if same:
            return f"{rule_id} is not in the rules index ({prefix} has {same[0]}..{same[-1]})"
        return f"{rule_id} is not in the rules index"

    def __repr__(self) -> str:
        counts = ", ".join(f"{n} {kind}" for kind, n in self.counts().items() if n)
        return f"<RulesIndex of {len(self)} entries: {counts}>"


def _score(entry: RuleEntry, term: str) -> int:
    """How well one lower-case search word matches an entry (0 = no match)."""
    rule_id = entry.id.casefold()
    if term == rule_id:
        return 1000
    if term in rule_id.split("-") or rule_id.startswith(term + "-"):
        return 100
    summary = entry.summary.casefold()
    words = re.findall(r"[^\W_]+", summary)
    if term in words:
        return 20 + min(words.count(term), 3)
    if any(word.startswith(term) for word in words):
        return 18
    if any(alias in words for alias in _ALIASES.get(term, ())):
        return 15
    if term in summary:
        return 10
    if term in rule_id:
        return 5
    section = entry.section.casefold()
    if term in section:
        return 2
    return 0


def _read(path: Path) -> RulesIndex:
    data = read_toml(path, missing="rules index file is missing")
    extra = sorted(set(data) - {"rule"})
    if extra:
        raise DataError(path, "file", f"unknown top-level key(s): {', '.join(extra)}")
    rules = data.get("rule")
    if not isinstance(rules, list) or not rules:
        raise DataError(path, "file", "needs a non-empty [[rule]] array")
    entries: list[RuleEntry] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(rules, start=1):
        entry = _entry(path, number, raw)
        if entry.id in seen:
            raise DataError(
                path, f"rule #{number} ({entry.id})", f"duplicate id (also rule #{seen[entry.id]})"
            )
        seen[entry.id] = number
        entries.append(entry)
    return RulesIndex(entries, path)


def _entry(path: Path, number: int, raw: object) -> RuleEntry:
    where = f"rule #{number}"
    if not isinstance(raw, Mapping):
        raise DataError(path, where, f"must be a table, got {raw!r}")
    rule_id = raw.get("id")
    if not isinstance(rule_id, str) or not rule_id:
        raise DataError(path, where, f"needs an 'id' string, got {rule_id!r}")
    where = f"rule #{number} ({rule_id})"
    try:
        kind = id_kind(rule_id)
    except ValueError as exc:
        raise DataError(path, where, str(exc)) from None
    unknown = sorted(set(raw) - set(_FIELDS))
    if unknown:
        raise DataError(
            path, where, f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(_FIELDS)}"
        )
    section = _line(path, where, raw, "section", required=True)
    summary = _line(path, where, raw, "summary", required=True)
    if len(summary) > MAX_SUMMARY_LENGTH:
        raise DataError(
            path,
            where,
            f"summary is {len(summary)} characters long; at most {MAX_SUMMARY_LENGTH} allowed",
        )
    descriptive = _line(path, where, raw, "descriptive", required=False)
    return RuleEntry(rule_id, kind, section, summary, descriptive or None)


def _line(path: Path, where: str, raw: Mapping[str, object], field: str, *, required: bool) -> str:
    value = raw.get(field)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise DataError(path, where, f"'{field}' must be a string, got {value!r}")
    if not value.strip():
        raise DataError(path, where, f"'{field}' is empty")
    if "\n" in value or "\r" in value:
        raise DataError(path, where, f"'{field}' must be a single line")
    if value != value.strip():
        raise DataError(path, where, f"'{field}' has leading or trailing spaces")
    return value


@functools.cache
def _default_index() -> RulesIndex:
    return _read(DEFAULT_RULES_INDEX)


def load_rules_index(path: str | Path | None = None) -> RulesIndex:
    """Load and validate a rules index file (default: the shipped ``data/rules_index.toml``).

    The default index is loaded once and cached. A malformed file raises
    :class:`~speakeasy.tools.errors.DataError` naming the file, the entry and the problem.

    >>> load_rules_index() is load_rules_index()
    True
    >>> load_rules_index().counts()["example"]
    23
    """
    if path is None:
        return _default_index()
    return _read(Path(path))
