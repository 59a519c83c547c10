"""The truck planner's exact search: a memoised branch and bound over each truck's stops.

:func:`best_plan` reads the position as a
:class:`~speakeasy.games.speakeasy.studies.planner.problem.DeliveryProblem` and searches it
(the method is described in :mod:`speakeasy.games.speakeasy.studies.planner`): R-TRUCK-4 (free
entry), R-TRUCK-5 (plans move one truck at a time: a plan shape, not a rule, see
:mod:`speakeasy.games.speakeasy.studies.planner`), R-TRUCK-6 (capacity; barrels never move between
trucks), R-TRUCK-9..13 (loading, buying, the ship sailing on, E17, E18, delivering), R-TRUCK-14
(stopping early). The best plan found is replayed into a
:class:`~speakeasy.games.speakeasy.studies.planner.plans.Plan`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from speakeasy.games.speakeasy.model.state import Colour
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.studies.planner.plans import (
    DeliveredBarrel,
    Plan,
    Purchase,
    TruckPlan,
)
from speakeasy.games.speakeasy.studies.planner.problem import DeliveryProblem, delivery_problem

__all__ = ["best_plan"]

# ---------------------------------------------------------------------- the exact search
_Shared = tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]
"""What the trucks share: distillery barrels, ship ports, barrels removed per ship, money,
supply barrels and the targets still without a barrel (a bit mask)."""
_Memo = dict[tuple[object, ...], tuple[int, bool, object]]
_NEG = -(1 << 200)


@dataclass(slots=True)
class _Recorder:
    """Collects one truck's stops while the best plan is replayed, then writes its steps."""

    truck: int
    start: int | None
    initial: int  # barrels on the truck before it moves
    load: int  # barrels on the truck now
    stops: list[tuple[int, list[str]]] = field(default_factory=list)  # (district, its steps)
    delivered: list[DeliveredBarrel] = field(default_factory=list)
    bought: list[Purchase] = field(default_factory=list)

    def done(self, route: Callable[[int, int], list[int]]) -> TruckPlan:
        """The truck's plan. Free loads the plan does not need are left at the distillery
        (barrels on a truck can never move to the other one, R-TRUCK-6), and stops where
        nothing is left to do are skipped (the route only gets shorter)."""
        self._trim_loads()
        on_map = self.start is not None
        stops = [s for i, s in enumerate(self.stops) if s[1] or (i == 0 and on_map)]
        steps: list[str] = []
        path: list[int] = []
        for district, actions in stops:
            if not path:
                if self.start is None:
                    steps.append(f"enter {district}")
                path.append(district)
            else:
                for step in route(path[-1], district)[1:]:
                    steps.append(f"move {step}")
                    path.append(step)
            steps.extend(actions)
        if not path and self.start is not None:
            path.append(self.start)  # the truck stays where it is
        loaded = sum(1 for _, actions in stops for a in actions if a == "load")
        return TruckPlan(
            truck=self.truck,
            start=self.start,
            steps=(*steps, "finish"),
            route=tuple(path),
            delivered=tuple(self.delivered),
            bought=tuple(self.bought),
            loaded=loaded,
            barrels_left=self.load,
        )

    def _trim_loads(self) -> None:
        """Drop the latest ``load`` steps whose barrel is never delivered, while every
        delivery still has a barrel on the truck."""
        while self.load > 0:
            flat = [
                (i, k) for i, (_, actions) in enumerate(self.stops) for k in range(len(actions))
            ]
            for i, k in reversed(flat):
                if self.stops[i][1][k] == "load" and self._valid_without(i, k):
                    del self.stops[i][1][k]
                    self.load -= 1
                    break
            else:
                return

    def _valid_without(self, skip_stop: int, skip_step: int) -> bool:
        held = self.initial
        for i, (_, actions) in enumerate(self.stops):
            for k, a in enumerate(actions):
                if (i, k) == (skip_stop, skip_step):
                    continue
                if a == "load" or a.startswith("buy "):
                    held += 1
                else:
                    held -= 1
                    if held < 0:
                        return False
        return True


