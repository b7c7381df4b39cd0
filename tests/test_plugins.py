"""Plugins: discovery through entry points, per-game managers, loud errors for unknown hooks."""

from __future__ import annotations

import pytest

from distant_galaxy import PluginError, hookimpl
from distant_galaxy.plugins import (
    BUILTIN_PLUGINS,
    available_plugins,
    implemented_hooks,
    load_plugin,
    make_plugin_manager,
)


def test_example_plugin_is_found_through_entry_points():
    assert "example_race" in available_plugins()
    module = load_plugin("example_race")
    assert module.__name__ == "dg_example_race"


def test_a_manager_holds_the_builtins_then_only_the_named_plugins():
    builtins = list(BUILTIN_PLUGINS)
    pm = make_plugin_manager(["example_race"])
    assert [name for name, _ in pm.list_name_plugin()] == [*builtins, "example_race"]
    empty = make_plugin_manager([])
    assert [name for name, _ in empty.list_name_plugin()] == builtins


def test_builtins_are_plugins_of_the_public_hooks():
    hooked = implemented_hooks(make_plugin_manager([]))
    assert hooked == {"dg_rule_functions", "dg_compile_rules", "dg_action_kinds", "dg_setup",
                      "dg_bots"}
    assert "dg_turn_start" in implemented_hooks(make_plugin_manager(["example_race"]))


def test_a_plugin_bot_replaces_a_builtin_one():
    class MineBot:
        pass

    class Mine:
        @hookimpl
        def dg_bots(self):
            return {"random": MineBot}

    pm = make_plugin_manager([], extra=[Mine()])
    bots: dict = {}
    for group in pm.hook.dg_bots():
        bots.update(group)
    assert bots["random"] is MineBot and "first" in bots


def test_unknown_plugin_names_the_installed_ones():
    with pytest.raises(PluginError, match="not installed; did you mean 'example_race'"):
        load_plugin("example_rase")


def test_a_misspelt_hook_is_an_error():
    class Typo:
        @hookimpl
        def dg_action_kind(self, scenario):  # missing the final s
            return []

    with pytest.raises(PluginError, match="dg_action_kinds"):
        make_plugin_manager([], extra=[Typo()])


def test_a_wrong_hook_signature_is_an_error():
    class BadArgs:
        @hookimpl
        def dg_setup(self, game, extra):
            pass

    with pytest.raises(PluginError, match="extra"):
        make_plugin_manager([], extra=[BadArgs()])


def test_scenario_uses_plugin_section_schema(race):
    assert race.data["race"] == {"die": 6}
    assert set(race.action_kinds()) == {"end", "step", "roll"}
