"""Playing a campaign: a new campaign save, the next stage set up with its carry-over, a stage
played (saved at every round and before every human decision), resumed from the save, finished
(its result, records and points recorded with its log's hashes), and every stage's log re-checked.

Stage seeds come from the campaign seed and the stage id (:func:`stage_seed`), so the same
campaign seed and the same human actions give the same stages, results and standing in any
process.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from distant_galaxy.campaign.carry import (
    absent_record,
    civ_record,
    stage_grants,
    stage_points,
    standing_of,
)
from distant_galaxy.campaign.find import resolve_campaign_path
from distant_galaxy.campaign.grants import SavedGrants, grants_refused
from distant_galaxy.campaign.load import load_campaign
from distant_galaxy.campaign.model import Campaign, Stage
from distant_galaxy.campaign.save import MAGIC as SAVE_MAGIC
from distant_galaxy.campaign.save import SUFFIX, file_sha256, new_save, read_save, write_save
from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import fresh_secret, saved_secret
from distant_galaxy.core.view import GameLike
from distant_galaxy.errors import EngineError, SaveError, ScenarioError, ScenarioErrors
from distant_galaxy.harness.invariants import check_saved
from distant_galaxy.loader.merge import merge_documents
from distant_galaxy.play.log import LogWriteError, LogWriter, scenario_digest
from distant_galaxy.play.outputs import check_outputs
from distant_galaxy.play.runner import (
    ReplayReport,
    Session,
    logged_game,
    make_controllers,
    new_session,
    play,
    replay_log,
    resumed_session,
)
from distant_galaxy.play.saves import check_payload, load_game, save_payload
from distant_galaxy.scenario.load import read_scenario, scenario_from_document
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.text import close_matches, shorten

Render = Callable[[GameLike], str]


def stage_seed(seed: int, stage_id: str) -> int:
    """The seed of a stage's dice: from the campaign seed and the stage id (sha256, so the same
    in every process and on every platform)."""
    digest = hashlib.sha256(f"distant-galaxy-campaign:{seed}:{stage_id}".encode()).hexdigest()
    return int(digest[:12], 16) % 1_000_000_000


@dataclass
class CampaignRun:
    """A campaign and its save: ``data`` is the save's content, written by :meth:`save`."""

    campaign: Campaign
    path: Path
    data: dict[str, Any]

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def done(self) -> list[dict[str, Any]]:
        """The recorded stages (finished, or passed over as not playable), in order."""
        return self.data["stages"]

    def standing(self) -> dict[str, int]:
        return standing_of(self.campaign, self.done)

    def next_stage(self) -> Stage | None:
        """The first stage not recorded yet (None when the campaign is over)."""
        n = len(self.done)
        return self.campaign.stages[n] if n < len(self.campaign.stages) else None

    @property
    def over(self) -> bool:
        return self.next_stage() is None

    def save(self) -> None:
        write_save(self.data, self.path)

    def log_path(self, rel: str) -> Path:
        return self.folder / rel


# -- opening ------------------------------------------------------------------------------------
def default_save_path(campaign: Campaign) -> Path:
    return Path(f"{campaign.id}{SUFFIX}")


def unknown_civilization(campaign: Campaign, name: str) -> EngineError:
    """The error of ``--seat NAME=…`` where NAME is no civilization of the campaign: its roster,
    and where NAME is a stage's seat, whose it is (a campaign's ``--seat`` names civilizations,
    not seats); else the nearest civilization's name."""
    text = (f"--seat {name}: not a civilization of {campaign.id} (roster: "
            f"{', '.join(campaign.roster)})")
    holders = list(dict.fromkeys(civ for stage in campaign.stages for civ, seat in
                                 stage.seats.items() if seat == name))
    if holders:
        whose = " or ".join(f"{campaign.civ_title(c)} ({c})" for c in holders)
        return EngineError(f"{text}; {name} is a seat of the stages, played by {whose}: a "
                           f"campaign's --seat names the civilization, e.g. "
                           f"--seat {holders[0]}=human")
    near = close_matches(name, list(campaign.roster))
    return EngineError(f"{text}; did you mean '{near[0]}'?" if near else text)


