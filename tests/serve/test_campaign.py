"""``dg serve --campaign``: the next stage of a campaign hosted, played, and recorded in the
campaign save as ``dg campaign play`` records it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from tests.serve.served import play_randomly, start


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
