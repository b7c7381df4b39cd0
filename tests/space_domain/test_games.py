"""Seeded games with the Space Domain option (alone and with Leaders) finish with a result, every
record matches the event schema and the referee verifies every revealed marker (RS.1, RS.2).

``SPACE_DOMAIN_GAMES=500 pytest tests/space_domain/test_games.py`` plays 500 of each (6 by
default); bench/episode_batch.py --option space-domain is the batch run of the docs' figures."""

from __future__ import annotations

import json
import os

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy import load_scenario, verify_hidden
from distant_galaxy.loader import load_schema
from distant_galaxy.play.runner import logged_game, make_controllers

GAMES = int(os.environ.get("SPACE_DOMAIN_GAMES", "6"))
#: seed 253 charts a marker to red before red's ship reveals it to all (D-S.6, then RS.2)
SEEDS = sorted({*range(GAMES), 253})


def _play(options, seed):
    sc = load_scenario("aborigine-clash", options=options)
    seats = sc.seat_ids(1 + seed % 4)
    records: list[dict] = []
    ctrls = make_controllers(sc, seats, {}, seed, {}, None)
    game, _ = logged_game(sc, seats, seed, records.append, {s: "civ" for s in seats})
    for _ in range(20000):
        if game.over:
            break
        seat = game.pending.seat
        game.apply(ctrls[seat].choose(game.view(seat)))
    return game, records


@pytest.mark.parametrize("options", [["space-domain"], ["leaders", "space-domain"]],
                         ids=["space-domain", "both"])
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_games_finish_and_the_referee_agrees_RS_1_RS_2(options, seed):
    game, records = _play(options, seed)
    assert game.over and game.result["winner"] in ("aborigines", "civilizations")
    validator = Draft202012Validator(load_schema("event"))
    for rec in records:
        errors = list(validator.iter_errors(json.loads(json.dumps(rec))))
        assert not errors, (rec, errors[0].message)
    assert verify_hidden(list(enumerate(records, 1))) == []
    assert sum(r.get("type") == "marker_placed" for r in records) == 178   # RS.1: each system


def test_same_seed_same_game_with_space_domain():
    (a, ra), (b, rb) = _play(["space-domain"], 11), _play(["space-domain"], 11)
    assert a.state.hash() == b.state.hash() and ra == rb
