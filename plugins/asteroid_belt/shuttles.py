"""Passenger shuttles (R7.40b, R7.41, R7.42, D7.9, R7.43) and the Aborigine cargo shuttle
(R7.44, R7.45).

A passenger shuttle is a token on a red cell; its passengers are tokens with no cell, carried by it.
Its speed is a die rolled each turn (``roll``), then it ``fly``s along red cells and portals. The
cargo shuttle is not a token: ``state.attrs["cargo"]`` holds the id of the portal it waits at.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from distant_galaxy import Action, ActionKind, require
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.actions import MAIN, own_token
from distant_galaxy_episodes.asteroid_belt.movement import path_into, reachable, speed

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token

Pos = tuple[int, int]


def shuttle_type(game: Game) -> str:
    return str(model.cfg(game).get("shuttle_type", "shuttle"))


def aboard(game: Game, shuttle: Token) -> list[Token]:
    return game.state.carried_by(shuttle.id)


def docks_near(game: Game, pos: Pos) -> list[Site]:
    """Class-3 (``shuttle_dock``) asteroids next to a cell."""
    grid = game.scenario.grid
    return [s for s in model.asteroids(game)
            if model.kind(game, s).get("shuttle_dock") and grid.distance(s.pos, pos) == 1]


def load_range(game: Game, tok: Token, shuttle: Token) -> int:
    """A unit's reach into or out of a shuttle: its speed, +1 by a class-3 asteroid (R7.42)."""
    return speed(game, tok) + (1 if docks_near(game, shuttle.pos) else 0)  # type: ignore[arg-type]


def shuttle_bonus(game: Game, att: Token, dfd: Token) -> tuple[int, int]:
    """R7.43: the shuttle carrying more units gets +1 to attack and defence."""
    a, d = len(aboard(game, att)), len(aboard(game, dfd))
    return (1 if a > d else 0), (1 if d > a else 0)


def destroy_shuttle(game: Game, shuttle: Token, reason: str, rule: str) -> None:
    """A beaten shuttle leaves the board; its passengers go to repair (R7.44 row 1)."""
    for t in aboard(game, shuttle):
        model.to_repair(game, t, f"its shuttle {shuttle.id} was destroyed", rule)
    at = list(shuttle.pos) if shuttle.pos else None
    game.state.remove_token(shuttle)
    game.emit("shuttle_destroyed", token=shuttle.id, seat=shuttle.owner, at=at, reason=reason,
              rule=rule)


def leave_if_empty(game: Game, shuttle: Token, rule: str = "R7.42") -> None:
    if shuttle.id in game.state.tokens and not aboard(game, shuttle):
        at = list(shuttle.pos) if shuttle.pos else None
        game.state.remove_token(shuttle)
        game.emit("shuttle_leaves", token=shuttle.id, seat=shuttle.owner, at=at,
                  reason="empty", rule=rule)


# -- activation (R7.41, D7.9) ------------------------------------------------------------------
def activation_cells(game: Game, seat: str) -> dict[Pos, tuple[str, int]]:
    """Free red cells where ``seat`` may activate a shuttle → (class-3 asteroid, cost)."""
    out: dict[Pos, tuple[str, int]] = {}
    if len(model.shuttles_of(game, seat)) >= int(model.param(game, "max_shuttles", 2)):
        return out
    r = int(model.param(game, "shuttle_range", 2))
    cost = int(model.param(game, "activation_cost", 3))
    grid = game.scenario.grid
    stype = shuttle_type(game)
    mine = model.units_of(game, seat)
    for site in model.asteroids(game):
        if not model.kind(game, site).get("shuttle_dock"):
            continue
        if not any(grid.distance(t.pos, site.pos) <= r for t in mine):  # type: ignore[arg-type]
            continue
        c = 0 if site.owner == seat else cost
        for cell in grid.neighbours(site.pos):
            if model.free(game, cell) and model.may_stop(game, stype, cell) \
                    and (cell not in out or out[cell][1] > c):
                out[cell] = (site.id, c)
    return out


