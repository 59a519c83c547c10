"""Questions a scenario can ask about its position, answered by the rules code.

Each question has a name (``ask`` in a scenario's ``[question]`` table) and the parameters it
needs, both specified in the scenario layer
(:data:`speakeasy.games.speakeasy.positions.QUESTION_SPECS`, so a scenario file is checked when it
is read), and here a function computing a JSON-like answer (a colour list, a number, a yes/no, a
table of amounts) with a plain-English explanation and the rules it rests on. The answers are never
written by hand: a scenario file states the answer it expects and the test suite checks that the
engine computes exactly that.

Some answers need actions to be played (the turn order after Restaurant visits, what a build
costs, how many levels a card gives...). Those are played through the engine on a copy of the
game (:meth:`Game.copy`, :meth:`Game.apply`), the asking player choosing as the question says
and every other decision taking the option that changes least (``skip``, ``done``, ``finish``,
else the first option); the position asked about never changes. Such questions need the asking
player to be the one sending the next capo (list them first in the scenario's ``turn_order``).

>>> from speakeasy.games.speakeasy.positions import parse_scenario
>>> s = parse_scenario('''
... title = "E5b"
... [districts.14]
... buildings = [{owner = "yellow", type = "nightclub"}, {owner = "yellow", type = "bar"},
...              {owner = "blue", type = "nightclub"}]
... [question]
... text = "Who controls district 14?"
... ask = "control"
... district = 14
... answer = ["blue", "yellow"]
... ''')
>>> answer = ask(s.game(), s.question)
>>> answer.value, answer.rules
(['blue', 'yellow'], ('R-CONTROL-4',))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from speakeasy.core.actions import Action, Decision, Event
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour, Phase, Track
from speakeasy.games.speakeasy.positions.questions import QUESTION_SPECS, QuestionSpec
from speakeasy.games.speakeasy.rules.barrels import sale_price, sell_limit, sellable
from speakeasy.games.speakeasy.rules.buildings import board_space, defence, max_attack
from speakeasy.games.speakeasy.rules.delivery import delivery_range
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.goals import goal_rule, why_not
from speakeasy.games.speakeasy.rules.luciano import district_control, payout_ranking
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.protection import max_protections, protection_budget
from speakeasy.games.speakeasy.rules.ships import attack_error, ship_attack_options
from speakeasy.games.speakeasy.studies.planner import best_plan

__all__ = ["QUESTIONS", "Answer", "Question", "ask"]


@dataclass(frozen=True)
class Answer:
    """What the engine computes for a question: the value, why, and the rules applied."""

    value: Any
    explanation: str
    rules: tuple[str, ...]


#: Computes a question's answer on a game from the scenario's ``[question]`` table.
Compute = Callable[[Game, Mapping[str, Any]], Answer]


@dataclass(frozen=True)
class Question:
    """A question a scenario may ask (its name and parameters: :data:`QUESTION_SPECS`) and
    the function answering it."""

    spec: QuestionSpec
    compute: Compute


#: The function answering each question, by name; :data:`QUESTIONS` pairs them with the specs.
_ANSWERS: dict[str, Compute] = {}


def _answers(name: str) -> Callable[[Compute], Compute]:
    """Register the function answering the question ``name`` of :data:`QUESTION_SPECS`."""

    def register(fn: Compute) -> Compute:
        if name not in QUESTION_SPECS or name in _ANSWERS:
            raise ValueError(f"{name!r} is not a question of QUESTION_SPECS, or answered twice")
        _ANSWERS[name] = fn
        return fn

    return register


def ask(game: Game, question: Mapping[str, Any]) -> Answer:
    """Answer a scenario's ``[question]`` (``ask`` plus its parameters) on ``game``."""
    q = QUESTIONS.get(str(question.get("ask")))
    if q is None:
        raise KeyError(f"unknown question {question.get('ask')!r}; known: {sorted(QUESTIONS)}")
    missing = [p for p in q.spec.params if p not in question]
    if missing:
        raise KeyError(f"the {q.spec.name!r} question needs {', '.join(missing)}")
    return q.compute(game, question)


def _colour(q: Mapping[str, Any]) -> Colour:
    return Colour(str(q["colour"]))


