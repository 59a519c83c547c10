"""Helpers for the Mafia City tests: invariants and a harness that runs one rules flow on a
hand-made position with scripted choices."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from speakeasy.core.actions import Action
from speakeasy.core.context import Flow
from speakeasy.core.engine import Runner
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.state import GameState, Options, Seat
from speakeasy.games.mafia_city.rules.context import Ctx

DATA = load_data()


def check_invariants(st: GameState, vp_before: dict[str, int] | None = None) -> None:
    """Reference section 16.5: tokens, cards, figures, VP."""
    total = DATA.setup[len(st.players)]
    per_player = total.hand + total.reserve
    for p in st.players:
        seat = st.seats[p]
        placed = sum(s.count(p) for s in st.stacks.values()) + sum(1 for o, _ in st.cell if o == p)
        assert seat.tokens >= 0 and seat.reserve >= 0
        assert seat.tokens + seat.reserve + placed == per_player, p  # MC-COMP-8
    owners = {o for s in st.stacks.values() for o in s} | {o for o, _ in st.cell}
    assert owners <= set(st.players)
    cards = st.draw + st.discard + st.in_play + [c for s in st.seats.values() for c in s.hand]
    assert sorted(cards) == sorted(DATA.cards)  # each card in exactly one place (MC-DECK)
    assert st.hitman in range(1, 8)  # MC-FIG-2
    assert st.officer is None or st.officer in st.players
    assert st.mayor is None or st.mayor in st.players
    if vp_before is not None:
        for p in st.players:
            assert st.seats[p].vp >= vp_before[p]  # MC-SCORE-4


def make_state(
    players: Iterable[str] = ("red", "blue", "green"),
    *,
    stacks: dict[int, list[str]] | None = None,
    hands: dict[str, list[str]] | None = None,
    layout: tuple[int, ...] = (5, 1, 2, 3, 4, 6, 7),
    start: int = 0,
    **fields: Any,
) -> GameState:
    """A position with the given stacks and hands; token counts stay consistent (the rest
    of each player's tokens in hand), the rest of the deck in the draw pile."""
    players = list(players)
    row = DATA.setup[len(players)]
    seats = {
        p: Seat(
            p,
            hand=list((hands or {}).get(p, [])),
            tokens=row.hand,
            reserve=row.reserve,
            box=12 - row.hand - row.reserve,
        )
        for p in players
    }
    st = GameState(
        players=players, seats=seats, layout=layout, target=row.target_beginner, start=start
    )
    for loc, stack in (stacks or {}).items():
        st.stacks[loc] = list(stack)
        for owner in stack:
            seats[owner].tokens -= 1
    held = {c for s in seats.values() for c in s.hand}
    st.draw = sorted(c for c in DATA.cards if c not in held)
    for name, value in fields.items():
        setattr(st, name, value)
    for owner, _ in st.cell:
        seats[owner].tokens -= 1
    return st


class Harness:
    """Run one flow on ``ctx`` and answer its decisions in order."""

    def __init__(self, st: GameState, seed: int = 0, **options: Any) -> None:
        self.ctx = Ctx(state=st, rng=random.Random(seed), data=DATA, options=Options(**options))
        self.st = st

    def run(self, flow: Flow[Any], *answers: str) -> Runner:
        runner = Runner(flow)
        runner.send(None)
        for text in answers:
            assert runner.pending is not None, f"flow ended before {text!r}"
            runner.send(runner.choose(Action.parse(text)))
        return runner

    def texts(self) -> list[str]:
        return [e.text for e in self.ctx.events]

    def kinds(self) -> list[str]:
        return [str(e.kind) for e in self.ctx.events]


def pass_all(runner: Runner, limit: int = 100) -> None:
    """Answer every remaining decision with its pass-like option."""
    for _ in range(limit):
        pending = runner.pending
        if pending is None:
            return
        for word in ("pass", "done", "keep", "decline", "skip", "stay"):
            found = [o for o in pending.options if o.kind == word]
            if found:
                runner.send(found[0])
                break
        else:
            raise AssertionError(f"no pass option in {pending.kind}: {pending.options}")
    raise AssertionError("too many decisions")
