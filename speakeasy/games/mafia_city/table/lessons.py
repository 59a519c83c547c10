"""Mafia City's lessons: a first round, one idea at a time, played with the shared tutorial
(:mod:`speakeasy.tools.tutorial`).

Each lesson starts from a prepared position, a small position file in
``data/mafia_city/lessons/`` (the format of :mod:`speakeasy.games.mafia_city.positions`), so the
position is legal by construction; the learner plays red and random bots play blue and green.
Each lesson judges the learner's legal moves with the reason a move is not what it asks and the
rules behind it (IDs from the Mafia City rules reference); the engine refuses illegal ones with
its own rule. The lessons, in the order of a round:

1. ``place``: action A, placing a token; control of a location (MC-ACT-4, MC-CTRL-3, MC-CTRL-5);
2. ``text``: action B, a card for its text (MC-ACT-5, MC-CARD-1, MC-SNITCH-1);
3. ``hat``: a card for its corner symbol, the Hat (MC-HAT-1, MC-HAT-2);
4. ``bullet``: the Bullet after passing (MC-ACT-7, MC-ACT-9, MC-BULLET-1, MC-BULLET-2);
5. ``veto``: reactions: two Fists cancel an opponent's effect (MC-FIST-1, MC-VETO-2, MC-VETO-8);
6. ``locations``: phase II, each location's effect (MC-LOC-2, MC-PRISON-5, MC-HARBOUR-3,
   MC-BUSINESS-2, MC-HALL-2);
7. ``plus``: the "+1" symbol at the Private Club (MC-CLUB-2, MC-PLUS-1);
8. ``takeback``: phase III, taking tokens back, and phase IV's draws (MC-STR-1, MC-STR-3,
   MC-END-1..5);
9. ``win``: the end of the game (MC-WIN-1, MC-WIN-2, MC-MODE-1).

>>> [x.id for x in LESSONS][:3], str(lesson("place").position().pending.kind)
(['place', 'text', 'hat'], 'turn')
>>> lesson("place").check(lesson("place").position(), "place 2").rules
('MC-CTRL-3', 'MC-MAP-6')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from speakeasy.core.actions import Action, Decision, Event, IllegalAction
from speakeasy.core.seeds import derive_seed
from speakeasy.games.mafia_city.engine.bots import RandomBot
from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.data import load_data
from speakeasy.games.mafia_city.positions import Position, load_position
from speakeasy.games.mafia_city.rules.control import control
from speakeasy.games.mafia_city.table.play import SeatKind, Table, option_location, pretty_text
from speakeasy.tools import tutorial
from speakeasy.tools.paths import data_path
from speakeasy.tools.tutorial import ACCEPTED, Course, Verdict, wrong

__all__ = [
    "COURSE",
    "LEARNER",
    "LESSONS",
    "LESSON_DIR",
    "PLAY_PAGE",
    "Lesson",
    "lesson",
    "location_lines",
]

#: The learner's colour; bots play the others.
LEARNER: Final = "red"
#: The lessons' prepared positions.
LESSON_DIR: Final = data_path("mafia_city/lessons")
#: The workshop's page where a whole game is played (the station ``mafia-city-play``), offered
#: after the last lesson.
PLAY_PAGE: Final = "/mafia-city-play/"


class Lesson(tutorial.Lesson[Game]):
    """One of Mafia City's lessons (:data:`COURSE`)."""

    def course(self) -> Course[Game]:
        return COURSE


def lesson(lesson_id: str) -> tutorial.Lesson[Game]:
    """The lesson with this id."""
    return COURSE.lesson(lesson_id)


# ---------------------------------------------------------------------- helpers
def _name(location: int) -> str:
    return load_data().locations[location].name


def _controller(stack: list[str], location: int) -> str | None:
    """Who would control ``location`` with this stack (MC-CTRL-3, MC-CTRL-5)."""
    return control(stack, load_data().locations[location].control).controller


def _mine(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind and e.player == LEARNER]


def _location(action: Action, at: int = 0) -> int | None:
    arg = action.args[at] if len(action.args) > at else None
    return arg if isinstance(arg, int) else None


def _card_kind(card: object) -> str:
    data = load_data()
    return data.cards[str(card)].kind if str(card) in data.cards else ""


