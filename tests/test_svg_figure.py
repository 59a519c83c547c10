"""A plotly figure drawn as SVG (``speakeasy.games.speakeasy.figures.figure_svg``) and the play map
that shows it (``speakeasy.games.speakeasy.table.SvgBoard``), issue 13's "clicks that answer at
once".

The SVG must draw what plotly draws: every point of every visible trace where plotly puts it
(the axes' domains and ranges, a map's equal scales), markup as text styles, hover texts as
tooltips, and the click targets plotly reports (``curveNumber``/``pointIndex``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import plotly.graph_objects as go

from speakeasy.games.speakeasy.figures.game_figure import clicked_place, game_figure
from speakeasy.games.speakeasy.table.play import Table
from speakeasy.games.speakeasy.table.play_panel import table_figure
from speakeasy.tools.svg_board import SvgBoard
from speakeasy.tools.svg_figure import figure_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def _points(svg: str) -> dict[tuple[int, int], ET.Element]:
    """Every click target by (curve, point): a point's ``data-p`` in its layer's ``data-c``."""
    root = ET.fromstring(svg)
    out: dict[tuple[int, int], ET.Element] = {}
    for layer in root.findall("svg:g[@data-c]", NS):
        for element in layer.iter():
            if "data-p" in element.attrib:
                curve, point = int(layer.get("data-c", -1)), int(element.get("data-p", -1))
                out.setdefault((curve, point), element)
    return out


def _xy(element: ET.Element) -> tuple[float, float]:
    if element.tag.endswith("circle"):
        return float(element.get("cx", 0)), float(element.get("cy", 0))
    if element.tag.endswith("rect"):
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        return x + float(element.get("width", 0)) / 2, y + float(element.get("height", 0)) / 2
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", element.get("d", ""))]
    xs, ys = numbers[0::2], numbers[1::2]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def test_every_point_of_the_play_map_is_drawn_and_clickable() -> None:
    table = Table.new({"purple": "human", "blue": "heuristic", "green": "random"}, seed=2)
    table.play_bots()
    figure = table_figure(table)
    svg = figure_svg(figure, width=900)
    ET.fromstring(svg)  # well-formed
    drawn = _points(svg)
    for curve, trace in enumerate(figure["data"]):
        if trace.get("hoverinfo") == "skip" or trace.get("visible") is False:
            continue
        marker = trace.get("marker") or {}
        if "markers" not in str(trace.get("mode")) or marker.get("opacity") == 0:
            continue
        for point, (x, y) in enumerate(
            zip(trace.get("x") or [], trace.get("y") or [], strict=True)
        ):
            if x is not None and y is not None:
                assert (curve, point) in drawn, (trace.get("name"), point)


def test_the_map_keeps_its_proportions_like_plotly() -> None:
    """``scaleanchor``: one data unit is as many pixels across as up (a square tile stays
    square), as plotly draws it."""
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=1)
    figure = table_figure(table)
    names = [t.get("name") for t in figure["data"]]
    districts = figure["data"][names.index("districts")]
    drawn = _points(figure_svg(figure, width=900))
    curve = names.index("districts")
    pixels = [_xy(drawn[(curve, i)]) for i in range(len(districts["x"]))]
    a, b = 0, next(i for i in range(1, len(pixels)) if districts["x"][i] != districts["x"][0])
    c = next(i for i in range(1, len(pixels)) if districts["y"][i] != districts["y"][0])
    per_x = (pixels[b][0] - pixels[a][0]) / (districts["x"][b] - districts["x"][a])
    per_y = (pixels[a][1] - pixels[c][1]) / (districts["y"][c] - districts["y"][a])
    assert abs(per_x - per_y) < 0.01 * per_x, (per_x, per_y)


def test_text_markup_tooltips_and_escaping() -> None:
    fig = go.Figure(
        go.Scatter(
            x=[0, 1],
            y=[0, 1],
            mode="markers+text",
            text=["<b>$5</b> < 6", "a<br>b"],
            hovertext=["costs $5 & more", "two<br>lines"],
        )
    ).update_layout(title="Step 3 · <i>Purple</i>", width=300, height=200)
    svg = figure_svg(fig)
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{NS['svg']}}}text")]
    assert "$5 < 6" in texts[0].replace("costs $5 & more", "")
    assert any(t.startswith("Step 3 · Purple") for t in texts)
    titles = [t.text for t in root.iter(f"{{{NS['svg']}}}title")]
    assert "costs $5 & more" in titles and "two\nlines" in titles
    assert root.find(".//*[@class='gtitle']") is not None
    assert 'font-weight="bold"' in svg and "<script" not in svg


def test_a_skipped_trace_passes_clicks_to_what_lies_under_it() -> None:
    fig = go.Figure(
        [
            go.Scatter(x=[0], y=[0], mode="markers", name="below"),
            go.Scatter(x=[0], y=[0], mode="text", text=["7"], hoverinfo="skip", name="label"),
        ]
    )
    points = _points(figure_svg(fig))
    assert (0, 0) in points and (1, 0) not in points
    assert 'pointer-events="none"' in figure_svg(fig)


def test_a_click_on_the_svg_map_is_read_like_a_plotly_click() -> None:
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=3)
    figure = game_figure(table.game.state, table.game.board).to_dict()
    board = SvgBoard()
    clicks: list[object] = []
    board.on_click = clicks.append
    assert board.show(figure)
    names = [t.get("name") for t in figure["data"]]
    curve = names.index("empty spaces")
    assert board.request({"n": 1, "c": curve, "p": 0})
    assert clicked_place(clicks[-1], board.figure) == (2, 0)  # type: ignore[arg-type]
    assert not board.show(figure), "the same figure is not sent again"
    for bad in ({"c": curve}, {"c": -1, "p": 0}, {"c": curve, "p": True}, "x", None):
        assert not board.request(bad)
    assert len(clicks) == 1


def test_path_shapes_are_drawn_in_data_units() -> None:
    """A plotly ``path`` shape (the Mafia City map's hexes) lands where its data points do."""
    fig = go.Figure(go.Scatter(x=[0, 2], y=[0, 2], mode="markers")).update_layout(
        shapes=[{"type": "path", "path": "M 0,0 L 2,0 L 2,2 Z", "fillcolor": "#eee"}],
        xaxis={"range": [0, 2]},
        yaxis={"range": [0, 2]},
        margin={"l": 0, "r": 0, "t": 0, "b": 0},
        width=200,
        height=200,
    )
    svg = figure_svg(fig)
    assert '<path d="M0,200L200,200L200,0Z" fill="#eee"' in svg


def test_the_next_position_sends_only_the_layers_that_changed() -> None:
    """A decision changes a few traces: the page is sent only those layers, by key, and keeps
    the others; the keys in order and the layers on the page make up the same SVG. A trace
    that appears (the changed districts' outline) does not make the layers after it new."""
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=1)
    board = SvgBoard()
    board.show(table_figure(table))
    assert board.frame["full"] is True  # the first figure: drawn whole
    page = dict(board.frame["layers"])  # what a page holds, layer by layer
    sent = []
    for _ in range(30):
        table.choose(table.game.legal_actions()[0])
        assert board.show(table_figure(table))
        frame = board.frame
        assert frame["full"] is False
        assert set(frame["layers"]) <= set(frame["keys"])
        page.update(frame["layers"])
        rebuilt = "".join(
            _with_curve(page[k], c) for k, c in zip(frame["keys"], frame["curves"], strict=True)
        )
        assert frame["head"] + rebuilt + "</svg>" == board.svg
        # the traces kept from the last drawing draw what a drawing from scratch draws
        assert board.svg == figure_svg(board.figure, width=board.width)
        sent.append(len(frame["layers"]) / len(frame["keys"]))
    assert max(sent) < 1 and sum(sent) / len(sent) < 0.5, sent
    assert not board.show(table_figure(table)), "the same figure is not sent again"


