import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Speakeasy · area control")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy.games.speakeasy.figures.control_figure import control_figure
    from speakeasy.games.speakeasy.figures.truck_explorer import clicked_district
    from speakeasy.games.speakeasy.studies.control import (
        CASE_TEXT,
        Edit,
        EditKind,
        Exploration,
        IllegalEdit,
        best_rows,
        control_exercises,
        district_contents,
        flip_rows,
        flips,
        headline,
        linked_start,
        single_edits,
        starting_positions,
        study_control,
        who,
    )
    from speakeasy.games.speakeasy.studies.positions import POSITION_KEY, Position
    from speakeasy.tools.citations import markdown_escape
    from speakeasy.tools.exercise_cards import answer_boxes, exercise_cards
    from speakeasy.tools.text import linked

    # the widest the map's column gets (its figure is drawn for this width)
    MAP_MAX_PX = 780
    return (
        CASE_TEXT,
        MAP_MAX_PX,
        answer_boxes,
        exercise_cards,
        Edit,
        EditKind,
        Exploration,
        IllegalEdit,
        best_rows,
        clicked_district,
        control_exercises,
        control_figure,
        district_contents,
        flip_rows,
        flips,
        headline,
        linked,
        linked_start,
        markdown_escape,
        mo,
        POSITION_KEY,
        Position,
        single_edits,
        starting_positions,
        study_control,
        who,
    )


@app.cell(hide_code=True)
def _(linked, mo):
    mo.md(
        linked(r"""
    # Area control: who runs each district, and what would change it?

    At the end of Acts 1, 2 and 3 every district is checked in number order (R-CONTROL-2)
    and the first of these steps that applies decides who controls it:

    1. **A mafioso protects a building there** → the owner of the best *protected* building
       (R-CONTROL-3).
    2. **No police and no mafioso** → the owner of the best building (R-CONTROL-4).
    3. **No player building operates, but a gangster bar stands there** → the gangsters
       (R-CONTROL-5).
    4. Otherwise **nobody** (R-CONTROL-6).

    "Best" follows the hierarchy mafioso › casino › nightclub › bar › distillery › gangster
    bar, and each player counts only their single best building that *operates*: a police
    figure stops every unprotected building (R-CONTROL-7, R-GOLDEN-1). Ties share control.
    Every controller moves up one space on that area's track, and the tracks then pay by rank
    (R-CONTROL-8, R-PAYOUT-2..5).

    Pick a position, then **click a district on the map** (or choose it below) and change it
    with the buttons: every change is checked, so an impossible position is refused with the
    rule it breaks, and *Undo* takes it back.
    """)
    )
    return


@app.cell(hide_code=True)
def _(POSITION_KEY, linked_start, markdown_escape, mo, starting_positions):
    # a position linked from a game (the coach's "explore" links: ?at=…) comes first, chosen
    _linked = linked_start(mo.query_params().get(POSITION_KEY))
    starts = starting_positions()
    if _linked.key is not None and _linked.label is not None:
        starts = {_linked.label: _linked.key, **starts}
    start_picker = mo.ui.dropdown(
        starts,
        value=_linked.label
        or next(label for label, key in starts.items() if key.startswith("scenario:e04")),
        label="**Start from**",
    )
    mo.vstack(
        [mo.callout(mo.md(markdown_escape(_linked.refusal)), kind="warn"), start_picker]
        if _linked.refusal
        else [start_picker]
    )
    return (start_picker,)


@app.cell(hide_code=True)
def _(mo):
    # The edits made so far, keyed by the start they were made on; the selected district;
    # the last refused edit, keyed the same way (a refusal on another start is not shown).
    get_history, set_history = mo.state(("", None))
    get_selected, set_selected = mo.state(12)
    get_problem, set_problem = mo.state(None)
    return (
        get_history,
        get_problem,
        get_selected,
        set_history,
        set_problem,
        set_selected,
    )