def _place_verdict(game: Game, location: int, rules_if_wrong: str = "") -> Verdict:
    """Whether placing a token on ``location`` would make the learner its controller."""
    stack = [*game.state.stacks[location], LEARNER]
    if _controller(stack, location) == LEARNER:
        return ACCEPTED
    name = _name(location)
    if load_data().locations[location].control == "sole":
        return wrong(
            f"{name} goes only to a player with more tokens there than anyone else: with your "
            "token added it is a tie, and a tie there means nobody controls it.",
            "MC-CTRL-5",
            rules_if_wrong or "MC-HALL-1",
        )
    return wrong(
        f"At {name} a tie goes to the player who got there first, the one with the lowest "
        "token in the stack: with your token on top you would tie and still lose it.",
        "MC-CTRL-3",
        "MC-MAP-6",
    )


# -- 1: placing a token
def _judge_place(game: Game, action: Action) -> Verdict:
    if action.kind == "place":
        where = _location(action)
        return _place_verdict(game, where) if where is not None else ACCEPTED
    if action.kind == "pass":
        return wrong(
            "Passing drops you out of the rest of this phase with your tokens still in hand. "
            "Place one first.",
            "MC-ACT-7",
            "MC-ACT-4",
        )
    return wrong(
        "Playing or discarding a card is action B, the next lesson. This one is about action "
        "A: put a token from your hand on top of a stack.",
        "MC-ACT-3",
        "MC-ACT-4",
    )


def _place_reached(game: Game, events: Sequence[Event]) -> bool:
    """The learner placed a token and now controls that location (the bots have passed)."""
    stacks = game.state.stacks
    return any(
        _controller(list(stacks[int(e.data["location"])]), int(e.data["location"])) == LEARNER
        for e in _mine(events, "place")
    )


# -- 2: a card for its text
def _judge_text(game: Game, action: Action) -> Verdict:
    if action.kind == "snitch":
        where, at = _location(action, 1), _location(action, 2)
        if where is None or at is None:
            return ACCEPTED
        stack = list(game.state.stacks[where])
        owner = stack[at]
        del stack[at]
        if owner == LEARNER or _controller(stack, where) != LEARNER:
            return wrong(
                f"Snitch may send any token to the Cell, but this one leaves {_name(where)} "
                "without a majority for you. Send one of blue's tokens at City Hall.",
                "MC-SNITCH-1",
                "MC-HALL-1",
            )
        return ACCEPTED
    if action.kind == "hat":
        return wrong(
            "That plays the card for its corner symbol, the Hat, and ignores its text. This "
            "lesson plays Snitch for its text.",
            "MC-CARD-1",
            "MC-HAT-2",
        )
    if action.kind == "wait":
        return wrong(
            "Discarding a card as the waiting action does nothing at all. Play Snitch for its "
            "text instead.",
            "MC-ACT-5",
            "MC-CARD-1",
        )
    if action.kind == "thief":
        return wrong(
            "Thief takes a card from an opponent's hand: it does not change City Hall. Snitch "
            "sends a token to the Cell.",
            "MC-THIEF-1",
            "MC-SNITCH-1",
        )
    if action.kind == "place":
        return wrong(
            "A token on City Hall would break the tie, but this lesson is about action B: "
            "play a card for its text.",
            "MC-ACT-5",
            "MC-CARD-1",
        )
    return wrong(
        "Passing ends your phase with City Hall still tied. Play Snitch.", "MC-ACT-7", "MC-HALL-1"
    )


def _text_reached(game: Game, events: Sequence[Event]) -> bool:
    jailed = [e for e in _mine(events, "jail") if e.data.get("owner") != LEARNER]
    return bool(jailed) and any(e.data.get("what") == "snitch" for e in _mine(events, "play"))


# -- 3: the Hat
def _judge_hat(game: Game, action: Action) -> Verdict:
    if action.kind == "hat":
        return ACCEPTED
    if action.kind == "snitch":
        return wrong(
            "That plays Snitch for its text: your token would go to the Cell, out of play "
            "until the Prison lets it out. A Hat brings it back to your hand.",
            "MC-SNITCH-1",
            "MC-HAT-2",
        )
    if action.kind == "place":
        return wrong(
            "Another token on the Fight Club would only tie with blue, and a tie there means "
            "nobody controls it. Take your token back with the Hat instead.",
            "MC-CTRL-5",
            "MC-HAT-2",
        )
    return wrong(
        "This lesson plays a card for its corner symbol: Thief shows a Hat. Play it as a Hat.",
        "MC-CARD-1",
        "MC-HAT-1",
    )


