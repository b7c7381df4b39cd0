"""Rule functions and effects the markers' YAML uses where the generic ones cannot say it.

Each change is logged with the marker's reason (``ctx["$reason"]``). An effect that finds nothing
to act on (no free cell, no such unit) does nothing and says so in a ``note``: a marker never
refuses the move that revealed it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import cell_of
from distant_galaxy_episodes.space_domain.model import face_down, key, on_board

if TYPE_CHECKING:
    from distant_galaxy import Game, Registry, Token

Pos = tuple[int, int]


def _reason(ctx: dict) -> str:
    return str(ctx.get("$reason", "Space Domain marker"))


def _token(game: Game, unit: Any) -> Token | None:
    tid = unit if isinstance(unit, str) else getattr(unit, "id", None)
    return game.state.tokens.get(tid) if isinstance(tid, str) else None


def free_cell_near(game: Game, pos: Pos, unit_type: str, radius: int = 3) -> Pos | None:
    """The free cell nearest to ``pos`` where ``unit_type`` may stop (ring by ring, each ring
    clockwise), or None within ``radius``."""
    sc = game.scenario
    tags = sc.unit_tags.get(unit_type, frozenset())
    board = game.state.board
    for r in range(1, radius + 1):
        for c in sc.grid.ring_clockwise(pos, r):
            if sc.grid.in_bounds(c) and c not in board and \
                    sc.permissions.may_stop(sc.grid.cell_type(c), tags):
                return c
    return None


def nearest_unit(game: Game, pos: Pos, tag: str, exclude: str | None = None) -> Token | None:
    """The token on the board nearest to ``pos`` whose unit type has ``tag`` (then by id)."""
    sc = game.scenario
    found = [t for t in game.state.tokens.values() if t.pos is not None and t.id != exclude
             and tag in sc.unit_tags.get(t.type, ())]
    return min(found, key=lambda t: (sc.grid.distance(pos, cell_of(t)), t.id), default=None)


def register(reg: Registry) -> None:
    """The Space Domain's functions and effects."""

    @reg.effect("place_near", ["unit", "unit_type", "owner"], "Put a new token of a unit type "
                "(owned by a seat, or none) on the free cell nearest to the unit (a `place` "
                "event; nothing when no cell within 3 is free).",
                'place_near(ship, "destroyer", ship.owner)')
    def place_near(ctx: dict, unit: Any, unit_type: str, owner: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        cell = free_cell_near(game, tok.pos, unit_type) if tok and tok.pos else None
        if cell is None:
            game.emit("note", message=f"no free cell for a {unit_type} ({_reason(ctx)})")
            return
        new = game.state.add_token(unit_type, owner if isinstance(owner, str) else None, cell,
                                   prefix=(owner[:1].upper() if isinstance(owner, str) else "N"))
        game.emit("place", token=new.id, unit=unit_type, owner=new.owner, to=list(cell),
                  reason=_reason(ctx))

    @reg.effect("move_near", ["unit", "x", "y"], "Move the unit to the free cell nearest to "
                "x,y where it may stop (a `move` event; nothing when none within 3).",
                "move_near(ship, 12, 8)")
    def move_near(ctx: dict, unit: Any, x: int, y: int) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        if tok is None or tok.pos is None:
            return
        cell = free_cell_near(game, (int(x), int(y)), tok.type)
        if cell is None:
            game.emit("note", message=f"{tok.id} stays: no free cell near {x},{y}")
            return
        frm = tok.pos
        game.state.move_token(tok, cell)
        game.emit("move", token=tok.id, unit=tok.type, seat=tok.owner, **{"from": list(frm)},
                  to=list(cell), reason=_reason(ctx))

    @reg.effect("set_flag", ["unit", "name", "value"], "Set a free attribute of a unit (its "
                "turn's flags: `moved`, `acted`…; a `token_flag` event).",
                'set_flag(ship, "moved", false)')
    def set_flag(ctx: dict, unit: Any, name: str, value: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        if tok is None:
            return
        tok.attrs[str(name)] = value
        game.emit("token_flag", token=tok.id, unit=tok.type, name=str(name), value=value,
                  reason=_reason(ctx))

    @reg.function("nearest", ["unit", "tag"], "The unit with a tag nearest to this unit (then "
                  "by id), or none.", 'nearest(ship, "aborigine")', returns="unit")
    def nearest(ctx: dict, unit: Any, tag: str) -> Any:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        return nearest_unit(game, tok.pos, str(tag), tok.id) if tok and tok.pos else None

    @reg.effect("chart", ["unit"], "Show the unit's owner (alone) the face-down marker nearest "
                "to the unit (a `reveal` event only that seat sees).", "chart(ship)")
    def chart(ctx: dict, unit: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        if tok is None or tok.pos is None or tok.owner is None:
            return
        grid, at = game.scenario.grid, tok.pos
        cells = sorted(face_down(game), key=lambda c: (grid.distance(at, c), c[1], c[0]))
        ref = next((on_board(game)[key(c)] for c in cells
                    if isinstance(on_board(game)[key(c)], str)), None)
        if ref is None:
            game.emit("note", message=f"no face-down marker left to chart ({_reason(ctx)})")
            return
        if not game.knows(ref):
            return  # a copy made from a seat's view: the face is not there to show
        face = game.reveal(ref, _reason(ctx), "D-S.6", to=[tok.owner])
        at = next(c for c in cells if on_board(game)[key(c)] == ref)
        game.emit("marker_chart", seat=tok.owner, at=list(at), marker=face,
                  visible_to=[tok.owner], rule="D-S.6")
