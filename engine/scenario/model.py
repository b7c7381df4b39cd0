"""The Scenario model: a loaded, merged, schema-checked and compiled scenario file.

``load_scenario(name, variant)`` runs the whole pipeline: safe YAML load with positions →
``extends:`` and variant overlays → the scenario's plugins → JSON Schema (with plugin sections) →
the map, cell permissions and tables → rule strings compiled once → plugin semantic checks. Every
problem found is reported with file, line and column; all of them at once (``ScenarioErrors``).
"""

from __future__ import annotations

import importlib.resources
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy
from distant_galaxy.core.actions import ActionKind, EndAction
from distant_galaxy.core.grid import CellPermissions, Grid
from distant_galaxy.core.state import GameState, Player, Site
from distant_galaxy.errors import ScenarioError, ScenarioErrors, SourceError, SourcePos
from distant_galaxy.loader import (
    MergedDocument,
    apply_variant,
    check_schema,
    combined_schema,
    load_schema,
    load_yaml_file,
    resolve_extends,
)
from distant_galaxy.plugins import make_plugin_manager
from distant_galaxy.scenario.map import build_map

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

DEFAULT_PHASES = [{"id": "main", "seat": "active"}]


class Scenario:
    """Everything an author wrote, merged and checked, plus compiled rules and the plugins."""

    def __init__(self, doc: MergedDocument, path: Path, variant: str | None,
                 pm: pluggy.PluginManager):
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.path = path
        self.variant = variant
        self.pm = pm
        d = self.data
        self.id: str = d["id"]
        self.title: str = d.get("title", self.id)
        self.params: dict[str, Any] = dict(d.get("params", {}))
        self.seats: list[dict[str, Any]] = list(d.get("seats", []))
        self.players: dict[str, int] = d.get("players", {"min": len(self.seats),
                                                         "max": len(self.seats)})
        self.factions: dict[str, Any] = d.get("factions", {})
        self.counters: dict[str, dict[str, Any]] = d.get("counters", {})
        self.pools: dict[str, Any] = d.get("pools", {})
        self.cell_types: dict[str, dict[str, Any]] = d.get("cell_types", {})
        self.site_kinds: dict[str, dict[str, Any]] = d.get("site_kinds", {})
        self.unit_types: dict[str, dict[str, Any]] = d.get("unit_types", {})
        self.tables: dict[str, dict[str, Any]] = d.get("tables", {})
        self.setup: dict[str, Any] = d.get("setup", {})
        self.phases: list[dict[str, Any]] = list(d.get("phases") or DEFAULT_PHASES)
        self.limits: dict[str, Any] = d.get("limits", {})
        self.variants: dict[str, Any] = d.get("variants", {})
        self.grid: Grid
        self.map_sites: list[dict[str, Any]]
        self.grid, self.map_sites = build_map(self)
        self.site_cells: dict[tuple[int, int], str] = {s["pos"]: s["kind"] for s in self.map_sites}
        self.permissions = CellPermissions(self.cell_types)
        self.unit_tags: dict[str, frozenset[str]] = {
            name: frozenset(u.get("tags", [])) | {name} for name, u in self.unit_types.items()}
        from distant_galaxy.scenario.rules import ScenarioRules

        self.rules = ScenarioRules(self)

    # -- positions for messages ------------------------------------------------------------
    def pos(self, *path: str | int) -> SourcePos:
        """Where the value at ``path`` was written (file, line, column)."""
        return self.doc.pos(tuple(path))

    def error(self, message: str, *path: str | int, hint: str | None = None) -> ScenarioError:
        return ScenarioError(message, self.pos(*path), hint)

    # -- plugins ---------------------------------------------------------------------------------
    def action_kinds(self) -> dict[str, ActionKind]:
        return dict(self._kinds)

    @cached_property
    def _kinds(self) -> dict[str, ActionKind]:
        from distant_galaxy.builtin.board.section import generic_action_kinds

        kinds: dict[str, ActionKind] = {"end": EndAction()}
        for kind in generic_action_kinds(self):
            kinds[kind.verb] = kind
        for group in self.pm.hook.dg_action_kinds(scenario=self):
            for kind in group:
                kinds[kind.verb] = kind
        return kinds

    def bots(self) -> dict[str, Any]:
        from distant_galaxy.play.controllers import BUILTIN_BOTS

        bots: dict[str, Any] = dict(BUILTIN_BOTS)
        for group in self.pm.hook.dg_bots():
            bots.update(group)
        return bots

    # -- a new game ------------------------------------------------------------------------------
    def seat_ids(self, count: int | None = None) -> list[str]:
        ids = [s["id"] for s in self.seats]
        if count is None:
            count = self.players.get("max", len(ids))
        return ids[:count]

    def new_state(self, seats: list[str] | None, seed: int) -> GameState:
        chosen = seats or self.seat_ids()
        known = {s["id"]: s for s in self.seats}
        players = {}
        for seat in chosen:
            spec = known[seat]
            counters = {k: int(v.get("initial", 0)) for k, v in self.counters.items()}
            players[seat] = Player(seat, spec.get("faction"), counters,
                                   {name: {} for name in self.pools})
        st = GameState(seats=list(chosen), players=players, seed=seed)
        for i, site in enumerate(self.map_sites):
            sid = site.get("id") or f"{site['kind']}-{i + 1}"
            st.sites[sid] = Site(sid, site["kind"], site["pos"], None, {},
                                 dict(site.get("attrs", {})))
        return st

    def generic_setup(self, game: Game) -> None:
        """Pools and tokens of the ``setup:`` section (plugins finish the set-up)."""
        from distant_galaxy.scenario.setup import apply_setup

        apply_setup(self, game)

    def limit_result(self, game: Game) -> dict[str, Any]:
        return self.rules.limit_result(game)


