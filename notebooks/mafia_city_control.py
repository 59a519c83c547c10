import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Mafia City · control explorer")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy.games import load as load_game
    from speakeasy.games.mafia_city.figures.control_figure import control_map as mc_control_map
    from speakeasy.games.mafia_city.figures.control_figure import (
        mayor_order_figure as mc_mayor_order_figure,
    )
    from speakeasy.games.mafia_city.studies.control import CHANGE_KINDS as MC_CHANGE_KINDS
    from speakeasy.games.mafia_city.studies.control import POSITION_KEY as MC_POSITION_KEY
    from speakeasy.games.mafia_city.studies.control import best_orders as mc_best_orders
    from speakeasy.games.mafia_city.studies.control import control_exercises as mc_control_exercises
    from speakeasy.games.mafia_city.studies.control import control_table as mc_control_table
    from speakeasy.games.mafia_city.studies.control import edit_position as mc_edit_position
    from speakeasy.games.mafia_city.studies.control import example_position as mc_example_position
    from speakeasy.games.mafia_city.studies.control import example_titles as mc_example_titles
    from speakeasy.games.mafia_city.studies.control import flips as mc_flips
    from speakeasy.games.mafia_city.studies.control import linked_position as mc_linked_position
    from speakeasy.games.mafia_city.studies.control import mayor_orders as mc_mayor_orders
    from speakeasy.games.mafia_city.studies.control import number_order as mc_number_order
    from speakeasy.games.mafia_city.studies.control import order_outcomes as mc_order_outcomes
    from speakeasy.games.mafia_city.studies.control import parse_tokens as mc_parse_tokens
    from speakeasy.games.mafia_city.studies.control import position as mc_position
    from speakeasy.games.mafia_city.studies.control import sample_position as mc_sample_position
    from speakeasy.tools.citations import markdown_escape
    from speakeasy.tools.exercise_cards import answer_boxes, exercise_cards
    from speakeasy.tools.inputs import checked_choice, checked_int, checked_text
    from speakeasy.tools.text import linked

    # Mafia City's rule IDs link to the rules page through the game's own rules (descriptor)
    MC_RULES = load_game("mafia-city").rules

    return (
        MC_CHANGE_KINDS,
        MC_POSITION_KEY,
        MC_RULES,
        answer_boxes,
        checked_choice,
        checked_int,
        checked_text,
        exercise_cards,
        linked,
        markdown_escape,
        mc_best_orders,
        mc_control_exercises,
        mc_control_map,
        mc_control_table,
        mc_edit_position,
        mc_example_position,
        mc_example_titles,
        mc_flips,
        mc_linked_position,
        mc_mayor_order_figure,
        mc_mayor_orders,
        mc_number_order,
        mc_order_outcomes,
        mc_parse_tokens,
        mc_position,
        mc_sample_position,
        mo,
    )


@app.cell(hide_code=True)
def _(MC_RULES, linked, mo):
    mo.md(
        linked(
            r"""
    # Mafia City: who controls each location, and what would change it?

    In phase II every location is evaluated once; its controller gains 1 VP and may use its
    effect (MC-LOC-2, MC-CTRL-7). A player's **count** is their tokens in the stack, plus any
    Secret Deals they play at that moment; tokens in the Cell never count (MC-CTRL-1).

    * **Standard rule** (Prison, Harbour, Police Station, Business District, Private Club): the
      highest count controls; on a tie, the tied player whose lowest token is lowest (who got
      there first) controls (MC-CTRL-3, MC-MAP-6).
    * **Sole majority** (Fight Club, City Hall): only a count strictly above everyone else's
      controls; a tie means nobody (MC-CTRL-5).
    * An empty stack has no controller (MC-CTRL-2); a tied player whose count comes only from
      Secret Deals loses to one with a token in the stack (MC-CTRL-4, assumed, GAP-MC-12).

    Start from a position, then **type the stacks** (colours, bottom to top), the Cell and the
    figures below: the map, the deciding rule of each location, every single change that would
    flip one, and the evaluation order follow at once: number order while nobody holds the
    Mayor (MC-LOC-3), or every order its holder could choose.
    """,
            MC_RULES,
        )
    )
    return


