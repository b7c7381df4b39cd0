"""The planner shared by the ``fleet`` bot (a seat's squadron) and the Aborigine AI (D6.9): one
step at a time for one model, from the weights of ``fleet_battle.bots`` — the order the fleet
plays to (RB.1) changes which enemy models it goes for.

The rows are the priority table ``fleet_battle.ai`` of the YAML, tried in order for each crewed
model; a row may have an ``if:`` (a rule expression with the name ``ship``, the model) and does
one of:

- **board** — an enemy model next to it may be boarded (D6.6), or a prize of its own fleet
  recaptured: board it;
- **approach** — move towards the most valuable enemy model (score: size weight × cost × (1 +
  ``finish`` × the share of hull it lost), plus the order's ``main``/``transport`` bonus): to a
  hex next to it when it is crippled, else within range;
- **fire** — fire at the most valuable enemy model within range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from distant_galaxy import Action, Controller, RuleContext, StashKey
from distant_galaxy_episodes.fleet_battle import combat
from distant_galaxy_episodes.fleet_battle.model import (
    active_models,
    crippled,
    enemy_of,
    fleet_of_seat,
    model_of,
    order_of,
    param,
)

if TYPE_CHECKING:
    from distant_galaxy import Expr, GameLike, Scenario, ScenarioRules, Token

Pos = tuple[int, int]
Step = tuple[str, str, Any]  # (row, verb, argument: a target token or a cell)
ROWS = StashKey[list["Row"]]()


def weights(game: GameLike, fleet: str) -> dict[str, Any]:
    """The bot weights of ``fleet``'s order (the order's own rows over the general ones)."""
    bots = param(game, "bots")
    per = bots["orders"].get(str(order_of(game, fleet)), {})
    sizes = {**bots["sizes"], **per.get("sizes", {})}
    return {"sizes": sizes, "main": per.get("main", 0), "transport": per.get("transport", 0),
            "finish": bots["finish"]}


def score(game: GameLike, tok: Token, w: dict[str, Any]) -> float:
    """How much the fleet wants this enemy model gone."""
    m = model_of(game, tok)
    if not m.scoring:  # escorts and tokens are worth nothing (RB.5): a last resort
        return 0.0
    lost = 1 - m.hull / m.start_hull if m.start_hull else 0
    value = w["sizes"].get(m.size, 0) * m.cost * (1 + w["finish"] * lost)
    return value + w["main"] * m.main + w["transport"] * m.transport


def _best(game: GameLike, found: list[Token], w: dict[str, Any]) -> Token | None:
    ranked = sorted(found, key=lambda t: (-score(game, t, w), len(t.id), t.id))
    return ranked[0] if ranked else None


@dataclass(frozen=True)
class Row:
    """A compiled row of the priority table ``fleet_battle.ai``."""

    id: str
    do: str
    text: str
    cond: Expr | None


def compile_rows(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile ``fleet_battle.ai`` into ``scenario.stash`` (the ``dg_compile_rules`` hook)."""
    rows = []
    for i, row in enumerate(scenario.data.get("fleet_battle", {}).get("ai", [])):
        cond = None
        if "if" in row:
            cond = rules.expr(row["if"], "fleet_battle", "ai", i, "if", names={"ship": "unit"})
            if cond is None:
                continue
        rows.append(Row(str(row["id"]), str(row["do"]), str(row.get("text", "")), cond))
    scenario.stash[ROWS] = rows


def next_step(game: GameLike, tok: Token) -> Step | None:
    """The next thing a crewed model does this activation (the first row of the priority table
    that applies and finds something to do), or None when it is done."""
    w = weights(game, str(tok.attrs["fleet"]))
    for row in game.scenario.stash.get(ROWS, []):
        if row.cond is not None and not row.cond(RuleContext(game, ship=tok)):
            continue
        step = _DEEDS[row.do](game, tok, w)
        if step is not None:
            return row.id, step[0], step[1]
    return None


def _board(game: GameLike, tok: Token, w: dict[str, Any]) -> tuple[str, Any] | None:
    if tok.attrs.get("acted"):
        return None
    fleet = tok.attrs["fleet"]
    near = [t for t in combat.boardable(game, tok)
            if t.attrs.get("fleet") == fleet or score(game, t, w) > 0]
    return ("board", _best(game, near, w)) if near else None


def _approach(game: GameLike, tok: Token, w: dict[str, Any]) -> tuple[str, Any] | None:
    if tok.attrs.get("moved"):
        return None
    cell = destination(game, tok, w)
    return ("move", cell) if cell is not None else None


def _fire(game: GameLike, tok: Token, w: dict[str, Any]) -> tuple[str, Any] | None:
    if tok.attrs.get("acted"):
        return None
    target = _best(game, combat.targets(game, tok), w)
    return ("fire", target) if target is not None else None


_DEEDS = {"board": _board, "approach": _approach, "fire": _fire}


def destination(game: GameLike, tok: Token, w: dict[str, Any]) -> Pos | None:
    """Where to move to get at the best enemy model, or None to stay."""
    enemy = active_models(game, enemy_of(game.scenario, str(tok.attrs["fleet"])))
    goal = _best(game, enemy, w)
    if goal is None or goal.pos is None or tok.pos is None:
        return None
    grid = game.scenario.grid
    want = 1 if crippled(game, goal) else int(game.scenario.unit_types[tok.type]["range"])

    goal_at = goal.pos

    def key(cell: Pos, steps: int) -> tuple[int, int]:
        return max(0, grid.distance(cell, goal_at) - want), steps

    best, best_key = None, key(tok.pos, 0)
    for cell, path in combat.moves(game, tok).items():
        k = key(cell, len(path))
        if k < best_key:
            best, best_key = cell, k
    return best


def plan_for_seat(game: GameLike, seat: str) -> Action:
    """The ``fleet`` bot's next action for ``seat``'s squadron (``end`` when all are done)."""
    fleet = fleet_of_seat(game.scenario, seat)
    for tok in active_models(game, fleet) if fleet else []:
        if tok.owner != seat:
            continue
        step = next_step(game, tok)
        if step is None:
            continue
        _row, verb, arg = step
        if verb == "move":
            return Action.of("move", tok.id, f"{arg[0]},{arg[1]}")
        return Action.of(verb, tok.id, arg.id)
    return Action.of("end")


class FleetBot(Controller):
    """Plays a seat's squadron to its fleet's battle order (D6.9)."""

    name = "fleet"

    def choose(self, game: GameLike) -> Action:
        pend = game.pending
        assert pend is not None
        action = plan_for_seat(game, pend.seat)
        if action in game.legal_of(action.verb):  # (its verb's actions only: a playout's ply)
            return action
        legal = game.legal_actions()
        return legal[-1] if legal else action  # `end` is listed last
