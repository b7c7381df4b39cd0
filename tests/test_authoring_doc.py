"""Every snippet of docs/authoring.md works: YAML files (`# file: NAME`) are written and validated
in order, YAML fragments satisfy the schema of their sections, a fragment taken from a shipped
file (`# from scenarios/…yaml (abridged)`) holds only lines of that file, in its order, every
`dg` command is run (exit 0 unless marked `# exits 1`), and a plain block after a command is the
output it must print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "authoring.md"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
FROM = re.compile(r"# from (\S+\.yaml) \(abridged\)\n")


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


def _check_taken_from(body: str) -> None:
    """A fragment that says it is taken from a shipped file holds lines of it, in its order."""
    found = FROM.match(body)
    if found is None:
        return
    shipped = (ROOT / found.group(1)).read_text(encoding="utf-8").splitlines()
    at = 0
    for line in body[found.end():].splitlines():
        assert line in shipped[at:], (found.group(1), line)
        at = shipped.index(line, at) + 1


def test_the_fragments_of_the_shipped_games_are_their_lines():
    """The audit of issue 31: the Othello and Kalah fragments differed from the shipped files."""
    taken = [body for lang, body in _blocks() if lang == "yaml" and FROM.match(body)]
    assert {FROM.match(b).group(1) for b in taken} >= {"scenarios/classic/othello.yaml",
                                                        "scenarios/classic/kalah.yaml"}
    for body in taken:
        _check_taken_from(body)


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
            _check_taken_from(body)
            last_output = None
        elif lang == "sh":  # the output block after it: what its commands print, in order
            last_output = ""
            for line in body.splitlines():
                if line.startswith("dg "):
                    last_output += _run(line, capsys)[1]
                    commands += 1
        elif lang == "" and last_output is not None:
            for want in body.strip().splitlines():
                assert want.rstrip("…").rstrip() in last_output, (want, last_output)
            last_output = None
    assert files >= 4 and commands >= 8
