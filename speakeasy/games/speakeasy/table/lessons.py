"""Speakeasy's lessons: the prepared game, a judge of moves for each lesson, and the course.

Every lesson's position is a real game: :data:`SEED`, two seats (the learner plays purple, a
bot plays yellow) and a fixed script of actions, each applied through :meth:`Game.apply`, so it
is legal by construction (the last two lessons let seeded bots play on to the end of Act 1, and
then into Act 2). Each lesson judges the learner's legal moves with the reason a move is not
what it asks and the rules behind it; :data:`COURSE` plays them (the bot answers through the
play :class:`~speakeasy.games.speakeasy.table.play.Table`, events and refusals are explained by
:mod:`speakeasy.games.speakeasy.explain`). The tutorial's flow is
:class:`speakeasy.games.speakeasy.table.tutorial.Tutorial` (machinery in
:mod:`speakeasy.tools.tutorial`).

>>> [x.number for x in LESSONS[:3]], lesson("bar").title
([1, 2, 3], 'Opening a bar')
>>> lesson("capos").check(lesson("capos").position(), "capo planning 0").rules
('R-LOC-CONTRACTORS-1', 'R-TURN-3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from speakeasy.core.actions import Action, Event
from speakeasy.core.bots import decide
from speakeasy.core.seeds import derive_seed
from speakeasy.games.speakeasy.engine.bots import RandomBot
from speakeasy.games.speakeasy.engine.game import Game
from speakeasy.games.speakeasy.explain.events import explain_event
from speakeasy.games.speakeasy.explain.refusals import explain_error
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.state import BuildingType, Colour, GameState
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.games.speakeasy.rules.wording import districts
from speakeasy.games.speakeasy.studies.analysis import catalog_of
from speakeasy.games.speakeasy.table.play import Table, option_district
from speakeasy.tools import tutorial
from speakeasy.tools.tutorial import ACCEPTED, Course, Verdict, wrong

__all__ = [
    "COURSE",
    "LEARNER",
    "LESSONS",
    "OPPONENT",
    "PLAYERS",
    "SEED",
    "Lesson",
    "lesson",
    "notoriety_lines",
    "police_lines",
    "round_lines",
    "truck_lines",
]

#: The seed of every prepared position.
SEED = 0
#: The learner's colour and the bot's.
LEARNER = Colour.PURPLE
OPPONENT = Colour.YELLOW
PLAYERS: tuple[Colour, ...] = (LEARNER, OPPONENT)
#: Events that belong to the Lucky Luciano phase.
LUCIANO_KINDS = frozenset({"gang_war", "police_arrive", "district_control", "payout"})


class Lesson(tutorial.Lesson[Game]):
    """One of Speakeasy's lessons (:data:`COURSE`)."""

    def course(self) -> Course[Game]:
        return COURSE


def lesson(lesson_id: str) -> tutorial.Lesson[Game]:
    """The lesson with this id."""
    return COURSE.lesson(lesson_id)


# ---------------------------------------------------------------------- the prepared game
# Seed 0, purple (learner) and yellow. Prologue: purple's mafioso takes a leverage token, its bar
# goes to district 16 where police stand, its card slots 2 leverage; yellow builds in district 3.
# Round 1: yellow's capo takes the Contractors' Office's first person.
PROLOGUE: tuple[str, ...] = (
    "mafioso docks downtown 0",
    "mafioso docks midtown 1",
    "build open bar-left-1",
    "build_space 16 0",
    "play distillery-09",
    "build open bar-left-1",
    "build_space 3 0",
    "play party-04",
    "raise party",
    "skip",
    "capo contractors 0",
    "done",
    "draw vip",
)
CAPO_SOLUTION = ("capo contractors 1",)
LEVEL_SOLUTION = ("raise vip",)
BAR_SOLUTION = ("build open bar-left-2", "build_space 3 1")
# Purple ends its turn; yellow visits the City Planning Office; purple goes to City Hall.
AFTER_BAR = (
    "done",
    "draw fleet",
    "capo planning 0",
    "done",
    "skip",
    "draw party",
    "capo city_hall 0",
)
PROTECT_SOLUTION = ("mafioso vip", "play vip-02", "raise vip", "protect 16 0")
# Purple ends its turn; yellow visits the Commission; purple goes to the Garage (its left person
# gives +2 range) and plays a fleet card with the +2 range reward: range 5.
AFTER_PROTECT = (
    "draw party",
    "capo commission 0",
    "skip",
    "done",
    "skip",
    "draw vip",
    "capo garage 0",
    "play fleet-10",
)
TRUCK_SOLUTION = ("enter 6", "buy daisy", "move 3", "deliver 3 1")
BOT_SEED = 6


