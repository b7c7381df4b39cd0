"""The referee of hidden information (``verify_hidden``): from a log alone, every revealed marker
came from the bag committed at set-up; a tampered log fails. Also what the log and a save show."""

from __future__ import annotations

import json

import pytest

from distant_galaxy import load_scenario, verify_hidden
from distant_galaxy.core.hidden import bag_digest
from distant_galaxy.play.runner import new_session, play, replay_log
from distant_galaxy.play.saves import load_game, read_save, save_game


@pytest.fixture(scope="module")
def scenario():
    return load_scenario("aborigine-clash", options=["space-domain"])


def _played(scenario, tmp_path, seed):
    path = tmp_path / f"g{seed}.jsonl"
    session = new_session(scenario, seed, ["red", "blue", "green"], {}, log_path=path)
    assert play(session)
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def _game_with_reveals(scenario, tmp_path):
    for seed in range(1, 12):
        path, recs = _played(scenario, tmp_path, seed)
        if any(r.get("type") == "reveal" and "bag" in r for r in recs):
            return path, recs
    raise AssertionError("no marker revealed in 11 games")  # pragma: no cover


def _write(tmp_path, recs, name="t.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n"
                            for r in recs))
    return path


def test_the_referee_verifies_every_revealed_marker_from_the_log_alone(scenario, tmp_path):
    path, recs = _game_with_reveals(scenario, tmp_path)
    assert verify_hidden(path) == []
    kinds = [r.get("type") for r in recs]
    assert kinds.index("bag_commit") < kinds.index("reveal") < kinds.index("bag_reveal") \
        < kinds.index("game_over")
    assert replay_log(path).ok                       # replay keeps working


def test_a_tampered_reveal_fails(scenario, tmp_path):
    _, recs = _game_with_reveals(scenario, tmp_path)
    i = next(i for i, r in enumerate(recs) if r.get("type") == "reveal" and "bag" in r)
    order = next(r for r in recs if r.get("type") == "bag_reveal")["order"]
    other = next(x for x in order if x != recs[i]["value"])
    bad = [dict(r) for r in recs]
    bad[i]["value"] = other
    problems = verify_hidden(_write(tmp_path, bad))
    assert any(f"revealed '{other}' from slot" in p for p in problems), problems


def test_a_changed_order_or_salt_fails(scenario, tmp_path):
    _, recs = _played(scenario, tmp_path, 3)
    j = next(i for i, r in enumerate(recs) if r.get("type") == "bag_reveal")
    swapped = [dict(r) for r in recs]
    order = list(swapped[j]["order"])
    k = next(k for k in range(1, len(order)) if order[k] != order[0])
    order[0], order[k] = order[k], order[0]
    swapped[j]["order"] = order
    assert any("do not match the sha256" in p for p in verify_hidden(_write(tmp_path, swapped)))
    # even a forger who rewrites the commitment to match is caught by the secret's shuffle
    c = next(i for i, r in enumerate(swapped) if r.get("type") == "bag_commit")
    swapped[c] = {**swapped[c], "sha256": bag_digest("space-domain", order, swapped[j]["salt"])}
    assert any("not the shuffle the game's secret gives" in p
               for p in verify_hidden(_write(tmp_path, swapped, "u.jsonl")))
    salted = [dict(r) for r in recs]
    salted[j]["salt"] = "0" * 64
    assert any("do not match" in p for p in verify_hidden(_write(tmp_path, salted, "v.jsonl")))


def test_a_missing_reveal_at_the_end_fails(scenario, tmp_path):
    _, recs = _played(scenario, tmp_path, 4)
    cut = [r for r in recs if r.get("type") != "bag_reveal"]
    assert any("never revealed" in p for p in verify_hidden(_write(tmp_path, cut)))


def test_the_header_shows_no_face_and_the_save_keeps_them(scenario, tmp_path):
    _, recs = _played(scenario, tmp_path, 5)
    initial = recs[0]["initial"]
    secrets = initial["secrets"]
    assert all(item["masked"] and "value" not in item for item in secrets.values())
    # the save is the referee's: it keeps the faces, and resuming it goes on with them
    session = new_session(scenario, 6, ["red", "blue"], {})
    g = session.game
    for _ in range(5):
        g.apply(session.controllers[g.pending.seat].choose(g.view(g.pending.seat)))
    save = tmp_path / "s.json"
    save_game(g, session.header, save)
    payload = read_save(save)
    again = load_game(save, payload, scenario)
    assert again.state.secrets == g.state.secrets
    assert again.secret("bag:space-domain") == g.secret("bag:space-domain")
    assert again.state.hash() == g.state.hash()


def test_a_marker_charted_to_one_seat_then_revealed_to_all_is_sound(scenario):
    """D-S.6 then RS.2: one slot shown to red (``to``), later to everybody: the same item."""
    from distant_galaxy import Game
    records: list[dict] = []
    g = Game(scenario, seats=["red", "blue"], seed=5, sink=records.append)
    ship = next(t for t in g.state.tokens.values() if t.owner == "red")
    g.state.move_token(ship, (10, 2))
    charted = g.state.attrs["space_domain"]["12,3"]
    g.state.attrs["space_domain"] = {"11,0": {"face": "star-chart"}, "12,3": charted}
    g.state_changed()
    g.apply(f"move {ship.id} 11,0")                  # the chart shows red the marker at 12,3
    assert any(r.get("type") == "reveal" and r.get("to") == ["red"] for r in records)
    g.state.tokens[ship.id].attrs["moved"] = False
    g.state_changed()
    g.apply(f"move {ship.id} 12,2")
    g.state.tokens[ship.id].attrs["moved"] = False
    g.state_changed()
    g.apply(f"move {ship.id} 12,3")                  # ...and now everybody sees it
    g.finish(None, "test")
    g.flush()
    recs = list(enumerate(records, 1))
    assert [r.get("secret") for _, r in recs if r.get("type") == "reveal"] == [charted, charted]
    assert verify_hidden(recs) == []
    forged = [dict(r) for r in records]
    last = max(i for i, r in enumerate(forged) if r.get("type") == "reveal")
    forged[last]["value"] = "a forged face"
    assert any("but line" in p for p in verify_hidden(list(enumerate(forged, 1))))
