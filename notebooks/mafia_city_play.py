import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Mafia City · play")


@app.cell(hide_code=True)
def _():
    import html

    import marimo as mo

    from speakeasy import IllegalAction, SaveFileError
    from speakeasy.explain import MC_CATEGORIES, card_label, mc_log, mc_lookup_markdown
    from speakeasy.ui import (
        MC_SEAT_KINDS,
        BoardWidget,
        McTable,
        McTableSnapshot,
        answer_boxes,
        checked_int,
        checked_text,
        checked_upload,
        exercise_cards,
        mc_advance,
        mc_table_for,
        split_label,
    )
    from speakeasy.viz import MC_PLAYER_COLOURS, MC_TILES_TRACE, mafia_city_map

    return (
        BoardWidget,
        IllegalAction,
        MC_CATEGORIES,
        MC_PLAYER_COLOURS,
        MC_SEAT_KINDS,
        MC_TILES_TRACE,
        McTable,
        McTableSnapshot,
        SaveFileError,
        answer_boxes,
        card_label,
        checked_int,
        checked_text,
        checked_upload,
        exercise_cards,
        html,
        mafia_city_map,
        mc_advance,
        mc_log,
        mc_lookup_markdown,
        mc_table_for,
        mo,
        split_label,
    )


@app.cell(hide_code=True)
def _(mo):
    mo.vstack(
        [
            mo.md(
                "# Mafia City · play\n\nThree to five seats, each a person or a bot. The map "
                "and the hand show only what the seat to act may see (hot-seat); reactions out "
                "of turn are asked of every seat in turn, so a question never tells who holds "
                "which card."
            ),
            mo.accordion(
                {
                    "How a round goes": mo.md(
                        "**Phase I**: in turn, place a token from hand on any location, play "
                        "cards, wait (discard a card) or pass, until everyone has passed. "
                        "**Phase II**: the seven locations are evaluated one by one: who "
                        "controls it (most tokens; on a tie the lowest token; Fight Club and "
                        "City Hall need a sole majority) gains 1 VP and may use its effect. "
                        "**Phase III**: players may take tokens back into hand. **Phase IV**: "
                        "the start player moves left and cards are drawn. The first to reach "
                        "the target at the end of a phase II wins. Below the map: the "
                        "explained log, a step-through of phases II and III, and a rule lookup."
                    )
                }
            ),
        ],
        gap=0.25,
    )
    return


@app.cell(hide_code=True)
def _(McTable, mo):
    DEFAULT_SEATS = {"red": "human", "blue": "heuristic", "green": "random"}
    COLOURS = ["red", "blue", "green", "yellow", "grey"]
    get_snap, set_snap = mo.state(McTable.new(DEFAULT_SEATS, seed=1).snapshot())
    get_note, set_note = mo.state(None)  # (kind, markdown) after an action
    get_phase, set_phase = mo.state(None)  # the (round, phase) in step-through
    get_frame, set_frame = mo.state(0)
    get_uncovered, set_uncovered = mo.state(None)  # hot-seat: whose cards are on screen
    return (
        COLOURS,
        DEFAULT_SEATS,
        get_frame,
        get_note,
        get_phase,
        get_snap,
        get_uncovered,
        set_frame,
        set_note,
        set_phase,
        set_snap,
        set_uncovered,
    )


