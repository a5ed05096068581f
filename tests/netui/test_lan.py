"""The app's host on the home network: a server on every address that this screen reaches over
loopback, and the small UDP beacon that lists its open tables (loopback only here)."""

from __future__ import annotations

import socket

from cardtable.net.lan import LanHost, find_tables
from cardtable.net.link import RemoteLink


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_beacon_lists_the_open_tables(home):
    beacon = free_udp_port()
    host = LanHost.start(port=0, bind="127.0.0.1", beacon_port=beacon)
    try:
        assert find_tables(0.4, beacon, ("127.0.0.1",)) == []  # no table yet
        plan = {"game": "wizard", "players": 3, "sit": 0,
                "seats": [{"kind": "person"}, {"kind": "open"}, {"kind": "computer"}]}
        link = RemoteLink.connect(host.url, "甲", create=plan)
        found = find_tables(0.6, beacon, ("127.0.0.1",))
        assert found == [{"address": host.address, "code": link.room, "game": "wizard",
                          "open": 1, "players": 3}]
        link.close()
    finally:
        host.stop()
