"""Values that arrive from a widget, checked on the server before they are used.

A browser can post any value for a widget: marimo does not hold a slider or a number field to
its bounds on the server, and an upload or a paste box can carry any number of bytes. The
notebooks pass every widget value through one of these helpers first: numbers are clamped into
the widget's range (a value that is no number falls back to the default), a choice must be one
of the options, text is cut to a length, and an upload larger than :data:`MAX_UPLOAD_BYTES` is
refused (:class:`UploadTooLarge`) before it is parsed; an upload read as text must be UTF-8
(:func:`checked_upload_text`, else :class:`UploadNotText`).

>>> checked_int(6, 1, 2)
2
>>> checked_int("12", 0, 10**6), checked_int(-3, 0, 9), checked_int("x", 0, 9, default=4)
(12, 0, 4)
>>> checked_choice("4", ["1", "2", "3", "4"], "2"), checked_choice("9", ["1", "2"], "2")
('4', '2')
>>> checked_text("abcdef", 3)
'abc'
>>> len(checked_upload(b"{}"))
2
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import TypeVar

__all__ = [
    "MAX_TEXT_CHARS",
    "MAX_UPLOAD_BYTES",
    "UploadNotText",
    "UploadTooLarge",
    "checked_choice",
    "checked_int",
    "checked_seed",
    "checked_text",
    "checked_upload",
    "checked_upload_text",
    "clamp",
]

#: The largest upload or pasted text a notebook parses (a save or a position is a few kB).
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
#: The longest text a search box or similar field keeps.
MAX_TEXT_CHARS = 200

T = TypeVar("T")

_INTEGER = re.compile(r"\s*[+-]?[0-9]{1,30}\s*")


class UploadTooLarge(ValueError):
    """An upload or pasted text over the size limit; refused before it is parsed."""


class UploadNotText(ValueError):
    """An upload that is not UTF-8 text; refused before it is parsed."""


def clamp(value: int, low: int, high: int) -> int:
    """``value`` held to ``low..high``.

    >>> clamp(7, 1, 5), clamp(-1, 1, 5), clamp(3, 1, 5)
    (5, 1, 3)
    """
    if low > high:
        raise ValueError(f"empty range {low}..{high}")
    return max(low, min(high, value))


def checked_int(value: object, low: int, high: int, *, default: int | None = None) -> int:
    """A widget's number as an ``int`` in ``low..high``: an int, a whole float or a short
    string of ASCII digits is clamped into the range; anything else (``None``, ``True``, NaN,
    ``1.5``, ``"1e9"``, a list, a 5,000-digit string) gives ``default`` (else ``low``).

    >>> checked_int(2.0, 0, 9), checked_int(1.5, 0, 9), checked_int(True, 0, 9, default=3)
    (2, 0, 3)
    >>> checked_int(float("inf"), 0, 9), checked_int("9" * 5000, 0, 9)
    (0, 0)
    """
    fallback = clamp(low if default is None else default, low, high)
    number: int
    if isinstance(value, bool):
        return fallback
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return fallback
        number = int(value)
    elif isinstance(value, str) and _INTEGER.fullmatch(value):
        number = int(value)
    else:
        return fallback
    return clamp(number, low, high)


def checked_seed(value: object, high: int = 999_999) -> int | None:
    """A seed box's value: ``None`` when it is blank (``None`` or only spaces: the new game
    takes a new seed), else :func:`checked_int` in ``0..high`` (anything else gives 0).

    >>> checked_seed(None), checked_seed(" "), checked_seed(7.0), checked_seed("x")
    (None, None, 7, 0)
    """
    if value is None or (isinstance(value, str) and len(value) < 100 and not value.strip()):
        return None
    return checked_int(value, 0, high, default=0)


def checked_choice(value: object, choices: Iterable[T], default: T) -> T:
    """``value`` if it is one of ``choices``, else ``default``."""
    for choice in choices:
        if type(choice) is type(value) and choice == value:
            return choice
    return default


def checked_text(value: object, limit: int = MAX_TEXT_CHARS) -> str:
    """A text field's value cut to ``limit`` characters (not a string: empty)."""
    return value[:limit] if isinstance(value, str) else ""


def checked_upload(data: bytes | str, limit: int = MAX_UPLOAD_BYTES) -> bytes | str:
    """``data`` unchanged if it holds at most ``limit`` bytes (UTF-8 for text); otherwise
    :class:`UploadTooLarge`, before anything parses it.

    >>> checked_upload(b"x" * 11, limit=10)
    Traceback (most recent call last):
    ...
    speakeasy.tools.inputs.UploadTooLarge: the file is 11 bytes; the limit is 10 bytes
    >>> checked_upload("x" * (MAX_UPLOAD_BYTES + 1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    speakeasy.tools.inputs.UploadTooLarge: the text is 5,242,881 bytes (5.0 MB); the limit is ...
    """
    if isinstance(data, str) and len(data) <= limit:
        size = len(data) if len(data) * 4 <= limit else len(data.encode("utf-8", "replace"))
    else:
        size = len(data)  # for text over the limit in characters, at least that many bytes
    if size > limit:
        what = "text" if isinstance(data, str) else "file"
        raise UploadTooLarge(f"the {what} is {_size(size)}; the limit is {_size(limit)}")
    return data


def checked_upload_text(data: bytes | str, limit: int = MAX_UPLOAD_BYTES) -> str:
    """An uploaded file or pasted text as ``str``, once :func:`checked_upload` let it through;
    bytes that are not UTF-8 are refused (:class:`UploadNotText`, naming the first bad byte),
    never decoded with replacement characters.

    >>> checked_upload_text(b'{"seed": 1}')
    '{"seed": 1}'
    >>> checked_upload_text(b"ok\\xff")
    Traceback (most recent call last):
    ...
    speakeasy.tools.inputs.UploadNotText: the file is not UTF-8 text (byte 2 is 0xff)
    """
    raw = checked_upload(data, limit)
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UploadNotText(
            f"the file is not UTF-8 text (byte {exc.start:,} is 0x{raw[exc.start]:02x})"
        ) from None


def _size(n: int) -> str:
    return f"{n:,} bytes ({n / 1024 / 1024:.1f} MB)" if n >= 1024 * 1024 else f"{n:,} bytes"
