"""What a workshop needs to survive a room: a code for the board, kept; the room's address; a QR.

* **The access code** (:func:`new_access_code`): eight characters of Crockford's base 32
  (digits and capitals without I, L, O and U), printed as ``K7QM-3XPA`` for the board. A
  student may type it in either case, with or without the dash or spaces, and with ``O`` for
  ``0`` or ``I``/``L`` for ``1`` (:func:`normalise_code`). It is the workshop's access token
  (:func:`speakeasy.app.workshop.guard`), so it must resist guessing: 8 characters of 32 are
  40 bits, 2^40 (about 1.1 x 10^12) codes, so a guesser needs 2^39 (5.5 x 10^11) tries on
  average. The workshop refuses at most a few thousand requests a second (about 550 a second
  on the 2-core test machine, ``tests/benchmarks/workshop_load_results.md``): even at 5,000 a
  second that is over 3 years, against a workshop of a few hours. On top of that the guard
  locks an address out for a minute after 10 wrong codes
  (:data:`speakeasy.app.workshop.WRONG_CODES_PER_MINUTE`): 10 tries a minute, 10^11 minutes
  per address.
* **The stored codes** (:class:`Codes`, :func:`load_codes`): the access code, the teacher's
  code (:func:`speakeasy.tools.teacher.new_code`, 16 characters that are never typed, only
  followed) and the key that signs the access cookie are kept in a per-user state file
  (:func:`state_file`, ``workshop.json`` in platformdirs' user state folder, e.g.
  ``~/.local/state/speakeasy/`` or ``$XDG_STATE_HOME/speakeasy/``), readable by its owner
  only. A restarted workshop prints the same code, the code on the board stays right, and the
  students' open pages (their cookie) and the teacher's bookmarked URL keep working.
  ``speakeasy workshop --new-code`` makes new ones (every cookie made with the old code stops
  working). The two codes never coincide: their lengths differ.
* **The room's address** (:func:`room_address`): for a workshop listening on every interface
  (``--host 0.0.0.0``), the address of the interface of the default route, which the room's
  laptops can open (a host name often resolves nowhere on a school's network).
* **The QR code** of the students' URL (:func:`qr_svg` for the index page, :func:`qr_text` for
  the terminal), made with `segno <https://segno.readthedocs.io>`_.

>>> normalise_code(" k7qm-3xpa "), normalise_code("K7QM3XPA"), normalise_code("ILO")
('K7QM3XPA', 'K7QM3XPA', '110')
>>> len(new_access_code()), set(new_access_code()) <= set(ALPHABET)
(8, True)
>>> board_code("K7QM3XPA")
'K7QM-3XPA'
"""

from __future__ import annotations

import io
import ipaddress
import json
import os
import re
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs
import segno

from speakeasy.tools.teacher import new_code as new_teacher_code

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "Codes",
    "board_code",
    "load_codes",
    "new_access_code",
    "normalise_code",
    "qr_svg",
    "qr_text",
    "room_address",
    "state_file",
]

#: Crockford's base 32: no I, L, O (read as 1, 1, 0) nor U.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Characters of an access code: 40 bits (see the module's docstring for the guesses).
CODE_LENGTH: Final = 8

_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_SEPARATORS = re.compile(r"[\s\-_.]+")


def new_access_code() -> str:
    """A fresh access code: :data:`CODE_LENGTH` random characters of :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """``text`` as the code a student meant: capitals, without spaces, dashes, dots or
    underscores, ``O`` read as ``0`` and ``I``/``L`` as ``1``."""
    return _SEPARATORS.sub("", text).upper().translate(_READ_AS)


def board_code(code: str) -> str:
    """``code`` as written on the board: groups of four joined by a dash."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def _is_access_code(value: object) -> bool:
    return isinstance(value, str) and len(value) == CODE_LENGTH and set(value) <= set(ALPHABET)


