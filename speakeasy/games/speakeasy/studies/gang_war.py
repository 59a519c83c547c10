"""Will it hold? One building's gang war, tile by tile (R-GANGWAR-1..14, R-COMBAT-2..5).

At the end of Acts 1-3 a new gangster arrives in every district holding a face-down gangster
district token and attacks each player building there (R-GANGWAR-2..7). The tile is drawn
unseen from that act's deck (B, C, D, R-GANGWAR-1); its war strength is its strength plus its
war modifier (R-GANGWAR-6, E2); a building holds when its defence reaches that number
(R-COMBAT-2). :func:`study_building` answers, for one building and one act:

* which tiles that act's deck holds and the war strength of each (from the catalog);
* the cheapest way to hold against each: nothing, goons, the partner, or both, on top of the
  owner's strength and lasting bonuses (crates #3/#4, R-PARTNER-1, R-PARTNER-4/6). This comes
  from the engine's own :func:`~speakeasy.games.speakeasy.rules.luciano.best_defence`, never
  re-derived here;
* the chance the building survives when the tile for its district is drawn at random from the
  tiles still in the deck, exactly (a :class:`~fractions.Fraction`) and as a float.

What the study takes from the position, and why:

* **Which war, which deck.** The deck is the chosen act's (R-GANGWAR-1). Before that act's war
  all its tiles are waiting; during the war the tiles already drawn for lower-numbered
  districts are gone (R-GANGWAR-2); after it the rest is boxed (R-GANGWAR-10) and no chance is
  given. Districts are resolved in ascending order, but the deck is shuffled unseen, so for any
  one district every remaining tile is equally likely to be the one it gets.
* **Whether the district is attacked at all** (:func:`war_schedule`): only a district with a
  face-down war token on its pistol space is due (R-SETUP-8, R-GANGWAR-11). A district whose
  gangster already arrived (at setup or in an earlier war, shown by its strength token) is
  never attacked again (R-GANGWAR-12/13); a closed district never gets a gangster (R-CLOSED-3);
  a token still face down on the time track means a later war whose act nobody knows yet
  (R-SETUP-9). The figures are always "if a tile of this deck attacked"; the schedule says
  whether that will happen.
* **Several buildings of one owner in the district.** Each building is defended on its own and
  every goon or partner payment is spent for that building only (R-COMBAT-5); the owner goes
  through their buildings in space order (R-GANGWAR-7) and may let any of them fall at no cost
  (R-GANGWAR-14). So the study gives two exact figures: ``holds`` (this building, if the owner
  lets the others fall when needed: its own
  :class:`~speakeasy.games.speakeasy.rules.luciano.DefencePlan`) and ``holds_with_others`` (every
  building of the owner in the district holds, found by trying each owner's cheapest holding choices
  building by building in the engine's order, spending them with
  :func:`~speakeasy.games.speakeasy.rules.combat.spend_boost` on a copy).
* **Caveat:** other districts of the same war are resolved first when their numbers are lower
  (R-GANGWAR-2) and draw on the same goons and money; the study looks at one district with the
  owner's resources as they are now. Other players' defences never change this owner's.

>>> from speakeasy.games.speakeasy.positions import parse_scenario
>>> game = parse_scenario('''
... act = 1
... [districts.9]
... war_token = true
... buildings = [{ owner = "blue", type = "casino" }]
... [player.blue]
... levels = { strength = 4 }
... goons = 3
... ''').game()
>>> study = study_building(game, 9, 0)
>>> study.deck, [(t.tile.name, t.war_strength) for t in study.tiles]
('B', [('B1', 6), ('Birdie Brown', 7), ('B3', 8), ('B4', 8)])
>>> [t.cheapest_text for t in study.tiles]
['return 2 goons', 'return 3 goons', 'cannot hold (best 7)', 'cannot hold (best 7)']
>>> study.survival, study.survival_float
(Fraction(1, 2), 0.5)
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.pieces import GangsterTile
from speakeasy.games.speakeasy.model.state import Building, BuildingType, Colour, GameState, Phase
from speakeasy.games.speakeasy.positions.format import Scenario
from speakeasy.games.speakeasy.positions.shipped import shipped_scenarios
from speakeasy.games.speakeasy.rules.combat import Boost, spend_boost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.luciano import (
    DefencePlan,
    best_defence,
    deck_letter,
    defence_order,
)
from speakeasy.games.speakeasy.studies.analysis import analysis_context, catalog_of
from speakeasy.games.speakeasy.studies.positions import position_game, position_title
from speakeasy.tools.exercises import Exercise
from speakeasy.tools.text import plural

__all__ = [
    "BOT_POSITIONS",
    "DEFAULT_WAR_POSITION",
    "BuildingWarStudy",
    "DeckStatus",
    "SharedDefence",
    "TileOutlook",
    "WarSchedule",
    "WarTiming",
    "act_options",
    "building_label",
    "chance_text",
    "default_building",
    "default_war_act",
    "describe_boost",
    "load_war_position",
    "next_war_act",
    "scenario_before_war",
    "study_building",
    "war_buildings",
    "war_exercises",
    "war_positions",
    "war_schedule",
]

#: The rules every study rests on.
STUDY_RULES = (
    "R-GANGWAR-1",
    "R-GANGWAR-6",
    "R-GANGWAR-7",
    "R-GANGWAR-14",
    "R-COMBAT-2",
    "R-COMBAT-3",
    "R-COMBAT-4",
    "R-COMBAT-5",
)

#: Phases after an act's gang war and before the next act (R-ACT-2).
_AFTER_WAR = (Phase.POLICE, Phase.AREA_CONTROL, Phase.PAYOUT)


def _name(colour: Colour) -> str:
    return colour.value.capitalize()


def _kind(building: BuildingType) -> str:
    return "nightclub" if building is BuildingType.NIGHTCLUB else building.value


# ============================================================================ the schedule
class WarTiming(StrEnum):
    """When, if ever, a new gangster reaches a district (R-GANGWAR-2/11/12/13, R-CLOSED-3)."""

    DUE = "due"  # a face-down war token on its pistol space: the next war (R-SETUP-8, R-GANGWAR-11)
    UNDER_WAY = "under way"  # this war's gangster has already arrived here (R-GANGWAR-3)
    HIDDEN = "hidden"  # its token is face down on the time track: a later war (R-SETUP-9)
    DONE = "done"  # a gangster already arrived here: none comes again (R-GANGWAR-12/13)
    NONE = "none"  # no token is left for it anywhere: no war comes (R-GANGWAR-2)
    CLOSED = "closed"  # a closed district never gets a gangster (R-CLOSED-3)
    OVER = "over"  # no gang war is left in the game (R-ACT-2)


@dataclass(frozen=True, slots=True)
class WarSchedule:
    """Whether and when a gang war reaches ``district``.

    ``acts`` are the acts whose war may reach it: one act when it is known, several when the
    district's token is still hidden on the time track, none when no war will come.
    """

    district: int
    timing: WarTiming
    acts: tuple[int, ...]
    rules: tuple[str, ...]
    reason: str

    @property
    def attacked(self) -> bool:
        """A gangster will still attack here (or is attacking now)."""
        return self.timing in (WarTiming.DUE, WarTiming.UNDER_WAY, WarTiming.HIDDEN)


def next_war_act(state: GameState) -> int | None:
    """The act whose gang war is next or under way (1-3), or None when no war is left.

    Acts 1-3 end with a Lucky Luciano phase whose first step is the gang war; Act 4 has none
    (R-ACT-2).

    >>> from speakeasy import Game
    >>> next_war_act(Game.new(players=2, seed=1).state)
    1
    """
    if state.phase in (Phase.SETUP, Phase.PROLOGUE):
        return 1
    if state.phase in (Phase.FINAL_SCORING, Phase.OVER):
        return None
    act = state.act + 1 if state.phase in _AFTER_WAR else state.act
    return act if 1 <= act <= 3 else None


def _arrived_now(state: GameState, catalog: Catalog, district: int) -> str | None:
    """The tile that arrived in ``district`` in the war under way, if any (R-GANGWAR-3)."""
    d = state.districts[district]
    if state.phase is not Phase.GANG_WAR or d.war_token or d.gangster is None:
        return None
    letter = deck_letter(catalog, state.act)
    return d.gangster if d.gangster in {t.id for t in catalog.gangster_deck(letter)} else None


def war_schedule(source: Game | Ctx, district: int) -> WarSchedule:
    """Whether a new gangster will reach ``district``, and in which act's war.

    Reads only what the players can see: the war token on the district's pistol space, its
    gangster and strength token, whether it is closed, and how many columns of tokens are
    still face down on the time track (not which districts they name).
    """
    return _schedule(analysis_context(source), district)


def _schedule(ctx: Ctx, district: int) -> WarSchedule:
    state = ctx.state
    d = state.districts[district]
    upcoming = next_war_act(state)
    arrived = _arrived_now(state, ctx.catalog, district)

    def result(
        timing: WarTiming, acts: tuple[int, ...], rules: tuple[str, ...], why: str
    ) -> WarSchedule:
        return WarSchedule(district, timing, acts, rules, why)

    if d.closed:
        return result(
            WarTiming.CLOSED,
            (),
            ("R-CLOSED-3",),
            f"District {district} is closed: no gangster ever arrives there.",
        )
    if arrived is not None:
        tile = ctx.catalog.gangster(arrived)
        return result(
            WarTiming.UNDER_WAY,
            (state.act,),
            ("R-GANGWAR-3", "R-GANGWAR-7"),
            f"The Act {state.act} gang war is under way: {tile.name} has already arrived in "
            f"district {district} and attacks with war strength {tile.war_strength}.",
        )
    if upcoming is None:
        return result(
            WarTiming.OVER,
            (),
            ("R-ACT-2",),
            "No gang war is left: Act 4 ends with final scoring, not a Lucky Luciano phase.",
        )
    if d.war_token:
        return result(
            WarTiming.DUE,
            (upcoming,),
            ("R-SETUP-8", "R-GANGWAR-2", "R-GANGWAR-11"),
            f"A face-down gangster district token lies on district {district}'s pistol space: "
            f"a new gangster arrives there in the Act {upcoming} gang war.",
        )
    if d.had_gangster or d.gangster is not None or d.strength_token is not None:
        here = (
            f"{ctx.catalog.gangster(d.gangster).name} is on its space of the gangster board"
            if d.gangster is not None
            else "a gangster has already been here"
        )
        return result(
            WarTiming.DONE,
            (),
            ("R-GANGWAR-12", "R-GANGWAR-13"),
            f"District {district} already had its gangster ({here}). A gangster attacks only "
            "when it arrives, and each district gets one gangster in the whole game, so no war "
            "reaches it again.",
        )
    # The state knows which column holds the token; the players only know that one of the
    # face-down columns does, so only the acts of all remaining columns are reported.
    columns = len(state.war_columns)
    acts = tuple(range(upcoming + 1, min(upcoming + columns, 3) + 1))
    if acts and any(district in column for column in state.war_columns):
        if len(acts) == 1:
            when = (
                f"the only column left there is for the Act {acts[0]} war, so a gangster "
                "arrives then"
            )
        else:
            when = (
                f"a gangster arrives in a later war ({' or '.join(f'Act {a}' for a in acts)}), "
                "but nobody knows which until the token is revealed"
            )
        return result(
            WarTiming.HIDDEN,
            acts,
            ("R-SETUP-9", "R-GANGWAR-11", "R-GANGWAR-13"),
            f"District {district} has had no gangster yet, so its gangster district token is "
            f"still face down on the time track: {when}.",
        )
    return result(
        WarTiming.NONE,
        (),
        ("R-GANGWAR-2",),
        f"No gangster district token for district {district} is left on its pistol space or "
        "on the time track, so no new gangster will arrive there.",
    )


# ============================================================================ defence
def describe_boost(boost: Boost, partner: str | None = None) -> str:
    """A defence choice in plain words: ``"return 2 goons and pay Waxey Gordon $5"``.

    >>> describe_boost(Boost(2, True, False, 5, 10), "Waxey Gordon")
    'return 2 goons and pay Waxey Gordon $5'
    >>> describe_boost(Boost(0, False, False, 0, 6))
    'nothing extra: strength and bonuses are enough'
    """
    who = partner or "the partner"
    parts: list[str] = []
    if boost.goons:
        parts.append(f"return {plural(boost.goons, 'goon')}")
    if boost.free:
        parts.append(f"use {who} for free (once per game)")
    elif boost.partner:
        parts.append(f"pay {who} ${boost.cost}" if boost.cost else f"{who} helps for free")
    return " and ".join(parts) if parts else "nothing extra: strength and bonuses are enough"


def _price(boosts: tuple[Boost, ...]) -> tuple[int, int, int]:
    """Least money, then fewest goons, then keeping the once-free help (as best_defence)."""
    return (
        sum(b.cost for b in boosts if not b.free),
        sum(b.goons for b in boosts),
        sum(b.free for b in boosts),
    )


def _minimal_holds(plan: DefencePlan) -> list[Boost]:
    """The holding options that are not wasteful: per way of using the partner (none, paid,
    free), the fewest goons that reach the war strength. Any other holding option spends more
    of the same and leaves less for the owner's next building."""
    fewest: dict[tuple[bool, bool], Boost] = {}
    for option in plan.options:
        if option.total < plan.war_strength:
            continue
        key = (option.partner, option.free)
        if key not in fewest or option.goons < fewest[key].goons:
            fewest[key] = option
    return sorted(fewest.values(), key=lambda b: (b.cost, b.goons, b.free))


