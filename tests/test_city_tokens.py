"""City tokens: the 18 kinds (R-CITYTOK-1..18) and playing them (R-CITY-4/5).

Each token's effect is checked against §14.6 in the data, then driven through the
``play_city_tokens`` handler when the handler of its effect kind is registered by
:mod:`speakeasy.games.speakeasy.rules`. Tokens whose handler is not registered yet are skipped with
a message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

import speakeasy.games.speakeasy.rules
import speakeasy.games.speakeasy.rules.goals
from speakeasy.core.actions import Action, Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import BuildingType, Track
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import HANDLERS, Source, run_effect
from speakeasy.games.speakeasy.rules.goals import token_options, token_useful, tokens_refusal
from speakeasy.games.speakeasy.rules.resources import end_of_turn_tokens
from tests.support import P, drive, new_ctx, put_building

assert speakeasy.games.speakeasy.rules  # the package import registers the other handlers


#: R-CITYTOK-n -> (token id, effect kind, parameters that must match).
TABLE: dict[str, tuple[str, str, dict[str, object]]] = {
    "R-CITYTOK-1": ("city-01", "draw_card", {"type": "vip", "n": 1}),
    "R-CITYTOK-2": ("city-02", "draw_card", {"type": "party", "n": 1}),
    "R-CITYTOK-3": ("city-03", "draw_card", {"type": "distillery", "n": 1}),
    "R-CITYTOK-4": ("city-04", "draw_card", {"type": "fleet", "n": 1}),
    "R-CITYTOK-5": ("city-05", "draw_card", {"type": "any", "n": 1}),
    "R-CITYTOK-6": ("city-06", "gain_helper", {"n": 1}),
    "R-CITYTOK-7": ("city-07", "deliver", {}),
    "R-CITYTOK-8": ("city-08", "gain_book", {"n": 1}),
    "R-CITYTOK-9": ("city-09", "raise_level", {"track": "any", "n": 1}),
    "R-CITYTOK-10": ("city-10", "produce", {}),
    "R-CITYTOK-11": ("city-11", "sell", {}),
    "R-CITYTOK-12": ("city-12", "build", {"buildings": ("bar",), "modes": ("open", "takeover")}),
    "R-CITYTOK-13": (
        "city-13",
        "build",
        {"buildings": ("nightclub",), "modes": ("open", "takeover", "upgrade")},
    ),
    "R-CITYTOK-14": (
        "city-14",
        "build",
        {"buildings": ("casino",), "modes": ("open", "takeover", "upgrade")},
    ),
    "R-CITYTOK-15": ("city-15", "gain_mafioso", {"n": 1}),
    "R-CITYTOK-16": ("city-16", "hire_goon_free", {"n": 1}),
    "R-CITYTOK-17": ("city-17", "protect", {}),
    "R-CITYTOK-18": ("city-18", "gain_leverage", {"n": 2}),
}


@pytest.fixture
def ctx() -> Ctx:
    c = new_ctx(4, seed=11, clear=True)
    return c


def play(
    ctx: Ctx, script: Callable[[Decision], Action | str] | list[str], n: int = 2
) -> list[Decision]:
    flow = run_effect(ctx, P, Effect.of("play_city_tokens", n=n), Source("person", "restaurant"))
    _, decisions = drive(flow, script)
    return list(decisions)


# ---------------------------------------------------------------------- the data (§14.6)
def _rule_number(rule: str) -> int:
    return int(rule.rsplit("-", 1)[1])


RULES: list[str] = sorted(TABLE, key=_rule_number)


@pytest.mark.parametrize("rule", RULES)
def test_token_effect_matches_the_table(rule: str) -> None:
    """R-CITYTOK-n: each token's effect is the kind and parameters of §14.6."""
    catalog = new_ctx(2).catalog
    token_id, kind, params = TABLE[rule]
    token = catalog.city_token(token_id)
    assert len(token.effect) == 1
    effect = token.effect[0]
    assert effect.kind == kind
    for name, value in params.items():
        assert effect[name] == value, (rule, name)
    assert rule in token.source.refs
    assert token.copies == 3  # GAP-14