# ---------------------------------------------------------------------- playing on a copy
#: Answers one decision for the player who asks, or ``None`` for the cautious default.
Chooser = Callable[[Decision], Action | None]
#: Whether to stop playing: the game played so far and every event since the question began.
Until = Callable[[Game, list[Event]], bool]
#: Decisions taken to reach any answer; far more than a whole round needs.
_STEP_LIMIT = 2000


class _Refused(Exception):
    """The action a question plays is not allowed: the reason and the rule."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason, self.rule = reason, rule


def _cautious(decision: Decision) -> Action:
    """The option that changes least: ``skip``, ``done`` or ``finish`` if offered, else the
    first option."""
    for kind in ("skip", "done", "finish"):
        for option in decision.options:
            if option.kind == kind:
                return option
    return decision.options[0]


def _play(game: Game, choose: Chooser, until: Until) -> tuple[Game, list[Event]]:
    """Play on a copy of ``game`` until ``until`` holds or the game ends; ``choose`` answers
    what it wants to, :func:`_cautious` the rest. Returns the copy and the events it saw."""
    played = game.copy()
    events: list[Event] = []
    for _ in range(_STEP_LIMIT):
        decision = played.pending
        if decision is None or until(played, events):
            return played, events
        events += played.apply(choose(decision) or _cautious(decision))
    raise RuntimeError(f"no answer after {_STEP_LIMIT} decisions")


def _first_to_send_a_capo(game: Game, colour: Colour) -> None:
    """Questions about a player's own turn start at their capo decision."""
    decision = game.pending
    if decision is None or decision.kind != "capo" or decision.player is not colour:
        who = "nobody" if decision is None else f"{decision.player} ({decision.kind})"
        raise ValueError(
            f"this question plays {colour}'s turn, but the next decision is {who}'s: list "
            f"{colour} first in the scenario's turn_order"
        )


def _capo_for(game: Game, wants: Callable[[Effect], bool]) -> Action:
    """The capo option whose person offers an action ``wants``, with the fewest other actions
    (so as little else as possible happens on the way)."""
    catalog = game.analysis_context().catalog
    found: list[tuple[int, int, Action]] = []
    for order, option in enumerate(game.legal_actions()):
        if option.kind != "capo":
            continue
        location = catalog.location(str(option.args[0]))
        if location.unlimited or location.id == "central_park":
            continue
        person = location.person(int(option.args[1]))
        if any(wants(effect) for effect in person.actions):
            found.append((len(person.actions), order, option))
    if not found:
        raise ValueError("no available person offers that action (R-TURN-4)")
    return min(found, key=lambda item: item[:2])[2]


def _turn_over(colour: Colour) -> Until:
    """Stop once ``colour`` has sent a capo and the turn has moved on to its card draw or to
    someone else."""

    def until(played: Game, events: list[Event]) -> bool:
        decision = played.pending
        started = any(e.kind == "capo" and e.player == colour.value for e in events)
        return started and (
            decision is None or decision.player is not colour or decision.kind == "turn_draw"
        )

    return until


# ---------------------------------------------------------------------- control and payout
@_answers("control")
def _control(game: Game, q: Mapping[str, Any]) -> Answer:
    control = district_control(game.state, int(q["district"]))
    value = ["gangsters"] if control.gangsters else sorted(c.value for c in control.players)
    return Answer(value, control.reason, (control.rule,))


@_answers("operating")
def _operating(game: Game, q: Mapping[str, Any]) -> Answer:
    colour, number = _colour(q), int(q["district"])
    district = game.state.districts[number]
    mine = [sp.building for sp in district.spaces if sp.building and sp.building.owner is colour]
    works = any(operating(district, b) for b in mine)
    why = (
        f"{colour.value.capitalize()} has no building in district {number}."
        if not mine
        else "Police stand there and nothing of theirs is protected by a mafioso."
        if not works
        else "No police stand there, or a mafioso protects the building."
    )
    return Answer(works, why, ("R-GOLDEN-1",))