def _after_spending(ctx: Ctx, colour: Colour, boost: Boost) -> Ctx:
    """A context where ``colour`` has spent ``boost``; the original is untouched."""
    state = copy.copy(ctx.state)
    state.players = dict(state.players)
    player = copy.deepcopy(state.players[colour])
    state.players[colour] = player
    child = dataclasses.replace(ctx, state=state, events=[], on_emit=None)
    spend_boost(child, player, boost)
    return child


@dataclass(frozen=True, slots=True)
class SharedDefence:
    """Holding every building of one owner in a district against one war strength.

    ``spaces`` are the owner's buildings in the order they are defended (space order,
    R-GANGWAR-7); ``boosts`` is the cheapest way to hold them all, one choice per building
    (least money, then fewest goons), or None when they cannot all hold (R-COMBAT-5).
    """

    colour: Colour
    district: int
    war_strength: int
    spaces: tuple[int, ...]
    boosts: tuple[Boost, ...] | None

    @property
    def all_hold(self) -> bool:
        return self.boosts is not None


def _shared_defence(
    ctx: Ctx, colour: Colour, district: int, spaces: tuple[int, ...], war: int
) -> SharedDefence:
    """Exhaustive over each building's non-wasteful holding choices, in defence order."""
    found: list[tuple[tuple[int, int, int], tuple[Boost, ...]]] = []

    def search(here: Ctx, index: int, chosen: tuple[Boost, ...]) -> None:
        if index == len(spaces):
            found.append((_price(chosen), chosen))
            return
        plan = best_defence(here, colour, district, spaces[index], war)
        for boost in _minimal_holds(plan):
            nxt = _after_spending(here, colour, boost) if index + 1 < len(spaces) else here
            search(nxt, index + 1, (*chosen, boost))

    search(ctx, 0, ())
    best = min(found, key=lambda pair: pair[0])[1] if found else None
    return SharedDefence(colour, district, war, spaces, best)


