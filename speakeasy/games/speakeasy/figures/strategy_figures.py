"""Plotly figures of a batch of Speakeasy bot games (:mod:`speakeasy.tools.batch`, the records
of :mod:`speakeasy.games.speakeasy.studies.batch`): what wins, and how.

Each figure has a pure table function beside it, so the numbers can be tested and shown
without drawing:

* :func:`score_distribution_figure` — final money (R-SCORING-1) per bot kind, as box plots
  with every game as a point;
* :func:`money_by_source_figure` — mean money gained per player by source (sales, casinos,
  Lucky Luciano payouts, cooked books, crates, helpers, fees; R-MONEY-3/4) as stacked bars,
  winners beside the other players (:func:`money_by_source_table`);
* :func:`locations_figure` — how often winners and the others sent a capo to each location
  per game (R-TURN-3, :func:`locations_table`);
* :func:`win_rate_by_seat_figure` — the win rate by starting turn-order seat (R-PROLOGUE-1),
  per bot kind, with 95% Wilson intervals (:func:`win_rate_by_seat_table`).

>>> from speakeasy.games.speakeasy.descriptor import GAME
>>> from speakeasy.tools.batch import simulate_many
>>> records = simulate_many(GAME, 2, 2, seed=3, workers=1, progress=False)
>>> fig = money_by_source_figure(records)
>>> [t.name for t in fig.data][:3]
['barrels', 'casinos', 'luciano']
>>> sorted(money_by_source_table(records))
['others', 'winners']
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.studies.batch import SOURCES, capo_locations, money_gained
from speakeasy.tools.batch import GameRecord, SeatRecord, wilson_interval

__all__ = [
    "BOT_COLOURS",
    "DECISION_NAMES",
    "SOURCE_COLOURS",
    "SOURCE_LABELS",
    "agreement_rows",
    "compare_rates",
    "discussion",
    "locations_figure",
    "locations_table",
    "money_by_source_figure",
    "money_by_source_table",
    "score_distribution_figure",
    "summary_rows",
    "win_rate_by_seat_figure",
    "win_rate_by_seat_table",
]

#: Colours of the bot kinds (others get the plotly defaults).
BOT_COLOURS: dict[str, str] = {"heuristic": "#2a6f97", "random": "#c9a227", "search": "#8b1a1a"}
#: One colour per money source (:data:`speakeasy.games.speakeasy.studies.batch.SOURCES`).
SOURCE_COLOURS: dict[str, str] = {
    "barrels": "#8b5a2b",
    "casinos": "#7b2cbf",
    "luciano": "#1c3d6e",
    "books": "#2d6a4f",
    "crates": "#e07a5f",
    "helpers": "#f2b705",
    "fees": "#6c757d",
    "other": "#adb5bd",
}
#: Readable names of the money sources, with the rules they come from.
SOURCE_LABELS: dict[str, str] = {
    "barrels": "barrel sales (R-BARREL-4)",
    "casinos": "casino income (R-ORDER-5)",
    "luciano": "Lucky Luciano payouts (R-PAYOUT-1)",
    "books": "cooked books (R-BOOKS-2)",
    "crates": "crate cash (R-SHIP-7)",
    "helpers": "helper card cash (R-HELPERCARD-19)",
    "fees": "mafiosi hired by others (R-SHIP-5)",
    "other": "other cash",
}
_GROUPS = ("winners", "others")
_FONT = {"family": "Georgia, serif", "size": 13}


def _seats(records: Sequence[GameRecord]) -> list[SeatRecord]:
    return [s for r in records for s in r.seats]


def _bots(records: Sequence[GameRecord]) -> list[str]:
    return list(dict.fromkeys(s.bot for s in _seats(records)))


def _layout(fig: go.Figure, title: str, **extra: object) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.02},
        font=_FONT,
        plot_bgcolor="#faf7f0",
        paper_bgcolor="white",
        margin={"l": 60, "r": 20, "t": 60, "b": 90},
        legend={"orientation": "h", "y": -0.22},
        **extra,
    )
    return fig


def score_distribution_figure(records: Sequence[GameRecord]) -> go.Figure:
    """Final money per bot kind (R-SCORING-1): a box per kind, every seat a point."""
    fig = go.Figure()
    for kind in _bots(records):
        totals = [s.score for s in _seats(records) if s.bot == kind]
        fig.add_trace(
            go.Box(
                y=totals,
                name=kind,
                boxpoints="all",
                jitter=0.4,
                pointpos=0,
                marker={"color": BOT_COLOURS.get(kind), "size": 5, "opacity": 0.6},
                line={"color": BOT_COLOURS.get(kind)},
                hovertemplate=f"{kind}: $%{{y}}<extra></extra>",
            )
        )
    return _layout(
        fig,
        f"Final money by bot ({len(records)} games)",
        yaxis={"title": "final money ($)", "rangemode": "tozero"},
        showlegend=False,
    )


def money_by_source_table(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Mean money gained per player by source, for the winners and for the other players.

    A group without any player (a solo batch has no "others") is left out.
    """
    table: dict[str, dict[str, float]] = {}
    for group in _GROUPS:
        seats = [s for s in _seats(records) if s.won == (group == "winners")]
        if seats:
            table[group] = {
                src: statistics.fmean(money_gained(s)[src] for s in seats) for src in SOURCES
            }
    return table