@_answers("payout")
def _payout(game: Game, q: Mapping[str, Any]) -> Answer:
    ranks = payout_ranking(game.state, game.analysis_context().catalog, Area(str(q["area"])))
    value = {r.colour.value: r.amount for r in ranks if r.colour is not None}
    why = " ".join(r.reason for r in ranks)
    return Answer(value, why, ("R-PAYOUT-2", "R-PAYOUT-3", "R-PAYOUT-4", "R-PAYOUT-5"))


# ---------------------------------------------------------------------- operations
@_answers("max_protections")
def _max_protections(game: Game, q: Mapping[str, Any]) -> Answer:
    ctx, colour = game.analysis_context(), _colour(q)
    n = max_protections(ctx, colour)
    budget = protection_budget(ctx, colour)
    why = (
        f"Each protected building costs {budget.cost} leverage here; leverage {budget.total} "
        "in all "
        f"(free {budget.free}) pays for {budget.affordable()}, with "
        f"{ctx.player(colour).vip} mafiosi in the VIP area."
    )
    return Answer(n, why, ("R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3"))


@_answers("barrel_sale")
def _barrel_sale(game: Game, q: Mapping[str, Any]) -> Answer:
    """The best barrels to sell, up to the sell limit of the party level (R-BARREL-4)."""
    ctx, colour = game.analysis_context(), _colour(q)
    prices = [(d, b.type.value, sale_price(ctx, colour, b)) for d, _, b in sellable(ctx, colour)]
    limit = sell_limit(ctx, colour)
    sold = sorted(prices, key=lambda item: -item[2])[:limit]
    why = "; ".join(f"{kind} in {d}: ${p}" for d, kind, p in sold) or "nothing to sell"
    if len(prices) > limit:
        why += f" (at most {limit} of the {len(prices)} barrels in one action)"
    return Answer(sum(p for _, _, p in sold), why + ".", ("R-NOTOR-2", "R-BARREL-4"))


@_answers("barrels_delivered")
def _barrels_delivered(game: Game, q: Mapping[str, Any]) -> Answer:
    """The planner's best plan for one pick-up-and-deliver action; ``range_bonus`` is the
    action's extra range (a played fleet card's or the Garage's +2, R-TRUCK-2)."""
    ctx, colour = game.analysis_context(), _colour(q)
    bonus = int(q.get("range_bonus", 0))
    reach = delivery_range(ctx, colour, Source("question", "deliver", range_bonus=bonus))
    plan = best_plan(ctx, colour, reach.total)
    why = f"{reach.explain()}. {plan.describe()}"
    return Answer(plan.delivered, why, ("R-TRUCK-2", "R-TRUCK-7", "R-TRUCK-9"))


@_answers("takeover")
def _takeover(game: Game, q: Mapping[str, Any]) -> Answer:
    ctx, colour = game.analysis_context(), _colour(q)
    number = int(q["district"])
    need = defence(ctx, number) + 1
    best = max_attack(ctx, colour, spendable(ctx.player(colour)))
    why = (
        f"The gangsters defend district {number} with {need - 1}, so an attack needs {need}; "
        f"{colour.value.capitalize()} can reach {best} with goons and partner."
    )
    return Answer(best >= need, why, ("R-TAKEOVER-2", "R-COMBAT-1"))


@_answers("final_score")
def _final_score(game: Game, q: Mapping[str, Any]) -> Answer:
    colour = _colour(q)
    if not game.is_over:
        raise ValueError("final_score needs a finished game (a scenario with phase = 'final')")
    b = game.result().standing(colour).breakdown
    why = (
        f"{colour.value.capitalize()}: ${b.money} money, ${b.building_points} for protected "
        f"buildings and the distillery, ${b.bottle_points} for bottles."
    )
    return Answer(b.total, why, ("R-SCORING-1", "R-SCORING-2", "R-SCORING-3", "R-SCORING-4"))


@_answers("after_war")
def _after_war(game: Game, q: Mapping[str, Any]) -> Answer:
    """Play the gang war with every owner taking the cheapest defence that holds, if any."""
    number = int(q["district"])
    played = game.copy()
    events = list(played.events)
    while played.pending is not None and played.state.phase.value == "gang war":
        decision = played.pending
        holding = [o for o in decision.options if o.label.endswith(": holds")]
        events += played.apply(holding[0] if holding else decision.options[0])
    district = played.state.districts[number]
    left = sorted(
        f"{sp.building.owner.value} {sp.building.type.value}"
        for sp in district.spaces
        if sp.building is not None
    )
    value = left + ["gangster bar"] * sum(sp.gangster_bar for sp in district.spaces)
    why = " ".join(
        e.text for e in events if e.data.get("district") == number and e.kind != "scenario"
    )
    return Answer(value, why, ("R-GANGWAR-7", "R-GANGWAR-8", "R-GANGWAR-14"))


