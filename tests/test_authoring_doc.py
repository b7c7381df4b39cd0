"""Every snippet of docs/authoring.md works: YAML files (`# file: NAME`) are written and validated
in order, YAML fragments satisfy the schema of their sections, every `dg` command is run (exit 0
unless marked `# exits 1`), and a plain block after a command is the output it must print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "authoring.md"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def _blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def _run(line: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    cmd, _, comment = line.partition("#")
    expected = 1 if "exits 1" in comment else 0
    code = main(shlex.split(cmd)[1:])
    out = capsys.readouterr().out
    assert code == expected, f"`{cmd.strip()}` exited {code}, expected {expected}:\n{out}"
    return code, out


def _check_fragment(body: str) -> None:
    from jsonschema import Draft202012Validator

    from distant_galaxy.loader import load_schema, load_yaml

    schema = load_schema("scenario")
    data = load_yaml(body, "fragment.yaml").data
    for key, value in data.items():
        sub = dict(schema["properties"][key], **{"$defs": schema.get("$defs", {})})
        errors = [e.message for e in Draft202012Validator(sub).iter_errors(value)]
        assert not errors, (key, errors)


def test_every_snippet_of_the_tutorial_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    blocks = _blocks()
    files = commands = 0
    last_output = None
    for lang, body in blocks:
        if lang == "yaml" and body.startswith("# file: "):
            name = body.split("\n", 1)[0][len("# file: "):].strip()
            (tmp_path / name).write_text(body, encoding="utf-8")
            files += 1
            last_output = None
        elif lang == "yaml":  # a fragment: its sections must satisfy the scenario schema
            _check_fragment(body)
            last_output = None
        elif lang == "sh":
            for line in body.splitlines():
                if line.startswith("dg "):
                    _, last_output = _run(line, capsys)
                    commands += 1
        elif lang == "" and last_output is not None:
            for want in body.strip().splitlines():
                assert want.rstrip("…").rstrip() in last_output, (want, last_output)
            last_output = None
    assert files >= 4 and commands >= 8
