"""The Scenario model: a loaded, merged, schema-checked and compiled scenario file.

It is made by :func:`distant_galaxy.scenario.load.load_scenario`; the files are found by
:mod:`distant_galaxy.scenario.find`.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

from distant_galaxy.core.actions import ActionKind
from distant_galaxy.core.grid import CellPermissions, Grid
from distant_galaxy.core.state import GameState, Player, Site
from distant_galaxy.core.verbs import EndAction
from distant_galaxy.errors import EngineError, ScenarioError, SourcePos
from distant_galaxy.lazy import lazy_module
from distant_galaxy.loader import MergedDocument
from distant_galaxy.plugins import implemented_hooks
from distant_galaxy.scenario.map import build_map
from distant_galaxy.scenario.rules import ScenarioRules
from distant_galaxy.scenario.setup import apply_setup
from distant_galaxy.stash import Stash

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

#: The loader (it imports this module): what loads a pickled scenario again.
_loader = lazy_module("distant_galaxy.scenario.load")

DEFAULT_PHASES = [{"id": "main", "seat": "active"}]


class Scenario:
    """Everything an author wrote, merged and checked, plus compiled rules and the plugins."""

    def __init__(self, doc: MergedDocument, path: Path, variant: str | None,
                 pm: pluggy.PluginManager):
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.path = path
        self.variant = variant
        #: The options played, in the scenario's order (``options:``; see docs/options.md).
        self.options: tuple[str, ...] = tuple(doc.options)
        self.pm = pm
        #: The names of the hooks some plugin of this scenario implements (the built-ins
        #: included); a game skips calling the others (see ``Game.pure``).
        self.hooked: frozenset[str] = implemented_hooks(pm)
        self.stash = Stash()  # plugins' own data about this scenario (see distant_galaxy.stash)
        d = self.data
        self.id: str = d["id"]
        self.title: str = d.get("title", self.id)
        self.params: dict[str, Any] = dict(d.get("params", {}))
        self.seats: list[dict[str, Any]] = list(d.get("seats", []))
        self.players: dict[str, int] = d.get("players", {"min": len(self.seats),
                                                         "max": len(self.seats)})
        self.factions: dict[str, Any] = d.get("factions", {})
        self.counters: dict[str, dict[str, Any]] = d.get("counters", {})
        #: Counters every token carries (``unit_counters:``), starting at its type's stat.
        self.unit_counters: dict[str, dict[str, Any]] = d.get("unit_counters", {})
        self.pools: dict[str, Any] = d.get("pools", {})
        self.cell_types: dict[str, dict[str, Any]] = d.get("cell_types", {})
        self.site_kinds: dict[str, dict[str, Any]] = d.get("site_kinds", {})
        self.unit_types: dict[str, dict[str, Any]] = d.get("unit_types", {})
        self.tables: dict[str, dict[str, Any]] = d.get("tables", {})
        self.setup: dict[str, Any] = d.get("setup", {})
        self.phases: list[dict[str, Any]] = list(d.get("phases") or DEFAULT_PHASES)
        self.limits: dict[str, Any] = d.get("limits", {})
        self.variants: dict[str, Any] = d.get("variants", {})
        self.declared_options: dict[str, Any] = d.get("options", {})
        self.grid: Grid
        self.map_sites: list[dict[str, Any]]
        self.grid, self.map_sites = build_map(self)
        self.site_cells: dict[tuple[int, int], str] = {s["pos"]: s["kind"] for s in self.map_sites}
        self.permissions = CellPermissions(self.cell_types)
        self.unit_tags: dict[str, frozenset[str]] = {
            name: frozenset(u.get("tags", [])) | {name} for name, u in self.unit_types.items()}
        #: The rule strings' compile errors (the loader reports them with the plugins' checks;
        #: a scenario with some is never handed to a game).
        self.rules = ScenarioRules(self, collect=True)

    # -- copies ---------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Scenario:
        """The scenario itself: it is read-only, shared by every game of it (``Game.clone``),
        and its plugin manager holds modules, which cannot be copied (a copied PettingZoo
        environment: the RL researcher's trial)."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as where it comes from — its file, variant and options — and loaded again
        there (the plugin manager holds modules: a worker process rebuilds it)."""
        return (_load_again, (str(self.path), self.variant, list(self.options)))

    # -- positions for messages ------------------------------------------------------------
    def pos(self, *path: str | int) -> SourcePos:
        """Where the value at ``path`` was written (file, line, column)."""
        return self.doc.pos(tuple(path))

    def error(self, message: str, *path: str | int, hint: str | None = None) -> ScenarioError:
        return ScenarioError(message, self.pos(*path), hint)

    def key_error(self, message: str, *path: str | int, hint: str | None = None
                  ) -> ScenarioError:
        """An error about the mapping key that ends ``path`` (a misspelt name of a unit type or
        seat used as a key), placed on the key rather than on its value."""
        return ScenarioError(message, self.doc.key_pos(tuple(path)), hint)

    def stat_error(self, unit_type: str, stat: str, what: str, minimum: int = 0
                   ) -> ScenarioError | None:
        """The error of a unit type's stat a plugin reads as a whole number (``what``: what the
        number is, for the message) when it is missing, not a whole number, or below
        ``minimum``; None when it is sound. A stat written ``params.NAME`` is read there."""
        spec = self.unit_types.get(unit_type) or {}
        value = spec.get(stat)
        shown = value
        if isinstance(value, str) and value.startswith("params."):
            value = self.params.get(value.removeprefix("params."))
        if stat not in spec or value is None:
            return self.error(f"unit type '{unit_type}' has no {stat} ({what})", "unit_types",
                              unit_type, hint=f"{{{stat}: 2}}: a whole number of at least "
                                              f"{minimum}")
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            return self.error(f"unit type '{unit_type}': {stat} must be a whole number of at "
                              f"least {minimum} ({what}), not {shown!r}", "unit_types",
                              unit_type, stat)
        return None

    # -- plugins ---------------------------------------------------------------------------------
    def action_kinds(self) -> dict[str, ActionKind]:
        """The verbs of this scenario's games: ``end``, then every plugin's kinds (the generic
        ``actions:`` section's first, from the built-in board plugin); a later kind of the same
        verb replaces an earlier one."""
        return dict(self._kinds)

    def forget_made_actions(self) -> None:
        """Let every action kind let go of what it keeps across games (``forget_made``): a
        batch of games (``dg simulate``) calls this before each game, so memory stays that of
        one game however many are played. The games are the same either way."""
        for kind in self._kinds.values():
            kind.forget_made()

    @cached_property
    def _kinds(self) -> dict[str, ActionKind]:
        kinds: dict[str, ActionKind] = {"end": EndAction()}
        for group in self.pm.hook.dg_action_kinds(scenario=self):
            for kind in group:
                kinds[kind.verb] = kind
        return kinds

    def bots(self) -> dict[str, Any]:
        """Bot controllers by name: the built-in ones, then the plugins' (which may replace them)."""
        bots: dict[str, Any] = {}
        for group in self.pm.hook.dg_bots():
            bots.update(group)
        return bots

    # -- a new game ------------------------------------------------------------------------------
    def seat_ids(self, count: int | None = None) -> list[str]:
        ids = [s["id"] for s in self.seats]
        if count is None:
            count = self.players.get("max", len(ids))
        return ids[:count]

    def seat_letter(self, seat_id: str) -> str:
        """The letter a seat's pieces show on the text board: its ``glyph:``, else the first
        letter of its id."""
        seat = next((s for s in self.seats if s.get("id") == seat_id), {})
        return str(seat.get("glyph", seat_id[:1]))

    def seats_for(self, count: int | None) -> list[str]:
        """The seats of a game of ``count`` players (None: the most the scenario allows), or an
        :class:`~distant_galaxy.errors.EngineError` when the scenario is not for that many
        (``dg run --players``, the adapters' ``players=``)."""
        lo, hi = self.players.get("min", 1), self.players.get("max", len(self.seats))
        if count is not None and not lo <= count <= hi:
            raise EngineError(f"{self.id} is for {lo} to {hi} players, not {count}")
        return self.seat_ids(count)

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
        apply_setup(self, game)

    def limit_result(self, game: Game) -> dict[str, Any]:
        return self.rules.limit_result(game)


__all__ = ["DEFAULT_PHASES", "Scenario"]


def _load_again(path: str, variant: str | None, options: list[str]) -> Scenario:
    """A pickled scenario loaded again from its file (:meth:`Scenario.__reduce__`)."""
    return _loader.load_scenario(path, variant, options)  # type: ignore[no-any-return]
