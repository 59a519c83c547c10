"""What one seat may see (MC-INFO, reference section 16.1): all public information, its own
hand, every hand while it holds the Police Officer (MC-POLICE-3, MC-INFO-2); never the order
of the draw pile (MC-INFO-5). A teacher's view (:func:`teacher_view`) is the one explicit
exception: every hand, for the teacher of a shared table only (``speakeasy.tools.teacher``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from speakeasy.core.engine import Recent
from speakeasy.games.mafia_city.model.state import GameState, Options

__all__ = ["Observation", "observe", "teacher_view"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of the position."""

    seat: str
    hand: tuple[str, ...]
    #: Every player's hand, only while this seat holds the Police Officer (else ``None``).
    hands: dict[str, tuple[str, ...]] | None
    public: dict[str, Any]
    #: The game's settings (public: every player agreed to them).
    options: Options = field(default_factory=Options)
    #: The seat's record of the turn so far (its view at the last checkpoint and the actions
    #: taken in view since, :class:`~speakeasy.core.engine.Recent`), for rebuilding the
    #: position from this observation (:mod:`.determinize`); set by the engine, not compared
    #: (two observations of one position are equal however the turn came there).
    recent: Recent | None = field(default=None, compare=False, repr=False)

    @property
    def stacks(self) -> dict[int, list[str]]:
        stacks: dict[int, list[str]] = self.public["stacks"]
        return stacks


def observe(state: GameState, seat: str, options: Options | None = None) -> Observation:
    """The view of ``seat`` (MC-INFO-1..5); ``ValueError`` naming the seats for anything that
    is not a seat of the game."""
    st = state
    if not isinstance(seat, str) or seat not in st.seats:
        seats = ", ".join(repr(s) for s in st.seats)
        shown = repr(seat) if not isinstance(seat, str) or len(seat) <= 40 else "that text"
        raise ValueError(f"{shown} is not a seat of this game; the seats are {seats}")
    public: dict[str, Any] = {
        "players": list(st.players),
        "layout": tuple(st.layout),
        "target": st.target,
        "round": st.round,
        "phase": st.phase,
        "start": st.start_player,
        "turn": st.turn,
        "location": st.location,
        "stacks": {k: list(v) for k, v in st.stacks.items()},
        "cell": [tuple(c) for c in st.cell],
        "hitman": st.hitman,
        "officer": st.officer,
        "mayor": st.mayor,
        "cubes": list(st.cubes),
        "discard": list(st.discard),  # face up (MC-DECK-2)
        "in_play": list(st.in_play),  # every card played is seen (MC-INFO-3)
        "draw_count": len(st.draw),
        "seats": {
            p: {
                "tokens": s.tokens,
                "reserve": s.reserve,
                "vp": s.vp,
                "passed": s.passed,
                "cards": len(s.hand),  # MC-INFO-4 (GAP-MC-21)
            }
            for p, s in st.seats.items()
        },
    }
    hands = {p: tuple(s.hand) for p, s in st.seats.items()} if st.officer == seat else None
    return Observation(seat, tuple(st.seats[seat].hand), hands, public, options or Options())


def teacher_view(state: GameState, seat: str) -> Observation:
    """The explicit teacher's view of a table shown as ``seat``'s: its observation with every
    player's hand (``hands``), as a Police Officer's holder sees them (MC-INFO-2). Never a
    player's: a table shows it only to the teacher (``speakeasy.tools.teacher``)."""
    seen = observe(state, seat)
    hands = {p: tuple(s.hand) for p, s in state.seats.items()}
    return Observation(seen.seat, seen.hand, hands, seen.public, seen.options, seen.recent)
