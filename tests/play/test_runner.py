"""Runner: bots play whole games; the JSONL log replays exactly; a tampered log is pinpointed."""

from __future__ import annotations

import json

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.errors import EngineError
from distant_galaxy.play.runner import new_session, play, replay_log


def _logged_game(race, tmp_path, seed=4):
    path = tmp_path / "game.jsonl"
    session = new_session(race, seed, ["red", "blue"], {}, path)
    assert play(session)
    return session, path


def test_bots_play_to_the_end_and_the_log_has_a_header(race, tmp_path):
    _session, path = _logged_game(race, tmp_path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    head = lines[0]
    assert head["kind"] == "header" and head["scenario"] == "example-race"
    assert head["seed"] == 4 and head["seats"] == ["red", "blue"] and head["engine"]
    assert lines[-1]["kind"] == "result"
    assert any(x["kind"] == "action" for x in lines)
    assert any(x.get("type") == "dice" and x.get("purpose") for x in lines)


def test_replay_confirms_a_real_log(race, tmp_path):
    _, path = _logged_game(race, tmp_path)
    report = replay_log(path)
    assert report.ok, report


def test_replay_pinpoints_a_tampered_event(race, tmp_path):
    _, path = _logged_game(race, tmp_path)
    lines = path.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"type":"dice"' in x)
    rec = json.loads(lines[k])
    rec["value"] = 7 - rec["value"] if rec["value"] != 3.5 else 1
    lines[k] = json.dumps(rec, sort_keys=True, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    report = replay_log(path)
    assert not report.ok and report.line == k + 1


def test_replay_reports_a_truncated_log(race, tmp_path):
    _, path = _logged_game(race, tmp_path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    report = replay_log(path)
    assert not report.ok


def test_same_seed_same_log_bytes(race, tmp_path):
    a = tmp_path / "a"
    b = tmp_path / "b"
    a.mkdir()
    b.mkdir()
    _, pa = _logged_game(race, a, seed=11)
    _, pb = _logged_game(race, b, seed=11)
    assert pa.read_bytes() == pb.read_bytes()


def test_undo_is_logged_and_replayed(race, tmp_path):
    path = tmp_path / "u.jsonl"
    session = new_session(race, 2, ["red", "blue"], {}, path)
    session.game.apply("step")
    session.game.undo()
    assert play(session)
    assert '"kind":"undo"' in path.read_text()
    assert replay_log(path).ok


def test_every_log_record_matches_the_event_schema(race, tmp_path):
    from jsonschema import Draft202012Validator

    from distant_galaxy.loader import load_schema

    validator = Draft202012Validator(load_schema("event"))
    _, path = _logged_game(race, tmp_path)
    for line in path.read_text().splitlines():
        errors = list(validator.iter_errors(json.loads(line)))
        assert not errors, (line, errors[0].message)


def test_a_bot_that_fails_is_named_with_what_was_raised_and_where(race, tmp_path):
    """A bot's bug (or a plugin's listing of legal actions that raises inside ``choose``) is a
    PluginError naming the seat, the controller, the exception and its file:line — the same
    form as a hook's fault — not a bare traceback (a new plugin developer's trial)."""
    import pytest

    from distant_galaxy import Controller, PluginError

    class Broken(Controller):
        name = "broken"

        def choose(self, game):
            return {}["x"]

    session = new_session(race, 4, ["red", "blue"], {})
    session.controllers["red"] = Broken("red", 4)
    with pytest.raises(PluginError, match=r"seat red's controller 'broken' \(.*test_runner\) "
                       r"failed: KeyError: 'x' \(at play/test_runner.py:\d+ in choose\)"):
        play(session)


def test_a_bot_that_writes_into_its_view_stops_the_game_unsaved(race, tmp_path, monkeypatch,
                                                                capsys):
    """The plugin developer trial: a bot that set its own counter in its view (the game's own
    state where nothing is hidden from the seat) won in one action, exit 0, and ``dg simulate``
    counted its wins; only a later replay noticed. Now the runner hashes the state around each
    choice: the game stops, naming the controller, and is not saved."""
    from distant_galaxy import RandomBot
    from distant_galaxy.play.runner import ChangedByController

    honest = RandomBot.choose

    def cheat(self, game):
        if self.seat == "blue":
            game.state.players["blue"].counters["gold"] = 99
        return honest(self, game)

    monkeypatch.setattr(RandomBot, "choose", cheat)
    session = new_session(race, 4, ["red", "blue"], {})
    with pytest.raises(ChangedByController, match=r"^seat blue's controller 'random' "
                       r"\(distant_galaxy.play.controllers\) changed the game's state while it "
                       r"chose its action: a controller reads its view and returns an action"):
        play(session)
    save = tmp_path / "g.save"
    older = json.dumps({"magic": "distant-galaxy-save", "state": {"result": {"winner": "x"}}})
    save.write_text(older)  # a finished game's save, which a new game may be saved over
    code = main(["run", str(race.path), "--seed", "4", "--quiet", "--save", str(save)])
    assert code == 2 and save.read_text() == older
    err = capsys.readouterr().err
    assert "changed the game's state while it chose its action" in err
    assert err.rstrip().endswith("the game stopped and was not saved; " + str(save)
                                 + " is as it was")


def test_a_plugin_verb_whose_listing_fails_is_named_not_the_bot_that_asked(race, monkeypatch):
    """A verb's candidates() that raised was reported as the random bot's fault (a new plugin
    developer's trial): listing the legal actions is named instead."""
    import pytest
    from dg_example_race import Step

    from distant_galaxy import PluginError

    def broken(self, game, seat):
        return {}["nope"]

    monkeypatch.setattr(Step, "candidates", broken)
    session = new_session(race, 4, ["red", "blue"], {})
    with pytest.raises(PluginError, match=r"^listing the legal actions of seat red failed: "
                       r"KeyError: 'nope' \(at play/test_runner.py:\d+ in broken\)$"):
        play(session)


def test_ctrl_c_while_an_action_is_applied_stops_the_game_with_it_taken_back(race, tmp_path,
                                                                            monkeypatch):
    """A Ctrl-C anywhere in the loop — a prompt, a bot, while an action is applied, while it is
    shown — stops the game where it stands (the action under way taken back whole) and says so
    (``session.interrupted``): ``dg run`` then saves it with --save and exits 130."""
    session = new_session(race, 4, ["red", "blue"], {}, tmp_path / "game.jsonl")
    game = session.game
    original, calls, after_two = game.loop.after_action, [], []

    def after_action(g=None):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return original(g)

    def shown(g, _seat, _action, _events):
        if len(g.history) == 2:
            after_two.append(g.state.hash())

    monkeypatch.setattr(game.loop, "after_action", after_action)
    assert play(session, on_action=shown) is False
    assert session.interrupted
    assert len(game.history) == 2 and game.state.hash() == after_two[0]


def test_ctrl_c_while_an_action_is_shown_keeps_the_action(race, tmp_path):
    session = new_session(race, 4, ["red", "blue"], {}, tmp_path / "game.jsonl")

    def shown(game, _seat, _action, _events):
        raise KeyboardInterrupt

    assert play(session, on_action=shown) is False
    assert session.interrupted and len(session.game.history) == 1


def test_a_mods_log_replays_from_another_folder_when_the_mod_is_beside_it(tmp_path,
                                                                        monkeypatch):
    """The designer trial: a mod's log replayed only from the folder it was played in (the
    header's ``source`` is the path as typed there)."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "mod.yaml").write_text("format: 1\nid: mod\ntitle: Mod\nextends: tic-tac-toe\n",
                                    encoding="utf-8")
    monkeypatch.chdir(games)
    assert main(["run", "mod.yaml", "--seed", "2", "--quiet", "--log", "g.jsonl"]) == 0
    monkeypatch.chdir(tmp_path)  # elsewhere: found beside the log, and the replay matches
    assert replay_log(games / "g.jsonl").ok
    (tmp_path / "g.jsonl").write_bytes((games / "g.jsonl").read_bytes())
    with pytest.raises(EngineError, match=r"came from the file 'mod\.yaml', which is neither "
                                          r"here nor beside"):
        replay_log(tmp_path / "g.jsonl")


def test_a_replays_differing_records_show_the_fields_that_differ():
    """A new author's trial: after an edit of the scenario, dg replay printed both headers
    whole (some 1,500 characters each) to show one hash."""
    from distant_galaxy.play.runner import differing_fields

    old = json.dumps({"kind": "header", "seed": 2, "scenario_sha256": "aaa", "engine": "0.1.0"})
    new = json.dumps({"kind": "header", "seed": 2, "scenario_sha256": "bbb", "engine": "0.1.0"})
    assert differing_fields(old, new) == ('{"scenario_sha256":"aaa"}  (the fields that differ)',
                                          '{"scenario_sha256":"bbb"}')
    assert differing_fields('{"a":1}', '{"b":2}') == ('{"a":1}', '{"b":2}')  # nothing shared
    assert differing_fields("not json", None) == ("not json", None)
