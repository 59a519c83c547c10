"""The rules index (``data/rules_index.toml``): complete, in our own words, and covered by tests.

* The index holds exactly the IDs of the rules reference, in reference order, each under the
  section it sits in (skipped if the reference is not beside the project).
* Summaries are one line of at most 140 characters and share no run of 8 consecutive words
  with the reference text of the same ID.
* Coverage: every entry not marked ``descriptive`` is cited by at least one test under
  ``tests/`` (this file excepted, since it only cites IDs to exercise lookups).
* Lookups, search, citations and the errors for malformed index files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from speakeasy.tools.errors import DataError
from speakeasy.tools.rules_index import (
    DEFAULT_RULES_INDEX,
    KINDS,
    MAX_SUMMARY_LENGTH,
    RuleEntry,
    RulesIndex,
    id_kind,
    load_rules_index,
)

THIS_FILE = Path(__file__).resolve()
TESTS_DIR = THIS_FILE.parent
REFERENCE = THIS_FILE.parents[2] / "shared" / "rules" / "speakeasy-rules.md"

#: Only test modules count as citing a rule: recorded data (the golden playthrough's events)
#: and shared helpers name rules without checking them.
NOT_TESTS = frozenset({"support.py", "conftest.py", "__init__.py"})

#: A summary may share at most this many consecutive words with the reference text.
COPY_RUN = 8

#: The entries that state nothing a test could check. Changing this set is a deliberate act:
#: an entry whose area is not tested *yet* must stay out of it (see the coverage tests).
DESCRIPTIVE = frozenset(
    {
        "R-COMP-1",
        "R-COMP-2",
        "R-BOARD-4",
        "R-SETUP-3",
        "R-SETUP-23",
        "R-PSETUP-1",
        "MAP-1",
        "MAP-2",
        "DISC-13",
        "DISC-18",
    }
)

# ----------------------------------------------------------------------------- reference parsing

_H2 = re.compile(r"^## (\d+)\. (.+)$")
_H3_NUMBERED = re.compile(r"^### (\d+\.\d+) (.+)$")
_H3 = re.compile(r"^### (.+)$")
_EXAMPLE = re.compile(r"^### Example (E\d{1,2}) ")
_BULLET = re.compile(r"^\* ((?:R-[A-Z0-9]+(?:-[A-Z0-9]+)*|GEO|MAP|GAP|DISC)-\d+)\b")
_ROW = re.compile(r"^\| (R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)(?:\.\.(\d+))? \|")
_TRAILING_PARENTHESIS = re.compile(r"\s*\([^()]*\)$")


@dataclass
class RefItem:
    """One ID as the reference defines it: its section and its text (for the copy check)."""

    section: str
    text: str


def _title(title: str) -> str:
    return _TRAILING_PARENTHESIS.sub("", title).strip()


def parse_reference(text: str) -> dict[str, RefItem]:
    """Every ID the reference defines, in order: rule bullets (``* R-TRUCK-7: ...``), table rows
    (``| R-CRATE-9 | ...``, ranges ``| R-GOAL-DOCKS-1..3 |`` expanded), GEO/MAP/GAP/DISC bullets
    and worked-example headings (``### Example E1 — ...``, text = heading plus its bullets).

    Sections are ``"<number> <title>"`` of the innermost heading, without a trailing
    parenthesis: ``10 Trucks: pick up and deliver barrels``, ``12.1 Gang war``.
    """
    items: dict[str, RefItem] = {}
    major = ""
    section = ""
    example: str | None = None
    for line in text.splitlines():
        if m := _H2.match(line):
            major, section, example = m[1], f"{m[1]} {_title(m[2])}", None
        elif m := _EXAMPLE.match(line):
            example = m[1]
            items[example] = RefItem(section, line)
        elif m := _H3_NUMBERED.match(line):
            section, example = f"{m[1]} {_title(m[2])}", None
        elif m := _H3.match(line):
            section, example = f"{major} {_title(m[1])}", None
        elif m := _BULLET.match(line):
            items[m[1]] = RefItem(section, line)
            example = None
        elif m := _ROW.match(line):
            for rule_id in _expand(m[1], m[2]):
                items[rule_id] = RefItem(section, line)
            example = None
        elif example is not None and line.startswith("* "):
            items[example].text += "\n" + line
    return items


def _expand(first: str, last: str | None) -> list[str]:
    if last is None:
        return [first]
    base, low = first.rsplit("-", 1)
    return [f"{base}-{n}" for n in range(int(low), int(last) + 1)]


@pytest.fixture(scope="module")
def reference() -> dict[str, RefItem]:
    if not REFERENCE.is_file():
        pytest.skip(f"rules reference not found at {REFERENCE}; cannot compare the index with it")
    return parse_reference(REFERENCE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------ citation scanning

_ID_BASE = r"(?:R-[A-Z0-9]+(?:-[A-Z0-9]+)*|GEO|MAP|GAP|DISC)"
_CITED = re.compile(
    rf"\b(?P<id>{_ID_BASE}-(?P<n>\d+))"
    rf"(?:\.\.(?:{_ID_BASE}-)?(?P<last>\d+)|(?P<more>(?:/\d+)+))?\b"
    r"|\b(?P<example>E\d{1,2})\b"
)


def cited_ids(text: str) -> set[str]:
    """The reference IDs a text cites: ``R-X-3``, ``GEO-6``, ``E17`` (whole words), with ranges
    ``R-X-3..9`` (or ``R-X-3..R-X-9``) and lists ``R-X-3/4/5`` expanded to their members."""
    found: set[str] = set()
    for m in _CITED.finditer(text):
        if m["example"]:
            found.add(m["example"])
            continue
        base = m["id"][: -len(m["n"]) - 1]
        found.add(m["id"])
        if m["last"]:
            found.update(f"{base}-{n}" for n in range(int(m["n"]), int(m["last"]) + 1))
        if m["more"]:
            found.update(f"{base}-{n}" for n in m["more"].split("/")[1:])
    return found


def _citing_files() -> list[Path]:
    return sorted(
        path
        for path in TESTS_DIR.rglob("*.py")
        if path.is_file()
        and path.name not in NOT_TESTS
        and path.resolve() != THIS_FILE
        and "__pycache__" not in path.parts
    )


def uncited_ids(index: RulesIndex) -> list[str]:
    """The non-descriptive entries that no test under ``tests/`` cites, in reference order."""
    cited: set[str] = set()
    for path in _citing_files():
        cited |= cited_ids(path.read_text(encoding="utf-8", errors="replace"))
    return [entry.id for entry in index if not entry.is_descriptive and entry.id not in cited]


def by_prefix(ids: Iterable[str]) -> str:
    """``R-TRUCK: 3, 7`` lines, one per prefix, for failure messages."""
    groups: dict[str, list[str]] = {}
    for rule_id in ids:
        number = re.search(r"\d+$", rule_id)
        assert number is not None, rule_id
        prefix = rule_id[: number.start()].rstrip("-")
        groups.setdefault(prefix, []).append(number[0])
    return "\n".join(f"  {prefix}: {', '.join(numbers)}" for prefix, numbers in groups.items())


# ------------------------------------------------------------------------------ copy detection


def _words(text: str) -> list[str]:
    # Letters only: numbers are data every summary must keep, so they do not count as words
    # (and do not break a run of copied words either).
    return re.findall(r"[^\W\d_]+", text.casefold())


def shared_run(summary: str, source: str, length: int = COPY_RUN) -> str | None:
    """The first run of ``length`` consecutive words ``summary`` shares with ``source``."""
    words, source_words = _words(summary), _words(source)
    runs = {tuple(source_words[i : i + length]) for i in range(len(source_words) - length + 1)}
    for i in range(len(words) - length + 1):
        if tuple(words[i : i + length]) in runs:
            return " ".join(words[i : i + length])
    return None


# ==================================================================================== the tests


@pytest.fixture(scope="module")
def index() -> RulesIndex:
    return load_rules_index()


def test_index_holds_exactly_the_reference_ids(
    index: RulesIndex, reference: dict[str, RefItem]
) -> None:
    missing = [rule_id for rule_id in reference if rule_id not in index]
    extra = [entry.id for entry in index if entry.id not in reference]
    assert not missing, f"IDs of the reference missing from the index:\n{by_prefix(missing)}"
    assert not extra, f"indexed IDs the reference does not define:\n{by_prefix(extra)}"
    assert list(index.ids) == list(reference), "the index must follow the reference order"


def test_sections_match_the_reference(index: RulesIndex, reference: dict[str, RefItem]) -> None:
    wrong = [
        f"{entry.id}: {entry.section!r} != {reference[entry.id].section!r}"
        for entry in index
        if entry.id in reference and entry.section != reference[entry.id].section
    ]
    assert not wrong, "\n".join(wrong)


def test_reference_parser_finds_every_kind_of_definition(reference: dict[str, RefItem]) -> None:
    for rule_id in ("R-TRUCK-7", "R-CRATE-9", "R-GOAL-CP-1", "R-CITYTOK-12", "R-HELPERCARD-8"):
        assert rule_id in reference
    assert {"R-GOAL-DOCKS-2", "R-GOAL-HALL-3", "R-GOAL-NOTOR-1", "R-PARTNER-8"} <= set(reference)
    assert reference["R-TRUCK-7"].section == "10 Trucks: pick up and deliver barrels"
    assert reference["R-GANGWAR-7"].section == "12.1 Gang war"
    assert "Expected: war strength 7" in reference["E2"].text
    counts = {kind: sum(id_kind(i) == kind for i in reference) for kind in KINDS[1:]}
    assert counts == {
        "example": 23,
        "board fact": 20,
        "map": 6,
        "gap": 28,
        "discrepancy": 18,
    }


def test_summaries_are_single_short_lines(index: RulesIndex) -> None:
    bad = [
        f"{entry.id}: {len(entry.summary)} chars"
        for entry in index
        if not entry.summary.strip()
        or "\n" in entry.summary
        or len(entry.summary) > MAX_SUMMARY_LENGTH
    ]
    assert not bad, "\n".join(bad)
    assert len(index) == len(set(index.ids))


def test_summaries_are_in_our_own_words(index: RulesIndex, reference: dict[str, RefItem]) -> None:
    copied = []
    for entry in index:
        for own in (entry.summary, entry.descriptive or ""):
            run = shared_run(own, reference[entry.id].text)
            if run:
                copied.append(f"{entry.id}: {run!r}")
    assert not copied, "summaries repeating the reference word for word:\n" + "\n".join(copied)


def test_copy_check_itself() -> None:
    source = "* R-TRUCK-7: Moving to an adjacent district costs 1 movement point. No diagonals."
    assert shared_run("Moving to an adjacent district costs a point", source) is None
    assert (
        shared_run("Note: moving to an adjacent district costs 1 movement point. No diag", source)
        == "moving to an adjacent district costs movement point"
    )
    assert shared_run("A move goes to a neighbouring district and costs one point", source) is None


def test_descriptive_entries_are_the_deliberate_few(index: RulesIndex) -> None:
    marked = {entry.id for entry in index.descriptive()}
    assert marked == DESCRIPTIVE
    for entry in index.descriptive():
        assert entry.descriptive and len(entry.descriptive) >= 20, entry.id


def test_citation_scanner_expands_ranges_and_lists() -> None:
    text = (
        "see R-GANGWAR-3..9 and R-ORDER-4..R-ORDER-7, R-LOC-RESTAURANT-1/2, R-CITY-2/3/5; "
        "E17 and (E3), GEO-6, GAP-1..2, DISC-5. Not E123, XE1, R-TRUCK or R-GOAL-DOCKS."
    )
    assert cited_ids(text) == {
        *(f"R-GANGWAR-{n}" for n in range(3, 10)),
        *(f"R-ORDER-{n}" for n in range(4, 8)),
        "R-LOC-RESTAURANT-1",
        "R-LOC-RESTAURANT-2",
        "R-CITY-2",
        "R-CITY-3",
        "R-CITY-5",
        "E17",
        "E3",
        "GEO-6",
        "GAP-1",
        "GAP-2",
        "DISC-5",
    }


def test_every_checkable_id_is_cited_by_a_test(index: RulesIndex) -> None:
    """Every indexed ID that is not descriptive is named by at least one test."""
    uncited = uncited_ids(index)
    assert not uncited, (
        f"{len(uncited)} indexed IDs no test cites; cite them in the test that checks them "
        f"(or, if they truly state nothing checkable, mark them descriptive):\n"
        f"{by_prefix(uncited)}"
    )


# ---------------------------------------------------------------------------------- the API


def test_lookups(index: RulesIndex) -> None:
    entry = index["R-GANGWAR-7"]
    assert isinstance(entry, RuleEntry)
    assert (entry.kind, entry.section, entry.descriptive) == ("rule", "12.1 Gang war", None)
    assert index.get("R-GANGWAR-7") is entry
    assert index.get("R-GANGWAR-99") is None
    assert "E23" in index and "E24" not in index and 7 not in index
    assert index.summary("R-TRUCK-7") == index["R-TRUCK-7"].summary
    assert [e.id for e in index][:3] == ["R-COMP-1", "R-COMP-2", "R-COMP-3"]
    assert list(index)[-1].id == "DISC-18"
    assert len(index) == sum(index.counts().values())
    assert index.counts()["example"] == 23
    assert [e.id for e in index.of_kind("map")] == [f"MAP-{n}" for n in range(1, 7)]
    assert index["R-LOC-GARAGE-2"].prefix == "R-LOC-GARAGE"
    assert str(index["R-GOLDEN-5"]) == "R-GOLDEN-5: Gangster bars ignore police."
    with pytest.raises(KeyError, match=r"R-TRUCK has R-TRUCK-1\.\.R-TRUCK-14"):
        index["R-TRUCK-15"]
    with pytest.raises(KeyError, match="not in the rules index"):
        index.summary("R-NOPE-1")
    with pytest.raises(ValueError, match="unknown kind"):
        index.of_kind("rules")


def test_id_kinds() -> None:
    assert [id_kind(i) for i in ("R-2P-3", "E1", "GEO-20", "MAP-6", "GAP-28", "DISC-1")] == [
        "rule",
        "example",
        "board fact",
        "map",
        "gap",
        "discrepancy",
    ]
    for bad in ("R-TRUCK", "r-truck-7", "E100", "E0", "GEO-0", "X-1", "R-TRUCK-7 "):
        with pytest.raises(ValueError, match="not a rules-reference ID"):
            id_kind(bad)


def test_cite(index: RulesIndex) -> None:
    cited = index.cite("R-GANGWAR-7")
    assert cited.startswith("R-GANGWAR-7 (in turn order, owners choose per building")
    assert cited.endswith("holds if ≥ war strength)")
    both = index.cite(["R-COMBAT-1", "E1"])
    assert both.startswith("R-COMBAT-1 (takeovers and ship attacks need attack strictly above")
    assert "; E1 (thresholds: " in both
    assert index.cite(("R-GOLDEN-5",)) == "R-GOLDEN-5 (gangster bars ignore police)"
    # Proper nouns and abbreviations keep their capitals.
    assert index.cite("R-BOARD-1").startswith("R-BOARD-1 (Manhattan is split")
    assert index.cite("R-2P-6") == "R-2P-6 (2p: each operating casino earns $5)"
    assert index.cite("R-TRUCK-7").startswith("R-TRUCK-7 (a move goes")
    with pytest.raises(KeyError, match="R-GANGWAR-99"):
        index.cite(["R-GANGWAR-7", "R-GANGWAR-99"])
    with pytest.raises(ValueError, match="at least one ID"):
        index.cite([])


def test_search(index: RulesIndex) -> None:
    # Case-insensitive; the ID itself ranks first.
    assert [e.id for e in index.search("r-truck-7")] == ["R-TRUCK-7"]
    assert index.search("E17")[0].id == "E17"
    # Every word must match somewhere (ID, summary or section).
    hits = index.search("casino income")
    assert hits and all(
        all(w in f"{e.id} {e.summary} {e.section}".casefold() for w in ("casino", "income"))
        for e in hits
    )
    assert hits[0].id == "R-ORDER-5"
    assert index.search(["CASINO", "Income"]) == hits
    # ID parts rank above summary words: R-GOON-* before other entries mentioning goons.
    goon = [e.id for e in index.search("goon")]
    assert goon[:4] == ["R-GOON-1", "R-GOON-2", "R-GOON-3", "R-GOON-4"]
    assert "R-COMBAT-3" in goon
    # Abbreviations: "nightclub" also finds the summaries that say NC.
    assert "R-BUILD-4" in [e.id for e in index.search("nightclub")]
    # Section titles match too, ranked below summaries.
    assert {e.id for e in index.search("patrols")} >= {f"R-POLICE-{n}" for n in range(1, 5)}
    assert index.search("zeppelin") == []
    assert index.search("truck zeppelin") == []
    with pytest.raises(ValueError, match="at least one word"):
        index.search("  ")


def test_default_index_is_cached_and_custom_files_load(tmp_path: Path) -> None:
    assert load_rules_index() is load_rules_index()
    assert load_rules_index().path == DEFAULT_RULES_INDEX
    path = _write(
        tmp_path,
        '[[rule]]\nid = "R-TRUCK-7"\nsection = "10 Trucks"\nsummary = "One step, one point."\n\n'
        '[[rule]]\nid = "E1"\nsection = "15 Examples"\nsummary = "Thresholds."\n'
        'descriptive = "only here to exercise the loader"\n',
    )
    custom = load_rules_index(path)
    assert custom is not load_rules_index(path)
    assert custom.ids == ("R-TRUCK-7", "E1")
    assert custom["E1"].is_descriptive and custom["E1"].kind == "example"
    assert repr(custom) == "<RulesIndex of 2 entries: 1 rule, 1 example>"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules_index.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = '[[rule]]\nid = "R-TRUCK-7"\nsection = "10 Trucks"\nsummary = "One step, one point."\n'


@pytest.mark.parametrize(
    ("text", "entry", "problem"),
    [
        ('[[rule]\nid = "R-TRUCK-7"\n', "file", "not valid TOML"),
        ("", "file", "non-empty [[rule]] array"),
        ('rule = "R-TRUCK-7"\n', "file", "non-empty [[rule]] array"),
        ('title = "x"\n' + GOOD, "file", "unknown top-level key(s): title"),
        ("rule = [1]\n", "rule #1", "must be a table"),
        ('[[rule]]\nsection = "1"\nsummary = "s"\n', "rule #1", "needs an 'id' string"),
        ('[[rule]]\nid = 7\nsection = "1"\nsummary = "s"\n', "rule #1", "needs an 'id' string"),
        (
            '[[rule]]\nid = "R-TRUCK"\nsection = "1"\nsummary = "s"\n',
            "rule #1 (R-TRUCK)",
            "not a rules-reference ID",
        ),
        (GOOD + GOOD, "rule #2 (R-TRUCK-7)", "duplicate id (also rule #1)"),
        (GOOD.replace("One step, one point.", ""), "rule #1 (R-TRUCK-7)", "'summary' is empty"),
        (
            GOOD.replace('"One step, one point."', '"""One step,\none point."""'),
            "rule #1 (R-TRUCK-7)",
            "'summary' must be a single line",
        ),
        (
            GOOD.replace("One step, one point.", "x" * 141),
            "rule #1 (R-TRUCK-7)",
            "summary is 141 characters long; at most 140 allowed",
        ),
        (GOOD.replace('"One step, one point."', "3"), "rule #1 (R-TRUCK-7)", "must be a string"),
        (GOOD.replace('"One step, one point."', '" x"'), "rule #1 (R-TRUCK-7)", "leading or"),
        (GOOD.replace('section = "10 Trucks"\n', ""), "rule #1 (R-TRUCK-7)", "'section' must be"),
        (GOOD + 'kind = "rule"\n', "rule #1 (R-TRUCK-7)", "unknown field(s) kind"),
        (GOOD + 'descriptive = ""\n', "rule #1 (R-TRUCK-7)", "'descriptive' is empty"),
    ],
)
def test_malformed_files_name_file_entry_and_problem(
    tmp_path: Path, text: str, entry: str, problem: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_rules_index(path)
    assert caught.value.path == str(path)
    assert caught.value.entry == entry
    assert problem in caught.value.problem
    assert str(path) in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="rules index file is missing") as caught:
        load_rules_index(tmp_path / "nowhere.toml")
    assert caught.value.entry == "file"
