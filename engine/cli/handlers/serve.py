"""``dg serve``: host a game (or a campaign's next stage, or a saved game) for browsers and
terminals on other machines; ``dg join``: play a seat of a served game from a terminal.

The port is bound first: a port in use is refused before any file is written. Then the games
are set up (their saves and links files written), the links printed, and the server runs until
Ctrl-C; what happens (seats connecting and leaving, the end of a game, a failure) is said on the
terminal.
"""

from __future__ import annotations

import argparse
import io
import json
import secrets
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from distant_galaxy.campaign.runner import (
    CampaignRun,
    finish_stage,
    open_campaign,
    pass_unplayable,
    resume_stage,
    save_current,
    start_stage,
)
from distant_galaxy.campaign.save import find_save
from distant_galaxy.cli.handlers.play import (
    game_from_save,
    parse_seats,
    replayed_into_log,
    small_seed_warning,
)
from distant_galaxy.cli.spec import MAX_SEED, check_seed_run
from distant_galaxy.core.hidden import fresh_secret
from distant_galaxy.errors import EngineError, SaveError
from distant_galaxy.play.controllers import bot_problem, wrapped
from distant_galaxy.play.log import LogWriter
from distant_galaxy.play.outputs import check_outputs
from distant_galaxy.play.render import no_such_seat, render_result
from distant_galaxy.play.runner import (
    Session,
    finish_log,
    make_controllers,
    new_session,
    resumed_session,
)
from distant_galaxy.play.saves import read_save
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.serve.address import link_base, public_url
from distant_galaxy.serve.client import join_game
from distant_galaxy.serve.host import GameHost, Hub, SaveFile, stamped
from distant_galaxy.serve.links import HOT_SEAT, Links, keep_tokens, read_links, write_links

INSTALL_HINT = 'pip install "distant-galaxy-engine[serve]" (from a checkout: pip install ".[serve]")'

#: The human seats' controllers on the server are never asked (people act through the web);
#: they get a prompt that reads and writes nowhere.
INERT_IO: dict[str, Any] = {"inp": io.StringIO(), "out": io.StringIO()}

#: The addresses whose links reach this machine only.
LOOPBACK = ("127.0.0.1", "localhost", "::1")

#: In ``--save`` and ``--log`` of ``--games N``, replaced by each game's id (g1…gN).
GAME_FIELD = "{game}"


def server_module() -> ModuleType:
    """:mod:`distant_galaxy.serve.app`, which needs the optional extra ``serve``."""
    try:
        from distant_galaxy.serve import app  # the [serve] extra: Starlette and uvicorn
    except ImportError as exc:
        raise EngineError(f"dg serve needs Starlette and uvicorn ({exc.name} is missing): "
                          f"{INSTALL_HINT}") from None
    return app


def serve(args: argparse.Namespace) -> int:
    app = server_module()
    public = public_url(args.public_url) if args.public_url else None
    sock = app.listen(args.host, args.port)  # first: a port in use leaves no file behind
    try:
        hub = Hub()
        for host in hosts(args):
            hub.add(host)
    except BaseException:
        sock.close()
        raise
    port = sock.getsockname()[1]
    base, hint = link_base(args.host, port, public)
    print_start(hub, args.host, port, base, hint)
    for note in start_notes(hub, args):
        print_now(f"  note: {note}")
    for host in hub.games.values():
        host.say = stamped(print_now, "" if len(hub.games) == 1 else f"[{host.game_id}] ")
    try:
        app.run_server(hub, sock, pace=args.pace, prefix=prefix_of(public))
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM): the usual way to stop the server
        pass
    print_stopped(hub)
    return 0


def print_now(text: str) -> None:
    """A line of the server's own (a note, what happens in a game), on a terminal wrapped to
    its width between words (a link is never cut: it has no space); a pipe gets it whole."""
    print(wrapped(text, sys.stdout), flush=True)


def prefix_of(public: str | None) -> str:
    """The path of ``--public-url`` (``/dg``), which the page's links start with."""
    if not public:
        return ""
    rest = public.split("://", 1)[1]
    return rest[rest.find("/"):] if "/" in rest else ""


def hosts(args: argparse.Namespace) -> list[GameHost]:
    """The games to host: a saved game (``--resume``), a campaign stage (``--campaign``), or
    ``--games N`` new games of the scenario."""
    if args.resume:
        return [resumed_host(args)]
    if args.campaign is not None:
        return [campaign_host(args)]
    if not args.scenario:
        raise EngineError("name a scenario (dg serve asteroid-belt --seat "
                          "orange=human; dg list shows each scenario's seats), or give "
                          "--resume SAVE or --campaign [SAVE]")
    check_seed_run(args.seed if args.seed is not None else 0, args.games, "--seed")
    if args.games > 1:
        for flag, value in (("--save", args.save), ("--log", args.log)):
            if value and GAME_FIELD not in value:
                raise EngineError(f"{flag} {value}: with --games N each game needs a file of "
                                  f"its own: put {GAME_FIELD} in the name (it becomes g1…gN), "
                                  f"e.g. {flag} 'games/{GAME_FIELD}.json'")
    scenario = load_scenario(args.scenario, args.variant, args.option)
    scenario.seats_for(args.players)  # --players within what the scenario allows
    # without --seed: 64 random bits (every game's seed within range) and fresh secrets
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED - args.games + 2)
    out = [new_host(scenario, args, seed + i, f"g{i + 1}" if args.games > 1 else "main")
           for i in range(args.games)]
    warning = small_seed_warning(out[0].game, seed, None) \
        if args.seed is not None else None
    if warning:
        print(warning, file=sys.stderr)
    return out


