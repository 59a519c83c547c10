"""The questions a scenario's ``[question]`` table may ask, and the parameters each one needs.

This is the questions' specification only (pure data): a scenario is checked against it when
it is read, so a file asking an unknown question or leaving out a parameter is refused with
its line. The parameters' types (a district number, a colour, a build mode...) are in the JSON
Schema, ``data/scenario.schema.json``. The answers are computed by
:mod:`speakeasy.games.speakeasy.studies.questions`, one function for each question here.

>>> QUESTION_SPECS["build_cost"].params
('colour', 'district', 'building', 'mode')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["QUESTION_SPECS", "QuestionSpec"]


@dataclass(frozen=True)
class QuestionSpec:
    """A question's name (``ask`` in a scenario), the parameters it needs and what it asks."""

    name: str
    params: tuple[str, ...]
    summary: str


#: Every question by name. An optional parameter is not listed: ``barrels_delivered`` takes a
#: ``range_bonus`` (the delivery's extra range, R-TRUCK-2; 0 when omitted).
QUESTION_SPECS: dict[str, QuestionSpec] = {
    spec.name: spec
    for spec in (
        # control and payout
        QuestionSpec("control", ("district",), "who controls a district now"),
        QuestionSpec("operating", ("district", "colour"), "does a player's building operate"),
        QuestionSpec("payout", ("area",), "what each player receives for an area (R-PAYOUT)"),
        # operations
        QuestionSpec("max_protections", ("colour",), "buildings one protection action can protect"),
        QuestionSpec("barrel_sale", ("colour",), "the most money one sell action brings now"),
        QuestionSpec("barrels_delivered", ("colour",), "the most barrels one delivery can deliver"),
        QuestionSpec("takeover", ("district", "colour"), "can a player take over a gangster bar"),
        QuestionSpec("final_score", ("colour",), "a player's final money (R-SCORING)"),
        QuestionSpec("after_war", ("district",), "the buildings left after the gang war"),
        # the Lucky Luciano phase
        QuestionSpec("war_strength", ("district",), "the war strength of the gangster arriving"),
        # a player's turn
        QuestionSpec(
            "turn_order", ("restaurant",), "next round's turn order after Restaurant visits"
        ),
        QuestionSpec("hand_size", ("colour",), "cards in hand when a player's next turn starts"),
        QuestionSpec("play_card", ("colour", "card"), "levels a card's reward gives (E10)"),
        QuestionSpec("goon_cost", ("colour", "count"), "what hiring some goons costs (E12)"),
        QuestionSpec(
            "build_cost",
            ("colour", "district", "building", "mode"),
            "what opening, taking over or upgrading costs, or false if not allowed",
        ),
        # ships and goals
        QuestionSpec(
            "ship_attack", ("colour", "ship"), "the cheapest winning ship attack, or false"
        ),
        QuestionSpec("book_allowed", ("colour", "goal", "space"), "may a book go on a goal space"),
    )
}
