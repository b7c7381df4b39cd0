"""The replay page (distant_galaxy.play.replay_html): self-contained, a step per action with the
events in words, the dice with their purpose, and the plugins' explanations (episode 5's
Aborigine decisions with their rows). The page in a browser: tests/browser."""

from __future__ import annotations

import json
import re

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.play.replay_html import replay_data, replay_html
from distant_galaxy.play.runner import new_session, play


def logged(tmp_path, scenario: str, seed: int):
    path = tmp_path / f"{scenario}.jsonl"
    assert play(new_session(load_scenario(scenario), seed, None, {}, path))
    return path


def page_data(page: str) -> dict:
    blob = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page,
                     re.S).group(1)
    return json.loads(blob)


def test_the_page_holds_everything_and_fetches_nothing(tmp_path):
    page, steps = replay_html(logged(tmp_path, "tic-tac-toe", 3))
    assert page.startswith("<!DOCTYPE html>")
    urls = set(re.findall(r"(?:src|href)=[\"']?([^\"' >]+)", page))
    assert urls == set()  # no script, style or image from elsewhere
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page
    data = page_data(page)
    assert len(data["steps"]) == steps and data["scenario"] == "tic-tac-toe"


def test_each_step_tells_its_events_in_the_prompts_words(tmp_path):
    data = replay_data(logged(tmp_path, "tic-tac-toe", 3))
    first = data["steps"][1]
    assert first["seat"] == "x" and first["action"].startswith("place ")
    assert any(" placed at " in line for line in first["lines"])
    assert data["steps"][-1]["status"][0].startswith(("x wins", "o wins", "a draw"))
    assert all(0 <= s["layout"] < len(data["layouts"]) for s in data["steps"])


def test_dice_with_purpose_and_the_aborigine_decisions_with_their_rows(tmp_path):
    data = replay_data(logged(tmp_path, "aborigine-clash", 4))
    dice = [d for s in data["steps"] for d in s["dice"]]
    assert any(re.fullmatch(r"d6 for active portal: \d \[R5\.50\]", d) for d in dice)
    explain = [line for s in data["steps"] for line in s["explain"]]
    assert any(re.search(r'row G\d+ fired: ".+" \[aborigine-clash\.yaml:\d+\]', line)
               for line in explain)


def test_a_script_closing_tag_in_the_data_cannot_end_the_block(tmp_path, monkeypatch):
    path = logged(tmp_path, "tic-tac-toe", 3)
    real = replay_data

    def tricky(p, seat=None):
        data = real(p, seat)
        data["title"] = "</script><script>alert(1)</script>"
        return data

    monkeypatch.setattr("distant_galaxy.play.replay_html.replay_data", tricky)
    page, _ = replay_html(path)
    assert page.count("</script>") == 2  # the data block's and the script's own
    assert page_data(page)["title"] == "</script><script>alert(1)</script>"


@pytest.mark.parametrize("scenario", ["asteroid-belt", "breakthrough"])
def test_every_step_has_a_layout_of_pieces(tmp_path, scenario):
    data = replay_data(logged(tmp_path, scenario, 2))
    assert data["board"] and data["layouts"][data["steps"][-1]["layout"]]
