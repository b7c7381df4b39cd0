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

from typing import Any, Generic, TypeVar

T = TypeVar("T")
D = TypeVar("D")


class StashKey(Generic[T]):
    """A key of a :class:`Stash`; each instance is a distinct key (compared by identity)."""

    __slots__ = ()


class Stash:
    """A map from :class:`StashKey` to values, typed by the key."""

    __slots__ = ("_data",)

    def __init__(self) -> None:
        self._data: dict[StashKey[Any], object] = {}

    def __setitem__(self, key: StashKey[T], value: T) -> None:
        self._data[key] = value

    def __getitem__(self, key: StashKey[T]) -> T:
        return self._data[key]  # type: ignore[return-value]  # no cast call: a hot path

    def get(self, key: StashKey[T], default: D) -> T | D:
        """The value of ``key``, or ``default`` when it has none."""
        return self._data.get(key, default)  # type: ignore[return-value]  # one call: a hot path

    def setdefault(self, key: StashKey[T], default: T) -> T:
        """The value of ``key``, first set to ``default`` when it has none."""
        return self._data.setdefault(key, default)  # type: ignore[return-value]

    def __delitem__(self, key: StashKey[T]) -> None:
        del self._data[key]

    def __contains__(self, key: StashKey[T]) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)


__all__ = ["Stash", "StashKey"]
