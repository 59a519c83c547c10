"""One way to derive seeds: a seed for each game, bot or trial from a parent seed and labels.

Deriving with :func:`derive_seed` instead of arithmetic (``seed * 10 + i``) keeps the derived
seeds apart (no two labels give the same seed by accident) and stable: the value depends only
on the parent seed and the labels, never on the process, the platform or the Python version
(SHA-256, not :func:`hash`, which is salted per process).

>>> derive_seed(7, "bot", 0) == derive_seed(7, "bot", 0)
True
>>> len({derive_seed(7, "bot", 0), derive_seed(7, "bot", 1), derive_seed(8, "bot", 0)})
3
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import operator
import struct
from typing import Any

__all__ = ["MAX_SEED", "RNG_WORDS", "check_seed", "derive_seed", "rng_state", "rng_text"]


def derive_seed(seed: int, *labels: str | int) -> int:
    """A seed derived from ``seed`` and ``labels``: a non-negative int below ``2**63``.

    The labels are kept apart exactly (``"1"`` is not ``1``, ``("a", "b")`` is not
    ``("a:b",)``), and the result fits a signed 64-bit integer column.

    >>> derive_seed(1, "game", 0)
    2134046335532821202
    >>> derive_seed(1, "1") != derive_seed(1, 1)
    True
    >>> derive_seed(1, "a", "b") != derive_seed(1, "a:b")
    True
    >>> 0 <= derive_seed(-5) < 2**63
    True
    """
    text = json.dumps(["speakeasy-seed", seed, *labels], separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


#: Seeds are whole numbers ``0 <= seed < MAX_SEED`` (what :func:`derive_seed` gives and a signed
#: 64-bit integer column holds).
MAX_SEED = 2**63


def check_seed(seed: object) -> int:
    """``seed`` if it is a game's seed: an ``int`` (not a ``bool``), ``0 <= seed < 2**63``;
    ``TypeError`` or ``ValueError`` with a plain message otherwise.

    >>> check_seed(7)
    7
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    TypeError: a seed must be a whole number (an int), not float
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    ValueError: a seed must be between 0 and 2**63 - 1, got -1
    """
    if isinstance(seed, bool):
        raise TypeError("a seed must be a whole number (an int), not bool")
    try:
        seed = operator.index(seed)  # type: ignore[arg-type]  # ints and int-like numbers (numpy's), not floats
    except TypeError:
        raise TypeError(
            f"a seed must be a whole number (an int), not {type(seed).__name__}"
        ) from None
    if not 0 <= seed < MAX_SEED:
        shown = str(seed) if seed.bit_length() < 200 else f"a {seed.bit_length()}-bit number"
        raise ValueError(f"a seed must be between 0 and 2**63 - 1, got {shown}")
    return seed


#: The words of the random number generator's state (Python's Mersenne Twister: 624 words
#: and the position in them), as ``rng`` holds them.
RNG_WORDS = 625
_RNG_VERSION = 3


def rng_text(state: tuple[Any, ...]) -> str:
    """The state of a ``random.Random`` (``getstate()``) as a position file's ``rng`` text
    (any game's): its 625 words, little-endian, in base64 (3336 characters).

    >>> import random
    >>> rng = random.Random(5)
    >>> text = rng_text(rng.getstate())
    >>> len(text), random.Random().getstate() != rng_state(text)
    (3336, True)
    >>> other = random.Random(); other.setstate(rng_state(text)); other.random() == rng.random()
    True
    """
    version, words, gauss = state
    if version != _RNG_VERSION or gauss is not None or len(words) != RNG_WORDS:
        raise ValueError("not the state of a random.Random the engine uses")
    return base64.b64encode(struct.pack(f"<{RNG_WORDS}I", *words)).decode("ascii")


def rng_state(text: str) -> tuple[Any, ...]:
    """The ``random.Random`` state a position's ``rng`` text holds; ``ValueError`` if it
    holds none (wrong length, not base64, a position beyond the 624 words, all zeros)."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ValueError("rng: not base64 text") from None
    if len(raw) != 4 * RNG_WORDS:
        raise ValueError(f"rng: {len(raw)} bytes; a generator's state has {4 * RNG_WORDS}")
    words = struct.unpack(f"<{RNG_WORDS}I", raw)
    if not 1 <= words[-1] <= RNG_WORDS - 1 or not any(words[:-1]):
        raise ValueError("rng: not the state of a Mersenne Twister generator")
    return (_RNG_VERSION, words, None)
