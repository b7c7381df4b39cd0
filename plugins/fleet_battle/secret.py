"""Secret battle orders (RB.4, the option ``secret-orders``): «Обычно боевые приказы друг друга
известны противникам, однако они могут договориться и держать их в тайне при проведении любой
партии за исключением Кампании» (source 004).

Each rolling fleet's order is drawn, not rolled in public (D6.11): the order's die is the first
slot of a *bag* of the orders (``fleet_battle.orders``, one of each) shuffled on the game's secret
stream of that bag (``game.shuffle_bag``: derived from the seed, committed in the log by a
``bag_commit`` with the sha256 of order and salt) — one face of a fair die, as RB.1's 1d6. The
slot becomes the secret ``order:<fleet>``, seen by that fleet's seats only (the Aborigine fleet of
the main scenario has no seat: nobody). A public ``fleet_order`` says the order is secret; a
private one (``visible_to`` the fleet's seats) names it. D6.8 needs nothing hidden: which orders
a fleet cannot play follows from the enemy fleet, so it is public state (``fb_inapplicable``).

When a fleet fulfils its order it is revealed to all (rule RB.3), and when the battle ends every
order still secret is (rule RB.4) — before the engine opens the bags, so the referee
(``verify_hidden``, ``dg verify-log``) checks from the log alone that each revealed order is the
one the committed bag holds. A fleet taking the default order without a roll (RB.2) has nothing
to hide: the scenario says so, and everybody reads the scenario.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy_episodes.fleet_battle import orders
from distant_galaxy_episodes.fleet_battle.model import (
    INAPPLICABLE,
    SECRET_ORDERS,
    order_of,
    param,
    seats_of,
    section,
)

if TYPE_CHECKING:
    from distant_galaxy import Game


def enabled(game: Game) -> bool:
    """Whether the orders are kept secret (``battle_orders.secret``, the option's overlay)."""
    return bool(game.scenario.data.get("battle_orders", {}).get("secret"))


def secret_id(fleet: str) -> str:
    """The id of the secret holding a fleet's order."""
    return f"order:{fleet}"


def bag_name(fleet: str) -> str:
    """The bag a fleet's order is drawn from."""
    return f"order-{fleet}"


def mark_inapplicable(game: Game) -> None:
    """D6.8, public: the orders each fleet cannot play (they name models its enemy lacks)."""
    numbers = [int(n) for n in section(game.scenario)["orders"]]
    game.state.attrs[INAPPLICABLE] = {
        fleet: [n for n in numbers if not orders.applicable(game, fleet, n)]
        for fleet in section(game.scenario)["fleets"]}


def draw_order(game: Game, fleet: str) -> int:
    """D6.11: draw the fleet's order from its committed bag and keep it secret to its seats."""
    faces = {str(n): 1 for n in section(game.scenario)["orders"]}
    bag = game.shuffle_bag(bag_name(fleet), faces,
                           f"battle order of the {fleet}, kept secret (RB.4)", rule="RB.1")
    seats = seats_of(game, fleet)
    game.hide(secret_id(fleet), bag[0], seats or "none",
              public={"bag": bag_name(fleet), "slot": 0, "what": f"the {fleet}' battle order"})
    game.state.attrs[SECRET_ORDERS] = {**game.state.attrs.get(SECRET_ORDERS, {}),
                                       fleet: secret_id(fleet)}
    order = order_of(game, fleet)
    game.emit("fleet_order", fleet=fleet, rolled=True, secret=True,
              text="kept secret (RB.4)", rule="RB.4")
    game.emit("fleet_order", fleet=fleet, order=order, rolled=True, secret=True,
              text=_title(game, fleet, order), rule="RB.4", visible_to=seats)
    return order


def _title(game: Game, fleet: str, order: int) -> str:
    roll = int(game.secret(secret_id(fleet)))
    if roll == order:
        return orders.title(game, order)
    return (f"{orders.title(game, roll)}: the enemy has no such models, so the default order "
            f"{param(game, 'default_order')} applies (D6.8)")


def reveal_orders(game: Game, winner: str | None = None) -> None:
    """Show every order still secret to all: the fleet that fulfilled it (``winner``, RB.3)
    first, then the others as the battle ends (RB.4). A copy made from a seat's view, which
    cannot read them, reveals nothing."""
    ids = game.state.attrs.get(SECRET_ORDERS, {})
    fleets = [f for f in section(game.scenario)["fleets"] if f in ids]  # not the dict's order:
    for fleet in sorted(fleets, key=lambda f: f != winner):  # a save writes its keys sorted
        sid = ids[fleet]
        if game.state.secrets[sid]["see"] == "all" or not game.knows(sid):
            continue
        rule = "RB.3" if fleet == winner else "RB.4"
        why = (f"the {fleet} fulfilled their battle order" if rule == "RB.3"
               else "the battle is over: the secret orders are shown")
        game.reveal(sid, why, rule=rule)
        order = order_of(game, fleet)
        game.emit("fleet_order", fleet=fleet, order=order, rolled=True, secret=False,
                  text=_title(game, fleet, order), rule=rule)


__all__ = ["bag_name", "draw_order", "enabled", "mark_inapplicable", "reveal_orders",
           "secret_id"]
