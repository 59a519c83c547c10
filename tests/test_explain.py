"""Explanations (speakeasy.games.speakeasy.explain): every event in plain English with its rules,
why options are greyed out, rule lookup, step-through of automatic steps and the filtered game log.

Every kind of event and decision is declared (speakeasy.games.speakeasy.model.kinds) and has exactly
one explanation; an event's sentence is the one its rule wrote, never a second wording."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from speakeasy import Game
from speakeasy.core.actions import Action, Event, IllegalAction
from speakeasy.core.bots import decide
from speakeasy.games.speakeasy.engine.bots import RandomBot, play_out
from speakeasy.games.speakeasy.explain.events import (
    CATEGORIES,
    DECISION_CATEGORIES,
    EVENT_GUIDES,
    Explanation,
    category_of,
    explain_decision,
    explain_event,
)
from speakeasy.games.speakeasy.explain.log import log, step_through
from speakeasy.games.speakeasy.explain.refusals import explain_blocked, explain_error
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.kinds import (
    EVENT_DATA,
    DecisionKind,
    EventDataError,
    EventKind,
)
from speakeasy.games.speakeasy.model.state import (
    Building,
    BuildingType,
    Colour,
    Phase,
    Track,
    to_data,
)
from speakeasy.games.speakeasy.rules.buildings import MODES, build
from speakeasy.games.speakeasy.rules.context import Ctx
from speakeasy.games.speakeasy.rules.dispatch import Source, run_effect
from speakeasy.games.speakeasy.rules.flow import send_capo
from speakeasy.games.speakeasy.rules.luciano import gang_war, pay_luciano, score_area_control
from speakeasy.tools.citations import RuleRef
from speakeasy.tools.lookup import lookup, lookup_markdown
from speakeasy.tools.rules_index import load_rules_index
from tests.support import clear_map, drive, new_ctx, put_building, skip_or_first

INDEX = load_rules_index()
P, Y, G, B = Colour.PURPLE, Colour.YELLOW, Colour.GREEN, Colour.BLUE
SOURCE = Path(__file__).resolve().parent.parent / "speakeasy"

#: Seeded whole games: (players, seed).
GAMES = [(1, 1), (2, 2), (3, 3), (4, 4), (2, 5), (3, 6), (4, 7), (2, 8)]

#: Data keys holding money: each amount the event moved is named in its sentence as ``$n``.
MONEY = ("price", "amount", "total", "payout", "cash")


def played(players: int, seed: int) -> Game:
    game = Game.new(players=players, seed=seed)
    bot = RandomBot(seed)
    play_out(game, dict.fromkeys(game.colours, bot))
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [played(n, seed) for n, seed in GAMES]


# ============================================================================ every event kind
def test_every_event_of_whole_games_is_explained_with_indexed_rules(games: list[Game]) -> None:
    """Text, rules (all indexed, the event's own included), player and category of each event."""
    kinds: set[str] = set()
    for game in games:
        explanations = log(game, newest_first=False)
        assert [e.event for e in explanations] == list(game.events)
        for explanation in explanations:
            event = explanation.event
            assert event is not None
            kinds.add(event.kind)
            assert explanation.text == event.text  # one wording: the rule's own sentence
            assert explanation.kind == event.kind
            assert explanation.player == event.player
            assert explanation.category in CATEGORIES
            fixed = EVENT_GUIDES[EventKind(event.kind)].category
            if fixed is not None:
                assert explanation.category == fixed
            ids = explanation.rule_ids
            assert set(event.rules) <= set(ids) and len(ids) == len(set(ids))
            for ref in explanation.rules:
                entry = INDEX.get(ref.id)
                assert entry is not None, f"{ref.id} of {event.kind} is not in the rules index"
                assert ref.summary == entry.summary
            assert str(explanation).startswith(explanation.text + " — ")
    # the random games cover the automatic parts and most turn actions
    assert {"gang_war", "defence_impossible", "building_lost", "police_arrive"} <= kinds
    assert {"district_control", "payout", "turn_order", "final_score", "game_over"} <= kinds


def test_every_event_sentence_is_one_plain_sentence_naming_its_data(games: list[Game]) -> None:
    """The rules' sentences start with a capital (a player's name, not its colour value), end
    with a full stop, and name the district and the money of their data."""
    for game in games:
        for event in game.events:
            text = event.text
            assert text[:1].isupper() and text.endswith((".", "!")), text
            data = event.data
            district = data.get("district")
            if isinstance(district, int):
                assert f"district {district}" in text.lower(), text
            for key in MONEY:
                amount = data.get(key)
                if isinstance(amount, int) and amount:
                    assert f"${amount}" in text, (key, text)


def test_every_kind_has_exactly_one_declaration_and_one_explanation() -> None:
    """Each event kind declares its data and has one guide; each decision kind one category."""
    assert set(EVENT_DATA) == set(EventKind)
    assert set(EVENT_GUIDES) == set(EventKind)
    assert set(DECISION_CATEGORIES) == set(DecisionKind)
    for guide in EVENT_GUIDES.values():
        assert guide.category in (None, *CATEGORIES)
        assert set(guide.in_category) <= set(CATEGORIES)
    assert set(DECISION_CATEGORIES.values()) <= {None, *CATEGORIES}
    assert len(EventKind) > 80 and len(DecisionKind) > 35


def test_every_kind_is_emitted_or_asked_by_the_rules_and_no_kind_is_a_bare_string() -> None:
    """The source names each kind as an enum member; no call passes a kind as a string."""
    game = SOURCE / "games" / "speakeasy"
    sources = [
        p for room in ("rules", "engine", "positions") for p in game.joinpath(room).rglob("*.py")
    ]
    assert sources
    text = "\n".join(path.read_text() for path in sources)
    events = set(re.findall(r"EventKind\.([A-Z_]+)", text))
    decisions = set(re.findall(r"DecisionKind\.([A-Z_]+)", text))
    # buildings.py emits EventKind(choice.mode) for its three modes
    assert "EventKind(choice.mode)" in text and set(MODES) == {"open", "takeover", "upgrade"}
    events |= {EventKind(mode).name for mode in MODES}
    assert events == {k.name for k in EventKind}, {k.name for k in EventKind} ^ events
    assert decisions == {k.name for k in DecisionKind}, {k.name for k in DecisionKind} ^ decisions
    assert not re.search(r"\.emit\(\s*\"", text)
    assert not re.search(r"\.ask\(\s*\w+,\s*\"", text)


def test_unknown_kinds_and_mismatched_data_are_refused_not_explained() -> None:
    """No explanation by guesswork: a kind or data the declarations do not know raises."""
    with pytest.raises(EventDataError, match="unknown event kind 'mystery'"):
        explain_event(Event("mystery", "green", ("GAP-22",), "Green finds nothing.", {}))
    with pytest.raises(EventDataError, match="event 'payout': missing data 'amount'"):
        explain_event(Event("payout", "blue", ("R-PAYOUT-1",), "Blue gets $5.", {}))
    with pytest.raises(EventDataError, match="unexpected data 'colour'"):
        explain_event(
            Event(
                "sell",
                "blue",
                (),
                "x",
                {"colour": "blue", "district": 1, "space": 0, "building": "bar", "price": 9},
            )
        )
    with pytest.raises(EventDataError, match="'partner' must be bool, not int"):
        explain_event(
            Event(
                "building_holds",
                "blue",
                (),
                "x",
                {
                    "district": 1,
                    "space": 0,
                    "building": "bar",
                    "tile": "gangster-A1",
                    "war_strength": 5,
                    "defence": 5,
                    "goons": 0,
                    "partner": 0,
                    "free": False,
                    "paid": 0,
                },
            )
        )
    ctx = new_ctx(2)
    with pytest.raises(EventDataError, match="missing data 'price'"):
        ctx.emit(EventKind.SELL, P, (), "Purple sells.", district=1, space=0, building="bar")
    with pytest.raises(ValueError, match="unknown category"):
        explain_event(Event("draw", "blue", (), "Blue draws.", {"card": "vip-01"}), "lunch")


def test_categories_from_the_log_match_the_game_phase_at_each_event(games: list[Game]) -> None:
    """log() infers categories from the events; step_through() reads them off the states."""
    game = games[0]  # the solo sandbox: the shortest game
    by_step: dict[int | None, list[Explanation]] = {}
    for explanation in log(game, newest_first=False):
        by_step.setdefault(explanation.step, []).append(explanation)
    for number in range(len(game.steps) + 1):
        frames = step_through(game, number)
        assert [
            (f.explanation.kind, f.explanation.category, f.explanation.act, f.explanation.round)
            for f in frames
        ] == [(e.kind, e.category, e.act, e.round) for e in by_step.get(number, [])]


def test_pending_decisions_are_explained_with_their_prompt_rules_and_category() -> None:
    """The prompt is the sentence, the decision's rules are cited, the category is fixed by the
    kind or else the phase it is asked in."""
    game = Game.new(players=3, seed=3)
    bot = RandomBot(3)
    seen: set[str] = set()
    while not game.is_over:
        decision = game.pending
        assert decision is not None
        explanation = explain_decision(decision, game.state.phase)
        assert explanation.text == decision.prompt
        assert explanation.rule_ids == tuple(dict.fromkeys(decision.rules))
        assert explanation.player == decision.player.value
        for ref in explanation.rules:
            assert INDEX.get(ref.id) is not None, f"{ref.id} of {decision.kind} is not indexed"
        fixed = DECISION_CATEGORIES[DecisionKind(decision.kind)]
        phase = "turn" if game.state.phase is Phase.ROUNDS else explanation.category
        assert explanation.category == (fixed or phase)
        seen.add(decision.kind)
        game.apply(decide(game, bot))
    assert {"capo", "build", "prologue_card", "turn_draw"} <= seen


# ============================================================================ the rules' sentences
def _build(ctx: Ctx, colour: Colour, district: int, space: int, kind: BuildingType) -> None:
    player = ctx.player(colour)
    piece = next(p for p in player.board_pieces if p.startswith(kind.value))
    player.board_pieces.remove(piece)
    protected = colour is P
    ctx.state.districts[district].spaces[space].building = Building(
        colour, kind, piece, protected=protected
    )


def _gambino_war(blue_answer: str) -> list[Explanation]:
    """E3-like: Carlo Gambino (war strength 8) attacks Purple's bar and Blue's casino in 14."""
    ctx = new_ctx(4, seed=1)
    clear_map(ctx.state)
    gambino = next(t for t in ctx.catalog.gangsters if t.name == "Carlo Gambino")
    ctx.state.gangster_decks["C"] = [gambino.id]
    ctx.state.districts[14].war_token = True
    _build(ctx, P, 14, 0, BuildingType.BAR)
    _build(ctx, B, 14, 1, BuildingType.CASINO)
    purple, blue = ctx.player(P), ctx.player(B)
    purple.levels[Track.STRENGTH], purple.goons, purple.partner = 2, 1, None
    blue.levels[Track.STRENGTH], blue.goons, blue.partner = 4, 4, None
    start = len(ctx.events)
    drive(gang_war(ctx, 2), [blue_answer])
    return [explain_event(e, Phase.GANG_WAR) for e in ctx.events[start:]]


def test_gang_war_defence_failing_cites_r_gangwar_7_and_8_with_numbers() -> None:
    explained = {e.kind: e for e in _gambino_war("boost 2 none")}
    impossible = explained["defence_impossible"]
    assert impossible.player == "purple" and impossible.category == "gang war"
    assert impossible.text == (
        "Carlo Gambino (war strength 8) attacks Purple's bar in district 14: its best defence "
        "is 3 (strength 2 + 1 goon) < 8, so the bar falls."
    )
    assert {"R-GANGWAR-7", "R-GANGWAR-8"} <= set(impossible.rule_ids)
    failed = explained["defence_failed"]
    assert failed.player == "blue"
    assert "returning 2 goons, but defence 6 < 8, so the casino falls" in failed.text
    assert {"R-GANGWAR-7", "R-GANGWAR-8", "R-COMBAT-3"} <= set(failed.rule_ids)
    lost = {e.player: e for e in _gambino_war("boost 2 none") if e.kind == "building_lost"}
    assert lost["purple"].text == (
        "Purple's bar in district 14 falls to Carlo Gambino and is removed from the game with its "
        "protecting mafioso; a gangster bar of Carlo Gambino takes the space."
    )
    assert lost["purple"].rule_ids == ("R-GANGWAR-8",)
    assert explained["war_strength"].text == (
        "Carlo Gambino attacks every player building in district 14 with war strength 8 "
        "(strength 7 + modifier 1)."
    )


def test_gang_war_declined_and_held_defences() -> None:
    declined = {e.kind: e for e in _gambino_war("boost 0 none")}["defence_declined"]
    assert "Blue chooses not to defend (defence 4 < 8)" in declined.text
    assert "R-GANGWAR-14" in declined.rule_ids and "R-GANGWAR-8" in declined.rule_ids
    held = {e.kind: e for e in _gambino_war("boost 4 none")}["building_holds"]
    assert "Blue defends by returning 4 goons: defence 8 ≥ 8, so it holds." in held.text
    assert "R-GANGWAR-8" not in held.rule_ids


def test_a_laundered_opening_names_the_payment_and_cites_r_money_2() -> None:
    """R-MONEY-2: $5 from the pocket and $24 laundered from the safe pay a $17 casino."""
    ctx = new_ctx(4, seed=2, clear=True)
    purple = ctx.player(P)
    purple.pocket, purple.safe, purple.hand = 5, 30, ["vip-01"]
    start = len(ctx.events)
    answers = {"build": "build open casino-1", "build_space": "build_space 3 1"}
    drive(
        build(ctx, P, buildings=("casino",), modes=("open",)),
        lambda d: answers.get(d.kind) or skip_or_first(d),
    )
    (opened,) = [e for e in ctx.events[start:] if e.kind == "open"]
    explanation = explain_event(opened)
    assert explanation.text == (
        "Purple opens a casino in district 3 (space 2) for $17 ($5 from the pocket and $24 "
        "laundered from the safe at 2:1) and 1 discarded card, then gets the reward under that "
        "board space."
    )
    assert explanation.rule_ids[-1] == "R-MONEY-2"


def test_an_upgrade_names_its_discount_and_what_stays() -> None:
    """R-UPGRADE-4/5, E16: $12 less the left group's $3 discount; the mafioso and barrel stay."""
    ctx = new_ctx(4, seed=2, clear=True)
    purple = ctx.player(P)
    for piece in ("bar-left-1", "bar-left-2", "bar-left-3"):
        purple.board_pieces.remove(piece)
    put_building(ctx, P, 7, 1, BuildingType.BAR, protected=True, barrel=True)
    purple.pocket, purple.safe = 20, 0
    start = len(ctx.events)
    answers = {"build": "build upgrade nightclub-1", "build_space": "build_space 7 1"}
    drive(
        build(ctx, P, buildings=("nightclub",), modes=("upgrade",)),
        lambda d: answers.get(d.kind) or skip_or_first(d),
    )
    (upgraded,) = [e for e in ctx.events[start:] if e.kind == "upgrade"]
    assert upgraded.text == (
        "Purple upgrades the bar in district 7 to a nightclub for $9 ($12 less a discount of "
        "$3); the bar leaves the game and its mafioso and barrel stay with the new building."
    )


def test_protection_names_the_leverage_tokens_discarded_and_the_leverage_lost() -> None:
    """R-PROTECT-3, R-LEV-2: 2 leverage per mafioso, card leverage first, then tokens."""
    ctx = new_ctx(4, seed=5, clear=True)
    ctx.state.turn_order.top, ctx.state.turn_order.bottom = [P, G, Y, B], [None] * 4
    yellow = ctx.player(Y)
    yellow.slots = dict.fromkeys(yellow.slots)
    yellow.slots[Track.VIP] = "vip-03"  # 1 leverage
    yellow.vip, yellow.leverage_tokens, yellow.partner, yellow.crates = 3, 3, None, []
    put_building(ctx, Y, 1, 0, BuildingType.BAR)
    start = len(ctx.events)
    drive(
        run_effect(ctx, Y, Effect.of("protect"), Source("card", "vip-03", track="vip")),
        ["protect 1 0"],
    )
    texts = [e.text for e in ctx.events[start:]]
    assert texts == [
        "Yellow sends a mafioso from the VIP area to protect the bar in district 1 (2 leverage, "
        "discarding 1 leverage token); it now operates even with police and scores at the end.",
        "Yellow protected 1 building.",
    ]


def test_area_control_and_payout_sentences_name_ties_and_ranks() -> None:
    """R-CONTROL-3: two protected bars share district 15; R-PAYOUT-2: tied markers share a rank."""
    ctx = new_ctx(4, seed=3, clear=True)
    put_building(ctx, P, 15, 0, BuildingType.BAR, protected=True)
    put_building(ctx, G, 15, 1, BuildingType.BAR, protected=True)
    start = len(ctx.events)
    score_area_control(ctx)
    pay_luciano(ctx)
    events = ctx.events[start:]
    (shared,) = [e for e in events if e.kind == "district_control" and e.data["district"] == 15]
    assert shared.text == (
        "District 15 (Uptown): A mafioso protects a building here: Purple's protected bar and "
        "Green's protected bar tie for the best building (the number of buildings does not "
        "matter); Purple and Green control district 15."
    )
    explained = explain_event(shared, Phase.AREA_CONTROL)
    assert explained.category == "area control" and "R-CONTROL-3" in explained.rule_ids
    paid = {e.player: e.text for e in events if e.kind == "payout" and e.data["area"] == "uptown"}
    amount = ctx.catalog.payouts["uptown"][2]
    assert paid["purple"] == (
        f"Uptown pays Purple ${amount} into the safe for rank 2 on the control track (space 1, "
        "tied with 1 other marker; the gangsters are rank 5 and are never paid)."
    )
    assert paid["yellow"] == (
        "Uptown pays Yellow nothing: Yellow controlled no district there this act."
    )


def test_restaurant_blocked_option_explains_the_extra_discard() -> None:
    """Only bottom spaces 3 and 4 are free at 4p and both need a second discard."""
    ctx = new_ctx([P, Y, G, B])
    ctx.player(P).hand = ["vip-01"]
    ctx.state.turn_order.bottom = [Y, G, None, None]
    decision = next(send_capo(ctx, P))
    reasons = {str(action): why for action, why in explain_blocked(decision, ctx.state)}
    why = reasons["capo restaurant 0"]
    assert why.startswith("Restaurant: ")
    assert "bottom space 3 needs 2 discards and bottom space 4 needs 2 discards" in why
    assert "you hold 1 card" in why
    assert "R-LOC-RESTAURANT-3 (" in why and "R-LOC-RESTAURANT-2 (" in why
    # without the state the engine's own reason is used, with the same rules
    plain = {str(a): w for a, w in explain_blocked(decision)}["capo restaurant 0"]
    assert "second discard" in plain and "R-LOC-RESTAURANT-2 (" in plain
    # taken persons say whose capo is there
    ctx.state.persons["docks:0"] = Y
    taken = {str(a): w for a, w in explain_blocked(next(send_capo(ctx, P)))}
    assert taken["capo docks 0"].startswith("Docks, person 1: ")
    assert (
        "Yellow's capo already talks to this person this act — R-TURN-4 (" in taken["capo docks 0"]
    )


def test_unknown_rule_ids_are_cited_bare_and_categories_are_checked() -> None:
    event = Event("no_card", "green", ("GAP-22", "R-NOPE-1"), "No card left to draw.", {})
    explanation = explain_event(event, "prologue")
    assert explanation.text == "No card left to draw." and explanation.category == "prologue"
    assert explanation.rules[0].summary == INDEX.summary("GAP-22")
    assert explanation.rules[1] == RuleRef("R-NOPE-1", None)
    assert str(explanation).endswith("; R-NOPE-1")
    assert category_of(Event("draw", "blue", (), "")) == "turn"
    assert category_of(Event("payout", "blue", (), ""), "setup") == "payout"


def test_prologue_events_cite_the_prologue_rules(games: list[Game]) -> None:
    prologue = log(games[1], category="prologue", newest_first=False)
    opened = next(e for e in prologue if e.kind == "open")
    assert {"R-BUILD-2", "R-PROLOGUE-4", "R-PROLOGUE-6", "R-PROLOGUE-7"} <= set(opened.rule_ids)
    played_card = next(e for e in prologue if e.kind == "play_card")
    assert "R-PROLOGUE-8" in played_card.rule_ids


def test_markdown_and_html_renderings() -> None:
    explanation = explain_event(
        Event(
            "casino_income",
            "yellow",
            ("R-ORDER-5",),
            "End of round: Yellow's 1 operating casino pays $5 into the pocket.",
            {"amount": 5, "casinos": 1},
        )
    )
    md = explanation.markdown()
    assert md.startswith("End of round: Yellow's 1 operating casino pays \\$5 into the pocket.")
    assert " — **R-ORDER-5** (casino income: all players" in md
    assert explanation._repr_markdown_() == md
    page = explanation.html()
    assert 'data-category="end of round"' in page
    assert '<code class="rule">R-ORDER-5</code> (casino income' in page
    assert "$5" in page and "<script" not in page
    tricky = explain_event(Event("no_sale", None, (), "A <b> & c.", {}))
    # entities, not backslashes: marimo shows a backslash before "<" literally (issue 25)
    assert "A &lt;b&gt; &amp; c." in tricky.html() and tricky.markdown() == "A &lt;b&gt; &amp; c."
    assert tricky.phase == tricky.category == "turn"


# ============================================================================ illegal actions
def test_explain_error_on_real_illegal_actions_from_the_engine(games: list[Game]) -> None:
    game = Game.new(players=2, seed=2)
    bot = RandomBot(2)
    explained: dict[str, str] = {}
    while not game.is_over and len(explained) < 4:
        pending = game.pending
        assert pending is not None
        for blocked in pending.blocked:
            with pytest.raises(IllegalAction) as caught:
                game.apply(blocked.action)
            error = caught.value
            text = explain_error(error)
            assert text.startswith(error.reason[0].upper())
            assert f" — {error.rule} (" in text
            explained.setdefault(error.code, text)
        game.apply(decide(game, bot))
    assert explained, "no greyed-out option met"
    with pytest.raises(IllegalAction) as caught:
        games[1].apply("capo docks 0")
    assert explain_error(caught.value) == "The game is over — " + INDEX.cite("R-SCORING-5")
    fresh = Game.new(players=2, seed=2)
    with pytest.raises(IllegalAction) as caught:
        fresh.apply(Action("raise", ("vip",)))
    assert caught.value.code == "not-now"
    waiting = f"The game is waiting for {fresh.current_player}: "
    assert explain_error(caught.value).startswith(waiting)


def test_explain_error_adds_related_rules() -> None:
    pay = IllegalAction("cannot-pay", "R-MONEY-6", "a barrel costs $6 here")
    assert explain_error(pay) == "A barrel costs $6 here — " + INDEX.cite(
        ["R-MONEY-6", "R-MONEY-2"]
    )
    weak = IllegalAction("too-weak", "R-COMBAT-1", "attack 5 does not beat defence 6")
    assert "R-TAKEOVER-2 (" in explain_error(weak)
    precise = explain_error(pay, detail="you need $6 and have $2.")
    assert precise.startswith("You need $6 and have $2 — R-MONEY-6")


def test_explain_blocked_labels_unlabelled_options(games: list[Game]) -> None:
    game = Game.new(players=3, seed=3)
    bot = RandomBot(3)
    seen = 0
    while not game.is_over:
        pending = game.pending
        assert pending is not None
        pairs = explain_blocked(pending, game.state)
        assert [a for a, _ in pairs] == [b.action for b in pending.blocked]
        for action, why in pairs:
            assert why.split(": ", 1)[0] and " — R-" in why
            assert not why.startswith(f"{action.kind} ") or action.label
            seen += 1
        game.apply(decide(game, bot))
    assert seen > 50


# ============================================================================ lookup
def test_lookup_by_id_and_by_words() -> None:
    assert [e.id for e in lookup("r-truck-7")] == ["R-TRUCK-7"]
    assert [e.id for e in lookup(" GAP-23 ")] == ["GAP-23"]
    assert [e.id for e in lookup("e17")] == ["E17"]
    assert lookup("R-TRUCK-99") == []
    assert [e.id for e in lookup("casino income")][:2] == ["R-ORDER-5", "R-MONEY-3"]
    assert lookup("central park truck")[0].id == "R-TRUCK-8"
    assert lookup("zzzqqq") == []
    with pytest.raises(ValueError, match="needs a rule ID"):
        lookup("  ")
    md = lookup_markdown("gangster bar", limit=2)
    assert md.count("\n- ") == 2 and md.startswith('- **<a href="/rules/?id=R-') and "more" in md
    assert lookup_markdown("zzzqqq") == "No rule matches zzzqqq."


# ============================================================================ step-through and log
def _luciano_step(game: Game) -> int:
    return next(
        n for n, s in enumerate(game.steps, 1) if any(e.kind == "gang_war" for e in s.events)
    )


def test_step_through_a_lucky_luciano_step(games: list[Game]) -> None:
    game = games[1]
    number = _luciano_step(game)
    frames = step_through(game, number)
    step = game.steps[number - 1]
    assert [f.event for f in frames] == list(step.events)
    assert [f.explanation.event for f in frames] == list(step.events)
    # the first frame starts from the position before the step
    previous = Game.replay(game.seed, game.history[: number - 1], players=game.colours)
    assert to_data(frames[0].before) == to_data(previous.state)
    for earlier, later in itertools.pairwise(frames):
        assert later.before is earlier.after
    categories = [f.explanation.category for f in frames]
    assert {"gang war", "police", "area control", "payout"} <= set(categories)
    luciano = [c for c in categories if c in ("gang war", "police", "area control", "payout")]
    assert sorted(luciano, key=CATEGORIES.index) == luciano
    # the state after each event shows its effect
    for frame in frames:
        data = frame.event.data
        if frame.event.kind == "police_arrive":
            number_ = int(data["district"])
            assert frame.after.districts[number_].police
            assert not frame.before.districts[number_].police
            assert any("police" in line for line in frame.changes())
        if frame.event.kind == "building_lost":
            space = int(data["space"])
            assert frame.before.districts[int(data["district"])].spaces[space].building is not None
            assert frame.after.districts[int(data["district"])].spaces[space].building is None
        if frame.event.kind == "payout" and int(data["amount"]):
            colour = Colour(str(frame.event.player))
            assert frame.after.players[colour].safe == frame.before.players[colour].safe + int(
                data["amount"]
            )
        if frame.event.kind == "gang_war":
            assert frame.after.phase is Phase.GANG_WAR
    assert game.history == previous.history + game.history[number - 1 :]  # game unchanged


def test_step_through_setup_and_last_step(games: list[Game]) -> None:
    game = games[2]
    setup = step_through(game, 0)
    assert [f.event for f in setup] == list(game.setup_events)
    assert setup[0].explanation.category == "setup" and setup[0].explanation.step == 0
    last = step_through(game)
    assert [f.event for f in last] == list(game.steps[-1].events)
    assert last[-1].explanation.kind == "game_over"
    assert last[-1].explanation.category == "final scoring"
    with pytest.raises(ValueError, match="step must be"):
        step_through(game, len(game.steps) + 1)


def test_log_filters_by_player_and_category(games: list[Game]) -> None:
    game = games[3]  # 4 players
    everything = log(game)
    assert len(everything) == len(game.events)
    assert everything[0].kind == "game_over" and everything[-1].category == "setup"
    oldest_first = log(game, newest_first=False)
    assert oldest_first == everything[::-1]
    steps = [e.step or 0 for e in oldest_first]
    assert steps == sorted(steps) and steps[0] == 0
    for colour in game.colours:
        mine = log(game, player=colour)
        assert mine and all(e.player == colour.value for e in mine)
        assert log(game, player=colour.value.upper()) == mine
    assert sum(len(log(game, player=c)) for c in game.colours) + len(
        [e for e in everything if e.player is None]
    ) == len(everything)
    payouts = log(game, category="payout")
    assert payouts and all(e.kind == "payout" for e in payouts)
    assert log(game, category=Phase.PAYOUT) == payouts
    war_or_police = log(game, category=["gang war", "police"])
    assert {e.category for e in war_or_police} == {"gang war", "police"}
    purple_turns = log(game, player="purple", category="turn")
    assert purple_turns and all(e.player == "purple" and e.category == "turn" for e in purple_turns)
    rounds = [e for e in oldest_first if e.kind == "round"]
    assert [(e.act, e.round) for e in rounds][:2] == [(1, 1), (1, 2)]
    assert all(e.round is None for e in payouts)
    with pytest.raises(ValueError, match="unknown category"):
        log(game, category="lunch")
    with pytest.raises(ValueError, match="unknown colour 'pink'"):
        log(game, player="pink")
