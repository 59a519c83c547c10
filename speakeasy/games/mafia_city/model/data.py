"""The data of Mafia City, read from ``data/mafia_city/*.toml`` with provenance on every item.

The deck (``deck.toml``) is ASSUMED data (GAP-MC-1, GAP-MC-2): a person holding the real cards
corrects it in that one file. The map, the setup table, the targets and the rule switches are in
``game.toml`` (MC-SETUP-3, MC-MODE-1, reference section 16.6).

>>> data = load_data()
>>> len(data.cards), len(data.kinds), data.cards["snitch-5"].symbol
(49, 11, 'fist')
>>> data.cards["deals-1"].source
'assumed: GAP-MC-1, GAP-MC-2'
>>> data.setup[5].target_advanced, data.setup[5].target_beginner, data.locations[3].control
(11, 7, 'sole')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from speakeasy.tools.paths import data_path

__all__ = [
    "SYMBOLS",
    "TYPES",
    "CardData",
    "CardKind",
    "GameData",
    "LocationData",
    "SetupRow",
    "data_dir",
    "load_data",
]

#: The four corner symbols (MC-COMP-7) and the type each symbol effect has (MC-CARD-2).
SYMBOLS = {"fist": "reakce", "hat": "akce", "bullet": "akce", "plus": "lokace"}
#: The three effect types (MC-TYPE-4).
TYPES = ("akce", "lokace", "reakce")


def data_dir() -> Path:
    """The folder of the Mafia City data (inside an installed wheel, else the checkout's)."""
    return data_path("mafia_city")


@dataclass(frozen=True, slots=True)
class CardKind:
    """One of the eleven kinds of action card (MC-COMP-7, section 5.4)."""

    id: str
    name: str
    name_cs: str
    type: str
    source: str
    text: str = ""  # what the card's text does, in our own short words


@dataclass(frozen=True, slots=True)
class CardData:
    """One action card: its kind and corner symbol (MC-COMP-7)."""

    id: str
    kind: str
    symbol: str
    source: str


@dataclass(frozen=True, slots=True)
class LocationData:
    """One location tile: its number, names and control rule (MC-CTRL-3, MC-CTRL-5)."""

    number: int
    id: str
    name: str
    name_cs: str
    control: str  # "standard" or "sole"
    source: str
    effect: str = ""  # what its evaluation does for the controller, in a few of our own words


@dataclass(frozen=True, slots=True)
class SetupRow:
    """Tokens, cards and targets for one number of players (MC-SETUP-3, MC-MODE-1)."""

    players: int
    hand: int
    reserve: int
    cards: int
    target_advanced: int
    target_beginner: int
    source: str


@dataclass(frozen=True)
class GameData:
    """Everything the rules read from data."""

    kinds: dict[str, CardKind]
    cards: dict[str, CardData]
    locations: dict[int, LocationData]
    setup: dict[int, SetupRow]
    figures: dict[str, int]
    colours: tuple[str, ...]
    config: dict[str, Any]
    #: What each corner symbol does when a card is played for it, in our own words.
    symbols: dict[str, str] = field(default_factory=dict)

    def card_type(self, card: str) -> str:
        """The type of a card's text effect (MC-CARD-2)."""
        return self.kinds[self.cards[card].kind].type

    def name(self, location: int) -> str:
        return self.locations[location].name


def _need(row: dict[str, Any], *keys: str) -> None:
    missing = [k for k in (*keys, "source") if k not in row]
    if missing:
        raise ValueError(f"data row {row!r} lacks {missing}")
    source = str(row["source"])
    if not source.startswith(("rulebook: ", "assumed: ")):
        raise ValueError(f"provenance must start 'rulebook: ' or 'assumed: ', got {source!r}")


def parse_data(deck: dict[str, Any], game: dict[str, Any]) -> GameData:
    """Check and read the two data tables (``ValueError`` for a bad deck or table)."""
    kinds: dict[str, CardKind] = {}
    for row in deck.get("kind", []):
        _need(row, "id", "name", "name_cs", "type")
        if row["type"] not in TYPES:
            raise ValueError(f"kind {row['id']}: type must be one of {TYPES}")
        kinds[row["id"]] = CardKind(
            row["id"], row["name"], row["name_cs"], row["type"], row["source"], row.get("text", "")
        )
    cards: dict[str, CardData] = {}
    for row in deck.get("card", []):
        _need(row, "id", "kind", "symbol")
        if row["kind"] not in kinds or row["symbol"] not in SYMBOLS or row["id"] in cards:
            raise ValueError(f"bad card row {row!r}")
        cards[row["id"]] = CardData(row["id"], row["kind"], row["symbol"], row["source"])
    if len(kinds) != 11 or len(cards) != 49:
        raise ValueError(
            "the deck has 49 cards in 11 kinds (MC-COMP-6, MC-COMP-7), "
            f"got {len(cards)} in {len(kinds)}"
        )
    locations: dict[int, LocationData] = {}
    for row in game["location"]:
        _need(row, "number", "id", "name", "name_cs", "control")
        locations[int(row["number"])] = LocationData(
            int(row["number"]),
            row["id"],
            row["name"],
            row["name_cs"],
            row["control"],
            row["source"],
            row.get("effect", ""),
        )
    if sorted(locations) != list(range(1, 8)):
        raise ValueError("there are seven locations numbered 1-7 (MC-COMP-1)")
    setup: dict[int, SetupRow] = {}
    for row in game["setup"]:
        _need(row, "players", "hand", "reserve", "cards", "target_advanced", "target_beginner")
        setup[int(row["players"])] = SetupRow(
            int(row["players"]),
            int(row["hand"]),
            int(row["reserve"]),
            int(row["cards"]),
            int(row["target_advanced"]),
            int(row["target_beginner"]),
            row["source"],
        )
    figures = dict(game["figures"])
    _need(figures, "hitman", "police_officer", "mayor")
    config = dict(game["config"])
    for key in [k for k in config if not k.endswith("_source")]:
        if f"{key}_source" not in config:
            raise ValueError(f"config {key!r} needs a {key}_source provenance")
    return GameData(
        kinds,
        cards,
        locations,
        setup,
        {k: int(v) for k, v in figures.items() if k != "source"},
        tuple(game["colours"]),
        config,
        {k: str(v) for k, v in deck.get("symbols", {}).items() if k in SYMBOLS},
    )


@cache
def load_data(folder: str | None = None) -> GameData:
    """The shipped data (loaded once), or the data in ``folder``."""
    where = Path(folder) if folder is not None else data_dir()
    with open(where / "deck.toml", "rb") as f:
        deck = tomllib.load(f)
    with open(where / "game.toml", "rb") as f:
        game = tomllib.load(f)
    return parse_data(deck, game)
