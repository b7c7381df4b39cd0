"""Determinization in the search bot (issue 32, item 1): each iteration's world draws the values
the seat cannot see from what its view allows (``dg_secret_values``), never from the game's true
hidden state — so the same view with a different truth behind it gives the same decision and the
same search statistics for a fixed seed, at the UCT root and at the halving root alike.

The truths changed: the Space Domain's face-down markers of Clash (RS.1: shuffled among the
systems, the bag's contents unchanged) and the Aborigine fleet's secret battle order of the fleet
battle (RB.4: another order of its bag)."""

from __future__ import annotations

from typing import Any

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.budget import parse_budget
from distant_galaxy.bots.mcts import MctsBot
from distant_galaxy.core.hidden import BAG, GAME_SECRET

BUDGETS = {"uct": "16,depth=20", "halving": "8,root=halving,rollout=default,depth=20,candidates=3"}


def hidden_ids(game: Game, seat: str) -> list[str]:
    """The secrets ``seat``'s view masks (not the bags' orders nor the game's secret)."""
    view = game.view(seat).clone()
    return sorted(s for s, item in view.state.secrets.items()
                  if item.get("masked") and not s.startswith(BAG) and s != GAME_SECRET)


def set_truth(game: Game, values: dict[str, Any]) -> None:
    for sid, value in values.items():
        game.state.secrets[sid] = {**game.state.secrets[sid], "value": value}


def decide(game: Game, seat: str, budget: str, *, on_view: bool = True) -> tuple[str, Any]:
    """A fresh bot's choice for ``seat`` (seed 7) and what its search saw."""
    bot = MctsBot(seat, 7, parse_budget(budget))
    action = bot.choose(game.view(seat) if on_view else game)
    stats = bot.last.get("visits", bot.last.get("means"))
    return str(action), stats


def clash_truths() -> tuple[Game, str, dict[str, Any], dict[str, Any]]:
    """Clash with the Space Domain: the true faces, and the same faces rotated among the systems
    (the bag's contents are the same: only where each marker lies changes)."""
    game = Game(load_scenario("aborigine-clash", None, ["space-domain"]), seed=3, record=False)
    seat = game.pending.seat
    ids = hidden_ids(game, seat)
    faces = [game.state.secrets[s]["value"] for s in ids]
    shift = next(k for k in range(1, len(faces)) if faces[k:] + faces[:k] != faces)
    moved = faces[shift:] + faces[:shift]
    return game, seat, dict(zip(ids, faces, strict=True)), dict(zip(ids, moved, strict=True))


def fleet_truths() -> tuple[Game, str, dict[str, Any], dict[str, Any]]:
    """The fleet battle with secret orders: the Aborigines' true order and another one."""
    game = Game(load_scenario("fleet-battle", None, ["secret-orders"]), seed=3, record=False)
    seat = game.pending.seat
    (sid,) = hidden_ids(game, seat)
    true = game.state.secrets[sid]["value"]
    other = next(str(o) for o in game.scenario.data["fleet_battle"]["orders"] if str(o) != true)
    return game, seat, {sid: true}, {sid: other}


@pytest.mark.parametrize("root", sorted(BUDGETS))
@pytest.mark.parametrize("truths", [clash_truths, fleet_truths], ids=["space-domain", "orders"])
def test_same_view_different_truth_same_decision(root: str, truths: Any) -> None:
    game, seat, true, other = truths()
    first = decide(game, seat, BUDGETS[root])
    set_truth(game, other)
    assert decide(game, seat, BUDGETS[root]) == first  # the same choice, the same statistics
    set_truth(game, true)
    assert decide(game, seat, BUDGETS[root]) == first


def worlds_faces(game: Game, seat: str, ids: list[str], *, on_view: bool) -> list[list[Any]]:
    """The faces of the markers ``ids`` in every world a fresh bot's search builds."""
    bot = MctsBot(seat, 7, parse_budget(BUDGETS["uct"]))
    seen: list[list[Any]] = []
    real_world = bot.world

    def world(g: Game) -> Game:
        copy = real_world(g)
        seen.append([copy.state.secrets[s].get("value") for s in ids])
        return copy

    bot.world = world  # type: ignore[method-assign]
    bot.choose(game.view(seat) if on_view else game)
    return seen


def test_the_check_has_teeth_a_bot_given_the_whole_game_sees_the_truth() -> None:
    """Searching the game itself (not the seat's view), the faces are read, not drawn: every
    world holds the true faces, and moving the markers moves them in every world — which the
    seat's view never does (its worlds' faces are drawn, the same whatever the truth)."""
    game, seat, true, other = clash_truths()
    ids = sorted(true)
    assert worlds_faces(game, seat, ids, on_view=False) == [[true[s] for s in ids]] * 16
    drawn = worlds_faces(game, seat, ids, on_view=True)
    set_truth(game, other)
    assert worlds_faces(game, seat, ids, on_view=False) == [[other[s] for s in ids]] * 16
    assert worlds_faces(game, seat, ids, on_view=True) == drawn
    assert drawn != [[true[s] for s in ids]] * 16  # drawn, not read
