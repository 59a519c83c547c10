import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Speakeasy · gang war")


@app.cell(hide_code=True)
def _():
    import marimo as mo
    import plotly.graph_objects as go

    from speakeasy.games.speakeasy.figures.game_figure import game_figure
    from speakeasy.games.speakeasy.figures.truck_explorer import clicked_district
    from speakeasy.games.speakeasy.studies.analysis import catalog_of
    from speakeasy.games.speakeasy.studies.gang_war import (
        DEFAULT_WAR_POSITION,
        act_options,
        building_label,
        chance_text,
        default_building,
        default_war_act,
        load_war_position,
        study_building,
        war_buildings,
        war_exercises,
        war_positions,
    )
    from speakeasy.games.speakeasy.studies.positions import POSITION_KEY, linked_start
    from speakeasy.tools.citations import markdown_escape
    from speakeasy.tools.exercise_cards import answer_boxes, exercise_cards
    from speakeasy.tools.rules_index import load_rules_index
    from speakeasy.tools.text import linked, md_text, plural

    return (
        plural,
        linked,
        linked_start,
        markdown_escape,
        POSITION_KEY,
        DEFAULT_WAR_POSITION,
        answer_boxes,
        exercise_cards,
        act_options,
        building_label,
        catalog_of,
        chance_text,
        clicked_district,
        default_building,
        default_war_act,
        game_figure,
        go,
        load_rules_index,
        load_war_position,
        md_text,
        mo,
        study_building,
        war_buildings,
        war_exercises,
        war_positions,
    )


@app.cell(hide_code=True)
def _(linked, mo):
    mo.md(
        linked(r"""
    # Gang war: will it hold?

    At the end of Acts 1, 2 and 3 a new gangster arrives in every district with a face-down
    gangster district token and attacks each player building there (R-GANGWAR-2). The tile is
    drawn unseen from that act's deck: B in Act 1, C in Act 2, D in Act 3 (R-GANGWAR-1). It
    attacks with its **war strength**, strength plus war modifier (R-GANGWAR-6). The owner
    defends each building on its own with their strength, lasting bonuses, goons returned
    (+1 each) and, for a fee, their partner's strength; the building holds when the defence
    reaches the war strength (R-GANGWAR-7, R-COMBAT-2..5).

    Choose a position, then a building (from the list or by clicking a district on the map)
    and the act. Predict first, then reveal: the chance the building survives, and a table of
    every tile of that act's deck, whether the building can hold and the cheapest way to do
    it; the chance assumes the district's tile is drawn at random from the tiles still in the
    deck.
    """)
    )
    return


@app.cell(hide_code=True)
def _(DEFAULT_WAR_POSITION, POSITION_KEY, linked_start, markdown_escape, mo, war_positions):
    # a position linked from a game (the coach's "explore" links: ?at=…) comes first, chosen
    _linked = linked_start(mo.query_params().get(POSITION_KEY))
    positions = war_positions()
    if _linked.key is not None and _linked.label is not None:
        positions = {_linked.label: _linked.key, **positions}
    position_picker = mo.ui.dropdown(
        positions,
        value=_linked.label
        or next(
            (label for label, key in positions.items() if key == DEFAULT_WAR_POSITION),
            next(iter(positions)),
        ),
        label="**Position**",
    )
    link_refusal = (
        mo.callout(mo.md(markdown_escape(_linked.refusal)), kind="warn")
        if _linked.refusal
        else None
    )
    return link_refusal, position_picker


@app.cell(hide_code=True)
def _(default_building, load_war_position, position_picker, war_buildings):
    position_key = position_picker.value
    game = load_war_position(position_key)
    buildings = war_buildings(game)
    first_pick = default_building(game)
    return buildings, first_pick, game, position_key


@app.cell(hide_code=True)
def _(mo):
    # The chosen building, keyed by the position it belongs to: (position, district, space).
    get_pick, set_pick = mo.state(("", 0, 0))
    get_notice, set_notice = mo.state("")
    # the (position, building, act) whose outcome the reader has asked to see: until then it
    # stays hidden, so that a class can predict first
    get_revealed, set_revealed = mo.state(frozenset())
    return get_notice, get_pick, get_revealed, set_notice, set_pick, set_revealed