def test_every_token_kind_is_in_the_table() -> None:
    catalog = new_ctx(2).catalog
    assert sorted(t.id for t in catalog.city_tokens) == sorted(v[0] for v in TABLE.values())


# ---------------------------------------------------------------------- driving each token
def _need(kind: str) -> None:
    if kind not in HANDLERS:
        pytest.skip(f"no handler is registered for effect kind {kind!r} yet")


def _hold(ctx: Ctx, *tokens: str) -> None:
    ctx.player(P).city_tokens = list(tokens)


def _played(ctx: Ctx, token: str) -> None:
    player = ctx.player(P)
    assert token not in player.city_tokens
    assert player.played_tokens == [token]
    assert any(e.kind == "play_city_token" and e.data["token"] == token for e in ctx.events)


@pytest.mark.parametrize(
    ("rule", "track"),
    [
        ("R-CITYTOK-1", Track.VIP),
        ("R-CITYTOK-2", Track.PARTY),
        ("R-CITYTOK-3", Track.DISTILLERY),
        ("R-CITYTOK-4", Track.FLEET),
        ("R-CITYTOK-5", Track.FLEET),
    ],
)
def test_draw_tokens(ctx: Ctx, rule: str, track: Track) -> None:
    """R-CITYTOK-1..5: draw the top card of the shown deck (any deck for #5)."""
    _need("draw_card")
    token = TABLE[rule][0]
    _hold(ctx, token)
    top = ctx.state.operation_decks[track][0]
    hand = len(ctx.player(P).hand)
    play(ctx, [f"token {token}", f"draw {track.value}"])
    _played(ctx, token)
    assert top in ctx.player(P).hand and len(ctx.player(P).hand) == hand + 1


def test_helper_token(ctx: Ctx) -> None:
    """R-CITYTOK-6: gain a helper card from the offer."""
    _need("gain_helper")
    _hold(ctx, "city-06")
    first = ctx.state.helper_offer[0]
    play(ctx, ["token city-06", f"helper {first}"])
    _played(ctx, "city-06")
    assert ctx.player(P).helpers == [first]


def test_book_token(ctx: Ctx) -> None:
    """R-CITYTOK-8: gain a book from the personal supply."""
    _need("gain_book")
    _hold(ctx, "city-08")
    player = ctx.player(P)
    books, supply = player.books, player.books_supply
    play(ctx, ["token city-08"])
    _played(ctx, "city-08")
    assert (player.books, player.books_supply) == (books + 1, supply - 1)


def test_raise_token(ctx: Ctx) -> None:
    """R-CITYTOK-9: raise any operation or strength by 1."""
    _need("raise_level")
    _hold(ctx, "city-09")
    play(ctx, ["token city-09", "raise party"])
    _played(ctx, "city-09")
    assert ctx.player(P).levels[Track.PARTY] == 2


def test_mafioso_token(ctx: Ctx) -> None:
    """R-CITYTOK-15: gain a mafioso, placed at once (here in the VIP area)."""
    _need("gain_mafioso")
    _hold(ctx, "city-15")
    player = ctx.player(P)
    supply = player.mafiosi
    play(ctx, ["token city-15", "mafioso vip"])
    _played(ctx, "city-15")
    assert (player.vip, player.mafiosi) == (1, supply - 1)


def test_goon_token(ctx: Ctx) -> None:
    """R-CITYTOK-16: hire a goon for free."""
    _need("hire_goon_free")
    _hold(ctx, "city-16")
    player = ctx.player(P)
    goons, pocket = player.goons, player.pocket
    play(ctx, ["token city-16"])
    _played(ctx, "city-16")
    assert (player.goons, player.pocket) == (goons + 1, pocket)


def test_leverage_token(ctx: Ctx) -> None:
    """R-CITYTOK-18: gain 2 leverage tokens."""
    _need("gain_leverage")
    _hold(ctx, "city-18")
    play(ctx, ["token city-18"])
    _played(ctx, "city-18")
    assert ctx.player(P).leverage_tokens == 2


def _first_action(decision: Decision) -> Action:
    """A generic chooser for flows owned by other modules: do something, never stop early."""
    for option in decision.options:
        if option.kind not in ("done", "skip"):
            return option
    return decision.options[0]


