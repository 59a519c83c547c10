"""The context Mafia City's flows run in, and the small moves every rules area shares:
drawing with the reshuffle (MC-DECK), discarding (MC-CARD-3) and jailing (MC-PRISON-1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Self

from speakeasy.core.actions import Event
from speakeasy.core.context import Context
from speakeasy.games.mafia_city.model.data import GameData, load_data
from speakeasy.games.mafia_city.model.kinds import DecisionKind, EventKind
from speakeasy.games.mafia_city.model.state import GameState, Options

__all__ = ["Ctx", "Effect", "Veto", "discard_cards", "draw_cards", "take_from_hand"]


@dataclass(frozen=True)
class Effect:
    """An effect someone tries to carry out (MC-VETO-1).

    ``what`` is a card kind (a text effect), a symbol (``hat``, ``bullet``, ``plus``) or a
    location effect (``prison``, ``harbour``); ``cards`` are the cards played for it.
    """

    owner: str
    what: str
    cards: tuple[str, ...]
    text: str
    rules: tuple[str, ...]

    @property
    def is_card(self) -> bool:
        """A card text or symbol effect (2 Fists cancel it), not a location effect (MC-FIST-2)."""
        return self.what not in ("prison", "harbour")


@dataclass(frozen=True)
class Veto:
    """One veto in a chain: who played which cards as what (``fists``, ``chief``, ``fbi``)."""

    player: str
    how: str
    cards: tuple[str, ...]


@dataclass(slots=True)
class Ctx(Context[GameState, str, EventKind, DecisionKind]):
    """A Mafia City context: the state, the RNG and events, plus the data and the options."""

    data: GameData = field(default_factory=load_data)
    options: Options = field(default_factory=Options)
    #: The reaction windows open now, innermost last: each effect with its chain of vetoes so
    #: far (the refusals read it: what a veto would cancel). Not part of the state: a flow
    #: rebuilds it as it replays, and it is empty at every checkpoint.
    windows: list[tuple[Effect, list[Veto]]] = field(default_factory=list)

    def fork(self, state: GameState, rng: random.Random, events: list[Event]) -> Self:
        """A context like this one over another state (:meth:`Context.fork`), no window open."""
        other = Context.fork(self, state, rng, events)
        other.windows = []
        return other

    def symbol(self, card: str) -> str:
        return self.data.cards[card].symbol

    def kind(self, card: str) -> str:
        return self.data.cards[card].kind

    def label(self, card: str) -> str:
        c = self.data.cards[card]
        return f"{self.data.kinds[c.kind].name} ({c.symbol})"


def draw_cards(ctx: Ctx, player: str, n: int, rules: tuple[str, ...]) -> list[str]:
    """``player`` draws up to ``n`` cards from the top of the draw pile (MC-DECK-1); an empty
    pile is first refilled by shuffling the discard pile (MC-DECK-3, GAP-MC-6); with both
    piles empty the draw is lost (MC-DECK-4)."""
    st = ctx.state
    drawn: list[str] = []
    for _ in range(n):
        if not st.draw:
            if not st.discard:
                break
            st.draw, st.discard = st.discard, []
            ctx.rng.shuffle(st.draw)
            ctx.emit(
                EventKind.RESHUFFLE,
                st.start_player,
                ("MC-DECK-3",),
                f"{st.start_player} shuffles the discard pile into a new draw pile "
                f"({len(st.draw)} cards).",
            )
        drawn.append(st.draw.pop())
    st.seats[player].hand.extend(drawn)
    ctx.emit(
        EventKind.DRAW,
        player,
        rules,
        f"{player} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
        cards=list(drawn),
        count=len(drawn),
    )
    return drawn


def take_from_hand(ctx: Ctx, player: str, cards: tuple[str, ...]) -> None:
    """Move played cards from ``player``'s hand into play (their chain is still open)."""
    hand = ctx.state.seats[player].hand
    for card in cards:
        hand.remove(card)
        ctx.state.in_play.append(card)


def discard_cards(ctx: Ctx, cards: tuple[str, ...] | list[str]) -> None:
    """Cards in play go face up onto the discard pile (MC-CARD-3, MC-DECK-2)."""
    st = ctx.state
    for card in cards:
        st.in_play.remove(card)
        st.discard.append(card)
