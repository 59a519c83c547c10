"""What a seat sees, in dollars: the estimates :class:`PlayerView` builds the bot's scores from.

A :class:`PlayerView` wraps one seat's
:class:`~speakeasy.games.speakeasy.engine.observe.Observation` (R-MONEY-1, R-HELPER-3, R-CARD-6,
R-CITY-3) and estimates what each thing adds to the player's final money (R-SCORING-1..4): money
now at face value (R-MONEY-2/6), buildings by their payouts and final value (R-CONTROL-3..8,
R-PAYOUT-1..4, R-SCORING-2/3) against gang wars and police (R-GANGWAR-6/7/12/13, R-GOLDEN-1/3,
R-POLICE-1/3), resources shrinking towards the end (R-ACT-1), helpers by their bottle
(R-SCORING-4), locations by their persons (R-LOC-GEN-3/4), trucks by the exact plan
(R-TRUCK-1..14), and each effect of the catalogue's vocabulary (:meth:`PlayerView.effect_value`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property

from speakeasy.games.speakeasy.engine.observe import HIDDEN, Observation
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    GameState,
    Player,
    Track,
)
from speakeasy.games.speakeasy.rules.barrels import production, sale_price, sell_limit, sellable
from speakeasy.games.speakeasy.rules.buildings import build_options, defence, legal_targets
from speakeasy.games.speakeasy.rules.combat import bonus, partner_help_cost, partner_tile, strength
from speakeasy.games.speakeasy.rules.delivery import may_receive_barrel
from speakeasy.games.speakeasy.rules.goals import book_spaces_available, meets
from speakeasy.games.speakeasy.rules.money import spendable
from speakeasy.games.speakeasy.rules.operating import distillery, operating, operating_distillery
from speakeasy.games.speakeasy.rules.protection import max_protections, protection_budget
from speakeasy.games.speakeasy.rules.resources import docks_row, vip_capacity
from speakeasy.games.speakeasy.rules.ships import crate_cash, ship_area, ship_attack_options

__all__ = [
    "BOOK",
    "CARD",
    "CITY_TOKEN",
    "EXTRA_CONTROL",
    "GOON",
    "LEVERAGE",
    "MAFIOSO",
    "UNAFFORDABLE",
    "PlayerView",
]

#: How much a resource that pays off later is worth, by act (R-ACT-1: 4/3/3/1 rounds).
_FUTURE = {0: 1.0, 1: 1.0, 2: 0.85, 3: 0.6, 4: 0.1}
#: The war strength a building should expect in each act's gang war (R-GANGWAR-6 ranges).
_WAR_STRENGTH = {0: 7, 1: 7, 2: 9, 3: 11}
#: Resource values in dollars before the act factor.
BOOK = 7.0
LEVERAGE = 1.5
GOON = 2.0
CARD = 2.0
CITY_TOKEN = 2.0
MAFIOSO = 5.0
#: The price of a payment the player cannot make (finite, so that scores never become NaN).
UNAFFORDABLE = 1e6
#: What an extra controlled district adds once the player already pays out in that area.
EXTRA_CONTROL = 3.0


def _n(effect: Effect) -> int:
    try:
        return effect.integer("n")
    except (KeyError, ValueError, TypeError):
        return 1


class PlayerView:
    """What one player sees at one decision (its
    :class:`~speakeasy.games.speakeasy.engine.observe.Observation`), with the estimates the scores
    are built from.

    Read-only: it wraps the observation's state in a rules context without copying it, and
    calls only rules functions that read (prices, goals, protection budget, build options, the
    planner).
    """

    def __init__(self, seen: Observation) -> None:
        self.seen = seen
        self.player: Player = seen.player
        self.colour: Colour = self.player.colour
        self.state: GameState = seen.state
        self.ctx = seen.context()
        self.catalog: Catalog = self.ctx.catalog
        self.act = self.state.act
        self.future = _FUTURE.get(self.act, 1.0)
        self._depth = 0
        self._fates: dict[int, tuple[float, float]] = {}
        self._areas: dict[object, float] = {}
        self._targets: dict[tuple[str, str], tuple[float, tuple[int, int] | None]] = {}
        self._tokens: dict[str, float] = {}

    # ------------------------------------------------------------------ time
    @cached_property
    def luciano_left(self) -> int:
        """Lucky Luciano phases still to come, this act's included (R-ACT-2)."""
        return 3 if self.act == 0 else max(0, 4 - self.act)

    @cached_property
    def rounds_left(self) -> int:
        """Player rounds still to play, this one included (R-ACT-1)."""
        rounds = self.catalog.setup.acts.rounds
        if self.act == 0:
            return sum(rounds)
        done = sum(rounds[: self.act - 1]) + max(self.state.round - 1, 0)
        return max(sum(rounds) - done, 0)

    # ------------------------------------------------------------------ money
    def paid(self, amount: float) -> float:
        """What paying ``amount`` really takes from the final money: the pocket first, then
        $2 out of the safe for each $1 (R-MONEY-2); a prohibitive (finite) price if it cannot be
        paid at all (R-MONEY-6)."""
        if amount <= 0:
            return 0.0
        pocket = self.player.pocket
        if amount <= pocket:
            return float(amount)
        if amount > spendable(self.player):
            return UNAFFORDABLE + amount
        return pocket + 2.0 * (amount - pocket)

    # ------------------------------------------------------------------ fighting strength
    @cached_property
    def defence_power(self) -> int:
        """Strength + goons + an affordable partner: what a building can defend with."""
        player = self.player
        power = strength(self.ctx, player) + player.goons + bonus(self.ctx, player, "defence")
        tile = partner_tile(self.ctx, player)
        if tile is not None:
            cost = partner_help_cost(self.ctx, player, takeover=False, distillery=False)
            if cost <= spendable(player):
                power += tile.strength
        return power

    def p_hold(self, act: int) -> float:
        """Rough chance that a building holds the gang war at the end of ``act``."""
        need = _WAR_STRENGTH.get(act, 11)
        if self.defence_power >= need:
            return 0.85
        if self.defence_power >= need - 2:
            return 0.35
        return 0.05

    def fate(self, district: int) -> tuple[float, float]:
        """``(chance to stand at the end, Luciano phases it counts for)`` for a building here.

        A district whose gangster has come is never attacked again (R-GANGWAR-12/13); a
        district with a face-down war token is attacked at the end of this act (R-SETUP-8,
        R-GANGWAR-2), before area control (R-ACT-2); the others are attacked later.
        """
        if district not in self._fates:
            self._fates[district] = self._fate(district)
        return self._fates[district]

    def _fate(self, district: int) -> tuple[float, float]:
        d = self.state.districts[district]
        left = self.luciano_left
        if d.had_gangster or left == 0:
            return 1.0, float(left)
        war_act = max(self.act, 1)
        if d.war_token:
            hold = self.p_hold(war_act)
            return hold, hold * left
        later = self.p_hold(min(war_act + 1, 3))
        return later, 1.0 + later * (left - 1)

    # ------------------------------------------------------------------ buildings
    def area_value(self, district: int, colour: Colour | None = None) -> float:
        """What one more controlled district in this district's area pays per Luciano phase
        (R-CONTROL-8, R-PAYOUT-2..4): the first one gives a middling rank, more add a little."""
        colour = colour or self.colour
        area = self.ctx.board.area_of(district)
        key = (area, colour)
        if key not in self._areas:
            self._areas[key] = self._area_value(area, colour)
        return self._areas[key]

    def _area_value(self, area: Area, colour: Colour) -> float:
        mine = any(
            self.ctx.board.area_of(d) == area and operating(self.state.districts[d], b)
            for d, _, b in self.state.buildings(colour)
        )
        if mine:
            return EXTRA_CONTROL
        table = self.catalog.payouts[area.value].amounts
        players = len(self.state.players)
        rank = min(players + 1, len(table)) if players > 1 else 1
        return (table[0] + table[rank - 1]) / 2.0

    def operates_at_control(self, district: int, protected: bool) -> bool:
        """Operating when area control comes: no police now or arriving (R-POLICE-1, R-GOLDEN-1)."""
        d = self.state.districts[district]
        return protected or not (d.police or d.police_token)

    @cached_property
    def protect_chance(self) -> float:
        """How likely a new building gets a mafioso later (R-PROTECT-1..3)."""
        if self.act >= 4:
            return 0.2 if self.player.vip else 0.0
        base = 0.25 + 0.15 * min(self.player.vip, 2)
        return min(base, 0.6)

    def building_value(
        self,
        district: int,
        kind: BuildingType,
        *,
        protected: bool = False,
        has_barrel: bool = False,
    ) -> float:
        """The dollars a building of ``kind`` in ``district`` should bring the player."""
        p_stand, acts = self.fate(district)
        final = self.catalog.scoring.building_values[kind.value]
        p_prot = 1.0 if protected else self.protect_chance
        value = final * p_stand * p_prot
        if self.operates_at_control(district, protected):
            value += acts * self.area_value(district)
        else:
            value += acts * self.area_value(district) * p_prot * 0.5
        if kind is BuildingType.DISTILLERY:
            value += 6.0 * self.future * p_stand
        else:
            value += 2.5 * min(self.rounds_left, 4) * self.future * p_stand * 0.5
        if kind is BuildingType.CASINO:
            income = self.catalog.setup.for_players(self.ctx.setup_players).casino_income
            value += 0.4 * income * self.rounds_left * p_stand
        if has_barrel:
            value += 4.0
        return value

    def token_value(self, token: str | None) -> float:
        if token is None:
            return 0.0
        if token not in self._tokens:
            self._depth += 1  # a token taken now is played later: a shallow estimate
            try:
                effects = self.catalog.city_token(token).effect
                value = 0.5 * self.effects_value(effects) + 0.5 * CITY_TOKEN * self.future
            finally:
                self._depth -= 1
            self._tokens[token] = value
        return self._tokens[token]

    def build_value(self, mode: str, piece: str, district: int, space: int) -> float:
        """A build's value at a target space, before its cost."""
        kind = BuildingType(self._piece_kind(piece))
        spot = self.state.districts[district].spaces[space]
        if mode == "upgrade":
            old = spot.building
            assert old is not None
            before = self.building_value(district, old.type, protected=old.protected)
            after = self.building_value(
                district, kind, protected=old.protected, has_barrel=old.barrel
            )
            return after - before
        value = self.building_value(district, kind) + self.token_value(spot.city_token)
        if mode == "takeover":
            value += 2.0  # a gangster bar fewer against the player's control (R-CONTROL-5)
        return value

    def _piece_kind(self, piece: str) -> str:
        for space in self.catalog.operations_board.spaces:
            if space.id == piece:
                return space.building
        raise KeyError(piece)

    def best_target(self, mode: str, piece: str) -> tuple[float, tuple[int, int] | None]:
        """The best space for a build (value before cost) among the legal ones."""
        key = (mode, piece)
        if key in self._targets:
            return self._targets[key]
        best: tuple[float, tuple[int, int] | None] = (float("-inf"), None)
        for district, space in legal_targets(self.ctx, self.colour, piece, mode):
            value = self.build_value(mode, piece, district, space)
            if mode == "takeover":
                value -= self.takeover_cost(district)
            if value > best[0]:
                best = (value, (district, space))
        self._targets[key] = best
        return best

    def takeover_cost(self, district: int) -> float:
        """Goons (and partner money) a takeover will spend to beat the defence (R-TAKEOVER-1)."""
        need = defence(self.ctx, district) + 1
        base = strength(self.ctx, self.player) + bonus(self.ctx, self.player, "takeover_attack")
        goons = max(0, need - base)
        if goons <= self.player.goons:
            return goons * GOON * self.future
        tile = partner_tile(self.ctx, self.player)
        cost = (
            0
            if tile is None
            else partner_help_cost(self.ctx, self.player, takeover=True, distillery=False)
        )
        goons = max(0, need - base - (tile.strength if tile else 0))
        return self.paid(cost) + goons * GOON * self.future

    def build_effect_value(self, effect: Effect) -> float:
        """The best build this effect allows, up to ``times`` times, net of the price."""
        choices, _ = build_options(
            self.ctx,
            self.colour,
            buildings=effect.texts("buildings"),
            modes=effect.texts("modes"),
            ignore_defence=effect.flag("ignore_defence"),
        )
        values: list[float] = []
        for choice in choices:
            value, _ = self.best_target(choice.mode, choice.piece)
            value -= self.paid(choice.money) + choice.discards * CARD * self.future
            values.append(value)
        values = sorted((v for v in values if v > 0), reverse=True)
        times = effect.integer("times")
        total = sum(values[:1]) + 0.5 * sum(values[1:times])
        return total

    # ------------------------------------------------------------------ barrels and trucks
    def barrel_price(self, kind: BuildingType) -> int:
        return self.catalog.notoriety.price(self.player.notoriety, kind.value)

    @cached_property
    def sell_value(self) -> float:
        """Money one sell action brings now (R-BARREL-4)."""
        prices = sorted(
            (sale_price(self.ctx, self.colour, b) for _, _, b in sellable(self.ctx, self.colour)),
            reverse=True,
        )
        return float(sum(prices[: sell_limit(self.ctx, self.colour)]))

    @cached_property
    def targets(self) -> list[tuple[int, Building]]:
        """Operating bars, nightclubs and casinos without a barrel (R-TRUCK-13)."""
        return [
            (d, b)
            for d, _, b in self.state.buildings(self.colour)
            if may_receive_barrel(self.state.districts[d], b)
        ]

    def deliver_value(self, range_bonus: int = 0) -> float:
        """A cheap estimate of one pick-up-and-deliver action (R-TRUCK-1..14)."""
        if not self.targets:
            return 0.0
        player = self.player
        trucks = 2 if player.level(Track.FLEET) >= 3 else 1
        on_trucks = sum(t.barrels for t in player.trucks)
        stock = on_trucks + (
            player.distillery_barrels
            if operating_distillery(self.state, self.colour) is not None
            else 0
        )
        reach = player.level(Track.FLEET) + range_bonus
        buyable = min(1, self.player.pocket // 5) if reach >= 3 else 0
        can = min(len(self.targets), 2 * trucks, stock + buyable)
        prices = sorted((self.barrel_price(b.type) for _, b in self.targets), reverse=True)
        worth = sum(prices[:can]) * 0.6 * min(self.future * 1.5, 1.0)
        bought = max(0, can - stock)
        return worth - self.paid(bought * 5.0)

    @cached_property
    def produce_value(self) -> float:
        made = production(self.ctx, self.colour)
        if not made:
            return 0.0
        useful = min(made, len(self.targets) + 1)
        return useful * 4.0 * min(self.future * 1.3, 1.0)

    # ------------------------------------------------------------------ protection
    def protect_gain(self, district: int, building: Building) -> float:
        """What a mafioso next to this building adds (R-PROTECT-1, R-SCORING-2, R-GOLDEN-1)."""
        p_stand, acts = self.fate(district)
        final = self.catalog.scoring.building_values[building.type.value]
        gain = final * p_stand * (1.0 - self.protect_chance * 0.5)
        if not self.operates_at_control(district, False):
            gain += acts * self.area_value(district) * 0.7
        return gain + 1.0

    @cached_property
    def protect_value(self) -> float:
        """One protection action now: the best buildings the budget and mafiosi allow."""
        count = max_protections(self.ctx, self.colour)
        if count <= 0:
            return 0.0
        gains = sorted(
            (
                self.protect_gain(d, b)
                for d, _, b in self.state.buildings(self.colour)
                if not b.protected
            ),
            reverse=True,
        )
        budget = protection_budget(self.ctx, self.colour)
        tokens = budget.tokens_for(count)
        return sum(gains[:count]) - tokens * LEVERAGE * self.future

    # ------------------------------------------------------------------ goals and helpers
    @cached_property
    def bottles(self) -> set[str]:
        return {
            self.catalog.helper(h).bottle for h in [*self.player.helpers, *self.player.helpers_used]
        }

    def helper_value(self, helper: str) -> float:
        card = self.catalog.helper(helper)
        bottle = card.bottle_value if card.bottle not in self.bottles else 0
        return bottle + 0.8 * self.effects_value(card.effect)

    @cached_property
    def cook_values(self) -> list[float]:
        """Safe money of the goals the player could cook a book on now, best first (R-BOOKS-2)."""
        best: dict[str, float] = {}
        for goal_id, _ in book_spaces_available(self.ctx, self.colour):
            goal = self.catalog.goal(goal_id)
            best[goal_id] = goal.payout + 0.5 * self.effects_value(goal.reward)
        return sorted(best.values(), reverse=True)

    def cook_value(self, n: int) -> float:
        return sum(self.cook_values[: min(n, self.player.books)])

    @cached_property
    def book_value(self) -> float:
        """A book on the board: cooked later at the Restaurant (R-BOOKS-1/2)."""
        if self.act >= 4 or self.player.books_supply <= 0:
            return 0.0
        goals = 0
        for goal_id, spaces in self.state.books.items():
            if self.colour in spaces or all(s is not None for s in spaces):
                continue
            goals += 1 if meets(self.ctx, self.colour, goal_id) else 0
        waiting = self.player.books
        value = BOOK if goals > waiting else BOOK * 0.5
        return value * self.future

    # ------------------------------------------------------------------ levels
    def raise_value(self, track: Track) -> float:
        player = self.player
        level = player.level(track)
        if level >= 5:
            return -1.0
        f = self.future
        value = 1.0 * f  # notoriety: prices and goals (R-NOTOR-1/2)
        if track is Track.STRENGTH:
            value += 3.0 * f
            if any(
                self.state.districts[d].war_token and not self.state.districts[d].had_gangster
                for d, _, _ in self.state.buildings(self.colour)
            ):
                value += 3.0 * f
        elif track is Track.PARTY:
            waiting = len(sellable(self.ctx, self.colour))
            value += (2.5 if waiting > sell_limit(self.ctx, self.colour) else 1.0) * f
        elif track is Track.DISTILLERY:
            value += (2.5 if distillery(self.state, self.colour) else 0.5) * f
        elif track is Track.FLEET:
            value += (4.0 if level == 2 else 1.5) * f
        elif track is Track.VIP:
            room = vip_capacity(self.ctx, player) - player.vip
            value += (2.5 if room <= 0 and player.mafiosi else 1.0) * f
        discards = self.catalog.operations_board.raise_discards(track.value, level + 1)
        return value - discards * CARD * f

    @cached_property
    def best_raise(self) -> float:
        return max(self.raise_value(t) for t in Track)

    # ------------------------------------------------------------------ mafiosi
    @cached_property
    def mafioso_value(self) -> float:
        """A new mafioso: protection later (VIP area) or a docks row reward (R-MAFIOSO-1/3)."""
        player = self.player
        if player.mafiosi <= 0:
            return 0.0
        unprotected = sum(1 for _, _, b in self.state.buildings(self.colour) if not b.protected)
        vip_room = vip_capacity(self.ctx, player) - player.vip
        best = 0.0
        if vip_room > 0:
            best = (MAFIOSO + (3.0 if unprotected > player.vip else 0.0)) * self.future
        docks = self.docks_row_value()
        return max(best, docks)

    def docks_row_value(self) -> float:
        best = -1.0
        for area, rows in self.state.docks.items():
            for index, who in enumerate(rows):
                if who is None:
                    best = max(best, self.docks_space_value(area.value, index))
        return max(best, 0.0)

    def docks_space_value(self, area: str, index: int) -> float:
        row = self.catalog.docks.row(docks_row(self.ctx, index))
        value = self.effects_value(row.reward) + 1.0 * self.future
        mine = sum(1 for a, rows in self.state.docks.items() for w in rows if w is self.colour)
        if mine == 0:
            value += 1.0 * self.future  # lets the player attack ships (R-SHIP-3)
        del area
        return value

    # ------------------------------------------------------------------ cards
    def card_value(self, card_id: str, *, action: bool = True, range_bonus: int = 0) -> float:
        """Playing a card: its reward and its action (R-CARD-3), the slot's leverage change."""
        card = self.catalog.card(card_id)
        value = self.effects_value(card.reward)
        bonus_range = range_bonus + sum(_n(e) for e in card.reward if e.kind == "range_bonus")
        if action:
            value += self.card_action_value(card.type, bonus_range)
        old = self.player.slots.get(Track(card.type))
        if old is not None:
            value += 0.5 * (card.leverage - self.catalog.card(old).leverage) * self.future
        return value

    def card_action_value(self, card_type: str, range_bonus: int = 0) -> float:
        if card_type == "vip":
            return self.protect_value
        if card_type == "party":
            return self.sell_value
        if card_type == "distillery":
            return self.produce_value
        return self.deliver_value(range_bonus)

    def best_card(self, card_type: str = "any", range_bonus: int = 0) -> float:
        values = [
            self.card_value(c, range_bonus=range_bonus)
            for c in set(self.player.hand)
            if card_type == "any" or self.catalog.card(c).type == card_type
        ]
        return max(values, default=0.0)

    def hand_card_value(self, card_id: str) -> float:
        """Keeping a card in hand: a later play, or a discard for the Restaurant or a casino."""
        card = self.catalog.card(card_id)
        later = 0.4 * self.effects_value(card.reward) + 0.3 * self.card_action_value(card.type)
        return (CARD + later + 0.2 * card.leverage) * self.future

    @cached_property
    def worst_hand_card(self) -> float:
        return min((self.hand_card_value(c) for c in self.player.hand), default=CARD)

    # ------------------------------------------------------------------ ships
    @cached_property
    def ship_value(self) -> float:
        """The best ship attack: crate cash now, its bonus, the barrel (R-SHIP-3..11)."""
        best = 0.0
        for ship in self.state.ships:
            plans = ship_attack_options(self.ctx, self.colour, ship)
            if not plans:
                continue
            plan = plans[0]
            cash = (
                crate_cash(self.ctx, self.colour, ship.crate, ship_area(self.ctx, ship))
                if ship.crate
                else 0
            )
            value = cash + 4.0 * self.future + (3.0 if self.targets else 0.5)
            value -= self.paid(plan.cost) + plan.goons * GOON * self.future
            best = max(best, value)
        return best

    # ------------------------------------------------------------------ locations
    def restaurant_value(self) -> float:
        """The Restaurant: a discard, then up to 2 different actions (R-LOC-RESTAURANT-1..7)."""
        cook = self.cook_value(3)
        play = self.best_card("any")
        tokens = sorted(
            (self.token_play_value(t) for t in set(self.player.city_tokens)), reverse=True
        )
        token_value = sum(tokens[:2])
        best_two = sum(sorted((cook, play, token_value), reverse=True)[:2])
        return best_two - self.worst_hand_card - 1.0

    def token_play_value(self, token: str) -> float:
        """Playing ``token``; a face-down one (R-CITY-3) is worth the catalogue's average."""
        if token == HIDDEN:
            return self.unseen_token_value
        return self.effects_value(self.catalog.city_token(token).effect)

    @cached_property
    def unseen_token_value(self) -> float:
        """The average play value of a city token of the catalogue's pool (R-COMP, R-CITY-4):
        what a token taken face down from the left column is worth before it is seen."""
        pool = self.catalog.city_token_pool()
        return sum(self.token_play_value(t) for t in pool) / len(pool) if pool else 0.0

    def person_value(self, location: str, index: int) -> float:
        """Everything a person lets the player do, as this bot would do it (R-LOC-GEN-3/4)."""
        person = self.catalog.location(location).person(index)
        source_bonus = 2 if location == "garage" and index == 0 else 0
        return self.effects_value(person.actions, range_bonus=source_bonus)

    def swap_value(self) -> float:
        """Central Park: the best other player's person, less the compensation it gives them
        (R-LOC-CENTRALPARK-1..4)."""
        best = 0.0
        for key, who in self.state.persons.items():
            location, _, index = key.partition(":")
            if who is self.colour or location == "central_park":
                continue
            best = max(best, self.person_value(location, int(index)))
        return best - 3.0

    # ------------------------------------------------------------------ effects
    def effects_value(self, effects: Iterable[Effect], range_bonus: int = 0) -> float:
        self._depth += 1
        try:
            return sum(self.effect_value(e, range_bonus) for e in effects)
        finally:
            self._depth -= 1

    def effect_value(self, effect: Effect, range_bonus: int = 0) -> float:
        """Dollars one effect should bring this player now (the closed vocabulary of
        :mod:`speakeasy.games.speakeasy.model.effects`).

        Inside another estimate (a city token on a building space, a card's reward...) the
        costly kinds get a flat value, which keeps every decision fast.
        """
        kind = effect.kind
        if self._depth > 1 and kind in _FLAT:
            return _FLAT[kind] * self.future
        handler = _EFFECTS.get(kind)
        if handler is not None:
            return handler(self, effect, range_bonus)
        return 1.0 * self.future


def _play_card_effect(p: PlayerView, e: Effect, range_bonus: int) -> float:
    return p.best_card(e.text("type"), range_bonus + _n_or(e, "range_bonus", 0))


def _n_or(effect: Effect, name: str, default: int) -> int:
    try:
        return effect.integer(name)
    except (KeyError, ValueError, TypeError):
        return default


def _helper_effect(p: PlayerView, e: Effect, range_bonus: int) -> float:
    offer = [p.helper_value(h) for h in p.state.helper_offer]
    return max(offer, default=0.0)


def _offer_helper_effect(p: PlayerView, e: Effect, range_bonus: int) -> float:
    offer = [p.effects_value(p.catalog.helper(h).effect) for h in p.state.helper_offer]
    return max(offer, default=0.0)


def _hire_goons(p: PlayerView, e: Effect, range_bonus: int) -> float:
    costs = p.catalog.operations_board.goon_costs
    if p.player.goons >= len(costs):
        return 0.0
    return max(0.0, GOON * p.future - p.paid(costs[p.player.goons]))


def _goon_free(p: PlayerView, e: Effect, range_bonus: int) -> float:
    room = len(p.catalog.operations_board.goon_costs) - p.player.goons
    return min(_n(e), max(room, 0)) * GOON * p.future


#: Flat values of the costly effect kinds when nested in another estimate.
_FLAT: dict[str, float] = {
    "build": 4.0,
    "restaurant": 3.0,
    "swap_capo": 2.0,
    "play_card": 3.0,
    "attack_ship": 2.0,
    "use_offer_helper": 2.0,
    "play_city_tokens": 2.0,
    "gain_helper": 4.0,
    "deliver": 2.0,
    "protect": 3.0,
}

_EFFECTS: dict[str, Callable[[PlayerView, Effect, int], float]] = {
    "none": lambda p, e, r: 0.0,
    "gain_cash": lambda p, e, r: float(_n(e)),
    "gain_leverage": lambda p, e, r: _n(e) * LEVERAGE * p.future,
    "gain_book": lambda p, e, r: _n(e) * p.book_value,
    "gain_mafioso": lambda p, e, r: _n(e) * p.mafioso_value,
    "hire_goons": _hire_goons,
    "hire_goon_free": _goon_free,
    "raise_level": lambda p, e, r: _n(e) * max(p.best_raise, 0.0),
    "draw_card": lambda p, e, r: _n(e) * CARD * p.future,
    "play_card": _play_card_effect,
    "gain_helper": _helper_effect,
    "use_offer_helper": _offer_helper_effect,
    "gain_city_token": lambda p, e, r: _n(e) * CITY_TOKEN * p.future,
    "play_city_tokens": lambda p, e, r: sum(
        sorted((p.token_play_value(t) for t in set(p.player.city_tokens)), reverse=True)[:2]
    ),
    "produce": lambda p, e, r: p.produce_value,
    "sell": lambda p, e, r: p.sell_value,
    "deliver": lambda p, e, r: p.deliver_value(r + _n_or(e, "range_bonus", 0)),
    "range_bonus": lambda p, e, r: 0.0,
    "protect": lambda p, e, r: p.protect_value,
    "build": lambda p, e, r: p.build_effect_value(e),
    "ally": lambda p, e, r: 1.5 * p.future,
    "attack_ship": lambda p, e, r: p.ship_value,
    "cook_books": lambda p, e, r: p.cook_value(_n(e)),
    "restaurant": lambda p, e, r: p.restaurant_value(),
    "swap_capo": lambda p, e, r: p.swap_value(),
    "any_docks_row": lambda p, e, r: 3.0 * p.future,
}
