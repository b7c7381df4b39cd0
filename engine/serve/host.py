"""One hosted game: the engine's session, its seats and their secret tokens, the bots, the save
and log writers, a decision counter and a lock; and a :class:`Hub` of several games.

Everything that changes a game happens here, under the game's lock, from any thread: a person's
action (:meth:`GameHost.submit`, checked on the server: the token, the decision number, the
seat, the engine's own legality check) or a bot's (:meth:`GameHost.bot_step`). After every
applied action the save is written atomically, then the action's log records (held back until
then, :class:`HeldLog`) go to the log, then the listeners are told (the web app pushes new
snapshots). A save that cannot be written takes the action back: the game is as it was, the
person is told why (503), the pages are warned, and a bot tries again later; nothing is lost.
A bot that fails stops its game, said on the server's terminal and on every page. The web layer
(:mod:`distant_galaxy.serve.app`) holds no game state of its own.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import saved_secret
from distant_galaxy.errors import ActionError, EngineError, PluginError, SaveError
from distant_galaxy.play.controllers import Controller
from distant_galaxy.play.log import LogWriteError
from distant_galaxy.play.render import render_result
from distant_galaxy.play.runner import Session, choose, finish_log, logged_game
from distant_galaxy.play.saves import save_game
from distant_galaxy.serve.links import HOT_SEAT, make_tokens

T = TypeVar("T")

#: The longest action text a client may send (the longest legal action is far shorter).
MAX_ACTION_TEXT = 1000


@dataclass
class Reply:
    """An answer to a client: the HTTP status and the JSON body."""

    status: int
    body: dict[str, Any]


class Persist(Protocol):
    """What keeps a hosted game: called after every decision and once at its end."""

    def decided(self, session: Session) -> None:
        """The game after an applied action (write the save; an OSError or SaveError when it
        cannot be written)."""

    def finished(self, session: Session) -> None:
        """The game has ended (write the result record, close the log, the last save)."""

    def where(self) -> str | None:
        """The file the game is kept in (None: no file)."""

    def go_on(self) -> str | None:
        """The command that goes on with the game after a stop (None: no file)."""


@dataclass
class SaveFile:
    """A game kept in a save file (:func:`~distant_galaxy.play.saves.save_game`, atomic)."""

    path: Path | None

    def decided(self, session: Session) -> None:
        if self.path is not None:
            save_game(session.game, session.header, self.path)

    def finished(self, session: Session) -> None:
        finish_log(session)
        self.decided(session)

    def where(self) -> str | None:
        return None if self.path is None else str(self.path)

    def go_on(self) -> str | None:
        return None if self.path is None else f"dg serve --resume {self.path}"


class SaveFailed(EngineError):
    """The save could not be written after an action: the action was taken back."""


class HeldLog:
    """The sink of a hosted game: an action's log records wait here until its save is written
    (:meth:`release` sends them to the log), or are dropped with the action (:meth:`drop`)."""

    def __init__(self, log: Callable[[dict[str, Any]], None]) -> None:
        self.log = log
        self.records: list[dict[str, Any]] = []

    def __call__(self, record: dict[str, Any]) -> None:
        self.records.append(record)

    def release(self) -> None:
        """Send the records held to the log, then end their group (the writer's ``flush``:
        written and flushed to the file now, not at the next group or the log's close)."""
        records, self.records = self.records, []
        for record in records:
            self.log(record)
        done = getattr(self.log, "flush", None)
        if done is not None:
            done()

    def drop(self) -> None:
        self.records = []


def quiet(text: str) -> None:
    """Where a host says what happens when nobody listens (tests, benches)."""


def replayed(game: Game, header: dict[str, Any], actions: list[tuple[str, str]]) -> Game:
    """A new game of ``header`` (its seats, seed, and ``game``'s secret) with ``actions``
    applied again, logging nowhere: the game as it was after them."""
    again, _ = logged_game(game.scenario, list(header["seats"]), int(header["seed"]),
                           quiet_sink, header.get("controllers"), saved_secret(game.state))
    for seat, text in actions:
        again.apply(text, seat=seat)
    return again


def quiet_sink(record: dict[str, Any]) -> None:
    """A log sink that keeps nothing."""


@dataclass
class GameHost:
    """A game hosted by the server (see the module text). ``kinds``: seat → ``human`` or the
    bot's name as given (``greedy``, ``mcts:400``); ``tokens``: token → seat (or
    :data:`HOT_SEAT`), made when not given."""

    session: Session
    kinds: dict[str, str]
    persist: Persist
    game_id: str = "main"
    hot_seat: bool = False
    tokens: dict[str, str] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    meta: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    seen: dict[str, int] = field(default_factory=dict)
    connected: dict[str, int] = field(default_factory=dict)
    last_human: str | None = None
    listeners: list[Callable[[], None]] = field(default_factory=list)
    cache: dict[str | None, tuple[int, str]] = field(default_factory=dict)
    pictures: dict[str | None, tuple[int, dict[str, str]]] = field(default_factory=dict)
    error: str | None = None
    warning: str | None = None
    retry_bots: bool = False
    say: Callable[[str], None] = quiet
    held: HeldLog = field(init=False)

    def __post_init__(self) -> None:
        if not self.tokens:
            self.tokens = make_tokens(self.humans(), self.hot_seat)
        self.held = HeldLog(self.session.log)
        self.game.sink = self.held

    # -- who is who ------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def decision(self) -> int:
        """The number of the pending decision: the actions applied so far (one more each)."""
        return len(self.game.history)

    def humans(self) -> list[str]:
        """The seats people play, in turn order."""
        return [s for s in self.game.state.seats if self.kinds.get(s) == "human"]

    def bots(self) -> dict[str, Controller]:
        return {s: c for s, c in self.session.controllers.items() if self.kinds.get(s) != "human"}

    def who(self, token: str | None) -> str | None:
        """The seat (or :data:`HOT_SEAT`) of ``token``; None for no token (a spectator).
        Raises :class:`PermissionError` for a token that is not one of this game's."""
        if token is None or token == "":
            return None
        seat = self.tokens.get(token)
        if seat is None:
            raise PermissionError("unknown token")
        return seat

    def seat_for(self, who: str | None) -> str | None:
        """The seat whose view ``who`` is shown: hot-seat, the pending human seat (else the
        last human seat that decided, else the first)."""
        if who != HOT_SEAT:
            return who
        pend = self.game.pending
        if pend is not None and pend.seat in self.humans():
            return pend.seat
        humans = self.humans()
        return self.last_human or (humans[0] if humans else None)

    def links(self, base: str) -> dict[str, str]:
        """seat (or ``hot-seat``) → its join link under ``base`` (``http://host:port``), in the
        game's seat order (a resumed game's tokens come back in another)."""
        order = {seat: i for i, seat in enumerate(self.game.state.seats)}
        kept = sorted(self.tokens.items(), key=lambda item: order.get(item[1], -1))
        return {("hot-seat" if seat == HOT_SEAT else seat): f"{base}/play/{token}"
                for token, seat in kept}

    # -- changes ---------------------------------------------------------------------------------
    def submit(self, token: str | None, text: Any, decision: Any) -> Reply:
        """A person's action: 200 applied, 400 malformed or illegal, 403 a wrong token or not
        that seat's decision, 409 not the current decision (a double submission) or the game
        over. Nothing changes unless the answer is 200."""
        who = self._caller(token, text, decision)
        if isinstance(who, Reply):
            return who
        with self.lock:
            return self._submit(who, text.strip(), decision)

    def undo(self, token: str | None, decision: Any) -> Reply:
        """A person takes back their last action of the decision pending (``Game.undo``: not
        past a die roll or a revealed value): 200 taken back (``undone``: its text), 409 nothing
        to undo (the engine's reason), a double submission or the game over, 403 as
        :meth:`submit`; 503 when the save cannot be written (the action stays done)."""
        who = self._caller(token, "undo", decision)
        if isinstance(who, Reply):
            return who
        with self.lock:
            seat = self._deciding(who, decision)
            if isinstance(seat, Reply):
                return seat
            try:
                undone = self._take_back_last(seat)
            except ActionError as exc:
                return Reply(409, {"ok": False, "error": str(exc), "decision": self.decision})
            except SaveFailed as exc:
                return Reply(503, {"ok": False, "error": str(exc), "decision": self.decision})
        return Reply(200, {"ok": True, "decision": self.decision, "undone": undone})

    def _caller(self, token: str | None, text: Any, decision: Any) -> str | Reply:
        """Who sends a change (a seat or :data:`HOT_SEAT`), or the reply refusing it: a wrong
        or missing token (403), an action that is no action's text or a decision number that
        is no number (400)."""
        try:
            who = self.who(token) if token else None
        except PermissionError:
            return Reply(403, {"ok": False, "error": "wrong token"})
        if who is None:
            return Reply(403, {"ok": False, "error": "a token is needed to act"})
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_ACTION_TEXT:
            return Reply(400, {"ok": False, "error": "'action' must be an action's text "
                               f"(at most {MAX_ACTION_TEXT} characters)"})
        if not isinstance(decision, int) or isinstance(decision, bool):
            return Reply(400, {"ok": False, "error": "'decision' must be the decision number "
                               "of the snapshot"})
        return who

    def _deciding(self, who: str, decision: int) -> str | Reply:
        """The seat whose decision ``who`` may change now, or the reply refusing it (the game
        over, another decision pending, not their decision, the game stopped)."""
        game = self.game
        if game.over:
            return Reply(409, {"ok": False, "error": "the game is over", "decision": self.decision})
        if decision != self.decision:
            return Reply(409, {"ok": False, "decision": self.decision,
                               "error": f"decision {decision} is already decided (the pending "
                               f"decision is {self.decision})"})
        pend = game.pending
        seat = self.seat_for(who)
        if pend is None or seat != pend.seat or self.kinds.get(pend.seat) != "human":
            return Reply(403, {"ok": False, "error": "not your decision"})
        if self.error is not None:
            return Reply(409, {"ok": False, "error": f"the game is stopped: {self.error}",
                               "decision": self.decision})
        return pend.seat

    def _submit(self, who: str, text: str, decision: int) -> Reply:
        seat = self._deciding(who, decision)
        if isinstance(seat, Reply):
            return seat
        try:
            self._apply(seat, text)
        except ActionError as exc:
            return Reply(400, {"ok": False, "error": str(exc)})
        except SaveFailed as exc:
            return Reply(503, {"ok": False, "error": str(exc), "decision": self.decision})
        except EngineError as exc:  # a plugin's fault while applying: the action was taken back
            self.say(f"{seat}'s action {text!r} failed on the server: {exc}")
            return Reply(500, {"ok": False, "error": f"the server failed on this action: {exc}"})
        return Reply(200, {"ok": True, "decision": self.decision})

    def bot_step(self) -> bool:
        """If a bot's decision is pending, let it choose and apply it; whether one acted. A
        save that fails leaves the decision pending (``retry_bots``: try again later); a bot
        that fails stops the game (``error``), said on the terminal and on every page."""
        with self.lock:
            game = self.game
            pend = game.pending
            if game.over or pend is None or self.error is not None:
                return False
            bot = self.bots().get(pend.seat)
            if bot is None:
                return False
            who = f"the bot of {pend.seat} ({self.kinds.get(pend.seat, '?')})"
            try:  # on its view, as dg run asks it: a fault or a change of the game named alike
                action = choose(bot, game, pend.seat)
            except PluginError as exc:  # it names the seat and the controller itself
                self._stop(str(exc))
                return False
            except EngineError as exc:
                self._stop(f"{who} failed: {exc}")
                return False
            try:
                if action is None:
                    raise EngineError("it chose no action")
                self._apply(pend.seat, action)
            except SaveFailed:
                self.retry_bots = True
                return False
            except EngineError as exc:
                self._stop(f"{who} failed: {exc}")
                return False
            except Exception as exc:  # a bug in a bot must not stall its game silently
                self._stop(f"{who} failed: {exc!r:.300} ({where_raised(exc)})")
                return False
            self.retry_bots = False
            return True

    def _stop(self, error: str) -> None:
        """Stop the game on the server: ``error`` on every page and on the terminal."""
        self.error = error
        self.say(f"{error}; the game is stopped" + self._resume_hint())
        self._changed()

    def _resume_hint(self) -> str:
        where, go_on = self.persist.where(), self.persist.go_on()
        return f" (saved in {where}: {go_on} goes on)" if where and go_on else ""

    def drive_bots(self) -> int:
        """Let the bots play until a person's decision is pending or the game ends; how many
        actions they took."""
        n = 0
        while self.bot_step():
            n += 1
        return n

    def _apply(self, seat: str, action: Any) -> None:
        """Apply, save, log, tell: see the module text. Raises the engine's errors (nothing
        changed) and :class:`SaveFailed` (the action was taken back)."""
        game = self.game
        seen = len(game.view(seat).events)
        self._saved(seat, lambda: game.apply(action, seat=seat), "action")
        self.seen[seat] = seen
        if self.kinds.get(seat) == "human":
            self.last_human = seat
        self._log_and_finish()
        self._changed()

    def _take_back_last(self, seat: str) -> str:
        """Undo, save, log, tell (as :meth:`_apply`); the text of the action taken back.
        Raises the engine's refusal (nothing changed) and :class:`SaveFailed` (the action is
        done again: the game is as it was)."""
        undone = self._saved(seat, self.game.undo, "undo")
        self._log_and_finish()
        self._changed()
        return undone

    def _saved(self, seat: str, change: Callable[[], T], what: str) -> T:
        """Make ``change`` (an action, an undo), then write the save; what ``change`` returns.
        A refused change drops its held log records (nothing changed); a save that cannot be
        written rebuilds the game as it was before (:class:`SaveFailed`)."""
        before = list(self.game.history)
        try:
            done = change()
        except BaseException:
            self.held.drop()
            raise
        try:
            self.persist.decided(self.session)
        except (OSError, SaveError) as exc:
            self._take_back(before)
            raise SaveFailed(self._save_failed(seat, exc, what)) from None
        self._saved_again()
        return done

    def _saved_again(self) -> None:
        """A save written after one that failed: the warning goes."""
        if self.warning is not None:
            self.warning = None
            self.say("the save is written again; the game goes on")

    def _save_failed(self, seat: str, exc: Exception, what: str = "action") -> str:
        """Warn the pages and the terminal that the save failed; the text for the one who
        acted."""
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        where = self.persist.where() or "the save"
        first = self.warning is None
        done = "action was not applied" if what == "action" else "undo was not done"
        self.warning = (f"the save {where} cannot be written ({why}): {seat}'s last {done}; "
                        "the game waits until the save can be written again")
        if first:
            self.say(self.warning + " (free some space or fix the folder's permissions; the "
                     "bots try again every few seconds)")
        self._changed()
        mine = "action was not applied" if what == "action" else "action was not taken back"
        return (f"the save {where} could not be written ({why}): your {mine} (the game is as "
                "it was); try again once the host has fixed it")

    def _take_back(self, actions: list[tuple[str, str]]) -> None:
        """The game as it was before the last action (its log records are dropped)."""
        self.held.drop()
        again = replayed(self.game, self.session.header, actions)
        again.sink = self.held
        self.session.game = again
        self.pictures.clear()
        self.cache.clear()

    def _log_and_finish(self) -> None:
        """The action's log records to the log; at the end, the result and the last save. A
        log that cannot be written stops the game (it is saved: resume writes the log again)."""
        game = self.game
        try:
            self.held.release()
            if game.over:
                self.persist.finished(self.session)
        except LogWriteError as exc:
            self._stop(f"{exc}")
            return
        except (OSError, SaveError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._stop(f"the end of the game could not be recorded ({why})")
            return
        if game.over:
            self.say(f"the game is over: {render_result(game)}")

    def _changed(self) -> None:
        with self.meta:  # (not the game's lock: a bot may hold that while it thinks)
            self.version += 1
        for tell in list(self.listeners):
            tell()

    def connect(self, who: str | None, delta: int) -> None:
        """A client of ``who`` connected (+1) or left (-1); seats' presence is in snapshots,
        a seat's first client, each further one (two pages on one link: a second tab, or a
        link someone else has) and its last one leaving are said on the terminal."""
        if who is None:
            return
        with self.meta:
            before = self.connected.get(who, 0)
            self.connected[who] = before + delta
        name = "the hot-seat screen" if who == HOT_SEAT else who
        if before == 0 and delta > 0:
            self.say(f"{name} connected")
        elif before > 0 and delta > 0:  # a second tab, or a link someone else has
            self.say(f"{name} connected again: {before + delta} pages are open on its link "
                     "(a link leaked is a seat lost: docs/serve.md)")
        elif before + delta == 0 and delta < 0:
            self.say(f"{name} left (the same link joins again)")
        self._changed()

    def is_connected(self, seat: str) -> bool:
        if self.kinds.get(seat) != "human":
            return True
        return self.connected.get(seat, 0) > 0 or (self.hot_seat and
                                                   self.connected.get(HOT_SEAT, 0) > 0)


def where_raised(exc: BaseException) -> str:
    """``file.py:123 in name``: the innermost frame of an exception's traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "no traceback"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno} in {last.name}"


def stamped(say: Callable[[str], None], tag: str = "") -> Callable[[str], None]:
    """``say`` with the time (and ``tag``, a game's id) before each line."""
    def said(text: str) -> None:
        say(f"{time.strftime('%H:%M:%S')} {tag}{text}")
    return said


@dataclass
class Hub:
    """The games one server hosts, by id (the first is the default: the routes without a game
    id reach it); tokens are unique across the games."""

    games: dict[str, GameHost] = field(default_factory=dict)

    def add(self, host: GameHost) -> None:
        if host.game_id in self.games:
            raise EngineError(f"a game {host.game_id!r} is hosted already")
        self.games[host.game_id] = host

    def by_token(self, token: str) -> GameHost | None:
        for host in self.games.values():
            if token in host.tokens:
                return host
        return None

    def game(self, game_id: str | None) -> GameHost | None:
        if game_id is None:
            return next(iter(self.games.values()), None)
        return self.games.get(game_id)
