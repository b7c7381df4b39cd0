"""Undo by a journal of changes instead of a copy of the whole state (plugin games, issue 19).

A :class:`Journal` is the undo record of one action in a *journaled* game
(:func:`journaled`): it keeps the state's scalars, shallow copies of its token and board dicts,
a one-level copy of ``state.attrs`` and of the secrets, and a before-image of every token, site
and player the action edits — saved the first time it is edited (``Journal.save``, called by the
engine's mutators and by ``Game.will_edit``). ``restore()`` puts everything back in place: the
same objects, the same values, the same dict orders as before the action.

A game is journaled when every edit made while it is played goes through such a call: no
scenario trigger, every action kind declares :attr:`~distant_galaxy.core.actions.ActionKind.
journaled`, and every plugin implementing a play hook declares ``DG_JOURNALED = True`` in its
module. Other games keep the full ``state.clone()`` before each action.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.state import GameState, Player, Site, Token, copy_attrs

if TYPE_CHECKING:
    from distant_galaxy.core.actions import ActionKind
    from distant_galaxy.scenario.model import Scenario

Edited = Token | Site | Player


class Journal:
    """The undo record of one action: what it changed, saved before it changed."""

    __slots__ = ("attrs", "board", "saved", "scalars", "secrets", "state", "tokens")

    def __init__(self, state: GameState):
        self.state = state
        self.tokens = state.tokens.copy()
        self.board = state.board.copy()
        self.scalars = (state.round, state.turn, state.phase, state.pending, state.next_id,
                        state.rolls, state.result)
        attrs = state.attrs
        self.attrs = copy_attrs(attrs) if attrs else None  # None: restored as a new {}
        # entries are replaced, never edited: a shallow copy is enough (as in a clone)
        self.secrets = dict(state.secrets) if state.secrets else None
        self.saved: dict[int, tuple[Edited, Edited]] = {}  # id(object) -> (object, before)

    def save(self, obj: Edited) -> None:
        """Keep ``obj``'s values as they are now, unless already kept during this action."""
        key = id(obj)
        if key not in self.saved:
            self.saved[key] = (obj, obj.clone())

    def removing(self, state: GameState) -> None:
        """``state`` is about to remove a token: nothing to do (the token dict was copied)."""

    def restore(self) -> GameState:
        """Put the state back as it was before the action (in place) and return it."""
        st = self.state
        st.tokens, st.board = self.tokens, self.board
        (st.round, st.turn, st.phase, st.pending, st.next_id, st.rolls,
         st.result) = self.scalars
        st.attrs = self.attrs if self.attrs is not None else {}
        st.secrets = self.secrets if self.secrets is not None else {}
        for obj, before in self.saved.values():
            _put_back(obj, before)
        self.saved = {}
        st.forget_index()  # the owner index followed the action: rebuilt when next used
        return st


#: class -> the names of its dataclass fields (tokens, sites and players are dataclasses, slotted
#: in the pure build, extension types in the compiled one: their fields are all their values)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _put_back(obj: Any, before: Any) -> None:
    """Copy a before-image's fields into the live object."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    for name in names:
        setattr(obj, name, getattr(before, name))


def save(state: GameState, obj: Edited) -> None:
    """Journal ``obj`` before an edit when an action of a journaled game is being applied."""
    journal = state.journal
    if journal is not None:
        journal.save(obj)


def journaled(scenario: Scenario, kinds: dict[str, ActionKind], play_hooks: frozenset[str]
              ) -> bool:
    """Whether the games of ``scenario`` may take journal undo records (see the module doc)."""
    if scenario.rules.triggers or not all(kind.journaled for kind in kinds.values()):
        return False
    for name in play_hooks & scenario.hooked:
        for impl in getattr(scenario.pm.hook, name).get_hookimpls():
            if not getattr(impl.plugin, "DG_JOURNALED", False):
                return False
    return True


__all__ = ["Journal", "journaled", "save"]
