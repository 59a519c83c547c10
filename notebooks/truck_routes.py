import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Speakeasy · truck routes")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy import load_board
    from speakeasy.games.speakeasy.figures.truck_explorer import (
        MAX_RANGE_CRATES,
        ExplorerSettings,
        build_view,
        clicked_district,
        distance_key_html,
        district_label,
        district_options,
    )
    from speakeasy.tools.text import linked

    return (
        linked,
        ExplorerSettings,
        MAX_RANGE_CRATES,
        build_view,
        clicked_district,
        distance_key_html,
        district_label,
        district_options,
        load_board,
        mo,
    )


@app.cell(hide_code=True)
def _(linked, mo):
    mo.md(
        linked(r"""
    # Truck routes

    When you play a fleet card you pick up barrels and deliver them with your trucks. Before
    committing, the question is always the same: *which districts can my trucks get to this
    turn, and which way do they drive?*

    Every move takes a truck from one district to a neighbouring one and uses one movement
    point (R-TRUCK-7). A truck has as many points as its **range**: your fleet level, plus 2 if
    the fleet card you played shows the +2 range reward, plus 2 when the action comes from the
    Garage's left person, plus 1 for each "truck range +1" crate you own (R-TRUCK-2). Districts
    that only touch at a corner are not neighbours, and nothing drives across Central Park
    (R-TRUCK-8), so some districts that look close are further away than they seem.

    Choose a start and a destination below, or click a district on the map. The map shades
    every district within range by the number of moves it needs and draws all the shortest
    routes to the destination.
    """)
    )
    return


@app.cell(hide_code=True)
def _(district_options, load_board):
    board = load_board()
    options = district_options(board)
    return board, options


@app.cell(hide_code=True)
def _(mo):
    # The start and the destination can be set from a dropdown or by a click on the map.
    get_start, set_start = mo.state(4)
    get_destination, set_destination = mo.state(12)
    return get_destination, get_start, set_destination, set_start


@app.cell(hide_code=True)
def _(board, district_label, get_start, mo, options, set_start):
    start_picker = mo.ui.dropdown(
        options,
        value=district_label(board, get_start()),
        label="**Start district**",
        on_change=set_start,
    )
    return (start_picker,)


@app.cell(hide_code=True)
def _(board, district_label, get_destination, mo, options, set_destination):
    destination_picker = mo.ui.dropdown(
        options,
        value=district_label(board, get_destination()),
        label="**Destination**",
        on_change=set_destination,
    )
    return (destination_picker,)


@app.cell(hide_code=True)
def _(MAX_RANGE_CRATES, mo):
    fleet_level = mo.ui.slider(1, 5, value=3, show_value=True, label="**Fleet level**")
    fleet_card = mo.ui.checkbox(label="Fleet card with the +2 range reward (R-CARD-8)")
    garage_left = mo.ui.checkbox(label="Action from the Garage's left person, +2 (R-LOC-GARAGE-2)")
    range_crates = mo.ui.slider(
        0,
        MAX_RANGE_CRATES,
        value=0,
        show_value=True,
        label="Range crates, +1 each (R-CRATE-9/10)",
    )
    click_sets = mo.ui.radio(
        options=["start", "destination"],
        value="start",
        inline=True,
        label="A click on the map sets the",
    )
    return click_sets, fleet_card, fleet_level, garage_left, range_crates


@app.cell(hide_code=True)
def _(
    click_sets,
    destination_picker,
    fleet_card,
    fleet_level,
    garage_left,
    mo,
    range_crates,
    start_picker,
):
    mo.hstack(
        [
            mo.vstack([start_picker, destination_picker, click_sets], gap=0.75),
            mo.vstack([fleet_level, fleet_card, garage_left, range_crates], gap=0.5),
        ],
        justify="start",
        gap=3,
        align="start",
    )
    return


@app.cell(hide_code=True)
def _(
    ExplorerSettings,
    MAX_RANGE_CRATES,
    board,
    build_view,
    checked_int,
    fleet_card,
    fleet_level,
    garage_left,
    get_destination,
    get_start,
    range_crates,
):
    view = build_view(
        board,
        ExplorerSettings(
            start=get_start(),
            destination=get_destination(),
            # a browser can post any value for a widget: held to the sliders' bounds here
            fleet_level=checked_int(fleet_level.value, 1, 5, default=3),
            fleet_card_bonus=fleet_card.value is True,
            garage_left=garage_left.value is True,
            range_crates=checked_int(range_crates.value, 0, MAX_RANGE_CRATES, default=0),
        ),
    )
    return (view,)