# ============================================================================ the study
class DeckStatus(StrEnum):
    """Where the chosen act's gangster deck stands (R-GANGWAR-1/3/10)."""

    WAITING = "waiting"  # its war has not begun: every tile left is still in it
    IN_PLAY = "in play"  # its war is under way: tiles drawn for earlier districts are gone
    ARRIVED = "arrived"  # this district's tile is already on the gangster board
    BOXED = "boxed"  # its war is over: the unused tiles are back in the box (R-GANGWAR-10)


@dataclass(frozen=True, slots=True)
class TileOutlook:
    """One gangster tile of the act's deck against the building.

    ``plan`` is the engine's defence plan for this building with all the owner's goons and
    money (they may let their other buildings here fall, R-GANGWAR-14); ``shared`` is the
    cheapest way to hold all their buildings here. ``probability`` is the chance this is the
    tile the district gets (0 when it is no longer in the deck).
    """

    tile: GangsterTile
    in_deck: bool
    probability: Fraction
    plan: DefencePlan
    shared: SharedDefence
    partner: str | None
    reason: str

    @property
    def war_strength(self) -> int:
        """Strength + war modifier (R-GANGWAR-6, E2)."""
        return self.tile.war_strength

    @property
    def holds(self) -> bool:
        """The building can hold (R-COMBAT-2): the best defence reaches the war strength."""
        return self.plan.can_hold

    @property
    def holds_with_others(self) -> bool:
        """Every building of the owner in this district can hold together (R-COMBAT-5)."""
        return self.shared.all_hold

    @property
    def cheapest_text(self) -> str:
        """The cheapest way to hold, in words, or why it cannot."""
        if self.plan.cheapest is None:
            return f"cannot hold (best {self.plan.best.total})"
        return describe_boost(self.plan.cheapest, self.partner)


