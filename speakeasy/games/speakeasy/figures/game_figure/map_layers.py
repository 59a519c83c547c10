"""The map layers of a position figure: what stands in each district, trucks, ships and the
area-control tracks.

* building spaces: player buildings with a type letter, protecting mafiosi (a black ring),
  barrels (brown dots), gangster bars, empty spaces and city tokens lying there;
* the row along the top of a district: its number, the police figure or face-down police token,
  the gangster strength or face-down district token, alliance stars;
* trucks with the barrels they carry, ships at their ports with the barrels left on their track;
* the three area-control tracks under their areas, moved markers outlined;
* the hover text of each district: what stands there and whether it operates (police: only
  protected buildings operate, R-GOLDEN-1).
"""

from __future__ import annotations

from speakeasy.games.speakeasy.figures.board_figure import (
    AREA_LINES,
    HIGHLIGHT_COLOUR,
    Layers,
    map_bounds,
    port_positions,
)
from speakeasy.games.speakeasy.figures.game_figure.geometry import (
    _BOLD,
    _NUMBER_EM,
    _PORT_OFFSET,
    _SLOT,
    _Geometry,
    _marker,
    _Points,
    _TopRow,
)
from speakeasy.games.speakeasy.figures.game_figure.palette import (
    ALLIANCE_TRACE,
    BARREL_COLOUR,
    BARRELS_TRACE,
    BUILDINGS_TRACE,
    CHANGE_COLOUR,
    CITY_TOKEN_COLOUR,
    CITY_TOKENS_TRACE,
    CLICKABLE_FILL,
    CLICKABLE_SPACES_TRACE,
    CONTROL_TRACE,
    EMPTY_SPACES_TRACE,
    FAINT,
    GANGSTER_BARS_TRACE,
    GANGSTER_COLOUR,
    PLAYER_COLOURS,
    PLAYER_INK,
    POLICE_COLOUR,
    POLICE_TOKENS_TRACE,
    POLICE_TRACE,
    PROTECTION_TRACE,
    SHIPS_TRACE,
    STRENGTH_TOKENS_TRACE,
    TRUCKS_TRACE,
    TYPE_LETTERS,
    WAR_TOKENS_TRACE,
)
from speakeasy.games.speakeasy.model.board import Area, Board
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.state import Building, Colour, District, GameState
from speakeasy.games.speakeasy.rules.operating import operating
from speakeasy.tools.text import plural


def _add_district_numbers(layers: Layers, board: Board, geo: _Geometry) -> None:
    numbers = sorted(board.districts)
    row = _TopRow.make(geo)
    layers.add_trace(
        {
            "type": "scatter",
            "name": "district numbers",
            "x": [board.district(n).x + row.number for n in numbers],
            "y": [board.district(n).y + row.y for n in numbers],
            "mode": "text",
            "text": [f"<b>{n}</b>" for n in numbers],
            "textfont": {
                "size": row.number_font,
                "color": [AREA_LINES[board.district(n).area] for n in numbers],
                "family": "Georgia, serif",
            },
            "hoverinfo": "skip",
            "showlegend": False,
        }
    )


def _slot_xs(count: int) -> list[float]:
    step = 0.25 if count > 2 else 0.27
    return [(i - (count - 1) / 2) * step for i in range(count)]


