"""Operating buildings and the golden rule (R-GOLDEN-1..6).

A building operates if its district has no police figure or a mafioso protects it
(R-GOLDEN-1). A building that does not operate is treated as if it did not exist for barrels,
area control, final scoring and goals (R-GOLDEN-2/3), but it still occupies its space, can be
protected, upgraded and is attacked in gang wars (R-GOLDEN-6, GAP-27).
"""

from __future__ import annotations

from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    District,
    GameState,
)

__all__ = ["distillery", "operating", "operating_buildings", "operating_distillery"]


def operating(district: District, building: Building) -> bool:
    """R-GOLDEN-1: no police here, or the building is protected."""
    return not district.police or building.protected


def operating_buildings(
    state: GameState, colour: Colour | None = None, *, include_distillery: bool = True
) -> list[tuple[int, int, Building]]:
    """``(district, space, building)`` of every operating building (of one colour)."""
    return [
        (d, s, b)
        for d, s, b in state.buildings(colour)
        if operating(state.districts[d], b)
        and (include_distillery or b.type is not BuildingType.DISTILLERY)
    ]


def distillery(state: GameState, colour: Colour) -> tuple[int, int, Building] | None:
    """The player's distillery on the map, if any (at most one, R-BUILD-7)."""
    for d, s, b in state.buildings(colour):
        if b.type is BuildingType.DISTILLERY:
            return d, s, b
    return None


def operating_distillery(state: GameState, colour: Colour) -> tuple[int, int, Building] | None:
    """The player's distillery if it operates (R-BARREL-1, R-TRUCK-10)."""
    found = distillery(state, colour)
    if found is None or not operating(state.districts[found[0]], found[2]):
        return None
    return found
