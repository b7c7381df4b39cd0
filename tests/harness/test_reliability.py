"""The reliability run (distant_galaxy.harness.reliability): a progress callback sees every game,
and handing the games out in smaller chunks for it changes nothing in the tally."""

from __future__ import annotations

from distant_galaxy.harness.reliability import format_report, run, run_parallel, shipped_cases


def test_progress_counts_every_game_and_leaves_the_tally_as_it_was():
    cases = [c for c in shipped_cases() if c.label in ("tic-tac-toe", "tic-tac-toe[+wide]")]
    seen: list[int] = []
    with_bar = run_parallel(cases, 6, 2, advance=seen.append)
    without = run_parallel(cases, 6, 2)
    assert sum(seen) == 6 and len(seen) > 2  # chunks smaller than one per job
    assert with_bar.counts() == without.counts() and with_bar.failures == without.failures == []
    serial: list[int] = []
    assert run(cases, 6, advance=serial.append).counts() == without.counts()
    assert serial == [1] * 6


def test_the_report_says_which_cases_got_no_game():
    """The designer trial: ``--games 12`` over 32 cases played the first 12 and did not say so."""
    cases = [c for c in shipped_cases() if c.label.startswith("tic-tac-toe")][:3]
    text = format_report(run(cases, 2), cases, 0.1)
    assert (f"games              : 2 (game i plays case i mod 3: only the first 2 were played, "
            f"from {cases[0].label} to {cases[1].label}; --games 3 plays each)") in text
    assert "(game i plays" not in format_report(run(cases, 3), cases, 0.1)


def test_an_event_type_no_plugin_declares_is_a_failure(race):
    """The plugin developer trial: a plugin's undeclared event type (``cheer``) passed
    ``dg validate``, ``dg run``, ``dg replay`` and ``dg reliability``; a trigger could not name
    it and docs/rules.md cannot list it. ``dg reliability`` names it now (its random games end
    with the check); the engine's and the declared events pass."""
    from distant_galaxy import Game
    from distant_galaxy.harness.conformance import undeclared_events

    game = Game(race, seed=1)
    game.apply(game.legal_actions()[0])
    assert undeclared_events(game) == []
    game.emit("cheer", seat="red")
    assert undeclared_events(game) == ["event type 'cheer' is declared by no plugin ('x-events' "
                                       "of its section schema) nor the engine"]
