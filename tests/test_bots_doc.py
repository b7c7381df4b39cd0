"""Every example of docs/bots.md works: each `dg` command line runs (exit 0), each Python block
runs to its end (those that import an adapter skip, naming the extra, without `.[rl]`)."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
EXTRAS = {"distant_galaxy.adapters.pettingzoo": "pettingzoo",
          "distant_galaxy.adapters.openspiel": "pyspiel"}


def blocks(lang: str) -> list[str]:
    return [m.group(2) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))
            if m.group(1) == lang]


def test_every_command_runs(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [ln for b in blocks("sh") for ln in b.splitlines() if ln.startswith("dg ")]
    assert len(lines) >= 3
    for line in lines:
        code = main(shlex.split(line)[1:])
        out = capsys.readouterr().out
        assert code == 0, f"`{line}` exited {code}:\n{out}"


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_every_python_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = blocks("python")[index]
    for module, needs in EXTRAS.items():
        if module in code and importlib.util.find_spec(needs) is None:
            pytest.skip(f"{module} needs the extra: pip install -e '.[rl]'")
    exec(compile(code, f"docs/bots.md python block {index + 1}", "exec"), {})
    out = capsys.readouterr().out
    assert out.strip(), "the example prints its outcome"


def test_the_strength_table_is_filled_in() -> None:
    assert "STRENGTH_TABLE" not in DOC.read_text(encoding="utf-8")
