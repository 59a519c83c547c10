"""The teacher's view of a shared table, and who may turn it on (both games' tables).

At a table each person sees only their own seat's observation: another player's safe and hand
stay hidden (R-MONEY-1, R-HELPER-3), and in Mafia City every hand but one's own (MC-INFO-1). The
teacher's view is the explicit exception: the whole state, every hand and safe, bots' included.
It belongs to the teacher, never to a player's screen, and this module is the one place that
decides who the teacher is:

- **In the workshop** (``speakeasy workshop``) the teacher is whoever opened the page with the
  teacher's code, ``?teacher=<code>``: a code made at start (:func:`new_code`) and printed only
  to the teacher, in the teacher's URL (:func:`teacher_url`), never on a student's page. The
  notebook checks it on the server (:func:`granted`, with :func:`hmac.compare_digest` against
  the code the workshop was started with, :func:`set_code`), from the page's query parameters
  (marimo's ``mo.query_params()``, read from the page's own connection), never from a widget.
  A single ``marimo run`` takes the code from the environment variable ``SPEAKEASY_TEACHER_CODE``
  (:data:`ENV`); without one nobody is the teacher.
- **In Jupyter** the person who owns the kernel is the teacher: the notebook holds a
  ``TeacherView(allowed=True)`` and a documented cell turns it on explicitly
  (``teacher.set(True)``), not a switch beside the game.

A :class:`TeacherView` refuses to turn on unless it was made allowed: a page without the code
has no switch, and a value posted for one (marimo checks no widget value) changes nothing.

>>> set_code("s3cret")
>>> granted({"teacher": "s3cret"}), granted({"teacher": ["wrong", "s3cret"]})
(True, True)
>>> granted({"teacher": "guess"}), granted({}), granted(None)
(False, False, False)
>>> view = TeacherView.from_query({"teacher": "guess"})
>>> view.set(True), view.on
(False, False)
>>> teacher_url("http://h:1/play/?access_token=abc", "s3cret")
'http://h:1/play/?access_token=abc&teacher=s3cret'
>>> set_code(None)
"""

from __future__ import annotations

import hmac
import os
import secrets
from collections.abc import Callable
from typing import Final
from urllib.parse import quote

__all__ = [
    "ENV",
    "PARAM",
    "TeacherView",
    "current_code",
    "granted",
    "new_code",
    "set_code",
    "teacher_url",
]

#: The query parameter that carries the teacher's code.
PARAM: Final = "teacher"
#: The environment variable a single ``marimo run`` may take the teacher's code from.
ENV: Final = "SPEAKEASY_TEACHER_CODE"

_CODE: dict[str, str | None] = {"code": None}


def new_code() -> str:
    """A fresh teacher's code (random, URL-safe, 16 characters)."""
    return secrets.token_urlsafe(12)


def set_code(code: str | None) -> None:
    """The teacher's code of this process (the workshop's, set when it builds its app; its
    notebooks run as threads of the same process), or ``None``: nobody is the teacher."""
    _CODE["code"] = code or None


def current_code() -> str | None:
    """The teacher's code in force: the workshop's, else :data:`ENV`'s, else ``None``."""
    return _CODE["code"] or os.environ.get(ENV) or None


def _values(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    return []


def granted(params: object) -> bool:
    """Whether the query parameters ``params`` (``mo.query_params()``, or any mapping of a name
    to a value or a list of values) carry the teacher's code (compared in constant time).
    Anything else, or no code in force, grants nothing."""
    code = current_code()
    getter = getattr(params, "get", None)
    if not code or not callable(getter):
        return False
    try:
        given = _values(getter(PARAM))
    except Exception:  # a page's parameters are the page's: nothing they hold is trusted
        return False
    expected = code.encode("utf-8")
    return any(hmac.compare_digest(v.encode("utf-8"), expected) for v in given)


def teacher_url(url: str, code: str) -> str:
    """``url`` with the teacher's code added to its query."""
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}{PARAM}={quote(code)}"


class TeacherView:
    """Whether a table shows the teacher's view (the whole state) or each seat's own.

    Made ``allowed`` only for the teacher (:func:`granted` in a served notebook, the kernel's
    owner in Jupyter); :meth:`set` turns it on only then, and only for ``True`` itself (a page
    can post any value). Whoever draws the table listens (:meth:`listen`)."""

    def __init__(self, allowed: bool = False) -> None:
        self._allowed = allowed is True
        self._on = False
        self._listeners: list[Callable[[bool], object]] = []

    @classmethod
    def from_query(cls, params: object) -> TeacherView:
        """The view of a page opened with the query parameters ``params``."""
        return cls(granted(params))

    @property
    def allowed(self) -> bool:
        """Whether this page (kernel) belongs to the teacher."""
        return self._allowed

    @property
    def on(self) -> bool:
        """Whether the teacher's view is on."""
        return self._on

    def set(self, on: object) -> bool:
        """Turn the teacher's view on (``True``, when allowed) or off (anything else); the
        listeners hear of a change. Returns whether it is on."""
        new = self._allowed and on is True
        if new != self._on:
            self._on = new
            for listener in list(self._listeners):
                listener(new)
        return self._on

    def listen(self, callback: Callable[[bool], object]) -> None:
        """Call ``callback(on)`` whenever the view turns on or off."""
        self._listeners.append(callback)

    def __repr__(self) -> str:
        return f"TeacherView(allowed={self._allowed}, on={self._on})"
