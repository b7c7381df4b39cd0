"""The catalogue of installed scenarios (``dg list``) and the combined schema (``dg schema``).

The scenarios are those of every registered folder (:mod:`distant_galaxy.scenario.find`): the
engine's own and those of installed packages; each entry names the file it loads and the package
that provides it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from distant_galaxy import loader
from distant_galaxy.errors import EngineError
from distant_galaxy.lazy import lazy_module
from distant_galaxy.scenario.catalog_cache import EntryCache, content_key, maker
from distant_galaxy.scenario.find import episode_alias, found_scenarios

#: The version of what :func:`entry_fields` takes from a file: part of the cache's key, so that
#: entries cached before a field was added (2: ``seats``) are made again.
ENTRY_FIELDS = 2

#: The plugin machinery, imported when :func:`full_schema` first needs it (``dg list`` does not).
_plugins = lazy_module("distant_galaxy.plugins")


def catalog() -> list[dict[str, Any]]:
    """Every scenario file found, with its title, variants, options (``options``: name → its
    title, plugins and conflicts; ``option_sets``: each option alone, then all compatible ones
    together, as the conformance suite plays them), plugins, seats (``seats``: each one's
    ``id``, ``title`` and ``faction``, the names ``--seat NAME=…`` takes; a mod's are those of
    the scenario it extends) and player counts, the file it loads (``path``, absolute) and the
    distribution that provides it (``provider``). What a file gives is remembered by its content
    in the user's cache folder (:mod:`.catalog_cache`)."""
    out: list[dict[str, Any]] = []
    options_file = os.path.join(os.path.dirname(loader.__file__), "options.py")
    cache = EntryCache((*maker([__file__, options_file]), ("fields", ENTRY_FIELDS)))
    for found in found_scenarios():
        where: dict[str, Any] = {"path": str(found.path), "provider": found.provider}
        try:
            key: str | None = content_key(found.path.read_bytes())
        except OSError:
            key = None  # the loader says why, below
        fields = cache.get(key) if key is not None else None
        if fields is not None and "seats" not in fields:  # made by an older engine
            fields = None
        if fields is not None:  # kept as JSON, which has no tuples
            fields["option_sets"] = [tuple(names) for names in fields["option_sets"]]
        else:
            try:
                data = read_data(found.path)
            except EngineError as exc:
                out.append({"id": found.path.stem,
                            "title": f"(does not load: {exc})".splitlines()[0],
                            **where, "variants": [], "options": {}, "option_sets": [],
                            "plugins": [], "seats": [], "players": "?"})
                continue
            if not isinstance(data, dict) or "id" not in data:
                continue
            fields = entry_fields(data)
            if key is not None:
                cache.put(key, fields)
        out.append(catalog_entry(fields, found.path, found.provider,
                                 episode_alias(found.episode)))
    cache.save()
    inherit_seats(out)
    return out


def catalog_entry(fields: dict[str, Any], path: Path, provider: str, alias: str | None
                  ) -> dict[str, Any]:
    """A catalogue entry: the file's fields (:func:`entry_fields`), the file it loads
    (absolute), the distribution that provides it, and its episode alias."""
    return {**fields, "path": str(path), "provider": provider, "alias": alias}


def read_data(path: Path) -> Any:
    """The data of a scenario file (the loader, and PyYAML, imported only when a file is read:
    a listing whose entries are all cached reads none)."""
    return loader.load_yaml_file(path).data


def inherit_seats(entries: list[dict[str, Any]]) -> None:
    """A mod that names no seats has those of the scenario it extends (by id, then by alias)."""
    by_id = {e["id"]: e for e in entries}
    by_id.update({e["alias"]: e for e in entries if e.get("alias") and e["alias"] not in by_id})
    for entry in entries:
        parent, seen = entry, {entry["id"]}
        while not parent.get("seats") and isinstance(parent.get("extends"), str):
            parent = by_id.get(parent["extends"], {})
            if not parent or parent["id"] in seen:
                break
            seen.add(parent["id"])
        if parent is not entry and parent.get("seats"):
            entry["seats"] = [dict(s) for s in parent["seats"]]


def entry_fields(data: dict[str, Any]) -> dict[str, Any]:
    """What the catalogue takes from a scenario file's data (its text alone decides it)."""
    players = data.get("players", {})
    count = len(data.get("seats", []))
    return {"id": data["id"], "title": data.get("title", ""),
            "variants": sorted(data.get("variants", {})),
            "options": _options(data), "option_sets": loader.checked_option_sets(data),
            "plugins": list(data.get("plugins", [])),
            "extends": data.get("extends"),
            "seats": seats_of(data),
            "players": f"{players.get('min', count)}-{players.get('max', count)}",
            "variant_players": variant_players(data)}


