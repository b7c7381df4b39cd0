"""Playing a campaign (engine/campaign/runner.py): carry-over into the next stage's set-up as
the expressions say (checked against the stage's log), the save surviving a kill during a stage
and during its write, tampering detected, the same campaign from the same seed in any process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from distant_galaxy.campaign import save as campaign_save
from distant_galaxy.campaign.runner import (
    new_campaign,
    open_campaign,
    pass_unplayable,
    play_stage,
    replay_campaign,
    resume_stage,
    stage_seed,
    start_stage,
)
from distant_galaxy.errors import EngineError, SaveError
from distant_galaxy.play.log import read_log
from distant_galaxy.play.runner import replay_log

from .conftest import DUO, play_all


def _log(run, sid):
    entry = next(e for e in run.done if e["id"] == sid)
    return [rec for _, rec in read_log(run.log_path(entry["log"]))], entry


@pytest.mark.parametrize(("seed", "won"), [(1, True), (3, False)])
def test_carry_over_changes_the_next_stage_set_up_exactly_as_the_expressions_say(
        tmp_path, seed, won):
    duo = play_all(new_campaign(str(DUO), seed, {}, tmp_path / "duo.campaign.json"))
    clash, _ = _log(duo, "clash")
    assert (clash[-1]["winner"] == "civilizations") is won
    standing = {c: 2 if won else 0 for c in ("league", "pact")}  # points: "2 if stage.won else 0"
    belt, entry = _log(duo, "belt")
    seat_of = {"league": "orange", "pact": "purple"}
    header = belt[0]
    initial = {p["seat"]: p for p in header["initial"]["players"]}
    setup = belt[1:next(i for i, r in enumerate(belt) if r.get("type") == "turn_start")]
    for civ, seat in seat_of.items():
        # T.1: "10 if stages.clash.won else 0" more resources (30 in the scenario), in set-up
        changes = [r for r in setup if r.get("type") == "counter" and r["seat"] == seat
                   and r["counter"] == "resources"]
        assert sum(r["delta"] for r in changes) == (10 if won else 0)
        assert [r["value"] for r in changes] == ([40] if won else [])
        # T.2: "1 if standing < 2 else 0" scouts more in reserve (1 + the faction's bonus)
        base_scouts = {"orange": 1, "purple": 2}[seat]
        want = base_scouts + (1 if standing[civ] < 2 else 0)
        assert initial[seat]["pools"]["reserve"].get("scout", 0) == want
    carried = [r for r in belt if r.get("reason", "").startswith("campaign carry-over")]
    assert all(r["kind"] == "event" and r["type"] in ("counter", "pool") for r in carried)
    assert len(carried) == len(entry["grants"]) == (2 if won else 0) + sum(
        1 for c in standing if standing[c] < 2)
    for rec in carried:
        if rec["type"] == "counter":
            assert rec["rule"] == "T.1" and rec["delta"] == 10
    assert header["scenario_sha256"] == entry["scenario_sha256"]


def test_both_seeds_give_their_carry_over_and_the_standing_is_the_points_summed(tmp_path):
    for seed in (1, 2):
        run = play_all(new_campaign(str(DUO), seed, {}, tmp_path / f"s{seed}.campaign.json"))
        total = {c: sum(e["points"][c] for e in run.done) for c in run.campaign.roster}
        assert run.standing() == total
        assert run.done[1]["seed"] == stage_seed(seed, "belt")


def test_the_stage_logs_replay_on_the_campaign_scenario(duo):
    play_all(duo)
    checks = replay_campaign(duo)
    assert [c.ok for c in checks] == [True, True], [c.message for c in checks]
    # the belt's scenario carries the grants: the plain scenario is another one
    if duo.done[1]["grants"]:
        report = replay_log(duo.log_path(duo.done[1]["log"]))
        assert not report.ok and "scenario_sha256 differs" in report.message


def test_a_tampered_stage_log_is_detected_at_resume_and_by_replay(duo):
    play_all(duo)
    path = duo.log_path(duo.done[0]["log"])
    lines = path.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last["winner"] = "aborigines" if last["winner"] != "aborigines" else "civilizations"
    lines[-1] = json.dumps(last, sort_keys=True, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match=r"stage clash: its log .* was changed since the stage"):
        open_campaign(duo.path)
    checks = replay_campaign(open_campaign(duo.path, check_logs=False))
    assert not checks[0].ok and checks[1].ok
    assert f"line {len(lines)}" in checks[0].message


def test_an_edited_campaign_file_is_detected_at_resume(tmp_path):
    camp = tmp_path / "duo.yaml"
    camp.write_text(DUO.read_text(encoding="utf-8"), encoding="utf-8")
    run = new_campaign(str(camp), 3, {}, tmp_path / "c.campaign.json")
    _, session = start_stage(run)
    assert play_stage(run, session)
    camp.write_text(camp.read_text(encoding="utf-8").replace('"2 if stage.won else 0"',
                                                             '"5 if stage.won else 0"'))
    with pytest.raises(SaveError, match=r"the campaign file .* changed since this campaign "
                                        "started"):
        open_campaign(run.path)
    camp.write_text(DUO.read_text(encoding="utf-8") + "# a comment changes nothing\n")
    assert open_campaign(run.path).done[0]["id"] == "clash"


def test_a_hand_edited_save_is_refused(duo):
    data = json.loads(duo.path.read_text(encoding="utf-8"))
    data["seed"] = 4
    duo.path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="changed by hand or is corrupt"):
        open_campaign(duo.path)


def test_a_kill_during_the_write_leaves_the_previous_save(duo, monkeypatch):
    _, session = start_stage(duo)
    before = duo.path.read_bytes()

    def killed(*args):
        raise KeyboardInterrupt  # the process dies between the temporary file and the rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        play_stage(duo, session)
    monkeypatch.undo()
    assert duo.path.read_bytes() == before
    assert not list(duo.folder.glob(".*.tmp"))
    run = open_campaign(duo.path)
    stage, session = resume_stage(run)
    assert stage.id == "clash" and play_stage(run, session)
    assert run.done[0]["status"] == "done"


def _dg(*args: str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300, **kw)


def test_a_kill_during_a_stage_resumes_where_it_stopped(tmp_path):
    """SIGKILL while a person is to decide (the save is written before every human decision);
    the stage goes on from the save with a bot in that seat, its log complete and replayable."""
    assert _dg("campaign", "new", str(DUO), "--seed", "3", "--seat", "league=human",
               cwd=tmp_path).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "distant_galaxy", "campaign", "play"],
                            cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True)
    save = tmp_path / "duo.campaign.json"
    assert proc.stdin is not None
    proc.stdin.write("end\n")
    proc.stdin.flush()
    deadline = time.time() + 120
    while time.time() < deadline:  # wait until the save holds the first human action
        data = json.loads(save.read_text(encoding="utf-8"))
        cur = data.get("current")
        if cur and cur["game"]["actions"]:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    run = open_campaign(save)
    assert run.data["current"]["id"] == "clash" and run.data["current"]["game"]["actions"][0] \
        == ["red", "end"]
    done = _dg("campaign", "resume", "--seat", "league=civ", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    run = open_campaign(save)
    assert run.done[0]["status"] == "done" and run.data["current"] is None
    records = [r for _, r in read_log(run.log_path(run.done[0]["log"]))]
    assert records[0]["controllers"]["red"] == "civ"  # who plays on (issue 34 item 10)
    assert next(r for r in records if r["kind"] == "action") == {
        "action": "end", "kind": "action", "phase": "main", "seat": "red"}
    assert replay_campaign(run)[0].ok


def test_the_same_seed_gives_the_same_campaign_in_another_process(tmp_path):
    """DC.10: stage seeds from the campaign seed; two processes (other hash seeds) agree."""
    outs = []
    for n, hash_seed in enumerate(("1", "2")):
        folder = tmp_path / f"p{n}"
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        assert _dg("campaign", "new", str(DUO), "--seed", "11", cwd=folder, env=env
                   ).returncode == 0
        assert _dg("campaign", "play", "--all", "--quiet", cwd=folder, env=env).returncode == 0
        data = json.loads((folder / "duo.campaign.json").read_text(encoding="utf-8"))
        outs.append([(e["id"], e["seed"], e["result"], e["points"], e["log_sha256"])
                     for e in data["stages"]])
    assert outs[0] == outs[1]


def test_errors_are_clear(duo, tmp_path):
    with pytest.raises(EngineError, match="not a civilization of duo"):
        new_campaign(str(DUO), 1, {"leage": "human"}, tmp_path / "x.campaign.json")
    with pytest.raises(SaveError, match="a campaign save is already there"):
        new_campaign(str(DUO), 1, {}, duo.path)
    with pytest.raises(EngineError, match="no stage is under way"):
        resume_stage(duo)
    with pytest.raises(SaveError, match=r"no campaign save \(\*.campaign.json\)"):
        campaign_save.find_save(None, tmp_path / "nowhere")
    play_all(duo)
    with pytest.raises(EngineError, match="the campaign is over"):
        start_stage(duo)


def test_a_stage_scenario_changed_while_the_stage_is_under_way_is_refused(tmp_path):
    """A stage may name a scenario file (relative to the campaign); resume refuses it changed."""
    (tmp_path / "wide.yaml").write_text("format: 1\nid: wide-ttt\nextends: tic-tac-toe\n"
                                        "params: {size: 4}\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        "format: 1\ncampaign: ttt\ntitle: Two boards\nroster:\n  a: {title: A}\n"
        "  b: {title: B}\nstages:\n  - id: one\n    title: One\n    scenario: wide.yaml\n"
        "    seats: {a: x, b: o}\n    points: \"1 if stage.won else 0\"\n", encoding="utf-8")
    run = new_campaign(str(tmp_path / "c.yaml"), 5, {"a": "human"}, tmp_path / "c.campaign.json")
    start_stage(run)  # saved with the stage under way, before the person's first decision
    (tmp_path / "wide.yaml").write_text((tmp_path / "wide.yaml").read_text().replace("4", "5"))
    with pytest.raises(SaveError, match="stage one: its scenario wide-ttt changed since the "
                                        "stage started"):
        resume_stage(open_campaign(run.path))


def test_a_stage_log_is_never_written_over_a_finished_stages_log(duo, tmp_path):
    """The campaign player's trial: `dg campaign play --log my.jsonl` twice wrote the second
    stage's log over the first's, whose sha256 the save holds — the campaign could then be
    neither shown nor played. The file of a finished stage (or the save itself) is refused
    before anything is written; the campaign goes on with another name."""
    mine = tmp_path / "my.jsonl"
    pass_unplayable(duo)
    _, session = start_stage(duo, log_path=mine)
    assert play_stage(duo, session)
    pass_unplayable(duo)
    kept = mine.read_bytes()
    saved = duo.path.read_bytes()
    with pytest.raises(EngineError, match=r"that file is the log of stage .*leave --log out: "
                                          r"it is then duo\.\d-\w+\.jsonl"):
        start_stage(duo, log_path=mine)
    with pytest.raises(EngineError, match="that is the campaign save itself"):
        start_stage(duo, log_path=duo.path)
    notes = tmp_path / "notes.md"  # nor a file that is no log of dg's (play/outputs.py)
    notes.write_text("# my notes\n")
    with pytest.raises(EngineError, match=r"notes\.md: the file there is not a log of dg's"):
        start_stage(duo, log_path=notes)
    assert notes.read_text() == "# my notes\n"
    assert mine.read_bytes() == kept and duo.path.read_bytes() == saved
    reopened = open_campaign(duo.path)  # the logs still check
    play_all(reopened)
    assert reopened.over


def test_json_with_a_person_at_the_prompt_keeps_stdout_for_the_json(tmp_path):
    """The campaign player's trial: `dg campaign play --json` with a person playing printed the
    board and prompt on stdout and no JSON. As `dg run --json` does: the prompt on stderr, and
    a stage stopped by its player is one JSON object saying so (resume too)."""
    assert _dg("campaign", "new", str(DUO), "--seed", "3", "--seat", "league=human",
               cwd=tmp_path).returncode == 0
    for command in ("play", "resume"):
        out = _dg("campaign", command, "--json", cwd=tmp_path, input="quit\n")
        assert out.returncode == 0, out.stderr
        told = json.loads(out.stdout)  # stdout: the JSON alone
        assert told["stopped"] is True and told["stage"] == "clash"
        assert told["saved_to"] == "duo.campaign.json"
        assert "you play" in out.stderr and "> " in out.stderr


def test_a_wrong_seat_option_says_what_a_campaign_seat_is(tmp_path):
    """The campaign player's trial: `--seat yellow=bot` (a seat, not a civilization), a
    misspelt civilization and `--seat monarchy` alone got no pointer to what was meant."""
    save = tmp_path / "g.campaign.json"
    with pytest.raises(EngineError, match=r"yellow is a seat of the stages, played by Monarchy "
                                          r"\(monarchy\): .* e\.g\. --seat monarchy=human"):
        new_campaign("global", 1, {"yellow": "bot"}, save)
    with pytest.raises(EngineError, match="did you mean 'monarchy'"):
        new_campaign("global", 1, {"monarch": "bot"}, save)
    assert not save.exists()
    out = _dg("campaign", "new", "global", "--seat", "chaos=bot", "--seat", "monarchy",
              cwd=tmp_path)
    assert out.returncode == 2
    assert "write it as CIVILIZATION=CONTROLLER (e.g. monarchy=human)" in out.stderr


def test_a_save_named_otherwise_is_found_and_named_in_the_error(tmp_path):
    """The campaign player's trial: `new global --save mycamp.json` was accepted, and then
    `status` said there was no campaign save. `new` says every later command needs --save,
    and the error of a command without it names the file that is one."""
    out = _dg("campaign", "new", str(DUO), "--save", "mycamp.json", cwd=tmp_path)
    assert out.returncode == 0 and "every later command needs --save mycamp.json" in out.stdout
    (tmp_path / "other.json").write_text("{}", encoding="utf-8")
    status = _dg("campaign", "status", cwd=tmp_path)
    assert status.returncode == 2
    assert "but mycamp.json is one: give it with --save mycamp.json" in status.stderr


def test_a_save_in_a_missing_folder_and_dg_resume_of_a_campaign_say_what_to_do(tmp_path):
    """The campaign player's trial: `--save saves/new/c.campaign.json` said only "No such file
    or directory", and `dg resume global.campaign.json` "not a Distant Galaxy save file"."""
    out = _dg("campaign", "new", str(DUO), "--save", "saves/new/c.campaign.json", cwd=tmp_path)
    assert out.returncode == 2
    assert "saves/new/c.campaign.json: no folder saves/new (make it first)" in out.stderr
    assert _dg("campaign", "new", str(DUO), cwd=tmp_path).returncode == 0
    wrong = _dg("resume", "duo.campaign.json", cwd=tmp_path)
    assert wrong.returncode == 2
    assert ("a campaign save, not a game's: 'dg campaign resume --save duo.campaign.json' goes "
            "on with it") in wrong.stderr


