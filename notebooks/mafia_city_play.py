import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Mafia City · play")


@app.cell(hide_code=True)
def _():
    import html

    import marimo as mo

    from speakeasy import SaveFileError
    from speakeasy.games.mafia_city.explain.log import CATEGORIES as MC_CATEGORIES
    from speakeasy.games.mafia_city.explain.log import glossary as mc_glossary
    from speakeasy.games.mafia_city.explain.log import log as mc_log
    from speakeasy.games.mafia_city.explain.log import lookup_markdown as mc_lookup_markdown
    from speakeasy.games.mafia_city.figures.map import PLAYER_COLOURS as MC_PLAYER_COLOURS
    from speakeasy.games.mafia_city.figures.map import game_figure as mafia_city_map
    from speakeasy.games.mafia_city.table.play import SEAT_KINDS as MC_SEAT_KINDS
    from speakeasy.games.mafia_city.table.play import Table as McTable
    from speakeasy.games.mafia_city.table.play import TableSnapshot as McTableSnapshot
    from speakeasy.games.mafia_city.table.play import advance as mc_advance
    from speakeasy.games.mafia_city.table.play import table_for as mc_table_for
    from speakeasy.games.mafia_city.table.play_panel import PlaySession as McPlaySession
    from speakeasy.tools.exercise_cards import answer_boxes, exercise_cards
    from speakeasy.tools.glossary import link_terms
    from speakeasy.tools.inputs import (
        checked_int,
        checked_seed,
        checked_text,
        checked_upload_text,
    )
    from speakeasy.tools.page_address import fresh_seed
    from speakeasy.tools.svg_board import SvgBoard
    from speakeasy.tools.teacher import TeacherView

    MC_GLOSSARY = mc_glossary()  # the game's words, each linked to its entry on the rules page
    return (
        MC_CATEGORIES,
        MC_GLOSSARY,
        MC_PLAYER_COLOURS,
        MC_SEAT_KINDS,
        McPlaySession,
        McTable,
        McTableSnapshot,
        SaveFileError,
        SvgBoard,
        TeacherView,
        answer_boxes,
        checked_int,
        checked_seed,
        checked_text,
        checked_upload_text,
        exercise_cards,
        fresh_seed,
        html,
        link_terms,
        mafia_city_map,
        mc_advance,
        mc_log,
        mc_lookup_markdown,
        mc_table_for,
        mo,
    )


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Mafia City · play

    You play red against two bots; the sections below the map change the seats (three to
    five, people or bots), the seed or the target, and explain a round. **Gold rings** on the
    map: where a click chooses. Your game stays in this page's address: a reload, or the link,
    opens it again.
    """)
    return


@app.cell(hide_code=True)
def _(mo, session):
    # The table right under the title: the map and the panel fit a 1280x800 screen.
    mo.hstack([session.board.view, session.panel.view], widths=[2.2, 1], align="start", gap=1)
    return


@app.cell(hide_code=True)
def _(McPlaySession, McTable, mo):
    # The position lives in an immutable snapshot; the views below the map follow it. The page
    # opens on the game kept in its address (checked: a damaged one gives a new game and a
    # note), else on a new game with a new seed (``?seed=5`` sets one).
    DEFAULT_SEATS = {"red": "human", "blue": "heuristic", "green": "random"}
    COLOURS = ["red", "blue", "green", "yellow", "grey"]
    START, START_NOTE = McPlaySession.opening(
        mo.query_params(), lambda seed: McTable.new(DEFAULT_SEATS, seed=seed).snapshot()
    )
    get_snap, set_snap = mo.state(START)
    get_phase, set_phase = mo.state(None)  # the (round, phase) in step-through
    get_frame, set_frame = mo.state(0)
    get_uncovered, set_uncovered = mo.state(None)  # hot-seat: whose cards are on screen
    return (
        COLOURS,
        DEFAULT_SEATS,
        START,
        START_NOTE,
        get_frame,
        get_phase,
        get_snap,
        get_uncovered,
        set_frame,
        set_phase,
        set_snap,
        set_uncovered,
    )


@app.cell(hide_code=True)
def _(
    McPlaySession,
    START,
    START_NOTE,
    TeacherView,
    mo,
    set_frame,
    set_phase,
    set_snap,
    set_uncovered,
):
    # The table: the map and the decision panel are two widgets that a click updates
    # directly (no cell re-runs for them); the session then hands the new snapshot (and a
    # reveal of the hot-seat cover) to the views below the map, and opens a step of "since
    # your last decision" in step-through. Made in a cell that never re-runs: marimo closes a
    # widget when its cell re-runs. The teacher's view exists only on a page opened with the
    # teacher's code (checked here, on the server, against the workshop's:
    # speakeasy.tools.teacher); everyone else sees only their own seat.
    def _open(step):
        found = session.table.phase_at(step)
        if found is not None:
            set_phase(found[0])
            set_frame(found[1])

    session = McPlaySession(
        START,
        on_change=set_snap,
        on_reveal=set_uncovered,
        on_through=_open,
        teacher_view=TeacherView.from_query(mo.query_params()),
        note=START_NOTE,
        thread=mo.Thread,  # the coach thinks beside the table; marimo's threads reach the page
    )
    return (session,)


@app.cell(hide_code=True)
def _(COLOURS, DEFAULT_SEATS, MC_SEAT_KINDS, mo):
    seat_pickers = mo.ui.dictionary(
        {
            colour: mo.ui.dropdown(
                [*MC_SEAT_KINDS, "empty"],
                value=DEFAULT_SEATS.get(colour, "empty"),
                label=colour.capitalize(),
            )
            for colour in COLOURS
        }
    )
    # blank: every new game gets a new seed (shown, so it can be played again)
    seed_input = mo.ui.number(value=None, step=1, label="Seed (blank: a new one)")
    advanced_box = mo.ui.checkbox(value=False, label="Advanced target (15 / 13 / 11 VP)")
    load_file = mo.ui.file(filetypes=[".json"], label="Load a saved game (.json)")
    load_text = mo.ui.text_area(
        placeholder="…or paste a saved game here", full_width=True, max_length=5 * 1024 * 1024
    )
    return (
        advanced_box,
        load_file,
        load_text,
        seat_pickers,
        seed_input,
    )


@app.cell(hide_code=True)
def _(mo, session):
    # Only on the teacher's page, opened with the teacher's code: a student's page has no
    # switch (and the session refuses the teacher view to any value posted for one).
    teacher_box = (
        mo.ui.switch(value=False, label="Teacher view (every hand)")
        if session.teacher_view.allowed
        else None
    )
    return (teacher_box,)


@app.cell(hide_code=True)
def _(
    McTable,
    SaveFileError,
    advanced_box,
    checked_seed,
    checked_upload_text,
    fresh_seed,
    load_file,
    load_text,
    mo,
    seat_pickers,
    seed_input,
    session,
    set_frame,
    set_phase,
):
    def _show(snapshot, note):
        set_phase(None)  # step-through starts again at the new game's latest phase
        set_frame(0)
        session.show(snapshot, note)

    def _seats():
        return {c: kind for c, kind in seat_pickers.value.items() if kind != "empty"}

    def _new_game(_):
        seats = _seats()
        if not 3 <= len(seats) <= 5:
            session.say(("warn", "Mafia City needs 3 to 5 seats (MC-SETUP-11)."))
            return
        # a browser can post any value for a widget: checked here before use; no seed set
        # (blank) is a new one, from which all of the game's randomness flows
        chosen = checked_seed(seed_input.value)
        seed = fresh_seed() if chosen is None else chosen
        try:
            table = McTable.new(seats, seed=seed, advanced=advanced_box.value is True)
        except ValueError as exc:
            session.say(("danger", str(exc)))
            return
        again = " (a new one: type it in Seed to play this game again)" if chosen is None else ""
        _show(table.snapshot(), ("success", f"New game, seed {seed}.{again}"))

    def _load(_):
        files = load_file.value
        try:  # the size limit is checked before anything parses the upload or the paste
            text = checked_upload_text(files[0].contents if files else load_text.value)
        except ValueError as exc:
            session.say(("danger", f"Cannot load this game: {exc}"))
            return
        if not text.strip():
            session.say(("warn", "Choose a saved game file or paste its JSON first."))
            return
        try:
            table = McTable.load(text, seats=_seats())
        except (SaveFileError, ValueError) as exc:
            session.say(("danger", f"Cannot load this game: {exc}"))
            return
        _show(table.snapshot(), ("success", f"Loaded a game at step {len(table.game.history)}."))

    new_game_button = mo.ui.button(label="New game", kind="success", on_click=_new_game)
    load_button = mo.ui.button(label="Load", on_click=_load)
    return load_button, new_game_button


@app.cell(hide_code=True)
def _(
    MC_GLOSSARY,
    advanced_box,
    link_terms,
    load_button,
    load_file,
    load_text,
    mo,
    new_game_button,
    seat_pickers,
    seed_input,
    teacher_box,
):
    _round = (
        "**Phase I**: in turn, place a token from hand on any location, play cards, "
        "wait (discard a card) or pass, until everyone has passed. **Phase II**: the "
        "seven locations are evaluated one by one: who controls it (most tokens; on a "
        "tie the lowest token; Fight Club and City Hall need a sole majority) gains 1 VP "
        "and may use its effect. **Phase III**: players may take tokens back into hand. "
        "**Phase IV**: the start player moves left and cards are drawn. The first to "
        "reach the target at the end of a phase II wins. Reactions out of turn are asked "
        "of every seat in turn, so a question never tells who holds which card; when "
        "you are the only person at the table, a question with one possible answer is "
        "answered for you and listed under *Since your last decision*."
    )
    mo.accordion(
        {
            # the first mention of each word of the glossary links to its entry
            "How a round goes": mo.md(link_terms(_round, MC_GLOSSARY)),
            "New game (seats, seed, target)": mo.hstack(
                [*seat_pickers.elements.values(), seed_input, advanced_box, new_game_button],
                justify="start",
                align="end",
                gap=1.0,
                wrap=True,
            ),
            "Load a saved game": mo.vstack(
                [mo.hstack([load_file, load_button], justify="start"), load_text]
            ),
            **({"Teacher view": teacher_box} if teacher_box is not None else {}),
        }
    )
    return


@app.cell(hide_code=True)
def _(get_snap, mc_table_for, session, teacher_box):
    snapshot = get_snap()
    table = mc_table_for(snapshot)
    game = table.game
    # the switch's value only as the session allows it (the panel and the map follow it)
    teacher = session.set_teacher(teacher_box.value if teacher_box is not None else False)
    return game, snapshot, table, teacher


@app.cell(hide_code=True)
def _(MC_PLAYER_COLOURS, html):
    def chip(colour, text=None):
        """A player's name on their colour."""
        if colour is None:
            return '<span class="mc-chip" style="background:#777;color:#fff">game</span>'
        fill = MC_PLAYER_COLOURS.get(str(colour), "#777")
        ink = "#222" if colour in ("yellow", "grey") else "#fff"
        return (
            f'<span class="mc-chip" style="background:{fill};color:{ink};padding:1px 8px;'
            f'border-radius:9px;font-weight:600">{html.escape(text or str(colour))}</span>'
        )

    return (chip,)


