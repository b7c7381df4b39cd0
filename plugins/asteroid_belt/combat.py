"""Combat (R7.50, R7.51, R7.20, R7.43): one roll each, bonuses, draws, the elite's tokens.

The attacker rolls attack, the defender rolls defence, each adds its unit's bonus; the higher total
wins and the loser is removed (civilization units to repair, Aborigines gone). Equal totals: a
draw. A unit whose type has ``safe_attack`` (the scout) is not removed when it loses as attacker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.removal import remove_loser

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Token


def combat_die(game: GameLike) -> int:
    """The sides of the die each side of a combat rolls (``asteroid_belt.combat_die``)."""
    return int(model.cfg(game)["combat_die"])


def shuttle_bonus(game: GameLike, att: Token, dfd: Token) -> tuple[int, int]:
    """R7.43: the shuttle carrying more units gets ``params.shuttle_majority_bonus`` to attack and
    defence."""
    a, d = len(model.aboard(game, att)), len(model.aboard(game, dfd))
    bonus = model.param(game, "shuttle_majority_bonus")
    return (bonus if a > d else 0), (bonus if d > a else 0)


def _bonus(game: Game, tok: Token, which: str, bonus: int) -> int:
    return int(model.utype(game, tok.type).get(which, 0)) + bonus


def _armed(game: Game, seat: str | None, effect: str) -> str | None:
    """The name of an armed elite token of ``seat`` with this effect, if any."""
    if seat is None:
        return None
    abilities = model.cfg(game).get("abilities", {})
    for name in game.state.players[seat].attrs.get("armed", []):
        if abilities.get(name, {}).get("effect") == effect:
            return name
    return None


def _disarm(game: Game, seat: str, name: str, why: str) -> None:
    p = game.state.players[seat]
    game.will_edit(p)
    p.attrs["armed"] = [a for a in p.attrs.get("armed", []) if a != name]
    game.emit("ability_spent", seat=seat, ability=name, reason=why, rule="D7.4")


def fight(game: Game, att: Token, dfd: Token, rule: str = "R7.50",
          att_extra: int = 0, def_extra: int = 0, kind: str = "unit") -> str:
    """Resolve one combat; return ``attacker_wins``, ``defender_wins`` or ``draw``. ``kind``
    (unit / shuttle) is logged as ``attacker_kind``: a record's own ``kind`` is the log's."""
    dice, die = game.dice, combat_die(game)
    a_bonus = _bonus(game, att, "attack_bonus", att_extra)
    d_bonus = _bonus(game, dfd, "defence_bonus", def_extra)
    a = dice.roll(die, purpose=f"attack roll of {att.id}", rule=rule)
    d = dice.roll(die, purpose=f"defence roll of {dfd.id}", rule=rule)
    rerolls: list[dict[str, Any]] = []
    # D7.4 Reroll: a seat's armed token rerolls its own die once when that die would lose.
    for side, tok in (("attacker", att), ("defender", dfd)):
        name = _armed(game, tok.owner, "reroll")
        losing = (a + a_bonus < d + d_bonus) if side == "attacker" else (d + d_bonus < a + a_bonus)
        if name and losing and tok.owner is not None:
            _disarm(game, tok.owner, name, f"reroll of the {side}'s die")
            new = dice.roll(die, purpose=f"reroll ({name}) of {tok.id}", rule="D7.4")
            rerolls.append({"side": side, "old": a if side == "attacker" else d, "new": new})
            if side == "attacker":
                a = new
            else:
                d = new
    at, dt = a + a_bonus, d + d_bonus
    outcome = "attacker_wins" if at > dt else "defender_wins" if dt > at else "draw"
    loser = dfd if outcome == "attacker_wins" else att if outcome == "defender_wins" else None
    fate = None   # what happens to the loser, for people (describe.py)
    if loser is not None:
        if loser is att and model.utype(game, att.type).get("safe_attack"):
            fate = "safe"
        elif model.utype(game, loser.type).get("abilities") \
                and _armed(game, loser.owner, "shield"):
            fate = "shield"
        elif model.is_aborigine(game, loser) or model.is_shuttle(game, loser):
            fate = "destroyed"
        else:
            fate = "repair"
    game.emit("combat", attacker_kind=kind, attacker=att.id, attacker_unit=att.type,
              attacker_owner=att.owner, defender=dfd.id, defender_unit=dfd.type,
              defender_owner=dfd.owner, attack_roll=a, attack_bonus=a_bonus, attack_total=at,
              defence_roll=d, defence_bonus=d_bonus, defence_total=dt, rerolls=rerolls,
              outcome=outcome, attacker_at=list(att.pos) if att.pos else None,
              at=list(dfd.pos) if dfd.pos else None, loser=loser.id if loser else None,
              fate=fate, rule=rule)
    if outcome == "attacker_wins":
        _lose(game, dfd, f"beaten in defence by {att.id}", rule)
    elif outcome == "defender_wins":
        if model.utype(game, att.type).get("safe_attack"):
            game.emit("safe_attack", token=att.id, unit=att.type,
                      note="a scout loses an attack without risk", rule="R7.20")
        else:
            _lose(game, att, f"beaten attacking {dfd.id}", rule)
    return outcome


def _lose(game: Game, tok: Token, reason: str, rule: str) -> None:
    name = _armed(game, tok.owner, "shield") \
        if model.utype(game, tok.type).get("abilities") else None
    if name and tok.owner is not None:
        _disarm(game, tok.owner, name, f"{tok.id} is not removed")
        return
    remove_loser(game, tok, reason, rule)
