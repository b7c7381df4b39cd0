"""Seeded whole games finish with a result and its reason (R5.1, R5.2, R5.3).

The default run plays 20 games; ``AB_GAMES=500 pytest tests/aborigines/test_games.py`` plays 500
(bench/bench_aborigines.py plays them too and reports the times)."""

from __future__ import annotations

import json
import os

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy import Game
from distant_galaxy.loader import load_schema
from distant_galaxy.play.runner import make_controllers

REASONS = ("closed", "hold", "turn limit")
GAMES = int(os.environ.get("AB_GAMES", "20"))


def play(scenario, seed, players, kind="civ", sink=None):
    seats = scenario.seat_ids(players)
    g = Game(scenario, seats=seats, seed=seed, sink=sink)
    ctr = make_controllers(scenario, seats, {s: kind for s in seats}, seed, {}, None)
    for _ in range(20000):
        if g.over:
            return g
        g.apply(ctr[g.pending.seat].choose(g))
    raise AssertionError(f"seed {seed} did not finish")


@pytest.mark.parametrize("seed", range(GAMES))
def test_seeded_game_finishes(scenario, seed):
    g = play(scenario, seed, 1 + seed % 4, "civ" if seed % 5 else "random")
    res = g.result
    assert res["winner"] in ("aborigines", "civilizations")
    assert any(r in res["reason"] for r in REASONS), res["reason"]
    assert res["rule"] in ("R5.1", "R5.2")
    assert g.state.round <= 12


def test_same_seed_same_game(scenario):
    a, b = play(scenario, 11, 2), play(scenario, 11, 2)
    assert a.state.hash() == b.state.hash()


@pytest.mark.parametrize("seed", range(4))
def test_every_event_of_a_game_matches_the_event_schema_issue_11_item_14(scenario, seed):
    """Every record the plugin writes validates against schemas/event.schema.json, as the log
    writes it (``{"kind": "event", **event}``: an event field named ``kind`` would break it)."""
    validator = Draft202012Validator(load_schema("event"))
    records: list[dict] = []
    g = play(scenario, seed, 1 + seed % 4, sink=records.append)
    types = {r.get("type") for r in records if r["kind"] == "event"}
    assert types >= {"ai_decision", "active_portal", "ai_arrive", "combat"}
    for rec in records:
        errors = list(validator.iter_errors(json.loads(json.dumps(rec))))
        assert not errors, (rec, errors[0].message)
    assert g.over
