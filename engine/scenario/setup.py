"""The generic set-up of a new game from the ``setup:`` section.

``setup.pools`` gives per-seat pool contents (``"*"`` for every seat); a faction's ``pools`` adds
its own bonus units; ``setup.tokens`` places tokens (``{type, owner, at: "x,y"}``). Every change
is logged as an event. Plugins finish the set-up in ``dg_setup``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.core.actions import parse_pos
from distant_galaxy.errors import IllegalAction

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.model import Scenario


def apply_setup(scenario: Scenario, game: Game) -> None:
    st = game.state
    pools: dict[str, Any] = scenario.setup.get("pools", {})
    for seat in st.seats:
        player = st.players[seat]
        faction = scenario.factions.get(player.faction or "", {}) or {}
        for source in (pools.get("*", {}), pools.get(seat, {}), faction.get("pools", {})):
            for pool, units in source.items():
                for unit, n in units.items():
                    add_to_pool(game, seat, pool, unit, int(n), "setup")
    for tok in scenario.setup.get("tokens", []):
        if tok.get("owner") is not None and tok["owner"] not in st.players:
            continue  # a seat that is not in this game
        pos = parse_pos(str(tok["at"]))
        t = st.add_token(tok["type"], tok.get("owner"), pos, prefix=tok.get("prefix", "T"))
        game.emit("place", token=t.id, unit=t.type, owner=t.owner, to=list(pos), reason="setup")


def add_to_pool(game: Game, seat: str, pool: str, unit: str, n: int, reason: str) -> None:
    """Add ``n`` units of a type to a player's pool (negative ``n`` takes them), logged."""
    p = game.state.players[seat].pool(pool)
    new = p.get(unit, 0) + n
    if new < 0:
        raise IllegalAction(f"{seat} has no {unit} in {pool}")
    if new:
        p[unit] = new
    else:
        p.pop(unit, None)
    game.emit("pool", seat=seat, pool=pool, unit=unit, delta=n, value=new, reason=reason)
