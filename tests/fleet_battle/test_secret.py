"""Secret battle orders (RB.4, the option ``secret-orders``, plugins/fleet_battle/secret.py):
«однако они могут договориться и держать их в тайне при проведении любой партии за исключением
Кампании» — each fleet's order is a secret of its own seats, drawn from a committed bag (D6.11),
revealed when fulfilled (RB.3) and at the end, verified by the referee from the log alone."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy import Game, HiddenInformation, load_scenario, verify_hidden
from distant_galaxy.loader import load_schema
from distant_galaxy.play.runner import new_session, play, replay_log
from distant_galaxy_episodes.fleet_battle import bots, view
from distant_galaxy_episodes.fleet_battle.bots import FleetBot
from distant_galaxy_episodes.fleet_battle.model import active_models, known_order, order_of
from distant_galaxy_episodes.fleet_battle.secret import secret_id
from tests.fleet_battle.conftest import ABO, CIV


@pytest.fixture(scope="module")
def secret_scenario():
    return load_scenario("fleet-battle", options=["battle-orders", "secret-orders"])


@pytest.fixture(scope="module")
def duel():
    return load_scenario("fleet-battle", "hot-seat", ["battle-orders", "secret-orders"])


def test_rb4_each_order_is_committed_not_rolled_in_public(secret_scenario):
    """RB.4 / D6.11: no public die for an order; a committed bag per fleet; the order is a
    secret of the fleet's seats (the Aborigine fleet has none: nobody)."""
    game = Game(secret_scenario, seats=["red", "blue"], seed=4)
    assert not any(e["type"] == "dice" and "battle order" in e["purpose"] for e in game.events)
    commits = [e for e in game.events if e["type"] == "bag_commit"]
    assert [c["bag"] for c in commits] == ["order-civilizations", "order-aborigines"]
    assert all(c["rule"] == "RB.1" and c["size"] == 6 for c in commits)
    assert game.state.secrets[secret_id(CIV)]["see"] == ["red", "blue"]
    assert game.state.secrets[secret_id(ABO)]["see"] == "none"
    assert "fb_orders" not in game.state.attrs or CIV not in game.state.attrs["fb_orders"]
    public = [e for e in game.events if e["type"] == "fleet_order" and "visible_to" not in e]
    assert all("order" not in e and e["secret"] for e in public) and len(public) == 2


def test_rb4_a_seats_view_cannot_read_the_enemy_order(secret_scenario):
    """RB.4: red sees its own fleet's order and the enemy's as unknown, on the board and in the
    prompt; the view holds no value of the enemy's secret."""
    game = Game(secret_scenario, seats=["red"], seed=4)
    red = game.view("red")
    with pytest.raises(HiddenInformation, match="order:aborigines"):
        red.secret(secret_id(ABO))
    with pytest.raises(HiddenInformation):
        red.state.secrets[secret_id(ABO)]["value"]
    with pytest.raises(HiddenInformation):
        order_of(red, ABO)
    assert known_order(red, ABO) is None and known_order(red, CIV) == order_of(game, CIV)
    lines = "\n".join(view.status_lines(red))
    mine = order_of(game, CIV)
    assert f"order {mine} (" in lines and "order ? (secret, RB.4)" in lines
    assert f"order {mine} (" in view.decision_reason(red, "red")
    private = [e for e in red.events if e["type"] == "fleet_order" and "order" in e]
    assert [e["fleet"] for e in private] == [CIV]   # the enemy's order event is not in the view


class PeekingBot(FleetBot):
    """A cheating bot: it tries to read the enemy fleet's order before it plays."""

    name = "peeking"

    def choose(self, game):
        game.secret(secret_id(ABO if self.seat == "red" else CIV))
        return super().choose(game)  # pragma: no cover - never reached


def test_rb4_a_cheating_bot_is_refused_by_its_view(duel):
    """RB.4, hot seat: each human fleet's bot gets its seat's view; reading the enemy's order
    raises HiddenInformation."""
    game = Game(duel, seats=["red", "blue"], seed=2)
    seat = game.pending.seat
    with pytest.raises(HiddenInformation):
        PeekingBot(seat).choose(game.view(seat))
    assert FleetBot(seat).choose(game.view(seat)) in game.legal_actions()


