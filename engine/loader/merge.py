"""Deep merge of scenario data, ``extends:`` mods and variants, keeping each value's origin.

Merge rules (:func:`deep_merge`):

* mappings merge key by key, recursively; a key set to ``null`` in the overlay deletes that key
  (a key the base does not have is simply absent from the result);
* lists whose items (in both base and overlay) are all mappings with an ``id`` key merge by id:
  an overlay item whose id matches a base item merges into it recursively, an item with a new id
  is appended, and ``{id: x, remove: true}`` removes item ``x`` (an error if there is no ``x``);
* an empty overlay list, and every other list, replaces the base list whole;
* scalars (and values of different kinds) are replaced.

A :class:`MergedDocument` keeps, beside the merged data, an origin table telling for each value
which :class:`~distant_galaxy.loader.document.Document` (file) and which path in it supplied that value, so
``MergedDocument.pos(path)`` points into the right file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from distant_galaxy.errors import ScenarioError, SourcePos, UnknownChoice
from distant_galaxy.loader.copying import copy_data
from distant_galaxy.loader.doc_cache import load_yaml_file
from distant_galaxy.loader.document import Document, JsonPath
from distant_galaxy.text import close_matches, quoted

__all__ = ["MAX_EXTENDS", "MergedDocument", "apply_variant", "deep_merge", "resolve_extends"]

Origin = tuple[Document, JsonPath]
OriginFn = Callable[[JsonPath], Origin]


@dataclass
class MergedDocument:
    """Merged scenario data and, for every value, the file and place that supplied it.

    ``file`` is the file the author asked for (the mod); ``documents`` every file of the extends
    chain, the mod first; ``variant`` the applied variant, if any; ``options`` the applied
    options, in the scenario's order (:mod:`distant_galaxy.loader.options`).
    """

    data: Any
    file: str
    documents: list[Document]
    origins: dict[JsonPath, Origin] = field(default_factory=dict, repr=False)
    variant: str | None = None
    options: tuple[str, ...] = ()

    @classmethod
    def from_document(cls, doc: Document) -> MergedDocument:
        """A MergedDocument that is just ``doc`` (a copy of its data, all origins in it)."""
        return cls(copy_data(doc.data), doc.file, [doc], {(): (doc, ())})

    @property
    def lines(self) -> list[str]:
        """The text lines of the main file."""
        return self.documents[0].lines

    def origin(self, path: JsonPath) -> Origin:
        """The document and the path in it that supplied the value at ``path``."""
        path = tuple(path)
        for i in range(len(path), -1, -1):
            hit = self.origins.get(path[:i])
            if hit is not None:
                doc, src = hit
                return doc, (*src, *path[i:])
        return self.documents[0], path

    def pos(self, path: JsonPath = ()) -> SourcePos:
        """Position of the value at ``path`` in whichever file supplied it."""
        doc, src = self.origin(path)
        return doc.pos(src)

    def key_pos(self, path: JsonPath) -> SourcePos:
        """Position of the key that ends ``path`` in whichever file supplied it."""
        doc, src = self.origin(path)
        return doc.key_pos(src)

    def string_pos(self, path: JsonPath, offset: int) -> SourcePos:
        """Position of character ``offset`` of the string at ``path`` (see Document.string_pos)."""
        doc, src = self.origin(path)
        return doc.string_pos(src, offset)


def deep_merge(base: Any, overlay: Any) -> Any:
    """A new value: ``overlay`` merged onto ``base`` by the module's rules (inputs untouched)."""
    return _Merger().merge(base, overlay, (), lambda p: p, lambda p: p)


def _is_id_list(value: Any) -> bool:
    """A list of mappings that each have a scalar ``id`` (a list or mapping as an id is no id:
    such a list is replaced whole, and the schema names the bad id)."""
    return isinstance(value, list) and all(
        isinstance(i, dict) and "id" in i and isinstance(i["id"], (str, int, float, type(None)))
        for i in value)


