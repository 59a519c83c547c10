"""Mafia City explained: log lines with the rules they applied, each cited with a one-line
summary in the project's own words (``data/mafia_city/rules_index.toml``), rule lookup, and
step-through frames of a whole phase II (location evaluation) or phase III (taking tokens back).

Log lines show only what every seat may know (the events' public sentences, MC-INFO-3); a
seat's own hidden facts (the cards it drew, MC-INFO-1) are added only to that seat's log.

>>> index = load_rules_index()
>>> index.get("MC-CTRL-3").summary
'Standard rule: highest count wins; among equals, whose lowest token sits deepest wins.'
>>> [e.id for e in lookup("mc-hat-3")]
['MC-HAT-3']
>>> [e.id for e in lookup("hitman reserve")][:2]
['MC-HITMAN-1', 'MC-HARBOUR-5']
"""

from __future__ import annotations

import functools
import html
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from speakeasy.games.mafia_city.engine.game import Game
from speakeasy.games.mafia_city.model.data import data_dir, load_data
from speakeasy.games.mafia_city.model.state import GameState
from speakeasy.tools.citations import markdown_escape
from speakeasy.tools.lookup import RuleLookup
from speakeasy.tools.rule_links import RuleSet, link_rules, rule_url
from speakeasy.tools.rules_index import RuleEntry, RulesIndex

__all__ = [
    "CATEGORIES",
    "ID_KINDS",
    "RULES",
    "LogEntry",
    "PhaseFrame",
    "card_label",
    "card_text",
    "cite",
    "load_rules_index",
    "log",
    "lookup",
    "lookup_html",
    "lookup_markdown",
    "phase_frames",
    "phases",
]

#: The ID shapes of the Mafia City reference and the kind of entry each names.
ID_KINDS: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (re.compile(r"MC-[A-Z]+-[1-9][0-9]*"), "rule"),
    (re.compile(r"EMC-[1-9][0-9]*"), "example"),
    (re.compile(r"GAP-MC-[1-9][0-9]*"), "gap"),
    (re.compile(r"DISC-MC-[1-9][0-9]*"), "discrepancy"),
)

#: Log categories, one per phase of the round (MC-ROUND-1) plus the setup and the end.
CATEGORIES: Final = (
    "setup",
    "phase I",
    "phase II",
    "phase III",
    "phase IV",
    "game end",
)
_PHASE_CATEGORY: Final = {
    "setup": "setup",
    "action": "phase I",
    "location": "phase II",
    "strategic": "phase III",
    "end": "phase IV",
    "over": "game end",
}


def _kind(rule_id: str) -> str:
    for pattern, kind in ID_KINDS:
        if pattern.fullmatch(rule_id):
            return kind
    raise ValueError(f"{rule_id!r} is not a Mafia City reference ID (MC-<AREA>-<n>, EMC-<n> ...)")


@functools.cache
def load_rules_index(path: str | Path | None = None) -> RulesIndex:
    """The Mafia City rules index (default: ``data/mafia_city/rules_index.toml``), validated:
    known ID shapes, one-line summaries of at most 140 characters, no duplicate."""
    file = Path(path) if path is not None else data_dir() / "rules_index.toml"
    with file.open("rb") as handle:
        raw = tomllib.load(handle)
    entries: list[RuleEntry] = []
    for number, item in enumerate(raw.get("rule", []), start=1):
        rule_id, section, summary = (str(item.get(k, "")) for k in ("id", "section", "summary"))
        if not summary or "\n" in summary or len(summary) > 140:
            raise ValueError(f"{file}: rule #{number} ({rule_id}) needs a one-line summary")
        entries.append(RuleEntry(rule_id, _kind(rule_id), section, summary))
    return RulesIndex(entries, file)


#: Mafia City's rules for the rules page and the rule links (its descriptor carries it).
RULES: Final = RuleSet(
    "mafia-city",
    "Mafia City",
    lambda: load_rules_index(),
    re.compile("|".join(p.pattern for p, _ in ID_KINDS)),
)

