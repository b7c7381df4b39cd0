"""``dg campaign new|status|play|resume|replay``: the handlers (docs/campaign.md)."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any, TextIO

from distant_galaxy.campaign.runner import (
    PUT_LOG_BACK,
    CampaignRun,
    log_problem,
    new_campaign,
    open_campaign,
    pass_unplayable,
    play_stage,
    replay_campaign,
    resume_stage,
    seat_notes,
    start_stage,
)
from distant_galaxy.campaign.save import SUFFIX, find_save
from distant_galaxy.campaign.status import (
    over_line,
    points_words,
    render_status,
    result_words,
    seats_words,
    status_json,
)
from distant_galaxy.cli.handlers.play import (
    Watcher,
    board_renderer,
    human_io,
    parse_seats,
    result_json,
    stopped_code,
)
from distant_galaxy.cli.term import painter
from distant_galaxy.errors import EngineError
from distant_galaxy.play.runner import differing_fields


def campaign(args: argparse.Namespace) -> int:
    """Dispatch ``dg campaign ACTION``."""
    return {"new": _new, "status": _status, "play": _play, "resume": _resume,
            "replay": _replay}[args.action](args)


def _new(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    run = new_campaign(args.campaign, seed, _civ_seats(args.seat), args.save)
    passed = pass_unplayable(run)
    print(f"{run.campaign.title}: a new campaign, seed {seed}, saved to {run.path}")
    if not run.path.name.endswith(SUFFIX):
        print(f"   note: the save's name does not end in {SUFFIX}: every later command needs "
              f"--save {args.save} to find it")
    for stage in passed:
        print(f"  stage {stage.index + 1}, {stage.title}: {stage.unplayable_reason()}")
    print(render_status(run))
    print(f"\nnext: dg campaign play{_save_arg(args)}")
    return 0


def _save_arg(args: argparse.Namespace) -> str:
    return f" --save {args.save}" if args.save else ""


def _civ_seats(items: list[str]) -> dict[str, str]:
    """A campaign's ``--seat CIVILIZATION=CONTROLLER`` options."""
    return parse_seats(items, "CIVILIZATION")


def _open(args: argparse.Namespace, check_logs: bool = True) -> CampaignRun:
    return open_campaign(find_save(args.save), check_logs=check_logs)


def _status(args: argparse.Namespace) -> int:
    """The standing and what comes next — shown even when a finished stage's log is missing or
    changed (the other commands refuse then): the problem is said on stderr, exit status 1."""
    run = _open(args, check_logs=False)
    problems = [p for p in (log_problem(run, e) for e in run.done) if p]
    if args.json:
        print(json.dumps({**status_json(run), "log_problems": problems}, sort_keys=True))
    else:
        print(render_status(run))
    for problem in problems:
        print(f"dg campaign: {run.path}: {problem}: the campaign cannot go on until it is "
              f"restored; {PUT_LOG_BACK}", file=sys.stderr)
    return 1 if problems else 0


def _play(args: argparse.Namespace) -> int:
    run = _open(args)
    if run.data.get("current"):
        cur = run.data["current"]
        kept = (f" (--log {args.log} is not used: the stage goes on with its log {cur['log']})"
                if args.log else "")
        print(f"stage {run.campaign.stage(cur['id']).title} is under way: going on with it"
              f"{kept}", file=sys.stderr if args.json else sys.stdout)
        return _go_on(run, args)
    if run.over:
        print(render_status(run))
        return 0
    return _stages(run, args, first_log=args.log)


def _resume(args: argparse.Namespace) -> int:
    run = _open(args)
    if not run.data.get("current") and run.over:
        raise EngineError(f"{run.path}: the campaign is over ('dg campaign status' shows the "
                          "final standing)")
    if not run.data.get("current"):
        raise EngineError("no stage is under way in this campaign: 'dg campaign play' plays "
                          "the next one")
    return _go_on(run, args)


def _go_on(run: CampaignRun, args: argparse.Namespace) -> int:
    stage, session = resume_stage(run, _civ_seats(args.seat), human_io(args),
                                  render=board_renderer())
    out = sys.stderr if args.json else sys.stdout  # with --json, stdout holds the JSON alone
    print(f"stage {stage.index + 1}, {stage.title}: resumed at round "
          f"{session.game.state.round} (log {run.data['current']['log']} written again from "
          "the save)", file=out)
    _tell_notes(run, stage, session, args.seat, out)
    _tell_humans(run, stage, session, args.seat, out)
    if not _one_stage(run, stage, session, args):
        return stopped_code(session)
    pass_unplayable(run)
    if args.all and not run.over:
        return _stages(run, args, first_log=None)
    _after(run, args)
    return 0


def _stages(run: CampaignRun, args: argparse.Namespace, first_log: str | None) -> int:
    """Play the next stage (every remaining one with ``--all``)."""
    log = first_log
    while not run.over:
        stage, session = start_stage(run, _civ_seats(args.seat), log, human_io(args),
                                     render=board_renderer())
        log = None
        if not args.json:
            _intro(run, stage, session, args.seat)
        else:  # stdout holds the JSON alone: a person is told their seat on stderr
            _tell_humans(run, stage, session, args.seat, sys.stderr)
        if not _one_stage(run, stage, session, args):
            return stopped_code(session)
        pass_unplayable(run)
        if not args.all:
            break
    _after(run, args)
    return 0


