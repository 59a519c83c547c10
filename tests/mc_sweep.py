"""The refusal sweep of Mafia City (issue 25): play seeded games and, at every decision, ask for
every kind of action with representative arguments; collect each refusal with the rules its
kind owns. Only the public ``Game`` API is used (plus the open reaction window, to know what a
veto would cancel), so the same sweep measures any version of the refusals."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from speakeasy.core.actions import Action, IllegalAction
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.board import LOCATIONS

#: Action kinds and the shape of their arguments (c: a card, l: a location, p: a position in
#: a stack, s: a seat).
SHAPES: Mapping[str, str] = {
    "keep": "",
    "mulligan": "",
    "place": "l",
    "wait": "c",
    "pass": "",
    "hat": "clp",
    "hats": "ccl",
    "snitch": "clp",
    "thief": "cs",
    "raid": "cl",
    "strings": "cll",
    "plan": "clpl",
    "deals": "c",
    "bullet": "c",
    "skip": "",
    "fists": "cc",
    "chief": "c",
    "fbi": "c",
    "complicity": "clp",
    "discard": "c",
    "evaluate": "l",
    "secret": "c",
    "done": "",
    "jail": "lp",
    "decline": "",
    "move": "l",
    "stay": "",
    "hitman": "cp",
    "use": "",
    "plus": "c",
    "location": "l",
    "name": "s",
    "withdraw": "p",
}


@dataclass(frozen=True)
class Asked:
    """One refused request: the decision it was asked at, by whom, and the refusal."""

    step: int
    decision: str
    seat: str
    action: Action
    error: IllegalAction
    window: tuple[object, list[object]] | None  # the innermost open reaction window, if any


def _variants(game: Game, seat: str, kind: str) -> Iterator[Action]:
    """Representative well-formed requests of ``kind`` for ``seat``: the seat's own cards
    (one of each kind it holds, a pair for two-card kinds), every location in turn, a token
    there if one is, another seat."""
    st = game.state
    hand = list(st.seats[seat].hand)
    by_kind: dict[str, str] = {}
    for card in hand:
        by_kind.setdefault(game.ctx.kind(card), card)
    cards = list(by_kind.values())[:4] or [next(c for c in game.ctx.data.cards if c not in hand)]
    shape = SHAPES[kind]
    others = [p for p in st.players if p != seat]
    for n, loc in enumerate(LOCATIONS):
        stack = st.stacks[loc]
        pos = len(stack) - 1 if stack else 0
        for card in cards if "c" in shape else cards[:1]:
            args: list[str | int] = []
            second = [c for c in hand if c != card][:1] or [card]
            used_c = used_l = 0
            for part in shape:
                if part == "c":
                    args.append(card if used_c == 0 else second[0])
                    used_c += 1
                elif part == "l":
                    args.append(loc if used_l == 0 else LOCATIONS[(n + 1) % len(LOCATIONS)])
                    used_l += 1
                elif part == "p":
                    args.append(pos)
                else:
                    args.append(others[n % len(others)])
            yield Action(kind, tuple(args))
        if "l" not in shape and "p" not in shape and "s" not in shape and n > 0:
            break


def sweep(players: int, seed: int, max_steps: int = 200) -> Iterator[Asked]:
    """Every refusal of the seat to act, at each decision of a seeded random game."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while game.pending is not None and step < max_steps:
        pending = game.pending
        seat = str(pending.player)
        options = set(pending.options)
        windows = getattr(game.ctx, "windows", [])
        window = (windows[-1][0], list(windows[-1][1])) if windows else None
        for kind in SHAPES:
            seen: set[Action] = set()
            for action in _variants(game, seat, kind):
                if action in options or action in seen:
                    continue
                seen.add(action)
                err = game.why_not(action)
                assert err is not None, action
                yield Asked(step, str(pending.kind), seat, action, err, window)
        game.apply(rng.choice(pending.options))
        step += 1
