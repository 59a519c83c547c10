"""Goals, cooking books and playing city tokens (R-BOOKS-2..9, R-CITY-4/5, §14.3-14.6).

Pure checks (they ask nothing and change nothing):

* :func:`meets` - does a player meet a goal's requirement now (R-BOOKS-4)?
* :func:`shortfall` - the plain-English reason a requirement is not met, or ``None``;
* :func:`why_not` - why a book cannot go on a goal (or one of its spaces) now, as an
  :class:`~speakeasy.core.actions.IllegalAction`, or ``None`` if it can;
* :func:`book_spaces_available` - every ``(goal, space)`` a player may put a book on now;
* :func:`total_leverage` - cards + leverage tokens + permanent crate leverage (R-LEV-2);
* :func:`cook_refusal` / :func:`tokens_refusal` - why the Restaurant's "cook books" / "play
  city tokens" choice would do nothing now, or ``None`` (to grey the choice out).

Every requirement kind of :data:`speakeasy.games.speakeasy.model.effects.REQUIREMENT_KINDS` is
checked here, once:

=========================  ==================================================================
kind                       counts
=========================  ==================================================================
``crates``                 crate tokens owned (R-BOOKS-5, R-GOAL-DOCKS-1..3)
``protected_districts``    districts holding one of your protected buildings (R-BOOKS-6)
``notoriety``              your notoriety (R-BOOKS-7, R-GOAL-NOTOR-1..3)
``protected_buildings``    your protected buildings (R-GOAL-CP-1 A)
``building_each_area``     one building of a type in every area (R-GOAL-CP-1 B)
``buildings``              buildings of a type (R-GOAL-CP-1 C; R-GOAL-AREA-7 inside its area)
``buildings_with_barrel``  buildings of a type with a barrel (R-GOAL-CP-2/3/7)
``barrel_each_area``       one building with a barrel in every area (R-GOAL-CP-3 B)
``leverage``               :func:`total_leverage` (R-GOAL-CP-4, R-LEV-2)
``tracks_at_level``        operation and strength tracks at a level or higher (R-GOAL-CP-5)
``strength_total``         strength + partner strength (unpaid) + goons (R-GOAL-CP-6)
``building_pair``          two buildings in the same or different districts (R-GOAL-AREA-1..9)
=========================  ==================================================================

Which buildings count (R-GOLDEN-2/3):

* fixed and Central Park goals look at all of Manhattan (R-BOOKS-8); area tiles only at the
  districts of their area (R-BOOKS-9);
* only operating buildings count (R-GOLDEN-1), except on a Central Park tile with the
  golden-rule-breaker symbol, where every built building counts (R-GOLDEN-4, GAP-16/17);
* area tiles count operating buildings, or only protected ones when the DISC-5 switch
  :attr:`speakeasy.games.speakeasy.model.options.Options.area_goals_require_protection` is on.
* a barrel beside a building that does not count does not count either (R-BARREL-5);
* an area tile that is not on the board has no area, so nothing counts for it.

Book placement (R-BOOKS-2/3, E21): a book goes on an empty space of a goal in play; a player
never has books on both spaces of one goal; a space already taken by anyone is not available.

Handlers:

* ``cook_books`` - decision ``cook_book``: ``book <goal> <space>`` (space index from 0), e.g.
  ``book docks-2 1`` "Docks goal, space 2: at least 2 crate tokens - pays $15 into your
  safe", or ``done``. Goals that cannot take a book are listed as blocked with the reason.
  The payout goes to the safe (R-MONEY-4), then the goal's reward effects run.
* ``play_city_tokens`` - decision ``play_city_token``: ``token <id>`` "Play city token: gain
  1 book", or ``done``. Tokens gained during the same action can be played too (R-CITY-4);
  a played token moves to ``Player.played_tokens`` (placed in the middle column at the end of
  the turn, R-CITY-5). Tokens that would do nothing now are still offered, after the others.
"""

from __future__ import annotations

from collections.abc import Callable

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.pieces import GOAL_FAMILIES, Goal
from speakeasy.games.speakeasy.model.effects import Effect, Requirement
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import (
    OPERATIONS,
    Building,
    BuildingType,
    Colour,
    Player,
    Track,
)
from speakeasy.games.speakeasy.rules.cards import raise_requirement
from speakeasy.games.speakeasy.rules.combat import bonus, partner_tile, strength
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effects
from speakeasy.games.speakeasy.rules.money import pay_into_safe
from speakeasy.games.speakeasy.rules.operating import operating, operating_distillery
from speakeasy.games.speakeasy.rules.wording import count, player_name, token_name

