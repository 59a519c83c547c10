"""A position file's game: the rules a position must keep (what the schema cannot say), and the
fresh setup turned into the position it describes.

Every refusal names the field and the rule broken: a colour that does not play (MC-SETUP-2), a
player's tokens that do not add up to the setup's (MC-SETUP-3, MC-COMP-8, DISC-MC-1), a card
missing or in two places (MC-COMP-6, MC-DECK-2), a figure held by nobody at the table
(MC-FIG-2), a turn outside phase I (MC-ACT-2), cubes outside phases II and III (MC-LOC-9), a
token jailed in a round not yet played (MC-PRISON-4, GAP-MC-13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from speakeasy.core.seeds import rng_state
from speakeasy.games.mafia_city.model.data import GameData
from speakeasy.games.mafia_city.model.state import Options
from speakeasy.games.mafia_city.rules.context import Ctx
from speakeasy.tools.position_files import Fail

__all__ = ["DEFAULT_PLAYERS", "PHASES", "build_position", "check_position", "restart_of"]

#: The seats of a position that names none: the first three colours (MC-SETUP-11).
DEFAULT_PLAYERS = ("red", "blue", "green")
#: Where a position may stand: before the mulligans (MC-SETUP-9), or in phase I, II, III or IV
#: of a round (MC-ROUND-1).
PHASES = ("setup", "action", "location", "strategic", "end")


def restart_of(data: Mapping[str, Any]) -> tuple[str, int] | None:
    """Where the rules start from the position ``data``: ``None`` (the mulligans, MC-SETUP-9)
    or ``(phase, round)``."""
    phase = str(data.get("phase", "action"))
    return None if phase == "setup" else (phase, int(data.get("round", 1)))


def _players(data: Mapping[str, Any]) -> list[str]:
    return [str(p) for p in data.get("players", DEFAULT_PLAYERS)]


def check_position(data: Mapping[str, Any], game: GameData, fail: Fail) -> None:
    """Refuse a position (already valid against the schema) that breaks a rule the schema
    cannot state, naming its field and the rule."""
    players = _players(data)
    if not 3 <= len(players) <= 5:  # the schema says so too; data may come unchecked
        fail("Mafia City is for 3 to 5 players (MC-SETUP-11)", "players")
    seated = set(players)

    def seat(value: object, *path: str | int) -> str:
        if value not in seated:
            who = ", ".join(players)
            fail(f"{value!r} does not play; the players are {who} (MC-SETUP-2)", *path)
        return str(value)

    phase = str(data.get("phase", "action"))
    round_ = int(data.get("round", 1))
    if "start_player" in data:
        seat(data["start_player"], "start_player")
    if "turn" in data:
        seat(data["turn"], "turn")
        if phase != "action":
            fail("a turn is taken only in phase I (MC-ACT-2); leave it out here", "turn")
    if data.get("cubes") and phase not in ("location", "strategic"):
        fail("marker cubes lie on the map only in phases II and III (MC-LOC-9, MC-STR-1)", "cubes")
    figures = data.get("figures", {})
    for name in ("officer", "mayor"):
        if name in figures and figures[name] not in seated:
            fail(
                f"{figures[name]!r} does not play: the {name} is on its location or held by a "
                "player (MC-FIG-2)",
                "figures",
                name,
            )
    for key, stack in data.get("stacks", {}).items():
        for i, owner in enumerate(stack):
            seat(owner, "stacks", key, i)
    for i, jailed in enumerate(data.get("cell", ())):
        seat(jailed["owner"], "cell", i, "owner")
        if int(jailed.get("round", 0)) > round_:
            fail(
                f"a token jailed in round {jailed['round']}, after this round {round_} "
                "(MC-PRISON-4, GAP-MC-13)",
                "cell",
                i,
                "round",
            )
    seats = data.get("seats", {})
    for colour in seats:
        seat(colour, "seats", colour)
    if phase == "setup":
        _check_setup(data, round_, game.setup[len(players)].cards, fail)
    everyone_passed = all(seats.get(p, {}).get("passed", False) for p in players)
    if phase == "action" and "turn" in data and everyone_passed:
        fail("every player has passed, so phase I is over (MC-ACT-12)", "turn")
    _check_tokens(data, players, game, fail)
    _check_cards(data, players, game, fail)
    if "rng" in data:
        try:
            rng_state(str(data["rng"]))
        except ValueError as exc:
            fail(str(exc).removeprefix("rng: "), "rng")
    try:
        Options.from_data(data.get("options"))
    except (ValueError, TypeError) as exc:
        fail(str(exc), "options")


def _check_setup(data: Mapping[str, Any], round_: int, cards: int, fail: Fail) -> None:
    """Before the mulligans nothing has been played (MC-SETUP-9, MC-SETUP-10), and a listed
    hand holds the cards dealt (MC-SETUP-8)."""
    if round_ != 1:
        fail("the setup comes before round 1 (MC-SETUP-10)", "round")
    for key in ("stacks", "cell", "cubes", "turn"):
        value = data.get(key)
        if value and (not isinstance(value, Mapping) or any(value.values())):
            fail("nothing is on the map before round 1 starts (MC-SETUP-10)", key)
    figures = data.get("figures", {})
    if figures.get("officer") or figures.get("mayor") or figures.get("hitman", 2) != 2:
        fail("the figures start on their locations (MC-SETUP-5, MC-FIG-1)", "figures")
    seats = data.get("seats", {})
    for colour, seat in seats.items():
        if seat.get("vp", 0) or seat.get("passed", False):
            fail("nobody has VP or has passed before round 1 (MC-SETUP-10)", "seats", colour)
    if data.get("deck") or any("hand" in seat for seat in seats.values()):
        players = [str(p) for p in data.get("players", DEFAULT_PLAYERS)]
        for colour in players:
            hand = seats.get(colour, {}).get("hand", ())
            if len(hand) != cards:
                where = ("seats", colour, "hand") if colour in seats else ("seats",)
                fail(
                    f"{colour} holds {len(hand)} cards; each player is dealt {cards} at the "
                    "setup (MC-SETUP-8)",
                    *where,
                )


def placed_tokens(data: Mapping[str, Any]) -> Counter[str]:
    """Each colour's tokens in the stacks and the Cell."""
    placed: Counter[str] = Counter()
    for stack in data.get("stacks", {}).values():
        placed.update(str(o) for o in stack)
    placed.update(str(c["owner"]) for c in data.get("cell", ()))
    return placed


