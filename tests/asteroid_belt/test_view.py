"""The board's legend and glyphs (view.py) come from the scenario (issue 10 item 7)."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy import load_scenario
from distant_galaxy_episodes.asteroid_belt.view import legend, legend_head
from tests.asteroid_belt.conftest import Table

MOD = """\
format: 1
id: asteroid-belt-glyphs
title: "Asteroid Belt with other asteroid glyphs (a test mod)"
extends: asteroid-belt
seats:
  - {id: orange, faction: orange, title: Orange Empire, glyph: "r"}
  - {id: purple, faction: purple, title: Purple Federation}
  - {id: green, faction: green, title: Green Anarchy}
site_kinds:
  asteroid-3: {glyph: "C"}
"""


def test_legend_head_names_the_scenarios_asteroid_classes():
    """The shipped legend lists the five class glyphs and the first seat's marker glyphs."""
    game = Table().game
    assert legend_head(game) == ["legend: 1 2 3 4 5 asteroid (its class);",
                                 "  oT oF oM orange's Target/Flag/Mine (see below);"]
    assert legend(game)[:2] == legend_head(game)


def test_legend_head_follows_a_mods_glyphs(tmp_path: Path):
    """A mod's asteroid glyph and seat mark change the legend's first line."""
    p = tmp_path / "mod.yaml"
    p.write_text(MOD)
    game = Table(sc=load_scenario(p)).game
    assert legend_head(game) == ["legend: 1 2 C 4 5 asteroid of class 1/2/3/4/5;",
                                 "  rT rF rM orange's Target/Flag/Mine (see below);"]
