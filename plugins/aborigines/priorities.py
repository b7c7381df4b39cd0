"""The priority tables (R5.53) as data: compiled rows, the rule functions they use, the choice.

A table is a list of rows per ship type under ``aborigines.priorities``::

    - id: I2
      rule: R5.53
      text: go to a portal that already has invaders and needs more ships to capture
      if: 'allies(ship, portal, "invader") > 0 and needs_ships(ship, portal)'
      rank: "-enemies(ship, portal)"     # optional: among portals satisfying `if`, higher wins
      intent: "join(ship, portal)"       # an effect: what the ship does at the chosen portal

``if`` is evaluated once per visible portal (R5.62) with the names ``ship`` (the unit), ``portal``
(the candidate portal site) and ``home`` (the ship's own portal). The first row with at least one
satisfying portal fires; among its best portals the ship's own portal wins ("stay" is preferred,
R5.53), else the first in tie-break order (clockwise, R5.62). The decision, with every candidate
and why it lost, is logged as an ``ai_decision`` event (``dg explain`` prints it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from distant_galaxy import RuleContext, StashKey, close_matches
from distant_galaxy_episodes.aborigines import moves
from distant_galaxy_episodes.aborigines.combat import adjacent_targets
from distant_galaxy_episodes.aborigines.model import ABORIGINES, Model, model, model_of
from distant_galaxy_episodes.aborigines.vision import visible_enemies, visible_portals

if TYPE_CHECKING:
    from distant_galaxy import Effect, Expr, Game, Registry, Scenario, ScenarioRules, Token

ROW_NAMES = {"ship": "unit", "portal": "site", "home": "site"}


@dataclass
class Row:
    """One compiled row of a priority table."""

    id: str
    rule: str
    text: str
    cond: Expr | None      # None: the row applies at every visible portal
    rank: Expr | None      # None: every satisfying portal is as good
    intent: Effect
    where: str             # file name:line of the row, for explanations (no machine path)


#: ``scenario.stash`` key of the compiled tables: ship type -> rows in order.
TABLES = StashKey[dict[str, list[Row]]]()


def compile_tables(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile every row of every table into ``scenario.stash[TABLES]`` (the ``dg_compile_rules``
    hook); mistakes are reported through ``rules`` with the file:line:col of each string."""
    tables = scenario.data.get("aborigines", {}).get("priorities", {})
    out: dict[str, list[Row]] = {}
    for type_, rows in tables.items():
        if type_ not in scenario.unit_types:
            near = close_matches(str(type_), list(scenario.unit_types))
            guess = f"did you mean '{near[0]}'? " if near else ""
            rules.report(f"priority table for unknown ship type '{type_}'", "aborigines",
                         "priorities", type_, key=True,
                         hint=f"{guess}unit types: {', '.join(scenario.unit_types)}")
            continue
        out[type_] = [r for i, row in enumerate(rows)
                      if (r := compile_row(scenario, rules, type_, i, row)) is not None]
    for type_ in model(scenario).ship_types:
        if type_ not in tables:
            rules.report(f"no priority table for ship type '{type_}'", "aborigines", "priorities")
    scenario.stash[TABLES] = out


def compile_row(scenario: Scenario, rules: ScenarioRules, type_: str, i: int,
                row: dict[str, Any]) -> Row | None:
    """Row ``i`` of the table of ``type_`` with its ``if``, ``rank`` and ``intent`` compiled
    (None when one of them has an error, which ``rules`` reports)."""
    path = ("aborigines", "priorities", type_, i)
    cond = rules.expr(row["if"], *path, "if", names=ROW_NAMES) if "if" in row else None
    rank = rules.expr(row["rank"], *path, "rank", names=ROW_NAMES) if "rank" in row else None
    intent = rules.effect(row["intent"], *path, "intent", names=ROW_NAMES)
    if intent is None or ("if" in row and cond is None) or ("rank" in row and rank is None):
        return None
    pos = scenario.pos(*path)
    return Row(str(row.get("id", f"{type_}-{i + 1}")), str(row.get("rule", "R5.53")),
               str(row.get("text", "")), cond, rank, intent,
               f"{PurePath(pos.file).name}:{pos.line}" if pos else "")


def tables_of(game: Game) -> dict[str, list[Row]]:
    """The compiled tables of the game's scenario."""
    return game.scenario.stash[TABLES]


