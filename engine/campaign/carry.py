"""What a stage's result is for each civilization, the campaign points, and the carry-over.

A stage's rule expressions see, per civilization: ``civ`` (its id), ``standing`` (its campaign
points before the stage), ``rank`` (1 for the leader before the stage; ties share a rank),
``stages`` (one attribute per earlier stage, by id: that civilization's record of it) and, in a
stage's ``points``/``absent``, ``stage`` (its record of this stage). A record (view ``stage``):
``played``, ``seat``, ``won``, ``lost``, ``draw``, ``winner``, ``side``, ``tier``, ``reason``,
``round``, ``points``, ``counters`` (its seat's counters at the end) and ``facts`` (what the
stage's plugins report about its seat, ``dg_campaign_facts``). In ``absent``, ``scores`` lists
the points of the civilizations that played the stage (empty when none did).
"""

from __future__ import annotations

from operator import itemgetter, methodcaller
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError, RuleRuntimeError
from distant_galaxy.rules import Attr, Registry, RuleEnv, ViewType, default_registry

if TYPE_CHECKING:
    from distant_galaxy.campaign.model import Campaign, Stage
    from distant_galaxy.rules import Expr

#: The attributes of a civilization's record of a stage: name → (type, meaning).
RECORD = {
    "played": ("bool", "whether the civilization played the stage (false: it sat out, or the "
                       "stage was not playable)"),
    "seat": ("str", "the seat it played (none when it did not play)"),
    "won": ("bool", "its seat, or the side it played on, won"),
    "lost": ("bool", "it played and someone else won"),
    "draw": ("bool", "it played and the stage ended without a winner"),
    "winner": ("str", "the stage's winner: a seat, a side, or none for a draw"),
    "side": ("str", "the side its seat played on (the stage's `side`), if any"),
    "tier": ("str", "the result's tier when the scenario gives one (episode 6: 'crushing "
                    "defeat', 'brilliant victory', 'minor success', 'draw'), else none"),
    "reason": ("str", "why the stage ended"),
    "round": ("int", "the round it ended in"),
    "points": ("int", "the campaign points it scored in the stage"),
    "counters": ("dict", "its seat's counters at the end (`stage.counters.points`)"),
    "facts": ("dict", "what the stage's plugins report about its seat (the Leaders option: "
                      "`facts.leaders`, the kinds of its leaders still free)"),
}


def _record_view() -> ViewType:
    attrs = {name: Attr(methodcaller("get", name), None, kind, doc)
             for name, (kind, doc) in RECORD.items()}
    return ViewType("stage", attrs, "a civilization's record of one stage")


def stage_env(campaign_stages: list[Stage], index: int, with_stage: bool,
              with_scores: bool = False) -> RuleEnv:
    """The names a rule of stage ``index`` may use (``stage`` only with ``with_stage``,
    ``scores`` only with ``with_scores``); ``stages`` has the stages before it only, so a rule
    naming a later one is refused at load."""
    earlier = {s.id: Attr(itemgetter(s.id), None, "stage", f"stage '{s.title}'")
               for s in campaign_stages[:index]}
    views = {"stage": _record_view(),
             "stages": ViewType("stages", earlier, "the earlier stages, by id")}
    names = {"civ": "str", "standing": "int", "rank": "int", "stages": "stages"}
    if with_stage:
        names["stage"] = "stage"
    if with_scores:
        names["scores"] = "list"
    return RuleEnv(_registry(), names, views)


def _registry() -> Registry:
    """The rule language's built-ins and ``fact(record, name, default)``."""
    reg = default_registry()

    @reg.function("fact", ["record", "name", "default"],
                  "A fact a stage's plugins reported about the civilization's seat, or "
                  "`default` when there is none.", "len(fact(stages.clash, 'leaders', []))")
    def _fact(ctx: dict, record: Any, name: str, default: Any) -> Any:
        facts = record.get("facts") if isinstance(record, dict) else None
        return (facts or {}).get(name, default)

    return reg


def absent_record() -> dict[str, Any]:
    """The record of a stage a civilization did not play."""
    return {"played": False, "seat": None, "won": False, "lost": False, "draw": False,
            "winner": None, "side": None, "tier": None, "reason": None, "round": 0, "points": 0,
            "counters": {}, "facts": {}}


