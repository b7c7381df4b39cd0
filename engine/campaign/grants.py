"""Grants read back from a campaign save, blamed on the save when they do not fit.

A stage's carry-over is merged into its scenario as ``setup.grants`` (docs/campaign.md). A stage
under way, and each finished one, keeps the grants it was set up with in the campaign save, which
anyone can edit (its hash is a plain sha256): grants read from there that the scenario refuses
(a seat, counter, pool or unit it does not have) are the save's fault, so the error names the
campaign save and the field (``c.campaign.json: current/grants/0/counter: unknown counter
'gold'``), not the scenario's ``setup:`` line where they were merged.
"""

from __future__ import annotations

import re
from pathlib import Path

from distant_galaxy.errors import EngineError, SaveError, ScenarioErrors, SourceError

#: Where a campaign save keeps grants: its file and the field (``current/grants``).
SavedGrants = tuple[Path, str]

_GRANT = re.compile(r"setup\.grants\[(\d+)\](?:\.(\w+))?")


def grants_refused(error: EngineError, saved: SavedGrants, own: int, stage: str,
                   scenario: str) -> SaveError:
    """The SaveError for the scenario's ``error`` about grants read from ``saved`` (merged after
    the scenario's ``own`` grants): each message's ``setup.grants[N]`` becomes the save's field
    and index."""
    path, field = saved
    errors = error.errors if isinstance(error, ScenarioErrors) else [error]

    def where(match: re.Match[str]) -> str:
        key = f"/{match[2]}" if match[2] else ""
        return f"{field}/{int(match[1]) - own}{key}"

    messages = [_GRANT.sub(where, e.message if isinstance(e, SourceError) else str(e))
                for e in errors][:3]
    named = "" if any(field in m for m in messages) else f" ({field})"
    return SaveError(f"{path}: the grants it gives stage {stage}{named} do not fit the stage's "
                     f"scenario {scenario}: " + "; ".join(messages))
