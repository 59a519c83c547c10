"""A player's board as a person at the table sees it, in words: hand, capos, docks, goals...

:func:`player_board` reads one player out of a
:class:`~speakeasy.games.speakeasy.model.state.GameState` and the catalogue: the hand with each
card's full text (operation, action, reward, leverage; never an ID like ``vip-02``), the capos left
and where the placed ones stand, the mafiosi in the VIP area and on the docks, goons, leverage,
books, helper cards, city tokens, crates, the partner, trucks and buildings. Hidden information
(R-MONEY-1: the safe; the hand; the helper cards behind the screen) is shown only for the player's
own board or in a teacher's view; for an opponent it is a count.

>>> from speakeasy import Game
>>> game = Game.new(players=2, seed=1)
>>> mine = player_board(game.state, game.colours[0], private=True)
>>> [s.title for s in mine.sections][:3]
['Money', 'Hand (4 cards)', 'Capos']
>>> theirs = player_board(game.state, game.colours[1], private=False)
>>> theirs.section("Hand (4 cards)").lines
('hidden: 4 cards (only their owner sees them)',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from speakeasy.games.speakeasy.engine.observe import Observation, observe, teacher_view
from speakeasy.games.speakeasy.model.catalog.catalog import Catalog
from speakeasy.games.speakeasy.model.catalog.loader import load_catalog
from speakeasy.games.speakeasy.model.effects import Effect
from speakeasy.games.speakeasy.model.state import OPERATIONS, Colour, GameState, Player
from speakeasy.tools.text import plural

__all__ = [
    "BoardSection",
    "PlayerBoard",
    "card_text",
    "changes_in_words",
    "goal_lines",
    "player_board",
    "seen_by",
    "table_boards",
]


@dataclass(frozen=True, slots=True)
class BoardSection:
    """One part of a player's board: a title and lines of plain text."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """A player's board in words; ``private`` says whether hidden parts are shown."""

    colour: Colour
    private: bool
    sections: tuple[BoardSection, ...]

    def section(self, title: str) -> BoardSection:
        """The section called ``title`` (``KeyError`` if there is none)."""
        for s in self.sections:
            if s.title == title:
                return s
        raise KeyError(title)

    def text(self) -> str:
        """Every line, one per line (for tests and plain displays)."""
        out = []
        for s in self.sections:
            out.append(f"{s.title}:")
            out.extend(f"  {line}" for line in s.lines)
        return "\n".join(out)


def _effects(effects: Iterable[Effect]) -> str:
    words = [e.label for e in effects if e.kind != "none"]
    return "; ".join(words) if words else "nothing"


def card_text(catalog: Catalog, card_id: str) -> str:
    """An operation card in words: ``Fleet card: play it to pick up and deliver barrels ·
    reward: raise fleet by 1 · leverage 2`` (R-CARD-2, R-CARD-7)."""
    card = catalog.card(card_id)
    return (
        f"{_track(card.type)} card: {card.action.label} · reward: {_effects(card.reward)}"
        f" · leverage {card.leverage}"
    )


def _track(name: str) -> str:
    return "VIP" if name == "vip" else name.capitalize()


def _or_shipped(catalog: Catalog | None) -> Catalog:
    """The catalogue given, else the shipped one (callers without a game)."""
    return catalog if catalog is not None else load_catalog()


def _place(catalog: Catalog, key: str) -> str:
    location, _, index = key.partition(":")
    try:
        name = catalog.location(location).name
    except (KeyError, ValueError):
        name = location.replace("_", " ").title()
    return f"{name}, person {int(index) + 1}" if index.isdigit() else name


def player_board(
    state: GameState, colour: Colour, *, private: bool, catalog: Catalog | None = None
) -> PlayerBoard:
    """The board of ``colour`` in words; ``private`` shows the hand, the safe and the helper
    cards behind the screen (the owner's or a teacher's view). ``catalog`` is the game's (the
    text of its cards, tokens and goals); without one, the shipped catalogue."""
    catalog = _or_shipped(catalog)
    p = state.player(colour)
    sections = [
        BoardSection("Money", _money(p, private)),
        BoardSection(f"Hand ({plural(len(p.hand), 'card')})", _hand(catalog, p, private)),
        BoardSection("Capos", _capos(catalog, state, p)),
        BoardSection("Mafiosi", _mafiosi(state, p)),
        BoardSection("Levels", _levels(catalog, p)),
        BoardSection("Goons, leverage and books", _counts(state, p)),
        BoardSection("Helper cards", _helpers(catalog, p, private)),
        BoardSection("City tokens and crates", _tokens(catalog, p)),
        BoardSection("Partner", _partner(catalog, p)),
        BoardSection("Buildings, barrels and trucks", _buildings(state, p)),
    ]
    return PlayerBoard(colour, private, tuple(sections))


def seen_by(
    position: GameState | Observation,
    viewer: Colour | None,
    *,
    teacher: bool = False,
    catalog: Catalog | None = None,
) -> Observation:
    """What a table shows: an observation as given; of a whole state, ``viewer``'s
    observation (a spectator's for ``None``), or the whole of it only with ``teacher``."""
    if isinstance(position, Observation):
        return position
    if teacher:
        return teacher_view(position, catalog=catalog)
    return observe(position, viewer, catalog=catalog)


def table_boards(
    position: GameState | Observation,
    viewer: Colour | None,
    *,
    teacher: bool = False,
    catalog: Catalog | None = None,
) -> list[PlayerBoard]:
    """Every player's board, the viewer's first, drawn from what the viewer sees
    (:func:`seen_by`): others' hidden parts (R-MONEY-1, R-HELPER-3) only in a teacher's view.
    ``catalog`` is the game's (as for :func:`player_board`)."""
    seen = seen_by(position, viewer, teacher=teacher, catalog=catalog)
    state, catalog = seen.state, _or_shipped(catalog)
    order = sorted(state.players, key=lambda c: (c != viewer, list(state.players).index(c)))
    return [player_board(state, c, private=not seen.hides(c), catalog=catalog) for c in order]


def goal_lines(state: GameState, *, catalog: Catalog | None = None) -> list[str]:
    """The goals in play with their requirement, payout and the books on them (R-BOOKS-2..9);
    ``catalog`` is the game's (as for :func:`player_board`)."""
    catalog = _or_shipped(catalog)
    out = []
    areas = {goal: area.value.capitalize() for area, goal in state.area_goals.items()}
    ids = [*state.central_park_goals, *state.area_goals.values()]
    ids += [g for g in state.books if g not in ids]
    for goal_id in ids:
        try:
            goal = catalog.goal(goal_id)
        except (KeyError, ValueError):
            continue
        books = [c.value.capitalize() for c in state.books.get(goal_id, []) if c is not None]
        family = areas.get(goal_id, goal.family.replace("_", " ").capitalize())
        on = f"; books: {', '.join(books)}" if books else "; no book yet"
        reward = _effects(goal.reward)
        out.append(
            f"{family}: {goal.requirement.label} → ${goal.payout} to the safe"
            + (f" and {reward}" if reward != "nothing" else "")
            + on
        )
    return out


def _money(p: Player, private: bool) -> tuple[str, ...]:
    safe = f"${p.safe} in the safe" if private else "the safe is hidden (behind the screen)"
    return (f"${p.pocket} in the pocket; {safe}",)


def _hand(catalog: Catalog, p: Player, private: bool) -> tuple[str, ...]:
    slotted = [
        f"On the {t.value} slot: {card_text(catalog, card)}"
        for t, card in p.slots.items()
        if card is not None
    ]
    if not private:
        hidden = f"hidden: {plural(len(p.hand), 'card')} (only their owner sees them)"
        return (hidden, *slotted)
    cards = [card_text(catalog, c) for c in p.hand] or ["no cards"]
    return (*cards, *slotted)


def _capos(catalog: Catalog, state: GameState, p: Player) -> tuple[str, ...]:
    placed = [_place(catalog, key) for key, c in state.persons.items() if c is p.colour]
    out = [f"{plural(p.capos, 'capo')} left on the operations board"]
    out.append("placed: " + ("; ".join(placed) if placed else "none this round"))
    if p.capos_boxed:
        out.append(f"{plural(p.capos_boxed, 'capo')} back in the box")
    if p.colour in state.restaurant:
        out.append("a capo waits at the Restaurant")
    return tuple(out)


def _mafiosi(state: GameState, p: Player) -> tuple[str, ...]:
    rows = [
        f"{area.value.capitalize()} docks row {i + 1}"
        for area, row in state.docks.items()
        for i, c in enumerate(row)
        if c is p.colour
    ]
    return (
        f"{plural(p.vip, 'mafioso')} in the VIP area",
        "on the docks: " + ("; ".join(rows) if rows else "none"),
        f"{plural(p.mafiosi, 'mafioso')} in the supply",
    )


def _levels(catalog: Catalog, p: Player) -> tuple[str, ...]:
    levels = ", ".join(f"{_track(t.value)} {p.levels.get(t, 0)}" for t in (*OPERATIONS,))
    strength = p.levels.get(next(t for t in p.levels if t.value == "strength"), 0)
    return (f"{levels}; strength {strength}; notoriety {p.notoriety}",)


def _counts(state: GameState, p: Player) -> tuple[str, ...]:
    on_goals = sum(row.count(p.colour) for row in state.books.values())
    return (
        f"{plural(p.goons, 'goon')}; {plural(p.leverage_tokens, 'leverage token')}",
        f"{plural(p.books, 'book')} ready to cook, {plural(on_goals, 'book')} on goals, "
        f"{p.books_supply} in the supply",
    )


def _helpers(catalog: Catalog, p: Player, private: bool) -> tuple[str, ...]:
    out = []
    for h in p.helpers:
        card = catalog.helper(h)
        out.append(f"{_effects(card.effect)} (bottle worth {card.bottle_value} at the end)")
    if p.helpers_used:
        if private:
            for h in p.helpers_used:
                card = catalog.helper(h)
                out.append(f"used, behind the screen (bottle worth {card.bottle_value})")
        else:
            out.append(f"{plural(len(p.helpers_used), 'used card')} behind the screen")
    return tuple(out) or ("none",)


def _tokens(catalog: Catalog, p: Player) -> tuple[str, ...]:
    out = [f"city token: {_effects(catalog.city_token(t).effect)}" for t in p.city_tokens]
    out += [f"crate: {catalog.crate(c).bonus.label}" for c in p.crates]
    return tuple(out) or ("none",)


def _partner(catalog: Catalog, p: Player) -> tuple[str, ...]:
    if p.partner is None:
        return ("no partner",)
    tile = catalog.gangster(p.partner)
    ability = catalog.ability(tile)
    where = f" (alliance marker in district {p.partner_district})" if p.partner_district else ""
    name = tile.name if " " in tile.name else f"Gangster {tile.name}"
    text = f"{name}: strength {tile.strength}, help costs ${tile.help_cost}{where}"
    if ability is not None:
        parts = [e.label for e in ability.immediate] + [b.label for b in ability.lasting]
        text += " · " + "; ".join(parts)
    return (text,)


def _buildings(state: GameState, p: Player) -> tuple[str, ...]:
    mine = state.buildings(p.colour)
    kinds: dict[str, list[str]] = {}
    for district, _space, b in mine:
        mark = " protected" if b.protected else ""
        mark += " with a barrel" if b.barrel else ""
        kinds.setdefault(b.type.value, []).append(f"district {district}{mark}")
    lines = [f"{plural(len(v), k)}: {', '.join(v)}" for k, v in kinds.items()] or ["no buildings"]
    trucks: Sequence[str] = [
        f"truck {i + 1}: "
        + ("off the map" if t.district is None else f"district {t.district}")
        + f", {plural(t.barrels, 'barrel')}"
        for i, t in enumerate(p.trucks)
    ]
    lines.append(f"{plural(p.distillery_barrels, 'barrel')} in the distillery area")
    lines.extend(trucks)
    return tuple(lines)


def changes_in_words(
    before: GameState | Observation,
    after: GameState | Observation,
    viewer: Colour | None,
    *,
    teacher: bool = False,
    catalog: Catalog | None = None,
) -> list[str]:
    """What changed between two positions, in words and only what ``viewer`` may see
    (:func:`seen_by`: another player's hand, safe and used helpers only in a teacher's view);
    ``catalog`` is the game's (as for :func:`player_board`).

    >>> from speakeasy import Game
    >>> game = Game.new(players=2, seed=1)
    >>> changes_in_words(game.state, game.state, game.colours[0])
    []
    """
    seen, seen_before = (
        seen_by(after, viewer, teacher=teacher, catalog=catalog),
        seen_by(before, viewer, teacher=teacher, catalog=catalog),
    )
    after, before = seen.state, seen_before.state
    catalog = _or_shipped(catalog)
    out: list[str] = []
    for colour in after.players:
        private = not seen.hides(colour)
        old = player_board(before, colour, private=private, catalog=catalog)
        new = player_board(after, colour, private=private, catalog=catalog)
        for was, now in zip(old.sections, new.sections, strict=True):
            if was == now:
                continue
            gone = list((Counter(was.lines) - Counter(now.lines)).elements())
            came = list((Counter(now.lines) - Counter(was.lines)).elements())
            title = now.title.split(" (")[0]
            name = colour.value.capitalize()
            if gone and came and len(gone) == len(came) == 1:
                out.append(f"{name} · {title}: {gone[0]} → {came[0]}")
            else:
                out += [f"{name} · {title}: no longer {line}" for line in gone]
                out += [f"{name} · {title}: now {line}" for line in came]
    for number in after.districts:
        old_words, new_words = _district_words(before, number), _district_words(after, number)
        if old_words != new_words:
            out.append(f"District {number}: {old_words} → {new_words}")
    return out


def _district_words(state: GameState, number: int) -> str:
    district = state.districts[number]
    parts = []
    for i, space in enumerate(district.spaces):
        b = space.building
        if b is not None:
            mark = ", protected" if b.protected else ""
            mark += ", with a barrel" if b.barrel else ""
            parts.append(f"space {i + 1}: {b.owner.value.capitalize()}'s {b.type.value}{mark}")
        elif space.gangster_bar:
            parts.append(f"space {i + 1}: a gangster bar")
    if district.police:
        parts.append("police")
    if district.gangster:
        parts.append("a gangster")
    if district.strength_token is not None:
        parts.append(f"gangster strength {district.strength_token}")
    return "; ".join(parts) or "empty"
