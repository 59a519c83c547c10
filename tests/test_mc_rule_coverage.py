"""Every Mafia City rule ID of the product's rules index (data/mafia_city/rules_index.toml,
which lists exactly the reference's IDs, see tests/test_mc_play.py) is cited by a test.

A citation counts only inside a test function (its name, docstring or body), not in a module
docstring, a helper or a comment outside a test, so that a test that only mentions an ID does
not count. A range such as ``MC-END-3..5`` cites 3, 4 and 5. ``ALLOWED`` lists the few IDs
that are pure definitions with nothing to play; each needs a one-line reason.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "data" / "mafia_city" / "rules_index.toml"
ID = re.compile(r"\bMC-([A-Z]+)-(\d+)(?:\s*\.\.\s*(?:MC-[A-Z]+-)?(\d+))?")

#: Rule IDs with nothing to test, each with its reason (keep this short).
ALLOWED: dict[str, str] = {}


def rule_ids() -> set[str]:
    with open(INDEX, "rb") as f:
        index = tomllib.load(f)
    return {r["id"] for r in index["rule"] if re.fullmatch(r"MC-[A-Z]+-\d+", r["id"])}


def cited_in(source: str) -> set[str]:
    """The MC rule IDs a piece of source cites, ranges expanded."""
    found: set[str] = set()
    for area, first, last in ID.findall(source):
        end = int(last) if last else int(first)
        found |= {f"MC-{area}-{n}" for n in range(int(first), end + 1)}
    return found


def cited_by_tests() -> dict[str, set[str]]:
    """Rule ID -> the test modules whose test functions cite it."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        source = path.read_text(encoding="utf-8")
        if "MC-" not in source:
            continue
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                segment = "\n".join(lines[node.lineno - 1 : node.end_lineno])
                for rule in cited_in(segment):
                    cited.setdefault(rule, set()).add(path.name)
    return cited


def test_the_citation_pattern() -> None:
    assert cited_in("MC-END-3..5, MC-CLUB-2") == {"MC-END-3", "MC-END-4", "MC-END-5", "MC-CLUB-2"}
    assert cited_in("MC-STR-3..MC-STR-4") == {"MC-STR-3", "MC-STR-4"}
    assert cited_in("R-MONEY-6 EMC-4 GAP-MC-3") == set()


def test_every_mc_rule_is_cited_by_a_test() -> None:
    ids = rule_ids()
    assert len(ids) == 226  # the reference's MC rule IDs
    cited = cited_by_tests()
    missing = sorted(ids - set(cited) - set(ALLOWED))
    assert not missing, f"{len(missing)} MC rule IDs are cited by no test: {missing}"


def test_the_allow_list_is_short_current_and_reasoned() -> None:
    ids, cited = rule_ids(), cited_by_tests()
    assert len(ALLOWED) <= 10
    for rule, reason in ALLOWED.items():
        assert rule in ids, f"{rule} is not in the rules index"
        assert rule not in cited, f"{rule} is cited by {sorted(cited[rule])}: drop it from ALLOWED"
        assert reason.strip() and "\n" not in reason


def test_citations_name_only_known_rules() -> None:
    """A test citing an ID that the index lacks (a typo, a retired number) fails; the one
    made-up ID a lookup test asks for on purpose is the exception."""
    unknown = sorted(set(cited_by_tests()) - rule_ids() - {"MC-NOPE-1"})
    assert not unknown, f"tests cite IDs the rules index lacks: {unknown}"