def _generic(token: str) -> Callable[[Decision], Action | str]:
    count = 0

    def choose(decision: Decision) -> Action | str:
        nonlocal count
        count += 1
        assert count < 80, "the flow keeps asking"
        if decision.kind == "play_city_token":
            return f"token {token}"
        return _first_action(decision)

    return choose


def test_produce_token(ctx: Ctx) -> None:
    """R-CITYTOK-10: produce barrels at an operating distillery."""
    _need("produce")
    _hold(ctx, "city-10")
    put_building(ctx, P, 5, 0, BuildingType.DISTILLERY)
    play(ctx, _generic("city-10"))
    _played(ctx, "city-10")
    assert ctx.player(P).distillery_barrels > 0


def test_sell_token(ctx: Ctx) -> None:
    """R-CITYTOK-11: sell barrels next to operating buildings into the pocket."""
    _need("sell")
    _hold(ctx, "city-11")
    bar = put_building(ctx, P, 5, 0, BuildingType.BAR, barrel=True)
    pocket = ctx.player(P).pocket
    play(ctx, _generic("city-11"))
    _played(ctx, "city-11")
    assert not bar.barrel and ctx.player(P).pocket > pocket


@pytest.mark.parametrize(
    ("rule", "building"),
    [
        ("R-CITYTOK-12", BuildingType.BAR),
        ("R-CITYTOK-13", BuildingType.NIGHTCLUB),
        ("R-CITYTOK-14", BuildingType.CASINO),
    ],
)
def test_build_tokens(ctx: Ctx, rule: str, building: BuildingType) -> None:
    """R-CITYTOK-12..14: open a building of the token's type, paying the normal cost."""
    _need("build")
    token = TABLE[rule][0]
    _hold(ctx, token)
    player = ctx.player(P)
    money = player.pocket + player.safe
    play(ctx, _generic(token))
    _played(ctx, token)
    assert [b.type for _, _, b in ctx.state.buildings(P)] == [building]
    assert player.pocket + player.safe < money


def test_protect_token(ctx: Ctx) -> None:
    """R-CITYTOK-17: gain protection (a VIP mafioso moves to one of your buildings)."""
    _need("protect")
    _hold(ctx, "city-17")
    bar = put_building(ctx, P, 5, 0, BuildingType.BAR)
    player = ctx.player(P)
    player.vip, player.leverage_tokens = 1, 4
    play(ctx, _generic("city-17"))
    _played(ctx, "city-17")
    assert bar.protected and player.vip == 0


def test_deliver_token(ctx: Ctx) -> None:
    """R-CITYTOK-7: pick up and deliver barrels (the flow runs and ends)."""
    _need("deliver")
    _hold(ctx, "city-07")
    put_building(ctx, P, 5, 0, BuildingType.DISTILLERY)
    put_building(ctx, P, 6, 0, BuildingType.BAR)
    ctx.player(P).distillery_barrels = 2
    play(ctx, _generic("city-07"))
    _played(ctx, "city-07")


# ---------------------------------------------------------------------- playing (R-CITY-4/5)
def test_up_to_two_tokens(ctx: Ctx) -> None:
    """R-CITY-4, R-LOC-RESTAURANT-7(B): at most 2 tokens; duplicates are offered once."""
    _hold(ctx, "city-08", "city-08", "city-08")
    decisions = play(ctx, ["token city-08", "token city-08"])
    assert [str(o) for o in decisions[0].options] == ["token city-08", "done"]
    player = ctx.player(P)
    assert player.city_tokens == ["city-08"]
    assert player.played_tokens == ["city-08", "city-08"]
    assert player.books == 2


def test_playing_is_optional(ctx: Ctx) -> None:
    """R-CITY-4: "up to": done at once, or after one token."""
    _hold(ctx, "city-08", "city-18")
    decisions = play(ctx, ["done"])
    assert decisions[0].options[-1].label == "Stop playing city tokens"
    assert ctx.player(P).city_tokens == ["city-08", "city-18"]
    assert ctx.player(P).played_tokens == []
    play(ctx, ["token city-18", "done"])
    assert ctx.player(P).city_tokens == ["city-08"]
    assert ctx.player(P).played_tokens == ["city-18"]


