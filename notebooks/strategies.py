import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Speakeasy · strategies")


@app.cell(hide_code=True)
def _():
    import os

    import marimo as mo

    from speakeasy.games import load
    from speakeasy.games.speakeasy.figures.strategy_figures import (
        agreement_rows,
        discussion,
        locations_figure,
        money_by_source_figure,
        score_distribution_figure,
        summary_rows,
        win_rate_by_seat_figure,
    )
    from speakeasy.tools.batch import BOT_MIXES, game_specs, iter_games
    from speakeasy.tools.inputs import checked_choice, checked_int
    from speakeasy.tools.text import linked, plural

    GAME = load("speakeasy")
    return (
        agreement_rows,
        linked,
        plural,
        BOT_MIXES,
        GAME,
        checked_choice,
        checked_int,
        discussion,
        game_specs,
        iter_games,
        locations_figure,
        mo,
        money_by_source_figure,
        os,
        score_distribution_figure,
        summary_rows,
        win_rate_by_seat_figure,
    )


@app.cell(hide_code=True)
def _(linked, mo):
    mo.md(
        linked(r"""
    # Strategies: what wins, and where the money comes from

    Bots play whole games against each other: the **random** bot picks any legal option, the
    **heuristic** bot values every option in dollars of final money (R-SCORING-1) from the
    position — Lucky Luciano payouts for districts it controls (R-PAYOUT-1), buildings it can
    protect (R-SCORING-2), books it can cook (R-BOOKS-2), barrels it can sell (R-BARREL-4) —
    and plays the best one. Every game is seeded, so a batch can be replayed exactly.

    Choose the batch below and press **Play**. The figures show how the final money is spread,
    where the winners' money came from, which locations they sent their capos to (R-TURN-3),
    and whether the starting seat (R-PROLOGUE-1) matters.
    """)
    )
    return


@app.cell(hide_code=True)
def _(BOT_MIXES, GAME, mo, os):
    MAX_PROCESSES = max(os.cpu_count() or 1, 1)
    MAX_SEARCH_PLAYOUTS = 64
    # the registered search bot's own budget (its batch settings, measured)
    SEARCH_PLAYOUTS = GAME.make_bot("search", GAME.seats[0], 0).playouts
    settings = (
        mo.md(
            """
            {games} {players}

            {mix}

            {seed} {processes}

            {playouts}
            """
        )
        .batch(
            games=mo.ui.slider(2, 400, value=10, step=2, show_value=True, label="**Games**"),
            players=mo.ui.dropdown(["1", "2", "3", "4"], value="2", label="**Players**"),
            mix=mo.ui.dropdown(
                list(BOT_MIXES),
                value="one heuristic bot, the others random",
                label="**Bots**",
            ),
            seed=mo.ui.number(0, 10**6, step=1, value=1, label="**Batch seed**"),
            processes=mo.ui.slider(
                1,
                MAX_PROCESSES,
                value=1,
                show_value=True,
                label="**Processes** (1 = in this notebook)",
            ),
            playouts=mo.ui.slider(
                1,
                MAX_SEARCH_PLAYOUTS,
                value=SEARCH_PLAYOUTS,
                show_value=True,
                label=f"**Search bot's playouts** per decision (its own: {SEARCH_PLAYOUTS}; "
                "more take longer)",
            ),
        )
        .form(submit_button_label="Play")
    )
    settings
    return MAX_PROCESSES, MAX_SEARCH_PLAYOUTS, SEARCH_PLAYOUTS, settings


@app.cell(hide_code=True)
def _(
    BOT_MIXES,
    GAME,
    MAX_PROCESSES,
    MAX_SEARCH_PLAYOUTS,
    SEARCH_PLAYOUTS,
    checked_choice,
    checked_int,
    game_specs,
    iter_games,
    mo,
    settings,
):
    # Until the form is submitted (and when run as a script) the default batch is played. A
    # browser can post any value for a widget, so each is checked against the form's bounds.
    chosen = settings.value or {}
    _mix = "one heuristic bot, the others random"
    batch = {
        "games": checked_int(chosen.get("games"), 2, 400, default=10),
        "players": int(checked_choice(chosen.get("players"), ["1", "2", "3", "4"], "2")),
        "mix": checked_choice(chosen.get("mix"), list(BOT_MIXES), _mix),
        "seed": checked_int(chosen.get("seed"), 0, 10**6, default=1),
        "processes": checked_int(chosen.get("processes"), 1, MAX_PROCESSES, default=1),
        "playouts": checked_int(
            chosen.get("playouts"), 1, MAX_SEARCH_PLAYOUTS, default=SEARCH_PLAYOUTS
        ),
    }
    players = batch["players"]
    bots = BOT_MIXES[batch["mix"]](players)
    specs = game_specs(
        GAME, batch["games"], players, batch["seed"], bots, playouts=batch["playouts"]
    )
    finished = list(
        mo.status.progress_bar(
            iter_games(GAME, specs, workers=batch["processes"]),
            total=len(specs),
            title="Playing games",
            completion_title="Batch finished",
        )
    )
    records = sorted(finished, key=lambda r: r.index)
    return batch, bots, players, records


