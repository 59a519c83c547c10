"""Mafia City control what-ifs (issue 16): who controls each location and which rule decided,
every single change that flips a location, and the Mayor's evaluation order.

Everything is read through the Mafia City rules: control through
:func:`speakeasy.games.mafia_city.rules.control` (MC-CTRL-1..6), the Mayor's orders by running the
engine's own phase II (:func:`speakeasy.games.mafia_city.location_phase`, MC-LOC-1..11) on a copy of
the position. Nothing here restates a rule.

>>> st = position(players=3)
>>> st.stacks[2] = ["red", "blue", "green", "blue", "red"]   # EMC-8
>>> st.stacks[7] = ["red", "blue", "green", "blue", "red"]   # EMC-9
>>> rows = {r.location: r for r in control_table(st)}
>>> rows[2].controller, rows[2].rule, rows[2].decided_by
('red', 'MC-CTRL-3', 'stack order')
>>> rows[7].controller, rows[7].rule, rows[7].decided_by
(None, 'MC-CTRL-5', 'tie at a sole-majority location')
>>> flip = next(f for f in flips(st) if f.location == 7 and f.change.kind == "add")
>>> flip.change.text, flip.before, flip.after
('add a red token on top of City Hall', None, 'red')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import permutations

from speakeasy.core.actions import Action, Decision
from speakeasy.games.mafia_city.engine.bots import HeuristicBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.engine.observe import Observation
from speakeasy.games.mafia_city.model.board import LOCATIONS, adjacent
from speakeasy.games.mafia_city.model.data import GameData, load_data
from speakeasy.games.mafia_city.model.kinds import DecisionKind
from speakeasy.games.mafia_city.model.state import GameState, Options
from speakeasy.games.mafia_city.positions import PositionError, load_position, position_names
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.games.mafia_city.rules.locations import location_phase
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.page_address import (
    LINK_KEY,
    MAX_CHARS,
    decode_table,
    encode_table,
    open_link,
)

__all__ = [
    "CHANGE_KINDS",
    "POSITION_KEY",
    "Change",
    "Flip",
    "LinkedPosition",
    "LocationControl",
    "OrderScore",
    "best_orders",
    "change_state",
    "control_exercises",
    "control_table",
    "edit_position",
    "example_position",
    "example_titles",
    "flips",
    "linked_position",
    "mayor_orders",
    "number_order",
    "order_outcomes",
    "parse_tokens",
    "position",
    "position_query",
    "sample_position",
    "single_changes",
]

#: Every kind of single change the flip search tries, with the rule that makes it matter or not.
CHANGE_KINDS: Mapping[str, str] = {
    "add": "a token on top of a stack (MC-ACT-4, MC-MAP-3)",
    "remove": "a token leaves a stack; the rest close up (MC-MAP-4)",
    "move": "a token to the top of another stack (MC-PLAN-1)",
    "jail": "a token from a stack into the Cell (MC-PRISON-1, MC-PRISON-5)",
    "release": "a token out of the Cell (MC-PRISON-4): Cell tokens never count (MC-CTRL-1)",
    "secret-deal": "+1 for a player in this determination (MC-SECRET-1, MC-CTRL-1)",
    "figure": "the Hitman, the Police Officer or the Mayor moves: figures never count "
    "(MC-CTRL-1, MC-POLICE-5)",
}


#: The page parameter that links the explorer to a game's position (the coach's "explore").
POSITION_KEY = LINK_KEY
#: The kind of table a position link holds (:mod:`speakeasy.tools.page_address`).
_LINK_KIND = "mafia-city-view"
#: The longest title a link may carry.
_TITLE_CHARS = 120


def _data() -> GameData:
    return load_data()


def _clone(st: GameState) -> GameState:
    """A copy of ``st`` sharing nothing mutable with it."""
    return replace(
        st,
        players=list(st.players),
        seats={p: replace(s, hand=list(s.hand)) for p, s in st.seats.items()},
        stacks={k: list(v) for k, v in st.stacks.items()},
        cell=list(st.cell),
        draw=list(st.draw),
        discard=list(st.discard),
        in_play=list(st.in_play),
        cubes=list(st.cubes),
    )


def position(
    source: Game | GameState | None = None, *, players: int = 4, seed: int = 0
) -> GameState:
    """A position to edit: a copy of ``source`` (a game's current state or a state), or a new
    game's starting position (``players`` 3-5, ``seed``) with empty stacks (MC-SETUP).

    >>> st = position(players=3)
    >>> st.players, st.stacks[1], st.mayor
    (['red', 'blue', 'green'], [], None)
    """
    if source is None:
        source = Game.new(players=players, seed=seed)
    state = source.state if isinstance(source, Game) else source
    return _clone(state)


def example_position(name: str) -> GameState:
    """The shipped position ``name`` (a worked example EMC-1 ... EMC-23, ``data/mafia_city/
    positions/``) to edit, as its file describes it, before any rule runs
    (:meth:`Position.state <speakeasy.games.mafia_city.positions.Position.state>`); a
    ``PositionError`` naming the shipped ones for any other name.

    >>> st = example_position("emc08_control_tie_stack_order")
    >>> st.stacks[2], st.layout
    (['red', 'blue', 'green', 'blue', 'red'], (5, 1, 2, 3, 4, 6, 7))
    """
    if name not in position_names():
        known = ", ".join(position_names())
        raise PositionError(f"no shipped position {name!r:.60}; they are {known}")
    return _clone(load_position(name).state())


def example_titles() -> dict[str, str]:
    """The shipped positions' titles by name, in order (for a picker)."""
    return {name: load_position(name).title for name in position_names()}


def sample_position(players: int = 4, seed: int = 0) -> GameState:
    """A position worth exploring: a game between heuristic bots played up to its first
    phase II (every stack as the players left it at the end of phase I, MC-ACT-12).

    >>> st = sample_position(players=4, seed=1)
    >>> st.phase, sum(len(s) for s in st.stacks.values()) > 0
    ('location', True)
    """
    game = Game.new(players=players, seed=seed)
    bots = {p: HeuristicBot(seed + i) for i, p in enumerate(game.state.players)}
    while game.pending is not None and game.state.phase != "location":
        decision = game.pending
        game.apply(bots[decision.player].choose(game.observe(decision.player), decision))
    return position(game)


def position_query(observation: Observation, title: str) -> dict[str, str]:
    """The query (``{"at": …}``) that opens the control explorer at the map ``observation``'s
    seat sees, titled ``title``: the players, the stacks, the Cell, the Hitman and who holds
    the Police Officer and the Mayor. All of it is on the table for everyone (MC-INFO-1): a
    link shows nothing hidden. Empty when it would be too long for an address.

    >>> game = Game.new(players=3, seed=2)
    >>> link = position_query(game.observe("red"), "Your game")["at"]
    >>> found = linked_position(link)
    >>> found.title, found.state.players, found.refusal
    ('Your game', ['red', 'blue', 'green'], None)
    """
    public = observation.public
    table = {
        "title": title[:_TITLE_CHARS],
        "players": list(public["players"]),
        "stacks": {str(loc): list(stack) for loc, stack in public["stacks"].items()},
        "cell": [str(owner) for owner, _ in public["cell"]],
        "hitman": public["hitman"],
        "officer": public["officer"],
        "mayor": public["mayor"],
    }
    link = encode_table(_LINK_KIND, table)
    return {POSITION_KEY: link} if len(link) <= MAX_CHARS else {}


@dataclass(frozen=True)
class LinkedPosition:
    """The position a page's address links to (``?at=…``, from the coach at a table): its
    ``title`` and ``state`` to explore, or the ``refusal`` that says why it cannot be opened
    (all ``None`` when the address links to none)."""

    title: str | None = None
    state: GameState | None = None
    refusal: str | None = None


def _owners(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be given as a list of colours")
    return list(value)


def linked_position(link: object) -> LinkedPosition:
    """The position a page's ``at`` parameter links to (:func:`position_query`). Anyone can
    edit an address: any value is answered, one that holds no possible position with a plain
    refusal (too long, not a link, not Mafia City's, a colour or location that is not there,
    more tokens than setup gives, MC-SETUP-3).

    >>> linked_position(None)
    LinkedPosition(title=None, state=None, refusal=None)
    >>> linked_position("not a position!").refusal
    'The linked position cannot be opened: the link is not base64url text.'
    """
    found, refusal = open_link(link, _read_link)
    return found or LinkedPosition(refusal=refusal)


def _read_link(link: str) -> LinkedPosition:
    """The position a link holds; ``ValueError`` in plain words if it holds none."""
    table = decode_table(link, _LINK_KIND, "the link")
    title, hitman = table.get("title"), table.get("hitman")
    if not isinstance(title, str) or not title.strip():
        raise ValueError("the link has no title")
    players = _owners(table.get("players"), "the players")
    stacks = table.get("stacks")
    if not isinstance(stacks, dict) or set(stacks) != {str(loc) for loc in LOCATIONS}:
        raise ValueError(f"the link does not hold the {len(LOCATIONS)} locations' stacks")
    if isinstance(hitman, bool) or hitman not in LOCATIONS:
        raise ValueError("the Hitman is on no location")
    figures = {who: table.get(who) for who in ("officer", "mayor")}
    for who, holder in figures.items():
        if holder is not None and holder not in players:
            name = "Police Officer" if who == "officer" else "Mayor"
            raise ValueError(f"the {name} is held by no player of the game")
    base = position(Game.new(players=players))  # its own refusal for unknown colours
    state, problems = edit_position(
        base,
        {int(loc): _owners(stack, f"stack {loc}") for loc, stack in stacks.items()},
        _owners(table.get("cell"), "the Cell"),
        hitman=int(hitman),
        officer=figures["officer"],
        mayor=figures["mayor"],
    )
    if problems:
        raise ValueError("; ".join(problems))
    unknown = [o for loc in LOCATIONS for o in stacks[str(loc)] if o not in players]
    if unknown:
        raise ValueError(f"{unknown[0]!r:.20} is not a player of the game")
    return LinkedPosition(title=title[:_TITLE_CHARS], state=state)


def parse_tokens(text: str, players: Sequence[str]) -> tuple[list[str], list[str]]:
    """Token owners typed as colour words (``"red, blue red"``) -> (owners, problems): words
    that are no player here are left out and named in the problems; at most 60 tokens (the
    box holds 60, MC-COMP-2).

    >>> parse_tokens("Red, blue  red, pink", ["red", "blue", "green"])
    (['red', 'blue', 'red'], ["'pink' is not a player here (red, blue, green)"])
    """
    owners: list[str] = []
    problems: list[str] = []
    for word in text.replace(",", " ").split():
        colour = word.strip().lower()
        if colour in players:
            owners.append(colour)
        else:
            problems.append(f"{word[:20]!r} is not a player here ({', '.join(players)})")
    if len(owners) > 60:
        problems.append("at most 60 tokens (MC-COMP-2)")
        owners = owners[:60]
    return owners, problems


def edit_position(
    base: GameState,
    stacks: Mapping[int, Sequence[str]],
    cell: Sequence[str] = (),
    *,
    hitman: int | None = None,
    officer: str | None = None,
    mayor: str | None = None,
) -> tuple[GameState, list[str]]:
    """``base`` with the given stacks (bottom to top), Cell tokens and figures, and the
    problems found: a player may have at most the tokens setup gives them on the map and in
    the Cell together (MC-SETUP-3, MC-COMP-8); the extra tokens are dropped from the top of
    the last stacks. The hand and reserve are recounted from what is left (hand first). The
    Hitman stays where it is unless ``hitman`` names a location; ``officer`` and ``mayor`` name
    the holder (``None``: the figure is on its home tile, MC-SETUP-5).

    >>> st, problems = edit_position(position(players=3), {1: ["red"] * 13})
    >>> len(st.stacks[1]), problems
    (12, ['red has only 12 tokens (MC-SETUP-3): 1 left out'])
    """
    st = _clone(base)
    data = _data()
    row = data.setup[len(st.players)]
    supply = row.hand + row.reserve
    problems: list[str] = []
    used = dict.fromkeys(st.players, 0)
    dropped = dict.fromkeys(st.players, 0)
    jailed: list[tuple[str, int]] = []
    for owner in cell:
        if owner in used and used[owner] < supply:
            used[owner] += 1
            jailed.append((owner, max(st.round - 1, 0)))
        elif owner in used:
            dropped[owner] += 1
    st.cell = jailed
    for loc in LOCATIONS:
        kept: list[str] = []
        for owner in stacks.get(loc, st.stacks[loc]):
            if owner in used and used[owner] < supply:
                used[owner] += 1
                kept.append(owner)
            elif owner in used:
                dropped[owner] += 1
        st.stacks[loc] = kept
    for p in st.players:
        if dropped[p]:
            problems.append(f"{p} has only {supply} tokens (MC-SETUP-3): {dropped[p]} left out")
        seat = st.seats[p]
        free = supply - used[p]
        seat.tokens = min(row.hand, free)
        seat.reserve = free - seat.tokens
    if hitman is not None:
        st.hitman = hitman if hitman in LOCATIONS else st.hitman
    st.officer = officer if officer in st.players else None
    st.mayor = mayor if mayor in st.players else None
    return st, problems


# -- control and the deciding rule -----------------------------------------------------------


@dataclass(frozen=True)
class LocationControl:
    """Control of one location and what decided it (MC-CTRL)."""

    location: int
    name: str
    stack: tuple[str, ...]
    #: ``"standard"`` (MC-CTRL-3) or ``"sole"`` (MC-CTRL-5, Fight Club and City Hall).
    control_rule: str
    controller: str | None
    #: The rule ID that decided (MC-CTRL-2 .. MC-CTRL-6).
    rule: str
    #: In words: majority, stack order, sole majority, tie at a sole-majority location, a
    #: Secret Deal, empty stack.
    decided_by: str
    reason: str
    counts: Mapping[str, int]
    bonus: Mapping[str, int] = field(default_factory=dict)


def _decided_by(stack: list[str], rule: str, bonus: Mapping[str, int]) -> tuple[str, str]:
    ctl = control(stack, rule, bonus)
    if ctl.rule == "MC-CTRL-2":
        label = "empty stack"
    elif ctl.rule == "MC-CTRL-6":
        label = "no count above 0"
    elif any(bonus.values()) and control(stack, rule).controller != ctl.controller:
        label = "a Secret Deal"
    elif ctl.rule == "MC-CTRL-4":
        label = "a Secret Deal tie (tokens beat bonuses)"
    elif rule == "sole":
        label = "tie at a sole-majority location" if ctl.tied else "sole majority"
    else:
        label = "stack order" if ctl.tied else "majority"
    return label, ctl.rule


def control_table(
    state: GameState, bonus: Mapping[int, Mapping[str, int]] | None = None
) -> tuple[LocationControl, ...]:
    """Control of all seven locations of ``state``, with the Secret Deal ``bonus`` per location
    (``{location: {player: +n}}``, MC-SECRET-1) if any."""
    data = _data()
    rows = []
    for loc in LOCATIONS:
        extra = dict((bonus or {}).get(loc, {}))
        stack = state.stacks[loc]
        rule = data.locations[loc].control
        ctl = control(stack, rule, extra)
        label, rule_id = _decided_by(stack, rule, extra)
        rows.append(
            LocationControl(
                loc,
                data.name(loc),
                tuple(stack),
                rule,
                ctl.controller,
                rule_id,
                label,
                ctl.reason,
                dict(ctl.counts),
                extra,
            )
        )
    return tuple(rows)


# -- single changes and flips ----------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One single change to a position (a kind of :data:`CHANGE_KINDS`).

    ``location``/``position`` name the token or stack it starts from, ``to`` where it goes (a
    location, or for a figure the location or holder); ``player`` whose token or bonus.
    """

    kind: str
    text: str
    player: str | None = None
    location: int | None = None
    position: int | None = None
    to: int | str | None = None

    def stacks_after(self, stacks: Mapping[int, list[str]]) -> dict[int, list[str]]:
        """The stacks this change touches, as they are after it (the others are unchanged)."""
        loc, pos = self.location, self.position
        if self.kind == "add" and loc is not None and self.player is not None:
            return {loc: [*stacks[loc], self.player]}
        if self.kind in ("remove", "jail", "move") and loc is not None and pos is not None:
            rest = stacks[loc][:pos] + stacks[loc][pos + 1 :]
            if self.kind == "move" and isinstance(self.to, int):
                return {loc: rest, self.to: [*stacks[self.to], stacks[loc][pos]]}
            return {loc: rest}
        return {}


def single_changes(state: GameState) -> list[Change]:
    """Every single change to ``state``: add a token of any player on top of any stack,
    remove, jail or move (to the top of another stack) any stack token, release any Cell
    token, a Secret Deal +1 for any player at any non-empty stack (MC-SECRET-7), move the
    Hitman to an adjacent location (MC-HARBOUR-3), give the Police Officer or the Mayor to
    another holder (MC-POLICE-2, MC-HALL-2)."""
    data = _data()
    name = data.name
    changes: list[Change] = []
    for loc in LOCATIONS:
        for p in state.players:
            changes.append(Change("add", f"add a {p} token on top of {name(loc)}", p, loc))
    for loc in LOCATIONS:
        for pos, owner in enumerate(state.stacks[loc]):
            where = f"{owner}'s token #{pos + 1} on {name(loc)}"
            changes.append(Change("remove", f"remove {where}", owner, loc, pos))
            changes.append(Change("jail", f"jail {where}", owner, loc, pos))
            for dest in LOCATIONS:
                if dest != loc:
                    changes.append(
                        Change("move", f"move {where} to {name(dest)}", owner, loc, pos, dest)
                    )
    for i, (owner, _) in enumerate(state.cell):
        changes.append(Change("release", f"release {owner}'s Cell token", owner, 1, i))
    for loc in LOCATIONS:
        if state.stacks[loc]:
            for p in state.players:
                changes.append(
                    Change("secret-deal", f"{p} plays a Secret Deal at {name(loc)}", p, loc)
                )
    for dest in adjacent(tuple(state.layout), state.hitman):
        changes.append(Change("figure", f"the Hitman to {name(dest)}", None, None, None, dest))
    for figure, held in (("Police Officer", state.officer), ("Mayor", state.mayor)):
        home = "Police Station" if figure == "Police Officer" else "City Hall"
        for holder in [None, *state.players]:
            if holder != held:
                text = f"the {figure} to {holder or 'the ' + home}"
                changes.append(Change("figure", text, holder, None, None, figure))
    return changes


def change_state(state: GameState, change: Change) -> GameState:
    """A copy of ``state`` with ``change`` made (for the notebook to apply a flip)."""
    st = _clone(state)
    for loc, stack in change.stacks_after(state.stacks).items():
        st.stacks[loc] = stack
    if change.kind == "jail" and change.player is not None:
        st.cell.append((change.player, st.round))
    elif change.kind == "release" and change.position is not None and change.player:
        st.cell.pop(change.position)
        st.seats[change.player].tokens += 1
    elif change.kind == "remove" and change.player is not None:
        st.seats[change.player].tokens += 1
    elif change.kind == "figure":
        if change.to == "Police Officer":
            st.officer = change.player
        elif change.to == "Mayor":
            st.mayor = change.player
        elif isinstance(change.to, int):
            st.hitman = change.to
    return st


@dataclass(frozen=True)
class Flip:
    """A single change that gives ``location`` another controller (or none)."""

    change: Change
    location: int
    before: str | None
    after: str | None
    #: The rule that decides after the change.
    rule: str
    decided_by: str


def flips(
    state: GameState,
    bonus: Mapping[int, Mapping[str, int]] | None = None,
    changes: Iterable[Change] | None = None,
) -> list[Flip]:
    """Every single change (:func:`single_changes`) that flips a location's control, with
    the rule deciding after it. Only the stacks a change touches are re-decided; Cell tokens,
    figures and the other stacks cannot change control there (MC-CTRL-1)."""
    data = _data()
    rules = {loc: data.locations[loc].control for loc in LOCATIONS}
    extra = {loc: dict((bonus or {}).get(loc, {})) for loc in LOCATIONS}
    stacks = state.stacks
    before = {loc: control(stacks[loc], rules[loc], extra[loc]).controller for loc in LOCATIONS}
    found: list[Flip] = []
    for change in single_changes(state) if changes is None else changes:
        if change.kind == "secret-deal" and change.location is not None and change.player:
            loc = change.location
            more = dict(extra[loc])
            more[change.player] = more.get(change.player, 0) + 1
            touched = {loc: (stacks[loc], more)}
        else:
            touched = {
                loc: (stack, extra[loc]) for loc, stack in change.stacks_after(stacks).items()
            }
        for loc, (stack, more) in touched.items():
            after = control(stack, rules[loc], more)
            if after.controller != before[loc]:
                label, rule_id = _decided_by(stack, rules[loc], more)
                found.append(Flip(change, loc, before[loc], after.controller, rule_id, label))
    return found


# -- the Mayor's evaluation order ------------------------------------------------------------


@dataclass(frozen=True)
class OrderScore:
    """One order of the seven locations asked for by the Mayor's holder, what phase II then
    does (the engine's own phase), and the VP each player gains."""

    order: tuple[int, ...]
    #: The locations in the order they were evaluated, each with who selected it (``None``:
    #: number order, the Mayor on City Hall, MC-LOC-3/4).
    sequence: tuple[tuple[int, str | None], ...]
    vp: Mapping[str, int]
    mayor_after: str | None
    jailed: tuple[str, ...]

    @property
    def followed(self) -> bool:
        """Whether phase II went exactly in the order asked for."""
        return tuple(loc for loc, _ in self.sequence) == self.order


def _no_cards(st: GameState) -> GameState:
    out = _clone(st)
    for seat in out.seats.values():
        out.discard.extend(seat.hand)
        seat.hand = []
    return out


@lru_cache(maxsize=4096)
def _controller(stack: tuple[str, ...], rule: str) -> str | None:
    return control(list(stack), rule).controller


def _prison_choice(ctx: Ctx, decision: Decision) -> Action:
    """The Prison controller jails the token that wins it the most of the locations still to
    come, then takes the most from the others (MC-PRISON-5); if nothing helps, it declines."""
    st = ctx.state
    me = decision.player
    data = ctx.data
    still = [loc for loc in LOCATIONS if loc not in st.cubes and loc != st.location]

    def standing(stacks: Mapping[int, list[str]]) -> tuple[int, int]:
        who = [_controller(tuple(stacks[loc]), data.locations[loc].control) for loc in still]
        return who.count(me), -sum(w is not None and w != me for w in who)

    best, top = Action("decline"), standing(st.stacks)
    for option in decision.options:
        if option.kind != "jail" or int(option.args[0]) not in still:
            continue
        where, pos = int(option.args[0]), int(option.args[1])
        stacks = dict(st.stacks)
        stacks[where] = st.stacks[where][:pos] + st.stacks[where][pos + 1 :]
        if standing(stacks) > top:
            best, top = option, standing(stacks)
    return best


def _phase_two(base: GameState, order: tuple[int, ...], data: GameData) -> OrderScore:
    st = _clone(base)
    st.cubes = []
    ctx = Ctx(
        state=st,
        rng=random.Random(0),
        data=data,
        options=Options(prompt_everyone=False),
    )
    vp0 = {p: s.vp for p, s in st.seats.items()}
    cell0 = len(st.cell)
    selectors: list[str | None] = []
    flow = location_phase(ctx)
    choice: Action | None = None
    try:
        while True:
            decision = next(flow) if choice is None else flow.send(choice)
            if decision.kind == DecisionKind.SELECT:
                loc = next(loc for loc in order if loc not in st.cubes)
                choice = Action("evaluate", (loc,))
                selectors.append(decision.player)
            elif decision.kind == DecisionKind.PRISON:
                choice = _prison_choice(ctx, decision)
            else:  # leave the Hitman, decline the Business District (no cards are played)
                choice = next(
                    (o for o in decision.options if o.kind in ("stay", "decline", "pass", "done")),
                    decision.options[-1],
                )
    except StopIteration:
        pass
    # who selected each location: a SELECT decision for each one chosen by a holder
    sequence: list[tuple[int, str | None]] = []
    picks = iter(selectors)
    select_events = [e for e in ctx.events if e.kind == "select"]
    for event in select_events:
        loc = int(event.data["location"])
        sequence.append((loc, next(picks) if event.player is not None else None))
    return OrderScore(
        order,
        tuple(sequence),
        {p: st.seats[p].vp - vp0[p] for p in st.players},
        st.mayor,
        tuple(owner for owner, _ in st.cell[cell0:]),
    )


def mayor_orders(
    state: GameState, holder: str | None = None, orders: Iterable[Sequence[int]] | None = None
) -> list[OrderScore]:
    """Every order of the seven locations (5040, or ``orders``) that ``holder`` (default: the
    Mayor's holder in ``state``) could ask for in phase II (MC-LOC-3, MC-HALL-3), with the VP
    each player would gain.

    Each order is played by the engine's own phase II on a copy of ``state`` in which nobody
    plays a card (no Secret Deal, Hitman, "+1" or veto: hands are hidden, MC-INFO-1); the
    Prison controller jails the token that wins it the most locations still to come, then
    takes the most from the others, if any (MC-PRISON-5); the Harbour controller leaves the
    Hitman and the Business District is declined (they change no stack). If another player
    takes the Mayor at City Hall, that player is assumed to follow the rest of the order; if
    nobody controls City Hall the Mayor goes home and number order takes over (MC-HALL-4,
    MC-LOC-4): :attr:`OrderScore.sequence` shows what happened.

    >>> st = position(players=3)
    >>> st.stacks[1] = ["red"]; st.stacks[2] = ["blue", "red"]; st.stacks[3] = ["blue"]
    >>> scores = mayor_orders(st, "red")
    >>> len(scores), best_orders(scores)["red"].vp["red"], min(s.vp["red"] for s in scores)
    (5040, 2, 1)
    """
    who = holder if holder is not None else state.mayor
    if who is None:
        raise ValueError("the Mayor is on City Hall: name a holder to explore orders (MC-LOC-3)")
    if who not in state.players:
        raise ValueError(f"{who!r} is not a player here ({', '.join(state.players)})")
    base = _no_cards(state)
    base.mayor = who
    base.phase = "location"
    data = _data()
    chosen = permutations(LOCATIONS) if orders is None else (tuple(o) for o in orders)
    results = []
    for order in chosen:
        if sorted(order) != list(LOCATIONS):
            raise ValueError(f"an order names each of the seven locations once, not {order}")
        results.append(_phase_two(base, order, data))
    return results


def number_order(state: GameState) -> OrderScore:
    """The phase II played when nobody holds the Mayor: it stands on City Hall, so the
    locations are taken in number order, [1] to [7] (MC-LOC-3), City Hall last (MC-HALL-5), and
    nobody chooses anything. Scored as :func:`mayor_orders` scores an order (the engine's own
    phase II on a copy in which nobody plays a card); whoever wins City Hall takes the Mayor
    only for what comes after this phase (MC-HALL-2, MC-HALL-3).

    >>> st = position(players=3)
    >>> st.stacks[1] = ["red"]; st.stacks[2] = ["blue", "red"]; st.stacks[3] = ["blue"]
    >>> score = number_order(st)
    >>> score.order, score.sequence[0], score.vp, score.jailed
    ((1, 2, 3, 4, 5, 6, 7), (1, None), {'red': 2, 'blue': 1, 'green': 0}, ('blue',))
    """
    base = _no_cards(state)
    base.mayor = None
    base.phase = "location"
    return _phase_two(base, tuple(LOCATIONS), _data())


def best_orders(scores: Sequence[OrderScore]) -> dict[str, OrderScore]:
    """Per player, the first order (in the given sequence) that gains that player the most VP."""
    players = list(scores[0].vp) if scores else []
    return {p: max(scores, key=lambda s, p=p: s.vp[p]) for p in players}  # type: ignore[misc]


def order_outcomes(
    scores: Sequence[OrderScore],
) -> list[tuple[dict[str, int], int, OrderScore]]:
    """The distinct VP outcomes over ``scores``: (VP per player, how many orders give it, the
    first such order), most frequent first."""
    groups: dict[tuple[int, ...], list[OrderScore]] = {}
    for s in scores:
        groups.setdefault(tuple(s.vp.values()), []).append(s)
    return sorted(
        ((dict(g[0].vp), len(g), g[0]) for g in groups.values()),
        key=lambda row: (-row[1], row[2].order),
    )


# -- exercises -------------------------------------------------------------------------------


def _listing(items: Sequence[object]) -> str:
    """``red``, ``red and blue``, ``red, blue and green``."""
    words = [str(i) for i in items]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _counts_text(row: LocationControl) -> str:
    return _listing([f"{p} {n}" for p, n in row.counts.items()])


def _nobody_explanation(rows: Sequence[LocationControl]) -> str:
    """Why each location without a controller has none (MC-CTRL-2, MC-CTRL-5)."""
    why = []
    for r in rows:
        if r.controller is not None:
            continue
        if not r.stack:
            why.append(f"{r.name} ({r.location}): its stack is empty (MC-CTRL-2)")
        elif r.decided_by == "tie at a sole-majority location":
            top = max(r.counts.values())
            tied = [p for p, n in r.counts.items() if n == top]
            why.append(
                f"{r.name} ({r.location}): {_listing(tied)} tie for the most with {top} each, "
                "and a tie there means nobody (MC-CTRL-5)"
            )
        else:
            why.append(f"{r.name} ({r.location}): {r.reason} ({r.rule})")
    if not why:
        return (
            "No stack is empty, and Fight Club and City Hall each have one player with more "
            "tokens than anyone else (MC-CTRL-2, MC-CTRL-5)."
        )
    rest = "; every other location has a controller" if len(why) < len(rows) else ""
    return "; ".join(why) + rest + "."


def _hall_explanation(row: LocationControl, players: Sequence[str], winners: set[str]) -> str:
    """Who would take City Hall with one more token of their own, and why not the others
    (MC-CTRL-5): ``row`` is City Hall's control without Secret Deals."""
    counts = {p: row.counts.get(p, 0) for p in players}
    if row.stack:
        now = f"City Hall's stack counts {_counts_text(row)}, so "
        now += (
            f"{row.controller} controls it now."
            if row.controller
            else "nobody controls it now (a tie for the most, MC-CTRL-5)."
        )
    else:
        now = "City Hall's stack is empty, so nobody controls it now (MC-CTRL-2)."
    parts = []
    for p in players:
        mine = counts[p] + 1
        best = max(n for q, n in counts.items() if q != p)
        ahead = [q for q, n in counts.items() if q != p and n == best]
        if p == row.controller:
            parts.append(f"{p} controls it already")
        elif p in winners:
            parts.append(f"{p} would have {mine} against at most {best} for anyone else")
        elif mine == best:
            parts.append(f"{p} would have {mine}, only a tie with {_listing(ahead)}, so nobody")
        else:
            parts.append(f"{p} would have {mine}, still fewer than {_listing(ahead)} with {best}")
    names = [p for p in players if p in winners]
    answer = (
        f"So {len(names)}: {_listing(names)}, each with a sole majority (MC-CTRL-5)."
        if names
        else "So 0: nobody would get a sole majority (MC-CTRL-5)."
    )
    return f"{now} With one more token: {'; '.join(parts)}. {answer}"


def control_exercises(state: GameState) -> list[Exercise]:
    """Exercises on ``state`` whose answers the engine computes, each explained once it is
    found: who controls a contested location and why, which locations nobody controls
    (MC-CTRL-2, MC-CTRL-5), and which players would take City Hall with one more token
    (MC-HALL-1, MC-HALL-2). They count the tokens in the stacks only: no Secret Deals.

    >>> st = position(players=3)
    >>> st.stacks[7] = ["red", "blue", "green", "blue", "red"]
    >>> hall = control_exercises(st)[-1]
    >>> hall.expected
    2
    >>> print(hall.explanation)  # doctest: +NORMALIZE_WHITESPACE
    City Hall's stack counts red 2, blue 2 and green 1, so nobody controls it now (a tie for
    the most, MC-CTRL-5). With one more token: red would have 3 against at most 2 for anyone
    else; blue would have 3 against at most 2 for anyone else; green would have 2, only a tie
    with red and blue, so nobody. So 2: red and blue, each with a sole majority (MC-CTRL-5).
    """
    rows = control_table(state)
    exercises: list[Exercise] = []
    contested = [r for r in rows if r.decided_by == "stack order"] or [
        r for r in rows if r.controller is not None
    ]
    if contested:
        r = contested[0]
        exercises.append(
            Exercise(
                "mc-who",
                f"Who controls {r.name} with the stack {', '.join(r.stack)} (bottom to top)?",
                r.controller,
                hint="Count each player's tokens; on a tie at a standard location the player "
                "whose lowest token is lowest wins.",
                rules=(r.rule, "MC-CTRL-1"),
                explanation=r.reason + ".",
            )
        )
    nobody = frozenset(r.location for r in rows if r.controller is None)
    exercises.append(
        Exercise(
            "mc-nobody",
            "Which locations does nobody control? (numbers 1-7; 'none' if every one is controlled)",
            nobody if nobody else "none",
            hint="An empty stack has no controller; at Fight Club and City Hall a tie for the "
            "most means nobody.",
            rules=("MC-CTRL-2", "MC-CTRL-5"),
            explanation=_nobody_explanation(rows),
        )
    )
    hall = [
        f
        for f in flips(state)
        if f.location == 7 and f.change.kind == "add" and f.after == f.change.player
    ]
    hall_row = next(r for r in rows if r.location == 7)
    winners = {f.change.player for f in hall if f.change.player is not None}
    exercises.append(
        Exercise(
            "mc-hall-adds",
            "Of the players who do not control City Hall now, how many would take it (a sole "
            "majority, and with it the Mayor) if one more token of their own were put on its "
            "stack? Count only the tokens in the stack (no Secret Deals); whether a player "
            "has a token left to place does not matter.",
            len(winners),
            hint="City Hall needs a sole majority: the token must lift its owner strictly "
            "above everyone else.",
            rules=("MC-CTRL-5", "MC-HALL-1", "MC-HALL-2"),
            explanation=_hall_explanation(hall_row, state.players, winners),
        )
    )
    return exercises