# -- finding and loading ----------------------------------------------------------------------
def scenarios_dir() -> Path:
    """The shipped scenarios (the package ``distant_galaxy.bundled.scenarios``, found through
    importlib.resources: the repository's ``scenarios/`` folder in an editable install)."""
    return Path(str(importlib.resources.files("distant_galaxy.bundled.scenarios")))


def scenario_files(root: Path | None = None) -> list[Path]:
    base = root or scenarios_dir()
    return sorted(p for p in base.rglob("*.yaml") if p.is_file())


def _index() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for p in scenario_files():
        sid = _peek_id(p)
        if sid and sid not in out:
            out[sid] = p
    return out


def _peek_id(path: Path) -> str | None:
    """The ``id:`` of a scenario file, read cheaply (first top-level ``id:`` line)."""
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("id:"):
                    return line[3:].split("#")[0].strip().strip("'\"") or None
    except OSError:
        return None
    return None


def find_by_id(sid: str) -> Path | None:
    """The shipped scenario file with this id (``find_by_id.known()`` lists the ids)."""
    return _index().get(sid)


find_by_id.known = lambda: sorted(_index())  # type: ignore[attr-defined]


def resolve_scenario_path(name: str) -> Path:
    """A scenario by id (``asteroid-belt``) or by path (``mods/small.yaml``)."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            raise ScenarioError(f"{name}: no such scenario file")
        return p
    found = find_by_id(name)
    if found is None:
        import difflib

        ids = sorted(_index())
        near = difflib.get_close_matches(name, ids, n=1)
        hint = f"did you mean '{near[0]}'?" if near else f"known: {', '.join(ids)}"
        raise ScenarioError(f"unknown scenario '{name}'", hint=hint)
    return found


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


__all__ = [
    "Scenario",
    "find_by_id",
    "load_scenario",
    "load_schema",
    "resolve_scenario_path",
    "scenario_files",
    "scenarios_dir",
]
