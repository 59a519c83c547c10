import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Speakeasy · learn a turn")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy.games import load as load_game
    from speakeasy.games.speakeasy.figures.game_figure import (
        clicked_place,
        game_figure,
        game_figure_data,
    )
    from speakeasy.games.speakeasy.studies.analysis import catalog_of
    from speakeasy.games.speakeasy.table.play import group_options, plain_words
    from speakeasy.games.speakeasy.table.play_panel import MAP_WIDTH
    from speakeasy.games.speakeasy.table.tutorial import LESSONS, Tutorial, learner_view
    from speakeasy.tools.citations import RuleRef
    from speakeasy.tools.inputs import checked_int
    from speakeasy.tools.svg_board import SvgBoard
    from speakeasy.tools.text import linked, md_text

    GLOSSARY = load_game("speakeasy").glossary()  # each word links to its entry on the rules page
    return (
        GLOSSARY,
        LESSONS,
        MAP_WIDTH,
        RuleRef,
        SvgBoard,
        Tutorial,
        catalog_of,
        checked_int,
        clicked_place,
        game_figure,
        game_figure_data,
        group_options,
        learner_view,
        linked,
        md_text,
        mo,
        plain_words,
    )


@app.cell(hide_code=True)
def _(mo):
    # Short (the title and the fold beside each other), so that the map and the answer beside
    # it come soon on a 1280×800 screen.
    mo.hstack(
        [
            mo.md(
                "# Learn a turn of Speakeasy\n\n"
                "Ten short lessons, one idea at a time. You play **purple**; a bot plays "
                "yellow."
            ),
            mo.accordion(
                {
                    "How the lessons work": mo.md(
                        "Each lesson is a position of a real game. Click an option, or a "
                        "place on the map when the question is *where* (gold rings and frames "
                        "show every place you may click). A move that "
                        "breaks the rules is refused with the rule it breaks; a legal move "
                        "that is not what the lesson asks is refused with the reason. Stuck? "
                        "Ask for a hint. Open any lesson from the row below; your progress is "
                        "kept in this page's address, so a reload (or a bookmark) brings you "
                        "back where you were."
                    )
                }
            ),
        ],
        widths=[3, 2],
        align="start",
        wrap=True,
    )
    return


@app.cell(hide_code=True)
def _(RuleRef, group_options, linked, plain_words):
    CALLOUT_KINDS = {
        "accepted": "info",
        "goal": "success",
        "wrong": "warn",
        "illegal": "danger",
        "hint": "neutral",
        "done": "success",
        "info": "info",
    }

    def money(text):
        """Escape dollar signs: marimo's Markdown would read $...$ as a formula."""
        return text.replace("$", r"\$")

    def progress_label(tutorial, lesson):
        """``✓ 1. Capos and persons`` (done), ``▶ …`` (open now), ``○ …`` (not done yet);
        every lesson can be opened."""
        if tutorial.is_done(lesson.id):
            mark = "✓"
        elif lesson.id == tutorial.lesson_id:
            mark = "▶"
        else:
            mark = "○"
        return f"{mark} {lesson.number}. {lesson.title}"

    def option_rows(decision, selected=None):
        """The decision's options as ``(group title, [(action text, label, blocked?)])``.

        Legal options keep the engine's grouping (by location, district...); greyed-out ones
        follow in a last group, so that clicking them shows the engine's reason. With a
        district selected on the map, its group comes first.
        """
        if decision is None:
            return []
        rows = [
            (group.title, [(str(a), plain_words(a.describe()), False) for a in group.options])
            for group in group_options(decision)
        ]
        if selected is not None:
            rows.sort(key=lambda row: row[0] != f"District {selected}")
        blocked = [
            (str(b.action), plain_words(b.action.describe()), True) for b in decision.blocked
        ]
        if blocked:
            rows.append(("Not allowed now (click to see why)", blocked))
        return rows

    def split_label(label, limit=42):
        """A short button label and the rest as detail: ``("City Hall, person 1", "gain…")``."""
        if len(label) <= limit:
            return label, ""
        for sep, keep in ((": ", ""), (" (", "(")):
            cut = label.find(sep)
            if 0 < cut <= limit:
                return label[:cut], keep + label[cut + len(sep) :]
        return label[: limit - 1].rstrip() + "…", label

    def clickable(tutorial):
        """Districts whose options a click on the map can choose (from the legal options)."""
        return sorted({district for district, _ in tutorial.targets()})

    def rule_list(rule_ids):
        return linked(
            "\n".join(
                f"- **{r}** {money(RuleRef.of(r).citation()[len(r) :].strip())}" for r in rule_ids
            )
        )

    return (
        CALLOUT_KINDS,
        clickable,
        money,
        option_rows,
        progress_label,
        rule_list,
        split_label,
    )


