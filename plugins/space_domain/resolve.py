"""RS.1 (laying the markers face down at set-up) and RS.2 (resolving one when a ship ends its
move in its system), and compiling the markers' rules at load."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import RuleContext
from distant_galaxy_episodes.space_domain.model import (
    ATTR,
    MARKERS,
    Marker,
    bag_name,
    cell,
    contents,
    key,
    markers,
    on_board,
    section,
    systems,
)

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, ScenarioRules, Token

#: The names a marker's ``if``, ``do`` and ``else`` may read (besides the usual ones).
NAMES = {"ship": "unit", "seat": "str", "roll": "int"}
WHAT = "a face-down Space Domain marker"


def compile_markers(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile each marker's ``if``/``do``/``else`` (errors with file:line:col)."""
    out: dict[str, Marker] = {}
    for i, m in enumerate(section(scenario).get("bag", [])):
        path = ("space_domain", "bag", i)
        if m["id"] in out:
            rules.report(f"marker '{m['id']}' is written twice", *path, "id")
            continue
        cond = rules.expr(m["if"], *path, "if", names=NAMES) if "if" in m else None
        do = rules.effect(m["do"], *path, "do", names=NAMES)
        other = rules.effect(m["else"], *path, "else", names=NAMES) if "else" in m else None
        if do is None or ("if" in m and cond is None) or ("else" in m and other is None):
            continue
        out[m["id"]] = Marker(m["id"], m["title"], int(m["count"]), m.get("kind", "neutral"),
                              m["text"], m.get("rule", "D-S.1"), m.get("roll"), cond, do,
                              other, float(m.get("value", 0)))
    scenario.stash[MARKERS] = out


def lay_markers(game: Game) -> None:
    """RS.1: shuffle the bag (in secret, committed in the log) and lay one marker face down in
    each empty system; the rest stay in the bag unseen."""
    sc = game.scenario
    order = game.shuffle_bag(bag_name(sc), contents(sc),
                             "RS.1: the Space Domain markers, shuffled before play", rule="RS.1")
    board: dict[str, Any] = {}
    for slot, pos in enumerate(systems(sc)):
        if slot >= len(order):
            break
        sid = f"{bag_name(sc)}:{key(pos)}"
        game.hide(sid, order[slot], "none", public={"bag": bag_name(sc), "slot": slot,
                                                    "at": list(pos), "what": WHAT})
        board[key(pos)] = sid
        game.emit("marker_placed", at=list(pos), secret=sid, bag=bag_name(sc), slot=slot,
                  rule="RS.1")
    game.state.attrs[ATTR] = board


def resolves(game: Game, tok: Token) -> bool:
    """Whether the token's arrival resolves a marker (D-S.3: the players' ships)."""
    who = section(game.scenario).get("resolved_by", "seats")
    return who == "all" or tok.owner in game.state.players


def after_action(game: Game) -> None:
    """RS.2: a marker whose system now holds a ship that has finished its move there resolves
    (in episode 5 ships move one at a time: the move action is the whole movement)."""
    for text in list(on_board(game)):
        tok = game.state.token_at(cell(text))
        if tok is not None and resolves(game, tok) and text in on_board(game):
            resolve(game, cell(text), tok)


def resolve(game: Game, pos: tuple[int, int], tok: Token) -> None:
    """Reveal the marker at ``pos`` to everybody, then apply it to the ship ``tok``."""
    ref = on_board(game)[key(pos)]
    if isinstance(ref, str) and not game.knows(ref):
        return  # a copy made from a seat's view: the face is not there to resolve
    board = dict(on_board(game))
    del board[key(pos)]
    game.state.attrs[ATTR] = board
    why = f"{tok.id} ended its move in the system {key(pos)}"
    face = str(game.reveal(ref, why, "RS.2")) if isinstance(ref, str) else str(ref["face"])
    marker = markers(game.scenario)[face]
    roll = None
    if marker.roll:
        roll = game.dice.roll(marker.roll, purpose=f"Space Domain marker {marker.title} at "
                              f"{key(pos)}: {marker.text}", rule=marker.rule)
    ctx = RuleContext(game, ship=tok, seat=tok.owner, roll=roll)
    ctx["$reason"] = f"Space Domain marker {marker.title} at {key(pos)} ({marker.rule})"
    hit = bool(marker.cond(ctx)) if marker.cond is not None else True
    fields: dict[str, Any] = {"at": list(pos), "marker": face, "title": marker.title,
                              "kind": marker.kind, "text": marker.text, "ship": tok.id,
                              "seat": tok.owner, "outcome": "applied" if hit else "no effect"}
    if roll is not None:
        fields["roll"] = roll
    game.emit("marker_resolved", **fields, rule="RS.2")
    if hit:
        marker.do(ctx)
    elif marker.otherwise is not None:
        marker.otherwise(ctx)
