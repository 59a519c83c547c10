"""Attacking smugglers' ships: the ``attack_ship`` effect (R-SHIP-1..12).

Rules: R-SHIP-1..12, R-LOC-DOCKS-1, R-COMBAT-1/3, R-MONEY-2/3/6, R-GOLDEN-3/4, R-BARREL-2/3,
R-MAFIOSO-2, R-CRATE-1..18, R-PARTNER-7, GEO-17, GAP-16, GAP-22, DISC-3, DISC-12, E20.

A ship can be attacked from the docks area of the area its port lies in (GEO-17), and only
by a player with at least one mafioso there (R-SHIP-3). Attack = strength × (own mafiosi there
+ other players' mafiosi hired at $1 each, R-SHIP-4/5) + goons returned (R-COMBAT-3) + the
"+1 against smugglers" ability (R-PARTNER-7). The partner never helps against ships
(R-SHIP-12). The attack must beat the ship's defence strictly (R-SHIP-6, R-COMBAT-1).

Decisions:

1. ``attack_ship``: ``ship <id>`` "Attack Stephanie St. Clair's ship in district 6 (defence
   12; crate #9 ...)" for every ship the player can beat, or ``skip``. Ships that cannot be
   attacked are shown greyed out with the reason.
2. ``ship_hire`` (only when there is more than one way to win): ``hire <goons> [colour...]``
   "Hire purple's 2 mafiosi ($2) and return 1 goon: attack 13 against defence 12". Only
   winning ways are offered, each with the fewest goons for its hires, and a way is left out
   when another hires a subset of its mafiosi with no more goons (:func:`ship_attack_options`).
   Hired mafiosi are paid $1 each from the attacker's pocket into their owners' pockets; the
   owners cannot refuse (R-SHIP-5, DISC-3: CZ "zaplatit $1 ze své kapsy", PL "jako forsę").
   The safe cannot pay these fees, so a way whose fees the pocket cannot cover is not offered,
   and a ship that only such a way would beat is greyed out with that reason.
3. ``ship_barrel`` (only with more than one place): ``barrel <district> <space>`` or
   ``barrel distillery`` for the ship's barrel (R-SHIP-9).
4. ``ship_mafioso`` (only when the player has mafiosi in more than one row of that docks area):
   ``leave <space>``, the mafioso that leaves the docks (R-SHIP-10).

On success, in order (R-SHIP-7..11): the crate's cash, worked out now, goes to the pocket
(:func:`crate_cash`); the player keeps the crate, whose lasting bonus counts from now on through
:func:`speakeasy.games.speakeasy.rules.combat.bonus`; the top crate of the stack replaces it (none
if the stack is empty, R-SHIP-8); the ship's rightmost barrel (a supply barrel if it is empty) goes
next to an operating building of the player without a barrel or into the operating distillery's
area, else back to the supply (R-SHIP-9); one of the player's mafiosi in that docks area goes to the
VIP area if there is room, else back to the personal supply (R-SHIP-10, DISC-12); the ship
sails clockwise to the next port without a ship (R-SHIP-11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import CRATE_QUANTITIES, Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, Ship, Track
from speakeasy.games.speakeasy.rules.cards import SKIP
from speakeasy.games.speakeasy.rules.combat import bonus, partner_tile, strength
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles
from speakeasy.games.speakeasy.rules.operating import (
    operating,
    operating_buildings,
    operating_distillery,
)
from speakeasy.games.speakeasy.rules.resources import docks_row, vip_capacity
from speakeasy.games.speakeasy.rules.wording import capital, count, listing, player_name

__all__ = [
    "RULES",
    "AttackPlan",
    "attack_error",
    "attack_ship",
    "crate_cash",
    "crate_count",
    "crate_label",
    "move_ship",
    "ship_area",
    "ship_attack_options",
    "ship_defence",
    "ship_name",
]

RULES: tuple[str, ...] = ("R-SHIP-3", "R-SHIP-4", "R-SHIP-6")
_NAMES = {
    BuildingType.BAR: "bar",
    BuildingType.NIGHTCLUB: "nightclub",
    BuildingType.CASINO: "casino",
    BuildingType.DISTILLERY: "distillery",
}


# ---------------------------------------------------------------------- ships and ports
def ship_name(ctx: Ctx, ship: Ship) -> str:
    """``Arnold Rothstein's ship``."""
    return f"{ctx.catalog.ship(ship.ship).name}'s ship"


