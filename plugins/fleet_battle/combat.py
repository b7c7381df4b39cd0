"""Movement, fire and boarding (the project's own combat rules, decisions D6.2–D6.7), shared by
the players' actions and the Aborigine AI. Every die goes through ``game.dice`` with its purpose;
every change is an event with its rule.

- D6.2 a model moves up to its ``speed`` hexes through empty hexes (that its cell types let it
  enter and stop on: ``cell_types:``), once per activation;
- D6.4 it fires once per activation at an enemy model within ``range`` hexes that still has a
  crew: ``guns`` dice, each at least ``to_hit[size of the target]`` takes a hull point; at 0 the
  model is destroyed;
- D6.5 at the end phase each crewed model at or below ``crippled_at`` rolls a die: at most
  ``abandon.at_most`` and its crew abandons it;
- D6.6 instead of firing, a model next to an enemy that is crippled or abandoned may board it
  (a die at least ``board.crippled`` / ``board.abandoned``): it becomes a prize of the boarder's
  fleet; a model next to a prize of its own fleet may recapture it (``board.recapture``);
- D6.7 at the end phase a prize with no crewed model of its own fleet within
  ``trophy_distance`` hexes is declared a Trophy, for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import count_of
from distant_galaxy_episodes.fleet_battle.model import (
    ABANDONED,
    LOST,
    OK,
    PRIZE,
    TROPHY,
    active_models,
    crippled,
    enemy_of,
    model_of,
    param,
    set_attrs,
    stat,
)

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Token

Pos = tuple[int, int]


def moves(game: GameLike, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
    """Where a model may move this activation (D6.2), with the path."""
    sc, board = game.scenario, game.state.board
    if tok.pos is None or tok.attrs.get("moved"):
        return {}
    grid, perms, tags = sc.grid, sc.permissions, sc.unit_tags.get(tok.type, frozenset())
    speed = int(stat(sc, tok.type, "speed"))
    return grid.reachable(tok.pos, speed, lambda p: perms.may_enter(grid.cell_type(p), tags),
                          lambda p: perms.may_stop(grid.cell_type(p), tags),
                          lambda p: p in board)


def move(game: Game, seat: str | None, tok: Token, to: Pos, path: tuple[Pos, ...]) -> None:
    """Move a model (D6.2) and log it."""
    before = tok.pos
    game.state.move_token(tok, to)
    set_attrs(tok, moved=True)
    game.emit("move", **({"seat": seat} if seat else {}), token=tok.id, unit=tok.type,
              **{"from": list(before) if before else None}, to=list(to),
              path=[list(p) for p in path], rule="D6.2")


def targets(game: GameLike, tok: Token) -> list[Token]:
    """Enemy models with a crew within the model's range (D6.4), by id."""
    if tok.pos is None or tok.attrs.get("acted") or not stat(game.scenario, tok.type, "guns"):
        return []
    reach = int(stat(game.scenario, tok.type, "range"))
    grid = game.scenario.grid
    enemy = enemy_of(game.scenario, str(tok.attrs["fleet"]))
    return [t for t in active_models(game, enemy)
            if t.pos is not None and grid.distance(tok.pos, t.pos) <= reach]


def fire(game: Game, seat: str | None, tok: Token, target: Token) -> int:
    """Fire at ``target`` (D6.4): ``guns`` dice; returns the hits."""
    need = int(param(game, "to_hit")[str(stat(game.scenario, target.type, "size"))])
    die = int(param(game, "die"))
    dice = [game.dice.roll(die, purpose=f"fire {tok.id} at {target.id}", rule="D6.4")
            for _ in range(int(stat(game.scenario, tok.type, "guns")))]
    hits = sum(1 for d in dice if d >= need)
    set_attrs(tok, acted=True)
    game.emit("fire", **({"seat": seat} if seat else {}), fleet=tok.attrs["fleet"],
              token=tok.id, target=target.id, dice=dice, hits=hits, need=need, rule="D6.4")
    if hits:
        left = game.change_token_counter(target, "hull", -hits,
                                         f"{count_of(hits, 'hit')} by {tok.id}", rule="D6.4")
        if left <= 0:
            destroy(game, target, tok.id)
    return hits


def destroy(game: Game, tok: Token, by: str) -> None:
    """A model whose hull reached 0 leaves the board (D6.4); it is remembered for the tally."""
    lost = dict(game.state.attrs.get(LOST, {}))
    lost[tok.id] = {"type": tok.type, "fleet": tok.attrs["fleet"],
                    "main": bool(tok.attrs.get("main"))}
    game.state.attrs[LOST] = lost
    game.state.remove_token(tok)
    game.emit("model_destroyed", token=tok.id, unit=tok.type, fleet=lost[tok.id]["fleet"],
              by=by, rule="D6.4")