class _Merger:
    """One merge, filling an origin table for the result (when origins are tracked)."""

    def __init__(self) -> None:
        self.origins: dict[JsonPath, Any] = {}

    def merge(self, base: Any, over: Any, path: JsonPath, b_org: Callable, o_org: Callable) -> Any:
        """Merge ``over`` onto ``base`` at result ``path``; ``*_org(p)`` give sub-value origins."""
        if isinstance(base, dict) and isinstance(over, dict):
            self.origins[path] = o_org(())
            result: dict[str, Any] = {}
            for key, value in base.items():  # base order first, then new overlay keys
                if key not in over:
                    result[key] = copy_data(value)
                    self.origins[(*path, key)] = b_org((key,))
                elif over[key] is not None:
                    sub = self.merge(
                        value, over[key], (*path, key), _sub(b_org, key), _sub(o_org, key)
                    )
                    result[key] = sub
            for key, value in over.items():
                if key not in base and value is not None:
                    result[key] = copy_data(value)
                    self.origins[(*path, key)] = o_org((key,))
            return result
        if isinstance(base, list) and over and _is_id_list(base) and _is_id_list(over):
            return self.merge_by_id(base, over, path, b_org, o_org)
        self.origins[path] = o_org(())
        return copy_data(over)

    def merge_by_id(
        self, base: list, over: list, path: JsonPath, b_org: Callable, o_org: Callable
    ) -> list:
        """Merge two lists of ``{id: ...}`` mappings by id."""
        self.origins[path] = o_org(())
        # each entry: [id, base item, its origin, overlay item, its origin]
        entries: list[list[Any]] = [
            [item["id"], item, _sub(b_org, i), None, None] for i, item in enumerate(base)
        ]
        seen: dict[Any, int] = {}
        for j, item in enumerate(over):
            if item["id"] in seen:  # two items of one list with the same id (issue 15, 1)
                message = (f"duplicate id '{item['id']}' in {_where(path)} "
                           f"(item {seen[item['id']] + 1} has it already)")
                raise self.error(message, j, o_org, "id")
            seen[item["id"]] = j
            at = next((n for n, e in enumerate(entries) if e[0] == item["id"]), None)
            if item.get("remove") is True:
                if at is None:
                    message = f"cannot remove id '{item['id']}': the base has no such item"
                    raise self.error(message, j, o_org)
                del entries[at]
            elif at is not None:
                entries[at][3:] = [item, _sub(o_org, j)]
            else:
                entries.append([item["id"], None, None, item, _sub(o_org, j)])
        result = []
        for n, (_, b_item, b_sub, o_item, o_sub) in enumerate(entries):
            if b_item is not None and o_item is not None:
                result.append(self.merge(b_item, o_item, (*path, n), b_sub, o_sub))
            else:
                result.append(copy_data(o_item if o_item is not None else b_item))
                self.origins[(*path, n)] = (o_sub or b_sub)(())
        return result

    def error(self, message: str, index: int, o_org: Callable, *key: str) -> ScenarioError:
        """A ScenarioError at overlay item ``index`` (or its ``key``; no position when origins
        are not tracked)."""
        origin = o_org((index, *key))
        if isinstance(origin, tuple) and origin and isinstance(origin[0], Document):
            return ScenarioError(message, origin[0].pos(origin[1]))
        return ScenarioError(message)


def _where(path: JsonPath) -> str:
    return ".".join(str(p) for p in path) or "a list"


def _sub(org: Callable, key: str | int) -> Callable:
    return lambda p: org((key, *p))


def merge_documents(base: MergedDocument, overlay: Any, overlay_origin: OriginFn) -> MergedDocument:
    """``overlay`` (whose values come from ``overlay_origin``) deep-merged onto ``base``."""
    merger = _Merger()
    data = merger.merge(base.data, overlay, (), base.origin, overlay_origin)
    return MergedDocument(data, base.file, list(base.documents), merger.origins, base.variant,
                          base.options)


def _label(doc: Document) -> str:
    data = doc.data
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return data["id"]
    return doc.file


MAX_EXTENDS = 32
"""Most ``extends:`` links from a mod down to its base scenario."""