@app.cell(hide_code=True)
def _(MC_POSITION_KEY, markdown_escape, mc_example_titles, mc_linked_position, mo):
    # a position linked from a game (the coach's "explore" links: ?at=…) comes first, chosen
    linked_game = mc_linked_position(mo.query_params().get(MC_POSITION_KEY))
    start_players = mo.ui.dropdown(["3", "4", "5"], value="4", label="**Players**")
    start_seed = mo.ui.number(start=0, stop=999, step=1, value=1, label="**Seed**")
    _kinds = {
        "a bot game at the end of phase I": "sample",
        "an empty map": "empty",
        "a worked example": "example",
    }
    if linked_game.state is not None and linked_game.title is not None:
        _kinds = {linked_game.title: "linked", **_kinds}
    start_kind = mo.ui.radio(  # a radio, not a dropdown: a dropdown cut the longer choice
        _kinds,
        value=next(iter(_kinds)),
        label="**Start from**",
        inline=True,
    )
    # the shipped positions (EMC-1 ... EMC-23, data/mafia_city/positions/), by title
    example_names = mc_example_titles()
    start_example = mo.ui.dropdown(
        {title: name for name, title in example_names.items()},
        value=next(iter(example_names.values())),
        label="**Worked example** (players and seed as it says)",
    )
    _refusal = (
        [mo.callout(mo.md(markdown_escape(linked_game.refusal)), kind="warn")]
        if linked_game.refusal
        else []
    )
    mo.vstack(
        [
            *_refusal,
            mo.hstack([start_kind, start_players, start_seed], justify="start", gap=2, wrap=True),
            start_example,
        ]
    )
    return example_names, linked_game, start_example, start_kind, start_players, start_seed


@app.cell(hide_code=True)
def _(
    checked_choice,
    checked_int,
    example_names,
    linked_game,
    mc_example_position,
    mc_position,
    mc_sample_position,
    start_example,
    start_kind,
    start_players,
    start_seed,
):
    # widget values are checked here: a browser can post anything (speakeasy.tools.inputs)
    players = int(checked_choice(start_players.value, ["3", "4", "5"], "4"))
    seed = checked_int(start_seed.value, 0, 999, default=1)
    _kinds = ["sample", "empty", "example"]
    if linked_game.state is not None:
        _kinds.append("linked")
    kind = checked_choice(start_kind.value, _kinds, "sample")
    example = checked_choice(start_example.value, list(example_names), next(iter(example_names)))
    if kind == "linked" and linked_game.state is not None:
        base = mc_position(linked_game.state)
    elif kind == "example":
        base = mc_example_position(example)
    elif kind == "sample":
        base = mc_sample_position(players=players, seed=seed)
    else:
        base = mc_position(players=players, seed=seed)
    return (base,)


@app.cell(hide_code=True)
def _(base, mc_control_table, mo):
    _names = {r.location: r.name for r in mc_control_table(base)}
    stack_boxes = mo.ui.dictionary(
        {
            str(loc): mo.ui.text(
                value=", ".join(base.stacks[loc]), label=f"[{loc}] {name}", full_width=True
            )
            for loc, name in _names.items()
        }
    )
    cell_box = mo.ui.text(
        value=", ".join(owner for owner, _ in base.cell),
        label="**The Cell** (its tokens never count)",
        full_width=True,
    )
    hitman_picker = mo.ui.dropdown(
        {f"[{loc}] {name}": str(loc) for loc, name in _names.items()},
        value=f"[{base.hitman}] {_names[base.hitman]}",
        label="**Hitman** on",
    )
    _holders = ["nobody (home)", *base.players]
    officer_picker = mo.ui.dropdown(
        _holders, value=base.officer or "nobody (home)", label="**Police Officer** held by"
    )
    mayor_picker = mo.ui.dropdown(
        _holders, value=base.mayor or "nobody (home)", label="**Mayor** held by"
    )
    deal_location = mo.ui.dropdown(
        {"none": "0", **{f"[{loc}] {name}": str(loc) for loc, name in _names.items()}},
        value="none",
        label="**Secret Deals** at",
    )
    deal_counts = mo.ui.dictionary(
        {
            p: mo.ui.number(start=0, stop=5, step=1, value=0, label=p, full_width=False)
            for p in base.players
        }
    )
    mo.vstack(
        [
            mo.md(
                "**Stacks**, bottom to top, as colours ("
                + ", ".join(base.players)
                + "); tokens of other colours are left out"
            ),
            mo.hstack(
                [
                    mo.vstack([stack_boxes[str(loc)] for loc in (1, 2, 3, 4)]),
                    mo.vstack([stack_boxes[str(loc)] for loc in (5, 6, 7)]),
                ],
                widths=[1, 1],
                gap=2,
                align="start",
            ),
            cell_box,
            mo.hstack([hitman_picker, officer_picker, mayor_picker], justify="start", gap=2),
            mo.hstack(
                [
                    deal_location,
                    mo.md("and how many Secret Deal cards each player plays there:"),
                ],
                justify="start",
                align="center",
                gap=1,
                wrap=True,
            ),
            mo.hstack(
                [deal_counts[p] for p in base.players],
                justify="start",
                align="center",
                gap=0.5,
                wrap=True,
            ),
        ],
        gap=0.8,
    )
    return (
        cell_box,
        deal_counts,
        deal_location,
        hitman_picker,
        mayor_picker,
        officer_picker,
        stack_boxes,
    )


