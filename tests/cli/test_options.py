"""``--option`` on the command line (issue 12 item 1): ``dg run``, ``dg resume`` (from the save),
``dg replay`` (from the log's header), ``dg perft``, ``dg list``, ``dg test``, ``dg validate`` and
``dg reliability``; a user's mistake is one clear line with file:line:col, never a traceback."""

from __future__ import annotations

import json

from distant_galaxy import load_scenario
from distant_galaxy.play.log import scenario_digest


def test_run_with_options_in_any_order_logs_them_and_replays(dg, tmp_path):
    one = dg("run", "tic-tac-toe", "--option", "four", "--option", "wide", "--seed", "3",
             "--json", "--log", "a.jsonl")
    two = dg("run", "tic-tac-toe", "--option", "wide", "--option", "four", "--seed", "3",
             "--json", "--log", "b.jsonl")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout)["options"] == ["wide", "four"]
    assert one.stdout == two.stdout
    logs = [(tmp_path / name).read_text(encoding="utf-8") for name in ("a.jsonl", "b.jsonl")]
    assert logs[0] == logs[1]  # the command line's order changes nothing
    header = json.loads(logs[0].splitlines()[0])
    assert header["options"] == ["wide", "four"]
    assert header["scenario_sha256"] == scenario_digest(
        load_scenario("tic-tac-toe", options=["wide", "four"]))
    again = dg("replay", "a.jsonl")
    assert again.returncode == 0 and "replay matches" in again.stdout


def test_resume_plays_on_with_the_saves_options(dg, tmp_path):
    out = dg("run", "tic-tac-toe", "--option", "wide", "--seed", "2", "--seat", "x=human",
             "--save", "w.save", stdin="place 3,3\nquit\n")
    assert out.returncode == 0 and "saved to w.save" in out.stdout, out.stderr
    saved = json.loads((tmp_path / "w.save").read_text(encoding="utf-8"))
    assert saved["header"]["options"] == ["wide"]
    res = dg("resume", "w.save", "--seat", "x=random", "--json", "--log", "whole.jsonl")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["options"] == ["wide"]
    again = dg("replay", "whole.jsonl")
    assert again.returncode == 0 and "replay matches" in again.stdout


def test_perft_counts_the_options_board(dg):
    base = dg("perft", "tic-tac-toe", "2")
    wide = dg("perft", "tic-tac-toe", "2", "--option", "wide")
    assert "perft(2) = 72 " in base.stdout
    assert "perft(2) = 240 " in wide.stdout  # 16 × 15 on the 4×4 board


def test_list_shows_the_options(dg):
    out = dg("list")
    assert out.returncode == 0
    assert "options: wide (Wide board), four (Four in a row)" in out.stdout


def test_test_and_validate_cover_the_options(dg):
    out = dg("test", "tic-tac-toe")
    assert out.returncode == 0 and "wide and four" in out.stdout and "0 failed" in out.stdout
    assert dg("validate", "tic-tac-toe").returncode == 0


def test_an_unknown_option_is_one_clear_line_with_its_place(dg):
    """Asked for on the command line, the mistake is the command's option: named first, the
    scenario file that declares the options last (a newcomer never edited that file)."""
    out = dg("run", "tic-tac-toe", "--option", "wdie")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert out.stderr.startswith("dg run: --option 'wdie': unknown option 'wdie'; did you mean "
                                 "'wide'? (known options: wide, four) (options of ")
    assert "tic-tac-toe.yaml:" in out.stderr and len(out.stderr.splitlines()) == 1


def test_an_unknown_variant_of_the_command_line_is_its_option_s_mistake(dg):
    out = dg("run", "tic-tac-toe", "--variant", "bigg")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert out.stderr.startswith("dg run: --variant 'bigg': unknown variant 'bigg'; did you mean "
                                 "'big'? (known variants: big) (variants of ")


def test_a_conflict_is_reported_at_load_with_its_place(dg, tmp_path):
    (tmp_path / "mod.yaml").write_text(
        "format: 1\nid: ttt-mod\nextends: tic-tac-toe\noptions:\n"
        "  huge:\n    description: a 6x6 board\n    overlay: {params: {size: 6}}\n"
        "  tiny:\n    description: no wide\n    overlay: {}\n    conflicts: [wide]\n",
        encoding="utf-8")
    clash = dg("run", "mod.yaml", "--option", "huge", "--option", "wide", "--seed", "1")
    assert clash.returncode != 0 and "Traceback" not in clash.stderr
    assert "tic-tac-toe.yaml:" in clash.stderr and "mod.yaml:7:" in clash.stderr
    assert "options 'wide' and 'huge' set params.size differently (4 and 6)" in clash.stderr
    declared = dg("run", "mod.yaml", "--option", "tiny", "--option", "wide", "--seed", "1")
    assert "mod.yaml:11:" in declared.stderr
    assert "options 'tiny' and 'wide' cannot be played together" in declared.stderr


def test_reliability_plays_every_option_case(dg):
    out = dg("reliability", "--scenario", "tic-tac-toe", "--games", "6", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert report["cases"] == ["tic-tac-toe", "tic-tac-toe[big]", "tic-tac-toe[+wide]",
                               "tic-tac-toe[+four]", "tic-tac-toe[+wide+four]",
                               "tic-tac-toe[big+wide+four]"]
    assert report["failures"] == [] and report["games"] == 6
