"""Issue 33 item 1 (audit): the values plugins keep in a game's open mappings are checked against
what they declare (``dg_state_schema``) when a save loads.

An Asteroid Belt save with ``state.attrs.cargo`` set to ``[[0, 0]]`` or ``{"a": 1}`` and both
hashes recomputed passed every check of the load (the save schema takes any object in
``attrs``), and ``dg resume`` ended in ``TypeError: unhashable type`` in
``shuttles.cargo_portal`` (via ``raid_refusal``) once a raid was listed. Now it is refused at
load, naming the field.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from distant_galaxy import Game, PluginError, SaveError, load_scenario
from distant_galaxy.hookguard import CHECKS
from distant_galaxy.play.attrs_schema import HOLDERS, attrs_problems, declared, merge, undeclared
from distant_galaxy.play.saves import load_game, read_save
from tests.conformance.crafted import rehash_save, write


@pytest.fixture(scope="module")
def belt_save() -> dict[str, Any]:
    """A real save of an Asteroid Belt game (quick) some random actions in."""
    from tests.conformance.test_crafted import base_save
    return base_save("asteroid-belt", "quick", (), 20)


def _crafted(original: dict[str, Any], tmp_path: Path, edit: Any) -> Path:
    data = copy.deepcopy(original)
    edit(data["state"])
    rehash_save(data)
    return write(data, tmp_path / "crafted.save")


def _resume(path: Path) -> subprocess.CompletedProcess[str]:
    seats = json.loads(path.read_text())["header"]["seats"]
    return subprocess.run([sys.executable, "-m", "distant_galaxy", "resume", str(path), "--quiet",
                           *[a for s in seats for a in ("--seat", f"{s}=random")]],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("value", [[[0, 0]], {"a": 1}], ids=["list", "dict"])
def test_a_cargo_that_names_no_portal_is_refused_at_load_naming_the_field(
        belt_save: dict[str, Any], tmp_path: Path, value: Any) -> None:
    path = _crafted(belt_save, tmp_path, lambda st: st["attrs"].update(cargo=value))
    done = _resume(path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "state/attrs/cargo" in done.stderr and "is not of type 'string', 'null'" in done.stderr
    assert done.stderr.count("\n") == 1


def test_names_are_checked_against_the_saved_game(belt_save: dict[str, Any],
                                                  tmp_path: Path) -> None:
    """``x-refers-to: @sites`` (and seats, tokens, secrets): a cargo portal that is no site."""
    path = _crafted(belt_save, tmp_path, lambda st: st["attrs"].update(cargo="portal-99"))
    with pytest.raises(SaveError, match=r"state/attrs/cargo: unknown site 'portal-99'"):
        load_game(path, read_save(path), load_scenario("asteroid-belt", "quick"))


def test_a_players_and_a_sites_values_are_named_by_their_holder(belt_save: dict[str, Any],
                                                                tmp_path: Path) -> None:
    def edit(st: dict[str, Any]) -> None:
        st["players"][0]["attrs"]["abilities"] = ["fly"]
        st["sites"][0]["markers"] = {"mine": ["x"]}

    path = _crafted(belt_save, tmp_path, edit)
    seat, site = belt_save["state"]["players"][0]["seat"], belt_save["state"]["sites"][0]["id"]
    with pytest.raises(SaveError) as err:
        load_game(path, read_save(path), load_scenario("asteroid-belt", "quick"))
    assert f"player {seat}: attrs/abilities/0: unknown ability 'fly'" in str(err.value)
    assert f"site {site}: markers/mine: ['x'] is not of type 'string'" in str(err.value)


def test_the_shipped_saves_load_unchanged(belt_save: dict[str, Any], tmp_path: Path) -> None:
    path = write(belt_save, tmp_path / "real.save")
    game = load_game(path, read_save(path), load_scenario("asteroid-belt", "quick"))
    assert game.state.hash() == belt_save["hash"]


def test_every_episode_declares_what_it_keeps() -> None:
    for sid, options in [("asteroid-belt", ()), ("aborigine-clash", ("space-domain", "leaders")),
                         ("fleet-battle", ("secret-orders",))]:
        schemas = declared(load_scenario(sid, None, options))
        assert set(schemas) == set(HOLDERS)
        assert sum(len(names) for names in schemas.values()) >= 5, sid
    clash = declared(load_scenario("aborigine-clash", None, ("space-domain", "leaders")))
    assert {"ab_centre", "leaders", "leader_choice", "space_domain"} <= set(clash["state"])
    assert "handovers" in clash["state"]  # the engine's own


def test_an_undeclared_name_is_let_through_and_listed(race: Any) -> None:
    game = Game(race, seed=1, seats=["red", "blue"])
    game.state.attrs["anything"] = [[0, 0]]
    assert attrs_problems(game.state, race) == []
    assert undeclared(game.state, race) == ["state/attrs/anything"]


def test_a_plugin_that_declares_no_schemas_or_an_unknown_holder_is_named() -> None:
    check = CHECKS["dg_state_schema"]
    assert check({"state": {"x": {"type": "integer"}}}, {}) is None
    assert "expected a mapping" in str(check(["x"], {}))
    assert "expected a name and a JSON Schema" in str(check({"state": {"x": 3}}, {}))
    with pytest.raises(PluginError, match="unknown holder 'weather'"):
        merge([{"weather": {"x": {}}}])


def test_a_state_that_breaks_its_declared_schema_is_not_saved_and_the_file_is_kept(
        tmp_path: Path) -> None:
    """A plugin that writes a value its own ``dg_state_schema`` refuses made a save that no
    ``dg resume`` could open, found only then (a new plugin developer's trial): ``save_game`` now
    refuses it, naming the field, and leaves the file as it was."""
    from distant_galaxy.play.saves import save_game

    game = Game(load_scenario("asteroid-belt"), seed=1)
    path = tmp_path / "g.save"
    save_game(game, {"scenario": "asteroid-belt", "seed": 1}, path)
    before = path.read_bytes()
    game.state.attrs["cargo"] = [[0, 0]]
    with pytest.raises(SaveError, match=r"g.save: not saved: .*state/attrs/cargo: .* is not of "
                       r"type 'string', 'null'.*dg_state_schema"):
        save_game(game, {"scenario": "asteroid-belt", "seed": 1}, path)
    assert path.read_bytes() == before
