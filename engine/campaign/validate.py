"""``dg validate`` of campaign files: every problem, formatted like a scenario's."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.campaign.load import load_campaign
from distant_galaxy.errors import EngineError, ScenarioErrors, SourceError


def validate_campaign(name: str | Path) -> list[str]:
    """Every problem of a campaign file, formatted (file:line:col, a line and a caret)."""
    try:
        load_campaign(name)
    except ScenarioErrors as exc:
        return [e.format() for e in exc.errors]
    except SourceError as exc:
        return [exc.format()]
    except EngineError as exc:
        return [f"{name}: {exc}"]
    return []


__all__ = ["validate_campaign"]
