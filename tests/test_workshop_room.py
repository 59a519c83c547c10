"""A workshop that survives a room (issue 24 item 11): ``speakeasy workshop`` in a classroom.

Checks that a workshop stopped with connections open starts again at once on the same port (its
connections linger in TIME_WAIT).
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from speakeasy.app import workshop


def _time_wait_on(port: int) -> bool:
    """Whether a TCP connection of local port ``port`` is in TIME_WAIT (Linux's /proc)."""
    try:
        table = Path("/proc/net/tcp").read_text("ascii").splitlines()[1:]
    except OSError:
        return False
    return any(
        int(line.split()[1].split(":")[1], 16) == port and line.split()[3] == "06" for line in table
    )


def test_a_port_whose_connections_linger_in_time_wait_is_free() -> None:
    """The workshop's port check bound a probe without SO_REUSEADDR: after a stop with
    connections open, their TIME_WAIT made it say "Address already in use" for a minute."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()  # the server closes first, as a stopping workshop does
        client.recv(1)
        client.close()
    if not _time_wait_on(port):
        pytest.skip("no TIME_WAIT to be seen on this system")
    with socket.socket() as bare, pytest.raises(OSError, match="in use"):
        bare.bind(("127.0.0.1", port))  # what the old probe did
    workshop._check_address("127.0.0.1", port)  # now free
    with socket.socket() as taken:  # a listening port is still refused
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError, match="choose another --port"):
            workshop._check_address("127.0.0.1", taken.getsockname()[1])
