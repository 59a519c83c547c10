"""A game's glossary: its words, each with its other spellings, a short definition in the
project's own words and the rules it rests on; and the player's texts with those words linked to
their entries on the rules page (``/rules/?term=<slug>``, beside the rules' ``?id=<ID>``).

Each game keeps its glossary in a data file (``data/glossary.toml``,
``data/mafia_city/glossary.toml``) that its descriptor exposes
(:attr:`GameType.glossary <speakeasy.core.registry.GameType.glossary>`). A file is a list of
``[[term]]`` tables::

    [[term]]
    term = "Cell"                       # as the texts write it
    aliases = ["jail", "jailed"]        # other spellings, plurals, synonyms
    definition = "Where jailed tokens wait ..."   # one to three sentences, our own words
    rules = ["MC-PRISON-1"]             # the rule IDs it rests on
    source = "rulebook: MC-PRISON-1"    # provenance
    match_case = true                   # optional: link only as written ("Cell", not "cell")
    slug = "cell"                       # optional: the URL's name (default: from the term)
    link = ["Cell"]                     # optional: the names linked in texts (default: all)

A mistake raises :class:`GlossaryError` naming the file, the entry and the problem.

>>> glossary = Glossary.of("Demo", [
...     GlossaryEntry("Mayor", "mayor", ("mayors",), "The figure that orders the evaluations.",
...                   ("MC-FIG-7",), "rulebook: MC-FIG-7"),
...     GlossaryEntry("Cell", "cell", ("jail",), "Where jailed tokens wait.", ("MC-PRISON-1",),
...                   "rulebook: MC-PRISON-1", match_case=True)])
>>> glossary.get("JAIL").term, glossary.get("mayors").slug, glossary.get("nope")
('Cell', 'mayor', None)
>>> link_terms("The Mayor, the mayor and a cell.", glossary)  # doctest: +NORMALIZE_WHITESPACE
'The <a href="/rules/?term=mayor" target="_blank" class="term-link"
title="Mayor: The figure that orders the evaluations."
style="color:inherit;text-decoration:underline dotted;text-underline-offset:2px">Mayor</a>,
the mayor and a cell.'
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from speakeasy.tools.errors import DataError
from speakeasy.tools.rule_links import RULES_PAGE, sub_outside
from speakeasy.tools.toml import read_toml

__all__ = [
    "MAX_DEFINITION",
    "Glossary",
    "GlossaryEntry",
    "GlossaryError",
    "link_terms",
    "load_glossary",
    "slug_of",
    "term_url",
    "terms_in",
]

#: Longest definition (characters): one to three sentences.
MAX_DEFINITION: Final = 420
#: Longest term or alias.
MAX_NAME: Final = 60
_FIELDS: Final = frozenset(
    {"term", "aliases", "definition", "rules", "source", "match_case", "slug", "link"}
)
_REQUIRED: Final = ("term", "definition", "rules", "source")
_SLUG: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: A sentence ends with . ! or ? before a space and a capital (or at the end); "F.B.I." is one.
_SENTENCE_END: Final = re.compile(r"(?<!\.[A-Z])[.!?](?=\s+[A-Z\"(]|\s*$)")


class GlossaryError(DataError):
    """A glossary file is malformed: names the file, the entry (``term 3 "Cell"``) and what is
    wrong.

    >>> raise GlossaryError("glossary.toml", 'term 2 "Cell"', "no definition")
    Traceback (most recent call last):
    ...
    speakeasy.tools.glossary.GlossaryError: glossary.toml: term 2 "Cell": no definition
    """


def slug_of(term: str) -> str:
    """The URL name of ``term``: lower case, words joined by ``-``.

    >>> slug_of("Police Officer"), slug_of("F.B.I."), slug_of("Contractors' Office")
    ('police-officer', 'fbi', 'contractors-office')
    """
    plain = re.sub(r"['.\u2019]", "", term.lower())
    return "-".join(re.findall(r"[a-z0-9]+", plain))


def term_url(slug: str, page: str = RULES_PAGE) -> str:
    """The rules page's URL of one glossary entry.

    >>> term_url("mayor")
    '/rules/?term=mayor'
    """
    return f"{page}?term={slug}"


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """One word of a game: ``term`` as the texts write it, its ``slug`` (the URL's name), its
    ``aliases``, ``definition``, the ``rules`` it rests on, its provenance (``source``), whether
    it is linked only as written (``match_case``), the names linked in texts (``link``; empty:
    the term and every alias) and the title of its ``game``."""

    term: str
    slug: str
    aliases: tuple[str, ...]
    definition: str
    rules: tuple[str, ...]
    source: str
    match_case: bool = False
    link: tuple[str, ...] = ()
    game: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """The term and its aliases."""
        return (self.term, *self.aliases)

    @property
    def linked_names(self) -> tuple[str, ...]:
        """The names that are linked where a text writes them."""
        return self.link or self.names

    def tooltip(self) -> str:
        """``Term: definition`` (the link's ``title``)."""
        return f"{self.term}: {self.definition}"

    def matches(self, words: Sequence[str]) -> int:
        """How well the search ``words`` (lower case) name this entry: 3 a name exactly, 2 every
        word in a name, 1 every word in the names or the definition, 0 not at all."""
        names = [n.lower() for n in self.names]
        phrase = " ".join(words)
        if phrase in names or phrase == self.slug:
            return 3
        if all(any(_has_word(n, w) for n in names) for w in words):
            return 2
        text = " ".join([*names, self.definition.lower()])
        return 1 if all(_has_word(text, w) for w in words) else 0


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` starts a word of ``text`` (so "jail" finds "jailed")."""
    return re.search(rf"(?<![\w]){re.escape(word)}", text) is not None


@dataclass(frozen=True)
class Glossary:
    """A game's glossary (``game``: its title), entries in file order; names are looked up in any
    case (:meth:`get`)."""

    game: str
    entries: tuple[GlossaryEntry, ...]
    _names: Mapping[str, GlossaryEntry] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def of(cls, game: str, entries: Iterable[GlossaryEntry]) -> Glossary:
        """A glossary of ``entries`` (each labelled with ``game``); ``ValueError`` on a name or
        slug that two entries share."""
        labelled = tuple(
            GlossaryEntry(
                e.term, e.slug, e.aliases, e.definition, e.rules, e.source, e.match_case,
                e.link, game,
            )
            for e in entries
        )  # fmt: skip
        names: dict[str, GlossaryEntry] = {}
        slugs: dict[str, GlossaryEntry] = {}
        for entry in labelled:
            if entry.slug in slugs:
                other = slugs[entry.slug].term
                raise ValueError(f"slug {entry.slug!r} of {entry.term!r} is also {other!r}'s")
            slugs[entry.slug] = entry
            for name in entry.names:
                key = name.lower()
                if key in names:
                    other = names[key].term
                    raise ValueError(f"{name!r} of {entry.term!r} is also a name of {other!r}")
                names[key] = entry
        return cls(game, labelled, names)

    def __iter__(self) -> Iterator[GlossaryEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def get(self, name: str) -> GlossaryEntry | None:
        """The entry that ``name`` (a term, an alias or a slug, any case) names, or ``None``."""
        key = name.strip().lower()
        found = self._names.get(key)
        if found is not None:
            return found
        return next((e for e in self.entries if e.slug == key), None)

    def find(self, query: str) -> list[GlossaryEntry]:
        """Entries the search words name: a name or slug exactly first, then entries with every
        word in a name, then those with every word in the definition (file order within each)."""
        words = re.findall(r"[\w+'.]+", query.lower())
        if not words:
            return list(self.entries)
        scored = [(e.matches(words), i, e) for i, e in enumerate(self.entries)]
        return [e for score, _, e in sorted(scored, key=lambda t: (-t[0], t[1])) if score]


# ---------------------------------------------------------------------- loading
def _strings(value: object, where: str, path: Path, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GlossaryError(path, where, f"{key} must be a list of non-empty strings")
    return tuple(v.strip() for v in value)


def _entry(raw: object, number: int, path: Path, rule_ids: frozenset[str] | None) -> GlossaryEntry:
    where = f"term {number}"
    if not isinstance(raw, dict):
        raise GlossaryError(path, where, "each [[term]] must be a table")
    term = raw.get("term")
    if isinstance(term, str) and term.strip():
        where = f'term {number} "{term.strip()}"'
    unknown = sorted(set(raw) - _FIELDS)
    if unknown:
        raise GlossaryError(path, where, f"unknown field(s) {', '.join(unknown)}")
    for key in _REQUIRED:
        if key not in raw:
            raise GlossaryError(path, where, f"no {key}")
    for key in ("term", "definition", "source"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise GlossaryError(path, where, f"{key} must be a non-empty string")
    term = raw["term"].strip()
    aliases = _strings(raw.get("aliases", []), where, path, "aliases")
    for name in (term, *aliases):
        if len(name) > MAX_NAME or "\n" in name:
            raise GlossaryError(path, where, f"name {name[:20]!r}... is longer than {MAX_NAME}")
    definition = " ".join(raw["definition"].split())
    sentences = len(_SENTENCE_END.findall(definition))
    if len(definition) > MAX_DEFINITION or not 1 <= sentences <= 3 or definition[-1] not in ".!?":
        raise GlossaryError(
            path,
            where,
            f"the definition must be one to three sentences of at most {MAX_DEFINITION} characters",
        )
    rules = _strings(raw["rules"], where, path, "rules")
    if not rules:
        raise GlossaryError(path, where, "rules must name at least one rule ID")
    if rule_ids is not None:
        missing = [r for r in rules if r not in rule_ids]
        if missing:
            raise GlossaryError(path, where, f"not in the game's rules index: {', '.join(missing)}")
    source = raw["source"].strip()
    if not re.fullmatch(r"rulebook: \S.*", source):
        raise GlossaryError(path, where, "source must be 'rulebook: <rule IDs or place>'")
    match_case = raw.get("match_case", False)
    if not isinstance(match_case, bool):
        raise GlossaryError(path, where, "match_case must be true or false")
    slug = raw.get("slug", slug_of(term))
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        raise GlossaryError(path, where, "slug must be lower-case words joined by '-'")
    link = _strings(raw.get("link", []), where, path, "link")
    if any(n.lower() not in {m.lower() for m in (term, *aliases)} for n in link):
        raise GlossaryError(path, where, "link may list only the term and its aliases")
    return GlossaryEntry(term, slug, aliases, definition, rules, source, match_case, link)


def load_glossary(
    path: str | Path, game: str = "", rule_ids: Iterable[str] | None = None
) -> Glossary:
    """The glossary in the file at ``path`` (``game``: the game's title), every rule it cites
    checked against ``rule_ids`` when given; :class:`GlossaryError` on any mistake."""
    path = Path(path)
    data: dict[str, Any] = read_toml(path)
    unknown = sorted(set(data) - {"term"})
    if unknown:
        raise GlossaryError(path, "file", f"unknown top-level key(s) {', '.join(unknown)}")
    raw = data.get("term")
    if not isinstance(raw, list) or not raw:
        raise GlossaryError(path, "file", "no [[term]] entries")
    known = frozenset(rule_ids) if rule_ids is not None else None
    entries = [_entry(item, i, path, known) for i, item in enumerate(raw, 1)]
    try:
        return Glossary.of(game, entries)
    except ValueError as exc:
        raise GlossaryError(path, "file", str(exc)) from None


# ---------------------------------------------------------------------- linking
#: Text left alone: links, buttons, code, headings and the like with what they hold; any other
#: tag itself; Markdown links and code spans; HTML entities.
_SKIP: Final = re.compile(
    r"<(a|button|code|pre|script|style|textarea|select|option|svg|h[1-6]|summary)\b[^>]*>"
    r".*?</\1\s*>|<[^>]*>|\[[^\]]*\]\([^)]*\)|`[^`]*`|&(?!quot;|#34;)#?\w+;",
    re.DOTALL | re.IGNORECASE,
)
#: Characters written as entities inside the ``title`` (besides HTML's): no Markdown reads them.
_TITLE_ENTITIES: Final = {c: f"&#{ord(c)};" for c in "$*_`[]\\~|"}


def _name_pattern(name: str) -> str:
    """A name as a pattern: a quote also matches its entities, any space any white space."""
    parts = []
    for char in name:
        if char == '"':
            parts.append('(?:"|&quot;|&#34;)')
        elif char == " ":
            parts.append(r"\s+")
        else:
            parts.append(re.escape(char))
    return "".join(parts)


def _glossaries(glossary: Glossary | Sequence[Glossary]) -> tuple[Glossary, ...]:
    return (glossary,) if isinstance(glossary, Glossary) else tuple(glossary)


@functools.cache
def _matcher(glossaries: tuple[Glossary, ...]) -> tuple[re.Pattern[str], dict[str, GlossaryEntry]]:
    """One pattern for every linked name (longest first), and the entry of each name (lower
    case) that it finds."""
    by_name: dict[str, GlossaryEntry] = {}
    for glossary in glossaries:
        for entry in glossary:
            for name in entry.linked_names:
                by_name.setdefault(name.lower(), entry)
    names = sorted(by_name, key=len, reverse=True)
    alternatives = "|".join(_name_pattern(n) for n in names) or r"(?!x)x"
    return re.compile(rf"(?<![\w/=?&#-])(?:{alternatives})(?![\w-])", re.IGNORECASE), by_name


def _found(match: str, by_name: Mapping[str, GlossaryEntry]) -> GlossaryEntry | None:
    """The entry a matched text names, if it is written as the entry asks."""
    key = " ".join(html.unescape(match).split()).lower()
    entry = by_name.get(key)
    if entry is None:
        return None
    if entry.match_case and not any(
        " ".join(html.unescape(match).split()) == n for n in entry.linked_names
    ):
        return None
    return entry


def _anchor(text: str, entry: GlossaryEntry, page: str) -> str:
    title = html.escape(entry.tooltip(), quote=True)
    title = "".join(_TITLE_ENTITIES.get(c, c) for c in title)
    return (
        f'<a href="{term_url(entry.slug, page)}" target="_blank" class="term-link" '
        f'title="{title}" style="color:inherit;text-decoration:underline dotted;'
        f'text-underline-offset:2px">{text}</a>'
    )


def link_terms(
    text: str,
    glossary: Glossary | Sequence[Glossary],
    page: str = RULES_PAGE,
    *,
    seen: set[tuple[str, str]] | None = None,
) -> str:
    """``text`` (Markdown or HTML that is already safe: escaped by
    :func:`~speakeasy.tools.citations.markdown_escape` or :func:`html.escape`) with the first
    occurrence of each glossary term a link to its entry on the rules page, with the definition
    as its tooltip. A term is found as a whole word (never inside another word, a rule ID or a
    path); links, tags, buttons, headings, code and entities stay as they are; ``seen`` (the
    ``(game, slug)`` already linked) carries "first occurrence" across several texts.

    >>> g = Glossary.of("Demo", [GlossaryEntry("Hat", "hat", ("Hats",), "A symbol.", ("X",),
    ...                                        "rulebook: X", match_case=True)])
    >>> link_terms("that Hat; Hats; MC-HAT-1; <b title='Hat'>x</b>", g).count("term-link")
    1
    """
    pattern, by_name = _matcher(_glossaries(glossary))
    linked = seen if seen is not None else set()

    def link(match: re.Match[str]) -> str:
        entry = _found(match.group(0), by_name)
        if entry is None or (entry.game, entry.slug) in linked:
            return match.group(0)
        linked.add((entry.game, entry.slug))
        return _anchor(match.group(0), entry, page)

    return sub_outside(pattern, link, text, _SKIP)


def terms_in(
    texts: Iterable[str], glossary: Glossary | Sequence[Glossary], page: str = RULES_PAGE
) -> dict[str, dict[str, Any]]:
    """The linked names (lower case) that occur in plain ``texts``, each with what a page needs
    to link it: ``href``, ``title`` (the definition), ``slug`` and ``case`` (link only as
    written: then ``as`` lists the spellings). A text-only view (the decision panel) sends this
    and links the words itself.

    >>> g = Glossary.of("Demo", [GlossaryEntry("Mayor", "mayor", (), "A figure.", ("X",),
    ...                                        "rulebook: X")])
    >>> terms_in(["the mayor moves"], g)["mayor"]["href"]
    '/rules/?term=mayor'
    """
    pattern, by_name = _matcher(_glossaries(glossary))
    found: dict[str, dict[str, Any]] = {}
    for text in texts:
        for match in pattern.finditer(text):
            entry = _found(match.group(0), by_name)
            key = " ".join(match.group(0).split()).lower()
            if entry is None or key in found:
                continue
            found[key] = {
                "href": term_url(entry.slug, page),
                "title": entry.tooltip(),
                "slug": f"{entry.game}:{entry.slug}",
                "case": entry.match_case,
                "as": list(entry.linked_names),
            }
    return found