@app.cell(hide_code=True)
def _(mo, session, snapshot):
    # The game in the page's address after every change: a reload, or the link, opens it again.
    in_address = session.keep_in_address(mo.query_params(), snapshot)
    return (in_address,)


@app.cell(hide_code=True)
def _(in_address, mo, snapshot, table):
    _kept = (
        "kept in this page's address"
        if in_address
        else "too long for the page's address: save it to keep it"
    )
    mo.hstack(
        [
            mo.download(  # the file is made when the button is pressed, not at every click
                data=lambda: table.save().encode("utf-8"),
                filename=f"mafia-city-seed{table.game.seed}-step{snapshot.step}.json",
                mimetype="application/json",
                label="Save game",
            ),
            mo.Html(
                f'<span class="mc-seed" data-seed="{table.game.seed}" '
                f'data-step="{snapshot.step}" data-kept="{str(in_address).lower()}">'
                f"Seed {table.game.seed} · {_kept}</span>"
            ),
        ],
        justify="start",
        align="center",
        gap=1,
    )
    return


@app.cell(hide_code=True)
def _(chip, game, html, mo, table):
    def _results():
        rows = table.result_rows()
        if not rows:
            return mo.md("")
        result = game.result()
        pad = " style='padding:2px 10px;text-align:left'"
        cells = "".join(
            f"<tr><td{pad}>{chip(p)}</td><td{pad}><b>{vp}</b></td>"
            f"<td{pad}>{'winner' if won else ''}</td></tr>"
            for p, vp, won in rows
        )
        return mo.vstack(
            [
                mo.md("## Final scores"),
                mo.Html(
                    f"<p class='mc-winner'>Winner: {chip(result.winner)} after {result.rounds} "
                    f"rounds ({html.escape(result.decided_by)}).</p><table class='mc-results'>"
                    f"<tr><th{pad}>Player</th><th{pad}>VP</th><th></th></tr>{cells}</table>"
                ),
            ]
        )

    _results()
    return