def move_ship(ctx: Ctx, ship: Ship, colour: Colour | None, rules: Sequence[str], why: str) -> int:
    """Sail ``ship`` clockwise to the next port without a ship and return that port.

    Used after a truck's purchase (R-TRUCK-12) and after an attack (R-SHIP-11), GEO-12.
    """
    occupied = [s.port for s in ctx.state.ships if s is not ship]
    origin = ship.port
    ship.port = ctx.board.next_free_port(origin, occupied)
    ctx.emit(
        EventKind.SHIP_MOVES,
        colour,
        tuple(rules),
        f"{ship_name(ctx, ship)} sails {why} from district {origin} clockwise to the next port "
        f"without a ship, in district {ship.port}.",
        ship=ship.ship,
        origin=origin,
        port=ship.port,
    )
    return ship.port


def ship_area(ctx: Ctx, ship: Ship) -> Area:
    """The docks area a ship is attacked from: its port's area (GEO-17, R-SHIP-3)."""
    return ctx.board.area_of(ship.port)


def ship_defence(ctx: Ctx, ship: Ship) -> int:
    """The highest uncovered value of the ship's track (R-SHIP-2)."""
    data = ctx.catalog.ship(ship.ship)
    return data.defence(min(ship.removed, data.barrel_spaces))


# ---------------------------------------------------------------------- crate cash
def crate_count(
    ctx: Ctx, colour: Colour, quantity: str, docks_area: Area, *, golden_rule_breaker: bool = False
) -> int:
    """How many of ``quantity`` (a key of :data:`CRATE_QUANTITIES`) the player has now.

    Buildings count only while operating (R-GOLDEN-3), unless the crate breaks the golden rule
    (R-GOLDEN-4, GAP-16: #13 counts every nightclub and casino built). ``docks_area_mafiosi``
    counts every player's mafiosi in ``docks_area`` (R-CRATE-17).
    """
    if quantity not in CRATE_QUANTITIES:
        raise ValueError(f"unknown crate quantity {quantity!r}")
    state = ctx.state
    player = ctx.player(colour)

    def buildings() -> list[BuildingType]:
        if golden_rule_breaker:
            return [b.type for _, _, b in state.buildings(colour)]
        return [b.type for _, _, b in operating_buildings(state, colour)]

    if quantity == "books_on_goals":
        return sum(spaces.count(colour) for spaces in state.books.values())
    if quantity in (
        "party_level",
        "strength_level",
        "fleet_level",
        "vip_level",
        "distillery_level",
    ):
        return player.level(Track(quantity.removesuffix("_level")))
    if quantity == "vip_mafiosi":
        return player.vip
    if quantity == "goons":
        return player.goons
    if quantity == "partner_strength":
        tile = partner_tile(ctx, player)
        return 0 if tile is None else tile.strength
    if quantity == "city_tokens":
        return len(player.city_tokens)
    if quantity == "hand_cards":
        return len(player.hand)
    if quantity == "barrels_at_buildings":
        return sum(
            1
            for d, _, b in state.buildings(colour)
            if b.barrel
            and b.type is not BuildingType.DISTILLERY
            and (golden_rule_breaker or operating(state.districts[d], b))
        )
    if quantity == "notoriety":
        return player.notoriety
    if quantity == "highest_level":
        return max(player.levels.values())
    if quantity == "nightclubs_and_casinos":
        return sum(1 for t in buildings() if t in (BuildingType.NIGHTCLUB, BuildingType.CASINO))
    if quantity == "helper_cards":
        return len(player.helpers) + len(player.helpers_used)
    if quantity == "protecting_mafiosi":
        return sum(1 for _, _, b in state.buildings(colour) if b.protected)
    # docks_area_mafiosi
    return sum(1 for who in state.docks.get(docks_area, []) if who is not None)


