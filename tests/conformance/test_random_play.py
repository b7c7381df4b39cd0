"""Seeded random play of every scenario and variant (issue 6, item 1 and 2).

Uniform choice among the legal actions; the invariants of engine/invariants.py after every action;
the game must end within the scenario's limit; illegal inputs at random points must be refused with
a message and leave the state hash unchanged; undo must restore the state exactly.
"""

from __future__ import annotations

from distant_galaxy.errors import EngineError
from distant_galaxy.harness.reliability import Case, Tally, random_game, scenario_of


def test_scenario_loads(case: Case):
    """Every scenario and variant that ``dg list`` shows loads without errors."""
    assert case.load_error is None, case.load_error
    try:
        scenario_of(case)
    except EngineError as exc:  # pragma: no cover - the failure message is the point
        raise AssertionError(f"{case.label} does not load:\n{exc}") from None


def test_random_play_invariants_and_illegal_input(case: Case, seed: int):
    tally = Tally()
    played = random_game(case, seed, tally, probes=0.25, undo_probes=0.1)
    assert not tally.failures, "\n".join(tally.failures)
    assert played.ok and played.game.over
    assert tally.decisions_checked == tally.actions
    assert tally.illegal_tried == tally.illegal_rejected
    limit = scenario_of(case).limits.get("rounds")
    if limit is not None:
        assert played.game.state.round <= limit


def test_illegal_input_at_every_decision(case: Case):
    """Seed 1 with illegal inputs tried at every single decision (the first 300 actions)."""
    tally = Tally()
    played = random_game(case, 1, tally, probes=1.0, stop_after=300)
    assert not tally.failures, "\n".join(tally.failures)
    assert tally.illegal_tried > 0 and tally.illegal_tried == tally.illegal_rejected
    assert played.ok


def test_same_seed_same_log_and_hash(case: Case, seed: int):
    """Same seed and actions give byte-identical logs; refused inputs leave no trace in the log."""
    a = random_game(case, seed, Tally(), probes=0.0, invariants=False)
    b = random_game(case, seed, Tally(), probes=0.5, invariants=False)
    assert a.log == b.log
    assert a.final_hash == b.final_hash
    assert a.actions == b.actions


def test_actions_after_the_end_are_refused(case: Case):
    from distant_galaxy.errors import ActionError

    played = random_game(case, 1, Tally(), invariants=False)
    game = played.game
    assert game.over and game.legal_actions() == []
    before = game.state.hash()
    for text in ["end", *played.actions[-3:]]:
        try:
            game.apply(text)
        except ActionError as exc:
            assert str(exc)
        else:  # pragma: no cover
            raise AssertionError(f"{text!r} accepted after the end")
    assert game.state.hash() == before
