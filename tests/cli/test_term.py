"""Colour and progress on a terminal only (distant_galaxy.cli.term): nothing for pipes, files,
``NO_COLOR`` or ``--json``."""

from __future__ import annotations

import io

import pytest

from distant_galaxy.cli import term


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_colour_for_a_pipe_or_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert term.painter(io.StringIO()) is None
    assert term.painter(Tty()) is not None
    monkeypatch.setenv("NO_COLOR", "1")
    assert term.painter(Tty()) is None


def test_a_terminal_gets_colour_codes_around_the_text(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    paint = term.painter(Tty())
    assert paint is not None
    out = paint("oE", "#ff7f0e")
    assert "\x1b[" in out and "oE" in out
    assert paint("   ", "#ff7f0e") == "   " and paint("x", None) == "x"


@pytest.mark.parametrize("tty, json_output, wanted", [
    (False, False, False), (True, True, False), (True, False, True)])
def test_progress_only_on_a_terminal_stderr_without_json(monkeypatch, tty, json_output, wanted):
    monkeypatch.setattr("sys.stderr", Tty() if tty else io.StringIO())
    assert term.progress_wanted(json_output) is wanted


def test_progress_counts_and_a_disabled_one_does_nothing(monkeypatch):
    err = Tty()
    monkeypatch.setattr("sys.stderr", err)
    with term.progress(3, "games", enabled=True) as advance:
        for _ in range(3):
            advance(1)
    with term.progress(3, "games", enabled=False) as advance:
        advance(2)
    assert "games" in err.getvalue() or err.getvalue() == ""  # transient: may be cleared


def test_piped_reliability_prints_no_progress(dg):
    out = dg("reliability", "--games", "2", "--jobs", "2", "--scenario", "tic-tac-toe")
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and "games              : 2" in out.stdout
    assert "\x1b[" not in out.stdout
