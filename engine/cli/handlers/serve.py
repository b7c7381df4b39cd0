"""``dg serve``: host a game (or a campaign's next stage, or a saved game) for browsers and
terminals on other machines; ``dg join``: play a seat of a served game from a terminal."""

from __future__ import annotations

import argparse
import io
import secrets
import sys
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
)
from distant_galaxy.core.hidden import fresh_secret
from distant_galaxy.errors import EngineError, SaveError
from distant_galaxy.play.controllers import bot_problem
from distant_galaxy.play.log import LogWriter
from distant_galaxy.play.runner import Session, finish_log, make_controllers, new_session
from distant_galaxy.play.saves import read_save
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.serve.client import join_game
from distant_galaxy.serve.host import (
    HOT_SEAT,
    GameHost,
    Hub,
    SaveFile,
    make_tokens,
    read_tokens,
    write_tokens,
)

INSTALL_HINT = 'pip install "distant-galaxy-engine[serve]" (from a checkout: pip install ".[serve]")'

#: The human seats' controllers on the server are never asked (people act through the web);
#: they get a prompt that reads and writes nowhere.
INERT_IO: dict[str, Any] = {"inp": io.StringIO(), "out": io.StringIO()}


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
    hub = Hub()
    for host in hosts(args):
        hub.add(host)

    def ready(port: int) -> None:
        print_links(hub, args.host, port)

    app.run_server(hub, args.host, args.port, ready, pace=args.pace)
    return 0


def hosts(args: argparse.Namespace) -> list[GameHost]:
    """The games to host: a saved game (``--resume``), a campaign stage (``--campaign``), or
    ``--games N`` new games of the scenario."""
    if args.resume:
        return [resumed_host(args)]
    if args.campaign is not None:
        return [campaign_host(args)]
    if not args.scenario:
        raise EngineError("dg serve: name a scenario (dg serve asteroid-belt --seat "
                          "orange=human), or give --resume SAVE or --campaign [SAVE]")
    if args.games < 1:
        raise EngineError("--games must be at least 1")
    scenario = load_scenario(args.scenario, args.variant, args.option)
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    if args.games > 1 and (args.save or args.log):
        raise EngineError("--games N hosts games without --save and --log files of their own")
    return [new_host(scenario, args, seed + i, f"g{i + 1}" if args.games > 1 else "main")
            for i in range(args.games)]


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
            raise EngineError(f"--seat {name}: no such seat in this game (seats: "
                              f"{', '.join(seats)})")
    default = str(scenario.data.get("default_bot", "random"))
    out = {s: kinds.get(s, default) for s in seats}
    for seat, kind in out.items():
        problem = None if kind == "human" else bot_problem(scenario.bots(), kind)
        if problem:
            raise EngineError(f"--seat {seat}={kind}: {problem}")
    return out


def new_host(scenario: Scenario, args: argparse.Namespace, seed: int, game_id: str) -> GameHost:
    seats = scenario.seat_ids(args.players) if args.players else scenario.seat_ids()
    kinds = seat_kinds(scenario, seats, args.seat)
    save = Path(args.save) if args.save else None
    if save is None and args.games == 1:
        save = Path(f"serve-{scenario.id}-{seed}.json")
        if save.exists():
            raise SaveError(f"{save}: a save is already there: go on with it (dg serve --resume "
                            f"{save}) or name another with --save FILE")
    session = new_session(scenario, seed, seats, kinds, args.log, INERT_IO,
                          secret=game_secret(args))
    host = GameHost(session, kinds, SaveFile(save), game_id, args.hot_seat)
    host.persist.decided(session)
    write_tokens(save, host.tokens)
    return host


def resumed_host(args: argparse.Namespace) -> GameHost:
    """The game of a save (``dg serve --resume SAVE``): the links kept beside it still work;
    ``--log FILE`` writes the whole log again from the save's actions."""
    path = Path(args.resume)
    payload = read_save(path)
    game, header = game_from_save(str(path), payload)
    log = LogWriter(args.log)
    if args.log:
        game = replayed_into_log(payload, game, log)
    seats = list(game.state.seats)
    kinds = {**seat_kinds(game.scenario, seats, []), **dict(header.get("controllers", {}))}
    kinds.update(seat_kinds(game.scenario, seats, args.seat) if args.seat else {})
    controllers = make_controllers(game.scenario, seats, kinds, game.state.seed, INERT_IO, None)
    session = Session(game, header, controllers, log)
    tokens = read_tokens(path, seats)
    hot = args.hot_seat or HOT_SEAT in tokens.values()
    host = GameHost(session, kinds, SaveFile(path), "main", hot, keep_tokens(tokens, kinds, hot))
    write_tokens(path, host.tokens)
    return host


def keep_tokens(tokens: dict[str, str], kinds: dict[str, str], hot: bool) -> dict[str, str]:
    """The kept tokens of seats people still play, and new ones for the other human seats."""
    humans = [s for s, k in kinds.items() if k == "human"]
    kept = {t: s for t, s in tokens.items() if s in humans or (hot and s == HOT_SEAT)}
    if hot:
        return kept if kept else make_tokens(humans, True)
    missing = [s for s in humans if s not in kept.values()]
    return {**kept, **make_tokens(missing, False)}


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
    stored = read_tokens(run.path, seats, tag=cur["id"])
    host = GameHost(session, kinds, CampaignStage(run), "main", args.hot_seat,
                    keep_tokens(stored, kinds, args.hot_seat or HOT_SEAT in stored.values()))
    write_tokens(run.path, host.tokens, tag=cur["id"])
    save_current(run, session)
    return host


def print_links(hub: Hub, bind_host: str, port: int) -> None:
    """The address, a join link per human seat, and the spectator link of each game."""
    shown = bind_host if bind_host not in ("0.0.0.0", "::") else "THIS-MACHINE'S-ADDRESS"
    base = f"http://{shown}:{port}"
    print(f"dg serve: listening on http://{bind_host}:{port}/ (Ctrl-C stops; the game is "
          "saved at every decision)")
    for host in hub.games.values():
        game = host.game
        where = "" if len(hub.games) == 1 else f" [{host.game_id}]"
        print(f"{game.scenario.title}{where}, decision {host.decision}:")
        for seat, link in host.links(base).items():
            print(f"  {seat}: {link}")
        bots = [f"{s}={k}" for s, k in host.kinds.items() if k != "human"]
        if bots:
            print(f"  bots: {', '.join(bots)}")
        watch = "/watch" if host.game_id == "main" else f"/watch?game={host.game_id}"
        print(f"  spectators: {base}{watch}")
    sys.stdout.flush()


def join(args: argparse.Namespace) -> int:
    return join_game(args.url)


__all__ = ["INSTALL_HINT", "join", "serve"]