def _check_tokens(data: Mapping[str, Any], players: list[str], game: GameData, fail: Fail) -> None:
    """Hand + reserve + stacks + Cell = the setup's tokens, the rest of the 12 in the box
    (MC-SETUP-3, MC-COMP-8, DISC-MC-1)."""
    row = game.setup[len(players)]
    owned = row.hand + row.reserve
    placed = placed_tokens(data)
    seats = data.get("seats", {})
    for colour in players:
        spec = seats.get(colour, {})
        reserve = int(spec.get("reserve", row.reserve))
        tokens = int(spec.get("tokens", owned - reserve - placed[colour]))
        where = ("seats", colour, "tokens") if "tokens" in spec else ("stacks",)
        if tokens < 0 or tokens + reserve + placed[colour] != owned:
            fail(
                f"{colour} has {max(tokens, 0)} tokens in hand, {reserve} in reserve and "
                f"{placed[colour]} on the map and in the Cell; a {len(players)}-player game gives "
                f"each player {owned} (MC-SETUP-3, MC-COMP-8)",
                *where,
            )
        box = int(spec.get("box", 12 - owned))
        if box != 12 - owned:
            fail(
                f"{12 - owned} of {colour}'s 12 tokens stay in the box in a {len(players)}-player "
                "game (MC-SETUP-3, DISC-MC-1)",
                "seats",
                colour,
                "box",
            )