def _hat_reached(game: Game, events: Sequence[Event]) -> bool:
    return bool(_mine(events, "take-back"))


# -- 4: the Bullet
def _judge_bullet(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None:
        return ACCEPTED
    if action.kind == "skip":
        return wrong(
            "Staying passed leaves City Hall tied, so nobody would take it. A Bullet gives you "
            "one more action although you have passed.",
            "MC-ACT-9",
            "MC-BULLET-2",
        )
    if decision.kind == "follow-up":
        if action.kind == "place" and _location(action) == 7:
            return ACCEPTED
        if action.kind == "snitch" and _location(action, 1) == 7:
            return ACCEPTED
        return wrong(
            "Your one action after the Bullet should break the tie at City Hall, where nobody "
            "has a majority now: a token there, or one of blue's sent to the Cell.",
            "MC-HALL-1",
            "MC-BULLET-2",
        )
    return ACCEPTED


def _bullet_reached(game: Game, events: Sequence[Event]) -> bool:
    played = any(e.data.get("what") == "bullet" for e in _mine(events, "play"))
    helped = any(e.data.get("location") == 7 for e in _mine(events, "place")) or any(
        e.data.get("location") == 7 and e.data.get("owner") != LEARNER
        for e in _mine(events, "jail")
    )
    return played and helped


# -- 5: two Fists
def _judge_veto(game: Game, action: Action) -> Verdict:
    if action.kind == "pass" and game.pending is not None and game.pending.kind == "veto":
        return wrong(
            "Letting it through sends your token at City Hall to the Cell. Two cards with the "
            "Fist symbol, played together, cancel blue's Snitch.",
            "MC-FIST-1",
            "MC-SNITCH-2",
        )
    return ACCEPTED


def _veto_reached(game: Game, events: Sequence[Event]) -> bool:
    return bool(_mine(events, "veto")) and any(
        e.kind == "cancel" and not e.data.get("happens", True) for e in events
    )


# -- 6: the location phase
def _judge_locations(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None or decision.kind != "prison":
        return ACCEPTED
    if action.kind == "decline":
        return wrong(
            "Without the Prison's effect City Hall stays tied 2-2 and nobody takes the Mayor. "
            "Send one of blue's tokens there to the Cell.",
            "MC-PRISON-5",
            "MC-HALL-4",
        )
    where, at = _location(action, 0), _location(action, 1)
    if where is None or at is None:
        return ACCEPTED
    stack = list(game.state.stacks[where])
    if where == 7 and stack[at] != LEARNER:
        return ACCEPTED
    return wrong(
        "That token's place in the Cell does not win you City Hall, which is evaluated last "
        "and stands 2-2. Send one of blue's tokens there.",
        "MC-PRISON-5",
        "MC-HALL-1",
    )


def _locations_reached(game: Game, events: Sequence[Event]) -> bool:
    return game.state.mayor == LEARNER


#: Each location's effect in a line of our own words (the rules in the lesson's list).
EFFECTS: Final = {
    1: "frees every token in the Cell, then its controller may send any token to the Cell.",
    2: "its controller may move the Hitman one step, then play a Hitman card there.",
    3: "a sole majority: its controller takes a token from reserve into hand.",
    4: "its controller takes the Police Officer and may look at any hand.",
    5: "its controller may draw 3 cards, then discard 1.",
    6: "its controller may play a card for its +1 symbol: 1 more VP.",
    7: "a sole majority: its controller takes the Mayor, who orders phases II and III.",
}


def location_lines(game: Game) -> list[str]:
    """Each location's effect, and who would control it now."""
    lines = []
    for number in range(1, 8):
        who = _controller(list(game.state.stacks[number]), number) or "nobody"
        lines.append(f"{_name(number)} ({who} now): {EFFECTS[number]}")
    return lines


# -- 7: the +1
def _judge_plus(game: Game, action: Action) -> Verdict:
    if action.kind == "decline":
        return wrong(
            "Controlling the Private Club lets you play a card for its +1 symbol: one more VP. "
            "Do not leave it.",
            "MC-CLUB-2",
            "MC-PLUS-1",
        )
    return ACCEPTED


def _plus_reached(game: Game, events: Sequence[Event]) -> bool:
    return any(e.data.get("bonus") for e in _mine(events, "vp"))


# -- 8: taking back
def _judge_takeback(game: Game, action: Action) -> Verdict:
    decision = game.pending
    if decision is None or decision.kind != "withdraw":
        return ACCEPTED
    stacks = game.state.stacks
    fight = LEARNER in stacks[3]
    if fight and action.kind == "keep":
        return wrong(
            "Blue will never lose the Fight Club's majority to a token left there, and a token "
            "in hand is what you place next round. Take both back.",
            "MC-STR-1",
            "MC-STR-3",
        )
    if not fight and action.kind == "withdraw" and _location(action) == 0:
        return wrong(
            "Your token at the bottom of the Private Club got there first: it wins any tie "
            "there. Keep it.",
            "MC-CTRL-3",
            "MC-MAP-6",
        )
    return ACCEPTED


def _takeback_reached(game: Game, events: Sequence[Event]) -> bool:
    return game.state.round >= 2 and len(_mine(events, "withdraw")) >= 2


# -- 9: winning
def _judge_win(game: Game, action: Action) -> Verdict:
    state = game.state
    if action.kind == "place":
        where = _location(action)
        return _place_verdict(game, where, "MC-WIN-1") if where is not None else ACCEPTED
    if action.kind == "pass" and state.stacks[7].count(LEARNER) <= state.stacks[7].count("blue"):
        return wrong(
            f"Passing now ends phase I with no location yours: you would finish phase II on "
            f"{state.seats[LEARNER].vp} VP, short of the {state.target} needed.",
            "MC-WIN-1",
            "MC-MODE-1",
        )
    return ACCEPTED


def _win_reached(game: Game, events: Sequence[Event]) -> bool:
    return game.is_over and game.result().winner == LEARNER


def _vp_lines(game: Game) -> list[str]:
    state = game.state
    vp = ", ".join(f"{p} {state.seats[p].vp}" for p in state.players)
    return [f"VP: {vp}; the game ends at the end of a phase II with {state.target} or more."]


def _status_vp(game: Game) -> list[str]:
    return _vp_lines(game)


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        id="place",
        title="Placing a token",
        introduction=(
            "Mafia City is a fight for seven **locations** of the city. Each location has a "
            "**stack** of mafioso tokens: a new token always goes on top. Your tokens are "
            "either in your **hand** (ready to place), in your **reserve** (waiting), on the "
            "map, or in the Prison's jail (the next lesson).\n\n"
            "In **phase I** the players take turns. On your turn you do one thing: **A** place "
            "a token from your hand, **B** play cards, or **C** pass. Later, in phase II, each "
            "location goes to its **controller**: the player with the most tokens there. At "
            "most locations a tie goes to whoever got there first; at the Fight Club and "
            "City Hall a tie means nobody. You play red; bots play blue and green, and both "
            "have passed."
        ),
        goal="Place a token on a location that it makes yours.",
        rules=("MC-ACT-3", "MC-ACT-4", "MC-MAP-3", "MC-CTRL-3", "MC-CTRL-5"),
        hints=(
            "Blue got to the Harbour and City Hall first: one token of yours would only tie.",
            "Any empty location becomes yours with a single token, for example the Private Club.",
        ),
        script=lambda: (),
        start="place",
        reached=_place_reached,
        judge=_judge_place,
        solution=("place 6",),
        highlight=(2, 7),
    ),
    Lesson(
        id="text",
        title="A card for its text",
        introduction=(
            "Action **B** plays cards. Every card has a **text** (what it does) and, in its "
            "corner, a **symbol**: a fist, a hat, a bullet or a +1. A card is used for one "
            "of them, never both; or you may simply discard one card as your **waiting "
            "action**, which does nothing.\n\n"
            "**Snitch** sends any token from any stack to the **Cell**, the Prison's separate "
            "area: a token there does not count for anything until the Prison frees it. City "
            "Hall stands at two red and two blue tokens: a tie, so nobody would control it."
        ),
        goal="Play Snitch for its text to send one of blue's tokens at City Hall to the Cell.",
        rules=("MC-ACT-5", "MC-CARD-1", "MC-TYPE-1", "MC-SNITCH-1", "MC-PRISON-1", "MC-HALL-1"),
        hints=(
            "Look under Snitch among the options.",
            "Choose Snitch on blue's token number 3 or 4 at City Hall.",
        ),
        script=lambda: (),
        start="text",
        reached=_text_reached,
        judge=_judge_text,
        solution=("snitch snitch-2 7 2",),
        highlight=(7,),
    ),
    Lesson(
        id="hat",
        title="The Hat symbol",
        introduction=(
            "A card played for its **Hat** symbol ignores its text: it takes one of your own "
            "tokens from any stack, at any height, back into your hand, to place again later. "
            "Two Hats played together instead put a token from your reserve on a stack.\n\n"
            "Your token on the Fight Club is outnumbered by blue's two. Your Thief card shows "
            "a Hat in its corner."
        ),
        goal="Play Thief for its Hat symbol to take your token back from the Fight Club.",
        rules=("MC-HAT-1", "MC-HAT-2", "MC-HAT-3", "MC-CARD-1", "MC-MAP-4"),
        hints=(
            "The Hat options are in their own group.",
            "Choose 'Hat: take your token on Fight Club back'.",
        ),
        script=lambda: (),
        start="hat",
        reached=_hat_reached,
        judge=_judge_hat,
        solution=("hat thief-2 3 2",),
        highlight=(3,),
    ),
    Lesson(
        id="bullet",
        title="The Bullet symbol",
        introduction=(
            "**Passing** (action C) drops you out of the rest of phase I. A passed player has "
            "one way back in: on their turn, play a card for its **Bullet** symbol and take "
            "exactly one more action A or B. You stay passed afterwards.\n\n"
            "You have passed, and City Hall stands at one blue and one red token: a tie, so "
            "nobody would control it."
        ),
        goal="Play a Bullet, then use your one action to give you the majority at City Hall.",
        rules=("MC-ACT-7", "MC-ACT-9", "MC-BULLET-1", "MC-BULLET-2", "MC-HALL-1"),
        hints=(
            "Play Thief for its Bullet.",
            "Then place a token on City Hall.",
        ),
        script=lambda: (),
        start="bullet",
        reached=_bullet_reached,
        judge=_judge_bullet,
        solution=("bullet thief-3", "place 7"),
        highlight=(7,),
    ),
    Lesson(
        id="veto",
        title="Reactions: two Fists",
        introduction=(
            "A card's text or symbol is an **effect**, and an opponent may **react** to it "
            "before it happens, even out of turn: two cards with the **Fist** symbol, played "
            "together, cancel it (a **veto**). A veto can itself be cancelled by two more "
            "Fists; the effect happens only if an even number of vetoes stand against it. "
            "Placing a token and passing are not effects and cannot be cancelled.\n\n"
            "Blue is playing Snitch on your token at City Hall. You hold two Fist cards."
        ),
        goal="Cancel blue's Snitch with two Fists.",
        rules=("MC-FIST-1", "MC-FIST-3", "MC-VETO-2", "MC-VETO-4", "MC-VETO-5", "MC-VETO-8"),
        hints=(
            "Only your two Fist cards together can cancel it.",
            "Choose 'Cancel with 2 Fists'.",
        ),
        script=lambda: ("snitch snitch-2 7 0",),
        start="veto",
        reached=_veto_reached,
        judge=_judge_veto,
        solution=("fists snitch-1 thief-5",),
        highlight=(7,),
    ),
    Lesson(
        id="locations",
        title="Phase II: the locations",
        introduction=(
            "When everyone has passed, **phase II** evaluates the locations one by one, in "
            "number order unless someone holds the **Mayor**. For each: its controller gains "
            "1 **VP** (victory point), may use the location's effect, and a cube marks it "
            "done. The effects are listed on the right.\n\n"
            "You control the Prison, the Harbour and the Business District. City Hall, "
            "evaluated last, stands at two red and two blue tokens. The Prison comes first."
        ),
        goal="Use the Prison to win City Hall, and with it the Mayor.",
        rules=(
            "MC-LOC-2",
            "MC-PRISON-5",
            "MC-HARBOUR-3",
            "MC-HARBOUR-5",
            "MC-BUSINESS-2",
            "MC-HALL-2",
        ),
        hints=(
            "The Prison may send any token to the Cell, even one on City Hall.",
            "Jail one of blue's tokens on City Hall; then use or decline the other effects as "
            "you like.",
        ),
        script=lambda: (),
        start="locations",
        reached=_locations_reached,
        judge=_judge_locations,
        solution=("jail 7 3", "stay", "decline", "decline"),
        highlight=(1, 7),
        status=location_lines,
    ),
    Lesson(
        id="plus",
        title="The +1 symbol",
        introduction=(
            "A card's **+1** symbol has one use: when the **Private Club** is evaluated, its "
            "controller may play one card for its +1 and gain 1 more VP. If an opponent "
            "cancels it with two Fists, another +1 may follow, but never more than one extra "
            "VP a round.\n\n"
            "The Private Club is next, and it is yours."
        ),
        goal="Gain the Private Club's extra VP with a +1 card.",
        rules=("MC-CLUB-2", "MC-CLUB-3", "MC-PLUS-1", "MC-PLUS-3"),
        hints=("Your Hitman card shows the +1.", "Play Hitman for its +1."),
        script=lambda: (),
        start="plus",
        reached=_plus_reached,
        judge=_judge_plus,
        solution=("plus hitman-4",),
        highlight=(6,),
        status=_status_vp,
    ),
    Lesson(
        id="takeback",
        title="Taking back, and new cards",
        introduction=(
            "In **phase III** you may take tokens back from the stacks into your hand, "
            "location by location, to place them again next round; those left keep their "
            "place. In **phase IV** the start player's token moves left, then cards are "
            "drawn: the one player with the fewest VP draws 1, and 1 more if they also have "
            "the fewest cards; then everyone draws 1.\n\n"
            "Two of your tokens stand on the Fight Club behind blue; one sits at the bottom "
            "of the Private Club."
        ),
        goal="Take both tokens back from the Fight Club, keep the Private Club's, and start "
        "the next round.",
        rules=("MC-STR-1", "MC-STR-3", "MC-STR-7", "MC-END-1", "MC-END-3", "MC-END-5"),
        hints=(
            "Take back one token at a time.",
            "At the Private Club, keep your token.",
        ),
        script=lambda: (),
        start="takeback",
        reached=_takeback_reached,
        judge=_judge_takeback,
        solution=("withdraw 1", "withdraw 1", "keep"),
        highlight=(3, 6),
        status=_status_vp,
    ),
    Lesson(
        id="win",
        title="Winning",
        introduction=(
            "The game ends only at the end of a phase II, when a player has reached the "
            "**target**: 10 VP with three players. The player with the most VP then wins; a "
            "tie goes to fewer tokens in reserve, then more cards, then the Mayor.\n\n"
            "You have 9 VP and you are the last player still in phase I. An opponent's token "
            "stands on every location, and City Hall is tied one to one."
        ),
        goal="Win the game at the end of this round's phase II.",
        rules=("MC-WIN-1", "MC-WIN-2", "MC-WIN-3", "MC-MODE-1", "MC-HALL-1"),
        hints=(
            "One more location would bring you to 10 VP; only City Hall can become yours.",
            "Place a token on City Hall, then pass.",
        ),
        script=lambda: (),
        start="win",
        reached=_win_reached,
        judge=_judge_win,
        solution=("place 7", "pass"),
        highlight=(7,),
        status=_status_vp,
    ),
)