@app.cell(hide_code=True)
def _(Exploration, Position, get_history, get_selected, start_picker, study_control):
    start_key = start_picker.value
    _kept = get_history()
    exploration = _kept[1] if _kept[0] == start_key else Exploration(Position.load(start_key))
    position = exploration.current
    study = study_control(position.state, position.board)
    selected = get_selected() if get_selected() in position.state.districts else 1
    return exploration, position, selected, start_key, study


@app.cell(hide_code=True)
def _(get_selected, mo, set_selected, study):
    _labels = {
        f"District {c.district} ({study.area_of(c.district).title})": c.district
        for c in study.controls
    }
    district_picker = mo.ui.dropdown(
        _labels,
        value=next(
            (label for label, n in _labels.items() if n == get_selected()),
            next(iter(_labels)),
        ),
        label="**District**",
        on_change=set_selected,
    )
    return (district_picker,)


@app.cell(hide_code=True)
def _(IllegalEdit, set_history, set_problem, start_key):
    def make_edit(exploration, edit):
        """Make ``edit`` on the exploration, or show why it is refused."""
        try:
            changed = exploration.apply(edit)
        except IllegalEdit as err:
            set_problem((start_key, str(err)))
            return
        set_problem(None)
        set_history((start_key, changed))

    def undo(exploration):
        set_problem(None)
        set_history((start_key, exploration.undo()))

    def reset(exploration):
        set_problem(None)
        set_history((start_key, type(exploration)(exploration.start)))

    def problem_on(problem, start):
        """The last refusal's reason if it was refused on ``start`` (a refusal on the start
        picked before is stale), else ``None``."""
        return problem[1] if problem is not None and problem[0] == start else None

    return make_edit, problem_on, reset, undo


@app.cell(hide_code=True)
def _(
    Edit,
    EditKind,
    exploration,
    make_edit,
    mo,
    position,
    reset,
    selected,
    single_edits,
    undo,
):
    _district = position.state.districts[selected]
    police_button = mo.ui.button(
        label="Remove the police figure" if _district.police else "Add a police figure",
        on_click=lambda _: make_edit(
            exploration,
            Edit.remove_police(selected) if _district.police else Edit.add_police(selected),
        ),
    )
    add_bar_button = mo.ui.button(
        label="Add a gangster bar",
        on_click=lambda _: make_edit(exploration, Edit.add_gangster_bar(selected)),
    )
    remove_bar_button = mo.ui.button(
        label="Remove a gangster bar",
        disabled=not any(s.gangster_bar for s in _district.spaces),
        on_click=lambda _: make_edit(exploration, Edit.remove_gangster_bar(selected)),
    )
    _building_edits = {
        e.short: e
        for e in single_edits(position, selected)
        if e.kind
        in (
            EditKind.ADD_BUILDING,
            EditKind.REMOVE_BUILDING,
            EditKind.PROTECT,
            EditKind.UNPROTECT,
        )
    }
    # no label beside it: the long changes would squeeze one to a syllable a line (1280×800);
    # the side panel names it on a line of its own
    building_picker = mo.ui.dropdown(
        _building_edits,
        value=next(iter(_building_edits)),
        full_width=True,
    )
    apply_button = mo.ui.button(
        label="Apply",
        on_click=lambda _: make_edit(exploration, building_picker.value),
    )
    undo_button = mo.ui.button(
        label="↶ Undo",
        disabled=not exploration.steps,
        on_click=lambda _: undo(exploration),
    )
    reset_button = mo.ui.button(
        label="Back to the start",
        disabled=not exploration.steps,
        on_click=lambda _: reset(exploration),
    )
    return (
        add_bar_button,
        apply_button,
        building_picker,
        police_button,
        remove_bar_button,
        reset_button,
        undo_button,
    )