def crate_cash(ctx: Ctx, colour: Colour, crate_id: str, docks_area: Area) -> int:
    """The cash crate ``crate_id`` pays ``colour`` now, capped (R-SHIP-7, R-CRATE-1..18).

    ``docks_area`` is the docks area attacked from (only #17 uses it). #6 pays $0 without a
    partner; #10 counts barrels at operating buildings only; #13 counts nightclubs and casinos
    operating or not (golden-rule breaker, GAP-16).
    """
    crate = ctx.catalog.crate(crate_id)
    count = crate_count(
        ctx, colour, crate.cash.quantity, docks_area, golden_rule_breaker=crate.golden_rule_breaker
    )
    return crate.cash.amount(count)


def crate_label(ctx: Ctx, crate_id: str) -> str:
    """``crate #9 ($5 per fleet level; each truck range +1)`` - both faces are public."""
    crate = ctx.catalog.crate(crate_id)
    cash = f"${crate.cash.rate} per {CRATE_QUANTITIES[crate.cash.quantity]}"
    if crate.cash.cap is not None:
        cash += f", at most ${crate.cash.cap}"
    return f"crate #{crate.number} ({cash}; {crate.bonus.label})"


# ---------------------------------------------------------------------- attack plans
@dataclass(frozen=True, slots=True)
class AttackPlan:
    """One winning way to attack a ship: whose mafiosi are hired and how many goons return."""

    ship: str
    own: int  # the attacker's mafiosi in that docks area
    hired: tuple[Colour, ...]  # one entry per hired mafioso, in colour order
    goons: int
    strength: int  # the attacker's strength value
    extra: int  # "+1 against smugglers" bonuses (R-PARTNER-7)
    defence: int

    @property
    def cost(self) -> int:
        """$1 per hired mafioso, paid from the pocket (R-SHIP-5, DISC-3)."""
        return len(self.hired)

    @property
    def total(self) -> int:
        """Attack strength (R-SHIP-4)."""
        return self.strength * (self.own + len(self.hired)) + self.goons + self.extra

    def action(self) -> Action:
        hired = Counter(self.hired)
        parts = [
            f"hire {c}'s {n} mafios{'i' if n != 1 else 'o'} (${n} from your pocket)"
            for c, n in hired.items()
        ]
        if self.goons:
            parts.append(f"return {self.goons} goon{'s' if self.goons != 1 else ''}")
        how = " and ".join(parts) if parts else "use only your own mafiosi"
        label = f"{how[0].upper()}{how[1:]}: attack {self.total} against defence {self.defence}"
        return Action("hire", (self.goons, *(c.value for c in self.hired)), label=label)


def _others(ctx: Ctx, colour: Colour, area: Area) -> list[tuple[Colour, int]]:
    """Other players' mafiosi in a docks area, by colour in the standard colour order."""
    here = Counter(who for who in ctx.state.docks.get(area, []) if who is not None)
    return [(c, here[c]) for c in Colour if c is not colour and here[c]]


def ship_attack_options(
    ctx: Ctx, colour: Colour, ship: Ship, budget: int | None = None
) -> list[AttackPlan]:
    """Every sensible winning attack on ``ship`` (R-SHIP-3..6, R-COMBAT-1).

    For each choice of hired mafiosi the fewest goons that win are used; hires must be
    affordable from ``budget`` (default: the player's pocket, since hire fees are pocket money
    only, R-SHIP-5, DISC-3; never the safe). A plan is
    left out when another one hires a subset of its mafiosi with no more goons. Empty if the
    player has no mafioso in the ship's docks area or cannot win.
    """
    player = ctx.player(colour)
    area = ship_area(ctx, ship)
    own = sum(1 for who in ctx.state.docks.get(area, []) if who is colour)
    if own == 0:
        return []
    money = player.pocket if budget is None else budget
    power = strength(ctx, player)
    extra = bonus(ctx, player, "ship_attack")
    defence = ship_defence(ctx, ship)
    others = _others(ctx, colour, area)
    found: list[tuple[Counter[Colour], AttackPlan]] = []
    for counts in product(*(range(n + 1) for _, n in others)):
        hired_count = Counter({c: k for (c, _), k in zip(others, counts, strict=True) if k})
        hired = tuple(c for c, _ in others for _ in range(hired_count[c]))
        if len(hired) > money:
            continue
        goons = max(0, defence + 1 - power * (own + len(hired)) - extra)
        if goons > player.goons:
            continue
        found.append((hired_count, AttackPlan(ship.ship, own, hired, goons, power, extra, defence)))
    kept = [
        plan
        for counts, plan in found
        if not any(
            other is not plan and other.goons <= plan.goons and _counts_le(oc, counts)
            for oc, other in found
        )
    ]
    return sorted(kept, key=lambda p: (p.goons, p.cost, [c.value for c in p.hired]))


