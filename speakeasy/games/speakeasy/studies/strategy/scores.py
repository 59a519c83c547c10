"""The heuristic's score of each option of a decision, by decision kind (:data:`SCORERS`).

Each scorer turns an option into dollars with the estimates of
:class:`~speakeasy.games.speakeasy.studies.strategy.view.PlayerView`; :func:`score_options` scores
every option of a decision from the deciding seat's observation only (R-MONEY-1, R-HELPER-3,
R-CARD-6, R-CITY-3).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.engine.observe import Observation
from speakeasy.games.speakeasy.model.state import BuildingType, Track
from speakeasy.games.speakeasy.rules.barrels import sale_price
from speakeasy.games.speakeasy.rules.buildings import build_options
from speakeasy.games.speakeasy.rules.ships import crate_cash, ship_area, ship_attack_options
from speakeasy.games.speakeasy.studies.strategy.view import (
    CITY_TOKEN,
    GOON,
    LEVERAGE,
    MAFIOSO,
    PlayerView,
)

__all__ = ["SCORERS", "Scorer", "score_options"]

_DISTRICT = re.compile(r"district (\d+)")


# ---------------------------------------------------------------------- option scores
Scorer = Callable[[PlayerView, Decision, Action], float]


def _skip_or(value: Callable[[PlayerView, Decision, Action], float]) -> Scorer:
    """Options ``skip``/``done`` score 0; the others by ``value``."""

    def score(p: PlayerView, d: Decision, a: Action) -> float:
        if a.kind in ("skip", "done"):
            return 0.0
        return value(p, d, a)

    return score


def _capo(p: PlayerView, d: Decision, a: Action) -> float:
    location, index = str(a.args[0]), int(a.args[1])
    if location == "restaurant":
        return p.restaurant_value()
    if location == "central_park":
        return p.swap_value()
    return p.person_value(location, index)


def _swap(p: PlayerView, d: Decision, a: Action) -> float:
    location = str(a.args[0])
    if location == "restaurant":
        return p.restaurant_value()
    return p.person_value(location, int(a.args[1]))


def _build(p: PlayerView, d: Decision, a: Action) -> float:
    mode, piece = str(a.args[0]), str(a.args[1])
    choices, _ = build_options(
        p.ctx, p.colour, buildings=(p._piece_kind(piece),), modes=(mode,), ignore_defence=False
    )
    money, discards = 0, 0
    for choice in choices:
        if choice.piece == piece and choice.mode == mode:
            money, discards = choice.money, choice.discards
    value, target = p.best_target(mode, piece)
    if target is None:  # e.g. a helper's "ignore defence" takeover (R-HELPERCARD-13)
        value = 5.0
    value -= p.paid(money) + discards * p.worst_hand_card
    if d.kind == "build" and not any(o.kind == "done" for o in d.options):
        value += 100.0  # compulsory (prologue, R-PROLOGUE-4): the least bad one
    return value


def _build_space(p: PlayerView, d: Decision, a: Action) -> float:
    district, space = int(a.args[0]), int(a.args[1])
    # the decision names what is being built (the build just chosen, R-BUILD-1/5)
    mode, piece = str(d.fact("mode", "open")), str(d.fact("piece", "bar-left-1"))
    value = p.build_value(mode, piece, district, space)
    if mode == "takeover":
        value -= p.takeover_cost(district)
    return value


def _boost(p: PlayerView, d: Decision, a: Action) -> float:
    goons, how = int(a.args[0]), str(a.args[1])
    cost = 0.0
    if how == "paid":
        found = re.search(r"partner for \$(\d+)", a.label)
        cost = p.paid(float(found.group(1)) if found else 6.0)
    cost += goons * GOON * p.future
    if d.kind == "gang_war_defence":
        match = _DISTRICT.search(d.prompt)
        holds = a.label.endswith("holds")
        if not holds:
            return -cost if (goons or how != "none") else 0.0
        if match is None:
            return 10.0 - cost
        district = int(match.group(1))
        building = next(
            (
                b
                for b in (s.building for s in p.state.districts[district].spaces)
                if b is not None and b.owner is p.colour
            ),
            None,
        )
        kind = building.type if building is not None else BuildingType.BAR
        protected = building.protected if building is not None else False
        final = p.catalog.scoring.building_values[kind.value]
        keep = final * (1.0 if protected else p.protect_chance) + p.luciano_left * p.area_value(
            district
        )
        return keep + 2.0 - cost
    return -cost  # takeover: every option wins; pay the least


def _raise(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "skip":
        return 0.0
    track = Track(str(a.args[0]))
    value = p.raise_value(track)
    if a.kind == "more":  # discard a card for +1 more (R-LEVEL-6)
        value -= p.worst_hand_card
    return value


def _draw(p: PlayerView, d: Decision, a: Action) -> float:
    deck = p.state.operation_decks.get(Track(str(a.args[0])), [])
    return p.hand_card_value(deck[0]) if deck else 0.0


def _play(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "skip":
        return 0.0
    card = str(a.args[0])
    if d.kind == "prologue_card":
        return p.card_value(card, action=False) - p.hand_card_value(card) * 0.3
    return p.card_value(card) - p.hand_card_value(card) * 0.5


def _discard(p: PlayerView, d: Decision, a: Action) -> float:
    return -p.hand_card_value(str(a.args[0]))


def _mafioso(p: PlayerView, d: Decision, a: Action) -> float:
    where = str(a.args[0])
    if where == "vip":
        unprotected = sum(1 for _, _, b in p.state.buildings(p.colour) if not b.protected)
        return (MAFIOSO + (3.0 if unprotected > p.player.vip else 0.0)) * p.future
    return p.docks_space_value(str(a.args[1]), int(a.args[2]))


def _helper(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "skip":
        return 0.0
    helper = str(a.args[0])
    if d.kind == "use_offer_helper":
        return p.effects_value(p.catalog.helper(helper).effect)
    return p.helper_value(helper)


def _use_helper(p: PlayerView, d: Decision, a: Action) -> float:
    """Using a helper keeps its bottle (R-HELPER-3); use it when its effect is worth it now."""
    if a.kind == "skip":
        return 1.5 * p.future
    return p.effects_value(p.catalog.helper(str(a.args[0])).effect)


def _city_token(p: PlayerView, d: Decision, a: Action) -> float:
    column, index = str(a.args[0]), int(a.args[1])
    offer = p.state.city_offer
    token: str | None = None
    if column == "right" and index < len(offer.right):
        token = offer.right[index]
    elif column == "middle" and index < len(offer.middle) and offer.middle[index]:
        token = offer.middle[index][-1]
    elif column == "left" and index < len(offer.left) and offer.left[index]:
        token = offer.left[index][0]
    return p.token_play_value(token) if token else 0.0


def _play_token(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    return p.token_play_value(str(a.args[0]))


def _return_token(p: PlayerView, d: Decision, a: Action) -> float:
    return -p.token_play_value(str(a.args[0]))


def _compensation(p: PlayerView, d: Decision, a: Action) -> float:
    what = str(a.args[0])
    if what == "none":  # declining (R-LOC-CENTRALPARK-4) gains nothing
        return 0.0
    if what == "book":
        return p.book_value
    if what == "leverage":
        return LEVERAGE * p.future
    return CITY_TOKEN * p.future


def _cook(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    goal = p.catalog.goal(str(a.args[0]))
    return goal.payout + 0.5 * p.effects_value(goal.reward)


def _protect(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    district, space = int(a.args[0]), int(a.args[1])
    building = p.state.districts[district].spaces[space].building
    if building is None:
        return 0.0
    found = re.search(r"discarding (\d+) leverage token", a.label)
    tokens = int(found.group(1)) if found else 0
    return p.protect_gain(district, building) - tokens * LEVERAGE * p.future


def _hire_goon(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    cost = int(a.args[0])
    war_soon = any(
        p.state.districts[dd].war_token and not p.state.districts[dd].had_gangster
        for dd, _, _ in p.state.buildings(p.colour)
    )
    return (GOON + (2.0 if war_soon else 0.0)) * p.future - p.paid(cost)


def _restaurant_action(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    what = str(a.args[0])
    if what == "books":
        return p.cook_value(3)
    if what == "play":
        return p.best_card("any")
    tokens = sorted((p.token_play_value(t) for t in set(p.player.city_tokens)), reverse=True)
    return sum(tokens[:2])


def _restaurant_space(p: PlayerView, d: Decision, a: Action) -> float:
    found = re.search(r"costs (\d+) per mafioso; discard (\d+)", a.label)
    if found is None:
        return 0.0
    cost, discards = int(found.group(1)), int(found.group(2))
    protecting = p.player.vip > 0 and any(
        not b.protected for _, _, b in p.state.buildings(p.colour)
    )
    return -discards * p.worst_hand_card - (cost * 1.5 if protecting else cost * 0.2)


def _ally(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "skip":
        return 0.0
    tile = p.catalog.gangster(str(a.args[0]))
    value = 0.3 * tile.strength * p.future - 0.1 * tile.help_cost
    ability = p.catalog.ability(tile)
    if ability is not None:
        value += p.effects_value(ability.immediate) + 1.5 * len(ability.lasting) * p.future
    if p.player.partner is not None:
        value -= 2.0 * p.future
    return value


def _attack_ship(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "skip":
        return 0.0
    ship = next((s for s in p.state.ships if s.ship == str(a.args[0])), None)
    if ship is None:
        return 0.0
    plans = ship_attack_options(p.ctx, p.colour, ship)
    if not plans:
        return 0.0
    plan = plans[0]
    cash = crate_cash(p.ctx, p.colour, ship.crate, ship_area(p.ctx, ship)) if ship.crate else 0
    return cash + 4.0 * p.future + 2.0 - p.paid(plan.cost) - plan.goons * GOON * p.future


def _ship_hire(p: PlayerView, d: Decision, a: Action) -> float:
    goons = int(a.args[0])
    return -(len(a.args) - 1) - goons * GOON * p.future


def _docks_move(p: PlayerView, d: Decision, a: Action) -> float:
    return 0.0 if a.kind == "done" else -0.5


def _sell(p: PlayerView, d: Decision, a: Action) -> float:
    if a.kind == "done":
        return 0.0
    district, space = int(a.args[0]), int(a.args[1])
    building = p.state.districts[district].spaces[space].building
    return float(sale_price(p.ctx, p.colour, building)) if building else 0.0


def _first(p: PlayerView, d: Decision, a: Action) -> float:
    return 0.0


def _truck_fallback(p: PlayerView, d: Decision, a: Action) -> float:
    """Without a plan: deliver, load, then stop (R-TRUCK-9/13/14)."""
    return {"deliver": 3.0, "load": 2.0, "finish": 1.0, "done": 1.0}.get(a.kind, 0.0)


SCORERS: dict[str, Scorer] = {
    "capo": _capo,
    "swap": _swap,
    "build": _skip_or(_build),
    "build_space": _build_space,
    "takeover_boost": _boost,
    "gang_war_defence": _boost,
    "raise": _raise,
    "raise_more": _raise,
    "turn_draw": _draw,
    "draw": _draw,
    "play_card": _play,
    "prologue_card": _play,
    "discard": _discard,
    "mafioso": _mafioso,
    "gain_helper": _helper,
    "use_offer_helper": _helper,
    "use_helper": _use_helper,
    "city_token": _city_token,
    "play_city_token": _play_token,
    "city_limit": _return_token,
    "city_middle": _first,
    "compensation": _compensation,
    "cook_book": _cook,
    "protect": _protect,
    "hire_goon": _hire_goon,
    "restaurant_action": _restaurant_action,
    "restaurant_space": _restaurant_space,
    "ally": _ally,
    "attack_ship": _attack_ship,
    "ship_hire": _ship_hire,
    "docks_move": _docks_move,
    "sell": _sell,
    "truck": _truck_fallback,
    "truck_choose": _truck_fallback,
}


def score_options(seen: Observation, decision: Decision) -> list[tuple[Action, float]]:
    """Every option of ``decision`` with the heuristic's score (higher is better), from the
    deciding seat's observation ``seen`` only.

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=7)
    >>> scored = score_options(game.observe(game.current_player), game.pending)
    >>> len(scored) == len(game.legal_actions())
    True
    """
    if seen.seat is None or seen.seat != decision.player:
        raise ValueError("score a decision from its own seat's observation")
    position = PlayerView(seen)
    scorer = SCORERS.get(decision.kind, _first)
    return [(a, scorer(position, decision, a)) for a in decision.options]
