"""Waitress as the table needs it: one device never keeps another out, and an upload over the
limit is answered by the app's own page.

- **Room for every phone.** Waitress stops accepting at its connection limit until an idle
  connection times out (30 s), so one device holding hundreds of idle sockets made every new
  phone wait that long. Here no address holds more than `PER_ADDRESS` connections and the
  server never stops accepting: a new connection past either limit closes the longest-idle
  one (no request being read to its end, being served or being sent) of its own address, else
  of all. A phone's browser opens a new connection for a closed idle one.
- **Uploads over the limit.** Waitress refuses a body over `max_request_body_size` with a bare
  "413" before reading it, and closing a socket the browser is still writing to resets it
  (the browser then shows no answer at all). Here a body is read to its end up to the drain
  limit; past the app's own limit it is counted, not kept (neither in memory nor on disk), and
  the app sees its length and an empty body, so Flask's MAX_CONTENT_LENGTH answers with the
  app's worded 413 page.
"""

from __future__ import annotations

import time
from io import BytesIO
from typing import Any

from waitress.adjustments import Adjustments
from waitress.buffers import OverflowableBuffer
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

PER_ADDRESS = 64  # a browser opens 6 to a host; a laptop's screens and tabs fit many times


class CappedBody:
    """A request body kept as waitress keeps one (in memory, then in a temporary file) up to
    `limit` bytes; past it, dropped and only counted, so its length is still known."""

    def __init__(self, overflow: int, limit: int):
        self.kept: OverflowableBuffer | None = OverflowableBuffer(overflow)
        self.length = 0
        self.limit = limit

    def append(self, data: bytes) -> None:
        self.length += len(data)
        if self.length > self.limit:
            self.close()
            self.kept = None
        if self.kept is not None:
            self.kept.append(data)

    def __len__(self) -> int:
        return self.length

    def getfile(self) -> Any:
        return self.kept.getfile() if self.kept is not None else BytesIO()

    def close(self) -> None:
        if self.kept is not None:
            self.kept.close()


class TableAdjustments(Adjustments):
    """Waitress's settings and the app's own limit of a request body (`body_limit`)."""

    body_limit: int


class TableParser(HTTPRequestParser):
    """A request whose body is kept only up to the app's limit (`CappedBody`)."""

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if self.body_rcv is not None:
            self.body_rcv.buf = CappedBody(self.adj.inbuf_overflow, self.adj.body_limit)


class TableChannel(HTTPChannel):
    parser_class = TableParser


def idle(channel: HTTPChannel) -> bool:
    """Whether closing `channel` loses nothing: no request waiting or served, nothing to send."""
    return not channel.requests and not channel.total_outbufs_len


class TableServer(TcpWSGIServer):
    """Waitress's server that makes room for a new connection instead of refusing it."""

    channel_class = TableChannel

    def readable(self) -> bool:
        now = time.time()
        if now >= self.next_channel_cleanup:  # waitress's own: close channels idle too long
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return bool(self.accepting)  # at a limit, `make_room` closes an idle channel instead

    def handle_accept(self) -> None:
        super().handle_accept()
        self.make_room()

    def make_room(self) -> None:
        """Past `PER_ADDRESS` connections from the newest one's address, or past the
        connection limit, close the longest-idle connection of that address, else of all."""
        channels = list(self.active_channels.values())  # a closed one has left it
        if not channels:  # accept() gave nothing, and nobody else is connected
            return
        newest = max(channels, key=lambda c: c.creation_time)  # the one just accepted
        mine = [c for c in channels if host(c) == host(newest)]
        if len(mine) > PER_ADDRESS:
            close_idlest(mine, newest)
        elif len(channels) > self.adj.connection_limit:
            close_idlest(channels, newest)


def host(channel: HTTPChannel) -> str:
    """The address a connection comes from, without its port."""
    return channel.addr[0]


def close_idlest(channels: list[HTTPChannel], keep: HTTPChannel) -> None:
    """Close the channel idle the longest among `channels`, never `keep`; none if all work."""
    candidates = [c for c in channels if c is not keep and idle(c)]
    if candidates:
        min(candidates, key=lambda c: c.last_activity).handle_close()


def create_server(app: Any, body_limit: int, **options: Any) -> Any:
    """Waitress's `create_server` for TCP listening, with the table's server (above) and the
    app's body limit; the options are waitress's adjustments."""
    adj = TableAdjustments(**options)
    adj.body_limit = body_limit
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    sockets: dict = {}
    servers = [TableServer(app, sockets, dispatcher=dispatcher, adj=adj, sockinfo=info)
               for info in adj.listen]
    first, *others = servers
    if not others:
        return first
    return MultiSocketServer(sockets, adj, [(s.effective_host, s.effective_port)
                                            for s in servers], dispatcher, first.log_info)
