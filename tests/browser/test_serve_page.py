"""The page of ``dg serve`` in a real headless browser against a real server process on a free
port (docs/serve.md, "Playing in the browser"): two browser contexts play a whole tic-tac-toe
game by clicking cells; a person plays turns of Asteroid Belt by clicking — a shuttle activated,
boarded, flown and unloaded, then an attack — and the mid-game screenshot is drawn, not blank;
a refused action shows the server's reason, and so does a second answer to a decision already
answered (409), and a save the server cannot write (503, and the warning on the page); the
board works from the keyboard; a spectator sees the game move without any action; a hot-seat
game keeps the next seat's view out of the page (DOM and memory) at each hand-over; a lost
server shows "reconnecting…" and the page takes up the resumed game by itself; the lines left
out of a long narration are said and shown on request; behind a reverse proxy under a path the
page finds its files and the API; the "Undo …" button takes an action back. Screenshots go to
tests/artifacts/screenshots/.

Skipped without a browser (tests/browser/chromium.py) or without the extra ``serve``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from distant_galaxy import load_scenario
from tests.browser.chromium import NEEDS_BROWSER, SHOTS
from tests.browser.conftest import watched_page
from tests.browser.png import colours
from tests.browser.seat import Seat, towards_a_dock
from tests.serve.served import Served, get, start

pytest.importorskip("starlette", reason='dg serve needs the extra: pip install ".[serve]"')
pytest.importorskip("uvicorn", reason='dg serve needs the extra: pip install ".[serve]"')

pytestmark = NEEDS_BROWSER
#: A refused action is a 400 or a 409 the page explains; the browser also logs it.
REFUSED = ("status of 400", "status of 409")


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    started: list[Served] = []

    def run(*args: str, port: int = 0) -> Served:
        served = start(list(args), tmp_path, port=port)
        started.append(served)
        return served

    yield run
    for served in started:
        served.stop()


@pytest.fixture
def open_page(browser) -> Iterator[Any]:
    contexts: list[Any] = []

    def opened(url: str, width: int = 1280, height: int = 800) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        origin = "{0.scheme}://{0.netloc}/".format(urlsplit(url))
        pg = watched_page(context, lambda u: u.startswith((origin, "data:")))
        pg.goto(url)
        pg.evaluate("window.loadedOnce = true")  # gone if the page ever reloads
        return pg

    yield opened
    for context in contexts:
        context.close()


def problems(pg: Any) -> list[str]:
    return [p for p in pg.problems if not any(r in p for r in REFUSED)]


def cell(pg: Any, x: int, y: int) -> None:
    pg.click(f'#game-board .cell[data-cell="{x},{y}"]')


def test_two_browsers_play_a_whole_game_of_tic_tac_toe_by_clicking(serve, open_page):
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3")
    x, o = Seat(open_page(served.links["x"])), Seat(open_page(served.links["o"]))
    assert "You play x" in x.page.inner_text("#who")
    moves = [(x, 0, 0), (o, 1, 0), (x, 0, 1), (o, 1, 1), (x, 0, 2)]  # x takes column 0
    for i, (seat, cx, cy) in enumerate(moves):
        snap = seat.wait_turn()
        assert snap is not None and snap["decision"] == i
        other = o if seat is x else x
        # (the other page may still be on its way to this decision: wait for its push first)
        other.page.wait_for_function(
            f"() => {{ const s = window.dgPage && window.dgPage.snapshot();"
            f" return s && s.decision === {i}; }}")
        assert other.page.is_hidden("#actions-box")  # not its turn: nothing to click
        cell(seat.page, cx, cy)
        other.page.wait_for_function(f"() => window.dgPage.snapshot().decision === {i + 1}")
        assert other.page.locator(f'#game-board [data-unit][data-cell="{cx},{cy}"]').count() == 1
        assert "placed at" in other.page.inner_text("#narration")
    for seat in (x, o):
        seat.page.wait_for_selector("#result-box:not([hidden])")
        assert "X wins" in seat.page.inner_text("#result")  # (a sentence: after "You win! ")
        assert ("You win!" if seat is x else "You lose.") in seat.page.inner_text("#result")
        assert seat.page.is_hidden("#actions-box")
        assert seat.page.evaluate("window.loadedOnce") is True  # pushed, never reloaded
        assert problems(seat.page) == []



def test_connect_four_is_played_by_clicking_any_cell_of_a_column(serve, open_page):
    """``drop 3`` named no cell: the board could not be clicked, though the hint said to click a
    highlighted cell (a new player's trial)."""
    served = serve("connect-four", "--seat", "red=human", "--seat", "yellow=human", "--seed", "3")
    seats = [Seat(open_page(served.links[s])) for s in ("red", "yellow")]
    for i, column in enumerate((3, 3, 4)):
        seat = seats[i % 2]
        assert seat.wait_turn() is not None
        assert seat.page.locator("#game-board .cell.target").count() > 0  # highlighted
        cell(seat.page, column, 0)  # the top cell of the column, wherever the piece lands
        seat.page.wait_for_function(f"() => window.dgPage.snapshot().decision === {i + 1}")
    assert seats[0].page.locator('#game-board [data-unit][data-cell]').count() == 3
    assert problems(seats[0].page) == [] and problems(seats[1].page) == []

def test_a_refused_action_shows_the_servers_reason(serve, open_page):
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "3")
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    x.page.fill("#typed-text", "place 9,9")
    x.page.click("#typed button[type=submit]")
    x.page.wait_for_selector("#error:not([hidden])")
    assert "off the board" in x.page.inner_text("#error")
    assert x.decision() == 0  # nothing changed
    x.page.fill("#typed-text", "place 1,1")  # a typed action is played as well
    x.page.press("#typed-text", "Enter")
    x.page.wait_for_function("() => window.dgPage.snapshot().decision >= 1")
    assert x.page.is_hidden("#error")
    assert problems(x.page) == []


