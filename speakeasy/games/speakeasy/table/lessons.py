"""Speakeasy's lessons: the prepared game, a judge of moves for each lesson, and the course.

Every lesson's position is a real game: :data:`SEED`, two seats (the learner plays purple, a
bot plays yellow) and a fixed script of actions, each applied through :meth:`Game.apply`, so it
is legal by construction (lessons 6 and 7 let seeded bots play on to the end of Act 1, and then
into Act 2). Lessons 8 to 10 (helper cards and city tokens, books and goals, final scoring) set
up prepared positions from scenario files in :data:`LESSON_DIR` and ask questions whose answers
the engine's own functions work out (:func:`~speakeasy.games.speakeasy.rules.scoring.game_result`,
:func:`~speakeasy.games.speakeasy.rules.goals.why_not`...). A lesson that sets up a prepared
position says so, and the learner's own game is kept until lesson 7 takes it up again.

Each lesson judges the learner's legal moves with the reason a move is not what it asks and the
rules behind it; :data:`COURSE` plays them (the bot answers through the
play :class:`~speakeasy.games.speakeasy.table.play.Table`, events and refusals are explained by
:mod:`speakeasy.games.speakeasy.explain`). The tutorial's flow is
:class:`speakeasy.games.speakeasy.table.tutorial.Tutorial` (machinery in
:mod:`speakeasy.tools.tutorial`).

>>> [x.number for x in LESSONS[:3]], lesson("bar").title
([1, 2, 3], 'Opening a bar')
>>> lesson("capos").check(lesson("capos").position(), "capo planning 0").rules
('R-LOC-CONTRACTORS-1', 'R-TURN-3')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Final

from speakeasy.core.actions import Action, Event
from speakeasy.core.bots import decide
from speakeasy.core.seeds import derive_seed
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.explain.refusals import explain_error
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.kinds import EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState
from speakeasy.games.speakeasy.positions.format import Scenario
from speakeasy.games.speakeasy.positions.shipped import load_scenario
from speakeasy.games.speakeasy.rules.goals import describe, goal_title, shortfall, why_not
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.resources import city_token_limit
from speakeasy.games.speakeasy.rules.scoring import game_result, score_breakdown
from speakeasy.games.speakeasy.rules.wording import count, districts, listing, player_name
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.table.play import Table, option_district
from speakeasy.tools import tutorial
from speakeasy.tools.paths import data_path
from speakeasy.tools.tutorial import ACCEPTED, Course, Question, Verdict, right, wrong

__all__ = [
    "COURSE",
    "LEARNER",
    "LESSONS",
    "LESSON_DIR",
    "OPPONENT",
    "PLAYERS",
    "PLAY_PAGE",
    "SEED",
    "Lesson",
    "goal_lines",
    "helper_lines",
    "lesson",
    "notoriety_lines",
    "police_lines",
    "round_lines",
    "scoring_lines",
    "truck_lines",
]

#: The seed of every prepared position.
SEED = 0
#: The learner's colour and the bot's.
LEARNER = Colour.PURPLE
OPPONENT = Colour.YELLOW
PLAYERS: tuple[Colour, ...] = (LEARNER, OPPONENT)
#: The prepared positions of the lessons that set one up (scenario files, read by name).
LESSON_DIR: Final = data_path("lessons")
#: The workshop's page where a whole game is played (its station ``play``), offered after the
#: last lesson.
PLAY_PAGE: Final = "/play/"
#: Events that belong to the Lucky Luciano phase.
LUCIANO_KINDS = frozenset({"gang_war", "police_arrive", "district_control", "payout"})


class Lesson(tutorial.Lesson[Game]):
    """One of Speakeasy's lessons (:data:`COURSE`)."""

    def course(self) -> Course[Game]:
        return COURSE


def lesson(lesson_id: str) -> tutorial.Lesson[Game]:
    """The lesson with this id."""
    return COURSE.lesson(lesson_id)


# ---------------------------------------------------------------------- the prepared game
# Seed 0, purple (learner) and yellow. Prologue: purple's mafioso takes a leverage token, its bar
# goes to district 16 where police stand, its card slots 2 leverage; yellow builds in district 3.
# Round 1: yellow's capo takes the Contractors' Office's first person.
PROLOGUE: tuple[str, ...] = (
    "mafioso docks downtown 0",
    "mafioso docks midtown 1",
    "build open bar-left-1",
    "build_space 16 0",
    "play distillery-09",
    "build open bar-left-1",
    "build_space 3 0",
    "play party-04",
    "raise party",
    "skip",
    "capo contractors 0",
    "done",
    "draw vip",
)
CAPO_SOLUTION = ("capo contractors 1",)
LEVEL_SOLUTION = ("raise vip",)
BAR_SOLUTION = ("build open bar-left-2", "build_space 3 1")
# Purple ends its turn; yellow visits the City Planning Office; purple goes to City Hall.
AFTER_BAR = (
    "done",
    "draw fleet",
    "capo planning 0",
    "done",
    "skip",
    "draw party",
    "capo city_hall 0",
)
PROTECT_SOLUTION = ("mafioso vip", "play vip-02", "raise vip", "protect 16 0")
# Purple ends its turn; yellow visits the Commission; purple goes to the Garage (its left person
# gives +2 range) and plays a fleet card with the +2 range reward: range 5.
AFTER_PROTECT = (
    "draw party",
    "capo commission 0",
    "skip",
    "done",
    "skip",
    "draw vip",
    "capo garage 0",
    "play fleet-10",
)
TRUCK_SOLUTION = ("enter 6", "buy daisy", "move 3", "deliver 3 1")
BOT_SEED = 6


def _bots_to_luciano() -> tuple[str, ...]:
    """Seeded bots play both seats to the end of Act 1; stop at the learner's last decision
    before the Lucky Luciano phase."""
    base = (*PROLOGUE, *CAPO_SOLUTION, *LEVEL_SOLUTION, *BAR_SOLUTION, *AFTER_BAR)
    base += (*PROTECT_SOLUTION, *AFTER_PROTECT, *TRUCK_SOLUTION)
    game = Game.replay(SEED, base, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED)
    while not game.is_over:
        events = game.apply(decide(game, bot))
        if any(e.kind in LUCIANO_KINDS for e in events):
            break
    steps = game.steps
    last = max(i for i, s in enumerate(steps) if s.player is LEARNER and i >= len(base))
    return tuple(str(a) for a in game.history[:last])


