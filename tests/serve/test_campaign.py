"""``dg serve --campaign``: the next stage of a campaign hosted, played, and recorded in the
campaign save as ``dg campaign play`` records it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

from tests.serve.served import Served, get, play_randomly, post, start


def dg(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_the_next_stage_is_hosted_played_and_recorded(tmp_path: Path) -> None:
    made = dg(["campaign", "new", "global", "--seed", "1", "--seat", "monarchy=human"], tmp_path)
    assert made.returncode == 0, made.stderr
    served = start(["--campaign"], tmp_path)
    try:
        humans = [s for s in served.links if s != "spectators"]
        assert len(humans) == 1 and "Clash" in "".join(served.output)
        assert play_randomly(served, humans, random.Random(1)) > 0
    finally:
        served.stop()
    status = dg(["campaign", "status", "--json"], tmp_path)
    stages = json.loads(status.stdout)["stages"]
    done = [s for s in stages if s.get("status") == "done"]
    assert [s["id"] for s in done] == ["clash"], stages
    checked = dg(["campaign", "replay"], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def act_a_few(served: Served, seat: str, n: int, rng: random.Random) -> int:
    """``n`` actions of the human ``seat`` (bots play in between); the number of its decision
    then pending (the bots wait for it: nothing moves until it acts)."""
    token = served.token(seat)
    done = 0
    while True:
        _, snap = get(f"{served.base}/api/state?token={token}")
        if not snap["your_turn"]:
            time.sleep(0.05)
            continue
        if done == n:
            return int(snap["decision"])
        texts = [a["text"] for a in snap["actions"] if a["text"] != "end"] or ["end"]
        status, answer = post(served.base + "/api/act", {"token": token, "action": rng.choice(texts),
                                                         "decision": snap["decision"]})
        assert status == 200, answer
        done += 1


def test_a_campaign_save_named_elsewhere_is_hosted_and_its_stage_survives_kill_9(tmp_path: Path
                                                                                 ) -> None:
    """``dg serve --campaign SAVE`` with a path from another folder; after ``kill -9`` the
    same command goes on from the last decision with the same links, and the stage recorded
    at its end is one ``dg campaign replay`` confirms."""
    home, here = tmp_path / "campaigns", tmp_path / "elsewhere"
    home.mkdir()
    here.mkdir()
    made = dg(["campaign", "new", "global", "--seed", "2", "--seat", "monarchy=human",
               "--save", "mine.campaign.json"], home)
    assert made.returncode == 0, made.stderr
    save = "../campaigns/mine.campaign.json"
    served = start(["--campaign", save], here)
    seat = next(s for s in served.links if s != "spectators")
    assert f"saved to: {save} (dg serve --campaign {save} goes on after a stop)" in served.said()
    decision = act_a_few(served, seat, 3, random.Random(3))
    served.kill()
    again = start(["--campaign", save], here)
    try:
        assert again.token(seat) == served.token(seat)
        _, snap = get(f"{again.base}/api/state")
        assert snap["decision"] == decision
        assert play_randomly(again, [seat], random.Random(4)) > 0
        again.wait_said("stage clash recorded in")
    finally:
        again.stop()
    assert list(here.iterdir()) == []  # everything is kept beside the campaign save
    status = json.loads(dg(["campaign", "status", "--json", "--save", "mine.campaign.json"], home).stdout)
    assert [s["id"] for s in status["stages"] if s.get("status") == "done"] == ["clash"]
    checked = dg(["campaign", "replay", "--save", "mine.campaign.json"], home)
    assert checked.returncode == 0, checked.stdout + checked.stderr
