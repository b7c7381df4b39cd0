"""The built-in bots (``random``, ``first``, the search bot ``mcts``) — a built-in plugin of ``dg_bots``.

Registered by name as ``builtin.bots`` into every scenario's plugin manager
(:data:`distant_galaxy.plugins.BUILTIN_PLUGINS`) before the scenario's own plugins, whose bots of
the same name replace these. It lives with the bots, above the controllers of ``play``, which the
engine's other built-in plugins (``builtin/``) sit below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy.hookspecs import hookimpl

if TYPE_CHECKING:
    from distant_galaxy.play.controllers import Controller


@hookimpl(tryfirst=True)
def dg_bots() -> dict[str, type[Controller]]:
    """The engine's bots by name (imported when first asked for: loading or checking a scenario
    does not import the search bot)."""
    from distant_galaxy.bots.mcts import MctsBot
    from distant_galaxy.play.controllers import BUILTIN_BOTS

    return {**BUILTIN_BOTS, MctsBot.name: MctsBot}