def _counts_le(small: Counter[Colour], big: Counter[Colour]) -> bool:
    """Whether the multiset ``small`` is contained in ``big``."""
    return all(big[c] >= n for c, n in small.items())


def attack_error(ctx: Ctx, colour: Colour, ship: Ship) -> IllegalAction:
    """Why ``ship`` cannot be attacked now (it has no winning plan)."""
    player = ctx.player(colour)
    area = ship_area(ctx, ship)
    own = sum(1 for who in ctx.state.docks.get(area, []) if who is colour)
    if own == 0:
        return IllegalAction(
            "no-mafioso",
            "R-SHIP-3",
            f"you have no mafioso in the {area.title} docks, where this ship is attacked from",
        )
    others = sum(n for _, n in _others(ctx, colour, area))
    hire = min(others, player.pocket)
    power = strength(ctx, player)
    extra = bonus(ctx, player, "ship_attack")
    best = power * (own + hire) + player.goons + extra
    defence = ship_defence(ctx, ship)
    if hire < others:
        # R-SHIP-5, DISC-3: would hiring more mafiosi win, were the fees not pocket money only?
        needed = next(
            (
                k
                for k in range(hire + 1, others + 1)
                if power * (own + k) + player.goons + extra > defence
            ),
            None,
        )
        if needed is not None:
            return IllegalAction(
                "pocket-short",
                "R-SHIP-5",
                f"beating defence {defence} needs {needed} of the other players' mafiosi hired "
                f"at $1 each from your pocket, which holds ${player.pocket}; hire fees cannot "
                "come from the safe",
            )
    return IllegalAction(
        "too-weak",
        "R-SHIP-6",
        f"your best attack is {best} (strength {power} × {count(own + hire, 'mafioso')} + "
        f"{count(player.goons, 'goon')}), which does not beat defence {defence}",
    )


def _ship_action(ctx: Ctx, ship: Ship, best: AttackPlan) -> Action:
    crate = crate_label(ctx, ship.crate) if ship.crate else "no crate"
    how = best.action().label
    return Action(
        "ship",
        (ship.ship,),
        label=f"Attack {ship_name(ctx, ship)} in district {ship.port} (defence "
        f"{ship_defence(ctx, ship)}; {crate}); e.g. {how[0].lower()}{how[1:]}",
    )


