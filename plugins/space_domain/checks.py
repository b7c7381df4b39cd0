"""The section's semantic checks: every empty system is a cell an empty system may be (RS.1:
not a portal zone, the central area or a home system), every marker of the bag compiles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy_episodes.space_domain.model import cell, contents, section, systems

if TYPE_CHECKING:
    from distant_galaxy import Scenario, SourceError


def validate(scenario: Scenario) -> list[SourceError]:
    """Errors with file:line:col for systems off the map, of another cell type, or too near a
    site of a kind listed in ``away_from``."""
    sec = section(scenario)
    grid = scenario.grid
    allowed = set(sec.get("system_cells", []))
    away = dict(sec.get("away_from", {}))
    sites = [s for s in scenario.map_sites if s.get("kind") in away]
    errors: list[SourceError] = []
    listed = sec.get("systems", "every")
    if listed == "every":
        return _enough(scenario, len(systems(scenario)), ("space_domain", "systems"))
    errors += _enough(scenario, len(listed), ("space_domain", "systems"))
    for i, text in enumerate(listed):
        pos = cell(text)
        path = ("space_domain", "systems", i)
        if not grid.in_bounds(pos):
            errors.append(scenario.error(f"empty system {text} is off the map "
                                         f"({grid.width}x{grid.height})", *path))
            continue
        ctype = grid.cell_type(pos)
        if ctype not in allowed:
            errors.append(scenario.error(
                f"empty system {text} is a '{ctype}' cell, not one of {', '.join(sorted(allowed))}"
                " (RS.1: a system without planets, not a special one)", *path))
            continue
        for s in sites:
            spos = tuple(s["pos"])
            if grid.distance(pos, spos) <= away[s["kind"]]:
                errors.append(scenario.error(
                    f"empty system {text} is within {away[s['kind']]} of the {s['kind']} "
                    f"{s.get('id', '')} at {spos[0]},{spos[1]} (RS.1: not a portal zone, a "
                    "planet's system or a home system)", *path))
                break
    return errors


def _enough(scenario: Scenario, n: int, path: tuple[str, ...]) -> list[SourceError]:
    """RS.1 «по одному в каждую пустую систему»: the bag holds a marker for each system."""
    size = sum(contents(scenario).values())
    if size >= n:
        return []
    return [scenario.error(f"the bag holds {size} markers for {n} empty systems (RS.1: one "
                           "marker in each empty system; add markers to the bag)", *path)]