__all__ = [
    "CHECKS",
    "DONE_COOKING",
    "DONE_TOKENS",
    "FAMILY_RULES",
    "Counted",
    "blocked_book_spaces",
    "book_label",
    "book_spaces_available",
    "cook_books",
    "cook_refusal",
    "counted_buildings",
    "describe",
    "goal_area",
    "goal_rule",
    "goal_title",
    "goals_in_play",
    "meets",
    "place_book",
    "play_city_token",
    "play_city_tokens",
    "shortfall",
    "strength_total",
    "token_label",
    "token_options",
    "token_useful",
    "tokens_refusal",
    "total_leverage",
    "why_not",
]

#: Ends cooking books early (every book is optional, R-BOOKS-2).
DONE_COOKING = Action("done", label="Stop cooking books")
#: Ends playing city tokens early (every token is optional, R-CITY-4).
DONE_TOKENS = Action("done", label="Stop playing city tokens")

#: The rule that defines each goal family (R-BOOKS-5..9).
FAMILY_RULES: dict[str, str] = {
    "docks": "R-BOOKS-5",
    "city_hall": "R-BOOKS-6",
    "notoriety": "R-BOOKS-7",
    "central_park": "R-BOOKS-8",
    "area": "R-BOOKS-9",
}
_FAMILY_TITLES: dict[str, str] = {
    "docks": "Docks goal",
    "city_hall": "City Hall goal",
    "notoriety": "Notoriety goal",
    "central_park": "Central Park tile",
    "area": "area tile",
}
#: Building types that can hold a barrel (R-BARREL-2).
_BARREL_TYPES: tuple[BuildingType, ...] = (
    BuildingType.BAR,
    BuildingType.NIGHTCLUB,
    BuildingType.CASINO,
)

#: ``(district, building)`` pairs a requirement looks at.
Counted = list[tuple[int, Building]]


# ---------------------------------------------------------------------- small helpers
def goal_rule(goal: Goal) -> str:
    """The rule ID of one goal (``R-GOAL-HALL-2``...), else its family's R-BOOKS rule."""
    for ref in goal.source.refs:
        if ref.startswith("R-GOAL-"):
            return ref
    return FAMILY_RULES[goal.family]


def goal_area(ctx: Ctx, goal_id: str) -> Area | None:
    """The area of an area tile in play, else ``None`` (R-BOOKS-9)."""
    for area, tile in ctx.state.area_goals.items():
        if tile == goal_id:
            return area
    return None


def goals_in_play(ctx: Ctx) -> list[str]:
    """Goal ids with book spaces in this game, by family (R-BOARD-8), then in board order."""
    by_family: dict[str, list[str]] = {family: [] for family in GOAL_FAMILIES}
    for goal_id in ctx.state.books:
        goal = ctx.catalog.goal(goal_id)
        if goal.family not in ("central_park", "area"):
            by_family[goal.family].append(goal_id)
    by_family["central_park"] = [g for g in ctx.state.central_park_goals if g in ctx.state.books]
    by_family["area"] = [
        ctx.state.area_goals[a]
        for a in Area
        if a in ctx.state.area_goals and ctx.state.area_goals[a] in ctx.state.books
    ]
    return [goal_id for family in GOAL_FAMILIES for goal_id in by_family[family]]


def total_leverage(ctx: Ctx, player: Player) -> int:
    """Slotted cards' leverage + leverage tokens + "+2 permanent leverage" crates (R-LEV-2).

    The partner's "+2 leverage when paying for protection" (R-PARTNER-3) is not counted: it
    exists only while paying for protection (ASSUMED in R-LEV-2; the books count "all your
    components", seed audit).
    """
    cards = sum(ctx.catalog.card(c).leverage for c in player.slots.values() if c is not None)
    return cards + player.leverage_tokens + bonus(ctx, player, "leverage")


def strength_total(ctx: Ctx, player: Player) -> int:
    """Strength + partner strength (counted without paying) + goons on the board (R-GOAL-CP-6)."""
    tile = partner_tile(ctx, player)
    return strength(ctx, player) + (tile.strength if tile is not None else 0) + player.goons


