"""Helpers of the campaign tests: the tutorial campaign (tests/data/campaigns/duo.yaml) played
with bots in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.campaign.runner import (
    CampaignRun,
    new_campaign,
    pass_unplayable,
    play_stage,
    start_stage,
)

DUO = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "duo.yaml"


def play_all(run: CampaignRun) -> CampaignRun:
    """Play every remaining stage with the controllers the campaign names (bots otherwise)."""
    pass_unplayable(run)
    while not run.over:
        _, session = start_stage(run)
        assert play_stage(run, session)
        pass_unplayable(run)
    return run


@pytest.fixture
def duo(tmp_path: Path) -> CampaignRun:
    """A new tutorial campaign (seed 3) whose save is in a temporary folder."""
    return new_campaign(str(DUO), 3, {}, tmp_path / "duo.campaign.json")