# ---------------------------------------------------------------------- the action
@handles("attack_ship")
def attack_ship(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Attack a smugglers' ship from the docks (R-SHIP-3..12, R-LOC-DOCKS-1, E20)."""
    ships = sorted(ctx.state.ships, key=lambda s: s.port)
    plans = {s.ship: ship_attack_options(ctx, colour, s) for s in ships}
    options = [_ship_action(ctx, s, plans[s.ship][0]) for s in ships if plans[s.ship]]
    blocked = tuple(
        Blocked(Action("ship", (s.ship,)), attack_error(ctx, colour, s))
        for s in ships
        if not plans[s.ship]
    )
    if not options:
        by_reason: dict[str, list[str]] = {}
        for s, b in zip((s for s in ships if not plans[s.ship]), blocked, strict=True):
            by_reason.setdefault(b.error.reason, []).append(ship_name(ctx, s))
        why = "; ".join(f"{listing(names)}: {reason}" for reason, names in by_reason.items())
        ctx.emit(
            EventKind.NO_SHIP_ATTACK,
            colour,
            RULES,
            f"{player_name(colour)} cannot beat any smugglers' ship now"
            + (f" ({why})." if why else "."),
            reasons={b.action.args[0]: b.error.reason for b in blocked},
        )
        return
    choice = yield from ctx.ask(
        colour,
        DecisionKind.ATTACK_SHIP,
        "Attack a smugglers' ship?",
        RULES,
        [*options, SKIP],
        _frozen(blocked),
    )
    if choice == SKIP:
        return
    ship = next(s for s in ships if s.ship == str(choice.args[0]))
    ways = plans[ship.ship]
    plan = ways[0]
    if len(ways) > 1:
        by_action = {p.action(): p for p in ways}
        picked = yield from ctx.ask(
            colour,
            DecisionKind.SHIP_HIRE,
            f"How do you attack {ship_name(ctx, ship)}?",
            ("R-SHIP-4", "R-SHIP-5", "R-COMBAT-3"),
            list(by_action),
        )
        plan = by_action[picked]
    yield from _carry_out(ctx, colour, ship, plan)


def _frozen(items: tuple[Blocked, ...]) -> Callable[[], tuple[Blocked, ...]]:
    return lambda: items


def _carry_out(ctx: Ctx, colour: Colour, ship: Ship, plan: AttackPlan) -> Flow[None]:
    """The attack succeeds: pay, take the crate, the barrel, free a mafioso, sail (R-SHIP-5..11)."""
    state = ctx.state
    player = ctx.player(colour)
    area = ship_area(ctx, ship)
    # R-SHIP-5, DISC-3, R-COMBAT-3: pay the hired mafiosi's owners from the pocket (never the
    # safe: CZ "ze své kapsy"), return the goons.
    if plan.cost:
        if plan.cost > player.pocket:
            raise IllegalAction(
                "pocket-short",
                "R-SHIP-5",
                f"hiring costs ${plan.cost} from your pocket, which holds ${player.pocket}",
            )
        player.pocket -= plan.cost
        for owner, n in sorted(Counter(plan.hired).items()):
            ctx.player(owner).pocket += n
    player.goons -= plan.goons
    state.supply_goons += plan.goons
    hired = {c.value: n for c, n in sorted(Counter(plan.hired).items())}
    helpers = [f"{count(plan.goons, 'goon')} returned"] if plan.goons else []
    helpers += [
        f"{count(n, 'mafioso')} of {player_name(c)} hired for $1 each from the pocket"
        for c, n in hired.items()
    ]
    ctx.emit(
        EventKind.SHIP_ATTACK,
        colour,
        ("R-SHIP-4", "R-SHIP-5", "R-SHIP-6", "R-SHIP-12", "DISC-3"),
        f"{player_name(colour)} attacks {ship_name(ctx, ship)}: attack {plan.total} beats its "
        f"defence {plan.defence}" + (f" ({listing(helpers)})." if helpers else "."),
        ship=ship.ship,
        attack=plan.total,
        defence=plan.defence,
        goons=plan.goons,
        hired=hired,
        cost=plan.cost,
    )
    # Step 1 (R-SHIP-7) and step 2 (R-SHIP-8): the crate.
    crate = ship.crate
    if crate is None:
        ctx.emit(
            EventKind.NO_CRATE,
            colour,
            ("R-SHIP-8",),
            f"{ship_name(ctx, ship)} carries no crate: no cash and no bonus.",
        )
    else:
        cash = crate_cash(ctx, colour, crate, area)
        player.pocket += cash
        player.crates.append(crate)
        ship.crate = state.crate_stack.pop(0) if state.crate_stack else None
        refill = (
            "A new crate takes its place on the ship."
            if ship.crate
            else "No crate is left to replace it."
        )
        ctx.emit(
            EventKind.CRATE,
            colour,
            ("R-SHIP-7", "R-SHIP-8", "R-MONEY-3"),
            f"{player_name(colour)} takes {crate_label(ctx, crate)}: ${cash} in the pocket now "
            f"and its bonus for the rest of the game. {refill}",
            crate=crate,
            cash=cash,
            replacement=ship.crate,
        )
    # Step 3 (R-SHIP-9): the ship's barrel.
    yield from _ship_barrel(ctx, colour, ship)
    # Step 4 (R-SHIP-10, DISC-12): one of the attacker's mafiosi leaves that docks area.
    yield from _free_mafioso(ctx, colour, area)
    # Step 5 (R-SHIP-11).
    move_ship(ctx, ship, colour, ("R-SHIP-11",), "after the attack")


def _ship_barrel(ctx: Ctx, colour: Colour, ship: Ship) -> Flow[None]:
    """The ship's rightmost barrel (or a supply barrel) to a building or the distillery area."""
    state = ctx.state
    player = ctx.player(colour)
    from_ship = ship.removed < ctx.catalog.ship(ship.ship).barrel_spaces
    if from_ship:
        whence = "the ship's rightmost barrel"
    elif state.supply_barrels > 0:
        whence = "a supply barrel (the ship is empty)"
    else:
        ctx.emit(
            EventKind.NO_BARREL,
            colour,
            ("R-SHIP-9", "GAP-22"),
            "The ship is empty and the supply has no barrel: no barrel is gained.",
        )
        return
    options = [
        Action(
            "barrel",
            (d, s),
            label=f"Put it next to your {_NAMES[b.type]} in district {d} (space {s + 1})",
        )
        for d, s, b in sorted(
            operating_buildings(state, colour, include_distillery=False),
            key=lambda item: (item[0], item[1]),
        )
        if not b.barrel
    ]
    found = operating_distillery(state, colour)
    if found is not None:
        options.append(Action("barrel", ("distillery",), label="Put it in your distillery area"))
    if not options:
        if from_ship:  # the barrel leaves the ship for the supply
            ship.removed += 1
            state.supply_barrels += 1
        ctx.emit(
            EventKind.SHIP_BARREL,
            colour,
            ("R-SHIP-9", "R-BARREL-3"),
            f"{player_name(colour)} has no operating building without a barrel and no operating "
            f"distillery, so {whence} goes back to the supply.",
            to="supply",
        )
        return
    choice = options[0]
    if len(options) > 1:
        choice = yield from ctx.ask(
            colour,
            DecisionKind.SHIP_BARREL,
            "Where does the ship's barrel go?",
            ("R-SHIP-9", "R-BARREL-2", "R-BARREL-3"),
            options,
        )
    # The barrel leaves the ship (or the supply) only once its place is chosen, so it is never
    # missing from the components between decisions.
    if from_ship:
        ship.removed += 1
    else:
        state.supply_barrels -= 1
    if choice.args[0] == "distillery":
        player.distillery_barrels += 1
        ctx.emit(
            EventKind.SHIP_BARREL,
            colour,
            ("R-SHIP-9",),
            f"{capital(whence)} goes into {player_name(colour)}'s distillery area.",
            to="distillery",
        )
        return
    district, space = int(choice.args[0]), int(choice.args[1])
    building = state.districts[district].spaces[space].building
    assert building is not None
    building.barrel = True
    ctx.emit(
        EventKind.SHIP_BARREL,
        colour,
        ("R-SHIP-9",),
        f"{capital(whence)} goes beside {player_name(colour)}'s {_NAMES[building.type]} in "
        f"district {district}.",
        to="building",
        district=district,
        space=space,
    )


def _free_mafioso(ctx: Ctx, colour: Colour, area: Area) -> Flow[None]:
    """One of the attacker's mafiosi leaves the docks area: VIP area or personal supply."""
    player = ctx.player(colour)
    spaces = ctx.state.docks[area]
    mine = [i for i, who in enumerate(spaces) if who is colour]
    by_row: dict[int, int] = {}
    for i in mine:
        by_row.setdefault(docks_row(ctx, i), i)
    index = mine[0]
    if len(by_row) > 1:
        options = [
            Action("leave", (i,), label=f"Take back your mafioso from {area.title} docks row {r}")
            for r, i in sorted(by_row.items())
        ]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.SHIP_MAFIOSO,
            "Which of your mafiosi leaves the docks?",
            ("R-SHIP-10",),
            options,
        )
        index = int(choice.args[0])
    spaces[index] = None
    if player.vip < vip_capacity(ctx, player):
        player.vip += 1
        where, text = "vip", "for the VIP area"
    else:
        player.mafiosi += 1
        where, text = "supply", "for the personal supply, as the VIP area is full"
    ctx.emit(
        EventKind.SHIP_MAFIOSO,
        colour,
        ("R-SHIP-10", "R-MAFIOSO-2", "DISC-12"),
        f"One of {player_name(colour)}'s mafiosi leaves the {area.title} docks (row "
        f"{docks_row(ctx, index)}) {text}.",
        area=area.value,
        space=index,
        to=where,
    )
