"""Fuzz (issue 31, item 5): random rule expressions, well typed and ill typed, written as a victory
condition of a tic-tac-toe mod and given to ``dg validate`` and ``dg run`` in-process: whatever an
author writes, the answer is a message (file:line:col at load, the rule at run time), never a
traceback or an "internal error". Bounded: a few dozen expressions, each game 9 moves at most.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from distant_galaxy.cli.main import main

ATOMS = st.sampled_from([
    "0", "1", "3", "-2", "2.5", "100", '"x"', '"o"', '"100"', "true", "false", "none", "1d6",
    "round", "seat", "player.seat", "params.size", "params.line", "unit_at(0, 0)",
    "unit_at(4, 0)", "unit_at(1, 1).owner", "unit_at(4, 0).x", 'pieces("x")',
    "pieces(seat)", "line_of(3, seat)", "no_legal_move()", "[1, 2]", "x", "y",
])
BINARY = ["+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", ">=", "and", "or", "in"]


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, st.sampled_from(BINARY), children).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        children.map(lambda c: f"not {c}"),
        children.map(lambda c: f"-{c}"),
        st.tuples(st.sampled_from(["abs", "str", "len", "min", "max", "pieces", "round"]),
                  children).map(lambda t: f"{t[0]}({t[1]})"),
        children.map(lambda c: f"{c}.x"),
        children.map(lambda c: f"{c}[0]"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    )


EXPRESSIONS = st.recursive(ATOMS, _combine, max_leaves=6)


def _mod(rule: str) -> str:
    quoted = rule.replace("'", "''")
    return ("format: 1\nid: fuzz\ntitle: Fuzz\nextends: tic-tac-toe\nvictory:\n"
            f"  - id: v\n    if: '{quoted}'\n    winner: '\"x\"'\n    reason: fuzz\n")


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(EXPRESSIONS)
def test_no_rule_an_author_writes_gives_a_traceback(tmp_path, capsys, rule):
    path = tmp_path / "mod.yaml"
    path.write_text(_mod(rule), encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for args in (["validate", "mod.yaml"], ["run", "mod.yaml", "--seed", "1", "--quiet"]):
            code = main(args)
            out = capsys.readouterr()
            text = out.out + out.err
            assert code in (0, 1, 2), (rule, args, code, text)
            assert "Traceback" not in text and "internal error" not in text, (rule, text)
            if code and args[0] == "validate":
                assert "mod.yaml:" in text, (rule, text)  # a load error says where
            if code:
                break  # refused at load: nothing to run
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("rule", ["unit_at(4, 0).x > 0", '"a" + 1 == 2', "(-8) ** 0.5 > 1",
                                  "unit_at(0, 0).owner == none"])
def test_the_cases_of_the_trial_give_no_traceback(tmp_path, capsys, monkeypatch, rule):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mod.yaml").write_text(_mod(rule), encoding="utf-8")
    for args in (["validate", "mod.yaml"], ["run", "mod.yaml", "--seed", "1", "--quiet"]):
        main(args)
        out = capsys.readouterr()
        assert "Traceback" not in out.out + out.err and "internal error" not in out.out + out.err
