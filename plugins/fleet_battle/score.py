"""Victory points (RB.5) and the outcome tiers (RB.6).

RB.5 (source 004, «Очки победы»): for each enemy model — double its cost once declared a Trophy;
its cost when destroyed or abandoned (D6.6: a prize not yet a Trophy is a captured model and
counts as lost, its cost); half its cost while it is at or below half its starting hull;
escorts and tokens nothing. The points are counted afresh at every end phase, so they go down
as well as up (a prize recaptured counts only as damaged again). The multipliers are
``fleet_battle.vp``; costs are even (checks.py) so halves stay whole.

RB.6: after the last turn, with no order fulfilled, the fleet with more points wins by its
margin: at least ``tiers[i].more`` percent more than the other gives that tier (50: crushing
defeat, 30: brilliant victory, 10: minor success); otherwise a draw. A fleet with points
against one with none has an infinite margin (the first tier).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.fleet_battle.model import (
    ABANDONED,
    DESTROYED,
    OK,
    PRIZE,
    TROPHY,
    enemy_of,
    models,
    param,
    section,
)

if TYPE_CHECKING:
    from distant_galaxy import Game


def tally(game: Game, fleet: str) -> tuple[int, list[dict[str, Any]]]:
    """A fleet's victory points and the terms they are made of (RB.5)."""
    vp = param(game, "vp")
    terms: list[dict[str, Any]] = []
    for m in models(game, enemy_of(game.scenario, fleet)):
        if not m.scoring:
            continue
        if m.state == TROPHY:
            term, points = "trophy", vp["trophy"] * m.cost
        elif m.state in (DESTROYED, ABANDONED, PRIZE):
            term, points = m.state, vp["lost"] * m.cost
        elif m.state == OK and 2 * m.hull <= m.start_hull:
            term, points = "at or below half hull", vp["damaged"] * m.cost
        else:
            continue
        terms.append({"model": m.id, "unit": m.type, "term": term, "cost": m.cost,
                      "points": int(points)})
    return sum(t["points"] for t in terms), terms


def all_tallies(game: Game) -> dict[str, int]:
    """Both fleets' victory points now."""
    return {f: tally(game, f)[0] for f in section(game.scenario)["fleets"]}


def tier_of(game: Game, vps: dict[str, int]) -> tuple[str | None, str]:
    """RB.6: the leading fleet (None for a draw) and the tier."""
    (a, va), (_b, vb) = sorted(vps.items(), key=lambda kv: -kv[1])
    draw = str(section(game.scenario).get("draw", "draw"))
    if va == vb:
        return None, draw
    for row in sorted(param(game, "tiers"), key=lambda r: -int(r["more"])):
        if vb == 0 or va * 100 >= vb * (100 + int(row["more"])):
            return a, str(row["tier"])
    return None, draw


def final_result(game: Game) -> dict[str, Any]:
    """The result after the last turn with no order fulfilled (RB.6)."""
    vps = all_tallies(game)
    winner, tier = tier_of(game, vps)
    figures = " to ".join(f"{f} {v}" for f, v in vps.items())
    if winner is None:
        reason = f"no battle order fulfilled; victory points {figures}: a {tier}"
    else:
        loser = enemy_of(game.scenario, winner)
        reason = (f"no battle order fulfilled; victory points {figures}: the {winner} "
                  f"inflict a {tier} on the {loser}" if tier == "crushing defeat" else
                  f"no battle order fulfilled; victory points {figures}: a {tier} for the "
                  f"{winner}")
    return {"winner": winner, "reason": reason, "rule": "RB.6", "tier": tier, "sides": vps}