@dataclass(frozen=True, slots=True)
class BuildingWarStudy:
    """Everything :func:`study_building` found for one building and one act."""

    colour: Colour
    district: int
    space: int
    building: BuildingType
    act: int
    deck: str  # the act's deck letter (R-GANGWAR-1)
    war_range: tuple[int, int] | None  # the deck's known war-strength range (R-GANGWAR-6)
    schedule: WarSchedule
    deck_status: DeckStatus
    candidates: tuple[str, ...]  # the tiles the district may still get, equally likely
    strength: int  # yellow track (R-GANGWAR-7)
    permanent: int  # lasting defence bonuses
    bonus_sources: tuple[str, ...]  # where the lasting bonuses come from, in words
    best_total: int  # the most this building can reach with everything spent on it
    partner: str | None
    others: tuple[int, ...]  # the owner's other buildings here (spaces), in defence order
    defence_order: tuple[Colour, ...]  # owners with buildings here, in the order they decide
    tiles: tuple[TileOutlook, ...]  # every tile of the act's deck, weakest first
    explanation: str
    rules: tuple[str, ...]

    @property
    def survival(self) -> Fraction | None:
        """The chance the building holds against a tile drawn at random from ``candidates``
        (None when no tile can come: the act's war is over)."""
        if not self.candidates:
            return None
        return sum((t.probability for t in self.tiles if t.holds), Fraction(0))

    @property
    def survival_float(self) -> float | None:
        survival = self.survival
        return None if survival is None else float(survival)

    @property
    def survival_with_others(self) -> Fraction | None:
        """The chance that every building of the owner here holds (R-COMBAT-5)."""
        if not self.candidates:
            return None
        return sum((t.probability for t in self.tiles if t.holds_with_others), Fraction(0))

    @property
    def hold_count(self) -> int:
        """How many of the candidate tiles the building holds against."""
        return sum(1 for t in self.tiles if t.in_deck and t.holds)

    @property
    def title(self) -> str:
        return f"{_name(self.colour)}'s {_kind(self.building)} in district {self.district}"

    def rows(self) -> list[dict[str, object]]:
        """One table row per tile, for display."""
        rows: list[dict[str, object]] = []
        for t in self.tiles:
            row: dict[str, object] = {
                "gangster": t.tile.name,
                "strength": t.tile.strength,
                "modifier": f"+{t.tile.war_modifier}",
                "war strength": t.war_strength,
                "chance": chance_text(t.probability) if t.in_deck else "not in the deck",
                "holds?": "yes" if t.holds else "no",
                "cheapest hold": t.cheapest_text,
            }
            if self.others:
                row["with your other buildings here"] = (
                    f"all hold: {_shared_text(t.shared, t.partner)}"
                    if t.holds_with_others
                    else "not all of them"
                )
            rows.append(row)
        return rows


