"""The turn phases of RB.7 — card reveal, initiative, activation of squadrons, end phase — on the
engine's turn loop (D6.3).

A battle turn is one round. Its automatic phases run once per round: ``reveal`` and
``initiative`` (and the AI fleet's activation when it has the initiative) at the round's first
seat turn; the AI fleet's activation when it has not, and the ``end phase``, after the last
activation. With the AI fleet (the main scenario) each civilization seat's turn is its
squadron's activation. With two human fleets (the hot-seat variant) the whole battle turn is
played in the first seat's turn: ``lead`` (that seat, when its fleet has the initiative),
``reply`` (the other seat) and ``trail`` (the first seat, when it has not); the second seat's own
turn then has nothing left to do.

D6.1 (reveal): the sources describe no cards for this battle, so the reveal phase reveals the
battle orders — on the first turn each fleet's order is announced (orders are public, RB.4) —
and from the second turn on it reports each fleet's crewed models, hull and the victory points
of the last end phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import count_of
from distant_galaxy_episodes.fleet_battle import bots, combat, orders, score
from distant_galaxy_episodes.fleet_battle.model import (
    INITIATIVE,
    ORDERS,
    TALLY,
    active_models,
    auto_fleet,
    fleet_of_seat,
    model_of,
    order_of,
    param,
    section,
)

if TYPE_CHECKING:
    from distant_galaxy import Game

def _hot_seat(game: Game) -> bool:
    return any(p["id"] == "reply" for p in game.scenario.phases)


def _first_turn(game: Game) -> bool:
    return game.state.turn == 0


def _last_turn(game: Game) -> bool:
    return game.state.turn == (0 if _hot_seat(game) else len(game.state.seats) - 1)


def run(game: Game, auto: str) -> bool:
    """Run the automatic phase ``auto``; False when it is none of this plugin's."""
    steps = {"fleet_reveal": (_first_turn, reveal),
             "fleet_initiative": (_first_turn, initiative),
             "fleet_ai_first": (_first_turn, lambda g: ai_activation(g, first=True)),
             "fleet_ai_last": (_last_turn, lambda g: ai_activation(g, first=False)),
             "fleet_end_phase": (_last_turn, end_phase)}
    if auto not in steps:
        return False
    when, step = steps[auto]
    if when(game):
        step(game)
    return True


def reveal(game: Game) -> None:
    """D6.1: the orders on the first turn; then hull and the last tally."""
    st = game.state
    for fleet in section(game.scenario)["fleets"]:
        if st.round == 1:
            rolled = fleet in st.attrs.get(ORDERS, {})
            text = (f"the {fleet} play order {order_of(game, fleet)}: "
                    f"{orders.title(game, order_of(game, fleet))}"
                    + ("" if rolled else " (the default order, RB.2)"))
        else:
            hull = sum(model_of(game, t).hull for t in active_models(game, fleet))
            vp = st.attrs.get(TALLY, {}).get(fleet, 0)
            text = (f"the {fleet}: {count_of(len(active_models(game, fleet)), 'crewed model')}, "
                    f"{hull} hull points, {vp} victory points")
        game.emit("phase_note", phase="reveal", fleet=fleet, text=text, rule="RB.7")


def initiative(game: Game) -> None:
    """D6.3: each fleet rolls a die, ties roll again; the higher activates first."""
    fleets = list(section(game.scenario)["fleets"])
    die = int(param(game, "die"))
    while True:
        rolls = {f: game.dice.roll(die, purpose=f"initiative of the {f}", rule="D6.3")
                 for f in fleets}
        if rolls[fleets[0]] != rolls[fleets[1]]:
            break
    winner = max(fleets, key=lambda f: rolls[f])
    game.state.attrs[INITIATIVE] = winner
    game.emit("initiative", fleet=winner, rolls=rolls, rule="D6.3")


def has_initiative(game: Game, fleet: str | None) -> bool:
    """Whether ``fleet`` won this turn's initiative."""
    return fleet is not None and game.state.attrs.get(INITIATIVE) == fleet


def ai_activation(game: Game, first: bool) -> None:
    """The AI fleet's activation (D6.9), before or after the seats' as the initiative says."""
    fleet = auto_fleet(game.scenario)
    if fleet is None or has_initiative(game, fleet) != first:
        return
    for tok in active_models(game, fleet):
        for _ in range(3):  # board or (move, then fire)
            live = game.state.tokens.get(tok.id)
            if live is None or game.over:
                return
            step = bots.next_step(game, live)
            if step is None:
                break
            row, verb, arg = step
            target = arg.id if verb != "move" else list(arg)
            game.emit("ai_plan", token=live.id, row=row, action=verb, target=target,
                      rule="D6.9")
            _execute(game, live, verb, arg)
            if orders.check(game) is not None:  # RB.3: the game ends at once
                return


def _execute(game: Game, tok: Any, verb: str, arg: Any) -> None:
    if verb == "move":
        combat.move(game, None, tok, arg, combat.moves(game, tok)[arg])
    elif verb == "fire":
        combat.fire(game, None, tok, arg)
    else:
        combat.board(game, None, tok, arg)


def end_phase(game: Game) -> None:
    """RB.7's end phase: crews abandon (D6.5), prizes become Trophies (D6.7), victory points
    are counted with their terms (RB.5), models may move and act again."""
    combat.abandon_rolls(game)
    combat.declare_trophies(game)
    tallies = {}
    for fleet in section(game.scenario)["fleets"]:
        vp, terms = score.tally(game, fleet)
        tallies[fleet] = vp
        game.emit("vp_tally", round=game.state.round, fleet=fleet, vp=vp, terms=terms,
                  rule="RB.5")
    game.state.attrs[TALLY] = tallies
    combat.new_turn(game)


def phase_applies(game: Game, phase: dict[str, Any], seat: str) -> bool | None:
    """Which activation decisions open (see the module docstring)."""
    pid = phase["id"]
    if pid == "activation":
        return fleet_of_seat(game.scenario, seat) is not None
    if pid not in ("lead", "reply", "trail"):
        return None
    if not _first_turn(game):
        return False
    mine = has_initiative(game, fleet_of_seat(game.scenario, seat))
    return {"lead": mine, "reply": True, "trail": not has_initiative(
        game, fleet_of_seat(game.scenario, game.state.active_seat))}[pid]


__all__ = ["end_phase", "initiative", "phase_applies",
           "reveal", "run"]
