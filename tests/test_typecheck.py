"""The type checker's baseline (.ci/typecheck): errors matched by file and message, never by line,
and a baseline that may only shrink."""

from __future__ import annotations

import collections
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = runpy.run_path(str(ROOT / ".ci" / "typecheck"))

OUTPUT = """\
build/typecheck/distant_galaxy/core/game.py:12:5: error: Item "None" of "X | None" has no attribute "y"  [union-attr]
build/typecheck/distant_galaxy/core/game.py:40:5: error: Item "None" of "X | None" has no attribute "y"  [union-attr]
build/typecheck/distant_galaxy/core/game.py:40:5: note: See https://mypy.readthedocs.io
build/typecheck/distant_galaxy_episodes/leaders/moves.py:3:1: error: Name "f" already defined on line 1  [no-redef]
"""


def test_errors_are_keyed_by_source_file_and_message_without_line_numbers() -> None:
    assert SCRIPT["errors_of"](OUTPUT) == collections.Counter({
        'engine/core/game.py: Item "None" of "X | None" has no attribute "y"  [union-attr]': 2,
        'plugins/leaders/moves.py: Name "f" already defined on line N  [no-redef]': 1,
    })


def test_a_new_error_fails_and_so_does_a_fixed_one_left_in_the_baseline() -> None:
    compare = SCRIPT["compare"]
    now = SCRIPT["errors_of"](OUTPUT)
    assert compare(now, now) == []
    shifted = SCRIPT["errors_of"](OUTPUT.replace(":12:5:", ":99:5:"))
    assert compare(shifted, now) == []  # code landing above an error changes nothing
    more = now + collections.Counter({"engine/x.py: new  [misc]": 1})
    assert "1 new type error(s)" in compare(more, now)[0]
    fewer = now - collections.Counter({next(iter(now)): 1})
    problems = compare(fewer, now)
    assert "no longer occur" in problems[0] and "--shrink" in problems[0]


def test_the_baseline_is_sorted_and_names_files_by_their_folders() -> None:
    lines = [line for line in (ROOT / ".ci" / "mypy-baseline.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    assert lines == sorted(lines)
    assert all(line.split(":")[0].startswith(("engine/", "plugins/")) for line in lines)
    assert all((ROOT / line.split(":")[0]).is_file() for line in lines)
