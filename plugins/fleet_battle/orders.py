"""The six battle orders (RB.1) as data, whether a fleet has fulfilled its order (RB.3) and the
default order (RB.2).

An order of ``fleet_battle.orders`` combines conditions on the enemy fleet, all of which must
hold: ``share`` — models destroyed or captured worth at least this percentage of the enemy's
point limit ("величина определяется очками победы": each model's cost, escorts and tokens
counting nothing, RB.5; a Trophy's double is a victory-point bonus, not more of the fleet);
``destroy_all`` — every enemy model of these sizes destroyed (RB.1.2 says «Уничтожить», so
capture does not count); ``take_all`` — every enemy model of these sizes destroyed or captured;
``main_force`` — every model of the enemy's main force destroyed or captured;
``capture_transport`` — the enemy commander's transport captured (abandoned, a prize or a
Trophy; destroying it does not count).

D6.8: an order naming models the enemy fleet does not have (order 2 against a fleet with no
Huge or Large model…) could never be fulfilled — or would be at once —, so such a fleet takes
the default order instead, and the ``fleet_order`` event says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.fleet_battle.model import (
    DESTROYED,
    Model,
    enemy_of,
    known_order,
    models,
    section,
)

if TYPE_CHECKING:
    from distant_galaxy import Game


def spec(game: Game, order: int) -> dict[str, Any]:
    """The YAML of an order."""
    return dict(section(game.scenario)["orders"][str(order)])


def title(game: Game, order: int) -> str:
    """``destroy or capture at least 70% of the enemy fleet's point limit``."""
    return str(spec(game, order)["title"])


def _scoring(game: Game, fleet: str) -> list[Model]:
    return [m for m in models(game, fleet) if m.scoring]


def applicable(game: Game, fleet: str, order: int) -> bool:
    """D6.8: whether the enemy of ``fleet`` has the models the order names."""
    o = spec(game, order)
    enemy = _scoring(game, enemy_of(game.scenario, fleet))
    for sizes in (o.get("destroy_all"), o.get("take_all")):
        if sizes and not any(m.size in sizes for m in enemy):
            return False
    if o.get("main_force") and not any(m.main for m in enemy):
        return False
    return not (o.get("capture_transport") and not any(m.transport for m in enemy))


def taken_value(game: Game, fleet: str) -> int:
    """The cost of the enemy models ``fleet`` has destroyed or captured (escorts, tokens: 0)."""
    return _taken_cost(_scoring(game, enemy_of(game.scenario, fleet)))


def _taken_cost(enemy: list[Model]) -> int:
    """The cost of the models of ``enemy`` (its scoring models) destroyed or captured."""
    return sum(m.cost for m in enemy if m.taken)


def fulfilled(game: Game, fleet: str) -> str | None:
    """Why ``fleet`` has fulfilled its order now (RB.3), or None."""
    order = known_order(game, fleet)
    if order is None:  # a secret order this copy of the game cannot read (RB.4)
        return None
    o = spec(game, order)
    enemy_name = enemy_of(game.scenario, fleet)
    enemy = _scoring(game, enemy_name)
    done: list[str] = []
    if "share" in o:
        limit = int(section(game.scenario)["fleets"][enemy_name]["limit"])
        value = _taken_cost(enemy)  # taken_value, from the list above
        if value * 100 < int(o["share"]) * limit:
            return None
        done.append(f"{value} of the enemy's {limit} points destroyed or captured "
                    f"(at least {o['share']}%)")
    for key, words, test in (("destroy_all", "destroyed", lambda m: m.state == DESTROYED),
                             ("take_all", "destroyed or captured", lambda m: m.taken)):
        sizes = o.get(key)
        if sizes:
            wanted = [m for m in enemy if m.size in sizes]
            if not wanted or not all(test(m) for m in wanted):
                return None
            done.append(f"every enemy {' and '.join(sizes)} model {words}")
    if o.get("main_force"):
        main = [m for m in enemy if m.main]
        if not main or not all(m.taken for m in main):
            return None
        done.append("the enemy's main force destroyed or captured")
    if o.get("capture_transport"):
        transports = [m for m in enemy if m.transport]
        if not transports or not any(m.captured for m in transports):
            return None
        done.append("the enemy commander's transport captured")
    return f"order {order} fulfilled: " + "; ".join(done) if done else None


def check(game: Game) -> dict[str, Any] | None:
    """RB.3: the first fleet (in the section's order) that has fulfilled its order wins now — a
    crushing defeat for the enemy."""
    for fleet in section(game.scenario)["fleets"]:
        why = fulfilled(game, fleet)
        if why is not None:
            return {"fleet": fleet, "reason": f"the {fleet} fulfilled their battle order — {why}"}
    return None
