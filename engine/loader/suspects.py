"""Keys a mod adds that look like misspellings of the keys it meant to change.

A mod (``extends:``) merges onto its base key by key, and a key the base does not have is added
(docs/authoring.md): so ``params: {track_lenght: 12}`` or ``assault: {cots: 18}`` validates and
plays — the base's value stays and the new key is read by nobody. :func:`new_key_warnings` walks
the mod beside its base and names each new key whose value is a plain value (a number, a text, a
list) that is very like a key of the base beside it that the mod leaves as it is: a warning of
``dg validate`` at the mod's line, with the key it probably meant.
"""

from __future__ import annotations

from typing import Any

from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader.document import Document, JsonPath
from distant_galaxy.text import close_matches

#: How alike a new key and a base key must be (difflib's ratio): ``cots``/``cost`` is 0.75,
#: ``track_lenght``/``track_length`` 0.92.
ALIKE = 0.75

__all__ = ["ALIKE", "new_key_warnings", "overlay_warnings"]


def new_key_warnings(mod: Document, base: Any) -> list[ScenarioError]:
    """The warnings for ``mod``'s new keys that look like misspellings of ``base``'s (its
    parent's data, merged)."""
    out: list[ScenarioError] = []
    if isinstance(mod.data, dict) and isinstance(base, dict):
        _walk(mod, base, {k: v for k, v in mod.data.items() if k != "extends"}, (), out)
    return out


def overlay_warnings(doc: Any, data: Any) -> list[ScenarioError]:
    """The same for the overlays of a scenario's variants and options (``variants: {big:
    {overlay: {params: {sise: 11}}}}`` validated, and ``--variant big`` played the base's size:
    the game author's trial), each against the scenario's own data (``doc``: its document,
    for the places)."""
    out: list[ScenarioError] = []
    if not isinstance(data, dict):
        return out
    for section in ("variants", "options"):
        declared = data.get(section)
        for name, spec in (declared.items() if isinstance(declared, dict) else ()):
            overlay = spec.get("overlay") if isinstance(spec, dict) else None
            if isinstance(overlay, dict):
                _walk(doc, data, overlay, (section, name, "overlay"), out, skip=3)
    return out


def _plain(value: Any) -> bool:
    return not isinstance(value, dict)


def _walk(mod: Document, base: dict[str, Any], over: dict[str, Any], path: JsonPath,
          out: list[ScenarioError], skip: int = 0) -> None:
    """``skip``: how many leading parts of ``path`` are the overlay's place, not the key's
    name (``variants.big.overlay``)."""
    for key, value in over.items():
        if key in base:
            if isinstance(base[key], dict) and isinstance(value, dict):
                _walk(mod, base[key], value, (*path, key), out, skip)
            continue
        if value is None or not _plain(value):
            continue
        left = [k for k in base if k not in over and _plain(base[k])]
        near = close_matches(str(key), left, cutoff=ALIKE)
        if near:
            where = ".".join(str(p) for p in (*path, key)[skip:])
            out.append(ScenarioError(
                f"{where}: a new key beside the base's '{near[0]}', which keeps its value "
                f"({base[near[0]]!r}) — a misspelling?", mod.pos((*path, key)),
                hint=f"write '{near[0]}' to change the base's value"))