def _intro(run: CampaignRun, stage: Any, session: Any, seats: list[str]) -> None:
    cur = run.data["current"]
    opts = f", options {', '.join(stage.options)}" if stage.options else ""
    var = f", variant {stage.variant}" if stage.variant else ""
    print(f"\n== stage {stage.index + 1}: {stage.title} ({stage.scenario}{var}{opts}) — seed "
          f"{cur['seed']}, log {cur['log']}")
    print(f"   seats: {seats_words(run, stage)}")
    for g in cur["grants"]:
        what = g.get("counter") or f"{g.get('unit')} in {g.get('pool')}"
        print(f"   carried in: {g['seat']} {g['n']:+d} {what} ({g['rule']})")
    _tell_notes(run, stage, session, seats)
    _tell_humans(run, stage, session, seats)


def _tell_notes(run: CampaignRun, stage: Any, session: Any, seats: list[str],
                out: TextIO | None = None) -> None:
    """Say which named bots this stage does not have (its default bot plays those seats)."""
    for line in seat_notes(run, stage, _civ_seats(seats), session.game.scenario):
        print(f"   note: {line}", file=out or sys.stdout)


def _tell_humans(run: CampaignRun, stage: Any, session: Any, seats: list[str],
                 out: TextIO | None = None) -> None:
    """Tell each person which seat their civilization plays and how to stop."""
    kinds = {**run.data.get("controllers", {}), **_civ_seats(seats)}
    for civ in (*stage.seats, *stage.shares):
        seat = stage.seat_of(civ)
        ctrl = session.controllers.get(seat)
        if ctrl is not None and ctrl.name == "human" and kinds.get(civ) == "human":
            host = stage.shares.get(civ)
            shared = f" (shared with {run.campaign.civ_title(host)})" if host else ""
            print(f"   you play {run.campaign.civ_title(civ)} at seat {seat}{shared}; type 'help' for "
                  "the commands, 'quit' to stop (the campaign is saved; 'dg campaign resume' "
                  "goes on)", file=out or sys.stdout)


def _one_stage(run: CampaignRun, stage: Any, session: Any, args: argparse.Namespace) -> bool:
    """Play one stage; False when a person stopped it (it is saved)."""
    humans = any(c.name == "human" for c in session.controllers.values())
    watch = not (args.quiet or args.json or humans)
    printer = Watcher(painter()) if watch else None
    done = play_stage(run, session, on_turn=printer.board if printer else None,
                      on_action=printer.action if printer else None)
    if not done:
        if args.json:  # as dg run --json says a game stopped by a person
            print(json.dumps({"stage": stage.id, "stopped": True,
                              "interrupted": session.interrupted, "saved_to": str(run.path),
                              "rounds": session.game.state.round,
                              "actions": len(session.game.history)}, sort_keys=True))
            return False
        print(("interrupted: " if session.interrupted else "")
              + f"stage stopped; the campaign is saved in {run.path} ('dg campaign resume' goes "
              "on where it stopped)")
        return False
    entry = run.done[stage.index]
    if args.json:
        print(json.dumps({"stage": stage.id, **result_json(session.game),
                          "points": entry["points"]}, sort_keys=True))
    else:
        pts = points_words(run, entry["points"])
        print(f"stage {stage.index + 1}, {stage.title}: {result_words(entry['result'])}")
        print(f"   {run.campaign.points_name}: {pts}")
    return True


def _after(run: CampaignRun, args: argparse.Namespace) -> None:
    """After a stage: the campaign's status (not with ``--quiet``: the stage's result line and
    what comes next only, as ``dg run --quiet`` prints its result alone), then what to type."""
    if args.json:
        return
    quiet = getattr(args, "quiet", False)
    if not quiet:
        print()
        print(render_status(run))
    elif run.over:
        print(over_line(run))
    if not run.over:
        print(("" if quiet else "\n") + f"next: dg campaign play{_save_arg(args)}")


def _replay(args: argparse.Namespace) -> int:
    run = _open(args, check_logs=False)
    checks = replay_campaign(run)
    bad = 0
    for check in checks:
        mark = "ok" if check.ok else "FAILED"
        print(f"stage {check.stage}: {check.log}: {mark}: {check.message}")
        if not check.ok:
            bad += 1
            rep = check.report
            logged, replayed = differing_fields(rep.expected, rep.actual) if rep else (None, None)
            if logged is not None:
                print(f"  log:    {logged}", file=sys.stderr)
            if replayed is not None:
                print(f"  replay: {replayed}", file=sys.stderr)
    if not checks:
        print("no stage has been played yet")
    print(f"{len(checks) - bad} of {len(checks)} stage log(s) match the campaign save")
    return 1 if bad else 0
