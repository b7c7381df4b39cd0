"""Every snippet of docs/campaign.md's tutorial works: YAML files (`# file: NAME`) are written in
order (whole, as a reader copies them: the positions of errors count that first line), every `dg` command is run in a temporary folder (exit 0 unless marked `# exits 1`), and a
plain block after a command holds lines its output must contain; the tutorial's campaign is the
one the campaign tests use (tests/data/campaigns/duo.yaml)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "campaign.md"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def _blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def test_the_tutorial_campaign_is_the_tested_one():
    body = next(b for lang, b in _blocks() if b.startswith("# file: duo.yaml"))
    text = (ROOT / "tests" / "data" / "campaigns" / "duo.yaml").read_text(encoding="utf-8")
    assert body.split("\n", 1)[1] == text


def test_every_snippet_of_the_tutorial_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    files = commands = 0
    last: str | None = None
    for lang, body in _blocks():
        if lang == "yaml" and body.startswith("# file: "):
            name = body.split("\n", 1)[0][len("# file: "):].strip()
            (tmp_path / name).write_text(body, encoding="utf-8")  # as copied: comment too
            files += 1
            last = None
        elif lang == "sh":
            for line in body.splitlines():
                cmd, _, comment = line.partition("#")
                want = 1 if "exits 1" in comment else 0
                code = main(shlex.split(cmd)[1:])
                told = capsys.readouterr()
                out = told.out + told.err  # what the reader sees in the terminal
                assert code == want, f"`{cmd.strip()}` exited {code}:\n{out}"
                last = out if last is None else last + out
                commands += 1
        elif lang == "" and last is not None:
            for line in body.strip().splitlines():
                if line.startswith("{"):
                    continue  # a log line, checked below
                assert line.rstrip() in last, (line, last)
            last = None
        else:
            last = None
    assert files == 2 and commands >= 7
    belt = (tmp_path / "duo.2-belt.jsonl").read_text(encoding="utf-8")
    quoted = next(line for line in DOC.read_text(encoding="utf-8").splitlines()
                  if line.startswith('{"counter":"resources","delta":10'))
    assert quoted in belt.splitlines()


@pytest.mark.parametrize("name", ["global"])
def test_every_dc_decision_of_the_yaml_is_in_the_doc(name):
    from distant_galaxy.campaign.load import load_campaign

    text = DOC.read_text(encoding="utf-8")
    for decision in load_campaign(name).data["decisions"]:
        assert f"| {decision['id']} |" in text, decision["id"]
