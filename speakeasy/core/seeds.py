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

import hashlib
import json
import operator

__all__ = ["MAX_SEED", "check_seed", "derive_seed"]


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
