"""Seeded games with the Leaders option finish with a result, their events match the event
schema, and the conformance suite has the option's case (RL.1–RL.10 in play).

``LEADERS_GAMES=500 pytest tests/leaders/test_games.py`` plays 500 (6 by default)."""

from __future__ import annotations

import json
import os

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy.harness.conformance import shipped_cases
from distant_galaxy.loader import load_schema
from tests.aborigines.test_games import REASONS, play

GAMES = int(os.environ.get("LEADERS_GAMES", "6"))


@pytest.mark.parametrize("seed", range(GAMES))
def test_seeded_game_with_leaders_finishes_RL_3_RL_4_RL_10(scenario, seed):
    records: list[dict] = []
    g = play(scenario, seed, 1 + seed % 4, "civ" if seed % 5 else "random", sink=records.append)
    assert g.result["winner"] in ("aborigines", "civilizations")
    assert any(r in g.result["reason"] for r in REASONS)
    validator = Draft202012Validator(load_schema("event"))
    for rec in records:
        errors = list(validator.iter_errors(json.loads(json.dumps(rec))))
        assert not errors, (rec, errors[0].message)
    assert any(r.get("type") == "leader_placed" for r in records)


def test_same_seed_same_game_with_leaders(scenario):
    a, b = play(scenario, 11, 2), play(scenario, 11, 2)
    assert a.state.hash() == b.state.hash()


def test_conformance_picks_the_option_up():
    labels = [c.label for c in shipped_cases()]
    assert "aborigine-clash[+leaders]" in labels
