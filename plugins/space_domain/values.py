"""What a seat may know of the markers, for bots: the expected value of a face-down marker is the
mean ``value`` of the bag's contents that seat has not seen (the bag's composition is public, the
faces are not); a face the seat was shown (a star chart) is worth its own value.

Computed from a seat's view only: the faces it may not see are not there to read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy_episodes.space_domain.model import bag_name, cell, markers, on_board, section

if TYPE_CHECKING:
    from distant_galaxy import Game

Pos = tuple[int, int]


def unseen(game: Game) -> dict[str, int]:
    """The bag's contents less every face this game (a seat's view) shows: marker id -> count."""
    left = {m.id: m.count for m in markers(game.scenario).values()}
    bag = bag_name(game.scenario)
    for item in game.state.secrets.values():
        if item.get("public", {}).get("bag") == bag and "slot" in item.get("public", {}) \
                and not item.get("masked"):
            face = str(item["value"])
            if left.get(face, 0) > 0:
                left[face] -= 1
    return {k: n for k, n in left.items() if n > 0}


def expected_value(game: Game) -> float:
    """The mean value of an unseen marker (0 when the bag holds nothing unseen)."""
    left = unseen(game)
    total = sum(left.values())
    if not total:
        return 0.0
    ms = markers(game.scenario)
    return sum(ms[k].value * n for k, n in left.items()) / total


def cell_values(game: Game, seat: str) -> dict[Pos, float]:
    """Each cell holding a marker not yet resolved -> what ending a move there is worth to
    ``seat``: its face's value when the seat may see it, else the expected value, times the
    bots' ``explore`` weight."""
    weight = float(section(game.scenario).get("bots", {}).get("explore", 1.0))
    ms = markers(game.scenario)
    mean = None
    out: dict[Pos, float] = {}
    for text, ref in on_board(game).items():
        if isinstance(ref, dict):
            value = ms[str(ref["face"])].value
        elif game.knows(ref):
            value = ms[str(game.secret(ref))].value
        else:
            mean = expected_value(game) if mean is None else mean
            value = mean
        out[cell(text)] = value * weight
    return out
