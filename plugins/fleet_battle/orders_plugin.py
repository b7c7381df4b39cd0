"""Game option: Battle Orders (RB.1–RB.4, source 004), a plugin any scenario whose models are
described by the ``fleet_battle:`` section may offer (``options: battle-orders``).

Right after deployment each fleet either rolls a die for its order (RB.1, ``roll``) or takes
the default order without rolling (RB.2, ``default``), as ``battle_orders.fleets`` says; orders
are public (RB.4) unless ``battle_orders.secret`` keeps them secret (the option
``secret-orders``, secret.py). Without the option every fleet plays the default order (RB.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import bag_remaining, hookimpl
from distant_galaxy_episodes.fleet_battle import orders, saved, secret
from distant_galaxy_episodes.fleet_battle.model import ORDERS, param, section
from distant_galaxy_episodes.fleet_battle.schema import ORDERS_SECTION

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    """The ``battle_orders:`` section."""
    return {"battle_orders": ORDERS_SECTION}


@hookimpl
def dg_state_schema(scenario: Scenario) -> dict[str, Any]:
    """What the option keeps in a game's state, checked when a save loads (saved.py)."""
    return saved.orders_schema()


@hookimpl(trylast=True)
def dg_setup(game: Game) -> None:
    """RB.1/RB.2 right after deployment (after the episode's own set-up)."""
    choose_orders(game)


def choose_orders(game: Game) -> None:
    """Each fleet's order: rolled (RB.1) or the default (RB.2); D6.8 when it cannot apply."""
    how = game.scenario.data["battle_orders"]["fleets"]
    default = int(param(game, "default_order"))
    chosen: dict[str, int] = {}
    die = len(section(game.scenario)["orders"])
    hidden = secret.enabled(game)
    if hidden:
        secret.mark_inapplicable(game)
    for fleet in section(game.scenario)["fleets"]:
        rolled = how.get(fleet, "roll") == "roll"
        if rolled and hidden:  # RB.4: drawn from a committed bag, seen by the fleet alone
            secret.draw_order(game, fleet)
            continue
        order = game.dice.roll(die, purpose=f"battle order of the {fleet}", rule="RB.1") \
            if rolled else default
        rule = "RB.1" if rolled else "RB.2"
        if not orders.applicable(game, fleet, order):
            game.emit("fleet_order", fleet=fleet, order=order, rolled=rolled,
                      text=f"{orders.title(game, order)}: the enemy has no such models, so "
                           f"the default order {default} applies (D6.8)", rule="D6.8")
            order, rule = default, "RB.2"
        chosen[fleet] = order
        game.emit("fleet_order", fleet=fleet, order=order, rolled=rolled,
                  text=orders.title(game, order), rule=rule)
    game.state.attrs[ORDERS] = chosen


@hookimpl
def dg_secret_values(game: Game, sid: str) -> list[str] | None:
    """A secret order (RB.4) is any face of its fleet's bag of orders — one of each, so each
    order as likely as on RB.1's die (D6.8 then maps an order the enemy makes impossible to the
    default, as in play): what a seat that may not see it may assume (search bots)."""
    for fleet in section(game.scenario)["fleets"]:
        if sid == secret.secret_id(fleet):
            return bag_remaining(game, secret.bag_name(fleet))
    return None
