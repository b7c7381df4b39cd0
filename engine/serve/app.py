"""The web routes of ``dg serve`` (Starlette, served by uvicorn: the optional extra ``serve``).

Routes (docs/serve.md, "Protocol"): ``/`` an index without tokens, ``/play/{token}`` and
``/watch`` the page, ``/static/{name}`` its files, ``/api/state`` a snapshot, ``/api/events`` the
snapshots pushed as server-sent events, ``/api/narration`` everything a seat was told since its
last decision, ``/api/act`` a person's action, ``/api/games`` the games hosted. Game state
lives in :mod:`distant_galaxy.serve.host`; what blocks (an action, a bot's choice, building a
snapshot) runs in a worker thread, so one game's thinking bot never stops the others' pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from distant_galaxy.errors import EngineError
from distant_galaxy.serve.host import HOT_SEAT, GameHost, Hub
from distant_galaxy.serve.snapshot import full_narration, snapshot_json

STATIC = Path(__file__).resolve().parent / "static"

#: The largest request body accepted (an action's JSON is a few hundred bytes).
MAX_BODY = 16 * 1024

#: Seconds between the ``: ping`` comments of an event stream (keeps proxies from closing it).
PING_SECONDS = 15.0

#: Seconds a game's bots wait before trying again when the save could not be written.
RETRY_SECONDS = 5.0

#: The line of page.html that the server completes with the path the page is reached under.
BASE_TAG = '<base href="/">'

SAFE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff"}

_STATIC_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*$")


def _json(status: int, body: dict[str, Any]) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=SAFE_HEADERS)


class Wakers:
    """The asyncio events to set when a game changes (one per open stream, one for its bots),
    set from whichever thread changed the game."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.events: set[asyncio.Event] = set()

    def tell(self) -> None:
        try:
            self.loop.call_soon_threadsafe(self._set_all)
        except RuntimeError:  # the server has stopped (its loop is closed): nobody to tell
            pass

    def _set_all(self) -> None:
        for event in self.events:
            event.set()


