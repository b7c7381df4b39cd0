"""``load_campaign(id_or_path)``: a campaign file read with positions, checked by
``schemas/campaign.schema.json``, its stages' scenarios, seats, variants and options looked up,
and its rule expressions compiled; every problem reported together with file, line and column
(``ScenarioErrors``), like a scenario."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from distant_galaxy.campaign.carry import stage_env
from distant_galaxy.campaign.find import resolve_campaign_path
from distant_galaxy.campaign.model import Campaign, Carry, Stage
from distant_galaxy.errors import EngineError, RuleError, ScenarioError, ScenarioErrors, SourceError
from distant_galaxy.loader import (
    Document,
    MergedDocument,
    declared_options,
    load_schema,
    load_yaml_file,
)
from distant_galaxy.loader.schema_memo import check_schema_memo
from distant_galaxy.rules import Expr, compile_expr
from distant_galaxy.scenario.find import find_by_id
from distant_galaxy.scenario.load import read_scenario


def load_campaign(name: str | Path) -> Campaign:
    """Load and check a campaign by id or path; raises ScenarioErrors listing every problem."""
    path = resolve_campaign_path(str(name))
    doc = load_yaml_file(path)
    errors: list[SourceError] = list(check_schema_memo(MergedDocument.from_document(doc),
                                                       load_schema("campaign")))
    if errors:
        raise ScenarioErrors(errors)
    checker = _Checker(doc, path)
    campaign = checker.build()
    if checker.errors:
        raise ScenarioErrors(sorted(checker.errors, key=lambda e: (e.pos.line, e.pos.col)
                                    if e.pos else (0, 0)))
    return campaign


def data_digest(data: Any) -> str:
    """The sha256 of a campaign's data as canonical JSON (comments and layout do not count)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Checker:
    """One campaign file being checked; errors are collected in ``errors``."""

    def __init__(self, doc: Document, path: Path):
        self.doc, self.path, self.data = doc, path, doc.data
        self.errors: list[SourceError] = []
        self.roster = {civ: str(spec.get("title", civ))
                       for civ, spec in self.data["roster"].items()}
        self.forbidden = tuple(self.data.get("forbidden_options", []))

    def error(self, message: str, *path: str | int, hint: str | None = None,
              key: bool = False) -> None:
        pos = self.doc.key_pos(path) if key else self.doc.pos(path)
        self.errors.append(ScenarioError(message, pos, hint=hint))

    def build(self) -> Campaign:
        stages: list[Stage] = []
        seen: set[str] = set()
        for i, item in enumerate(self.data["stages"]):
            if item["id"] in seen:
                self.error(f"stage id '{item['id']}' is written twice", "stages", i, "id")
            seen.add(item["id"])
            stages.append(self._stage(i, item))
        compiled = [self._compile(stages, i, item) for i, item in enumerate(self.data["stages"])]
        return Campaign(str(self.data["campaign"]), str(self.data["title"]), self.path,
                        self.data, data_digest(self.data), self.roster, compiled,
                        str(self.data.get("points", "campaign points")), self.forbidden)

    # -- a stage and its scenario ------------------------------------------------------------
    def _stage(self, i: int, item: dict[str, Any]) -> Stage:
        base = Stage(i, item["id"], item["title"], item.get("episode"), item.get("missing"))
        if item.get("missing") is not None:
            for key in ("scenario", "seats", "shares", "carry", "options", "variant", "points"):
                if key in item:
                    self.error(f"stage '{item['id']}' is marked missing, so it cannot have "
                               f"'{key}'", "stages", i, key)
            return base
        if "scenario" not in item:
            self.error(f"stage '{item['id']}' names no scenario (write `scenario: ID`, or "
                       "`missing: why` for a stage the sources do not describe)", "stages", i)
            return base
        seats = dict(item.get("seats", {}))
        for civ in seats:
            if civ not in self.roster:
                self.error(f"'{civ}' is not a civilization of the roster "
                           f"({', '.join(self.roster)})", "stages", i, "seats", civ, key=True)
        for j, opt in enumerate(item.get("options", [])):
            if opt in self.forbidden:
                self.error(f"option '{opt}' is never played in this campaign (forbidden_options)",
                           "stages", i, "options", j)
        shares = dict(item.get("shares", {}))
        for civ, host in shares.items():
            if civ not in self.roster:
                self.error(f"'{civ}' is not a civilization of the roster "
                           f"({', '.join(self.roster)})", "stages", i, "shares", civ, key=True)
            elif civ in seats:
                self.error(f"{civ} has a seat of its own in this stage, so it shares none",
                           "stages", i, "shares", civ, key=True)
            elif host not in seats:
                self.error(f"{civ} shares the seat of '{host}', which has no seat in this stage "
                           f"(seats: {', '.join(seats)})", "stages", i, "shares", civ)
        stage = Stage(i, item["id"], item["title"], item.get("episode"), None, item["scenario"],
                      item.get("variant"), tuple(item.get("options", [])),
                      bool(item.get("optional", False)), True, seats, item.get("side"),
                      shares=shares)
        scenario_data = self._scenario_data(i, item)
        if scenario_data is None:
            return replace(stage, installed=False)
        self._check_against(i, item, scenario_data)
        return stage

    def _scenario_data(self, i: int, item: dict[str, Any]) -> dict[str, Any] | None:
        """The stage's scenario data (``extends:`` resolved), or None when it is not installed
        (an error unless the stage is ``optional``)."""
        name = str(item["scenario"])
        target: str | Path = name
        if name.endswith((".yaml", ".yml")):
            target = self.path.parent / name
        elif find_by_id(name) is None:
            if not item.get("optional"):
                self.error(f"unknown scenario '{name}'", "stages", i, "scenario",
                           hint="install the package that provides it, or mark the stage "
                                "`optional: true` to skip it while it is not installed")
            return None
        try:
            _, merged = read_scenario(target)
        except EngineError as exc:
            self.error(f"scenario '{name}' cannot be read: {exc}", "stages", i, "scenario")
            return None
        return merged.data if isinstance(merged.data, dict) else {}

    def _check_against(self, i: int, item: dict[str, Any], data: dict[str, Any]) -> None:
        sid = data.get("id", item["scenario"])
        seat_ids = [s.get("id") for s in data.get("seats", []) if isinstance(s, dict)]
        used: dict[str, str] = {}
        for civ, seat in item.get("seats", {}).items():
            if seat not in seat_ids:
                self.error(f"'{seat}' is not a seat of {sid} (seats: {', '.join(map(str, seat_ids))})",
                           "stages", i, "seats", civ)
            elif seat in used:
                self.error(f"seat '{seat}' is given to both {used[seat]} and {civ}",
                           "stages", i, "seats", civ)
            used[seat] = civ
        if not item.get("seats"):
            self.error(f"stage '{item['id']}' gives no seat of {sid} to any civilization",
                       "stages", i)
        variant = item.get("variant")
        if variant is not None and variant not in (data.get("variants") or {}):
            self.error(f"{sid} has no variant '{variant}'", "stages", i, "variant")
        declared = declared_options(data)
        for j, opt in enumerate(item.get("options", [])):
            if opt not in declared:
                self.error(f"{sid} has no option '{opt}' (options: "
                           f"{', '.join(declared) or 'none'})", "stages", i, "options", j)
        for j, carry in enumerate(item.get("carry", [])):
            self._check_carry(sid, data, i, j, carry)

    def _check_carry(self, sid: str, data: dict[str, Any], i: int, j: int,
                     carry: dict[str, Any]) -> None:
        where = ("stages", i, "carry", j)
        for key, section in (("counter", "counters"), ("pool", "pools"), ("unit", "unit_types")):
            name = carry.get(key)
            if name is not None and name not in (data.get(section) or {}):
                known = ", ".join(data.get(section) or {}) or "none"
                self.error(f"{sid} has no {key} '{name}' ({section}: {known})", *where, key)

    # -- the rule expressions -----------------------------------------------------------------
    def _compile(self, stages: list[Stage], i: int, item: dict[str, Any]) -> Stage:
        stage = stages[i]
        if not stage.scenario:
            return stage
        with_stage, before = stage_env(stages, i, True), stage_env(stages, i, False)
        points = self._expr(item.get("points", "0"), with_stage, "stages", i, "points")
        absent = self._expr(item.get("absent", "0"), stage_env(stages, i, True, True),
                            "stages", i, "absent")
        carry = []
        for j, spec in enumerate(item.get("carry", [])):
            value = self._expr(spec["value"], before, "stages", i, "carry", j, "value")
            if value is not None:
                carry.append(Carry(spec["id"], spec["text"], value, spec.get("counter"),
                                   spec.get("pool"), spec.get("unit")))
        return replace(stage, points=points, absent=absent,
                       carry=tuple(carry))

    def _expr(self, text: str, env: Any, *path: str | int) -> Expr | None:
        pos = self.doc.pos(path) if path[-1] in self._written(path) else None
        try:
            return compile_expr(str(text), env, pos)
        except RuleError as exc:
            self.errors.append(exc)
            return None

    def _written(self, path: tuple[str | int, ...]) -> dict[str, Any]:
        node: Any = self.data
        for key in path[:-1]:
            node = node[key]
        return node if isinstance(node, dict) else {}


__all__ = ["data_digest", "load_campaign"]
