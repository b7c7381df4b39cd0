"""``dg``'s parser and help formatter (``distant_galaxy.cli.parsing``): the terminal's width
read as ``shutil`` reads it, without importing it."""

from __future__ import annotations

import argparse
import shutil

import pytest

from distant_galaxy.cli.parsing import ArgumentParser, HelpFormatter, terminal_columns


@pytest.mark.parametrize("columns", [None, "50", "0", "-3", "wide", "200"])
def test_the_width_is_the_one_shutil_gives(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_the_help_is_laid_out_as_argparse_lays_it_out(monkeypatch):
    monkeypatch.setenv("COLUMNS", "46")

    def arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seat", metavar="NAME=CONTROLLER", action="append",
                            help="who plays a seat: a bot's name, or 'human' for a person")
        parser.add_argument("scenario", help="a scenario's id or path")

    ours, theirs = ArgumentParser(prog="dg run"), argparse.ArgumentParser(prog="dg run")
    arguments(ours)
    arguments(theirs)
    assert ours.formatter_class is HelpFormatter
    assert ours.format_help() == theirs.format_help()


def test_sub_parsers_get_the_formatter_too():
    parser = ArgumentParser(prog="dg")
    sub = parser.add_subparsers(dest="command").add_parser("list")
    assert sub.formatter_class is HelpFormatter


def test_another_formatter_may_still_be_given():
    parser = ArgumentParser(formatter_class=argparse.RawTextHelpFormatter)
    assert parser.formatter_class is argparse.RawTextHelpFormatter
