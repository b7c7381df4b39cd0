"""``load_scenario(name, variant)``: the whole pipeline from a file to a :class:`Scenario`.

Safe YAML load with positions → ``extends:`` and variant overlays → the scenario's plugins → JSON
Schema (with plugin sections) → the map, cell permissions and tables → rule strings compiled once →
plugin semantic checks. Every problem found is reported with file, line and column; all of them at
once (``ScenarioErrors``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from distant_galaxy.errors import ScenarioErrors, SourceError
from distant_galaxy.loader import (
    apply_variant,
    check_schema,
    combined_schema,
    load_yaml_file,
    resolve_extends,
)
from distant_galaxy.plugins import make_plugin_manager
from distant_galaxy.scenario.find import find_by_id, resolve_scenario_path
from distant_galaxy.scenario.model import Scenario


def load_scenario(name: str | Path, variant: str | None = None) -> Scenario:
    """Load, merge, check and compile a scenario; raises ScenarioErrors listing every problem."""
    path = resolve_scenario_path(str(name))
    doc = resolve_extends(load_yaml_file(path), find_by_id)
    if variant:
        doc = apply_variant(doc, variant)
    plugins = doc.data.get("plugins", []) if isinstance(doc.data, dict) else []
    pm = make_plugin_manager([p for p in plugins if isinstance(p, str)])
    sections: dict[str, Any] = {}
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    errors: list[SourceError] = list(check_schema(doc, combined_schema(sections)))
    if errors:
        raise ScenarioErrors(errors)
    try:
        scenario = Scenario(doc, path, variant, pm)
    except ScenarioErrors:
        raise
    except SourceError as exc:
        raise ScenarioErrors([exc]) from None
    for group in pm.hook.dg_validate_scenario(scenario=scenario):
        errors.extend(group or [])
    if errors:
        raise ScenarioErrors(errors)
    return scenario


__all__ = ["load_scenario"]
