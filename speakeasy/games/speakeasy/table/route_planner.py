"""The truck planner on a real position: the view behind ``notebooks/truck_routes.py``.

Pick a position (a shipped scenario or a seeded bot game, by its key in
:mod:`speakeasy.games.speakeasy.studies.positions`, or an uploaded saved game or scenario file), a
player and the kind of fleet action; :func:`planner_view` runs the planner
(:func:`speakeasy.games.speakeasy.studies.planner.best_plan`), plays its plan step by step through
the rules (:func:`speakeasy.games.speakeasy.studies.route_study.walk`), and does the same for a
route the reader builds by clicking districts
(:func:`speakeasy.games.speakeasy.studies.route_study.best_along`), so the two can be compared.
Nothing here decides a rule; the notebook only shows what this returns.

>>> from speakeasy.games.speakeasy.studies.positions import position_game
>>> game = position_game("bot:2:3:120")
>>> view = planner_view(game, game.colours[0])
>>> len(view.steps) == len(view.plan.actions()) + 1
True
>>> view.figure(0).layout.meta["step"]
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import plotly.graph_objects as go

from speakeasy.core.actions import IllegalAction
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.figures.board_figure import ROUTE_COLOURS
from speakeasy.games.speakeasy.figures.game_figure import game_figure
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.positions.format import parse_scenario
from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.games.speakeasy.rules.delivery import delivery_range
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.studies.planner import PLAIN_FLEET, Plan, best_plan
from speakeasy.games.speakeasy.studies.positions import position_title
from speakeasy.games.speakeasy.studies.route_study import (
    RouteStep,
    best_along,
    truck_exercises,
    walk,
)
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.inputs import checked_upload_text
from speakeasy.tools.text import plural

__all__ = [
    "BOT_GAMES",
    "RANGE_BONUSES",
    "PlannerView",
    "load_upload",
    "planner_view",
    "position_options",
]

#: How the delivery is triggered, and the range it adds (R-TRUCK-2).
RANGE_BONUSES: dict[str, int] = {
    "a fleet card without a range reward": 0,
    "a fleet card with the +2 range reward (R-CARD-8)": 2,
    "the Garage's left person, +2 (R-LOC-GARAGE-2)": 2,
}
#: Seeded bot games offered as positions (2 players, decisions played).
BOT_GAMES: tuple[str, ...] = ("bot:2:3:120", "bot:2:11:260", "bot:2:29:400")
#: The colour of the reader's own route on the map.
YOUR_COLOUR = "#111111"

Showing = Literal["best", "yours"]


def position_options() -> dict[str, str]:
    """Dropdown label -> position key (:mod:`speakeasy.games.speakeasy.studies.positions`): every
    shipped scenario, then the seeded bot games."""
    options = {f"Scenario: {s.title}": f"scenario:{s.name}" for s in shipped_scenarios()}
    for key in BOT_GAMES:
        options[position_title(key)] = key
    return options


def load_upload(name: str, contents: bytes) -> Game:
    """A game from an uploaded file: a saved game (``.json``, :meth:`Game.to_json`) or a
    scenario (``.toml``, :mod:`speakeasy.games.speakeasy.positions`). Errors name the file and the
    problem; a file over :data:`~speakeasy.tools.inputs.MAX_UPLOAD_BYTES` is refused before it is
    read (:class:`~speakeasy.tools.inputs.UploadTooLarge`, a ``ValueError``), and so is one that
    is not UTF-8 text (:class:`~speakeasy.tools.inputs.UploadNotText`)."""
    text = checked_upload_text(contents)
    if name.endswith(".toml"):
        return parse_scenario(text, name).game()
    return Game.from_json(text)


@dataclass(frozen=True)
class PlannerView:
    """Everything the planner section shows for one position, player and action."""

    game: Game
    colour: Colour
    truck_range: int
    range_text: str
    plan: Plan
    steps: tuple[RouteStep, ...]
    route: tuple[int, ...] = ()
    truck: int = 0
    yours: Plan | None = None
    your_steps: tuple[RouteStep, ...] = ()
    problem: str | None = None
    meta: dict[str, object] = field(default_factory=dict, compare=False)

    # ------------------------------------------------------------------ text
    def walkthrough(self, showing: Showing = "best") -> tuple[RouteStep, ...]:
        return self.steps if showing == "best" else self.your_steps

    def step_text(self, step: int, showing: Showing = "best") -> str:
        """Markdown for one step: the action and what happened, with its rules."""
        steps = self.walkthrough(showing)
        if not steps:
            return "Build a route by clicking districts on the map."
        s = steps[max(0, min(step, len(steps) - 1))]
        if s.number == 0:
            head = f"**Step 0 of {len(steps) - 1}: the position before the action.**"
        else:
            head = f"**Step {s.number} of {len(steps) - 1}:** {markdown_escape(s.label)}"
        lines = [f"- {markdown_escape(line)}" for line in s.lines] or ["- (nothing to report)"]
        rules = f"Rules: {', '.join(s.rules)}." if s.rules else ""
        return "\n".join([head, *lines, "", rules])

    def rows(self, *, revealed: bool = True) -> list[dict[str, object]]:
        """The comparison table: the planner's best plan (only once ``revealed``: a class
        guesses first) and the reader's route."""

        def row(name: str, plan: Plan) -> dict[str, object]:
            moving = [t for t in plan.trucks if t.used]
            return {
                "plan": name,
                "delivered": plan.delivered,
                "value ($)": plan.value,
                "spent ($)": plan.spent,
                "moves": sum(t.moves for t in plan.trucks),
                "trucks": len(moving),
            }

        out = [row("best plan", self.plan)] if revealed else []
        if self.yours is not None:
            out.append(row("your route", self.yours))
        return out

    def verdict(self, *, revealed: bool = True) -> str:
        """One paragraph comparing the reader's route with the best plan; before the plan is
        ``revealed`` (a class guesses first), what the reader's route does alone."""
        if self.problem:
            return self.problem
        if self.yours is None:
            return (
                f"Click districts to drive truck {self.truck + 1} yourself; "
                "the best use of your route is then compared with the planner's plan."
            )
        if not revealed:
            return (
                f"Driven at its best, your route delivers {plural(self.yours.delivered, 'barrel')}"
                f" for ${self.yours.value} (${self.yours.spent} spent). Reveal the planner's "
                "best plan to compare."
            )
        best, mine = self.plan.objective, self.yours.objective
        if mine == best:
            return (
                "Your route is as good as the planner's best plan: "
                f"{plural(self.yours.delivered, 'barrel')} for ${self.yours.value}."
            )
        gap = []
        if mine[0] < best[0]:
            gap.append(plural(best[0] - mine[0], "more barrel"))
        if mine[1] < best[1]:
            gap.append(f"${best[1] - mine[1]} more in sale value")
        if mine[0] == best[0] and mine[1] == best[1]:
            gap.append(f"${self.yours.spent - self.plan.spent} less spent on ships")
        used = sum(1 for t in self.plan.trucks if t.used)
        also = " It also uses the second truck." if used > 1 else ""
        return (
            f"Driven at its best, your route delivers {plural(self.yours.delivered, 'barrel')} for "
            f"${self.yours.value} (${self.yours.spent} spent). The best plan gets "
            + " and ".join(gap)
            + f".{also}"
        )

    @property
    def exercises(self) -> list[Exercise]:
        """Workshop questions on this position, answered by the planner and the board."""
        return truck_exercises(self.game, self.colour, self.truck_range, self.plan)

    # ------------------------------------------------------------------ figure
    def figure(self, step: int, showing: Showing = "best", *, height: int = 600) -> go.Figure:
        """The position at ``step`` of the walkthrough, routes drawn as numbered arrows."""
        steps = self.walkthrough(showing)
        board = self.game.board
        routes: list[tuple[Sequence[int], str]] = []
        if showing == "best":
            for n, t in enumerate(p for p in self.plan.trucks if p.used and len(p.route) > 1):
                routes.append((t.route, ROUTE_COLOURS[n % len(ROUTE_COLOURS)]))
        elif len(self.route) > 1:
            routes.append((self.route, YOUR_COLOUR))
        if steps:
            index = max(0, min(step, len(steps) - 1))
            shown = steps[index]
            state, previous = shown.state, steps[index - 1].state if index else None
            here = [d for d, _ in shown.trucks if d is not None]
            title = f"{self.colour.value.title()} · step {index} of {len(steps) - 1}" + (
                f": {shown.action}" if index else ""
            )
        else:
            index, state, previous, here = 0, self.game.state, None, list(self.route[-1:])
            title = f"{self.colour.value.title()} · your route"
        fig = game_figure(
            state,
            board,
            previous=previous,
            highlight=here,
            title=title,
            height=height,
            routes=routes,
            catalog=catalog_of(self.game),
        )
        fig.update_layout(
            meta={
                **(fig.layout.meta or {}),
                "step": index,
                "showing": showing,
                "route": list(self.route),
            }
        )
        return fig


