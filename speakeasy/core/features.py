"""What a seat has in a position, part by part: the coach's measures (issue 27).

Each registered game may say what it measures of a seat (``GameType.features``): its score's
parts (Speakeasy's pocket, safe, protected buildings and bottles; Mafia City's VP) and what
leads to them (buildings on the map, tokens in play, cards in hand...), each with the rules
that decide it and the explorer page that shows it. The coach
(:mod:`speakeasy.tools.coach`) measures them after each option it compares, in the same drawn
worlds, and reports where the options differ.

>>> f = Feature("safe", "money in your safe", 12.0, ("R-SCORING-1",), scored=True)
>>> f.key, f.value, f.scored, f.explorer
('safe', 12.0, True, None)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Feature"]


@dataclass(frozen=True, slots=True)
class Feature:
    """One measure of a seat in a position.

    ``key`` is stable (``"safe"``), ``label`` says it in a player's words ("money in your
    safe"), ``value`` is a number (money, a count, 1/0 for a yes/no), ``rules`` the rule IDs
    that decide it, ``scored`` whether it is a part of the final score (the scored parts of a
    finished game add up to its score), ``explorer`` the slug of the workshop page that
    explores it (``"control"``), if any, and ``unit`` how a difference is written: ``"$"``
    for money, else a noun counted (``"building"``) or ``""`` for a plain number.
    """

    key: str
    label: str
    value: float
    rules: tuple[str, ...] = ()
    scored: bool = False
    explorer: str | None = None
    unit: str = ""
