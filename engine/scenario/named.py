"""``dg list SCENARIO…``: the catalogue's entries of named scenarios, each read whole (a mod's
own file too, with what it extends). Apart from :mod:`.catalog`, which ``dg list`` of every
scenario imports and which reads no scenario whole: this module imports the loader."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from distant_galaxy.scenario.catalog import catalog_entry, entry_fields
from distant_galaxy.scenario.find import episode_alias, found_scenarios
from distant_galaxy.scenario.load import read_scenario


def named_entries(names: Iterable[str]) -> list[dict[str, Any]]:
    """The catalogue's entries of the scenarios ``names`` (ids or files, a mod's own file
    included, whether or not a registered folder holds it): each read whole, ``extends:``
    resolved, so that a mod lists the variants, options and seats it plays with."""
    providers = {f.path.resolve(): f for f in found_scenarios()}
    out = []
    for name in names:
        path, doc = read_scenario(name)
        found = providers.get(path.resolve())
        out.append(catalog_entry(entry_fields(doc.data), path.resolve(),
                                 found.provider if found else "none: a file of its own",
                                 episode_alias(found.episode) if found else None))
    return out
