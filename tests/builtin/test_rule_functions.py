"""The engine's own rule functions (:mod:`distant_galaxy.builtin.rule_functions`): those that
list the legal actions refuse to be asked by the listing itself."""

from __future__ import annotations

import pytest

from distant_galaxy.cli.main import main

MOD = ("format: 1\nid: circular\ntitle: Circular\nextends: tic-tac-toe\n"
       "actions:\n  - id: place\n    where: '{rule}'\n")


@pytest.mark.parametrize("rule, name, column", [
    ("not no_legal_move()", "no_legal_move", 17),
    ("legal_count() > 0", "legal_count", 13),
    ("len(str(no_legal_move())) > 0", "no_legal_move", 21),
])
def test_an_actions_where_may_not_ask_for_the_listing_it_is_part_of(
        tmp_path, monkeypatch, capsys, rule: str, name: str, column: int) -> None:
    """Listing the actions evaluates their ``where:``; one that asks ``no_legal_move()`` or
    ``legal_count()`` would list them again without end (the third probe's hang: each level
    evaluated again to explain the failure). It is refused at once, at the call's place."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mod.yaml").write_text(MOD.format(rule=rule), encoding="utf-8")
    assert main(["run", "mod.yaml", "--seed", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"mod.yaml:7:{column}: {name}() lists the legal actions, which are being listed" in err
    assert "where: may not ask it" in err


def test_no_legal_move_still_ends_a_game_from_a_victory_condition(capsys) -> None:
    """Asked from outside a listing (a victory condition), the functions list as before."""
    assert main(["run", "breakthrough", "--variant", "small", "--seed", "2", "--quiet"]) == 0