def _check_cards(data: Mapping[str, Any], players: list[str], game: GameData, fail: Fail) -> None:
    """Each of the 49 action cards is in exactly one place: a hand, the draw pile or the
    discard pile (MC-COMP-6, MC-DECK-2; the deck is data, MC-CARD-7)."""
    seen: dict[str, tuple[str | int, ...]] = {}
    places: list[tuple[tuple[str, ...], list[Any]]] = [
        (("seats", colour, "hand"), list(spec.get("hand", ())))
        for colour, spec in data.get("seats", {}).items()
    ]
    deck = data.get("deck", {})
    places += [(("deck", pile), list(deck[pile])) for pile in ("draw", "discard") if pile in deck]
    for path, cards in places:
        for i, card in enumerate(cards):
            if card not in game.cards:
                fail(f"no card {card!r} in the deck (MC-CARD-7, GAP-MC-1)", *path, i)
            if card in seen:
                other = ".".join(str(p) for p in seen[card])
                fail(f"{card} is also in {other}: each card is in one place (MC-DECK-2)", *path, i)
            seen[card] = (*path, i)
    if "draw" in deck and len(seen) != len(game.cards):
        missing = sorted(set(game.cards) - set(seen))
        fail(
            f"{len(missing)} cards are nowhere ({', '.join(missing[:4])}"
            f"{'...' if len(missing) > 4 else ''}): the draw pile holds every card not in a "
            "hand or the discard pile (MC-COMP-6, MC-DECK-2)",
            "deck",
            "draw",
        )


def build_position(ctx: Ctx, data: Mapping[str, Any]) -> tuple[str, int] | None:
    """Turn the fresh setup in ``ctx`` into the position ``data`` (checked already) and give
    where the rules start (:func:`restart_of`).

    Omitted fields keep the setup's: the random layout and start player (MC-SETUP-1,
    MC-SETUP-4), the figures on their locations (MC-SETUP-5), the tokens (MC-SETUP-3) less
    those on the map. Cards: a position that places no card (no hand, pile) keeps the setup's
    deal; otherwise the hands and the discard pile are as listed (an unlisted hand is empty)
    and the draw pile as listed, or every other card shuffled by the game's random generator.
    ``rng`` then sets the generator's state."""
    st = ctx.state
    players = list(st.players)
    row = ctx.data.setup[len(players)]
    if "layout" in data:
        st.layout = tuple(int(n) for n in data["layout"])
    if "start_player" in data:
        st.start = players.index(str(data["start_player"]))
    st.round = int(data.get("round", 1))
    st.phase = str(data.get("phase", "action"))
    st.stacks = {n: [] for n in range(1, 8)}
    for key, stack in data.get("stacks", {}).items():
        st.stacks[int(key)] = [str(o) for o in stack]
    st.cell = [(str(c["owner"]), int(c.get("round", 0))) for c in data.get("cell", ())]
    figures = data.get("figures", {})
    st.hitman = int(figures.get("hitman", ctx.data.figures["hitman"]))
    st.officer = figures.get("officer")
    st.mayor = figures.get("mayor")
    st.cubes = [int(n) for n in data.get("cubes", ())]
    st.turn = data.get("turn")
    st.location = None
    st.in_play = []
    placed = placed_tokens(data)
    seats = data.get("seats", {})
    for colour in players:
        spec, seat = seats.get(colour, {}), st.seats[colour]
        seat.reserve = int(spec.get("reserve", row.reserve))
        rest = row.hand + row.reserve - seat.reserve - placed[colour]
        seat.tokens = int(spec.get("tokens", rest))
        seat.box = 12 - row.hand - row.reserve
        seat.vp = int(spec.get("vp", 0))
        seat.passed = bool(spec.get("passed", False))
    deck = data.get("deck", {})
    if deck or any("hand" in spec for spec in seats.values()):
        for colour in players:
            st.seats[colour].hand = [str(c) for c in seats.get(colour, {}).get("hand", ())]
        st.discard = [str(c) for c in deck.get("discard", ())]
        if "draw" in deck:
            st.draw = [str(c) for c in deck["draw"]]
        else:
            taken = {c for p in players for c in st.seats[p].hand} | set(st.discard)
            st.draw = [c for c in ctx.data.cards if c not in taken]
            ctx.rng.shuffle(st.draw)  # MC-SETUP-7: a draw pile is face down, its order unknown
    if "rng" in data:
        ctx.rng.setstate(rng_state(str(data["rng"])))
    return restart_of(data)
