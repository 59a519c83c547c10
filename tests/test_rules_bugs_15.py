"""Issue 15 §1: four rules bugs found by the audit against both rulebooks.

Each test quotes the sentence of the Czech (CZ) and Polish (PL) rulebooks it follows; where the
rulebooks and the English reference (``speakeasy-rules.md``) differ, the rulebooks win.
"""

from __future__ import annotations

from speakeasy.catalog import load_catalog
from speakeasy.core.actions import Event
from speakeasy.model.state import GameState
from speakeasy.rules.context import Ctx
from speakeasy.rules.luciano import gang_war
from tests.support import BAR, B, G, P, Y, drive, new_ctx, put_building, set_levels

CAT = load_catalog()


def events(ctx: Ctx, kind: str) -> list[Event]:
    return [e for e in ctx.events if e.kind == kind]


# ============================================================ 1. gang war, empty bar supply
def war_ctx(district: int, keep: int) -> Ctx:
    """An empty map, turn order Purple, Yellow, Green, Blue, no goons, and a gang war coming to
    ``district`` with Birdie Brown (war strength 7); all but ``keep`` of the 24 gangster bars
    (R-COMP-6) already stand on other districts' spaces, so the components stay conserved."""
    ctx = new_ctx(4, 1, clear=True, rules_seed=0)
    state = ctx.state
    state.seating = [P, Y, G, B]
    state.turn_order.top = [P, Y, G, B]
    for player in state.players.values():
        player.goons = 0
    letter = next(k for k, d in CAT.gangster_decks.items() if d.act == 1)
    state.gangster_decks[letter] = [next(t.id for t in CAT.gangsters if t.name == "Birdie Brown")]
    state.districts[district].war_token = True
    _use_up_bars(state, keep, avoid=district)
    return ctx


def _use_up_bars(state: GameState, keep: int, avoid: int) -> None:
    for number, district in sorted(state.districts.items()):
        for space in district.spaces:
            if state.supply_gangster_bars <= keep:
                return
            if number != avoid and space.is_empty:
                space.gangster_bar = True
                state.supply_gangster_bars -= 1


def test_r_gangwar_9_r_comp_6_empty_supply_leaves_spaces_empty_and_the_gangster_stays() -> None:
    """R-GANGWAR-9, R-COMP-6: the gangster leaves only for the rulebooks' reason.

    CZ: "Pokud gangster do čtvrti, na kterou zaútočil, neumístí žádný bar (protože v ní nebyla
    žádná prázdná pole pro budovu a všechny hráčské budovy byly ubráněny), odstraňte destičku
    gangstera ze hry". PL: "Jeśli Mafiozo nie umieścił żadnej Knajpy w zaatakowanym Rejonie
    (ponieważ nie było pustych pól Budynku, a wszystkie Budynki gracza zostały obronione), usuń
    kafelek tego Mafioza z gry". Here the district has empty spaces, so that reason does not
    hold: with the 24 bars all on the map, the spaces stay empty (R-GANGWAR-9 ASSUMED) and the
    gangster keeps the district.
    """
    ctx = war_ctx(3, keep=0)
    drive(gang_war(ctx, 1))
    district = ctx.state.districts[3]
    assert district.gangster == "gangster-B2" and district.strength_token == 6
    assert not any(s.gangster_bar for s in district.spaces)
    assert events(ctx, "gangster_leaves") == []
    placed = events(ctx, "gangster_bars_placed")[0]
    assert placed.data == {"district": 3, "spaces": [], "unfilled": [0, 1]}
    assert "supply is empty" in placed.text and "stays" in placed.text
    assert "R-COMP-6" in placed.rules and "R-GANGWAR-9" in placed.rules
    assert ctx.state.supply_gangster_bars == 0


def test_r_gangwar_9_a_won_war_keeps_the_gangster_with_the_supply_empty() -> None:
    """R-GANGWAR-8/9, R-COMP-6: a gangster that won its war stays, bar or no bar.

    CZ: "Každá budova, kterou neubráníte, je odstraněna ze hry ... Poté na toto pole pro budovu
    umístěte bar gangsterů." PL: "Następnie, na tym polu Budynku umieść Knajpę Mafioza." The
    gangster did not place a bar only because none was left, not because every building held.
    """
    ctx = war_ctx(3, keep=0)
    put_building(ctx, P, 3, 0, BAR, from_board=True)
    put_building(ctx, Y, 3, 1, BAR, from_board=True)
    drive(gang_war(ctx, 1))  # strength 1 against war strength 7: both fall without a question
    district = ctx.state.districts[3]
    assert district.gangster == "gangster-B2" and district.strength_token == 6
    assert all(s.is_empty for s in district.spaces)
    assert events(ctx, "gangster_leaves") == []
    lost = events(ctx, "building_lost")
    assert len(lost) == 2 and not any(e.data["gangster_bar"] for e in lost)
    assert all("supply is empty" in e.text and "R-COMP-6" in e.rules for e in lost)


def test_r_gangwar_5_the_last_bars_go_in_space_order_the_rest_stay_empty() -> None:
    """R-GANGWAR-5, R-COMP-6: one bar left for two empty spaces fills the first only."""
    ctx = war_ctx(3, keep=1)
    drive(gang_war(ctx, 1))
    district = ctx.state.districts[3]
    assert [s.gangster_bar for s in district.spaces] == [True, False]
    placed = events(ctx, "gangster_bars_placed")[0]
    assert placed.data == {"district": 3, "spaces": [0], "unfilled": [1]}
    assert "runs out after 1 bar" in placed.text
    assert district.gangster == "gangster-B2"


def test_r_gangwar_9_every_building_held_and_no_space_still_leaves_with_the_supply_empty() -> None:
    """R-GANGWAR-9: the rulebooks' own reason still removes the tile when the supply is empty,
    and the explanation names that reason (no empty space, every building held)."""
    ctx = war_ctx(3, keep=0)
    put_building(ctx, P, 3, 0, BAR, from_board=True)
    put_building(ctx, Y, 3, 1, BAR, from_board=True)
    for colour in (P, Y):
        set_levels(ctx, colour, strength=5)
        ctx.player(colour).goons = 2
    drive(gang_war(ctx, 1), ["boost 2 none", "boost 2 none"])
    district = ctx.state.districts[3]
    assert district.gangster is None and district.strength_token is None
    (leaves,) = events(ctx, "gangster_leaves")
    assert "no empty building space" in leaves.text and "every player building held" in leaves.text
