"""One handler per effect kind: the engine interprets every reward, action and ability here.

Rules modules register a flow for each kind of
:data:`speakeasy.games.speakeasy.model.effects.EFFECT_KINDS` they implement::

    @handles("gain_book")
    def gain_book(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]: ...

:func:`run_effect` looks the handler up. ``source`` says where the effect comes from (a card,
a location person, a helper card...), for events and for rules that depend on it (the Garage's
+2 range, a card's own track for ``raise_level track="card"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.context import Ctx, Flow

__all__ = ["HANDLERS", "Handler", "Source", "handles", "implemented", "run_effect", "run_effects"]

Handler = Callable[[Ctx, Colour, Effect, "Source"], Flow[None]]
HANDLERS: dict[str, Handler] = {}


@dataclass(frozen=True, slots=True)
class Source:
    """Where an effect comes from: ``kind`` (card, person, helper, token, docks, notoriety,
    partner, crate, board, tile) and the catalogue id; ``track`` is a card's own operation."""

    kind: str
    id: str
    track: str | None = None
    range_bonus: int = 0  # extra truck range granted alongside (R-CARD-8, R-LOC-GARAGE-2)

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    """Register the decorated flow as the handler of ``kinds``."""

    def register(handler: Handler) -> Handler:
        for kind in kinds:
            if kind in HANDLERS:
                raise AssertionError(f"effect kind {kind!r} has two handlers")
            HANDLERS[kind] = handler
        return handler

    return register


def run_effect(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Carry out one effect for ``colour``."""
    handler = HANDLERS.get(effect.kind)
    if handler is None:
        raise AssertionError(f"no rules implement effect kind {effect.kind!r} yet")
    yield from handler(ctx, colour, effect, source)


def run_effects(ctx: Ctx, colour: Colour, effects: Iterable[Effect], source: Source) -> Flow[None]:
    """Carry out effects top to bottom (R-LOC-GEN-4)."""
    for effect in effects:
        yield from run_effect(ctx, colour, effect, source)


def implemented(effect: Effect) -> bool:
    return effect.kind in HANDLERS
