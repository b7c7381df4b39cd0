"""The web routes of ``dg serve`` (Starlette, served by uvicorn: the optional extra ``serve``).

Routes (docs/serve.md, "Protocol"): ``/`` an index without tokens, ``/play/{token}`` and
``/watch`` the page, ``/static/{name}`` its files, ``/api/state`` a snapshot, ``/api/events`` the
snapshots pushed as server-sent events, ``/api/act`` a person's action, ``/api/games`` the games
hosted. Game state lives in :mod:`distant_galaxy.serve.host`; what blocks (an action, a bot's
choice, building a snapshot) runs in a worker thread, so one game's thinking bot never stops the
others' pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from distant_galaxy.serve.host import GameHost, Hub
from distant_galaxy.serve.snapshot import snapshot_json

STATIC = Path(__file__).resolve().parent / "static"

#: The largest request body accepted (an action's JSON is a few hundred bytes).
MAX_BODY = 16 * 1024

#: Seconds between the ``: ping`` comments of an event stream (keeps proxies from closing it).
PING_SECONDS = 15.0

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
        self.loop.call_soon_threadsafe(self._set_all)

    def _set_all(self) -> None:
        for event in self.events:
            event.set()


class ServeApp:
    """The routes over a :class:`Hub` of games."""

    def __init__(self, hub: Hub, static: Path = STATIC, pace: float = 0.0) -> None:
        self.hub = hub
        self.static = static
        self.pace = pace
        self.wakers: dict[str, Wakers] = {}

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
                if not await run_in_threadpool(host.bot_step):
                    break

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

    # -- pages -----------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        return HTMLResponse(index_html(self.hub), headers=SAFE_HEADERS)

    async def play(self, request: Request) -> Response:
        if self.hub.by_token(request.path_params["token"]) is None:
            return HTMLResponse("<h1>403: this link is not a seat of a game here</h1>",
                                status_code=403, headers=SAFE_HEADERS)
        return self._page()

    async def watch(self, request: Request) -> Response:
        if self.hub.game(request.query_params.get("game")) is None:
            return HTMLResponse("<h1>404: no such game</h1>", status_code=404,
                                headers=SAFE_HEADERS)
        return self._page()

    def _page(self) -> Response:
        page = self.static / "page.html"
        if not page.is_file():
            return HTMLResponse("<h1>the page is missing from this installation</h1>",
                                status_code=500, headers=SAFE_HEADERS)
        return FileResponse(page, media_type="text/html", headers=SAFE_HEADERS)

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
        text = await run_in_threadpool(snapshot_json, host, who)
        return Response(text, media_type="application/json", headers=SAFE_HEADERS)

    async def events(self, request: Request) -> Response:
        found = self._find(request)
        if isinstance(found, Response):
            return found
        host, who = found
        return StreamingResponse(self._stream(host, who), media_type="text/event-stream",
                                 headers={**SAFE_HEADERS, "X-Accel-Buffering": "no"})

    async def _stream(self, host: GameHost, who: str | None) -> AsyncIterator[str]:
        changed = asyncio.Event()
        wakers = self.wakers[host.game_id]
        wakers.events.add(changed)
        host.connect(who, +1)
        try:
            sent = -1
            while True:
                if host.version != sent:
                    sent = host.version
                    text = await run_in_threadpool(snapshot_json, host, who)
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
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        token = body.get("token")
        host = self.hub.by_token(token) if isinstance(token, str) and token else None
        if host is None:
            return _json(403, {"ok": False, "error": "wrong token" if token else
                               "a token is needed to act"})
        reply = await run_in_threadpool(host.submit, token, body.get("action"),
                                        body.get("decision"))
        return _json(reply.status, reply.body)

    def routes(self) -> list[Route]:
        return [Route("/", self.index), Route("/play/{token}", self.play),
                Route("/watch", self.watch), Route("/static/{name}", self.static_file),
                Route("/api/games", self.games), Route("/api/state", self.state),
                Route("/api/events", self.events),
                Route("/api/act", self.act, methods=["POST"])]


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
    return "/watch" if host.game_id == "main" else f"/watch?game={host.game_id}"


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


def make_app(hub: Hub, static: Path = STATIC, pace: float = 0.0) -> Starlette:
    """The ASGI application over ``hub``."""
    app = ServeApp(hub, static, pace)
    return Starlette(routes=app.routes(), lifespan=app.lifespan)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def run_server(hub: Hub, host: str, port: int, ready: Callable[[int], None],
               pace: float = 0.0) -> None:
    """Serve ``hub`` until interrupted; ``ready(port)`` is called once the port is bound."""
    sock = bind(host, port)
    config = uvicorn.Config(make_app(hub, pace=pace), log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)
    ready(sock.getsockname()[1])
    uvicorn.Server(config).run(sockets=[sock])