@app.cell(hide_code=True)
def _(MC_CATEGORIES, mo):
    log_phases = mo.ui.multiselect(list(MC_CATEGORIES), value=[], label="Phases (none = all)")
    log_limit = mo.ui.slider(20, 500, step=20, value=60, label="Show at most", show_value=True)
    return log_limit, log_phases


@app.cell(hide_code=True)
def _(
    MC_GLOSSARY,
    checked_int,
    chip,
    game,
    get_uncovered,
    html,
    link_terms,
    log_limit,
    log_phases,
    mc_log,
    mo,
    table,
    teacher,
):
    def _log_view():
        seat = table.log_seat(get_uncovered(), teacher)  # no private lines under a cover
        entries = mc_log(game, seat, phases=log_phases.value or None)
        shown = entries[: checked_int(log_limit.value, 20, 500, default=60)]
        seen = set()  # the log is one text: each word of the glossary linked once
        items = "".join(
            f'<li class="mc-log-entry" data-step="{e.step}">'
            f"<span style='color:#888;font-size:0.85em'>round {e.round} · "
            f"{html.escape(e.category)} · step {e.step}</span> "
            f"{chip(e.player) if e.player else chip(None)} "
            f"{link_terms(e.html(), MC_GLOSSARY, seen=seen)}</li>"
            for e in shown
        )
        return mo.vstack(
            [
                mo.hstack([log_phases, log_limit], justify="start", gap=1.5, wrap=True),
                mo.Html(
                    f'<div class="mc-log" data-count="{len(entries)}">'
                    f"<ol style='max-height:380px;overflow-y:auto;list-style:none;"
                    f"padding-left:0'>{items}</ol></div>"
                ),
            ]
        )

    # Below the map, built only when opened (a click on the map side re-renders a closed
    # accordion, not the whole log).
    mo.accordion({"What happened (newest first): every event explained": _log_view}, lazy=True)
    return


