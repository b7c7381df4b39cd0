"""``dg validate``: every error of every file and variant, with file:line:col, never a traceback.

The author's files are only read, never rewritten.
"""

from __future__ import annotations

from distant_galaxy.errors import EngineError, ScenarioErrors, SourceError
from distant_galaxy.scenario.find import scenario_files, scenario_problems
from distant_galaxy.scenario.load import read_scenario, scenario_from_document


def validate_one(name: str) -> list[str]:
    """Problems of one scenario (its base form and every variant), formatted; the file is read
    once for all of them."""
    problems: list[str] = []
    try:
        path, doc = read_scenario(name)
        scenario = scenario_from_document(doc, path)
    except ScenarioErrors as exc:
        return [e.format() for e in exc.errors]
    except SourceError as exc:
        return [exc.format()]
    except EngineError as exc:
        return [f"{name}: {exc}"]
    for variant in scenario.variants:
        try:
            scenario_from_document(doc, path, variant)
        except ScenarioErrors as exc:
            problems.extend(f"[variant {variant}] " + e.format() for e in exc.errors)
        except EngineError as exc:
            problems.append(f"{name} [variant {variant}]: {exc}")
    return problems


def validate_paths(paths: list[str]) -> tuple[list[str], int]:
    """All problems of the named files or ids, and how many files were checked (each with all
    its variants). When none is named: every scenario of every registered folder, and the
    problems of finding them (a broken package entry point, an id in two files)."""
    names = paths or [str(p) for p in scenario_files()]
    problems: list[str] = [] if paths else scenario_problems()
    for name in names:
        problems.extend(validate_one(name))
    return problems, len(names)
