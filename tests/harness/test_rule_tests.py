"""The YAML rule tests (`tests:` in scenario files, run by `dg test`): the runner itself, and every
shipped scenario's cases pass."""

from __future__ import annotations

import pytest

from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.find import scenario_files

SHIPPED = scenario_files()


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_scenario_rule_tests_pass(path):
    results = run_file(str(path))
    assert results, f"{path.name} carries no rule tests"
    failed = [f"{r.where} {r.name}: {r.problems}" for r in results if not r.ok]
    assert not failed, "\n".join(failed)


def test_a_failing_case_shows_expected_and_actual(tmp_path):
    from tests.conftest import DATA

    text = (DATA / "scenarios" / "race.yaml").read_text()
    text = text.replace("events: [{type: move, token: T1, path: [[1, 0]]}]",
                        "events: [{type: move, token: T1, path: [[2, 0]]}]")
    bad = tmp_path / "race.yaml"
    bad.write_text(text)
    results = run_file(str(bad))
    first = results[0]
    assert not first.ok
    assert "expected event not found" in first.problems[0]
    assert "path=[[1, 0]]" in first.problems[0]  # what actually happened is shown
    assert all(r.ok for r in results[1:])


def test_a_false_fact_shows_the_values_it_read(tmp_path):
    """Issue 15, item 10: `dg test` shows the evaluated values of a false fact."""
    mod = tmp_path / "mod.yaml"
    mod.write_text("format: 1\nid: facts\ntitle: F\nextends: tic-tac-toe\ntests:\n"
                   "  - name: size\n    actions: ['place 1,1']\n"
                   "    expect: {facts: ['params.size == 4 and round >= 1']}\n")
    [result] = run_file(str(mod))
    assert result.problems == ["fact is false: params.size == 4 and round >= 1\n"
                               "    where params.size = 3, round = 1"]


def test_a_run_time_argument_error_names_the_rule_place_and_values(tmp_path):
    """Issue 15, item 3: a wrong value met at run time is reported at the rule, with values (an
    item of a list of mixed items has no type at load; a parameter ``word: four`` given to
    ``n`` is refused at load, issue 31)."""
    mod = tmp_path / "mod.yaml"
    mod.write_text("format: 1\nid: rt\ntitle: R\nextends: tic-tac-toe\n"
                   "victory:\n  - id: line\n    if: 'line_of([3, \"four\"][1], player.seat)'\n"
                   "    reason: broken\ntests:\n  - name: one\n    actions: ['place 1,1']\n"
                   "    expect: {facts: ['true']}\n")
    [result] = run_file(str(mod))
    [problem] = result.problems
    assert f"{mod}:7:10: rule 'line_of([3, \"four\"][1], player.seat)' failed: " \
           "line_of(n='four', seat=" in problem
    assert "argument 'n' must be a whole number, got 'four'" in problem


@pytest.mark.parametrize(("candidates", "said"), [
    (lambda self, game, seat: [5], r"verb 'step' \(Step of dg_example_race\): candidates\(\) "
     r"gave 5, not a tuple of 0 argument value\(s\)"),
    (lambda self, game, seat: {}["x"], r"KeyError: 'x' \(at harness/test_rule_tests.py:\d+ in "
     r"<lambda>\)")], ids=["wrong shape", "raises"])
def test_a_case_lists_the_legal_actions_so_a_broken_listing_fails_dg_test(monkeypatch, candidates,
                                                                            said):
    """A plugin verb's candidates() that raises, or gives a value where a tuple of argument
    values goes, passed dg validate and dg test (neither listed the legal actions) and failed
    every game (a new plugin developer's trial): a case now lists them before each action."""
    import re

    from dg_example_race import Step

    from tests.conftest import DATA

    monkeypatch.setattr(Step, "candidates", candidates)
    results = run_file(str(DATA / "scenarios" / "race.yaml"))
    assert results and not any(r.ok for r in results)  # every case lists them at least once
    problems = [p for r in results for p in r.problems]
    assert all(re.match(r"(before action 1 '.*'|after the actions): listing the legal actions "
                        r"failed: " + said, p) for p in problems), problems


def test_dg_test_asks_for_the_bots_so_a_wrong_dg_bots_fails_it(monkeypatch):
    """A plugin's ``dg_bots`` that returned a list passed dg validate and dg test and failed every
    game, even one without its bot (a new plugin developer's trial); dg test now asks for them."""
    from distant_galaxy import PluginError
    from distant_galaxy.scenario.model import Scenario
    from tests.conftest import DATA

    def wrong(self):
        raise PluginError("plugin bumpers, hook dg_bots: returned list [...], expected a mapping")

    monkeypatch.setattr(Scenario, "bots", wrong)
    results = run_file(str(DATA / "scenarios" / "race.yaml"))
    first = results[0]
    assert first.name == "the scenario's bots" and "race.yaml:" in first.where
    assert first.problems == ["error: plugin bumpers, hook dg_bots: returned list [...], expected "
                              "a mapping"]
    assert all(r.ok for r in results[1:])
