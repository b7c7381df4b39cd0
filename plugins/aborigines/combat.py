"""Combat of episode 5: one die per shot (R5.10, R5.30), the Hunter (R5.11, R5.31), cruisers
(R5.32), targets (R5.64), the Chaos and Monarchy tweaks (R5.4), losses back to the centre (R5.23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import article, cell_of
from distant_galaxy_episodes.aborigines.adjust import adjustments, roll_best
from distant_galaxy_episodes.aborigines.model import CENTRE, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Token
    from distant_galaxy_episodes.aborigines.model import Model

Pos = tuple[int, int]


def _faction(game: Game, seat: str | None) -> dict[str, Any]:
    if seat is None:
        return {}
    fac = game.state.players[seat].faction
    return game.scenario.factions.get(fac or "", {}) or {}


def _tags(game: Game, tok: Token) -> frozenset[str]:
    return game.scenario.unit_tags.get(tok.type, frozenset({tok.type}))


def is_cruiser(game: Game, tok: Token) -> bool:
    return "cruiser" in _tags(game, tok)


def is_hunter(game: Game, tok: Token) -> bool:
    return "hunter" in _tags(game, tok)


def may_target(game: Game, ship: Token, target: Token) -> bool:
    """R5.32: an ordinary Aborigine ship attacks a cruiser only after that cruiser fired."""
    if is_cruiser(game, target) and not is_cruiser(game, ship):
        return bool(target.attrs.get("fired"))
    return True


def hunter_near(game: Game, m: Model, portal: int, besides: Token | None = None) -> Token | None:
    """R5.31: a Hunter in the portal's zone or next to it (within ``hunter_bonus_radius``),
    other than ``besides`` (a Hunter gives the bonus to the *other* ships, a second Hunter
    included: "даёт бонус атаки остальным своим кораблям")."""
    grid = game.scenario.grid
    radius = m.param("hunter_bonus_radius")
    centre = m.portal_pos[portal]
    for t in game.state.tokens.values():
        if t.owner is None and t.pos is not None and is_hunter(game, t) and t is not besides \
                and grid.distance(t.pos, centre) <= radius:
            return t
    return None


def aborigine_need(game: Game, ship: Token, target: Token) -> tuple[int, list[str]]:
    """The lowest die face that hits, with the reasons (R5.30, R5.31, R5.4 guidance failure)."""
    m = model_of(game)
    need = m.param("attack", "base")
    why = [f"base {need}-{m.die} (R5.30)"]
    portal = m.portal_of(ship)
    if portal is not None:
        h = hunter_near(game, m, portal, besides=ship)
        if h is not None:
            need = m.param("attack", "with_hunter")
            why.append(f"hunter {h.id} near portal {portal}: {need}-{m.die} (R5.31)")
    bonus = int(_faction(game, target.owner).get("defence_bonus", 0))
    if bonus:
        need += bonus
        why.append(f"{target.owner} defence +{bonus} (R5.4)")
    return need, why


def target_key(game: Game, m: Model, cell: Pos, portal: int, enemy: Token,
               prefer: tuple[str, ...] = ()) -> tuple[int, int, int, int]:
    """R5.64 order: preferred types, radius 1 of the portal before 2, orthogonal before
    diagonal, then clockwise around the attacker's cell (from north)."""
    grid = game.scenario.grid
    ring = grid.ring_clockwise(cell, 1)
    pref = 0 if (not prefer or enemy.type in prefer) else 1
    at = cell_of(enemy)
    radius = grid.distance(at, m.portal_pos[portal])
    ortho = 0 if grid.is_orthogonal_neighbour(cell, at) else 1
    return (pref, radius, ortho, ring.index(at))


def adjacent_targets(game: Game, ship: Token, cell: Pos, portal: int,
                     prefer: tuple[str, ...] = ()) -> list[Token]:
    """Enemies next to ``cell`` the ship may attack, best first (R5.64, R5.32)."""
    m = model_of(game)
    st = game.state
    out = []
    for c in game.scenario.grid.neighbours(cell):
        t = st.token_at(c)
        if t is not None and t.owner is not None and may_target(game, ship, t):
            out.append(t)
    out.sort(key=lambda e: target_key(game, m, cell, portal, e, prefer))
    return out


