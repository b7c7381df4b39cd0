"""A seat's view of a game (``game.view(seat)``): what that seat may see, and nothing more.

Controllers — bots and the human prompt — are given a view, not the game. A view answers the
questions a player may ask (the board, the legal actions, whether an action is legal, the
events everybody saw, undo of one's own last action) and refuses the rest with a clear
:class:`~distant_galaxy.core.hidden.HiddenInformation`:

* ``view.state`` is the game state with every secret the seat may not see *masked*: the value is
  not in the view at all (``view.secret(id)`` raises; ``view.knows(id)`` says whether it is
  there). When nothing is hidden from the seat, it is the game's own state object (read it, do
  not change it: a view never changes the game).
* ``view.events`` are the events the seat may see (an event with ``visible_to`` only to those
  seats).
* ``view.clone()`` is a game for search built on the masked state: a bot may play ahead in it,
  but whatever would read a hidden value there raises.
* ``dice``, ``apply``, ``emit``, ``finish``, the game object itself and anything else not listed
  are refused: a controller returns its action, the runner applies it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from distant_galaxy.core import hidden
from distant_galaxy.core.hidden import HiddenInformation


class HiddenAttribute(HiddenInformation, AttributeError):
    """A view refuses an attribute (``getattr(view, name, default)`` still gives the default)."""

if TYPE_CHECKING:
    from collections.abc import Sequence

    from distant_galaxy.core.actions import Action, ActionKind
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import GameState, Pending, Token
    from distant_galaxy.scenario.model import Scenario


class LoopQuestions(Protocol):
    """The two questions of the turn loop a player may ask (a game's ``loop``, a view's)."""

    def reason_now(self) -> str:
        """Why the pending decision is asked."""
        ...

    def may_end(self) -> bool:
        """Whether ``end`` is possible now."""
        ...


class GameLike(Protocol):
    """What a controller may ask of the game it is given: a seat's :class:`GameView` (what the
    runner gives it) or a :class:`~distant_galaxy.core.game.Game` (a bot's own copies, played
    ahead in a search). A bot, and a helper of one, takes a ``GameLike``; the type checker then
    refuses what a view would refuse at run time (``dice``, ``apply``, ``emit``…)."""

    @property
    def scenario(self) -> Scenario: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def variant(self) -> str | None: ...
    @property
    def kinds(self) -> dict[str, ActionKind]: ...
    @property
    def hook(self) -> Any: ...
    @property
    def hooked(self) -> frozenset[str]: ...
    @property
    def loop(self) -> LoopQuestions: ...
    @property
    def state(self) -> GameState: ...
    @property
    def events(self) -> Sequence[dict[str, Any]]: ...
    @property
    def history(self) -> list[tuple[str, str]]: ...
    @property
    def pending(self) -> Pending | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> dict[str, Any] | None: ...
    def secret(self, sid: str) -> Any: ...
    def knows(self, sid: str) -> bool: ...
    def token_counter(self, token: Token, counter: str) -> int: ...
    def legal_actions(self) -> list[Action]: ...
    def legal_of(self, verb: str) -> list[Action]: ...
    def parse(self, text: str) -> Action: ...
    def check(self, action: Action | str) -> Action: ...
    def may_end_decision(self) -> bool: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> str: ...
    def view(self, seat: str) -> GameView: ...
    def clone(self, record: bool = False) -> Game: ...


class _LoopView:
    """The two questions of the turn loop a player may ask."""

    __slots__ = ("_game",)

    def __init__(self, game: Game):
        self._game = game

    def reason_now(self) -> str:
        """Why the pending decision is asked (the prompt's heading)."""
        return self._game.loop.reason_now()

    def may_end(self) -> bool:
        """Whether ``end`` is possible now."""
        return self._game.loop.may_end()


class GameView:
    """What ``seat`` may see of ``game`` (see the module text)."""

    __slots__ = ("_events", "_events_key", "_game", "_state", "_state_key", "seat", "undone")

    def __init__(self, game: Game, seat: str | None):
        self._game = game
        self.seat = seat
        #: How many actions this view took back (:meth:`undo`): the one change of the game a
        #: controller may make through its view (the runner's watch allows it).
        self.undone = 0
        self._state: GameState | None = None
        self._state_key: tuple[int, int] | None = None
        self._events: list[dict[str, Any]] = []
        self._events_key: tuple[int, int] | None = None

    def __repr__(self) -> str:
        return f"<view of {self._game.scenario.id} for {self.seat}>"

    if not TYPE_CHECKING:  # (a type checker refuses the names a view lacks by itself)
        def __getattr__(self, name: str) -> Any:  # only for names not defined below
            raise HiddenAttribute(
                f"{self.seat}'s view of the game has no '{name}': a controller sees the board "
                "(state), the legal actions and the events it may see, and returns an action")

    # -- what does not change during a game --------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self._game.scenario

    @property
    def options(self) -> tuple[str, ...]:
        return self._game.options

    @property
    def variant(self) -> str | None:
        return self._game.variant

    @property
    def kinds(self) -> dict[str, ActionKind]:
        return self._game.kinds

    @property
    def hook(self) -> Any:
        """The plugins' hooks (pass them this view, never a game)."""
        return self._game.hook

    @property
    def hooked(self) -> frozenset[str]:
        return self._game.hooked

    @property
    def loop(self) -> _LoopView:
        return _LoopView(self._game)

    # -- the state as the seat may see it ------------------------------------------------------
    @property
    def state(self) -> GameState:
        game = self._game
        st = game.state
        if not st.secrets or not hidden.hidden_from(st.secrets, self.seat):
            return st
        key = (game.version, id(st))
        if self._state is None or self._state_key != key:
            copy = st.clone()
            copy.secrets = hidden.masked_secrets(st.secrets, self.seat)
            self._state, self._state_key = copy, key
        return self._state

    def secret(self, sid: str) -> Any:
        """The value of a secret this seat may see; :class:`HiddenInformation` otherwise."""
        return hidden.read(self.state.secrets, sid, self.seat)

    def knows(self, sid: str) -> bool:
        """Whether this seat may see the secret ``sid``."""
        return hidden.known(self.state.secrets, sid)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events so far that this seat may see."""
        evs = self._game.events
        key = (len(evs), id(evs[-1]) if evs else 0)
        if self._events_key != key:
            self._events = [e for e in evs if "visible_to" not in e
                            or self.seat in e["visible_to"]]
            self._events_key = key
        return self._events

    @property
    def history(self) -> list[tuple[str, str]]:
        return list(self._game.history)

    @property
    def pending(self) -> Pending | None:
        return self._game.pending

    @property
    def over(self) -> bool:
        return self._game.over

    @property
    def result(self) -> dict[str, Any] | None:
        return self._game.result

    def token_counter(self, token: Token, counter: str) -> int:
        """A token's counter (``unit_counters:``), as :meth:`Game.token_counter` (counters are
        public: a token's hull is on the board)."""
        return self._game.token_counter(token, counter)

    # -- the questions a player asks -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision (a plugin's legal actions never depend on
        a hidden value: that is part of declaring it hidden)."""
        return self._game.legal_actions()

    def legal_of(self, verb: str) -> list[Action]:
        """The legal actions of one verb of the pending decision (:meth:`Game.legal_of`)."""
        return self._game.legal_of(verb)

    def parse(self, text: str) -> Action:
        return self._game.parse(text)

    def check(self, action: Action | str) -> Action:
        """Raise why ``action`` is not legal now, or return it parsed."""
        return self._game.check(action)

    def may_end_decision(self) -> bool:
        return self._game.may_end_decision()

    def can_undo(self) -> bool:
        return self._game.can_undo() and self._mine()

    def undo(self) -> str:
        """Take back this seat's last action of the current decision."""
        if not self._mine():
            raise HiddenInformation(f"{self.seat} may undo only in its own decision")
        undone = self._game.undo()
        self.undone += 1
        return undone

    def _mine(self) -> bool:
        pend = self._game.pending
        return pend is not None and pend.seat == self.seat

    def view(self, seat: str) -> GameView:
        """This view again (a view never shows another seat's)."""
        if seat != self.seat:
            raise HiddenInformation(f"{self.seat}'s view cannot show what {seat} sees")
        return self

    def clone(self, record: bool = False) -> Game:
        """A game for search on what this seat sees (hidden values masked)."""
        g = self._game.clone(record)
        if g.state.secrets:
            g.state.secrets = hidden.masked_secrets(g.state.secrets, self.seat)
        return g


__all__ = ["GameLike", "GameView", "HiddenAttribute", "LoopQuestions"]