@app.cell(hide_code=True)
def _(
    MC_RULES,
    base,
    cell_box,
    checked_choice,
    checked_int,
    checked_text,
    deal_counts,
    deal_location,
    hitman_picker,
    linked,
    mayor_picker,
    mc_edit_position,
    mc_parse_tokens,
    mo,
    officer_picker,
    stack_boxes,
):
    _problems = []
    _stacks = {}
    for _key, _text in stack_boxes.value.items():
        _loc = checked_int(_key, 1, 7)
        _owners, _bad = mc_parse_tokens(checked_text(_text, 400), base.players)
        _stacks[_loc] = _owners
        _problems += [f"Location {_loc}: {b}" for b in _bad]
    _cell, _bad = mc_parse_tokens(checked_text(cell_box.value, 400), base.players)
    _problems += [f"The Cell: {b}" for b in _bad]
    _holders = list(base.players)
    position, _more = mc_edit_position(
        base,
        _stacks,
        _cell,
        hitman=checked_int(hitman_picker.value, 1, 7, default=base.hitman),
        officer=checked_choice(officer_picker.value, _holders, None),
        mayor=checked_choice(mayor_picker.value, _holders, None),
    )
    _problems += _more
    _at = checked_int(deal_location.value, 0, 7, default=0)
    bonus = (
        {
            _at: {
                p: checked_int(n, 0, 5, default=0)
                for p, n in deal_counts.value.items()
                if p in base.players and checked_int(n, 0, 5, default=0)
            }
        }
        if _at
        else {}
    )
    if bonus and not position.stacks[_at]:
        _problems.append("Secret Deals need a token in the stack to matter (MC-SECRET-7)")
    mo.callout(
        mo.md(linked("  \n".join(f"* {p}" for p in _problems), MC_RULES)), kind="warn"
    ) if _problems else None
    return bonus, position


@app.cell(hide_code=True)
def _(MC_RULES, bonus, linked, markdown_escape, mc_control_map, mc_control_table, mo, position):
    rows = mc_control_table(position, bonus)

    def _counts(row):
        return ", ".join(f"{p} {n}" for p, n in row.counts.items()) or "–"

    _table = "\n".join(
        [
            "| Location | Stack (bottom → top) | Counts | Controller | Decided by |",
            "|---|---|---|---|---|",
            *(
                f"| [{r.location}] {r.name} | {markdown_escape(', '.join(r.stack)) or '–'} | "
                f"{markdown_escape(_counts(r))} | **{r.controller or 'nobody'}** | "
                f"{markdown_escape(r.decided_by)} "
                f'<span style="white-space: nowrap">({r.rule})</span> |'
                for r in rows
            ),
        ]
    )
    control_map = mc_control_map(position, rows, height=520)
    mo.vstack(
        [
            mo.md("## Who controls what"),
            mo.hstack(
                [mo.ui.plotly(control_map), mo.md(linked(_table, MC_RULES))],
                widths=[1, 1],
                align="center",
            ),
        ]
    )
    return control_map, rows


