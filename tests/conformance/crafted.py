"""Crafted saves: a field set to a hostile value, then both hashes recomputed, as anyone can.

A save's hashes are plain sha256 (they catch accidents, not intent), so its content must be
checked like any other input. :func:`craft_save` and :func:`craft_campaign` set one field of a
real save (a game save, or a campaign save with its embedded stage) to one of :data:`HOSTILE`
(null, a list, a dict, a pair, huge and negative integers, text with a space…) and recompute the
hashes the engine checks; two fields in three are values of the state's open mappings (its
``attrs`` and sites' ``markers``, which only a plugin reads), a name drawn first so that each
of them is hit. :func:`pick_action` plays varied actions after the load. :func:`probe` runs what a user runs on the file (``dg show``,
``dg resume``, ``dg campaign status``/``resume``, in-process) and returns the traceback of any
exception that is not the engine's own clean error, or None. ``test_crafted.py`` runs 1,000 of
them in CI; docs/reliability.md has the figures.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import sys
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from distant_galaxy.campaign.save import body_hash
from distant_galaxy.cli.main import main
from distant_galaxy.core.state import GameState
from distant_galaxy.play.saves import record_hash

#: The values a crafted field gets.
HOSTILE: tuple[Any, ...] = (None, [], {}, [0, 0], [[0, 0]], {"a": 1}, 2**63, -(2**63), 10**40,
                            -1, 0, "", "two words", "x" * 5000, True, 1.5, float("1e308"), "0,0")

#: The values a crafted field of an open mapping gets: the wrong shapes a plugin may not expect
#: (a third of them cannot be a dict's key).
HOSTILE_ATTRS: tuple[Any, ...] = (None, [0, 0], [[0, 0]], {"a": 1}, 2**63, -1, "", "two words",
                                  True, "0,0")

Place = tuple[Any, ...]


def paths(node: Any, prefix: Place = (), limit: int = 20_000) -> Iterator[Place]:
    """Every place in a JSON value (dict keys and list indices), parents before children."""
    stack: list[tuple[Place, Any]] = [(prefix, node)]
    seen = 0
    while stack and seen < limit:
        where, value = stack.pop()
        if where:
            yield where
            seen += 1
        if isinstance(value, dict):
            stack.extend(((*where, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*where, i), v) for i, v in enumerate(value))


def set_at(node: Any, where: Place, value: Any) -> None:
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value


def rehash_save(payload: dict[str, Any]) -> None:
    """Recompute a game save's ``hash`` (where the state still parses) and ``record_hash``."""
    with contextlib.suppress(Exception):
        payload["hash"] = GameState.from_json(payload["state"]).hash()
    with contextlib.suppress(Exception):
        payload["record_hash"] = record_hash(payload["header"], payload["actions"])


def rehash_campaign(data: dict[str, Any]) -> None:
    """Recompute a campaign save's embedded stage save's hashes, then its ``record_hash``."""
    game = (data.get("current") or {}).get("game") if isinstance(data.get("current"), dict) \
        else None
    if isinstance(game, dict):
        rehash_save(game)
    with contextlib.suppress(Exception):
        data["record_hash"] = body_hash(data)


#: The open mappings of a saved state, whose values only their plugin knows the shape of.
OPEN = ("attrs", "markers")


def attrs_places(data: dict[str, Any], state: Place = ("state",)) -> dict[str, list[Place]]:
    """The places inside the open mappings (``attrs``, ``markers``) of the saved state at
    ``state`` in ``data``, grouped by the name they are kept under (``cargo``, ``fresh``…)."""
    node: Any = data
    for key in state:
        node = node.get(key) if isinstance(node, dict) else None
    found: dict[str, list[Place]] = {}
    for place in paths(node, state):
        for i, key in enumerate(place[:-1]):
            if key in OPEN and isinstance(place[i + 1], str):
                found.setdefault(place[i + 1], []).append(place)
                break
    return found


def pick_attrs_place(data: dict[str, Any], rng: random.Random, state: Place = ("state",)
                     ) -> Place | None:
    """A place inside an open mapping of the saved state: a name first (each equally likely,
    so a name kept once, such as Asteroid Belt's ``cargo``, is as likely as a site's
    ``label``), then one of its places."""
    found = attrs_places(data, state)
    if not found:
        return None
    return rng.choice(found[rng.choice(sorted(found))])


def craft(original: dict[str, Any], rng: random.Random, rehash: Callable[[dict[str, Any]], None],
          state: Place | None = None) -> tuple[dict[str, Any], str]:
    """A copy of ``original`` with one field set to a hostile value and its hashes recomputed;
    also a short description of what was changed. With ``state`` (the place of a saved state
    in ``original``) the field is a value of one of that state's open mappings
    (:func:`pick_attrs_place`)."""
    data = copy.deepcopy(original)
    where = pick_attrs_place(data, rng, state) if state is not None else None
    value = rng.choice(HOSTILE_ATTRS)
    if where is None:
        places = [p for p in paths(data) if p[0] not in ("magic", "hash", "record_hash")]
        where = rng.choice(places)
        value = rng.choice(HOSTILE)
    set_at(data, where, copy.deepcopy(value))
    rehash(data)
    shown = repr(value) if len(repr(value)) < 40 else repr(value)[:37] + "..."
    return data, f"{'.'.join(map(str, where))} = {shown}"


def craft_save(original: dict[str, Any], rng: random.Random, in_attrs: bool = False
               ) -> tuple[dict[str, Any], str]:
    """A crafted game save (see :func:`craft`; ``in_attrs``: a value of the state's attrs)."""
    return craft(original, rng, rehash_save, ("state",) if in_attrs else None)


def craft_campaign(original: dict[str, Any], rng: random.Random, in_attrs: bool = False
                   ) -> tuple[dict[str, Any], str]:
    """A crafted campaign save (see :func:`craft`; ``in_attrs``: a value of the attrs of the
    state of the stage under way)."""
    return craft(original, rng, rehash_campaign,
                 ("current", "game", "state") if in_attrs else None)


def pick_action(legal: list[Any], rng: random.Random, by_verb: bool) -> Any:
    """One of the ``legal`` actions: uniformly, or (``by_verb``) a verb first, each equally
    likely, then one of its actions, so rare verbs (a raid, an ability, a rescue's choice) are
    played as often as moves."""
    if not by_verb:
        return rng.choice(legal)
    verbs: dict[str, list[Any]] = {}
    for action in legal:
        verbs.setdefault(str(action).split(" ", 1)[0], []).append(action)
    return rng.choice(verbs[rng.choice(sorted(verbs))])


def _dg(args: list[str]) -> None:
    """``dg ARGS`` in this process with no input and its output swallowed; an exception that
    escapes ``main`` (a traceback a user would see) is raised."""
    stdin, sys.stdin = sys.stdin, io.StringIO("")  # a person who types nothing (end of input)
    try:
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()), contextlib.suppress(SystemExit):
            main(args)
    finally:
        sys.stdin = stdin


def probe(path: Path, commands: list[list[str]]) -> str | None:
    """Run each command (``{}`` is ``path``) on the file; the traceback of the first exception
    that escapes ``dg`` (what a user would see as a crash), or None when every command ended
    with a result or a clean error."""
    for command in commands:
        try:
            _dg([str(path) if part == "{}" else part for part in command])
        except Exception:
            return traceback.format_exc(limit=-6)
    return None


def write(data: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(data, sort_keys=True, indent=1), encoding="utf-8")
    return path