_MC_LOOKUP = RuleLookup(
    lambda: load_rules_index(),
    lambda words: any(p.fullmatch(words) for p, _ in ID_KINDS),
    "lookup",
)


def lookup(query: str) -> list[RuleEntry]:
    """Mafia City rules by ID (any case) or by words (every word must match)."""
    return _MC_LOOKUP(query)


def lookup_markdown(query: str, limit: int = 10) -> str:
    """:func:`lookup` as a Markdown list (at most ``limit`` entries).

    >>> print(lookup_markdown("MC-SCORE-3"))  # doctest: +NORMALIZE_WHITESPACE
    - **<a href="/rules/?id=MC-SCORE-3" target="_blank" class="rule-link">MC-SCORE-3</a>**
    (Scoring): So at most 8 VP enter the game per round.
    """
    return _MC_LOOKUP.markdown(query, limit)


def lookup_html(query: str, limit: int = 10) -> str:
    """:func:`lookup` as an HTML list (for ipywidgets)."""
    return _MC_LOOKUP.html(query, limit)


def cite(ids: Iterable[str]) -> str:
    """Rules cited with their summaries, ``"; "``-joined; an unknown ID is cited bare.

    >>> cite(["MC-CTRL-7"])
    "MC-CTRL-7 (the controller's 1 VP comes at once and cannot be prevented)"
    """
    index = load_rules_index()
    out = []
    for rule_id in ids:
        entry = index.get(rule_id)
        out.append(entry.citation() if entry is not None else rule_id)
    return "; ".join(out)


@functools.cache
def card_label(card: str) -> str:
    """A card as people name it: its kind and corner symbol.

    >>> card_label("snitch-5")
    'Snitch (fist)'
    """
    data = load_data()
    c = data.cards[card]
    return f"{data.kinds[c.kind].name} ({c.symbol})"


