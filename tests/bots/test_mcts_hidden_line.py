"""The search bot on a view whose simulated lines need a hidden value (RB.4's secret orders): the
iteration is scored as a draw instead of reading it (engine/bots/mcts.py, "Hidden values")."""

from __future__ import annotations

from distant_galaxy.bots.mcts import needs_hidden_value
from distant_galaxy.core.hidden import HiddenInformation
from distant_galaxy.errors import EngineError


def test_a_refused_hidden_read_is_recognised_through_the_wrapping_error():
    try:
        try:
            raise HiddenInformation("secret 'order:x' is hidden")
        except HiddenInformation as inner:
            raise EngineError("end: secret 'order:x' is hidden") from inner
    except EngineError as exc:
        assert needs_hidden_value(exc)
    assert not needs_hidden_value(EngineError("a rule's own fault"))
