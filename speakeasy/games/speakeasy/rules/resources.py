"""Gaining things: cash, leverage, books, goons, mafiosi, helper cards and city tokens.

R-MONEY-3, R-LEV-1, R-BOOKS-1, R-GOON-1..4, R-MAFIOSO-1..6, R-HELPER-1..5, R-CITY-1..7.
Gains that can never hurt (cash, leverage, books, free goons) are taken at once; every gain
that involves a choice offers it, with "skip" where declining is allowed (R-LOC-GEN-5).
Exhausted supplies give nothing (R-COMP-11, GAP-22).
"""

from __future__ import annotations

from functools import partial

from speakeasy.core.actions import Action
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import Colour, Player, Track
from speakeasy.games.speakeasy.rules.cards import SKIP
from speakeasy.games.speakeasy.rules.combat import bonus
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effects
from speakeasy.games.speakeasy.rules.money import pay, spendable
from speakeasy.games.speakeasy.rules.wording import count, helper_name, player_name, token_name

__all__ = [
    "DONE",
    "add_goons",
    "available_city_tokens",
    "city_token_limit",
    "docks_reward",
    "docks_row",
    "end_of_turn_tokens",
    "gain_book",
    "gain_cash",
    "gain_city_token",
    "gain_helper",
    "gain_leverage",
    "gain_mafioso",
    "goon_spaces",
    "helper_label",
    "hire_goon_free",
    "hire_goons",
    "move_docks_mafiosi",
    "no_effect",
    "place_mafioso",
    "take_city_token",
    "use_helper_at_turn_start",
    "use_offer_helper",
    "vip_capacity",
]

DONE = Action("done", label="Done")


def _nothing() -> Flow[None]:
    return
    yield


