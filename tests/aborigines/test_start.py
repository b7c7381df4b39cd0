"""The set-up (start.py): the central area, home systems, Chaos and Monarchy planets, the
starting invaders."""

from __future__ import annotations

from distant_galaxy import Game
from distant_galaxy_episodes.aborigines.model import CENTRE, model


def test_set_up_of_four_seats(scenario):
    g = Game(scenario, seats=["red", "blue", "green", "yellow"], seed=1)
    st = g.state
    setup_events = g.events[:next(i for i, e in enumerate(g.events) if e["type"] == "aborigine_turn")]
    arrived = [e["unit"] for e in g.events if e["type"] == "ai_arrive"]   # the first turn ran
    assert {k: v + arrived.count(k) for k, v in st.attrs[CENTRE].items()} == {
        "invader": 14, "guard": 8, "hunter": 4}
    homes = {e["owner"]: e["planet"] for e in setup_events
             if e["type"] == "planet" and e["reason"] == "home system"}
    assert set(homes) == {"red", "blue", "green", "yellow"}
    extra = [e for e in setup_events if e["type"] == "planet" and e.get("rule") == "R5.4"]
    assert {e["owner"] for e in extra} == {"blue", "yellow"} and {e["level"] for e in extra} == {3}
    placed = [e for e in setup_events if e["type"] == "place" and e["owner"] is None]
    m = model(scenario)
    assert placed == [] and m.ship_types          # D5.10 (issue 11 item 11): nobody waits


def test_only_the_seats_in_the_game_get_a_home(scenario):
    g = Game(scenario, seats=["red"], seed=1)
    owners = {s.owner for s in g.state.sites.values() if s.owner}
    assert "red" in owners and not owners & {"blue", "green", "yellow"}
