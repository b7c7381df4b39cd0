"""The address the printed links name (engine/serve/address.py): ``--public-url`` as given,
the bound address, or — listening everywhere — this machine's LAN address, else a placeholder
with a hint."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import EngineError
from distant_galaxy.serve.address import PLACEHOLDER, link_base, public_url
from distant_galaxy.serve.client import parse_link


def test_a_public_url_is_the_base_of_the_links() -> None:
    assert public_url("https://games.example.org/dg/") == "https://games.example.org/dg"
    assert public_url("http://192.168.1.20:8000") == "http://192.168.1.20:8000"
    assert link_base("0.0.0.0", 8000, "https://x.org/dg") == ("https://x.org/dg", None)


@pytest.mark.parametrize("bad", ["games.example.org", "ftp://x.org", "https://", "https://x.org/?a=1",
                                 "https://user:pw@x.org", "https://x.org/#top"])
def test_a_public_url_that_is_not_an_address_players_open_is_refused(bad: str) -> None:
    with pytest.raises(EngineError, match="--public-url"):
        public_url(bad)


def test_the_bound_address_or_the_lan_address_or_the_placeholder() -> None:
    assert link_base("127.0.0.1", 8000, None) == ("http://127.0.0.1:8000", None)
    assert link_base("::1", 8000, None) == ("http://[::1]:8000", None)
    base, hint = link_base("0.0.0.0", 8000, None, lambda: "192.168.1.20")
    assert base == "http://192.168.1.20:8000" and "--public-url" in (hint or "")
    base, hint = link_base("::", 8000, None, lambda: None)
    assert base == f"http://{PLACEHOLDER}:8000"
    assert hint is not None and "hostname -I" in hint and "--public-url" in hint


def test_join_takes_links_under_a_path() -> None:
    seat = parse_link("https://games.example.org/dg/play/AbC-12")
    assert (seat.base, seat.token) == ("https://games.example.org/dg", "AbC-12")
    watch = parse_link("https://games.example.org/dg/watch?game=g2")
    assert (watch.base, watch.token, watch.game) == ("https://games.example.org/dg", None, "g2")
    assert parse_link("http://h:8000/play/T").base == "http://h:8000"
    with pytest.raises(EngineError):
        parse_link("http://h:8000/somewhere")