# ---------------------------------------------------------------------- simple gains
@handles("none")
def no_effect(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    return _nothing()


@handles("gain_cash")
def gain_cash(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Cash into the pocket (R-MONEY-3, R-HELPERCARD-19)."""
    n = effect.integer("n")
    ctx.player(colour).pocket += n
    ctx.emit(
        EventKind.CASH,
        colour,
        ("R-MONEY-3",),
        f"{player_name(colour)} gains ${n} in the pocket.",
        amount=n,
        source=str(source),
    )
    return _nothing()


@handles("gain_leverage")
def gain_leverage(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Leverage tokens from the supply (R-LEV-1)."""
    n = min(effect.integer("n"), ctx.state.supply_leverage)
    ctx.state.supply_leverage -= n
    ctx.player(colour).leverage_tokens += n
    ctx.emit(
        EventKind.LEVERAGE,
        colour,
        ("R-LEV-1",),
        f"{player_name(colour)} takes {count(n, 'leverage token')} from the supply.",
        n=n,
    )
    return _nothing()


@handles("gain_book")
def gain_book(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Books from the personal supply to the book space (R-BOOKS-1)."""
    player = ctx.player(colour)
    n = min(effect.integer("n"), player.books_supply)
    player.books_supply -= n
    player.books += n
    ctx.emit(
        EventKind.BOOK,
        colour,
        ("R-BOOKS-1",),
        f"{player_name(colour)} moves {count(n, 'book')} from the supply onto the operations "
        "board.",
        n=n,
    )
    return _nothing()


# ---------------------------------------------------------------------- goons
def goon_spaces(ctx: Ctx) -> int:
    return len(ctx.catalog.operations_board.goon_costs)


def add_goons(ctx: Ctx, player: Player, n: int) -> int:
    """Put up to ``n`` free goons on the cheapest empty spaces (R-GOON-2/4); return how many."""
    n = max(0, min(n, goon_spaces(ctx) - player.goons, ctx.state.supply_goons))
    player.goons += n
    ctx.state.supply_goons -= n
    return n


@handles("hire_goon_free")
def hire_goon_free(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Free goons on the cheapest empty spaces (R-GOON-2, R-HELPERCARD-10, R-CITYTOK-16)."""
    n = add_goons(ctx, ctx.player(colour), effect.integer("n"))
    ctx.emit(
        EventKind.GOON,
        colour,
        ("R-GOON-2",),
        f"{player_name(colour)} gets {count(n, 'free goon')} on the cheapest empty goon "
        f"{'space' if n == 1 else 'spaces'}."
        if n
        else f"{player_name(colour)} gets no free goon: no goon space is empty or the supply "
        "has none.",
        n=n,
    )
    return _nothing()


@handles("hire_goons")
def hire_goons(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Hire goons one by one at the cheapest empty space's cost (R-GOON-1, R-GOON-4, E12)."""
    player = ctx.player(colour)
    costs = ctx.catalog.operations_board.goon_costs
    while player.goons < len(costs) and ctx.state.supply_goons:
        cost = costs[player.goons]
        if cost > spendable(player):
            return
        hire = Action("hire", (cost,), label=f"Hire a goon for ${cost}")
        choice = yield from ctx.ask(
            colour, DecisionKind.HIRE_GOON, "Hire goons", ("R-GOON-1",), [hire, DONE]
        )
        if choice == DONE:
            return
        pay(player, cost)
        add_goons(ctx, player, 1)
        ctx.emit(
            EventKind.GOON,
            colour,
            ("R-GOON-1",),
            f"{player_name(colour)} hires a goon for ${cost}, the price of the cheapest empty "
            "goon space.",
            cost=cost,
        )


# ---------------------------------------------------------------------- mafiosi
def vip_capacity(ctx: Ctx, player: Player) -> int:
    """VIP-area capacity from the VIP level, at most the spaces printed (R-MAFIOSO-2, GAP-21)."""
    return min(
        ctx.catalog.level_table("vip")[player.levels[Track.VIP]],
        ctx.catalog.operations_board.vip_spaces,
    )


def docks_row(ctx: Ctx, index: int) -> int:
    """1-based docks row of a space index (R-BOARD-7)."""
    return _row(ctx.catalog.docks.spaces_per_row, index)


def _row(per_row: int, index: int) -> int:
    return index // per_row + 1


def _move_text(per_row: int, a: Area, i: int, b: Area, j: int) -> str:
    """The label of a docks move (built when read: a docks move offers many)."""
    return (
        f"Move your mafioso from {a.title} row {_row(per_row, i)} to "
        f"{b.title} row {_row(per_row, j)} (no reward)"
    )


def place_mafioso(ctx: Ctx, colour: Colour, to: str = "any") -> Flow[bool]:
    """Place a mafioso from the personal supply in the VIP area or the docks (R-MAFIOSO-1..5).

    Returns whether one was placed.
    """
    player = ctx.player(colour)
    if player.mafiosi <= 0:
        ctx.emit(
            EventKind.NO_MAFIOSO,
            colour,
            ("R-MAFIOSO-5",),
            f"{player_name(colour)} has no mafioso left.",
        )
        return False
    options: list[Action] = []
    if to in ("any", "vip") and player.vip < vip_capacity(ctx, player):
        options.append(Action("mafioso", ("vip",), label="Put the mafioso in your VIP area"))
    if to in ("any", "docks"):
        for area, spaces in ctx.state.docks.items():
            for i, who in enumerate(spaces):
                if who is None:
                    row = ctx.catalog.docks.row(docks_row(ctx, i))
                    reward = ", ".join(e.label for e in row.reward) or "no reward"
                    options.append(
                        Action(
                            "mafioso",
                            ("docks", area.value, i),
                            label=f"{area.title} docks, row {row.row} ({reward})",
                        )
                    )
    if not options:
        ctx.emit(
            EventKind.NO_MAFIOSO,
            colour,
            ("R-MAFIOSO-5",),
            f"{player_name(colour)} has no room for a mafioso: not gained.",
        )
        return False
    choice = yield from ctx.ask(
        colour, DecisionKind.MAFIOSO, "Place your new mafioso", ("R-MAFIOSO-1",), options
    )
    player.mafiosi -= 1
    if choice.args[0] == "vip":
        player.vip += 1
        ctx.emit(
            EventKind.MAFIOSO,
            colour,
            ("R-MAFIOSO-1",),
            f"{player_name(colour)} places a mafioso in the VIP area.",
            to="vip",
        )
        return True
    area, index = Area(str(choice.args[1])), int(choice.args[2])
    ctx.state.docks[area][index] = colour
    ctx.emit(
        EventKind.MAFIOSO,
        colour,
        ("R-MAFIOSO-1", "R-MAFIOSO-3"),
        f"{player_name(colour)} places a mafioso in the {area.title} docks, row "
        f"{docks_row(ctx, index)}, and takes that row's reward.",
        to="docks",
        area=area.value,
        space=index,
    )
    yield from docks_reward(ctx, colour, docks_row(ctx, index))
    yield from move_docks_mafiosi(ctx, colour, placed=(area, index))
    return True


def docks_reward(ctx: Ctx, colour: Colour, row: int) -> Flow[None]:
    """The row's reward, or any row's with the crate bonus (R-MAFIOSO-3, R-CRATE-11/12)."""
    player = ctx.player(colour)
    rows = ctx.catalog.docks.rows
    if bonus(ctx, player, "any_docks_row"):
        options = [
            Action(
                "row",
                (r.row,),
                label=f"Row {r.row}: " + (", ".join(e.label for e in r.reward) or "no reward"),
            )
            for r in rows
        ]
        choice = yield from ctx.ask(
            colour, DecisionKind.DOCKS_ROW, "Take any docks row reward", ("R-CRATE-11",), options
        )
        row = int(choice.args[0])
    yield from run_effects(
        ctx, colour, ctx.catalog.docks.row(row).reward, Source("docks", str(row))
    )


def move_docks_mafiosi(ctx: Ctx, colour: Colour, placed: tuple[Area, int]) -> Flow[None]:
    """After placing in the docks, optionally move your other docks mafiosi (R-MAFIOSO-4)."""
    moved = 0
    while True:
        mine = [
            (area, i)
            for area, spaces in ctx.state.docks.items()
            for i, who in enumerate(spaces)
            if who is colour and (area, i) != placed
        ]
        empty = [
            (area, i)
            for area, spaces in ctx.state.docks.items()
            for i, who in enumerate(spaces)
            if who is None
        ]
        if not mine or not empty or moved >= len(mine) + 4:
            return
        per_row = ctx.catalog.docks.spaces_per_row
        options = [
            Action("move", (a.value, i, b.value, j), label=partial(_move_text, per_row, a, i, b, j))
            for a, i in mine
            for b, j in empty
        ]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.DOCKS_MOVE,
            "Move any of your other docks mafiosi?",
            ("R-MAFIOSO-4",),
            [*options, DONE],
        )
        if choice == DONE:
            return
        a, i, b, j = (
            Area(str(choice.args[0])),
            int(choice.args[1]),
            Area(str(choice.args[2])),
            int(choice.args[3]),
        )
        ctx.state.docks[a][i] = None
        ctx.state.docks[b][j] = colour
        moved += 1


@handles("gain_mafioso")
def gain_mafioso(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Gain ``n`` mafiosi, each placed at once (R-MAFIOSO-1, R-MAFIOSO-6, R-PARTNER-2)."""
    for _ in range(effect.integer("n")):
        yield from place_mafioso(ctx, colour, effect.text("to"))


# ---------------------------------------------------------------------- helper cards
def _refill_helpers(ctx: Ctx) -> None:
    """Refill the offer from the deck; an empty deck leaves a gap (R-HELPER-1, R-HELPER-5)."""
    state = ctx.state
    while len(state.helper_offer) < ctx.catalog.setup.general.helper_offer and state.helper_deck:
        state.helper_offer.append(state.helper_deck.pop(0))


def helper_label(ctx: Ctx, helper_id: str) -> str:
    card = ctx.catalog.helper(helper_id)
    effect = ", ".join(e.label for e in card.effect)
    return f"{helper_id}: {effect} (bottle {card.bottle}, ${card.bottle_value})"


@handles("gain_helper")
def gain_helper(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Take a face-up helper card from the offer and refill it (R-HELPER-1)."""
    for _ in range(effect.integer("n")):
        offer = ctx.state.helper_offer
        if not offer:
            ctx.emit(EventKind.NO_HELPER, colour, ("R-HELPER-5",), "The helper offer is empty.")
            return
        options = [Action("helper", (h,), label=f"Take {helper_label(ctx, h)}") for h in offer]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.GAIN_HELPER,
            "Take a helper card",
            ("R-HELPER-1",),
            [*options, SKIP],
        )
        if choice == SKIP:
            return
        helper_id = str(choice.args[0])
        offer.remove(helper_id)
        ctx.player(colour).helpers.append(helper_id)
        _refill_helpers(ctx)
        ctx.emit(
            EventKind.GAIN_HELPER,
            colour,
            ("R-HELPER-1",),
            f"{player_name(colour)} takes {helper_name(ctx.catalog, helper_id)} from the offer, "
            "which is refilled.",
            helper=helper_id,
        )


@handles("use_offer_helper")
def use_offer_helper(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Use the reward of a helper card in the offer; it stays there (R-HELPERCARD-8)."""
    offer = [h for h in ctx.state.helper_offer if h != source.id]
    if not offer:
        return
    options = [Action("use_offer", (h,), label=f"Use {helper_label(ctx, h)}") for h in offer]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.USE_OFFER_HELPER,
        "Use the reward of a helper card in the offer",
        ("R-HELPERCARD-8",),
        [*options, SKIP],
    )
    if choice == SKIP:
        return
    helper_id = str(choice.args[0])
    yield from run_effects(
        ctx, colour, ctx.catalog.helper(helper_id).effect, Source("helper", helper_id)
    )


def use_helper_at_turn_start(ctx: Ctx, colour: Colour) -> Flow[None]:
    """Optionally use one face-up helper card, then put it behind the screen (R-TURN-2)."""
    player = ctx.player(colour)
    if not player.helpers:
        return
    options = [
        Action("use_helper", (h,), label=f"Use {helper_label(ctx, h)}") for h in player.helpers
    ]
    choice = yield from ctx.ask(
        colour,
        DecisionKind.USE_HELPER,
        "Use a helper card before placing your capo?",
        ("R-TURN-2", "R-HELPER-3"),
        [*options, SKIP],
    )
    if choice == SKIP:
        return
    helper_id = str(choice.args[0])
    player.helpers.remove(helper_id)
    player.helpers_used.append(helper_id)
    ctx.emit(
        EventKind.USE_HELPER,
        colour,
        ("R-TURN-2", "R-HELPER-3"),
        f"{player_name(colour)} uses {helper_name(ctx.catalog, helper_id)} at the start of the "
        "turn and hides it behind the screen; it still scores at the end.",
        helper=helper_id,
    )
    yield from run_effects(
        ctx, colour, ctx.catalog.helper(helper_id).effect, Source("helper", helper_id)
    )


# ---------------------------------------------------------------------- city tokens
def available_city_tokens(ctx: Ctx) -> list[tuple[str, int, str]]:
    """``(column, space, token)`` of every face-up, uncovered token in the offer (R-CITY-2)."""
    offer = ctx.state.city_offer
    found = [("right", i, t) for i, t in enumerate(offer.right) if t is not None]
    found += [("middle", i, stack[-1]) for i, stack in enumerate(offer.middle) if stack]
    return found


def take_city_token(ctx: Ctx, colour: Colour) -> Flow[str | None]:
    """Take any available token; refill a right-column space from a left stack (R-CITY-2/3)."""
    offer = ctx.state.city_offer
    tokens = available_city_tokens(ctx)
    if not tokens:
        ctx.emit(EventKind.NO_CITY_TOKEN, colour, ("GAP-22",), "No city token is available.")
        return None
    options = [
        Action("city_token", (column, i), label=partial(_take_text, ctx.catalog, token, column, i))
        for column, i, token in tokens
    ]
    choice = yield from ctx.ask(
        colour, DecisionKind.CITY_TOKEN, "Take a city token from the offer", ("R-CITY-2",), options
    )
    column, index = str(choice.args[0]), int(choice.args[1])
    if column == "right":
        token = offer.right[index]
        refill = next((stack for stack in offer.left if stack), None)
        offer.right[index] = refill.pop(0) if refill else None
    else:
        token = offer.middle[index].pop()
    assert token is not None
    ctx.player(colour).city_tokens.append(token)
    ctx.emit(
        EventKind.GAIN_CITY_TOKEN,
        colour,
        ("R-CITY-2", "R-CITY-3"),
        f"{player_name(colour)} takes {token_name(ctx.catalog, token)} from the {column} column "
        "of the offer.",
        token=token,
        column=column,
    )
    return token


def _take_text(catalog: Catalog, token: str, column: str, index: int) -> str:
    """A take option's label, built when read: the token, what it does and its place in the
    offer (two spaces may show the same token: R-CITY-2)."""
    where = (
        f"middle space {index + 1}"
        if column == "middle"
        else f"the right column, space {index + 1}"
    )
    return f"Take {token} ({catalog.city_token(token).effect[0].label}) from {where}"


@handles("gain_city_token")
def gain_city_token(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """Gain ``n`` city tokens (R-CITY-2, R-HELPERCARD-9, R-PARTNER-5)."""
    for _ in range(effect.integer("n")):
        yield from take_city_token(ctx, colour)


def city_token_limit(ctx: Ctx, player: Player) -> int:
    """Tokens you may keep at the end of your turn (R-CITY-6, R-CRATE-7/8)."""
    return ctx.catalog.operations_board.city_token_limit + bonus(ctx, player, "city_token_limit")


def _to_middle(ctx: Ctx, colour: Colour, why: str, rule: str) -> Flow[None]:
    """Put the first outgoing token on a middle-column space of the player's choice."""
    offer = ctx.state.city_offer
    player = ctx.player(colour)
    token = player.played_tokens[0]
    options = [
        Action(
            "middle",
            (token, i),
            label=f"Put {token} on middle space {i + 1}"
            + (f" (covering {stack[-1]})" if stack else ""),
        )
        for i, stack in enumerate(offer.middle)
    ]
    choice = yield from ctx.ask(colour, DecisionKind.CITY_MIDDLE, why, (rule,), options)
    player.played_tokens.pop(0)
    offer.middle[int(choice.args[1])].append(token)


def end_of_turn_tokens(ctx: Ctx, colour: Colour) -> Flow[None]:
    """Played tokens and tokens over the limit go to the middle column (R-TURN-6, R-CITY-5..7)."""
    player = ctx.player(colour)
    while player.played_tokens:
        yield from _to_middle(
            ctx, colour, f"Place the played token {player.played_tokens[0]}", "R-CITY-5"
        )
    limit = city_token_limit(ctx, player)
    while len(player.city_tokens) > limit:
        options = [
            Action("return_token", (t,), label=f"Give up {t}")
            for t in sorted(set(player.city_tokens))
        ]
        choice = yield from ctx.ask(
            colour,
            DecisionKind.CITY_LIMIT,
            f"You hold {len(player.city_tokens)} city tokens; keep {limit}",
            ("R-CITY-6",),
            options,
        )
        token = str(choice.args[0])
        player.city_tokens.remove(token)
        player.played_tokens.append(token)  # on its way to the middle column
        yield from _to_middle(ctx, colour, f"Place {token} in the middle column", "R-CITY-6")
