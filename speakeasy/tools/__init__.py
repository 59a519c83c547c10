"""Shared tools every game uses; they import only :mod:`speakeasy.core`.

==================  ==========================================================================
module              what
==================  ==========================================================================
``errors``          :class:`DataError`, the one error for bad shipped or user data
``paths``           where the shipped data lives
``toml``            reading TOML with positions for errors
``text``            engine strings in Markdown or HTML; plurals
``rules_index``     a rules reference's index (IDs, sections, one-line summaries)
``citations``       citing rules in explanations
``lookup``          looking rules up by ID or words
``rule_links``      links from rule IDs to the rules page
``exercises``       exercises whose answers an engine computes
``batch``           many seeded bot games of any game on every core (one API)
``svg_figure``      a plotly figure drawn as plain SVG
``board_widget``    a map that answers clicks (anywidget)
``svg_board``       the SVG map widget
``decision_panel``  the decision panel and the table session
``page_address``    a play table kept in the page's address (a reload reopens it)
``seated``          undo/redo to a person's own decision
``inputs``          server-side checks of widget values
``exercise_cards``  exercises as cards in a notebook
``tutorial``        guided lessons: prepared positions, judged moves, progress in a link
==================  ==========================================================================
"""
