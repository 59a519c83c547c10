"""A plotly figure drawn as plain SVG, for a board that must answer a click at once.

The figures of this package are plotly figures
(:func:`~speakeasy.games.speakeasy.figures.game_figure` and the others), and every notebook shows
them with plotly. One place cannot afford plotly's drawing: the play table, where each decision
changes a few markers of the map and plotly.js then recomputes and redraws the whole figure (70-150
ms a time in headless Chromium on a 2-core machine, three to five times marimo's own round trip;
``tests/benchmarks/browser_latency.py``).
:func:`figure_svg` draws the same figure, from the same plotly data, as one SVG element the page
only has to parse.

It draws what the board figures use, the way plotly does: scatter traces (``lines``,
``markers``, ``text`` and their combinations; plotly's marker symbols ``circle``, ``square``,
``diamond``, ``star``, ``triangle-*``, ``line-ew`` and their ``-open`` and ``-x`` forms; sizes,
colours, outlines and opacity per point), two or more subplots with their domains and ranges
(``scaleanchor`` kept: a map is not stretched), ``rect``/``circle``/``line``/``path`` shapes,
annotations and the title, with plotly's small text markup (``<b>``, ``<i>``, ``<br>``,
``<span style='color:…'>``). Hover texts become SVG ``<title>`` tooltips. Every marker and
text point carries its index (``data-p``) and sits in its trace's layer, which carries the
trace's number (``data-c``): what plotly's click events report as ``pointIndex`` and
``curveNumber``.

>>> import plotly.graph_objects as go
>>> fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 1], mode="markers+text", text=["a", "<b>$5</b>"],
...                            hovertext=["first", "second"], name="dots"))
>>> svg = figure_svg(fig.update_layout(title="Two dots", width=200, height=100))
>>> svg.startswith("<svg") and svg.count('data-c="0"') == 1 and svg.count(" data-p=") == 4
True
>>> "&#36;5" in svg  # a dollar is drawn as it is
False
>>> "<title>second</title>" in svg and 'class="gtitle"' in svg
True
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["SvgLayers", "figure_svg", "figure_svg_layers", "svg_text"]

DEFAULT_WIDTH: Final = 700
DEFAULT_HEIGHT: Final = 450
FONT: Final = '"Open Sans", verdana, arial, sans-serif'
_MARKUP: Final = re.compile(r"<(/?)(b|i|br|span)(?:\s+style=['\"]color:\s*([^'\";]+)['\"])?\s*/?>")


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return None


def _at(value: Any, index: int, default: Any = None) -> Any:
    """``value[index]`` for a per-point array, ``value`` itself for a scalar."""
    if isinstance(value, (list, tuple)):
        return value[index] if index < len(value) else default
    return default if value is None else value


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------- text with plotly markup
def svg_text(text: str) -> list[str]:
    """``text`` (plotly's markup: ``<b>``, ``<i>``, ``<br>``, ``<span style='color:…'>``) as
    SVG ``tspan`` content, one string per line; any other tag is shown as text.

    >>> svg_text("<b>Park</b><br><i>trucks</i> < 2")
    ['<tspan font-weight="bold">Park</tspan>', '<tspan font-style="italic">trucks</tspan> &lt; 2']
    """
    lines: list[str] = []
    out: list[str] = []
    depth = 0
    last = 0
    for match in _MARKUP.finditer(text):
        out.append(_esc(text[last : match.start()]))
        last = match.end()
        closing, tag, colour = match.group(1), match.group(2), match.group(3)
        if tag == "br":
            out.append("</tspan>" * depth)
            lines.append("".join(out))
            out, depth = [], 0
        elif closing:
            if depth:
                out.append("</tspan>")
                depth -= 1
        else:
            attribute = {
                "b": 'font-weight="bold"',
                "i": 'font-style="italic"',
                "span": f'fill="{_esc(colour)}"' if colour else "",
            }[tag]
            out.append(f"<tspan {attribute}>" if attribute else "<tspan>")
            depth += 1
    out.append(_esc(text[last:]))
    out.append("</tspan>" * depth)
    lines.append("".join(out))
    return lines


# ---------------------------------------------------------------------- axes
@dataclass(frozen=True, slots=True)
class _Axis:
    start: float  # pixel of range[0]
    end: float  # pixel of range[1]
    low: float
    high: float

    def __call__(self, value: float) -> float:
        if self.high == self.low:
            return self.start
        return self.start + (value - self.low) / (self.high - self.low) * (self.end - self.start)


def _axes(layout: Mapping[str, Any], width: float, height: float) -> dict[str, _Axis]:
    margin = {"l": 80, "r": 80, "t": 100, "b": 80, **dict(layout.get("margin") or {})}
    left, top = float(margin["l"]), float(margin["t"])
    plot_w = max(width - left - float(margin["r"]), 1.0)
    plot_h = max(height - top - float(margin["b"]), 1.0)
    names = {k for k in layout if re.fullmatch(r"[xy]axis\d*", k)} | {"xaxis", "yaxis"}
    spans: dict[str, list[float]] = {}
    ranges: dict[str, tuple[float, float]] = {}
    for name in names:
        axis = layout.get(name) or {}
        d0, d1 = (axis.get("domain") or [0.0, 1.0])[:2]
        spans[name] = [float(d0), float(d1)]
        r = axis.get("range") or [-1.0, 4.0]
        ranges[name] = (float(r[0]), float(r[1]))
    # scaleanchor: the two axes get one scale, the smaller one; the other axis's domain shrinks
    for name in names:
        axis = layout.get(name) or {}
        anchor = axis.get("scaleanchor")
        if not anchor:
            continue
        other = f"{anchor[0]}axis{anchor[1:]}"
        if other not in ranges:
            continue
        ratio = float(axis.get("scaleratio", 1.0))
        size = {n: (plot_w if n.startswith("x") else plot_h) for n in (name, other)}
        px = {n: size[n] * (spans[n][1] - spans[n][0]) for n in (name, other)}
        units = {n: abs(ranges[n][1] - ranges[n][0]) for n in (name, other)}
        scale_self = px[name] / (units[name] * ratio) if units[name] else math.inf
        scale_other = px[other] / units[other] if units[other] else math.inf
        scale = min(scale_self, scale_other)
        for n, current, want in (
            (name, scale_self, units[name] * ratio * scale),
            (other, scale_other, units[other] * scale),
        ):
            if current > scale + 1e-9:
                toward = (layout.get(n) or {}).get("constraintoward") or "center"
                d0, d1 = spans[n]
                new = want / size[n]
                if toward in ("left", "bottom"):
                    spans[n] = [d0, d0 + new]
                elif toward in ("right", "top"):
                    spans[n] = [d1 - new, d1]
                else:
                    mid = (d0 + d1) / 2
                    spans[n] = [mid - new / 2, mid + new / 2]
    out: dict[str, _Axis] = {}
    for name in names:
        d0, d1 = spans[name]
        low, high = ranges[name]
        if name.startswith("x"):
            out[name] = _Axis(left + d0 * plot_w, left + d1 * plot_w, low, high)
        else:
            out[name] = _Axis(top + (1 - d0) * plot_h, top + (1 - d1) * plot_h, low, high)
    out["paper_x"] = _Axis(left, left + plot_w, 0.0, 1.0)
    out["paper_y"] = _Axis(top + plot_h, top, 0.0, 1.0)
    return out


def _axis(axes: Mapping[str, _Axis], ref: str | None, letter: str) -> _Axis:
    if ref == "paper":
        return axes[f"paper_{letter}"]
    ref = ref or letter
    return axes.get(f"{letter}axis{ref[1:]}", axes[f"{letter}axis"])


# ---------------------------------------------------------------------- markers
def _symbol(name: str, x: float, y: float, size: float) -> tuple[str, bool, bool]:
    """SVG for one plotly marker symbol: (element, open, has an X)."""
    base = str(name).removesuffix("-open").removesuffix("-x")
    is_open = str(name).endswith("-open")
    crossed = str(name).endswith("-x")
    r = size / 2
    if base == "square":
        shape = (
            f'<rect x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{_fmt(size)}" height="{_fmt(size)}"'
        )
    elif base == "diamond":
        d = r * 1.3
        tips = ((x + d, y), (x, y + d), (x - d, y), (x, y - d))
        shape = f'<path d="M{"L".join(f"{_fmt(a)},{_fmt(b)}" for a, b in tips)}Z"'
    elif base.startswith("triangle"):
        t = r * 2 / math.sqrt(3)
        h2 = r / 2
        points = {
            "triangle-up": [(-t, h2), (t, h2), (0, -r)],
            "triangle-down": [(-t, -h2), (t, -h2), (0, r)],
            "triangle-left": [(h2, -t), (h2, t), (-r, 0)],
            "triangle-right": [(-h2, -t), (-h2, t), (r, 0)],
        }.get(base, [(-t, h2), (t, h2), (0, -r)])
        path = "L".join(f"{_fmt(x + dx)},{_fmt(y + dy)}" for dx, dy in points)
        shape = f'<path d="M{path}Z"'
    elif base == "star":
        outer, inner = r * 1.4, r * 0.56
        corners = []
        for k in range(10):
            radius = outer if k % 2 == 0 else inner
            angle = math.pi / 5 * k - math.pi / 2
            corners.append(
                f"{_fmt(x + radius * math.cos(angle))},{_fmt(y + radius * math.sin(angle))}"
            )
        shape = f'<path d="M{"L".join(corners)}Z"'
    elif base == "line-ew":
        return f'<path d="M{_fmt(x - r)},{_fmt(y)}H{_fmt(x + r)}"', True, False
    else:  # circle and anything unknown
        shape = f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}"'
    return shape, is_open, crossed


_POSITIONS: Final = {"top": -1, "middle": 0, "bottom": 1}
_ANCHORS: Final = {"left": ("end", -1), "center": ("middle", 0), "right": ("start", 1)}


def _text_element(
    lines: list[str],
    x: float,
    y: float,
    size: float,
    colour: str,
    family: str,
    anchor: str,
    attrs: str,
) -> str:
    line_h = size * 1.3
    top = y - (len(lines) - 1) * line_h / 2
    spans = "".join(
        f'<tspan x="{_fmt(x)}" y="{_fmt(top + i * line_h)}">{line}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<text{attrs} text-anchor="{anchor}" dominant-baseline="central" '
        f'font-size="{_fmt(size)}" fill="{_esc(colour)}" font-family="{_esc(family)}">'
        f"{spans}</text>"
    )


def _scatter(trace: Mapping[str, Any], axes: Mapping[str, _Axis]) -> str:
    xs = list(trace.get("x") or [])
    ys = list(trace.get("y") or [])
    mode = str(trace.get("mode") or ("lines+markers" if len(xs) < 20 else "lines"))
    ax, ay = _axis(axes, trace.get("xaxis"), "x"), _axis(axes, trace.get("yaxis"), "y")
    out: list[str] = []
    if "lines" in mode:
        line = trace.get("line") or {}
        dash = {"dot": "2,3", "dash": "6,4", "dashdot": "6,3,2,3"}.get(str(line.get("dash")), "")
        segments: list[list[str]] = [[]]
        for x, y in zip(xs, ys, strict=False):
            fx, fy = _num(x), _num(y)
            if fx is None or fy is None:
                segments.append([])
                continue
            segments[-1].append(f"{_fmt(ax(fx))},{_fmt(ay(fy))}")
        d = "".join("M" + "L".join(s) for s in segments if len(s) > 1)
        if d:
            out.append(
                f'<path d="{d}" fill="none" stroke="{_esc(line.get("color", "#444"))}" '
                f'stroke-width="{_fmt(float(line.get("width", 2)))}"'
                + (f' stroke-dasharray="{dash}"' if dash else "")
                + "/>"
            )
    marker = trace.get("marker") or {}
    mline = marker.get("line") or {}
    font = trace.get("textfont") or {}
    texts = trace.get("text")
    hovers = trace.get("hovertext")
    skip = trace.get("hoverinfo") == "skip"
    hover_on = not skip and trace.get("hoverinfo") != "none"
    positions = trace.get("textposition")
    for i, (x, y) in enumerate(zip(xs, ys, strict=False)):
        fx, fy = _num(x), _num(y)
        if fx is None or fy is None:
            continue
        px, py = ax(fx), ay(fy)
        hover = _at(hovers, i) or (_at(texts, i) if hovers is None else None)
        title = ""
        if hover_on and hover:
            plain = re.sub(r"<br\s*/?>", "\n", str(hover))
            title = f"<title>{_esc(re.sub(r'<[^>]+>', '', plain))}</title>"
        # plotly neither hovers nor clicks a trace whose hoverinfo is "skip": the click goes
        # to what lies under it (a district's number passes it to the district)
        attrs = f' data-p="{i}"' if not skip else ' pointer-events="none"'
        size = float(_at(marker.get("size"), i, 6) or 6)
        if "markers" in mode:
            opacity = _at(marker.get("opacity"), i, 1)
            if opacity != 0 and size > 0:
                shape, is_open, crossed = _symbol(
                    str(_at(marker.get("symbol"), i, "circle")), px, py, size
                )
                colour = _at(marker.get("color"), i, "#1f77b4")
                stroke = _at(mline.get("color"), i, "#444")
                stroke_w = float(_at(mline.get("width"), i, 0) or 0)
                if is_open:  # drawn by its outline: the marker's colour (a line: its line's)
                    fill = "none"
                    line_symbol = str(_at(marker.get("symbol"), i, "")).startswith("line")
                    stroke = _at(mline.get("color"), i, colour) if line_symbol else colour
                    stroke_w = max(stroke_w, 1.0)
                else:
                    fill = colour
                style = f' fill="{_esc(fill)}"'
                if stroke_w > 0:
                    style += f' stroke="{_esc(stroke)}" stroke-width="{_fmt(stroke_w)}"'
                if isinstance(opacity, (int, float)) and opacity < 1:
                    style += f' opacity="{_fmt(float(opacity))}"'
                element = f"{shape}{style}{attrs}>{title}</{shape[1 : shape.index(' ')]}>"
                out.append(element)
                if crossed:
                    r = size / 2 * 0.7
                    out.append(
                        f'<path d="M{_fmt(px - r)},{_fmt(py - r)}L{_fmt(px + r)},{_fmt(py + r)}'
                        f'M{_fmt(px - r)},{_fmt(py + r)}L{_fmt(px + r)},{_fmt(py - r)}" '
                        f'stroke="{_esc(stroke)}" stroke-width="{_fmt(max(stroke_w, 1.0))}" '
                        f'pointer-events="none"/>'
                    )
        if "text" in mode and texts is not None:
            text = _at(texts, i)
            if text is None or text == "":
                continue
            position = str(_at(positions, i, "middle center") or "middle center").split()
            vertical, horizontal = (
                position
                if len(position) == 2
                else (
                    (position[0], "center")
                    if position[0] in _POSITIONS
                    else ("middle", position[0])
                )
            )
            font_size = float(_at(font.get("size"), i, 12) or 12)
            offset = (size / 2 if "markers" in mode else 0) + 2
            anchor, dx = _ANCHORS.get(horizontal, ("middle", 0))
            dy = _POSITIONS.get(vertical, 0)
            lines = svg_text(str(text))
            ty = py + dy * (offset + font_size * 0.6 + (len(lines) - 1) * font_size * 0.65)
            out.append(
                _text_element(
                    lines,
                    px + dx * offset,
                    ty,
                    font_size,
                    str(_at(font.get("color"), i, "#444") or "#444"),
                    str(_at(font.get("family"), i, FONT) or FONT),
                    anchor,
                    attrs,
                ).replace("</text>", f"{title}</text>")
            )
    return "".join(out)


# ---------------------------------------------------------------------- layout items
def _shape(shape: Mapping[str, Any], axes: Mapping[str, _Axis]) -> str:
    ax, ay = _axis(axes, shape.get("xref"), "x"), _axis(axes, shape.get("yref"), "y")
    line = shape.get("line") or {}
    width = float(line.get("width", 2) if line.get("width") is not None else 2)
    stroke = (
        f' stroke="{_esc(line.get("color", "#444"))}" stroke-width="{_fmt(width)}"' if width else ""
    )
    fill = f' fill="{_esc(shape.get("fillcolor", "none"))}"'
    opacity = shape.get("opacity")
    extra = f' opacity="{_fmt(float(opacity))}"' if isinstance(opacity, (int, float)) else ""
    x0, x1 = ax(float(shape.get("x0", 0))), ax(float(shape.get("x1", 0)))
    y0, y1 = ay(float(shape.get("y0", 0))), ay(float(shape.get("y1", 0)))
    kind = shape.get("type", "rect")
    if kind == "path":
        return f'<path d="{_path(str(shape.get("path", "")), ax, ay)}"{fill}{stroke}{extra}/>'
    if kind == "line":
        return (
            f'<path d="M{_fmt(x0)},{_fmt(y0)}L{_fmt(x1)},{_fmt(y1)}"{stroke} fill="none"{extra}/>'
        )
    if kind == "circle":
        return (
            f'<ellipse cx="{_fmt((x0 + x1) / 2)}" cy="{_fmt((y0 + y1) / 2)}" '
            f'rx="{_fmt(abs(x1 - x0) / 2)}" '
            f'ry="{_fmt(abs(y1 - y0) / 2)}"{fill}{stroke}{extra}/>'
        )
    return (
        f'<rect x="{_fmt(min(x0, x1))}" y="{_fmt(min(y0, y1))}" width="{_fmt(abs(x1 - x0))}" '
        f'height="{_fmt(abs(y1 - y0))}"{fill}{stroke}{extra}/>'
    )


def _path(path: str, ax: _Axis, ay: _Axis) -> str:
    """A plotly shape path (``M x,y L x,y … Z`` in data units) in pixels; commands other than
    M, L and Z are dropped."""
    out: list[str] = []
    for command, numbers in re.findall(r"([MLZmlz])([^MLZmlzA-Za-z]*)", path):
        values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?", numbers)]
        if command in "Zz":
            out.append("Z")
            continue
        pairs = zip(values[0::2], values[1::2], strict=False)
        points = [f"{_fmt(ax(x))},{_fmt(ay(y))}" for x, y in pairs]
        if points:
            out.append(command.upper() + "L".join(points))
    return "".join(out)


def _annotation(note: Mapping[str, Any], axes: Mapping[str, _Axis]) -> str:
    ax, ay = _axis(axes, note.get("xref"), "x"), _axis(axes, note.get("yref"), "y")
    x, y = _num(note.get("x")), _num(note.get("y"))
    if x is None or y is None:
        return ""
    font = note.get("font") or {}
    size = float(font.get("size", 12))
    lines = svg_text(str(note.get("text", "")))
    px, py = ax(x), ay(y)
    anchor = {"left": "start", "right": "end"}.get(str(note.get("xanchor")), "middle")
    # a note hanging from its point (``yanchor`` top) or standing on it (bottom): its lines'
    # middle moves by half their height
    half = len(lines) * size * 1.3 / 2
    py += {"top": half, "bottom": -half}.get(str(note.get("yanchor")), 0.0)
    out = ""
    if note.get("bgcolor"):
        pad = float(note.get("borderpad", 1)) + 1
        longest = max(len(re.sub(r"<[^>]+>", "", line)) for line in lines)
        w = longest * size * 0.62 + 2 * pad
        h = len(lines) * size * 1.3 + 2 * pad
        left = {"start": px - pad, "end": px - w + pad}.get(anchor, px - w / 2)
        out += (
            f'<rect x="{_fmt(left)}" y="{_fmt(py - h / 2)}" width="{_fmt(w)}" height="{_fmt(h)}" '
            f'fill="{_esc(note["bgcolor"])}" rx="2"/>'
        )
    return out + _text_element(
        lines,
        px,
        py,
        size,
        str(font.get("color", "#444")),
        str(font.get("family", FONT)),
        anchor,
        "",
    )


def _plain_dict(figure: Any) -> dict[str, Any]:
    if isinstance(figure, Mapping):
        return {"data": list(figure.get("data", [])), "layout": dict(figure.get("layout", {}))}
    data: dict[str, Any] = figure.to_plotly_json()
    return {"data": list(data.get("data", [])), "layout": dict(data.get("layout", {}))}


@dataclass(frozen=True, slots=True)
class SvgLayers:
    """A figure as SVG in pieces, so that a page can replace only the layers that changed
    (:class:`~speakeasy.games.speakeasy.table.SvgBoard`): the opening ``<svg …>`` tag (with the
    layout's meta), then one ``<g data-layer="key">`` per layer: the paper and the shapes below
    (``paper``), each trace (``trace:`` and its name), the shapes above (``shapes``), the
    annotations (``annotations``) and the title (``title``).

    A layer's body does not depend on its trace's place among the traces: the trace's number
    (plotly's ``curveNumber``) is the layer's ``data-c`` and each of its points has only its
    index (``data-p``), so a layer that a new trace before it pushed one place on is still the
    same layer.

    >>> drawn = figure_svg_layers({"data": [{"x": [0], "y": [0], "name": "dot"}], "layout": {}})
    >>> drawn.keys, drawn.curves
    (('paper', 'trace:dot', 'shapes', 'annotations', 'title'), (None, 0, None, None, None))
    >>> drawn.layer(1).startswith('<g data-layer="trace:dot" data-c="0">')
    True
    """

    head: str
    keys: tuple[str, ...]
    curves: tuple[int | None, ...]
    bodies: tuple[str, ...]
    #: What each trace's body was drawn from (its trace and the axes), for the next drawing
    #: (``figure_svg_layers(…, before=…)``) to keep the bodies of traces that did not change.
    sources: tuple[Any, ...] = ()

    def layer(self, i: int) -> str:
        """Layer ``i`` as a ``<g>`` element."""
        curve = self.curves[i]
        number = "" if curve is None else f' data-c="{curve}"'
        return f'<g data-layer="{_esc(self.keys[i])}"{number}>{self.bodies[i]}</g>'

    @property
    def svg(self) -> str:
        """The whole ``<svg>`` element."""
        return self.head + "".join(self.layer(i) for i in range(len(self.keys))) + "</svg>"


def figure_svg(figure: Any, *, width: float | None = None) -> str:
    """``figure`` (a plotly figure or its dict) as one ``<svg>`` element, ``width`` pixels
    wide (default: the layout's, else 700) at the layout's height; it scales with its
    container (``viewBox``). The layout's ``meta`` is kept as JSON in ``data-meta``."""
    return figure_svg_layers(figure, width=width).svg


def figure_svg_layers(
    figure: Any, *, width: float | None = None, before: SvgLayers | None = None
) -> SvgLayers:
    """:func:`figure_svg` in its layers (:class:`SvgLayers`). A trace equal to one of
    ``before`` (same name, same data, same axes) keeps the body drawn for it then.

    >>> fig = {"data": [{"x": [0], "y": [0], "name": "a"}, {"x": [1], "y": [1], "name": "b"}]}
    >>> first = figure_svg_layers(fig)
    >>> fig["data"][1]["x"] = [0.5]
    >>> again = figure_svg_layers(fig, before=first)
    >>> again.bodies[1] is first.bodies[1], again.bodies[2] == first.bodies[2]
    (True, False)
    >>> again.svg == figure_svg(fig)
    True
    """
    fig = _plain_dict(figure)
    layout = fig["layout"]
    w = float(width or layout.get("width") or DEFAULT_WIDTH)
    h = float(layout.get("height") or DEFAULT_HEIGHT)
    axes = _axes(layout, w, h)
    shapes = list(layout.get("shapes") or [])
    keys: list[str] = ["paper"]
    seen: set[str] = set()
    curves: list[int | None] = [None]
    sources: list[Any] = [None]
    drawn: dict[str, tuple[Any, str]] = {}
    if before is not None:
        drawn = {
            k: (source, body)
            for k, source, body in zip(before.keys, before.sources, before.bodies, strict=False)
            if source is not None
        }
    layers = [
        f'<rect width="{_fmt(w)}" height="{_fmt(h)}" '
        f'fill="{_esc(layout.get("paper_bgcolor", "#fff"))}"/>'
        + "".join(_shape(s, axes) for s in shapes if s.get("layer") == "below")
    ]
    for curve, trace in enumerate(fig["data"]):
        name = str(trace.get("name") or "")
        key, n = f"trace:{name}", 1
        while key in seen:  # two traces of one name: the later ones are numbered
            n += 1
            key = f"trace:{name}#{n}"
        seen.add(key)
        keys.append(key)
        curves.append(curve)
        # the trace as text: a figure changed in place after it was drawn is not mistaken
        # for the one drawn
        source = (json.dumps(trace, default=str, check_circular=False), axes)
        sources.append(source)
        old = drawn.get(key)
        if old is not None and old[0] == source:
            layers.append(old[1])
        elif trace.get("visible") is False or trace.get("type", "scatter") != "scatter":
            layers.append("")
        else:
            layers.append(f'<g class="trace" data-name="{_esc(name)}">{_scatter(trace, axes)}</g>')
    keys += ["shapes", "annotations", "title"]
    curves += [None, None, None]
    sources += [None, None, None]
    layers.append("".join(_shape(s, axes) for s in shapes if s.get("layer") != "below"))
    layers.append("".join(_annotation(a, axes) for a in layout.get("annotations") or []))
    title = layout.get("title") or {}
    text = title.get("text") if isinstance(title, Mapping) else str(title)
    heading = ""
    if text:
        font = title.get("font", {}) if isinstance(title, Mapping) else {}
        size = float(font.get("size", 17))
        tx = float(title.get("x", 0.5)) * w if isinstance(title, Mapping) else w / 2
        anchor = "start" if tx < w / 2 else "middle"
        margin_top = float((layout.get("margin") or {}).get("t", 100))
        heading = _text_element(
            svg_text(text), tx, margin_top / 2, size, "#2a3f5f", FONT, anchor, ""
        ).replace("<text", '<text class="gtitle"', 1)
    layers.append(heading)
    meta = layout.get("meta")
    meta_attr = f" data-meta='{_esc(json.dumps(meta))}'" if meta is not None else ""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(w)} {_fmt(h)}" '
        f'width="100%" preserveAspectRatio="xMidYMin meet" font-family=\'{FONT}\'{meta_attr}>'
    )
    return SvgLayers(head, tuple(keys), tuple(curves), tuple(layers), tuple(sources))
