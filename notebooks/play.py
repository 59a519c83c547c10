import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Speakeasy · play")


@app.cell(hide_code=True)
def _():
    import html

    import marimo as mo

    from speakeasy import Colour, Options, SaveFileError
    from speakeasy.games.speakeasy.explain.events import CATEGORIES
    from speakeasy.games.speakeasy.explain.log import log
    from speakeasy.games.speakeasy.figures.game_figure import (
        PLAYER_COLOURS,
        clicked_place,
        game_figure,
        game_figure_data,
    )
    from speakeasy.games.speakeasy.table.play import (
        Table,
        TableSnapshot,
        advance,
        decision_number,
        decision_steps,
        option_descriptions,
        plain_words,
        table_for,
    )
    from speakeasy.games.speakeasy.table.play_panel import PlaySession
    from speakeasy.games.speakeasy.table.player_board import (
        changes_in_words,
        goal_lines,
        table_boards,
    )
    from speakeasy.tools.citations import player_rules
    from speakeasy.tools.inputs import (
        checked_int,
        checked_seed,
        checked_text,
        checked_upload_text,
    )
    from speakeasy.tools.lookup import lookup_markdown
    from speakeasy.tools.page_address import fresh_seed
    from speakeasy.tools.svg_board import SvgBoard
    from speakeasy.tools.teacher import TeacherView
    from speakeasy.tools.text import html_text, md_text

    return (
        CATEGORIES,
        Colour,
        Options,
        PLAYER_COLOURS,
        PlaySession,
        SaveFileError,
        SvgBoard,
        Table,
        TableSnapshot,
        TeacherView,
        advance,
        changes_in_words,
        checked_int,
        checked_seed,
        checked_text,
        checked_upload_text,
        clicked_place,
        decision_number,
        decision_steps,
        fresh_seed,
        game_figure,
        game_figure_data,
        goal_lines,
        html,
        html_text,
        log,
        lookup_markdown,
        md_text,
        mo,
        option_descriptions,
        plain_words,
        player_rules,
        table_boards,
        table_for,
    )


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Speakeasy · play

    You play purple against the **heuristic bot**; the ⚙ section below changes the seats
    (one to four people or bots), the seed or the rule options. **Gold rings** on the map:
    where a click chooses; **orange rings**: what changed. *Your board* is under the map.
    The game pauses before each Lucky Luciano phase, to step through it event by event
    beside the map (the ⚙ section turns that off). Your game stays in this page's address:
    a reload, or the link, opens it again.
    """)
    return


@app.cell(hide_code=True)
def _(Colour, PlaySession, Table, mo):
    # The position lives in an immutable snapshot; the views below the map follow it. The page
    # opens on the game kept in its address (checked: a damaged one gives a new game and a
    # note), else on a new game with a new seed (``?seed=5`` sets one).
    DEFAULT_SEATS = {"purple": "human", "blue": "heuristic"}
    START, START_NOTE = PlaySession.opening(
        mo.query_params(),
        lambda seed: Table.new(DEFAULT_SEATS, seed=seed, pause_luciano=True).snapshot(),
    )
    get_snap, set_snap = mo.state(START)
    get_through, set_through = mo.state(None)  # the step shown in "step through"
    get_frame, set_frame = mo.state(0)  # the event of that step
    get_log_player, set_log_player = mo.state("everyone")
    get_log_phases, set_log_phases = mo.state([])
    SEAT_CHOICES = {
        "person": "human",
        "heuristic bot": "heuristic",
        "random bot": "random",
        "empty": "empty",
    }
    COLOURS = [c.value for c in Colour]
    return (
        COLOURS,
        DEFAULT_SEATS,
        SEAT_CHOICES,
        START,
        START_NOTE,
        get_frame,
        get_log_phases,
        get_log_player,
        get_snap,
        get_through,
        set_frame,
        set_log_phases,
        set_log_player,
        set_snap,
        set_through,
    )


@app.cell(hide_code=True)
def _(
    PlaySession,
    START,
    START_NOTE,
    TeacherView,
    mo,
    set_frame,
    set_snap,
    set_through,
):
    # The table: the map and the decision panel are two widgets that a click updates
    # directly (no cell re-runs for them); the session then hands the new snapshot to
    # the views below the map. Made in a cell that never re-runs: marimo closes a widget
    # when its cell re-runs.
    def _open(step):
        set_through(step)
        set_frame(0)

    # The teacher's view exists only on a page opened with the teacher's code (checked here,
    # on the server, against the workshop's: speakeasy.tools.teacher); everyone else sees
    # only their own seat.
    session = PlaySession(
        START,
        on_change=set_snap,
        on_through=_open,
        teacher_view=TeacherView.from_query(mo.query_params()),
        note=START_NOTE,
        thread=mo.Thread,  # the coach thinks beside the table; marimo's threads reach the page
    )
    return (session,)


@app.cell(hide_code=True)
def _(mo, session):
    mo.hstack([session.board.view, session.panel.view], widths=[2.8, 1], align="start", gap=1)
    return


@app.cell(hide_code=True)
def _(START, mo, session):
    # on for people learning: the table stops at each Lucky Luciano phase and the panel steps
    # through it (Table.pause_luciano); the notebook only offers the switch
    pause_box = mo.ui.checkbox(
        value=START.pause_luciano,
        label="Pause before each Lucky Luciano phase",
        on_change=lambda on: session.act(lambda t: t.set_pause(on is True)),
    )
    return (pause_box,)


@app.cell(hide_code=True)
def _(
    COLOURS,
    DEFAULT_SEATS,
    Options,
    SEAT_CHOICES,
    md_text,
    mo,
    option_descriptions,
):
    OFFICIAL = Options().to_data()
    seat_pickers = mo.ui.dictionary(
        {
            colour: mo.ui.dropdown(
                SEAT_CHOICES,
                value=next(
                    k for k, v in SEAT_CHOICES.items() if v == DEFAULT_SEATS.get(colour, "empty")
                ),
                label=colour.capitalize(),
            )
            for colour in COLOURS
        }
    )
    # blank: every new game gets a new seed (shown, so it can be played again)
    seed_input = mo.ui.number(value=None, step=1, label="Seed (blank: a new one)")
    option_boxes = mo.ui.dictionary(
        {
            name: mo.ui.checkbox(value=OFFICIAL[name], label=md_text(text))
            for name, text in option_descriptions().items()
        }
    )
    load_file = mo.ui.file(filetypes=[".json"], label="Load a saved game (.json)")
    load_text = mo.ui.text_area(
        placeholder="…or paste a saved game here", full_width=True, max_length=5 * 1024 * 1024
    )
    return load_file, load_text, option_boxes, seat_pickers, seed_input


@app.cell(hide_code=True)
def _(
    Colour,
    SaveFileError,
    Table,
    checked_seed,
    checked_upload_text,
    decision_number,
    fresh_seed,
    load_file,
    load_text,
    mo,
    option_boxes,
    pause_box,
    seat_pickers,
    seed_input,
    session,
    set_through,
):
    def _seats():
        kinds = ("human", "heuristic", "random")  # a browser can post anything: checked
        return {c: kind for c, kind in seat_pickers.value.items() if kind in kinds}

    def _new_game(_):
        seats = _seats()
        if not seats:
            session.say(("warn", "Give at least one seat to a human or a bot."))
            return
        # a browser can post any value for a widget: checked here before use; no seed set
        # (blank) is a new one, from which all of the game's randomness flows
        chosen = checked_seed(seed_input.value)
        seed = fresh_seed() if chosen is None else chosen
        options = {name: value is True for name, value in option_boxes.value.items()}
        try:
            table = Table.new(
                seats, seed=seed, options=options, pause_luciano=pause_box.value is True
            )
        except ValueError as exc:
            session.say(("danger", str(exc)))
            return
        set_through(None)  # step through starts again at the new game's latest phase
        again = " (a new one: type it in Seed to play this game again)" if chosen is None else ""
        session.show(table.snapshot(), ("success", f"New game, seed {seed}.{again}"))

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
            saved = {c.value for c in Table.load(text).game.colours}
            seats = {Colour(c): k for c, k in _seats().items() if c in saved}
            table = Table.load(text, seats=seats, pause_luciano=pause_box.value is True)
        except (SaveFileError, ValueError) as exc:
            session.say(("danger", f"Cannot load this game: {exc}"))
            return
        set_through(None)
        session.show(
            table.snapshot(),
            ("success", f"Loaded a game at step {decision_number(table.game)}."),
        )

    new_game_button = mo.ui.button(label="⚄ New game", kind="success", on_click=_new_game)
    load_button = mo.ui.button(label="Load a game", on_click=_load)
    return load_button, new_game_button


@app.cell(hide_code=True)
def _(
    load_button,
    load_file,
    load_text,
    mo,
    new_game_button,
    option_boxes,
    pause_box,
    seat_pickers,
    seed_input,
):
    mo.accordion(
        {
            "⚙ Seats, seed and rule options": mo.vstack(
                [
                    mo.hstack(
                        [*seat_pickers.elements.values(), seed_input, new_game_button],
                        justify="start",
                        align="end",
                        gap=1.25,
                        wrap=True,
                    ),
                    pause_box,
                    mo.md("**Rule options** (unchanged = the official rules)"),
                    mo.vstack(list(option_boxes.elements.values()), gap=0.25),
                ],
                gap=0.5,
            ),
            "Load a saved game": mo.vstack(
                [mo.hstack([load_file, load_button], justify="start"), load_text]
            ),
        }
    )
    return


@app.cell(hide_code=True)
def _(mo):
    # Layout: everything fits a 1280-pixel laptop screen without scrolling sideways.
    mo.Html(
        """<style>
        .se-boards { display: grid; gap: 10px;
                     grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
        .se-board { border: 1px solid #ccc; border-radius: 8px; padding: 6px 10px;
                    font-size: 0.86em; min-width: 0; overflow-wrap: anywhere; }
        .se-board h4 { margin: 2px 0 6px 0; }
        .se-board .se-section { margin: 0 0 4px 0; }
        .se-board .se-section b { color: #333; }
        .se-board ul { margin: 0 0 0 16px; padding: 0; }
        .se-results { border-collapse: collapse; }
        .se-results td, .se-results th { padding: 2px 10px; }
        </style>"""
    )
    return


@app.cell(hide_code=True)
def _(get_snap, table_for):
    snapshot = get_snap()
    table = table_for(snapshot)
    game = table.game
    viewer = table.viewer()
    return game, snapshot, table, viewer


@app.cell(hide_code=True)
def _(PLAYER_COLOURS, html):
    def chip(colour, text=None):
        """A player's name on their colour."""
        if colour is None:
            return (
                '<span class="se-chip" style="background:#777;color:#fff;padding:1px 8px;'
                'border-radius:9px">game</span>'
            )
        name = str(colour)
        fill = next((v for k, v in PLAYER_COLOURS.items() if k.value == name), "#777")
        ink = "#222" if name == "yellow" else "#fff"
        return (
            f'<span class="se-chip" style="background:{fill};color:{ink};padding:1px 8px;'
            f'border-radius:9px;font-weight:600">{html.escape(text or name.capitalize())}</span>'
        )

    return (chip,)


@app.cell(hide_code=True)
def _(decision_steps, game, mo, session, snapshot, table):
    # Save the game, or go back to any earlier decision (Redo, in the panel, comes forward).
    _choices = {
        (label if len(label) <= 70 else label[:69] + "…"): step
        for label, step in decision_steps(game, table.seats)
    }
    jump_picker = mo.ui.dropdown(
        _choices, label="Go back to", searchable=True, allow_select_none=True, full_width=True
    )

    def _jump(_):
        step = jump_picker.value  # the actions before the decision picked
        if isinstance(step, int) and 0 <= step < snapshot.step:  # a page can post anything
            back = ("info", f"Back to step {step + 1}: decide it again; Redo goes forward.")
            session.act(lambda t: t.goto(step), back)

    jump_button = mo.ui.button(label="↶ Go back", on_click=_jump, disabled=not _choices)
    save_button = mo.download(
        data=lambda: table.save().encode("utf-8"),
        filename=f"speakeasy-seed{game.seed}-step{snapshot.step}.json",
        mimetype="application/json",
        label="Save game",
    )
    return jump_button, jump_picker, save_button


@app.cell(hide_code=True)
def _(mo, session, snapshot):
    # The game in the page's address after every change: a reload, or the link, opens it again.
    in_address = session.keep_in_address(mo.query_params(), snapshot)
    return (in_address,)


@app.cell(hide_code=True)
def _(game, in_address, jump_button, jump_picker, mo, save_button):
    _kept = (
        "kept in this page's address"
        if in_address
        else "too long for the page's address: save it to keep it"
    )
    mo.hstack(
        [
            save_button,
            # data-step: the address holds the game up to this step (written just before)
            mo.Html(
                f'<span class="se-seed" data-seed="{game.seed}" data-step="{len(game.history)}" '
                f'data-kept="{str(in_address).lower()}">Seed {game.seed} · {_kept}</span>'
            ),
            mo.hstack([jump_picker, jump_button], justify="start", align="end"),
        ],
        widths=[1, 2, 4],
        justify="start",
        align="end",
        gap=1,
    )
    return


@app.cell(hide_code=True)
def _(mo, session):
    # Only on the teacher's page: off, every view shows what the viewer's seat may see; on,
    # the whole state (the map too). A student's page has no switch.
    teacher_switch = (
        mo.ui.switch(label="Teacher view: show every hand and safe")
        if session.teacher_view.allowed
        else None
    )
    return (teacher_switch,)


@app.cell(hide_code=True)
def _(session, teacher_switch):
    # what the views below show: the switch's value only as the session allows it
    teacher = session.set_teacher(teacher_switch.value if teacher_switch is not None else False)
    return (teacher,)


@app.cell(hide_code=True)
def _(
    chip,
    game,
    goal_lines,
    html_text,
    mo,
    table,
    table_boards,
    teacher,
    teacher_switch,
    viewer,
):
    def _board_html(board, title):
        sections = "".join(
            f"<div class='se-section'><b>{html_text(s.title)}</b><ul>"
            + "".join(f"<li>{html_text(line)}</li>" for line in s.lines)
            + "</ul></div>"
            for s in board.sections
        )
        return (
            f'<div class="se-board" data-colour="{board.colour.value}" '
            f'data-private="{str(board.private).lower()}"><h4>{chip(board.colour.value)} '
            f"{html_text(title)}</h4>{sections}</div>"
        )

    def _boards_view():
        boards = table_boards(table.seen(teacher=teacher), viewer, catalog=table.catalog)
        cards = []
        for board in boards:
            if board.colour == viewer:
                title = "your board"
            else:
                title = "(everything)" if board.private else "(public information)"
            cards.append(_board_html(board, title))
        goals = "".join(
            f"<li>{html_text(g)}</li>" for g in goal_lines(game.state, catalog=table.catalog)
        )
        cards.append(
            f'<div class="se-board se-goals"><h4>Goals (a book on a goal pays into the '
            f"safe)</h4><ul>{goals}</ul></div>"
        )
        who = viewer.value.capitalize() if viewer is not None else "nobody"
        return mo.vstack(
            [
                mo.hstack(
                    [
                        mo.md(f"## Player boards · seen by {who}"),
                        teacher_switch if teacher_switch is not None else mo.md(""),
                    ],
                    justify="space-between",
                    align="center",
                    wrap=True,
                ),
                mo.Html(
                    f'<div class="se-boards" data-step="{len(game.history)}">{"".join(cards)}</div>'
                ),
            ],
            gap=0.3,
        )

    _boards_view()
    return


@app.cell(hide_code=True)
def _(chip, game, mo):
    def _results():
        if not game.is_over:
            return mo.md("")
        result = game.result()
        rows = "".join(
            f"<tr><td>{s.place}</td><td>{chip(s.colour.value)}</td><td><b>{s.total}</b></td>"
            f"<td>{s.breakdown.money}</td><td>{s.breakdown.building_points}</td>"
            f"<td>{s.breakdown.bottle_points}</td><td>{s.breakdown.unprotected}</td></tr>"
            for s in result.standings
        )
        winners = " and ".join(chip(c.value) for c in result.winners)
        shared = " (a shared win: still tied after every tie-breaker)" if result.shared_win else ""
        return mo.Html(
            f"<h2 class='se-final'>Final scores</h2><p>Winner: {winners}{shared}</p>"
            "<table class='se-results'><tr><th>Place</th><th>Player</th><th>Total</th>"
            "<th>Money</th><th>Buildings</th><th>Bottles</th><th>Unprotected</th></tr>"
            f"{rows}</table>"
        )

    _results()
    return


@app.cell(hide_code=True)
def _(
    CATEGORIES,
    game,
    get_log_phases,
    get_log_player,
    mo,
    set_log_phases,
    set_log_player,
):
    # only the seats of the game on the table
    _players = ["everyone", *(c.value for c in game.colours)]
    log_player = mo.ui.dropdown(
        _players,
        value=get_log_player() if get_log_player() in _players else "everyone",
        label="Player",
        on_change=set_log_player,
    )
    log_phases = mo.ui.multiselect(
        list(CATEGORIES),
        value=get_log_phases(),
        label="Phases (none = all)",
        on_change=set_log_phases,
    )
    log_limit = mo.ui.slider(20, 500, step=20, value=100, label="Show at most", show_value=True)
    return log_limit, log_phases, log_player


@app.cell(hide_code=True)
def _(
    checked_int,
    chip,
    game,
    html,
    html_text,
    log,
    log_limit,
    log_phases,
    log_player,
    mo,
    plain_words,
    player_rules,
    table,
):
    _seats = {c.value for c in game.colours}  # a page can post any value: only a seat filters
    _player = log_player.value if log_player.value in _seats else None
    _phases = log_phases.value or None
    entries = log(game, player=_player, category=_phases, newest_first=True)
    _total = len(log(game))
    _shown = entries[: checked_int(log_limit.value, 20, 500, default=100)]
    _catalog = table.catalog
    _items = "".join(
        f'<li class="se-log-entry" data-step="{e.step}" data-category="{html.escape(e.category)}">'
        f"<span style='color:#888;font-size:0.85em'>step {e.step} · {html.escape(e.category)}"
        f"</span> {chip(e.player) if e.player else chip(None)} "
        f"{html_text(plain_words(e.text, catalog=_catalog))}"
        f" <span style='color:#999;font-size:0.8em'>"
        f"{html.escape(', '.join(player_rules(r.id for r in e.rules)))}</span></li>"
        for e in _shown
    )
    mo.vstack(
        [
            mo.md("## Event log (newest first)"),
            mo.hstack([log_player, log_phases, log_limit], justify="start", gap=1.5, wrap=True),
            mo.Html(
                f'<div class="se-log" data-count="{len(entries)}" data-step="{len(game.history)}">'
                f"<p class='se-log-count'>{len(entries)} of {_total} events match; showing "
                f"{len(_shown)}.</p>"
                f"<ol style='max-height:420px;overflow-y:auto;list-style:none;padding-left:0'>"
                f"{_items}</ol></div>"
            ),
        ]
    )
    return


@app.cell(hide_code=True)
def _(get_frame, get_through, table):
    # The step and event on show (kept in states; the pickers below only set them).
    summaries = table.step_summaries()
    _luciano = [s.step for s in summaries if s.luciano]
    _default = _luciano[-1] if _luciano else summaries[-1].step
    through_step = get_through() if get_through() in {s.step for s in summaries} else _default
    frames = table.step_frames(through_step)
    frame_index = min(get_frame(), max(len(frames) - 1, 0))
    return frame_index, frames, summaries, through_step


@app.cell(hide_code=True)
def _(
    frame_index,
    frames,
    mo,
    set_frame,
    set_through,
    summaries,
    through_step,
):
    def _pick(step):
        set_through(step)
        set_frame(0)

    _labels = {}
    for _s in reversed(summaries):
        _text = _s.label()
        _labels[_text if len(_text) <= 90 else _text[:89] + "…"] = _s.step
    through_picker = mo.ui.dropdown(
        _labels,
        value=next(k for k, v in _labels.items() if v == through_step),
        label="**Step through**",
        searchable=True,
        on_change=_pick,
        full_width=True,
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
    return next_button, prev_button, through_picker


@app.cell(hide_code=True)
def _(SvgBoard, mo):
    before_after = mo.ui.radio(
        ["before", "after"], value="after", inline=True, label="Show the position"
    )
    # The step-through map: a second board widget, rebuilt only when its event changes.
    through_board = SvgBoard()
    _ = through_board.view
    return before_after, through_board


@app.cell(hide_code=True)
def _(
    before_after,
    changes_in_words,
    chip,
    frame_index,
    frames,
    game,
    game_figure_data,
    html_text,
    md_text,
    mo,
    next_button,
    plain_words,
    player_rules,
    prev_button,
    table,
    teacher,
    through_board,
    through_picker,
    through_step,
    viewer,
):
    def _through_view():
        header = [
            mo.md(
                "## Step through\n\nReplay a step event by event: the Lucky Luciano phase "
                "(marked ⚔: gang war, police, area control, payout), a round's end or the setup."
            ),
            through_picker,
        ]
        if not frames:
            return mo.vstack([*header, mo.md("*This step caused no events.*")])
        frame = frames[frame_index]
        e = frame.explanation
        after = before_after.value == "after"
        through_board.show_once(
            (game.history[:through_step], through_step, frame_index, after, teacher, viewer),
            lambda: game_figure_data(
                table.seen(frame.after if after else frame.before, teacher=teacher),
                game.board,
                previous=table.seen(frame.before, teacher=teacher) if after else None,
                title=f"Step {through_step}, event {frame_index + 1} of {len(frames)} "
                f"({e.category}) — {'after' if after else 'before'}",
                height=520,
                catalog=table.catalog,
            ),
        )
        changes = changes_in_words(
            frame.before, frame.after, viewer, teacher=teacher, catalog=table.catalog
        )
        rules = ", ".join(player_rules(r.id for r in e.rules))
        return mo.vstack(
            [
                *header,
                mo.hstack(
                    [
                        prev_button,
                        next_button,
                        before_after,
                        mo.md(f"event **{frame_index + 1}** of {len(frames)}"),
                    ],
                    justify="start",
                    align="center",
                    gap=1,
                    wrap=True,
                ),
                mo.Html(
                    f"<div class='se-through'>{chip(e.player) if e.player else chip(None)} "
                    f"<b>{html_text(e.category)}</b> "
                    f"{html_text(plain_words(e.text, catalog=table.catalog))} "
                    f"<span style='color:#888;font-size:0.85em'>{html_text(rules)}</span></div>"
                ),
                mo.accordion(
                    {
                        f"What changed ({len(changes)})": mo.md(
                            "\n".join(f"- {md_text(c)}" for c in changes) or "*nothing you can see*"
                        )
                    }
                ),
                through_board.view,
            ],
            gap=0.5,
        )

    _through_view()
    return


@app.cell(hide_code=True)
def _(mo):
    rule_query = mo.ui.text(
        placeholder="a rule ID (R-TRUCK-7) or words (central park truck)",
        full_width=True,
        label="**Look up a rule**",
    )
    return (rule_query,)


@app.cell(hide_code=True)
def _(checked_text, lookup_markdown, mo, rule_query):
    _query = checked_text(rule_query.value)
    mo.vstack([rule_query, mo.md(lookup_markdown(_query) if _query.strip() else "")])
    return


@app.cell
def _(
    PlaySession,
    Table,
    TableSnapshot,
    advance,
    clicked_place,
    decision_number,
    decision_steps,
    game_figure,
    log,
    table_for,
):
    def test_a_reload_opens_the_game_kept_in_the_address():
        class _Params(dict):  # mo.query_params() as the session uses it
            def set(self, key, value):
                self[key] = value

            def remove(self, key, value=None):
                self.pop(key, None)

        def _new(seed):
            return Table.new({"purple": "human", "blue": "bot"}, seed=seed).snapshot()

        snap = _new(3)
        for _ in range(2):
            first = table_for(snap).game.legal_actions()[0]
            snap = advance(snap, lambda t, a=first: t.choose(a))
        params = _Params()
        assert PlaySession(snap).keep_in_address(params)
        reopened, note = PlaySession.opening(params, _new)
        assert reopened == snap and note[0] == "info"
        damaged, note = PlaySession.opening({"game": params["game"][:-6]}, _new)
        assert damaged != snap and note[0] == "warn" and "cannot be opened" in note[1]
        assert PlaySession.opening({"seed": "7"}, _new) == (_new(7), None)

    def test_go_back_lands_on_the_step_it_names():
        snap = Table.new({"purple": "human", "blue": "bot"}, seed=4).snapshot()
        for _ in range(6):
            first = table_for(snap).game.legal_actions()[0]
            snap = advance(snap, lambda t, a=first: t.choose(a))
        table = table_for(snap)
        for label, step in decision_steps(table.game, table.seats)[:4]:
            landed = table_for(advance(snap, lambda t, s=step: t.goto(s)))
            assert label.startswith(f"Step {decision_number(landed.game)} · "), label

    def test_choices_undo_and_redo_through_snapshots():
        start = Table.new({"purple": "human", "blue": "bot"}, seed=3).snapshot()
        snap = start
        for _ in range(3):
            first = table_for(snap).game.legal_actions()[0]
            snap = advance(snap, lambda t, a=first: t.choose(a))
        assert snap.step > start.step
        assert table_for(snap).waiting_for_human
        events = len(log(table_for(snap).game))
        undone = advance(snap, lambda t: t.undo())
        assert undone.step < snap.step and undone.redo
        assert len(log(table_for(undone).game)) < events
        assert advance(undone, lambda t: t.redo()) == snap
        assert isinstance(undone, TableSnapshot)

    def test_a_click_on_the_map_names_a_district():
        table = Table.new({"purple": "human", "blue": "bot"}, seed=3)
        fig = game_figure(table.game.state, table.game.board, catalog=table.catalog)
        names = [trace.name for trace in fig.data]
        curve = names.index("districts")
        index = list(fig.data[curve].customdata).index(9)
        assert clicked_place([{"curveNumber": curve, "pointIndex": index}], fig) == (9, None)

    def test_a_district_decision_is_clickable():
        snap = Table.new({"purple": "human", "blue": "bot"}, seed=3).snapshot()
        for _ in range(40):
            table = table_for(snap)
            if table.clickable_districts():
                break
            first = table.game.legal_actions()[0]
            snap = advance(snap, lambda t, a=first: t.choose(a))
        table = table_for(snap)
        district = table.clickable_districts()[0]
        assert table.options_in(district)
        assert table.group_of(district) is not None

    return


if __name__ == "__main__":
    app.run()