class Activate(ActionKind):
    verb = "activate"
    usage = "activate x,y"
    doc = ("Activate a passenger shuttle on a free red cell next to a class-3 asteroid that a unit "
           "of yours is near (within 2 cells): 3 resources, free if the asteroid is your mine; "
           "at most 2 shuttles each (R7.41, D7.9).")
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        res = game.state.players[seat].counters.get("resources", 0)
        for cell, (_, cost) in activation_cells(game, seat).items():
            if cost <= res:
                yield Action("activate", (f"{cell[0]},{cell[1]}",))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        at = model.cell(game, action, 0)
        n = int(model.param(game, "max_shuttles", 2))
        require(len(model.shuttles_of(game, seat)) < n, f"you already have {n} shuttles (D7.9)")
        cells = activation_cells(game, seat)
        require(at in cells, f"{at[0]},{at[1]} is not a free red cell next to a class-3 asteroid "
                             "that one of your units is near (R7.41)")
        cost = cells[at][1]
        have = game.state.players[seat].counters.get("resources", 0)
        require(cost <= have, f"activation costs {cost} resources, you have {have} (R7.41)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        at = model.cell(game, action, 0)
        sid, cost = activation_cells(game, seat)[at]
        if cost:
            game.change_counter(seat, "resources", -cost, f"shuttle activation at {sid}",
                                rule="R7.41")
        tok = game.state.add_token(shuttle_type(game), seat, at, prefix="H")
        game.emit("shuttle_activated", token=tok.id, seat=seat, at=list(at), site=sid, cost=cost,
                  rule="R7.41")


# -- loading and unloading (R7.42) -------------------------------------------------------------
class Board(ActionKind):
    verb = "board"
    usage = "board UNIT SHUTTLE"
    doc = ("Move a unit into your shuttle's cell (its move; reach +1 next to a class-3 "
           "asteroid); up to 3 aboard (R7.42, R7.40b).")
    phases = MAIN
    arity = (2, 2)

    def _path(self, game: Game, tok: Token, sh: Token) -> tuple[Pos, ...] | None:
        return path_into(game, tok.type, tok.pos, sh.pos, load_range(game, tok, sh))  # type: ignore[arg-type]

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        res = game.state.players[seat].counters.get("resources", 0)
        cap = {}
        for sh in model.shuttles_of(game, seat):
            if len(aboard(game, sh)) < int(model.utype(game, sh.type).get("capacity", 3)):
                cap[sh.id] = sh
        if not cap:
            return
        for tok in model.units_of(game, seat):
            if tok.attrs.get("moved") == st or not model.ready(game, tok) \
                    or int(model.utype(game, tok.type).get("move_cost", 0)) > res:
                continue
            for sh in cap.values():
                if game.scenario.grid.distance(tok.pos, sh.pos) <= load_range(game, tok, sh) \
                        and self._path(game, tok, sh) is not None:  # type: ignore[arg-type]
                    yield Action("board", (tok.id, sh.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_token(game, seat, action.arg(0))
        sh = own_token(game, seat, action.arg(1), "shuttle")
        require(model.is_shuttle(game, sh), f"{sh.id} is not a shuttle")
        require(not model.is_shuttle(game, tok) and tok.pos is not None,
                f"{tok.id} is not a unit of yours on the board")
        require(model.ready(game, tok), f"{tok.id} acts from your next turn (R7.70)")
        require(tok.attrs.get("moved") != model.stamp(game), f"{tok.id} has already moved (D7.6)")
        cap = int(model.utype(game, sh.type).get("capacity", 3))
        require(len(aboard(game, sh)) < cap, f"{sh.id} is full ({cap} units, R7.40b)")
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        require(cost <= game.state.players[seat].counters.get("resources", 0),
                f"moving {tok.id} costs {cost} resources (D7.5)")
        require(self._path(game, tok, sh) is not None,
                f"{tok.id} cannot reach {sh.id} within {load_range(game, tok, sh)} cells (R7.42)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        sh = game.state.tokens[action.arg(1)]
        path = self._path(game, tok, sh)
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        if cost:
            game.change_counter(seat, "resources", -cost, f"{tok.id} boards {sh.id}", rule="D7.5")
        frm = tok.pos
        game.state.move_token(tok, None, carrier=sh.id)
        tok.attrs["moved"] = model.stamp(game)
        game.emit("board", token=tok.id, unit=tok.type, shuttle=sh.id, frm=list(frm),  # type: ignore[arg-type]
                  path=[list(p) for p in path or ()], cost=cost, aboard=len(aboard(game, sh)),
                  rule="R7.42")


class Unload(ActionKind):
    verb = "unload"
    usage = "unload UNIT x,y"
    doc = ("Move a unit out of its shuttle to a cell it may use (its move; reach +1 next to a "
           "class-3 asteroid). An empty shuttle leaves the board (R7.42).")
    phases = MAIN
    arity = (2, 2)

    def _cells(self, game: Game, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
        sh = game.state.tokens[tok.carrier]  # type: ignore[index]
        return reachable(game, tok.type, sh.pos, load_range(game, tok, sh))  # type: ignore[arg-type]

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        res = game.state.players[seat].counters.get("resources", 0)
        for tok in game.state.tokens.values():
            if tok.owner != seat or tok.carrier is None or tok.attrs.get("moved") == st \
                    or int(model.utype(game, tok.type).get("move_cost", 0)) > res:
                continue
            for c in self._cells(game, tok):
                yield Action("unload", (tok.id, f"{c[0]},{c[1]}"))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_token(game, seat, action.arg(0))
        at = model.cell(game, action, 1)
        require(tok.carrier is not None, f"{tok.id} is not aboard a shuttle")
        require(tok.attrs.get("moved") != model.stamp(game), f"{tok.id} has already moved (D7.6)")
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        require(cost <= game.state.players[seat].counters.get("resources", 0),
                f"moving {tok.id} costs {cost} resources (D7.5)")
        require(at in self._cells(game, tok),
                f"{tok.id} cannot get out to {at[0]},{at[1]} (a free cell it may stop on, within "
                "its reach from the shuttle, R7.42)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        at = model.cell(game, action, 1)
        sh = game.state.tokens[tok.carrier]  # type: ignore[index]
        path = self._cells(game, tok)[at]
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        if cost:
            game.change_counter(seat, "resources", -cost, f"{tok.id} leaves {sh.id}", rule="D7.5")
        game.state.move_token(tok, at, carrier=None)
        tok.attrs["moved"] = model.stamp(game)
        game.emit("unload", token=tok.id, unit=tok.type, shuttle=sh.id, frm=list(sh.pos),  # type: ignore[arg-type]
                  to=list(at), path=[list(p) for p in path], cost=cost, rule="R7.42")
        leave_if_empty(game, sh)


# -- flying (R7.40b) ---------------------------------------------------------------------------
class Roll(ActionKind):
    verb = "roll"
    usage = "roll SHUTTLE"
    doc = "Roll your shuttle's speed die for this turn (1–6 cells, R7.40b); then 'fly' it."
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        for sh in model.shuttles_of(game, seat):
            if sh.attrs.get("rolled") != st and aboard(game, sh):
                yield Action("roll", (sh.id,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        sh = own_token(game, seat, action.arg(0), "shuttle")
        require(model.is_shuttle(game, sh), f"{sh.id} is not a shuttle")
        require(sh.attrs.get("rolled") != model.stamp(game),
                f"{sh.id} already rolled its speed this turn")
        require(bool(aboard(game, sh)), f"{sh.id} is empty: board units first")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        sh = game.state.tokens[action.arg(0)]
        die = int(model.utype(game, sh.type).get("speed_die", 6))
        sh.attrs["speed"] = game.dice.roll(die, purpose=f"speed of shuttle {sh.id}",
                                           rule="R7.40b")
        sh.attrs["rolled"] = model.stamp(game)


class Fly(ActionKind):
    verb = "fly"
    usage = "fly SHUTTLE x,y"
    doc = "Fly your shuttle up to its rolled speed along red cells, through portals (R7.40b)."
    phases = MAIN
    arity = (2, 2)

    def _cells(self, game: Game, sh: Token) -> dict[Pos, tuple[Pos, ...]]:
        return reachable(game, sh.type, sh.pos, int(sh.attrs.get("speed", 0)))  # type: ignore[arg-type]

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        for sh in model.shuttles_of(game, seat):
            if sh.attrs.get("rolled") == st and sh.attrs.get("flown") != st:
                for c in self._cells(game, sh):
                    yield Action("fly", (sh.id, f"{c[0]},{c[1]}"))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        sh = own_token(game, seat, action.arg(0), "shuttle")
        at = model.cell(game, action, 1)
        st = model.stamp(game)
        require(model.is_shuttle(game, sh), f"{sh.id} is not a shuttle")
        require(sh.attrs.get("rolled") == st, f"roll {sh.id}'s speed first ('roll {sh.id}')")
        require(sh.attrs.get("flown") != st, f"{sh.id} has already flown this turn")
        require(at in self._cells(game, sh),
                f"{sh.id} cannot reach {at[0]},{at[1]}: {sh.attrs.get('speed')} cells along red "
                "cells and portals, to a free red cell (R7.40b)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        sh = game.state.tokens[action.arg(0)]
        at = model.cell(game, action, 1)
        frm = sh.pos
        path = self._cells(game, sh)[at]
        game.state.move_token(sh, at)
        sh.attrs["flown"] = model.stamp(game)
        game.emit("move", token=sh.id, unit=sh.type, seat=seat, frm=list(frm), to=list(at),  # type: ignore[arg-type]
                  path=[list(p) for p in path], cost=0, aboard=[t.id for t in aboard(game, sh)],
                  rule="R7.40b")


# -- the cargo shuttle (R7.44, R7.45) ---------------------------------------------------------
def cargo_portal(game: Game) -> Site | None:
    sid = game.state.attrs.get("cargo")
    return game.state.sites.get(sid) if sid else None


def relocate_cargo(game: Game, purpose: str, rule: str, avoid: str | None = None) -> None:
    """The cargo shuttle jumps to the portal a die picks (reroll if it must be another)."""
    ports = sorted(model.portals(game), key=lambda s: (s.pos[1], s.pos[0]))
    if not ports:
        return
    for _ in range(50):
        n = game.dice.roll(len(ports), purpose=purpose, rule=rule)
        site = ports[n - 1]
        if site.id != avoid or len(ports) == 1:
            break
    old = game.state.attrs.get("cargo")
    game.state.attrs["cargo"] = site.id
    game.emit("cargo_moves", frm=old, to=site.id, at=list(site.pos), rule=rule)


class Raid(ActionKind):
    verb = "raid"
    usage = "raid SHUTTLE"
    doc = ("Raid the Aborigine cargo shuttle from your shuttle next to its portal: roll on the "
           "cargo_raid table; it then jumps to a portal chosen by a die (R7.44, R7.45).")
    phases = MAIN
    arity = (1, 1)

    def _ok(self, game: Game, sh: Token) -> bool:
        port = cargo_portal(game)
        return port is not None and sh.pos is not None \
            and game.scenario.grid.distance(sh.pos, port.pos) == 1 \
            and sh.attrs.get("raided") != model.stamp(game)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for sh in model.shuttles_of(game, seat):
            if self._ok(game, sh):
                yield Action("raid", (sh.id,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        sh = own_token(game, seat, action.arg(0), "shuttle")
        require(model.is_shuttle(game, sh), f"{sh.id} is not a shuttle")
        port = cargo_portal(game)
        require(port is not None, "there is no cargo shuttle in this game (R7.63)")
        require(sh.attrs.get("raided") != model.stamp(game), f"{sh.id} already raided this turn")
        require(self._ok(game, sh), f"{sh.id} must be next to the cargo shuttle at {port.id} "  # type: ignore[union-attr]
                                    f"({port.pos[0]},{port.pos[1]}) (R7.44)")  # type: ignore[union-attr]

    def apply(self, game: Game, seat: str, action: Action) -> None:
        sh = game.state.tokens[action.arg(0)]
        sh.attrs["raided"] = model.stamp(game)
        port = cargo_portal(game)
        n_aboard = len(aboard(game, sh))
        roll, row = game.dice.roll_table(game.scenario.tables["cargo_raid"],
                                         purpose=f"cargo raid by {sh.id}", rule="R7.44")
        outcome = row.get("outcome")
        if "if_aboard_at_least" in row and n_aboard >= int(row["if_aboard_at_least"]):
            outcome = row.get("otherwise", outcome)
        game.emit("raid", shuttle=sh.id, seat=seat, roll=roll, aboard=n_aboard, outcome=outcome,
                  portal=port.id if port else None, rule="R7.44")
        if outcome == "destroyed":
            destroy_shuttle(game, sh, "destroyed raiding the cargo shuttle", "R7.44")
        elif outcome == "loot":
            game.change_counter(seat, "resources", int(row.get("resources", 0)),
                                "cargo raid loot", rule="R7.44")
        relocate_cargo(game, "cargo shuttle jumps to portal", "R7.45",
                       avoid=port.id if (outcome == "escape" and port) else None)
