"""A variant that changes the seat counts (``players:`` in its overlay) is played with its own
counts by the conformance suite (issue 13: episode 6's hot-seat variant has exactly two seats)."""

from __future__ import annotations

from distant_galaxy.harness.conformance import file_cases, shipped_cases
from distant_galaxy.scenario.catalog import variant_players
from distant_galaxy.scenario.find import find_by_id


def test_variant_players_reads_the_overlay():
    data = {"players": {"min": 1, "max": 4}, "seats": [{}] * 4,
            "variants": {"duel": {"overlay": {"players": {"min": 2, "max": 2}}},
                         "wide": {"overlay": {"players": {"max": 3}}},
                         "plain": {"overlay": {"limits": {"rounds": 1}}}}}
    assert variant_players(data) == {"duel": "2-2", "wide": "1-3"}


def test_the_cases_of_a_variant_use_its_seat_counts():
    cases = {c.label: c.players for c in shipped_cases()}
    assert cases["fleet-battle"] == (1, 4) and cases["fleet-battle[skirmish]"] == (1, 4)
    assert cases["fleet-battle[hot-seat]"] == (2, 2)
    assert cases["fleet-battle[hot-seat+battle-orders]"] == (2, 2)
    path = find_by_id("fleet-battle")
    assert {c.label: c.players for c in file_cases(path)}["fleet-battle[hot-seat]"] == (2, 2)
