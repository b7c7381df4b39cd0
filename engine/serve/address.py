"""The address the printed links name: ``--public-url`` (a reverse proxy's), else the address
the server listens on — for ``0.0.0.0`` / ``::`` (every address), this machine's LAN address
where one is found, else a placeholder with a hint."""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse
from collections.abc import Callable

from distant_galaxy.errors import EngineError

#: What the links name when the server listens everywhere and no LAN address is found.
PLACEHOLDER = "THIS-MACHINE'S-ADDRESS"

#: An address of no machine (TEST-NET-1): "connecting" a UDP socket to it sends nothing and
#: tells which local address the machine would use to reach the network.
PROBE = ("192.0.2.1", 9)

EVERYWHERE = ("0.0.0.0", "::", "")


def public_url(text: str) -> str:
    """``--public-url``: an ``http(s)://HOST[:PORT][/PATH]`` address without a query, returned
    without its last ``/``; anything else is an :class:`EngineError` saying how to write it."""
    parts = urllib.parse.urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or parts.username or parts.password:
        raise EngineError(f"--public-url {text!r}: write the address players open, "
                          "https://HOST[:PORT][/PATH] (e.g. https://games.example.org/dg)")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def lan_address() -> str | None:
    """This machine's address on its network (an IPv4 address that is not a loopback one),
    or None when it has none."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    for address in found:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            return address
    return None


def link_base(bind_host: str, port: int, public: str | None,
              find_lan: Callable[[], str | None] = lan_address) -> tuple[str, str | None]:
    """The base of the printed links and a hint to print with them (or None)."""
    if public:
        return public, None
    if bind_host not in EVERYWHERE:
        shown = f"[{bind_host}]" if ":" in bind_host else bind_host
        return f"http://{shown}:{port}", None
    lan = find_lan()
    if lan:
        return f"http://{lan}:{port}", (f"the links name this machine's LAN address {lan}; "
                                        "if your friends reach it by another address, give it "
                                        "with --public-url http://ADDRESS:PORT")
    return f"http://{PLACEHOLDER}:{port}", (
        f"no LAN address was found: put this machine's address in place of {PLACEHOLDER} "
        "(hostname -I on Linux, ipconfig on Windows), or give it with --public-url "
        "http://ADDRESS:PORT")