@app.cell(hide_code=True)
def _(click_sets, clicked_district, mo, set_destination, set_start, view):
    def _on_click(points):
        district = clicked_district(points, view.figure)
        if district is None:
            return
        if click_sets.value == "destination":
            set_destination(district)
        else:
            set_start(district)

    board_map = mo.ui.plotly(
        view.figure,
        config={"displayModeBar": False, "responsive": True},
        on_change=_on_click,
    )
    return (board_map,)


@app.cell(hide_code=True)
def _(board_map, distance_key_html, mo, view):
    _destination = view.settings.destination
    _verdict = "within reach" if view.destination_reachable else "out of reach"
    side_panel = mo.vstack(
        [
            mo.md(
                f"### Range {view.truck_range.total}\n\n"
                f'<span style="color:#555">{view.range_text}</span>\n\n'
                f"**Trucks:** {view.trucks_text}"
            ),
            mo.Html(distance_key_html(view)),
            mo.callout(
                mo.md(f"**To district {_destination}: {_verdict}**\n\n{view.explanation}"),
                kind="success" if view.destination_reachable else "warn",
            ),
        ],
        gap=0.75,
    )
    mo.hstack([board_map, side_panel], widths=[3, 1.3], align="start", gap=1.5)
    return


@app.cell(hide_code=True)
def _(linked, mo, view):
    mo.vstack(
        [
            mo.md(
                linked(
                    f"### Distances from district {view.settings.start}\n\n"
                    "Moves are the fewest truck moves needed (R-TRUCK-7); *shortest routes* counts "
                    "the different ways of doing it in that many moves."
                )
            ),
            mo.ui.table(
                [dict(row) for row in view.rows],
                selection=None,
                pagination=False,
                show_column_summaries=False,
                show_data_types=False,
                show_download=False,
                show_search=False,
                label="",
            ),
        ]
    )
    return


@app.cell(hide_code=True)
def _(linked, mo):
    mo.md(
        linked(r"""
    ## On a real position: the best delivery, step by step

    Now take a whole position: a shipped scenario, a game played by bots, or your own saved
    game or scenario file. The planner finds the best pick-up-and-deliver action for a player:
    the most barrels delivered, then the highest sale value, then the least money spent on
    ships (R-TRUCK-1..14). The position opens with the player it is about. The plan stays
    hidden until you reveal it, so guess first: how many barrels can this player deliver?
    Then move the step slider to watch it happen: barrels loaded at the distillery
    (R-TRUCK-10), bought from a ship (R-TRUCK-11) which then sails on to the next free port
    (R-TRUCK-12), and delivered one per building (R-TRUCK-13).

    Try it yourself too: **click districts on the map** to drive a truck, starting where it
    stands (a truck still on your board may enter anywhere, R-TRUCK-4). Your route is driven
    at its best and, once the plan is revealed, compared with the planner's.
    """)
    )
    return


@app.cell(hide_code=True)
def _():
    from speakeasy import IllegalAction
    from speakeasy.games.speakeasy.studies.positions import position_game, subject_colour
    from speakeasy.games.speakeasy.studies.route_study import extend_route
    from speakeasy.games.speakeasy.table.route_planner import (
        RANGE_BONUSES,
        load_upload,
        planner_view,
        position_options,
    )
    from speakeasy.tools.citations import markdown_escape
    from speakeasy.tools.exercise_cards import answer_boxes, exercise_cards
    from speakeasy.tools.inputs import checked_int

    return (
        IllegalAction,
        RANGE_BONUSES,
        answer_boxes,
        checked_int,
        exercise_cards,
        extend_route,
        markdown_escape,
        load_upload,
        planner_view,
        position_game,
        position_options,
        subject_colour,
    )


@app.cell(hide_code=True)
def _(mo, position_options):
    positions = position_options()
    position_picker = mo.ui.dropdown(
        positions,
        value=next(label for label, key in positions.items() if key.startswith("bot:")),
        label="**Position**",
    )
    upload = mo.ui.file(
        filetypes=[".json", ".toml"], label="or load a saved game / scenario", kind="button"
    )
    mo.hstack([position_picker, upload], justify="start", gap=2, align="start")
    return position_picker, upload


@app.cell(hide_code=True)
def _(load_upload, markdown_escape, mo, position_game, position_picker, upload):
    load_problem = None
    if upload.value:
        _file = upload.value[0]
        try:
            game = load_upload(_file.name, _file.contents)
            position_key = f"upload:{_file.name}"
        except ValueError as _err:  # the file's name and the reason are shown as plain text
            _why = markdown_escape(str(_err))
            load_problem = f"Could not load {markdown_escape(_file.name)}: {_why}"
            game = position_game(position_picker.value)
            position_key = position_picker.value
    else:
        game = position_game(position_picker.value)
        position_key = position_picker.value
    mo.callout(mo.md(load_problem), kind="danger") if load_problem else None
    return game, position_key