@app.cell(hide_code=True)
def _(Tutorial, mo):
    # The progress comes back from the page's address (validated: a tampered link starts
    # afresh), so that a reload keeps it; each browser tab has its own.
    get_tutorial, set_tutorial = mo.state(Tutorial.from_params(mo.query_params().to_dict()))
    return get_tutorial, set_tutorial


@app.cell(hide_code=True)
def _(mo, tutorial):
    tutorial.keep_in_address(mo.query_params())  # a reload keeps the progress
    return


@app.cell(hide_code=True)
def _(get_tutorial):
    tutorial = get_tutorial()
    lesson = tutorial.lesson
    game = tutorial.game()
    decision = tutorial.decision()  # the lesson's question, or the game's decision
    return decision, game, lesson, tutorial


@app.cell(hide_code=True)
def _(LESSONS, mo, progress_label, set_tutorial, tutorial):
    def _open(lesson_id):
        return lambda _: set_tutorial(lambda t: t.open(lesson_id))

    lesson_buttons = mo.ui.array(
        [
            mo.ui.button(
                label=progress_label(tutorial, x),
                on_click=_open(x.id),
                kind="success" if tutorial.is_done(x.id) else "neutral",
                tooltip=f"Open lesson {x.number}",
            )
            for x in LESSONS
        ]
    )
    mo.hstack(
        [
            mo.md(f"**Progress: {len(tutorial.done)} of {len(LESSONS)}**"),
            *lesson_buttons,
        ],
        wrap=True,
        justify="start",
        align="center",
        gap=0.5,
    )
    return (lesson_buttons,)


@app.cell(hide_code=True)
def _(GLOSSARY, md_text, game, lesson, linked, mo, money, rule_list, tutorial):
    # the first time a text block names a word of the glossary, it links to its entry
    _status = lesson.status_lines(game)
    _own = (
        mo.callout(
            mo.md(
                "**Your own game goes on:** this lesson continues from the moves you made in "
                "the previous one. *Restart lesson* comes back here; open the lesson from the "
                "row above for its prepared position."
            ),
            kind="neutral",
        )
        if tutorial.continues
        else mo.md("")
    )
    _goal = mo.callout(
        mo.md(
            ("**Goal reached:** " if tutorial.goal_met else "**Your goal:** ")
            + linked(money(lesson.goal), glossary=GLOSSARY)
        ),
        kind="success" if tutorial.goal_met else "info",
    )
    # Beside each other on a wide page, the lesson's text and its goal leave room for the
    # options and the map within a 1280×800 screen.
    mo.hstack(
        [
            mo.vstack(
                [
                    mo.md(
                        f"### Lesson {lesson.number}: {lesson.title}\n\n"
                        + linked(money(lesson.introduction), glossary=GLOSSARY)
                    ),
                    _own,
                ],
                gap=0.4,
            ),
            mo.vstack(
                [
                    _goal,
                    mo.md("\n".join(f"- {md_text(s)}" for s in _status)) if _status else mo.md(""),
                    mo.accordion({"Rules in this lesson": mo.md(rule_list(lesson.rules))}),
                ],
                gap=0.4,
            ),
        ],
        widths=[3, 2],
        wrap=True,
        gap=1.5,
        align="start",
    )
    return


@app.cell(hide_code=True)
def _(mo, set_tutorial, tutorial):
    hint_button = mo.ui.button(label="? Hint", on_click=lambda _: set_tutorial(lambda t: t.hint()))
    restart_button = mo.ui.button(
        label="↺ Restart lesson", on_click=lambda _: set_tutorial(lambda t: t.restart())
    )
    next_button = mo.ui.button(
        label="Next lesson →",
        kind="success",
        on_click=lambda _: set_tutorial(lambda t: t.next_lesson()),
        disabled=not tutorial.goal_met or tutorial.is_last,
    )
    return hint_button, next_button, restart_button


@app.cell(hide_code=True)
def _(SvgBoard, clicked_place, set_tutorial):
    # The map is Play's: one widget, made in this cell, which never re-runs. A click on a
    # district, a building space or a marker names its place, and the tutorial answers it.
    def _on_click(points):
        place = clicked_place(points, board.figure)
        if place is not None:
            set_tutorial(lambda t: t.click(*place))

    board = SvgBoard(on_click=_on_click)
    # its widget is made here: marimo closes a widget made by a cell when that cell re-runs,
    # and the layout cell that shows it re-runs after every move
    _view = board.view
    return (board,)


