"""``dg validate``: every error of every file, variant and option, with file:line:col, never a
traceback.

The author's files are only read, never rewritten.
"""

from __future__ import annotations

from typing import Any

from distant_galaxy.errors import EngineError, ScenarioErrors, SourceError
from distant_galaxy.loader import checked_option_sets, declared_options
from distant_galaxy.scenario.find import scenario_files, scenario_problems
from distant_galaxy.scenario.load import read_scenario, scenario_from_document


def validate_one(name: str) -> list[str]:
    """Problems of one scenario (its base form, every variant, every option alone, all its
    compatible options together, and each set of options a rule test names), formatted; the
    file is read once for all of them."""
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
    for variant, options in option_sets(scenario.data):
        label = "+".join(options) if variant is None else f"{variant}+{'+'.join(options)}"
        try:
            scenario_from_document(doc, path, variant, options)
        except ScenarioErrors as exc:
            problems.extend(f"[options {label}] " + e.format() for e in exc.errors)
        except EngineError as exc:
            problems.append(f"{name} [options {label}]: {exc}")
    return problems


def option_sets(data: dict[str, Any]) -> list[tuple[str | None, tuple[str, ...]]]:
    """(variant, options) of every option alone, of all compatible options together (when there
    are two or more), and of each rule test that names options; each once."""
    declared = declared_options(data)
    found: list[tuple[str | None, tuple[str, ...]]] = [
        (None, opts) for opts in checked_option_sets(data)]
    for case in data.get("tests") or []:
        named = case.get("options") if isinstance(case, dict) else None
        if isinstance(named, list) and named:
            order = tuple(n for n in declared if n in named) + tuple(
                n for n in named if n not in declared)
            found.append((case.get("variant") or None, order))
    return list(dict.fromkeys(found))


def validate_paths(paths: list[str]) -> tuple[list[str], int]:
    """All problems of the named files or ids, and how many files were checked (each with all
    its variants). When none is named: every scenario of every registered folder, and the
    problems of finding them (a broken package entry point, an id in two files)."""
    names = paths or [str(p) for p in scenario_files()]
    problems: list[str] = [] if paths else scenario_problems()
    for name in names:
        problems.extend(validate_one(name))
    return problems, len(names)
