"""``dg join URL``: play a seat of a served game from a terminal (the standard library only).

The client reads the server's event stream (``/api/events``, server-sent events) with urllib
and posts actions to ``/api/act``. At each of the seat's decisions it prints what the terminal
prompt of ``dg run`` prints: what happened since the seat's last decision, the board, the
pending decision and the legal actions grouped as the prompt groups them; it reads an action (a
unique beginning is enough) or ``list``, ``show``, ``help``, ``undo`` (``/api/undo``),
``quit``. A spectator's link (``/watch``) prints the game as it goes.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from distant_galaxy.core.actions import Action
from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import action_lines, drop_typed_ahead, wrapped

#: Seconds without a byte from the server before the stream counts as lost (it pings every 15).
READ_TIMEOUT = 45.0

#: How long to keep trying to reach a server that went away (it may be resumed).
RETRY_SECONDS = 60.0

HELP = """Type an action in its text form (a unique beginning is enough; the server checks any
other text and says why it is not possible), or:
  list          all legal actions
  show          the board again
  legend        what the board's letters and signs mean
  help          this text
  help ACTION   how an action is written and what it does
  undo          take back your last action of this decision (not past a die roll, a
                revealed value, or an action that ended your decision)
  quit          leave (the game goes on on the server; the same link joins again)"""

#: What ``decide`` returns for the person's ``undo`` (sent to ``/api/undo``): no action's text
#: (a verb is a word).
UNDO = "<undo>"


@dataclass
class Link:
    """A join link taken apart: the server's base address, the token (None: a spectator) and
    the game id of a spectator's link."""

    base: str
    token: str | None
    game: str | None = None

    def query(self) -> str:
        if self.token:
            return "token=" + urllib.parse.quote(self.token)
        return "game=" + urllib.parse.quote(self.game) if self.game else ""


