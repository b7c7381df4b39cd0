"""The option for people: the board's ``?``, a status line, each marker event in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import UNKNOWN, count_of
from distant_galaxy_episodes.space_domain.model import bag_name, key, markers, on_board
from distant_galaxy_episodes.space_domain.values import unseen

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike

Pos = tuple[int, int]


def glyph(game: Game, pos: Pos) -> str | None:
    """A marker not yet resolved shows ``?`` (face down; a charted one shows its first letter
    to the seat who saw it)."""
    ref = on_board(game).get(key(pos))
    if ref is None:
        return None
    if isinstance(ref, str) and game.knows(ref) and game.state.secrets[ref]["see"] != "none":
        return "?" + str(game.secret(ref))[:1]
    return UNKNOWN


def status(game: Game) -> list[str]:
    """``space domain: 10 markers face down (?); not seen yet: …`` from what this game shows."""
    n = len(on_board(game))
    left = unseen(game)
    ms = markers(game.scenario)
    words = ", ".join(f"{c}× {ms[k].title}" for k, c in left.items())
    return [f"space domain: {count_of(n, 'marker')} face down (?); not seen yet: "
            f"{words or 'nothing'}"]


def describe(game: GameLike, event: dict[str, Any]) -> str | None:
    """One line per marker event."""
    t = event["type"]
    if t == "marker_placed":
        return ""  # set-up: the board shows the '?'
    if t == "marker_resolved":
        at = ",".join(map(str, event["at"]))
        roll = f" (d{markers(game.scenario)[event['marker']].roll} {event['roll']})" \
            if event.get("roll") is not None else ""
        told = "" if event["outcome"] == "applied" else " — no effect"
        return (f"  ** {event['ship']} reveals the Space Domain marker at {at}: "
                f"{event['title']} ({event['kind']}): {event['text']}{roll}{told} (RS.2)")
    if t == "marker_chart":
        at = ",".join(map(str, event["at"]))
        title = markers(game.scenario)[event["marker"]].title
        return f"  ** star chart: the marker at {at} is {title} (only {event['seat']} sees this)"
    if t == "token_flag":
        return f"  {event['token']}: {event['name']} = {event['value']} ({event['reason']})"
    if event.get("bag") != bag_name(game.scenario):
        return None
    if t == "bag_commit":
        return (f"  {count_of(event['size'], 'Space Domain marker')} shuffled face down; one "
                f"goes to each empty system (?), the rest back in the box unseen (RS.1)")
    if t == "reveal":
        return ""  # the marker_resolved or marker_chart line that follows tells it
    if t == "bag_reveal":
        return ""  # RS.1: the markers left in the box stay unseen (the referee's record alone)
    return None
