"""Sides everywhere (issue 32, item 2): where seats win together, every seat declares the side it
plays for (``seats[].side``), so that the search bot, the adapters' rewards and
bench/search_strength.py score a side's win as a win for each of its seats.

Every shipped scenario, variant and option set (``dg list``) is played to its end by its default
bot on two seeds with all its seats; a winner that names no seat must be a side some seat
declares, or one of the parties the game itself plays (below). Without the ``side:`` lines a
``civilizations`` win — episode 5's four seats (R5.1: "All civilizations play together against
the Aborigines") or episode 6's one fleet of all seats (D6.1) — would score as a loss for every
seat, and this test fails (the last test shows it on fleet-battle with its sides taken out)."""

from __future__ import annotations

import copy
from collections import defaultdict

from distant_galaxy import Game, Scenario
from distant_galaxy.bots.rollout import score, seat_sides
from distant_galaxy.harness.conformance import scenario_of, shipped_cases
from distant_galaxy.play.controllers import make_bot

#: Parties played by the game itself, never by a seat: a win of theirs is a loss for every seat.
ENGINE_PARTIES = {
    "aborigines": "R5.1 (episode 5) and D6.1 (episode 6): the Aborigines are the game's own",
}

SEEDS = (1, 2)
MAX_PLIES = 5000


def undeclared_winners(scenario: Scenario, winners: set[str | None]) -> list[str]:
    """The winners that name no seat, no declared side and no party the game plays itself."""
    seats = {str(s["id"]) for s in scenario.seats}
    sides = set(seat_sides(scenario).values())
    return sorted(str(w) for w in winners
                  if w is not None and w not in seats | sides and w not in ENGINE_PARTIES)


def winners_of(scenario: Scenario) -> set[str | None]:
    """Who won the games of ``scenario``'s default bot on :data:`SEEDS`, all seats playing."""
    name = scenario.data.get("default_bot", "random")
    found: set[str | None] = set()
    for seed in SEEDS:
        game = Game(scenario, seed=seed, record=False)
        bots = {s: make_bot(scenario.bots(), name, s, seed) for s in game.state.seats}
        for _ in range(MAX_PLIES):
            if game.over:
                break
            seat = game.pending.seat
            game.apply(bots[seat].choose(game.view(seat)))
        assert game.over, f"{scenario.id}: no end in {MAX_PLIES} plies"
        found.add(game.result["winner"])
    return found


def test_every_team_winner_is_a_declared_side() -> None:
    seen: dict[str, set[str | None]] = defaultdict(set)
    for case in shipped_cases():
        sc = scenario_of(case)
        winners = winners_of(sc)
        assert not undeclared_winners(sc, winners), (
            f"{case.label}: a winner names no seat and no seat declares it as its side "
            f"(seats[].side): {undeclared_winners(sc, winners)}")
        seen[sc.id] |= winners
    # not vacuous: both team games produced a side's win on these seeds
    assert "civilizations" in seen["aborigine-clash"] and "civilizations" in seen["fleet-battle"]


def test_a_sides_win_scores_for_every_seat_of_the_side() -> None:
    for sid in ("aborigine-clash", "fleet-battle"):
        sc = scenario_of(next(c for c in shipped_cases() if c.label == sid))
        seats = [str(s["id"]) for s in sc.seats]
        assert score({"winner": "civilizations"}, seats, seat_sides(sc)) == dict.fromkeys(seats, 1.0)
        assert score({"winner": "aborigines"}, seats, seat_sides(sc)) == dict.fromkeys(seats, 0.0)


def test_a_team_game_without_sides_fails_the_check() -> None:
    """The fleet battle's seats with their ``side:`` taken out: its civilizations' win names no
    seat and no side, and the check says so."""
    sc = scenario_of(next(c for c in shipped_cases() if c.label == "fleet-battle"))
    stripped = copy.copy(sc)
    stripped.seats = [{k: v for k, v in s.items() if k != "side"} for s in sc.seats]
    assert undeclared_winners(stripped, {"civilizations", "aborigines", None}) == ["civilizations"]
    assert undeclared_winners(sc, {"civilizations", "aborigines", None}) == []
