"""Reading scenario files, and the scenarios shipped in ``data/scenarios/`` (every rulebook
worked example E1-E23 and the teaching positions, each with its question and answer).

>>> load_scenario("e03_gang_war_district_14").start.phase    # shipped scenarios by name
'luciano'
"""

from __future__ import annotations

from pathlib import Path

from speakeasy.games.speakeasy.positions.format import Scenario, parse_scenario
from speakeasy.games.speakeasy.positions.limits import read_bounded
from speakeasy.tools.paths import data_path

__all__ = ["SCENARIO_DIR", "load_scenario", "shipped_scenarios"]

SCENARIO_DIR = data_path("scenarios")


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; a bare name (``"e04_police_casino"``) means a shipped scenario.
    At most :data:`~speakeasy.games.speakeasy.positions.limits.MAX_BYTES` are read; anything
    else (a path no file can have, a huge or unreadable file) is a :class:`ScenarioError`."""
    if isinstance(path, str | Path) and path and "\x00" not in str(path) and len(str(path)) < 256:
        p = Path(path)
        if not p.suffix and not p.exists():
            path = SCENARIO_DIR / f"{p.name}.toml"
    text, name = read_bounded(path)
    return parse_scenario(text, name)


def shipped_scenarios() -> list[Scenario]:
    """Every scenario in ``data/scenarios/``, by file name (rulebook examples first)."""
    return [load_scenario(p) for p in sorted(SCENARIO_DIR.glob("*.toml"))]