@app.cell(hide_code=True)
def _(
    MAP_WIDTH,
    board,
    catalog_of,
    clickable,
    decision,
    game,
    game_figure_data,
    learner_view,
    lesson,
    tutorial,
):
    # Rings as in Play: gold where a click chooses (every legal target of this step, a gold
    # frame on each building space), orange what changed since the learner's last move; the
    # districts the lesson points at (or the one clicked) in teal.
    _who = decision.player.value.capitalize() if decision is not None else ""
    _title = f"Lesson {lesson.number} · {_who} to decide" if _who else "The game is over"
    _targets = tutorial.targets()
    _before = tutorial.previous_state()
    _figure = game_figure_data(
        learner_view(game),
        game.board,
        previous=learner_view(game, _before) if _before is not None else None,
        highlight=clickable(tutorial),
        spaces=[(d, s) for d, s in _targets if s is not None],
        focus=[tutorial.selected] if tutorial.selected is not None else list(lesson.highlight),
        title=_title,
        fit_width=MAP_WIDTH,
        catalog=catalog_of(game),
    )
    # what the page's map shows, for its readers and tests (drawn as the SVG's data-meta)
    _figure["layout"]["meta"] = {
        "lesson": lesson.id,
        "step": len(game.history),
        "pending": decision.kind if decision is not None else None,
        "targets": [list(t) for t in _targets],
        "selected": tutorial.selected,
    }
    board.show(_figure, whole=True)  # this page draws the map afresh after every change
    map_districts = clickable(tutorial)
    map_spaces = any(s is not None for _, s in _targets)
    return map_districts, map_spaces


@app.cell(hide_code=True)
def _(md_text, decision, mo, option_rows, set_tutorial, split_label, tutorial):
    def _try(text):
        return lambda _: set_tutorial(lambda t: t.attempt(text))

    _rows = option_rows(decision, tutorial.selected) if not tutorial.goal_met else []
    _flat = [entry for _, entries in _rows for entry in entries]
    option_buttons = mo.ui.array(
        [
            mo.ui.button(
                label=("× " if blocked else "") + md_text(split_label(label)[0]),
                on_click=_try(text),
                kind="warn" if blocked else "neutral",
                tooltip=text,
            )
            for text, label, blocked in _flat
        ]
    )
    return (option_buttons,)


@app.cell(hide_code=True)
def _(
    md_text,
    board,
    decision,
    feedback_view,
    hint_button,
    map_districts,
    map_spaces,
    mo,
    next_button,
    option_buttons,
    option_rows,
    plain_words,
    restart_button,
    split_label,
    tutorial,
):
    _rows = option_rows(decision, tutorial.selected) if not tutorial.goal_met else []
    _blocks = []
    _i = 0
    for _title, _entries in _rows:
        _lines = []
        for _k, (_text, _label, _blocked) in enumerate(_entries):
            _detail = split_label(_label)[1]
            _lines.append(
                mo.vstack(
                    [
                        option_buttons[_i + _k],
                        mo.md(f'<small style="color:#555">{md_text(_detail)}</small>'),
                    ],
                    gap=0,
                    align="start",
                )
                if _detail
                else option_buttons[_i + _k]
            )
        _i += len(_entries)
        _blocks.append(
            mo.vstack(
                [mo.md(f"**{md_text(_title)}**"), mo.vstack(_lines, gap=0.4, align="start")],
                gap=0.25,
            )
        )
    if tutorial.goal_met:
        _ask = mo.md(
            "**Lesson done, and the last one:** play a whole game next, in Play, or "
            "restart this lesson."
            if tutorial.is_last
            else "**Lesson done.** Open the next lesson, or restart this one."
        )
    elif decision is None:
        _ask = mo.md("**The game is over.**")
    else:
        _where = (
            " — or click a gold-framed space on the map"
            if map_spaces
            else " — or click a gold-ringed district on the map"
            if map_districts
            else ""
        )
        _ask = mo.md(f"**{md_text(plain_words(decision.prompt))}**{_where}")
    _key = mo.Html(
        '<small class="learn-key">On the map: <b style="color:#b38600">gold</b> rings where '
        'a click chooses, <b style="color:#c25400">orange</b> what changed since your last '
        'move, <b style="color:#0e8f9c">teal</b> where this lesson points.</small>'
    )
    _options = mo.Html(
        f'<div class="learn-options">{mo.vstack(_blocks, gap=0.6)}</div>' if _blocks else ""
    )
    _side = mo.vstack(
        [
            mo.hstack([hint_button, restart_button, next_button], justify="start", gap=0.5),
            feedback_view,
            _ask,
            _key,
            _options,
        ],
        gap=0.6,
    )
    # The map and the answer side by side, as in Play: the answer to a click (on the map or an
    # option) appears at the top of the column beside the map, in view; the options scroll on
    # their own below it. On a page too narrow for both, the column wraps below the map.
    mo.Html(
        "<style>.learn-options{max-height:62vh;overflow-y:auto;overscroll-behavior:contain;"
        "padding-right:4px}</style>"
        '<div class="learn-layout" style="display:flex;flex-wrap:wrap;gap:1rem;'
        'align-items:flex-start">'
        '<div class="learn-map" style="flex:2.4 1 700px;min-width:0;max-width:100%">'
        f"{board.view}</div>"
        '<div class="learn-side" style="flex:1 1 320px;min-width:300px;max-width:100%">'
        f"{_side}</div>"
        "</div>"
    )
    return


