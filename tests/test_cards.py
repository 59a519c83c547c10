"""Operation cards, levels and notoriety (R-CARD, R-LEVEL, R-NOTOR, E10)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from speakeasy.core.actions import Decision
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import Colour, Track
from speakeasy.games.speakeasy.rules.cards import (
    discard_from_hand,
    draw_card,
    play_card,
    raise_level,
)
from speakeasy.games.speakeasy.rules.context import Ctx, Flow
from speakeasy.games.speakeasy.rules.dispatch import Source
from tests.support import P, Y, drive, new_ctx, skip_or_first


def _first_non_skip(decision: Decision) -> str:
    return str(next(o for o in decision.options if o.kind != "skip"))


def test_r_card_3_play_replaces_the_slotted_card() -> None:
    """R-CARD-3: the old card goes face up to the bottom of its deck; the reward is gained."""
    ctx = new_ctx([P, Y], clear=True)
    player = ctx.player(P)
    player.hand = ["vip-09", "vip-10"]  # vip-09: +1 leverage? read from data below
    player.slots[Track.VIP] = "vip-12"
    deck = ctx.state.operation_decks[Track.VIP]
    card = ctx.catalog.card("vip-09")
    drive(play_card(ctx, P, "vip-09"), skip_or_first)
    assert player.slots[Track.VIP] == "vip-09"
    assert deck[-1] == "vip-12"
    assert "vip-09" not in player.hand
    rewards = [e for e in ctx.events if e.kind in ("leverage", "book", "goon", "raise")]
    assert bool(rewards) == any(e.kind != "range_bonus" for e in card.reward)


def test_r_card_4_prologue_play_gives_only_the_reward() -> None:
    """R-CARD-4, R-PROLOGUE-8: no action (no sale, production, protection) in the prologue."""
    ctx = new_ctx([P, Y])
    _, seen = drive(play_card(ctx, P, ctx.player(P).hand[1], action=False), skip_or_first)
    kinds = {d.kind for d in seen}
    assert not kinds & {"sell", "protect", "deliver", "produce"}


def test_r_card_5_discard_to_the_bottom_of_its_deck() -> None:
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    card = player.hand[0]
    track = Track(ctx.catalog.card(card).type)
    drive(discard_from_hand(ctx, P, 1, prompt="test", rules=("R-CARD-5",)), [f"discard {card}"])
    assert card not in player.hand
    assert ctx.state.operation_decks[track][-1] == card


def test_r_card_6_draw_the_top_card_of_a_face_up_deck() -> None:
    """R-CARD-6, R-TURN-5: the top card of the chosen deck; empty decks are not offered."""
    ctx = new_ctx([P, Y])
    top = ctx.state.operation_decks[Track.FLEET][0]
    ctx.state.operation_decks[Track.VIP].clear()
    _, seen = drive(
        draw_card(ctx, P, Effect.of("draw_card", type="any"), Source("test", "x")),
        ["draw fleet"],
    )
    assert "draw vip" not in {str(o) for o in seen[0].options}
    assert top in ctx.player(P).hand


def test_r_card_1_2_card_anatomy() -> None:
    """R-CARD-1/2: a type, a top-left reward, the type's action and a leverage value."""
    ctx = new_ctx([P, Y])
    actions = {"vip": "protect", "party": "sell", "distillery": "produce", "fleet": "deliver"}
    for card in ctx.catalog.operation_cards:
        assert card.type in actions
        assert card.action.kind == actions[card.type]
        assert ctx.catalog.card_actions[card.type] == card.action
        assert card.leverage >= 0
        assert all(e.kind for e in card.reward)


def test_r_card_7_leverage_of_slotted_cards_is_data() -> None:
    """R-CARD-7, GAP-9: each card shows a leverage value."""
    ctx = new_ctx([P, Y])
    assert {ctx.catalog.card(c).leverage for c in ctx.player(P).hand} <= {0, 1, 2}


def _with_rewards(script: Sequence[str | Callable[[Decision], str]]) -> Callable[[Decision], str]:
    """Answer the script in order; notoriety mafioso rewards go to the VIP area."""
    steps = list(script)

    def choose(decision: Decision) -> str:
        if decision.kind == "mafioso":
            return "mafioso vip"
        step = steps.pop(0)
        return step(decision) if callable(step) else str(step)

    return choose


