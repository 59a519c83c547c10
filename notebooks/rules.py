import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="The rules of the games")


@app.cell(hide_code=True)
def _():
    import marimo as mo

    from speakeasy.app.rules_page import (
        area_of,
        find_entry,
        find_rules,
        find_terms,
        game_of,
        glossaries,
        rule_areas,
        rule_page,
        rule_sets,
        term_entries,
        term_rules,
    )
    from speakeasy.tools.citations import markdown_escape
    from speakeasy.tools.inputs import checked_choice, checked_text
    from speakeasy.tools.rule_links import link_rules

    return (
        area_of,
        checked_choice,
        checked_text,
        find_entry,
        find_rules,
        find_terms,
        game_of,
        glossaries,
        link_rules,
        markdown_escape,
        mo,
        rule_areas,
        rule_page,
        rule_sets,
        term_entries,
        term_rules,
    )


@app.cell(hide_code=True)
def _(mo, rule_sets):
    _speakeasy, *_others = rule_sets()
    _counts = _speakeasy.index().counts()
    _more = "; ".join(f"{len(r.index())} of {r.title}" for r in _others)
    mo.md(f"""
    # The rules of the games, in our own words

    Every rule of the game has an ID, and every answer in these notebooks cites the rules
    behind it (`R-TRUCK-7`). This page lists all {sum(_counts.values())} of them, each in one
    line of this project's own words: {_counts["rule"]} rules, {_counts["example"]} worked
    examples of the rulebook (`E1`–`E23`), {_counts["board fact"]} facts about the board
    (`GEO-n`), the gaps where the rulebook says nothing and the default this project assumes
    (`GAP-n`), and the places where the translations disagree (`DISC-n`). The rules of the
    other games are here too ({_more}: `MC-…` rules, `EMC-n` examples), each entry labelled
    with its game.

    **Search** by words or by ID, or **browse** an area; pick a rule to see the notebooks and
    the prepared positions (scenarios) that show it. A rule ID in any notebook's explanation
    opens its entry here. The **glossary** of each game explains its words; a search finds a
    word by any of its names ("jail" finds the Cell), and a linked word in the notebooks
    opens it here.
    """)
    return


@app.cell(hide_code=True)
def _(area_of, find_entry, mo, rule_areas):
    # A link such as /rules/?id=R-TRUCK-7 opens that rule (an unknown ID is ignored).
    _asked = mo.query_params().get("id")
    _asked = _asked[0] if isinstance(_asked, list) and _asked else _asked
    _asked = _asked.strip().upper() if isinstance(_asked, str) and len(_asked) <= 40 else ""
    asked = _asked if find_entry(_asked) is not None else None
    _areas = ["Every area", *rule_areas()]
    search_box = mo.ui.text(
        value="",
        placeholder="R-TRUCK-7, MC-HAT-3, or words: casino income, hitman",
        label="**Search**",
        full_width=True,
        debounce=True,
    )
    area_picker = mo.ui.dropdown(
        _areas,
        value=area_of(find_entry(asked)) if asked else "Every area",
        label="**Area**",
        searchable=True,
    )
    mo.hstack([search_box, area_picker], widths=[2, 1], align="end", gap=1)
    return area_picker, asked, search_box


@app.cell(hide_code=True)
def _(area_picker, checked_choice, checked_text, find_rules, find_terms, rule_areas, search_box):
    # a browser can post any value: the area must be one of the list, the text is kept short
    _area = checked_choice(area_picker.value, list(rule_areas()), None)
    _query = checked_text(search_box.value, 200).strip()
    matches = find_rules(_query, area=_area, synonyms=True)
    term_matches = find_terms(_query)
    return matches, term_matches


@app.cell(hide_code=True)
def _(mo, term_entries):
    # A link such as /rules/?term=mayor opens that word of the glossary (unknown: ignored).
    _asked = mo.query_params().get("term")
    _asked = _asked[0] if isinstance(_asked, list) and _asked else _asked
    _asked = _asked.strip() if isinstance(_asked, str) and len(_asked) <= 60 else ""
    asked_terms = term_entries(_asked) if _asked else []
    return (asked_terms,)


@app.cell(hide_code=True)
def _(asked_terms, glossaries, markdown_escape, mo, term_matches, term_rules):
    def _term_line(entry):  # links within this page: ?term=... (also when served on its own)
        return (
            f'- <a href="?term={entry.slug}">{markdown_escape(entry.term)}</a> '
            f"<small>({markdown_escape(entry.game)})</small> "
            f"{markdown_escape(entry.definition)}"
        )

    def _term_card(entry):
        _also = ", ".join(markdown_escape(a) for a in entry.aliases)
        _rules = "\n".join(
            f'- <a href="?id={r.id}">{r.id}</a> {markdown_escape(r.summary)}'
            for r in term_rules(entry)
        )
        _parts = [
            f"### {markdown_escape(entry.term)}",
            f"<small>{markdown_escape(entry.game)} · glossary"
            + (f" · also: {_also}" if _also else "")
            + "</small>",
            f"**{markdown_escape(entry.definition)}**",
            "**The rules behind it:**",
            _rules,
        ]
        _body = mo.md("\n\n".join(_parts)).text
        return mo.callout(
            mo.Html(f'<div class="glossary-term" data-term="{entry.slug}">{_body}</div>'),
            kind="success",
        )

    _blocks = [_term_card(e) for e in asked_terms]
    if term_matches:
        _n = len(term_matches)
        _blocks.append(
            mo.md(
                f"#### Glossary: {_n} {'word' if _n == 1 else 'words'}\n\n"
                + "\n".join(_term_line(e) for e in term_matches[:8])
                + (f"\n\n*… and {_n - 8} more: add a word.*" if _n > 8 else "")
            )
        )
    else:
        # each glossary is drawn when it is opened (a callable for mo.lazy): drawn for every
        # visitor, its Markdown took about 1 s of the server's time at each page opening. The
        # names it needs are bound now: marimo renames a cell's private names, so the cell's
        # `_term_line` is not found by name once the cell has run.
        _blocks.append(
            mo.accordion(
                {
                    f"Glossary of {g.game} ({len(g)} words)": (
                        lambda words=g, line=_term_line: mo.md("\n".join(line(e) for e in words))
                    )
                    for g in glossaries()
                },
                lazy=True,
            )
        )
    mo.vstack(_blocks, gap=0.6)
    return