def seats_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats a scenario file declares: ``id``, ``title`` and ``faction`` (None when not
    given) of each, in order."""
    out = []
    for seat in data.get("seats") or []:
        if isinstance(seat, dict) and isinstance(seat.get("id"), str):
            out.append({"id": seat["id"], "title": seat.get("title"),
                        "faction": seat.get("faction")})
    return out


def variant_players(data: dict[str, Any]) -> dict[str, str]:
    """``{variant: "min-max"}`` for the variants whose overlay changes ``players``."""
    out = {}
    base = data.get("players", {})
    count = len(data.get("seats", []))
    for name, spec in (data.get("variants") or {}).items():
        over = spec.get("overlay", {}) if isinstance(spec, dict) else {}
        players = over.get("players") if isinstance(over, dict) else None
        if isinstance(players, dict):
            lo = players.get("min", base.get("min", count))
            hi = players.get("max", base.get("max", count))
            out[name] = f"{lo}-{hi}"
    return out


def _options(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    for name, spec in loader.declared_options(data).items():
        spec = spec if isinstance(spec, dict) else {}
        out[name] = {"title": spec.get("title", name), "plugins": list(spec.get("plugins", [])),
                     "conflicts": list(spec.get("conflicts", []))}
    return out


FULL_ID = "urn:distant-galaxy-engine:schemas:scenario.full.schema.json"
"""The ``$id`` of the combined schema (``dg schema``; the shipped copy is
``schemas/scenario.full.schema.json``, which the shipped scenarios' modelines name)."""

SHIPPED_PLUGINS = ("aborigines", "asteroid_belt", "battle_orders", "fleet_battle", "leaders",
                   "space_domain")
"""The game plugins of this distribution: the sections of the shipped full schema."""


def full_schema(plugins: Iterable[str] | None = None, refused: list[str] | None = None
                ) -> dict[str, Any]:
    """The scenario schema with the sections of every installed plugin (or of ``plugins``). Of
    every installed plugin, one that fails to import or to register (a hook misspelt or with
    arguments its hook does not pass) is left out, its error added to ``refused``: one broken
    plugin does not take the schema from every other's authors. A plugin named in ``plugins``
    that fails is an error."""
    sections: dict[str, Any] = {}
    names = []
    for name in (_plugins.available_plugins() if plugins is None else plugins):
        try:
            _plugins.load_plugin(name)
            if plugins is None:
                _plugins.make_plugin_manager([name])  # it registers (its hooks are hooks)
            names.append(name)
        except EngineError as exc:
            if plugins is not None:
                raise
            if refused is not None and name not in _plugins.import_failures():
                refused.append(str(exc))
    pm = _plugins.make_plugin_manager(names)
    for group in pm.hook.dg_schema_sections():
        sections.update(group)
    schema = with_mods(loader.combined_schema(sections))
    schema["$id"] = FULL_ID
    schema["description"] = ("A scenario (or a mod extending one) for the Distant Galaxy engine, "
                             "with the sections of the plugins: "
                             + (", ".join(sorted(sections)) or "none") + " (written by dg schema).")
    return schema


#: The prefix of the ``$defs`` of a mod's schema (:func:`with_mods`).
MOD_DEFS = "mod-"
#: What a mod's file may hold where a list merges by id (loader/merge.py): an item removed.
REMOVED_ITEM = {"type": "object", "required": ["id", "remove"], "additionalProperties": False,
                "properties": {"id": {"type": "string"}, "remove": {"const": True}},
                "description": "{id: X, remove: true}: the mod removes item X of the scenario "
                               "it extends (loader/merge.py)"}
#: The names of the two in the schema's ``$defs``.
REMOVED_ITEM_DEF, REMOVED_KEY_DEF = MOD_DEFS + "removed-item", MOD_DEFS + "removed-key"
#: A key set to null in a mod deletes that key of the scenario it extends.
REMOVED_KEY = {"type": "null", "description": "null: the mod removes this key of the scenario "
                                              "it extends"}
#: Keywords a mod's schema drops: a mod gives only what it changes, the rest comes from the
#: scenario it extends (its merged whole is checked against the full schema when loaded).
_WHOLE_ONLY = ("required", "dependentRequired", "dependencies", "minItems", "minProperties")


def with_mods(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` for editors, also right for a mod: a file with ``extends:`` is checked against
    a copy in which nothing nested is required (the sections it does not change come from the
    scenario it extends), a key may be null (removed) and a list item ``{id: X, remove: true}``
    — the merge rules of loader/merge.py; a typo in a key is still one. Without ``extends:``
    the file is checked as before. The loader checks the merged scenario, not this."""
    defs = schema.pop("$defs", {})
    head: dict[str, Any] = {k: schema.pop(k) for k in ("$schema", "$id", "title", "description")
                            if k in schema}
    whole_required = list(loader.load_schema("scenario").get("required", []))
    mod = _relaxed(schema)
    mod["required"] = whole_required
    all_defs = {**defs, "scenario": schema, "mod": mod,
                **{MOD_DEFS + name: _relaxed(d) for name, d in defs.items()},
                REMOVED_KEY_DEF: REMOVED_KEY, REMOVED_ITEM_DEF: REMOVED_ITEM}
    return {**head, "$defs": all_defs, "type": "object",
            "if": {"required": ["extends"]},
            "then": {"$ref": "#/$defs/mod"}, "else": {"$ref": "#/$defs/scenario"}}


def _relaxed(node: Any) -> Any:
    """A schema node as a mod may meet it (:func:`with_mods`)."""
    if isinstance(node, list):
        return [_relaxed(n) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _WHOLE_ONLY:
            continue
        if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
            out[key] = "#/$defs/" + MOD_DEFS + value[len("#/$defs/"):]
        elif key == "properties" and isinstance(value, dict):
            out[key] = {name: _or(_relaxed(v), REMOVED_KEY_DEF) for name, v in value.items()}
        elif key == "additionalProperties" and isinstance(value, dict):
            out[key] = _or(_relaxed(value), REMOVED_KEY_DEF)
        elif key == "items" and isinstance(value, dict):
            out[key] = _or(_relaxed(value), REMOVED_ITEM_DEF)
        else:
            out[key] = _relaxed(value)
    return out


def _or(schema: Any, alternative: str) -> Any:
    """``schema`` or the ``$defs`` entry ``alternative``, the title and description kept on
    top (an editor's hover and completion read them there)."""
    if not isinstance(schema, dict):
        return schema
    words = ("title", "description", "markdownDescription")
    shown = {k: schema[k] for k in words if k in schema}
    inner = {k: v for k, v in schema.items() if k not in words}
    return {**shown, "anyOf": [inner, {"$ref": f"#/$defs/{alternative}"}]}
