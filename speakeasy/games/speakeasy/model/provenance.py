"""Where each piece of data comes from.

Every item in ``data/`` carries a provenance string of the form ``"<kind>: <ID>, <ID>..."``:

* ``rulebook`` -- the value is stated or forced by the rulebooks; the IDs are rule, example or
  geometry IDs of the rules reference (``R-TRUCK-7``, ``E17``, ``GEO-6``...).
* ``assumed`` -- the rulebook text lacks the value; the IDs must include the ``GAP-n`` (or
  ``DISC-n``) entry whose ASSUMED default the value takes.

A ``rulebook`` string may end with ``| <place>``: where the rulebooks state it, naming the Czech
(``CZ``) and/or Polish (``PL``) book and the section or page words (issue 15: values the
reference marked ASSUMED that the books state carry their place in the text).

>>> Provenance.parse("rulebook: GEO-6, E18")
Provenance(kind='rulebook', refs=('GEO-6', 'E18'))
>>> Provenance.parse("assumed: GAP-1").is_assumed
True
>>> p = Provenance.parse('rulebook: R-GOON-1 | CZ p. 13 "($0 až $5)"; PL p. 13 "(od 0 do 5 $)"')
>>> p.place
'CZ p. 13 "($0 až $5)"; PL p. 13 "(od 0 do 5 $)"'
>>> str(p).endswith("| " + p.place)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

ProvenanceKind = Literal["rulebook", "assumed"]

#: Shapes of the IDs used by the rules reference.
REF_PATTERN = re.compile(
    r"^(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+|E\d{1,2}|GEO-\d+|MAP-\d+|GAP-\d+|DISC-\d+)$"
)
_ASSUMPTION_REF = re.compile(r"^(GAP|DISC)-\d+$")
_PLACE = re.compile(r"\b(CZ|PL)\b")


@dataclass(frozen=True, slots=True)
class Provenance:
    """The source of one data item: its kind and the reference IDs that justify it."""

    kind: ProvenanceKind
    refs: tuple[str, ...]
    #: where the rulebooks state it (``CZ ...; PL ...``), for rulebook items that carry it
    place: str = field(default="", repr=False)

    @property
    def is_assumed(self) -> bool:
        return self.kind == "assumed"

    @property
    def gaps(self) -> tuple[str, ...]:
        """The GAP/DISC IDs this item rests on (empty for rulebook data)."""
        return tuple(r for r in self.refs if _ASSUMPTION_REF.match(r))

    def __str__(self) -> str:
        text = f"{self.kind}: {', '.join(self.refs)}"
        return f"{text} | {self.place}" if self.place else text

    @classmethod
    def parse(cls, text: object) -> Provenance:
        """Parse ``"kind: ID, ID"``; raise ``ValueError`` with a plain reason if malformed."""
        if not isinstance(text, str) or ":" not in text:
            raise ValueError(
                f"provenance must look like 'rulebook: E17' or 'assumed: GAP-1', got {text!r}"
            )
        kind, _, rest = text.partition(":")
        kind = kind.strip()
        rest, bar, place = rest.partition("|")
        place = place.strip()
        refs = tuple(r.strip() for r in rest.split(",") if r.strip())
        if kind not in ("rulebook", "assumed"):
            raise ValueError(f"provenance kind must be 'rulebook' or 'assumed', got {kind!r}")
        if not refs:
            raise ValueError(f"provenance {text!r} cites no rule, example or gap ID")
        bad = [r for r in refs if not REF_PATTERN.match(r)]
        if bad:
            raise ValueError(f"provenance {text!r} has malformed ID(s): {', '.join(bad)}")
        if kind == "assumed" and not any(_ASSUMPTION_REF.match(r) for r in refs):
            raise ValueError(
                f"assumed provenance {text!r} must cite the GAP-n or DISC-n it rests on"
            )
        if kind == "rulebook" and all(_ASSUMPTION_REF.match(r) for r in refs):
            raise ValueError(f"rulebook provenance {text!r} cites only gaps; use 'assumed'")
        if bar and kind != "rulebook":
            raise ValueError(f"only rulebook provenance gives a place in the text: {text!r}")
        if bar and not _PLACE.search(place):
            raise ValueError(
                f"the place in {text!r} must name the rulebook it quotes (CZ and/or PL)"
            )
        return cls(kind, refs, place)  # type: ignore[arg-type]


#: Readings the rules reference marked ASSUMED although the rulebooks state them (issue 15 §4),
#: for rules that have no data item of their own: reference ID -> rulebook provenance with the
#: place in the text. Data items carry theirs in ``data/`` (``scoring.toml`` building values,
#: ``fixed_goals.toml`` notoriety payouts, ``operations_board.toml`` casino spaces and goon cost
#: range, ``crates.toml`` crate 10, ``city_tokens.toml`` city-12).
STATED_IN_THE_BOOKS: dict[str, str] = {
    "R-GOLDEN-6": (
        "rulebook: R-GOLDEN-6, R-GANGWAR-6, R-GOLDEN-3 | CZ '3.1 Válka gangů', 'Síla "
        "gangstera ve válce gangů': 'zaútočí na každou hráčskou budovu ve své čtvrti', and p. 7 "
        "'Budovy v provozu' names only barrels, area payout and final scoring; PL '3.1 "
        "Wojny Gangów', 'Wojny Gangów - Siła Mafiozów': 'zaatakuje każdy Budynek gracza we "
        "wskazanym Rejonie'"
    ),
    "GAP-27": (
        "rulebook: R-GOLDEN-6, R-GANGWAR-6 | CZ '3.1 Válka gangů': 'zaútočí na každou "
        "hráčskou budovu ve své čtvrti' (every player building, operating or not); PL "
        "'3.1 Wojny Gangów': 'zaatakuje każdy Budynek gracza we wskazanym Rejonie'"
    ),
    "R-GANGWAR-14": (
        "rulebook: R-GANGWAR-14, R-GANGWAR-7, E3 | CZ '3.1 Válka gangů', 'd. Obrana před "
        "útokem gangstera': 'každý hráč musí za každou svou budovu ve čtvrti rozhodnout, zda se "
        "chce bránit'; PL '3.1 Wojny Gangów', 'd. Obrona przed atakiem Mafioza': 'każdy z "
        "graczy w Kolejności Tury musi zdecydować, czy chce bronić swoich Budynków'"
    ),
    "R-PROLOGUE-5": (
        "rulebook: R-PROLOGUE-5, R-BUILD-1 | CZ 'Přípravné kolo (1920)' 2.: 'Umístěte "
        "vybraný lihovar nebo bar na prázdné pole pro budovu', Poznámka: an empty space has no "
        "'bar gangsterů' beside it, so no takeover; PL 'Runda Przygotowania (1920)' 2.: "
        "'na pustym polu Budynku', Uwaga: 'obok którego nie ma Knajpy Mafioza'"
    ),
    "R-ACT-4": (
        "rulebook: R-ACT-4, R-ACT-2, R-ORDER-4 | CZ p. 8 'Struktura dějství': '2. KOLA HRÁČŮ' "
        "before '3. FÁZE LUCKYHO LUCIANA' and '4. KOLO ZÁVĚREČNÉHO BODOVÁNÍ'; 'Pořadí tahů': "
        "'Na konci každého kola, pokud se změnilo pořadí tahů' (every round, the last too); PL "
        "p. 8 'Struktura AKTU' and 'Kolejność Tury': 'Na koniec każdej rundy'"
    ),
    "R-PSETUP-11": (
        "rulebook: R-PSETUP-11, R-BOOKS-1 | CZ 'Příprava hráčů' 11.: 'Veškerý ostatní "
        "materiál ve své barvě prozatím nechte vedle své desky operací' (no book on the book "
        "space); PL 'Przygotowanie Gracza' 11.: 'Pozostałe twoje komponenty umieść obok "
        "twojej planszy Działalności'"
    ),
    "R-UPGRADE-4": (
        "rulebook: R-UPGRADE-4, R-UPGRADE-2 | CZ 'Úřad městského plánování': each action costs "
        "'nočního klubu ($12) či kasina ($17 a odložení karty operací z ruky)', the discount is "
        "'slevu odpovídající ceně budov v této skupině $3, $5 nebo $8' (money only, at most $8 "
        "< $12); PL 'Biuro Planowania Miejskiego': 'Kasyna (17 $ i odrzucenie karty "
        "Działalności z ręki)', 'zniżkę równą kosztowi Budynków w wysokości 3 $, 5 $ albo 8 $'"
    ),
    "R-TRUCK-12": (
        "rulebook: R-TRUCK-12, E17, E18 | CZ p. 16 'Garáž', 'Vyzvednutí sudů': 'Po nákupu sudů "
        "z lodi pašeráků posuňte loď'; Příklad 2: 'koupí si 2 sudy z lodi Arnolda Rothsteina "
        "(3), která se ihned přesune'; PL p. 16 'Garaż', 'Aby Odebrać Beczki': 'Po zakupie "
        "Beczek ... przesuń Statek'; Przykład 2: 'kupuje 2 Beczki ... który następnie "
        "natychmiast rusza'"
    ),
    "R-BOOKS-7": (
        "rulebook: R-BOOKS-7, R-GOAL-NOTOR-1 | CZ p. 23 'Cíle zfalšovaných knih', 5. cíle "
        "proslulosti: 'získáte $10, $15 nebo $20 do sejfu', 'Dosáhněte pole 10, 15 nebo 22'; "
        "PL p. 23 'Cele Fałszowania Ksiąg', 5. Cele Reputacji: '10 $, 15 $ albo 20 $', 'pole "
        "10, 15 lub 22'"
    ),
    "R-CRATE-10": (
        "rulebook: R-CRATE-10, R-GOLDEN-3 | CZ 'Žetony beden' 10.: '$5 za každý sud vedle "
        "vašich budov (kromě lihovaru). Max: $25.' (no golden-rule symbol: operating only); PL "
        "'Kafelki Skrzyni' 10.: '5 $ za każdą Beczkę obok twoich Budynków (za wyjątkiem "
        "Destylarni). Maks. 25 $.'"
    ),
    "GAP-12": (
        "rulebook: R-SCORING-2, E22 | CZ p. 20 '4. Kolo závěrečného bodování': 'Za každou vaši "
        "chráněnou budovu', example: lihovar $20, noční kluby $30 for two, kasino $20; PL p. 20 "
        "'4. Runda Końcowego Punktowania': 'tylko za dwie, które są chronione, co daje mu 20$'"
    ),
    "R-SCORING-2": (
        "rulebook: R-SCORING-2, E22 | CZ p. 20 '4. Kolo závěrečného bodování': 'Za každou vaši "
        "chráněnou budovu' (a value per building type); PL p. 20 '4. Runda Końcowego "
        "Punktowania': 'Za każdy chroniony Budynek'"
    ),
    "GAP-5": (
        "rulebook: R-GOON-1, E12 | CZ p. 13 'Najmutí jednoho či více ranařů': '($0 až $5)'; PL "
        "p. 13 'Zatrudnij jednego lub więcej Gangsterów': '(od 0 do 5 $)' (the cost range only; "
        "the six spaces stay the GAP-5 default)"
    ),
    "R-BUILD-8": (
        "rulebook: R-BUILD-8, E15 | CZ 'Úřad městského plánování', example: 'Kasino "
        "neposkytuje žádné okamžité odměny'; PL 'Biuro Planowania Miejskiego', example: "
        "'Kasyno nie zapewnia natychmiastowych premii'"
    ),
    "R-BUILD-3": (
        "rulebook: R-BUILD-3, R-BUILD-2 | CZ 'Kancelář dodavatelů': 'zaplatit cenu vybraného "
        "baru ($3, $5 nebo $8)' (the bar you choose, from any group); PL 'Biuro Wykonawcy': "
        "'koszt wybranej Knajpy (3 $, 5 $ albo 8 $)'"
    ),
    "R-CITYTOK-12": (
        "rulebook: R-CITYTOK-12 | CZ 'Žetony města': 'Otevřete bar nebo převezměte bar "
        "gangsterů za obvyklou cenu'; PL 'Żetony Miasta': 'Otwórz Knajpę albo Przejmij Knajpę "
        "Mafioza' (a bar only, never the distillery)"
    ),
    "R-ALLY-3": (
        "rulebook: R-ALLY-3 | CZ p. 22 'Schopnosti společníků': 'získejte jeho případnou "
        "okamžitou odměnu a poté destičku otočte'; PL p. 22 'Umiejętności Współpracowników': "
        "'otrzymujesz natychmiastową premię ... i odwracasz kafelek'"
    ),
    "R-SHIP-7": (
        "rulebook: R-SHIP-7 | CZ p. 22 'Žetony beden': 'V horní části lícové strany žetonu "
        "bedny je vyobrazena odměna na rubu'; PL p. 22 'Kafelki Skrzyni': 'Górna część kafelka "
        "Skrzyni wskazuje jaka premia znajduje się na rewersie'"
    ),
    "R-SHIP-5": (
        "rulebook: R-SHIP-5, DISC-3 | CZ 'Doky', 'Přepadení lodi pašeráků': 'musíte hráči "
        "zaplatit $1 ze své kapsy'; PL 'Doki', 'Zasadzka na Statek Przemytników Rumu': "
        "'płacąc temu graczowi 1 $ (jako forsę)' (pocket to pocket, never the safe)"
    ),
}