@functools.cache
def card_text(card: str) -> str:
    """A card in a hand as people read it: its name and corner symbol, what its text does and
    what the symbol does when it is played for it (MC-CARD-1, sections 5.3-5.4), in the data's
    own short words.

    >>> print(card_text("snitch-5").replace(". ", ".\\n"))
    Snitch (fist): Move any token into the Cell.
    Fist: two fists together cancel a card or symbol effect.
    """
    data = load_data()
    c = data.cards[card]
    symbol = data.symbols.get(c.symbol, "")
    corner = f" {c.symbol.capitalize()}: {symbol}." if symbol else ""
    return f"{card_label(card)}: {data.kinds[c.kind].text}{corner}"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One explained event: when, who, its public sentence, private detail and the rules."""

    step: int  # 0 = setup
    index: int  # position among all events
    round: int
    phase: str  # "action", "location", ... as the state names it
    player: str | None
    kind: str
    text: str
    rules: tuple[str, ...]
    private: str = ""  # only in the log of the seat it concerns

    @property
    def category(self) -> str:
        return _PHASE_CATEGORY.get(self.phase, self.phase)

    def citation(self) -> str:
        return cite(self.rules)

    def html(self) -> str:
        """The sentence, the private detail and the cited rules as HTML (escaped)."""
        extra = f" <i style='color:#555'>({html.escape(self.private)})</i>" if self.private else ""
        rules = ", ".join(
            f'<a href="{html.escape(rule_url(r), quote=True)}" target="_blank" class="rule-link" '
            f'title="{html.escape(_summary(r), quote=True)}">{html.escape(r)}</a>'
            for r in self.rules
        )
        return f"{html.escape(self.text)}{extra} <span style='color:#777'>— {rules}</span>"

    def markdown(self) -> str:
        """The sentence, the private detail and the cited rules as Markdown: the text escaped,
        each rule ID a link to its entry on the rules page."""
        extra = f" *({markdown_escape(self.private)})*" if self.private else ""
        cited = link_rules(markdown_escape(self.citation()), rules=RULES)
        return f"{markdown_escape(self.text)}{extra} — {cited}"


def _summary(rule_id: str) -> str:
    entry = load_rules_index().get(rule_id)
    return entry.summary if entry is not None else rule_id


def _private(event: Any, seat: str | None) -> str:
    """What ``seat`` alone learns from ``event`` (its own draws and the card a Thief moved,
    MC-INFO-1, MC-INFO-6)."""
    if seat is None:
        return ""
    data = event.data
    if event.kind == "draw" and event.player == seat and data.get("cards"):
        return "you drew " + ", ".join(card_label(c) for c in data["cards"])
    if event.kind == "steal" and seat in (event.player, data.get("victim")) and data.get("card"):
        return f"the card was {card_label(data['card'])}"
    if event.kind in ("discard", "mulligan") and event.player == seat:
        cards = data.get("cards") or ([data["card"]] if data.get("card") else [])
        if cards:
            return "you discarded " + ", ".join(card_label(c) for c in cards)
    return ""


def log(
    game: Game,
    seat: str | None = None,
    *,
    phases: Sequence[str] | None = None,
    newest_first: bool = True,
) -> list[LogEntry]:
    """Every event of ``game`` explained, as ``seat`` may read it (``None``: public only).

    ``phases`` keeps the given categories of :data:`CATEGORIES`.
    """
    entries: list[LogEntry] = []
    round_, phase = 1, "setup"
    index = 0
    batches: list[tuple[int, Sequence[Any]]] = [(0, game.setup_events)]
    batches += [(i + 1, s.events) for i, s in enumerate(game.steps)]
    for step, events in batches:
        for event in events:
            if event.kind == "phase":
                phase = str(event.data.get("phase", phase))
                round_ = int(event.data.get("round", round_))
            elif event.kind == "start-player":
                phase = "end"
            elif event.kind == "game-end":
                phase = "over"
            entries.append(
                LogEntry(
                    step,
                    index,
                    round_,
                    phase,
                    event.player,
                    str(event.kind),
                    event.text,
                    tuple(event.rules),
                    _private(event, seat),
                )
            )
            index += 1
    if phases:
        entries = [e for e in entries if e.category in phases]
    if newest_first:
        entries.reverse()
    return entries


def phases(game: Game) -> list[tuple[int, str]]:
    """The ``(round, phase)`` pairs of phase II and III played so far (for step-through),
    oldest first."""
    seen: list[tuple[int, str]] = []
    for e in log(game, newest_first=False):
        key = (e.round, e.phase)
        if e.phase in ("location", "strategic") and key not in seen:
            seen.append(key)
    return seen


@dataclass(frozen=True, slots=True)
class PhaseFrame:
    """One event of a phase replayed: its explanation and the whole position just after it
    (show it through :func:`~speakeasy.games.mafia_city.engine.observe` for one seat)."""

    entry: LogEntry
    state: GameState


def phase_frames(game: Game, round_: int, phase: str) -> list[PhaseFrame]:
    """Phase II (``"location"``) or III (``"strategic"``) of round ``round_`` event by event,
    each with the position after it (the game itself is not changed)."""
    if phase not in ("location", "strategic"):
        raise ValueError("step-through covers phase II ('location') and III ('strategic')")
    wanted = [e for e in log(game, newest_first=False) if (e.round, e.phase) == (round_, phase)]
    frames: list[PhaseFrame] = []
    by_step: dict[int, list[LogEntry]] = {}
    for e in wanted:
        by_step.setdefault(e.step, []).append(e)
    for step, entries in sorted(by_step.items()):
        _, replayed = game.frames(step)
        first = entries[0].index - _first_index(game, step)
        for offset, e in enumerate(entries):
            frames.append(PhaseFrame(e, replayed[first + offset].state))
    return frames


def _first_index(game: Game, step: int) -> int:
    """The log index of the first event of ``step``."""
    total = len(game.setup_events)
    for s in game.steps[: max(step - 1, 0)]:
        total += len(s.events)
    return 0 if step == 0 else total
