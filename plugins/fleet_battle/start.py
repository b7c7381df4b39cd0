"""Deployment (D6.1): each fleet's models from ``fleet_battle.fleets.F.models``, each with the id
written there. A fleet with seats gives squadron ``n`` to its ``n``-th playing seat (round robin
over the seats in the game), so the combined fleet is the same whatever the number of players;
the AI's fleet has no owner (as episode 5's Aborigines)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import IllegalAction, Token, parse_pos
from distant_galaxy_episodes.fleet_battle.model import OK, seats_of, section

if TYPE_CHECKING:
    from distant_galaxy import Game


def deploy(game: Game) -> None:
    """Place both fleets (``place`` events with the reason ``deployment``)."""
    st = game.state
    for fleet, spec in section(game.scenario)["fleets"].items():
        seats = seats_of(game, fleet)
        for model in spec["models"]:
            owner = squadron_seat(seats, model) if seats else None
            pos = parse_pos(str(model["at"]))
            tid = str(model["id"])
            if tid in st.tokens or pos in st.board:
                raise IllegalAction(f"deployment: {tid} at {model['at']}: the id or the hex is "
                                    "taken")
            tok = Token(tid, model["type"], owner, None, None,
                        {"fleet": fleet, "main": bool(model.get("main")), "state": OK})
            st.tokens[tid] = tok
            st.move_token(tok, pos)
            game.emit("place", token=tid, unit=tok.type, owner=owner, to=list(pos),
                      reason=f"deployment of the {fleet}", rule="D6.1")


def squadron_seat(seats: list[str], model: dict[str, Any]) -> str:
    """The seat that commands a model of a fleet with ``seats`` (D6.1): squadron ``n`` goes to
    the ``n``-th playing seat, round robin."""
    return seats[(int(model.get("squadron", 1)) - 1) % len(seats)]