def new_campaign(name: str, seed: int, controllers: dict[str, str],
                 save_path: str | Path | None = None) -> CampaignRun:
    """Start a campaign: check the file and the controllers, write the save (never over one)."""
    campaign = load_campaign(name)
    for civ in controllers:
        if civ not in campaign.roster:
            raise unknown_civilization(campaign, civ)
    _check_controllers(campaign, controllers)
    path = Path(save_path) if save_path else default_save_path(campaign)
    if path.exists():
        raise SaveError(_taken(path))
    run = CampaignRun(campaign, path, new_save(campaign.id, _source(campaign, path),
                                               campaign.digest, seed, controllers))
    run.save()
    return run


def _check_controllers(campaign: Campaign, controllers: dict[str, str]) -> None:
    """Each controller is ``human``, ``bot`` or a bot of some playable stage's scenario."""
    if all(kind in ("human", "bot") for kind in controllers.values()):
        return
    known = {"human", "bot"}
    for stage in campaign.stages:
        if stage.playable:
            known |= set(stage_scenario(campaign, stage, []).bots())
    for civ, kind in controllers.items():
        if kind not in known:
            raise EngineError(f"--seat {civ}={shorten(kind)}: unknown controller (choose human, bot — "
                              f"each stage's default bot —, or one of: "
                              f"{', '.join(sorted(known - {'human', 'bot'}))})")


def _source(campaign: Campaign, save_path: Path) -> str:
    """How the save names the campaign: its id when the id finds this file, else the file's
    path relative to the save's folder."""
    try:
        if resolve_campaign_path(campaign.id).resolve() == campaign.path.resolve():
            return campaign.id
    except EngineError:
        pass
    return Path(os.path.relpath(campaign.path.resolve(), save_path.resolve().parent)).as_posix()


def open_campaign(save_path: str | Path, check_logs: bool = True) -> CampaignRun:
    """A campaign save and its campaign; refused when the campaign file changed since the
    campaign started, or (``check_logs``) when a finished stage's log was changed."""
    path = Path(save_path)
    data = read_save(path)
    source = str(data.get("source", data.get("campaign")))
    target = source if not source.endswith((".yaml", ".yml")) else str(path.parent / source)
    campaign = load_campaign(target)
    if campaign.digest != data.get("campaign_sha256"):
        raise SaveError(f"{path}: the campaign file {campaign.path} changed since this campaign "
                        f"started (sha256 {str(data.get('campaign_sha256'))[:12]}… then, "
                        f"{campaign.digest[:12]}… now): its stages could be played again "
                        "differently; restore the file, or start a new campaign")
    run = CampaignRun(campaign, path, data)
    if check_logs:
        for entry in run.done:
            problem = log_problem(run, entry)
            if problem:
                raise SaveError(f"{path}: {problem}; {RESTORE_LOG}")
    return run


#: What to do when a finished stage's log is missing or changed (the campaign refuses to go on).
PUT_LOG_BACK = "put the log back as it was (from a copy) and the campaign goes on"
#: ... and why, and what else helps (the refusal of ``play`` and ``resume`` says it all).
RESTORE_LOG = (f"{PUT_LOG_BACK} — its standing is checked against its stages' logs, so "
               "without a copy it cannot go on (start a new one; keep the .jsonl logs with the "
               "save); 'dg campaign replay' shows which differ, 'dg campaign status' shows the "
               "standing meanwhile")