@app.cell(hide_code=True)
def _(IllegalAction, SaveFileError, get_snap, mc_advance, set_frame, set_note, set_phase, set_snap):
    def show(snapshot, note=None):
        """Put a new table on screen and reset the views that follow it."""
        set_snap(snapshot)
        set_phase(None)
        set_frame(0)
        set_note(note)

    def act(change, note=None):
        """Apply ``change`` to a copy of the table; a refusal becomes a note, not a crash."""
        try:
            new = mc_advance(get_snap(), change)
        except IllegalAction as exc:
            set_note(("warn", f"Not allowed: {exc}"))
            return
        except (SaveFileError, ValueError) as exc:
            set_note(("danger", str(exc)))
            return
        show(new, note)

    return act, show


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
    seed_input = mo.ui.number(start=0, stop=999_999, value=1, label="Seed")
    advanced_box = mo.ui.checkbox(value=False, label="Advanced target (15 / 13 / 11 VP)")
    teacher_box = mo.ui.switch(value=False, label="Teacher view (every hand)")
    load_file = mo.ui.file(filetypes=[".json"], label="Load a saved game (.json)")
    load_text = mo.ui.text_area(
        placeholder="…or paste a saved game here", full_width=True, max_length=5 * 1024 * 1024
    )
    return advanced_box, load_file, load_text, seat_pickers, seed_input, teacher_box


@app.cell(hide_code=True)
def _(
    McTable,
    SaveFileError,
    advanced_box,
    checked_int,
    checked_upload,
    load_file,
    load_text,
    mo,
    seat_pickers,
    seed_input,
    set_note,
    show,
):
    def _seats():
        return {c: kind for c, kind in seat_pickers.value.items() if kind != "empty"}

    def _new_game(_):
        seats = _seats()
        if not 3 <= len(seats) <= 5:
            set_note(("warn", "Mafia City needs 3 to 5 seats (MC-SETUP-11)."))
            return
        # a browser can post any value for a widget: checked here before use
        seed = checked_int(seed_input.value, 0, 999_999, default=1)
        try:
            table = McTable.new(seats, seed=seed, advanced=advanced_box.value is True)
        except ValueError as exc:
            set_note(("danger", str(exc)))
            return
        show(table.snapshot(), ("success", f"New game, seed {seed}."))

    def _load(_):
        files = load_file.value
        try:  # the size limit is checked before anything parses the upload or the paste
            raw = checked_upload(files[0].contents if files else load_text.value)
        except ValueError as exc:
            set_note(("danger", f"Cannot load this game: {exc}"))
            return
        text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        if not text.strip():
            set_note(("warn", "Choose a saved game file or paste its JSON first."))
            return
        try:
            table = McTable.load(text, seats=_seats())
        except (SaveFileError, ValueError) as exc:
            set_note(("danger", f"Cannot load this game: {exc}"))
            return
        show(table.snapshot(), ("success", f"Loaded a game at step {len(table.game.history)}."))

    new_game_button = mo.ui.button(label="New game", kind="success", on_click=_new_game)
    load_button = mo.ui.button(label="Load", on_click=_load)
    return load_button, new_game_button


@app.cell(hide_code=True)
def _(
    advanced_box,
    load_button,
    load_file,
    load_text,
    mo,
    new_game_button,
    seat_pickers,
    seed_input,
    teacher_box,
):
    mo.accordion(
        {
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
            "Teacher view": teacher_box,
        }
    )
    return


@app.cell(hide_code=True)
def _(get_snap, mc_table_for, teacher_box):
    snapshot = get_snap()
    table = mc_table_for(snapshot)
    game = table.game
    decision = game.pending
    teacher = teacher_box.value is True
    seen = table.observation(teacher=teacher)
    clickable = table.clickable_locations()
    return clickable, decision, game, seen, snapshot, table, teacher


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
def _(clickable, decision, mafia_city_map, seen, snapshot, table):
    def _title():
        if decision is None:
            return "Game over"
        return (
            f"Step {snapshot.step} · {decision.player} ({table.seats[decision.player]}) to decide"
        )

    figure = mafia_city_map(seen, highlight=clickable, title=_title(), height=580)
    _ = figure.update_layout(
        meta={
            **figure.layout.meta,
            "step": snapshot.step,
            "pending": decision.kind if decision else None,
            "clickable": clickable,
        }
    )
    return (figure,)


@app.cell(hide_code=True)
def _(BoardWidget):
    # One plotly FigureWidget for the session: each new position patches the traces that
    # changed instead of sending and drawing a whole new figure (made in a cell that never
    # re-runs: marimo closes a widget when its cell re-runs).
    board = BoardWidget()
    _ = board.view
    return (board,)


