"""Small hand-made engine objects and views for the rule tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from distant_galaxy.rules import Attr, Registry, RuleEnv, ViewType, default_registry


@dataclass
class Player:
    points: int = 0
    resources: int = 0
    seat: int = 0


@dataclass
class Unit:
    type: str = "scout"
    speed: int = 2
    owner: int = 0
    pos: tuple[int, int] = (0, 0)


@dataclass
class World:
    players: list[Player] = field(default_factory=list)


def owner_player(unit: Unit, world: World) -> Player:
    return world.players[unit.owner]


def make_views(world: World) -> dict[str, ViewType]:
    return {
        "player": ViewType("player", {
            "points": Attr.field("points", "int", "points", settable=True),
            "resources": Attr.field("resources", "int", "resources", settable=True),
            "seat": Attr.field("seat", "int", "seat"),
        }),
        "unit": ViewType("unit", {
            "type": Attr.field("type", "str"),
            "speed": Attr(lambda u: u.speed, type="int"),
            "owner": Attr.field("owner", "int"),
            "pos": Attr.field("pos", "pos"),
            "owner_player": Attr(lambda u: owner_player(u, world), type="player"),
        }),
    }


def make_registry(events: list[Any]) -> Registry:
    reg = default_registry()

    @reg.function("distance", ["a", "b"], "Chebyshev distance.", "distance(a, b) <= 2",
                  returns="int")
    def distance(ctx: dict, a: tuple[int, int], b: tuple[int, int]) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    @reg.function("line_of", ["n", "char"], "A string of n chars.", 'line_of(3, "X")',
                  returns="str")
    def line_of(ctx: dict, n: int, char: str) -> str:
        return char * n

    @reg.function("boom", [], "Always fails.", "boom()")
    def boom(ctx: dict) -> None:
        raise RuntimeError("kaboom")

    @reg.effect("emit", ["kind"], "Record an event.", 'emit("bonus", amount=2)', kwargs=True)
    def emit(ctx: dict, kind: str, **data: Any) -> None:
        events.append((kind, data))

    return reg


NAMES = {
    "player": "player", "unit": "unit", "units": "list[unit]", "limit": "int",
    "a": "any", "b": "any", "c": "any", "x": "any", "y": "any", "cond": "any",
    "params": "dict", "round_no": "int",
}


def make_env(world: World, events: list[Any]) -> RuleEnv:
    return RuleEnv(make_registry(events), dict(NAMES), make_views(world))