def chance_text(p: Fraction) -> str:
    """A probability for people: ``"1/4 (25%)"``, ``"1 (certain)"``, ``"0 (none)"``.

    >>> chance_text(Fraction(1, 4)), chance_text(Fraction(1)), chance_text(Fraction(0))
    ('1/4 (25%)', '1 (certain)', '0 (none)')
    """
    if p == 1:
        return "1 (certain)"
    if p == 0:
        return "0 (none)"
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


def _shared_text(shared: SharedDefence, partner: str | None) -> str:
    assert shared.boosts is not None
    return "; ".join(
        f"space {space + 1}: {describe_boost(boost, partner)}"
        for space, boost in zip(shared.spaces, shared.boosts, strict=True)
    )


def _bonus_sources(ctx: Ctx, colour: Colour, building: BuildingType) -> tuple[str, ...]:
    """Where the owner's lasting defence bonuses come from (R-CRATE-3/4, R-PARTNER-1/4/6)."""
    player = ctx.player(colour)
    found: list[str] = []
    for crate_id in player.crates:
        crate = ctx.catalog.crate(crate_id)
        if crate.bonus.kind == "defence":
            found.append(f"crate #{crate.number} (+{crate.bonus.get('n') or 1} defence)")
    if player.partner is not None:
        tile = ctx.catalog.gangster(player.partner)
        ability = ctx.catalog.ability(tile)
        kinds = {b.kind for b in ability.lasting} if ability else set()
        if "defence" in kinds:
            found.append(f"partner {tile.name}'s ability (+1 defence, R-PARTNER-1)")
        if "free_distillery_defence" in kinds and building is BuildingType.DISTILLERY:
            found.append(f"{tile.name} defends the distillery for free (R-PARTNER-4)")
        if "once_free_help" in kinds and not player.partner_free_used:
            found.append(f"{tile.name} may help once for free (R-PARTNER-6)")
    return tuple(found)


def _candidates(
    ctx: Ctx, act: int, letter: str, district: int
) -> tuple[DeckStatus, tuple[str, ...], str]:
    """The tiles the district may get in ``act``'s war, and what that rests on."""
    state = ctx.state
    upcoming = next_war_act(state)
    if upcoming is None or act < upcoming:
        return (
            DeckStatus.BOXED,
            (),
            f"The Act {act} gang war is over: deck {letter}'s unused tiles went back to the "
            "box (R-GANGWAR-10), so no tile of it can come.",
        )
    arrived = _arrived_now(state, ctx.catalog, district)
    if arrived is not None and act == state.act:
        name = ctx.catalog.gangster(arrived).name
        return (
            DeckStatus.ARRIVED,
            (arrived,),
            f"{name} has already been drawn for district {district} (R-GANGWAR-3): that is "
            "the attacker, for certain.",
        )
    remaining = tuple(sorted(state.gangster_decks.get(letter, ())))
    total = len(ctx.catalog.gangster_deck(letter))
    if act == upcoming and state.phase is Phase.GANG_WAR:
        return (
            DeckStatus.IN_PLAY,
            remaining,
            f"The Act {act} gang war is under way: {plural(len(remaining), 'tile')} of deck "
            f"{letter} are still face down (the others went to lower-numbered districts, "
            "R-GANGWAR-2); the next one drawn is equally likely to be any of them.",
        )
    left = "all of its" if len(remaining) == total else f"{len(remaining)} of its"
    return (
        DeckStatus.WAITING,
        remaining,
        f"Deck {letter} is shuffled unseen when the Act {act} gang war begins (R-GANGWAR-1) "
        f"with {left} {total} tiles, so every tile in it is equally likely to be the one this "
        "district gets, whichever district is drawn for first.",
    )


