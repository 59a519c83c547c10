"""Speakeasy's part of a batch of bot games (:mod:`speakeasy.tools.batch`): its bots by kind,
playing one game of a spec (:func:`play_game`, the descriptor's ``play_batch_game``) and the
record of a finished game, and its lines of a batch's summary (:func:`batch_lines`).

A seat's score is its final money (R-SCORING-1). Its ``details`` keep the breakdown (pocket,
safe, protected buildings R-SCORING-2, bottles R-SCORING-4, unprotected buildings R-SCORING-3),
the money at the start (R-PSETUP-7), the **money gained by source** read from the game's events
(``money_by_source``, :data:`SOURCES`, R-MONEY-3/4) with what was gained and spent in all, and
the **placements** of its capos (R-TURN-3).

>>> from speakeasy.tools.batch import game_specs
>>> from speakeasy.games.speakeasy.descriptor import GAME
>>> record = play_game(game_specs(GAME, 1, 2, seed=5)[0])
>>> seat = record.seats[0]
>>> d = seat.details
>>> d["start_money"] + d["gained"] - d["spent"] == d["pocket"] + d["safe"]
True
>>> seat.score == d["pocket"] + d["safe"] + d["building_points"] + d["bottle_points"]
True
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import replace

from speakeasy.core.actions import Event
from speakeasy.core.bots import decide
from speakeasy.core.registry import BotFactory
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.determinize import determinize, evaluate, final_scores
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.studies.features import SOURCES, gains
from speakeasy.games.speakeasy.studies.strategy import HeuristicBot
from speakeasy.tools.batch import DecisionClock, GameRecord, GameSpec, SeatRecord
from speakeasy.tools.search import SearchSettings, budgeted, with_agreement

__all__ = [
    "BOTS",
    "SOURCES",
    "batch_lines",
    "capo_locations",
    "money_by_source",
    "money_gained",
    "placements",
    "play_game",
    "record_of",
]

#: The bots by kind: ``factory(seat, seed)``; each decides from the game it is given.
BOTS: dict[str, BotFactory] = {
    "random": lambda seat, seed: RandomBot(seed=seed),
    "heuristic": lambda seat, seed: HeuristicBot(seed=seed),
    "search": lambda seat, seed: SEARCH.bot(seat, seed),
}


def heuristic_rollout(seat: str, seed: int) -> HeuristicBot:
    """The heuristic bot as the search bot's rollout policy (module-level: it travels to
    worker processes)."""
    return HeuristicBot(seed=seed)


# The registered search bot's settings (measured: tests/benchmarks/search_strength_results.md;
# the strength benchmark sets them to compare others). 2 players against the heuristic bot:
# the best mean of each option (plain flat Monte-Carlo) won 1 of 6 seeded games at 16
# playouts ($95.5 against $201.3 a game): with a few noisy playouts an option it tried once
# and got lucky with beat the heuristic's own choice. Keeping that choice unless another
# option beats it by two standard errors on paired playouts (policy improvement,
# ``confidence``) won 4 of 4 at 24 playouts over 4 determinizations ($260.8 against $144.2),
# about 0.6 CPU s a decision, and 183 of 200 (Wilson 87%-95%, $265.6 against $154.5).
#: The registered search bot: the heuristic bot as its rollout policy, improved on where the
#: search is sure; rollouts cut after 80 decisions and scored by the game's evaluation.
SEARCH: SearchSettings = SearchSettings(
    determinize,
    final_scores,
    evaluate,
    heuristic_rollout,
    horizon=80,
    playouts=24,
    determinizations=4,
    confidence=2.0,
)


def money_by_source(
    events: Sequence[Event], colours: Sequence[Colour]
) -> dict[str, dict[str, int]]:
    """Money each player gained, by source (:data:`SOURCES`), from the game's events.

    >>> from speakeasy.core.actions import Event
    >>> events = [Event("sell", "purple", (), "", {"price": 9}),
    ...           Event("payout", "purple", (), "", {"amount": 25}),
    ...           Event("ship_attack", "blue", (), "", {"hired": {"purple": 2}})]
    >>> money_by_source(events, [Colour.PURPLE, Colour.BLUE])["purple"]["luciano"]
    25
    >>> money_by_source(events, [Colour.PURPLE, Colour.BLUE])["purple"]["fees"]
    2
    """
    money = {c.value: dict.fromkeys(SOURCES, 0) for c in colours}
    for event in events:
        for who, source, amount in gains(event):
            if who in money:
                money[who][source] += amount
    return money


def placements(game: Game) -> dict[str, list[str]]:
    """Where each player sent capos (R-TURN-3), in order: ``location:person``, or the location
    alone for the Restaurant and Central Park (R-LOC-GEN-1, R-LOC-CENTRALPARK-1)."""
    found: dict[str, list[str]] = {c.value: [] for c in game.colours}
    for step in game.steps:
        if step.action.kind != "capo":
            continue
        location, person = str(step.action.args[0]), step.action.args[1]
        unlimited = location in ("restaurant", "central_park")
        found[step.player.value].append(location if unlimited else f"{location}:{person}")
    return found


def money_gained(seat: SeatRecord) -> Mapping[str, int]:
    """A batch seat's money gained by source (:data:`SOURCES`; 0 for a source it never used)."""
    found = seat.details.get("money_by_source", {})
    return {src: int(found.get(src, 0)) for src in SOURCES}