def _bots_to_luciano() -> tuple[str, ...]:
    """Seeded bots play both seats to the end of Act 1; stop at the learner's last decision
    before the Lucky Luciano phase."""
    base = (*PROLOGUE, *CAPO_SOLUTION, *LEVEL_SOLUTION, *BAR_SOLUTION, *AFTER_BAR)
    base += (*PROTECT_SOLUTION, *AFTER_PROTECT, *TRUCK_SOLUTION)
    game = Game.replay(SEED, base, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED)
    while not game.is_over:
        events = game.apply(decide(game, bot))
        if any(e.kind in LUCIANO_KINDS for e in events):
            break
    steps = game.steps
    last = max(i for i, s in enumerate(steps) if s.player is LEARNER and i >= len(base))
    return tuple(str(a) for a in game.history[:last])


def _bots_to_next_round() -> tuple[str, ...]:
    """After the Luciano phase (bots again), up to the learner's first decision of Act 2."""
    start = COURSE.history("luciano")
    game = Game.replay(SEED, start, players=list(PLAYERS))
    bot = RandomBot(BOT_SEED + 1)
    while not game.is_over and game.state.act < 2:
        game.apply(decide(game, bot))
    while not game.is_over and game.current_player is not LEARNER:
        game.apply(decide(game, bot))
    return tuple(str(a) for a in game.history)


# ---------------------------------------------------------------------- helpers for judges
def _learner_events(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind and e.player == LEARNER.value]


# -- lesson 1: capos and persons
LOCATION_NAMES = {
    "contractors": "the Contractors' Office",
    "planning": "the City Planning Office",
    "garage": "the Garage",
    "city_hall": "City Hall",
    "commission": "the Commission",
    "docks": "the Docks",
    "restaurant": "the Restaurant",
    "central_park": "Central Park",
}


def _judge_capo(game: Game, action: Action) -> Verdict:
    if action.kind != "capo" or not action.args:
        return ACCEPTED
    where = str(action.args[0])
    if where == "contractors":
        return ACCEPTED
    if where == "restaurant":
        return wrong(
            "The Restaurant's person takes any number of capos, but it makes you discard a card "
            "and drop down the turn order before its actions. This lesson asks for the "
            "Contractors' Office, whose free person raises a level and lets you open bars.",
            "R-LOC-GEN-1",
            "R-LOC-CONTRACTORS-1",
        )
    return wrong(
        f"{LOCATION_NAMES.get(where, where)} is a legal visit, but this lesson asks you to send "
        "your capo to the Contractors' Office: its free person raises a level and then lets "
        "you open bars.",
        "R-LOC-CONTRACTORS-1",
        "R-TURN-3",
    )


def _capo_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("location") == "contractors" for e in _learner_events(events, "capo"))