def test_a_typed_beginning_or_other_case_plays_the_one_action_it_names(serve, open_page):
    """The browser trial: the box took only whole actions in their own case, where dg run's
    prompt takes a unique beginning; several actions begun are listed, nothing is sent."""
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3")
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    x.page.fill("#typed-text", "place")
    x.page.press("#typed-text", "Enter")
    x.page.wait_for_selector("#error:not([hidden])")
    assert "“place” begins several actions: place 0,0 | place 1,0" in x.page.inner_text("#error")
    assert x.decision() == 0
    x.page.fill("#typed-text", "PLACE  1,1")
    x.page.press("#typed-text", "Enter")
    x.page.wait_for_function("() => window.dgPage.snapshot().decision === 1")
    assert x.page.is_hidden("#error")
    assert "x mark T1 placed at 1,1" in x.page.inner_text("#narration") or \
        x.page.locator('#game-board [data-cell="1,1"][data-unit]').count() == 1


def test_a_second_answer_to_the_same_decision_is_told_why_not(serve, open_page, browser):
    """Two tabs of x: the second one, whose stream is held at decision 0 (a slow connection),
    answers a decision the first one has answered already; the page shows the 409's reason."""
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3")
    status, first = get(f"{served.base}/api/state?token={served.token('x')}")
    assert status == 200
    held = f"event: snapshot\ndata: {json.dumps(first)}\n\n"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        late = watched_page(context, lambda u: True)
        late.route("**/api/events*", lambda route: route.fulfill(
            status=200, headers={"Content-Type": "text/event-stream"}, body=held))
        late.goto(served.links["x"])
        x = Seat(open_page(served.links["x"]))
        x.wait_turn()
        cell(x.page, 1, 1)
        x.page.wait_for_function("() => window.dgPage.snapshot().decision === 1")
        Seat(late).wait_turn()
        cell(late, 2, 2)
        late.wait_for_selector("#error:not([hidden])")
        assert "already decided" in late.inner_text("#error")
        status, now = get(f"{served.base}/api/state?token={served.token('x')}")
        assert now["decision"] == 1  # the second answer changed nothing
    finally:
        context.close()