def _add_spaces(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Building slots: buildings, gangster bars, empty spaces, city tokens, protection, barrels."""
    buildings, bars, empty, tokens, rings, barrels = (_Points() for _ in range(6))
    for n in sorted(state.districts):
        district = state.districts[n]
        bd = board.district(n)
        offsets = _slot_xs(len(district.spaces))
        for index, space in enumerate(district.spaces):
            x, y = bd.x + offsets[index], bd.y - 0.03
            where = f"district {n}, space {index + 1}"
            data = [n, index]
            b = space.building
            if b is not None:
                whose = f"{b.owner.value}'s {b.type.value} ({where})"
                hover = f"{_building_text(district, b)}<br>{where}"
                buildings.add(x, y, hover, text=TYPE_LETTERS[b.type], colour=b.owner, data=data)
                if b.protected:
                    rings.add(x, y, f"Mafioso protecting {whose}", colour=b.owner, data=data)
                if b.barrel:
                    barrels.add(x + 0.085, y - 0.085, f"Barrel beside {whose}", data=data)
            elif space.gangster_bar:
                under = "<br>a city token beneath" if space.city_token else ""
                bars.add(x, y, f"<b>Gangster bar</b><br>{where}{under}", text="G", data=data)
            else:
                empty.add(x, y, f"Empty building space<br>{where}", data=data)
                if space.city_token:
                    effect = "; ".join(e.label for e in catalog.city_token(space.city_token).effect)
                    tokens.add(x, y, f"City token: {effect}<br>{where}", data=data)
    slot = max(14.0, geo.px(_SLOT))  # legible on a laptop screen
    font = {"size": max(10, round(slot * 0.62)), "family": _BOLD}
    owners = [PLAYER_COLOURS[c] for c in buildings.colours if c is not None]
    inks = [PLAYER_INK[c] for c in buildings.colours if c is not None]
    layers.add_traces(
        [
            empty.trace(
                EMPTY_SPACES_TRACE, _marker(slot, "square", "rgba(255,255,255,0.55)", "#9a9a9a")
            ),
            tokens.trace(
                CITY_TOKENS_TRACE,
                _marker(round(slot * 0.55, 1), "circle", CITY_TOKEN_COLOUR, "#b19f70"),
            ),
            bars.trace(
                GANGSTER_BARS_TRACE,
                _marker(slot, "square", GANGSTER_COLOUR, "#3d0a0a"),
                text_font=font | {"color": "#ffffff"},
            ),
            rings.trace(
                PROTECTION_TRACE, _marker(slot + 7, "square-open", "#111111", "#111111", 2.5)
            ),
            buildings.trace(
                BUILDINGS_TRACE,
                _marker(slot, "square", owners),
                text_font=font | {"color": inks},
            ),
            barrels.trace(BARRELS_TRACE, _marker(round(slot * 0.45, 1), "circle", BARREL_COLOUR)),
        ]
    )


def _add_space_rings(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, spaces: set[tuple[int, int]]
) -> None:
    """A gold frame with a gold tint under each building space a click can choose, a little
    bigger than the space: the space keeps its own click, and a click just beside it lands on
    its frame, which names the same space. Drawn before the spaces, so that a space is never
    covered by its neighbour's frame."""
    rings = _Points()
    for n, index in sorted(spaces):
        district = state.districts.get(n)
        if district is None or not 0 <= index < len(district.spaces):
            continue
        x = board.district(n).x + _slot_xs(len(district.spaces))[index]
        where = f"District {n}, space {index + 1}: a click chooses it"
        rings.add(x, board.district(n).y - 0.03, where, data=[n, index])
    if rings:
        slot = max(14.0, geo.px(_SLOT))
        layers.add_trace(
            rings.trace(
                CLICKABLE_SPACES_TRACE,
                _marker(slot + 10, "square", CLICKABLE_FILL, HIGHLIGHT_COLOUR, 3),
            )
        )


def _add_tokens(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Police figures and tokens, gangster strength and war tokens, alliance markers."""
    police, police_tokens, strength, war, alliances = (_Points() for _ in range(5))
    row = _TopRow.make(geo)
    for n in sorted(state.districts):
        d = state.districts[n]
        bd = board.district(n)
        y = bd.y + row.y
        if d.police:
            hover = f"<b>Police</b> in district {n}: unprotected buildings do not operate"
            police.add(bd.x + row.police, y, hover + " (R-GOLDEN-1)", text="P", data=n)
        elif d.police_token:
            hover = f"Face-down police token in district {n}: police arrive at the next patrol"
            police_tokens.add(bd.x + row.police, y, hover, text="?", data=n)
        if d.strength_token is not None:
            gangster = _gangster_name(catalog, d.gangster)
            hover = f"<b>Gangster strength {d.strength_token}</b> in district {n}"
            hover += f"<br>gangster: {gangster}" if gangster else ""
            strength.add(bd.x + row.gangster, y, hover, text=str(d.strength_token), data=n)
        elif d.war_token:
            hover = f"Face-down gangster district token in district {n}: attacked at the next war"
            war.add(bd.x + row.gangster, y, hover, text="?", data=n)
    allied: dict[int, int] = {}
    for colour, p in state.players.items():
        where = p.partner_district
        if where is None or where not in state.districts:
            continue
        bd = board.district(where)
        k = allied.get(where, 0)
        allied[where] = k + 1
        partner = _gangster_name(catalog, p.partner) or "a gangster"
        hover = f"<b>Alliance</b>: {colour.value} with {partner} (district {where})"
        star_y = bd.y + row.star_y - k * row.star_step
        alliances.add(bd.x + row.star_x, star_y, hover, colour=colour, data=where)
    token = row.token
    font = {"size": max(10, round(token * 0.62)), "family": _BOLD}
    layers.add_traces(
        [
            police.trace(
                POLICE_TRACE,
                _marker(token, "circle", POLICE_COLOUR),
                text_font=font | {"color": "#ffffff"},
            ),
            police_tokens.trace(
                POLICE_TOKENS_TRACE,
                _marker(token, "circle", "#dbe4f0", POLICE_COLOUR, 1.5),
                text_font=font | {"color": POLICE_COLOUR},
            ),
            strength.trace(
                STRENGTH_TOKENS_TRACE,
                _marker(token, "circle", GANGSTER_COLOUR),
                text_font=font | {"color": "#ffffff"},
            ),
            war.trace(
                WAR_TOKENS_TRACE,
                _marker(token, "circle", "#f3dede", GANGSTER_COLOUR, 1.5),
                text_font=font | {"color": GANGSTER_COLOUR},
            ),
            alliances.trace(
                ALLIANCE_TRACE,
                _marker(
                    row.star,
                    "star",
                    [PLAYER_COLOURS[c] for c in alliances.colours if c is not None],
                    "#222222",
                ),
            ),
        ]
    )


def _add_trucks(layers: Layers, state: GameState, board: Board, geo: _Geometry) -> None:
    """Trucks on the map: an arrow in the owner's colour and the barrels it carries."""
    trucks = _Points()
    per_district: dict[int, list[tuple[Colour, int, int]]] = {}
    for colour, p in state.players.items():
        for i, truck in enumerate(p.trucks, start=1):
            if truck.district is not None:
                per_district.setdefault(truck.district, []).append((colour, i, truck.barrels))
    size = max(10.0, geo.px(0.16))
    font = max(9, round(size * 0.75))
    # each truck takes its arrow and its load beside it; four fit a tile at laptop size
    width = (size + _NUMBER_EM * font + 2) / geo.scale
    for n, here in sorted(per_district.items()):
        bd = board.district(n)
        step = max(width, 0.23) if len(here) <= 3 else min(max(width, 0.23), 0.7 / len(here))
        for k, (colour, i, load) in enumerate(here):
            x = bd.x + (k - (len(here) - 1) / 2) * step - 0.03
            hover = (
                f"<b>{colour.value} truck {i}</b> in district {n}<br>"
                f"{load} barrel{'s' if load != 1 else ''} loaded"
            )
            trucks.add(x, bd.y - 0.29, hover, text=str(load), colour=colour, data=[n, i])
    layers.add_trace(
        trucks.trace(
            TRUCKS_TRACE,
            _marker(
                size,
                "triangle-right",
                [PLAYER_COLOURS[c] for c in trucks.colours if c is not None],
                "#222222",
            ),
            text_font={"size": font, "color": BARREL_COLOUR, "family": _BOLD},
            position="middle right",
        )
    )


def _add_ships(
    layers: Layers, state: GameState, board: Board, geo: _Geometry, catalog: Catalog
) -> None:
    """Ships at their ports: the name and the barrels left on the ship's track."""
    ports = port_positions(board, _PORT_OFFSET)
    _, _, y0, y1 = map_bounds(board)
    mid = (y0 + y1) / 2
    ships = _Points()
    positions: list[str] = []
    for ship in state.ships:
        if ship.port not in ports:
            continue
        x, y = ports[ship.port]
        info = catalog.ship(ship.ship)
        left = max(info.barrel_spaces - ship.removed, 0)
        above = board.district(ship.port).y >= mid
        barrels = f"<span style='color:{BARREL_COLOUR}'>{'●' * left}</span>" + "○" * (
            info.barrel_spaces - left
        )
        name = f"<b>{_ship_label(ship.ship)}</b>"
        crate = f"<br>crate {ship.crate} on its crate space" if ship.crate else ""
        defence = info.defence(min(ship.removed, len(info.defences) - 1))
        hover = (
            f"<b>Ship {info.name}</b> at the port of district {ship.port}<br>"
            f"{left} of {info.barrel_spaces} barrels left; "
            f"next barrel ${info.price(ship.removed)}, defence {defence}{crate}"
        )
        label = f"{name}<br>{barrels}" if above else f"{barrels}<br>{name}"
        dy = geo.ship_dy if above else -geo.ship_dy
        ships.add(x, y + dy, hover, text=label, data=ship.port)
        positions.append("top center" if above else "bottom center")
    trace = ships.trace(
        SHIPS_TRACE,
        _marker(max(10.0, geo.px(0.12)), "triangle-down", POLICE_COLOUR, POLICE_COLOUR, 0),
        text_font={"size": max(9, round(geo.px(0.13))), "color": "#1d4e89"},
    )
    trace["textposition"] = positions
    layers.add_trace(trace)


def _add_control_tracks(
    layers: Layers,
    state: GameState,
    board: Board,
    geo: _Geometry,
    previous: GameState | None,
) -> None:
    """The three area-control tracks under their areas (R-CONTROL-8, R-PAYOUT-2)."""
    cells, numbers, markers = _Points(), _Points(), _Points()
    moved: list[bool] = []
    labels: list[tuple[float, str, str]] = []
    width = 0.33
    dot = max(7.0, geo.px(0.085))  # a player's marker: its colour must show on a laptop
    spacing = max(0.09, (dot + 0.5) / geo.scale)
    y = geo.track_y
    for area in board.areas:
        members = [board.district(d) for d in board.districts_in(area)]
        centre = sum(d.x for d in members) / len(members)
        length = len(members) + 1  # spaces 0 (bottom) .. one per district
        start = centre - (length - 1) / 2 * width
        for pos in range(length):
            hover = f"{area.title} control track, space {pos}"
            cells.add(start + pos * width, y, hover, data=[area.value, pos])
            numbers.add(start + pos * width, y - 0.27, "", text=str(pos), data=pos)
        labels.append((centre, f"<b>{area.title} control</b>", AREA_LINES[area]))
        who: list[tuple[Colour | None, int, int | None]] = [
            (c, p.area_control.get(area, 0), _prev_control(previous, c, area))
            for c, p in state.players.items()
        ]
        before = previous.gangster_control.get(area, 0) if previous is not None else None
        who.append((None, state.gangster_control.get(area, 0), before))
        stacks: dict[int, int] = {}
        for colour, pos, was in who:
            shown = max(0, min(pos, length - 1))
            k = stacks.get(shown, 0)
            stacks[shown] = k + 1
            mx = start + shown * width + ((k % 3) - 1) * spacing
            my = y + (0.06 if k < 3 else -0.07)
            name = colour.value if colour else "gangsters"
            change = was is not None and was != pos
            note = f" (was {was})" if change else ""
            hover = f"{area.title} control: <b>{name}</b> at {pos}{note}"
            markers.add(mx, my, hover, colour=colour, data=[area.value, name, pos])
            moved.append(change)
    fills = [PLAYER_COLOURS[c] if c is not None else GANGSTER_COLOUR for c in markers.colours]
    symbols = ["circle" if c is not None else "diamond" for c in markers.colours]
    outlines = [CHANGE_COLOUR if m else "#222222" for m in moved]
    layers.add_traces(
        [
            cells.trace(
                "area control cells",
                _marker(geo.px(width - 0.03), "square", "rgba(255,255,255,0.7)", "#a8a8a8"),
            ),
            numbers.trace(
                "area control numbers",
                {"size": 1, "opacity": 0},
                text_font={"size": 9, "color": FAINT},
            )
            | {"hoverinfo": "skip"},
            markers.trace(
                CONTROL_TRACE,
                _marker(dot, symbols, fills, outlines, [2.5 if m else 1 for m in moved]),
            ),
            {
                "type": "scatter",
                "name": "area control labels",
                "x": [x for x, _, _ in labels],
                "y": [y + 0.31] * len(labels),
                "mode": "text",
                "text": [t for _, t, _ in labels],
                "textfont": {"size": 11, "color": [c for _, _, c in labels]},
                "hoverinfo": "skip",
                "showlegend": False,
            },
        ]
    )


def _district_details(state: GameState, n: int, catalog: Catalog, changed: bool) -> list[str]:
    """Hover lines of a district: what stands there and whether it operates."""
    d = state.districts.get(n)
    if d is None:
        return []
    lines: list[str] = []
    if changed:
        lines.append(f"<span style='color:{CHANGE_COLOUR}'><b>changed in the last step</b></span>")
    for index, space in enumerate(d.spaces, start=1):
        if space.building is not None:
            lines.append(f"space {index}: " + _building_text(d, space.building))
        elif space.gangster_bar:
            lines.append(f"space {index}: gangster bar")
        elif space.city_token:
            effect = catalog.city_token(space.city_token).effect
            words = "; ".join(e.label for e in effect if e.kind != "none") or "no effect"
            lines.append(f"space {index}: empty, a city token ({words})")
        else:
            lines.append(f"space {index}: empty")
    if d.police:
        lines.append("<b>police</b>: only protected buildings operate (R-GOLDEN-1)")
    elif d.police_token:
        lines.append("face-down police token")
    gangster = _gangster_name(catalog, d.gangster)
    if d.strength_token is not None:
        lines.append(f"gangster strength token {d.strength_token}")
    elif d.war_token:
        lines.append("face-down gangster district token")
    if gangster:
        lines.append(f"gangster: {gangster}")
    for colour, p in state.players.items():
        if p.partner_district == n:
            lines.append(f"alliance marker: {colour.value} ({_gangster_name(catalog, p.partner)})")
        for i, truck in enumerate(p.trucks, start=1):
            if truck.district == n:
                lines.append(f"{colour.value} truck {i} with {plural(truck.barrels, 'barrel')}")
    for ship in state.ships:
        if ship.port == n:
            info = catalog.ship(ship.ship)
            lines.append(f"ship {info.name}: {info.barrel_spaces - ship.removed} barrels left")
    return lines


def _building_text(district: District, b: Building) -> str:
    works = operating(district, b)
    status = "operating" if works else "<b>not operating</b> (police, unprotected)"
    extras = []
    if b.protected:
        extras.append("protected by a mafioso")
    if b.barrel:
        extras.append("a barrel beside it")
    extra = ", " + ", ".join(extras) if extras else ""
    return f"<b>{b.owner.value} {b.type.value}</b>: {status}{extra}"


def _prev_control(previous: GameState | None, colour: Colour, area: Area) -> int | None:
    if previous is None or colour not in previous.players:
        return None
    return previous.players[colour].area_control.get(area, 0)


def _gangster_name(catalog: Catalog, tile: str | None) -> str:
    if not tile:
        return ""
    try:
        return catalog.gangster(tile).name
    except KeyError:
        return tile


def _ship_label(ship_id: str) -> str:
    return ship_id.replace("-", " ").title().replace("St Clair", "St. Clair")