# -- lesson 2: operations and notoriety
def _judge_raise(game: Game, action: Action) -> Verdict:
    if action.kind == "skip":
        return wrong(
            "Every action of a person is optional, but a free level is worth taking: it also "
            "adds 1 notoriety. Raise your VIP room.",
            "R-LOC-GEN-5",
            "R-NOTOR-1",
        )
    if action.kind != "raise" or not action.args:
        return ACCEPTED
    track = str(action.args[0])
    if track == "vip":
        return ACCEPTED
    if track == "strength":
        return wrong(
            "Strength adds notoriety too, but it is not an operation: it defends your "
            "buildings in gang wars. This lesson raises an operation: your VIP room.",
            "R-LEVEL-1",
            "R-NOTOR-1",
        )
    return wrong(
        f"Raising {track} would add 1 notoriety as well, but the next lessons need a bigger "
        "VIP room: its level decides how many mafiosi wait in your VIP area to protect "
        "buildings.",
        "R-LEVEL-7",
        "R-MAFIOSO-2",
    )


def _level_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("track") == "vip" for e in _learner_events(events, "raise"))


def _effect_text(space: int, catalog: Catalog) -> str:
    for reward in catalog.notoriety.rewards:
        if reward.space == space:
            return ", ".join(e.label for e in reward.effect)
    return ""


def notoriety_lines(
    state: GameState, colour: Colour = LEARNER, *, catalog: Catalog | None = None
) -> list[str]:
    """The learner's notoriety, the barrel prices it gives and the next reward spaces;
    ``catalog`` is the game's (its notoriety track); without one, the shipped catalogue."""
    catalog = catalog if catalog is not None else load_catalog()
    track = catalog.notoriety
    player = state.players[colour]
    value = player.notoriety
    levels = ", ".join(f"{t.value} {n}" for t, n in player.levels.items())
    bar, premium = track.price_at(value)
    lines = [
        f"Notoriety {value} = the sum of your levels ({levels}).",
        f"A barrel sells for ${bar} at a bar and ${premium} at a nightclub or casino.",
    ]
    ahead = [p for p in track.prices if p.space > value]
    if ahead:
        lines.append(
            f"At notoriety {ahead[0].space} prices rise to ${ahead[0].bar}/${ahead[0].premium}."
        )
    rewards = [r for r in track.rewards if r.space > value]
    if rewards:
        lines.append(
            "Rewards ahead: "
            + "; ".join(f"at {r.space}, {_effect_text(r.space, catalog)}" for r in rewards[:3])
            + "."
        )
    return lines


