"""``dg render LOG [--turn N | --step K] [--svg FILE | --json]`` and ``dg replay LOG --html FILE``:
pictures of logged games (:mod:`distant_galaxy.play.render_svg`,
:mod:`distant_galaxy.play.replay_html`). Files are written atomically, only once everything was
drawn: a bad log leaves no file behind."""

from __future__ import annotations

import argparse
import json

from distant_galaxy.build import json_header
from distant_galaxy.cli.term import painter
from distant_galaxy.errors import EngineError
from distant_galaxy.play.outputs import check_written
from distant_galaxy.play.render import render_board, render_result, seen, view_json
from distant_galaxy.play.render_svg import render_svg
from distant_galaxy.play.replay_html import replay_html
from distant_galaxy.play.saves import write_atomic
from distant_galaxy.play.steps import game_at


def render(args: argparse.Namespace) -> int:
    if args.turn is not None and args.turn < 1:
        raise EngineError("--turn: rounds are counted from 1")
    if args.step is not None and args.step < 0:
        raise EngineError("--step: 0 is the set-up, 1 the first action")
    seat = getattr(args, "seat", None)
    game = seen(game_at(args.log, args.turn, args.step), seat)
    if getattr(args, "json", False):
        print(json.dumps({**json_header(), "log": str(args.log), "step": args.step,
                          **view_json(game, seat)}, sort_keys=True))
        return 0
    if args.svg:
        check_written(args.svg, "--svg", "svg", read=(args.log,))
        write_atomic(args.svg, render_svg(game))
        print(f"board of round {game.state.round} written to {args.svg}")
        return 0
    paint = painter()
    print(render_board(game, paint))
    if game.over:
        print(render_result(game, paint))
    return 0


def write_replay(args: argparse.Namespace) -> int:
    check_written(args.html, "--html", "html", read=(args.log,))
    page, steps = replay_html(args.log, getattr(args, "seat", None))
    write_atomic(args.html, page)
    print(f"replay viewer of {steps} steps written to {args.html}")
    return 0