# ---------------------------------------------------------------------- the Lucky Luciano phase
@_answers("war_strength")
def _war_strength(game: Game, q: Mapping[str, Any]) -> Answer:
    """Play on to the gang war in the district and read the arriving gangster's strength."""
    number = int(q["district"])

    def arrived(events: list[Event]) -> Event | None:
        return next(
            (e for e in events if e.kind == "war_strength" and e.data["district"] == number),
            None,
        )

    _, events = _play(game, lambda d: None, lambda g, ev: arrived(ev) is not None)
    event = arrived(list(game.events) + events)
    if event is None:
        raise ValueError(f"no gangster arrives in district {number} from this position")
    return Answer(event.data["war_strength"], event.text, event.rules)


# ---------------------------------------------------------------------- a player's turn
@_answers("turn_order")
def _turn_order(game: Game, q: Mapping[str, Any]) -> Answer:
    """Play the round: each colour in ``restaurant`` sends its capo to the Restaurant and takes
    that bottom space (discarding what it needs, R-LOC-RESTAURANT-1/2); the others do something
    else. The answer is the order the end of the round sets (R-ORDER-4..7)."""
    visits = {Colour(c): int(space) for c, space in q["restaurant"].items()}
    if game.state.phase is not Phase.ROUNDS:
        raise ValueError("the turn order changes at the end of a player round (R-ORDER-4)")

    def choose(decision: Decision) -> Action | None:
        space = visits.get(decision.player)
        if space is None:
            return None
        wanted = {
            "capo": lambda a: a.args[0] == "restaurant",
            "restaurant_space": lambda a: a.args[0] == space,
        }.get(decision.kind)
        if wanted is None:
            return None
        found = next((a for a in decision.options if wanted(a)), None)
        if found is None:
            blocked = [b.error.reason for b in decision.blocked if wanted(b.action)]
            why = f": {blocked[0]}" if blocked else ""
            raise ValueError(f"{decision.player} cannot take bottom space {space} now{why}")
        return found

    def until(played: Game, events: list[Event]) -> bool:
        return any(e.kind == "turn_order" for e in events)

    played, events = _play(game, choose, until)
    order = [c.value for c in played.state.turn_order.order]
    why = " ".join(
        e.text for e in events if e.kind in ("restaurant", "casino_income", "turn_order")
    )
    rules = ("R-LOC-RESTAURANT-1", "R-LOC-RESTAURANT-2", "R-ORDER-5", "R-ORDER-6", "R-ORDER-7")
    return Answer(order, why, rules)


@_answers("hand_size")
def _hand_size(game: Game, q: Mapping[str, Any]) -> Answer:
    """Play on (the prologue too, if the position is before it) to the player's next capo."""
    colour = _colour(q)

    def until(played: Game, events: list[Event]) -> bool:
        decision = played.pending
        return decision is not None and decision.kind == "capo" and decision.player is colour

    played, events = _play(game, lambda d: None, until)
    if played.pending is None:
        raise ValueError(f"the game ends before {colour}'s next turn")
    hand = played.state.players[colour].hand
    prologue = [e.text for e in events if e.player == colour.value and e.kind == "play_card"]
    why = (
        f"{colour.value.capitalize()} holds {len(hand)} card(s) at the start of Act "
        f"{played.state.act}, round {played.state.round}."
        + (" In the prologue: " + " ".join(prologue) if prologue else "")
    )
    return Answer(len(hand), why, ("R-PROLOGUE-8", "R-TURN-5"))