def parse_link(url: str) -> Link:
    """``http://host:port/play/TOKEN`` or ``http://host:port/watch[?game=ID]`` (behind a
    reverse proxy, under a path: ``https://host/dg/play/TOKEN``)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise EngineError(f"{url!r} is not a link of dg serve (http://HOST:PORT/play/TOKEN)")
    origin = f"{parts.scheme}://{parts.netloc}"
    path = parts.path.rstrip("/")
    head, sep, token = path.rpartition("/play/")
    if sep and token and "/" not in token:
        return Link(origin + head, urllib.parse.unquote(token))
    if path.endswith("/watch"):
        game = urllib.parse.parse_qs(parts.query).get("game", [None])[0]
        return Link(origin + path[:-len("/watch")], None, game)
    raise EngineError(f"{url!r} is not a seat's link (/play/TOKEN) or a spectator's (/watch)")


def events(link: Link, timeout: float = READ_TIMEOUT) -> Iterator[dict[str, Any]]:
    """The snapshots the server pushes (one stream; ends when the connection does)."""
    url = f"{link.base}/api/events?{link.query()}"
    try:
        resp = urllib.request.urlopen(url, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 403:
            raise EngineError(f"{link.base}: the server refuses this link (403: wrong token)"
                              ) from None
        raise EngineError(f"{link.base}: the server answered {exc.code}") from None
    with resp:
        kind, data = "", []
        for raw in resp:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            elif not line and data:
                if kind == "snapshot":
                    yield json.loads("\n".join(data))
                kind, data = "", []


def all_narration(link: Link, decision: int) -> list[str] | None:
    """Every line since the seat's last decision (``/api/narration``: a snapshot carries the
    latest ones only), or None when the server has moved on or cannot be reached."""
    try:
        with urllib.request.urlopen(f"{link.base}/api/narration?{link.query()}",
                                    timeout=READ_TIMEOUT) as resp:
            body = json.loads(resp.read())
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("decision") != decision:
        return None
    lines = body.get("lines")
    return [str(x) for x in lines] if isinstance(lines, list) else None


def post_action(link: Link, text: str, decision: int) -> tuple[int, dict[str, Any]]:
    """POST the action (``/api/act``; :data:`UNDO`: ``/api/undo``); the status and the server's
    JSON answer."""
    fields: dict[str, Any] = {"token": link.token, "decision": decision}
    if text != UNDO:
        fields["action"] = text
    route = "undo" if text == UNDO else "act"
    req = urllib.request.Request(f"{link.base}/api/{route}", data=json.dumps(fields).encode(),
                                 method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=READ_TIMEOUT) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        try:
            return exc.code, json.loads(exc.read())
        except ValueError:
            return exc.code, {"ok": False, "error": f"the server answered {exc.code}"}


@dataclass
class Terminal:
    """What the terminal shows of the snapshots, as the prompt of ``dg run`` shows a game."""

    link: Link
    inp: TextIO = field(default_factory=lambda: sys.stdin)
    out: TextIO = field(default_factory=lambda: sys.stdout)
    shown: int = 0
    waiting: int | None = None
    last_board: str | None = None
    key_shown: bool = False  # whether the board's key (the snapshot's ``legend``) was shown
    answered: int = -1
    #: whether the seat waited for another since its last prompt (what it typed meanwhile is
    #: dropped at its turn: it was typed before the board it answers was shown)
    waited: bool = False

    def say(self, text: str, wrap: bool = True) -> None:
        """Write ``text`` (on a terminal wrapped to its width, but for the board's rows)."""
        self.out.write((wrapped(text, self.out) if wrap else text) + "\n")
        self.out.flush()

    def news(self, snap: dict[str, Any]) -> None:
        lines = snap.get("narration") or []
        if snap.get("narration_left_out") and self.link.token:  # all of it, as dg run tells it
            lines = all_narration(self.link, snap.get("decision", -1)) or lines
        if self.shown > len(lines):
            self.shown = 0
        if lines[self.shown:]:
            self.say("\n".join(lines[self.shown:]))
        self.shown = len(lines)

    def board(self, snap: dict[str, Any], force: bool = False) -> None:
        """The board and its status lines, if they changed (``force``: in any case); the
        board's key with the first board and on ``show``, as ``dg run``'s prompt shows it."""
        text = snap.get("board") or ""
        if force or text != self.last_board:
            key = snap.get("legend") or ""
            if key and (force or not self.key_shown):
                self.key_shown = True
                self.say(f"{text}\n{key}", wrap=False)
            else:
                self.say(text, wrap=False)
            self.last_board = text
        else:
            self.say("(the board has not changed; 'show' prints it again)")

    def heading(self, snap: dict[str, Any]) -> None:
        pend = snap.get("pending") or {}
        why = f" — {pend['reason']}" if pend.get("reason") else ""
        self.say(f"== {pend.get('seat')}: {pend.get('kind')}{why}")

    def list_actions(self, snap: dict[str, Any], limit: int | None = None) -> None:
        actions = [Action.parse(a["text"]) for a in snap.get("actions") or []]
        self.say("\n".join(action_lines(actions, limit)))

    def decide(self, snap: dict[str, Any]) -> str | None:
        """Prompt until a legal action is typed; None when the person quits."""
        self.news(snap)
        self.board(snap)
        self.heading(snap)
        self.list_actions(snap, limit=40)
        texts = [a["text"] for a in snap.get("actions") or []]
        while True:
            self.out.write(f"{snap.get('you')}> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return None
            word = line.strip()
            if word.lower() in ("quit", "exit"):
                return None
            if not word:
                continue
            if word.lower() in ("help", "?"):
                self.say(HELP)
            elif word.lower().startswith("help "):
                self.say(verb_help(snap, word.split(None, 1)[1].strip()))
            elif word.lower() == "list":
                self.list_actions(snap)
            elif word.lower() == "undo" and word not in texts:
                if snap.get("undo"):
                    return UNDO
                self.say("nothing to undo now: no action of this decision yet, or the last one "
                         "rolled a die, revealed a hidden value or ended the decision")
            elif word.lower() in ("show", "board") and word not in texts:
                self.board(snap, force=True)
                self.heading(snap)
            elif word.lower() == "legend" and word not in texts:
                self.say(snap.get("legend") or "this board has no key: its glyphs are the "
                         "seats' marks and the units' letters")
            else:
                chosen = match(texts, word)
                if chosen is not None:
                    return chosen
                starts = [t for t in texts if t.startswith(word)]
                if not starts:  # another form (a cell for a unit…) or a mistake: the server
                    return word  # checks it, and says why it is not possible
                self.say(f"{word!r} begins several actions: " + " | ".join(starts[:10])
                         + (" …" if len(starts) > 10 else ""))


def verb_help(snap: dict[str, Any], verb: str) -> str:
    """``help move``: the snapshot's words for the action (as ``dg run``'s prompt says them)."""
    helps = snap.get("help") or {}
    if verb in helps:
        return str(helps[verb])
    return f"no action '{verb}' now (the actions: {', '.join(sorted(helps)) or 'none'})"


def match(texts: list[str], word: str) -> str | None:
    """The legal action ``word`` names: itself, or the one action it begins."""
    if word in texts:
        return word
    starts = [t for t in texts if t.startswith(word)]
    return starts[0] if len(starts) == 1 else None


def join_game(url: str, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Play (or watch) the game of ``url`` to its end; 0 at the end, 0 when the person quits."""
    link = parse_link(url)
    term = Terminal(link, inp or sys.stdin, out or sys.stdout)
    lost_since: float | None = None
    while True:
        try:
            for snap in events(link):
                lost_since = None
                if follow(term, snap):
                    return 0
            raise ConnectionError("the stream ended")
        except (OSError, ConnectionError, urllib.error.URLError) as exc:
            term.answered = -1  # a new stream queues nothing stale (a resumed server's numbers)
            lost_since = lost_since or time.monotonic()
            if time.monotonic() - lost_since > RETRY_SECONDS:
                raise EngineError(f"{link.base}: the server is gone ({exc})") from None
            term.say(f"(the connection to {link.base} was lost; trying again…)")
            time.sleep(2.0)


def follow(term: Terminal, snap: dict[str, Any]) -> bool:
    """Show one snapshot (and decide when it is the seat's turn); True when done."""
    if snap.get("result") is not None:
        term.news(snap)
        term.board(snap)
        term.say(f"== the game is over: {snap.get('result_text')}")
        return True
    if snap.get("error"):
        term.say(f"== the game stopped on the server: {snap['error']}")
        return True
    if term.link.token is None:  # a spectator: what happened, and the board when it changed
        term.news(snap)
        if (snap.get("board") or "") != term.last_board:
            term.board(snap)
        return False
    if int(snap["decision"]) <= term.answered:
        return False  # queued before the answer was applied
    if not snap.get("your_turn"):
        pend = snap.get("pending") or {}
        if term.last_board is None:  # joined (or joined again) while another seat decides
            term.news(snap)
            term.board(snap)
        if term.waiting != snap.get("decision"):
            term.waiting = snap.get("decision")
            term.waited = True
            term.say(f"(waiting for {pend.get('seat')}…)")
        return False
    if term.waited and drop_typed_ahead(term.inp):
        term.say("(what you typed while waiting was not sent: the board has changed since — "
                 "type it again if you still mean it)")
    term.waited = False
    return act(term, snap)


def act(term: Terminal, snap: dict[str, Any]) -> bool:
    """Ask the person for the decision and send it; True when the person quits."""
    while True:
        text = term.decide(snap)
        if text is None:
            term.say("left the game (it goes on on the server; the same link joins again)")
            return True
        status, answer = post_action(term.link, text, int(snap["decision"]))
        if status == 200 and text == UNDO:
            term.say(f"undone: {answer.get('undone')}")
            term.shown = 0
            term.answered = int(answer.get("decision", 0)) - 1  # the decision again, one back
            return False
        if status == 200:
            term.shown = 0
            term.answered = int(snap["decision"])  # its snapshots still queued are stale
            return False
        term.say(f"not possible: {answer.get('error')}")
        same = answer.get("decision") == snap.get("decision")  # nothing moved on: ask again
        if status != 400 and not (text == UNDO and same):
            return False