@app.cell(hide_code=True)
def _(agreement_rows, bots, mo, players, plural, records, summary_rows):
    _agreement = agreement_rows(records)
    mo.vstack(
        [
            mo.md(
                f"**{len(records)} games**, {plural(int(players), 'player')}, "
                f"bots rotating over the colours: {', '.join(bots)}."
            ),
            mo.ui.table(summary_rows(records), selection=None, label="Results by bot"),
            *(
                [
                    mo.md(
                        "### Where the search bot differs from the heuristic bot\n\n"
                        "At each of its decisions the search bot imagines several games "
                        "(what it cannot see drawn anew, the heuristic bot playing every "
                        "seat) and plays the heuristic bot's own choice and the other "
                        "options on in them, side by side; it leaves the heuristic's choice "
                        "only for an option that did clearly better. The heuristic bot "
                        "values each option from the position alone. The rows count, by "
                        "kind of decision, how often the two chose the same; the most "
                        "different come first."
                    ),
                    mo.ui.table(
                        _agreement,
                        selection=None,
                        page_size=len(_agreement),  # every kind at once, the whole batch last
                        label="Search bot's choices",
                    ),
                ]
                if _agreement
                else []
            ),
        ]
    )
    return


@app.cell(hide_code=True)
def _(mo, records, score_distribution_figure, win_rate_by_seat_figure):
    mo.hstack(
        [
            mo.ui.plotly(score_distribution_figure(records)),
            mo.ui.plotly(win_rate_by_seat_figure(records)),
        ],
        widths="equal",
    )
    return


@app.cell(hide_code=True)
def _(locations_figure, mo, money_by_source_figure, records):
    mo.hstack(
        [
            mo.ui.plotly(money_by_source_figure(records)),
            mo.ui.plotly(locations_figure(records)),
        ],
        widths="equal",
    )
    return


@app.cell(hide_code=True)
def _(linked, discussion, mo, records):
    mo.md(
        linked(f"""
    ## What the numbers suggest

    {discussion(records)}

    **For a workshop.** A random player loses money: it opens buildings where the next gang
    war will take them (R-GANGWAR-6..8), hires goons and pays partners it does not need, and
    rarely cooks a book. Look at where the winners' money came from: when the Lucky Luciano
    payouts (R-PAYOUT-1..4) and cooked books (R-BOOKS-2) lead, a first lesson is that *being
    present* in every area, even with one bar, pays at the end of every act, and that Uptown's
    table pays the most. The locations chart shows where those payouts are prepared (building
    at the Contractors' Office, cooking books at the Restaurant), and the end-of-game lines
    above show how much protection (R-SCORING-2/3) and helper bottles (R-SCORING-4) add: ask
    the group what a stronger player would do with the VIP room (R-PROTECT-1..3) and with
    laundering (every safe dollar spent costs two, R-MONEY-2). With a handful of games every
    difference is noisy: read the intervals, and play a larger batch (more processes) before
    drawing a conclusion.
    """)
    )
    return


@app.cell
def _(BOT_MIXES, GAME, discussion, game_specs, iter_games, summary_rows):
    def test_the_default_batch_is_reproducible_and_summarised():
        specs = game_specs(GAME, 2, 2, 1, BOT_MIXES["one heuristic bot, the others random"](2))
        first = sorted(iter_games(GAME, specs, workers=1), key=lambda r: r.index)
        again = sorted(iter_games(GAME, specs, workers=1), key=lambda r: r.index)
        assert first == again
        rows = summary_rows(first)
        assert [row["bot"] for row in rows] == ["heuristic", "random"]
        assert sum(row["seats"] for row in rows) == 4

    def test_the_discussion_names_the_bots_and_the_money_sources():
        specs = game_specs(GAME, 2, 2, 3, ("heuristic", "random"))
        text = discussion(list(iter_games(GAME, specs, workers=1)))
        assert "**heuristic**" in text and "**random**" in text
        assert "R-" in text  # money sources are named with their rules

    return


if __name__ == "__main__":
    app.run()
