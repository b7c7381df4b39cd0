"""``dg list``: the catalogue of scenario files.

``dg list`` reads each file's top-level facts only; no scenario is loaded and no game plugin
imported.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from distant_galaxy.build import json_header
from distant_galaxy.campaign.catalog import campaign_catalog
from distant_galaxy.lazy import lazy_module
from distant_galaxy.scenario.catalog import catalog
from distant_galaxy.scenario.find import scenario_problems

#: ``dg list SCENARIO…`` reads those scenarios whole (the loader): imported only then.
_named = lazy_module("distant_galaxy.scenario.named")


def list_scenarios(args: argparse.Namespace) -> int:
    named = getattr(args, "scenarios", None)
    if named:  # only these (a mod's file too)
        entries = _named.named_entries(named)
        if getattr(args, "json", False):
            print(json.dumps({**json_header(), "scenarios": entries}, indent=1))
        else:
            print_entries(entries)
        return 0
    if getattr(args, "json", False):
        campaigns = [{**c, "path": str(c["path"])} for c in campaign_catalog()]
        print(json.dumps({**json_header(), "scenarios": catalog(), "campaigns": campaigns,
                          "warnings": scenario_problems()}, indent=1))
        return 0
    print_entries(sorted(catalog(), key=lambda e: (str(e["id"]), e["path"])))  # by id
    campaigns = campaign_catalog()
    if campaigns:
        print("\ncampaigns (dg campaign new ID):")
    for entry in campaigns:
        print(f"{entry['id']:<22} {entry['title']}")
        print(f"{'':<22} file: {entry['path']} (package {entry['provider']})")
        print(f"{'':<22} stages: {entry['stages']}")
    for problem in scenario_problems():
        print(f"dg: warning: {problem}", file=sys.stderr)
    return 0


def print_entries(entries: list[dict[str, Any]]) -> None:
    """The text of ``dg list``'s scenarios, each as four or so lines."""
    for entry in entries:
        variants = ", ".join(entry["variants"]) or "-"
        plugins = ", ".join(entry["plugins"]) or "none"
        print(f"{entry['id']:<22} {entry['title']}")
        if entry.get("alias"):
            print(f"{'':<22} also: {entry['alias']}")
        print(f"{'':<22} file: {entry['path']} (package {entry['provider']})")
        print(f"{'':<22} variants: {variants}; plugins: {plugins}; players: {entry['players']}")
        if entry.get("seats"):
            print(f"{'':<22} seats: {describe_seats(entry['seats'])}")
        if entry.get("options"):
            print(f"{'':<22} options: {describe_options(entry['options'])}")


def describe_seats(seats: list[dict[str, Any]]) -> str:
    """``x (Crosses), o (Noughts)``: the seat names ``--seat NAME=…`` takes, with their titles
    (where a title says more than the name)."""
    parts = []
    for seat in seats:
        name, title = str(seat["id"]), seat.get("title")
        parts.append(f"{name} ({title})" if title and str(title).lower() != name.lower()
                     else name)
    return ", ".join(parts)


def describe_options(options: dict[str, dict[str, Any]]) -> str:
    """``wide (Wide board), four (Four in a row; conflicts: x; plugins: p)``: a scenario's
    options as ``dg list`` shows them."""
    parts = []
    for name, spec in options.items():
        notes = [str(spec.get("title", name))]
        for key in ("conflicts", "plugins"):
            if spec.get(key):
                notes.append(f"{key}: {', '.join(str(x) for x in spec[key])}")
        parts.append(f"{name} ({'; '.join(notes)})")
    return ", ".join(parts)
