"""Where each piece of data comes from.

Every item in ``data/`` carries a provenance string of the form ``"<kind>: <ID>, <ID>..."``:

* ``rulebook`` -- the value is stated or forced by the rulebooks; the IDs are rule, example or
  geometry IDs of the rules reference (``R-TRUCK-7``, ``E17``, ``GEO-6``...).
* ``assumed`` -- the rulebook text lacks the value; the IDs must include the ``GAP-n`` (or
  ``DISC-n``) entry whose ASSUMED default the value takes.

>>> Provenance.parse("rulebook: GEO-6, E18")
Provenance(kind='rulebook', refs=('GEO-6', 'E18'))
>>> Provenance.parse("assumed: GAP-1").is_assumed
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

ProvenanceKind = Literal["rulebook", "assumed"]

#: Shapes of the IDs used by the rules reference.
REF_PATTERN = re.compile(
    r"^(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+|E\d{1,2}|GEO-\d+|MAP-\d+|GAP-\d+|DISC-\d+)$"
)
_ASSUMPTION_REF = re.compile(r"^(GAP|DISC)-\d+$")


@dataclass(frozen=True, slots=True)
class Provenance:
    """The source of one data item: its kind and the reference IDs that justify it."""

    kind: ProvenanceKind
    refs: tuple[str, ...]

    @property
    def is_assumed(self) -> bool:
        return self.kind == "assumed"

    @property
    def gaps(self) -> tuple[str, ...]:
        """The GAP/DISC IDs this item rests on (empty for rulebook data)."""
        return tuple(r for r in self.refs if _ASSUMPTION_REF.match(r))

    def __str__(self) -> str:
        return f"{self.kind}: {', '.join(self.refs)}"

    @classmethod
    def parse(cls, text: object) -> Provenance:
        """Parse ``"kind: ID, ID"``; raise ``ValueError`` with a plain reason if malformed."""
        if not isinstance(text, str) or ":" not in text:
            raise ValueError(
                f"provenance must look like 'rulebook: E17' or 'assumed: GAP-1', got {text!r}"
            )
        kind, _, rest = text.partition(":")
        kind = kind.strip()
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
        return cls(kind, refs)  # type: ignore[arg-type]
