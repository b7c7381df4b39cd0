"""Controllers at ``dg campaign play/resume --seat`` (issue 34, item 9): ``CIV=bot`` is the
stage's default bot, also when resuming a stage a person started; a bot of some stages only
(``CIV=civ``) plays the stages that have it and the others get their default bot, saying so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from distant_galaxy.campaign.runner import (
    new_campaign,
    open_campaign,
    resume_stage,
    save_current,
    seat_kinds,
    seat_notes,
    stage_scenario,
    start_stage,
)
from distant_galaxy.errors import EngineError

from .conftest import DUO


def test_resume_with_seat_bot_hands_the_persons_seat_to_the_default_bot(tmp_path):
    run = new_campaign(str(DUO), 3, {"league": "human"}, tmp_path / "duo.campaign.json")
    _, session = start_stage(run)
    assert session.controllers["red"].name == "human"
    save_current(run, session)
    _, session = resume_stage(open_campaign(run.path), {"league": "bot"})
    assert session.controllers["red"].name == "civ"     # Clash's default bot, not the person


def test_a_resumed_stage_tells_its_person_what_happens_from_now_on(tmp_path):
    """The stage's log is written again from the save: its past is not told to the person
    again (a resumed stage retold every move since it began)."""
    run = new_campaign(str(DUO), 3, {"league": "human"}, tmp_path / "duo.campaign.json")
    _, session = start_stage(run)
    save_current(run, session)
    _, session = resume_stage(open_campaign(run.path))
    person = session.controllers["red"]
    assert session.game.events and person.seen == len(session.game.events)


def test_a_bot_of_some_stages_plays_those_and_the_default_plays_the_others(tmp_path):
    run = new_campaign(str(DUO), 3, {}, tmp_path / "duo.campaign.json")
    clash, belt = run.campaign.stage("clash"), run.campaign.stage("belt")
    assert seat_kinds(run, clash, {"league": "civ"},
                      stage_scenario(run.campaign, clash, [])) == {"red": "civ"}
    scenario = stage_scenario(run.campaign, belt, [])
    assert seat_kinds(run, belt, {"league": "civ"}, scenario) == {"orange": "greedy"}
    assert seat_notes(run, belt, {"league": "civ"}, scenario) == [
        "league=civ: stage 2 (asteroid-belt) has no bot 'civ': its default bot 'greedy' plays "
        "league here"]


def test_a_bot_no_stage_has_is_refused(tmp_path):
    run = new_campaign(str(DUO), 3, {}, tmp_path / "duo.campaign.json")
    with pytest.raises(EngineError, match="unknown controller"):
        start_stage(run, {"league": "cvi"})


def test_play_all_with_a_stage_specific_bot_says_what_the_other_stages_do(tmp_path: Path):
    def dg(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "distant_galaxy", "campaign", *args],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert dg("new", str(DUO), "--seed", "3").returncode == 0
    done = dg("play", "--all", "--seat", "league=civ")
    assert done.returncode == 0, done.stderr
    assert ("note: league=civ: stage 2 (asteroid-belt) has no bot 'civ': its default bot "
            "'greedy' plays league here") in done.stdout


def test_resume_all_with_an_override_records_who_plays_in_each_stage_log(tmp_path: Path):
    """Issue 34 item 10 (audit): after ``resume --seat league=civ`` the rewritten log of the
    stage a person started still said ``red: human`` while the civ bot played; each stage log's
    header now names the controller that plays it, with ``--all`` too."""
    import json

    def dg(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "distant_galaxy", "campaign", *args],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              input=stdin)
    assert dg("new", str(DUO), "--seed", "3", "--seat", "league=human").returncode == 0
    assert dg("play", "--quiet", stdin="quit\n").returncode == 0
    done = dg("resume", "--all", "--quiet", "--seat", "league=civ")
    assert done.returncode == 0, done.stderr
    run = open_campaign(tmp_path / "duo.campaign.json")
    assert [e["status"] for e in run.done] == ["done", "done"] and run.over
    headers = [json.loads(run.log_path(e["log"]).read_text().splitlines()[0]) for e in run.done]
    assert headers[0]["controllers"]["red"] == "civ"        # the stage resumed: civ played it
    assert headers[1]["controllers"]["orange"] == "greedy"  # belt has no civ: its default bot
    assert "human" not in json.dumps([h["controllers"] for h in headers])
    replay = subprocess.run([sys.executable, "-m", "distant_galaxy", "campaign", "replay"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert replay.returncode == 0 and "2 of 2 stage log(s) match" in replay.stdout