def money_by_source_figure(records: Sequence[GameRecord]) -> go.Figure:
    """Stacked bars of the mean money gained per player by source: winners vs the others."""
    table = money_by_source_table(records)
    groups = list(table)
    counts = {g: sum(1 for s in _seats(records) if s.won == (g == "winners")) for g in groups}
    labels = [f"{g} ({counts[g]} seats)" for g in groups]
    fig = go.Figure()
    for src in SOURCES:
        fig.add_trace(
            go.Bar(
                x=labels,
                y=[table[g][src] for g in groups],
                name=src,
                marker_color=SOURCE_COLOURS[src],
                hovertemplate=f"{SOURCE_LABELS[src]}: $%{{y:.1f}} per player<extra></extra>",
            )
        )
    return _layout(
        fig,
        "Where the money came from (mean per player)",
        barmode="stack",
        yaxis={"title": "money gained ($)"},
    )


def _or_shipped(catalog: Catalog | None) -> Catalog:
    """The catalogue given, else the shipped one (batch records name no game's data)."""
    return catalog if catalog is not None else load_catalog()


def locations_table(
    records: Sequence[GameRecord], *, catalog: Catalog | None = None
) -> dict[str, dict[str, float]]:
    """Capo placements per player and game at each location (R-TURN-3): winners vs others.

    Keys are location ids in catalogue order; values map the group to the mean count.
    ``catalog`` is the games' catalogue (records carry none); without one, the shipped catalogue.
    """
    catalog = _or_shipped(catalog)
    table: dict[str, dict[str, float]] = {loc: {} for loc in catalog.locations}
    for group in _GROUPS:
        seats = [s for s in _seats(records) if s.won == (group == "winners")]
        if not seats:
            continue
        for loc in table:
            table[loc][group] = statistics.fmean(capo_locations(s).count(loc) for s in seats)
    return table


def locations_figure(records: Sequence[GameRecord], *, catalog: Catalog | None = None) -> go.Figure:
    """Grouped bars: how often winners and the others used each location per game
    (``catalog`` as for :func:`locations_table`)."""
    catalog = _or_shipped(catalog)
    table = locations_table(records, catalog=catalog)
    # one word a line: nine names side by side must not run into each other on a laptop
    names = [catalog.locations[loc].name.replace(" ", "<br>") for loc in table]
    fig = go.Figure()
    for group, colour in zip(_GROUPS, ("#2d6a4f", "#b0b0b0"), strict=True):
        if not any(group in row for row in table.values()):
            continue
        fig.add_trace(
            go.Bar(
                x=names,
                y=[table[loc].get(group, 0.0) for loc in table],
                name=group,
                marker_color=colour,
                hovertemplate="%{x}: %{y:.2f} capos per game<extra>" + group + "</extra>",
            )
        )
    return _layout(
        fig,
        "Locations used (capos per player and game)",
        barmode="group",
        xaxis={"tickangle": 0},
        yaxis={"title": "capos sent per game"},
    )


def win_rate_by_seat_table(
    records: Sequence[GameRecord],
) -> dict[str, dict[int, tuple[float, int, float, float]]]:
    """Per bot kind and starting seat (1 = first player, R-PROLOGUE-1): ``(win rate, seats
    played, 95% low, 95% high)``; a shared win counts 1/k for each of its k winners."""
    table: dict[str, dict[int, tuple[float, int, float, float]]] = {}
    for kind in _bots(records):
        wins: dict[int, float] = {}
        played: dict[int, int] = {}
        for record in records:
            share = 1.0 / max(len(record.winners), 1)
            for s in record.seats:
                if s.bot != kind:
                    continue
                played[s.seat] = played.get(s.seat, 0) + 1
                wins[s.seat] = wins.get(s.seat, 0.0) + (share if s.won else 0.0)
        table[kind] = {}
        for seat in sorted(played):
            low, high = wilson_interval(wins[seat], played[seat])
            table[kind][seat] = (wins[seat] / played[seat], played[seat], low, high)
    return table