# -- the choice ------------------------------------------------------------------------------
def decide(game: Game, ship: Token, die: int) -> dict[str, Any]:
    """Choose and carry out the ship's row (R5.53); return the logged decision."""
    m = model_of(game)
    st = game.state
    home = m.portal_of(ship)
    assert home is not None, f"{ship.id} is outside every portal zone"
    cands = visible_portals(m, st, home)
    home_site = m.site(st, home)
    record: dict[str, Any] = {"ship": ship.id, "unit": ship.type, "from": home,
                              "visible": cands, "rows": [], "rule": "R5.53"}
    for row in tables_of(game).get(ship.type, []):
        sat: list[int] = []
        for p in cands:
            ctx = RuleContext(game, ship=ship, portal=m.site(st, p), home=home_site)
            if row.cond is None or row.cond(ctx):
                sat.append(p)
        entry: dict[str, Any] = {"row": row.id, "satisfied": sat}
        record["rows"].append(entry)
        if not sat:
            entry["why"] = "no visible portal satisfies the row"
            continue
        lost: list[dict[str, Any]] = [{"portal": p, "why": f"row {row.id} is false there"}
                                      for p in cands if p not in sat]
        top = sat
        if row.rank is not None:
            ranks = {p: row.rank(RuleContext(game, ship=ship, portal=m.site(st, p),
                                             home=home_site)) for p in sat}
            entry["ranks"] = record["ranks"] = {str(p): v for p, v in ranks.items()}
            best = max(ranks.values())
            top = [p for p in sat if ranks[p] == best]
            lost += [{"portal": p, "why": f"rank {ranks[p]} < {best}"} for p in sat
                     if p not in top]
        if home in top:
            chosen, how = home, "stay: its own portal satisfies the row (R5.53)"
            lost += [{"portal": p, "why": "staying is preferred (R5.53)"} for p in top
                     if p != home]
        else:
            chosen, how = top[0], f"{m.n('tie_break', 'clockwise')} tie-break (R5.62)" \
                if len(top) > 1 else "the only best portal"
            lost += [{"portal": p, "why": f"after portal {chosen} in "
                      f"{m.n('tie_break', 'clockwise')} order (R5.62)"} for p in top[1:]]
        record.update(row=row.id, row_rule=row.rule, row_text=row.text, row_at=row.where,
                      to=chosen, stay=chosen == home, how=how, lost=lost,
                      intent=row.intent.source)
        ev = game.emit("ai_decision", **record)
        ctx = RuleContext(game, ship=ship, portal=m.site(st, chosen), home=home_site)
        ctx["$die"] = die
        ctx["$decision"] = ev
        row.intent(ctx)
        return ev
    record.update(row=None, to=home, stay=True, how="no row applies: the ship stays",
                  lost=[])
    return game.emit("ai_decision", **record)