def board_need(game: GameLike, tok: Token, target: Token) -> int | None:
    """The die a boarding of ``target`` by ``tok`` needs (D6.6), or None when it may not."""
    grid = game.scenario.grid
    if tok.pos is None or target.pos is None or tok.attrs.get("acted") \
            or not grid.is_orthogonal_neighbour(tok.pos, target.pos):
        return None
    mine, theirs = tok.attrs.get("fleet"), target.attrs.get("fleet")
    state = target.attrs.get("state", OK)
    rules = param(game, "board")
    if theirs == mine:  # recapture a prize of one's own fleet, or re-crew an abandoned model
        return int(rules["recapture"]) if state in (PRIZE, ABANDONED) else None
    if state == ABANDONED:
        return int(rules["abandoned"])
    if state == OK and crippled(game, target):
        return int(rules["crippled"])
    return None


def boardable(game: GameLike, tok: Token) -> list[Token]:
    """The models ``tok`` may board now (D6.6), by id."""
    grid, st = game.scenario.grid, game.state
    if tok.pos is None:
        return []
    near = [st.token_at(p) for p in grid.neighbours(tok.pos)]
    found = [t for t in near if t is not None and t.attrs.get("fleet")
             and board_need(game, tok, t) is not None]
    return sorted(found, key=lambda t: (len(t.id), t.id))


def board(game: Game, seat: str | None, tok: Token, target: Token) -> bool:
    """A boarding attempt (D6.6); returns whether it succeeded."""
    need = board_need(game, tok, target)
    assert need is not None
    roll = game.dice.roll(int(param(game, "die")), purpose=f"board {target.id} from {tok.id}",
                          rule="D6.6")
    ok = roll >= need
    set_attrs(tok, acted=True)
    game.emit("board", **({"seat": seat} if seat else {}), token=tok.id, target=target.id,
              need=need, roll=roll, success=ok, rule="D6.6")
    if not ok:
        return False
    mine = str(tok.attrs["fleet"])
    if target.attrs.get("fleet") == mine:
        set_state(game, target, OK, by=tok.id, why="recaptured", rule="D6.6")
    else:
        set_state(game, target, PRIZE, by=tok.id, why="captured", rule="D6.6", held_by=mine)
    return True


def set_state(game: Game, tok: Token, state: str, by: str, why: str, rule: str,
              held_by: str | None = None) -> None:
    """Change a model's state and log it (``model_state``)."""
    set_attrs(tok, state=state, held_by=held_by)
    game.emit("model_state", token=tok.id, unit=tok.type, fleet=tok.attrs["fleet"],
              state=why, by=by, rule=rule)


def abandon_rolls(game: Game) -> None:
    """D6.5: each crewed, crippled model rolls; a low roll and its crew abandons it."""
    at_most = int(param(game, "abandon", "at_most"))
    for fleet in _fleets(game):
        for tok in active_models(game, fleet):
            if not crippled(game, tok):
                continue
            roll = game.dice.roll(int(param(game, "die")), purpose=f"crew of {tok.id}",
                                  rule="D6.5")
            if roll <= at_most:
                set_state(game, tok, ABANDONED, by="crew", why="abandoned", rule="D6.5")


def declare_trophies(game: Game) -> None:
    """D6.7: a prize out of reach of its own fleet becomes a Trophy."""
    grid, reach = game.scenario.grid, int(param(game, "trophy_distance"))
    for fleet in _fleets(game):
        friends = [t.pos for t in active_models(game, fleet) if t.pos is not None]
        for tok in sorted(game.state.tokens.values(), key=lambda t: (len(t.id), t.id)):
            if tok.attrs.get("fleet") != fleet or tok.attrs.get("state") != PRIZE:
                continue
            if tok.pos is not None and all(grid.distance(tok.pos, p) > reach for p in friends):
                set_state(game, tok, TROPHY, by=str(tok.attrs.get("held_by")),
                          why="declared a Trophy", rule="D6.7",
                          held_by=tok.attrs.get("held_by"))


def new_turn(game: Game) -> None:
    """Every model may move and act again."""
    for tok in game.state.tokens.values():
        if tok.attrs.get("moved") or tok.attrs.get("acted"):
            set_attrs(tok, moved=False, acted=False)


def _fleets(game: Game) -> list[str]:
    return list(param(game, "fleets"))


def describe_model(game: Game, tok: Token) -> str:
    """``C2 cruiser (hull 3/6, prize of the aborigines)``."""
    m = model_of(game, tok)
    extra = ""
    if m.state == PRIZE:
        extra = f", prize of the {tok.attrs.get('held_by')}"
    elif m.state != OK:
        extra = f", {m.state}"
    return f"{tok.id} {tok.type} (hull {m.hull}/{m.start_hull}{extra})"
