"""Plugins: discovery through entry points, per-game managers, loud errors for unknown hooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from distant_galaxy import PluginError, ScenarioErrors, hookimpl, hookspecs, load_scenario
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


def test_a_plugin_adds_the_hooks_it_calls_and_an_option_answers_them_only_where_it_plays():
    """Issue 29, item 3: episode 5's hooks are declared by its plugin (``dg_add_hookspecs``), not by
    the engine; the Leaders option, which answers them, also loads without the episode."""
    engine_specs = {name for name in dir(hookspecs) if name.startswith("dg_")}
    episode = {"dg_roll_adjustments", "dg_cell_values", "dg_ship_lost", "dg_site_taken"}
    assert not engine_specs & episode
    with_episode = make_plugin_manager(["aborigines", "leaders", "space_domain"])
    assert all(getattr(with_episode.hook, name).spec is not None for name in episode)
    assert {"dg_ship_lost", "dg_site_taken", "dg_roll_adjustments"} <= implemented_hooks(with_episode)
    alone = make_plugin_manager(["leaders"])  # optionalhook: no spec, and no error
    assert all(getattr(alone.hook, name).spec is None for name in episode - {"dg_cell_values"})


def test_a_failing_dg_add_hookspecs_names_the_plugin():
    class Broken:
        @hookimpl
        def dg_add_hookspecs(self, pm):
            raise RuntimeError("no specs today")

    with pytest.raises(PluginError, match="hook dg_add_hookspecs: RuntimeError: no specs today"):
        make_plugin_manager([], extra=[Broken()])


def _implemented_names() -> set[str]:
    """The hook names that some function of the engine, the shipped episodes or the test plugins
    implements (``def dg_…(`` anywhere under them)."""
    root = Path(__file__).resolve().parents[1]
    names: set[str] = set()
    for folder in ("engine", "plugins", "tests"):
        for path in (root / folder).rglob("*.py"):
            if path.name != "hookspecs.py":
                names |= set(re.findall(r"def (dg_\w+)\(", path.read_text(encoding="utf-8")))
    return names


def test_every_engine_hook_has_an_implementation():
    """A hook spec that nothing implements goes (``dg_turn_end`` went in issue 29)."""
    specs = {name for name in dir(hookspecs) if name.startswith("dg_")}
    assert specs - _implemented_names() == set()


def test_a_module_plugin_is_looked_at_again_when_its_hooks_change():
    """What a manager finds on a module is remembered for the next manager (every scenario
    makes one), but only while the module holds the same objects: an edited module's new
    hook is found, a removed one is gone."""
    import types

    plugin = types.ModuleType("dg_test_edited_plugin")

    @hookimpl
    def dg_schema_sections():
        return {"first": {"type": "object"}}

    plugin.dg_schema_sections = dg_schema_sections
    first = make_plugin_manager([], extra=[plugin])
    again = make_plugin_manager([], extra=[plugin])
    assert {"first": {"type": "object"}} in first.hook.dg_schema_sections()
    assert {"first": {"type": "object"}} in again.hook.dg_schema_sections()

    @hookimpl
    def dg_schema_sections_new():
        return {"second": {"type": "object"}}

    plugin.dg_schema_sections = dg_schema_sections_new
    edited = make_plugin_manager([], extra=[plugin]).hook.dg_schema_sections()
    assert {"second": {"type": "object"}} in edited and {"first": {"type": "object"}} not in edited
    del plugin.dg_schema_sections
    assert not any("second" in s or "first" in s
                   for s in make_plugin_manager([], extra=[plugin]).hook.dg_schema_sections())


def _module_plugin(monkeypatch: pytest.MonkeyPatch, source: str) -> None:
    """A module plugin installed as ``bumpers`` (what ``load_plugin("bumpers")`` gives)."""
    import types

    from distant_galaxy import plugins

    module = types.ModuleType("dg_bumpers")
    module.__file__ = "/somewhere/dg_bumpers/__init__.py"
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    real = plugins.load_plugin
    monkeypatch.setattr(plugins, "load_plugin",
                        lambda name: module if name == "bumpers" else real(name))


def test_a_hook_function_not_marked_as_one_is_an_error_naming_it(monkeypatch):
    """pluggy ignores a function named as a hook without ``@hookimpl`` (or marked by another
    project's marker): the hook seemed not to work, without a word (a new plugin developer's
    trial)."""
    _module_plugin(monkeypatch, "import pluggy\n"
                                "def dg_bots():\n    return {}\n")
    with pytest.raises(PluginError, match=re.escape(
            "plugin bumpers: dg_bots (dg_bumpers/__init__.py:2) is not marked as a hook "
            "implementation, so it would never be called: write '@hookimpl' above it")):
        make_plugin_manager(["bumpers"])
    _module_plugin(monkeypatch, "import pluggy\nmark = pluggy.HookimplMarker('distant-galaxy')\n"
                                "@mark\ndef dg_bots():\n    return {}\n")
    with pytest.raises(PluginError, match=r"plugin bumpers: dg_bots .* is not marked"):
        make_plugin_manager(["bumpers"])


def test_a_misspelt_hook_names_the_plugin_by_its_name_and_the_function_by_its_line(monkeypatch):
    _module_plugin(monkeypatch, "from distant_galaxy import hookimpl\n\n"
                                "@hookimpl\ndef dg_action_kind(scenario):\n    return []\n")
    with pytest.raises(PluginError, match=re.escape(
            "plugin bumpers: unknown hook 'dg_action_kind' (dg_bumpers/__init__.py:3); did you "
            "mean 'dg_action_kinds'?")):
        make_plugin_manager(["bumpers"])


def test_a_section_a_plugin_cannot_do_without_is_required_where_it_plays(monkeypatch, tmp_path):
    """``"x-required": true`` on a section's schema: a scenario naming the plugin without the
    section is refused by the schema (it passed dg validate, then every game died with a
    KeyError: a new plugin developer's trial)."""
    import dg_example_race

    from tests.conftest import DATA

    sections = dg_example_race.dg_schema_sections

    @hookimpl
    def dg_schema_sections():
        return {name: {**schema, "x-required": True} for name, schema in sections().items()}

    monkeypatch.setattr(dg_example_race, "dg_schema_sections", dg_schema_sections)
    text = (DATA / "scenarios" / "race.yaml").read_text()
    assert "race:\n  die: 6\n" in text
    path = tmp_path / "race.yaml"
    path.write_text(text.replace("race:\n  die: 6\n", ""))
    with pytest.raises(ScenarioErrors, match="missing key 'race'"):
        load_scenario(str(path))
    path.write_text(text)
    assert load_scenario(str(path)).data["race"] == {"die": 6}