# ---------------------------------------------------------------------- the course
@functools.cache
def _position(name: str) -> Position:
    """A lesson's prepared position, read once."""
    return load_position(Path(LESSON_DIR) / f"{name}.toml")


def _start_from(name: str, actions: tuple[str, ...]) -> Game:
    game = _position(name).game()
    for action in actions:
        game.apply(action)
    return game


def _replay(actions: tuple[str, ...]) -> Game:
    game = Game.new(3, seed=0)
    for action in actions:
        game.apply(action)
    return game


def _answer(game: Game, action: Action) -> None:
    """The learner's move, then the bots' answers until the learner decides again."""
    kinds: dict[str, SeatKind] = dict.fromkeys(game.players, "random")
    kinds[LEARNER] = "human"
    step = len(game.history)
    bots = {p: RandomBot(seed=derive_seed(game.seed, "lesson", p, step)) for p in game.players}
    del bots[LEARNER]
    Table(game, kinds, dict(bots)).choose(action)


def _explain_event(event: Event) -> str:
    return pretty_text(event.text)


def _explain_error(error: IllegalAction) -> str:
    return pretty_text(error.reason)


def _label(action: Action) -> str:
    return pretty_text(action.describe())


def _where(decision: Decision, action: Action) -> int | None:
    return option_location(action)


#: Mafia City's lessons, played by the tutorial (:mod:`speakeasy.tools.tutorial`).
COURSE: Course[Game] = Course(
    LESSONS,
    learner=LEARNER,
    replay=_replay,
    start_from=_start_from,
    answer=_answer,
    explain_event=_explain_event,
    explain_error=_explain_error,
    option_district=_where,
    default_rule="MC-ACT-3",
    label=_label,
    place_word="location",
    play_page=PLAY_PAGE,
    play_label="Play a whole game of Mafia City against the bots →",
)
