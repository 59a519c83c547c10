"""Every symbol the product ships draws as a glyph in Debian's chromium (issue 24).

Debian's chromium comes with no emoji font: a robot, a die or a folder drew as empty boxes in
the play table's buttons. Every character from U+2000 on (dashes, arrows, stars, ticks, the
die face of "New game") in the files a player's text comes from is drawn on a canvas and
compared with the box drawn for a character no font has (:func:`tests.browser.missing_glyphs`).
The play tables check what they show after every decision the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import missing_glyphs, symbols_in

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
#: The files a player's text comes from: the package (code, scripts, styles, data), the data
#: and the notebooks.
SHIPPED = (
    "speakeasy/**/*.py",
    "speakeasy/**/*.js",
    "speakeasy/**/*.css",
    "speakeasy/**/*.toml",
    "data/**/*.toml",
    "data/**/*.json",
    "notebooks/*.py",
    "notebooks/*.ipynb",
)


def _shipped_symbols() -> dict[str, str]:
    """Each symbol character shipped, with one file it is in."""
    found: dict[str, str] = {}
    for pattern in SHIPPED:
        for path in sorted(ROOT.glob(pattern)):
            for ch in symbols_in(path.read_text(encoding="utf-8")):
                found.setdefault(ch, str(path.relative_to(ROOT)))
    return found


def test_the_check_sees_a_missing_glyph(chromium_page: Any) -> None:
    """The check itself: a character no font has, and an emoji with no emoji font, fail it;
    a letter and an arrow pass."""
    page = chromium_page
    page.set_content("<body>x</body>")
    assert missing_glyphs(page, ["\U0010fffd", "A", "→"]) == ["\U0010fffd"]


def test_every_shipped_symbol_has_a_glyph(chromium_page: Any) -> None:
    shipped = _shipped_symbols()
    assert "→" in shipped and "✓" in shipped  # the scan reads the files
    page = chromium_page
    page.set_content("<body>x</body>")
    missing = missing_glyphs(page, sorted(shipped))
    assert not missing, {ch: (f"U+{ord(ch):04X}", shipped[ch]) for ch in missing}
