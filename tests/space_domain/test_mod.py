"""A mod changes the bag without Python (D-S.1: the effects are data), and bad systems are
refused with file:line:col (RS.1)."""

from __future__ import annotations

import textwrap

import pytest

from distant_galaxy import Game, ScenarioErrors, load_scenario
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy_episodes.space_domain.model import contents, markers

MOD = """\
    format: 1
    id: clash-rich-space
    title: Clash with a richer Space Domain
    extends: aborigine-clash
    options:
      space-domain:
        overlay:
          space_domain:
            bag:
              - {id: minefield, count: 0}          # no minefields in this mod
              - {id: derelict, count: 6}           # more derelicts
              - id: supply-depot                   # a marker of the mod's own
                title: Supply depot
                count: 2
                kind: good
                text: "two destroyers join the ship's owner"
                do: 'place_near(ship, "destroyer", ship.owner); place_near(ship, "destroyer", ship.owner)'
                value: 20
    tests:
      - name: "the mod's supply depot gives two destroyers (D-S.1)"
        options: [space-domain]
        seats: 2
        seed: 1
        setup:
          clear: true
          tokens: [{id: R9, type: destroyer, owner: red, at: "8,2"}]
          attrs: {space_domain: {"8,0": {face: supply-depot}}}
        actions: ["move R9 8,0"]
        expect:
          events: [{type: marker_resolved, marker: supply-depot}, {type: place}, {type: place}]
          facts: ['count(u in units where u.owner == "red") == 3']
"""


def _write(tmp_path, text, name="mod.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_mod_changes_the_bag_without_python_D_S_1(tmp_path):
    path = _write(tmp_path, MOD)
    sc = load_scenario(str(path), options=["space-domain"])
    bag = contents(sc)
    assert "minefield" not in bag and bag["derelict"] == 6 and bag["supply-depot"] == 2
    assert "supply-depot" in markers(sc)
    g = Game(sc, seats=["red"], seed=3)
    assert sorted(g.secret("bag:space-domain")["order"]).count("derelict") == 6
    results = run_file(path)
    assert results and all(r.ok for r in results), [r.failures for r in results if not r.ok]


def test_an_empty_system_in_a_portal_zone_is_refused_with_its_position_RS_1(tmp_path):
    path = _write(tmp_path, """\
        format: 1
        id: clash-bad-space
        title: bad systems
        extends: aborigine-clash
        options:
          space-domain:
            overlay:
              space_domain:
                systems: ["6,1", "12,8", "99,0"]
        """)
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(str(path), options=["space-domain"])
    text = str(err.value)
    assert "mod.yaml:9:20: empty system 6,1 is within 2 of the portal portal-1" in text
    assert "mod.yaml:9:27: empty system 12,8 is a 'centre' cell" in text
    assert "mod.yaml:9:35: empty system 99,0 is off the map" in text


def test_a_marker_whose_rule_does_not_compile_is_reported(tmp_path):
    path = _write(tmp_path, """\
        format: 1
        id: clash-bad-rule
        title: bad rule
        extends: aborigine-clash
        options:
          space-domain:
            overlay:
              space_domain:
                bag:
                  - {id: derelict, do: "place_near(ship,"}
        """)
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(str(path), options=["space-domain"])
    assert ".yaml:10:" in str(err.value)


def test_a_bag_smaller_than_the_empty_systems_is_refused_RS_1(tmp_path):
    """RS.1 «по одному в каждую пустую систему»: every empty system gets a marker, so the bag
    must hold at least as many (without the 120 empty spaces: 80 for 178 systems)."""
    mod = MOD[:MOD.index("          space_domain:")].replace("clash-rich-space", "clash-small")
    path = _write(tmp_path, mod + "          space_domain:\n            bag: [{id: empty-space, "
                  "count: 0}]\n")
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(str(path), options=["space-domain"])
    assert "the bag holds 80 markers for 178 empty systems (RS.1" in str(err.value)
