import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Speakeasy · play")


@app.cell(hide_code=True)
def _():
    import html

    import marimo as mo

    from speakeasy import Colour, IllegalAction, Options, SaveFileError
    from speakeasy.explain import (
        CATEGORIES,
        RuleRef,
        explain_blocked,
        explain_error,
        log,
        lookup_markdown,
    )
    from speakeasy.ui import (
        BoardWidget,
        Table,
        TableSnapshot,
        advance,
        changes_in_words,
        checked_int,
        checked_text,
        checked_upload,
        decision_steps,
        goal_lines,
        html_text,
        md_text,
        option_descriptions,
        plain_words,
        plural,
        progress_text,
        seat_name,
        table_boards,
        table_for,
    )
    from speakeasy.viz import PLAYER_COLOURS, changed_districts, clicked_place, game_figure

    return (
        BoardWidget,
        CATEGORIES,
        Colour,
        IllegalAction,
        Options,
        PLAYER_COLOURS,
        RuleRef,
        SaveFileError,
        Table,
        TableSnapshot,
        advance,
        changed_districts,
        changes_in_words,
        checked_int,
        checked_text,
        checked_upload,
        clicked_place,
        decision_steps,
        explain_blocked,
        explain_error,
        game_figure,
        goal_lines,
        html,
        html_text,
        log,
        lookup_markdown,
        md_text,
        mo,
        option_descriptions,
        plain_words,
        plural,
        progress_text,
        seat_name,
        table_boards,
        table_for,
    )


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Speakeasy · play

    Sit down at a table of one to four seats: a person, the **heuristic bot** (a real
    opponent) or the random bot. *Since your last decision* (at the top) tells what the
    others and the game did while you waited; **gold rings** on the map mark where you can
    click (a district, a building or a building space); **orange rings** mark what changed.
    Every option says what it costs (pocket, safe at 2:1, cards) and gives; *Your board*
    under the map shows your hand, capos, docks, goals and everything else in words.
    """)
    return


@app.cell(hide_code=True)
def _(Colour, Table, mo):
    # The whole game lives in these states as immutable values; tables are rebuilt from them.
    DEFAULT_SEATS = {"purple": "human", "blue": "heuristic"}
    get_snap, set_snap = mo.state(Table.new(DEFAULT_SEATS, seed=1).snapshot())
    get_group, set_group = mo.state(None)  # the option group in view (a map click sets it)
    get_note, set_note = mo.state(None)  # (kind, markdown) after an action, e.g. an error
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
        get_frame,
        get_group,
        get_log_phases,
        get_log_player,
        get_note,
        get_snap,
        get_through,
        set_frame,
        set_group,
        set_log_phases,
        set_log_player,
        set_note,
        set_snap,
        set_through,
    )


@app.cell(hide_code=True)
def _(
    IllegalAction,
    SaveFileError,
    advance,
    explain_error,
    get_snap,
    set_frame,
    set_group,
    set_note,
    set_snap,
    set_through,
):
    def show(snapshot, note=None):
        """Put a new table on screen (a new snapshot) and reset the views that follow it."""
        set_snap(snapshot)
        set_group(None)
        set_through(None)
        set_frame(0)
        set_note(note)

    def act(change, note=None):
        """Apply ``change`` to a fresh copy of the table; errors become a note, not a crash."""
        try:
            new = advance(get_snap(), change)
        except IllegalAction as exc:
            set_note(("warn", explain_error(exc)))
            return
        except (SaveFileError, ValueError) as exc:
            set_note(("danger", str(exc)))
            return
        show(new, note)

    return act, show


@app.cell(hide_code=True)
def _(COLOURS, DEFAULT_SEATS, Options, SEAT_CHOICES, mo, option_descriptions):
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
    seed_input = mo.ui.number(start=0, stop=999_999, value=1, label="Seed")
    option_boxes = mo.ui.dictionary(
        {
            name: mo.ui.checkbox(value=OFFICIAL[name], label=f"`{name}` — {text}")
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
    checked_int,
    checked_upload,
    load_file,
    load_text,
    mo,
    option_boxes,
    seat_pickers,
    seed_input,
    set_note,
    show,
):
    def _seats():
        kinds = ("human", "heuristic", "random")  # a browser can post anything: checked
        return {c: kind for c, kind in seat_pickers.value.items() if kind in kinds}

    def _new_game(_):
        seats = _seats()
        if not seats:
            set_note(("warn", "Give at least one seat to a human or a bot."))
            return
        # a browser can post any value for a widget: checked here before use
        seed = checked_int(seed_input.value, 0, 999_999, default=1)
        options = {name: value is True for name, value in option_boxes.value.items()}
        try:
            table = Table.new(seats, seed=seed, options=options)
        except ValueError as exc:
            set_note(("danger", str(exc)))
            return
        show(table.snapshot(), ("success", f"New game, seed {seed}."))

    def _load(_):
        files = load_file.value
        try:  # the size limit is checked before anything parses the upload or the paste
            raw = checked_upload(files[0].contents if files else load_text.value)
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except ValueError as exc:
            set_note(("danger", f"Cannot load this game: {exc}"))
            return
        if not text.strip():
            set_note(("warn", "Choose a saved game file or paste its JSON first."))
            return
        try:
            saved = {c.value for c in Table.load(text).game.colours}
            seats = {Colour(c): k for c, k in _seats().items() if c in saved}
            table = Table.load(text, seats=seats)
        except (SaveFileError, ValueError) as exc:
            set_note(("danger", f"Cannot load this game: {exc}"))
            return
        show(table.snapshot(), ("success", f"Loaded a game at step {len(table.game.history)}."))

    new_game_button = mo.ui.button(label="🎲 New game", kind="success", on_click=_new_game)
    load_button = mo.ui.button(label="📂 Load", on_click=_load)
    return load_button, new_game_button


@app.cell(hide_code=True)
def _(
    load_button,
    load_file,
    load_text,
    mo,
    new_game_button,
    option_boxes,
    seat_pickers,
    seed_input,
):
    mo.vstack(
        [
            mo.hstack(
                [*seat_pickers.elements.values(), seed_input, new_game_button],
                justify="start",
                align="end",
                gap=1.25,
                wrap=True,
            ),
            mo.accordion(
                {
                    "Rule options (unchanged = the official rules)": mo.vstack(
                        list(option_boxes.elements.values()), gap=0.25
                    ),
                    "Load a saved game": mo.vstack(
                        [mo.hstack([load_file, load_button], justify="start"), load_text]
                    ),
                }
            ),
        ],
        gap=0.5,
    )
    return


@app.cell(hide_code=True)
def _(mo):
    # Layout: everything fits a 1280-pixel laptop screen without scrolling sideways.
    mo.Html(
        """<style>
        .se-side { min-width: 0; max-width: 100%; overflow-wrap: anywhere; }
        .se-side .se-caption { font-size: 0.8em; color: #555; margin: -2px 0 4px 6px; }
        .se-since { border: 1px solid #d8cfa8; background: #fffbea; border-radius: 8px;
                    padding: 6px 12px; max-height: 220px; overflow-y: auto; }
        .se-since h4 { margin: 2px 0 4px 0; }
        .se-since ul { margin: 2px 0 4px 18px; padding: 0; }
        .se-since li { font-size: 0.9em; }
        .se-since .se-luciano { border-left: 4px solid #8b1a1a; padding-left: 8px; }
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
    decision = game.pending
    previous = table.previous_state()
    clickable = table.clickable_districts()
    viewer = table.viewer()
    return clickable, decision, game, previous, snapshot, table, viewer


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
def _(mo, set_frame, set_through, table, viewer):
    def _open(step):
        set_through(step)
        set_frame(0)

    since_items = table.since_last_decision() if viewer is not None else []
    # every automatic phase (the Lucky Luciano phase above all), then the latest choices
    _keep = {i.step for i in since_items if i.automatic} | {i.step for i in since_items[-6:]}
    since_shown = [i for i in since_items if i.step in _keep]
    # a global of its cell: marimo runs the buttons' callbacks only then
    since_buttons = mo.ui.array(
        [
            mo.ui.button(
                label="▶ Step through",
                on_click=lambda _, s=item.step: _open(s),
                tooltip=f"Replay step {item.step} event by event (below)",
            )
            for item in since_shown
        ]
    )
    return since_buttons, since_items, since_shown


@app.cell(hide_code=True)
def _(chip, html_text, mo, since_buttons, since_items, since_shown, viewer):
    def _since_view():
        if not since_shown or viewer is None:
            return mo.md("")
        rows = []
        for i, item in enumerate(since_shown):
            lines = item.highlights or item.automatic[:3]
            more = len(item.automatic) - len(lines)
            listing = "".join(f"<li>{html_text(line)}</li>" for line in lines)
            rest = ""
            if more > 0:
                rest = (
                    f"<details><summary>{more} more automatic events</summary><ul>"
                    + "".join(f"<li>{html_text(line)}</li>" for line in item.automatic)
                    + "</ul></details>"
                )
            css = "se-since-item se-luciano" if item.luciano else "se-since-item"
            head = html_text(item.headline())
            rows.append(
                mo.hstack(
                    [
                        mo.Html(
                            f'<div class="{css}" data-step="{item.step}"><b>{head}</b>'
                            f"<ul>{listing}</ul>{rest}</div>"
                        ),
                        since_buttons[i],
                    ],
                    widths=[6, 1],
                    align="start",
                )
            )
        earlier = len(since_items) - len(since_shown)
        note = f" ({earlier} earlier choices in the log below)" if earlier else ""
        return mo.Html(
            f'<div class="se-since"><h4>Since your last decision, {chip(viewer.value)}'
            f"{html_text(note)}</h4>{mo.vstack(rows, gap=0.3).text}</div>"
        )

    _since_view()
    return


@app.cell(hide_code=True)
def _(
    changed_districts,
    clickable,
    decision,
    game,
    game_figure,
    previous,
    seat_name,
    snapshot,
    table,
):
    def _title():
        if decision is None:
            return "Game over"
        who = decision.player.value.capitalize()
        return f"Step {snapshot.step} · {who} ({seat_name(table.seats[decision.player])}) to decide"

    figure = game_figure(
        game.state,
        game.board,
        previous=previous,
        highlight=clickable,
        title=_title(),
        fit_width=760,  # the map's share of a 1280-pixel screen: no district spills over
    )
    _ = figure.update_layout(
        meta={
            "step": snapshot.step,
            "pending": decision.kind if decision else None,
            "clickable": clickable,
            "changed": changed_districts(previous, game.state),
        },
    )
    return (figure,)


@app.cell(hide_code=True)
def _(BoardWidget):
    # One plotly FigureWidget for the session: each new position patches the traces that
    # changed instead of sending and drawing a whole new figure.
    # (made here, in a cell that never re-runs: marimo closes a widget when its cell re-runs)
    board = BoardWidget()
    _ = board.view
    return (board,)


@app.cell(hide_code=True)
def _(act, board, clickable, clicked_place, figure, set_group, set_note, table):
    def _on_click(points):
        place = clicked_place(points or [], figure)
        if place is None:
            return
        district, space = place
        if district not in clickable:
            set_note(("info", f"District {district}: nothing to choose there now."))
            return
        options = table.options_at(district, space)
        if len(options) == 1:
            act(
                lambda t: t.choose(options[0]),
                ("info", f"Chosen by a click on district {district}."),
            )
        else:
            set_group(table.group_of(district))
            set_note(("info", f"District {district}: choose one of its {len(options)} options."))

    board.on_click = _on_click
    board_patch = board.show(figure)
    return (board_patch,)


@app.cell(hide_code=True)
def _(get_group, table):
    groups = table.groups()
    labels = {label.action: label for label in table.labels()}
    finish_groups = [g for g in groups if g.title == "Finish"]
    main_groups = [g for g in groups if g.title != "Finish"]
    titles = [g.title for g in main_groups]
    total = sum(len(g.options) for g in main_groups)
    focus = get_group() if get_group() in titles else None
    needs_picker = total > 12 and len(titles) > 1
    if needs_picker:
        chosen = focus or titles[0]
        shown_groups = [g for g in main_groups if g.title == chosen]
    elif focus is not None:
        chosen = focus
        shown_groups = [g for g in main_groups if g.title == focus]
    else:
        chosen = None
        shown_groups = main_groups
    return (
        chosen,
        finish_groups,
        labels,
        main_groups,
        needs_picker,
        shown_groups,
        titles,
    )


@app.cell(hide_code=True)
def _(chosen, mo, needs_picker, set_group, titles):
    group_picker = None
    if needs_picker:
        if len(titles) <= 4:
            group_picker = mo.ui.radio(
                titles, value=chosen, inline=True, label="**Choose**", on_change=set_group
            )
        else:
            group_picker = mo.ui.dropdown(
                titles, value=chosen, label="**Choose**", searchable=True, on_change=set_group
            )
    return (group_picker,)


@app.cell(hide_code=True)
def _(act, finish_groups, labels, md_text, mo, shown_groups):
    def _button(action, kind="neutral"):
        label = labels[action]
        return mo.ui.button(
            label=md_text(label.head),
            kind=kind,
            tooltip=label.full,
            on_click=lambda _: act(lambda t: t.choose(action)),
            full_width=True,
        )

    # Never a wall of buttons: at most 12 per group; a bigger group is a dropdown + Play.
    _small = [g for g in shown_groups if len(g.options) <= 12]
    _big = [g for g in shown_groups if len(g.options) > 12]
    option_buttons = mo.ui.array([_button(a) for g in _small for a in g.options])
    finish_buttons = mo.ui.array([_button(a, "warn") for g in finish_groups for a in g.options])
    big_picker = None
    if _big:
        big_picker = mo.ui.dropdown(
            {labels[a].full: a for g in _big for a in g.options},
            label=f"**{md_text(_big[0].title)}**",
            searchable=True,
            full_width=True,
        )
    return big_picker, finish_buttons, option_buttons


@app.cell(hide_code=True)
def _(act, big_picker, mo, set_group):
    def _play_picked(_):
        if big_picker is not None and big_picker.value is not None:
            act(lambda t: t.choose(big_picker.value))

    play_picked_button = mo.ui.button(label="▶ Play", kind="success", on_click=_play_picked)
    show_all_button = mo.ui.button(label="Show every option", on_click=lambda _: set_group(None))
    return play_picked_button, show_all_button


@app.cell(hide_code=True)
def _(act, decision, mo, snapshot, table):
    _human = decision is not None and table.waiting_for_human

    def _bots(_):
        if table.waiting_for_human and table.game.current_player is not None:
            colour = table.game.current_player
            act(lambda t: t.play_for(colour), ("info", "A bot played for you."))
        else:
            act(lambda t: t.play_bots(), ("info", "The bots moved."))

    undo_button = mo.ui.button(
        label="↶ Undo",
        on_click=lambda _: act(lambda t: t.undo(), ("info", "Undone.")),
        disabled=snapshot.step == 0,
        tooltip="Back to your previous decision (the bots' moves after it are undone too)",
    )
    redo_button = mo.ui.button(
        label="↷ Redo",
        on_click=lambda _: act(lambda t: t.redo(), ("info", "Redone.")),
        disabled=not snapshot.redo,
    )
    bots_button = mo.ui.button(
        label="🤖 Let a bot decide for me" if _human else "▶ Let the bots move",
        on_click=_bots,
        disabled=decision is None,
        tooltip="A bot makes this decision for you, then the bots play until a person decides",
    )
    save_button = mo.download(
        data=table.save().encode("utf-8"),
        filename=f"speakeasy-seed{table.game.seed}-step{snapshot.step}.json",
        mimetype="application/json",
        label="💾 Save game",
    )
    return bots_button, redo_button, save_button, undo_button


@app.cell(hide_code=True)
def _(act, decision_steps, game, mo, table):
    _choices = {
        (label if len(label) <= 70 else label[:69] + "…"): step
        for label, step in decision_steps(game, table.seats)
    }
    jump_picker = mo.ui.dropdown(
        _choices,
        label="Go back to",
        searchable=True,
        allow_select_none=True,
        full_width=True,
    )

    def _jump(_):
        step = jump_picker.value
        if step is not None:
            act(
                lambda t: t.goto(step), ("info", f"Back before step {step + 1}; Redo goes forward.")
            )

    jump_button = mo.ui.button(label="⏮ Go back", on_click=_jump, disabled=not _choices)
    return jump_button, jump_picker


@app.cell(hide_code=True)
def _(
    RuleRef,
    chip,
    decision,
    explain_blocked,
    game,
    html,
    html_text,
    md_text,
    mo,
    plain_words,
    progress_text,
    seat_name,
    snapshot,
    table,
):
    if decision is None:
        prompt_panel = mo.md("### The game is over\n\nFinal scores are below the map.")
    else:
        _seat = seat_name(table.seats[decision.player])
        _rules = "".join(
            f"<li><code>{html.escape(r)}</code> {html_text(RuleRef.of(r).summary or '')}</li>"
            for r in decision.rules
        )
        _state = game.state
        prompt_panel = mo.Html(
            f'<div class="se-prompt" data-kind="{html.escape(decision.kind)}" '
            f'data-step="{snapshot.step}">'
            f"<div style='font-size:0.85em;color:#666'>{html_text(progress_text(_state))}"
            f" · step {snapshot.step}</div>"
            f"<h3 style='margin:4px 0'>{chip(decision.player.value)} "
            f"<span style='font-weight:400;font-size:0.8em'>({_seat})</span> "
            f"{html_text(plain_words(decision.prompt))}</h3>"
            f"<details><summary style='cursor:pointer;color:#555'>Rules: "
            f"{html.escape(', '.join(decision.rules))}</summary><ul>{_rules}</ul></details></div>"
        )
    _blocked = explain_blocked(decision, game.state) if decision is not None else []
    blocked_panel = (
        mo.accordion(
            {
                f"Not allowed now ({len(_blocked)})": mo.md(
                    "\n".join(
                        f"- ✗ {md_text(plain_words(a.describe()))} — {md_text(why)}"
                        for a, why in _blocked
                    )
                )
            }
        )
        if _blocked
        else mo.md("")
    )
    return blocked_panel, prompt_panel


@app.cell(hide_code=True)
def _(get_note, md_text, mo):
    _note = get_note()
    note_panel = (
        mo.callout(mo.md(md_text(_note[1]) if _note[0] != "warn" else _note[1]), kind=_note[0])
        if _note
        else mo.md("")
    )
    return (note_panel,)


@app.cell(hide_code=True)
def _(
    big_picker,
    blocked_panel,
    bots_button,
    chosen,
    clickable,
    decision,
    finish_buttons,
    group_picker,
    html_text,
    jump_button,
    jump_picker,
    labels,
    main_groups,
    md_text,
    mo,
    needs_picker,
    note_panel,
    option_buttons,
    play_picked_button,
    prompt_panel,
    redo_button,
    save_button,
    seat_name,
    show_all_button,
    shown_groups,
    table,
    undo_button,
):
    def _options_view():
        if decision is None:
            return mo.md("")
        if not table.waiting_for_human:
            who = decision.player.value.capitalize()
            kind = seat_name(table.seats[decision.player])
            return mo.callout(mo.md(f"**{who}** is a {kind}: let it move."), kind="info")
        parts = []
        if group_picker is not None:
            parts.append(group_picker)
        if clickable:
            parts.append(
                mo.md(
                    "*Click a gold-ringed district, building or space on the map, or choose below.*"
                )
            )
        index = 0
        for group in shown_groups:
            if len(group.options) > 12:
                parts.append(mo.vstack([big_picker, play_picked_button]))
                continue
            if len(main_groups) > 1:
                parts.append(mo.md(f"**{md_text(group.title)}**"))
            for action in group.options:
                caption = labels[action].caption
                parts.append(
                    mo.vstack(
                        [
                            option_buttons[index],
                            mo.Html(f"<div class='se-caption'>{html_text(caption)}</div>"),
                        ],
                        gap=0,
                    )
                    if caption
                    else option_buttons[index]
                )
                index += 1
        if chosen is not None and not needs_picker:
            parts.append(show_all_button)
        if len(finish_buttons):
            parts.append(mo.vstack([finish_buttons[i] for i in range(len(finish_buttons))]))
        return mo.Html(f'<div class="se-options">{mo.vstack(parts, gap=0.4).text}</div>')

    _panel = mo.vstack(
        [
            prompt_panel,
            note_panel,
            _options_view(),
            blocked_panel,
            mo.hstack([undo_button, redo_button, save_button], justify="start", gap=0.5, wrap=True),
            bots_button,
            jump_picker,
            jump_button,
        ],
        gap=0.6,
    )
    side_panel = mo.Html(f'<div class="se-side">{_panel.text}</div>')
    return (side_panel,)


@app.cell(hide_code=True)
def _(board, board_patch, mo, side_panel):
    _ = board_patch  # drawn after the board has the new position
    mo.hstack([board.view, side_panel], widths=[2.8, 1], align="start", gap=1)
    return


@app.cell(hide_code=True)
def _(mo):
    teacher = mo.ui.switch(label="Teacher view: show every hand and safe")
    return (teacher,)


@app.cell(hide_code=True)
def _(chip, game, goal_lines, html_text, mo, table, table_boards, teacher, viewer):
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
        boards = table_boards(game.state, viewer, teacher=teacher.value)
        cards = []
        for board in boards:
            if board.colour == viewer:
                title = "your board"
            else:
                title = "(everything)" if board.private else "(public information)"
            cards.append(_board_html(board, title))
        goals = "".join(f"<li>{html_text(g)}</li>" for g in goal_lines(game.state))
        cards.append(
            f'<div class="se-board se-goals"><h4>Goals (a book on a goal pays into the '
            f"safe)</h4><ul>{goals}</ul></div>"
        )
        who = viewer.value.capitalize() if viewer is not None else "nobody"
        return mo.vstack(
            [
                mo.hstack(
                    [mo.md(f"## Player boards · seen by {who}"), teacher],
                    justify="space-between",
                    align="center",
                    wrap=True,
                ),
                mo.Html(f'<div class="se-boards">{"".join(cards)}</div>'),
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
def _(CATEGORIES, COLOURS, get_log_phases, get_log_player, mo, set_log_phases, set_log_player):
    log_player = mo.ui.dropdown(
        ["everyone", *COLOURS], value=get_log_player(), label="Player", on_change=set_log_player
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
):
    _player = None if log_player.value == "everyone" else log_player.value
    _phases = log_phases.value or None
    entries = log(game, player=_player, category=_phases, newest_first=True)
    _total = len(log(game))
    _shown = entries[: checked_int(log_limit.value, 20, 500, default=100)]
    _items = "".join(
        f'<li class="se-log-entry" data-step="{e.step}" data-category="{html.escape(e.category)}">'
        f"<span style='color:#888;font-size:0.85em'>step {e.step} · {html.escape(e.category)}"
        f"</span> {chip(e.player) if e.player else chip(None)} {html_text(plain_words(e.text))}"
        f" <span style='color:#999;font-size:0.8em'>{html.escape(', '.join(r.id for r in e.rules))}"
        f"</span></li>"
        for e in _shown
    )
    mo.vstack(
        [
            mo.md("## Event log (newest first)"),
            mo.hstack([log_player, log_phases, log_limit], justify="start", gap=1.5, wrap=True),
            mo.Html(
                f'<div class="se-log" data-count="{len(entries)}">'
                f"<p class='se-log-count'>{len(entries)} of {_total} events match; showing "
                f"{len(_shown)}.</p>"
                f"<ol style='max-height:420px;overflow-y:auto;list-style:none;padding-left:0'>"
                f"{_items}</ol></div>"
            ),
        ]
    )
    return (entries,)


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
def _(frame_index, frames, mo, set_frame, set_through, summaries, through_step):
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
def _(BoardWidget, mo):
    before_after = mo.ui.radio(
        ["before", "after"], value="after", inline=True, label="Show the position"
    )
    # The step-through map: a second board widget, rebuilt only when its event changes.
    through_board = BoardWidget()
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
    game_figure,
    html_text,
    md_text,
    mo,
    next_button,
    plain_words,
    prev_button,
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
            (game.history[:through_step], through_step, frame_index, after),
            lambda: game_figure(
                frame.after if after else frame.before,
                game.board,
                previous=frame.before if after else None,
                title=f"Step {through_step}, event {frame_index + 1} of {len(frames)} "
                f"({e.category}) — {'after' if after else 'before'}",
                height=520,
            ),
        )
        changes = changes_in_words(frame.before, frame.after, viewer, teacher=teacher.value)
        rules = ", ".join(r.id for r in e.rules)
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
                    f"<b>{html_text(e.category)}</b> {html_text(plain_words(e.text))} "
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
def _(Table, TableSnapshot, advance, clicked_place, game_figure, log, table_for):
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
        fig = game_figure(table.game.state, table.game.board)
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
