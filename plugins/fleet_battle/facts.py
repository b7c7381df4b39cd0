"""What each seat's squadron kept at the end of a battle, for a campaign's points (the hook
``dg_campaign_facts``; docs/campaign.md, DC.5).

The combined fleet's squadrons go to its seats (D6.1), so a campaign that seats several
civilizations in one fleet can tell them apart by what each one's squadron kept. RB.5 counts what
a fleet loses: its cost for a model destroyed, abandoned or captured, half its cost while at or
below half its starting hull, nothing for escorts and tokens. Per seat, over the models of its
squadron (on the board or destroyed):

* ``squadron``: the cost of its scoring models;
* ``lost``: the victory points they give the enemy now (RB.5, a Trophy double);
* ``kept``: the percent of ``squadron`` the enemy has not taken (RB.5's terms with a Trophy
  counted once, so 0-100).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.fleet_battle.model import OK, TROPHY, models, param, seats_of, section
from distant_galaxy_episodes.fleet_battle.start import squadron_seat

if TYPE_CHECKING:
    from distant_galaxy import Game


def squadron_facts(game: Game) -> dict[str, dict[str, Any]]:
    """``{seat: {"squadron", "lost", "kept"}}`` for every seat that commands a squadron."""
    vp = param(game, "vp")
    totals: dict[str, dict[str, float]] = {}
    for fleet, spec in section(game.scenario)["fleets"].items():
        seats = seats_of(game, fleet)
        if not seats:
            continue
        owner = {str(m["id"]): squadron_seat(seats, m) for m in spec["models"]}
        for m in models(game, fleet):
            if not m.scoring or m.id not in owner:
                continue
            row = totals.setdefault(owner[m.id], {"squadron": 0, "lost": 0, "taken": 0})
            row["squadron"] += m.cost
            if m.state == OK:
                share = vp["damaged"] if 2 * m.hull <= m.start_hull else 0
                row["lost"] += share * m.cost
                row["taken"] += share * m.cost
            else:
                row["lost"] += (vp["trophy"] if m.state == TROPHY else vp["lost"]) * m.cost
                row["taken"] += m.cost
    return {seat: {"squadron": int(row["squadron"]), "lost": int(row["lost"]),
                   "kept": _percent(row["squadron"] - row["taken"], row["squadron"])}
            for seat, row in totals.items()}


def _percent(part: float, whole: float) -> int:
    return int(100 * part // whole) if whole else 0