def planner_view(
    game: Game,
    colour: Colour | str,
    range_bonus: int = 0,
    *,
    truck: int = 0,
    route: Sequence[int] = (),
) -> PlannerView:
    """Plan ``colour``'s delivery in ``game``'s position and compare it with ``route``.

    ``range_bonus`` is what the action adds to the fleet level's range (:data:`RANGE_BONUSES`,
    R-TRUCK-2). ``route`` (districts, for ``truck``, 0-based) may be empty; a route the rules
    refuse is reported in :attr:`PlannerView.problem`, not raised.
    """
    colour = Colour(colour)
    ctx = game.analysis_context()
    reach = delivery_range(ctx, colour, PLAIN_FLEET)
    total = reach.total + range_bonus
    range_text = reach.explain() + (f"; +{range_bonus} from this action" if range_bonus else "")
    plan = best_plan(ctx, colour, total)
    steps = tuple(walk(game, colour, plan.actions(), total))
    yours: Plan | None = None
    your_steps: tuple[RouteStep, ...] = ()
    problem: str | None = None
    if route:
        try:
            yours = best_along(game, colour, truck, route, total)
            your_steps = tuple(walk(game, colour, yours.actions(), total))
        except IllegalAction as err:
            problem = f"{err.reason} ({err.rule})"
    return PlannerView(
        game=game,
        colour=colour,
        truck_range=total,
        range_text=range_text,
        plan=plan,
        steps=steps,
        route=tuple(route),
        truck=truck,
        yours=yours,
        your_steps=your_steps,
        problem=problem,
    )
