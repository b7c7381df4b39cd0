"""The Global Campaign played whole with bots (a small sample of bench/campaign_batch.py's 100
seeds), and ``dg campaign`` at the command line."""

from __future__ import annotations

import json

import pytest

from distant_galaxy.campaign.runner import open_campaign, play_campaign
from distant_galaxy.campaign.status import render_status
from distant_galaxy.cli.main import main


@pytest.mark.parametrize("seed", [1, 2])
def test_the_global_campaign_finishes_with_a_standing(tmp_path, seed):
    run = play_campaign("global", seed, tmp_path / "g.campaign.json")
    assert run.over and len(run.done) == 9
    status = {e["id"]: e["status"] for e in run.done}
    assert status["clash"] == status["belt"] == "done"
    assert [status[f"episode_{n}"] for n in (1, 2, 3, 4, 8, 9)] == ["missing"] * 6
    assert status["battle"] in ("done", "not installed")
    assert set(run.standing()) == {"federation", "chaos", "republic", "monarchy"}
    belt = run.done[6]
    assert belt["records"]["republic"]["played"] is False and belt["points"]["republic"] == 2
    text = render_status(open_campaign(run.path))
    assert "the campaign is over" in text and "standing (campaign points):" in text


def test_dg_campaign_from_new_to_the_end(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["campaign", "new", "global", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "saved to global.campaign.json" in out and "next: stage 5, Clash" in out
    assert main(["campaign", "play", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "== stage 5: Clash with the Aborigines" in out and "campaign points:" in out
    assert main(["campaign", "play", "--all", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "the campaign is over" in out
    assert main(["campaign", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["over"] and status["next"] is None
    assert main(["campaign", "replay"]) == 0
    assert "match the campaign save" in capsys.readouterr().out
    assert main(["campaign", "play"]) == 0  # over: the final standing again
    assert "the campaign is over" in capsys.readouterr().out


def test_dg_campaign_errors_are_one_clear_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["campaign", "status"]) == 2
    assert "no campaign save (*.campaign.json)" in capsys.readouterr().err
    assert main(["campaign", "new", "global", "--seat", "monarchy=humna"]) == 2
    assert "unknown controller" in capsys.readouterr().err
    assert main(["campaign", "new", "global", "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["campaign", "resume"]) == 2
    assert "no stage is under way" in capsys.readouterr().err
    assert main(["campaign", "new", "global"]) == 2
    assert "a campaign save is already there" in capsys.readouterr().err
    assert main(["campaign", "play", "--seat", "venus=human"]) == 2
    assert "not a civilization of global" in capsys.readouterr().err
