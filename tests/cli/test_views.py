"""Issue 34, item 8: ``dg show``, ``dg render``, ``dg replay --html`` and ``dg show --json`` show
what ``game.view(seat)`` allows — by default what every player may see (``--seat S``: what S
may see) — never the host's whole state. Before, ``dg show`` of a Space Domain save listed the
markers that went back to the box (the full game knows the bag), while the prompt listed the
unseen ones: the difference told which lay face down."""

from __future__ import annotations

import json

from distant_galaxy.cli.handlers.play import game_from_save
from distant_galaxy.play.saves import read_save
from distant_galaxy_episodes.space_domain.describe import status


def _save(dg, tmp_path, seed="3"):
    out = dg("run", "aborigine-clash", "--option", "space-domain", "--players", "2", "--seed",
             seed, "--save", "g.save", "--log", "g.jsonl", "--quiet")
    assert out.returncode == 0, out.stderr
    game, _ = game_from_save(str(tmp_path / "g.save"), read_save(tmp_path / "g.save"))
    return game


def test_show_tells_what_every_player_may_see_not_the_box(dg, tmp_path):
    game = _save(dg, tmp_path)
    public, host = status(game.view(None))[0], status(game)[0]
    assert public != host                      # the host's state knows the bag
    out = dg("show", "g.save")
    assert out.returncode == 0, out.stderr
    assert public in _words(out.stdout) and host not in _words(out.stdout)
    red = dg("show", "g.save", "--seat", "red")
    assert red.returncode == 0 and status(game.view("red"))[0] in _words(red.stdout)


def _words(text: str) -> str:
    """The text with its lines joined (a status line wider than 80 columns is wrapped)."""
    return " ".join(text.split())


def test_show_json_holds_no_hidden_value(dg, tmp_path):
    _save(dg, tmp_path)
    out = dg("show", "g.save", "--json")
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)["state"]
    hidden = [item for item in state["secrets"].values() if item["see"] != "all"]
    assert hidden and all(item.get("masked") and "value" not in item for item in hidden)


def test_render_and_the_replay_page_show_the_public_view(dg, tmp_path):
    game = _save(dg, tmp_path)
    out = dg("render", "g.jsonl", "--step", "0")
    assert out.returncode == 0, out.stderr
    assert "space domain: 178 markers face down (?)" in _words(out.stdout)
    assert "120× Empty space" in _words(out.stdout)  # the whole bag is unseen, not the box
    assert dg("replay", "g.jsonl", "--html", "g.html").returncode == 0
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    secret = next(json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()
                  if '"secret_reveal"' in line)["secret"]
    assert secret not in page and "is opened" not in page
    assert status(game)[0] not in page


def test_render_json_holds_no_hidden_value_and_names_the_step(dg, tmp_path):
    """``dg render --json`` (the designer trial asked for it for scripts): the view as ``dg show
    --json`` prints it, the log and the step, hidden values masked."""
    _save(dg, tmp_path)
    out = dg("render", "g.jsonl", "--step", "0", "--json")
    assert out.returncode == 0, out.stderr
    shown = json.loads(out.stdout)
    assert (shown["log"], shown["step"], shown["seat"], shown["round"]) == ("g.jsonl", 0, None, 1)
    assert {"engine", "build", "over", "result"} <= shown.keys()
    hidden = [item for item in shown["state"]["secrets"].values() if item["see"] != "all"]
    assert hidden and all(item.get("masked") and "value" not in item for item in hidden)
    both = dg("render", "g.jsonl", "--json", "--svg", "g.svg")
    assert both.returncode == 2 and not (tmp_path / "g.svg").exists()