@app.cell(hide_code=True)
def _(buildings, first_pick, get_pick, position_key):
    _pick = get_pick()
    _spots = [(d, s) for d, s, _ in buildings]
    selected = (_pick[1], _pick[2]) if _pick[0] == position_key else first_pick
    if selected not in _spots:
        selected = first_pick
    return (selected,)


@app.cell(hide_code=True)
def _(
    act_options,
    building_label,
    buildings,
    default_war_act,
    game,
    mo,
    position_key,
    position_picker,
    selected,
    set_notice,
    set_pick,
):
    mo.stop(
        selected is None,
        mo.vstack(
            [
                position_picker,
                mo.callout(
                    mo.md(
                        "This position has no player building on the map yet: no gang war "
                        "can reach one. Choose another position."
                    ),
                    kind="warn",
                ),
            ]
        ),
    )
    _labels = {building_label(d, s, b): f"{d}:{s}" for d, s, b in buildings}

    def _choose(value):
        district, space = (int(part) for part in value.split(":"))
        set_notice("")
        set_pick((position_key, district, space))

    building_picker = mo.ui.dropdown(
        _labels,
        value=next(
            label for label, key in _labels.items() if key == f"{selected[0]}:{selected[1]}"
        ),
        label="**Building**",
        on_change=_choose,
    )
    _acts = act_options(game)
    _act = default_war_act(game, selected[0])
    act_picker = mo.ui.radio(
        _acts,
        value=next(label for label, act in _acts.items() if act == _act),
        inline=True,
        label="**Gang war of**",
    )
    return act_picker, building_picker


@app.cell(hide_code=True)
def _(act_picker, building_picker, link_refusal, mo, position_picker):
    _pickers = mo.hstack(
        [position_picker, building_picker, act_picker], justify="start", gap=2, wrap=True
    )
    mo.vstack([link_refusal, _pickers]) if link_refusal is not None else _pickers
    return


@app.cell(hide_code=True)
def _(act_picker, game, selected, study_building):
    study = study_building(game, selected[0], selected[1], act_picker.value)
    return (study,)


@app.cell(hide_code=True)
def _(mo, position_key, set_revealed, study):
    # apart from the cell that reads the state: marimo does not re-run the cell whose
    # element's callback set it
    reveal_key = (position_key, study.district, study.space, study.act)
    reveal_button = mo.ui.button(
        label="Reveal: will it hold?",
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
    buildings,
    catalog_of,
    clicked_district,
    game,
    game_figure,
    mo,
    position_key,
    set_notice,
    set_pick,
    study,
):
    war_map = game_figure(
        game.state,
        game.board,
        catalog=catalog_of(game),
        highlight=[study.district],
        title=f"Click a district to study its buildings · now: {study.title}",
        height=520,
        fit_width=720,  # its column of a "medium" page: no tile spills over another
    )

    def _on_click(points):
        district = clicked_district(points or [], war_map)
        if district is None:
            return
        spaces = [s for d, s, _ in buildings if d == district]
        if not spaces:
            set_notice(f"District {district} has no player building to study.")
            return
        set_notice("")
        set_pick((position_key, district, spaces[0]))

    board_map = mo.ui.plotly(
        war_map,
        config={"displayModeBar": False, "responsive": True},
        on_change=_on_click,
    )
    return (board_map,)