class _Solver:
    """Memoised branch-and-bound search over stop sequences (see the module docstring).

    Scores are single integers, the objective weighted lexicographically:
    ``(delivered * V + value) * S - spent``, each weight larger than anything the lower parts
    can reach, so comparing integers compares ``(delivered, value, -spent)``.

    Every search function takes ``alpha``, the score its caller already has from elsewhere
    (fail-soft alpha-beta with a transposition table): a result above ``alpha`` is exact; a
    result at or below it is only an upper bound, and is memoised as such. A branch is cut when
    :meth:`bound`, an optimistic estimate, cannot beat ``alpha``.
    """

    def __init__(self, p: DeliveryProblem) -> None:
        self.p = p
        n_trucks = len(p.trucks)
        prices = [price for s in p.ships for price in s.prices]
        self.max_price = max(prices, default=0)
        max_pickups = len(p.targets) + p.capacity * n_trucks  # delivered or left on a truck
        self.tries = 3
        self.w_spent = 1
        self.max_spent = self.max_price * max_pickups
        self.w_value = self.max_spent + 1
        self.w_barrel = self.w_value * (sum(t.price for t in p.targets) + 1)
        # Targets per district, best first. Deliveries take the best remaining one, so the
        # remaining targets of a district are always a suffix of this list.
        self.bits: dict[int, list[int]] = {}
        for i, t in enumerate(p.targets):
            self.bits.setdefault(t.district, []).append(i)
        self.dmask = {d: sum(1 << i for i in bits) for d, bits in self.bits.items()}
        self.prefix = {
            d: [sum(1 << i for i in bits[:k]) for k in range(len(bits) + 1)]
            for d, bits in self.bits.items()
        }
        self.values = {
            d: [sum(p.targets[i].price for i in bits[:k]) for k in range(len(bits) + 1)]
            for d, bits in self.bits.items()
        }
        interesting = set(self.bits) | set(p.ring)
        if p.distillery is not None:
            interesting.add(p.distillery)
        self.interesting = tuple(sorted(interesting))
        # For the bound: targets within k moves of each district, targets best price first.
        size = len(p.dist)
        self.near: list[list[int]] = [[0] * (p.truck_range + 1) for _ in range(size)]
        for a in range(1, size):
            for k in range(p.truck_range + 1):
                self.near[a][k] = sum(
                    1 << i for i, t in enumerate(p.targets) if p.dist[a][t.district] <= k
                )
        self.all_targets = (1 << len(p.targets)) - 1
        self.reach_start = [
            self.all_targets if pos is None else self.near[pos][p.truck_range]
            for pos, _ in p.trucks
        ]
        self.ring_mask = sum(1 << d for d in p.ring)
        self.truck_bounds: dict[tuple[int, int, int, int], int] = {}
        self.facts: dict[_Shared, tuple[tuple[int, ...], int, int, tuple[int, ...], int]] = {}
        # Districts holding the targets of a mask; useful districts by distance from each.
        self.target_districts: dict[int, int] = {}
        self.by_distance = {
            a: sorted((p.dist[a][d], d) for d in self.interesting if d != a)
            for a in range(1, len(p.dist))
        }
        self.top_values: dict[tuple[int, int], int] = {}
        # Which truck to try first: the one that reaches the most targets (a truck off the map
        # reaches them all). Only the search order depends on it, never the result.
        self.first_key = lambda i: (p.trucks[i][0] is not None, -self.reach_start[i].bit_count(), i)
        self.memo_turn: _Memo = {}
        self.memo_start: _Memo = {}
        self.memo_stop: _Memo = {}
        self.memo_depart: _Memo = {}

    # -------------------------------------------------------------- helpers
    def _norm(self, trucks_left: int, shared: _Shared) -> _Shared:
        """Cap distillery barrels, money and supply at what could still be used (exact)."""
        dbar, ports, removed, money, supply, mask = shared
        usable = mask.bit_count() + self.p.capacity * trucks_left
        cap_money = self.max_price * usable
        if dbar > usable or money > cap_money or supply > usable:
            return (
                min(dbar, usable),
                ports,
                removed,
                min(money, cap_money),
                min(supply, usable),
                mask,
            )
        return shared

    def _sail(self, ports: tuple[int, ...], j: int) -> tuple[int, ...]:
        """Ship ``j`` sails clockwise to the next port without a ship (R-TRUCK-12)."""
        ring = self.p.ring
        occupied = ports[:j] + ports[j + 1 :]
        start = ring.index(ports[j])
        for step in range(1, len(ring)):
            port = ring[(start + step) % len(ring)]
            if port not in occupied:
                return (*ports[:j], port, *ports[j + 1 :])
        raise ValueError("every other port holds a ship; there is no free port")

    def _after_buys(
        self, ports: tuple[int, ...], removed: tuple[int, ...], j: int, buys: int
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Ports and removed barrels once the buying stop at ship ``j``'s port ends."""
        if not buys:
            return ports, removed
        r = removed[j]
        new_r = max(r, min(r + buys, self.p.ships[j].spaces))  # an empty ship stays empty
        return self._sail(ports, j), (*removed[:j], new_r, *removed[j + 1 :])

    def _can_buy(self, j: int, removed: tuple[int, ...], money: int, supply: int) -> bool:
        ship = self.p.ships[j]
        r = removed[j]
        return ship.price(r) <= money and (r < ship.spaces or supply > 0)

    def _useful(self, load: int, shared: _Shared) -> int:
        """The districts (a mask) where a truck with ``load`` barrels can do something."""
        useful = 0
        if load > 0:
            mask = shared[5]
            useful = self.target_districts.get(mask, -1)
            if useful < 0:
                useful = sum(1 << d for d, dmask in self.dmask.items() if mask & dmask)
                self.target_districts[mask] = useful
        if load < self.p.capacity:
            useful |= self._shared_facts(shared)[4]
        return useful

    def _truck_bound(self, load: int, reach: int, stops: int, sources: int) -> int:
        """Most deliveries of one truck: targets in ``reach`` (a mask), ``stops`` stops left,
        pick-ups possible in the districts of ``sources`` (a mask of districts).

        A truck leaves a pick-up stop with at most ``capacity`` barrels (R-TRUCK-6), so the
        deliveries away from pick-up districts are at most ``load + capacity * k`` with ``k``
        pick-up stops, and need one stop per target district among the other ``stops - k``;
        a stop in a pick-up district can serve all its targets.
        """
        key = (load, reach, stops, sources)
        hit = self.truck_bounds.get(key)
        if hit is not None:
            return hit
        if not sources:
            result = min(load, reach.bit_count())
        else:
            at_sources = 0
            counts: list[int] = []
            for d, dmask in self.dmask.items():
                n = (reach & dmask).bit_count()
                if n:
                    if sources >> d & 1:
                        at_sources += n
                    else:
                        counts.append(n)
            counts.sort(reverse=True)
            best = 0
            cap = self.p.capacity
            for k in range(stops + 1):
                served = sum(counts[: stops - k])
                best = max(best, min(load + cap * k, served))
                if load + cap * k >= served:
                    break
            result = best + at_sources
        self.truck_bounds[key] = result
        return result

    def _shared_facts(
        self, shared: _Shared
    ) -> tuple[tuple[int, ...], int, int, tuple[int, ...], int]:
        """For a shared state: the costs of the cheapest ship barrels the money can buy
        (running totals from 0), pick-up districts for later trucks, free barrels at the
        distillery, ports with a ship the player can buy from, districts where a truck can
        pick up now."""
        hit = self.facts.get(shared)
        if hit is not None:
            return hit
        p = self.p
        dbar, ports, removed, money, supply, _ = shared
        offers = [
            price
            for s, r in zip(p.ships, removed, strict=True)
            for price in s.prices[min(r, s.spaces) :]
        ]
        if p.ships and supply:  # empty ships sell supply barrels at their leftmost price
            offers += [min(s.prices[-1] for s in p.ships)] * supply
        offers.sort()
        costs = [0]
        for price in offers:
            if costs[-1] + price > money:
                break
            costs.append(costs[-1] + price)
        buyable = tuple(
            port for j, port in enumerate(ports) if self._can_buy(j, removed, money, supply)
        )
        # Once a truck buys, the ship may sail to any port: later trucks may meet it anywhere.
        later = self.ring_mask if buyable else 0
        now = sum(1 << port for port in buyable)
        if dbar > 0 and p.distillery is not None:
            later |= 1 << p.distillery
            now |= 1 << p.distillery
        facts = (tuple(costs), later, dbar, buyable, now)
        self.facts[shared] = facts
        return facts

    def bound(
        self,
        rest: tuple[int, ...],
        pos: int,
        load: int,
        points: int,
        shared: _Shared,
        here: bool = True,
    ) -> int:
        """An upper bound of the score still to come (for cutting branches).

        Deliveries: for the moving truck and each truck still to move, the targets within its
        reach, limited by what it can carry between pick-up stops with the stops it has left
        (:meth:`_truck_bound`); in all, no more than the barrels that exist (on trucks, at the
        distillery, or affordable on the ships). Value: the best-paying targets. Spending: the
        barrels beyond the free ones, at the cheapest prices on offer.
        """
        p = self.p
        mask = shared[5]
        costs, later, dbar, buyable, _ = self._shared_facts(shared)
        # The moving truck picks up at the distillery or a ship's port within reach; once it
        # has bought, the ship may sail to any port, so every port counts then.
        if pos > 0:
            row = p.dist[pos]
            near = 0
            if dbar > 0 and p.distillery is not None and row[p.distillery] <= points:
                near = 1 << p.distillery
            for port in buyable:
                if row[port] <= points:
                    near |= self.ring_mask
                    break
            union = mask & self.near[pos][points]
            # Stops left: one per movement point, plus the current one if it can still be
            # used (``here``): the truck has not left it and can pick up or deliver there.
            stops = points
            if here and (near >> pos & 1 or union & self.dmask.get(pos, 0)):
                stops += 1
            most = self._truck_bound(load, union, stops, near)
        else:  # no truck is moving yet
            union = most = 0
        free = load + dbar
        for j in rest:
            reach = mask & self.reach_start[j]
            union |= reach
            start_load = p.trucks[j][1]
            most += self._truck_bound(start_load, reach, p.truck_range + 1, later)
            free += start_load
        count = min(most, union.bit_count(), free + len(costs) - 1)
        if count <= 0:
            return 0
        value = self.top_values.get((union, count))
        if value is None:
            value = sum(sorted(self.p.targets[i].price for i in self._bits(union))[-count:])
            self.top_values[(union, count)] = value
        spent = costs[count - free] if count > free else 0
        return count * self.w_barrel + value * self.w_value - spent * self.w_spent

    @staticmethod
    def _bits(mask: int) -> list[int]:
        out = []
        i = 0
        while mask:
            if mask & 1:
                out.append(i)
            mask >>= 1
            i += 1
        return out

    def _options(
        self, pos: int, load: int, shared: _Shared, first: bool
    ) -> list[tuple[int, int, int, int, int, int, int]]:
        """Every ``(loads, buys, deliveries, value, cost, supply barrels, new mask)`` at a stop.

        Any such combination can be ordered within the capacity: deliver what the truck
        carries, then alternate a pick-up and a delivery, then the remaining pick-ups.
        """
        dbar, ports, removed, money, supply, mask = shared
        cap = self.p.capacity
        bits = self.bits.get(pos)
        if bits is not None:
            n_here = (mask & self.dmask[pos]).bit_count()
            offset = len(bits) - n_here
            values, prefix = self.values[pos], self.prefix[pos]
        else:
            n_here = offset = 0
            values = prefix = [0]
        room = cap - load + n_here  # the most pick-ups that can fit at this stop
        max_loads = min(dbar, room) if pos == self.p.distillery else 0
        j = ports.index(pos) if pos in ports else -1
        out: list[tuple[int, int, int, int, int, int, int]] = []
        for loads in range(max_loads + 1):
            cost = empty_buys = buys = 0
            while True:
                held = load + loads + buys
                for t in range(max(0, held - cap), min(n_here, held) + 1):
                    if first or loads or buys or t:
                        gain = values[offset + t] - values[offset]
                        out.append(
                            (loads, buys, t, gain, cost, empty_buys, mask & ~prefix[offset + t])
                        )
                if j < 0 or loads + buys >= room:
                    break
                ship = self.p.ships[j]
                r = removed[j]
                now = r if r >= ship.spaces else min(r + buys, ship.spaces)
                empty = now >= ship.spaces  # an empty ship sells a supply barrel
                price = ship.price(now)
                if cost + price > money or (empty and empty_buys >= supply):
                    break
                cost += price
                empty_buys += empty
                buys += 1
        return out

    # -------------------------------------------------------------- the recursion
    def turn(self, rest: tuple[int, ...], shared: _Shared, alpha: int) -> int:
        """Best score when the trucks in ``rest`` have still to move, one at a time."""
        if not rest or not shared[5]:
            return 0
        shared = self._norm(len(rest), shared)
        key = (rest, *shared)
        hit = self.memo_turn.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        top = self.bound(rest, 0, 0, 0, shared)
        if top <= alpha:
            self.memo_turn[key] = (top, False, None)
            return top
        best, choice = 0, None  # no truck moves
        for i in sorted(rest, key=self.first_key):
            others = tuple(x for x in rest if x != i)
            value = self.start(i, others, shared, max(alpha, best))
            if value > best:
                best, choice = value, i
        self.memo_turn[key] = (best, best > alpha, choice)
        return best

    def start(self, i: int, rest: tuple[int, ...], shared: _Shared, alpha: int) -> int:
        """Truck ``i`` starts where it stands, or enters anywhere if off the map (R-TRUCK-4)."""
        pos, load = self.p.trucks[i]
        reach = self.p.truck_range
        if pos is not None:
            return self.stop(i, rest, pos, load, reach, shared, alpha)
        key = (i, rest, *shared)
        hit = self.memo_start.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        top = self.bound((i, *rest), 0, 0, 0, shared)
        if top <= alpha:
            self.memo_start[key] = (top, False, None)
            return top
        best, choice = self.turn(rest, shared, alpha), None  # it stays off the map
        useful = self._useful(load, shared)
        for d in self.interesting:
            if useful >> d & 1:
                value = self.stop(i, rest, d, load, reach, shared, max(alpha, best))
                if value > best:
                    best, choice = value, d
        self.memo_start[key] = (best, best > alpha, choice)
        return best

    def stop(
        self,
        i: int,
        rest: tuple[int, ...],
        pos: int,
        load: int,
        points: int,
        shared: _Shared,
        alpha: int,
    ) -> int:
        """Best score from arriving in ``pos`` (or starting there with all points)."""
        shared = self._norm(len(rest) + 1, shared)
        key = (i, rest, pos, load, points, *shared)
        hit = self.memo_stop.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        top = self.bound(rest, pos, load, points, shared)
        if top <= alpha:
            self.memo_stop[key] = (top, False, None)
            return top
        dbar, ports, removed, money, supply, _ = shared
        first = points == self.p.truck_range
        best = _NEG
        choice: tuple[int, int, int] | None = None
        w_barrel, w_value, w_spent = self.w_barrel, self.w_value, self.w_spent
        j = ports.index(pos) if pos in ports else -1
        options = self._options(pos, load, shared, first)
        options.sort(key=lambda o: (-o[2], -(o[0] + o[1])))
        for loads, buys, t, gain, cost, empty_buys, new_mask in options:
            new_ports, new_removed = self._after_buys(ports, removed, j, buys)
            now = t * w_barrel + gain * w_value - cost * w_spent
            after = (
                dbar - loads,
                new_ports,
                new_removed,
                money - cost,
                supply - empty_buys,
                new_mask,
            )
            score = now + self.depart(
                i, rest, pos, load + loads + buys - t, points, after, max(alpha, best) - now
            )
            if score > best:
                best, choice = score, (loads, buys, t)
                if best >= top:
                    break
        if choice is None and best == _NEG:  # nothing to do here after all
            best = self.depart(i, rest, pos, load, points, shared, alpha)
        self.memo_stop[key] = (best, best > alpha, choice)
        return best

    def depart(
        self,
        i: int,
        rest: tuple[int, ...],
        pos: int,
        load: int,
        points: int,
        shared: _Shared,
        alpha: int,
    ) -> int:
        """Best score after the stop in ``pos``: finish (R-TRUCK-14) or drive to another stop."""
        if not shared[5]:
            return 0  # no target left: nothing more to gain
        shared = self._norm(len(rest) + 1, shared)
        key = (i, rest, pos, load, points, *shared)
        hit = self.memo_depart.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        top = self.bound(rest, pos, load, points, shared, here=False)
        if top <= alpha:
            self.memo_depart[key] = (top, False, None)
            return top
        best, choice = self.turn(rest, shared, alpha), None
        if points > 0 and best < top:
            useful = self._useful(load, shared)
            for need, d in self.by_distance[pos]:  # nearest first
                if need > points:
                    break
                if not useful >> d & 1:
                    continue
                value = self.stop(i, rest, d, load, points - need, shared, max(alpha, best))
                if value > best:
                    best, choice = value, d
                    if best >= top:
                        break
        self.memo_depart[key] = (best, best > alpha, choice)
        return best

    # -------------------------------------------------------------- the plan
    def solve(self) -> Plan:
        p = self.p
        shared: _Shared = (
            p.distillery_barrels,
            p.ports,
            p.removed,
            p.money,
            p.supply,
            self.all_targets,
        )
        rest = tuple(range(len(p.trucks)))
        # Aspiration from above (MTD(f) with upper bounds): look only for plans at least as
        # good as the best still thinkable, ``hi``. A search above ``alpha`` is exact, so the
        # first one that succeeds has found the best plan. A failed one returns a lower upper
        # bound, and leaves its cut-offs in the memo. The possible (barrels, value) outcomes
        # are the big steps; money spent is found within the step.
        hi = self.bound(rest, 0, 0, 0, shared)
        for count, value in self._outcomes(hi):
            base = count * self.w_barrel + value * self.w_value
            floor = base - self.w_value if count else _NEG  # "this outcome or better"
            if base - self.max_spent > hi:
                continue  # every plan with this outcome scores above the upper bound
            alpha = max(min(hi, base) - 1, floor)
            for attempt in range(self.tries):
                if attempt == self.tries - 1:
                    alpha = floor  # the whole outcome at once
                found = self.turn(rest, shared, alpha)
                if found > alpha:
                    break
                hi = found
                if alpha == floor:
                    break
                alpha = max(found - 1, floor)
            if found > alpha:
                break
        moved: list[TruckPlan] = []
        while rest and shared[5]:
            shared = self._norm(len(rest), shared)
            choice = self._choice(self.memo_turn, (rest, *shared))
            if choice is None:
                break
            assert isinstance(choice, int)
            rest = tuple(x for x in rest if x != choice)
            plan, shared = self._replay_truck(choice, rest, shared)
            moved.append(plan)
        for i in rest:
            pos, load = p.trucks[i]
            moved.append(_Recorder(i, pos, load, load).done(p.route))
        order = [t for t in moved if t.used] + [t for t in moved if not t.used]
        return Plan(p.colour, p.truck_range, len(p.trucks), tuple(order))

    def _outcomes(self, top: int) -> list[tuple[int, int]]:
        """Every (barrels, sale value) a plan could reach, best first, up to the bound."""
        sums: list[set[int]] = [{0}]
        for t in self.p.targets:
            sums.append(set())
            for size in range(len(sums) - 1, 0, -1):
                sums[size] |= {s + t.price for s in sums[size - 1]}
        out = [
            (size, value)
            for size, values in enumerate(sums)
            for value in values
            if size * self.w_barrel + value * self.w_value - self.w_value < top
        ]
        out.sort(reverse=True)
        return [*out, (0, 0)] if (0, 0) not in out else out

    @staticmethod
    def _choice(memo: _Memo, key: tuple[object, ...]) -> object:
        _, exact, choice = memo[key]
        assert exact, "the best plan's steps are always solved exactly"
        return choice

    def _replay_truck(
        self, i: int, rest: tuple[int, ...], shared: _Shared
    ) -> tuple[TruckPlan, _Shared]:
        """Follow the memoised choices for truck ``i``; return its plan and the shared state."""
        p = self.p
        pos, load = p.trucks[i]
        rec = _Recorder(i, pos, load, load)
        points = p.truck_range
        if pos is None:
            entry = self._choice(self.memo_start, (i, rest, *shared))
            if entry is None:
                return rec.done(p.route), shared
            assert isinstance(entry, int)
            pos = entry
        while True:
            rec.stops.append((pos, []))
            shared = self._norm(len(rest) + 1, shared)
            choice = self._choice(self.memo_stop, (i, rest, pos, rec.load, points, *shared))
            if choice is not None:
                assert isinstance(choice, tuple)
                shared = self._replay_stop(rec, pos, choice, shared)
            if not shared[5]:
                return rec.done(p.route), shared
            shared = self._norm(len(rest) + 1, shared)
            target = self._choice(self.memo_depart, (i, rest, pos, rec.load, points, *shared))
            if target is None:
                return rec.done(p.route), shared
            assert isinstance(target, int)
            points -= p.dist[pos][target]
            pos = target

    def _replay_stop(
        self, rec: _Recorder, pos: int, choice: tuple[int, int, int], shared: _Shared
    ) -> _Shared:
        """Write the steps of one stop in an order the engine accepts (capacity 2)."""
        p = self.p
        loads, buys, t = choice
        steps = rec.stops[-1][1]
        dbar, ports, removed, money, supply, mask = shared
        here = [b for b in self.bits.get(pos, []) if mask >> b & 1][:t]
        new_mask = mask & ~sum(1 << b for b in here)
        j = ports.index(pos) if pos in ports else -1
        pickups = ["load"] * loads + ["buy"] * buys
        bought: list[int] = []

        def deliver() -> None:
            target = p.targets[here.pop(0)]
            steps.append(f"deliver {target.district} {target.space}")
            rec.delivered.append(
                DeliveredBarrel(target.district, target.space, target.building, target.price)
            )
            rec.load -= 1

        def pick_up() -> None:
            if pickups.pop(0) == "load":
                steps.append("load")
            else:
                ship = p.ships[j]
                r = removed[j]
                now = r if r >= ship.spaces else min(r + len(bought), ship.spaces)
                bought.append(ship.price(now))
                steps.append(f"buy {ship.id}")
                rec.bought.append(Purchase(ship.id, pos, bought[-1], ship.name))
            rec.load += 1

        while here and rec.load > 0:
            deliver()
        while here:
            pick_up()
            deliver()
        while pickups:
            pick_up()
        ship_barrels = 0
        if j >= 0:
            spaces = p.ships[j].spaces
            ship_barrels = sum(1 for n in range(buys) if min(removed[j] + n, spaces) < spaces)
        new_ports, new_removed = self._after_buys(ports, removed, j, buys)
        return (
            dbar - loads,
            new_ports,
            new_removed,
            money - sum(bought),
            supply - (buys - ship_barrels),
            new_mask,
        )


def best_plan(ctx: Ctx, colour: Colour, truck_range: int | None = None) -> Plan:
    """The best plan for all of ``colour``'s available trucks this action (exact).

    Objective: the most barrels delivered, then the highest total sale value of the delivered
    barrels at the player's current prices (R-NOTOR-2), then the least money spent; ties go to
    fewer movement points, then fewer pick-ups, then a fixed order. Plans move one truck after
    the other (each finishing before the next moves: every play with
    ``Options.finish_one_truck_first``; by default the rules also allow interleaved plays,
    R-TRUCK-5, which are not searched). Within that shape everything the engine allows is
    considered (R-TRUCK-1..14, R-CLOSED-2, R-MONEY-6, E17, E18): either truck
    first, the free entry of a truck off the map (R-TRUCK-4), loading from the
    operating distillery (R-TRUCK-10), buying from ships at rising prices with the money
    :func:`speakeasy.games.speakeasy.rules.money.spendable` allows (R-TRUCK-11), ships sailing on
    after each buying stop and possibly being met again (R-TRUCK-12, E18), capacity 2 (R-TRUCK-6),
    and stopping early (R-TRUCK-14). Barrels left on a truck count for nothing.

    ``truck_range`` ``None`` means the range of a plain fleet-card action
    (:func:`speakeasy.games.speakeasy.rules.delivery.delivery_range`); the number of trucks always
    comes from the fleet level (R-TRUCK-3). The game is not changed. :meth:`Plan.actions` gives the
    engine actions that carry the plan out.
    """
    return _Solver(delivery_problem(ctx, colour, truck_range)).solve()
