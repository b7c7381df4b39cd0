"""argparse's parser and help formatter as ``dg`` makes them, without the imports argparse makes
for the terminal's width.

argparse's ``HelpFormatter`` imports :mod:`shutil` (and with it ``bz2``, ``lzma`` and ``zlib``,
about 3 ms) to read the terminal's width, and every ``add_argument`` makes a formatter to check
the argument. :class:`HelpFormatter` reads the width the way ``shutil.get_terminal_size`` does
(``COLUMNS``, else the terminal of standard output, else 80 columns), so the help is laid out
exactly as before and ``dg list`` or ``dg validate`` no longer pay for ``shutil``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width in columns as ``shutil.get_terminal_size().columns`` gives it: the
    ``COLUMNS`` variable if it is a positive number, else the width of standard output's
    terminal, else ``fallback``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else fallback


class HelpFormatter(argparse.HelpFormatter):
    """argparse's default formatter, with the width of :func:`terminal_columns` (less 2, as
    argparse does) when none is given."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser with :class:`HelpFormatter` unless another is given (its sub-parsers,
    made by ``add_subparsers().add_parser``, are of the same class and so get it too).

    ``innermost``: the last parser that parsed (argparse hands a sub-command's words to its
    parser, and that one's to its own): after a parse, the innermost sub-command's parser,
    whose usage an error of its arguments shows (``dg campaign play 7``)."""

    innermost: argparse.ArgumentParser | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        ArgumentParser.innermost = self
        return super().parse_known_args(args, namespace)
