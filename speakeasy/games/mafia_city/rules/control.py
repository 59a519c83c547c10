"""Who controls a location (MC-CTRL): counts, the standard rule with stack order and the sole
majority at Fight Club and City Hall, with the Secret Deal bonuses of one determination.

>>> control([], "standard").rule
'MC-CTRL-2'
>>> c = control(["red", "blue", "green", "blue", "red"], "standard")
>>> c.controller, c.rule
('red', 'MC-CTRL-3')
>>> control(["red", "blue", "green", "blue", "red"], "sole").tied
('red', 'blue')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Control", "control"]


@dataclass(frozen=True)
class Control:
    """The outcome of one control determination and the rule that decided it."""

    controller: str | None
    counts: Mapping[str, int]
    #: Players sharing the highest count when that tie decided (or left) control.
    tied: tuple[str, ...]
    rule: str
    reason: str
    bonus: Mapping[str, int] = field(default_factory=dict)


def control(stack: list[str], rule: str, bonus: Mapping[str, int] | None = None) -> Control:
    """Control of a location with ``stack`` (bottom to top) under ``rule`` (``"standard"`` or
    ``"sole"``) and the Secret Deal ``bonus`` per player (MC-CTRL-1..6, MC-SECRET-1)."""
    bonus = dict(bonus or {})
    if not stack:
        return Control(None, {}, (), "MC-CTRL-2", "the stack is empty: nobody controls", bonus)
    counts: dict[str, int] = {}
    for owner in stack:
        counts[owner] = counts.get(owner, 0) + 1
    for player, extra in bonus.items():
        counts[player] = counts.get(player, 0) + extra
    top = max(counts.values())
    if top <= 0:
        return Control(None, counts, (), "MC-CTRL-6", "nobody has a count above 0", bonus)
    leaders = tuple(p for p in counts if counts[p] == top)
    if len(leaders) == 1:
        return Control(
            leaders[0],
            counts,
            (),
            "MC-CTRL-5" if rule == "sole" else "MC-CTRL-3",
            f"{leaders[0]} has the most ({top})",
            bonus,
        )
    if rule == "sole":
        return Control(
            None,
            counts,
            leaders,
            "MC-CTRL-5",
            f"{', '.join(leaders)} tie at {top}: no sole majority, nobody controls",
            bonus,
        )
    present = [p for p in leaders if p in stack]
    if not present:
        return Control(
            None,
            counts,
            leaders,
            "MC-CTRL-4",
            "the tied players have no token in the stack: nobody controls",
            bonus,
        )
    first = min(present, key=stack.index)
    rule_id = "MC-CTRL-4" if len(present) < len(leaders) and len(present) == 1 else "MC-CTRL-3"
    return Control(
        first,
        counts,
        leaders,
        rule_id,
        f"{', '.join(leaders)} tie at {top}; {first} got there first (lowest token)",
        bonus,
    )