def log_problem(run: CampaignRun, entry: dict[str, Any]) -> str:
    """Why a finished stage's log is not the one recorded ('' when it is)."""
    if entry.get("status") != "done":
        return ""
    now = file_sha256(run.log_path(entry["log"]))
    if now is None:
        return f"stage {entry['id']}: its log {entry['log']} is missing"
    if now != entry.get("log_sha256"):
        return (f"stage {entry['id']}: its log {entry['log']} was changed since the stage was "
                f"played (sha256 {str(entry.get('log_sha256'))[:12]}… then, {now[:12]}… now)")
    return ""


# -- stages that are not played ----------------------------------------------------------------
def pass_unplayable(run: CampaignRun) -> list[Stage]:
    """Record every stage before the next playable one that cannot be played (not described by
    the sources, or its scenario not installed); returns them, in order."""
    passed = []
    while (stage := run.next_stage()) is not None and not stage.playable:
        records = {civ: absent_record() for civ in run.campaign.roster}
        points = (stage_points(run.campaign, stage, run.done, records) if stage.scenario
                  else dict.fromkeys(run.campaign.roster, 0))
        for civ, n in points.items():
            records[civ]["points"] = n
        run.done.append({"id": stage.id, "status": "missing" if stage.missing else
                         "not installed", "why": stage.unplayable_reason(), "records": records,
                         "points": points})
        passed.append(stage)
    if passed:
        run.save()
    return passed


# -- a stage's scenario and game ------------------------------------------------------------------
def stage_scenario(campaign: Campaign, stage: Stage, grants: list[dict[str, Any]],
                   saved: SavedGrants | None = None) -> Scenario:
    """The stage's scenario with its variant and options, and the carry-over as ``setup.grants``
    (without grants it is the scenario itself, with its own identity). ``saved``: the campaign
    save and field the grants were read from, which an error about them names
    (:func:`~distant_galaxy.campaign.grants.grants_refused`)."""
    assert stage.scenario is not None
    target: str | Path = stage.scenario
    if stage.scenario.endswith((".yaml", ".yml")):
        target = campaign.path.parent / stage.scenario
    path, base = read_scenario(target)
    if not grants:
        return scenario_from_document(base, path, stage.variant, stage.options)
    own = list((base.data.get("setup") or {}).get("grants", []))
    doc = merge_documents(base, {"setup": {"grants": [*own, *grants]}},
                          lambda p: base.origin(("setup",)))
    try:
        return scenario_from_document(doc, path, stage.variant, stage.options)
    except (ScenarioError, ScenarioErrors) as exc:
        if saved is None:
            raise
        scenario_from_document(base, path, stage.variant, stage.options)  # its own fault?
        raise grants_refused(exc, saved, len(own), stage.id, str(stage.scenario)) from None


def stage_seats(scenario: Scenario, stage: Stage) -> list[str]:
    """The seats the stage's civilizations play, in the scenario's turn order."""
    taken = set(stage.seats.values())
    return [s["id"] for s in scenario.seats if s["id"] in taken]


def seat_kinds(run: CampaignRun, stage: Stage, override: dict[str, str],
               scenario: Scenario) -> dict[str, str]:
    """Seat → controller of a stage. A civilization's controller — for the whole campaign
    (``new --seat CIV=KIND``) or for this ``play``/``resume`` (``--seat``, which wins) — is
    ``human``, ``bot`` (the stage's default bot) or a bot's name, which plays the stages whose
    scenario has that bot; the others get their default bot (:func:`seat_notes` says so). A
    seat two civilizations share is played by a person when either is one, else by the
    first's."""
    for civ in override:
        if civ not in run.campaign.roster:
            raise unknown_civilization(run.campaign, civ)
    _check_controllers(run.campaign, override)
    known = set(scenario.bots()) | {"human"}
    default = str(scenario.data.get("default_bot", "random"))
    chosen = {civ: kind for civ, kind in run.data.get("controllers", {}).items()
              if kind in known}
    chosen.update({civ: kind if kind in known else default for civ, kind in override.items()})
    out: dict[str, str] = {}
    for civ in (*stage.seats, *stage.shares):  # a shared seat is a person's if either is one
        seat = stage.seat_of(civ)
        if seat is not None and civ in chosen and out.get(seat) != "human":
            out[seat] = chosen[civ]
    return out


