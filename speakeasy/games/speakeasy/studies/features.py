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

from collections.abc import Iterator, Sequence

from speakeasy.core.actions import Event
from speakeasy.core.features import Feature
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.luciano.control import district_control
from speakeasy.games.speakeasy.rules.scoring import score_breakdown

__all__ = ["SOURCES", "chapter", "features", "flows", "gains"]

#: Where money comes from, in the order records list it, each with a player's words for it,
#: the rules that pay it and the explorer that shows it:
#:
#: * ``barrels``: barrel sales (event ``sell``, R-BARREL-4, R-MONEY-3);
#: * ``casinos``: casino income at the end of a round (``casino_income``, R-ORDER-5);
#: * ``luciano``: area-control payouts of the Lucky Luciano phase (``payout``, R-PAYOUT-1..4);
#: * ``books``: cooked books (``cook_book``, R-BOOKS-2, R-MONEY-4);
#: * ``crates``: crate cash from ship attacks (``crate``, R-SHIP-7);
#: * ``helpers``: the cash helper card (``cash`` from a helper, R-HELPERCARD-19);
#: * ``fees``: $1 for each of the player's mafiosi hired in another's ship attack
#:   (``ship_attack``, R-SHIP-5);
#: * ``other``: any other cash (``cash`` from another source).
SOURCES: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "barrels": ("money from selling barrels", ("R-BARREL-4", "R-MONEY-3"), "truck-routes"),
    "casinos": ("money from your casinos", ("R-ORDER-5",), None),
    "luciano": (
        "money from the Lucky Luciano payout",
        ("R-PAYOUT-1", "R-CONTROL-8"),
        "control",
    ),
    "books": ("money from cooking the books", ("R-BOOKS-2", "R-MONEY-4"), None),
    "crates": ("crate cash from ship attacks", ("R-SHIP-7",), None),
    "helpers": ("money from helper cards", ("R-HELPERCARD-19",), None),
    "fees": ("fees for your mafiosi hired in ship attacks", ("R-SHIP-5",), None),
    "other": ("other money", ("R-MONEY-3",), None),
}


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


def gains(event: Event) -> Iterator[tuple[str, str, int]]:
    """The money ``event`` pays: ``(colour, source, amount)`` for each player it pays
    (:data:`SOURCES`); nothing for an event that pays nobody.

    >>> list(gains(Event("payout", "purple", (), "", {"area": "uptown", "amount": 25})))
    [('purple', 'luciano', 25)]
    >>> list(gains(Event("ship_attack", "blue", (), "", {"hired": {"purple": 2}})))
    [('purple', 'fees', 2)]
    """
    data, who = event.data, event.player
    source, amount = "", data.get("amount")
    match event.kind:
        case "sell":
            source, amount = "barrels", data.get("price")
        case "casino_income":
            source = "casinos"
        case "payout":
            source = "luciano"
        case "cook_book":
            source, amount = "books", data.get("payout")
        case "crate":
            source, amount = "crates", data.get("cash")
        case "cash":
            source = "helpers" if str(data.get("source") or "").startswith("helper") else "other"
        case "ship_attack":
            for owner, n in dict(data.get("hired") or {}).items():
                if isinstance(n, int):
                    yield str(owner), "fees", n
    if source and who is not None and isinstance(amount, int):
        yield who, source, amount


def flows(events: Sequence[Event], seat: str) -> tuple[Feature, ...]:
    """The money ``seat`` earned through ``events``, source by source (:data:`SOURCES`), the
    Lucky Luciano payouts area by area (R-PAYOUT-1: each area pays by its own control track,
    so a reason names the area rather than their sum); every source and area, 0 where
    nothing was paid.

    >>> paid = [Event("payout", "purple", (), "", {"area": "uptown", "amount": 25}),
    ...         Event("sell", "purple", (), "", {"price": 9}),
    ...         Event("sell", "blue", (), "", {"price": 4})]
    >>> [(f.key, f.value) for f in flows(paid, "purple") if f.value]
    [('from:barrels', 9.0), ('from:luciano:uptown', 25.0)]
    >>> len(flows([], "purple"))
    10
    """
    total = dict.fromkeys(SOURCES, 0)
    by_area: dict[str, int] = {}
    for event in events:
        for who, source, amount in gains(event):
            if who != seat:
                continue
            total[source] += amount
            if source == "luciano":
                area = str(event.data.get("area"))
                by_area[area] = by_area.get(area, 0) + amount
    found = [
        Feature(f"from:{source}", label, float(total[source]), rules, explorer=explorer, unit="$")
        for source, (label, rules, explorer) in SOURCES.items()
        if source != "luciano"
    ]
    label, rules, explorer = SOURCES["luciano"]
    found.extend(
        Feature(
            f"from:luciano:{area.value}",
            f"{label} in {area.title}",
            float(by_area.get(area.value, 0)),
            rules,
            explorer=explorer,
            unit="$",
        )
        for area in Area
    )
    return tuple(found)
