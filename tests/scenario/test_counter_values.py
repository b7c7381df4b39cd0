"""A counter holds whole numbers: a rule that sets one to a fraction fails, naming the rule
(distant_galaxy.scenario.bindings; docs/rules.md, "Effects")."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError


def _game(tmp_path: Path, effect: str) -> Game:
    mod = tmp_path / "rnd.yaml"
    mod.write_text("format: 1\nid: rnd\ntitle: R\nextends: tic-tac-toe\n"
                   "counters: {h: {initial: 0}}\n"
                   f'triggers: [{{id: rec, on: place, do: "{effect}"}}]\n', encoding="utf-8")
    return Game(load_scenario(mod), seed=1)


def test_a_fraction_set_to_a_counter_is_an_error_naming_the_rule(tmp_path: Path) -> None:
    """A new author's trial: ``player.h = 7 / 2`` kept 3, and nothing said so."""
    game = _game(tmp_path, "player.h = 7 / 2")
    with pytest.raises(EngineError, match=r"rnd\.yaml:6:\d+: rule 'player\.h = 7 / 2' failed: "
                       r"the counter 'h' holds whole numbers, not 3\.5: round it with "
                       r"round\(x\), or divide with //"):
        game.apply("place 0,0")
    assert game.history == []  # the action taken back whole


@pytest.mark.parametrize(("effect", "kept"), [("player.h = 7 // 2", 3),
                                              ("player.h = round(7 / 2)", 4),
                                              ("player.h = 6 / 2", 3)])
def test_a_whole_value_is_kept(tmp_path: Path, effect: str, kept: int) -> None:
    game = _game(tmp_path, effect)
    seat = game.pending.seat
    game.apply("place 0,0")
    assert game.state.players[seat].counters["h"] == kept
