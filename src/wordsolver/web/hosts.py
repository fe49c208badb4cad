"""Requests only for the names this server goes by: a guard against DNS rebinding.

A page on another site can point a name of its own at 127.0.0.1 and then call the local API from
the browser as if it were its own; the browser still sends that name in the ``Host`` header.
So the server answers only requests whose host is one of its own: the loopback names, the host
it was told to listen on, the names it was told to allow (``serve --allow-host``: a proxy's) and,
when it listens on every address, this machine's names and any address written out (an address
is no name a stranger can point elsewhere). Anything else is answered 400, in one line.

>>> hosts = ServedHosts.of("127.0.0.1")
>>> hosts.allows("localhost:8000"), hosts.allows("[::1]:8000"), hosts.allows("evil.example")
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: The names of this computer every server answers to.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: Listen addresses that mean every address of the machine.
_EVERY_ADDRESS = ("0.0.0.0", "::", "")


@dataclass(frozen=True, slots=True)
class ServedHosts:
    """The host names a server answers to, and whether any address written out is one."""

    names: frozenset[str]
    any_address: bool = False

    @classmethod
    def of(cls, host: str, also: Iterable[str] = ()) -> ServedHosts:
        """The hosts of a server listening on ``host``, and the names in ``also`` (those a
        reverse proxy in front of it passes on, e.g. ``words.example.org``)."""
        names = {*LOOPBACK_HOSTS, _bare(host), *(_bare(_without_port(name)) for name in also)}
        every = host in _EVERY_ADDRESS
        if every:
            names |= {_bare(socket.gethostname()), _bare(socket.getfqdn())}
        return cls(frozenset(name for name in names if name), every)

    def allows(self, host: str) -> bool:
        """Whether a request's ``Host`` header (a name or an address, maybe with a port) is
        one of the server's."""
        name = _bare(_without_port(host))
        return name in self.names or (self.any_address and _is_address(name))


def _without_port(host: str) -> str:
    if host.startswith("["):  # [::1]:8000
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def _bare(name: str) -> str:
    """A host as compared: lower case, no brackets, no final dot (``localhost.``)."""
    return name.strip("[]").rstrip(".").casefold()


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostCheck:
    """ASGI middleware: 400 for a request whose ``Host`` is none of ``hosts``."""

    def __init__(self, app: ASGIApp, hosts: ServedHosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            host = headers.get(b"host", b"").decode("latin-1")
            if not self.hosts.allows(host):
                shown = host[:60] or "none"
                answer = JSONResponse(
                    {
                        "detail": f"this server answers requests for {', '.join(LOOPBACK_HOSTS)}"
                        f" and the host it was started on, not for the host {shown!r}"
                        " (serve --allow-host NAME adds one)"
                    },
                    status_code=400,
                )
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