@app.cell(hide_code=True)
def _(asked, game_of, matches, mo):
    def _label(entry):
        text = entry.summary if len(entry.summary) <= 70 else entry.summary[:69] + "…"
        return f"{entry.id} ({game_of(entry)}) — {text}"

    _options = {_label(e): e.id for e in matches}
    _ids = list(_options.values())
    _start = asked if asked in _ids else (_ids[0] if _ids else None)
    rule_picker = mo.ui.dropdown(
        _options,
        value=next((k for k, v in _options.items() if v == _start), None),
        label="**Rule**",
        searchable=True,
        full_width=True,
    )
    return (rule_picker,)


@app.cell(hide_code=True)
def _(checked_choice, matches, mo, rule_picker):
    # The open rule goes into the page's address: a reload or a shared link shows it again.
    _open = checked_choice(rule_picker.value, [e.id for e in matches], None)
    if _open and mo.query_params().get("id") != _open:
        mo.query_params().set("id", _open)
    return


@app.cell(hide_code=True)
def _(checked_choice, link_rules, markdown_escape, matches, mo, rule_page, rule_picker, rule_sets):
    def _notebook_line(link):
        return f'<a href="{link.path}" target="_blank">{markdown_escape(link.title)}</a>'

    def _scenario_line(link):
        question = f" *{markdown_escape(link.question)}*" if link.question else ""
        return f"- **{markdown_escape(link.title)}**{question}"

    if not matches:
        _detail = mo.callout(
            mo.md("No rule matches this search in this area: try fewer words or every area."),
            kind="warn",
        )
    elif checked_choice(rule_picker.value, [e.id for e in matches], None) is None:
        _detail = mo.md("*Pick a rule above.*")
    else:
        _page = rule_page(rule_picker.value)
        _entry = _page.entry
        _parts = [
            f"### {_entry.id}",
            f"**{link_rules(markdown_escape(_entry.summary), page='', rules=rule_sets())}**",
            f"<small>{markdown_escape(_page.game)} · {_entry.kind.capitalize()} · "
            f"{markdown_escape(_page.area)} · section {_entry.section.split(' ', 1)[0]} of "
            f"the rules reference</small>",
        ]
        if _entry.descriptive:
            _parts.append(
                f"*Describes the game rather than a move to check: "
                f"{link_rules(markdown_escape(_entry.descriptive), page='', rules=rule_sets())}.*"
            )
        _parts.append(
            "**Shown in:** " + " · ".join(_notebook_line(n) for n in _page.notebooks)
            if _page.notebooks
            else "*No notebook is about this entry in particular.*"
        )
        if _page.scenarios:
            _parts.append("**Prepared positions (scenarios) that show it:**")
            _parts.append("\n".join(_scenario_line(s) for s in _page.scenarios))
        _detail = mo.callout(mo.md("\n\n".join(_parts)), kind="info")
    mo.vstack([rule_picker, _detail], gap=0.6)
    return


@app.cell(hide_code=True)
def _(area_of, game_of, link_rules, markdown_escape, matches, mo, rule_sets):
    LIMIT = 120
    _rows = []
    _area = None
    for _entry in matches[:LIMIT]:
        if area_of(_entry) != _area:
            _area = area_of(_entry)
            _rows.append(f"\n**{markdown_escape(_area)}**\n")
        _rows.append(  # links within this page: ?id=... (also when served on its own)
            f'- <a href="?id={_entry.id}">{_entry.id}</a> '
            f"<small>({markdown_escape(game_of(_entry))})</small> "
            + link_rules(markdown_escape(_entry.summary), page="", rules=rule_sets())
        )
    if len(matches) > LIMIT:
        _rows.append(f"\n*… and {len(matches) - LIMIT} more: narrow the search or pick an area.*")
    mo.vstack(
        [
            mo.md(f"#### {len(matches)} {'entry' if len(matches) == 1 else 'entries'}"),
            mo.md("\n".join(_rows)),
        ]
    )
    return


@app.cell
def _(find_rules, find_terms, rule_page, term_entries):
    def test_every_entry_can_be_found_by_its_id():
        for entry in find_rules():
            assert [e.id for e in find_rules(entry.id.lower())] == [entry.id]

    def test_a_rule_page_links_the_notebooks_that_show_it():
        page = rule_page("r-control-5")
        assert page.entry.id == "R-CONTROL-5"
        assert "control" in [n.slug for n in page.notebooks]

    def test_a_glossary_word_is_found_by_a_synonym():
        assert next(e.term for e in find_terms("jail")) == "Cell"
        assert find_rules("harbor") == []
        assert "MC-HARBOUR-1" in [e.id for e in find_rules("harbor", synonyms=True)]
        assert [e.game for e in term_entries("mayor")] == ["Mafia City"]

    return


if __name__ == "__main__":
    app.run()
