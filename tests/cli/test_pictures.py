"""``dg show --svg``, ``dg render`` and ``dg replay --html`` as a user runs them: files written
only when everything was drawn, clear errors for bad input."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.cli.conftest import RACE


def test_show_writes_the_board_as_svg(dg, tmp_path):
    out = dg("run", RACE, "--seed", "2", "--players", "2", "--save", "g.save", "--quiet")
    assert out.returncode == 0, out.stderr
    out = dg("show", "g.save", "--svg", "g.svg")
    assert out.returncode == 0, out.stderr
    assert "board written to g.svg" in out.stdout
    root = ET.parse(tmp_path / "g.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_render_a_round_as_text_or_svg(dg, tmp_path):
    assert dg("run", "tic-tac-toe", "--seed", "3", "--log", "t.jsonl", "--quiet").returncode == 0
    text = dg("render", "t.jsonl", "--turn", "2")
    assert text.returncode == 0 and text.stdout.startswith("  0 1 2")
    assert "round 2, x's turn" in text.stdout
    out = dg("render", "t.jsonl", "--step", "1", "--svg", "s1.svg")
    assert out.returncode == 0, out.stderr
    assert ET.parse(tmp_path / "s1.svg").getroot().find(
        "{http://www.w3.org/2000/svg}title").text == "Tic-tac-toe, round 1"


def test_replay_html_writes_one_page(dg, tmp_path):
    assert dg("run", "tic-tac-toe", "--seed", "3", "--log", "t.jsonl", "--quiet").returncode == 0
    out = dg("replay", "t.jsonl", "--html", "t.html")
    assert out.returncode == 0, out.stderr
    assert "replay viewer of" in out.stdout
    assert (tmp_path / "t.html").read_text().startswith("<!DOCTYPE html>")
    # without --html, dg replay checks the log as before
    assert "replay matches" in dg("replay", "t.jsonl").stdout


def test_bad_input_is_one_line_and_leaves_no_file(dg, tmp_path):
    (tmp_path / "junk.jsonl").write_text("not json\n")
    for argv in (("replay", "junk.jsonl", "--html", "x.html"),
                 ("render", "junk.jsonl", "--svg", "x.svg"),
                 ("render", "missing.jsonl", "--svg", "x.svg")):
        out = dg(*argv)
        assert out.returncode == 2 and "Traceback" not in out.stderr, argv
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert not (tmp_path / "x.html").exists() and not (tmp_path / "x.svg").exists()
    assert dg("run", "tic-tac-toe", "--seed", "3", "--log", "t.jsonl", "--quiet").returncode == 0
    out = dg("render", "t.jsonl", "--turn", "0")
    assert out.returncode == 2 and "counted from 1" in out.stderr
