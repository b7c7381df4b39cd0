"""Saves: the header, the actions so far and the state, written atomically with a format version.

A save is written to a temporary file in the same folder (created with the mode a log gets: 0666
less the umask), flushed and synced, then renamed over the old one (``os.replace``) and the folder
synced, so an interrupted save leaves the previous file intact. Loading refuses a corrupt file, a
save of an unknown format, a state or record whose hash does not match, and — since anyone can
recompute those plain sha256 hashes — content that breaks ``schemas/save.schema.json`` (names
with spaces, unbounded numbers, a list where an owner goes…): never half-loads.
:func:`load_game` also refuses (or, when asked, only warns about) a scenario changed since the
save (``scenario_sha256``), checks that the state's seats, units and owners fit the scenario and
that the values kept in its open mappings (``attrs``, sites' ``markers``) fit what the engine and
the plugins declare (:mod:`distant_galaxy.play.attrs_schema`, the ``dg_state_schema`` hook), and
runs the caller's check of the game (the invariants, :func:`distant_galaxy.harness.invariants.
check_saved`) before the game is used.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.game import Game
from distant_galaxy.core.state import GameState
from distant_galaxy.errors import EngineError, SaveError, fault_text
from distant_galaxy.play.attrs_schema import attrs_problems
from distant_galaxy.play.log import scenario_digest
from distant_galaxy.play.records import schema_problem
from distant_galaxy.text import json_fault
from distant_galaxy.version import ENGINE_VERSION, SAVE_FORMAT

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

MAGIC = "distant-galaxy-save"
#: The magic of a campaign's save (campaign/save.py), told apart from a game's here
CAMPAIGN_MAGIC = "distant-galaxy-campaign"
KEYS = {"magic", "format", "engine", "header", "actions", "state", "hash", "record_hash",
        "scenario_sha256"}


def save_payload(game: Game, header: dict[str, Any]) -> dict[str, Any]:
    """The save of ``game`` as a JSON-ready mapping."""
    actions = [list(a) for a in game.history]
    return {"magic": MAGIC, "format": SAVE_FORMAT, "engine": ENGINE_VERSION,
            "header": header, "actions": actions,
            "state": game.state.to_json(), "hash": game.state.hash(),
            "scenario_sha256": scenario_digest(game.scenario),
            "record_hash": record_hash(header, actions)}


def record_hash(header: Any, actions: Any) -> str:
    """A hash of the header and the actions of a save (the state has its own ``hash``)."""
    text = json.dumps({"header": header, "actions": actions}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def write_atomic(path: str | Path, text: str, private: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (temporary file, fsync, rename, fsync of the folder).

    The file gets the mode a newly created log gets (0666 less the umask: a save as a log, issue
    16), or with ``private`` 0600 from the start — readable by its owner alone (``dg serve``'s
    links file: the seats' tokens). A failure is an OSError whose ``filename`` is ``path`` (never the hidden
    temporary), the previous file intact.
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(folder))
    except FileNotFoundError:
        raise FileNotFoundError(errno.ENOENT, f"no folder {folder} (make it first)",
                                str(path)) from None
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        os.chmod(tmp, 0o600 if private else 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        _sync_folder(folder)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
    _remove_stale_temporaries(target)


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """fsync the folder so the rename itself survives a crash (where folders can be opened)."""
    try:
        fd = os.open(str(folder), os.O_RDONLY)
    except OSError:  # Windows: folders cannot be opened; the rename is durable there
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


STALE_SECONDS = 60


def _remove_stale_temporaries(target: Path) -> None:
    """Delete temporaries of earlier saves of ``target`` that a killed process left behind
    (older than a minute, so a save under way in another process is never touched)."""
    now = time.time()
    for leftover in target.parent.glob(f".{target.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
        except OSError:
            pass


def save_game(game: Game, header: dict[str, Any], path: str | Path) -> None:
    """Save ``game`` to ``path`` atomically. A state whose open mappings break what the engine
    and the plugins declare for them (``dg_state_schema``) is refused — a SaveError naming the
    field, the file at ``path`` as it was — since :func:`load_game` would refuse the save: the
    fault is found when a plugin writes the value, not when the game is resumed."""
    problems = attrs_problems(game.state, game.scenario)
    if problems:
        raise SaveError(f"{path}: not saved: the state breaks what the engine and the plugins "
                        f"declare for it ({'; '.join(problems)}): a save of it could not be "
                        "opened again (a plugin wrote a value its dg_state_schema does not "
                        "allow?)")
    write_atomic(path, json.dumps(save_payload(game, header), sort_keys=True, indent=1))


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save file; returns the payload with ``state`` as a GameState."""
    return check_payload(read_json_file(path, "save", _log_hint), path)