@app.cell(hide_code=True)
def _(RANGE_BONUSES, game, mo, subject_colour):
    # the position opens with the player it is about (its question's, or whose turn it is)
    player_picker = mo.ui.dropdown(
        {c.value.title(): c.value for c in game.colours},
        value=subject_colour(game).value.title(),
        label="**Player**",
    )
    action_picker = mo.ui.dropdown(
        list(RANGE_BONUSES), value=next(iter(RANGE_BONUSES)), label="**The action is**"
    )
    truck_picker = mo.ui.radio(
        {"truck 1": 0, "truck 2": 1}, value="truck 1", inline=True, label="Your route drives"
    )
    mo.hstack([player_picker, action_picker, truck_picker], justify="start", gap=2)
    return action_picker, player_picker, truck_picker


@app.cell(hide_code=True)
def _(mo):
    # The reader's route, keyed by what it was built for; "best" or "yours" in view.
    get_route, set_route = mo.state(("", ()))
    get_showing, set_showing = mo.state("best")
    get_refusal, set_refusal = mo.state(None)
    # the positions (with player and action) whose best plan the reader has asked to see:
    # until then it stays hidden, so that a class can guess first
    get_revealed, set_revealed = mo.state(frozenset())
    return (
        get_refusal,
        get_revealed,
        get_route,
        get_showing,
        set_refusal,
        set_revealed,
        set_route,
        set_showing,
    )


@app.cell(hide_code=True)
def _(action_picker, mo, player_picker, position_key, set_revealed):
    # apart from the cell that reads the state: marimo does not re-run the cell whose
    # element's callback set it
    reveal_key = f"{position_key}|{player_picker.value}|{action_picker.value}"
    reveal_button = mo.ui.button(
        label="Reveal the planner's best plan",
        kind="warn",
        on_click=lambda _: set_revealed(lambda keys: keys | {reveal_key}),
    )
    return reveal_button, reveal_key


@app.cell(hide_code=True)
def _(get_revealed, reveal_key):
    revealed = reveal_key in get_revealed()
    return (revealed,)


@app.cell(hide_code=True)
def _(
    RANGE_BONUSES,
    action_picker,
    game,
    get_route,
    planner_view,
    player_picker,
    position_key,
    truck_picker,
):
    route_key = f"{position_key}|{player_picker.value}|{truck_picker.value}"
    my_route = get_route()[1] if get_route()[0] == route_key else ()
    plan_view = planner_view(
        game,
        player_picker.value,
        RANGE_BONUSES[action_picker.value],
        truck=truck_picker.value,
        route=my_route,
    )
    return my_route, plan_view, route_key


@app.cell(hide_code=True)
def _(get_showing, mo, plan_view, revealed, set_showing):
    # before the best plan is revealed only the reader's own route is shown
    showing = get_showing() if revealed else "yours"
    showing_picker = mo.ui.radio(
        {"the best plan": "best", "your route": "yours"},
        value="the best plan" if showing == "best" else "your route",
        inline=True,
        label="Show",
        on_change=set_showing,
    )
    _count = len(plan_view.walkthrough(showing))
    step_slider = mo.ui.slider(
        0, max(_count - 1, 0), value=max(_count - 1, 0), show_value=True, label="**Step**"
    )
    return showing, showing_picker, step_slider


@app.cell(hide_code=True)
def _(
    IllegalAction,
    clicked_district,
    extend_route,
    mo,
    my_route,
    plan_view,
    route_key,
    set_refusal,
    set_route,
    set_showing,
    showing,
    step_slider,
    checked_int,
):
    _last = max(len(plan_view.walkthrough(showing)) - 1, 0)
    shown_step = checked_int(step_slider.value, 0, _last, default=_last)
    planner_figure = plan_view.figure(shown_step, showing)

    def _on_plan_click(points):
        district = clicked_district(points or [], planner_figure)
        if district is None:
            return
        try:
            route = extend_route(
                plan_view.game,
                plan_view.colour,
                plan_view.truck,
                list(my_route),
                district,
                plan_view.truck_range,
            )
        except IllegalAction as err:
            set_refusal(f"District {district} refused: {err.reason} ({err.rule}).")
            return
        set_refusal(None)
        set_route((route_key, tuple(route)))
        set_showing("yours")

    planner_map = mo.ui.plotly(
        planner_figure,
        config={"displayModeBar": False, "responsive": True},
        on_change=_on_plan_click,
    )
    undo_button = mo.ui.button(
        label="↶ Remove the last district",
        disabled=not my_route,
        on_click=lambda _: set_route((route_key, tuple(my_route[:-1]))),
    )
    clear_button = mo.ui.button(
        label="✕ Clear my route",
        disabled=not my_route,
        on_click=lambda _: (set_route((route_key, ())), set_showing("best")),
    )
    return clear_button, planner_map, shown_step, undo_button


