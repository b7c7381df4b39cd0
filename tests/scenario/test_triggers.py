"""Triggers (issue 15, item 7): ``on:`` names an event of the catalogue, ``event.to`` reads a
field, ``player`` is the seat that acted and ``next_player`` the one who decides next."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.core.game import Game
from distant_galaxy.scenario.events import ENGINE_EVENTS, event_catalogue
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy_episodes.aborigines.schema import EVENTS as ABORIGINES
from distant_galaxy_episodes.asteroid_belt.checks import EVENTS as BELT

DOCS = Path(__file__).resolve().parents[2] / "docs"

MOD = """format: 1
id: trig
title: Triggers
extends: tic-tac-toe
counters:
  drops: {initial: 0}
  told: {initial: 0}
triggers:
  - id: count
    on: place
    if: "event.to[0] == 1"
    do: "player.drops += 1; next_player.told += 1"
"""


def test_player_is_the_acting_seat_and_next_player_the_next(tmp_path):
    path = tmp_path / "mod.yaml"
    path.write_text(MOD)
    game = Game(load_scenario(path), seed=1)
    game.apply("place 1,1")  # x places (the action ends x's turn)
    players = game.state.players
    assert (players["x"].counters["drops"], players["o"].counters["drops"]) == (1, 0)
    assert (players["x"].counters["told"], players["o"].counters["told"]) == (0, 1)
    game.apply("place 0,0")  # event.to[0] is 0: the trigger's condition is false
    assert players["o"].counters["drops"] == 0


def test_plugins_declare_their_events_in_their_section_schema():
    section = {"type": "object", "x-events": {"bonus": "a bonus; fields: seat, amount"}}
    catalogue = event_catalogue({"mine": section})
    assert catalogue["bonus"].startswith("a bonus") and set(ENGINE_EVENTS) <= set(catalogue)


def test_the_docs_list_every_engine_event():
    text = (DOCS / "rules.md").read_text()
    missing = [name for name in ENGINE_EVENTS if f"| `{name}` |" not in text]
    assert not missing, missing


TURNS = """format: 1
id: turns
title: Turn triggers
extends: tic-tac-toe
counters:
  ends: {initial: 0}
phases:
  - {id: play, seat: active, end: true}
actions:
  - {id: place, ends_turn: false}
triggers:
  - {id: count-ends, on: turn_end, do: "player.ends += 1"}
"""


def test_a_turn_end_made_by_the_action_fires_a_trigger_for_the_acting_seat(tmp_path):
    path = tmp_path / "turns.yaml"
    path.write_text(TURNS)
    game = Game(load_scenario(path), seed=1)
    game.apply("place 0,0")
    assert game.state.players["x"].counters["ends"] == 0
    events = game.apply("end")  # x ends its turn: turn_end, then o's turn_start
    assert [e["id"] for e in events if e["type"] == "trigger"] == ["count-ends"]
    assert game.state.players["x"].counters["ends"] == 1
    assert [e["reason"] for e in events if e["type"] == "counter"] == ["trigger count-ends"]


def test_the_docs_list_every_shipped_plugins_events():
    text = (DOCS / "rules.md").read_text()
    for plugin, events in (("aborigines", ABORIGINES), ("asteroid_belt", BELT)):
        section = text.split(f"### The events of the `{plugin}` plugin", 1)[1].split("\n### ")[0]
        missing = [name for name in events if f"| `{name}` |" not in section]
        assert not missing, (plugin, missing)