def win_rate_by_seat_figure(records: Sequence[GameRecord]) -> go.Figure:
    """Bars of the win rate by starting seat for each bot kind, with 95% intervals."""
    fig = go.Figure()
    for kind, seats in win_rate_by_seat_table(records).items():
        order = sorted(seats)
        rates = [seats[k][0] for k in order]
        fig.add_trace(
            go.Bar(
                x=[f"seat {k}" for k in order],
                y=rates,
                name=kind,
                marker_color=BOT_COLOURS.get(kind),
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [seats[k][3] - seats[k][0] for k in order],
                    "arrayminus": [seats[k][0] - seats[k][2] for k in order],
                },
                customdata=[seats[k][1] for k in order],
                hovertemplate=f"{kind}, %{{x}}: %{{y:.0%}} of %{{customdata}} games<extra></extra>",
            )
        )
    return _layout(
        fig,
        "Win rate by starting seat (95% interval)",
        barmode="group",
        yaxis={"title": "win rate", "tickformat": ".0%", "range": [0, 1.05]},
    )


#: Speakeasy's kinds of decision in a player's words (the search study's rows).
DECISION_NAMES: Mapping[str, str] = {
    "mafioso": "placing a new mafioso",
    "build": "what to build",
    "build_space": "where to build",
    "prologue_card": "the prologue's card",
    "raise": "which operation or strength to raise",
    "raise_more": "discarding for one more level",
    "capo": "which person to send a capo to",
    "gain_helper": "which helper card to take",
    "use_helper": "using a helper card",
    "use_offer_helper": "using a helper card in the offer",
    "hire_goon": "hiring goons",
    "ally": "allying with a gangster",
    "docks_move": "moving mafiosi at the docks",
    "turn_draw": "the end-of-turn card",
    "draw": "which operation card to draw",
    "swap": "whose capo to replace",
    "compensation": "the reward for a moved capo",
    "city_token": "which city token to take",
    "play_city_token": "playing a city token",
    "city_middle": "placing a played city token",
    "city_limit": "which city tokens to keep",
    "takeover_boost": "goons and partner in a takeover",
    "restaurant_space": "the new turn-order space",
    "discard": "the Restaurant's discard",
    "restaurant_action": "the Restaurant's actions",
    "play_card": "which operation card to play",
    "truck": "moving a truck",
    "truck_choose": "which truck acts next",
    "protect": "protecting buildings",
    "cook_book": "cooking books",
    "sell": "selling barrels",
    "gang_war_defence": "defending in a gang war",
    "attack_ship": "attacking a ship",
    "ship_barrel": "where a ship's barrel goes",
    "ship_mafioso": "which mafioso leaves the docks",
}


def agreement_rows(records: Sequence[GameRecord]) -> list[dict[str, object]]:
    """Where the search bots' choices differ from their rollout policy's (the heuristic bot's):
    one row per kind of decision they took with a choice, how many, and how often they chose
    as the heuristic bot would have from the same position; the most different first, the
    whole batch last. Empty when no search bot played."""
    tallies: dict[str, list[int]] = {}
    for seat in _seats(records):
        for kind, (same, n) in seat.details.get("agreement", {}).items():
            tally = tallies.setdefault(kind, [0, 0])
            tally[0] += same
            tally[1] += n
    if not tallies:
        return []
    rows: list[dict[str, object]] = [
        {
            "decision": DECISION_NAMES.get(kind, kind.replace("_", " ")),
            "decisions": n,
            "as the heuristic bot": f"{same / n:.0%}",
            "differently": n - same,
        }
        for kind, (same, n) in sorted(tallies.items(), key=lambda kv: kv[1][0] / kv[1][1])
    ]
    same = sum(t[0] for t in tallies.values())
    n = sum(t[1] for t in tallies.values())
    rows.append(
        {
            "decision": "every decision",
            "decisions": n,
            "as the heuristic bot": f"{same / n:.0%}",
            "differently": n - same,
        }
    )
    return rows


def summary_rows(records: Sequence[GameRecord]) -> list[dict[str, object]]:
    """One row per bot kind: seats played, wins (shared wins split), win rate with its 95%
    interval, mean and median final money (R-SCORING-1..6)."""
    rows: list[dict[str, object]] = []
    for kind in _bots(records):
        seats = [s for s in _seats(records) if s.bot == kind]
        won = sum(
            (1.0 / max(len(r.winners), 1))
            for r in records
            for s in r.seats
            if s.bot == kind and s.won
        )
        low, high = wilson_interval(won, len(seats))
        totals = [s.score for s in seats]
        rows.append(
            {
                "bot": kind,
                "seats": len(seats),
                "wins": round(won, 2),
                "win rate": f"{won / len(seats):.0%}",
                "95% interval": f"{low:.0%}–{high:.0%}",
                "mean final money": round(statistics.fmean(totals), 1),
                "median final money": statistics.median(totals),
            }
        )
    return rows


