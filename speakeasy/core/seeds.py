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

__all__ = ["derive_seed"]


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
