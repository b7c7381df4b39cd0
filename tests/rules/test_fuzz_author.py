"""Fuzz (issue 31, item 5): random rule expressions, well typed and ill typed, written where an
author writes rules in a tic-tac-toe mod — a victory condition, an action's ``where:``, a
trigger's ``if:`` and its effect (assigned, tested, looped over) — and given to ``dg validate``
and ``dg run`` in-process: whatever an author writes, the answer is a message, never a Python
error. A load error names mod.yaml:line:col; a run-time failure names the file, line and column
of the part at fault; no output holds a Python exception's name (``TypeError``, ``NoneType``…).
Deterministic (``derandomize``): CI runs the same examples each time, bounded to a few dozen
seconds (each game is 9 moves at most).
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from distant_galaxy.cli.main import main
from distant_galaxy.rules.reasons import PYTHON_NAMES

ATOMS = st.sampled_from([
    "0", "1", "3", "-2", "2.5", "100", '"x"', '"o"', '"100"', "true", "false", "none", "1d6",
    "round", "seat", "player.seat", "player.score", "params.size", "params.line",
    "unit_at(0, 0)", "unit_at(4, 0)", "unit_at(1, 1).owner", "unit_at(4, 0).x", 'pieces("x")',
    "pieces(seat)", "line_of(3, seat)", "no_legal_move()", "[1, 2]", "[]", "x", "y",
    "event.to", "1.5 ** (round * 999)",
])
BINARY = ["+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", ">=", "and", "or", "in"]
FUNCTIONS = ["abs", "str", "len", "min", "max", "pieces", "round", "range"]


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(children, st.sampled_from(BINARY), children).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        children.map(lambda c: f"not {c}"),
        children.map(lambda c: f"-{c}"),
        st.tuples(st.sampled_from(FUNCTIONS), children).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(st.sampled_from(["max", "min", "range"]), children, children)
        .map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        children.map(lambda c: f"{c}.x"),
        children.map(lambda c: f"{c}[0]"),
        st.tuples(children, children).map(lambda t: f"{t[0]}[{t[1]}]"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.tuples(children, children).map(lambda t: f"sum({t[0]} for k in {t[1]})"),
        st.tuples(children, children).map(lambda t: f"count(k in {t[0]} where {t[1]})"),
    )


EXPRESSIONS = st.recursive(ATOMS, _combine, max_leaves=6)
#: Where the expression is written, and the effect statements it is put in.
PLACES = ["victory", "where", "trigger if", "effect"]
EFFECTS = ["player.score = {e}", "if {e}: player.score += 1", "n = {e}; player.score += n",
           "for k in range(0, 2) where {e}: player.score += 1", "for k in {e}: player.score += 1",
           "player.score += len(str({e}))", "set_owner(unit_at(1, 1), {e})"]
#: A run-time rule error names where: ``mod.yaml:7:12:`` (or the scenario it extends).
PLACED = re.compile(r"\.yaml:\d+:\d+")


def _quoted(rule: str) -> str:
    return "'" + rule.replace("'", "''") + "'"


def _mod(place: str, rule: str) -> str:
    """A tic-tac-toe mod with ``rule`` written at ``place`` (an effect: one of EFFECTS)."""
    head = ("format: 1\nid: fuzz\ntitle: Fuzz\nextends: tic-tac-toe\n"
            "counters: {score: {initial: 0}}\n")
    if place == "victory":
        return head + f"victory:\n  - id: v\n    if: {_quoted(rule)}\n    winner: '\"x\"'\n" \
                      "    reason: fuzz\n"
    if place == "where":
        return head + f"actions:\n  - id: place\n    where: {_quoted(rule)}\n"
    condition, effect = (rule, "player.score += 1") if place == "trigger if" else ("true", rule)
    return head + (f"triggers:\n  - id: t\n    \"on\": place\n    if: {_quoted(condition)}\n"
                   f"    do: {_quoted(effect)}\n")


def _check(tmp_path, capsys, place: str, rule: str) -> None:
    """``dg validate`` then ``dg run`` of the mod: messages only, each saying where."""
    (tmp_path / "mod.yaml").write_text(_mod(place, rule), encoding="utf-8")
    for args in (["validate", "mod.yaml"], ["run", "mod.yaml", "--seed", "1", "--quiet"]):
        code = main(args)
        out = capsys.readouterr()
        text = out.out + out.err
        assert code in (0, 1, 2), (place, rule, args, code, text)
        assert "internal error" not in text, (place, rule, text)
        for name in PYTHON_NAMES:
            assert name not in text, (place, rule, name, text)
        if code and args[0] == "validate":
            assert "mod.yaml:" in text, (place, rule, text)  # a load error says where
        if code and args[0] == "run":
            assert PLACED.search(text), (place, rule, text)  # so does a run-time one
        if code:
            break  # refused at load: nothing to run


@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(PLACES), st.sampled_from(EFFECTS), EXPRESSIONS)
def test_no_rule_an_author_writes_gives_a_python_error(tmp_path, capsys, place, form, rule):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        _check(tmp_path, capsys, place, form.format(e=rule) if place == "effect" else rule)
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("place, rule", [
    ("victory", "unit_at(4, 0).x > 0"), ("victory", '"a" + 1 == 2'),
    ("victory", "(-8) ** 0.5 > 1"), ("victory", "unit_at(0, 0).owner == none"),
    # the audit of issue 31: a none inside a call's argument, a comprehension, a loop
    ("effect", "player.score = max(unit_at(4, 3).x, 0)"),
    ("effect", "player.score = len(unit_at(4, 3).owner)"),
    ("effect", "player.score = len(str(unit_at(4, 0).x))"),
    ("effect", "player.score = sum(unit_at(4, k).x for k in range(0, 2))"),
    ("effect", "for k in range(0, 2): player.score = unit_at(4, k).x"),
    ("effect", "player.score = -0[0]"), ("effect", "player.score = [1, 2][round + 5]"),
    ("effect", "player.score = player.seat * 2.5"), ("effect", "player.score = unit_at(0, 0) + 1"),
    ("effect", "for c in round: player.score += 1"), ("effect", "set_owner(unit_at(9, 9), seat)"),
    ("effect", "player.score = round((round - 9) ** 0.5)"), ("effect", "player.score = round / 0"),
    ("effect", "player.score = round(10.0 ** (round * 400))"),
    ("effect", "unit_at(9, 9).x = 1"), ("where", "len(x) > 0"), ("trigger if", "x in round"),
    # the example that hung CI (the third probe): the listing asked from its own where:
    ("where", "len(str(no_legal_move())) > 0"), ("where", "-legal_count() < 1"),
])
def test_the_cases_of_the_trial_and_the_audit_are_messages(tmp_path, capsys, monkeypatch,
                                                           place, rule):
    monkeypatch.chdir(tmp_path)
    _check(tmp_path, capsys, place, rule)