# ---------------------------------------------------------------------- which buildings count
def _scope(ctx: Ctx, goal: Goal) -> tuple[str, Callable[[int, Building], bool], Area | None]:
    """``(adjective, test, area)``: which of a player's buildings count for ``goal``."""
    area = goal_area(ctx, goal.id) if goal.family == "area" else None
    if goal.family == "area" and ctx.options.area_goals_require_protection:
        return "protected", lambda d, b: b.protected, area  # DISC-5 (PL reading)
    if goal.golden_rule_breaker:
        return "", lambda d, b: True, area  # R-GOLDEN-4
    districts = ctx.state.districts
    return "operating", lambda d, b: operating(districts[d], b), area


def counted_buildings(ctx: Ctx, colour: Colour, goal_id: str) -> Counted:
    """``(district, building)`` of the player's buildings that count for a goal, by district."""
    goal = ctx.catalog.goal(goal_id)
    _, test, area = _scope(ctx, goal)
    wanted: set[int] | None = None
    if goal.family == "area":  # an area tile that is not on the board has no area
        wanted = set(ctx.board.districts_in(area)) if area is not None else set()
    return [
        (d, b)
        for d, _, b in ctx.state.buildings(colour)
        if (wanted is None or d in wanted) and test(d, b)
    ]


def _of_type(counted: Counted, building: str) -> Counted:
    if building == "any":
        return [(d, b) for d, b in counted if b.type in _BARREL_TYPES]
    return [(d, b) for d, b in counted if b.type.value == building]


def _pair_found(counted: Counted, first: str, second: str, same_district: bool) -> bool:
    firsts = [(i, d) for i, (d, b) in enumerate(counted) if b.type.value == first]
    seconds = [(i, d) for i, (d, b) in enumerate(counted) if b.type.value == second]
    return any(i != j and (d1 == d2) == same_district for i, d1 in firsts for j, d2 in seconds)


# ---------------------------------------------------------------------- requirements
#: Requirement kinds that count buildings on the map (R-GOLDEN-3/4 apply to them). The
#: protected-building kinds are left out: a protected building always operates (R-GOLDEN-1).
_BUILDING_KINDS: frozenset[str] = frozenset(
    {
        "building_each_area",
        "buildings",
        "buildings_with_barrel",
        "barrel_each_area",
        "building_pair",
    }
)


def _what(req: Requirement, area: Area | None) -> str:
    """The requirement alone, in plain English, inside ``area`` if given."""
    kind = req.kind
    where = f" in {area.title}" if area is not None else ""
    if kind == "crates":
        return f"at least {count(req.integer('n'), 'crate token')}"
    if kind == "protected_districts":
        return f"protected buildings in at least {req.integer('n')} different districts"
    if kind == "notoriety":
        return f"notoriety {req.integer('n')} or more"
    if kind == "protected_buildings":
        return count(req.integer("n"), "protected building") + where
    if kind == "building_each_area":
        return f"a {req.text('building')} in every area"
    if kind == "buildings":
        return count(req.integer("n"), req.text("building")) + where
    if kind == "buildings_with_barrel":
        building = req.text("building")
        word = "building" if building == "any" else building
        return f"{count(req.integer('n'), word)} with a barrel{where}"
    if kind == "barrel_each_area":
        return "a building with a barrel in every area"
    if kind == "leverage":
        return f"total leverage {req.integer('n')} or more (cards, leverage tokens, crates)"
    if kind == "tracks_at_level":
        return f"{req.integer('tracks')} tracks at level {req.integer('level')} or higher"
    if kind == "strength_total":
        return f"strength {req.integer('n')} or more (strength + partner + goons on your board)"
    if kind == "building_pair":
        first, second = req.text("first"), req.text("second")
        both = count(2, first) if first == second else f"1 {first} and 1 {second}"
        of = f" of {area.title}" if area is not None else ""
        if req.flag("same_district"):
            return f"{both} in the same district{of}"
        return f"{both} in different districts{of}"
    return req.label + where


def describe(ctx: Ctx, goal_id: str) -> str:
    """A goal's requirement in plain English, with where and which buildings count."""
    goal = ctx.catalog.goal(goal_id)
    adjective, _, area = _scope(ctx, goal)
    req = goal.requirement
    notes: list[str] = []
    if req.kind in _BUILDING_KINDS:
        if adjective:
            notes.append(f"{adjective} buildings only")
        else:
            notes.append("buildings that are not operating count too")
    if req.kind == "buildings_with_barrel" and req.text("building") == "any":
        notes.append("not the distillery")
    return _what(req, area) + (f" ({', '.join(notes)})" if notes else "")


