"""A whole Mafia City game rebuilt from one seat's observation, its hidden facts drawn at
random (issue 27's search bot; :mod:`speakeasy.core.determinize`).

What :func:`~.observe.observe` hides from a seat, and nothing else (MC-INFO-1..5):

=========================================  ===============================  ==============
hidden                                     in the observation               rules
=========================================  ===============================  ==============
another player's hand (unless the seat     its size only (``cards``)        MC-INFO-1,
holds the Police Officer)                                                   MC-INFO-4
the order of the draw pile                 its size only (``draw_count``)   MC-INFO-5
the random number generator's state        nothing (the seed is hidden)     MC-SETUP-7
=========================================  ===============================  ==============

Everything else is public (MC-INFO-3) and copied as it is. The 49 cards (MC-COMP-6) that the
seat cannot see (not in its hand, the discard pile, the cards in play, nor in a hand it sees
as the Police Officer's holder) are shuffled and dealt to the other hands by their sizes and
to the draw pile; the tokens in the box follow from the setup table (MC-SETUP-3).

>>> from speakeasy.games.mafia_city.engine.game import Game
>>> game = Game.new(players=3, seed=7)
>>> seen = game.observe("red")
>>> sampled = determinize(seen, random.Random(1))
>>> sampled.observe("red") == seen, sampled.legal_actions() == game.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from speakeasy.core.determinize import determinized
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.model.state import GameState, Options, Seat

__all__ = ["determinize", "evaluate", "final_scores", "sample_state"]


def sample_state(
    seen: Observation,
    rng: random.Random,
    like: GameState | None = None,
    on_top: Sequence[str] = (),
    forced: Mapping[str, Sequence[str]] | None = None,
) -> GameState:
    """A whole state that ``seen`` is the observation of, each hidden fact (the table in the
    module's docstring) drawn from ``rng``; the unseen cards of ``on_top`` (in a random order)
    on top of the draw pile (MC-DECK-1: drawn from the top), and the unseen cards of
    ``forced[p]`` in ``p``'s hidden hand (cards ``p`` played later, MC-INFO-3). A hidden hand
    of ``like`` that fits (its size, cards unseen) is kept as it is."""
    data = load_data()
    pub = seen.public
    players: list[str] = list(pub["players"])
    row = data.setup[len(players)]
    known: dict[str, list[str]] = {seen.seat: list(seen.hand)}
    if seen.hands is not None:  # the Police Officer's holder sees every hand (MC-INFO-2)
        known = {p: list(h) for p, h in seen.hands.items()}
    seen_cards = Counter(pub["discard"]) + Counter(pub["in_play"])
    for hand in known.values():
        seen_cards += Counter(hand)
    unseen = sorted((Counter(list(data.cards)) - seen_cards).elements())
    given: dict[str, list[str]] = {}
    for p in players:
        hand = like.seats[p].hand if like is not None else []
        fits = like is not None and not Counter(hand) - Counter(unseen)
        if fits and p not in known and len(hand) == pub["seats"][p]["cards"]:
            for card in hand:
                unseen.remove(card)
            given[p] = list(hand)
    for p, cards in sorted((forced or {}).items()):
        if p in known or p in given:
            continue
        for card in cards:
            if card in unseen and len(given.setdefault(p, [])) < pub["seats"][p]["cards"]:
                unseen.remove(card)
                given[p].append(card)
    top = [c for c in on_top if c in unseen][: pub["draw_count"]]
    for card in top:
        unseen.remove(card)
    rng.shuffle(unseen)
    rng.shuffle(top)
    seats: dict[str, Seat] = {}
    for p in players:
        facts = pub["seats"][p]
        if p in known:
            hand = list(known[p])
        elif like is not None and p in given and len(given[p]) == facts["cards"]:
            hand = given[p]  # as the replay dealt it (a pending decision's options used it)
        else:
            hand = given.get(p, [])
            rest = facts["cards"] - len(hand)
            hand = sorted([*hand, *unseen[:rest]])
            del unseen[:rest]
        seats[p] = Seat(
            p,
            hand=hand,
            tokens=facts["tokens"],
            reserve=facts["reserve"],
            box=12 - row.hand - row.reserve,  # MC-SETUP-3
            vp=facts["vp"],
            passed=facts["passed"],
        )
    drawn = unseen + top  # the top of the pile is the end of the list
    if len(drawn) != pub["draw_count"]:
        raise ValueError(
            f"{len(drawn)} cards unseen for a draw pile of {pub['draw_count']} (MC-COMP-6)"
        )
    return GameState(
        players=players,
        seats=seats,
        layout=tuple(pub["layout"]),
        target=pub["target"],
        stacks={k: list(v) for k, v in pub["stacks"].items()},
        cell=[(str(owner), int(jailed)) for owner, jailed in pub["cell"]],
        hitman=pub["hitman"],
        officer=pub["officer"],
        mayor=pub["mayor"],
        start=players.index(pub["start"]),
        round=pub["round"],
        phase=pub["phase"],
        draw=drawn,
        discard=list(pub["discard"]),
        in_play=list(pub["in_play"]),
        cubes=list(pub["cubes"]),
        turn=pub["turn"],
        location=pub["location"],
        finished=pub["phase"] == "over",
    )


def determinize(seen: Observation, rng: random.Random, options: Options | None = None) -> Game:
    """A game (without history) at the position ``seen`` observes, each fact it hides drawn
    from ``rng`` (:func:`sample_state`), waiting for the same decision; ``options`` are the
    game's (public; default: the observation's)."""
    recent = seen.recent
    opts = options if options is not None else seen.options
    players = tuple(seen.public["players"])
    # The cards the seat holds now and did not hold at the last checkpoint: drawn since (or
    # taken by a Thief, MC-INFO-6), so they lay on the pile then, the likeliest on top.
    held = Counter(recent.origin.hand) if recent is not None else Counter[str]()
    new = sorted((Counter(seen.hand) - held).elements())
    # The cards another player played since: in that player's hand then (MC-INFO-3).
    played: dict[str, list[str]] = {}
    cards = load_data().cards
    for player, action in zip(recent.by, recent.since, strict=True) if recent else ():
        if player != seen.seat:
            played.setdefault(str(player), []).extend(
                str(a) for a in action.args if isinstance(a, str) and a in cards
            )

    def sample(then: Observation, draw: random.Random, like: GameState | None) -> GameState:
        if like is not None:
            return sample_state(then, draw, like)
        return sample_state(then, draw, None, new, played)

    return determinized(Game, players, opts, recent, seen, sample, rng, seen.seat)


def final_scores(game: Game) -> dict[str, float]:
    """A finished (or stopped, GAP-MC-24) game's VP by seat (MC-WIN-1): the search bot's
    score."""
    return {p: float(v) for p, v in game.result().vp.items()}


def evaluate(game: Game, seat: str) -> float:
    """``seat``'s VP now (MC-WIN-1): the search bot's static evaluation of a position, in the
    final score's units (what :func:`final_scores` counts at the end)."""
    return float(game.state.seats[seat].vp)