@app.cell(hide_code=True)
def _(get_frame, get_phase, table):
    phases = table.phases()
    _default = table.default_phase()
    through = get_phase() if get_phase() in phases else _default
    frames = table.phase_frames(*through) if through else []
    frame_index = min(get_frame(), max(len(frames) - 1, 0))
    return frame_index, frames, phases, through


@app.cell(hide_code=True)
def _(frame_index, frames, mo, phases, set_frame, set_phase, through):
    def _name(key):
        part = "II (locations)" if key[1] == "location" else "III (taking back)"
        return f"Round {key[0]}, phase {part}"

    def _pick(label):
        set_phase(next((k for k in phases if _name(k) == label), None))
        set_frame(0)

    phase_picker = mo.ui.dropdown(
        [_name(k) for k in reversed(phases)],
        value=_name(through) if through else None,
        label="**Step through**",
        on_change=_pick,
    )
    _last = max(len(frames) - 1, 0)
    prev_button = mo.ui.button(
        label="◀ Previous event",
        on_click=lambda _: set_frame(lambda i: max(min(i, _last) - 1, 0)),
        disabled=frame_index == 0,
    )
    next_button = mo.ui.button(
        label="Next event ▶",
        on_click=lambda _: set_frame(lambda i: min(i + 1, _last)),
        disabled=frame_index >= _last,
    )
    return next_button, phase_picker, prev_button


@app.cell(hide_code=True)
def _(SvgBoard):
    # The step-through map: a second board widget, made once (a cell that never re-runs) and
    # drawn as SVG, so it is never empty when it comes into view; rebuilt only when its event
    # changes.
    through_board = SvgBoard(width=700)
    _ = through_board.view
    return (through_board,)