class ServeApp:
    """The routes over a :class:`Hub` of games."""

    def __init__(self, hub: Hub, static: Path = STATIC, pace: float = 0.0,
                 prefix: str = "") -> None:
        self.hub = hub
        self.static = static
        self.pace = pace
        self.prefix = prefix.rstrip("/")
        self.wakers: dict[str, Wakers] = {}
        #: set when the server begins to stop: every open event stream ends (an open stream
        #: held the shutdown until uvicorn cancelled it, with a traceback per browser)
        self.stopping = False

    def stop_streams(self) -> None:
        """End every open event stream (called when the server is asked to stop)."""
        self.stopping = True
        for wakers in self.wakers.values():
            wakers.tell()

    # -- lifespan: one task per game plays its bots ----------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        tasks = []
        for host in self.hub.games.values():
            wakers = self.wakers[host.game_id] = Wakers(loop)
            host.listeners.append(wakers.tell)
            tasks.append(asyncio.create_task(self._bots(host, wakers)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()

    async def _bots(self, host: GameHost, wakers: Wakers) -> None:
        wake = asyncio.Event()
        wakers.events.add(wake)
        wake.set()
        while True:
            await wake.wait()
            wake.clear()
            while not host.game.over:
                if self.pace:
                    await asyncio.sleep(self.pace)
                if await run_in_threadpool(host.bot_step):
                    continue
                if not host.retry_bots:
                    break
                await asyncio.sleep(RETRY_SECONDS)  # the save failed: the bot tries again

    # -- finding the game and the seat -----------------------------------------------------------
    def _find(self, request: Request) -> tuple[GameHost, str | None] | Response:
        token = request.query_params.get("token") or None
        if token is not None:
            host = self.hub.by_token(token)
            if host is None:
                return _json(403, {"ok": False, "error": "wrong token"})
            return host, host.who(token)
        host = self.hub.game(request.query_params.get("game"))
        if host is None:
            return _json(404, {"ok": False, "error": "no such game"})
        return host, None

    @staticmethod
    def _at_screen(request: Request, who: str | None) -> str | None:
        """Hot seat: the seat whose player said "I am here" (``&seat=S``), else None."""
        if who != HOT_SEAT:
            return None
        return request.query_params.get("seat") or None

    # -- pages -----------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        return HTMLResponse(index_html(self.hub), headers=SAFE_HEADERS)

    async def play(self, request: Request) -> Response:
        if self.hub.by_token(request.path_params["token"]) is None:
            return HTMLResponse("<h1>403: this link is not a seat of a game here</h1><p>If the "
                                "host restarted the server, the game goes on — with the same "
                                "links — once they start it with <code>dg serve --resume "
                                "SAVE</code>.</p>", status_code=403, headers=SAFE_HEADERS)
        return self._page()

    async def watch(self, request: Request) -> Response:
        if self.hub.game(request.query_params.get("game")) is None:
            return HTMLResponse("<h1>404: no such game</h1>", status_code=404,
                                headers=SAFE_HEADERS)
        return self._page()

    def _page(self) -> Response:
        """page.html, its ``<base>`` naming the path the server is reached under (the path of
        ``--public-url`` behind a reverse proxy), so that its relative links find the server."""
        try:
            text = (self.static / "page.html").read_text(encoding="utf-8")
        except OSError:
            return HTMLResponse("<h1>the page is missing from this installation</h1>",
                                status_code=500, headers=SAFE_HEADERS)
        base = html.escape(self.prefix + "/", quote=True)
        return HTMLResponse(text.replace(BASE_TAG, f'<base href="{base}">', 1),
                            headers=SAFE_HEADERS)

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        path = self.static / name
        if not _STATIC_NAME.match(name) or not path.is_file():
            return Response("not found", status_code=404, headers=SAFE_HEADERS)
        return FileResponse(path, headers=SAFE_HEADERS)

    # -- the API ---------------------------------------------------------------------------------
    async def games(self, request: Request) -> Response:
        return _json(200, {"games": [game_summary(h) for h in self.hub.games.values()]})

    async def state(self, request: Request) -> Response:
        found = self._find(request)
        if isinstance(found, Response):
            return found
        host, who = found
        text = await run_in_threadpool(snapshot_json, host, who, self._at_screen(request, who))
        return Response(text, media_type="application/json", headers=SAFE_HEADERS)

    async def narration(self, request: Request) -> Response:
        """Everything a seat was told since its last decision (a snapshot carries the latest
        lines only, :data:`~distant_galaxy.serve.snapshot.MAX_LINES`)."""
        found = self._find(request)
        if isinstance(found, Response):
            return found
        host, who = found
        if who is None:
            return _json(403, {"ok": False, "error": "a seat's token is needed"})
        body = await run_in_threadpool(full_narration, host, who, self._at_screen(request, who))
        return _json(200, body)

    async def events(self, request: Request) -> Response:
        found = self._find(request)
        if isinstance(found, Response):
            return found
        host, who = found
        return StreamingResponse(self._stream(host, who, self._at_screen(request, who)),
                                 media_type="text/event-stream",
                                 headers={**SAFE_HEADERS, "X-Accel-Buffering": "no"})

    async def _stream(self, host: GameHost, who: str | None, here: str | None
                      ) -> AsyncIterator[str]:
        changed = asyncio.Event()
        wakers = self.wakers[host.game_id]
        wakers.events.add(changed)
        host.connect(who, +1)
        try:
            sent = -1
            while not self.stopping:
                if host.version != sent:
                    sent = host.version
                    text = await run_in_threadpool(snapshot_json, host, who, here)
                    yield f"event: snapshot\ndata: {text}\n\n"
                    continue
                try:
                    await asyncio.wait_for(changed.wait(), PING_SECONDS)
                    changed.clear()
                except asyncio.TimeoutError:
                    yield ": ping\n\n"
        finally:
            wakers.events.discard(changed)
            host.connect(who, -1)

    async def act(self, request: Request) -> Response:
        return await self._change(request, "action")

    async def undo(self, request: Request) -> Response:
        return await self._change(request, "undo")

    async def _change(self, request: Request, what: str) -> Response:
        """``/api/act`` (``what``: ``action``) and ``/api/undo``: the body read, the game found
        by its token, the change made by its host in a worker thread."""
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        token = body.get("token")
        host = self.hub.by_token(token) if isinstance(token, str) and token else None
        if host is None:
            return _json(403, {"ok": False, "error": "wrong token" if token else
                               "a token is needed to act"})
        try:
            if what == "undo":
                reply = await run_in_threadpool(host.undo, token, body.get("decision"))
            else:
                reply = await run_in_threadpool(host.submit, token, body.get("action"),
                                                body.get("decision"))
        except Exception as exc:  # a fault of the server: said on its terminal and to the page
            text = f"the server failed on this {what}: {exc!r:.300}"
            host.say(f"{text} (decision {host.decision})")
            return _json(500, {"ok": False, "error": text})
        return _json(reply.status, reply.body)

    def routes(self) -> list[Route]:
        return [Route("/", self.index), Route("/play/{token}", self.play),
                Route("/watch", self.watch), Route("/static/{name}", self.static_file),
                Route("/api/games", self.games), Route("/api/state", self.state),
                Route("/api/events", self.events), Route("/api/narration", self.narration),
                Route("/api/act", self.act, methods=["POST"]),
                Route("/api/undo", self.undo, methods=["POST"])]


async def read_body(request: Request) -> dict[str, Any] | Response:
    """The request's JSON object, read no further than :data:`MAX_BODY` bytes: 413 for a
    larger body, 400 for one that is not a JSON object."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return _json(413, {"ok": False, "error": f"the body is larger than {MAX_BODY} bytes"})
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            return _json(413, {"ok": False, "error": f"the body is larger than {MAX_BODY} bytes"})
    try:
        body = json.loads(bytes(data))
    except (ValueError, RecursionError):
        return _json(400, {"ok": False, "error": "the body is not JSON"})
    if not isinstance(body, dict):
        return _json(400, {"ok": False, "error": "the body must be a JSON object "
                           '{"token": …, "action": …, "decision": …}'})
    return body


def game_summary(host: GameHost) -> dict[str, Any]:
    """What the index and ``/api/games`` tell about a game (never a token)."""
    game = host.game
    return {"game": host.game_id, "scenario": game.scenario.id, "title": game.scenario.title,
            "seats": {s: host.kinds.get(s, "?") for s in game.state.seats},
            "decision": host.decision, "over": game.over, "watch": watch_path(host)}


def watch_path(host: GameHost) -> str:
    """The spectators' page of a game, relative to the server's base (``watch?game=g2``)."""
    return "watch" if host.game_id == "main" else f"watch?game={host.game_id}"


def index_html(hub: Hub) -> str:
    rows = []
    for host in hub.games.values():
        s = game_summary(host)
        seats = ", ".join(f"{html.escape(k)}: {html.escape(v)}" for k, v in s["seats"].items())
        state = "over" if s["over"] else f"decision {s['decision']}"
        rows.append(f"<li><a href=\"{html.escape(s['watch'])}\">{html.escape(s['title'])}</a> "
                    f"({html.escape(s['scenario'])}; {seats}; {state})</li>")
    return ("<!doctype html><meta charset=utf-8><title>dg serve</title>"
            "<h1>Distant Galaxy: games hosted here</h1><ul>" + "".join(rows) + "</ul>"
            "<p>Players join with the link the host gave them; anyone may watch.</p>")


def make_app(hub: Hub, static: Path = STATIC, pace: float = 0.0, prefix: str = "") -> Starlette:
    """The ASGI application over ``hub`` (``prefix``: the path it is reached under behind a
    reverse proxy that strips it, ``/dg``; empty at the root)."""
    return _starlette(ServeApp(hub, static, pace, prefix))


def _starlette(app: ServeApp) -> Starlette:
    return Starlette(routes=app.routes(), lifespan=app.lifespan)


class _Server(uvicorn.Server):
    """uvicorn's server, which ends the open event streams as soon as it is asked to stop."""

    def __init__(self, config: uvicorn.Config, app: ServeApp) -> None:
        super().__init__(config)
        self.serve_app = app

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.serve_app.stop_streams()
        super().handle_exit(sig, frame)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); an address in use or not of
    this machine is an :class:`EngineError` naming it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        raise EngineError(f"cannot listen on {where}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, OverflowError) as exc:
        sock.close()
        why = getattr(exc, "strerror", None) or str(exc)
        hint = (" (another program listens there: choose another port with --port N, or "
                "--port 0 for a free one)") if isinstance(exc, OSError) and \
            exc.errno in (98, 48, 10048) else ""
        raise EngineError(f"cannot listen on {where}: {why}{hint}") from None
    return sock


def run_server(hub: Hub, sock: socket.socket, pace: float = 0.0, prefix: str = "") -> None:
    """Serve ``hub`` on the listening socket ``sock`` (:func:`listen`) until Ctrl-C or a
    SIGTERM (uvicorn stops gracefully, then gives the signal back: both end here as a
    :class:`KeyboardInterrupt`, so the caller can say where the games are kept)."""
    app = ServeApp(hub, pace=pace, prefix=prefix)
    config = uvicorn.Config(_starlette(app), log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)
    previous = signal.signal(signal.SIGTERM, _interrupted)
    try:
        _Server(config, app).run(sockets=[sock])
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
        sys.stdout.flush()


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