@app.cell(hide_code=True)
def _(
    MAP_MAX_PX,
    clicked_district,
    control_figure,
    exploration,
    mo,
    position,
    selected,
    set_selected,
    study,
):
    # drawn for the map's column, which is never wider than MAP_MAX_PX (below): markers are
    # sized in pixels, so a map stretched wider would push the building spaces out of their
    # districts (1920×1080)
    figure = control_figure(
        position, selected, previous=exploration.previous, study=study, fit_width=MAP_MAX_PX
    )
    _ = figure.update_layout(meta={**figure.layout.meta, "edits": len(exploration.steps)})

    def _on_click(points):
        district = clicked_district(points or [], figure)
        if district is not None:
            set_selected(district)

    board_map = mo.ui.plotly(
        figure,
        config={"displayModeBar": False, "responsive": True},
        on_change=_on_click,
    )
    return (board_map,)


@app.cell(hide_code=True)
def _(
    CASE_TEXT,
    best_rows,
    district_contents,
    flips,
    headline,
    linked,
    markdown_escape,
    position,
    selected,
    study,
):
    control = study.control(selected)
    found = flips(position, selected)
    _area = study.area_of(selected).title
    _headline = headline(control)
    verdict = linked(
        f"**{_headline[0].upper()}{_headline[1:]}** ({_area}): {CASE_TEXT[control.case]} "
        f"({control.rule}).\n\n" + markdown_escape(control.reason)
    )
    contents = markdown_escape(district_contents(position.state, selected))
    control_rows = best_rows(control)
    control_table = (
        linked("*Each player's best operating building counts (R-CONTROL-7):*\n\n| ")
        + " | ".join(control_rows[0])
        + " |\n|"
        + "---|" * len(control_rows[0])
        + "\n"
        + "\n".join("| " + " | ".join(str(v) for v in r.values()) + " |" for r in control_rows)
        if control_rows
        else ""
    )
    return contents, control, control_rows, control_table, found, verdict


@app.cell(hide_code=True)
def _(
    MAP_MAX_PX,
    add_bar_button,
    apply_button,
    board_map,
    building_picker,
    contents,
    control,
    control_rows,
    control_table,
    district_picker,
    exploration,
    get_problem,
    markdown_escape,
    mo,
    police_button,
    problem_on,
    remove_bar_button,
    reset_button,
    start_key,
    undo_button,
    verdict,
):
    _kind = "success" if control.players else "danger" if control.gangsters else "neutral"
    _problem = problem_on(get_problem(), start_key)
    _history = "; ".join(
        f"{i}. {markdown_escape(e.label)}" for i, e in enumerate(exploration.edits, start=1)
    )
    _side = mo.vstack(
        [
            district_picker,
            mo.callout(mo.md(verdict), kind=_kind),
            mo.md(f"**In the district:** {contents}"),
            mo.md(control_table) if control_rows else mo.md("*No player building here.*"),
            mo.md("**Change it**"),
            mo.hstack(
                [police_button, add_bar_button, remove_bar_button],
                justify="start",
                gap=0.5,
                wrap=True,
            ),
            mo.md("**A building:** choose a change, then *Apply*"),
            building_picker,
            apply_button,
            mo.callout(mo.md(markdown_escape(_problem)), kind="warn") if _problem else mo.md(""),
            mo.hstack([undo_button, reset_button], justify="start", gap=0.5),
            mo.md(f"**Edits so far:** {_history or 'none yet'}"),
        ],
        gap=0.6,
    )
    _map = mo.vstack(
        [
            board_map,
            mo.md(
                "<small>Under each district: a circle in the colour of each player who "
                "controls it, a dark red diamond when the gangsters do. The selected district "
                "is outlined in gold; the one just changed is ringed in orange. The tracks "
                "under the map show the markers where they stand now.</small>"
            ),
        ],
        gap=0.2,
    )
    # min-width 0: a long option in the side column must not squeeze the map (1280×800); the
    # map's column stops at the width its figure is drawn for (the side column takes the rest)
    mo.Html(
        '<div style="display:flex;gap:1.2rem;align-items:flex-start">'
        f'<div class="se-control-map" style="flex:2.1 1 0;min-width:0;max-width:{MAP_MAX_PX}px">'
        f"{_map}</div>"
        '<div class="se-control-side" style="flex:1 1 0;min-width:16rem;'
        f'overflow-wrap:break-word">{_side}</div>'
        "</div>"
    )
    return