def discussion(records: Sequence[GameRecord], *, catalog: Catalog | None = None) -> str:
    """A few sentences (markdown) on what the batch suggests: who wins, where the winners'
    money comes from, which locations they favour, and whether the starting seat matters
    (``catalog`` as for :func:`locations_table`)."""
    if not records:
        return "No games played."
    catalog = _or_shipped(catalog)
    lines: list[str] = []
    for row in summary_rows(records):
        lines.append(
            f"- **{row['bot']}** won {row['wins']:g} of {row['seats']} seats "
            f"({row['win rate']}, 95% interval {row['95% interval']}), with "
            f"${row['mean final money']} on average."
        )
    table = money_by_source_table(records)
    if "winners" in table:
        money = table["winners"]
        total = sum(money.values()) or 1.0
        top = sorted(money, key=lambda src: -money[src])[:2]
        parts = " and ".join(f"{SOURCE_LABELS[src]} ({money[src] / total:.0%})" for src in top)
        lines.append(f"- Winners gained ${total:.0f} each on average, mostly from {parts}.")
        won = [s for s in _seats(records) if s.won]
        left = statistics.fmean(s.details["unprotected_buildings"] for s in won)
        buildings = statistics.fmean(s.details["building_points"] for s in won)
        bottles = statistics.fmean(s.details["bottle_points"] for s in won)
        lines.append(
            f"- At the end their protected buildings added ${buildings:.0f} (R-SCORING-2) and "
            f"their helper-card bottles ${bottles:.0f} "
            f"(R-SCORING-4); they left {left:.1f} unprotected "
            f"{'building' if left == 1 else 'buildings'} on the map, which score nothing "
            "(R-SCORING-3)."
        )
    places = locations_table(records, catalog=catalog)
    if any("others" in row for row in places.values()):
        gap = {loc: row.get("winners", 0.0) - row.get("others", 0.0) for loc, row in places.items()}
        most = max(gap, key=lambda loc: gap[loc])
        least = min(gap, key=lambda loc: gap[loc])
        lines.append(
            f"- Winners went to the {catalog.locations[most].name} "
            f"{places[most].get('winners', 0.0):.1f} times a game (others "
            f"{places[most].get('others', 0.0):.1f}) and to the {catalog.locations[least].name} "
            f"least often compared with the others."
        )
    seats = win_rate_by_seat_table(records)
    for kind, by_seat in seats.items():
        if len(by_seat) > 1:
            first, last = by_seat[min(by_seat)], by_seat[max(by_seat)]
            lines.append(
                f"- {kind}: {first[0]:.0%} wins from seat {min(by_seat)} (first player) against "
                f"{last[0]:.0%} from seat {max(by_seat)}: {compare_rates(first, last)}"
            )
    return "\n".join(lines)


def compare_rates(
    first: tuple[float, int, float, float], second: tuple[float, int, float, float]
) -> str:
    """What two win rates with their 95% Wilson intervals (``(rate, games, low, high)``, as
    :func:`win_rate_by_seat_table` gives them) show, in a sentence: equal rates are equal;
    overlapping intervals show no clear difference at this sample size (which is not the same
    as too few games: the rates may truly be alike); separate intervals show a clear one.

    >>> compare_rates((0.5, 45, 0.36, 0.64), (0.5, 45, 0.36, 0.64))
    'the same win rate (45 games from each seat).'
    >>> compare_rates((0.6, 45, 0.45, 0.73), (0.4, 45, 0.27, 0.55))
    'no clear difference at this sample size (the 95% intervals, 45%–73% and 27%–55%, overlap).'
    >>> compare_rates((0.8, 90, 0.71, 0.87), (0.2, 90, 0.13, 0.29))
    'a clear difference (the 95% intervals, 71%–87% and 13%–29%, do not overlap).'
    """
    rate_a, games_a, low_a, high_a = first
    rate_b, games_b, low_b, high_b = second
    intervals = f"{low_a:.0%}–{high_a:.0%} and {low_b:.0%}–{high_b:.0%}"
    if abs(rate_a - rate_b) < 1e-9:
        games = (
            f"{games_a} games from each seat"
            if games_a == games_b
            else f"{games_a} and {games_b} games"
        )
        return f"the same win rate ({games})."
    if low_a <= high_b and low_b <= high_a:
        return f"no clear difference at this sample size (the 95% intervals, {intervals}, overlap)."
    return f"a clear difference (the 95% intervals, {intervals}, do not overlap)."
