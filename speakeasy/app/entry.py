"""The ``speakeasy`` command's entry point: Ctrl-C and SIGTERM are answered from its first
instant (issue 26 item 13).

Importing the command line (:mod:`speakeasy.app.cli`, with the workshop's server and the
games) takes one to three seconds. A signal in that window used to print a
``KeyboardInterrupt`` traceback; here it is remembered (:data:`EARLY`) and handed to the
command once it can answer, so it ends like any other interruption: ``interrupted: 0 of M
game(s) finished`` with status 130 (SIGINT) or 143 (SIGTERM), or, for ``speakeasy workshop``,
one line saying the server never started.
"""

from __future__ import annotations

import importlib
import signal
import sys
from collections.abc import Sequence
from types import FrameType

__all__ = ["EARLY", "main"]

#: The signals received before the command took them over, in order, each once.
EARLY: list[int] = []


def _remember(signum: int, frame: FrameType | None) -> None:
    if signum not in EARLY:
        EARLY.append(signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``speakeasy`` command (``argv``: its arguments, default ``sys.argv[1:]``)."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _remember)
    cli = importlib.import_module("speakeasy.app.cli")  # the slow part, signals remembered
    status: int = cli.main(argv, early=EARLY)
    return status


if __name__ == "__main__":
    sys.exit(main())