def _building_at(state: GameState, district: int, space: int) -> Building:
    if district not in state.districts:
        raise ValueError(f"there is no district {district}")
    spaces = state.districts[district].spaces
    if not 0 <= space < len(spaces):
        raise ValueError(f"district {district} has no building space {space}")
    building = spaces[space].building
    if building is None:
        raise ValueError(f"there is no player building on space {space} of district {district}")
    return building


def _default_act(schedule: WarSchedule, state: GameState) -> int:
    if len(schedule.acts) == 1:
        return schedule.acts[0]
    return next_war_act(state) or 3


def default_war_act(source: Game | Ctx, district: int) -> int:
    """The act :func:`study_building` looks at by default: the act whose war will reach the
    district when that is known, else the next war (Act 3 once no war is left)."""
    ctx = analysis_context(source)
    return _default_act(_schedule(ctx, district), ctx.state)


def study_building(
    source: Game | Ctx, district: int, space: int, act: int | None = None
) -> BuildingWarStudy:
    """The gang war seen from the player building on ``space`` (0-based) of ``district``.

    ``act`` (1-3) chooses the war and so the deck (R-GANGWAR-1); by default the act whose war
    will reach the district, or the next war when that is unknown or never. Pure: a Game is
    studied through a copy of its position, a Ctx is never changed.
    """
    ctx = analysis_context(source)
    state = ctx.state
    building = _building_at(state, district, space)
    colour = building.owner
    schedule = _schedule(ctx, district)
    if act is None:
        act = _default_act(schedule, state)
    if act not in (1, 2, 3):
        raise ValueError(f"there is no gang war in Act {act}: only Acts 1-3 (R-ACT-2)")
    letter = deck_letter(ctx.catalog, act)
    deck = ctx.catalog.gangster_decks[letter]
    status, candidates, deck_text = _candidates(ctx, act, letter, district)
    counts = Counter(candidates)
    player = ctx.player(colour)
    partner = ctx.catalog.gangster(player.partner).name if player.partner else None
    mine = tuple(
        i
        for i, s in enumerate(state.districts[district].spaces)
        if s.building is not None and s.building.owner is colour
    )

    plans: dict[int, DefencePlan] = {}
    shared: dict[int, SharedDefence] = {}
    outlooks: list[TileOutlook] = []
    tiles = sorted(
        ctx.catalog.gangster_deck(letter), key=lambda t: (t.war_strength, t.strength, t.id)
    )
    for tile in tiles:
        war = tile.war_strength
        if war not in plans:
            plans[war] = best_defence(ctx, colour, district, space, war)
            shared[war] = _shared_defence(ctx, colour, district, mine, war)
        plan = plans[war]
        probability = Fraction(counts[tile.id], len(candidates)) if candidates else Fraction(0)
        verdict = "holds" if plan.can_hold else "falls"
        reason = (
            f"{tile.name}: war strength {tile.strength} + {tile.war_modifier} = {war} "
            f"(R-GANGWAR-6); the building {verdict}: {plan.reason}"
        )
        if len(mine) > 1 and plan.can_hold and not shared[war].all_hold:
            reason += (
                f" Holding the owner's other {'building' if len(mine) == 2 else 'buildings'} "
                "here as well needs more goons or "
                "money than they have (R-COMBAT-5): one of them must fall."
            )
        outlooks.append(
            TileOutlook(tile, tile.id in counts, probability, plan, shared[war], partner, reason)
        )

    first = outlooks[0].plan
    order = tuple(
        c
        for c in defence_order(state)
        if any(
            s.building is not None and s.building.owner is c
            for s in state.districts[district].spaces
        )
    )
    study = BuildingWarStudy(
        colour=colour,
        district=district,
        space=space,
        building=building.type,
        act=act,
        deck=letter,
        war_range=deck.war_strength,
        schedule=schedule,
        deck_status=status,
        candidates=candidates,
        strength=first.strength,
        permanent=first.permanent,
        bonus_sources=_bonus_sources(ctx, colour, building.type),
        best_total=first.best.total,
        partner=partner,
        others=tuple(i for i in mine if i != space),
        defence_order=order,
        tiles=tuple(outlooks),
        explanation="",
        rules=tuple(dict.fromkeys((*STUDY_RULES, *schedule.rules))),
    )
    spaces = state.districts[district].spaces
    others = [
        f"a {_kind(b.type)} on space {i + 1}"
        for i in study.others
        if (b := spaces[i].building) is not None
    ]
    return dataclasses.replace(study, explanation=_explain(study, deck_text, others))