def _is_teacher_code(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[\w-]{16,64}", value, re.ASCII) is not None


def _is_key(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[0-9a-f]{64}", value) is not None


@dataclass(frozen=True)
class Codes:
    """A workshop's secrets: the students' ``access`` code, the ``teacher``'s code and the
    ``key`` (32 bytes) that signs the access cookie; ``note`` says what happened to the state
    file when it could not be read or written (empty when all went well)."""

    access: str
    teacher: str
    key: bytes
    note: str = ""

    @classmethod
    def new(cls) -> Codes:
        """Fresh codes and key (never stored)."""
        return cls(new_access_code(), new_teacher_code(), secrets.token_bytes(32))


def state_file() -> Path:
    """Where the workshop keeps its codes: ``workshop.json`` in this user's state folder
    (platformdirs: ``$XDG_STATE_HOME/speakeasy``, else ``~/.local/state/speakeasy`` on Linux)."""
    return platformdirs.user_state_path("speakeasy", appauthor=False) / "workshop.json"


def _read(path: Path) -> Codes | None:
    """The codes stored in ``path``, ``None`` if there is no such file; ``ValueError`` if it
    holds anything else."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeError) as err:
        raise ValueError(f"cannot read it ({err})") from err
    try:
        data = json.loads(text)
    except ValueError as err:
        raise ValueError(f"it is not JSON ({err})") from err
    if not isinstance(data, dict):
        raise ValueError("it holds no table of codes")
    access, teacher, key = data.get("access_code"), data.get("teacher_code"), data.get("key")
    if not (_is_access_code(access) and _is_teacher_code(teacher) and _is_key(key)):
        raise ValueError("its codes are not the workshop's")
    assert isinstance(access, str) and isinstance(teacher, str) and isinstance(key, str)
    return Codes(access, teacher, bytes.fromhex(key))


def _write(path: Path, codes: Codes) -> None:
    """Store ``codes`` in ``path`` (readable by its owner only), replacing it whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(
        {"access_code": codes.access, "teacher_code": codes.teacher, "key": codes.key.hex()},
        indent=2,
    )
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def load_codes(path: Path | None = None, *, new: bool = False) -> Codes:
    """The workshop's codes: those stored in ``path`` (default :func:`state_file`), or fresh
    ones (stored there) when there are none, when they cannot be read, or with ``new``
    (``--new-code``). Never raises for the file: a file that cannot be read or written leaves
    fresh codes for this run only, and :attr:`Codes.note` says why.

    >>> import shutil, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = load_codes(folder / "workshop.json")
    >>> load_codes(folder / "workshop.json") == first
    True
    >>> load_codes(folder / "workshop.json", new=True).access == first.access
    False
    >>> shutil.rmtree(folder)
    """
    path = state_file() if path is None else path
    note = ""
    if not new:
        try:
            stored = _read(path)
        except ValueError as err:
            note = f"the stored codes in {path} were not usable ({err}): new codes made"
        else:
            if stored is not None:
                return stored
    codes = Codes.new()
    try:
        _write(path, codes)
    except OSError as err:
        reason = f"cannot keep the codes in {path} ({err.strerror or err}): "
        note = reason + "they last until this workshop stops"
    return Codes(codes.access, codes.teacher, codes.key, note)


#: Where :func:`room_address` asks the routing table to go (a private address; nothing is
#: sent there).
ROUTE_PROBE: Final = ("10.254.254.254", 9)


def room_address(fallback: str = "127.0.0.1") -> str:
    """This machine's address on the room's network: the address of the interface the default
    route leaves by, as the other laptops see it, else ``fallback``.

    Found without any network traffic: connecting a UDP socket sends nothing, it only picks
    the route (and so the interface and its address) to the private address
    :data:`ROUTE_PROBE`. With no route (no network at all) or no usable address it is
    ``fallback``."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(ROUTE_PROBE)
            address = sock.getsockname()[0]
    except OSError:
        return fallback
    try:
        ip = ipaddress.ip_address(address)
    except (TypeError, ValueError):
        return fallback
    return fallback if ip.is_unspecified else str(ip)


def _qr(url: str) -> segno.QRCode:
    return segno.make_qr(url, error="m")


def qr_svg(url: str, title: str = "QR code of the students' address") -> str:
    """An inline ``<svg>`` element (no XML declaration) of the QR code of ``url``, with a
    ``<title>`` for screen readers; its size follows the page (``viewBox``)."""
    svg = _qr(url).svg_inline(scale=1, border=2, title=title, omitsize=True, dark="#222")
    return str(svg)


def qr_text(url: str, unicode: bool = True) -> list[str]:
    """The QR code of ``url`` as terminal lines: half blocks (two rows a line) when the
    terminal can show them (``unicode``), else ANSI colours (one row a line)."""
    out = io.StringIO()
    _qr(url).terminal(out=out, compact=unicode, border=2)
    return out.getvalue().rstrip("\n").split("\n")