def _raise(ctx: Ctx, colour: Colour, track: str, **params: object) -> Flow[None]:
    effect = Effect.of("raise_level", track=track, **params)
    return raise_level(ctx, colour, effect, Source("card", "fleet-03", track="fleet"))


def test_e10_discard_for_an_extra_level() -> None:
    """E10, R-LEVEL-6, R-NOTOR-1, DISC-7: fleet 2 -> 3 (reward) -> 4 (discard); notoriety +2
    (both translations' readings end at level 4)."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.levels[Track.FLEET] = 2
    notoriety = player.notoriety
    hand = len(player.hand)
    _, seen = drive(
        _raise(ctx, P, "card", discard_for_more=True),
        _with_rewards(["raise fleet", "more fleet", _first_non_skip]),
    )
    assert "mafioso" in [d.kind for d in seen]  # notoriety 8 reached (R-NOTOR-3)
    assert player.levels[Track.FLEET] == 4
    assert player.notoriety == notoriety + 2
    assert len(player.hand) == hand - 1


def test_e10_to_level_5_needs_two_cards() -> None:
    """E10, R-LEVEL-3, R-LEVEL-6: the extra level to 5 discards 2 cards in total."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.levels[Track.FLEET] = 3
    hand = len(player.hand)
    drive(
        _raise(ctx, P, "card", discard_for_more=True),
        _with_rewards(["raise fleet", "more fleet", _first_non_skip, _first_non_skip]),
    )
    assert player.levels[Track.FLEET] == 5
    assert len(player.hand) == hand - 2


@pytest.mark.parametrize(
    ("track", "to", "discards"),
    [("party", 5, 1), ("strength", 4, 1), ("strength", 5, 2), ("vip", 3, 0)],
)
def test_r_level_3_4_raise_discards(track: str, to: int, discards: int) -> None:
    """R-LEVEL-2/3/4: one space right; level 5 of an operation costs 1 card; strength 4
    costs 1 and 5 costs 2."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.levels[Track(track)] = to - 1
    hand = len(player.hand)
    script = [f"raise {track}"] + [_first_non_skip] * discards
    drive(_raise(ctx, P, track), _with_rewards(script))
    assert player.levels[Track(track)] == to
    assert len(player.hand) == hand - discards


def test_r_level_1_5_cannot_raise_above_5_or_without_cards() -> None:
    """R-LEVEL-1, R-LEVEL-5: the option is blocked with its reason."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.levels[Track.PARTY] = 5
    player.levels[Track.STRENGTH] = 3
    player.hand = []
    _, seen = drive(_raise(ctx, P, "any"), ["skip"])
    options = {str(o) for o in seen[0].options}
    assert "raise party" not in options and "raise strength" not in options
    blocked = {str(b.action): b.error for b in seen[0].blocked}
    assert blocked["raise party"].rule == "R-LEVEL-1"
    assert blocked["raise strength"].rule == "R-LEVEL-4"


def test_r_notor_3_4_mafioso_reward_at_space_8() -> None:
    """R-NOTOR-3/4, R-PSETUP-10: reaching 8 gives the mafioso reserved there."""
    ctx = new_ctx([P, Y])
    player = ctx.player(P)
    player.levels[Track.VIP] = 2  # notoriety 6
    player.levels[Track.PARTY] = 2  # notoriety 7
    vip = player.vip
    drive(_raise(ctx, P, "distillery"), ["raise distillery", "mafioso vip"])
    assert player.notoriety == 8
    assert player.notoriety_mafiosi == [14]
    assert player.vip == vip + 1
    assert player.mafiosi == 10  # the reserved one was used, not the supply


def test_r_notor_5_every_passed_reward_in_order() -> None:
    """R-NOTOR-5: rewards passed by one raise are all gained in track order."""
    ctx = new_ctx([P, Y])
    rewards = ctx.catalog.notoriety.rewards_passed(7, 11)
    assert [r.space for r in rewards] == sorted(r.space for r in rewards)
    assert 8 in [r.space for r in rewards]
