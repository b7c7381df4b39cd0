"""Scenario checks of episode 6: each fleet within its point limit (D6.1), even costs (RB.5's
halves stay whole), every model's type complete, sizes and orders that exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy_episodes.fleet_battle.model import SECTION

if TYPE_CHECKING:
    from distant_galaxy import Scenario, SourceError

NEEDED = ("size", "cost", "hull", "guns", "range", "speed")


def validate(scenario: Scenario) -> list[SourceError]:
    """Every problem, each with its file, line and column."""
    data = scenario.data.get(SECTION)
    if not isinstance(data, dict):
        return []
    errors: list[SourceError] = []
    sizes = set(data["sizes"])
    for fleet, spec in data["fleets"].items():
        total = 0
        for i, model in enumerate(spec["models"]):
            where = (SECTION, "fleets", fleet, "models", i)
            unit = scenario.unit_types.get(model["type"])
            if unit is None:
                errors.append(scenario.error(f"unknown unit type '{model['type']}'", *where,
                                             "type"))
                continue
            missing = [k for k in NEEDED if k not in unit]
            if missing:
                errors.append(scenario.error(f"unit type '{model['type']}' lacks "
                                             f"{', '.join(missing)}", "unit_types",
                                             model["type"]))
                continue
            if unit["size"] not in sizes:
                errors.append(scenario.error(f"size '{unit['size']}' is not one of "
                                             f"{sorted(sizes)}", "unit_types", model["type"]))
            if int(unit["cost"]) % 2:
                errors.append(scenario.error("costs must be even (RB.5 scores half a cost)",
                                             "unit_types", model["type"], "cost"))
            total += int(unit["cost"])
        if total > int(spec["limit"]):
            errors.append(scenario.error(f"the {fleet} cost {total} points, over their limit "
                                         f"of {spec['limit']}", SECTION, "fleets", fleet,
                                         "limit"))
    if str(data["default_order"]) not in data["orders"]:
        errors.append(scenario.error(f"default order {data['default_order']} is not under "
                                     "orders", SECTION, "default_order"))
    for size in data["to_hit"]:
        if size not in sizes:
            errors.append(scenario.error(f"unknown size '{size}'", SECTION, "to_hit", size))
    return errors
