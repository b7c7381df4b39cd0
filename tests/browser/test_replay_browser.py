"""The replay viewer in a real headless browser (Debian's chromium driven by Playwright, never a
downloaded browser): for each shipped scenario the page opens from disk without console errors,
stepping forward and back and jumping to a round change the board, and a screenshot of a
mid-game step is drawn (many colours, not a blank page). Screenshots are written to
tests/artifacts/screenshots/ (ignored by git) for a person to look at.

Without a browser these tests are skipped with the reason (tests/browser/chromium.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.play.replay_html import replay_html
from distant_galaxy.play.runner import new_session, play
from distant_galaxy.scenario.catalog import catalog
from tests.browser.chromium import NEEDS_BROWSER, SHOTS
from tests.browser.conftest import watched_page
from tests.browser.png import colours

SHIPPED = sorted(e["id"] for e in catalog() if e["provider"] == "distant-galaxy-engine")
pytestmark = NEEDS_BROWSER
DICE_AND_COUNTERS = {"pig"}  # one cell and no pieces: a die and the players' counters


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield watched_page(context, lambda url: url.startswith(("file:", "data:")))
    context.close()


def viewer(tmp_path: Path, scenario: str, seed: int = 2) -> Path:
    log = tmp_path / f"{scenario}.jsonl"
    assert play(new_session(load_scenario(scenario), seed, None, {}, log))
    html = tmp_path / f"{scenario}.html"
    html.write_text(replay_html(log)[0], encoding="utf-8")
    return html


def pieces(pg) -> str:
    """What a step shows of the game: the pieces on the board and the players' panel (Pig has
    no pieces; its turn totals and scores are counters in the panel)."""
    return pg.inner_html("#pieces") + pg.inner_text("#status")


@pytest.mark.parametrize("scenario", SHIPPED)
def test_the_viewer_steps_through_a_game_in_a_browser(page, tmp_path, scenario):
    html = viewer(tmp_path, scenario)
    page.goto(html.as_uri())
    page.wait_for_selector("#pieces", state="attached")
    steps = page.evaluate("window.replay.steps")
    assert steps > 2
    start = pieces(page)
    assert "Set-up" in page.inner_text("#action")
    for _ in range(3):
        page.click("#next")
    assert page.evaluate("window.replay.current()") == 3
    assert pieces(page) != start  # three actions changed the board or the counters
    assert page.inner_text("#action").startswith("Step 3: ")
    page.click("#prev")
    assert page.evaluate("window.replay.current()") == 2
    page.keyboard.press("Home")
    assert pieces(page) == start
    page.keyboard.press("End")
    assert page.evaluate("window.replay.current()") == steps - 1
    rounds = page.eval_on_selector_all("#round option", "os => os.map(o => o.value)")
    if len(rounds) > 1:
        page.select_option("#round", rounds[1])
        assert page.evaluate("window.replay.current()") == int(rounds[1])
    middle = steps // 2
    page.evaluate(f"window.replay.show({middle})")
    assert page.inner_text("#where").startswith(f"step {middle} / {steps - 1}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = page.screenshot(path=str(SHOTS / f"{scenario}-step-{middle}.png"))
    board = page.locator("#board").screenshot()
    assert len(colours(shot)) > 8 and len(colours(board)) > 5  # drawn, not blank
    if scenario in DICE_AND_COUNTERS:
        assert page.locator("#board [data-cell]").count() == 1
        assert "score" in page.inner_text("#status")
    else:
        assert page.locator("#board [data-cell]").count() >= 9  # cells, as render_svg marks them
        assert page.locator("#pieces [data-unit]").count() >= 1
    assert page.problems == []


def test_the_clash_viewer_shows_the_aborigine_rows(page, tmp_path):
    html = viewer(tmp_path, "aborigine-clash", seed=4)
    page.goto(html.as_uri())
    steps = page.evaluate("window.replay.steps")
    found = None
    for i in range(steps):
        page.evaluate(f"window.replay.show({i})")
        if page.is_visible("#explain-box"):
            found = page.inner_text("#explain")
            break
    assert found is not None and "fired:" in found and "(R5.62)" in found
    assert page.problems == []
