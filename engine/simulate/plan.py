"""What a simulation plays: its cases (variant × seat count) and each case's games as tasks.

Game ``k`` of a case has seed ``first_seed + k``; with ``rotate`` its turn order is the seats
rotated by ``seed mod seats`` (so every seat plays first equally often and a seat's edge is told
apart from the first player's), else the scenario's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import bot_problem
from distant_galaxy.simulate.games import DEFAULT_MAX_ACTIONS, GameTask, Source


@dataclass(frozen=True)
class Case:
    """One table of the report: a variant (None: the scenario itself) with a seat count."""

    variant: str | None
    players: int
    seats: tuple[str, ...]
    factions: tuple[tuple[str, str | None], ...]
    bots: tuple[tuple[str, str], ...]
    options: tuple[str, ...] = ()

    def describe(self) -> dict[str, Any]:
        """The case's identity in the report."""
        return {"variant": self.variant, "options": list(self.options), "players": self.players,
                "seats": list(self.seats), "factions": dict(self.factions),
                "bots": dict(self.bots)}


@dataclass(frozen=True)
class Plan:
    """Every case of a run with the seeds and turn order."""

    scenario: str
    cases: tuple[Case, ...]
    games: int
    first_seed: int = 0
    rotate: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS

    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)

    def order(self, case: Case, seed: int) -> tuple[str, ...]:
        """The turn order of ``seed``'s game."""
        if not self.rotate:
            return case.seats
        k = seed % len(case.seats)
        return case.seats[k:] + case.seats[:k]

    def tasks(self, source: Source) -> list[GameTask]:
        """Every game of every case, case by case; each case's first game and every
        :data:`WATCH_EVERY`-th after it watched (:class:`GameTask`)."""
        return [GameTask(source, c.variant, c.options, self.order(c, s), c.bots, s,
                         self.max_actions, watched=i % WATCH_EVERY == 0)
                for c in self.cases for i, s in enumerate(self.seeds())]


#: One game in so many of each case has every controller's choice checked for a change of the
#: game's state (two fresh hashes of the state a decision: 0.02–0.14 ms, as much as a random
#: bot's whole move in a small game, so not every game; ``dg run`` checks every decision).
WATCH_EVERY = 64


def make_cases(scenario: Any, variants: list[str | None], players: list[int],
               seat_bots: dict[str, str], options: tuple[str, ...] = ()) -> list[Case]:
    """The cases of a loaded scenario (``scenario``: the base, for its seats and bots), each
    variant with each seat count; the bots: ``seat_bots``, else the scenario's default bot."""
    lo = int(scenario.players.get("min", len(scenario.seats)))
    hi = int(scenario.players.get("max", len(scenario.seats)))
    known = scenario.bots()
    default = scenario.data.get("default_bot", "random")
    for seat, bot in seat_bots.items():
        if seat not in {s["id"] for s in scenario.seats}:
            raise EngineError(f"--seat {seat}={bot}: no seat {seat!r} (seats: "
                              f"{', '.join(s['id'] for s in scenario.seats)})")
        problem = bot_problem(known, bot)
        if problem:
            raise EngineError(f"--seat {seat}={bot}: {problem}")
    faction = {s["id"]: s.get("faction") for s in scenario.seats}
    for n in players:
        if not lo <= n <= hi:
            raise EngineError(f"--players {n}: {scenario.id} is played by {lo} to {hi} players")
    out = []
    for v in variants:
        for n in players:
            seats = tuple(scenario.seat_ids(n))
            out.append(Case(v, n, seats, tuple((s, faction[s]) for s in seats),
                            tuple((s, seat_bots.get(s, default)) for s in seats), options))
    return out