def test_the_board_works_with_the_keyboard(serve, open_page):
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "3")
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    targets = x.page.locator("#game-board .cell.target[tabindex='0'][role='button']")
    assert targets.count() == 9
    targets.nth(4).focus()
    x.page.keyboard.press("Enter")
    x.page.wait_for_function("() => window.dgPage.snapshot().decision >= 1")
    assert x.page.locator('#game-board [data-unit][data-cell="1,1"]').count() == 1
    assert problems(x.page) == []


def test_a_unit_picked_from_the_keyboard_hands_the_focus_to_its_targets(serve, open_page):
    """The browser trial: Enter on a unit selected it and the focus fell back to the page;
    the next Tab reached "Cancel", the unit's cells only Shift+Tab. Now the focus moves to the
    unit's first target, and Enter there plays it."""
    served = serve("aborigine-clash", "--players", "2", "--seat", "red=human", "--seed", "2")
    red = Seat(open_page(served.links["red"]))
    snap = red.wait_turn()
    assert snap is not None
    red.page.locator("#game-board .actor[tabindex='0']").first.focus()
    red.page.keyboard.press("Enter")
    picked = red.page.evaluate("window.dgPage.selected()")
    assert picked is not None
    assert red.page.evaluate("document.activeElement.classList.contains('target')")
    red.page.keyboard.press("Enter")
    red.page.wait_for_function(f"() => window.dgPage.snapshot().decision > {snap['decision']}",
                               timeout=60_000)
    assert problems(red.page) == []


def test_on_a_phone_the_board_opens_where_the_seats_units_are(serve, open_page):
    """The browser trial: on a 390-pixel screen the Clash map opened at column 0, red's ships
    cut off at the right edge, with no hint that the board scrolls sideways. At each of the
    seat's decisions a board that shows no unit that may act is scrolled to the first."""
    served = serve("aborigine-clash", "--players", "2", "--seat", "red=human", "--seed", "2")
    red = Seat(open_page(served.links["red"], width=390, height=844))
    red.wait_turn()
    shown = red.page.evaluate("""() => {
        const b = document.getElementById('game-board'), box = b.getBoundingClientRect();
        return [b.scrollWidth > b.clientWidth, b.scrollLeft > 0,
                [...b.querySelectorAll('.actor')].some((g) => {
                    const r = g.getBoundingClientRect();
                    return r.left >= box.left && r.right <= box.right; })]; }""")
    assert shown == [True, True, True]
    assert problems(red.page) == []


# -- Asteroid Belt: a shuttle transport and an attack, by clicking --------------------------------
#: Seed 1: orange activates a shuttle, boards, flies and unloads it, then attacks, in 3 turns.
SEED = "1"


def test_asteroid_belt_a_shuttle_transport_and_an_attack_by_clicking(serve, open_page):
    served = serve("asteroid-belt", "--seat", "orange=human", "--seed", SEED)
    scenario = load_scenario("asteroid-belt")
    orange = Seat(open_page(served.links["orange"]))
    deployed, turns, shot = 0, 0, None
    while turns < 6 and not {"unload", "attack"} <= {t.split()[0] for t in orange.done}:
        snap = orange.wait_turn()
        assert snap is not None, "the game ended first"
        action = towards_a_dock(scenario, snap, orange.positions(), deployed)
        deployed = 0 if action["verb"] == "end" else deployed + (action["verb"] == "deploy")
        turns += action["verb"] == "end"
        orange.play(action)
        if action["verb"] == "fly" and shot is None:  # mid-game: a shuttle on its way
            orange.wait_turn()
            SHOTS.mkdir(parents=True, exist_ok=True)
            shot = orange.page.screenshot(path=str(SHOTS / "serve-asteroid-belt-shuttle.png"))
            board = orange.page.locator("#game-board").screenshot()
            assert len(colours(shot)) > 12 and len(colours(board)) > 8  # drawn, not blank
    verbs = [t.split()[0] for t in orange.done]
    for verb in ("activate", "board", "roll", "fly", "unload", "attack"):
        assert verb in verbs, f"no {verb} in {orange.done}"
    assert shot is not None
    orange.wait_turn()
    told = orange.page.inner_text("#narration")
    assert "attack" in told.lower() or "roll" in told.lower()
    assert "Victory" in orange.page.inner_text("#standing") or \
        "points" in orange.page.inner_text("#standing")
    assert problems(orange.page) == []