def _explain(study: BuildingWarStudy, deck_text: str, others: list[str]) -> str:
    """The study in a few plain paragraphs, each citing its rules."""
    who = _name(study.colour)
    paragraphs: list[str] = []
    schedule = study.schedule
    note = ""
    if schedule.timing in (WarTiming.DUE, WarTiming.UNDER_WAY) and study.act not in schedule.acts:
        note = (
            f" The figures below are for the Act {study.act} deck all the same: what would "
            "happen if one of its gangsters attacked."
        )
    elif not schedule.attacked:
        note = " The figures below show what would happen if a gangster of this deck attacked."
    cited = ", ".join(schedule.rules)
    paragraphs.append(f"{schedule.reason} ({cited}){note}")

    low_high = (
        f", war strength {study.war_range[0]}–{study.war_range[1]}" if study.war_range else ""
    )
    paragraphs.append(
        f"The Act {study.act} war draws from gangster deck {study.deck} "
        f"({plural(len(study.tiles), 'tile')}{low_high}; R-GANGWAR-1, R-GANGWAR-6). {deck_text}"
    )

    bonus = (
        f" + {study.permanent} from lasting bonuses ({'; '.join(study.bonus_sources)})"
        if study.permanent
        else ""
    )
    partner = (
        f" and may pay partner {study.partner} to add its strength (R-COMBAT-4)"
        if study.partner
        else ""
    )
    paragraphs.append(
        f"{study.title} defends with {who}'s strength {study.strength} (yellow track){bonus}. "
        f"{who} can return goons, +1 each (R-COMBAT-3){partner}; with everything spent on this "
        f"building the defence reaches {study.best_total}. It holds when that is at least the "
        "war strength (R-COMBAT-2)."
    )

    survival = study.survival
    if survival is not None:
        n = len(study.candidates)
        paragraphs.append(
            f"It holds against {study.hold_count} of the {plural(n, 'tile')} that can come, "
            f"so its chance of surviving a tile drawn at random is {chance_text(survival)}."
        )

    if study.others:
        together = study.survival_with_others
        chance = (
            f" The chance that all of them hold is {chance_text(together)}."
            if together is not None
            else ""
        )
        paragraphs.append(
            f"{who} also has {' and '.join(others)} here. {who} defends them one by "
            "one in space order, and goons and partner payments count only for the building "
            "they are spent on (R-GANGWAR-7, R-COMBAT-5); declining costs nothing "
            '(R-GANGWAR-14). So "holds?" assumes the others may fall if needed, and the last '
            f"column says whether all of them can hold together.{chance}"
        )
    if len(study.defence_order) > 1:
        names = ", then ".join(_name(c) for c in study.defence_order)
        paragraphs.append(
            f"Owners decide in turn order: {names} (R-GANGWAR-7). Each spends only their own "
            "goons and money, so the others' choices do not change this building's chances."
        )
    paragraphs.append(
        "Caveat: districts are attacked in ascending order (R-GANGWAR-2), and a war in a "
        f"lower-numbered district where {who} also has buildings spends the same goons and "
        "money first; this study uses what the owner has now."
    )
    return "\n\n".join(paragraphs)


# ============================================================================ positions
def war_buildings(source: Game | Ctx | GameState) -> list[tuple[int, int, Building]]:
    """Every player building on the map as ``(district, space, building)``, in map order."""
    state = source if isinstance(source, GameState) else source.state
    return sorted(state.buildings(), key=lambda dsb: (dsb[0], dsb[1]))


def act_options(source: Game | Ctx | None = None) -> dict[str, int]:
    """Choice label -> act, for every act with a gang war: ``{"Act 1 (deck B)": 1, ...}``
    (R-GANGWAR-1, from the decks of ``source``'s catalogue; without one, from the catalogue of
    a new :class:`~speakeasy.games.speakeasy.engine.game.Game`)."""
    catalog = catalog_of(source) if source is not None else Game.definition.catalog()
    decks = sorted(catalog.gangster_decks.values(), key=lambda d: d.act)
    return {f"Act {d.act} (deck {d.letter})": d.act for d in decks if d.act >= 1}


def default_building(source: Game | Ctx) -> tuple[int, int] | None:
    """``(district, space)`` of the first building a war will reach next (due or under way),
    else the first building on the map, or None when the map has no player building."""
    ctx = analysis_context(source)
    found = war_buildings(ctx)
    for district, space, _ in found:
        if _schedule(ctx, district).timing in (WarTiming.DUE, WarTiming.UNDER_WAY):
            return district, space
    return (found[0][0], found[0][1]) if found else None


def building_label(district: int, space: int, building: Building) -> str:
    """``"District 14 · space 2 · Blue casino"`` (spaces counted from 1)."""
    return (
        f"District {district} · space {space + 1} · {_name(building.owner)} {_kind(building.type)}"
    )


def scenario_before_war(scenario: Scenario) -> Scenario:
    """A scenario that starts at a Lucky Luciano phase, moved to the start of that act's last
    round, so its position is seen before the gang war runs (R-ACT-2). Others are returned
    unchanged."""
    if scenario.start.phase != "luciano":
        return scenario
    rounds = catalog_of(scenario).setup.acts.rounds[scenario.act - 1]
    before = scenario.without("actions")  # a captured war's defences: not yet taken
    return before.with_value("phase", "rounds").with_value("round", rounds)


