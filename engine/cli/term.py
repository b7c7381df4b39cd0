"""Colour and progress for ``dg`` on a terminal, through rich; plain text everywhere else.

* **Colour** (:func:`painter`): owners in their colours on the board, outcomes in bold — only
  when the stream is a terminal and ``NO_COLOR`` is not set (https://no-color.org). Otherwise
  no painter: the text is byte for byte what pipes, files and tests see.
* **Progress** (:func:`progress`): a bar on **stderr** for long commands (``dg reliability``,
  ``dg perft``) — only when stderr is a terminal and the command was not asked for ``--json``.
  Standard output is never touched, so ``dg reliability | cat`` prints what it always printed.

This module is imported by the handlers of the commands that use it, so ``dg --help`` and
``dg list`` never import rich (tests/cli/test_startup.py).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import IO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

Paint = Callable[[str, "str | None"], str]


def is_terminal(stream: IO[str]) -> bool:
    """Whether ``stream`` is attached to a terminal (False for pipes, files, captured output)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def colour_wanted(stream: IO[str] | None = None) -> bool:
    """Colour on ``stream`` (default stdout): a terminal, and ``NO_COLOR`` unset or empty."""
    if os.environ.get("NO_COLOR"):
        return False
    return is_terminal(stream if stream is not None else sys.stdout)


def painter(stream: IO[str] | None = None) -> Paint | None:
    """A ``paint(text, style)`` writing rich styles as terminal codes for ``stream``, or None when
    colour is not wanted there (:func:`colour_wanted`)."""
    if not colour_wanted(stream):
        return None
    console = Console(file=stream or sys.stdout, force_terminal=True, highlight=False,
                      soft_wrap=True)

    @lru_cache(maxsize=4096)
    def paint(text: str, style: str | None) -> str:
        if not style or not text.strip():
            return text
        with console.capture() as cap:
            console.print(Text(text, style=style), end="")
        return cap.get()

    return paint


def thinking_line(stream: IO[str] | None = None) -> Callable[[str | None], None] | None:
    """A bot's one-line "thinking" progress on ``stream`` (default stderr), rewritten in place
    (``\\r`` and erase-to-end-of-line) and cleared when the bot has decided — or None when
    ``stream`` is no terminal: pipes, files and logs never see it (distant_galaxy.bots.thinking).
    """
    out = stream if stream is not None else sys.stderr
    if not is_terminal(out):
        return None

    def show(text: str | None) -> None:
        width = shutil.get_terminal_size().columns
        out.write("\r" + ("" if text is None else text[:max(1, width - 1)]) + "\x1b[K")
        out.flush()
    return show


def progress_wanted(json_output: bool = False) -> bool:
    """A progress bar on stderr: stderr is a terminal and the output is not ``--json``."""
    return not json_output and is_terminal(sys.stderr)


@contextmanager
def progress(total: int, what: str, enabled: bool) -> Iterator[Callable[[int], None]]:
    """``with progress(n, "games", on) as advance: … advance(k)``: a bar on stderr counting to
    ``total`` while the block runs (cleared at its end), or a no-op when ``enabled`` is false."""
    if not enabled:
        def nothing(n: int = 1) -> None:
            return None
        yield nothing
        return
    console = Console(file=sys.stderr, highlight=False)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(what, total=total)
        def advance(n: int = 1) -> None:
            bar.advance(task, n)
        yield advance