def test_no_tokens_asks_nothing(ctx: Ctx) -> None:
    """R-CITY-4: with no token on the board there is nothing to play."""
    error = tokens_refusal(ctx, P)
    assert error is not None and (error.code, error.rule) == ("no-city-token", "R-CITY-4")
    assert play(ctx, []) == []
    assert any(e.kind == "no_city_token" for e in ctx.events)


def test_tokens_gained_during_the_action_can_be_played(ctx: Ctx) -> None:
    """R-CITY-4: a token gained while playing tokens may be played in the same action.

    No printed token gains a token, so city-06 is given a "gain a city token" effect here
    (in play, tokens arrive this way through a building action, R-CITY-1).
    """
    tokens = tuple(
        dataclasses.replace(t, effect=(Effect.of("gain_city_token"),)) if t.id == "city-06" else t
        for t in ctx.catalog.city_tokens
    )
    ctx.catalog = dataclasses.replace(ctx.catalog, city_tokens=tokens)
    ctx.state.city_offer.right = ["city-08", None, None]
    ctx.state.city_offer.middle = [[], [], []]
    _hold(ctx, "city-06")
    decisions = play(ctx, ["token city-06", "city_token right 0", "token city-08"])
    assert [str(o) for o in decisions[2].options] == ["token city-08", "done"]
    player = ctx.player(P)
    assert player.played_tokens == ["city-06", "city-08"]
    assert player.books == 1


def test_useless_tokens_come_last_but_can_be_played(ctx: Ctx) -> None:
    """R-CITY-4: tokens that would do nothing are listed after the others, still playable."""
    ctx.state.helper_offer = []  # city-06 cannot give a helper card
    _hold(ctx, "city-10", "city-06", "city-16", "city-08")
    assert not token_useful(ctx, P, "city-06")
    assert not token_useful(ctx, P, "city-10")  # no distillery on the map
    assert token_useful(ctx, P, "city-08") and token_useful(ctx, P, "city-16")
    options = token_options(ctx, P)
    assert [str(o) for o in options] == [
        "token city-08",
        "token city-16",
        "token city-06",
        "token city-10",
    ]
    assert "would do nothing now" in options[2].label
    assert "would do nothing now" not in options[0].label
    play(ctx, ["token city-06", "done"])
    assert ctx.player(P).played_tokens == ["city-06"]
    assert ctx.player(P).helpers == []


def test_usefulness_follows_the_position(ctx: Ctx) -> None:
    """The ordering test is cheap and looks at the position (R-CITY-4)."""
    player = ctx.player(P)
    player.books_supply = 0
    assert not token_useful(ctx, P, "city-08")
    player.mafiosi = 0
    assert not token_useful(ctx, P, "city-15")
    assert not token_useful(ctx, P, "city-17")  # no mafioso in the VIP area, no building
    player.vip = 1
    put_building(ctx, P, 3, 0, BuildingType.BAR)
    assert token_useful(ctx, P, "city-17")
    assert not token_useful(ctx, P, "city-11")  # no barrel to sell
    put_building(ctx, P, 3, 0, BuildingType.BAR, barrel=True, piece="b")
    assert token_useful(ctx, P, "city-11")
    assert token_useful(ctx, P, "city-12")  # bars on the board
    player.board_pieces = [p for p in player.board_pieces if not p.startswith("bar")]
    assert not token_useful(ctx, P, "city-12")


def test_played_tokens_go_to_the_middle_column_at_turn_end(ctx: Ctx) -> None:
    """R-CITY-5: played tokens wait in ``played_tokens``; the end of the turn places them."""
    _hold(ctx, "city-08", "city-18")
    play(ctx, ["token city-08", "token city-18"])
    player = ctx.player(P)
    assert player.played_tokens == ["city-08", "city-18"]
    ctx.state.city_offer.middle = [[], [], []]
    drive(end_of_turn_tokens(ctx, P), _first_action)
    assert player.played_tokens == []
    placed = sorted(t for stack in ctx.state.city_offer.middle for t in stack)
    assert placed == ["city-08", "city-18"]