#: The seeded bot games the explorer offers, each just before a gang war
#: (:mod:`speakeasy.games.speakeasy.studies.positions` keys ``bot:PLAYERS:SEED:warACT``).
BOT_POSITIONS: tuple[str, ...] = ("bot:2:2:war1", "bot:2:6:war2", "bot:2:8:war3")


#: The position the explorer opens on: the rulebook's gang-war example (E3).
DEFAULT_WAR_POSITION = "scenario:e03_gang_war_district_14"


def _war_is_due(game: Game) -> bool:
    """Some player building stands where a war is due or under way."""
    ctx = analysis_context(game)
    return any(
        _schedule(ctx, district).timing in (WarTiming.DUE, WarTiming.UNDER_WAY)
        for district in {d for d, _, _ in war_buildings(ctx)}
    )


def war_positions() -> dict[str, str]:
    """Dropdown label -> position key: the shipped scenarios where a gang war is about to
    reach a player building (seen before the war), then seeded bot games just before each
    war."""
    options = {
        f"Scenario: {s.title}": f"scenario:{s.name}"
        for s in shipped_scenarios()
        if _war_is_due(scenario_before_war(s).game())
    }
    for key in BOT_POSITIONS:
        options[position_title(key)] = key
    return options


def load_war_position(key: str) -> Game:
    """The game at a position key
    (:func:`~speakeasy.games.speakeasy.studies.positions.position_game`); a scenario set at a Lucky
    Luciano phase is moved before its gang war (:func:`scenario_before_war`)."""
    game = position_game(key)
    scenario = game.scenario
    if not isinstance(scenario, Scenario) or game.history:
        return game
    before = scenario_before_war(scenario)
    return game if before is scenario else before.game()


# ============================================================================ exercises
def war_exercises(study: BuildingWarStudy) -> tuple[Exercise, ...]:
    """Two or three exercises about the study, their answers computed by it, never typed."""
    who = _name(study.colour)
    pool = [t for t in study.tiles if t.in_deck] or list(study.tiles)
    strongest = max(pool, key=lambda t: (t.war_strength, t.tile.id))
    tile = strongest.tile
    exercises = [
        Exercise(
            "war-strength",
            f"{tile.name} has strength {tile.strength} and war modifier +{tile.war_modifier}. "
            "What is the war strength it attacks with?",
            tile.war_strength,
            hint="A new gangster attacks with its strength (brown box) plus its war modifier "
            "(red box), as in example E2.",
            rules=("R-GANGWAR-6",),
            explanation=f"{tile.strength} + {tile.war_modifier} = {tile.war_strength}.",
        )
    ]
    goons_only = [
        t
        for t in pool
        if t.plan.cheapest is not None and t.plan.cheapest.goons and not t.plan.cheapest.partner
    ]
    if goons_only:
        target = max(goons_only, key=lambda t: (t.war_strength, t.tile.id))
        assert target.plan.cheapest is not None
        need = target.plan.cheapest.goons
        exercises.append(
            Exercise(
                "goons",
                f"{target.tile.name} (war strength {target.war_strength}) attacks "
                f"{study.title}. What is the fewest goons {who} must return to hold it?",
                need,
                hint=f"Defence = strength {study.strength}"
                + (f" + {study.permanent} lasting bonus" if study.permanent else "")
                + " + 1 per goon returned; it must reach the war strength (≥ is enough).",
                rules=("R-GANGWAR-7", "R-COMBAT-2", "R-COMBAT-3"),
                explanation=target.plan.reason,
            )
        )
    else:
        exercises.append(
            Exercise(
                "strongest-holds",
                f"Can {study.title} hold against {tile.name} (war strength "
                f"{strongest.war_strength}) if {who} spends everything on it? (yes/no)",
                strongest.holds,
                hint="Add strength, lasting bonuses, every goon and the partner if affordable; "
                "the building holds when the total reaches the war strength.",
                rules=("R-GANGWAR-7", "R-COMBAT-2", "R-COMBAT-4"),
                explanation=strongest.plan.reason,
            )
        )
    if study.candidates:
        count = len(study.candidates)
        exercises.append(
            Exercise(
                "hold-count",
                f"Of the {plural(count, 'tile')} that can still come from deck {study.deck}, "
                f"against how many does {study.title} hold (if {who} may let other buildings "
                "fall)?",
                study.hold_count,
                hint="Work out each tile's war strength and compare it with the best defence "
                f"({study.best_total}); equal is enough.",
                rules=("R-GANGWAR-1", "R-GANGWAR-6", "R-COMBAT-2"),
                explanation=f"So the building survives with probability {study.hold_count}/"
                f"{count}.",
            )
        )
    return tuple(exercises)