@app.cell(hide_code=True)
def _(MC_TILES_TRACE, act, board, clickable, figure, set_note, table):
    def _on_click(points):
        names = [t.name for t in figure.data]
        for point in points or []:
            if point.get("curveNumber") != names.index(MC_TILES_TRACE):
                continue
            location = figure.data[names.index(MC_TILES_TRACE)].customdata[point["pointIndex"]]
            options = table.options_at(int(location))
            if location not in clickable or not options:
                set_note(("info", "Nothing to choose there now."))
            elif len(options) == 1:
                act(lambda t, a=options[0]: t.choose(a), ("info", "Chosen by a click on the map."))
            else:
                set_note(("info", "Several options there: choose one of the buttons."))
            return

    board.on_click = _on_click
    board_patch = board.show(figure)
    return (board_patch,)


@app.cell(hide_code=True)
def _(act, clickable, decision, html, mo, split_label, table):
    # Never a wall of buttons: a group of more than 12 options is a dropdown and a Play button.
    # The options panel is laid out here, in the cell that makes the buttons: no other cell
    # names them, so a click re-runs nothing but what the new position changes.
    _groups = table.groups() if table.waiting_for_human else []
    _small = [g for g in _groups if len(g.options) <= 12]
    _big = [g for g in _groups if len(g.options) > 12]

    def _button(action):
        label = table.label(action)
        head, tail = split_label(label, 46)
        return mo.ui.button(
            label=head,
            tooltip=label if tail else None,
            on_click=lambda _: act(lambda t: t.choose(action)),
            full_width=True,
        )

    option_buttons = mo.ui.array([_button(a) for g in _small for a in g.options])
    big_pickers = mo.ui.dictionary(
        {
            g.title: mo.ui.dropdown(
                {table.label(a): str(a) for a in g.options},
                label=f"**{g.title}** ({len(g.options)})",
                searchable=True,
                full_width=True,
            )
            for g in _big
        }
    )

    def _play_picked(_):
        for picker in big_pickers.value.values():
            if picker:
                act(lambda t, a=picker: t.choose(a))
                return

    play_picked_button = mo.ui.button(
        label="▶ Play the chosen one", kind="success", on_click=_play_picked
    )

    def _options():
        if decision is None:
            return mo.md("")
        if not table.waiting_for_human:
            return mo.callout(mo.md(f"**{decision.player}** is a bot: let it move."), kind="info")
        parts = []
        if clickable:
            parts.append(mo.md("*Click a gold-ringed location on the map, or choose below.*"))
        index = 0
        groups = table.groups()
        for group in groups:
            if len(group.options) > 12:
                parts.append(big_pickers[group.title])
                continue
            if len(groups) > 1:
                parts.append(mo.md(f"**{group.title}**"))
            for action in group.options:
                _head, tail = split_label(table.label(action), 46)
                button = option_buttons[index]
                parts.append(
                    mo.vstack(
                        [
                            button,
                            mo.Html(
                                f"<div style='font-size:0.8em;color:#666;margin-left:6px'>"
                                f"{html.escape(tail)}</div>"
                            ),
                        ],
                        gap=0,
                    )
                    if tail
                    else button
                )
                index += 1
        if len(big_pickers):
            parts.append(play_picked_button)
        return mo.Html(f'<div class="mc-options">{mo.vstack(parts, gap=0.35).text}</div>')

    options_panel = _options()
    return big_pickers, option_buttons, options_panel, play_picked_button


@app.cell(hide_code=True)
def _(mo, seen, set_uncovered):
    # Two or more people at one screen: the next person's cards stay covered until they say
    # it is them (the previous person's cards left the screen with their decision). The
    # button's cell must not read get_uncovered: marimo does not re-run the cell whose
    # element called the setter.
    reveal_button = mo.ui.button(
        label=f"I am {seen.seat}: show my cards",
        kind="success",
        on_click=lambda _: set_uncovered(seen.seat),
    )
    curtain = mo.vstack(
        [
            mo.callout(
                mo.md(f"Pass the screen to **{seen.seat}**; the others look away."), kind="info"
            ),
            reveal_button,
        ]
    )
    return curtain, reveal_button


