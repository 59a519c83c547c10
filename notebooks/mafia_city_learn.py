import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Mafia City · learn a round")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy.games.mafia_city.explain.log import RULES, card_label, glossary
    from speakeasy.games.mafia_city.figures.map import TILES_TRACE, game_figure
    from speakeasy.games.mafia_city.table.play import Table, option_location, pretty_text
    from speakeasy.games.mafia_city.table.tutorial import LESSONS, Tutorial, learner_view
    from speakeasy.tools.text import linked, md_text, split_label

    GLOSSARY = glossary()  # the game's words, each linked to its entry on the rules page
    return (
        GLOSSARY,
        LESSONS,
        RULES,
        TILES_TRACE,
        Table,
        Tutorial,
        card_label,
        game_figure,
        learner_view,
        linked,
        md_text,
        mo,
        option_location,
        pretty_text,
        split_label,
    )


@app.cell(hide_code=True)
def _(LESSONS, mo):
    # Short, so that the lesson, its map and its options show on a 1280×800 screen.
    mo.hstack(
        [
            mo.md(
                f"# Learn a round of Mafia City\n\n{len(LESSONS)} short lessons, one idea at a "
                "time. You play **red**; bots play blue and green."
            ),
            mo.accordion(
                {
                    "How the lessons work": mo.md(
                        "Each lesson is a position of a real game. Click an option (or a "
                        "location on the map). A move that breaks the rules is refused with "
                        "the rule it breaks; a legal move that is not what the lesson asks is "
                        "refused with the reason. Stuck? Ask for a hint. Your progress is kept "
                        "in this page's address, so a reload (or a bookmark) brings you back."
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
def _(RULES, Table, linked, md_text, option_location, pretty_text, split_label):
    CALLOUT_KINDS = {
        "accepted": "info",
        "goal": "success",
        "wrong": "warn",
        "illegal": "danger",
        "hint": "neutral",
        "done": "success",
        "info": "info",
    }

    def progress_label(tutorial, lesson):
        """``✓ 1. Placing a token`` (done), ``▶ …`` (open now), ``○ …`` (not done yet)."""
        if tutorial.is_done(lesson.id):
            mark = "✓"
        elif lesson.id == tutorial.lesson_id:
            mark = "▶"
        else:
            mark = "○"
        return f"{mark} {lesson.number}. {lesson.title}"

    def option_rows(game):
        """The decision's options in the play table's groups, each ``(title, [(text, label)])``."""
        if game.pending is None:
            return []
        table = Table(game, dict.fromkeys(game.players, "human"))
        return [
            (g.title, [(str(a), pretty_text(a.describe())) for a in g.options])
            for g in table.groups()
        ]

    def clickable(decision):
        """Locations whose options a click on the map can choose."""
        if decision is None:
            return []
        return sorted({n for a in decision.options if (n := option_location(a)) is not None})

    def rule_list(rule_ids):
        lines = []
        for rule in rule_ids:
            found = RULES.find(rule)
            summary = str(found[0]).partition(": ")[2] if found else ""
            lines.append(f"- **{rule}** {md_text(summary)}")
        return linked("\n".join(lines), RULES)

    def short(label):
        return split_label(label, 44)

    return CALLOUT_KINDS, clickable, option_rows, progress_label, rule_list, short


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
    decision = game.pending
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
        [mo.md(f"**Progress: {len(tutorial.done)} of {len(LESSONS)}**"), *lesson_buttons],
        wrap=True,
        justify="start",
        align="center",
        gap=0.4,
    )
    return (lesson_buttons,)


@app.cell(hide_code=True)
def _(GLOSSARY, RULES, game, lesson, linked, md_text, mo, rule_list, tutorial):
    # the first time a text block names a word of the glossary, it links to its entry
    _status = lesson.status_lines(game)
    _goal = mo.callout(
        mo.md(
            ("**Goal reached:** " if tutorial.goal_met else "**Your goal:** ")
            + linked(md_text(lesson.goal), RULES, GLOSSARY)
        ),
        kind="success" if tutorial.goal_met else "info",
    )
    _intro = linked(lesson.introduction.replace("$", chr(92) + "$"), RULES, GLOSSARY)
    mo.hstack(
        [
            mo.md(f"### Lesson {lesson.number}: {md_text(lesson.title)}\n\n{_intro}"),
            mo.vstack(
                [
                    _goal,
                    mo.md(linked("\n".join(f"- {md_text(s)}" for s in _status), RULES, GLOSSARY))
                    if _status
                    else mo.md(""),
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
def _(clickable, decision, game, game_figure, learner_view, lesson, pretty_text, tutorial):
    # the prompt names who decides
    _title = pretty_text(decision.prompt) if decision is not None else "The game is over"
    _highlight = [tutorial.selected] if tutorial.selected is not None else list(lesson.highlight)
    figure = game_figure(learner_view(game), highlight=_highlight, title=_title[:80], height=520)
    map_locations = clickable(decision)
    return figure, map_locations


@app.cell(hide_code=True)
def _(TILES_TRACE, figure, mo, set_tutorial):
    def _clicked(points):
        """The location a click on the map picked (the tiles trace's customdata), if any."""
        traces = list(figure.data)
        for point in points or []:
            curve = point.get("curveNumber")
            index = point.get("pointIndex", point.get("pointNumber"))
            if isinstance(curve, int) and 0 <= curve < len(traces):
                if traces[curve].name == TILES_TRACE and isinstance(index, int):
                    return int(traces[curve].customdata[index])
            elif "customdata" in point:  # marimo may pass the point's data without its trace
                data = point["customdata"]
                data = data[0] if isinstance(data, list | tuple) and data else data
                if isinstance(data, int) and 1 <= data <= 7:
                    return data
        return None

    def _on_click(points):
        location = _clicked(points)
        if location is not None:
            set_tutorial(lambda t: t.click(location))

    board_map = mo.ui.plotly(
        figure, config={"displayModeBar": False, "responsive": True}, on_change=_on_click
    )
    return (board_map,)


@app.cell(hide_code=True)
def _(game, md_text, mo, option_rows, set_tutorial, short, tutorial):
    def _try(text):
        return lambda _: set_tutorial(lambda t: t.attempt(text))

    _rows = option_rows(game) if not tutorial.goal_met else []
    _flat = [entry for _, entries in _rows for entry in entries]
    option_buttons = mo.ui.array(
        [
            mo.ui.button(
                label=md_text(short(label)[0]),
                on_click=_try(text),
                kind="neutral",
                tooltip=md_text(label),
            )
            for text, label in _flat
        ]
    )
    return (option_buttons,)


@app.cell(hide_code=True)
def _(
    GLOSSARY,
    RULES,
    board_map,
    card_label,
    decision,
    feedback_view,
    game,
    hint_button,
    learner_view,
    linked,
    map_locations,
    md_text,
    mo,
    next_button,
    option_buttons,
    option_rows,
    pretty_text,
    restart_button,
    short,
    tutorial,
):
    _rows = option_rows(game) if not tutorial.goal_met else []
    _blocks = []
    _i = 0
    for _title, _entries in _rows:
        _lines = []
        for _k, (_text, _label) in enumerate(_entries):
            _detail = short(_label)[1]
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
                [
                    mo.md(f"**{md_text(_title)}**"),
                    mo.hstack(_lines, gap=0.3, wrap=True, justify="start"),
                ],
                gap=0.2,
            )
        )
    _hand = learner_view(game).hand
    _cards = ", ".join(card_label(c) for c in _hand) or "none"
    _seen = learner_view(game).public
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
            f" (or click {', '.join(map(str, map_locations))} on the map)" if map_locations else ""
        )
        _ask = mo.md(f"**{md_text(pretty_text(decision.prompt))}**{_where}")
    _side = mo.vstack(
        [
            mo.hstack([hint_button, restart_button, next_button], justify="start", gap=0.4),
            feedback_view,
            mo.md(linked(f"Your cards: {md_text(_cards)}", RULES, GLOSSARY)),
            _ask,
            *_blocks,
        ],
        gap=0.5,
    )
    # The map and the answer side by side at 1280 px; on a narrow page the answer wraps below.
    mo.Html(
        '<div class="mc-learn" style="display:flex;flex-wrap:wrap;gap:1rem;'
        'align-items:flex-start">'
        f'<div style="flex:1 1 560px;min-width:0;max-width:100%">{board_map}</div>'
        f'<div style="flex:1 1 380px;min-width:300px;max-width:100%">{_side}</div>'
        "</div>"
    )
    return


@app.cell(hide_code=True)
def _(CALLOUT_KINDS, GLOSSARY, RULES, linked, mo, tutorial):
    _feedback = tutorial.feedback
    if _feedback is None:
        _out = mo.md("*Make a move: the answer to it appears here.*")
    else:
        _body = mo.md(linked(_feedback.markdown(), RULES, GLOSSARY)).text
        _out = mo.callout(
            mo.Html(f'<div class="learn-feedback" data-kind="{_feedback.kind}">{_body}</div>'),
            kind=CALLOUT_KINDS[_feedback.kind],
        )
    feedback_view = _out
    return (feedback_view,)


if __name__ == "__main__":
    app.run()
