"""The event log: JSON Lines, one record a line (see docs/log-format.md).

The first line is the header: the scenario by id, variant, options and the sha256 of the merged
scenario that ran, the seats and their factions, the seed, the engine version, the log format and
the state at the first decision (:func:`game_header`); then, in order, ``event`` records (set-up,
dice, moves, combats…), ``action`` records (the seat, the action text and the phase, written
before the events the action caused), ``undo`` records, and a final ``result``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from distant_galaxy.core.hidden import GAME_SECRET, public_state_json
from distant_galaxy.errors import EngineError, LogError
from distant_galaxy.scenario.find import find_by_id
from distant_galaxy.text import json_fault
from distant_galaxy.version import ENGINE_VERSION, LOG_FORMAT

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.model import Scenario


def make_header(scenario_id: str, variant: str | None, seats: list[str], seed: int,
                source: str | None = None, controllers: dict[str, str] | None = None,
                options: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """The first record of every log (the fields that need no game; see :func:`game_header`);
    ``options`` are the options played, in the scenario's order."""
    header: dict[str, Any] = {"kind": "header", "format": LOG_FORMAT, "engine": ENGINE_VERSION,
                              "scenario": scenario_id, "variant": variant,
                              "options": list(options),
                              "seats": list(seats), "seed": seed}
    if source:
        header["source"] = source
    if controllers:
        header["controllers"] = controllers
    return header


def game_header(game: Game, controllers: dict[str, str] | None = None) -> dict[str, Any]:
    """The header of a game's log: what :func:`make_header` writes, plus ``scenario_sha256``
    (of the merged scenario), ``factions`` (seat → faction) and ``initial`` (the state at the
    first decision, which ``GameState.from_json`` rebuilds without the YAML) with its hash."""
    scenario, st = game.scenario, game.state
    header = make_header(scenario.id, game.variant, list(st.seats), st.seed,
                         source=source_label(scenario), controllers=controllers,
                         options=scenario.options)
    header["scenario_sha256"] = scenario_digest(scenario)
    header["factions"] = {s: st.players[s].faction for s in st.seats}
    # A copy (the state goes on); hidden information masked: the header is read during the game
    # (core/hidden.py). The hash is of the whole state: its secrets include a salt, so the hash
    # tells nothing of them.
    header["initial"] = json.loads(json.dumps(public_state_json(st)))
    header["initial_hash"] = st.hash()
    if GAME_SECRET in st.secrets:  # the commitment to the game's secret (core/hidden.py)
        header["secret_sha256"] = st.secrets[GAME_SECRET]["public"]["sha256"]
    return header


def scenario_digest(scenario: Scenario) -> str:
    """The sha256 (hex) of the merged scenario (``extends:``, the variant and the options
    applied): its data as canonical JSON (sorted keys, no spaces, UTF-8). With options, the
    hashed value is ``{"data": …, "options": [names]}``, so even an option that changes no data
    gives the game another identity; without, it is the data alone (as before options existed).
    """
    value: Any = scenario.data
    if scenario.options:
        value = {"data": scenario.data, "options": list(scenario.options)}
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def source_label(scenario: Scenario) -> str | None:
    """Where a scenario that is not found by its id was read from, relative to the current
    folder (None for a shipped or installed scenario: its id finds it)."""
    try:
        found = find_by_id(scenario.id)
    except EngineError:  # two files with this id: name the file
        found = None
    if found is not None and found.resolve() == Path(scenario.path).resolve():
        return None
    try:
        return Path(os.path.relpath(scenario.path)).as_posix()
    except ValueError:  # another drive (Windows)
        return Path(scenario.path).as_posix()


def dumps(record: dict[str, Any]) -> str:
    """One record as one canonical JSON line (sorted keys, so identical games give identical
    bytes): ``json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``,
    by the JSON module's own C encoder made once (``json.dumps`` makes one at every call, the
    most of what a small record costs); a record it cannot write goes to ``json.dumps``, which
    says why."""
    if _encode is not None:
        try:
            return "".join(_encode(record, 0))
        except (TypeError, ValueError, RecursionError):
            pass
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _make_encoder() -> Any:
    """What ``json.dumps`` with :func:`dumps`' options uses inside (CPython's C encoder with the
    non-ASCII string encoder, sorted keys, no indent; no check for circular containers: a record
    that has one fails and goes to ``json.dumps``), or None where there is none."""
    make = getattr(json.encoder, "c_make_encoder", None)
    quote = getattr(json.encoder, "c_encode_basestring", None)
    if make is None or quote is None:
        return None
    try:
        return make(None, _not_json, quote, None, ":", ",", True, False, True)
    except TypeError:  # another signature: json.dumps itself
        return None


