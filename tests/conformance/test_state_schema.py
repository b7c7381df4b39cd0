"""Every shipped scenario declares what it keeps in a game's open mappings (issue 33 item 1).

A save's ``attrs`` and ``markers`` are checked at load against the schemas the engine and the
plugins declare (``dg_state_schema``, :mod:`distant_galaxy.play.attrs_schema`); a name nobody
declares is let through unchecked. Here seeded random games of every case (scenario, variant,
options) check, every few actions and through a save's JSON, that each name the game keeps is
declared and each value fits its schema: a plugin that starts keeping something new must
declare it, or this fails.
"""

from __future__ import annotations

import random

from distant_galaxy import Game
from distant_galaxy.core.state import GameState
from distant_galaxy.harness.reliability import Case, scenario_of, seats_for
from distant_galaxy.play.attrs_schema import attrs_problems, undeclared

#: Actions per game (the first ones and, every few, a check) and the step between checks.
ACTIONS, EVERY = 600, 7


def test_what_a_game_keeps_is_declared_and_fits(case: Case, seed: int) -> None:
    scenario = scenario_of(case)
    game = Game(scenario, seats=seats_for(case, seed), seed=seed)
    rng = random.Random(f"attrs:{seed}")
    for step in range(ACTIONS):
        if step % EVERY == 0 or game.over:
            state = GameState.from_json(game.state.to_json())
            assert undeclared(state, scenario) == [], f"{case.label}, action {step}"
            assert attrs_problems(state, scenario) == [], f"{case.label}, action {step}"
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
