"""``dg verify-log`` (:mod:`distant_galaxy.cli.commands.referee`): the referee of hidden
information from the command line; a tampered log exits 1 naming the line."""

from __future__ import annotations

import json

from distant_galaxy.cli.main import main


def test_verify_log_accepts_a_game_and_refuses_a_forged_bag(tmp_path, capsys):
    log = tmp_path / "g.jsonl"
    assert main(["run", "aborigine-clash", "--option", "space-domain", "--seed", "2",
                 "--players", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify-log", str(log)]) == 0
    assert "hidden information verified: 1 bag(s) committed" in capsys.readouterr().out
    lines = log.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"bag_reveal"' in line)
    rec = json.loads(lines[i])
    rec["order"] = list(reversed(rec["order"]))
    lines[i] = json.dumps(rec, sort_keys=True, separators=(",", ":"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["verify-log", str(bad)]) == 1
    assert f"line {i + 1}: the order and salt of bag 'space-domain' do not match" in \
        capsys.readouterr().out
    # --json, for scripts: the same verdict and exit code as one object
    assert main(["verify-log", str(log), "--json"]) == 0
    good = json.loads(capsys.readouterr().out)
    assert (good["ok"], good["bags"], good["problems"]) == (True, 1, [])
    assert good["reveals"] > 0 and {"engine", "build", "log"} <= good.keys()
    assert main(["verify-log", str(bad), "--json"]) == 1
    forged = json.loads(capsys.readouterr().out)
    assert forged["ok"] is False and len(forged["problems"]) == 1
    assert forged["problems"][0].startswith(f"line {i + 1}: the order and salt")


def test_verify_log_of_a_game_without_hidden_information(tmp_path, capsys):
    log = tmp_path / "t.jsonl"
    assert main(["run", "tic-tac-toe", "--seed", "1", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify-log", str(log)]) == 0
    assert "no hidden information" in capsys.readouterr().out