# -- lesson 3: opening a bar
def _judge_bar(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "build":
        if action.kind == "done":
            return wrong(
                "Done would end your building action without a bar. Open one: a bar from the "
                "left group costs $3.",
                "R-LOC-CONTRACTORS-2",
                "R-BUILD-2",
            )
        piece = str(action.args[1]) if len(action.args) > 1 else ""
        if piece == "distillery":
            return wrong(
                "The distillery makes barrels but never sells them, and you may only ever have "
                "one. This lesson is about opening a bar.",
                "R-BUILD-7",
                "R-BARREL-2",
            )
        return ACCEPTED
    if decision.kind == "build_space" and action.args:
        district = game.state.districts.get(int(action.args[0]))
        if district is not None and district.police:
            return wrong(
                f"Building in district {district.number} is allowed, but police stand there: "
                "the bar would not operate until a mafioso protects it. Pick a district "
                "without police.",
                "R-BUILD-6",
                "R-GOLDEN-1",
            )
    return ACCEPTED


def _bar_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(
        str(e.data.get("piece", "")).startswith("bar") for e in _learner_events(events, "open")
    )


# -- lesson 4: protection and police
def _judge_protect(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if decision.kind == "mafioso" and action.args and action.args[0] == "docks":
        return wrong(
            "A mafioso in the docks earns that row's reward, but only mafiosi in your VIP area "
            "can go out to protect a building. Put it in your VIP area.",
            "R-PROTECT-1",
            "R-MAFIOSO-1",
        )
    if decision.kind == "play_card" and action.kind == "skip":
        return wrong(
            "The VIP card's action is protection: skip it and your mafioso stays home.",
            "R-CARD-2",
            "R-PROTECT-1",
        )
    if decision.kind == "protect":
        if action.kind == "done":
            return wrong(
                "Stopping now leaves your bar in district 16 closed: police stand there and "
                "nothing protects it.",
                "R-GOLDEN-1",
                "R-GOLDEN-2",
            )
        if action.kind == "protect" and action.args:
            district = game.state.districts[int(action.args[0])]
            if not district.police:
                return wrong(
                    f"No police stand in district {district.number}: your bar there already "
                    "operates. Protection matters where police stand.",
                    "R-GOLDEN-1",
                    "R-PROTECT-1",
                )
    return ACCEPTED


def _protect_reached(game: Game, events: Sequence[Event]) -> bool:
    state = game.state
    return any(
        b.protected and state.districts[d].police for d, _, b in state.buildings(LEARNER)
    ) and bool(_learner_events(events, "protect"))


def police_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    """Each of the learner's buildings: police there, protected, operating (R-GOLDEN-1)."""
    lines = []
    for d, s, b in state.buildings(colour):
        district = state.districts[d]
        police = "police" if district.police else "no police"
        guard = ", protected by a mafioso" if b.protected else ""
        works = "operates" if operating(district, b) else "does NOT operate (counts as absent)"
        lines.append(
            f"Your {b.type.value} in district {d} (space {s + 1}): {police}{guard} — {works}."
        )
    return lines


# -- lesson 5: trucks
def _truck_now(game: Game) -> tuple[int | None, int, int] | None:
    """(district or None, barrels, points left) of the truck being moved, from the decision."""
    decision = game.pending
    if decision is None or decision.kind != "truck":
        return None
    return decision.fact("district"), decision.fact("barrels"), decision.fact("points")


def _targets(state: GameState) -> list[int]:
    """Districts of the learner's operating bars, nightclubs and casinos without a barrel."""
    return sorted(
        {
            d
            for d, _, b in state.buildings(LEARNER)
            if b.type is not BuildingType.DISTILLERY
            and not b.barrel
            and operating(state.districts[d], b)
        }
    )


_PARK_WEST, _PARK_EAST = {13, 15}, {14, 16}


def _park_note(a: int, b: int) -> str:
    if (a in _PARK_WEST and b in _PARK_EAST) or (a in _PARK_EAST and b in _PARK_WEST):
        return " Central Park is in the way: no road joins 13 and 15 to 14 and 16."
    return ""


def _judge_truck(game: Game, action: Action) -> Verdict:
    now = _truck_now(game)
    if now is None:
        return ACCEPTED
    where, barrels, points = now
    state, board = game.state, game.board
    ports = {ship.port for ship in state.ships}
    targets = _targets(state)
    if not targets:
        return ACCEPTED

    def to_target(start: int) -> tuple[int, int]:
        return min((board.distance(start, t), t) for t in targets)

    def via_ship(start: int) -> int:
        return min(board.distance(start, p) + to_target(p)[0] for p in ports)

    if action.kind == "finish":
        return wrong(
            f"Finishing now forfeits the {points} movement point(s) left, and no barrel has "
            "reached your bar yet.",
            "R-TRUCK-14",
            "R-TRUCK-13",
        )
    if action.kind == "enter" and action.args:
        district = int(action.args[0])
        if district not in ports:
            return wrong(
                f"No ship is docked in district {district} and you have no distillery, so there "
                "is nothing to load there. Enter at a port where a ship waits.",
                "R-TRUCK-11",
                "R-TRUCK-10",
            )
        steps, target = to_target(district)
        if steps > points:
            return wrong(
                f"From district {district} your nearest bar without a barrel (district "
                f"{target}) is {steps} moves away; the truck has {points}."
                + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
        return ACCEPTED
    if action.kind == "move" and action.args and where is not None:
        district, left = int(action.args[0]), points - 1
        if barrels == 0 and where in ports:
            return wrong(
                "The truck is empty and a ship is docked right here: buy a barrel before you "
                "drive off, a truck can only deliver what it carries.",
                "R-TRUCK-11",
                "R-TRUCK-9",
            )
        need = to_target(district)[0] if barrels else via_ship(district)
        if need > left:
            steps, target = to_target(district)
            return wrong(
                f"After this move the truck would have {left} point(s) left, but it would still "
                f"need {need} move(s) to deliver." + _park_note(district, target),
                "R-TRUCK-7",
                "R-TRUCK-8",
            )
    return ACCEPTED


def _truck_reached(game: Game, events: Sequence[Event]) -> bool:
    return bool(_learner_events(events, "truck_deliver"))


def truck_lines(
    state: GameState, colour: Colour = LEARNER, *, catalog: Catalog | None = None
) -> list[str]:
    """Where the ships wait, and the learner's bars that could take a barrel; ``catalog`` is
    the game's (its ships' names); without one, the shipped catalogue."""
    catalog = catalog if catalog is not None else load_catalog()
    ships = ", ".join(f"{catalog.ship(s.ship).name}'s at district {s.port}" for s in state.ships)
    targets = list(_targets(state))
    where = districts(targets) if targets else "none"
    return [f"Ships: {ships}.", f"Your operating bars without a barrel: {where}."]


# -- lessons 6 and 7
def _any_move(game: Game, action: Action) -> Verdict:
    return ACCEPTED


def _luciano_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.kind == "payout" for e in events)


def _round_reached(game: Game, events: Sequence[Event]) -> bool:
    return game.is_over or any(e.kind in ("round", "capo_return", "gang_war") for e in events)


def round_lines(state: GameState, colour: Colour = LEARNER) -> list[str]:
    order = ", ".join(c.value for c in state.turn_order.order)
    return [f"Act {state.act}, round {state.round}; turn order: {order}."]


def _notoriety_status(game: Game) -> list[str]:
    return notoriety_lines(game.state, catalog=catalog_of(game))


def _police_status(game: Game) -> list[str]:
    return police_lines(game.state)


def _truck_status(game: Game) -> list[str]:
    return truck_lines(game.state, catalog=catalog_of(game))


def _round_status(game: Game) -> list[str]:
    return round_lines(game.state)


def _script(*parts: tuple[str, ...]) -> Callable[[], tuple[str, ...]]:
    joined = tuple(a for part in parts for a in part)
    return lambda: joined


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="capos",
        title="Capos and persons",
        introduction=(
            "Each turn you send one **capo** (your trusted lieutenant) from your operations "
            "board to a **person** in one of the city's locations, and you then do that "
            "person's actions. A person listens to a single capo for the whole act: once a "
            "capo stands on it, nobody else can use it until the capos go home. The "
            "Restaurant is the exception: its person listens to any number of capos.\n\n"
            "Yellow moved first this round and its capo already stands on the Contractors' "
            "Office's first person. You play purple."
        ),
        goal="Send your capo to the free person of the Contractors' Office.",
        rules=("R-TURN-3", "R-TURN-4", "R-CAPO-5", "R-LOC-GEN-1", "R-LOC-CONTRACTORS-1"),
        hints=(
            "The options are grouped by location; look for the Contractors' Office.",
            "Person 1 is taken by yellow's capo; person 2 is free.",
        ),
        script=_script(PROLOGUE),
        reached=_capo_reached,
        judge=_judge_capo,
        solution=CAPO_SOLUTION,
    ),
    Lesson(
        id="levels",
        title="Operations and notoriety",
        introduction=(
            "Your business has four **operations** (VIP room, party, distillery, fleet) and a "
            "**strength** track, each from level 1 to 5. The VIP level is how many mafiosi your "
            "VIP area holds, party how many barrels you sell at once, distillery how many you "
            "make, fleet how far your trucks drive.\n\n"
            "**Notoriety** is always the sum of your five levels: every raise moves it up at "
            "once. It sets the price your barrels fetch, and some of its spaces hand out a "
            "one-off reward the first time you reach them."
        ),
        goal="Use the person's raise on your VIP room, and watch your notoriety follow.",
        rules=("R-LEVEL-1", "R-LEVEL-2", "R-LEVEL-7", "R-NOTOR-1", "R-NOTOR-2", "R-NOTOR-3"),
        hints=(
            "The VIP room is the operation called 'vip'.",
            "Choose 'Raise vip to 2'.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION),
        lead_in=(),
        reached=_level_reached,
        judge=_judge_raise,
        solution=LEVEL_SOLUTION,
        status=_notoriety_status,
    ),
    Lesson(
        id="bar",
        title="Opening a bar",
        introduction=(
            "The Contractors' Office lets you build up to twice. A **bar** costs $3, $5 or $8 "
            "depending on which group of your operations board it comes from, and goes on any "
            "empty building space of an open district. If a **city token** lies on that space "
            "you take it: you can play it later at the Restaurant.\n\n"
            "Bars are not limited per area. Nightclubs and casinos are: at most one of each per "
            "area for every player. A district with police is allowed, but a building there "
            "only works once a mafioso protects it."
        ),
        goal="Open a bar from the left group ($3) in a district without police.",
        rules=("R-BUILD-1", "R-BUILD-2", "R-BUILD-5", "R-BUILD-6", "R-CITY-1"),
        hints=(
            "First choose 'Open a bar from the left group ($3)'.",
            "Then click a district on the map: district 3, next to the port of district 6, is "
            "a good spot.",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION),
        lead_in=(),
        reached=_bar_reached,
        judge=_judge_bar,
        solution=BAR_SOLUTION,
        highlight=(3,),
    ),
    Lesson(
        id="protect",
        title="Protection and police",
        introduction=(
            "**The golden rule:** a building works only if no police figure stands in its "
            "district, or a mafioso protects it. A building that does not work counts as if "
            "it were not there: no barrels, no area control, no points.\n\n"
            "Your first bar stands in district 16, where police patrol. Your capo is at City "
            "Hall: it gives you a mafioso, a leverage token and the play of a VIP card, whose "
            "action is protection. Each protecting mafioso leaves your VIP area and costs "
            "leverage by your turn-order column (3 in column 2), paid from your slotted cards' "
            "leverage and leverage tokens."
        ),
        goal="Put the new mafioso in your VIP area, play your VIP card and protect the bar in "
        "district 16.",
        rules=("R-GOLDEN-1", "R-GOLDEN-2", "R-PROTECT-1", "R-PROTECT-2", "R-PROTECT-3"),
        hints=(
            "Choose 'Put the mafioso in your VIP area', then play vip-02.",
            "When asked to protect, choose the bar in district 16 (police stand there).",
        ),
        script=_script(PROLOGUE, CAPO_SOLUTION, LEVEL_SOLUTION, BAR_SOLUTION, AFTER_BAR),
        lead_in=AFTER_BAR,
        reached=_protect_reached,
        judge=_judge_protect,
        solution=PROTECT_SOLUTION,
        highlight=(16,),
        status=_police_status,
    ),
    Lesson(
        id="trucks",
        title="Trucks",
        introduction=(
            "A fleet card moves your trucks. A truck starts off the map, enters in any "
            "district for free, then every move to a neighbouring district costs one point. "
            "Its points are its **range**: your fleet level (1), +2 from this card's reward "
            "and +2 from the Garage's left person: 5.\n\n"
            "Barrels come from a smugglers' ship at its port (you pay the price shown) or "
            "from your own distillery. Loading and delivering cost nothing; you may drop one "
            "barrel beside each of your working bars. Corners do not connect, and nothing "
            "crosses **Central Park**: 13 and 15 have no road to 14 and 16."
        ),
        goal="Bring a barrel to one of your working bars.",
        rules=("R-TRUCK-2", "R-TRUCK-4", "R-TRUCK-7", "R-TRUCK-8", "R-TRUCK-11", "R-TRUCK-13"),
        hints=(
            "A ship waits at the port of district 6; your new bar in district 3 is next door.",
            "Enter in district 6, buy a barrel, move to 3 and deliver.",
        ),
        script=_script(
            PROLOGUE,
            CAPO_SOLUTION,
            LEVEL_SOLUTION,
            BAR_SOLUTION,
            AFTER_BAR,
            PROTECT_SOLUTION,
            AFTER_PROTECT,
        ),
        lead_in=AFTER_PROTECT,
        own_game_hints=(
            "Your bars without a barrel are listed above, and the ships' ports: enter at a "
            "port from which one of those bars is within the truck's range.",
            "Enter there, buy a barrel, drive to the bar and deliver.",
        ),
        reached=_truck_reached,
        judge=_judge_truck,
        solution=TRUCK_SOLUTION,
        highlight=(6, 3),
        status=_truck_status,
    ),
    Lesson(
        id="luciano",
        title="The Lucky Luciano phase",
        introduction=(
            "The rest of Act 1 has been played for you. When the last capo of the act has "
            "acted, the game runs the **Lucky Luciano phase** by itself: gangsters arrive in "
            "some districts and attack the buildings there (gang war), new police arrive, "
            "each district's best building wins its control, and each area pays its leaders "
            "into their safes.\n\n"
            "Make your last move of the act, then step through what happened, one event at a "
            "time."
        ),
        goal="Finish the act and watch the Luciano phase run to its payout.",
        rules=("R-ACT-2", "R-GANGWAR-6", "R-POLICE-1", "R-CONTROL-3", "R-PAYOUT-1"),
        hints=(
            "Any move will do here: the point is to watch what follows.",
            "Use the step-through slider below the map once the payout has happened.",
        ),
        script=_bots_to_luciano,
        reached=_luciano_reached,
        judge=_any_move,
    ),
    Lesson(
        id="round",
        title="A whole round against a bot",
        introduction=(
            "Now you play on your own: a whole round of Act 2 against a bot playing yellow. "
            "Every move is yours; the bot answers by itself. Use what you learnt: send a capo, "
            "do its person's actions, draw a card."
        ),
        goal="Play your turn until the round ends.",
        rules=("R-TURN-3", "R-TURN-5", "R-ACT-3"),
        hints=(
            "Every decision shows its options; any of them is legal.",
            "The round ends when every player has taken a turn.",
        ),
        script=_bots_to_next_round,
        reached=_round_reached,
        judge=_any_move,
        status=_round_status,
    ),
)


# ---------------------------------------------------------------------- the course
def _replay(actions: tuple[str, ...]) -> Game:
    return Game.replay(SEED, actions, players=list(PLAYERS))


def _answer(game: Game, action: Action) -> None:
    """The learner's move, then the bot's answers until the learner decides again."""
    before = len(game.history)
    table = Table(
        game,
        {LEARNER: "human", OPPONENT: "bot"},
        {OPPONENT: RandomBot(seed=derive_seed(SEED, "bot", OPPONENT.value, before))},
    )
    table.choose(action)


def _explain(event: Event) -> str:
    return explain_event(event).text


def _truck_feasible(game: Game) -> bool:
    """Whether a barrel can reach one of the learner's bars with the truck's points (a carried
    position must leave the trucks lesson solvable)."""
    now = _truck_now(game)
    if now is None:
        return False
    targets = _targets(game.state)
    ports = {ship.port for ship in game.state.ships}
    return any(game.board.distance(p, t) <= now[2] for p in ports for t in targets)


#: Extra checks a position continued from the learner's game must pass, by lesson.
_CARRY_CHECKS: dict[str, Callable[[Game], bool]] = {"trucks": _truck_feasible}


#: Speakeasy's lessons, played by the tutorial (:mod:`speakeasy.tools.tutorial`).
COURSE: Course[Game] = Course(
    LESSONS,
    learner=LEARNER,
    replay=_replay,
    answer=_answer,
    explain_event=_explain,
    explain_error=explain_error,
    option_district=option_district,
    default_rule="R-TURN-1",
    carry_checks=_CARRY_CHECKS,
)
