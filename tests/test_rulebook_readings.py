"""Issue 15 §2: three readings settled from both rulebooks.

Each test quotes the Czech (CZ, ``seeds/000_*``) and Polish (PL, ``seeds/001_*``) rulebooks it
follows. Where the English reference (``speakeasy-rules.md``) chose otherwise, the rulebooks
win (DISC-3 chose "pocket, or safe at 2:1" for ship-attack hire fees; the books say pocket).
Each test fails on the code before issue 15.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from speakeasy.core.actions import Action, Decision, IllegalAction
from speakeasy.games.speakeasy.model.board import Area
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.options import Options
from speakeasy.games.speakeasy.model.state import BuildingType, Ship, to_data
from speakeasy.games.speakeasy.rules.alliance import ally
from speakeasy.games.speakeasy.rules.combat import bonus, boosts, spend_boost
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.delivery import deliver
from speakeasy.games.speakeasy.rules.dispatch import Source
from speakeasy.games.speakeasy.rules.flow import send_capo
from speakeasy.games.speakeasy.rules.goals import book_spaces_available
from speakeasy.games.speakeasy.rules.refusals import explain_refusal
from speakeasy.games.speakeasy.rules.ships import attack_ship, ship_attack_options
from tests.support import B, P, Y, drive, new_ctx, put_building, set_levels, skip_or_first

DOCKS = Source("person", "docks:0")
ATTACK = Effect.of("attack_ship")


# ============================================================ 1. ship attack hire fees
def _e20_ctx() -> tuple[Ctx, Ship]:
    """E20: St. Clair in Downtown port 6, 2 barrels gone (defence 12), crate #9; Downtown docks:
    Blue 1 mafioso, Purple 2. Blue: strength 4, 2 goons; 4 × 3 = 12 needs both hires + 1 goon."""
    ctx = new_ctx(4, seed=5, police=())
    ports = {"st-clair": 6, "daisy": 15, "rothstein": 7, "smuggler-4": 13}
    for s in ctx.state.ships:
        s.port = ports[s.ship]
    st_clair = next(s for s in ctx.state.ships if s.ship == "st-clair")
    st_clair.removed, st_clair.crate = 2, "crate-09"
    ctx.state.docks[Area.DOWNTOWN] = [B, P, P, None]
    set_levels(ctx, B, strength=4, fleet=3, vip=1)
    blue = ctx.player(B)
    blue.goons, blue.vip = 2, 1
    put_building(ctx, B, 4, 0, BuildingType.BAR)
    return ctx, st_clair


def test_ship_hire_fees_are_pocket_money_only() -> None:
    """R-SHIP-5, DISC-3, R-MONEY-1/2: the fees for other players' mafiosi come from the
    attacker's pocket, never the safe.

    CZ (Doky, "Přepadení lodi pašeráků"): "Můžete využít mafiány ostatních hráčů ve stejné
    oblasti doků, za každého využitého mafiána ale musíte hráči zaplatit $1 ze své kapsy."
    (you must pay the player $1 *from your pocket*). PL (Doki, "Zasadzka na Statek Przemytników
    Rumu"): "płacąc temu graczowi 1 $ (jako forsę) za każdego użytego Członka Rodziny" (paying
    that player $1 *as cash*). Both tips pages list the fees among cash ("hotovost" / "Forsa")
    income. So, reading the books over DISC-3's choice, laundering from the safe cannot pay them.
    Blue with $1 in the pocket and $100 in the safe cannot hire the two mafiosi E20 needs: the
    ship is greyed out with the pocket as the reason. Before issue 15 the engine laundered $1
    from the safe and let the attack go ahead.
    """
    ctx, st_clair = _e20_ctx()
    blue, purple = ctx.player(B), ctx.player(P)
    blue.pocket, blue.safe = 1, 100
    assert ship_attack_options(ctx, B, st_clair) == []
    decision = next(attack_ship(ctx, B, ATTACK, DOCKS), None)
    if decision is None:  # no ship beatable at all: the event names the reason per ship
        reasons = next(e for e in ctx.events if e.kind == "no_ship_attack").data["reasons"]
        reason = reasons["st-clair"]
    else:
        blocked = {str(b.action): b.error for b in decision.blocked}
        assert blocked["ship st-clair"].rule == "R-SHIP-5"
        reason = blocked["ship st-clair"].reason
    assert "from your pocket, which holds $1" in reason
    assert "cannot come from the safe" in reason

    # With $2 in the pocket the attack goes ahead, the safe untouched; Purple gets $2 cash.
    blue.pocket, purple_pocket = 2, purple.pocket
    plans = ship_attack_options(ctx, B, st_clair)
    assert [p.cost for p in plans] == [2]
    assert "($2 from your pocket)" in plans[0].action().label
    drive(attack_ship(ctx, B, ATTACK, DOCKS), ["ship st-clair"])
    assert blue.safe == 100
    assert purple.pocket == purple_pocket + 2
    assert blue.pocket == 0 + 15  # fees paid, then crate #9: $5 × fleet 3


def test_ship_hire_ways_are_limited_by_the_pocket() -> None:
    """R-SHIP-5, DISC-3: with one dollar in the pocket only ways hiring at most one mafioso
    are offered, whatever the safe holds (CZ "ze své kapsy", PL "jako forsę")."""
    ctx, st_clair = _e20_ctx()
    st_clair.removed = 0  # defence 8
    blue = ctx.player(B)
    blue.pocket, blue.safe = 1, 100
    plans = ship_attack_options(ctx, B, st_clair)
    assert plans and all(p.cost <= 1 for p in plans)
    assert any(p.cost == 1 for p in plans)  # 4 × 2 + 1 goon = 9 > 8


# ============================================================ 2. the once-only free help
def _ally_script(tile: str, district: int) -> Callable[[Decision], str]:
    def choose(decision: Decision) -> str:
        if decision.kind == "ally":
            return f"ally {tile} {district}"
        return skip_or_first(decision)

    return choose


def test_free_partner_help_does_not_come_back_by_allying_again() -> None:
    """R-PARTNER-6, R-ALLY-1/7: the free help is once for this partner, for good.

    CZ (Schopnosti společníků): "Jedenkrát, pro libovolnou obranu nebo útok, můžete tohoto
    společníka využít zdarma. Do použití mějte tuto destičku gangstera stranou města vzhůru."
    PL (Umiejętności Współpracowników): "Raz możesz użyć tego Współpracownika do dowolnej
    obrony lub ataku za darmo. Do momentu użycia przechowuj ten kafelek Mafioza stroną Miasta ku
    górze." Once ("Jedenkrát" / "Raz"), this partner ("tohoto společníka" / "tego
    Współpracownika"): leaving the partner and allying with it again does not give a second
    free use. Before issue 15 ``ally()`` reset the flag, so it did. A *different* tile with the
    same ability is another partner and brings its own single free use.
    """
    ctx = new_ctx([P, Y])
    purple = ctx.player(P)
    state = ctx.state
    for d in state.districts.values():
        d.gangster = None
    free_a, free_c, plain = "gangster-A6", "gangster-C4", "gangster-D1"
    state.districts[3].gangster, state.districts[9].gangster = free_a, plain
    state.districts[14].gangster = free_c
    source = Source("person", "commission:0")
    drive(ally(ctx, P, Effect.of("ally"), source), _ally_script(free_a, 3))
    assert purple.partner == free_a and bonus(ctx, purple, "once_free_help") == 1
    free = next(b for b in boosts(ctx, purple, 2, partner_allowed=True) if b.free)
    spend_boost(ctx, purple, free)  # the free help is used in a fight
    assert bonus(ctx, purple, "once_free_help") == 0
    # Leave it for another gangster, then ally with it again: still spent.
    drive(ally(ctx, P, Effect.of("ally"), source), _ally_script(plain, 9))
    assert state.districts[3].gangster == free_a  # back on the gangster board (R-ALLY-1)
    drive(ally(ctx, P, Effect.of("ally"), source), _ally_script(free_a, 3))
    assert purple.partner == free_a
    assert bonus(ctx, purple, "once_free_help") == 0
    assert not [b for b in boosts(ctx, purple, 2, partner_allowed=True) if b.free]
    # Another tile with the ability is another partner: its own single free use.
    drive(ally(ctx, P, Effect.of("ally"), source), _ally_script(free_c, 14))
    assert bonus(ctx, purple, "once_free_help") == 1


# ============================================================ 3. "cook books" with nothing to cook
def _restaurant_decision(ctx: Ctx) -> Decision:
    """Purple goes to the Restaurant (bottom space 1) and stops at the first action choice."""
    seen: list[Decision] = []

    def choose(decision: Decision) -> str:
        if decision.kind == "capo":
            return "capo restaurant 0"
        if decision.kind == "restaurant_space":
            return "bottom 1"
        if decision.kind == "restaurant_action":
            seen.append(decision)
            return "done"
        return skip_or_first(decision)

    drive(send_capo(ctx, P), choose)
    return seen[0]


def test_cook_books_is_greyed_out_when_no_goal_can_be_met() -> None:
    """R-LOC-RESTAURANT-7, R-BOOKS-2/4, R-LOC-GEN-5: an empty "cook books" is not offered; it is
    shown greyed out with its reason.

    CZ (Restaurace, "c: Zfalšování až tří knih"): "Umístěte až 3 knihy ... ZA KAŽDOU KNIHU:
    1. Vyberte si prázdné pole pro zfalšovanou knihu ... Musíte splňovat podmínky vybraného
    pole." PL (Restauracja, "C: Sfałszuj do trzech Ksiąg"): "Za każdą Księgę: 1. Wybierz puste
    pole Fałszowania Ksiąg ... Musisz spełnić wymagania wybranego pola." Cooking is placing
    books, each on a space whose requirement you meet; with no such space (or no book) the
    action places nothing. And "Všechny akce jsou volitelné" / "Wszystkie akcje są opcjonalne"
    (all actions are optional), so "done" already covers not cooking: the books give no
    separate empty action to choose. Before issue 15 the Restaurant offered it anyway and it
    did nothing.
    """
    ctx = new_ctx([P, Y, B])
    purple = ctx.player(P)
    purple.books = 2
    assert book_spaces_available(ctx, P) == []  # notoriety 5, no crate, nothing protected
    decision = _restaurant_decision(ctx)
    assert "restaurant_action books" not in {str(o) for o in decision.options}
    blocked = {str(b.action): b.error for b in decision.blocked}
    assert blocked["restaurant_action books"].rule == "R-BOOKS-4"
    assert "you meet no goal" in blocked["restaurant_action books"].reason
    assert "Cook up to 3 books" == next(
        b.action.label for b in decision.blocked if str(b.action) == "restaurant_action books"
    )


def test_cook_books_without_a_book_names_the_missing_book() -> None:
    """R-BOOKS-2 (CZ "Umístěte až 3 knihy ze své desky operací", PL "Umieść do trzech Ksiąg z
    twojej planszy Działalności"): no book on the board, nothing to cook, greyed out."""
    ctx = new_ctx([P, Y, B])
    ctx.player(P).books = 0
    decision = _restaurant_decision(ctx)
    blocked = {str(b.action): b.error for b in decision.blocked}
    assert blocked["restaurant_action books"].rule == "R-BOOKS-2"
    assert "no book" in blocked["restaurant_action books"].reason


def test_cook_books_is_offered_when_a_goal_can_be_met() -> None:
    """R-BOOKS-5, R-LOC-RESTAURANT-7: one crate and a book make the first docks goal reachable,
    so "cook books" is a live option again."""
    ctx = new_ctx([P, Y, B])
    purple = ctx.player(P)
    purple.books, purple.crates = 1, ["crate-01"]
    decision = _restaurant_decision(ctx)
    assert "restaurant_action books" in {str(o) for o in decision.options}
    assert "restaurant_action books" not in {str(b.action) for b in decision.blocked}


# ============================================================ the reference re-read (issue 15)
@pytest.mark.parametrize(("strict", "waits"), [(False, 19), (True, 7)])
def test_r_truck_5_e18_the_second_truck_enters_and_both_load_before_the_first_moves(
    strict: bool, waits: int
) -> None:
    """R-TRUCK-5, R-TRUCK-9, E18 in the books' own order, with either reading of R-TRUCK-5.

    CZ (Garáž, Příklad 2): "Jeden náklaďák je ve stejné čtvrti jako jeho lihovar (čtvrť 8)
    a druhý náklaďák přesune ze své desky operací do téže čtvrti. V lihovaru má 4 sudy (1),
    naloží po 2 sudech na každý náklaďák, poté jedním pohne do čtvrti 4". PL (Garaż,
    Przykład 2): "ładuje po 2 Beczki na każdą ze swoich Ciężarówek, a następnie porusza jedną
    Ciężarówkę do Rejonu 4". The second truck enters and both load before the first moves;
    then "je vhodné zcela pohnout jedním" / "zalecane jest zakończenie ruchu jednej z nich"
    (advised: finish one before moving the other). Before issue 15 the first truck had to
    finish before the second could even enter. The last point of truck B buys after moving
    (R-TRUCK-9): "poslední bod pohybu za návrat do čtvrti 13, kde si koupí další 2 sudy".
    By default (the advice is no rule, issue 26 item 4) truck A may hand over at each of its
    steps while B still waits: 19 decisions offer ``wait``; with
    ``Options.finish_one_truck_first`` only the 7 before each truck's first move do.
    """
    ctx = new_ctx(4, seed=7, police=(), options=Options(finish_one_truck_first=strict))
    purple = ctx.player(P)
    set_levels(ctx, P, fleet=3)
    purple.pocket, purple.safe = 30, 0
    put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    purple.distillery_barrels = 4
    for district, space, kind in [(4, 0, "BAR"), (4, 1, "CASINO"), (9, 0, "BAR")]:
        put_building(ctx, P, district, space, BuildingType[kind])
    put_building(ctx, P, 5, 0, BuildingType.NIGHTCLUB)
    for space in (0, 1):
        put_building(ctx, P, 15, space, BuildingType.BAR)
    ports = {"rothstein": 7, "daisy": 1, "st-clair": 2, "smuggler-4": 15}
    for s in ctx.state.ships:
        s.port = ports[s.ship]
    truck_a, truck_b = purple.trucks
    truck_a.district = 8
    script = [
        *("truck 1", "load", "load", "wait"),  # truck A loads, then hands over before moving
        *("truck 2", "enter 8", "load", "load", "wait"),  # truck B enters 8 and loads
        "truck 1",  # back to A: it moves and finishes
        *("move 4", "deliver 4 0", "deliver 4 1", "move 7", "buy rothstein", "buy rothstein"),
        *("move 8", "move 9", "deliver 9 0", "move 5", "deliver 5 0", "finish"),
        *("move 7", "move 10", "move 13", "move 15", "deliver 15 0", "deliver 15 1"),
        *("move 13", "buy rothstein", "buy rothstein", "finish"),  # B buys after its last point
    ]
    _, seen = drive(
        deliver(ctx, P, Effect.of("deliver"), Source("card", "fleet-05", range_bonus=2)), script
    )
    assert len([d for d in seen if "wait" in {o.kind for o in d.options}]) == waits
    assert (truck_a.district, truck_a.barrels) == (5, 0)
    assert (truck_b.district, truck_b.barrels) == (13, 2)
    assert purple.distillery_barrels == 0


def _refusing(ctx: Ctx, request: str, answer: str, out: list[IllegalAction]) -> Any:
    """A script entry recording the refusal of ``request`` (and that it left the state
    untouched) before answering ``answer``."""

    def entry(decision: Decision) -> str:
        before = to_data(ctx.state)
        out.append(
            decision.why_not(Action.parse(request), lambda a: explain_refusal(ctx, decision, a))
        )
        assert to_data(ctx.state) == before
        return answer

    return entry


def test_r_truck_5_option_a_moving_truck_finishes_before_the_other_moves() -> None:
    """R-TRUCK-5 with ``Options.finish_one_truck_first`` (the books' advice made a rule): no
    ``wait`` once a truck has moved, refused citing R-TRUCK-5 (it used to be a generic
    ``not-now`` citing R-TRUCK-4), and each truck waits at most once, so the hand-over cannot
    go on for ever."""
    ctx = new_ctx(4, seed=7, police=(), options=Options(finish_one_truck_first=True))
    purple = ctx.player(P)
    set_levels(ctx, P, fleet=3)
    purple.trucks[0].district = 8
    refused: list[IllegalAction] = []
    _, seen = drive(
        deliver(ctx, P, Effect.of("deliver"), Source("card", "fleet-05")),
        [
            *("truck 1", "wait", "truck 2", "enter 3", "wait", "truck 1", "move 4"),
            _refusing(ctx, "wait", "finish", refused),
            _refusing(ctx, "wait", "finish", refused),
        ],
    )
    assert [d.kind for d in seen[:3]] == ["truck_choose", "truck", "truck_choose"]
    after_move = seen[-2]
    assert "wait" not in {o.kind for o in after_move.options}  # truck 1 moved: no hand-over
    assert "wait" not in {o.kind for o in seen[-1].options}  # truck 2 alone now
    assert [(e.code, e.rule) for e in refused] == [
        ("truck-moved", "R-TRUCK-5"),
        ("no-other-truck", "R-TRUCK-5"),
    ]
    assert "finish_one_truck_first" in refused[0].reason


def test_r_truck_5_by_default_a_moved_truck_may_hand_over_and_resume() -> None:
    """R-TRUCK-5 (the books only advise finishing one truck first): by default truck 1 moves,
    hands over to truck 2, and resumes with the points it has left; a truck that waited without
    acting since must act before waiting again (``waited``), so the action ends."""
    ctx = new_ctx(4, seed=7, police=())
    purple = ctx.player(P)
    set_levels(ctx, P, fleet=3)
    purple.trucks[0].district = 8
    refused: list[IllegalAction] = []
    _, seen = drive(
        deliver(ctx, P, Effect.of("deliver"), Source("card", "fleet-05")),
        [
            *("truck 1", "move 4", "wait"),  # truck 1 moved: it may still hand over
            *("truck 2", "wait"),  # truck 2 hands over without acting
            *("truck 2", _refusing(ctx, "wait", "enter 3", refused), "wait"),
            *("truck 1", "move 8", "finish", "finish"),
        ],
    )
    first_points = int(seen[1].fact("points"))
    chooser, resumed = seen[8], seen[9]
    left = f"{first_points - 1} movement point"
    assert left in str(next(o.label for o in chooser.options if str(o) == "truck 1"))
    assert (resumed.kind, resumed.fact("truck"), resumed.fact("points")) == (
        "truck",
        0,
        first_points - 1,
    )
    assert [(e.code, e.rule) for e in refused] == [("waited", "R-TRUCK-5")]
    assert [t.district for t in purple.trucks] == [8, 3]


def test_r_truck_5_a_truck_that_acted_may_wait_at_once_when_it_takes_over_again() -> None:
    """R-TRUCK-5 (default): what counts is having acted, not where the truck ends: truck 1
    loads and delivers in its own district (the same district and load as before), hands over,
    and when it takes over again it may hand over at once; truck 2, which waited without
    acting, may not."""
    ctx = new_ctx(4, seed=7, police=())
    purple = ctx.player(P)
    set_levels(ctx, P, fleet=3)
    put_building(ctx, P, 8, 0, BuildingType.DISTILLERY)
    put_building(ctx, P, 8, 1, BuildingType.BAR)
    purple.distillery_barrels = 1
    purple.trucks[0].district = 8
    _, seen = drive(
        deliver(ctx, P, Effect.of("deliver"), Source("card", "fleet-05")),
        [
            *("truck 1", "load", "deliver 8 1", "wait"),
            *("truck 2", "wait", "truck 1", "wait", "truck 2", "finish", "finish"),
        ],
    )
    assert [d.fact("truck") for d in seen if d.kind == "truck"] == [0, 0, 0, 1, 0, 1, 0]
    assert "wait" not in {o.kind for o in seen[-2].options}  # truck 2 waited without acting


def test_r_truck_5_r_truck_12_by_default_both_trucks_buy_from_one_sailing_ship() -> None:
    """R-TRUCK-5, R-TRUCK-11/12, E17: why the order matters. Truck 1 buys from the Rothstein
    in port 7 and hands over, so the ship sails on to the next free port, 13, where truck 2
    stands and buys from it too; then truck 1 resumes and stops."""
    ctx = new_ctx(4, seed=7, police=())
    purple = ctx.player(P)
    set_levels(ctx, P, fleet=3)
    purple.pocket, purple.safe = 30, 0
    ports = {"rothstein": 7, "daisy": 1, "st-clair": 2, "smuggler-4": 15}
    for s in ctx.state.ships:
        s.port = ports[s.ship]
    purple.trucks[0].district, purple.trucks[1].district = 7, 13
    drive(
        deliver(ctx, P, Effect.of("deliver"), Source("card", "fleet-05")),
        [
            *("truck 1", "buy rothstein", "move 8", "wait"),
            *("truck 2", "buy rothstein", "finish", "finish"),
        ],
    )
    assert [t.barrels for t in purple.trucks] == [1, 1]
    assert [e.data["district"] for e in ctx.events if e.kind == "truck_buy"] == [7, 13]


def test_geo_2_central_park_belongs_to_no_area() -> None:
    """GEO-2, R-BOARD-1: CZ "Manhattan rozdělený na Central Park a tři oblasti", PL "Manhattan,
    składający się z Central Parku i trzech stref": the areas' districts are 1-16 only, and
    the park is no district of any area."""
    ctx = new_ctx(4)
    board = ctx.board
    in_areas = sorted(d for area in Area for d in board.districts_in(area))
    assert in_areas == list(range(1, 17))
    assert not hasattr(board.central_park, "area")


def test_r_ship_7_the_crate_bonus_is_shown_before_the_attack() -> None:
    """R-SHIP-7: CZ "V horní části lícové strany žetonu bedny je vyobrazena odměna na rubu",
    PL "Górna część kafelka Skrzyni wskazuje jaka premia znajduje się na rewersie": the
    attack option names the crate's lasting bonus as well as its cash."""
    ctx, _ = _e20_ctx()
    ctx.player(B).pocket = 10
    decision = next(attack_ship(ctx, B, ATTACK, DOCKS))
    label = next(o.label for o in decision.options if str(o) == "ship st-clair")
    bonus_label = ctx.catalog.crate("crate-09").bonus.label
    assert "crate #9 ($5 per" in label and bonus_label in label


def test_r_setup_3_r_comp_6_the_gangster_bar_supply_beside_the_gangster_board() -> None:
    """R-SETUP-3, R-COMP-6: the 24 gangster bars start in the supply; those the setup places
    leave it, so bars on the map plus the supply make 24."""
    ctx = new_ctx(4, seed=3)
    on_map = sum(s.gangster_bar for d in ctx.state.districts.values() for s in d.spaces)
    assert on_map > 0 and on_map + ctx.state.supply_gangster_bars == 24


def test_disc_13_only_the_two_player_setup_closes_districts() -> None:
    """DISC-13, R-3P-2, R-PROLOGUE-2: the markers are "pouze pro hru 1–3 hráčů" (CZ) / "tylko
    w trybie Solo i rozgrywkach 2- i 3-osobowych" (PL), but at 3p they only cover the 4th
    turn-order spaces; districts are closed at 2p alone."""
    two, three = new_ctx(2, seed=1), new_ctx(3, seed=1)
    assert sum(d.closed for d in two.state.districts.values()) == 5
    assert not any(d.closed for d in three.state.districts.values())