def _with_curve(layer: str, curve: int | None) -> str:
    """A layer the page kept, with the number its trace has now (the page sets ``data-c``)."""
    head, rest = layer.split(">", 1)
    head = re.sub(r' data-c="\d+"', "", head)
    return head + (f' data-c="{curve}"' if curve is not None else "") + ">" + rest


def test_a_page_that_lacks_a_layer_gets_the_whole_map() -> None:
    """The page asks (``need``) when it cannot patch: the next frame is the whole map."""
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=1)
    board = SvgBoard()
    board.show(table_figure(table))
    table.choose(table.game.legal_actions()[0])
    board.show(table_figure(table))
    assert board.frame["full"] is False
    widget = board.widget
    assert widget.frame["full"] is True  # a widget made late starts whole
    widget.need = widget.need + 1
    assert board.frame["full"] is True and widget.frame == board.frame
    assert "".join(board.frame["layers"][k] for k in board.frame["keys"]) in board.svg


def test_a_board_drawn_afresh_after_each_change_is_sent_the_whole_map() -> None:
    """The learn page re-draws the widget after each move (its cell re-runs): ``whole`` sends
    every layer, so that the new view draws the map at once (issue 24 item 8)."""
    table = Table.new({"purple": "human", "blue": "heuristic"}, seed=1)
    board = SvgBoard()
    board.show(table_figure(table), whole=True)
    table.choose(table.game.legal_actions()[0])
    assert board.show(table_figure(table), whole=True)
    frame = board.frame
    assert frame["full"] is True and set(frame["layers"]) == set(frame["keys"])
    assert "".join(frame["layers"][k] for k in frame["keys"]) in board.svg
    assert not board.show(table_figure(table), whole=True), "the same figure is not sent again"