# -- who sees what --------------------------------------------------------------------------------
def test_a_spectator_sees_the_game_move_and_no_action(serve, open_page):
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "3")
    x = Seat(open_page(served.links["x"]))
    watcher = open_page(served.watch)
    watcher.wait_for_selector("#game-board svg")
    assert "watching" in watcher.inner_text("#who")
    x.wait_turn()
    cell(x.page, 1, 1)
    watcher.wait_for_function("() => window.dgPage.snapshot().decision >= 1")
    assert watcher.locator('#game-board [data-unit][data-cell="1,1"]').count() == 1
    assert watcher.is_hidden("#actions-box")
    assert watcher.locator("button[data-action], #game-board [tabindex]").count() == 0
    assert watcher.evaluate("window.dgPage.snapshot().actions") == []
    watcher.locator('#game-board .cell[data-cell="1,1"]').click(force=True)  # does nothing
    assert watcher.is_hidden("#chooser")
    assert problems(watcher) == []


def test_hot_seat_hides_the_board_at_each_hand_over(serve, open_page):
    served = serve("tic-tac-toe", "--hot-seat", "--seat", "x=human", "--seat", "o=human",
                   "--seed", "3")
    pg = open_page(served.links["hot-seat"])
    seat = Seat(pg)
    seat.wait_turn()
    assert pg.is_visible("#game-board svg") and pg.is_hidden("#handover")
    cell(pg, 0, 0)
    pg.wait_for_selector("#handover:not([hidden])")
    assert "pass to o" in pg.inner_text("#handover-text").lower()
    assert pg.is_hidden("#game-board") and pg.is_hidden("#actions-box")
    assert pg.locator("#game-board svg, #actions button, #narration li").count() == 0  # not there
    held = seat.snapshot()  # nor in the page's memory: the server sent nothing of o's view
    assert held["masked"] and held["you"] == "o"
    assert (held["svg"], held["board"], held["narration"], held["actions"]) == ("", "", [], [])
    assert "<svg" not in pg.content() and "placed at" not in pg.content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "serve-hot-seat-handover.png"))
    pg.keyboard.press("Enter")  # the button has the focus
    pg.wait_for_selector("#game-board svg", state="visible")
    assert "o" == seat.snapshot()["you"] and pg.is_visible("#actions-box")
    assert not seat.snapshot()["masked"] and "placed at" in pg.inner_text("#narration")
    cell(pg, 1, 1)
    pg.wait_for_selector("#handover:not([hidden])")
    assert "pass to x" in pg.inner_text("#handover-text").lower()
    assert seat.snapshot()["svg"] == "" and pg.locator("#game-board svg").count() == 0
    pg.click("#handover-ok")
    pg.wait_for_selector("#game-board svg", state="visible")
    assert seat.wait_turn()["you"] == "x"
    assert problems(pg) == []


