"""What ``dg campaign status`` prints: the stages with their results, the standing, and what
carries into the next stage — readable at a glance — or the same as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.campaign.carry import ranks, stage_grants
from distant_galaxy.errors import EngineError

if TYPE_CHECKING:
    from distant_galaxy.campaign.model import Stage
    from distant_galaxy.campaign.runner import CampaignRun


def result_words(result: dict[str, Any]) -> str:
    """``civilizations won — the civilizations hold 4 portal zones (round 5)``."""
    winner = result.get("winner")
    head = f"{winner} won" if winner else "a draw"
    tier = f" ({result['tier']})" if result.get("tier") else ""
    return f"{head}{tier} — {result.get('reason', '')} (round {result.get('round', '?')})"


def points_words(run: CampaignRun, points: dict[str, int]) -> str:
    """``Federation +3, Chaos +3…`` in the roster's order."""
    return ", ".join(f"{run.campaign.civ_title(c)} {int(points.get(c, 0)):+d}"
                     for c in run.campaign.roster)


def stage_title(stage: Stage) -> str:
    """``Clash with the Aborigines (episode 5)``; a title that ends in its own parenthesis gets
    the episode inside it: ``Fleet battle at the gates (the project's own episode; episode 6)``."""
    if stage.episode is None:
        return stage.title
    if stage.title.endswith(")"):
        return f"{stage.title[:-1]}; episode {stage.episode})"
    return f"{stage.title} (episode {stage.episode})"


def stage_line(run: CampaignRun, stage: Stage) -> str:
    """A stage: its number, title and episode, then what happened or will happen."""
    n = stage.index
    head = f"{n + 1:>2}. {stage_title(stage)}"
    cur = run.data.get("current")
    if n < len(run.done):
        entry = run.done[n]
        if entry.get("status") == "missing":
            return f"{head} — {stage.missing}"
        if entry.get("status") != "done":
            return f"{head} — {entry.get('why', '')}\n      {run.campaign.points_name}:" \
                   f" {points_words(run, entry.get('points', {}))}"
        return (f"{head} — {result_words(entry['result'])}\n      "
                f"{run.campaign.points_name}: {points_words(run, entry['points'])}")
    if cur and cur.get("id") == stage.id:
        state = cur["game"]["state"]
        return f"{head} — under way, round {state.get('round')} ('dg campaign resume' goes on)"
    if stage.missing is not None:
        return f"{head} — {stage.missing}"
    if not stage.playable:
        return f"{head} — {stage.unplayable_reason()}"
    return head + (" — next" if run.next_stage() is stage else "")


def seats_words(run: CampaignRun, stage: Stage) -> str:
    """Who plays which seat, and who sits out."""
    title = run.campaign.civ_title
    played = [f"{title(civ)} plays {seat}" for civ, seat in stage.seats.items()]
    played += [f"{title(civ)} shares {stage.seats[host]} with {title(host)}"
               for civ, host in stage.shares.items()]
    out = [civ for civ in run.campaign.roster if stage.seat_of(civ) is None]
    text = ", ".join(played)
    if out:
        text += "; " + ", ".join(title(c) for c in out) + " sit" + ("s" if len(out) == 1 else "") \
                + " out"
    return text


def carry_words(run: CampaignRun, stage: Stage) -> list[str]:
    """The next stage's set-up grants, one line each (the carry-over, evaluated now)."""
    seat_civ = {seat: civ for civ, seat in stage.seats.items()}
    try:
        grants = stage_grants(run.campaign, stage, run.done)
    except EngineError as exc:
        return [f"(the carry-over cannot be computed: {exc})"]
    lines = []
    for g in grants:
        what = g.get("counter") or f"{g.get('unit')} in {g.get('pool')}"
        civ = run.campaign.civ_title(seat_civ.get(g["seat"], g["seat"]))
        lines.append(f"{civ} ({g['seat']}): {g['n']:+d} {what} — {g['rule']}")
    if stage.carry and not lines:
        lines.append("nothing this time (every carry-over value is 0)")
    return lines


def over_line(run: CampaignRun) -> str:
    """``the campaign is over: Monarchy leads the final standing`` (who leads, ties named)."""
    standing = run.standing()
    rank = ranks(standing)
    best = [run.campaign.civ_title(c) for c in standing if rank[c] == 1]
    return ("the campaign is over: " + " and ".join(best)
            + (" lead" if len(best) > 1 else " leads") + " the final standing")


def render_status(run: CampaignRun) -> str:
    """The whole status as text."""
    camp, data = run.campaign, run.data
    ctrl = data.get("controllers", {})
    civs = ", ".join(f"{camp.civ_title(c)} ({ctrl.get(c, 'bot')})" for c in camp.roster)
    lines = [f"{camp.title} ({camp.id}) — seed {data['seed']} — save {run.path}",
             f"civilizations: {civs}", ""]
    lines += [stage_line(run, s) for s in camp.stages]
    standing = run.standing()
    rank = ranks(standing)
    lines += ["", f"standing ({camp.points_name}):"]
    for civ in sorted(standing, key=lambda c: (rank[c], list(camp.roster).index(c))):
        lines.append(f"  {rank[civ]}. {camp.civ_title(civ):<12} {standing[civ]}")
    nxt = run.next_stage()
    if nxt is None:
        lines += ["", over_line(run)]
        return "\n".join(lines)
    cur = data.get("current")
    if cur:
        lines += ["", f"under way: stage {nxt.index + 1}, {nxt.title}, round "
                      f"{cur['game']['state'].get('round')} — 'dg campaign resume' goes on"]
        return "\n".join(lines)
    lines += ["", f"next: stage {nxt.index + 1}, {nxt.title}"]
    if nxt.playable:
        lines.append(f"  scenario {nxt.scenario}" + (f" (variant {nxt.variant})" if nxt.variant
                     else "") + (f", options {', '.join(nxt.options)}" if nxt.options else ""))
        lines.append(f"  seats: {seats_words(run, nxt)}")
        carried = carry_words(run, nxt)
        lines += ["  carries in:"] + [f"    {c}" for c in carried] if carried else \
            ["  carries in: nothing (the stage has no carry-over)"]
    else:
        lines.append(f"  {nxt.unplayable_reason()}")
    return "\n".join(lines)


def status_json(run: CampaignRun) -> dict[str, Any]:
    """The status as one JSON object."""
    nxt = run.next_stage()
    return {"campaign": run.campaign.id, "seed": run.data["seed"],
            "stages": [{"id": e["id"], "status": e.get("status"), "result": e.get("result"),
                        "points": e.get("points")} for e in run.done],
            "current": (run.data.get("current") or {}).get("id"),
            "standing": run.standing(), "next": nxt.id if nxt else None,
            "carry": stage_grants(run.campaign, nxt, run.done) if nxt and nxt.playable else [],
            "over": nxt is None}


__all__ = ["carry_words", "points_words", "render_status", "result_words", "seats_words", "stage_line",
           "status_json"]