def return_to_centre(game: Game, tok: Token, reason: str, rule: str = "R5.23") -> None:
    """An Aborigine ship is destroyed: back to the central area, from where it may return."""
    centre = dict(game.state.attrs.get(CENTRE, {}))
    centre[tok.type] = centre.get(tok.type, 0) + 1
    game.state.attrs[CENTRE] = centre
    game.state.remove_token(tok)
    game.emit("ship_lost", token=tok.id, unit=tok.type, side="aborigines", reason=reason,
              rule=rule)


def destroy_civ(game: Game, tok: Token, reason: str, rule: str, by: str | None = None) -> None:
    """A civilization ship is destroyed in battle (by the Aborigines): removed, logged, and the
    ``dg_ship_lost`` hook decides what it carried (the Leaders option)."""
    game.state.remove_token(tok)
    game.emit("ship_lost", token=tok.id, unit=tok.type, owner=tok.owner, side="civilization",
              reason=reason, rule=rule)
    game.hook.dg_ship_lost(game=game, token=tok, battle=True, by=by)


def aborigine_fires(game: Game, ship: Token, target: Token, why: str = "") -> bool:
    """An Aborigine attack: one die (R5.30/R5.31); Chaos targets take the attacker along (R5.4)."""
    need, reasons = aborigine_need(game, ship, target)
    roll = game.dice.roll(model_of(game).die, purpose=f"{ship.id} attacks {target.id}", rule="R5.30")
    hit = roll >= need
    game.emit("combat", attacker=ship.id, attacker_type=ship.type, defender=target.id,
              defender_owner=target.owner, roll=roll, need=need, modifiers=reasons,
              outcome="hit" if hit else "miss", rule="R5.31" if len(reasons) > 1 else "R5.30",
              why=why)
    if hit:
        destroy_civ(game, target, f"shot by {ship.id}", "R5.30", by="aborigines")
        if _faction(game, target.owner).get("avenges") and not is_hunter(game, ship):
            game.emit("note", message=f"{target.owner}: {ship.id} dies with {target.id}",
                      rule="R5.4")
            return_to_centre(game, ship, f"destroyed attacking {article(f'{target.owner} ship')}", "R5.4")
    return hit


def civ_fires(game: Game, attacker: Token, target: Token) -> bool:
    """A civilization attack (R5.10); the Hunter fires first at a non-cruiser (R5.11)."""
    m = model_of(game)
    st = game.state
    if is_cruiser(game, attacker):
        attacker.attrs["fired"] = True  # R5.32: it may now be attacked by ordinary ships
    if is_hunter(game, target) and not is_cruiser(game, attacker):
        need = m.param("attack", "base")
        need += int(_faction(game, attacker.owner).get("defence_bonus", 0))
        roll = game.dice.roll(m.die, purpose=f"{target.id} fires first at {attacker.id}",
                              rule="R5.11")
        hit = roll >= need
        game.emit("combat", attacker=target.id, attacker_type=target.type, defender=attacker.id,
                  defender_owner=attacker.owner, roll=roll, need=need, outcome="hit" if hit
                  else "miss", rule="R5.11", why="the Hunter fires first at a non-cruiser")
        if hit:
            destroy_civ(game, attacker, f"first shot of {target.id}", "R5.11",
                        by="aborigines")
            return False
    base = m.param("civ", "attack")
    bonus = int(_faction(game, attacker.owner).get("attack_bonus", 0))
    need = base - bonus
    adj = adjustments(game, "civ_attack", attacker=attacker, target=target)
    need += adj.need
    roll = roll_best(game, m.die, need, adj, f"{attacker.id} attacks {target.id}", "R5.10")
    hit = roll >= need
    mods = [f"base {base}-{m.die} (R5.10)"] + ([f"{attacker.owner} attack +{bonus} (R5.4)"]
                                         if bonus else []) + adj.why
    game.emit("combat", attacker=attacker.id, attacker_owner=attacker.owner, defender=target.id,
              defender_type=target.type, roll=roll, need=need, modifiers=mods,
              outcome="hit" if hit else "miss", rule="R5.10")
    if hit and target.id in st.tokens:
        return_to_centre(game, target, f"shot by {attacker.id}")
    return hit