@app.cell(hide_code=True)
def _(
    board_map,
    chance_text,
    get_notice,
    linked,
    md_text,
    mo,
    plural,
    reveal_button,
    revealed,
    study,
):
    _survival = study.survival
    if not revealed:
        _verdict = mo.vstack(
            [
                mo.callout(
                    mo.md(
                        "**Will it hold?** Predict first: which tiles of deck "
                        f"{study.deck} can it hold against, and at what cost? Then reveal."
                    ),
                    kind="neutral",
                ),
                reveal_button,
            ],
            gap=0.4,
        )
    elif _survival is None:
        _verdict = mo.callout(
            mo.md(f"**No tile of deck {study.deck} can come any more.**"), kind="neutral"
        )
    else:
        _kind = "success" if _survival == 1 else "danger" if _survival == 0 else "warn"
        _together = study.survival_with_others
        _extra = (
            f"\n\nThat all of {study.colour.value.title()}'s buildings here hold: "
            f"**{chance_text(_together)}**."
            if study.others and _together is not None
            else ""
        )
        _verdict = mo.callout(
            mo.md(
                f"### Chance it survives: {chance_text(_survival)}\n\n"
                f"It holds against {study.hold_count} of the "
                f"{plural(len(study.candidates), 'tile')} "
                f"that can come from deck {study.deck}.{_extra}"
            ),
            kind=_kind,
        )
    _side = mo.vstack(
        [
            mo.md(f"### {md_text(study.title)}"),
            _verdict,
            mo.callout(
                mo.md(
                    f"**Is a war coming?** {md_text(study.schedule.reason, rule_links=True)} "
                    + linked(f"({', '.join(study.schedule.rules)})")
                ),
                kind="info" if study.schedule.attacked else "neutral",
            ),
            mo.md(
                f"Defence without help: **{study.strength + study.permanent}**; with "
                f"everything spent on this building: **{study.best_total}**."
            ),
            mo.callout(mo.md(md_text(get_notice())), kind="warn") if get_notice() else mo.md(""),
        ],
        gap=0.6,
    )
    mo.hstack([board_map, _side], widths=[3, 1.2], align="start", gap=1.2)
    return


@app.cell(hide_code=True)
def _(chance_text, go, study):
    def _tile_chart():
        tiles = study.tiles
        figure = go.Figure(
            go.Bar(
                x=[t.tile.name for t in tiles],
                y=[t.war_strength for t in tiles],
                marker={
                    "color": ["#2e7d32" if t.holds else "#c62828" for t in tiles],
                    "opacity": [1.0 if t.in_deck else 0.35 for t in tiles],
                },
                text=[chance_text(t.probability) if t.in_deck else "gone" for t in tiles],
                textposition="outside",
                hovertext=[t.cheapest_text for t in tiles],
                name="war strength",
            )
        )
        figure.add_hline(
            y=study.best_total,
            line_dash="dash",
            line_color="#1565c0",
            annotation_text=f"best defence {study.best_total}",
            annotation_position="top left",
        )
        figure.add_hline(
            y=study.strength + study.permanent,
            line_dash="dot",
            line_color="#777777",
            annotation_text="without goons or partner",
            annotation_position="bottom left",
        )
        figure.update_layout(
            title=f"Deck {study.deck}: war strength of each tile (green: holds; faded: not "
            "in the deck; label: chance)",
            yaxis={"title": "war strength", "rangemode": "tozero"},
            height=360,
            margin={"l": 50, "r": 20, "t": 60, "b": 40},
            showlegend=False,
            plot_bgcolor="#fafafa",
        )
        return figure

    tile_chart = _tile_chart()
    return (tile_chart,)


@app.cell(hide_code=True)
def _(mo, revealed, study, tile_chart):
    mo.stop(not revealed)
    mo.vstack(
        [
            mo.md(f"### Deck {study.deck}, tile by tile"),
            mo.ui.table(
                study.rows(),
                selection=None,
                pagination=False,
                show_column_summaries=False,
                show_data_types=False,
                show_download=False,
                show_search=False,
                label="",
            ),
            tile_chart,
        ],
        gap=0.6,
    )
    return


@app.cell(hide_code=True)
def _(load_rules_index, md_text, mo, revealed, study):
    mo.stop(not revealed)
    _index = load_rules_index()
    _cited = "\n".join(f"- {md_text(_index.cite(rule), rule_links=True)}" for rule in study.rules)
    mo.vstack(
        [
            mo.md("### Why\n\n" + md_text(study.explanation, rule_links=True)),
            mo.accordion(
                {
                    "Each tile in words": mo.md(
                        "\n".join(f"- {md_text(t.reason, rule_links=True)}" for t in study.tiles)
                    ),
                    "Rules cited": mo.md(_cited),
                }
            ),
        ]
    )
    return


@app.cell(hide_code=True)
def _(answer_boxes, study, war_exercises):
    exercises = war_exercises(study)
    answers = answer_boxes(exercises)
    return answers, exercises


@app.cell(hide_code=True)
def _(answers, exercise_cards, exercises):
    exercise_cards(
        exercises,
        answers,
        intro="## Exercises\n\nAnswers are checked by the engine on the building above; "
        "change the building or the act for new questions.",
    )
    return


if __name__ == "__main__":
    app.run()