def _bots_to_next_round() -> tuple[str, ...]:
    """After the Luciano phase (bots again), up to the learner's first decision of Act 2."""
    start = COURSE.history("luciano")
    game = Game.replay(SEED, start, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED + 1)
    while not game.is_over and game.state.act < 2:
        game.apply(decide(game, bot))
    while not game.is_over and game.current_player is not LEARNER:
        game.apply(decide(game, bot))
    return tuple(str(a) for a in game.history)


# ---------------------------------------------------------------------- helpers for judges
def _learner_events(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind and e.player == LEARNER.value]


# -- lesson 1: capos and persons
LOCATION_NAMES = {
    "contractors": "the Contractors' Office",
    "planning": "the City Planning Office",
    "garage": "the Garage",
    "city_hall": "City Hall",
    "commission": "the Commission",
    "docks": "the Docks",
    "restaurant": "the Restaurant",
    "central_park": "Central Park",
}


def _judge_capo(game: Game, action: Action) -> Verdict:
    if action.kind != "capo" or not action.args:
        return ACCEPTED
    where = str(action.args[0])
    if where == "contractors":
        return ACCEPTED
    if where == "restaurant":
        return wrong(
            "The Restaurant's person takes any number of capos, but it makes you discard a card "
            "and drop down the turn order before its actions. This lesson asks for the "
            "Contractors' Office, whose free person raises a level and lets you open bars.",
            "R-LOC-GEN-1",
            "R-LOC-CONTRACTORS-1",
        )
    return wrong(
        f"{LOCATION_NAMES.get(where, where)} is a legal visit, but this lesson asks you to send "
        "your capo to the Contractors' Office: its free person raises a level and then lets "
        "you open bars.",
        "R-LOC-CONTRACTORS-1",
        "R-TURN-3",
    )


def _capo_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("location") == "contractors" for e in _learner_events(events, "capo"))


# -- lesson 2: operations and notoriety
def _judge_raise(game: Game, action: Action) -> Verdict:
    if action.kind == "skip":
        return wrong(
            "Every action of a person is optional, but a free level is worth taking: it also "
            "adds 1 notoriety. Raise your VIP room.",
            "R-LOC-GEN-5",
            "R-NOTOR-1",
        )
    if action.kind != "raise" or not action.args:
        return ACCEPTED
    track = str(action.args[0])
    if track == "vip":
        return ACCEPTED
    if track == "strength":
        return wrong(
            "Strength adds notoriety too, but it is not an operation: it defends your "
            "buildings in gang wars. This lesson raises an operation: your VIP room.",
            "R-LEVEL-1",
            "R-NOTOR-1",
        )
    return wrong(
        f"Raising {track} would add 1 notoriety as well, but the next lessons need a bigger "
        "VIP room: its level decides how many mafiosi wait in your VIP area to protect "
        "buildings.",
        "R-LEVEL-7",
        "R-MAFIOSO-2",
    )


def _level_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("track") == "vip" for e in _learner_events(events, "raise"))


def _effect_text(space: int, catalog: Catalog) -> str:
    for reward in catalog.notoriety.rewards:
        if reward.space == space:
            return ", ".join(e.label for e in reward.effect)
    return ""


def notoriety_lines(
    state: GameState, colour: Colour = LEARNER, *, catalog: Catalog | None = None
) -> list[str]:
    """The learner's notoriety, the barrel prices it gives and the next reward spaces;
    ``catalog`` is the game's (its notoriety track); without one, the shipped catalogue."""
    catalog = catalog if catalog is not None else load_catalog()
    track = catalog.notoriety
    player = state.players[colour]
    value = player.notoriety
    levels = ", ".join(f"{t.value} {n}" for t, n in player.levels.items())
    bar, premium = track.price_at(value)
    lines = [
        f"Notoriety {value} = the sum of your levels ({levels}).",
        f"A barrel sells for ${bar} at a bar and ${premium} at a nightclub or casino.",
    ]
    ahead = [p for p in track.prices if p.space > value]
    if ahead:
        lines.append(
            f"At notoriety {ahead[0].space} prices rise to ${ahead[0].bar}/${ahead[0].premium}."
        )
    rewards = [r for r in track.rewards if r.space > value]
    if rewards:
        lines.append(
            "Rewards ahead: "
            + "; ".join(f"at {r.space}, {_effect_text(r.space, catalog)}" for r in rewards[:3])
            + "."
        )
    return lines