def civ_record(stage: Stage, result: dict[str, Any] | None, civ: str,
               facts: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What the result of ``stage`` is for ``civ`` (a seat winner, a side winner — the stage's
    ``side``, or a result's ``sides`` — or a draw)."""
    seat = stage.seat_of(civ)
    if result is None or seat is None:
        return absent_record()
    winner = result.get("winner")
    won = winner is not None and (winner == seat or winner == stage.side
                                  or _on_side(result.get("sides"), winner, seat))
    return {"played": True, "seat": seat, "won": won, "lost": winner is not None and not won,
            "draw": winner is None, "winner": winner, "side": stage.side,
            "tier": result.get("tier"), "reason": result.get("reason"),
            "round": int(result.get("round") or 0), "points": 0,
            "counters": dict((result.get("counters") or {}).get(seat, {})),
            "facts": dict((facts or {}).get(seat, {}))}


def _on_side(sides: Any, side: str, seat: str) -> bool:
    """Whether ``seat`` is on ``side`` by a result's ``sides`` (side → seats, or seat → side)."""
    if not isinstance(sides, dict):
        return False
    members = sides.get(side)
    if isinstance(members, (list, tuple)):
        return seat in members
    return sides.get(seat) == side


def standing_of(campaign: Campaign, done: list[dict[str, Any]]) -> dict[str, int]:
    """Campaign points per civilization, summed over the recorded stages."""
    out = dict.fromkeys(campaign.roster, 0)
    for entry in done:
        for civ, n in (entry.get("points") or {}).items():
            out[civ] = out.get(civ, 0) + int(n)
    return out


def ranks(standing: dict[str, int]) -> dict[str, int]:
    """1 for the most points; equal points share a rank."""
    return {civ: 1 + sum(1 for other in standing.values() if other > n)
            for civ, n in standing.items()}


def _context(civ: str, records: dict[str, dict[str, Any]], standing: dict[str, int],
             stage_record: dict[str, Any] | None) -> dict[str, Any]:
    ctx: dict[str, Any] = {"civ": civ, "standing": standing[civ],
                           "rank": ranks(standing)[civ], "stages": records}
    if stage_record is not None:
        ctx["stage"] = stage_record
    return ctx


def evaluate(expr: Expr, ctx: dict[str, Any], what: str) -> int:
    """An integer from a campaign rule; an EngineError naming the rule and where it is written
    when it fails or gives no number."""
    try:
        value = expr(ctx)
    except (RuleRuntimeError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        raise EngineError(f"{what} {expr.source!r} failed: {exc}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EngineError(f"{what} {expr.source!r} gave {value!r}, not a number")
    return round(value)


def records_for(campaign: Campaign, done: list[dict[str, Any]], civ: str
                ) -> dict[str, dict[str, Any]]:
    """``civ``'s record of each recorded stage, by stage id."""
    return {entry["id"]: dict(entry.get("records", {}).get(civ) or absent_record())
            for entry in done}


def stage_points(campaign: Campaign, stage: Stage, done: list[dict[str, Any]],
                 records: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Campaign points of each civilization for ``stage`` (``records``: civ → its record)."""
    standing = standing_of(campaign, done)
    out: dict[str, int] = {}
    played = [civ for civ in campaign.roster if records[civ]["played"]]
    for civ in played:  # first those who played: ``absent`` may read their ``scores``
        ctx = _context(civ, records_for(campaign, done, civ), standing, records[civ])
        out[civ] = 0 if stage.points is None else evaluate(
            stage.points, ctx, f"stage {stage.id}: points of {civ}:")
    scores = [out[civ] for civ in played]
    for civ in campaign.roster:
        if civ in out:
            continue
        ctx = _context(civ, records_for(campaign, done, civ), standing, records[civ])
        ctx["scores"] = scores
        out[civ] = 0 if stage.absent is None else evaluate(
            stage.absent, ctx, f"stage {stage.id}: absent of {civ}:")
    return {civ: out[civ] for civ in campaign.roster}


def stage_grants(campaign: Campaign, stage: Stage, done: list[dict[str, Any]]
                 ) -> list[dict[str, Any]]:
    """The ``setup.grants`` the carry-over gives the stage's seats (nothing of 0 is listed)."""
    standing = standing_of(campaign, done)
    grants: list[dict[str, Any]] = []
    for item in stage.carry:
        for civ, seat in stage.seats.items():
            ctx = _context(civ, records_for(campaign, done, civ), standing, None)
            n = evaluate(item.value, ctx, f"stage {stage.id}: carry {item.id} for {civ}:")
            if n == 0:
                continue
            grant: dict[str, Any] = {"seat": seat, "n": n, "rule": item.id,
                                     "reason": f"campaign carry-over ({campaign.civ_title(civ)}): "
                                               f"{item.text}"}
            if item.counter is not None:
                grant["counter"] = item.counter
            else:
                grant["pool"], grant["unit"] = item.pool, item.unit
            grants.append(grant)
    return grants


__all__ = ["RECORD", "absent_record", "civ_record", "evaluate", "ranks", "records_for",
           "stage_env", "stage_grants", "stage_points", "standing_of"]
