"""Starting ``dg serve`` (issue 30 audit, items 1, 2, 3, 6) as a real process: the port is bound
before any file is written (a port in use is named and leaves nothing behind); the start-up says
where the game is kept; the links name ``--public-url`` or, listening everywhere, this machine's
LAN address; a small ``--seed`` in a game with hidden values is warned about and a seed run past
2**64-1 is refused as ``dg simulate`` refuses it."""

from __future__ import annotations

import io
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from tests.serve.served import get, start


def dg(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_a_port_in_use_is_named_and_no_file_is_written(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        done = dg(["serve", "tic-tac-toe", "--seed", "77", "--port", str(port)], tmp_path)
    finally:
        taken.close()
    assert done.returncode == 2
    assert done.stderr.startswith(f"dg serve: cannot listen on 127.0.0.1:{port}: ")
    assert "Address already in use" in done.stderr and "--port 0" in done.stderr
    assert list(tmp_path.iterdir()) == []  # no save, no links file
    served = start(["tic-tac-toe", "--seed", "77", "--seat", "x=human"], tmp_path, port=port)
    try:  # the next try is not refused for a save left behind
        assert served.base.endswith(f":{port}")
        assert re.search(r"saved to: serve-tic-tac-toe-\d{8}-\d{6}\.json", served.said())
    finally:
        served.stop()


def test_the_links_start_with_the_public_url_and_the_page_finds_its_files(tmp_path: Path
                                                                          ) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--public-url",
                    "https://games.example.org/dg/"], tmp_path)
    try:
        assert served.links["x"].startswith("https://games.example.org/dg/play/")
        assert served.watch == "https://games.example.org/dg/watch"
        local = f"{served.base}/play/{served.token('x')}"  # as the proxy passes it on
        status, page = get(local)
        assert status == 200 and '<base href="/dg/">' in page
        assert 'src="static/page.js"' in page and 'href="static/page.css"' in page
        assert '<a href="watch">' in get(served.base + "/")[1]
    finally:
        served.stop()
    bad = dg(["serve", "tic-tac-toe", "--public-url", "games.example.org", "--port", "0"],
             tmp_path)
    assert bad.returncode == 2 and "--public-url 'games.example.org'" in bad.stderr


def test_listening_everywhere_names_a_lan_address_or_says_what_to_do(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--host", "0.0.0.0"], tmp_path)
    try:
        link = served.links["x"]
        assert "0.0.0.0" not in link and "listening on http://0.0.0.0:" in served.said()
        assert "note: " in served.said()
        if "THIS-MACHINE'S-ADDRESS" in link:
            assert "--public-url" in served.said()
        else:  # the LAN address the links name reaches the server
            assert get(link)[0] == 200
    finally:
        served.stop()


def test_a_small_seed_with_hidden_values_is_warned_about(tmp_path: Path) -> None:
    served = start(["aborigine-clash", "--option", "space-domain", "--seed", "5", "--seat",
                    "red=human"], tmp_path)
    try:
        assert "warning: the --seed given is small and this game has hidden values" in served.said()
    finally:
        served.stop()
    quiet = start(["tic-tac-toe", "--seed", "5", "--seat", "x=human"], tmp_path)
    try:
        assert "warning" not in quiet.said()  # nothing hidden in tic-tac-toe
    finally:
        quiet.stop()


def test_a_seed_run_past_the_largest_seed_is_refused_as_simulate_refuses_it(tmp_path: Path
                                                                            ) -> None:
    top = str(2**64 - 1)
    served = dg(["serve", "tic-tac-toe", "--seed", top, "--games", "2", "--port", "0"], tmp_path)
    simulated = dg(["simulate", "tic-tac-toe", "--first-seed", top, "--games", "2"], tmp_path)
    assert served.returncode == simulated.returncode == 2
    assert served.stderr.split(": ", 1)[1] == \
        simulated.stderr.split(": ", 1)[1].replace("--first-seed", "--seed")
    assert "would pass 18446744073709551615" in served.stderr
    assert list(tmp_path.iterdir()) == []


def test_several_games_keep_a_save_and_a_log_each_when_asked(tmp_path: Path) -> None:
    refused = dg(["serve", "tic-tac-toe", "--games", "2", "--save", "g.json", "--port", "0"],
                 tmp_path)
    assert refused.returncode == 2 and "{game}" in refused.stderr
    (tmp_path / "s").mkdir()
    served = start(["tic-tac-toe", "--games", "2", "--seed", "3", "--save", "s/{game}.json",
                    "--log", "s/{game}.jsonl", "--pace", "5"], tmp_path)
    try:
        said = served.wait_said("watch?game=g2")
        assert "saved to: s/g1.json" in said and "log: s/g2.jsonl" in said
    finally:
        served.stop()
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "g1.json", "g1.json.links", "g1.jsonl", "g2.json", "g2.json.links", "g2.jsonl"]