def seat_notes(run: CampaignRun, stage: Stage, override: dict[str, str],
               scenario: Scenario) -> list[str]:
    """What the stage does with a named bot it does not have: one line per civilization whose
    controller (campaign-wide or this ``--seat``) is no bot of this stage's scenario."""
    known = set(scenario.bots()) | {"human", "bot"}
    default = scenario.data.get("default_bot", "random")
    kinds = {**run.data.get("controllers", {}), **override}
    return [f"{civ}={kind}: stage {stage.index + 1} ({scenario.id}) has no bot '{kind}': its "
            f"default bot '{default}' plays {civ} here"
            for civ, kind in sorted(kinds.items()) if kind not in known
            and stage.seat_of(civ) is not None]


def start_stage(run: CampaignRun, override: dict[str, str] | None = None,
                log_path: str | Path | None = None, human_io: dict[str, Any] | None = None,
                render: Render | None = None) -> tuple[Stage, Session]:
    """Set up the next stage (its carry-over applied) and save the campaign with it under way.

    The stage's dice come from its seed (DC.10), but its hidden values (a bag's shuffle) from a
    fresh secret (core/hidden.py), kept in the stage's game in the campaign save, committed in
    the stage log's header and revealed at its end: the dice a player sees, and the seed the
    log's header names, say nothing about them."""
    stage = run.next_stage()
    if stage is None:
        raise EngineError("the campaign is over: 'dg campaign status' shows the final standing")
    grants = stage_grants(run.campaign, stage, run.done)
    scenario = stage_scenario(run.campaign, stage, grants)
    seed = stage_seed(run.data["seed"], stage.id)
    kinds = seat_kinds(run, stage, override or {}, scenario)
    log = Path(log_path) if log_path else run.folder / _log_name(run, stage)
    _refuse_a_kept_file(run, log, stage)
    session = new_session(scenario, seed, stage_seats(scenario, stage), kinds, log,
                          human_io, render, secret=fresh_secret())
    run.data["current"] = {"id": stage.id, "seed": seed, "log": _relative(run, log),
                           "grants": grants, "controllers": kinds,
                           "game": save_payload(session.game, session.header)}
    run.save()
    return stage, session


def _taken(path: Path) -> str:
    """Why a new campaign's save may not go to ``path``, where a file is: a campaign save (go
    on with it), or another file (it would be lost)."""
    if path.is_dir():
        return f"{path}: a folder, not a file; give a file's name"
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError, RecursionError):
        data = None
    if (isinstance(data, dict) and data.get("magic") == SAVE_MAGIC) or path.name.endswith(SUFFIX):
        return (f"{path}: a campaign save is already there: continue it with 'dg campaign play "
                f"--save {path}', or start another with --save PATH")
    return (f"{path}: a file is already there, and not a campaign save (it would be lost); "
            "give the campaign's save another name, e.g. --save my.campaign.json")


def _refuse_a_kept_file(run: CampaignRun, log: Path, stage: Stage) -> None:
    """A stage's log must not be written over a file the campaign keeps: an earlier stage's
    log (the campaign checks each against its sha256, so it could go on no more) or the
    campaign save itself, or any file that is not a log of dg's. Refused before anything is
    written."""
    target = log.resolve()
    if target == run.path.resolve():
        raise EngineError(f"--log {log}: that is the campaign save itself; give the log "
                          "another name, or leave --log out")
    for entry in run.done:
        rel = entry.get("log")
        if rel and run.log_path(rel).resolve() == target:
            raise EngineError(
                f"--log {log}: that file is the log of stage {entry['id']}, which the campaign "
                f"keeps (its sha256 is in the save); give stage {stage.id} another file, or "
                f"leave --log out: it is then {_log_name(run, stage)}")
    check_outputs(None, log)  # nor over a file that is not a log of dg's (play/outputs.py)


