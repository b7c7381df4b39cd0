"""A log a referee can check alone (issue 11, items 12 and 13) and ``dg replay`` on bad logs
(issue 16, items 8 and 9): the header names the scenario by id, variant, options and sha256, the
seats' factions and the initial state; every die recomputes from the formula documented in
docs/log-format.md; action records name their phase; a state hash closes every turn; malformed,
changed or cut logs are reported, never replayed as fine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from distant_galaxy import GameState, LogError, load_scenario
from distant_galaxy.play.log import LogWriter, dumps, scenario_digest
from distant_galaxy.play.records import record_problem
from distant_galaxy.play.runner import new_session, play, replay_log

DOC = Path(__file__).resolve().parents[2] / "docs" / "log-format.md"


def _play(tmp_path: Path, sid: str = "asteroid-belt", seed: int = 3, variant: str | None = None
          ) -> tuple[Path, list[dict]]:
    path = tmp_path / f"{sid}-{seed}.jsonl"
    session = new_session(load_scenario(sid, variant), seed, None, {}, path)
    assert play(session)
    return path, [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def belt(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    return _play(tmp_path_factory.mktemp("belt"))


# -- issue 11, item 12: the header ------------------------------------------------------------
def test_the_header_names_the_scenario_by_id_options_and_sha256_not_a_path(belt):
    _, records = belt
    head = records[0]
    scenario = load_scenario("asteroid-belt")
    assert head["scenario"] == "asteroid-belt" and head["variant"] is None
    assert head["options"] == []
    assert head["scenario_sha256"] == scenario_digest(scenario)
    assert re.fullmatch(r"[0-9a-f]{64}", head["scenario_sha256"])
    assert "source" not in head  # a shipped scenario: its id finds it, no machine path
    assert not any(str(v).startswith("/") for v in head.values() if isinstance(v, str))


def test_the_header_maps_seats_to_factions_and_holds_the_initial_state(tmp_path):
    _, records = _play(tmp_path, "aborigine-clash", seed=5)
    head = records[0]
    assert head["factions"]["red"] == "federation" and head["factions"]["blue"] == "chaos"
    state = GameState.from_json(head["initial"])  # rebuilt without the YAML
    assert state.hash() == head["initial_hash"]
    assert {t.type for t in state.tokens.values()}  # the set-up tokens are there


def test_a_variant_changes_the_sha256(tmp_path):
    plain = scenario_digest(load_scenario("asteroid-belt"))
    variants = list(load_scenario("asteroid-belt").variants)
    assert variants
    assert scenario_digest(load_scenario("asteroid-belt", variants[0])) != plain


def _documented_constants() -> dict[str, int]:
    text = DOC.read_text(encoding="utf-8")
    return {name: int(value, 16) for name, value in
            re.findall(r"^\s*(A|B|C|D|E) = (0x[0-9A-F]+)\s*$", text, re.MULTILINE)}


def _recompute(seed: int, counter: int, sides: int, k: dict[str, int]) -> tuple[int, int]:
    """The generator as docs/log-format.md writes it, without the engine's code."""
    m = 2 ** 64
    while True:
        x = (seed * k["A"] + counter * k["B"]) % m
        z = (x + k["B"]) % m
        z = ((z ^ (z >> 30)) * k["C"]) % m
        z = ((z ^ (z >> 27)) * k["D"]) % m
        r = z ^ (z >> 31)
        counter += 1
        if r < m - m % sides:
            return r % sides + 1, counter


def test_every_roll_recomputes_from_the_documented_formula(belt):
    _, records = belt
    k = _documented_constants()
    assert set(k) == {"A", "B", "C", "D"}, "the formula's constants are in docs/log-format.md"
    seed, counter, checked = records[0]["seed"], 0, 0
    for rec in records:
        if rec.get("type") == "dice" and not rec.get("forced"):
            value, counter = _recompute(seed, counter, int(rec["die"][1:]), k)
            assert value == rec["value"], rec
            checked += 1
    assert checked > 20


# -- issue 11, item 13: phases and turn hashes ----------------------------------------------
def test_every_action_record_names_its_phase(belt):
    _, records = belt
    phases = {p["id"] for p in load_scenario("asteroid-belt").phases}
    actions = [r for r in records if r["kind"] == "action"]
    assert actions and all(r["phase"] in phases for r in actions)


def test_a_state_hash_closes_every_turn(belt):
    _, records = belt
    ends = [r for r in records if r.get("type") == "turn_end"]
    assert ends and all(re.fullmatch(r"[0-9a-f]{16}", r["state_hash"]) for r in ends)


