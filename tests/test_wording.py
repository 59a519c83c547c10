"""Issue 13: the words a player reads carry no number or plural slips.

Every prompt, option label, greyed-out reason and log line of 30 seeded games (2 to 4 players,
random moves) is swept for the slips the issue found: ``book(s)``, ``a any``, ``1 mafiosi``,
``2 barrel``, ``districts 16.``.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from speakeasy import Game
from speakeasy.games.speakeasy.explain.log import log
from speakeasy.games.speakeasy.explain.refusals import explain_blocked
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.rules.wording import count, districts
from speakeasy.games.speakeasy.studies.planner import best_plan
from speakeasy.games.speakeasy.studies.route_study import truck_exercises
from speakeasy.games.speakeasy.table.lessons import truck_lines
from speakeasy.tools.text import counted, plural

_NOUNS = (
    "district|book|barrel|goon|mafioso|card|token|capo|building|tile|point|space|bar|"
    "nightclub|casino|distillery|truck|ship|helper|crate|level|mafiosi"
)
_BETWEEN = (
    r"(?:more |other |empty |operating |protected |city |leverage |movement |crate |gangster )?"
)
#: A noun that, after a count, starts a compound ("+2 truck range", "2 crate tokens").
_COMPOUND = r" (?:range|tokens?|spaces?|cards?|levels?|bars?|area|track)\b"
SLIPS = {
    "a '(s)' plural": re.compile(r"\w\(s\)"),
    "'a' before a vowel word": re.compile(r"\ba (any|operation|\d)\b"),
    "singular count with a plural noun": re.compile(
        rf"(?<![\d.,$+])\b1 {_BETWEEN}(districts|books|barrels|goons|mafiosi|cards|tokens|capos|"
        r"buildings|tiles|points|spaces|trucks|ships|helpers|crates|levels)\b"
    ),
    "plural count with a singular noun": re.compile(
        rf"(?<![\d.,$×x/+-])\b(?:0|[2-9]|\d\d+) {_BETWEEN}({_NOUNS.replace('|mafiosi', '')})\b"
        rf"(?![s\w'-]|{_COMPOUND})"
    ),
    "'districts' before a single number": re.compile(r"\bdistricts \d+(?![\d,]| and| or| to)"),
    "a slash plural": re.compile(r"\w/(mafiosi|mafioso)\b"),
}


def slips(text: str) -> list[str]:
    return [f"{name}: {m.group(0)!r}" for name, pat in SLIPS.items() for m in pat.finditer(text)]


@cache
def _texts(seed: int) -> tuple[str, ...]:
    """Every prompt, option label, refusal and log line a player could read in one game."""
    game = Game.new(players=2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        seen.setdefault(decision.prompt, None)
        for option in decision.options:
            seen.setdefault(option.label, None)
        for action, why in explain_blocked(decision, game.state):
            seen.setdefault(action.label, None)
            seen.setdefault(why, None)
        game.apply(rng.choice(game.legal_actions()))
    for entry in log(game, newest_first=False):
        seen.setdefault(entry.text, None)
    return tuple(seen)


@pytest.mark.parametrize("seed", range(30))
def test_no_plural_slips_in_a_seeded_game(seed: int) -> None:
    found = {text: slips(text) for text in _texts(seed) if slips(text)}
    assert not found, found


def test_the_sweep_catches_each_slip() -> None:
    """The patterns really find the slips of issue 13 (and leave good wording alone)."""
    for bad in (
        "gain 2 book(s)",
        "play a any operation card",
        "strength 1 × 1 mafiosi + 1 goons",
        "Truck 1 (off the map, 2 barrel, 3 movement point left)",
        "Your operating bars without a barrel: districts 16.",
        "gain 1 mafioso/mafiosi (any)",
    ):
        assert slips(bad), bad
    for good in (
        "gain 2 books",
        "play an operation card of any type",
        "strength 1 × 1 mafioso + 1 goon",
        "Truck 1 (off the map, 2 barrels, 3 movement points left)",
        "Your operating bars without a barrel: district 16.",
        "districts 9 and 16; districts 2, 3 and 9; districts 1 to 16",
        "$1 per barrel, 2 leverage per mafioso",
        "reward: +2 truck range; at least 2 crate tokens; your defence is 1 before goons",
    ):
        assert not slips(good), (good, slips(good))


def test_one_plural_helper_reads_every_layer_alike() -> None:
    """The model's :func:`plural` is the one rule; the rules layer's ``count`` and the
    template filler ``counted`` read through it."""
    for n in (0, 1, 2):
        for noun in ("barrel", "mafioso", "distillery", "city token", "movement point"):
            assert count(n, noun) == plural(n, noun)
            assert counted(f"{n} {noun}(s)") == plural(n, noun)
    assert plural(2, "distillery") == "2 distilleries" and plural(1, "mafioso") == "1 mafioso"
    assert districts([16]) == "district 16" and districts([9, 16]) == "districts 9 and 16"


def test_the_truck_lesson_names_one_district_in_the_singular() -> None:
    """learn's truck lesson said "districts 16." for a single bar (issue 13)."""
    game = Game.new(players=2, seed=0)
    lines = " ".join(truck_lines(game.state))
    assert not slips(lines), lines
    assert "ship-" not in lines and "smuggler-" not in lines  # ships by name, not by ID


@pytest.mark.parametrize(
    "name", ["learn", "control", "gang_war", "truck_routes", "strategies", "rules"]
)
def test_no_plural_slips_in_a_notebooks_own_text(name: str) -> None:
    """The notebooks' own sentences (f-strings around counts) read their plurals too."""
    path = Path(__file__).resolve().parent.parent / "notebooks" / f"{name}.py"
    found = [
        line.strip()
        for line in path.read_text().splitlines()
        if SLIPS["a '(s)' plural"].search(line) and "for s in" not in line
    ]
    assert not found, found


def test_truck_exercises_count_movement_points() -> None:
    """truck_routes asked "with 1 movement points per truck" (issue 13)."""
    game = load_scenario("e17_truck_from_district_16").game()
    for truck_range in (1, 2):
        plan = best_plan(game.analysis_context(), Colour.YELLOW, truck_range)
        for exercise in truck_exercises(game, Colour.YELLOW, truck_range, plan):
            assert not slips(exercise.question), exercise.question
