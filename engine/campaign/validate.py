"""``dg validate`` of campaign files: every problem, formatted like a scenario's."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.campaign.load import load_campaign
from distant_galaxy.errors import EngineError, ScenarioErrors, SourceError
from distant_galaxy.scenario.validate import Problem


def campaign_problems(name: str | Path) -> list[Problem]:
    """Every problem of a campaign file (file, line, column, message, suggestion), as
    ``dg validate --json`` reports a scenario's."""
    try:
        load_campaign(name)
    except ScenarioErrors as exc:
        return [Problem.of_source(e) for e in exc.errors]
    except SourceError as exc:
        return [Problem.of_source(exc)]
    except EngineError as exc:
        return [Problem.of_engine(str(name), exc)]
    return []


def validate_campaign(name: str | Path) -> list[str]:
    """Every problem of a campaign file, formatted (file:line:col, a line and a caret)."""
    return [p.text for p in campaign_problems(name)]


__all__ = ["campaign_problems", "validate_campaign"]
