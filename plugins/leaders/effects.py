"""The leaders' effects on an episode's named rolls (``dg_roll_adjustments``): each kind's
``effects`` list in the YAML says which roll it acts on, where the leader must be (``ship``:
aboard the acting ship; ``planet``: on the planet the roll is about; ``owner``: anywhere, free,
controlled by the planet's owner) and what it adds. RL.1: identical leaders do not add up — one
adjustment per kind and roll, however many such leaders qualify."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.leaders.model import edit, leaders, section

if TYPE_CHECKING:
    from distant_galaxy import Game

_KEYS = ("extra_dice", "need", "rerolls", "cancel")


def adjustments(game: Game, roll: str, context: dict[str, Any]) -> list[dict[str, Any]]:
    """The adjustments of every kind of leader to ``roll`` (at most one per kind, RL.1)."""
    out = []
    for kind, spec in section(game)["kinds"].items():
        for eff in spec.get("effects", []):
            if eff["roll"] != roll:
                continue
            lid = _qualifying(game, kind, eff, context)
            if lid is None:
                continue
            if eff.get("per_round"):
                _use(game, lid, eff)
            adj = {k: eff[k] for k in _KEYS if k in eff}
            adj.update(why=f"{spec['title']} {lid}: {eff.get('text', roll)} ({eff['rule']})",
                       rule=eff["rule"])
            out.append(adj)
    return out


def _qualifying(game: Game, kind: str, eff: dict[str, Any], ctx: dict[str, Any]) -> str | None:
    ship = ctx.get("attacker") or ctx.get("ship")
    planet = ctx.get("planet")
    for lid, rec in sorted(leaders(game).items()):
        if rec["kind"] != kind:
            continue
        if eff["at"] == "ship" and ship is not None and rec["ship"] == ship.id \
                and rec["holder"] == ship.owner:
            return lid
        if eff["at"] == "planet" and planet is not None and rec["planet"] == planet.id \
                and rec["holder"] == planet.owner:
            return lid
        if eff["at"] == "owner" and planet is not None and rec["holder"] == planet.owner \
                and (rec["ship"] or rec["planet"]) and _unused(game, rec, eff):
            return lid
    return None


def _unused(game: Game, rec: dict[str, Any], eff: dict[str, Any]) -> bool:
    if not eff.get("per_round"):
        return True
    used = rec.get("used", {})
    return used.get("round") != game.state.round or used.get("n", 0) < eff["per_round"]


def _use(game: Game, lid: str, eff: dict[str, Any]) -> None:
    rec = edit(game, lid)
    used = rec.get("used", {})
    n = used.get("n", 0) if used.get("round") == game.state.round else 0
    rec["used"] = {"round": game.state.round, "n": n + 1}