def _levels(player: Player) -> list[int]:
    return [player.levels[t] for t in (*OPERATIONS, Track.STRENGTH)]


def _missing_areas(ctx: Ctx, counted: Counted) -> str | None:
    have = {ctx.board.area_of(d) for d, _ in counted}
    missing = [a.title for a in Area if a not in have]
    return f"you have none in {', '.join(missing)}" if missing else None


def _at_least(have: int, n: int, text: str) -> str | None:
    return None if have >= n else text


def _check_crates(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = len(ctx.player(colour).crates)
    return _at_least(have, req.integer("n"), f"you own {have}")


def _check_protected_districts(
    ctx: Ctx, colour: Colour, goal: Goal, req: Requirement
) -> str | None:
    have = len({d for d, b in counted_buildings(ctx, colour, goal.id) if b.protected})
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_notoriety(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = ctx.player(colour).notoriety
    return _at_least(have, req.integer("n"), f"yours is {have}")


def _check_protected_buildings(
    ctx: Ctx, colour: Colour, goal: Goal, req: Requirement
) -> str | None:
    have = sum(b.protected for _, b in counted_buildings(ctx, colour, goal.id))
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_building_each_area(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    return _missing_areas(
        ctx, _of_type(counted_buildings(ctx, colour, goal.id), req.text("building"))
    )


def _check_buildings(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = len(_of_type(counted_buildings(ctx, colour, goal.id), req.text("building")))
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_buildings_with_barrel(
    ctx: Ctx, colour: Colour, goal: Goal, req: Requirement
) -> str | None:
    found = _of_type(counted_buildings(ctx, colour, goal.id), req.text("building"))
    have = sum(b.barrel for _, b in found)
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_barrel_each_area(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    found = [(d, b) for d, b in counted_buildings(ctx, colour, goal.id) if b.barrel]
    return _missing_areas(ctx, found)


def _check_leverage(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = total_leverage(ctx, ctx.player(colour))
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_tracks_at_level(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = sum(v >= req.integer("level") for v in _levels(ctx.player(colour)))
    return _at_least(have, req.integer("tracks"), f"you have {have}")


def _check_strength_total(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    have = strength_total(ctx, ctx.player(colour))
    return _at_least(have, req.integer("n"), f"you have {have}")


def _check_building_pair(ctx: Ctx, colour: Colour, goal: Goal, req: Requirement) -> str | None:
    first, second, same = req.text("first"), req.text("second"), req.flag("same_district")
    counted = counted_buildings(ctx, colour, goal.id)
    if _pair_found(counted, first, second, same):
        return None
    kinds = [first] if first == second else [first, second]
    have = " and ".join(count(len(_of_type(counted, b)), b) for b in kinds)
    return f"you have {have} that count there"


_Check = Callable[[Ctx, Colour, Goal, Requirement], str | None]
#: One check per requirement kind (every kind of REQUIREMENT_KINDS, exactly once). A check
#: returns ``None`` when the requirement is met, else what the player has ("you have 3").
CHECKS: dict[str, _Check] = {
    "crates": _check_crates,
    "protected_districts": _check_protected_districts,
    "notoriety": _check_notoriety,
    "protected_buildings": _check_protected_buildings,
    "building_each_area": _check_building_each_area,
    "buildings": _check_buildings,
    "buildings_with_barrel": _check_buildings_with_barrel,
    "barrel_each_area": _check_barrel_each_area,
    "leverage": _check_leverage,
    "tracks_at_level": _check_tracks_at_level,
    "strength_total": _check_strength_total,
    "building_pair": _check_building_pair,
}


def shortfall(ctx: Ctx, colour: Colour, goal_id: str) -> str | None:
    """Why the player does not meet the goal's requirement now, or ``None`` (R-BOOKS-4).

    For example ``needs protected buildings in at least 5 different districts; you have 3``.
    """
    goal = ctx.catalog.goal(goal_id)
    have = CHECKS[goal.requirement.kind](ctx, colour, goal, goal.requirement)
    return None if have is None else f"needs {describe(ctx, goal_id)}; {have}"


def meets(ctx: Ctx, colour: Colour, goal_id: str) -> bool:
    """Whether the player meets the goal's requirement now; exceeding it is fine (R-BOOKS-4)."""
    goal = ctx.catalog.goal(goal_id)
    return CHECKS[goal.requirement.kind](ctx, colour, goal, goal.requirement) is None


# ---------------------------------------------------------------------- book spaces
def why_not(
    ctx: Ctx, colour: Colour, goal_id: str, space: int | None = None
) -> IllegalAction | None:
    """Why the player cannot put a book on ``goal_id`` (on ``space`` if given) now, or ``None``.

    Checks, in order: the goal is in play (R-BOOKS-2); the player has a book on the board
    (R-BOOKS-2); the space exists and is empty, or (no space given) some space is empty; the
    player has no book on the goal yet (R-BOOKS-3, E21); the requirement (R-BOOKS-4..9).
    """
    spaces = ctx.state.books.get(goal_id)
    if spaces is None:
        return IllegalAction("goal-not-in-play", "R-BOOKS-2", f"{goal_id} is not in this game")
    goal = ctx.catalog.goal(goal_id)
    if ctx.player(colour).books <= 0:
        return IllegalAction(
            "no-book", "R-BOOKS-2", "you have no book on your operations board to cook"
        )
    if space is not None and not 0 <= space < len(spaces):
        return IllegalAction(
            "no-such-space", "R-BOOKS-3", f"{goal_id} has book spaces 0 to {len(spaces) - 1}"
        )
    if colour in spaces:
        return IllegalAction(
            "own-book-on-goal",
            "R-BOOKS-3",
            f"you already have a book on {goal_id}; one player never takes both of its spaces",
        )
    if space is not None and spaces[space] is not None:
        return IllegalAction(
            "space-taken", "R-BOOKS-3", f"{spaces[space]} already has a book on that space"
        )
    if space is None and all(owner is not None for owner in spaces):
        return IllegalAction("goal-full", "R-BOOKS-3", f"both spaces of {goal_id} are taken")
    reason = shortfall(ctx, colour, goal_id)
    if reason is not None:
        return IllegalAction("goal-not-met", goal_rule(goal), reason)
    return None


def book_spaces_available(ctx: Ctx, colour: Colour) -> list[tuple[str, int]]:
    """Every ``(goal id, space index)`` the player may put a book on now (R-BOOKS-2/3)."""
    if ctx.player(colour).books <= 0:
        return []
    found: list[tuple[str, int]] = []
    for goal_id in goals_in_play(ctx):
        spaces = ctx.state.books[goal_id]
        if colour in spaces or all(owner is not None for owner in spaces):
            continue
        if not meets(ctx, colour, goal_id):
            continue
        found.extend((goal_id, i) for i, owner in enumerate(spaces) if owner is None)
    return found


def _some_book_space(ctx: Ctx, colour: Colour) -> bool:
    """Whether :func:`book_spaces_available` finds any (stopping at the first goal)."""
    if ctx.player(colour).books <= 0:
        return False
    for goal_id in goals_in_play(ctx):
        spaces = ctx.state.books[goal_id]
        if colour in spaces or all(owner is not None for owner in spaces):
            continue
        if meets(ctx, colour, goal_id):
            return True  # a goal not full has a free space
    return False


def cook_refusal(ctx: Ctx, colour: Colour) -> IllegalAction | None:
    """Why cooking books would do nothing now (for greying out the choice), or ``None``.

    R-BOOKS-2: it needs a book on the operations board and a goal space the player may take.
    """
    if ctx.player(colour).books <= 0:
        return IllegalAction(
            "no-book", "R-BOOKS-2", "you have no book on your operations board to cook"
        )
    if not _some_book_space(ctx, colour):
        return IllegalAction(
            "no-goal", "R-BOOKS-4", "you meet no goal that still has a space free for you"
        )
    return None


def tokens_refusal(ctx: Ctx, colour: Colour) -> IllegalAction | None:
    """Why playing city tokens is impossible now (no token held, R-CITY-4), or ``None``."""
    if not ctx.player(colour).city_tokens:
        return IllegalAction("no-city-token", "R-CITY-4", "you hold no city token to play")
    return None


def goal_title(ctx: Ctx, goal_id: str) -> str:
    """``Docks goal``, ``Midtown area tile``, ``Central Park tile``: the goal as a player names
    it, without the catalogue's ID (issue 24); what it needs tells goals of a family apart."""
    goal = ctx.catalog.goal(goal_id)
    area = goal_area(ctx, goal_id)
    prefix = f"{area.title} " if area is not None else ""
    return f"{prefix}{_FAMILY_TITLES[goal.family]}"


def book_label(ctx: Ctx, goal_id: str, space: int) -> str:
    """What placing a book there needs and gives (labels of ``book`` actions)."""
    goal = ctx.catalog.goal(goal_id)
    reward = "".join(f", then {e.label}" for e in goal.reward)
    return (
        f"{goal_title(ctx, goal_id)}, space {space + 1}: {describe(ctx, goal_id)} - "
        f"pays ${goal.payout} into your safe{reward}"
    )


def _book_action(ctx: Ctx, goal_id: str, space: int) -> Action:
    return Action("book", (goal_id, space), label=book_label(ctx, goal_id, space))


def blocked_book_spaces(ctx: Ctx, colour: Colour) -> tuple[Blocked, ...]:
    """The empty spaces of goals in play that the player may not take now, with reasons."""
    out: list[Blocked] = []
    for goal_id in goals_in_play(ctx):
        for i, owner in enumerate(ctx.state.books[goal_id]):
            if owner is not None:
                continue
            error = why_not(ctx, colour, goal_id, i)
            if error is not None:
                out.append(Blocked(_book_action(ctx, goal_id, i), error))
    return tuple(out)


def place_book(ctx: Ctx, colour: Colour, goal_id: str, space: int) -> Flow[None]:
    """Put a book on a goal space, pay the goal into the safe, then its reward (R-BOOKS-2)."""
    error = why_not(ctx, colour, goal_id, space)
    if error is not None:
        raise error
    goal = ctx.catalog.goal(goal_id)
    player = ctx.player(colour)
    player.books -= 1
    ctx.state.books[goal_id][space] = colour
    pay_into_safe(player, goal.payout)
    ctx.emit(
        EventKind.COOK_BOOK,
        colour,
        ("R-BOOKS-2", goal_rule(goal), "R-MONEY-4"),
        f"{player_name(colour)} cooks a book on {goal_title(ctx, goal_id)} (space {space + 1}): "
        f"the requirement is met, so ${goal.payout} goes into the safe.",
        goal=goal_id,
        space=space,
        payout=goal.payout,
    )
    yield from run_effects(ctx, colour, goal.reward, Source("goal", goal_id))


@handles("cook_books")
def cook_books(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Cook up to ``n`` books, each optional (R-BOOKS-2..4, R-LOC-RESTAURANT-7 C)."""
    player = ctx.player(colour)
    n = effect.integer("n")
    for i in range(n):
        if player.books <= 0:
            if i == 0:
                ctx.emit(
                    EventKind.NO_BOOK,
                    colour,
                    ("R-BOOKS-2",),
                    f"{player_name(colour)} has no book to cook.",
                )
            return
        spaces = book_spaces_available(ctx, colour)
        if not spaces:
            ctx.emit(
                EventKind.NO_GOAL,
                colour,
                ("R-BOOKS-2", "R-BOOKS-3"),
                f"{player_name(colour)} meets no goal with a free book space.",
            )
            return
        options = [_book_action(ctx, goal_id, space) for goal_id, space in spaces]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.COOK_BOOK,
            f"Cook a book ({i + 1} of up to {n})",
            ("R-BOOKS-2", "R-BOOKS-3"),
            [*options, DONE_COOKING],
            lambda: blocked_book_spaces(ctx, colour),
        )
        if choice == DONE_COOKING:
            return
        yield from place_book(ctx, colour, str(choice.args[0]), int(choice.args[1]))


# ---------------------------------------------------------------------- city tokens
def _piece_buildings(ctx: Ctx) -> dict[str, str]:
    return {s.id: s.building for s in ctx.catalog.operations_board.spaces}


def _effect_useful(ctx: Ctx, colour: Colour, effect: Effect) -> bool:
    """A cheap test: could this effect change anything for the player now?

    Used only to list tokens that would do something first; a token is never refused.
    """
    state, player = ctx.state, ctx.player(colour)
    kind = effect.kind
    if kind == "none":
        return False
    if kind == "draw_card":
        wanted = effect.text("type")
        return any(state.operation_decks.get(t) for t in OPERATIONS if wanted in ("any", t.value))
    if kind == "gain_helper":
        return bool(state.helper_offer)
    if kind == "gain_book":
        return player.books_supply > 0
    if kind == "gain_leverage":
        return state.supply_leverage > 0
    if kind == "gain_mafioso":
        return player.mafiosi > 0
    if kind == "hire_goon_free":
        spaces = len(ctx.catalog.operations_board.goon_costs)
        return player.goons < spaces and state.supply_goons > 0
    if kind == "raise_level":
        return any(raise_requirement(ctx, player, t) is None for t in (*OPERATIONS, Track.STRENGTH))
    if kind == "produce":
        return operating_distillery(state, colour) is not None and state.supply_barrels > 0
    if kind == "sell":
        return any(
            b.barrel and operating(state.districts[d], b) for d, _, b in state.buildings(colour)
        )
    if kind == "deliver":
        return any(
            not b.barrel and b.type in _BARREL_TYPES and operating(state.districts[d], b)
            for d, _, b in state.buildings(colour)
        )
    if kind == "protect":
        return player.vip > 0 and any(not b.protected for _, _, b in state.buildings(colour))
    if kind == "build":
        pieces = _piece_buildings(ctx)
        wanted_types = set(effect.texts("buildings"))
        has_piece = any(pieces.get(p) in wanted_types for p in player.board_pieces)
        if not has_piece:
            return False
        modes = effect.texts("modes")
        if "open" in modes or "takeover" in modes:
            return True
        return any(b.type is BuildingType.BAR for _, _, b in state.buildings(colour))
    return True


def token_useful(ctx: Ctx, colour: Colour, token_id: str) -> bool:
    """Whether playing the token could do something now (ordering only, R-CITY-4)."""
    return any(_effect_useful(ctx, colour, e) for e in ctx.catalog.city_token(token_id).effect)


def token_label(ctx: Ctx, token_id: str) -> str:
    """``city token: gain 1 book``: a kind of token by what it does (each kind does something
    else, so the label tells the kinds apart without the catalogue's ID)."""
    effects = ", ".join(e.label for e in ctx.catalog.city_token(token_id).effect) or "nothing"
    return f"city token: {effects}"


def token_options(ctx: Ctx, colour: Colour) -> list[Action]:
    """One ``token <id>`` action per kind of token held: useful ones first, each sorted."""
    held = sorted(set(ctx.player(colour).city_tokens))
    useful = [t for t in held if token_useful(ctx, colour, t)]
    useless = [t for t in held if t not in useful]
    return [Action("token", (t,), label=f"Play {token_label(ctx, t)}") for t in useful] + [
        Action("token", (t,), label=f"Play {token_label(ctx, t)} (would do nothing now)")
        for t in useless
    ]


def play_city_token(ctx: Ctx, colour: Colour, token_id: str) -> Flow[None]:
    """Play one held token: it moves to the played tokens, then its effect runs (R-CITY-4/5)."""
    player = ctx.player(colour)
    if token_id not in player.city_tokens:
        raise IllegalAction("no-token", "R-CITY-4", f"you do not hold city token {token_id}")
    player.city_tokens.remove(token_id)
    player.played_tokens.append(token_id)
    ctx.emit(
        EventKind.PLAY_CITY_TOKEN,
        colour,
        ("R-CITY-4",),
        f"{player_name(colour)} plays {token_name(ctx.catalog, token_id)}.",
        token=token_id,
    )
    yield from run_effects(
        ctx, colour, ctx.catalog.city_token(token_id).effect, Source("token", token_id)
    )


@handles("play_city_tokens")
def play_city_tokens(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Play up to ``n`` city tokens, including any gained meanwhile (R-CITY-4).

    This is the Restaurant's action (B) (R-LOC-RESTAURANT-7); every token is optional.
    """
    player = ctx.player(colour)
    n = effect.integer("n")
    for i in range(n):
        if not player.city_tokens:
            if i == 0:
                ctx.emit(
                    EventKind.NO_CITY_TOKEN,
                    colour,
                    ("R-CITY-4",),
                    f"{player_name(colour)} holds no city token.",
                )
            return
        choice = yield from ctx.ask(
            colour,
            DecisionKind.PLAY_CITY_TOKEN,
            f"Play a city token ({i + 1} of up to {n})",
            ("R-CITY-4",),
            [*token_options(ctx, colour), DONE_TOKENS],
        )
        if choice == DONE_TOKENS:
            return
        yield from play_city_token(ctx, colour, str(choice.args[0]))
