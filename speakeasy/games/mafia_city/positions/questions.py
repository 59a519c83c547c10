"""The questions a position's ``[question]`` may ask: pure data, checked when a position is
read (an unknown question, or one without the parameter it needs, is refused with its line).
The answers are computed by :func:`speakeasy.games.mafia_city.studies.questions.answer`.

A question plays its ``play`` actions from the position (each must be legal: the rules check
them), then reads each fact named in ``ask``; ``answer`` is the table of those facts the
engine must compute (the test suite checks every shipped one).

>>> ASKS["control"].params
('location',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["ASKS", "Ask"]


@dataclass(frozen=True)
class Ask:
    """One fact a question may ask for: its name, the parameters it needs, what it says."""

    name: str
    params: tuple[str, ...]
    summary: str


#: Every fact by name.
ASKS: Final[dict[str, Ask]] = {
    a.name: a
    for a in (
        Ask("stacks", (), "every non-empty stack, bottom to top (MC-MAP-3)"),
        Ask("cell", (), "the owners of the tokens in the Cell, in order (MC-PRISON-1)"),
        Ask("hands", (), "how many cards each player holds (MC-INFO-4)"),
        Ask("tokens", (), "each player's tokens in hand (MC-INFO-3)"),
        Ask("reserve", (), "each player's tokens in reserve (MC-INFO-3)"),
        Ask("vp", (), "each player's VP (MC-SCORE)"),
        Ask("passed", (), "the players who have passed, in seating order (MC-ACT-7)"),
        Ask("figures", (), "where the Hitman stands and who holds the others (MC-FIG-2)"),
        Ask("discard", (), "how many cards the discard pile holds (MC-DECK-2)"),
        Ask("draw", (), "how many cards the draw pile holds (MC-DECK-1)"),
        Ask("start_player", (), "who holds the start-player token (MC-END-1)"),
        Ask("phase", (), "the phase the game is in (MC-ROUND-1)"),
        Ask("pending", (), "who decides now, and what kind of decision (MC-ACT-2)"),
        Ask("options", (), "the kinds of action the pending decision offers"),
        Ask("refused", ("action",), "the code and rule refusing an action, or 'legal'"),
        Ask("control", ("location",), "who controls a location now, and the rule (MC-CTRL)"),
        Ask("winner", (), "the winner and the rule that decided, once the game is over (MC-WIN)"),
    )
}
