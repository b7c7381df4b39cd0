"""``dg schema [-o FILE] [--plugin NAME]``: the combined scenario schema, with the sections of
every installed game plugin (it imports them all), for editors (docs/authoring.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from distant_galaxy.play.outputs import check_written
from distant_galaxy.play.saves import write_atomic
from distant_galaxy.plugins import import_failures
from distant_galaxy.scenario.catalog import full_schema


def print_schema(args: argparse.Namespace) -> int:
    refused: list[str] = []
    text = schema_text(full_schema(getattr(args, "plugin", None), refused))
    if getattr(args, "output", None):
        check_written(args.output, "--output", "schema")
        write_atomic(args.output, text)
        print(f"schema written to {args.output}")
    else:
        sys.stdout.write(text)
    for problem in [*import_failures().values(), *refused]:  # left out, each named once
        print(f"dg: warning: {problem}; its sections are not in the schema", file=sys.stderr)
    return 0


def schema_text(schema: dict[str, Any]) -> str:
    """The schema as ``dg schema`` writes it (sorted keys, two spaces, a final newline)."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
