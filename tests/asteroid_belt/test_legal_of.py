"""Game.legal_of on a plugin game: one verb's legal actions, the same as legal_actions' in its
order; check accepts those very objects only for the state they were listed for; the turn loop
never opens a decision without a legal action (it no longer lists it whole to know)."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, IllegalAction
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario

SEATS = ["orange", "purple"]


def _by_verb(acts):
    out: dict[str, list] = {}
    for a in acts:
        out.setdefault(a.verb, []).append(a)
    return out


def _played(seed: int, steps: int):
    """A seeded greedy-vs-random game, yielded before each action."""
    sc = scenario()
    game = Game(sc, seats=SEATS, seed=seed, record=False)
    kinds = sc.bots()
    ctrls = {"orange": kinds["greedy"]("orange", seed), "purple": kinds["random"]("purple", seed)}
    for _ in range(steps):
        if game.over:
            return
        yield game
        game.apply(ctrls[game.pending.seat].choose(game))


@pytest.mark.parametrize("seed", [1, 2])
def test_legal_of_is_legal_actions_by_verb(seed):
    for i, game in enumerate(_played(seed, 250)):
        verbs = [k.verb for k in game.kinds_for(game.pending.kind)]
        if i % 2:  # listed one verb at a time first, then whole
            mine = {v: list(game.legal_of(v)) for v in verbs}
            whole = _by_verb(game.legal_actions())
        else:  # listed whole first: legal_of groups that list
            whole = _by_verb(game.legal_actions())
            mine = {v: list(game.legal_of(v)) for v in verbs}
            assert all(a is b for v in whole for a, b in zip(mine[v], whole[v], strict=True))
        assert {v: acts for v, acts in mine.items() if acts} == whole
        assert game.legal_of("no-such-verb") == []
        assert game.legal_actions(), "a pending decision always has a legal action"


def _mid_game():
    for game in _played(3, 40):
        if game.pending.kind == "main" and game.legal_of("move"):
            return game
    raise AssertionError("no main decision with a move")


def test_check_accepts_listed_objects_for_their_state_only(monkeypatch):
    game = _mid_game()
    act = game.legal_of("move")[0]
    kind = game.kinds["move"]
    calls = []
    real = type(kind).check

    def counted(self, g, seat, action):
        calls.append(str(action))
        return real(self, g, seat, action)

    monkeypatch.setattr(type(kind), "check", counted)
    assert game.check(act) is act
    assert calls == []  # listed for this very state: not checked again
    assert game.check(str(act)) == act  # typed by a person: a new object, checked
    assert calls == [str(act)]
    trial = game.clone()
    trial.check(act)  # a copy has its own lists: checked there
    assert len(calls) == 2
    game.state_changed()  # the state may have changed: the old list is stale
    game.check(act)
    assert len(calls) == 3


def test_a_stale_listed_action_is_refused_after_the_state_changed():
    game = _mid_game()
    act = game.legal_of("move")[0]
    tok = game.state.tokens[act.args[0]]
    game.apply(act)  # the unit has moved: the same object is no longer legal
    assert game.pending is not None and game.pending.seat == tok.owner
    with pytest.raises(IllegalAction, match="already moved"):
        game.check(act)
