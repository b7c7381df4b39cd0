"""Adjustments other plugins make to the episode's rolls (the ``dg_roll_adjustments`` hook: the
Leaders option is one), summed and logged here so that every roll site reads them alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy import Game


@dataclass
class Adjustment:
    """The sum of the adjustments to one roll, with the reasons to log."""

    extra_dice: int = 0
    need: int = 0
    rerolls: int = 0
    cancel: bool = False
    why: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def adjustments(game: Game, roll: str, **context: Any) -> Adjustment:
    """Ask every plugin for its adjustments to ``roll`` and add them up."""
    out = Adjustment()
    for items in game.hook.dg_roll_adjustments(game=game, roll=roll, context=context):
        for a in items or []:
            out.extra_dice += int(a.get("extra_dice", 0))
            out.need += int(a.get("need", 0))
            out.rerolls += int(a.get("rerolls", 0))
            out.cancel = out.cancel or bool(a.get("cancel"))
            out.why.append(str(a.get("why", "")))
            out.rules.append(str(a.get("rule", "")))
    return out


def roll_best(game: Game, sides: int, need: int, adj: Adjustment, purpose: str,
              rule: str) -> int:
    """One die plus ``adj.extra_dice`` (the best counts), then up to ``adj.rerolls`` rerolls
    of the failed dice, **each die at most once** (RL.5, source 003: «перебросить до 2 своих
    кубов … (но 1 куб только 1 раз)»); every die is logged with its purpose. Returns the best
    face."""
    best = game.dice.roll(sides, purpose=purpose, rule=rule)
    for i in range(adj.extra_dice):
        extra = game.dice.roll(sides, purpose=f"{purpose}: extra die {i + 1} "
                               f"({'; '.join(adj.why)})", rule=_rule(adj, rule))
        best = max(best, extra)
    for i in range(min(adj.rerolls, 1 + adj.extra_dice)):   # one reroll per die rolled
        if best >= need:
            break
        best = max(best, game.dice.roll(sides, purpose=f"{purpose}: reroll {i + 1} "
                                        f"({'; '.join(adj.why)})", rule=_rule(adj, rule)))
    return best


def _rule(adj: Adjustment, default: str) -> str:
    return next((r for r in adj.rules if r), default)