@app.cell(hide_code=True)
def _(
    chip,
    frame_index,
    frames,
    game,
    mafia_city_map,
    mo,
    next_button,
    phase_picker,
    prev_button,
    table,
    teacher,
    through,
    through_board,
):
    def _through_view():
        header = [
            mo.md(
                "## Step through phases II and III\n\nReplay a location phase (select, "
                "control, VP, effect, cube) or a strategic phase (taking tokens back) event by "
                "event, on the map; *Step through* in the panel opens a step here."
            )
        ]
        if not frames:
            # no phase II yet: the map shows the position now, never an empty frame
            through_board.show_once(
                ("now", game.history, teacher),
                lambda: mafia_city_map(
                    table.observation(teacher),
                    title="No phase II yet: the position now",
                    height=520,
                ),
            )
            return mo.vstack(
                [
                    *header,
                    mo.hstack(
                        [through_board.view, mo.md("*No phase II has been played yet.*")],
                        widths=[2.2, 1],
                        align="start",
                        gap=1,
                    ),
                ]
            )
        frame = frames[frame_index]
        e = frame.entry
        view = table.frame_view(frame, teacher=teacher)
        through_board.show_once(
            (game.history[: e.step], through, frame_index, teacher, view.seat),
            lambda: mafia_city_map(
                view,
                title=f"Round {through[0]}, event {frame_index + 1} of {len(frames)}",
                height=520,
            ),
        )
        scores = " ".join(f"{chip(r['colour'])} {r['vp']} VP" for r in table.player_rows(view))
        return mo.vstack(
            [
                *header,
                mo.hstack(
                    [
                        phase_picker,
                        prev_button,
                        next_button,
                        mo.md(f"event **{frame_index + 1}** of {len(frames)}"),
                    ],
                    justify="start",
                    align="end",
                    gap=1,
                    wrap=True,
                ),
                # the map as wide as the play map above, the event beside it
                mo.hstack(
                    [
                        through_board.view,
                        mo.Html(
                            f"<div class='mc-through'>"
                            f"{chip(e.player) if e.player else chip(None)} {e.html()}</div>"
                            f"<div style='margin-top:6px'>After it: {scores}</div>"
                        ),
                    ],
                    widths=[2.2, 1],
                    align="start",
                    gap=1,
                ),
            ],
            gap=0.5,
        )

    _through_view()
    return


@app.cell(hide_code=True)
def _(mo):
    rule_query = mo.ui.text(
        placeholder="a rule ID (MC-CTRL-3) or words (hitman reserve)",
        full_width=True,
        label="**Look up a rule**",
    )
    return (rule_query,)


@app.cell(hide_code=True)
def _(checked_text, mc_lookup_markdown, mo, rule_query):
    _query = checked_text(rule_query.value)
    mo.vstack([rule_query, mo.md(mc_lookup_markdown(_query) if _query.strip() else "")])
    return


@app.cell(hide_code=True)
def _(answer_boxes, table):
    exercises = table.exercises()
    answers = answer_boxes(exercises)
    return answers, exercises


@app.cell(hide_code=True)
def _(answers, exercise_cards, exercises, mo):
    mo.accordion(
        {
            "Exercises about this position": lambda: exercise_cards(
                exercises,
                answers,
                intro="The answers come from the rules code, computed from what you may see; "
                "they change with every move.",
            )
        },
        lazy=True,
    )
    return


@app.cell
def _(
    McTable,
    McTableSnapshot,
    mafia_city_map,
    mc_advance,
    mc_log,
    mc_table_for,
):
    def test_a_whole_game_by_first_options_undo_and_redo():
        snap = McTable.new(
            {"red": "human", "blue": "random", "green": "heuristic"}, seed=5
        ).snapshot()
        while mc_table_for(snap).game.pending is not None:
            first = mc_table_for(snap).game.legal_actions()[0]
            snap = mc_advance(snap, lambda t, a=first: t.choose(a))
        assert mc_table_for(snap).result_rows()
        undone = mc_advance(snap, lambda t: t.undo())
        assert isinstance(undone, McTableSnapshot) and undone.redo
        assert mc_advance(undone, lambda t: t.redo()) == snap

    def test_the_map_shows_the_viewer_only():
        table = McTable.new({"red": "human", "blue": "random", "green": "random"}, seed=2)
        seen = table.observation()
        assert seen.seat == table.viewer() and seen.hands is None
        fig = mafia_city_map(seen)
        assert fig.layout.meta["seat"] == seen.seat
        assert all(e.private == "" or "you" in e.private for e in mc_log(table.game, seen.seat))

    return


if __name__ == "__main__":
    app.run()
