"""The catalogue of shipped scenarios (``dg list``) and the combined schema (``dg schema``)."""

from __future__ import annotations

from typing import Any

from distant_galaxy.errors import EngineError
from distant_galaxy.loader import combined_schema, load_yaml_file
from distant_galaxy.plugins import available_plugins, load_plugin, make_plugin_manager
from distant_galaxy.scenario.find import scenario_files, scenarios_dir


def catalog() -> list[dict[str, Any]]:
    """Every scenario file found, with its title, variants, plugins and player counts."""
    out = []
    for path in scenario_files():
        try:
            data = load_yaml_file(path).data
        except EngineError as exc:
            out.append({"id": path.stem, "title": f"(does not load: {exc})".splitlines()[0],
                        "path": _rel(path), "variants": [], "plugins": [], "players": "?"})
            continue
        if not isinstance(data, dict) or "id" not in data:
            continue
        players = data.get("players", {})
        count = len(data.get("seats", []))
        out.append({"id": data["id"], "title": data.get("title", ""), "path": _rel(path),
                    "variants": sorted(data.get("variants", {})),
                    "plugins": list(data.get("plugins", [])),
                    "extends": data.get("extends"),
                    "players": f"{players.get('min', count)}-{players.get('max', count)}"})
    return out


def _rel(path: Any) -> str:
    try:
        return str(path.relative_to(scenarios_dir().parent))
    except ValueError:
        return str(path)


def full_schema() -> dict[str, Any]:
    """The scenario schema with the sections of every installed plugin."""
    sections: dict[str, Any] = {}
    names = []
    for name in available_plugins():
        try:
            load_plugin(name)
            names.append(name)
        except EngineError:
            continue
    pm = make_plugin_manager(names)
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    return combined_schema(sections)