def _log_hint(path: str | Path, text: str) -> str | None:
    if text.startswith('{"') and '"kind":"header"' in text.split("\n", 1)[0]:
        return f"this is a game log, not a save; 'dg replay {path}' re-runs it"
    if Path(path).suffix.lower() in (".yaml", ".yml") or text.lstrip().startswith("format:"):
        return (f"this is a scenario file, not a save: 'dg run {path} --save game.json' plays "
                "it and keeps the game in a save for dg show (dg validate checks the file)")
    return None


def read_json_file(path: str | Path, what: str,
                   hint: Callable[[str | Path, str], str | None] | None = None) -> Any:
    """The JSON data of the file ``path``; a :class:`SaveError` names the file and what is wrong
    with it (``what``: "save", "campaign save"). ``hint(path, text)`` may say what the file is
    instead, when it is not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: corrupt {what} (not UTF-8 text at byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        found = hint(path, text) if hint is not None else None
        if found:
            raise SaveError(f"{path}: {found}") from None
        raise SaveError(f"{path}: corrupt {what} (not JSON: {json_fault(exc)})") from None
    except (ValueError, RecursionError) as exc:  # huge numbers, absurd nesting
        raise SaveError(f"{path}: corrupt {what} (not JSON: {str(exc)[:80]})") from None


def check_payload(data: Any, path: str | Path) -> dict[str, Any]:
    """Check a save's JSON data (read from ``path``, or embedded in a campaign save) as
    :func:`read_save` does; returns the payload with ``state`` as a GameState."""
    if not isinstance(data, dict) or data.get("magic") != MAGIC:
        if isinstance(data, dict) and data.get("magic") == CAMPAIGN_MAGIC:
            raise SaveError(f"{path}: a campaign save, not a game's: 'dg campaign resume "
                            f"--save {path}' goes on with it")
        raise SaveError(f"{path}: not a Distant Galaxy save file")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SaveError(f"{path}: corrupt save (unknown key {unknown[0]!r})")
    fmt = data.get("format")
    if not isinstance(fmt, int) or fmt > SAVE_FORMAT or fmt < 1:
        raise SaveError(f"{path}: save format {fmt!r} is not supported by engine "
                        f"{ENGINE_VERSION} (it reads formats 1..{SAVE_FORMAT}); "
                        "update the engine to open it")
    problem = schema_problem("save", data)  # the hashes are plain sha256: check the content
    if problem is not None:
        raise SaveError(f"{path}: corrupt save ({problem})")
    try:
        state = GameState.from_json(data["state"])
        header = data["header"]
        actions = [tuple(a) for a in data["actions"]]
        digest = state.hash()
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveError(f"{path}: corrupt save ({exc!r})") from None
    if digest != data.get("hash"):
        raise SaveError(f"{path}: corrupt save (the state does not match its hash)")
    if "record_hash" not in data:
        raise SaveError(f"{path}: corrupt save (no record_hash: the header and actions cannot be "
                        "checked)")
    if record_hash(header, data["actions"]) != data["record_hash"]:
        raise SaveError(f"{path}: corrupt save (the header or actions do not match their hash)")
    if not isinstance(header, dict) or not isinstance(header.get("scenario"), str) \
            or not isinstance(header.get("seed"), int) or isinstance(header.get("seed"), bool):
        raise SaveError(f"{path}: corrupt save (the header names no scenario and seed)")
    return {"header": header, "actions": actions, "state": state, "engine": data.get("engine"),
            "scenario_sha256": data.get("scenario_sha256")}


def load_game(path: str | Path, payload: dict[str, Any], scenario: Scenario,
              allow_changed: bool = False, warn: Callable[[str], None] | None = None,
              check: Callable[[Game], list[str]] | None = None, trial: bool = True) -> Game:
    """The game of a save read by :func:`read_save`, on ``scenario`` (loaded from its header).

    A save whose ``scenario_sha256`` differs from the scenario now is refused (a SaveError that
    says so), or with ``allow_changed`` reported through ``warn`` and played on. The state's
    seats, unit types and owners are checked against the scenario, then the game made on it is
    given to ``check`` (what is wrong with it; the callers that resume a save pass
    :func:`distant_galaxy.harness.invariants.check_saved`, the invariants the harness holds
    every game to): any problem is a SaveError, and no game is returned. With ``trial`` (to
    play it on: not for showing it) a copy is then played on a few actions
    (:func:`_try_decision`); a failure there is a SaveError that says whose code failed.
    """
    then, now = payload.get("scenario_sha256"), scenario_digest(scenario)
    if then != now:
        what = (f"the scenario {scenario.id} changed since the game was saved (sha256 "
                f"{str(then)[:12]}… then, {now[:12]}… now)" if then else
                "the save does not record the scenario it was made with (no scenario_sha256)")
        if not allow_changed:
            raise SaveError(f"{path}: {what}; 'dg resume --allow-changed-scenario' plays on "
                            "anyway")
        if warn is not None:
            warn(f"warning: {path}: {what}; playing on as asked")
    state: GameState = payload["state"]
    problems = _state_problems(state, scenario)
    game: Game | None = None
    if not problems:
        try:
            game = Game(scenario, state=state, seed=payload["header"]["seed"])
            problems = check(game) if check is not None else []
        except FAULTS as exc:
            problems = [f"no game can be made of it ({fault_text(exc)})"]
    if problems or game is None:
        raise SaveError(f"{path}: the saved state does not fit the scenario {scenario.id}: "
                        + "; ".join(problems[:3]))
    if trial:
        try:
            _try_decision(game)
        except FAULTS as exc:
            raise SaveError(trial_failure(path, exc)) from None
    game.history = [tuple(a) for a in payload["actions"]]  # type: ignore[misc]
    return game


#: How many actions of a loaded game :func:`_try_decision` plays on a copy.
TRIAL_ACTIONS = 60

#: What a fault of a plugin's or a rule's code may raise while a save is loaded or tried.
FAULTS = (EngineError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError,
          RecursionError)


def trial_failure(path: str | Path, exc: BaseException) -> str:
    """Why a save whose state fits its scenario cannot be played on (:func:`_try_decision`
    failed): the fault in full, and whose code it names — a plugin's (fix the plugin; the save
    is good) or none (a state edited into one the rules cannot play on)."""
    text = str(exc) if isinstance(exc, EngineError) else fault_text(exc)
    plugin = re.search(r"\bplugin '?([\w.-]+?)'?,? hook", text) or re.search(
        r"action kind \w+ of ([\w.]+)", text)
    whose = (f"a fault of the code of {plugin.group(1)}: fix it and resume again (the save "
             "itself is good)" if plugin else "a state edited into one the scenario's rules "
             "cannot play on, or a fault of their code")
    return (f"{path}: the saved game cannot be played on: a copy of it played on (up to "
            f"{TRIAL_ACTIONS} random actions, as every save is checked when it is loaded) "
            f"failed: {text} — {whose}; the file is as it was (dg show {path} shows it)")


def _try_decision(game: Game) -> None:
    """Play a copy of a loaded game on for up to :data:`TRIAL_ACTIONS` actions (seeded random
    choices; each decision's legal actions listed and every seat's view built), as its first
    use would: the plugins read their free-form ``attrs`` there, so an edited save whose attrs
    a plugin cannot read is refused now, not as a traceback in play. The game itself is not
    touched."""
    if game.pending is None and not game.over:
        raise EngineError("the game is neither over nor waiting for a decision")
    trial, rng = game.clone(), random.Random(0)
    for _ in range(TRIAL_ACTIONS):
        for seat in trial.state.seats:
            trial.view(seat)
        legal = [] if trial.over else trial.legal_actions()
        if not legal:
            return
        trial.apply(rng.choice(legal))


def _state_problems(state: GameState, scenario: Scenario) -> list[str]:
    """What makes ``state`` unusable with ``scenario`` before a Game is built on it."""
    out: list[str] = []
    seats = set(state.seats)
    known = scenario.seat_ids(len(scenario.seats)) if scenario.seats else []
    if known and not seats <= set(known):
        out.append(f"seats {sorted(seats - set(known))} are not seats of {scenario.id}")
    owners = seats | set(scenario.factions) | set(scenario.data.get("plugins", []))
    for tok in state.tokens.values():
        if tok.type not in scenario.unit_types:
            out.append(f"token {tok.id} is a {tok.type!r}, not a unit type of {scenario.id}")
        if tok.owner is not None and tok.owner not in owners:
            out.append(f"token {tok.id} is owned by {tok.owner!r}, not a seat or side")
    for site in state.sites.values():
        if site.owner is not None and site.owner not in owners:
            out.append(f"site {site.id} is owned by {site.owner!r}, not a seat or side")
    out += attrs_problems(state, scenario)
    pend = state.pending
    if pend is not None and pend.seat not in seats:
        out.append(f"the pending decision belongs to {pend.seat!r}, not a seat")
    if pend is not None and pend.kind not in _decision_kinds(scenario):
        out.append(f"the pending decision {pend.kind!r} is not a phase of {scenario.id}")
    return out


def _decision_kinds(scenario: Scenario) -> set[str]:
    """The phases' ids and every decision an action kind is offered in (hand-overs)."""
    kinds = {str(p["id"]) for p in scenario.phases}
    for kind in scenario.action_kinds().values():
        kinds.update(str(d) for d in getattr(kind, "phases", None) or ())
    return kinds
