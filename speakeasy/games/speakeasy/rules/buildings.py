"""Opening, taking over and upgrading buildings: the ``build`` effect.

Rules: R-BUILD-1..8, R-TAKEOVER-1..7, R-UPGRADE-1..5, R-CITY-1, R-LOC-CONTRACTORS-2,
R-LOC-PLANNING-1/2, R-CITYTOK-12..14, R-HELPERCARD-12/13, R-MONEY-2/6, R-COMBAT-1/3/4.

One ``build`` effect lets a player build up to ``times`` times (the office box actions are "up
to 2 times, the same option or different ones"); every build is optional. A build is asked as a
short sequence of decisions, each with few options:

1. ``build`` - the piece and the mode, e.g. ``build open bar-left-1`` "Open a bar from the left
   group ($3)", ``build upgrade nightclub-1`` "Upgrade a bar to a nightclub ($12 - $5
   discount)", or ``done``. Only pieces still on the operations board are offered; pieces that
   are the same in every respect (building, group and printed reward) are offered once.
2. ``build_space <district> <space>`` - where (space index from 0, as in the state).
3. for a takeover: ``boost <goons> <none|paid|free>`` - the goons and partner help to attack
   with, among the combinations that win (R-COMBAT-1).
4. for a casino: the discard, asked by
:func:`speakeasy.games.speakeasy.rules.cards.discard_from_hand`.

Then the player pays (pocket first, the safe at 2:1), the building is placed, the space's city
token is taken and the reward printed under the piece's board space is gained.

Options that are shown but not allowed now come with a :class:`~speakeasy.core.actions.Blocked`
reason, so a user interface can grey them out and say why. The pure helpers
:func:`build_options`, :func:`build_cost`, :func:`legal_targets` and :func:`takeover_options`
answer the same questions without asking anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from speakeasy.core.actions import Action, Blocked, IllegalAction
from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.boards import BuildingSpace as BoardSpace
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import DecisionKind, EventKind
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, GameState, Player
from speakeasy.games.speakeasy.rules.cards import discard_from_hand
from speakeasy.games.speakeasy.rules.combat import (
    Boost,
    bonus,
    boosts,
    partner_help_cost,
    partner_tile,
    spend_boost,
    strength,
)
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source, handles, run_effects
from speakeasy.games.speakeasy.rules.money import pay, spendable
from speakeasy.games.speakeasy.rules.operating import distillery
from speakeasy.games.speakeasy.rules.wording import (
    count,
    listing,
    payment,
    player_name,
    refusals,
    token_name,
)

__all__ = [
    "DONE",
    "MODES",
    "PREMIUM",
    "AttackPower",
    "BuildChoice",
    "Space",
    "attack_base",
    "attack_power",
    "board_space",
    "build",
    "build_cost",
    "build_effect",
    "build_options",
    "defence",
    "distillery_refusal",
    "empty_groups",
    "legal_targets",
    "max_attack",
    "shown_spaces",
    "takeover_options",
    "upgrade_discount",
]

#: The three ways of putting a building on the map, in the order they are offered.
MODES: tuple[str, ...] = ("open", "takeover", "upgrade")
#: Buildings limited to one per area and type (R-BUILD-5, R-LOC-PLANNING-2).
PREMIUM: tuple[BuildingType, ...] = (BuildingType.NIGHTCLUB, BuildingType.CASINO)
#: Ends the build effect (every build is optional, R-LOC-GEN-5).
DONE = Action("done", label="Done building")

#: A building space on the map: (district, space index).
Space = tuple[int, int]

_MODE_RULES: dict[str, tuple[str, ...]] = {
    "open": ("R-BUILD-2", "R-BUILD-4"),
    "takeover": ("R-TAKEOVER-1", "R-TAKEOVER-3"),
    "upgrade": ("R-UPGRADE-1", "R-UPGRADE-2"),
}


# ---------------------------------------------------------------------- costs
def board_space(ctx: Ctx, piece: str) -> BoardSpace:
    """The printed operations-board space of a building piece (its type, group and reward)."""
    for space in ctx.catalog.operations_board.spaces:
        if space.id == piece:
            return space
    raise KeyError(f"no building piece {piece!r} on the operations board")


def empty_groups(ctx: Ctx, player: Player) -> list[str]:
    """Groups whose three pieces have all left the operations board (R-UPGRADE-3/4)."""
    left: dict[str, int] = {}
    for space in ctx.catalog.operations_board.spaces:
        if space.group is not None:
            left.setdefault(space.group, 0)
            if space.id in player.board_pieces:
                left[space.group] += 1
    return [g.id for g in ctx.catalog.operations_board.groups if left.get(g.id, 0) == 0]


def upgrade_discount(ctx: Ctx, colour: Colour) -> int:
    """The upgrade discount: the value of the highest empty group only (R-UPGRADE-4, E16)."""
    player = ctx.player(colour)
    return ctx.catalog.operations_board.upgrade_discount(empty_groups(ctx, player))


def _helper_free(ctx: Ctx, mode: str, ignore_defence: bool) -> bool:
    """The "take over ignoring defence" helper waives the cost only if the option says so."""
    return mode == "takeover" and ignore_defence and not ctx.options.takeover_helper_pays_cost


def build_cost(
    ctx: Ctx, colour: Colour, piece: str, mode: str, *, ignore_defence: bool = False
) -> tuple[int, int]:
    """``(money, card discards)`` to build ``piece`` by ``mode``.

    Opening and taking over cost the printed price: a bar by its group ($3/$5/$8), the
    distillery $5, a nightclub $12, a casino $17 and a discard (R-BUILD-2/4, R-TAKEOVER-3).
    An upgrade costs the same minus the discount of the highest empty group, never below $0;
    the casino discard is still due (R-UPGRADE-2/4). With the "take over ignoring defence"
    helper the cost is waived when ``Options.takeover_helper_pays_cost`` is off (R-TAKEOVER-6);
    the casino's discard is part of its cost and is waived with it.
    """
    if mode not in MODES:
        raise ValueError(f"unknown build mode {mode!r}; modes are {', '.join(MODES)}")
    _, money, discards = _cost(ctx, colour, board_space(ctx, piece), mode, ignore_defence)
    return money, discards


def _cost(
    ctx: Ctx, colour: Colour, space: BoardSpace, mode: str, ignore_defence: bool
) -> tuple[int, int, int]:
    """``(printed price, money, card discards)`` to build ``space``'s piece by ``mode``
    (:func:`build_cost`)."""
    printed, discards = ctx.catalog.operations_board.build_cost(space.building, space.group)
    if _helper_free(ctx, mode, ignore_defence):
        return printed, 0, 0
    if mode == "upgrade":
        return printed, max(printed - upgrade_discount(ctx, colour), 0), discards
    return printed, printed, discards


@dataclass(frozen=True, slots=True)
class BuildChoice:
    """One piece-and-mode option of the first build decision."""

    mode: str
    piece: str
    building: BuildingType
    group: str | None
    money: int  # to pay, after any discount
    discards: int
    printed: int  # the printed price before any discount
    discount: int
    reward: tuple[Effect, ...]
    ignore_defence: bool = False  # the "take over ignoring defence" helper (R-HELPERCARD-13)
    waived: bool = False  # the takeover helper's cost is waived (R-TAKEOVER-6 option)

    def action(self) -> Action:
        """``build <mode> <piece>``, labelled for people (the label built when read: the
        choice holds only values fixed when it was made)."""
        return Action("build", (self.mode, self.piece), label=self._label)

    def _label(self) -> str:
        return self.label

    @property
    def what(self) -> str:
        """``a bar from the left group``, ``the distillery``, ``a casino``."""
        if self.building is BuildingType.DISTILLERY:
            return "the distillery"
        if self.building is BuildingType.BAR and self.group is not None:
            return f"a bar from the {self.group} group"
        return f"a {self.building.value}"

    @property
    def price(self) -> str:
        """``$3``, ``$12 - $5 discount``, ``$17 + 1 discard``."""
        if self.waived:
            return "no cost"
        text = f"${self.printed}"
        if self.discount:
            text += f" - ${self.discount} discount"
        if self.discards:
            text += f" + {self.discards} discard"
        return text

    @property
    def label(self) -> str:
        if self.mode == "open":
            head = f"Open {self.what}"
        elif self.mode == "takeover":
            head = "Take over" + (" (ignoring defence)" if self.ignore_defence else "")
            head += f" with {self.what}"
        else:
            head = f"Upgrade a bar to {self.what}"
        reward = ", ".join(e.label for e in self.reward if e.kind != "none")
        return f"{head} ({self.price}" + (f"; reward: {reward})" if reward else ")")


def _choice(ctx: Ctx, colour: Colour, space: BoardSpace, mode: str, ignore: bool) -> BuildChoice:
    if mode not in MODES:
        raise ValueError(f"unknown build mode {mode!r}; modes are {', '.join(MODES)}")
    printed, money, discards = _cost(ctx, colour, space, mode, ignore)
    discount = printed - money if mode == "upgrade" else 0
    return BuildChoice(
        mode,
        space.id,
        BuildingType(space.building),
        space.group,
        money,
        discards,
        printed,
        discount,
        space.reward,
        ignore_defence=ignore and mode == "takeover",
        waived=_helper_free(ctx, mode, ignore),
    )


# ---------------------------------------------------------------------- combat
def attack_base(ctx: Ctx, colour: Colour) -> int:
    """Strength plus permanent takeover bonuses (crates #13/#14), before goons and partner."""
    player = ctx.player(colour)
    return strength(ctx, player) + bonus(ctx, player, "takeover_attack")


def defence(ctx: Ctx, district: int) -> int:
    """A gangster bar defends with its district's strength token, no war modifier (R-TAKEOVER-2).

    The token stays while the gangster is someone's partner (R-ALLY-5).
    """
    token = ctx.state.districts[district].strength_token
    return token if token is not None else 0


@dataclass(frozen=True, slots=True)
class AttackPower:
    """What a takeover attack can add up to (R-TAKEOVER-1), worked out once per decision."""

    fixed: int  # strength, permanent takeover bonuses and every goon (R-COMBAT-3)
    partner: int  # the partner's strength, 0 without a partner (R-COMBAT-4)
    partner_cost: int  # its help cost for a takeover (R-ALLY-6, R-PARTNER-8, R-CRATE-5/6)
    free_help: bool  # the once-per-game free help is still available (R-PARTNER-6)

    def best(self, budget: int) -> int:
        """The strongest attack when ``budget`` dollars are left for the partner."""
        if self.partner and (self.free_help or self.partner_cost <= budget):
            return self.fixed + self.partner
        return self.fixed


def attack_power(ctx: Ctx, colour: Colour) -> AttackPower:
    """The parts of the player's takeover attack (R-TAKEOVER-1, R-COMBAT-3/4)."""
    player = ctx.player(colour)
    tile = partner_tile(ctx, player)
    return AttackPower(
        fixed=attack_base(ctx, colour) + player.goons,
        partner=tile.strength if tile is not None else 0,
        partner_cost=(
            partner_help_cost(ctx, player, takeover=True, distillery=False) if tile else 0
        ),
        free_help=tile is not None and bonus(ctx, player, "once_free_help") > 0,
    )


def max_attack(ctx: Ctx, colour: Colour, budget: int) -> int:
    """The best takeover attack with ``budget`` dollars left for the partner (R-TAKEOVER-1)."""
    return attack_power(ctx, colour).best(budget)


def takeover_options(
    ctx: Ctx, colour: Colour, district: int, *, budget: int | None = None
) -> list[Boost]:
    """Every goons-and-partner combination that beats the district's defence (R-COMBAT-1).

    ``budget`` is the money left after paying for the building (default: all of it).
    """
    player = ctx.player(colour)
    money = spendable(player) if budget is None else budget
    need = defence(ctx, district)
    found = boosts(
        ctx, player, attack_base(ctx, colour), partner_allowed=True, takeover=True, budget=money
    )
    return [b for b in found if b.total > need]


def _too_weak(
    ctx: Ctx, colour: Colour, district: int, budget: int, best: int | None = None
) -> IllegalAction | None:
    """``too-weak`` if the best attack (``best``, computed if not given) cannot win here."""
    need = defence(ctx, district)
    if best is None:
        best = max_attack(ctx, colour, budget)
    if best > need:
        return None
    player = ctx.player(colour)
    note = ""
    tile = partner_tile(ctx, player)
    if tile is not None and max_attack(ctx, colour, spendable(player)) > best:
        cost = partner_help_cost(ctx, player, takeover=True, distillery=False)
        note = f" (your partner's ${cost} help is more than the ${max(budget, 0)} you can spare)"
    return IllegalAction(
        "too-weak",
        "R-COMBAT-1",
        f"the gangster bars in district {district} have defence {need}, which needs attack "
        f"{need + 1}; your best is {best}{note}",
    )


# ---------------------------------------------------------------------- targets
def _premium_areas(ctx: Ctx, colour: Colour, building: BuildingType) -> set[Area]:
    return {ctx.board.area_of(d) for d, _, b in ctx.state.buildings(colour) if b.type is building}


def shown_spaces(ctx: Ctx, colour: Colour, mode: str) -> list[Space]:
    """The spaces a mode can ever use, legal or not, in district and space order.

    Open: empty spaces outside closed districts (R-BUILD-1, R-CLOSED-1). Take over: spaces with
    a gangster bar. Upgrade: the player's own bars (R-UPGRADE-1).
    """
    found: list[Space] = []
    for number in sorted(ctx.state.districts):
        district = ctx.state.districts[number]
        if district.closed:
            continue
        for index, space in enumerate(district.spaces):
            if mode == "open":  # space.is_empty, written out (a hot loop)
                ok = space.building is None and not space.gangster_bar
            elif mode == "takeover":
                ok = space.gangster_bar and space.building is None
            else:
                b = space.building
                ok = b is not None and b.owner is colour and b.type is BuildingType.BAR
            if ok:
                found.append((number, index))
    return found


@dataclass(frozen=True, slots=True)
class _Checker:
    """Checks target spaces for one piece-and-mode option; the shared work is done once."""

    ctx: Ctx
    colour: Colour
    choice: BuildChoice
    ignore_defence: bool
    budget: int  # money left after paying for the building
    best: int  # the best attack affordable with that money (takeovers only)
    premium_areas: frozenset[Area]  # areas already holding this premium type (R-BUILD-5)
    partner_district: int | None

    @classmethod
    def of(
        cls,
        ctx: Ctx,
        colour: Colour,
        choice: BuildChoice,
        ignore: bool,
        power: AttackPower | None = None,
    ) -> _Checker:
        player = ctx.player(colour)
        budget = spendable(player) - choice.money
        areas = (
            frozenset(_premium_areas(ctx, colour, choice.building))
            if choice.building in PREMIUM
            else frozenset()
        )
        takeover = choice.mode == "takeover"
        best = 0
        if takeover and not ignore:
            best = (power or attack_power(ctx, colour)).best(budget)
        partner = player.partner_district if takeover else None
        return cls(ctx, colour, choice, ignore, budget, best, areas, partner)

    def code(self, target: Space) -> str | None:
        """The code of :meth:`error` for ``target`` (``None`` if allowed), without wording
        the refusal."""
        district, _ = target
        if district == self.partner_district:
            return "partner-district"
        if self.premium_areas and self.ctx.board.area_of(district) in self.premium_areas:
            return "one-per-area"
        if self.choice.mode == "takeover" and not self.ignore_defence:
            return None if self.best > defence(self.ctx, district) else "too-weak"
        return None

    def error(self, target: Space) -> IllegalAction | None:
        """Why the option cannot go on ``target`` (one of :func:`shown_spaces`), or ``None``."""
        district, _ = target
        if district == self.partner_district:
            return IllegalAction(
                "partner-district",
                "R-TAKEOVER-5",
                f"district {district} belongs to your partner: no takeovers there (honour "
                "among thieves)",
            )
        if self.premium_areas:
            area = self.ctx.board.area_of(district)
            if area in self.premium_areas:
                return IllegalAction(
                    "one-per-area",
                    "R-BUILD-5",
                    f"you already have a {self.choice.building.value} in {area.title}",
                )
        if self.choice.mode == "takeover" and not self.ignore_defence:
            if self.best > defence(self.ctx, district):
                return None
            return _too_weak(self.ctx, self.colour, district, self.budget, self.best)
        return None


def _space_label(ctx: Ctx, choice: BuildChoice, target: Space) -> Callable[[], str]:
    """The label of a space option, built when read from what the position shows now (the
    space's city token, the district's defence) and the catalogue and board."""
    district, index = target
    token = ctx.state.districts[district].spaces[index].city_token
    shield = defence(ctx, district) if choice.mode == "takeover" else None
    return partial(_space_text, ctx.board, ctx.catalog, choice.mode, district, index, token, shield)


def _space_text(
    board: Board,
    catalog: Catalog,
    mode: str,
    district: int,
    index: int,
    token_id: str | None,
    shield: int | None,
) -> str:
    where = f"district {district} ({board.area_of(district).title}), space {index + 1}"
    if mode == "upgrade":
        return f"Upgrade your bar in {where}"
    token = ""
    if token_id is not None:
        effects = catalog.city_token(token_id).effect
        token = f"; city token: {', '.join(e.label for e in effects)}"
    if mode == "takeover":
        return f"The gangster bar in {where} (defence {shield}{token})"
    return f"Build in {where}" + (f" ({token[2:]})" if token else "")


def _targets(
    ctx: Ctx, colour: Colour, choice: BuildChoice, ignore_defence: bool
) -> list[tuple[Space, IllegalAction | None]]:
    """Every shown space for the option with its error (``None`` if legal)."""
    check = _Checker.of(ctx, colour, choice, ignore_defence)
    return [(t, check.error(t)) for t in shown_spaces(ctx, colour, choice.mode)]


#: When no space is legal, the reason closest to being allowed is reported.
_SPACE_ERROR_ORDER = ("too-weak", "one-per-area", "partner-district")


def distillery_refusal(state: GameState, colour: Colour) -> IllegalAction | None:
    """Why ``colour`` may not put another distillery on the map, or None (R-BUILD-7: no more
    than one distillery on the map)."""
    if distillery(state, colour) is None:
        return None
    return IllegalAction(
        "one-distillery", "R-BUILD-7", "you already have your distillery on the map"
    )


def _choice_error(
    ctx: Ctx,
    colour: Colour,
    choice: BuildChoice,
    ignore_defence: bool,
    shown: list[Space] | None = None,
    power: AttackPower | None = None,
) -> IllegalAction | None:
    """Why the piece-and-mode option cannot be completed at all, or ``None``.

    ``shown`` (:func:`shown_spaces` for the option's mode) and ``power`` may be passed in when
    already known.
    """
    player = ctx.player(colour)
    if choice.building is BuildingType.DISTILLERY:
        refused = distillery_refusal(ctx.state, colour)
        if refused is not None:
            return refused
    if shown is None:
        shown = shown_spaces(ctx, colour, choice.mode)
    if not shown:
        if choice.mode == "open":
            return IllegalAction("no-space", "R-BUILD-1", "there is no empty building space")
        if choice.mode == "takeover":
            return IllegalAction("no-gangster-bar", "R-TAKEOVER-1", "there is no gangster bar")
        return IllegalAction("no-bar", "R-UPGRADE-1", "you have no bar on the map to upgrade")
    if choice.money > spendable(player):
        extra = f" and {choice.discards} discarded card" if choice.discards else ""
        return IllegalAction(
            "cannot-pay",
            "R-MONEY-6",
            f"{choice.what} costs ${choice.money}{extra}; you have ${player.pocket} and can "
            f"launder ${player.safe // 2}",
        )
    if choice.discards > len(player.hand):
        return IllegalAction(
            "no-card",
            "R-UPGRADE-2" if choice.mode == "upgrade" else "R-BUILD-4",
            f"{choice.what} needs {choice.discards} discarded operation card; you hold "
            f"{len(player.hand)}",
        )
    check = _Checker.of(ctx, colour, choice, ignore_defence, power)
    codes: list[tuple[Space, str]] = []
    for target in shown:
        code = check.code(target)
        if code is None:
            return None
        codes.append((target, code))
    # Only the one refusal reported is worded.
    for wanted in _SPACE_ERROR_ORDER:
        found = [t for t, code in codes if code == wanted]
        if found and wanted == "too-weak":
            # report the weakest defence the player may attack
            return check.error(min(found, key=lambda t: (defence(ctx, t[0]), t)))
        if found:
            return check.error(found[0])
    raise AssertionError(f"unexpected target refusals {codes}")


def _candidates(ctx: Ctx, colour: Colour, buildings: Iterable[str]) -> list[BoardSpace]:
    """One piece per distinct (building, group, reward) still on the board, in board order."""
    player = ctx.player(colour)
    wanted = set(buildings)
    seen: set[tuple[str, str | None, tuple[Effect, ...]]] = set()
    found: list[BoardSpace] = []
    for space in ctx.catalog.operations_board.spaces:
        key = (space.building, space.group, space.reward)
        if space.building in wanted and space.id in player.board_pieces and key not in seen:
            seen.add(key)
            found.append(space)
    return found


def build_options(
    ctx: Ctx,
    colour: Colour,
    *,
    buildings: Iterable[str],
    modes: Iterable[str],
    ignore_defence: bool = False,
) -> tuple[list[BuildChoice], list[Blocked]]:
    """The legal piece-and-mode options and the shown-but-blocked ones with their reasons.

    Upgrades exist only for nightclubs and casinos (R-UPGRADE-1). Options are ordered by mode
    (open, take over, upgrade), then by board order of the pieces.
    """
    allowed_modes = [m for m in MODES if m in tuple(modes)]
    legal: list[BuildChoice] = []
    blocked: list[Blocked] = []
    pieces = _candidates(ctx, colour, buildings)
    power = attack_power(ctx, colour) if "takeover" in allowed_modes else None
    for mode in allowed_modes:
        shown = shown_spaces(ctx, colour, mode)
        for space in pieces:
            if mode == "upgrade" and BuildingType(space.building) not in PREMIUM:
                continue
            choice = _choice(ctx, colour, space, mode, ignore_defence)
            error = _choice_error(ctx, colour, choice, ignore_defence, shown, power)
            if error is None:
                legal.append(choice)
            else:
                blocked.append(Blocked(choice.action(), error))
    return legal, blocked


def _find_choice(
    ctx: Ctx, colour: Colour, piece: str, mode: str, ignore_defence: bool
) -> BuildChoice:
    return _choice(ctx, colour, board_space(ctx, piece), mode, ignore_defence)


def legal_targets(
    ctx: Ctx, colour: Colour, piece: str, mode: str, *, ignore_defence: bool = False
) -> list[Space]:
    """The spaces where ``piece`` can be built by ``mode`` now, the whole build included.

    Empty when the build is impossible anyway (piece gone, cost or discard not covered,
    R-BUILD-7). For a takeover a space counts only if some affordable goons-and-partner
    combination beats its defence, unless ``ignore_defence`` (helper card, R-TAKEOVER-6).
    """
    player = ctx.player(colour)
    if piece not in player.board_pieces:
        return []
    choice = _find_choice(ctx, colour, piece, mode, ignore_defence)
    if mode == "upgrade" and choice.building not in PREMIUM:
        return []
    # The spaces and the attack power are found once for both checks, and the spaces by
    # their refusal codes: no refusal is worded (a search's rollouts ask this very often).
    shown = shown_spaces(ctx, colour, choice.mode)
    takeover = choice.mode == "takeover" and not ignore_defence
    power = attack_power(ctx, colour) if takeover else None
    if _choice_error(ctx, colour, choice, ignore_defence, shown, power) is not None:
        return []
    check = _Checker.of(ctx, colour, choice, ignore_defence, power)
    return [t for t in shown if check.code(t) is None]


# ---------------------------------------------------------------------- the flow
def _frozen(items: Iterable[Blocked]) -> Callable[[], tuple[Blocked, ...]]:
    fixed = tuple(items)
    return lambda: fixed


@handles("build")
def build_effect(ctx: Ctx, colour: Colour, effect: Effect, source: Source) -> Flow[None]:
    """The ``build`` effect: up to ``times`` optional builds (R-LOC-CONTRACTORS-2,
    R-LOC-PLANNING-1, R-CITYTOK-12..14, R-HELPERCARD-12/13)."""
    yield from build(
        ctx,
        colour,
        buildings=effect.texts("buildings"),
        modes=effect.texts("modes"),
        times=effect.integer("times"),
        ignore_defence=effect.flag("ignore_defence"),
        source=source,
    )


def build(
    ctx: Ctx,
    colour: Colour,
    *,
    buildings: tuple[str, ...],
    modes: tuple[str, ...],
    times: int = 1,
    ignore_defence: bool = False,
    optional: bool = True,
    source: Source | None = None,
) -> Flow[int]:
    """Build up to ``times`` times; return how many buildings were placed.

    ``optional=False`` leaves out "done" (for a build the rules make compulsory, such as the
    prologue's R-PROLOGUE-4); if nothing is possible the flow still ends, with an event.
    """
    rules = tuple(dict.fromkeys(r for m in modes for r in _MODE_RULES[m]))
    built = 0
    for turn in range(times):
        legal, blocked = build_options(
            ctx, colour, buildings=buildings, modes=modes, ignore_defence=ignore_defence
        )
        if not legal:
            why = listing(refusals(b.error.code for b in blocked))
            ctx.emit(
                EventKind.BUILD_IMPOSSIBLE,
                colour,
                rules,
                f"{player_name(colour)} cannot build now" + (f": {why}." if why else "."),
                reasons=[
                    {"action": str(b.action), "code": b.error.code, "rule": b.error.rule}
                    for b in blocked
                ],
                source=str(source) if source else None,
            )
            return built
        by_action = {c.action(): c for c in legal}
        options = [*by_action, DONE] if optional else list(by_action)
        prompt = "Build" + (f" ({turn + 1} of up to {times})" if times > 1 else "")
        picked = yield from ctx.ask(
            colour, DecisionKind.BUILD, prompt, rules, options, _frozen(blocked)
        )
        if picked == DONE:
            return built
        yield from _carry_out(ctx, colour, by_action[picked], ignore_defence)
        built += 1
    return built


def _carry_out(ctx: Ctx, colour: Colour, choice: BuildChoice, ignore_defence: bool) -> Flow[None]:
    """Target, boost, discard, pay, place, city token, reward."""
    player = ctx.player(colour)
    rules = _MODE_RULES[choice.mode]
    targets = _targets(ctx, colour, choice, ignore_defence)
    spaces = {
        Action("build_space", t, label=_space_label(ctx, choice, t)): t
        for t, e in targets
        if e is None
    }
    blocked = [
        Blocked(Action("build_space", t, label=_space_label(ctx, choice, t)), e)
        for t, e in targets
        if e is not None
    ]
    where = yield from ctx.ask(
        colour,
        DecisionKind.BUILD_SPACE,
        f"Where? ({choice.label})",
        (*rules, "R-BUILD-1", "R-BUILD-5"),
        list(spaces),
        _frozen(blocked),
        facts=(("mode", choice.mode), ("piece", choice.piece)),  # what is being built
    )
    district, index = spaces[where]
    space = ctx.state.districts[district].spaces[index]

    boost: Boost | None = None
    if choice.mode == "takeover" and not ignore_defence:
        boost = yield from _ask_boost(ctx, colour, choice, district)

    if choice.discards:
        yield from discard_from_hand(
            ctx,
            colour,
            choice.discards,
            prompt=f"Discard a card for {choice.what}",
            rules=("R-UPGRADE-2",) if choice.mode == "upgrade" else ("R-BUILD-4",),
        )

    pocket, safe = player.pocket, player.safe
    pay(player, choice.money)
    if boost is not None:
        spend_boost(ctx, player, boost)
    paid = {"pocket": pocket - player.pocket, "safe": safe - player.safe}
    who = player_name(colour)

    player.board_pieces.remove(choice.piece)
    data: dict[str, object] = {
        "mode": choice.mode,
        "piece": choice.piece,
        "building": choice.building.value,
        "district": district,
        "space": index,
        "cost": choice.money,
        "discards": choice.discards,
        "paid_pocket": paid["pocket"],
        "paid_safe": paid["safe"],
    }
    if choice.mode == "upgrade":
        old = space.building
        if old is None:
            raise AssertionError("an upgrade target holds no building")
        player.lost_pieces.append(old.piece)
        space.building = Building(
            colour, choice.building, choice.piece, protected=old.protected, barrel=old.barrel
        )
        data |= {
            "removed": old.piece,
            "discount": choice.discount,
            "kept_mafioso": old.protected,
            "kept_barrel": old.barrel,
        }
        price = f"${choice.money}"
        if choice.discount:
            price += f" (${choice.printed} less a discount of ${choice.discount})"
        if choice.discards:
            price += f" and {count(choice.discards, 'discarded card')}"
        kept = [w for w, k in (("mafioso", old.protected), ("barrel", old.barrel)) if k]
        stay = f" and its {' and '.join(kept)} {'stays' if len(kept) == 1 else 'stay'}"
        text = (
            f"{who} upgrades the bar in district {district} to a {choice.building.value} for "
            f"{price}; the bar leaves the game"
            + (f"{stay} with the new building." if kept else ".")
        )
        rules_done: tuple[str, ...] = ("R-UPGRADE-1", "R-UPGRADE-2", "R-UPGRADE-4", "R-UPGRADE-5")
    else:
        if choice.mode == "takeover":
            space.gangster_bar = False
            ctx.state.supply_gangster_bars += 1
            beaten = defence(ctx, district)
            data |= {"defence": beaten, "ignore_defence": ignore_defence}
            if boost is not None:
                data |= {
                    "attack": boost.total,
                    "goons_returned": boost.goons,
                    "partner": "free" if boost.free else ("paid" if boost.partner else "none"),
                    "partner_cost": boost.cost if boost.partner and not boost.free else 0,
                }
            rules_done = ("R-TAKEOVER-1", "R-TAKEOVER-2", "R-TAKEOVER-3", "R-TAKEOVER-4")
            if ignore_defence:
                rules_done += ("R-TAKEOVER-6",)
            fight = (
                "ignoring the gangsters' defence"
                if boost is None
                else f"attack {boost.total} beats the gangsters' defence {beaten}{_help(boost)}"
            )
            head = (
                f"{who} takes over the gangster bar in district {district} with {choice.what}: "
                f"{fight}. The building costs ${choice.money}"
            )
        else:
            rules_done = ("R-BUILD-2",) if choice.building not in PREMIUM else ("R-BUILD-4",)
            head = (
                f"{who} opens {choice.what} in district {district} (space {index + 1}) "
                + payment(choice.money, pocket=paid["pocket"], safe=paid["safe"])
                + (f" and {count(choice.discards, 'discarded card')}" if choice.discards else "")
            )
        space.building = Building(colour, choice.building, choice.piece)
        token = space.city_token
        if token is not None:
            space.city_token = None
            player.city_tokens.append(token)
        data["token"] = token
        rules_done += ("R-CITY-1",)
        if choice.mode == "takeover":
            text = (
                head
                + (f" and {who} takes {token_name(ctx.catalog, token)}" if token else "")
                + "; the gangster bar goes back to the supply."
            )
        else:
            text = (
                head
                + (f", taking {token_name(ctx.catalog, token)} from the space" if token else "")
                + ", then gets the reward under that board space."
            )
    ctx.emit(EventKind(choice.mode), colour, rules_done, text, **data)
    reward = board_space(ctx, choice.piece).reward
    yield from run_effects(ctx, colour, reward, Source("board", choice.piece))


def _help(boost: Boost) -> str:
    """`` (2 goons returned and the partner paid $5)``: the help an attack took, if any."""
    helpers = [f"{count(boost.goons, 'goon')} returned"] if boost.goons else []
    if boost.free:
        helpers.append("the partner's free help")
    elif boost.partner:
        helpers.append(f"the partner paid ${boost.cost}")
    return f" ({listing(helpers)})" if helpers else ""


def _ask_boost(ctx: Ctx, colour: Colour, choice: BuildChoice, district: int) -> Flow[Boost]:
    """Goons and partner help for a takeover: winning combinations only (R-TAKEOVER-1)."""
    player = ctx.player(colour)
    budget = spendable(player) - choice.money
    need = defence(ctx, district)
    base = attack_base(ctx, colour)
    everything = boosts(ctx, player, base, partner_allowed=True, takeover=True)
    wins = {b.action(): b for b in everything if b.total > need and b.cost <= budget}
    blocked: list[Blocked] = []
    for b in everything:
        if b.total <= need:
            blocked.append(
                Blocked(
                    b.action(),
                    IllegalAction(
                        "too-weak", "R-COMBAT-1", f"attack {b.total} does not beat defence {need}"
                    ),
                )
            )
        elif b.cost > budget:
            blocked.append(
                Blocked(
                    b.action(),
                    IllegalAction(
                        "cannot-pay",
                        "R-MONEY-6",
                        f"your partner's help costs ${b.cost}; after paying ${choice.money} for "
                        f"{choice.what} you can spare ${budget}",
                    ),
                )
            )
    picked = yield from ctx.ask(
        colour,
        DecisionKind.TAKEOVER_BOOST,
        f"Attack the gangster bar in district {district} (defence {need}): goons and partner",
        ("R-TAKEOVER-1", "R-COMBAT-1", "R-COMBAT-3", "R-COMBAT-4"),
        list(wins),
        _frozen(blocked),
    )
    return wins[picked]