def test_the_page_reconnects_to_a_resumed_server(serve, open_page, tmp_path):
    save = tmp_path / "ttt.json"
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3",
                   "--save", str(save))
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    cell(x.page, 2, 2)
    x.page.wait_for_function("() => window.dgPage.snapshot().decision === 1")
    served.kill()  # kill -9
    x.page.wait_for_function("() => document.getElementById('connection').textContent"
                             " === 'reconnecting…'")
    port = int(served.base.rsplit(":", 1)[1])
    again = serve("--resume", str(save), port=port)
    assert again.links["o"] == served.links["o"]
    o = Seat(open_page(again.links["o"]))
    o.wait_turn()
    cell(o.page, 0, 0)
    x.page.wait_for_function("() => window.dgPage.snapshot().decision === 2", timeout=30_000)
    assert x.page.inner_text("#connection") == "connected"
    assert x.page.evaluate("window.loadedOnce") is True
    assert x.page.locator("#game-board [data-unit]").count() == 2


def test_a_click_while_the_server_is_down_is_told_and_forgotten_once_it_is_back(
        serve, open_page, tmp_path):
    """The browser trial: "Could not reach the server" stayed in red after the page had
    reconnected to the resumed server, until the next move."""
    save = tmp_path / "ttt.json"
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3",
                   "--save", str(save))
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    served.kill()
    x.page.wait_for_function("() => document.getElementById('connection').textContent"
                             " === 'reconnecting…'")
    cell(x.page, 2, 2)
    x.page.wait_for_selector("#error:not([hidden])")
    assert "Could not reach the server" in x.page.inner_text("#error")
    serve("--resume", str(save), port=int(served.base.rsplit(":", 1)[1]))
    x.page.wait_for_function("() => document.getElementById('connection').textContent"
                             " === 'connected'", timeout=30_000)
    x.page.wait_for_selector("#error", state="hidden")
    assert x.snapshot()["decision"] == 0 and x.snapshot()["your_turn"]



def test_an_old_page_after_a_restart_without_resume_says_what_to_do_and_invites_nothing(
        serve, open_page, tmp_path):
    """A server started again without --resume made a new game: the old page kept "Your turn"
    and its highlighted cells, and a click did nothing (a new player's trial)."""
    served = serve("connect-four", "--seat", "red=human", "--seat", "yellow=human",
                   "--save", str(tmp_path / "c4.json"))
    red = Seat(open_page(served.links["red"]))
    red.wait_turn()
    served.kill()
    port = int(served.base.rsplit(":", 1)[1])
    serve("connect-four", "--seat", "red=human", port=port)  # a new game, new links
    red.page.wait_for_function("() => document.getElementById('connection').textContent"
                               ".includes('dg serve --resume SAVE')", timeout=30_000)
    assert "Your turn" not in red.page.inner_text("#turn")
    assert red.page.locator("#game-board .target").count() == 0
    assert red.page.is_hidden("#actions-box")

@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_page_is_readable_on_a_laptop_and_a_phone(serve, open_page, width, height):
    served = serve("asteroid-belt", "--seat", "orange=human", "--seed", SEED)
    pg = open_page(served.links["orange"], width, height)
    Seat(pg).wait_turn()
    assert pg.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    box = pg.locator("#game-board").bounding_box()
    assert box is not None and 0.5 * (width - 40) < box["width"] <= width
    cells = pg.locator("#game-board .cell").first.bounding_box()
    assert cells is not None and cells["width"] >= 28  # large enough to click or tap
    first = pg.locator("#actions button.act").first
    first.focus()
    assert pg.evaluate("document.activeElement.tagName") == "BUTTON"  # reachable by keyboard
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"serve-asteroid-belt-{width}.png"), full_page=True)
    assert problems(pg) == []


