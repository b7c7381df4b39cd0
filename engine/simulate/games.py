"""One seeded bot game as a task for a worker, and its small outcome (no log).

A :class:`GameTask` names everything a game needs — the scenario (:class:`Source`: an id, a
path, or a file's text that travels with the task to a worker that does not have the file), the
variant and options, the seats in turn order, the bot of each seat, the seed — so the same task
gives the same outcome in any process. A worker loads each scenario once and reuses it
(:func:`scenario_for`, a cache per process and thread); :func:`play_chunk` plays a few tasks and returns
their outcomes, small dicts of plain values (:func:`play_task`).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError
from distant_galaxy.hookspecs import hookimpl
from distant_galaxy.play.runner import choose, make_controllers
from distant_galaxy.scenario.load import load_scenario

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

DEFAULT_MAX_ACTIONS = 20_000
"""A game that has not ended after this many actions is reported as unfinished."""


@dataclass(frozen=True)
class Source:
    """A scenario as a task names it: ``name`` (an id or a path), or ``text``, the file itself
    (with its ``filename``), for workers that may not have the file."""

    name: str
    text: str | None = None
    filename: str | None = None

    @classmethod
    def travelling(cls, path: Path) -> Source:
        """The file's text travels with the task (a cluster's workers need not have it)."""
        return cls(str(path), path.read_text(encoding="utf-8"), path.name)

    def path(self) -> str:
        """What :func:`~distant_galaxy.scenario.load.load_scenario` is given here: the name, or a
        copy of the text in this process's temporary folder."""
        if self.text is None:
            return self.name
        digest = hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]
        folder = Path(tempfile.gettempdir()) / "dg-simulate" / digest
        target = folder / (self.filename or "scenario.yaml")
        if not target.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            # a name of this process and thread: two workers may write the same file at once
            partial = folder / f"{target.name}.{os.getpid()}.{threading.get_ident()}.part"
            partial.write_text(self.text, encoding="utf-8")
            partial.replace(target)
        return str(target)


@dataclass(frozen=True)
class GameTask:
    """One game: the scenario, the seats in turn order, each seat's bot (``(seat, bot)``
    pairs), the seed; ``watched``: every controller's choice checked for a change of the game
    (``runner.choose(watch=True)``)."""

    source: Source
    variant: str | None
    options: tuple[str, ...]
    order: tuple[str, ...]
    bots: tuple[tuple[str, str], ...]
    seed: int
    max_actions: int = DEFAULT_MAX_ACTIONS
    watched: bool = False


class LimitProbe:
    """Tells a round-limit ending from a victory: the turn loop asks ``dg_limit_result`` only
    when the limit is reached. Registered first in a simulated scenario's plugin manager; it
    returns None, so the scenario's own answer stands."""

    def __init__(self) -> None:
        self.reached: Game | None = None

    @hookimpl(tryfirst=True)
    def dg_limit_result(self, game: Game) -> None:
        """Note the game that reached its limit (the scenario's plugins give the result)."""
        self.reached = game


Loaded = dict[tuple[Source, str | None, tuple[str, ...]], tuple["Scenario", LimitProbe]]

#: The scenarios this process loaded, per thread (a Dask worker may run tasks on several threads;
#: a game and its scenario's probe then never meet another thread's).
_LOADED = threading.local()


def scenario_for(source: Source, variant: str | None, options: tuple[str, ...]
                 ) -> tuple[Scenario, LimitProbe]:
    """The loaded scenario (once per process and thread) with its :class:`LimitProbe`."""
    cache: Loaded = _LOADED.__dict__.setdefault("scenarios", {})
    key = (source, variant, options)
    if key not in cache:
        scenario = load_scenario(source.path(), variant, options)
        probe = LimitProbe()
        scenario.pm.register(probe, name="dg-simulate-limit-probe")
        cache[key] = (scenario, probe)
    return cache[key]


def preload(sources: list[Source], cases: Iterable[tuple[str | None, tuple[str, ...]]]) -> None:
    """Load each scenario with each (variant, options) into this process's cache
    (:func:`scenario_for`) before local workers start: a worker forked from this process (the
    process pool's way on Linux) inherits them, and plays its first game without loading them
    again (``dg simulate`` calls this only where workers are forked, or when it plays the
    games itself)."""
    for source in sources:
        for variant, options in cases:
            scenario_for(source, variant, options)


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game; its outcome: seed, turn order, winner, reason, rule, rounds, actions,
    whether the round limit ended it (and the result's ``tier`` when it has one), or ``error``
    with a message when the game failed or did not end."""
    scenario, probe = scenario_for(task.source, task.variant, task.options)
    scenario.forget_made_actions()  # (memory: one game's made actions, not the batch's)
    out: dict[str, Any] = {"seed": task.seed, "order": list(task.order)}
    try:
        # record=False: nobody reads a simulated game's events, so none is built and no state is
        # hashed at a turn's end (the same game as dg run's: the events never change the state;
        # a scenario with triggers, which fire on events, records them anyway: Game.record)
        game = Game(scenario, seats=list(task.order), seed=task.seed, record=False)
        bots = make_controllers(scenario, list(task.order), dict(task.bots), task.seed, {}, None)
        for _ in range(task.max_actions):
            if game.over:
                break
            pend = game.pending
            assert pend is not None
            # as dg run plays: a controller is given what its seat may see, never the game
            action = choose(bots[pend.seat], game, pend.seat, task.watched)
            if action is None:  # (a bot never quits: only a person's prompt does)
                raise EngineError(f"{pend.seat}'s bot gave no action")
            game.apply(action)
    except EngineError as exc:
        return {**out, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0]}"}
    if not game.over:
        return {**out, "error": f"the game did not end within {task.max_actions} actions"}
    result = game.result or {}
    out.update(winner=result.get("winner"), reason=str(result.get("reason", "")),
               rule=result.get("rule"), round=game.state.round, actions=len(game.history),
               limit=probe.reached is game)
    if "tier" in result:
        out["tier"] = result["tier"]
    return out


def play_chunk(tasks: list[GameTask]) -> list[dict[str, Any]]:
    """Play a few tasks in order (what a worker is dealt at once)."""
    return [play_task(t) for t in tasks]
