"""Options: overlays a player combines (``--option A --option B``), unlike variants.

A scenario declares ``options:`` (name → ``{title, description, overlay, plugins?,
conflicts?}``). :func:`apply_options` merges the chosen ones onto a document, after the variant:

* the chosen names are put in the order the scenario lists them (so the result never depends on
  the order of the command line) and repeated names count once;
* an unknown name is an error with a "did you mean";
* two chosen options conflict when either names the other in ``conflicts:`` (reported at that
  ``conflicts`` entry), or when their overlays write different values at the same place — a
  scalar, a list that replaces the base list, or a deletion (``null``) — reported at the later
  option's value, with the earlier one's position in the hint. Mappings, and lists of items with
  an ``id``, merge, so two options conflict only where their leaves do; writing the same value
  twice is no conflict;
* each overlay is deep-merged by the rules of :mod:`distant_galaxy.loader.merge`, then the
  option's ``plugins`` are appended to the scenario's ``plugins`` (each once).

Every error is a :class:`~distant_galaxy.errors.ScenarioError` with file, line and column.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from distant_galaxy.errors import ScenarioError, UnknownChoice
from distant_galaxy.loader.document import JsonPath
from distant_galaxy.loader.merge import MergedDocument, Origin, OriginFn, merge_documents
from distant_galaxy.text import close_matches, quoted

__all__ = ["apply_options", "checked_option_sets", "compatible_options", "declared_options",
           "option_order"]

def declared_options(data: Any) -> dict[str, Any]:
    """The ``options:`` mapping of scenario data (empty when there is none or it is malformed)."""
    options = data.get("options") if isinstance(data, dict) else None
    return options if isinstance(options, dict) else {}


def _conflicts_of(spec: Any) -> list[str]:
    found = spec.get("conflicts", []) if isinstance(spec, dict) else []
    return [str(x) for x in found] if isinstance(found, list) else []


def compatible_options(data: Any) -> list[str]:
    """The options taken in the scenario's order, skipping each one that conflicts (declared, or
    by its overlay) with one already taken: what the conformance suite plays as "all compatible
    options together"."""
    options = declared_options(data)
    taken: list[str] = []
    for name in options:
        if any(_declared_conflict(options, name, other) or _overlays_clash(options, name, other)
               for other in taken):
            continue
        taken.append(name)
    return taken


def checked_option_sets(data: Any) -> list[tuple[str, ...]]:
    """Every option of scenario ``data`` alone, then all its compatible options together (when
    that is two or more): the sets ``dg validate`` checks and the conformance suite plays."""
    sets: list[tuple[str, ...]] = [(name,) for name in declared_options(data)]
    together = tuple(compatible_options(data))
    if len(together) > 1:
        sets.append(together)
    return sets


def _overlays_clash(options: dict[str, Any], a: str, b: str) -> bool:
    def written(name: str) -> dict[JsonPath, Any]:
        spec = options.get(name)
        overlay = spec.get("overlay") if isinstance(spec, dict) else None
        return {place: v for place, _, v in _leaves(overlay, (), ())} \
            if isinstance(overlay, dict) else {}
    first, second = written(a), written(b)
    return any(place in first and first[place] != v for place, v in second.items())


def _declared_conflict(options: dict[str, Any], a: str, b: str) -> bool:
    return b in _conflicts_of(options.get(a)) or a in _conflicts_of(options.get(b))


def option_order(merged: MergedDocument, names: Iterable[str]) -> tuple[str, ...]:
    """``names`` checked and put in the scenario's order (each once); an unknown name is a
    ScenarioError with a suggestion, at the ``options:`` key (or the top of the file)."""
    data = merged.data if isinstance(merged.data, dict) else {}
    options = declared_options(data)
    chosen = list(dict.fromkeys(str(n) for n in names))
    for name in chosen:
        if name not in options:
            known = ", ".join(options) or "(none)"
            near = close_matches(name, list(options))
            suggestion = f"; did you mean '{near[0]}'?" if near else ""
            where = merged.key_pos(("options",)) if "options" in data else merged.pos(())
            raise UnknownChoice(f"unknown option {quoted(name)}{suggestion} (known options: {known})",
                                where, what="option", name=name)
    return tuple(n for n in options if n in chosen)


