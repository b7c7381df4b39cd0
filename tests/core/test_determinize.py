"""Determinization (engine/core/hidden.py): hidden values drawn from what a seat's view allows,
through the plugins' ``dg_secret_values`` — face-down Space Domain markers from what is left in
their bag, the enemy's secret battle orders from its bag of orders."""

from __future__ import annotations

import random
from collections import Counter

from distant_galaxy import Game, load_scenario
from distant_galaxy.core.hidden import BAG, GAME_SECRET, bag_remaining, determinize


def clash() -> Game:
    return Game(load_scenario("aborigine-clash", None, ["space-domain"]), seed=3)


def masked_ids(game: Game) -> list[str]:
    return sorted(s for s, item in game.state.secrets.items()   # not the game's secret either
                  if item.get("masked") and not s.startswith(BAG) and s != GAME_SECRET)


def drawn(copy: Game, ids: list[str]) -> list[str]:
    return [copy.state.secrets[s]["value"] for s in ids]


def test_face_down_markers_are_drawn_from_the_bag_without_replacement() -> None:
    game = clash()
    copy = game.view(game.pending.seat).clone()
    ids = masked_ids(copy)
    assert ids and determinize(copy, random.Random(1)) == len(ids)
    contents = Counter(copy.state.secrets[BAG + "space-domain"]["public"]["contents"])
    assert not Counter(drawn(copy, ids)) - contents  # never more of a marker than the bag holds
    assert all(copy.knows(s) for s in ids) and not copy.knows(BAG + "space-domain")
    assert not copy.knows(GAME_SECRET)


def test_the_draw_is_seeded_and_never_reads_the_hidden_values() -> None:
    """The same stream gives the same world; and the world is the same whatever the hidden
    values really are (they are not in the view's copy to read)."""
    game = clash()
    seat = game.pending.seat
    first = game.view(seat).clone()
    determinize(first, random.Random(5))
    ids = masked_ids(game.view(seat).clone())
    for sid in ids:  # change every hidden face of the real game
        game.state.secrets[sid] = {**game.state.secrets[sid], "value": "bogus"}
    again = game.view(seat).clone()
    determinize(again, random.Random(5))
    assert drawn(again, ids) == drawn(first, ids) and "bogus" not in drawn(again, ids)
    other = game.view(seat).clone()
    determinize(other, random.Random(6))
    assert drawn(other, ids) != drawn(first, ids)


def test_a_marker_turned_face_up_is_no_longer_in_the_bag() -> None:
    game = clash()
    seat = game.pending.seat
    before = bag_remaining(game.view(seat).clone(), "space-domain")
    sid = masked_ids(game.view(seat).clone())[0]
    face = game.secret(sid)
    game.reveal(sid, "a test turns it face up")
    after = bag_remaining(game.view(seat).clone(), "space-domain")
    assert Counter(before) - Counter(after) == Counter({face: 1})


def test_the_enemys_secret_order_is_any_of_its_orders() -> None:
    """RB.4: the other fleet's order is drawn from its bag of orders (one of each); the seat's own
    order is its own to read and is left as it is."""
    game = Game(load_scenario("fleet-battle", None, ["secret-orders"]), seed=3)
    seat = game.pending.seat
    copy = game.view(seat).clone()
    ids = masked_ids(copy)
    assert len(ids) == 1 and ids[0].startswith("order:")
    seen = set()
    for n in range(40):
        c = game.view(seat).clone()
        determinize(c, random.Random(n))
        seen.add(c.state.secrets[ids[0]]["value"])
    orders = game.scenario.data["fleet_battle"]["orders"]
    assert seen == {str(o) for o in orders}


def test_a_game_without_secrets_is_left_alone() -> None:
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    copy = game.clone()
    assert determinize(copy, random.Random(1)) == 0
    assert copy.state.hash() == game.state.hash()
