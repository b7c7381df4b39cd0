"""What people see: status lines under the board (each fleet's order as the option says, its
hull and the running victory points), the decision's prompt, one line per event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import UNKNOWN, count_of
from distant_galaxy_episodes.fleet_battle import orders, score
from distant_galaxy_episodes.fleet_battle.combat import describe_model
from distant_galaxy_episodes.fleet_battle.model import (
    INITIATIVE,
    OK,
    fleet_of_seat,
    known_order,
    models,
    order_hidden,
    section,
)

if TYPE_CHECKING:
    from distant_galaxy import Game

def order_text(game: Game, fleet: str) -> str:
    """A fleet's order as this game or seat's view may know it (RB.4: a secret order shows as
    unknown to the enemy, and as secret to the fleet's own seats)."""
    n = known_order(game, fleet)
    if n is None:
        return f"order {UNKNOWN} (secret, RB.4)"
    secret = " — secret, RB.4" if order_hidden(game, fleet) else ""
    return f"order {n} ({orders.title(game, n)}){secret}"


def status_lines(game: Game) -> list[str]:
    """One block per fleet: its order and victory points now, then the models hit, taken or
    lost with their hull and state (the engine's lines under the board list every model on it
    with its hull, so a whole fleet's models are not listed twice)."""
    st = game.state
    vps = score.all_tallies(game)
    lines: list[str] = []
    first = st.attrs.get(INITIATIVE)
    for fleet in section(game.scenario)["fleets"]:
        mark = " — has the initiative" if first == fleet else ""
        lines.append(f"the {fleet}: {order_text(game, fleet)}; "
                     f"{vps[fleet]} victory points now{mark}")
        parts = [f"{m.id} {m.type} (destroyed)" if m.token is None else
                 describe_model(game, m.token) for m in models(game, fleet)
                 if m.token is None or m.state != OK or m.hull < m.start_hull]
        if parts:
            lines.append("  hit, taken or lost: " + ", ".join(parts))
    return lines


def legend(game: Game) -> str:
    """What the board's letters mean, from the scenario's unit types (their ``glyph`` and
    ``title``), fleet by fleet: ``legend: D Dreadnought, … (the civilizations); AM Aborigine
    mothership, … (the aborigines); a seat's first letter before a model: its squadron's seat``."""
    types = game.scenario.unit_types
    parts = []
    for fleet, spec in section(game.scenario)["fleets"].items():
        kinds = list(dict.fromkeys(str(m["type"]) for m in spec.get("models", [])))
        names = ", ".join(f"{types.get(k, {}).get('glyph', k[:1].upper())} "
                          f"{types.get(k, {}).get('title', k)}" for k in kinds)
        parts.append(f"{names} (the {fleet})")
    return ("legend: " + "; ".join(parts) + "; a seat's first letter before a model: the seat "
            "whose squadron it is (none: moved by the engine)")


def decision_reason(game: Game, seat: str) -> str:
    """The activation prompt: the fleet, its order, what the squadron may still do."""
    fleet = fleet_of_seat(game.scenario, seat)
    if fleet is None:
        return "nothing to do"
    return (f"activate your squadron of the {fleet} ({order_text(game, fleet)}): each "
            "crewed model may move once and fire or board once; end when done")


#: The dice whose values the line of their event tells (``fire``, ``board``, ``initiative``):
#: the prompt does not tell them one by one as well.
TOLD_WITH_THEIR_LINE = ("fire ", "board ", "initiative of ")


def describe_event(game: Game, ev: dict[str, Any]) -> str | None:
    """One line per event of the episode."""
    t = ev["type"]
    if t == "dice" and str(ev.get("purpose", "")).startswith(TOLD_WITH_THEIR_LINE):
        return ""  # told by the fire, boarding or initiative line after it (the log keeps it)
    if t == "fire":
        return (f"{ev['token']} fires at {ev['target']}: {ev['dice']} need {ev['need']}+, "
                f"{count_of(ev['hits'], 'hit')}")
    if t == "model_destroyed":
        return f"{ev['token']} ({ev['unit']}) of the {ev['fleet']} is destroyed"
    if t == "model_state":
        return f"{ev['token']} ({ev['unit']}) of the {ev['fleet']} is {ev['state']}"
    if t == "board":
        return (f"{ev['token']} boards {ev['target']}: rolled {ev['roll']}, needed "
                f"{ev['need']} — {'success' if ev['success'] else 'repelled'}")
    if t == "vp_tally":
        return f"end phase: the {ev['fleet']} have {ev['vp']} victory points"
    if t == "initiative":
        rolls = ", ".join(f"{f} {r}" for f, r in ev["rolls"].items())
        return f"the {ev['fleet']} have the initiative ({rolls})"
    if t == "fleet_order" and "order" not in ev:
        return f"the {ev['fleet']}: battle order {UNKNOWN} — {ev['text']}"
    if t == "fleet_order":
        return f"the {ev['fleet']}: battle order {ev['order']} — {ev['text']}"
    if t == "place" and ev.get("owner") is None:  # a model of the fleet the engine moves
        tok = game.state.tokens.get(str(ev.get("token")))
        fleet = tok.attrs.get("fleet") if tok is not None else None
        if fleet is not None:
            return f"  the {fleet}' {ev.get('unit')} {ev['token']} placed at {_cell(ev.get('to'))}"
    if t in ("phase_note",):
        return str(ev["text"])
    if t == "ai_plan":
        return ""
    return None


def _cell(pos: Any) -> str:
    return f"{pos[0]},{pos[1]}" if isinstance(pos, (list, tuple)) and len(pos) == 2 else str(pos)