# -- lesson 3: opening a bar
def _judge_bar(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "build":
        if action.kind == "done":
            return wrong(
                "Done would end your building action without a bar. Open one: a bar from the "
                "left group costs $3.",
                "R-LOC-CONTRACTORS-2",
                "R-BUILD-2",
            )
        piece = str(action.args[1]) if len(action.args) > 1 else ""
        if piece == "distillery":
            return wrong(
                "The distillery makes barrels but never sells them, and you may only ever have "
                "one. This lesson is about opening a bar.",
                "R-BUILD-7",
                "R-BARREL-2",
            )
        return ACCEPTED
    if decision.kind == "build_space" and action.args:
        district = game.state.districts.get(int(action.args[0]))
        if district is not None and district.police:
            return wrong(
                f"Building in district {district.number} is allowed, but police stand there: "
                "the bar would not operate until a mafioso protects it. Pick a district "
                "without police.",
                "R-BUILD-6",
                "R-GOLDEN-1",
            )
    return ACCEPTED


def _bar_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(
        str(e.data.get("piece", "")).startswith("bar") for e in _learner_events(events, "open")
    )


# -- lesson 4: protection and police
def _judge_protect(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "mafioso" and action.args and action.args[0] == "docks":
        return wrong(
            "A mafioso in the docks earns that row's reward, but only mafiosi in your VIP area "
            "can go out to protect a building. Put it in your VIP area.",
            "R-PROTECT-1",
            "R-MAFIOSO-1",
        )
    if decision.kind == "play_card" and action.kind == "skip":
        return wrong(
            "The VIP card's action is protection: skip it and your mafioso stays home.",
            "R-CARD-2",
            "R-PROTECT-1",
        )
    if decision.kind == "protect":
        if action.kind == "done":
            return wrong(
                "Stopping now leaves your bar in district 16 closed: police stand there and "
                "nothing protects it.",
                "R-GOLDEN-1",
                "R-GOLDEN-2",
            )
        if action.kind == "protect" and action.args:
            district = game.state.districts[int(action.args[0])]
            if not district.police:
                return wrong(
                    f"No police stand in district {district.number}: your bar there already "
                    "operates. Protection matters where police stand.",
                    "R-GOLDEN-1",
                    "R-PROTECT-1",
                )
    return ACCEPTED


def _protect_reached(game: Game, events: Sequence[Event]) -> bool:
    state = game.state
    return any(
        b.protected and state.districts[d].police for d, _, b in state.buildings(LEARNER)
    ) and bool(_learner_events(events, "protect"))


def police_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    """Each of the learner's buildings: police there, protected, operating (R-GOLDEN-1)."""
    lines = []
    for d, s, b in state.buildings(colour):
        district = state.districts[d]
        police = "police" if district.police else "no police"
        guard = ", protected by a mafioso" if b.protected else ""
        works = "operates" if operating(district, b) else "does NOT operate (counts as absent)"
        lines.append(
            f"Your {b.type.value} in district {d} (space {s + 1}): {police}{guard} — {works}."
        )
    return lines


# -- lesson 5: trucks
def _truck_now(game: Game) -> tuple[int | None, int, int] | None:
    """(district or None, barrels, points left) of the truck being moved, from the decision."""
    decision = game.pending
    if decision is None or decision.kind != "truck":
        return None
    return decision.fact("district"), decision.fact("barrels"), decision.fact("points")


def _targets(state: GameState) -> list[int]:
    """Districts of the learner's operating bars, nightclubs and casinos without a barrel."""
    return sorted(
        {
            d
            for d, _, b in state.buildings(LEARNER)
            if b.type is not BuildingType.DISTILLERY
            and not b.barrel
            and operating(state.districts[d], b)
        }
    )


_PARK_WEST, _PARK_EAST = {13, 15}, {14, 16}


def _park_note(a: int, b: int) -> str:
    if (a in _PARK_WEST and b in _PARK_EAST) or (a in _PARK_EAST and b in _PARK_WEST):
        return " Central Park is in the way: no road joins 13 and 15 to 14 and 16."
    return ""


def _judge_truck(game: Game, action: Action) -> Verdict:
    now = _truck_now(game)
    if now is None:
        return ACCEPTED
    where, barrels, points = now
    state, board = game.state, game.board
    ports = {ship.port for ship in state.ships}
    targets = _targets(state)
    if not targets:
        return ACCEPTED

    def to_target(start: int) -> tuple[int, int]:
        return min((board.distance(start, t), t) for t in targets)

    def via_ship(start: int) -> int:
        return min(board.distance(start, p) + to_target(p)[0] for p in ports)

    if action.kind == "finish":
        return wrong(
            f"Finishing now forfeits the {points} movement point(s) left, and no barrel has "
            "reached your bar yet.",
            "R-TRUCK-14",
            "R-TRUCK-13",
        )
    if action.kind == "enter" and action.args:
        district = int(action.args[0])
        if district not in ports:
            return wrong(
                f"No ship is docked in district {district} and you have no distillery, so there "
                "is nothing to load there. Enter at a port where a ship waits.",
                "R-TRUCK-11",
                "R-TRUCK-10",
            )
        steps, target = to_target(district)
        if steps > points:
            return wrong(
                f"From district {district} your nearest bar without a barrel (district "
                f"{target}) is {steps} moves away; the truck has {points}."
                + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
        return ACCEPTED
    if action.kind == "move" and action.args and where is not None:
        district, left = int(action.args[0]), points - 1
        if barrels == 0 and where in ports:
            return wrong(
                "The truck is empty and a ship is docked right here: buy a barrel before you "
                "drive off, a truck can only deliver what it carries.",
                "R-TRUCK-11",
                "R-TRUCK-9",
            )
        need = to_target(district)[0] if barrels else via_ship(district)
        if need > left:
            steps, target = to_target(district)
            return wrong(
                f"After this move the truck would have {left} point(s) left, but it would still "
                f"need {need} move(s) to deliver." + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
    return ACCEPTED


def _truck_reached(game: Game, events: Sequence[Event]) -> bool:
    return bool(_learner_events(events, "truck_deliver"))


def truck_lines(
    state: GameState, colour: Colour = LEARNER, *, catalog: Catalog | None = None
) -> list[str]:
    """Where the ships wait, and the learner's bars that could take a barrel; ``catalog`` is
    the game's (its ships' names); without one, the shipped catalogue."""
    catalog = catalog if catalog is not None else load_catalog()
    ships = ", ".join(f"{catalog.ship(s.ship).name}'s at district {s.port}" for s in state.ships)
    targets = list(_targets(state))
    where = districts(targets) if targets else "none"
    return [f"Ships: {ships}.", f"Your operating bars without a barrel: {where}."]


# -- lessons 6 and 7
def _any_move(game: Game, action: Action) -> Verdict:
    return ACCEPTED


def _luciano_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.kind == "payout" for e in events)


def _round_reached(game: Game, events: Sequence[Event]) -> bool:
    """The round in which the learner played a whole turn is over: after the learner's capo
    (R-TURN-3), the next round has begun (after the end-of-round turn order, R-ORDER-4..8, or
    after the act's Lucky Luciano phase, R-ACT-2), or the game has ended (final scoring)."""
    capo = next(
        (i for i, e in enumerate(events) if e.kind == "capo" and e.player == LEARNER.value), None
    )
    if capo is None:
        return False
    return any(e.kind in (EventKind.ROUND, EventKind.GAME_OVER) for e in events[capo + 1 :])


def _round_recap(game: Game, events: Sequence[Event]) -> list[str]:
    """The round the learner played, event by event in words (bots' marked): from the round's
    start (or the lesson's) to the start of the next round."""
    capo = next(i for i, e in enumerate(events) if e.kind == "capo" and e.player == LEARNER.value)
    starts = [i for i, e in enumerate(events[:capo]) if e.kind == EventKind.ROUND]
    first = starts[-1] if starts else 0
    end = next(
        i
        for i, e in enumerate(events)
        if i > capo and e.kind in (EventKind.ROUND, EventKind.GAME_OVER)
    )
    lines = [
        ("" if e.player in (None, LEARNER.value) else "(bot) ") + explain_event(e).text
        for e in events[first : end + 1]
        if _in_recap(e)
    ]
    if len(lines) > MAX_RECAP:
        hidden = len(lines) - MAX_RECAP + 1
        lines = [*lines[: MAX_RECAP - 1], f"… and {hidden} more events."]
    return ["What happened in the round:", *lines]


def _in_recap(event: Event) -> bool:
    """Whether a round's recap lists the event: not the districts no player controls, nor the
    reset of the control markers (the payouts say who won each area, R-PAYOUT-1)."""
    if event.kind == EventKind.CONTROL_MARKERS_RESET:
        return False
    return not (event.kind == EventKind.DISTRICT_CONTROL and not event.data.get("players"))


#: At most this many events are listed in the recap of a round.
MAX_RECAP = 48


def round_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    order = ", ".join(player_name(c) for c in state.turn_order.order)
    return [f"Act {state.act}, round {state.round}; turn order: {order}."]


def _notoriety_status(game: Game) -> list[str]:
    return notoriety_lines(game.state, catalog=catalog_of(game))


def _police_status(game: Game) -> list[str]:
    return police_lines(game.state)


def _truck_status(game: Game) -> list[str]:
    return truck_lines(game.state, catalog=catalog_of(game))


def _round_status(game: Game) -> list[str]:
    return round_lines(game.state)


# -- lessons 8 to 10: prepared positions (scenario files in LESSON_DIR)
@functools.cache
def _scenario(name: str) -> Scenario:
    """A lesson's prepared position, read once."""
    return load_scenario(Path(LESSON_DIR) / f"{name}.toml")


def _start_from(name: str, actions: tuple[str, ...]) -> Game:
    """A new game at the lesson position ``name``, after ``actions``."""
    game = _scenario(name).game()
    for action in actions:
        game.apply(action)
    return game


def _no_script() -> tuple[str, ...]:
    return ()


def _always(game: Game, events: Sequence[Event]) -> bool:
    return True


def _bottle_kind(catalog: Catalog, bottle: str) -> str:
    """``a $20 bottle (kind 1)``: bottles by value and by their kind's place in the catalogue
    (two kinds may share a value; only different kinds score, R-SCORING-4)."""
    ids = [b.id for b in catalog.bottles]
    value = next(b.value for b in catalog.bottles if b.id == bottle)
    return f"a ${value} bottle (kind {ids.index(bottle) + 1})"


def _helper_words(catalog: Catalog, helper_id: str) -> str:
    """A helper card by what it does and the bottle it shows, never by its ID."""
    card = catalog.helper(helper_id)
    does = ", ".join(e.label for e in card.effect)
    return f"the helper card that lets you {does}, showing {_bottle_kind(catalog, card.bottle)}"


def _token_words(catalog: Catalog, token_id: str) -> str:
    return ", ".join(e.label for e in catalog.city_token(token_id).effect)


def helper_lines(state: GameState, colour: Colour = LEARNER, *, catalog: Catalog) -> list[str]:
    """A player's helper cards (face up and used) and city tokens, by what they do."""
    player = state.players[colour]
    name = player_name(colour)
    lines = [f"{name} may use, face up: {_helper_words(catalog, h)}." for h in player.helpers]
    lines += [
        f"{name} has used (behind the screen): {_helper_words(catalog, h)}."
        for h in player.helpers_used
    ]
    if player.city_tokens:
        tokens = "; ".join(_token_words(catalog, t) for t in player.city_tokens)
        lines.append(f"{name} holds {count(len(player.city_tokens), 'city token')}: {tokens}.")
    return lines


def _helpers_status(game: Game) -> list[str]:
    return helper_lines(game.state, catalog=catalog_of(game))


def _money(n: int) -> str:
    return f"${n}"


def _bottle_choices(game: Game) -> tuple[tuple[str, str], ...]:
    """What the learner's helper cards add at the end: the engine's sum (R-SCORING-4) among
    the sums a newcomer might make (every card; face-up cards only; the best bottle only)."""
    catalog = catalog_of(game)
    player = game.state.players[LEARNER]
    cards, up = [*player.helpers, *player.helpers_used], player.helpers
    values = {catalog.helper(h).bottle_value for h in cards}
    sums = {
        score_breakdown(game.state, catalog)[LEARNER].bottle_points,
        sum(catalog.helper(h).bottle_value for h in cards),
        sum({catalog.helper(h).bottle: catalog.helper(h).bottle_value for h in up}.values()),
        max(values, default=0),
    }
    return tuple((str(n), _money(n)) for n in sorted(sums))


def _judge_bottles(game: Game, key: str) -> Verdict:
    catalog = catalog_of(game)
    breakdown = score_breakdown(game.state, catalog)[LEARNER]
    kinds = listing([f"${b.value}" for b in breakdown.bottles])
    why = (
        f"Every helper card you own counts, face up or used behind your screen, but each kind of "
        f"bottle scores only once: purple's cards show {count(len(breakdown.bottles), 'kind')} "
        f"({kinds}), so they add ${breakdown.bottle_points}."
    )
    if key == str(breakdown.bottle_points):
        return right("Right. " + why, "R-HELPER-3", "R-SCORING-4")
    return wrong(why, "R-HELPER-3", "R-HELPER-4", "R-SCORING-4")


def _excess_tokens(game: Game) -> tuple[int, int]:
    """(tokens held, tokens that may be kept at the end of the turn: the engine's limit)."""
    ctx = game.analysis_context()
    player = ctx.state.players[LEARNER]
    return len(player.city_tokens), city_token_limit(ctx, player)


def _token_choices(game: Game) -> tuple[tuple[str, str], ...]:
    held, _ = _excess_tokens(game)
    return tuple((str(n), count(n, "token") if n else "none") for n in range(0, min(held, 4) + 1))


def _judge_tokens(game: Game, key: str) -> Verdict:
    held, limit = _excess_tokens(game)
    excess = max(0, held - limit)
    why = (
        f"At the end of your turn you may keep {count(limit, 'city token')} on your operations "
        f"board; purple holds {held}, so {count(excess, 'token')} "
        f"{'goes' if excess == 1 else 'go'} back to the offer (you choose which). During the "
        "turn you may hold more, and playing tokens at the Restaurant is the way to use them "
        "before they go."
    )
    if key == str(excess):
        return right("Right. " + why, "R-CITY-6", "R-CITY-7")
    return wrong(why, "R-CITY-6", "R-CITY-7")


def _judge_use_helper(game: Game, action: Action) -> Verdict:
    if action.kind == "skip":
        return wrong(
            "Using a helper card is optional, and only at the start of your turn, before your "
            "capo. This lesson asks you to use one now: it still scores its bottle at the end.",
            "R-TURN-2",
            "R-HELPER-3",
        )
    return ACCEPTED


def _helper_used(game: Game, events: Sequence[Event]) -> bool:
    return bool(_learner_events(events, EventKind.USE_HELPER))


# goals and books
#: The goals the learner chooses among: one of each family (the fixed goals, a Central Park
#: tile and an area tile), in the order of R-BOOKS-2.
GOAL_CHOICES: Final = ("docks-1", "hall-1", "cp-A-1", "notoriety-1", "area-5")


def _goal_choices(game: Game) -> tuple[tuple[str, str], ...]:
    ctx = game.analysis_context()
    return tuple(
        (g, f"{goal_title(ctx, g)}: {describe(ctx, g)}")
        for g in GOAL_CHOICES
        if g in ctx.state.books
    )


def _goals_open(game: Game) -> list[str]:
    """The goals of :data:`GOAL_CHOICES` the learner may put a book on now (the engine's
    :func:`~speakeasy.games.speakeasy.rules.goals.why_not`)."""
    ctx = game.analysis_context()
    return [g for g in GOAL_CHOICES if g in ctx.state.books and why_not(ctx, LEARNER, g) is None]


def _judge_goal(game: Game, key: str) -> Verdict:
    ctx = game.analysis_context()
    title = goal_title(ctx, key)
    if key in _goals_open(game):
        goal = ctx.catalog.goal(key)
        return right(
            f"Right: purple meets the {title}'s requirement, has a book on the operations "
            f"board and no book on this goal yet. The book would pay ${goal.payout} into the "
            "safe.",
            "R-BOOKS-2",
            "R-BOOKS-4",
        )
    missing = shortfall(ctx, LEARNER, key) or "it cannot take purple's book"
    return wrong(
        f"Not that one: the {title} {missing}. A requirement is checked when the book goes "
        "down, and it is a minimum.",
        "R-BOOKS-4",
        "R-BOOKS-2",
    )


def _payout_choices(game: Game) -> tuple[tuple[str, str], ...]:
    payouts = sorted({game.catalog.goal(g).payout for g in GOAL_CHOICES})
    return (
        *((str(n), f"${n} into the safe") for n in payouts),
        ("pocket", "$20 into the pocket"),
    )


def _judge_payout(game: Game, key: str) -> Verdict:
    ctx = game.analysis_context()
    goal = _goals_open(game)[0]
    payout = ctx.catalog.goal(goal).payout
    why = (
        f"A book on the {goal_title(ctx, goal)} pays ${payout}, and a goal's money always goes "
        "into the safe: it counts at the end like any other money, but spending it now costs "
        "double (laundering)."
    )
    if key == str(payout):
        return right("Right. " + why, "R-BOOKS-2", "R-BOOKS-9")
    return wrong(why, "R-BOOKS-2", "R-BOOKS-9", "R-MONEY-2")


def goal_lines(state: GameState, game: Game, colour: Colour = LEARNER) -> list[str]:
    """What a player has towards the goals: books, buildings, notoriety, crates."""
    player = state.players[colour]
    lines = [f"Books on {player_name(colour)}'s operations board: {player.books}."]
    for d, _, b in sorted(state.buildings(colour), key=lambda t: t[:2]):
        district = state.districts[d]
        guard = "protected" if b.protected else "not protected"
        works = "operates" if operating(district, b) else "does not operate"
        area = game.board.area_of(d).title
        lines.append(f"A {b.type.value} in district {d} ({area}): {guard}, {works}.")
    lines.append(f"Notoriety {player.notoriety}; {count(len(player.crates), 'crate token')}.")
    return lines


def _goals_status(game: Game) -> list[str]:
    return goal_lines(game.state, game)


# final scoring
def _score_choices(game: Game) -> tuple[tuple[str, str], ...]:
    """Purple's final money by the engine (R-SCORING-1..4) among the sums a newcomer might
    make: unprotected buildings counted, every helper card counted, money only."""
    catalog = catalog_of(game)
    b = score_breakdown(game.state, catalog)[LEARNER]
    values = catalog.scoring.building_values
    unprotected = sum(
        values[x.type.value] for _, _, x in game.state.buildings(LEARNER) if not x.protected
    )
    player = game.state.players[LEARNER]
    cards = [*player.helpers, *player.helpers_used]
    every_card = sum(catalog.helper(h).bottle_value for h in cards)
    totals = {
        b.total,
        b.total + unprotected,
        b.money + b.building_points + every_card,
        b.money,
    }
    return tuple((str(n), _money(n)) for n in sorted(totals))


def _judge_score(game: Game, key: str) -> Verdict:
    b = score_breakdown(game.state, catalog_of(game))[LEARNER]
    why = (
        f"Purple's final money is ${b.pocket} in the pocket + ${b.safe} in the safe (at face "
        f"value) + ${b.building_points} for {count(len(b.buildings), 'protected building')} + "
        f"${b.bottle_points} for {count(len(b.bottles), 'different bottle')} = ${b.total}. "
        f"{count(b.unprotected, 'unprotected building').capitalize()} "
        f"{'scores' if b.unprotected == 1 else 'score'} nothing."
    )
    if key == str(b.total):
        return right("Right. " + why, "R-SCORING-1", "R-SCORING-2")
    return wrong(why, "R-SCORING-1", "R-SCORING-2", "R-SCORING-3", "R-SCORING-4")


_TIE_WORDS: Final = {
    "protected_buildings": "protected buildings",
    "buildings": "buildings",
    "books_on_goals": "books on goals",
    "mafiosi_in_play": "mafiosi in play",
}


def _winner_choices(game: Game) -> tuple[tuple[str, str], ...]:
    return (
        *((c.value, player_name(c)) for c in PLAYERS),
        ("shared", "They share the win"),
    )


def _judge_winner(game: Game, key: str) -> Verdict:
    """The engine's result (R-SCORING-5/6): the most money, then the tie-breakers in order."""
    result = game_result(game.state, catalog_of(game))
    totals = listing([f"{player_name(s.colour)} ${s.total}" for s in result.standings])
    first, second = result.standings[0], result.standings[1]
    if first.total != second.total:
        why = f"The most money wins: {totals}."
    else:
        decided = next(
            (
                (name, a, b)
                for (name, a), (_, b) in zip(first.tie_breakers, second.tie_breakers, strict=True)
                if a != b
            ),
            None,
        )
        if decided is None:
            why = f"A tie ({totals}), and every tie-breaker is equal too: they share the win."
        else:
            name, a, b = decided
            why = (
                f"A tie on money ({totals}). Ties are broken by the most protected buildings, "
                "then the most buildings, then the most books on goals, then the most mafiosi "
                f"in play: here {_TIE_WORDS.get(name, name)} decide, "
                f"{player_name(first.colour)} {a} against {player_name(second.colour)} {b}."
            )
    winner = "shared" if result.shared_win else result.winners[0].value
    if key == winner:
        return right("Right. " + why, "R-SCORING-5", "R-SCORING-6")
    return wrong(why, "R-SCORING-5", "R-SCORING-6")


def scoring_lines(state: GameState, catalog: Catalog) -> list[str]:
    """Each player's pocket, safe, buildings (protected or not) and helper bottles: what final
    scoring counts, before it is added up."""
    lines = []
    for colour, player in state.players.items():
        built = sorted(state.buildings(colour), key=lambda t: t[:2])
        kinds = [f"{b.type.value} ({'' if b.protected else 'not '}protected)" for _, _, b in built]
        buildings = listing(kinds) or "no buildings"
        cards = [*player.helpers, *player.helpers_used]
        shown = [_bottle_kind(catalog, catalog.helper(h).bottle) for h in cards]
        bottles = listing(shown) or "no helper cards"
        lines.append(
            f"{player_name(colour)}: ${player.pocket} in the pocket, ${player.safe} in the safe; "
            f"{buildings}; helper cards showing {bottles}."
        )
    return lines


def _scoring_status(game: Game) -> list[str]:
    return scoring_lines(game.state, catalog_of(game))


def _script(*parts: tuple[str, ...]) -> Callable[[], tuple[str, ...]]:
    joined = tuple(a for part in parts for a in part)
    return lambda: joined


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="capos",
        title="Capos and persons",
        introduction=(
            "Each turn you send one **capo** (your trusted lieutenant) from your operations "
            "board to a **person** in one of the city's locations, and you then do that "
            "person's actions. A person listens to a single capo for the whole act: once a "
            "capo stands on it, nobody else can use it until the capos go home. The "
            "Restaurant is the exception: its person listens to any number of capos.\n\n"
            "Yellow moved first this round and its capo already stands on the Contractors' "
            "Office's first person. You play purple."
        ),
        goal="Send your capo to the free person of the Contractors' Office.",
        rules=("R-TURN-3", "R-TURN-4", "R-CAPO-5", "R-LOC-GEN-1", "R-LOC-CONTRACTORS-1"),
        hints=(
            "The options are grouped by location; look for the Contractors' Office.",
            "Person 1 is taken by yellow's capo; person 2 is free.",
        ),
        script=_script(PROLOGUE),
        reached=_capo_reached,
        judge=_judge_capo,
        solution=CAPO_SOLUTION,
    ),
    Lesson(
        id="levels",
        title="Operations and notoriety",
        introduction=(
            "Your business has four **operations** (VIP room, party, distillery, fleet) and a "
            "**strength** track, each from level 1 to 5. The VIP level is how many mafiosi your "
            "VIP area holds, party how many barrels you sell at once, distillery how many you "
            "make, fleet how far your trucks drive.\n\n"
            "**Notoriety** is always the sum of your five levels: every raise moves it up at "
            "once. It sets the price your barrels fetch, and some of its spaces hand out a "
            "one-off reward the first time you reach them."
        ),
        goal="Use the person's raise on your VIP room, and watch your notoriety follow.",
        rules=("R-LEVEL-1", "R-LEVEL-2", "R-LEVEL-7", "R-NOTOR-1", "R-NOTOR-2", "R-NOTOR-3"),
        hints=(
            "The VIP room is the operation called 'vip'.",
            "Choose 'Raise vip to 2'.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION),
        lead_in=(),
        reached=_level_reached,
        judge=_judge_raise,
        solution=LEVEL_SOLUTION,
        status=_notoriety_status,
    ),
    Lesson(
        id="bar",
        title="Opening a bar",
        introduction=(
            "The Contractors' Office lets you build up to twice. A **bar** costs $3, $5 or $8 "
            "depending on which group of your operations board it comes from, and goes on any "
            "empty building space of an open district. If a **city token** lies on that space "
            "you take it: you can play it later at the Restaurant.\n\n"
            "Bars are not limited per area. Nightclubs and casinos are: at most one of each per "
            "area for every player. A district with police is allowed, but a building there "
            "only works once a mafioso protects it."
        ),
        goal="Open a bar from the left group ($3) in a district without police.",
        rules=("R-BUILD-1", "R-BUILD-2", "R-BUILD-5", "R-BUILD-6", "R-CITY-1"),
        hints=(
            "First choose 'Open a bar from the left group ($3)'.",
            "Then click a district on the map: district 3, next to the port of district 6, is "
            "a good spot.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION),
        lead_in=(),
        reached=_bar_reached,
        judge=_judge_bar,
        solution=BAR_SOLUTION,
        highlight=(3,),
    ),
    Lesson(
        id="protect",
        title="Protection and police",
        introduction=(
            "**The golden rule:** a building works only if no police figure stands in its "
            "district, or a mafioso protects it. A building that does not work counts as if "
            "it were not there: no barrels, no area control, no points.\n\n"
            "Your first bar stands in district 16, where police patrol. Your capo is at City "
            "Hall: it gives you a mafioso, a leverage token and the play of a VIP card, whose "
            "action is protection.\n\n"
            "Protection is paid with **leverage**. Each of the four operation cards in the "
            "slots of your operations board shows a leverage number in its corner; together "
            "they are your leverage, and it is not used up. Leverage tokens add 1 each, but "
            "are handed in when used. A protecting mafioso leaves your VIP area and costs "
            "leverage by your marker's column on the turn-order track: 4 in the first column, "
            "3 in the second, where you stand now."
        ),
        goal="Put the new mafioso in your VIP area, play your VIP card and protect the bar in "
        "district 16.",
        rules=("R-GOLDEN-1", "R-GOLDEN-2", "R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3"),
        hints=(
            "Choose 'Put the mafioso in your VIP area', then play your VIP card.",
            "When asked to protect, choose the bar in district 16 (police stand there).",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION, BAR_SOLUTION, AFTER_BAR),
        lead_in=AFTER_BAR,
        reached=_protect_reached,
        judge=_judge_protect,
        solution=PROTECT_SOLUTION,
        highlight=(16,),
        status=_police_status,
    ),
    Lesson(
        id="trucks",
        title="Trucks",
        introduction=(
            "A fleet card moves your trucks. A truck starts off the map, enters in any "
            "district for free, then every move to a neighbouring district costs one point. "
            "Its points are its **range**: your fleet level (1), +2 from this card's reward "
            "and +2 from the Garage's left person: 5.\n\n"
            "Barrels come from a smugglers' ship at its port (you pay the price shown) or "
            "from your own distillery. Loading and delivering cost nothing; you may drop one "
            "barrel beside each of your working bars. Corners do not connect, and nothing "
            "crosses **Central Park**: 13 and 15 have no road to 14 and 16."
        ),
        goal="Bring a barrel to one of your working bars.",
        rules=("R-TRUCK-2", "R-TRUCK-4", "R-TRUCK-7", "R-TRUCK-8", "R-TRUCK-11", "R-TRUCK-13"),
        hints=(
            "A ship waits at the port of district 6; your new bar in district 3 is next door.",
            "Enter in district 6, buy a barrel, move to 3 and deliver.",
        ),
        script=_script(
            PROLOGUE,
            CAPO_SOLUTION,
            LEVEL_SOLUTION,
            BAR_SOLUTION,
            AFTER_BAR,
            PROTECT_SOLUTION,
            AFTER_PROTECT,
        ),
        lead_in=AFTER_PROTECT,
        own_game_hints=(
            "Your bars without a barrel are listed above, and the ships' ports: enter at a "
            "port from which one of those bars is within the truck's range.",
            "Enter there, buy a barrel, drive to the bar and deliver.",
        ),
        reached=_truck_reached,
        judge=_judge_truck,
        solution=TRUCK_SOLUTION,
        highlight=(6, 3),
        status=_truck_status,
    ),
    Lesson(
        id="luciano",
        title="The Lucky Luciano phase",
        introduction=(
            "**This lesson sets up a prepared position:** bots have played the rest of Act 1 "
            "from the prepared game of the first lessons. Your own game is kept: lesson 7 "
            "takes it up again.\n\n"
            "An **act** is a run of rounds; in each **round** every player takes one turn. "
            "When the last capo of the act has acted, the game runs the **Lucky Luciano "
            "phase** by itself: gangsters arrive in some districts and attack the buildings "
            "there (gang war), new police arrive, each district's best building wins its "
            "control, and each area pays its leaders into their safes.\n\n"
            "Make your last move of the act, then step through what happened, one event at a "
            "time."
        ),
        goal="Finish the act and watch the Luciano phase run to its payout.",
        rules=("R-ACT-2", "R-GANGWAR-6", "R-POLICE-1", "R-CONTROL-3", "R-PAYOUT-1"),
        hints=(
            "Any move will do here: the point is to watch what follows.",
            "Use the step-through slider below the map once the payout has happened.",
        ),
        script=_bots_to_luciano,
        reached=_luciano_reached,
        judge=_any_move,
        prepared=True,
    ),
    Lesson(
        id="round",
        title="A whole round against a bot",
        introduction=(
            "Now you play on your own against a bot playing yellow. **Your own game comes "
            "back** where you left it after the earlier lessons (if you opened this lesson "
            "directly, a game prepared at the start of Act 2). Every move is yours; the bot "
            "answers by itself.\n\n"
            "Play on until the round in which you take a whole turn is over: send a capo, do "
            "its person's actions, draw a card, and let the bot take its turn. A round ends "
            "with the new turn order (if anyone went to the Restaurant, casinos pay too), or, "
            "after an act's last round, with the Lucky Luciano phase. What happened in the "
            "round is listed when it is over."
        ),
        goal="Play a whole turn, to the end of its round.",
        rules=("R-TURN-3", "R-TURN-5", "R-ACT-3", "R-ORDER-4"),
        hints=(
            "Every decision shows its options; any of them is legal.",
            "The round ends when every player has taken a turn; keep choosing until it does.",
        ),
        script=_bots_to_next_round,
        reached=_round_reached,
        judge=_any_move,
        status=_round_status,
        resumes=True,
        recap=_round_recap,
    ),
    Lesson(
        id="helpers",
        title="Helper cards and city tokens",
        introduction=(
            "**This lesson sets up a prepared position** in Act 3; your own game is kept for "
            "lesson 7.\n\n"
            "**Helper cards** are taken from an offer of three face-up cards: persons at the "
            "Contractors' Office and the Commission give one, and so do some city tokens and a "
            "space of the notoriety track. Each does two things. Once, at the "
            "start of one of your turns before you send a capo, you may use its reward; the "
            "card then goes behind your screen. And at the end of the game every helper card "
            "you own, used or not, shows a **bottle**: each different kind of bottle adds its "
            "value ($20, $10 or $5) to your money, once.\n\n"
            "**City tokens** lie on building spaces: build there and the token is yours. At "
            "the Restaurant you may play up to two of them, each for what it shows (a card, a "
            "level, a book, a building...). At the end of your turn you may keep only four; "
            "the rest go back to the offer."
        ),
        goal="Answer the two questions, then use a helper card at the start of your turn.",
        rules=("R-HELPER-1", "R-HELPER-3", "R-SCORING-4", "R-CITY-1", "R-CITY-4", "R-CITY-6"),
        hints=(
            "Count each kind of bottle once, whether its card is face up or used.",
            "At the start of your turn, choose one of the 'Use …' options.",
        ),
        script=_no_script,
        reached=_helper_used,
        judge=_judge_use_helper,
        status=_helpers_status,
        start="helpers_and_tokens",
        prepared=True,
        questions=(
            Question(
                "How much do purple's helper cards add to purple's money at the end?",
                _bottle_choices,
                _judge_bottles,
                ("R-HELPER-4", "R-SCORING-4"),
            ),
            Question(
                "How many city tokens must purple give back at the end of this turn?",
                _token_choices,
                _judge_tokens,
                ("R-CITY-6", "R-CITY-7"),
            ),
        ),
    ),
    Lesson(
        id="goals",
        title="Books and goals",
        introduction=(
            "**This lesson sets up a prepared position** in Act 3; your own game is kept for "
            "lesson 7.\n\n"
            "**Books** are gained at some persons, from city tokens and helper cards, and wait "
            "on your operations board. At the Restaurant you may *cook* up to three: put each "
            "on a free space of a **goal** whose requirement you meet, and its money goes into "
            "your safe. Every goal has two spaces, and you may never take both.\n\n"
            "There are five families of goals: the docks goals (own crate tokens), the City "
            "Hall goals (protected buildings in several districts), the notoriety goals, five "
            "**Central Park tiles** (conditions over the whole city, $10 each) and one "
            "**area tile** for each of Downtown, Midtown and Uptown (buildings inside that "
            "area, working ones only, $20 each)."
        ),
        goal="Find the goal purple can put a book on, and what it pays.",
        rules=("R-BOOKS-1", "R-BOOKS-2", "R-BOOKS-3", "R-BOOKS-4", "R-BOOKS-8", "R-BOOKS-9"),
        hints=(
            "Compare each goal's requirement with purple's buildings, notoriety and crates "
            "listed above.",
            "Look at the area tiles: which area has two of purple's bars?",
        ),
        script=_no_script,
        reached=_always,
        judge=_any_move,
        status=_goals_status,
        start="books_and_goals",
        prepared=True,
        questions=(
            Question(
                "On which of these goals may purple put a book now?",
                _goal_choices,
                _judge_goal,
                ("R-BOOKS-2", "R-BOOKS-4"),
            ),
            Question(
                "What does that book pay?",
                _payout_choices,
                _judge_payout,
                ("R-BOOKS-2", "R-BOOKS-9"),
            ),
        ),
    ),
    Lesson(
        id="scoring",
        title="How the game is won",
        introduction=(
            "**This lesson sets up a prepared position:** a game just over; your own game is "
            "kept for lesson 7.\n\n"
            "After Act 4 comes the **final scoring**. Your money is what you have in the "
            "pocket plus what is in your safe (now at face value), plus every **protected** "
            "building on the map (a bar $10, a nightclub $15, a distillery or a casino $20; a "
            "building without a mafioso scores nothing), plus each different bottle kind on "
            "your helper cards. **The most money wins.**\n\n"
            "A tie is broken, in order, by the most protected buildings, the most buildings, "
            "the most books on goals, then the most mafiosi in play; still tied, the players "
            "share the win."
        ),
        goal="Work out purple's final money and who wins.",
        rules=(
            "R-SCORING-1",
            "R-SCORING-2",
            "R-SCORING-3",
            "R-SCORING-4",
            "R-SCORING-5",
            "R-SCORING-6",
        ),
        hints=(
            "Pocket + safe + protected buildings + each different bottle once.",
            "Work out yellow's money the same way; on a tie, count protected buildings.",
        ),
        script=_no_script,
        reached=_always,
        judge=_any_move,
        status=_scoring_status,
        start="final_scoring",
        prepared=True,
        questions=(
            Question(
                "How much money does purple finish with?",
                _score_choices,
                _judge_score,
                ("R-SCORING-1", "R-SCORING-2", "R-SCORING-3", "R-SCORING-4"),
            ),
            Question(
                "Who wins this game?",
                _winner_choices,
                _judge_winner,
                ("R-SCORING-5", "R-SCORING-6"),
            ),
        ),
    ),
)


# ---------------------------------------------------------------------- the course
def _replay(actions: tuple[str, ...]) -> Game:
    return Game.replay(SEED, actions, players=list(PLAYERS))


def _answer(game: Game, action: Action) -> None:
    """The learner's move, then the bot's answers until the learner decides again."""
    before = len(game.history)
    table = Table(
        game,
        {LEARNER: "human", OPPONENT: "bot"},
        {OPPONENT: RandomBot(seed=derive_seed(SEED, "bot", OPPONENT.value, before))},
    )
    table.choose(action)


def _explain(event: Event) -> str:
    return explain_event(event).text


def _truck_feasible(game: Game) -> bool:
    """Whether a barrel can reach one of the learner's bars with the truck's points (a carried
    position must leave the trucks lesson solvable)."""
    now = _truck_now(game)
    if now is None:
        return False
    targets = _targets(game.state)
    ports = {ship.port for ship in game.state.ships}
    return any(game.board.distance(p, t) <= now[2] for p in ports for t in targets)


#: Extra checks a position continued from the learner's game must pass, by lesson.
_CARRY_CHECKS: dict[str, Callable[[Game], bool]] = {"trucks": _truck_feasible}


#: Speakeasy's lessons, played by the tutorial (:mod:`speakeasy.tools.tutorial`).
COURSE: Course[Game] = Course(
    LESSONS,
    learner=LEARNER,
    replay=_replay,
    answer=_answer,
    explain_event=_explain,
    explain_error=explain_error,
    option_district=option_district,
    default_rule="R-TURN-1",
    carry_checks=_CARRY_CHECKS,
    start_from=_start_from,
    play_page=PLAY_PAGE,
)