def capo_locations(seat: SeatRecord) -> tuple[str, ...]:
    """The location of each of a batch seat's capo placements, in order (R-TURN-3)."""
    return tuple(str(p).split(":")[0] for p in seat.details.get("placements", ()))


def _starting_order(game: Game) -> list[str]:
    for event in game.setup_events:
        if event.kind == "first_player":
            return [str(c) for c in event.data["order"]]
    return [c.value for c in game.colours]


def record_of(game: Game, spec: GameSpec) -> GameRecord:
    """The record of a finished game."""
    result = game.result()
    start = catalog_of(game).setup.start
    money = money_by_source(game.events, game.colours)
    placed = placements(game)
    order = _starting_order(game)
    seats = []
    for colour, kind in zip(game.colours, spec.bots, strict=True):
        standing = result.standing(colour)
        b = standing.breakdown
        gained = sum(money[colour.value].values())
        start_money = start.pocket + start.safe
        seats.append(
            SeatRecord(
                colour=colour.value,
                bot=kind,
                seat=order.index(colour.value) + 1,
                place=standing.place,
                won=colour in result.winners,
                score=b.total,
                details={
                    "pocket": b.pocket,
                    "safe": b.safe,
                    "building_points": b.building_points,
                    "bottle_points": b.bottle_points,
                    "protected_buildings": len(b.buildings),
                    "unprotected_buildings": b.unprotected,
                    "start_money": start_money,
                    "gained": gained,
                    "spent": start_money + gained - b.pocket - b.safe,
                    "money_by_source": money[colour.value],
                    "placements": tuple(placed[colour.value]),
                },
            )
        )
    return GameRecord(
        game=spec.game,
        index=spec.index,
        seed=spec.seed,
        players=len(game.colours),
        seats=tuple(seats),
        winners=tuple(c.value for c in result.winners),
        decisions=len(game.history),
    )


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game of a batch to the end and return its record (runs in a worker)."""
    clock = DecisionClock(spec.bots)
    game = Game.new(players=spec.players, seed=spec.seed, checkpoints=False)  # never undone
    bots = {
        colour: budgeted(BOTS[kind](colour.value, seed), spec.playouts)
        for colour, kind, seed in zip(game.colours, spec.bots, spec.bot_seeds, strict=True)
    }
    kinds = dict(zip(game.colours, spec.bots, strict=True))
    while not game.is_over:
        colour = game.current_player
        assert colour is not None
        with clock.deciding(kinds[colour]):
            action = decide(game, bots[colour])  # from the seat's observation only
        game.apply(action)
    record = replace(record_of(game, spec), seconds=clock.elapsed(), decision_time=clock.timing())
    return with_agreement(record, {colour.value: bot for colour, bot in bots.items()})


def batch_lines(records: Sequence[GameRecord], kind: str | None) -> list[str]:
    """Speakeasy's lines of a batch summary: for bot ``kind``, the mean money its seats gained
    by source (R-MONEY-3/4); nothing more about the games as a whole (``kind`` ``None``)."""
    if kind is None:
        return []
    seats = [s for r in records for s in r.seats if s.bot == kind]
    if not seats:
        return []
    gained = [money_gained(s) for s in seats]
    means = {src: statistics.fmean(g[src] for g in gained) for src in SOURCES}
    text = ", ".join(f"{src} {v:.1f}" for src, v in means.items() if v)
    return [f"  money gained per seat: {text or 'none'}"]
