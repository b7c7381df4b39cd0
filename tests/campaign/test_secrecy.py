"""Issue 34 item 9 (audit): a campaign stage's hidden values cannot be computed from its dice.

``dg run`` shuffles bags from a fresh secret (item 7), but a campaign stage was set up with
none: its secret was derived from the stage's seed (below 10⁹, and named in the stage log's
header), so a player who tried seeds against the dice the prompt shows — or simply read the
seed — computed every face-down Space Domain marker. Now each stage gets a fresh secret, kept
in the stage's game in the campaign save, committed in its log's header and revealed at the
end: here the seed-recovery attack runs on a stage of a mod campaign played with the
``space-domain`` option (no shipped stage has hidden values) and finds no bag.
"""

from __future__ import annotations

import json
from pathlib import Path

from distant_galaxy.campaign import runner
from distant_galaxy.core.hidden import bag_items, commitment, derived_secret, secret_shuffle
from distant_galaxy.harness.referee import verify_hidden
from tests.core.test_secrecy import ATTACK_SEEDS, _seeds_giving

from .conftest import DUO


def _space_campaign(tmp_path: Path) -> Path:
    """The tutorial campaign with its first stage (episode 5) played with Space Domain."""
    text = DUO.read_text(encoding="utf-8").replace(
        "    scenario: aborigine-clash\n",
        "    scenario: aborigine-clash\n    options: [space-domain]\n", 1)
    path = tmp_path / "space.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_seed_recovery_attack_on_a_campaign_stage_finds_no_bag(tmp_path: Path) -> None:
    run = runner.new_campaign(str(_space_campaign(tmp_path)), 3, {}, tmp_path / "s.campaign.json")
    runner.pass_unplayable(run)
    _, session = runner.start_stage(run)
    assert runner.play_stage(run, session)
    recs = _records(run.log_path(run.done[0]["log"]))
    header = recs[0]
    commit = next(r for r in recs if r.get("type") == "bag_commit")
    truth = next(r for r in recs if r.get("type") == "bag_reveal")["order"]
    items = bag_items(commit["contents"])
    seen = [(int(r["die"][1:]), r["value"]) for r in recs
            if r.get("type") == "dice" and "visible_to" not in r][:11]
    found = _seeds_giving(seen, ATTACK_SEEDS)
    # the seed the log's header names (what the attack would find, and more) gives another bag
    for seed in [*found, header["seed"]]:
        assert secret_shuffle(derived_secret(seed), commit["bag"], items)[0] != truth
    secret = next(r for r in recs if r.get("type") == "secret_reveal")
    assert secret["visible_to"] == [] and commitment(secret["secret"]) == header["secret_sha256"]
    assert secret_shuffle(secret["secret"], commit["bag"], items)[0] == truth
    assert verify_hidden(run.log_path(run.done[0]["log"])) == []
    assert [c.ok for c in runner.replay_campaign(run)] == [True]


def test_a_resumed_stage_keeps_its_secret(tmp_path: Path) -> None:
    """The stage's game in the campaign save holds the secret: a resumed stage rewrites its log
    with the same commitment and plays the same bag."""
    run = runner.new_campaign(str(_space_campaign(tmp_path)), 3, {}, tmp_path / "s.campaign.json")
    runner.pass_unplayable(run)
    runner.start_stage(run)
    before = _records(run.log_path(run.data["current"]["log"]))[0]["secret_sha256"]
    assert before != commitment(derived_secret(run.data["current"]["seed"]))
    later = runner.open_campaign(run.path)
    _, again = runner.resume_stage(later)
    assert again.header["secret_sha256"] == before
    assert runner.play_stage(later, again)
    assert [c.ok for c in runner.replay_campaign(later)] == [True]