@app.cell(hide_code=True)
def _(mo, rows):
    flip_filter = mo.ui.dropdown(
        {"every location": "0", **{f"[{r.location}] {r.name}": str(r.location) for r in rows}},
        value="every location",
        label="**Flips at**",
    )
    return (flip_filter,)


@app.cell(hide_code=True)
def _(
    MC_CHANGE_KINDS,
    bonus,
    checked_int,
    flip_filter,
    mc_flips,
    mo,
    position,
    rows,
):
    found = mc_flips(position, bonus)
    _names = {r.location: r.name for r in rows}
    _at = checked_int(flip_filter.value, 0, 7, default=0)
    _shown = [f for f in found if not _at or f.location == _at]
    _flip_rows = [
        {
            "change": f.change.text,
            "location": f"[{f.location}] {_names[f.location]}",
            "before": f.before or "nobody",
            "after": f.after or "nobody",
            "decided by": f"{f.decided_by} ({f.rule})",
        }
        for f in _shown
    ]
    _kinds = "\n".join(f"* **{k}**: {text}" for k, text in MC_CHANGE_KINDS.items())
    mo.vstack(
        [
            mo.md(
                f"## Single changes that flip a location\n\n"
                f"{len(found)} single changes flip a location's control. Every single change "
                f"is tried:\n\n{_kinds}"
            ),
            flip_filter,
            mo.ui.table(_flip_rows, selection=None, page_size=10)
            if _flip_rows
            else mo.md("*No single change flips this location.*"),
        ]
    )
    return (found,)


@app.cell(hide_code=True)
def _(
    MC_RULES,
    linked,
    mc_best_orders,
    mc_mayor_order_figure,
    mc_mayor_orders,
    mc_number_order,
    mc_order_outcomes,
    mo,
    position,
    rows,
):
    # one source of truth: the Mayor's holder is the editor's "Mayor held by" (position.mayor)
    holder = position.mayor
    _players = list(position.players)
    _names = {r.location: r.name for r in rows}
    _key = ", ".join(f"{loc} {name}" for loc, name in _names.items())

    def _order(order):
        return " → ".join(f"{loc}" for loc in order)

    def _vp_table(score):
        return "\n".join(
            [
                "| " + " | ".join(_players) + " |",
                "|" + "---|" * len(_players),
                "| " + " | ".join(str(score.vp[p]) for p in _players) + " |",
            ]
        )

    if holder is None:
        scores, best, outcomes = [], {}, []
        in_number_order = mc_number_order(position)
        _jailed = (
            f" The Prison's controller jails a token of {', '.join(in_number_order.jailed)}."
            if in_number_order.jailed
            else ""
        )
        # paragraphs joined, not an indented block: the table's lines must start the line
        mayor_text = "\n\n".join(
            [
                "## The Mayor's evaluation order",
                "**Nobody holds the Mayor**: it stands on City Hall, so the locations are "
                f"evaluated in number order, {_order(in_number_order.order)}, and nobody "
                "chooses (MC-LOC-3); City Hall comes last (MC-HALL-5). "
                f"Locations: {_key}.",
                "**VP gained in this phase II in number order**, played by the engine's own "
                "phase II on a copy of this position in which nobody plays a card (hands are "
                f"hidden, MC-INFO-1).{_jailed}",
                _vp_table(in_number_order),
                "To explore the orders a holder could choose, pick a player for **Mayor held "
                "by** in the position editor above.",
            ]
        )
        _shown = [mo.md(linked(mayor_text, MC_RULES))]
    else:
        in_number_order = None
        scores = mc_mayor_orders(position, holder)
        best = mc_best_orders(scores)
        outcomes = mc_order_outcomes(scores)

        def _sequence(score):
            if score.followed:
                return "played in that order"
            return " → ".join(
                f"{loc}" + ("" if who == holder else f" ({who or 'number order'})")
                for loc, who in score.sequence
            )

        _best = "\n".join(
            [
                "| Player | Most VP | Orders giving it | First such order | Order actually "
                "played |",
                "|---|---|---|---|---|",
                *(
                    f"| {p} | {best[p].vp[p]} | "
                    f"{sum(s.vp[p] == best[p].vp[p] for s in scores)} | "
                    f"{_order(best[p].order)} | {_sequence(best[p])} |"
                    for p in _players
                ),
            ]
        )
        _outcomes = "\n".join(
            [
                "| " + " | ".join(_players) + " | Orders | For example |",
                "|" + "---|" * (len(_players) + 2),
                *(
                    "| "
                    + " | ".join(str(vp[p]) for p in _players)
                    + f" | {n} | {_order(example.order)} |"
                    for vp, n, example in outcomes[:12]
                ),
            ]
        )
        mayor_text = f"""
    ## The Mayor's evaluation order

    **{holder} holds the Mayor** (as set in the position editor above: **Mayor held by**), so
    {holder} chooses the order of the seven locations in phase II (MC-LOC-3, MC-HALL-3). Each
    of the {len(scores)} orders is played by the engine's own phase II on a copy of this
    position: nobody plays a card (hands are hidden, MC-INFO-1); the Prison's controller jails
    the token that wins it the most locations still to come (MC-PRISON-5); whoever takes City
    Hall chooses the rest, and a tie there sends the Mayor home so that number order takes
    over (MC-HALL-4, MC-LOC-4). Locations: {_key}. Set **Mayor held by** to nobody (home)
    to see the number order played when the Mayor stands on City Hall.
    """
        _shown = [
            mo.md(linked(mayor_text, MC_RULES)),
            mo.md(f"**Best order per player** (VP gained in this phase II)\n\n{_best}"),
            mo.hstack(
                [
                    mo.md(
                        f"**The {len(outcomes)} different outcomes** "
                        f"(VP per player; most frequent first)\n\n{_outcomes}"
                    ),
                    mo.ui.plotly(mc_mayor_order_figure(scores)),
                ],
                widths=[1, 1],
                align="start",
            ),
        ]
    mo.vstack(_shown, gap=0.8)
    return best, holder, in_number_order, mayor_text, outcomes, scores