@app.cell(hide_code=True)
def _(get_uncovered, table, teacher):
    covered = table.covered(get_uncovered(), teacher)
    return (covered,)


@app.cell(hide_code=True)
def _(act, decision, mo, snapshot, table):
    undo_button = mo.ui.button(
        label="↶ Undo",
        on_click=lambda _: act(lambda t: t.undo(), ("info", "Undone.")),
        disabled=snapshot.step == 0 or not table.humans(),
        tooltip="Back to your previous decision (the bots' moves after it are undone too)",
    )
    redo_button = mo.ui.button(
        label="↷ Redo",
        on_click=lambda _: act(lambda t: t.redo(), ("info", "Redone.")),
        disabled=not snapshot.redo,
    )

    def _bots(_):
        if table.waiting_for_human and decision is not None:
            colour = decision.player
            act(lambda t: t.play_for(colour), ("info", "A heuristic bot decided for you."))
        else:
            act(lambda t: t.play_bots(), ("info", "The bots moved."))

    bots_button = mo.ui.button(
        label="Let a bot decide for me" if table.waiting_for_human else "Let the bots move",
        on_click=_bots,
        disabled=decision is None,
    )
    save_button = mo.download(  # the file is made when the button is pressed, not every click
        data=lambda: table.save().encode("utf-8"),
        filename=f"mafia-city-seed{table.game.seed}-step{snapshot.step}.json",
        mimetype="application/json",
        label="Save game",
    )
    controls = mo.vstack(
        [mo.hstack([undo_button, redo_button, save_button], justify="start", gap=0.5), bots_button],
        gap=0.6,
    )
    return bots_button, controls, redo_button, save_button, undo_button


@app.cell(hide_code=True)
def _(
    card_label,
    chip,
    controls,
    covered,
    curtain,
    decision,
    get_note,
    html,
    mo,
    options_panel,
    seen,
    table,
    teacher,
):
    def _prompt():
        if decision is None:
            return mo.md("### The game is over\n\nThe final scores are below the map.")
        seat = table.seats[decision.player]
        return mo.Html(
            f'<div class="mc-prompt" data-kind="{html.escape(decision.kind)}" '
            f'data-player="{html.escape(decision.player)}">'
            f"<h3 style='margin:4px 0'>{chip(decision.player)} "
            f"<span style='font-weight:400;font-size:0.8em'>({seat})</span></h3>"
            f"<p style='margin:2px 0'>{html.escape(table.prompt())}</p>"
            f"<div style='font-size:0.8em;color:#666'>Rules: "
            f"{html.escape(', '.join(decision.rules))}</div></div>"
        )

    def _hand():
        cards = ", ".join(html.escape(card_label(c)) for c in seen.hand) or "no cards"
        rows = [
            f"<div class='mc-hand' data-seat='{html.escape(seen.seat)}'>"
            f"<b>{chip(seen.seat)} your hand:</b> {cards}</div>"
        ]
        for player, hand in (seen.hands or {}).items():
            if player == seen.seat:
                continue
            shown = ", ".join(html.escape(card_label(c)) for c in hand) or "no cards"
            why = "teacher view" if teacher else "you hold the Police Officer"
            rows.append(
                f"<div class='mc-other-hand' style='font-size:0.9em'>{chip(player)} "
                f"({why}): {shown}</div>"
            )
        return mo.Html("".join(rows))

    _pad = " style='padding:2px 7px;text-align:left;white-space:nowrap'"

    def _players():
        rows = []
        for r in table.player_rows(seen):
            flags = [f for f, on in (("start", r["start"]), ("passed", r["passed"])) if on]
            flags += [f"holds the {h}" for h in r["holds"]]
            you = " (you)" if r["you"] else ""
            rows.append(
                f"<tr><td style='padding:2px 7px'>{chip(r['colour'])}{you}<div style='font-size:"
                f"0.8em;color:#555'>{html.escape(', '.join(flags))}</div></td>"
                f"<td{_pad}><b>{r['vp']}</b> / {r['target']}</td><td{_pad}>{r['tokens']}</td>"
                f"<td{_pad}>{r['reserve']}</td><td{_pad}>{r['cards']}</td></tr>"
            )
        phase = {
            "setup": "setup",
            "action": "phase I: actions",
            "location": "phase II: locations",
            "strategic": "phase III: taking back",
            "end": "phase IV: end of round",
            "over": "game over",
        }.get(seen.public["phase"], seen.public["phase"])
        return mo.Html(
            f"<div class='mc-players'><div style='font-size:0.9em;color:#444'>Round "
            f"{seen.public['round']} · {html.escape(phase)} · draw pile "
            f"{seen.public['draw_count']}</div><table style='font-size:0.9em'>"
            f"<tr><th{_pad}>Player</th><th{_pad}>VP</th><th{_pad}>Hand</th>"
            f"<th{_pad}>Reserve</th><th{_pad}>Cards</th></tr>{''.join(rows)}</table>"
            "<div style='font-size:0.8em;color:#666'>Hand and reserve count tokens; cards are "
            "hidden, only their number is public.</div></div>"
        )

    _note = get_note()
    side_panel = mo.vstack(
        [
            _players(),
            _prompt(),
            mo.callout(mo.md(_note[1]), kind=_note[0]) if _note else mo.md(""),
            *([curtain] if covered else [_hand(), options_panel]),
            controls,
        ],
        gap=0.6,
    )
    return (side_panel,)