@app.cell(hide_code=True)
def _(CALLOUT_KINDS, GLOSSARY, catalog_of, game, linked, mo, plain_words, tutorial):
    _feedback = tutorial.feedback
    if _feedback is None:
        _out = mo.Html("<p><em>Make a move: the answer to it appears here.</em></p>")
    else:
        # the game's IDs in the engine's words (city-16, vip-02) said as a player says them
        _said = plain_words(_feedback.markdown(), catalog=catalog_of(game))
        _body = mo.md(linked(_said, glossary=GLOSSARY)).text
        _out = mo.callout(
            mo.Html(f'<div class="learn-feedback" data-kind="{_feedback.kind}">{_body}</div>'),
            kind=CALLOUT_KINDS[_feedback.kind],
        )
    # the answer to the last move, at the top of the column beside the map
    feedback_view = mo.Html(f'<div class="learn-answer">{_out}</div>')
    return (feedback_view,)


@app.cell(hide_code=True)
def _(mo, tutorial):
    frames = tutorial.luciano_frames() if tutorial.lesson_id == "luciano" else []
    frame_slider = (
        mo.ui.slider(1, len(frames), value=1, show_value=True, label="**Event**", full_width=True)
        if frames
        else None
    )
    return frame_slider, frames


@app.cell(hide_code=True)
def _(
    catalog_of,
    linked,
    checked_int,
    frame_slider,
    frames,
    game,
    game_figure,
    learner_view,
    mo,
    plain_words,
):
    if frame_slider is None:
        _out = mo.md("")
    else:  # a browser can post any value for the slider: held to its bounds here
        _frame = frames[checked_int(frame_slider.value, 1, len(frames)) - 1]
        _exp = _frame.explanation
        _fig = game_figure(
            learner_view(game, _frame.after),
            game.board,
            previous=learner_view(game, _frame.before),
            title=f"Event {frame_slider.value} of {len(frames)} · {_exp.category}",
            height=520,
            catalog=catalog_of(game),
        )
        _out = mo.vstack(
            [
                mo.md("### The Lucky Luciano phase, one event at a time"),
                frame_slider,
                mo.callout(
                    mo.md(linked(plain_words(_exp.markdown(), catalog=catalog_of(game)))),
                    kind="info",
                ),
                mo.ui.plotly(_fig, config={"displayModeBar": False, "responsive": True}),
            ]
        )
    _out
    return


@app.cell
def _(LESSONS, Tutorial, clickable, option_rows, progress_label, split_label):
    def test_long_labels_are_split_into_a_button_and_its_detail():
        assert split_label("Raise vip to 2") == ("Raise vip to 2", "")
        short, detail = split_label(
            "Contractors' Office, person 2: raise any track by 1; "
            "open or takeover a bar or distillery"
        )
        assert (short, detail) == (
            "Contractors' Office, person 2",
            "raise any track by 1; open or takeover a bar or distillery",
        )
        short, detail = split_label(
            "Build in district 3 (Downtown), space 2 (city token: hire 1 goon for free)"
        )
        assert short == "Build in district 3" and detail.startswith("(Downtown)")
        short, detail = split_label("x" * 60)
        assert short.endswith("…") and detail == "x" * 60

    def test_progress_labels_mark_done_current_and_other_lessons():
        first, second, third = LESSONS[:3]
        start = Tutorial()
        assert progress_label(start, first) == "▶ 1. Capos and persons"
        assert progress_label(start, second).startswith("○ 2.")
        done = start.attempt("capo contractors 1")
        assert progress_label(done, first).startswith("✓")
        assert progress_label(done, second).startswith("○")
        assert progress_label(done.open("bar"), third).startswith("▶ 3.")

    def test_option_rows_cover_every_option_and_the_greyed_out_ones():
        decision = Tutorial().game().pending
        rows = option_rows(decision)
        texts = [text for _, entries in rows for text, _, blocked in entries if not blocked]
        assert sorted(texts) == sorted(str(a) for a in decision.options)
        blocked = [text for _, entries in rows for text, _, is_blocked in entries if is_blocked]
        assert "capo contractors 0" in blocked

    def test_a_district_choice_is_clickable_and_its_group_comes_first():
        tutorial = Tutorial(lesson_id="bar", done=("capos", "levels"))
        tutorial = tutorial.attempt("build open bar-left-2")
        decision = tutorial.game().pending
        assert 3 in clickable(tutorial)
        assert clickable(Tutorial()) == []
        assert option_rows(decision, selected=9)[0][0] == "District 9"

    return


if __name__ == "__main__":
    app.run()