def test_a_replay_that_drifts_is_caught_at_the_turn_it_drifts(belt, tmp_path):
    path, records = belt
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, r in enumerate(records) if r.get("type") == "turn_end")
    rec = dict(records[k], state_hash="0" * 16)
    lines[k] = dumps(rec)
    bad = tmp_path / "drift.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay_log(bad)
    assert not report.ok and report.line == k + 1


def test_every_record_of_both_episodes_matches_the_event_schema(belt, tmp_path):
    _, clash = _play(tmp_path, "aborigine-clash", seed=2)
    for rec in belt[1] + clash:
        assert record_problem(rec) is None, rec


# -- issue 16, item 8: malformed records are clean errors ----------------------------------
def _with_line(path: Path, index: int, record: object, tmp_path: Path, raw: str | None = None
               ) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[index] = raw if raw is not None else json.dumps(record)
    out = tmp_path / "bad.jsonl"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@pytest.mark.parametrize(("edit", "message"), [
    (lambda h, a: (a, {"kind": "action", "seat": a["seat"]}), "malformed action record"),
    (lambda h, a: (a, {**a, "action": 5}), "malformed action record"),
    (lambda h, a: (h, {k: v for k, v in h.items() if k != "seed"}), "'seed' is a required"),
    (lambda h, a: (h, {**h, "seed": "abc"}), "malformed header record (seed"),
    (lambda h, a: (h, {**h, "seats": "orange"}), "malformed header record (seats"),
])
def test_replay_checks_every_record_against_the_schema_first(belt, tmp_path, edit, message):
    path, records = belt
    act = next(i for i, r in enumerate(records) if r["kind"] == "action")
    which, new = edit(records[0], records[act])
    index = 0 if which is records[0] else act
    bad = _with_line(path, index, new, tmp_path)
    before = bad.read_bytes()
    with pytest.raises(LogError, match=re.escape(message)) as err:
        replay_log(bad)
    assert f"bad.jsonl:{index + 1}:" in str(err.value)
    assert bad.read_bytes() == before


@pytest.mark.parametrize("raw", ["[" * 100_000 + "]" * 100_000,
                                 '{"kind": "event", "type": "note", "n": ' + "9" * 5000 + "}"])
def test_absurd_json_is_a_clean_error(belt, tmp_path, raw):
    path, _records = belt
    bad = _with_line(path, 3, None, tmp_path, raw=raw)
    with pytest.raises(LogError, match=r"bad\.jsonl:4: not a usable JSON record"):
        replay_log(bad)


# -- issue 16, item 9: cut and changed logs ---------------------------------------------------
def test_a_log_cut_before_its_result_is_incomplete(belt, tmp_path):
    path, records = belt
    assert records[-1]["kind"] == "result"
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    report = replay_log(cut)
    assert not report.ok and not report.complete
    assert f"its {len(lines) - 1} lines replay as the game went, but it stops there; the " \
        "game ended but no result record follows" in report.message
    cut.write_text("\n".join(lines[:len(lines) // 2]) + "\n", encoding="utf-8")
    report = replay_log(cut)
    assert not report.ok and "incomplete log" in report.message
    assert "the game was not finished: a game quit or stopped" in report.message


@pytest.mark.parametrize(("field", "value", "message"), [
    ("engine", "9.9.9", "engine '9.9.9' wrote it"),
    ("controllers", {"orange": "random", "purple": "random", "green": "nobody"}, "controllers"),
    ("scenario_sha256", "0" * 64, "scenario_sha256 differs"),
    ("source", "elsewhere/belt.yaml", "is not a scenario file"),
])
def test_a_changed_header_is_reported(belt, tmp_path, field, value, message):
    path, records = belt
    bad = _with_line(path, 0, {**records[0], field: value}, tmp_path)
    report = replay_log(bad)
    assert not report.ok and report.line == 1 and message in report.message


def test_a_stopped_game_is_reported_as_not_finished(tmp_path):
    path = tmp_path / "stopped.jsonl"
    session = new_session(load_scenario("tic-tac-toe"), 1, None, {}, path)
    session.game.apply(session.game.legal_actions()[0])
    session.log.close()
    report = replay_log(path)
    assert not report.ok and "the game was not finished" in report.message


def test_writer_records_are_what_the_file_holds(tmp_path):
    path = tmp_path / "w.jsonl"
    writer = LogWriter(path)
    writer({"kind": "undo"})
    writer.close()
    assert path.read_text(encoding="utf-8") == '{"kind":"undo"}\n'