def test_a_save_the_server_cannot_write_is_shown_and_nothing_changes(serve, open_page, tmp_path):
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3",
                   "--save", "g.json")
    x = Seat(open_page(served.links["x"]))
    x.wait_turn()
    save = tmp_path / "g.json"
    save.unlink()
    save.mkdir()  # the save's place taken: it cannot be written
    cell(x.page, 1, 1)
    x.page.wait_for_selector("#error:not([hidden])")
    assert "could not be written" in x.page.inner_text("#error")
    x.page.wait_for_selector("#warning:not([hidden])")
    assert "g.json cannot be written" in x.page.inner_text("#warning")
    assert x.decision() == 0 and x.page.locator("#game-board [data-unit]").count() == 0
    save.rmdir()
    cell(x.page, 1, 1)  # fixed: the same click is applied
    x.page.wait_for_function("() => window.dgPage.snapshot().decision === 1")
    x.page.wait_for_selector("#warning", state="hidden")
    assert [p for p in problems(x.page) if "status of 503" not in p] == []


def test_a_long_narration_says_what_it_leaves_out_and_shows_it_all(serve, open_page, browser):
    """A snapshot carries the latest 400 lines of what happened since the seat's last decision;
    here its stream is made to carry the last one only (as if 400 had been reached) and the
    page says so, then shows them all from /api/narration when asked."""
    served = serve("asteroid-belt", "--seat", "orange=human", "--seed", SEED)
    url = f"{served.base}/api/state?token={served.token('orange')}"
    status, first = get(url)
    assert status == 200 and first["your_turn"] and len(first["narration"]) > 3
    cut = dict(first, narration=first["narration"][-1:],
               narration_left_out=len(first["narration"]) - 1)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        pg = watched_page(context, lambda u: True)
        pg.route("**/api/events*", lambda route: route.fulfill(
            status=200, headers={"Content-Type": "text/event-stream"},
            body=f"event: snapshot\ndata: {json.dumps(cut)}\n\n"))
        pg.goto(served.links["orange"])
        pg.wait_for_selector("#narration li.left-out")
        said = pg.inner_text("#narration li.left-out")
        assert f"{len(first['narration']) - 1} earlier lines" in said and "not shown" in said
        assert pg.locator("#narration li").count() == 2
        pg.click("#narration-all")
        pg.wait_for_function(f"() => document.querySelectorAll('#narration li').length === "
                             f"{len(first['narration'])}")
        shown = pg.eval_on_selector_all("#narration li", "ls => ls.map(l => l.textContent)")
        assert shown == first["narration"]
    finally:
        context.close()


def test_the_page_works_behind_a_reverse_proxy_under_a_path(serve, open_page, browser):
    """--public-url http://HOST:PORT/dg: a proxy (here the browser's routing) strips /dg and
    passes the rest to the server; the page loads its files and plays through it."""
    served = serve("tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "3",
                   "--public-url", "http://proxy.test/dg")
    assert served.links["x"].startswith("http://proxy.test/dg/play/")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        pg = watched_page(context, lambda u: u.startswith(("http://proxy.test/dg/", "data:")))
        pg.route("http://proxy.test/**", lambda route: route.continue_(
            url=route.request.url.replace("http://proxy.test/dg", served.base, 1)))
        pg.goto(served.links["x"])
        x = Seat(pg)
        x.wait_turn()
        cell(pg, 1, 1)
        pg.wait_for_function("() => window.dgPage.snapshot().decision >= 1")
        assert pg.locator('#game-board [data-unit][data-cell="1,1"]').count() == 1
        assert problems(pg) == []
    finally:
        context.close()


def test_undo_takes_back_the_last_action_of_the_decision_by_a_click(serve, open_page):
    """The page's "Undo …" button (POST /api/undo): shown once the seat has acted in a decision
    that goes on, naming the action; a click takes it back and the button goes."""
    served = serve("asteroid-belt", "--seat", "orange=human", "--seed", SEED)
    orange = Seat(open_page(served.links["orange"]))
    snap = orange.wait_turn()
    assert snap is not None and orange.page.is_hidden("#undo-row")
    deploy = next(a for a in snap["actions"] if a["verb"] == "deploy")
    orange.play(deploy)
    orange.page.wait_for_selector("#undo-row:not([hidden])")
    assert orange.page.inner_text("#undo") == "Undo " + deploy["text"]
    orange.page.click("#undo")
    orange.page.wait_for_function(
        f"() => window.dgPage.snapshot().decision === {snap['decision']}", timeout=60_000)
    assert orange.page.is_hidden("#undo-row")
    assert deploy in orange.snapshot()["actions"]           # to be played again
    assert problems(orange.page) == []


