"""The event log (distant_galaxy.play.log): the header, canonical JSON lines, the writer, and
``read_log`` with line numbers and clear refusals."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from distant_galaxy import ENGINE_VERSION, Game, LogError, load_scenario, read_log
from distant_galaxy.play.log import LogWriter, dumps, make_header
from distant_galaxy.play.saves import save_game
from distant_galaxy.version import LOG_FORMAT


def _header(**extra) -> dict:
    return make_header("tic-tac-toe", None, ["x", "o"], 7, **extra)


def _write(path: Path, *lines: str) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _logged_game(path: Path, seed: int = 7) -> LogWriter:
    writer = LogWriter(path)
    writer(_header())
    game = Game(load_scenario("tic-tac-toe"), seed=seed, sink=writer)
    for action in ["place 1,1", "place 0,0"]:
        game.apply(action)
    writer.close()
    return writer


def test_the_header_names_the_game_and_the_formats():
    assert _header() == {"kind": "header", "format": LOG_FORMAT, "engine": ENGINE_VERSION,
                         "scenario": "tic-tac-toe", "variant": None, "options": [],
                         "seats": ["x", "o"], "seed": 7}
    full = _header(source="mods/x.yaml", controllers={"x": "human", "o": "random"})
    assert full["source"] == "mods/x.yaml"
    assert full["controllers"] == {"x": "human", "o": "random"}


def test_the_header_copies_the_seats():
    seats = ["x", "o"]
    header = make_header("tic-tac-toe", "big", seats, 1)
    seats.append("z")
    assert header["seats"] == ["x", "o"] and header["variant"] == "big"


def test_dumps_is_one_canonical_line():
    a = {"kind": "event", "type": "note", "message": "élan — go", "n": [1, 2]}
    b = dict(reversed(list(a.items())))
    assert dumps(a) == dumps(b)
    assert dumps(a) == '{"kind":"event","message":"élan — go","n":[1,2],"type":"note"}'
    assert "\n" not in dumps({"kind": "event", "message": "two\nlines"})
    assert json.loads(dumps(a)) == a


def test_the_writer_writes_a_line_per_record_and_keeps_them():
    stream = io.StringIO()
    writer = LogWriter(stream=stream)
    writer({"kind": "header", "b": 1, "a": 2})
    writer({"kind": "undo"})
    writer.close()  # a stream it was given stays open
    assert stream.getvalue() == '{"a":2,"b":1,"kind":"header"}\n{"kind":"undo"}\n'
    assert writer.records == [{"kind": "header", "b": 1, "a": 2}, {"kind": "undo"}]


def test_dumps_writes_what_json_dumps_writes():
    """``dumps`` uses the JSON module's C encoder made once: the same text as ``json.dumps`` with
    the same options, and the same errors (from ``json.dumps`` itself)."""
    for value in [{}, {"b": 1, "a": [1.5, -0.0, 1e300, float("inf"), None, True, False]},
                  {"k": "ü\n\"\u2028\ud800", "n": {"z": {"y": [], "x": {}}}}, {1: "int key"},
                  {"t": (1, 2), "big": 2**70}]:
        assert dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"),
                                          ensure_ascii=False)
    with pytest.raises(TypeError, match="Object of type object is not JSON serializable"):
        dumps({"a": object()})
    loop: dict = {}
    loop["self"] = loop
    with pytest.raises(ValueError, match="Circular reference"):
        dumps(loop)
    assert dumps({"a": 1}) == '{"a":1}'  # (the encoder is not left in a bad state)


class _CountingWriter(LogWriter):
    def __init__(self, path):
        super().__init__(path)
        self.groups: list[int] = []

    def flush(self):
        self.groups.append(len(self.records))
        super().flush()


def test_the_writer_is_flushed_after_each_group_of_records(tmp_path):
    """Nothing between the records of a group (a system call a record cost most of what writing
    a classic game's log cost); after each group the file holds all of it."""
    from distant_galaxy.play.runner import logged_game

    path = tmp_path / "game.jsonl"
    writer = _CountingWriter(path)
    game, _ = logged_game(load_scenario("tic-tac-toe"), ["x", "o"], 7, writer)
    assert writer.groups == [len(writer.records)]  # the header and the set-up, before play
    assert len(read_log(path)) == len(writer.records)
    for action in ["place 1,1", "place 0,0"]:
        game.apply(action)
        assert writer.groups[-1] == len(writer.records)
        assert [rec for _, rec in read_log(path)] == writer.records
    assert len(writer.groups) == 3
    writer({"kind": "result", "winner": None})  # after the last group: written at close
    assert len(read_log(path)) == len(writer.records) - 1
    writer.close()
    assert [rec for _, rec in read_log(path)] == writer.records


def test_a_writer_never_told_of_groups_flushes_every_record(tmp_path):
    """What a caller that sends records one by one (dg serve's held log) relies on."""
    path = tmp_path / "game.jsonl"
    writer = LogWriter(path)
    writer(_header())
    assert len(read_log(path)) == 1  # on disk before the next record, without a flush() call
    writer({"kind": "undo"})
    assert [rec for _, rec in read_log(path)] == writer.records
    writer.close()


def test_a_logged_game_reads_back_with_line_numbers(tmp_path):
    path = tmp_path / "game.jsonl"
    writer = _logged_game(path)
    records = read_log(path)
    assert [n for n, _ in records] == list(range(1, len(writer.records) + 1))
    assert [rec for _, rec in records] == writer.records
    kinds = [rec["kind"] for _, rec in records]
    assert kinds[0] == "header" and kinds.count("action") == 2
    first = kinds.index("action")
    assert records[first][1] == {"kind": "action", "seat": "x", "action": "place 1,1",
                                 "phase": "play"}
    assert records[first + 1][1]["type"] == "place"  # the action comes before its events


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    _logged_game(tmp_path / "a.jsonl")
    _logged_game(tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_blank_lines_are_skipped_and_the_numbers_kept(tmp_path):
    path = _write(tmp_path / "log.jsonl", dumps(_header()), "", '{"kind":"undo"}')
    assert [(n, rec["kind"]) for n, rec in read_log(path)] == [(1, "header"), (3, "undo")]


@pytest.mark.parametrize(("lines", "message"), [
    (['{"kind":"undo"}', "{oops"], ":3: not a JSON record"),
    (['{"type":"note"}'], ":2: a record must be an object with a 'kind'"),
    (["[1, 2]"], ":2: a record must be an object with a 'kind'"),
])
def test_a_malformed_line_is_named_by_its_number(tmp_path, lines, message):
    path = _write(tmp_path / "log.jsonl", dumps(_header()), *lines)
    with pytest.raises(LogError, match=message) as err:
        read_log(path)
    assert str(err.value).startswith(f"{path}:")


@pytest.mark.parametrize("lines", [[], ['{"kind":"event","type":"note","message":"hi"}']])
def test_a_log_must_start_with_a_header(tmp_path, lines):
    path = _write(tmp_path / "log.jsonl", *lines)
    with pytest.raises(LogError, match=":1: the log does not start with a header record"):
        read_log(path)


@pytest.mark.parametrize("fmt", [LOG_FORMAT + 1, None, "1"])
def test_an_unknown_log_format_is_refused(tmp_path, fmt):
    header = _header()
    header["format"] = fmt
    path = _write(tmp_path / "log.jsonl", dumps(header))
    with pytest.raises(LogError, match=rf":1: log format {fmt!r} is not supported"):
        read_log(path)


def test_a_save_file_is_not_read_as_a_log(tmp_path):
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    path = tmp_path / "game.save"
    save_game(game, _header(), path)
    with pytest.raises(LogError, match="this is a save file, not a log"):
        read_log(path)


def test_an_unreadable_file_is_a_log_error(tmp_path):
    with pytest.raises(LogError, match="cannot read the log"):
        read_log(tmp_path / "missing.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b'{"kind":"header"}\n\xff\xfe')
    with pytest.raises(LogError, match="not a text log"):
        read_log(binary)