def _not_json(value: object) -> object:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


_encode = _make_encoder()


class LogWriteError(LogError):
    """Writing the log failed (a full disk, a folder given as the file…): names the file."""


class LogWriter:
    """Writes records to a JSONL file as the game goes, each flushed to the file as it is
    written — until :meth:`flush` is first called: a game with this writer as its sink calls it
    after each group of records it sends (the set-up, an action with its events, an undo), and
    from then on the writer keeps a group's lines until its end and writes them in one go, so the
    file holds every group once it is complete and never part of one, with a system call a group
    instead of one a record. (A caller that sends records one by one and never calls
    :meth:`flush`, as ``dg serve``'s held log does, keeps one flush per record.) :meth:`close`
    writes the rest. A failure to open or write the file is a :class:`LogWriteError` naming it;
    the writer then stops writing. ``records`` keeps every record written."""

    def __init__(self, path: str | Path | None = None, stream: IO[str] | None = None):
        self.path = Path(path) if path else None
        self._own = stream is None and path is not None
        self.records: list[dict[str, Any]] = []
        self.stream: IO[str] | None = stream
        # once told where groups of records end (``flush``): the lines of the group under way,
        # written together at its end (None until then: each line written and flushed at once)
        self._group: list[str] | None = None
        if stream is None and path is not None:  # (``self._own``)
            try:
                self.stream = open(path, "w", encoding="utf-8")
            except OSError as exc:
                raise LogWriteError(f"{path}: cannot write the log: {exc.strerror}") from None

    def __call__(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        if self.stream is None:
            return
        line = dumps(record)
        if self._group is not None:  # written with the rest of its group
            self._group.append(line)
        else:
            self._write(line + "\n")

    def flush(self) -> None:
        """Write the group of records now complete to the file, in one write, and flush it;
        from now on the writer writes only when this is called (and at :meth:`close`)."""
        if not self._own:
            return
        group, self._group = self._group, []
        if self.stream is not None:
            self._write("\n".join(group) + "\n" if group else "")

    def _write(self, text: str) -> None:
        assert self.stream is not None
        try:
            if text:
                self.stream.write(text)
            if self._own:
                self.stream.flush()
        except OSError as exc:
            self._abandon()
            raise LogWriteError(f"{self.path}: cannot write the log: {exc.strerror}") from None

    def _abandon(self) -> None:
        stream, self.stream = self.stream, None
        if self._own and stream is not None:
            try:
                stream.close()
            except OSError:
                pass

    def close(self) -> None:
        if self._group:  # records sent after the last group's end (the result)
            self.flush()
        if self._own and self.stream is not None:
            stream, self.stream = self.stream, None
            try:
                stream.close()
            except OSError as exc:
                raise LogWriteError(f"{self.path}: cannot write the log: {exc.strerror}"
                                    ) from None


def read_log(path: str | Path) -> list[tuple[int, dict[str, Any]]]:
    """The records of a log with their 1-based line numbers; a malformed line is a LogError."""
    out: list[tuple[int, dict[str, Any]]] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LogError(f"{path}: cannot read the log: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise LogError(f"{path}: not a text log (bad byte at {exc.start})") from None
    if '"magic": "distant-galaxy-save"' in text[:4000]:
        raise LogError(f"{path}: this is a save file, not a log; 'dg show {path}' shows it and "
                       f"'dg resume {path}' continues it")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{path}:{n}: not a JSON record ({json_fault(exc, line=False)})"
                           ) from None
        except RecursionError:
            raise LogError(f"{path}:{n}: not a usable JSON record (nested too deeply)") from None
        except ValueError as exc:  # an integer of more than 4,300 digits (Python's own limit)
            raise LogError(f"{path}:{n}: not a usable JSON record (a number of more than "
                           f"{sys.get_int_max_str_digits()} digits)") from exc
        if not isinstance(rec, dict) or "kind" not in rec:
            raise LogError(f"{path}:{n}: a record must be an object with a 'kind'")
        out.append((n, rec))
    if not out or out[0][1].get("kind") != "header":
        raise LogError(f"{path}:1: the log does not start with a header record")
    fmt = out[0][1].get("format")
    if fmt != LOG_FORMAT:
        raise LogError(f"{path}:1: log format {fmt!r} is not supported (this engine reads "
                       f"format {LOG_FORMAT})")
    return out
