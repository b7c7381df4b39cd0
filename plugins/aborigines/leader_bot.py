"""How the ``civ`` bot plays the leaders of the Leaders option (issue 12 item 5).

The weights are the scenario's ``aborigines.bots.civ.leaders`` (the option's overlay writes them;
without the option there are none and the bot plays as before). The bot reads the leaders from the
game state (``game.state.attrs["leaders"]``, the option's records: ``kind``, ``holder``, ``ship``,
``planet``) and scores, on top of its own scores (``bots.py``):

* **danger** — a cell is in danger when an Aborigine ship is next to it or it lies within
  ``threat_radius`` of a portal (an Aborigine ship moves up to ``move_radius`` from its portal and
  fires at a neighbour, R5.60, R5.64). A ``move``/``jump`` that carries leaders into danger loses
  their ``risk``; one that carries them out of danger gains it. Boarding a ship in danger loses
  the leader's ``risk``, except for the duties below;
* **ashore** — a leader without a duty aboard lands on a safe own planet (score: its ``risk``,
  when that is at least ``ashore_min_risk``);
* **evacuate** — a leader (not the General) on a *threatened* planet (a zone planet with at least
  ``threatened_planet`` Aborigine ships in its zone: a take-over, R5.41, may come) boards a ship;
* **ride** — a leader of a kind with a ``ride`` weight (the Admiral and the General, who act in
  battle and landing) boards a ship in its planet's system, to go where the ship goes — the
  General only while it has work (an Aborigine planet to capture, a threatened own planet);
* **the Admiral** (RL.7, its extra die) boards a ship that can attack now (``admiral_board``);
  an attack by the ship carrying it gains ``admiral_attack``;
* **the General** (RL.5) boards a ship that can capture now (``general_capture``: its rerolls),
  and lands on a threatened own planet (``general_defend``: +1 against the take-over).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from distant_galaxy import StashKey
from distant_galaxy_episodes.aborigines import reach
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model, model_of

if TYPE_CHECKING:
    from distant_galaxy import Action, GameLike, Scenario, Site, Token

Pos = tuple[int, int]
#: The Leaders option's records in ``game.state.attrs`` (plugins/leaders/model.py).
LEADERS = "leaders"


@dataclass(frozen=True)
class LeaderWeights:
    """What the ``civ`` bot scores for its leaders (``bots.civ.leaders``)."""

    risk: dict[str, float]     # by leader kind: the value of keeping it out of danger
    ride: dict[str, float]     # by leader kind: boarding a ship in its planet's system
    threat_radius: int         # a cell within this of a portal is in danger
    ashore_min_risk: float     # a leader with at least this risk and no duty goes ashore
    evacuate: float            # boarding a leader off a threatened planet
    threatened_planet: int     # Aborigine ships in a planet's zone that threaten a take-over
    admiral_board: float       # the Admiral boards a ship that can attack now
    admiral_attack: float      # an attack by the ship carrying the Admiral
    general_capture: float     # the General boards a ship that can capture now
    general_defend: float      # the General lands on a threatened own planet

    @classmethod
    def of(cls, scenario: Scenario) -> LeaderWeights | None:
        """The scenario's weights (kept in its stash), None when it has none."""
        if LEADER_WEIGHTS in scenario.stash:
            return scenario.stash[LEADER_WEIGHTS]
        cfg = model(scenario).cfg["bots"]["civ"].get("leaders")
        found = None if cfg is None else cls(
            dict(cfg["risk"]), dict(cfg["ride"]), cfg["threat_radius"], cfg["ashore_min_risk"],
            cfg["evacuate"],
            cfg["threatened_planet"], cfg["admiral_board"], cfg["admiral_attack"],
            cfg["general_capture"], cfg["general_defend"])
        scenario.stash[LEADER_WEIGHTS] = found
        return found


#: ``scenario.stash`` key of the scenario's :class:`LeaderWeights` (or None).
LEADER_WEIGHTS = StashKey["LeaderWeights | None"]()


# -- what the bot knows -------------------------------------------------------------------------
def records(game: GameLike) -> dict[str, dict[str, Any]]:
    """The leaders' records (empty without the option)."""
    return game.state.attrs.get(LEADERS, {})


def aboard(game: GameLike, tid: str) -> list[str]:
    """The kinds of the leaders aboard ship ``tid``."""
    return [r["kind"] for _, r in sorted(records(game).items()) if r["ship"] == tid]