def apply_options(merged: MergedDocument, names: Iterable[str]) -> MergedDocument:
    """``merged`` with the overlays of the options ``names`` merged onto it (see the module's
    docstring for the order and the conflicts); ``merged`` itself is left as it was."""
    order = option_order(merged, names)
    if not order:
        return merged
    options = declared_options(merged.data)
    _check_declared_conflicts(merged, options, order)
    overlays = [(name, _overlay(merged, options, name)) for name in order]
    _check_overlay_conflicts(merged, overlays)
    result = merged
    for name, overlay in overlays:
        result = merge_documents(result, overlay,
                                 _origin_under(merged, ("options", name, "overlay")))
    result = _add_plugins(result, merged, options, order)
    result.options = order
    return result


def _origin_under(merged: MergedDocument, base: JsonPath) -> OriginFn:
    """Where a value of the overlay at ``base`` comes from: its place in ``merged``."""
    def origin(path: JsonPath) -> Origin:
        return merged.origin((*base, *path))
    return origin


def _overlay(merged: MergedDocument, options: dict[str, Any], name: str) -> dict[str, Any]:
    spec = options[name]
    overlay = spec.get("overlay", {}) if isinstance(spec, dict) else None
    if not isinstance(overlay, dict):
        raise ScenarioError(f"option '{name}' needs an overlay mapping",
                            merged.pos(("options", name)))
    return overlay


def _check_declared_conflicts(merged: MergedDocument, options: dict[str, Any],
                              order: tuple[str, ...]) -> None:
    for name in order:
        for j, other in enumerate(_conflicts_of(options[name])):
            if other in order and other != name:
                raise ScenarioError(
                    f"options '{name}' and '{other}' cannot be played together "
                    f"('{name}' declares the conflict)",
                    merged.pos(("options", name, "conflicts", j)),
                    hint=f"choose '{name}' or '{other}', not both")


def _check_overlay_conflicts(merged: MergedDocument,
                             overlays: list[tuple[str, dict[str, Any]]]) -> None:
    written: dict[JsonPath, tuple[str, JsonPath, Any]] = {}
    for name, overlay in overlays:
        for place, src, value in _leaves(overlay, (), ()):
            if place in written and written[place][2] != value:
                first, first_src, first_value = written[place]
                raise ScenarioError(
                    f"options '{first}' and '{name}' set {_dotted(place)} differently "
                    f"({_short(first_value)} and {_short(value)})",
                    merged.pos(("options", name, "overlay", *src)),
                    hint=f"'{first}' sets it at "
                         f"{merged.pos(('options', first, 'overlay', *first_src))}; "
                         "choose one of them, or make them agree")
            written.setdefault(place, (name, src, value))


def _leaves(value: Any, place: JsonPath, src: JsonPath
            ) -> Iterator[tuple[JsonPath, JsonPath, Any]]:
    """The places an overlay writes, as (place, path in the overlay, value): its mappings' keys
    and its id'd items, recursively (an item's place is its id, so two options' items of one id
    meet); every other value (a scalar, a plain list, a null) is a leaf."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _leaves(sub, (*place, key), (*src, key))
    elif (isinstance(value, list) and value
          and all(isinstance(i, dict) and "id" in i for i in value)):
        for j, item in enumerate(value):
            for key, sub in item.items():
                if key != "id":
                    yield from _leaves(sub, (*place, f"[{item['id']}]", key), (*src, j, key))
    else:
        yield place, src, value


def _dotted(place: JsonPath) -> str:
    return ".".join(str(p) for p in place).replace(".[", "[")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _add_plugins(result: MergedDocument, merged: MergedDocument, options: dict[str, Any],
                 order: tuple[str, ...]) -> MergedDocument:
    """The options' ``plugins`` appended to the scenario's (each once, with its position)."""
    data = result.data if isinstance(result.data, dict) else None
    if data is None:
        return result
    plugins = data.get("plugins", [])
    plugins = list(plugins) if isinstance(plugins, list) else []
    for name in order:
        spec = options[name]
        wanted = spec.get("plugins", []) if isinstance(spec, dict) else []
        for j, plugin in enumerate(wanted if isinstance(wanted, list) else []):
            if plugin not in plugins:
                result.origins[("plugins", len(plugins))] = merged.origin(
                    ("options", name, "plugins", j))
                plugins.append(plugin)
    if plugins:
        data["plugins"] = plugins
    return result