@app.cell(hide_code=True)
def _(mo):
    # hidden until asked for: the list answers an exercise, and a class guesses first
    show_flips = mo.ui.switch(label="Show them")
    return (show_flips,)


@app.cell(hide_code=True)
def _(flip_rows, found, linked, markdown_escape, mo, selected, show_flips):
    _items = "\n".join(
        f"- **{markdown_escape(row['change'])}** → {markdown_escape(row['then'])} "
        + linked(f"({row['decided by']}): {markdown_escape(row['why'])}.")
        for row in flip_rows(found)
    )
    _shown = show_flips.value is True  # a page can post any value
    mo.vstack(
        [
            mo.md(
                f"### What single change would flip district {selected}?\n\n"
                "Every change of one piece in this district that is possible here and changes "
                "who controls it; changes that keep the same controller are left out. Guess "
                "first, then show them."
            ),
            show_flips,
            mo.md(_items or "*No single change flips this district: it takes two or more.*")
            if _shown
            else mo.md(""),
        ],
        gap=0.5,
    )
    return


@app.cell(hide_code=True)
def _(linked, mo, study):
    def _table(rows):
        return mo.ui.table(
            rows,
            selection=None,
            pagination=False,
            show_column_summaries=False,
            show_data_types=False,
            show_download=False,
            show_search=False,
            label="",
        )

    mo.vstack(
        [
            mo.md(
                linked(
                    "### The three area-control tracks\n\n"
                    "A control check puts every marker back on the bottom space (R-CONTROL-1), "
                    "then moves each controller up one space per district it controls, the "
                    "gangsters included (R-CONTROL-8). Each cell reads *now → after the check*, "
                    "with the districts that count; the tracks under the map show *now*."
                )
            ),
            _table(study.track_rows()),
            mo.md(
                linked(
                    "### The payout after that check\n\n"
                    "Your rank is the number of markers on your space or higher, yours and the "
                    "gangsters' included; tied players take the lowest tied place, the gangsters "
                    "are never paid, and a marker on the bottom space earns nothing "
                    "(R-PAYOUT-2..4). The money goes into the safe. Only some table values are "
                    "printed in the rulebook (R-PAYOUT-5); the others are assumed (GAP-11)."
                )
            ),
            _table(study.payout_rows()),
            mo.md("### Every district"),
            _table(study.district_rows()),
        ],
        gap=0.6,
    )
    return


@app.cell(hide_code=True)
def _(answer_boxes, control_exercises):
    exercises = control_exercises()
    answers = answer_boxes([exercise for _, exercise in exercises])
    return answers, exercises


@app.cell(hide_code=True)
def _(answers, exercise_cards, exercises, starting_positions):
    _names = {key: label for label, key in starting_positions().items()}
    exercise_cards(
        [exercise for _, exercise in exercises],
        answers,
        notes=[f"Position: {_names.get(key, key)}" for key, _ in exercises],
        intro="## Exercises\n\n"
        "Work them out from the rules, then check your answer; the expected answers are "
        "computed by the engine. Load the named position above to explore it.",
    )
    return


@app.cell
def _(Edit, Position, study_control, who):
    def test_removing_the_police_in_e4_hands_district_12_to_yellow():
        start = Position.load("scenario:e04_police_casino_district_12")
        assert who(study_control(start.state, start.board).control(12)) == "the gangsters"
        after = Edit.remove_police(12).apply(start)
        assert who(study_control(after.state, after.board).control(12)) == "Yellow"
        assert start.state.districts[12].police

    def test_every_exercise_is_answered_by_its_own_expected_answer():
        from speakeasy.games.speakeasy.studies.control import control_exercises

        for _, exercise in control_exercises():
            assert exercise.check(exercise.answer_text).correct

    return


if __name__ == "__main__":
    app.run()