@app.cell(hide_code=True)
def _(answer_boxes, mc_control_exercises, position):
    exercises = mc_control_exercises(position)
    answers = answer_boxes(exercises)
    return answers, exercises


@app.cell(hide_code=True)
def _(answers, exercise_cards, exercises):
    exercise_cards(
        exercises,
        answers,
        intro="## Exercises\n\nAbout the stacks of the position above (without the Secret "
        "Deals set there); the engine computes every answer.",
    )
    return


@app.cell
def _(mc_control_table, mc_flips, mc_mayor_orders, mc_number_order, mc_position):
    def test_emc8_red_controls_harbour_by_stack_order():
        st = mc_position(players=3)
        st.stacks[2] = ["red", "blue", "green", "blue", "red"]
        row = mc_control_table(st)[1]
        assert (row.controller, row.rule, row.decided_by) == ("red", "MC-CTRL-3", "stack order")

    def test_a_red_token_at_a_tied_city_hall_flips_it_to_red():
        st = mc_position(players=3)
        st.stacks[7] = ["red", "blue"]
        assert any(
            f.location == 7 and f.change.kind == "add" and f.after == "red" for f in mc_flips(st)
        )

    def test_prison_first_is_the_best_order_for_its_controller():
        st = mc_position(players=3)
        st.stacks[1], st.stacks[2] = ["red"], ["blue", "red"]
        best = max(mc_mayor_orders(st, "red"), key=lambda s: s.vp["red"])
        assert best.vp["red"] == 2 and best.order.index(1) < best.order.index(2)

    def test_with_the_mayor_on_city_hall_the_locations_go_in_number_order():
        st = mc_position(players=3)
        st.stacks[1], st.stacks[2] = ["red"], ["blue", "red"]
        score = mc_number_order(st)
        assert [loc for loc, _ in score.sequence] == [1, 2, 3, 4, 5, 6, 7]
        assert all(who is None for _, who in score.sequence) and score.vp["red"] == 2

    return


if __name__ == "__main__":
    app.run()