def in_danger(game: GameLike, w: LeaderWeights, cell: Pos | None, me: Token | None = None) -> bool:
    """Whether an Aborigine ship can attack a ship at ``cell`` in its next turn."""
    if cell is None:
        return True
    m = model_of(game)
    grid = game.scenario.grid
    if any(grid.distance(p, cell) <= w.threat_radius for p in m.portal_pos.values()):
        return True
    return bool(reach.adjacent(game, cell, lambda t: m.is_aborigine(t) and t is not me))


def threatened(game: GameLike, w: LeaderWeights, site: Site) -> bool:
    """Whether a take-over of the zone planet ``site`` may come (R5.40, R5.41)."""
    m = model_of(game)
    zone = m.planet_zone.get(site.id)
    if zone is None:
        return False
    near = [t for t in game.state.tokens.values() if m.is_aborigine(t) and m.portal_of(t) == zone]
    return len(near) >= w.threatened_planet


def _can_attack(game: GameLike, ship: Token) -> bool:
    return reach.may_act(ship) and bool(reach.attack_targets(game, ship))


def _can_capture(game: GameLike, ship: Token) -> bool:
    return reach.may_act(ship) and bool(reach.capture_targets(game, ship))


def _has_duty(game: GameLike, kind: str, ship: Token) -> bool:
    return (kind == "admiral" and _can_attack(game, ship)) or \
        (kind == "general" and _can_capture(game, ship))


# -- the scores ---------------------------------------------------------------------------------
def adjust(game: GameLike, w: LeaderWeights, a: Action, score: float) -> float:
    """``score`` (the bot's own for ``a``) with the leaders taken into account."""
    st = game.state
    if a.verb in ("move", "jump"):
        ship = st.tokens[a.args[0]]
        kinds = aboard(game, ship.id)
        if not kinds:
            return score
        risk = sum(w.risk.get(k, 0.0) for k in kinds)
        if in_danger(game, w, a.pos(1), ship):
            return score - risk
        return score + risk if in_danger(game, w, ship.pos, ship) else score
    if a.verb == "attack" and "admiral" in aboard(game, a.args[0]):
        return score + w.admiral_attack
    if a.verb == "board":
        return score + board_score(game, w, a.args[0], st.tokens[a.args[1]])
    if a.verb == "land":
        return score + land_score(game, w, a.args[0], st.sites[a.args[1]])
    if a.verb == "free":  # RL.10's choice: the captive it would least like to lose again
        return score + 1.0 + w.risk.get(records(game)[a.args[0]]["kind"], 0.0)
    return score


def board_score(game: GameLike, w: LeaderWeights, lid: str, ship: Token) -> float:
    """Boarding: the Admiral to attack, the General to capture, anyone off a threatened planet;
    never needlessly into danger."""
    rec = records(game)[lid]
    kind = rec["kind"]
    st = game.state
    risk = w.risk.get(kind, 0.0) if in_danger(game, w, ship.pos, ship) else 0.0
    carrier = st.tokens.get(rec["ship"]) if rec["ship"] else None
    if kind == "admiral" and _can_attack(game, ship) and not (carrier and _can_attack(game, carrier)):
        return w.admiral_board - risk
    if kind == "general" and _can_capture(game, ship) and \
            not (carrier and _can_capture(game, carrier)):
        return w.general_capture - risk
    planet = st.sites.get(rec["planet"]) if rec["planet"] else None
    if planet is not None and kind != "general" and threatened(game, w, planet):
        return w.evacuate - risk
    if planet is not None and kind in w.ride and (kind != "general" or general_wanted(game, w,
                                                                                    ship.owner)):
        return w.ride[kind] - risk
    return -risk


def general_wanted(game: GameLike, w: LeaderWeights, seat: str | None) -> bool:
    """Whether the General has work: an Aborigine planet to capture or a threatened planet of
    ``seat`` to defend (else it stays safe where it is)."""
    sites = game.state.sites.values()
    return any(s.owner == ABORIGINES for s in sites) or \
        any(s.owner == seat and threatened(game, w, s) for s in sites)


def land_score(game: GameLike, w: LeaderWeights, lid: str, site: Site) -> float:
    """Landing: the General on a threatened planet, a leader without a duty on a safe one."""
    rec = records(game)[lid]
    kind = rec["kind"]
    ship = game.state.tokens[rec["ship"]]
    if threatened(game, w, site):
        return w.general_defend if kind == "general" else 0.0
    risk = w.risk.get(kind, 0.0)
    if risk < w.ashore_min_risk or _has_duty(game, kind, ship):
        return 0.0
    return risk
