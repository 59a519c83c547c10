"""What a seat has in a Speakeasy position, part by part: the coach's measures (issue 27).

The scored parts add up to what the seat would finish with if the game ended now (R-SCORING-1:
pocket and safe, protected buildings at their value, one of each bottle); the others are what
leads there: the districts it controls, in all and in each area (what the Lucky Luciano phase
pays for, area by area, R-CONTROL-3..8, R-PAYOUT-1), its buildings on the map (what a gang war
takes away, R-GANGWAR-8) and those without a mafioso (they score nothing, R-SCORING-3), and the
best other player's money (the other side of the margin, R-SCORING-5).

>>> from speakeasy.games.speakeasy.engine.determinize import evaluate
>>> from speakeasy.games.speakeasy.engine.game import Game
>>> game = Game.new(2, seed=1)
>>> parts = {f.key: f for f in features(game, "purple")}
>>> sorted(parts)  # doctest: +NORMALIZE_WHITESPACE
['bottles', 'buildings', 'control', 'control:downtown', 'control:midtown', 'control:uptown',
 'on_map', 'others', 'pocket', 'safe', 'unprotected']
>>> sum(f.value for f in parts.values() if f.scored) == evaluate(game, "purple")
True
"""

from __future__ import annotations

from speakeasy.core.features import Feature
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.luciano.control import district_control
from speakeasy.games.speakeasy.rules.scoring import score_breakdown

__all__ = ["chapter", "features"]


def features(game: Game, seat: str) -> tuple[Feature, ...]:
    """``seat``'s measures in ``game``'s position (see the module docstring). Pure."""
    state = game.state
    colour = Colour(seat)
    scores = score_breakdown(state, game.catalog)
    mine = scores[colour]
    others = [s.total for c, s in scores.items() if c != colour]
    mine_now = {d for d in state.districts if colour in district_control(state, d).players}
    controlled = len(mine_now)
    by_area = tuple(
        Feature(
            f"control:{area.value}",
            f"districts you control in {area.title}",
            sum(1 for d in game.board.districts_in(area) if d in mine_now),
            ("R-CONTROL-8", "R-PAYOUT-1"),
            explorer="control",
            unit="district",
        )
        for area in game.board.areas
    )
    return (
        Feature("pocket", "money in your pocket", mine.pocket, ("R-SCORING-1",), True, unit="$"),
        Feature(
            "safe",
            "money in your safe (where payouts go)",
            mine.safe,
            ("R-SCORING-1", "R-PAYOUT-1"),
            True,
            unit="$",
        ),
        Feature(
            "buildings",
            "your protected buildings' value",
            mine.building_points,
            ("R-SCORING-2",),
            True,
            "control",
            "$",
        ),
        Feature("bottles", "your bottles", mine.bottle_points, ("R-SCORING-4",), True, unit="$"),
        Feature(
            "control",
            "districts you control",
            controlled,
            ("R-CONTROL-3", "R-CONTROL-8"),
            explorer="control",
            unit="district",
        ),
        Feature(
            "on_map",
            "your buildings on the map",
            len(state.buildings(colour)),
            ("R-GANGWAR-6", "R-GANGWAR-8"),
            explorer="gang-war",
            unit="building",
        ),
        Feature(
            "unprotected",
            "your buildings without a mafioso",
            mine.unprotected,
            ("R-SCORING-3",),
            unit="building",
        ),
        Feature(
            "others",
            "the best other player's money",
            max(others) if others else 0,
            ("R-SCORING-5",),
            unit="$",
        ),
        *by_area,
    )


def chapter(game: Game) -> int:
    """The act a position is in (R-ACT-1): an act ends with its Lucky Luciano phase, which
    settles the gang wars, the police and the area payouts (R-ACT-2)."""
    return game.state.act