# -- rule functions --------------------------------------------------------------------------
def register_functions(reg: Registry) -> None:
    """The episode's rule functions and intents (effects), usable in any priority row."""

    def M(ctx: dict) -> Model:
        return model_of(ctx["$game"])

    def num(ctx: dict, portal: Any) -> int:
        return M(ctx).number(portal)

    @reg.function("portal_no", ["portal"], "The number of a portal (1 top-left, then clockwise).",
                  "portal_no(portal) == 1", returns="int")
    def portal_no(ctx: dict, portal: Any) -> int:
        return num(ctx, portal)

    @reg.function("is_home", ["ship", "portal"], "Whether the portal is the ship's own portal.",
                  "is_home(ship, portal)", returns="bool")
    def is_home(ctx: dict, ship: Any, portal: Any) -> bool:
        return M(ctx).portal_of(ship) == num(ctx, portal)

    @reg.function("captured", ["portal"], "Whether the Aborigines hold a planet of the portal's "
                  "zone (the portal is blocked, R5.12/R5.40).", "captured(portal)", returns="bool")
    def captured(ctx: dict, portal: Any) -> bool:
        return M(ctx).captured(ctx["$game"].state, num(ctx, portal))

    @reg.function("orbit_guards", ["portal"], "Aborigine ships next to an Aborigine planet of the "
                  "portal's zone (R5.42).", "orbit_guards(portal) == 0", returns="int")
    def orbit_guards(ctx: dict, portal: Any) -> int:
        game = ctx["$game"]
        return moves.orbit_guards(game, M(ctx), num(ctx, portal))

    @reg.function("allies", ["ship", "portal", "type"], "Aborigine ships of a type (or \"any\") "
                  "in the portal's zone, not counting the ship itself.",
                  'allies(ship, portal, "invader") > 0', returns="int")
    def allies(ctx: dict, ship: Any, portal: Any, type: str) -> int:
        st = ctx["$game"].state
        return sum(1 for t in M(ctx).aborigines_in(st, num(ctx, portal), type) if t.id != ship.id)

    @reg.function("free_planets", ["portal"], "Planets of the portal's zone not held by the "
                  "Aborigines.", "free_planets(portal) > 0", returns="int")
    def free_planets(ctx: dict, portal: Any) -> int:
        st = ctx["$game"].state
        return sum(1 for p in M(ctx).planets(st, num(ctx, portal)) if p.owner != ABORIGINES)

    @reg.function("needs_ships", ["ship", "portal"], "Whether the portal's zone is not captured, "
                  "has a planet to take and fewer Aborigine ships (besides this one) than "
                  "colonization needs (R5.40).", "needs_ships(ship, portal)", returns="bool")
    def needs_ships(ctx: dict, ship: Any, portal: Any) -> bool:
        game = ctx["$game"]
        m = M(ctx)
        n = num(ctx, portal)
        if m.captured(game.state, n) or not m.planets(game.state, n):
            return False
        others = sum(1 for t in m.aborigines_in(game.state, n) if t.id != ship.id)
        return others < m.param("colonize", "ships")

    @reg.function("enemies", ["ship", "portal"], "Civilization ships the ship sees around the "
                  "portal (its vision radius, R5.60/R5.61).", "enemies(ship, portal) > 0",
                  returns="int")
    def enemies(ctx: dict, ship: Any, portal: Any) -> int:
        game = ctx["$game"]
        return len(visible_enemies(M(ctx), game.scenario, game.state, ship, num(ctx, portal)))

    @reg.function("enemies_within", ["ship", "portal", "radius"], "Visible civilization ships "
                  "within `radius` cells of the portal.", "enemies_within(ship, portal, 2)",
                  returns="int")
    def enemies_within(ctx: dict, ship: Any, portal: Any, radius: int) -> int:
        game = ctx["$game"]
        m = M(ctx)
        n = num(ctx, portal)
        grid = game.scenario.grid
        return sum(1 for t in visible_enemies(m, game.scenario, game.state, ship, n)
                   if grid.distance(t.pos, m.portal_pos[n]) <= radius)

    @reg.function("enemies_of", ["ship", "portal", "types"], "Visible civilization ships of the "
                  "given types around the portal.", 'enemies_of(ship, portal, ["cruiser"]) > 0',
                  returns="int")
    def enemies_of(ctx: dict, ship: Any, portal: Any, types: Any) -> int:
        game = ctx["$game"]
        tags = game.scenario.unit_tags
        wanted = set(types)
        return sum(1 for t in visible_enemies(M(ctx), game.scenario, game.state, ship,
                                              num(ctx, portal))
                   if wanted & set(tags.get(t.type, {t.type})))

    @reg.function("adjacent_enemies", ["ship"], "Civilization ships next to the ship that it may "
                  "attack (R5.32).", "adjacent_enemies(ship) > 0", returns="int")
    def adjacent_enemies(ctx: dict, ship: Any) -> int:
        game = ctx["$game"]
        home = M(ctx).portal_of(ship)
        return len(adjacent_targets(game, ship, ship.pos, home)) if home else 0

    # -- intents (effects) -----------------------------------------------------------------
    @reg.effect("stay", ["ship"], "The ship does nothing.", "stay(ship)")
    def stay(ctx: dict, ship: Any) -> None:
        ctx["$game"].emit("ai_move", ship=ship.id, to=list(ship.pos), stay=True, rule="R5.53")

    @reg.effect("guard_planet", ["ship", "portal"], "Go next to the Aborigine planet of the "
                "portal's zone (row 1 of R5.53).", "guard_planet(ship, portal)")
    def guard_planet(ctx: dict, ship: Any, portal: Any) -> None:
        moves.guard_planet(ctx["$game"], ship, num(ctx, portal), ctx.get("$die", 1),
                           ctx.get("$decision"))

    @reg.effect("join", ["ship", "portal"], "Go to the portal (the die's cell, clockwise "
                "fallback, R5.52) keeping away from enemies when possible (R5.20); at its own "
                "portal the ship stays.", "join(ship, portal)")
    def join(ctx: dict, ship: Any, portal: Any) -> None:
        moves.join(ctx["$game"], ship, num(ctx, portal), ctx.get("$die", 1))

    @reg.effect("attack", ["ship", "portal", "prefer"], "Go next to the best visible enemy at "
                "the portal and fire (R5.64); `prefer` lists unit tags attacked first "
                "(e.g. [\"cruiser\", \"scout\"]).", "attack(ship, portal, [])")
    def attack(ctx: dict, ship: Any, portal: Any, prefer: Any) -> None:
        moves.attack(ctx["$game"], ship, num(ctx, portal), ctx.get("$die", 1), tuple(prefer),
                     ctx.get("$decision"))

    @reg.effect("strike_and_evade", ["ship"], "Fire at the best adjacent enemy (R5.64); after a "
                "miss move to another cell of the zone, away from enemies (R5.20).",
                "strike_and_evade(ship)")
    def strike_and_evade(ctx: dict, ship: Any) -> None:
        moves.strike_and_evade(ctx["$game"], ship, ctx.get("$die", 1), ctx.get("$decision"))
