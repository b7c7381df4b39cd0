"""The tokens of the set-up stand on cells of the map, one a cell
(distant_galaxy.scenario.setup.token_errors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import ScenarioErrors, load_scenario

MOD = """\
format: 1
id: t9
title: T9
extends: tic-tac-toe
setup:
  tokens:
    - {type: mark, owner: x, at: "9,9"}
    - {type: mark, owner: o, at: "1 1"}
    - {type: mark, owner: o, at: "0,0"}
    - {type: mark, owner: x, at: "0,0"}
"""


def test_a_token_off_the_map_not_on_a_cell_or_on_a_taken_cell_is_an_error_at_its_at(
        tmp_path: Path) -> None:
    """A new author's trial: each of these passed dg validate; dg run then played a mark at
    9,9 on a 3x3 board, or stopped with no file or line ("'1 1' is not a cell", "cell 1,1 is
    occupied")."""
    mod = tmp_path / "t9.yaml"
    mod.write_text(MOD, encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    found = [(e.format().splitlines()[0]) for e in info.value.errors]
    assert found == [
        f"{mod}:7:35: cell 9,9 is off the map (3x3: x 0..2, y 0..2)",
        f"{mod}:8:35: '1 1' is not a cell; write it as x,y (e.g. 12,7)",
        f"{mod}:10:35: cell 0,0 already has set-up token 3 (one token a cell)",
    ], found


def test_tokens_on_distinct_cells_of_the_map_load(tmp_path: Path) -> None:
    mod = tmp_path / "t2.yaml"
    mod.write_text(MOD.split("    - {type: mark, owner: x, at: \"9,9\"}\n")[0]
                   + '    - {type: mark, owner: x, at: "2,2"}\n', encoding="utf-8")
    game_scenario = load_scenario(mod)
    assert [t["at"] for t in game_scenario.setup["tokens"]] == ["2,2"]
