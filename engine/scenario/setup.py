"""The generic set-up of a new game from the ``setup:`` section.

``setup.pools`` gives per-seat pool contents (``"*"`` for every seat); a faction's ``pools`` adds
its own bonus units; ``setup.tokens`` places tokens (``{type, owner, at: "x,y"}``);
``setup.grants`` gives single seats more of a counter or a pool's unit, each with its reason
(``{seat, counter, n, reason, rule?}`` or ``{seat, pool, unit, n, reason}``: what a campaign
carries into a stage, docs/campaign.md). Every change is logged as an event. Plugins finish the
set-up in ``dg_setup``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.core.actions import parse_pos
from distant_galaxy.errors import ActionError, IllegalAction, SourceError
from distant_galaxy.rules.hints import suggest

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.model import Scenario


def pool_errors(scenario: Scenario) -> list[SourceError]:
    """The pools and unit types of ``setup.pools`` and of the factions' ``pools`` that the
    scenario does not have, each at its place with a guess (the episode modder's trial:
    ``reserve: {minr: 1}`` validated, and the game stopped with ``KeyError: 'minr'``)."""
    errors: list[SourceError] = []
    units, pools = list(scenario.unit_types), list(scenario.pools)
    places = [(("setup", "pools", seat), named)
              for seat, named in _items(scenario.setup.get("pools"))]
    places += [(("factions", name, "pools"), (fac or {}).get("pools"))
               for name, fac in _items(scenario.factions) if isinstance(fac, dict)]
    for path, named in places:
        for pool, contents in _items(named):
            if pool not in pools:
                errors.append(scenario.error(f"unknown pool '{pool}'{suggest(str(pool), pools)}",
                                             *path, pool, hint=f"pools: {', '.join(pools)}"))
                continue
            for unit, _ in _items(contents):
                if unit not in units:
                    errors.append(scenario.error(
                        f"unknown unit type '{unit}' in pool '{pool}'{suggest(str(unit), units)}",
                        *path, pool, unit, hint=f"unit types: {', '.join(units)}"))
    return errors


def token_errors(scenario: Scenario) -> list[SourceError]:
    """The ``setup.tokens`` whose ``at`` is no cell (``"1 1"``), a cell off the map (``"9,9"``
    on a 3×3 board) or the cell of an earlier token, each at its ``at`` (a new author's trial:
    ``dg validate`` passed them and ``dg run`` failed without a place, or played on)."""
    errors: list[SourceError] = []
    grid = scenario.grid
    taken: dict[tuple[int, int], int] = {}
    for i, tok in enumerate(scenario.setup.get("tokens") or []):
        if not isinstance(tok, dict) or "at" not in tok:
            continue
        path = ("setup", "tokens", i, "at")
        try:
            pos = parse_pos(str(tok["at"]))
        except ActionError as exc:  # (MalformedAction)
            errors.append(scenario.error(str(exc), *path))
            continue
        if not grid.in_bounds(pos):
            errors.append(scenario.error(
                f"cell {pos[0]},{pos[1]} is off the map ({grid.width}x{grid.height}: x "
                f"0..{grid.width - 1}, y 0..{grid.height - 1})", *path))
        elif pos in taken:
            errors.append(scenario.error(
                f"cell {pos[0]},{pos[1]} already has set-up token {taken[pos] + 1} (one token "
                "a cell)", *path))
        else:
            taken[pos] = i
    return errors


def _items(value: Any) -> list[tuple[Any, Any]]:
    return list(value.items()) if isinstance(value, dict) else []


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
    for grant in scenario.setup.get("grants", []):
        apply_grant(game, grant)


def apply_grant(game: Game, grant: dict[str, Any]) -> None:
    """One ``setup.grants`` item: ``n`` more of a seat's counter (logged with its reason and
    rule) or of a unit in one of its pools; nothing for a seat not in the game or ``n == 0``."""
    seat, n = str(grant["seat"]), int(grant["n"])
    if seat not in game.state.players or n == 0:
        return
    reason = str(grant["reason"])
    if "counter" in grant:
        game.change_counter(seat, str(grant["counter"]), n, reason, rule=grant.get("rule"))
    else:
        rule = grant.get("rule")  # a pool event has no rule field: the reason names it
        add_to_pool(game, seat, str(grant["pool"]), str(grant["unit"]), n,
                    f"{reason} ({rule})" if rule else reason)


def add_to_pool(game: Game, seat: str, pool: str, unit: str, n: int, reason: str) -> None:
    """Add ``n`` units of a type to a player's pool (negative ``n`` takes them), logged."""
    player = game.state.players[seat]
    game.will_edit(player)
    p = player.pool(pool)
    new = p.get(unit, 0) + n
    if new < 0:
        raise IllegalAction(f"{seat} has no {unit} in {pool}")
    if new:
        p[unit] = new
    else:
        p.pop(unit, None)
    game.emit("pool", seat=seat, pool=pool, unit=unit, delta=n, value=new, reason=reason)
