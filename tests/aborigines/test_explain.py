"""``dg explain`` prints the Aborigine decisions of a log."""

from __future__ import annotations

from distant_galaxy.cli.main import main


def test_explain_a_logged_game(tmp_path, capsys):
    log = tmp_path / "g.jsonl"
    assert main(["run", "aborigine-clash", "--seed", "4", "--seat", "red=civ",
                 "--seat", "blue=civ", "--players", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["explain", str(log), "--turn", "1"]) == 0
    out = capsys.readouterr().out
    assert "Aborigine turn before red" in out
    assert "sees portals" in out and "fired" in out and "(R5.62)" in out
    assert "round 2" not in out


def test_explain_records_filters_rounds():
    from distant_galaxy_episodes.aborigines.explain import explain_records

    recs = [{"kind": "event", "type": "turn_start", "round": 1},
            {"kind": "event", "type": "aborigine_turn", "round": 1, "before": "red"},
            {"kind": "event", "type": "turn_start", "round": 2},
            {"kind": "event", "type": "aborigine_turn", "round": 2, "before": "red"}]
    assert len(explain_records(recs, 2)) == 1
    assert len(explain_records(recs)) == 2
