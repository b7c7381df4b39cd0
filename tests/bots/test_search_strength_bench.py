"""bench/search_strength.py on a tiny sample (the series themselves take hours: docs/bots.md):
paired seeds with the seats swapped, the baseline in the same seat on the same seed, Wilson
intervals and sign tests, and OpenSpiel's MCTS kept in step over its own Connect Four."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "search_strength.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("search_strength", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("search_strength", module)
    spec.loader.exec_module(module)
    return module


def test_wilson_interval_and_sign_test() -> None:
    b = bench()
    lo, hi = b.wilson(118, 200)  # docs/bots.md's Clash series: 52.1-65.6 %
    assert (round(lo, 3), round(hi, 3)) == (0.521, 0.656)
    assert b.wilson(0, 0) == (0.0, 1.0)
    assert b.sign_test(51, 31) == pytest.approx(0.0178, abs=5e-4)  # p ≈ 0.018 one-sided
    assert b.sign_test(0, 0) == 1.0
    assert b.sign_test(3, 0) == pytest.approx(1 / 8)
    assert math.isclose(b.sign_test(1, 1), 0.75)


def test_paired_seeds_swap_the_seats_and_pair_the_baseline() -> None:
    b = bench()
    args = b.parser().parse_args(["tic-tac-toe", "--bot", "mcts:30", "--vs", "random",
                                  "--seeds", "1", "--seed", "4", "--baseline"])
    lines: list[str] = []
    summary = b.run_series(args, lines.append)
    assert summary["games"] == 2 and len(lines) == 2 and summary["paired"]
    assert set(summary["per_seat"]) == {"x", "o"}  # one seed, each seat once
    assert summary["win"] + summary["draw"] + summary["loss"] == 2
    assert 0 <= summary["wilson95"][0] <= summary["win_rate"] <= summary["wilson95"][1] <= 1
    assert {"baseline_wins", "only_search", "only_baseline", "p_ahead"} <= set(summary)
    again = b.run_series(args, None)
    assert {k: v for k, v in again.items() if "cpu" not in k and k not in ("wall_s",
            "longest_decision_s")} == {k: v for k, v in summary.items()
                                       if "cpu" not in k and k not in ("wall_s",
                                                                       "longest_decision_s")}


def test_openspiel_mcts_plays_its_own_connect_four_in_step() -> None:
    pytest.importorskip("pyspiel")
    b = bench()
    args = b.parser().parse_args(["connect-four", "--bot", "mcts:10", "--vs",
                                  "openspiel-mcts:10", "--seeds", "1"])
    summary = b.run_series(args, None)
    assert summary["games"] == 2 and summary["vs_cpu_s_per_decision"] > 0
