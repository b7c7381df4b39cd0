"""A plugin's own data on engine objects, without writing attributes onto them (as pytest's Stash).

Each :class:`~distant_galaxy.scenario.model.Scenario` and each
:class:`~distant_galaxy.core.game.Game` has a ``stash``. A plugin makes a key once, at module
level, and keeps what it derives there::

    MODEL = StashKey["Model"]()

    def model(scenario):
        found = scenario.stash.get(MODEL, None)
        if found is None:
            found = scenario.stash[MODEL] = Model(scenario)
        return found

A scenario's stash lives as long as the loaded scenario (facts of the map and tables that never
change during a game); a game's stash lives as long as that game object, and a clone starts with
an empty one. Nothing in a stash is saved: what must survive a save belongs in the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

T = TypeVar("T")
D = TypeVar("D")


class StashKey(Generic[T]):
    """A key of a :class:`Stash`; each instance is a distinct key (compared by identity)."""

    __slots__ = ()


class Stash(dict):  # type: ignore[type-arg]  # (typed by the methods below)
    """A map from :class:`StashKey` to values, typed by the key. At run time it is a plain
    ``dict``: a look-up is one call in C (plugins read their facts from a stash on every hot
    path)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the typed signatures; the dict's own methods run
        def __setitem__(self, key: StashKey[T], value: T) -> None: ...

        def __getitem__(self, key: StashKey[T]) -> T: ...

        def get(self, key: StashKey[T], default: D) -> T | D:  # type: ignore[override]
            """The value of ``key``, or ``default`` when it has none."""

        def setdefault(self, key: StashKey[T], default: T) -> T:  # type: ignore[override]
            """The value of ``key``, first set to ``default`` when it has none."""


__all__ = ["Stash", "StashKey"]
