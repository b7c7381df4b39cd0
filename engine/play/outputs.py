"""The files a game writes (``--save``, ``--log``): never over something a player would lose.

``dg run --save g.json`` wrote over whatever ``g.json`` was: an unfinished game's save, a scenario
file, a README (a new-user trial found it). :func:`check_outputs` is called before anything is
written and refuses, naming the file and why:

- a file that is not of the kind written there (a save where the save goes, a log where the log
  goes): a scenario, a document, another program's data;
- a save of a game not yet over — ``dg resume`` continues it — unless it is the very save
  being resumed (``dg resume g.json`` writes back to ``g.json``);
- one file named for both the save and the log.

A finished game's save and any log of ours are written over, as a re-run expects; so is an
empty file. The check reads at most :data:`MAX_READ` bytes of a file: a bigger one is not ours.

:func:`check_written` does the same for the other files ``dg`` writes — a board picture
(``--svg``), a replay page (``--html``), the scenario schema (``dg schema -o``): one made
before is replaced, anything else is refused, the very file being read above all
(``dg replay g.jsonl --html g.jsonl`` turned the log into the page), and a player's own
picture or page (one dg wrote holds its mark: :data:`WRITTEN_KINDS`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from distant_galaxy.errors import EngineError
from distant_galaxy.play.saves import CAMPAIGN_MAGIC
from distant_galaxy.play.saves import MAGIC as SAVE_MAGIC
from distant_galaxy.text import count_of

#: what is read of an existing file to tell what it is (a save of ours is far smaller)
MAX_READ = 64 * 1024 * 1024
ELSEWHERE = "remove it first if it may go, or give another name"
#: what a file ``dg`` writes starts with, by kind (:func:`check_written`), what it holds that
#: another program's file of the kind does not, and its name
WRITTEN_KINDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "svg": (("<svg", "<?xml"), '<g id="board">', "a board picture of dg's"),
    "html": (("<!doctype html", "<html"), 'id="replay-data"', "a replay page of dg's"),
    "schema": (("{",), "urn:distant-galaxy-engine:schemas:", "a scenario schema of dg's"),
}


def check_outputs(save: str | Path | None, log: str | Path | None,
                  resumed: str | Path | None = None) -> None:
    """Refuse (an :class:`EngineError` naming the file) to write the save to ``save`` or the
    log to ``log`` where that would lose something; ``resumed``: the save a game was resumed
    from, which its save may go back to."""
    if save and log and _same(save, log):
        raise EngineError(f"--save and --log name the same file ({save}): a save and a log "
                          "need a file each")
    if log and resumed and _same(log, resumed):
        raise EngineError(f"--log {log} is the save being resumed: the log would be written "
                          "over it; give the log another name")
    for flag, path in (("--save", save), ("--log", log)):
        if path:
            _check_place(Path(path), flag)
    if save and not (resumed and _same(save, resumed)):
        _check_save_target(Path(save))
    if log:
        _check_log_target(Path(log), Path(resumed) if resumed else None)


def _check_place(path: Path, flag: str) -> None:
    """A file can be written at ``path``: it is no folder, and its folder exists (a save is
    written when the game stops: a missing folder found then lost the whole game)."""
    if path.is_dir():
        raise EngineError(f"{flag} {path}: a folder, not a file; give a file's name")
    folder = path.parent
    if str(folder) and not folder.is_dir():
        raise EngineError(f"{flag} {path}: no folder {folder} (make it first)")


def _same(a: str | Path, b: str | Path) -> bool:
    return Path(a).resolve() == Path(b).resolve()


def _existing_text(path: Path) -> str | None:
    """The text of the regular file at ``path``, or None when there is none, it is empty or
    not a regular file (a folder, ``/dev/null``, ``/dev/stdout``: the writer says what it
    makes of those); an unreadable or oversized file is refused."""
    if not path.is_file():
        return None
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_READ + 1)
    except OSError as exc:
        raise EngineError(f"{path}: cannot read what is there ({exc.strerror}), so it is not "
                          f"written over; {ELSEWHERE}") from None
    if len(data) > MAX_READ:
        raise EngineError(f"{path}: a file too big to be one of dg's is there; it is not "
                          f"written over; {ELSEWHERE}")
    return data.decode("utf-8", "replace") if data.strip() else None


def _check_save_target(path: Path) -> None:
    text = _existing_text(path)
    if text is None:
        return
    data = _json_or_none(text)
    if isinstance(data, dict) and data.get("magic") == CAMPAIGN_MAGIC:
        raise EngineError(f"--save {path}: a campaign's save is there (dg campaign status "
                          f"--save {path}); it is not written over; {ELSEWHERE}")
    if not isinstance(data, dict) or data.get("magic") != SAVE_MAGIC:
        what = "a game's log, not a save," if _is_log(text) else "not a save of dg's"
        raise EngineError(f"--save {path}: the file there is {what} and would be lost; "
                          f"{ELSEWHERE}")
    state = data.get("state")
    result = state.get("result") if isinstance(state, dict) else None
    if result is None:
        raise EngineError(f"--save {path}: an unfinished game is saved there "
                          f"({_described(data)}); 'dg resume {path}' goes on with it; to "
                          f"start a new game, {ELSEWHERE}")


def _described(save: dict[str, Any]) -> str:
    header = save.get("header")
    header = header if isinstance(header, dict) else {}
    actions = save.get("actions")
    game = f"{header.get('scenario', 'a scenario')}, seed {header.get('seed', '?')}"
    if not isinstance(actions, list):
        return game
    return f"{game}, {count_of(len(actions), 'action')}"


def _check_log_target(path: Path, resumed: Path | None) -> None:
    text = _existing_text(path)
    if text is None:
        return
    if _is_log(text):  # a finished game's log, or the resumed game's own: written over
        last = _json_or_none(text.rstrip().rsplit("\n", 1)[-1])
        header = _json_or_none(text.split("\n", 1)[0])
        if (isinstance(last, dict) and last.get("kind") == "result") \
                or (resumed is not None and _same_game(header, resumed)):
            return
        raise EngineError(f"--log {path}: the log of an unfinished game is there "
                          f"({_described({'header': header, 'actions': None})}), which its "
                          f"save resumes with 'dg resume SAVE --log {path}'; to log another "
                          f"game, {ELSEWHERE}")
    data = _json_or_none(text)
    saved = isinstance(data, dict) and data.get("magic") in (SAVE_MAGIC, CAMPAIGN_MAGIC)
    what = "a save, not a log," if saved else "not a log of dg's"
    raise EngineError(f"--log {path}: the file there is {what} and would be lost; {ELSEWHERE}")


def _same_game(header: Any, save: Path) -> bool:
    """Whether the log ``header`` is of the game saved in ``save`` (its scenario, variant,
    options, seats and seed)."""
    saved = _json_or_none(_existing_text(save) or "")
    saved_header = saved.get("header") if isinstance(saved, dict) else None
    if not (isinstance(header, dict) and isinstance(saved_header, dict)):
        return False
    keys = ("scenario", "variant", "options", "seats", "seed")
    return all(header.get(k) == saved_header.get(k) for k in keys)


def _is_log(text: str) -> bool:
    """Whether ``text`` starts as a log of dg's does: a header record on its first line."""
    first = _json_or_none(text.split("\n", 1)[0])
    return isinstance(first, dict) and first.get("kind") == "header"


def _is_schema(text: str) -> bool:
    """Whether ``text`` is a JSON Schema (an object with ``$schema``)."""
    data = _json_or_none(text)
    return isinstance(data, dict) and "$schema" in data


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def check_written(path: str | Path, flag: str, kind: str,
                  read: tuple[str | Path | None, ...] = ()) -> None:
    """Refuse (an :class:`EngineError` naming ``flag`` and the file) to write a file of
    ``kind`` (a key of :data:`WRITTEN_KINDS`) at ``path`` when that is one of the files
    ``read`` or something there is not of that kind; nothing there, an empty file or one of
    the kind (written before) may be replaced."""
    for source in read:
        if source and Path(source).is_file() and _same(path, source):
            raise EngineError(f"{flag} {path}: that is the file being read; give the output "
                              "another name")
    text = _existing_text(Path(path))
    if text is None:
        return
    starts, mark, name = WRITTEN_KINDS[kind]
    if text.lstrip().lower().startswith(starts) and mark in text \
            and (kind != "schema" or _is_schema(text)):
        return
    raise EngineError(f"{flag} {path}: the file there is not {name} and would be lost; "
                      f"{ELSEWHERE}")