def resolve_extends(
    doc: Document,
    find_by_id: Callable[[str], Path | None],
    _chain: tuple[tuple[str, str], ...] = (),
) -> MergedDocument:
    """Resolve ``doc``'s ``extends:`` chain into one :class:`MergedDocument`.

    ``extends`` is a path relative to the mod's folder when it contains ``/`` or ends with
    ``.yaml``/``.yml`` (it may not leave that folder's tree, even through a symlink), otherwise a
    scenario id looked up with ``find_by_id``. The result has no ``extends`` key and its ``id`` is
    the mod's (absent if the mod has none). Cycles raise ``extends cycle: a -> b -> a``; a chain
    of more than :data:`MAX_EXTENDS` links is refused at the ``extends:`` that crosses the limit.
    """
    real = os.path.realpath(doc.file)
    chain = (*_chain, (real, _label(doc)))
    data = doc.data
    if not isinstance(data, dict) or "extends" not in data:
        return MergedDocument.from_document(doc)
    if len(chain) > MAX_EXTENDS:
        raise ScenarioError(f"extends chain longer than {MAX_EXTENDS}",
                            doc.pos(("extends",)),
                            hint=f"this is link {len(chain)} of the chain that starts at "
                                 f"{chain[0][1]}")
    target = _extends_target(doc, find_by_id)
    target_real = os.path.realpath(target)
    for n, (seen, _) in enumerate(chain):
        if seen == target_real:
            names = [label for _, label in chain[n:]] + [chain[n][1]]
            raise ScenarioError("extends cycle: " + " -> ".join(names), doc.pos(("extends",)))
    base_doc = load_yaml_file(target)
    base = resolve_extends(base_doc, find_by_id, chain)
    overlay = {k: v for k, v in data.items() if k != "extends"}
    merged = merge_documents(base, overlay, lambda p: (doc, p))
    if "id" not in data and isinstance(merged.data, dict):
        merged.data.pop("id", None)
    merged.file = doc.file
    merged.documents = [doc, *base.documents]
    return merged


def _extends_target(doc: Document, find_by_id: Callable[[str], Path | None]) -> Path:
    """The file named by ``doc``'s ``extends`` value (checked to stay inside the mod's folder)."""
    value = doc.data["extends"]
    where = doc.pos(("extends",))
    if not isinstance(value, str) or not value:
        raise ScenarioError(
            "extends must be a scenario id or a relative path to a .yaml file", where
        )
    if "/" in value or "\\" in value or value.endswith((".yaml", ".yml")):
        folder = Path(doc.file).parent
        if os.path.isabs(value) or value.startswith(("/", "\\")) or Path(value).drive:
            raise ScenarioError(
                f"extends path '{value}' must be relative to the mod's folder",
                where,
                hint="use a path inside the mod's folder, or the id of an installed scenario",
            )
        target = folder / value
        root = folder.resolve()
        resolved = target.resolve()
        if resolved != root and root not in resolved.parents:
            raise ScenarioError(
                f"extends path '{value}' escapes the mod's folder",
                where,
                hint="a mod may only extend files inside its own folder, or a scenario by id",
            )
        if not resolved.is_file():
            raise ScenarioError(f"extends: file not found: '{value}' (looked for {resolved})",
                                where, hint="a path is read from the folder of the file that "
                                "extends it; an installed scenario is named by its id "
                                "(extends: tic-tac-toe)")
        return target
    found = find_by_id(value)
    if found is None:
        known = getattr(find_by_id, "known", None)
        near = close_matches(value, known()) if callable(known) else []
        suggestion = f"; did you mean '{near[0]}'?" if near else ""
        raise ScenarioError(
            f"extends unknown scenario id '{value}'{suggestion}",
            where,
            hint="write the id of an installed scenario, or a path such as ./base.yaml",
        )
    return Path(found)


def apply_variant(merged: MergedDocument, name: str) -> MergedDocument:
    """``merged`` with the overlay of its variant ``name`` deep-merged onto it."""
    data = merged.data if isinstance(merged.data, dict) else {}
    variants = data.get("variants")
    variants = variants if isinstance(variants, dict) else {}
    if name not in variants:
        known = ", ".join(sorted(variants))
        where = merged.key_pos(("variants",)) if "variants" in data else merged.pos(())
        near = close_matches(name, list(variants))
        suggestion = f"; did you mean '{near[0]}'?" if near else ""
        if not variants:  # (no place to point at: the file says nothing of variants)
            raise UnknownChoice(f"unknown variant {quoted(name)}: {where.file} has no variants",
                                None, what="variant", name=name)
        raise UnknownChoice(f"unknown variant {quoted(name)}{suggestion} (known variants: "
                            f"{known})", where, what="variant", name=name)
    spec = variants[name]
    overlay = spec.get("overlay", {}) if isinstance(spec, dict) else None
    base_path: JsonPath = ("variants", name, "overlay")
    if not isinstance(overlay, dict):
        raise ScenarioError(
            f"variant '{name}' needs an overlay mapping", merged.pos(("variants", name))
        )
    result = merge_documents(merged, overlay, lambda p: merged.origin((*base_path, *p)))
    result.variant = name
    return result
