"""Grants read back from a campaign save are blamed on the save (engine/campaign/grants.py).

Issue 33 item 6 (audit): a crafted campaign save whose stage grants name a counter the stage's
scenario lacks (its hash recomputed, as anyone can) was reported as
``scenarios/aborigine-clash.yaml:114:3: setup.grants[0].counter: unknown counter 'gold'``, the
scenario's ``setup:`` line where the grants were merged. Now the error names the campaign save
and the field; a grant of the wrong shape is refused by the campaign save's schema.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.campaign.runner import (
    CampaignRun,
    open_campaign,
    replay_campaign,
    resume_stage,
    save_current,
    start_stage,
)
from distant_galaxy.errors import SaveError
from tests.conformance.crafted import rehash_campaign

from .conftest import play_all

GOLD = {"seat": "red", "n": 3, "counter": "gold", "reason": "crafted"}


def _edit(path: Path, edit) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    rehash_campaign(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_grants_of_the_stage_under_way_that_do_not_fit_name_the_save(duo: CampaignRun) -> None:
    _, session = start_stage(duo)
    save_current(duo, session)
    _edit(duo.path, lambda d: d["current"].update(grants=[GOLD]))
    with pytest.raises(SaveError) as err:
        resume_stage(open_campaign(duo.path))
    message = str(err.value)
    assert message.startswith(f"{duo.path}: the grants it gives stage clash do not fit")
    assert "current/grants/0/counter: unknown counter 'gold'" in message
    assert "aborigine-clash.yaml" not in message


def test_grants_of_a_finished_stage_that_do_not_fit_name_the_save(duo: CampaignRun) -> None:
    play_all(duo)
    _edit(duo.path, lambda d: d["stages"][0].update(grants=[GOLD]))
    checks = replay_campaign(open_campaign(duo.path, check_logs=False))
    assert not checks[0].ok
    assert f"{duo.path}: the grants it gives stage clash" in checks[0].message
    assert "stages/0/grants/0/counter: unknown counter 'gold'" in checks[0].message


@pytest.mark.parametrize(("grant", "field"), [({"a": 1}, "current/grants/0"),
                                              ({**GOLD, "n": "many"}, "current/grants/0/n")])
def test_a_grant_of_the_wrong_shape_is_refused_by_the_schema(duo: CampaignRun, grant: dict,
                                                             field: str) -> None:
    _, session = start_stage(duo)
    save_current(duo, session)
    _edit(duo.path, lambda d: d["current"].update(grants=[grant]))
    with pytest.raises(SaveError, match=f"corrupt campaign save \\({field}: "):
        open_campaign(duo.path)
