"""Questions a scenario can ask about its position, answered by the rules code.

Each question has a name (``ask`` in a scenario's ``[question]`` table), the parameters it needs
and a function computing a JSON-like answer (a colour list, a number, a yes/no, a table of
amounts) with a plain-English explanation and the rules it rests on. The answers are never
written by hand: a scenario file states the answer it expects and the test suite checks that
the engine computes exactly that.

>>> from speakeasy.scenario import parse_scenario
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
from typing import TYPE_CHECKING, Any

from speakeasy.board import Area
from speakeasy.state import Colour

if TYPE_CHECKING:
    from speakeasy.engine import Game

__all__ = ["QUESTIONS", "Answer", "Question", "ask"]


@dataclass(frozen=True)
class Answer:
    """What the engine computes for a question: the value, why, and the rules applied."""

    value: Any
    explanation: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    name: str
    params: tuple[str, ...]
    summary: str
    compute: Callable[[Game, Mapping[str, Any]], Answer]


QUESTIONS: dict[str, Question] = {}


def _question(
    name: str, *params: str, summary: str
) -> Callable[
    [Callable[[Game, Mapping[str, Any]], Answer]], Callable[[Game, Mapping[str, Any]], Answer]
]:
    def register(
        fn: Callable[[Game, Mapping[str, Any]], Answer],
    ) -> Callable[[Game, Mapping[str, Any]], Answer]:
        QUESTIONS[name] = Question(name, params, summary, fn)
        return fn

    return register


def ask(game: Game, question: Mapping[str, Any]) -> Answer:
    """Answer a scenario's ``[question]`` (``ask`` plus its parameters) on ``game``."""
    q = QUESTIONS.get(str(question.get("ask")))
    if q is None:
        raise KeyError(f"unknown question {question.get('ask')!r}; known: {sorted(QUESTIONS)}")
    missing = [p for p in q.params if p not in question]
    if missing:
        raise KeyError(f"the {q.name!r} question needs {', '.join(missing)}")
    return q.compute(game, question)


def _colour(q: Mapping[str, Any]) -> Colour:
    return Colour(str(q["colour"]))


# ---------------------------------------------------------------------- control and payout
@_question("control", "district", summary="who controls a district now")
def _control(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.luciano import district_control

    control = district_control(game.state, int(q["district"]))
    value = ["gangsters"] if control.gangsters else sorted(c.value for c in control.players)
    return Answer(value, control.reason, (control.rule,))


@_question("operating", "district", "colour", summary="does a player's building operate")
def _operating(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.golden import operating

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


@_question("payout", "area", summary="what each player receives for an area (R-PAYOUT)")
def _payout(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.luciano import payout_ranking

    ranks = payout_ranking(game.state, game.analysis_context().catalog, Area(str(q["area"])))
    value = {r.colour.value: r.amount for r in ranks if r.colour is not None}
    why = " ".join(r.reason for r in ranks)
    return Answer(value, why, ("R-PAYOUT-2", "R-PAYOUT-3", "R-PAYOUT-4", "R-PAYOUT-5"))


# ---------------------------------------------------------------------- operations
@_question("max_protections", "colour", summary="buildings one protection action can protect")
def _max_protections(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.protection import max_protections, protection_budget

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


@_question("barrel_sale", "colour", summary="money from selling every barrel now")
def _barrel_sale(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.barrels import sale_price, sellable

    ctx, colour = game.analysis_context(), _colour(q)
    prices = [(d, b.type.value, sale_price(ctx, colour, b)) for d, _, b in sellable(ctx, colour)]
    why = "; ".join(f"{kind} in {d}: ${p}" for d, kind, p in prices) or "nothing to sell"
    return Answer(sum(p for _, _, p in prices), why + ".", ("R-NOTOR-2", "R-BARREL-4"))


@_question("barrels_delivered", "colour", summary="the most barrels one delivery can deliver")
def _barrels_delivered(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.planner import best_plan

    plan = best_plan(game.analysis_context(), _colour(q), q.get("range"))
    return Answer(plan.delivered, plan.describe(), ("R-TRUCK-2", "R-TRUCK-7", "R-TRUCK-9"))


@_question("takeover", "district", "colour", summary="can a player take over a gangster bar")
def _takeover(game: Game, q: Mapping[str, Any]) -> Answer:
    from speakeasy.rules.buildings import defence, max_attack
    from speakeasy.rules.money import spendable

    ctx, colour = game.analysis_context(), _colour(q)
    number = int(q["district"])
    need = defence(ctx, number) + 1
    best = max_attack(ctx, colour, spendable(ctx.player(colour)))
    why = (
        f"The gangsters defend district {number} with {need - 1}, so an attack needs {need}; "
        f"{colour.value.capitalize()} can reach {best} with goons and partner."
    )
    return Answer(best >= need, why, ("R-TAKEOVER-2", "R-COMBAT-1"))


@_question("final_score", "colour", summary="a player's final money (R-SCORING)")
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


@_question("after_war", "district", summary="the buildings left after the gang war")
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
