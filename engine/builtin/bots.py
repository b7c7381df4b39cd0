"""The built-in bots (``random``, ``first``) — a built-in plugin of ``dg_bots``.

Registered into every scenario's plugin manager (:data:`distant_galaxy.plugins.BUILTIN_PLUGINS`)
before the scenario's own plugins, whose bots of the same name replace these.
"""

from __future__ import annotations

from distant_galaxy.hookspecs import hookimpl
from distant_galaxy.play.controllers import BUILTIN_BOTS, Controller


@hookimpl(tryfirst=True)
def dg_bots() -> dict[str, type[Controller]]:
    """The engine's bots by name."""
    return dict(BUILTIN_BOTS)