@app.cell(hide_code=True)
def _(board, board_patch, mo, side_panel):
    _ = board_patch  # after the map is patched
    mo.hstack([board.view, side_panel], widths=[2.2, 1], align="start", gap=1)
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
    checked_int, chip, game, get_uncovered, html, log_limit, log_phases, mc_log, mo, table, teacher
):
    def _log_view():
        seat = table.log_seat(get_uncovered(), teacher)  # no private lines under a cover
        entries = mc_log(game, seat, phases=log_phases.value or None)
        shown = entries[: checked_int(log_limit.value, 20, 500, default=60)]
        items = "".join(
            f'<li class="mc-log-entry" data-step="{e.step}">'
            f"<span style='color:#888;font-size:0.85em'>round {e.round} · "
            f"{html.escape(e.category)} · step {e.step}</span> "
            f"{chip(e.player) if e.player else chip(None)} {e.html()}</li>"
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
def _(
    chip,
    frame_index,
    frames,
    mafia_city_map,
    mo,
    next_button,
    phase_picker,
    prev_button,
    table,
    teacher,
    through,
):
    def _through_view():
        header = [
            mo.md(
                "Replay a location phase (select, control, VP, effect, cube) or a strategic "
                "phase (taking tokens back) event by event."
            )
        ]
        if not frames:
            return mo.vstack([*header, mo.md("*No phase II has been played yet.*")])
        frame = frames[frame_index]
        e = frame.entry
        view = table.frame_view(frame, teacher=teacher)
        fig = mafia_city_map(
            view, title=f"Round {through[0]}, event {frame_index + 1} of {len(frames)}", height=520
        )
        # a fixed width: drawn as its accordion opens, plotly would measure a container not
        # yet laid out and draw the tiles tiny
        _ = fig.update_layout(width=640, autosize=False)
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
                mo.Html(
                    f"<div class='mc-through'>{chip(e.player) if e.player else chip(None)} "
                    f"{e.html()}</div><div style='margin-top:4px'>After it: {scores}</div>"
                ),
                fig,
            ],
            gap=0.5,
        )

    mo.accordion({"Step through phases II and III": _through_view}, lazy=True)
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
def _(McTable, McTableSnapshot, mafia_city_map, mc_advance, mc_log, mc_table_for):
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