@_answers("play_card")
def _play_card(game: Game, q: Mapping[str, Any]) -> Answer:
    """Play ``card`` from the hand on a copy, taking every level its reward offers (and the
    extra level for a discard, R-LEVEL-6): the level of its track, the notoriety gained and,
    for a fleet card, the truck range the fleet level now gives (R-LEVEL-7)."""
    colour, card = _colour(q), str(q["card"])
    player = game.state.players[colour]
    if card not in player.hand:
        raise ValueError(f"{colour} does not hold {card} (hand: {', '.join(player.hand)})")
    track = Track(game.analysis_context().catalog.card(card).type)
    _first_to_send_a_capo(game, colour)
    capo = _capo_for(
        game, lambda e: e.kind == "play_card" and e.text("type") in ("any", track.value)
    )
    played_it = False

    def choose(decision: Decision) -> Action | None:
        nonlocal played_it
        if decision.player is not colour:
            return None
        if decision.kind == "capo":
            return capo
        if decision.kind == "play_card":
            played_it = True
            return next(a for a in decision.options if a.args == (card,))
        if played_it and decision.kind == "raise":
            return next((a for a in decision.options if a.args == (track.value,)), None)
        if played_it and decision.kind == "raise_more":
            return next(a for a in decision.options if a.kind == "more")
        if decision.kind == "discard":
            return decision.options[0]
        return None

    played, events = _play(game, choose, _turn_over(colour))
    after = played.state.players[colour]
    value: dict[str, int] = {
        "level": after.levels[track],
        "notoriety_gain": after.notoriety - player.notoriety,
    }
    rules: tuple[str, ...] = ("R-CARD-3", "R-LEVEL-2", "R-LEVEL-6", "R-NOTOR-1")
    why = " ".join(e.text for e in events if e.player == colour.value and e.kind == "raise")
    if track is Track.FLEET:
        ctx = played.analysis_context()
        reach = delivery_range(ctx, colour, Source("question", "range"))
        value["range"] = reach.total
        why += f" Truck range now: {reach.explain()}."
        rules += ("R-LEVEL-7", "R-TRUCK-2")
    return Answer(value, why or f"{card} raises no level.", rules)


@_answers("goon_cost")
def _goon_cost(game: Game, q: Mapping[str, Any]) -> Answer:
    """Hire ``count`` goons on a copy, each on the cheapest empty goon space (R-GOON-1)."""
    colour, count = _colour(q), int(q["count"])
    _first_to_send_a_capo(game, colour)
    capo = _capo_for(game, lambda e: e.kind == "hire_goons")
    hired = 0

    def choose(decision: Decision) -> Action | None:
        nonlocal hired
        if decision.player is not colour:
            return None
        if decision.kind == "capo":
            return capo
        if decision.kind == "hire_goon":
            if hired == count:
                return next(a for a in decision.options if a.kind == "done")
            hired += 1
            return next(a for a in decision.options if a.kind == "hire")
        return None

    _, events = _play(game, choose, _turn_over(colour))
    costs = [
        int(e.data["cost"])
        for e in events
        if e.kind == "goon" and e.player == colour.value and "cost" in e.data
    ]
    if len(costs) < count:
        raise ValueError(
            f"{colour} can hire only {len(costs)} goon(s) now (empty goon spaces, supply "
            "and money, R-GOON-1, R-MONEY-6)"
        )
    why = " + ".join(f"${c}" for c in costs) + f" = ${sum(costs)} (the cheapest empty spaces)."
    return Answer(sum(costs), why, ("R-GOON-1",))


