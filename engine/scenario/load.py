"""``load_scenario(name, variant, options)``: the whole pipeline from a file to a :class:`Scenario`.

Safe YAML load with positions → ``extends:``, the variant's overlay, then the options' overlays
(:mod:`distant_galaxy.loader.options`: in the scenario's order, conflicts refused) → the
scenario's plugins (with the options') → JSON
Schema (with plugin sections; a check passed before is remembered, :mod:`distant_galaxy.loader.
schema_memo`) → the map, cell permissions and tables → rule strings compiled once →
plugin semantic checks → the action kinds (made here, once). Every problem found is reported with
file, line and column; all of them at once (``ScenarioErrors``). A file is read once for all its
variants (:func:`read_scenario`, then :func:`scenario_from_document` per variant), as ``dg validate``
does; inside a :func:`reading_once` block, once for everyone who reads it (``dg validate`` checks a
campaign's scenarios after the scenarios themselves).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pluggy

from distant_galaxy.errors import (
    PluginError,
    ScenarioError,
    ScenarioErrors,
    ScenarioPluginError,
    SourceError,
    SourcePos,
)
from distant_galaxy.loader import (
    MergedDocument,
    apply_options,
    apply_variant,
    combined_schema,
    load_yaml_file,
    resolve_extends,
)
from distant_galaxy.loader.schema_memo import check_schema_memo, combined_key
from distant_galaxy.plugins import make_plugin_manager
from distant_galaxy.scenario.events import event_catalogue
from distant_galaxy.scenario.find import find_by_id, is_campaign_file, resolve_scenario_path
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.scenario.numbers import (
    counter_errors,
    dice_table_errors,
    player_count_errors,
)
from distant_galaxy.scenario.setup import pool_errors, token_errors


def load_scenario(name: str | Path, variant: str | None = None,
                  options: Iterable[str] = ()) -> Scenario:
    """Load, merge, check and compile a scenario (its ``variant``, then its ``options`` in the
    order the scenario lists them); raises ScenarioErrors listing every problem."""
    path, doc = read_scenario(name)
    return scenario_from_document(doc, path, variant, options)


#: The documents read inside a :func:`reading_once` block, by file (None outside one).
_READ_ONCE: dict[Path, MergedDocument] | None = None


@contextmanager
def reading_once() -> Iterator[None]:
    """Inside this block :func:`read_scenario` reads each file once: a later read of the same
    file gives the same document (which nobody changes: overlays are merged into new data).
    For one command that checks many files, such as ``dg validate``; files edited meanwhile are
    not read again, so a long-running program must not hold the block open."""
    global _READ_ONCE
    outer, _READ_ONCE = _READ_ONCE, ({} if _READ_ONCE is None else _READ_ONCE)
    try:
        yield
    finally:
        _READ_ONCE = outer


def read_scenario(name: str | Path) -> tuple[Path, MergedDocument]:
    """The file of a scenario (by id or path) and its data with ``extends:`` resolved: read once,
    it makes the scenario and each of its variants (:func:`scenario_from_document`)."""
    path = resolve_scenario_path(str(name))
    known = _READ_ONCE.get(path) if _READ_ONCE is not None else None
    if known is not None:
        return path, known
    if is_campaign_file(path):
        raise ScenarioError(f"{name} is a campaign, not a scenario",
                            hint=f"start it with 'dg campaign new {name}' (docs/campaign.md)")
    read = load_yaml_file(path)
    if read.data is None:  # (the schema's own words, "expected a mapping", told a newcomer little)
        raise ScenarioError("the file is empty (or holds only comments)",
                            SourcePos(str(path), 1, 1, ""),
                            hint="a scenario starts with format: 1, id: ..., title: ... (or "
                            "extends: ... for a mod): docs/authoring.md shows a first one")
    doc = resolve_extends(read, find_by_id)
    if _READ_ONCE is not None:
        _READ_ONCE[path] = doc
    return path, doc


def scenario_from_document(doc: MergedDocument, path: Path, variant: str | None = None,
                           options: Iterable[str] = ()) -> Scenario:
    """The scenario (or its ``variant``, with its ``options``) of a document read by
    :func:`read_scenario`; ``doc`` is left as it was (the overlays are merged into new data)."""
    if variant:
        doc = apply_variant(doc, variant)
    doc = apply_options(doc, options)
    plugins = doc.data.get("plugins", []) if isinstance(doc.data, dict) else []
    pm = _plugin_manager(doc, plugins)
    sections: dict[str, Any] = {}
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    catalogues = {"events": list(event_catalogue(sections))}
    errors: list[SourceError] = list(check_schema_memo(doc, combined_schema(sections), catalogues,
                                                       combined_key(sections)))
    scenario = _build(doc, path, variant, pm, errors)
    if scenario is not None:
        errors.extend(scenario.rules.errors)
        errors.extend(dice_table_errors(scenario) + counter_errors(scenario)
                      + pool_errors(scenario) + token_errors(scenario)
                      + player_count_errors(scenario))
        _plugin_checks(scenario, errors)
        if not errors:
            _build_kinds(scenario, errors)
    if errors:
        raise ScenarioErrors(sort_errors(errors))
    assert scenario is not None
    return scenario


def _plugin_manager(doc: MergedDocument, plugins: Any) -> pluggy.PluginManager:
    """The plugin manager of the plugins ``doc`` names; a plugin that cannot be used is an error
    at the item of ``plugins:`` that names it (the list itself when no one item is meant)."""
    names = [p for p in plugins if isinstance(p, str)]
    try:
        return make_plugin_manager(names)
    except PluginError as exc:
        text = str(exc)
        at = next((i for i, n in enumerate(plugins) if isinstance(n, str)
                   and (f"'{n}'" in text or f"plugin {n}:" in text or f"plugin {n}," in text)),
                  None)
        pos = doc.pos(("plugins",) if at is None else ("plugins", at))
        raise ScenarioPluginError(text, pos) from exc


def _build(doc: MergedDocument, path: Path, variant: str | None, pm: pluggy.PluginManager,
           errors: list[SourceError]) -> Scenario | None:
    """The scenario (map, tables, compiled rules), its errors added to ``errors``; after schema
    errors, the stages that can still run on the data report theirs too, and the ones that
    cannot (a value of the wrong type where they need it) are skipped: the schema said why."""
    try:
        return Scenario(doc, path, variant, pm)
    except ScenarioErrors as exc:
        errors.extend(exc.errors)
    except SourceError as exc:
        errors.append(exc)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        if not errors:
            raise
    return None


def _plugin_checks(scenario: Scenario, errors: list[SourceError]) -> None:
    """The plugins' semantic checks (``dg_validate_scenario``), run even after errors of the
    earlier stages; a check that cannot run on such data is skipped (they explain it)."""
    try:
        for group in scenario.pm.hook.dg_validate_scenario(scenario=scenario):
            errors.extend(group or [])
    except SourceError as exc:
        errors.append(exc)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        if not errors:
            raise


def _build_kinds(scenario: Scenario, errors: list[SourceError]) -> None:
    """Make the scenario's action kinds now (``Scenario.action_kinds``), so that a kind that
    cannot be made for this scenario is an error of loading — ``dg validate`` reports it — and
    not of the first game. A plugin's failure (``PluginError``, naming the plugin and the hook)
    is placed at the scenario's ``plugins:`` list."""
    try:
        scenario.action_kinds()
    except SourceError as exc:
        errors.append(exc)
    except PluginError as exc:
        where = ("plugins",) if "plugins" in scenario.data else ("id",)
        errors.append(scenario.error(f"{exc}", *where))


def sort_errors(errors: list[SourceError]) -> list[SourceError]:
    """Errors sorted by file, line and column (those without a place last); one per place: the
    first found (a reference the schema declares, with its suggestion, before a plugin's own
    check of the same value)."""
    seen: dict[tuple[str, int, int, str], SourceError] = {}
    for err in errors:
        pos = err.pos
        key = (pos.file, pos.line, pos.col, "") if pos else ("~", 0, 0, err.message)
        seen.setdefault(key, err)
    return [seen[k] for k in sorted(seen)]


__all__ = ["load_scenario", "read_scenario", "scenario_from_document", "sort_errors"]