def game_secret(args: argparse.Namespace) -> str | None:
    """Without ``--seed``, a fresh secret for the hidden values (as ``dg run`` draws one,
    core/hidden.py): then nobody can find a shuffle from the seed; with it, derived from it."""
    return fresh_secret() if args.seed is None else None


def seat_kinds(scenario: Scenario, seats: list[str], given: list[str]) -> dict[str, str]:
    """seat → ``human`` or a bot's name: the ``--seat`` options, the scenario's default bot for
    the other seats; unknown seats and bots are refused."""
    kinds = parse_seats(given)
    for name in kinds:
        if name not in seats:
            raise no_such_seat(name, seats)
    default = str(scenario.data.get("default_bot", "random"))
    out = {s: kinds.get(s, default) for s in seats}
    for seat, kind in out.items():
        problem = None if kind == "human" else bot_problem(scenario.bots(), kind)
        if problem:
            raise EngineError(f"--seat {seat}={kind}: {problem}")
    return out


def file_of(value: str | None, game_id: str) -> Path | None:
    return Path(value.replace(GAME_FIELD, game_id)) if value else None


def new_host(scenario: Scenario, args: argparse.Namespace, seed: int, game_id: str) -> GameHost:
    seats = scenario.seats_for(args.players)
    kinds = seat_kinds(scenario, seats, args.seat)
    save = file_of(args.save, game_id)
    if save is None and args.games == 1:  # (never the seed, which decides the dice: the host
        # pastes the lines printed with this name to the players)
        save = Path(f"serve-{scenario.id}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    if save is not None and save.exists():
        raise SaveError(f"{save}: a save is already there: go on with it (dg serve --resume "
                        f"{save}) or name another with --save FILE")
    log = file_of(args.log, game_id)
    check_outputs(save, log)
    session = new_session(scenario, seed, seats, kinds, log, INERT_IO,
                          secret=game_secret(args))
    host = GameHost(session, kinds, SaveFile(save), game_id, args.hot_seat)
    host.persist.decided(session)
    write_links(save, Links(host.tokens, None, absolute(log)))
    return host


def absolute(path: str | Path | None) -> str | None:
    return str(Path(path).resolve()) if path else None


def resumed_host(args: argparse.Namespace) -> GameHost:
    """The game of a save (``dg serve --resume SAVE``): the links kept beside it still work,
    and the game goes on writing its log (``--log FILE``, else the log it was started with):
    the log is written again from the save's actions, then play appends to it."""
    path = Path(args.resume)
    payload = read_save(path)
    game, header = game_from_save(str(path), payload)
    if game.over:  # (its log is complete: written again from the save, it lost its result)
        raise EngineError(f"{path}: the game is over ({render_result(game)}); nothing to serve "
                          f"(dg show {path} shows its end, dg replay LOG --html the whole game)")
    seats = list(game.state.seats)
    kept = read_links(path, seats)
    check_outputs(None, args.log, resumed=path)
    log_path = absolute(args.log) or kept.log
    log = LogWriter(log_path)
    if log_path:
        game = replayed_into_log(payload, game, log)
    kinds = {**seat_kinds(game.scenario, seats, []), **dict(header.get("controllers", {}))}
    kinds.update(seat_kinds(game.scenario, seats, args.seat) if args.seat else {})
    controllers = make_controllers(game.scenario, seats, kinds, game.state.seed, INERT_IO, None)
    session = resumed_session(game, header, controllers, log)
    hot = args.hot_seat or HOT_SEAT in kept.tokens.values()
    host = GameHost(session, kinds, SaveFile(path), "main", hot,
                    keep_tokens(kept.tokens, kinds, hot))
    write_links(path, Links(host.tokens, None, log_path))
    return host


class CampaignStage:
    """Keeps a campaign stage: the campaign save at every decision, the stage recorded at its
    end (as ``dg campaign play`` does)."""

    def __init__(self, run: CampaignRun) -> None:
        self.run = run

    def decided(self, session: Session) -> None:
        save_current(self.run, session)

    def finished(self, session: Session) -> None:
        finish_log(session)
        entry = finish_stage(self.run, session)
        pass_unplayable(self.run)
        after = "the campaign is over" if self.run.over else \
            "dg serve --campaign hosts the next one"
        print(f"stage {entry['id']} recorded in {self.run.path}; {after}", flush=True)

    def where(self) -> str | None:
        return str(self.run.path)

    def go_on(self) -> str | None:
        return f"dg serve --campaign {self.run.path}"


def campaign_host(args: argparse.Namespace) -> GameHost:
    """The stage under way of a campaign save, else its next stage."""
    run = open_campaign(find_save(args.campaign or None))
    override = parse_seats(args.seat)
    if run.data.get("current"):
        _, session = resume_stage(run, override, INERT_IO)
    else:
        pass_unplayable(run)
        if run.over:
            raise EngineError(f"{run.path}: the campaign is over ('dg campaign status' shows the "
                              "final standing)")
        _, session = start_stage(run, override, args.log, INERT_IO)
    cur = run.data["current"]
    seats = list(session.game.state.seats)
    default = seat_kinds(session.game.scenario, seats, [])
    kinds = {**default, **{s: k for s, k in cur.get("controllers", {}).items() if s in seats}}
    stored = read_links(run.path, seats, tag=cur["id"]).tokens
    host = GameHost(session, kinds, CampaignStage(run), "main", args.hot_seat,
                    keep_tokens(stored, kinds, args.hot_seat or HOT_SEAT in stored.values()))
    write_links(run.path, Links(host.tokens, cur["id"], None))
    save_current(run, session)
    return host


def print_start(hub: Hub, bind_host: str, port: int, base: str, hint: str | None) -> None:
    """Where the server listens, how to stop it, and for each game: where it is kept, a join
    link per human seat, the bots and the spectators' link."""
    shown = f"[{bind_host}]" if ":" in bind_host else bind_host
    all_kept = all(host.persist.where() for host in hub.games.values())
    print_now(f"dg serve: listening on http://{shown}:{port}/ (Ctrl-C stops the server"
              + ("; the game is saved at every decision)" if all_kept else ")"))
    if hint:
        print_now(f"  note: {hint}")
    for host in hub.games.values():
        game = host.game
        where = "" if len(hub.games) == 1 else f" [{host.game_id}]"
        print(f"{game.scenario.title}{where}, decision {host.decision}:")
        kept = host.persist.where()
        log = host.session.log.path
        print_now(f"  saved to: {kept} ({host.persist.go_on()} goes on after a stop)" if kept
                  else "  saved to: nothing (--games N without --save)")
        if log is not None:
            print(f"  log: {log}")
        for seat, link in host.links(base).items():
            print(f"  {seat}: {link}")
        bots = [f"{s}={k}" for s, k in host.kinds.items() if k != "human"]
        if bots:
            print(f"  bots: {', '.join(bots)}")
        watch = "/watch" if host.game_id == "main" else f"/watch?game={host.game_id}"
        print(f"  spectators: {base}{watch}")
    sys.stdout.flush()


def start_notes(hub: Hub, args: argparse.Namespace) -> list[str]:
    """What a host may have missed: no seat played by a person (the bots play it out at once),
    and, for a new game, an unfinished one of the same scenario saved in this folder (a server
    started again without ``--resume`` starts a new game, and the old links no longer work)."""
    notes = []
    for host in hub.games.values():
        if host.game.over or any(k == "human" for k in host.kinds.values()):
            continue
        seat = host.game.state.seats[0]
        notes.append(f"no seat is played by a person: the bots play the game out now (to play "
                     f"one: --seat {seat}=human" + ("; --hot-seat shares one link among the "
                     "human seats" if args.hot_seat else "") + ")")
        break
    humans = any(k == "human" for h in hub.games.values() for k in h.kinds.values())
    if humans and args.host in LOOPBACK and not args.public_url:
        notes.append(f"these links work on this machine only (--host {args.host}): to invite "
                     "friends on your network, start it with --host 0.0.0.0 (docs/serve.md, "
                     "'Hosting a game for friends')")
    if args.resume or args.campaign is not None or not args.scenario:
        return notes
    ours = {str(h.persist.where()) for h in hub.games.values()}
    for path in sorted(Path(".").glob("serve-*.json"))[:50]:
        if str(path) not in ours and _unfinished_save_of(path, hub):
            notes.append(f"{path} holds an unfinished game of this scenario: dg serve --resume "
                         f"{path} goes on with it (and its links)")
    return notes[:4]


def _unfinished_save_of(path: Path, hub: Hub) -> bool:
    """Whether ``path`` is a save of an unfinished game of a scenario ``hub`` hosts (read as
    JSON only: a file that is not one is no such save)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        scenario, result = data["header"]["scenario"], data["state"]["result"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    ids = {h.game.scenario.id for h in hub.games.values()}
    return scenario in ids and result is None


def print_stopped(hub: Hub) -> None:
    """What the host is told when the server stops: where each unfinished game is kept."""
    for host in hub.games.values():
        kept = host.persist.where()
        tag = "" if len(hub.games) == 1 else f"[{host.game_id}] "
        if host.game.over:
            print_now(f"dg serve: stopped; {tag}the game is over ({render_result(host.game)})"
                      + (f"; it is kept in {kept}" if kept else ""))
            continue
        print_now(f"dg serve: stopped; {tag}" + (f"the game is saved in {kept} "
                  f"({host.persist.go_on()} goes on)" if kept else "the game was not saved "
                  "(--games N without --save)"))


def join(args: argparse.Namespace) -> int:
    return join_game(args.url)


__all__ = ["INSTALL_HINT", "join", "serve"]