def test_a_hot_seat_hand_over_keeps_nothing_of_the_last_players_secret_order(serve, open_page):
    """The browser trial: at "Pass to red", the hidden turn line still held blue's secret
    battle order (RB.4) in the page's DOM; now nothing of the last player's view stays."""
    served = serve("fleet-battle", "--variant", "hot-seat", "--option", "secret-orders",
                   "--hot-seat", "--seat", "red=human", "--seat", "blue=human", "--seed", "3")
    pg = open_page(served.links["hot-seat"])
    seat = Seat(pg)
    handovers = 0
    for _ in range(60):
        pg.wait_for_function("() => { const s = window.dgPage.snapshot();"
                             " return s && (s.masked || s.your_turn || s.result); }",
                             timeout=60_000)
        snap = seat.snapshot()
        if snap["result"]:
            break
        if snap["masked"]:
            handovers += 1
            if handovers >= 2:  # a hand-over after a player's own turn: nothing of it stays
                assert pg.eval_on_selector("#turn", "e => e.textContent") == ""
                assert "secret, RB.4" not in pg.content()
                assert pg.locator("#game-board svg, #actions button").count() == 0
                break
            pg.click("#handover-ok")
            pg.wait_for_function("() => !window.dgPage.snapshot().masked", timeout=60_000)
            continue
        assert "secret" in pg.inner_text("#turn") or snap["actions"]
        ends = [a for a in snap["actions"] if a["verb"] == "end"]
        seat.play(ends[0] if ends else snap["actions"][0])
    assert handovers >= 2
    assert problems(pg) == []


def test_each_verb_says_what_it_does_and_a_chooser_tells_the_verbs_apart(serve, open_page):
    """The browser trial: the page never said what an action does — 'deploy assault 1,0' or
    'create assault 1,0'? Each verb of the list has its help line (as 'help VERB' at the
    terminal), and a chooser offering several verbs shows what each does."""
    served = serve("asteroid-belt", "--seat", "orange=human", "--seed", SEED)
    orange = Seat(open_page(served.links["orange"]))
    snap = orange.wait_turn()
    assert snap is not None
    deploy_help = orange.page.inner_text('.verb[data-verb="deploy"] .verb-help')
    assert deploy_help == snap["help"]["deploy"] and deploy_help.startswith("deploy TYPE x,y — ")
    cells = {tuple(a["cells"][0]) for a in snap["actions"] if a["verb"] == "deploy"} & \
        {tuple(a["cells"][0]) for a in snap["actions"] if a["verb"] == "create"}
    x, y = sorted(cells)[0]
    cell(orange.page, x, y)
    orange.page.wait_for_selector("#chooser:not([hidden])")
    told = orange.page.locator("#choices .verb-help").all_inner_texts()
    assert sorted(told) == sorted([snap["help"]["create"], snap["help"]["deploy"]])
    assert problems(orange.page) == []


def test_the_fleet_battles_points_are_shown_open_where_no_standing_is(serve, open_page):
    """The browser trial: the fleet battle keeps no counters, so the page had no standing and
    its victory points and hulls were inside the collapsed status lines."""
    served = serve("fleet-battle", "--seat", "red=human", "--seed", "2")
    red = Seat(open_page(served.links["red"]))
    snap = red.wait_turn()
    assert snap is not None and snap["standing"] is None and snap["status"]
    assert red.page.evaluate("document.querySelector('#status-box details').open") is True
    assert red.page.is_visible("#status li")
