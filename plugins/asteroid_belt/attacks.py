"""Attack patterns (R7.20, R7.21): which cells a unit may attack from where it stands.

The patterns are written in the scenario, in the engine's movement-pattern syntax (the generic
``move`` action's, ``distant_galaxy.compile_pattern``), and named under
``asteroid_belt.attack_patterns``; a unit type lists the names it attacks with
(``attack: [orthogonal, diagonal, line2]``). There is no seat facing on this board: relative
directions and offsets are read with north (up) as forward. A pattern of more than one step
attacks the cell at the end of its line; the cells in between must be free unless it ``leap``s.

The patterns are compiled when the scenario loads (``dg_compile_rules``: every error is reported
with its position, together with the scenario's others) and kept in the scenario's stash, with
the attack cells of each unit type and cell worked out on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import MovePattern, SourceError, StashKey, compile_pattern, oriented

if TYPE_CHECKING:
    from distant_galaxy import GameLike, Scenario, ScenarioRules

Pos = tuple[int, int]
#: Each attack cell with the cells between it and the attacker (which must be free).
Reach = tuple[tuple[Pos, tuple[Pos, ...]], ...]

SECTION = "asteroid_belt"
PATTERNS = StashKey[dict[str, MovePattern]]()
REACH = StashKey[dict[tuple[str, Pos], Reach]]()
NORTH_UP = {"": "north"}  # the facing relative directions are read with


def compile_attack_patterns(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile ``asteroid_belt.attack_patterns`` and check the names unit types attack with."""
    where = (SECTION, "attack_patterns")
    compiled: dict[str, MovePattern] = {}
    written = scenario.data.get(SECTION, {}).get("attack_patterns") or {}
    for name, pat in written.items():
        try:
            found = compile_pattern(scenario, where, pat, (name,))
        except SourceError as exc:
            rules.report(exc.message, *where, name, hint=exc.hint)
            continue
        if found.slide or "only" in pat:
            rules.report("an attack pattern neither slides nor takes 'only'", *where, name)
            continue
        compiled[name] = found
    for unit, spec in scenario.unit_types.items():
        for i, name in enumerate(spec.get("attack", [])):
            if name not in written:  # (a written one that does not compile is reported above)
                rules.report(f"unknown attack pattern '{name}' (asteroid_belt.attack_patterns: "
                             f"{', '.join(compiled) or 'none'})", "unit_types", unit, "attack", i)
    scenario.stash[PATTERNS] = compiled
    scenario.stash[REACH] = {}


def _reach(scenario: Scenario, unit_type: str, pos: Pos) -> Reach:
    """The attack cells of a unit of ``unit_type`` at ``pos``, in the order its patterns list
    them, each once, with the cells in between."""
    grid = scenario.grid
    patterns = scenario.stash[PATTERNS]
    x, y = pos
    out: list[tuple[Pos, tuple[Pos, ...]]] = []
    seen: set[Pos] = set()
    for name in scenario.unit_types.get(unit_type, {}).get("attack", []):
        pat = patterns[name]
        n = pat.steps or 1
        for direction, vector in pat.vectors:
            dx, dy = oriented(direction, vector, NORTH_UP, "")
            to = (x + dx * n, y + dy * n)
            if not grid.in_bounds(to) or to in seen:
                continue
            seen.add(to)
            between = () if pat.leap else tuple((x + dx * k, y + dy * k) for k in range(1, n))
            out.append((to, between))
    return tuple(out)


def attack_reach(game: GameLike, unit_type: str, pos: Pos) -> Reach:
    """The cells a unit of ``unit_type`` at ``pos`` attacks on an empty board, each with the
    cells in between that a piece blocks (a map fact, once per scenario, type and cell)."""
    table: dict[Any, Reach] = game.scenario.stash[REACH]
    reach = table.get((unit_type, pos))
    if reach is None:
        reach = table[(unit_type, pos)] = _reach(game.scenario, unit_type, pos)
    return reach


def attack_cells(game: GameLike, unit_type: str, pos: Pos) -> list[Pos]:
    """Cells a unit of ``unit_type`` at ``pos`` may attack now (R7.20, R7.21)."""
    board = game.state.board
    return [to for to, between in attack_reach(game, unit_type, pos)
            if not between or not any(c in board for c in between)]


def describe_patterns(scenario: Scenario, unit_type: str) -> str:
    """How a unit type attacks, for messages: each pattern's ``title`` (else the directions it
    lists), ``orthogonally adjacent, diagonally adjacent or two cells away in a line``."""
    written = scenario.data.get(SECTION, {}).get("attack_patterns") or {}
    patterns = scenario.stash[PATTERNS]
    texts = [str(written[n].get("title") or patterns[n].text)
             for n in scenario.unit_types.get(unit_type, {}).get("attack", []) if n in patterns]
    if not texts:
        return "nothing"
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]