@app.cell(hide_code=True)
def _(
    clear_button,
    get_refusal,
    markdown_escape,
    mo,
    my_route,
    plan_view,
    planner_map,
    reveal_button,
    revealed,
    showing,
    showing_picker,
    shown_step,
    step_slider,
    undo_button,
):
    _route_text = " → ".join(str(d) for d in my_route) or "none yet"
    _rows = plan_view.rows(revealed=revealed)
    _left = mo.vstack(
        [
            mo.md(f"**Range {plan_view.truck_range}**: {markdown_escape(plan_view.range_text)}."),
            mo.md(plan_view.step_text(shown_step, showing)),
            mo.md(f"**Your route:** {_route_text}"),
            mo.callout(mo.md(markdown_escape(get_refusal())), kind="warn")
            if get_refusal()
            else mo.md(""),
        ],
        gap=0.6,
    )
    _right = mo.vstack(
        [
            mo.callout(
                mo.md(markdown_escape(plan_view.verdict(revealed=revealed))),
                kind="success"
                if revealed
                and plan_view.yours
                and plan_view.yours.objective == plan_view.plan.objective
                else "info",
            ),
            mo.ui.table(
                _rows,
                selection=None,
                pagination=False,
                show_column_summaries=False,
                show_data_types=False,
                show_download=False,
                show_search=False,
                label="",
            )
            if _rows
            else mo.md(""),
            mo.md(
                "**The best plan:** "
                + markdown_escape(plan_view.plan.describe()).replace("\n", "  \n")
            )
            if revealed
            else mo.md(
                "*The planner's best plan stays hidden until you reveal it: guess first, or "
                "drive your own route.*"
            ),
        ],
        gap=0.6,
    )
    mo.vstack(
        [
            mo.hstack(
                [
                    showing_picker if revealed else reveal_button,
                    step_slider,
                    undo_button,
                    clear_button,
                ],
                justify="start",
                gap=1.5,
                align="center",
            ),
            planner_map,
            mo.hstack([_left, _right], widths=[1, 1.3], align="start", gap=1.5),
        ],
        gap=0.75,
    )
    return


@app.cell(hide_code=True)
def _(answer_boxes, plan_view):
    truck_questions = plan_view.exercises
    truck_answers = answer_boxes(truck_questions)
    return truck_answers, truck_questions


@app.cell(hide_code=True)
def _(exercise_cards, truck_answers, truck_questions):
    exercise_cards(
        truck_questions,
        truck_answers,
        intro="## Exercises\n\n"
        "About the position, player and action chosen above: work each one out from the "
        "rules before you reveal the planner's plan, then type your answer. The expected "
        "answers come from the planner and the board.",
    )
    return


@app.cell
def _(ExplorerSettings, board, build_view, clicked_district):
    def test_changing_the_start_changes_map_table_and_explanation():
        before = build_view(board, ExplorerSettings(start=4, destination=12, fleet_level=3))
        after = build_view(board, ExplorerSettings(start=13, destination=12, fleet_level=3))
        assert before.reachable != after.reachable
        assert before.rows != after.rows
        assert before.explanation != after.explanation
        assert before.figure.layout.meta["start"] == 4
        assert after.figure.layout.meta["start"] == 13

    def test_a_click_on_a_district_marker_names_that_district():
        view = build_view(board, ExplorerSettings(start=4, destination=12))
        names = [trace.name for trace in view.figure.data]
        curve = names.index("districts")
        index = list(view.figure.data[curve].customdata).index(15)
        point = {"curveNumber": curve, "pointIndex": index, "x": 7.2, "y": 2.3}
        assert clicked_district([point], view.figure) == 15
        assert clicked_district([], view.figure) is None

    def test_central_park_is_explained_when_it_blocks_the_way():
        view = build_view(board, ExplorerSettings(start=13, destination=14, fleet_level=2))
        assert not view.destination_reachable
        assert "Central Park" in view.explanation
        assert "R-TRUCK-8" in view.explanation

    return


if __name__ == "__main__":
    app.run()