def _log_name(run: CampaignRun, stage: Stage) -> str:
    stem = run.path.name[:-len(SUFFIX)] if run.path.name.endswith(SUFFIX) else run.path.stem
    return f"{stem}.{stage.index + 1}-{stage.id}.jsonl"


def _relative(run: CampaignRun, path: Path) -> str:
    try:
        return Path(os.path.relpath(path.resolve(), run.folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        return path.resolve().as_posix()


def resume_stage(run: CampaignRun, override: dict[str, str] | None = None,
                 human_io: dict[str, Any] | None = None, render: Render | None = None
                 ) -> tuple[Stage, Session]:
    """The stage under way, from the game saved in the campaign save: its log is written again
    from the saved actions (they must reproduce the saved state), its header naming the
    controllers that play on (``override`` included), then play goes on."""
    cur = run.data.get("current")
    if not cur:
        raise EngineError("no stage is under way: 'dg campaign play' plays the next one")
    stage = run.campaign.stage(cur["id"])
    scenario = stage_scenario(run.campaign, stage, cur["grants"], (run.path, "current/grants"))
    payload = check_payload(cur["game"], run.path)
    if payload.get("scenario_sha256") != scenario_digest(scenario):
        raise SaveError(f"{run.path}: stage {stage.id}: its scenario {scenario.id} changed since "
                        "the stage started (its sha256 differs): a stage under way keeps its "
                        "rules; restore the scenario file to go on")
    saved = load_game(run.path, payload, scenario, check=check_saved)
    saved_header = payload["header"]
    kinds = {**cur.get("controllers", {}), **seat_kinds(run, stage, override or {}, scenario)}
    controllers = make_controllers(scenario, saved.state.seats, kinds, saved.state.seed,
                                   human_io or {}, render)
    log = LogWriter(run.log_path(cur["log"]))
    playing = {**saved_header.get("controllers", {}), **kinds}
    game, header = logged_game(scenario, saved_header["seats"], saved_header["seed"], log,
                               playing, saved_secret(saved.state))
    for seat, text in payload["actions"]:
        game.apply(text, seat=seat)
    if game.state.hash() != saved.state.hash():
        raise SaveError(f"{run.path}: the saved actions of stage {stage.id} do not reproduce its "
                        "saved state (was it made by another engine version?)")
    if override:
        cur["controllers"] = kinds
    return stage, resumed_session(game, header, controllers, log)


def save_current(run: CampaignRun, session: Session) -> None:
    """Save the campaign with the stage's game as it is now."""
    run.data["current"]["game"] = save_payload(session.game, session.header)
    run.save()


def play_stage(run: CampaignRun, session: Session,
               on_turn: Callable[[Game], None] | None = None,
               on_action: Callable[..., None] | None = None) -> bool:
    """Play the stage under way to its end (then record it) or until a person stops (then save
    it); the campaign is saved at every new round and before every human decision."""
    humans = {seat for seat, c in session.controllers.items() if c.name == "human"}

    def turn(game: Game) -> None:
        save_current(run, session)
        if on_turn is not None:
            on_turn(game)

    def act(game: Game, seat: str, action: Any, events: list[dict[str, Any]]) -> None:
        if on_action is not None:
            on_action(game, seat, action, events)
        if not game.over and game.pending is not None and game.pending.seat in humans:
            save_current(run, session)

    try:
        finished = play(session, on_turn=turn, on_action=act)
    except LogWriteError as exc:
        save_current(run, session)
        raise EngineError(f"{exc}; the stage stopped and the campaign was saved first "
                          "('dg campaign resume' goes on)") from None
    if not finished:
        save_current(run, session)
        return False
    finish_stage(run, session)
    return True


def finish_stage(run: CampaignRun, session: Session) -> dict[str, Any]:
    """Record the finished stage: result, each civilization's record and points, the log's
    sha256 and scenario hash; the campaign is saved without a stage under way."""
    cur = run.data["current"]
    stage = run.campaign.stage(cur["id"])
    game = session.game
    result = dict(game.result or {})
    facts = _facts(game)
    records = {civ: civ_record(stage, result, civ, facts) for civ in run.campaign.roster}
    points = stage_points(run.campaign, stage, run.done, records)
    for civ, n in points.items():
        records[civ]["points"] = n
    entry = {"id": stage.id, "status": "done", "seed": cur["seed"], "log": cur["log"],
             "log_sha256": file_sha256(run.log_path(cur["log"])),
             "scenario_sha256": session.header["scenario_sha256"], "result": result,
             "records": records, "points": points, "grants": cur["grants"],
             "controllers": cur.get("controllers", {})}
    run.done.append(entry)
    run.data["current"] = None
    run.save()
    return entry


def _facts(game: Game) -> dict[str, dict[str, Any]]:
    """What the stage's plugins report about each seat at the end (``dg_campaign_facts``)."""
    out: dict[str, dict[str, Any]] = {}
    hook = getattr(game.hook, "dg_campaign_facts", None)
    if hook is None:
        return out
    for group in hook(game=game):
        for seat, facts in (group or {}).items():
            out.setdefault(seat, {}).update(facts)
    return out


def play_campaign(name: str, seed: int, save_path: str | Path,
                  controllers: dict[str, str] | None = None) -> CampaignRun:
    """A whole campaign played from a new save to its end (people only if ``controllers`` name
    them; bench/campaign_batch.py plays it for many seeds)."""
    run = new_campaign(name, seed, controllers or {}, save_path)
    pass_unplayable(run)
    while not run.over:
        _, session = start_stage(run)
        if not play_stage(run, session):
            break
        pass_unplayable(run)
    return run


# -- re-checking ----------------------------------------------------------------------------------
@dataclass
class StageCheck:
    """One finished stage's log re-checked: ``ok``, or what is wrong with it."""

    stage: str
    log: str
    ok: bool
    message: str
    report: ReplayReport | None = None


def replay_campaign(run: CampaignRun) -> list[StageCheck]:
    """Every finished stage's log replayed on its scenario (with the grants it was set up with)
    and compared with what the save recorded: the log's sha256, scenario hash and result."""
    out = []
    for entry in run.done:
        if entry.get("status") != "done":
            continue
        out.append(_check_stage(run, entry))
    return out


def _check_stage(run: CampaignRun, entry: dict[str, Any]) -> StageCheck:
    sid, rel = entry["id"], entry["log"]
    problem = log_problem(run, entry)
    if "is missing" in problem:
        return StageCheck(sid, rel, False, problem)
    try:
        field = f"stages/{run.done.index(entry)}/grants"
        scenario = stage_scenario(run.campaign, run.campaign.stage(sid), entry.get("grants", []),
                                  (run.path, field))
        report = replay_log(run.log_path(rel), scenario=scenario)
    except EngineError as exc:
        return StageCheck(sid, rel, False, f"cannot be replayed: {exc}")
    if not report.ok:
        return StageCheck(sid, rel, False, f"line {report.line}: {report.message}", report)
    if problem:
        return StageCheck(sid, rel, False, problem + " (it replays, but it is not the game the "
                                                     "campaign recorded)", report)
    return StageCheck(sid, rel, True, f"replay matches ({report.records} records)", report)


__all__ = ["PUT_LOG_BACK", "RESTORE_LOG", "CampaignRun", "StageCheck", "default_save_path",
           "finish_stage", "log_problem", "new_campaign", "open_campaign", "pass_unplayable",
           "play_campaign", "play_stage", "replay_campaign", "resume_stage", "save_current",
           "stage_scenario", "stage_seats", "stage_seed", "start_stage", "unknown_civilization"]
