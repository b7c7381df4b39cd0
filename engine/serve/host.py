"""One hosted game: the engine's session, its seats and their secret tokens, the bots, the save
and log writers, a decision counter and a lock; and a :class:`Hub` of several games.

Everything that changes a game happens here, under the game's lock, from any thread: a person's
action (:meth:`GameHost.submit`, checked on the server: the token, the decision number, the
seat, the engine's own legality check) or a bot's (:meth:`GameHost.bot_step`). After every
applied action the save is written atomically and the log record is already written (the
game's sink is the session's :class:`~distant_galaxy.play.log.LogWriter`), then the listeners
are told (the web app pushes new snapshots). The web layer (:mod:`distant_galaxy.serve.app`)
holds no game state of its own.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

from distant_galaxy.core.game import Game
from distant_galaxy.errors import ActionError, EngineError, SaveError
from distant_galaxy.play.controllers import Controller
from distant_galaxy.play.runner import Session, finish_log
from distant_galaxy.play.saves import save_game, write_atomic

#: Who a token stands for in a hot-seat game: every human seat at one screen.
HOT_SEAT = "*hot-seat*"

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
        """The game after an applied action (write the save)."""

    def finished(self, session: Session) -> None:
        """The game has ended (write the result record, close the log, the last save)."""


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


def new_token() -> str:
    """A secret token of a seat's link (128 random bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(16)


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

    def __post_init__(self) -> None:
        if not self.tokens:
            self.tokens = make_tokens(self.humans(), self.hot_seat)

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
        """seat (or ``hot-seat``) → its join link under ``base`` (``http://host:port``)."""
        return {("hot-seat" if seat == HOT_SEAT else seat): f"{base}/play/{token}"
                for token, seat in self.tokens.items()}

    # -- changes ---------------------------------------------------------------------------------
    def submit(self, token: str | None, text: Any, decision: Any) -> Reply:
        """A person's action: 200 applied, 400 malformed or illegal, 403 a wrong token or not
        that seat's decision, 409 not the current decision (a double submission) or the game
        over. Nothing changes unless the answer is 200."""
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
        with self.lock:
            return self._submit(who, text.strip(), decision)

    def _submit(self, who: str, text: str, decision: int) -> Reply:
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
        try:
            self._apply(pend.seat, text)
        except ActionError as exc:
            return Reply(400, {"ok": False, "error": str(exc)})
        return Reply(200, {"ok": True, "decision": self.decision})

    def bot_step(self) -> bool:
        """If a bot's decision is pending, let it choose and apply it; whether one acted."""
        with self.lock:
            game = self.game
            pend = game.pending
            if game.over or pend is None or self.error is not None:
                return False
            bot = self.bots().get(pend.seat)
            if bot is None:
                return False
            try:
                action = bot.choose(cast(Game, game.view(pend.seat)))  # a view, typed as a game
                if action is None:
                    raise EngineError(f"the bot of {pend.seat} chose no action")
                self._apply(pend.seat, action)
            except EngineError as exc:  # a bot's fault stops its game, said on every page
                self.error = f"the bot of {pend.seat} failed: {exc}"
                self._changed()
                return False
            return True

    def drive_bots(self) -> int:
        """Let the bots play until a person's decision is pending or the game ends; how many
        actions they took."""
        n = 0
        while self.bot_step():
            n += 1
        return n

    def _apply(self, seat: str, action: Any) -> None:
        game = self.game
        seen = len(game.view(seat).events)
        game.apply(action, seat=seat)
        self.seen[seat] = seen
        if self.kinds.get(seat) == "human":
            self.last_human = seat
        if game.over:
            self.persist.finished(self.session)
        else:
            self.persist.decided(self.session)
        self._changed()

    def _changed(self) -> None:
        with self.meta:  # (not the game's lock: a bot may hold that while it thinks)
            self.version += 1
        for tell in list(self.listeners):
            tell()

    def connect(self, who: str | None, delta: int) -> None:
        """A client of ``who`` connected (+1) or left (-1); seats' presence is in snapshots."""
        if who is None:
            return
        with self.meta:
            self.connected[who] = self.connected.get(who, 0) + delta
        self._changed()

    def is_connected(self, seat: str) -> bool:
        if self.kinds.get(seat) != "human":
            return True
        return self.connected.get(seat, 0) > 0 or (self.hot_seat and
                                                   self.connected.get(HOT_SEAT, 0) > 0)


def make_tokens(humans: list[str], hot_seat: bool) -> dict[str, str]:
    """token → seat for the human seats (one token for all of them in a hot-seat game)."""
    if hot_seat and humans:
        return {new_token(): HOT_SEAT}
    return {new_token(): seat for seat in humans}


def links_path(save: Path) -> Path:
    """Where the tokens of a served save are kept (beside it, readable by its owner only), so
    that after a crash ``dg serve --resume`` keeps the links the players already have."""
    return save.with_name(save.name + ".links")


def write_tokens(save: Path | None, tokens: dict[str, str], tag: str | None = None) -> None:
    """Keep the tokens beside ``save`` (``tag``: the campaign stage they are for)."""
    if save is None:
        return
    path = links_path(save)
    write_atomic(path, json.dumps({"tokens": tokens, "tag": tag}, sort_keys=True, indent=1))
    os.chmod(path, 0o600)


def read_tokens(save: Path, seats: list[str], tag: str | None = None) -> dict[str, str]:
    """The tokens kept beside ``save`` (none when there is no such file, or it was written for
    another ``tag``: another campaign stage); a file that does not name known seats is
    refused."""
    path = links_path(save)
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tokens = data["tokens"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"{path}: not a links file of dg serve ({exc!r:.80})") from None
    if data.get("tag") != tag:
        return {}
    if not isinstance(tokens, dict) or not all(
            isinstance(t, str) and (s in seats or s == HOT_SEAT) for t, s in tokens.items()):
        raise SaveError(f"{path}: the links file does not name seats of the saved game")
    return tokens


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