def test_the_printed_lines_never_name_the_seed(tmp_path: Path) -> None:
    """The default save's name held the seed, printed beside the links the host pastes to the
    players; the seed decides the dice (a new player's trial of dg serve)."""
    served = start(["tic-tac-toe", "--seed", "1234567", "--seat", "x=human"], tmp_path)
    try:
        assert "1234567" not in served.said()
    finally:
        served.stop()
    assert "1234567" not in served.said()


def test_players_outside_what_the_scenario_allows_are_refused(tmp_path: Path) -> None:
    for players in ("1", "3", "0"):
        done = dg(["serve", "tic-tac-toe", "--players", players, "--port", "0"], tmp_path)
        assert done.returncode == 2, done.stdout
        assert f"tic-tac-toe is for 2 to 2 players, not {players}" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_game_without_a_person_and_an_unfinished_save_here_are_noted(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--save", "serve-tic-tac-toe-a.json"],
                   tmp_path)
    served.stop()  # an unfinished game stays in the folder
    bots = start(["tic-tac-toe", "--seed", "3"], tmp_path)
    try:
        said = bots.wait_said("the game is over")
        assert "note: no seat is played by a person: the bots play the game out now (to play "\
               "one: --seat x=human)" in said
        assert "note: serve-tic-tac-toe-a.json holds an unfinished game of this scenario: dg "\
               "serve --resume serve-tic-tac-toe-a.json goes on with it" in said
    finally:
        bots.stop()
    assert "dg serve: stopped; the game is over (" in bots.said()  # (it printed nothing)


def test_ctrl_c_with_pages_connected_stops_at_once_without_a_traceback(tmp_path: Path) -> None:
    """Open event streams held the shutdown until uvicorn cancelled them after its grace time,
    printing an ERROR and a traceback for each (a new player's trial of dg serve)."""
    import threading
    import urllib.request

    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human"], tmp_path)
    streams = []
    try:
        for url in (f"{served.base}/api/events?token={served.token('x')}",
                    f"{served.base}/api/events?game=main"):
            resp = urllib.request.urlopen(url, timeout=30)
            resp.readline()  # the stream is open
            streams.append(resp)
            threading.Thread(target=resp.read, daemon=True).start()
        served.proc.send_signal(signal.SIGINT)
        served.proc.wait(30)
    finally:
        served.stop()
        for resp in streams:
            resp.close()
    said = served.said()
    assert "Traceback" not in said and "ERROR" not in said and "CancelledError" not in said, said
    assert "dg serve: stopped; the game is saved in" in said


def test_a_second_page_on_one_link_is_told_to_the_host(tmp_path: Path) -> None:
    """Two tabs, or two people, on x's link showed one "x connected" (a new player's trial):
    the host is told of each further page."""
    import urllib.request

    served = start(["tic-tac-toe", "--seat", "x=human"], tmp_path)
    streams = []
    try:
        for _ in range(2):
            resp = urllib.request.urlopen(
                f"{served.base}/api/events?token={served.token('x')}", timeout=30)
            resp.readline()
            streams.append(resp)
        said = served.wait_said("x connected again: 2 pages are open on its link")
        assert said.count("x connected\n") == 1
    finally:
        for resp in streams:
            resp.close()
        served.stop()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_servers_own_lines_wrap_on_a_terminal_and_links_stay_whole(monkeypatch) -> None:
    """The player trial's start-up lines ran past an 80-column terminal: a note is wrapped
    between words (further lines indented), a link is never cut, a pipe gets the line whole."""
    from distant_galaxy.cli.handlers.serve import print_now

    note = ("  note: these links work on this machine only (--host 127.0.0.1): to invite friends "
            "on your network, start it with --host 0.0.0.0 (docs/serve.md, 'Hosting a game "
            "for friends') http://127.0.0.1:8000/play/3vQy0c6lQ2XcIuS4d6Bq8A")
    monkeypatch.setenv("COLUMNS", "61")
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    print_now(note)
    lines = screen.getvalue().splitlines()
    assert len(lines) > 2 and all(len(line) <= 60 for line in lines[:-1])
    assert all(line.startswith("    ") for line in lines[1:])
    assert lines[-1].strip() == "http://127.0.0.1:8000/play/3vQy0c6lQ2XcIuS4d6Bq8A"
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stdout", pipe)
    print_now(note)
    assert pipe.getvalue() == note + "\n"