@_answers("build_cost")
def _build_cost(game: Game, q: Mapping[str, Any]) -> Answer:
    """Build on a copy: ``colour`` sends a capo to an office that builds ``building`` by
    ``mode`` and builds in ``district`` (a takeover uses the cheapest winning help: no money
    before money, then the fewest goons). The answer is the price paid and where it came
    from: ``{"cost", "discards", "from_pocket", "from_safe"}`` (R-MONEY-2: safe money is
    laundered 2:1), or ``false`` with the reason when the build is not allowed."""
    colour, number = _colour(q), int(q["district"])
    building, mode = str(q["building"]), str(q["mode"])
    _first_to_send_a_capo(game, colour)
    capo = _capo_for(
        game,
        lambda e: (
            e.kind == "build" and building in e.texts("buildings") and mode in e.texts("modes")
        ),
    )
    ctx = game.analysis_context()

    def is_wanted(action: Action) -> bool:
        return (
            action.kind == "build"
            and action.args[0] == mode
            and board_space(ctx, str(action.args[1])).building == building
        )

    def refuse(decision: Decision, match: Callable[[Action], bool], default: str) -> Action:
        errors = [b.error for b in decision.blocked if match(b.action)]
        raise _Refused(*((errors[0].reason, errors[0].rule) if errors else (default, "R-BUILD-1")))

    def choose(decision: Decision) -> Action | None:
        if decision.player is not colour:
            return None
        if decision.kind == "capo":
            return capo
        if decision.kind == "build":
            found = next((a for a in decision.options if a.kind == "build" and is_wanted(a)), None)
            return found or refuse(decision, is_wanted, f"{colour} cannot {mode} a {building}")
        if decision.kind == "build_space":
            found = next((a for a in decision.options if a.args[0] == number), None)
            return found or refuse(
                decision, lambda a: a.args[0] == number, f"no space for it in district {number}"
            )
        if decision.kind == "takeover_boost":
            return min(
                decision.options,
                key=lambda a: (a.args[1] == "paid", a.args[1] == "free", int(a.args[0])),
            )
        if decision.kind == "discard":
            return decision.options[0]
        return None

    def until(played: Game, events: list[Event]) -> bool:
        return any(
            e.kind in (mode, "build_impossible") and e.player == colour.value for e in events
        )

    try:
        _, events = _play(game, choose, until)
    except _Refused as refused:
        return Answer(False, refused.reason, (refused.rule,))
    done = next((e for e in events if e.kind == mode and e.player == colour.value), None)
    if done is None:
        impossible = next((e for e in events if e.kind == "build_impossible"), None)
        if impossible is None:
            raise RuntimeError(f"{colour}'s turn ended without a build decision")
        return Answer(False, impossible.text, impossible.rules[:1])
    data = done.data
    value = {
        "cost": data["cost"],
        "discards": data["discards"],
        "from_pocket": data["paid_pocket"],
        "from_safe": data["paid_safe"],
    }
    return Answer(value, done.text, (*done.rules, "R-MONEY-2"))


# ---------------------------------------------------------------------- ships and goals
@_answers("ship_attack")
def _ship_attack(game: Game, q: Mapping[str, Any]) -> Answer:
    """The first of :func:`speakeasy.games.speakeasy.rules.ships.ship_attack_options` (fewest goons,
    then the fewest hired mafiosi): ``{"attack", "defence", "hired", "goons", "pays"}``, or
    ``false`` with the reason when no attack can win (R-COMBAT-1)."""
    ctx, colour = game.analysis_context(), _colour(q)
    ship = next((s for s in ctx.state.ships if s.ship == q["ship"]), None)
    if ship is None:
        raise ValueError(f"no ship {q['ship']!r} in this game")
    plans = ship_attack_options(ctx, colour, ship)
    rules = ("R-SHIP-3", "R-SHIP-4", "R-SHIP-5", "R-SHIP-6", "R-COMBAT-1")
    if not plans:
        error = attack_error(ctx, colour, ship)
        return Answer(False, error.reason, (error.rule,))
    best = plans[0]
    value = {
        "attack": best.total,
        "defence": best.defence,
        "hired": [c.value for c in best.hired],
        "goons": best.goons,
        "pays": best.cost,
    }
    return Answer(value, best.action().label + ".", rules)


@_answers("book_allowed")
def _book_allowed(game: Game, q: Mapping[str, Any]) -> Answer:
    ctx, colour, goal = game.analysis_context(), _colour(q), str(q["goal"])
    error = why_not(ctx, colour, goal, int(q["space"]) - 1)
    if error is not None:
        return Answer(False, error.reason, (error.rule,))
    why = f"{colour.value.capitalize()} meets the goal and has no book on it yet."
    return Answer(True, why, ("R-BOOKS-2", "R-BOOKS-3", goal_rule(ctx.catalog.goal(goal))))


#: Every question a scenario may ask, by name, with the function answering it.
QUESTIONS: dict[str, Question] = {
    name: Question(QUESTION_SPECS[name], compute) for name, compute in _ANSWERS.items()
}