def test_status_shows_the_standing_while_a_stage_log_is_missing_and_says_what_to_do(tmp_path):
    """The campaign player's trial: with a finished stage's log deleted every command refused,
    status included, and nothing said how to recover. Status shows the standing and says the
    problem (exit 1); play refuses and says to put the log back; put back, it goes on."""
    assert _dg("campaign", "new", str(DUO), "--seed", "3", cwd=tmp_path).returncode == 0
    assert _dg("campaign", "play", "--quiet", cwd=tmp_path).returncode == 0
    log = tmp_path / "duo.1-clash.jsonl"
    kept = log.read_bytes()
    log.unlink()
    status = _dg("campaign", "status", cwd=tmp_path)
    assert status.returncode == 1 and "Duo" in status.stdout
    assert "its log duo.1-clash.jsonl is missing: the campaign cannot go on" in status.stderr
    assert json.loads(_dg("campaign", "status", "--json", cwd=tmp_path).stdout)["log_problems"]
    play = _dg("campaign", "play", cwd=tmp_path)
    assert play.returncode == 2 and "put the log back as it was (from a copy)" in play.stderr
    log.write_bytes(kept)
    assert _dg("campaign", "play", "--quiet", cwd=tmp_path).returncode == 0


def test_a_new_campaigns_save_over_another_file_says_what_is_there(tmp_path):
    """A player's trial: --save notes.txt was refused as 'a campaign save is already there'."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    with pytest.raises(SaveError, match=r"notes\.txt: a file is already there, and not a "
                                        r"campaign save \(it would be lost\)"):
        new_campaign(str(DUO), 3, {}, notes)
    run = new_campaign(str(DUO), 3, {}, tmp_path / "duo.campaign.json")
    with pytest.raises(SaveError, match=r"a campaign save is already there: continue it with "
                                        r"'dg campaign play --save .*duo\.campaign\.json'"):
        new_campaign(str(DUO), 3, {}, run.path)
    assert notes.read_text() == "my notes\n"


def test_play_of_a_stage_under_way_says_its_log_option_is_not_used(tmp_path):
    """A player's trial: dg campaign play --log X on a stage under way dropped X silently."""
    assert _dg("campaign", "new", str(DUO), "--seed", "3", "--seat", "league=human",
               cwd=tmp_path).returncode == 0
    assert _dg("campaign", "play", cwd=tmp_path, input="quit\n").returncode == 0
    out = _dg("campaign", "play", "--log", "mine.jsonl", cwd=tmp_path, input="quit\n")
    assert "(--log mine.jsonl is not used: the stage goes on with its log " in out.stdout
    assert not (tmp_path / "mine.jsonl").exists()
