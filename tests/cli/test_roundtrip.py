"""Issue 33 item 2: the engine never writes what it refuses to read.

``dg run --seed -5 --log neg.jsonl`` used to play, print ``seed -5`` and write a log that
``dg replay``, ``dg render`` and ``dg replay --html`` then refused (``seed: -5 is less than the
minimum of 0``). A property test: random arguments of ``dg run``, ``dg campaign new`` and
``dg simulate``; whenever the command accepts them, every file it wrote is read back by every
reader of that kind of file (a simulation's ``--json`` report by ``dg simulate --report``, as
text, Markdown, JSON and a chart). ``test_roundtrip_play.py`` does the same for the episodes'
games with bots and for ``dg campaign play``/``resume`` with ``dg campaign replay``.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from distant_galaxy.cli.main import main
from distant_galaxy.cli.spec import MAX_SEED

SEEDS = st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([0, 1, MAX_SEED, MAX_SEED + 1, -1]))
RUNS = st.fixed_dictionaries({
    "scenario": st.sampled_from(["tic-tac-toe", "connect-four", "breakthrough"]),
    "seed": SEEDS,
    "variant": st.sampled_from([None, "small", "big", "nope"]),
    "players": st.sampled_from([None, 0, 1, 2, 3]),
    "option": st.sampled_from([None, "wide", "four"]),
})


def dg_out(*args: str, stdin: str = "") -> tuple[int, str]:
    """``dg ARGS`` in this process with ``stdin`` as its input: the exit code (argparse's exit
    too) and what it printed on stdout (stderr is swallowed)."""
    out, keep = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            try:
                code = main(list(args))
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = keep
    return code, out.getvalue()


def dg(*args: str, stdin: str = "") -> int:
    """``dg ARGS`` in this process, its output swallowed; argparse's exit is an exit code."""
    return dg_out(*args, stdin=stdin)[0]


def run_args(case: dict, folder: Path) -> list[str]:
    args = ["run", case["scenario"], "--seed", str(case["seed"]), "--quiet",
            "--log", str(folder / "game.jsonl"), "--save", str(folder / "game.save")]
    if case["variant"]:
        args += ["--variant", case["variant"]]
    if case["players"] is not None:
        args += ["--players", str(case["players"])]
    if case["option"]:
        args += ["--option", case["option"]]
    return args


def test_a_negative_seed_is_refused_at_the_edge(tmp_path: Path) -> None:
    assert dg("run", "tic-tac-toe", "--seed", "-5", "--log", str(tmp_path / "neg.jsonl")) == 2
    assert not (tmp_path / "neg.jsonl").exists()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=RUNS)
def test_every_log_and_save_dg_run_writes_is_read_back(tmp_path_factory: pytest.TempPathFactory,
                                                       case: dict) -> None:
    folder = tmp_path_factory.mktemp("run")
    if dg(*run_args(case, folder)) != 0:
        assert not (folder / "game.jsonl").exists() or (folder / "game.jsonl").stat().st_size == 0
        return
    log, save = str(folder / "game.jsonl"), str(folder / "game.save")
    assert dg("replay", log) == 0
    assert dg("replay", log, "--html", str(folder / "game.html")) == 0
    assert dg("render", log, "--turn", "1", "--svg", str(folder / "round1.svg")) == 0
    assert dg("verify-log", log) == 0
    assert dg("show", save) == 0
    assert dg("show", save, "--svg", str(folder / "board.svg")) == 0


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_every_campaign_save_dg_campaign_new_writes_is_read_back(
        tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    folder = tmp_path_factory.mktemp("campaign")
    path = str(folder / "c.campaign.json")
    if dg("campaign", "new", "global", "--seed", str(seed), "--save", path) != 0:
        assert not Path(path).exists()
        return
    assert dg("campaign", "status", "--save", path) == 0
    assert dg("campaign", "status", "--json", "--save", path) == 0


SIMULATIONS = st.fixed_dictionaries({
    "scenario": st.sampled_from(["tic-tac-toe", "connect-four", "pig", "asteroid-belt"]),
    "first_seed": SEEDS,
    "games": st.sampled_from([None, 0, 1, 2, -1]),
    "variant": st.sampled_from([None, "small", "big", "quick", "all", "base", "nope"]),
    "players": st.sampled_from([None, 0, 2, 3]),
    "rotate": st.booleans(),
    "max_actions": st.sampled_from([None, 1, 5, 100000, 0, -3]),
    "compare": st.booleans(),
})


def simulate_args(case: dict, folder: Path) -> list[str]:
    mod = folder / "mod.yaml"
    mod.write_text(f"format: 1\nid: mod\ntitle: M\nextends: {case['scenario']}\n",
                   encoding="utf-8")
    args = ["simulate", case["scenario"], "--jobs", "1", "--json", "--svg",
            str(folder / "chart.svg"), "--first-seed", str(case["first_seed"]),
            "--games", str(1 if case["games"] is None else case["games"])]
    for flag in ("variant", "players"):
        if case[flag] is not None:
            args += [f"--{flag}", str(case[flag])]
    if case["max_actions"] is not None:
        args += ["--max-actions", str(case["max_actions"])]
    if case["rotate"]:
        args.append("--rotate")
    if case["compare"]:
        args += ["--compare", str(mod)]
    if case["scenario"] == "asteroid-belt":
        args += ["--variant", "quick"]
    return args


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=SIMULATIONS)
def test_every_report_dg_simulate_writes_is_read_back(tmp_path_factory: pytest.TempPathFactory,
                                                      case: dict) -> None:
    """A simulation's ``--json`` report (a game that errs included: exit 1) and its chart are
    read back by ``dg simulate --report`` in every form."""
    folder = tmp_path_factory.mktemp("simulate")
    code, out = dg_out(*simulate_args(case, folder))
    if code not in (0, 1) or out.startswith('{"error"'):
        assert code == 2 and json.loads(out)["exit"] == 2
        return
    report = folder / "report.json"
    report.write_text(out, encoding="utf-8")
    ElementTree.parse(folder / "chart.svg")
    for extra in ([], ["--markdown"], ["--json"], ["--svg", str(folder / "again.svg")]):
        again, text = dg_out("simulate", "--report", str(report), *extra)
        assert again == code, (extra, text[-500:])
    assert json.loads(dg_out("simulate", "--report", str(report), "--json")[1]) == json.loads(out)


def test_a_report_of_games_that_all_failed_is_read_back_in_every_form(tmp_path: Path) -> None:
    """Found by the property test: with every game failed (``--max-actions 1``) the report's
    rounds and actions are empty, and ``--markdown`` ended in ``KeyError: 'median'``."""
    code, out = dg_out("simulate", "tic-tac-toe", "--games", "1", "--jobs", "1",
                       "--max-actions", "1", "--json")
    assert code == 1
    report = tmp_path / "r.json"
    report.write_text(out, encoding="utf-8")
    code, text = dg_out("simulate", "--report", str(report), "--markdown")
    assert code == 1 and "| – | – |" in text