def test_rb4_the_planner_plays_on_its_own_order_only(secret_scenario):
    """RB.4: the fleet bot plans the same on its view as on the whole game, and the Aborigine
    AI's plan does not change with the civilizations' order (it never reads it)."""
    game = Game(secret_scenario, seats=["red"], seed=6)
    assert bots.plan_for_seat(game.view("red"), "red") == bots.plan_for_seat(game, "red")
    before = [bots.next_step(game, t) for t in active_models(game, ABO)]
    for face in ("1", "2", "3", "4", "5", "6"):
        other = game.clone()
        sid = secret_id(CIV)
        other.state.secrets[sid] = {**other.state.secrets[sid], "value": face}
        other.state_changed()
        assert [bots.next_step(other, t) for t in active_models(other, ABO)] == before


def _played(scenario, tmp_path, seed, seats=("red", "blue")):
    path = tmp_path / f"g{seed}.jsonl"
    session = new_session(scenario, seed, list(seats), {}, log_path=path)
    assert play(session)
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def test_rb4_rb3_orders_are_revealed_and_the_referee_verifies_them(secret_scenario, tmp_path):
    """RB.3/RB.4: the fulfilling fleet's order is revealed (rule RB.3), every other at the end
    (RB.4), before the bags are opened; the referee verifies the seeded log from it alone."""
    path, recs = _played(secret_scenario, tmp_path, 3)
    assert verify_hidden(path) == []
    reveals = [r for r in recs if r.get("type") == "reveal"]
    assert {r["secret"] for r in reveals} == {secret_id(CIV), secret_id(ABO)}
    over = next(r for r in recs if r.get("type") == "game_over")
    if over["rule"] == "RB.3":
        assert reveals[0]["rule"] == "RB.3" and reveals[0]["secret"] == secret_id(over["winner"])
    assert all(r["rule"] in ("RB.3", "RB.4") for r in reveals)
    kinds = [r.get("type") for r in recs]
    assert max(i for i, k in enumerate(kinds) if k == "reveal") < kinds.index("bag_reveal")
    shown = {r["fleet"]: r["order"] for r in recs
             if r.get("type") == "fleet_order" and r.get("secret") is False}
    assert set(shown) == {CIV, ABO}
    assert replay_log(path).ok
    header = recs[0]
    assert "value" not in header["initial"]["secrets"][secret_id(CIV)]   # the header masks it


def test_rb4_a_tampered_order_fails_the_referee(secret_scenario, tmp_path):
    """RB.4: a log whose revealed order was changed is refused by the referee."""
    _, recs = _played(secret_scenario, tmp_path, 5)
    i = next(i for i, r in enumerate(recs) if r.get("type") == "reveal")
    bad = [dict(r) for r in recs]
    bad[i]["value"] = "6" if recs[i]["value"] != "6" else "1"
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n"
                            for r in bad))
    problems = verify_hidden(path)
    assert any(f"revealed '{bad[i]['value']}' from slot 0" in p for p in problems), problems


def test_rb4_secret_orders_alone_bring_battle_orders(secret_scenario):
    """The option system has no ``requires:``: ``secret-orders`` carries Battle Orders' plugin
    and the same ``battle_orders.fleets`` (no conflict with ``battle-orders``)."""
    alone = load_scenario("fleet-battle", options=["secret-orders"])
    assert alone.data["battle_orders"] == secret_scenario.data["battle_orders"]
    assert alone.data["battle_orders"]["secret"] is True
    public = load_scenario("fleet-battle", options=["battle-orders"])
    assert "secret" not in public.data["battle_orders"]


def test_rb4_every_record_of_a_secret_orders_log_is_valid(duel, tmp_path):
    """RB.4: the hot-seat battle with secret orders writes only valid, worded records; the
    private order events are marked ``visible_to`` their fleet's seat."""
    validator = Draft202012Validator(load_schema("event"))
    path, recs = _played(duel, tmp_path, 8)
    for rec in recs:
        errors = list(validator.iter_errors(rec))
        assert not errors, (rec, errors[0].message)
    private = [r for r in recs if r.get("type") == "fleet_order" and "visible_to" in r]
    assert {r["fleet"]: r["visible_to"] for r in private} == {CIV: ["red"], ABO: ["blue"]}
    assert verify_hidden(path) == []
