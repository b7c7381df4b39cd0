"""The conformance cases of options (distant_galaxy.harness.conformance, issue 12 item 1): every
option alone, all compatible ones together, and those with every variant, labelled
``id[variant+opt1+opt2]``."""

from __future__ import annotations

from distant_galaxy.harness.conformance import (
    case_label,
    file_cases,
    option_sets,
    scenario_of,
    shipped_cases,
)


def test_labels():
    assert case_label("ttt", None, ()) == "ttt"
    assert case_label("ttt", "big", ()) == "ttt[big]"
    assert case_label("ttt", None, ("wide",)) == "ttt[+wide]"
    assert case_label("ttt", "big", ("wide", "four")) == "ttt[big+wide+four]"


def test_option_sets_of_a_scenario():
    assert option_sets(["big"], [("a",), ("b",), ("a", "b")]) == [
        (None, ()), ("big", ()), (None, ("a",)), (None, ("b",)), (None, ("a", "b")),
        ("big", ("a", "b"))]
    assert option_sets(["big"], []) == [(None, ()), ("big", ())]


def test_the_shipped_cases_cover_tic_tac_toes_options():
    cases = {c.label: c for c in shipped_cases() if c.label.startswith("tic-tac-toe")}
    assert list(cases) == ["tic-tac-toe", "tic-tac-toe[big]", "tic-tac-toe[+wide]",
                           "tic-tac-toe[+four]", "tic-tac-toe[+wide+four]",
                           "tic-tac-toe[big+wide+four]"]
    both = cases["tic-tac-toe[big+wide+four]"]
    assert (both.variant, both.options) == ("big", ("wide", "four"))
    assert scenario_of(both).options == ("wide", "four")
    assert scenario_of(cases["tic-tac-toe[+wide]"]).params == {"size": 4, "line": 3}


def test_the_episodes_option_cases():
    """Episode 5 offers Leaders and Space Domain (issue 12 items 3, 4): the conformance suite plays
    every combination ``dg list`` shows — none, each alone, both; episode 6 offers Battle Orders
    and secret orders (RB.4: ``secret-orders`` alone brings Battle Orders with it; issue 13, both
    together with each of its variants, the campaign's stage-6 variant of issue 34 among them); no other episode offers one yet."""
    labels = [c.label for c in shipped_cases()]
    assert [label for label in labels if label.startswith("aborigine-clash")] == [
        "aborigine-clash", "aborigine-clash[+leaders]", "aborigine-clash[+space-domain]",
        "aborigine-clash[+leaders+space-domain]"]
    assert [label for label in labels if "+" in label and not label.startswith(
        ("tic-tac-toe", "aborigine-clash"))] == [
        "fleet-battle[+battle-orders]", "fleet-battle[+secret-orders]",
        "fleet-battle[+battle-orders+secret-orders]",
        "fleet-battle[campaign+battle-orders+secret-orders]",
        "fleet-battle[hot-seat+battle-orders+secret-orders]",
        "fleet-battle[skirmish+battle-orders+secret-orders]"]


def test_a_files_cases_include_its_options():
    from distant_galaxy.scenario.find import find_by_id

    labels = [c.label for c in file_cases(find_by_id("tic-tac-toe"))]
    assert "tic-tac-toe[+wide+four]" in labels and "tic-tac-toe[big+wide+four]" in labels
