"""libyaml (PyYAML's C parser) reads a file exactly as the pure-Python parser does: same data, same
positions of every value, key and string character, same errors — or the C parser is not used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader import Document, load_yaml, yamlsafe
from tests.loader.test_properties import yamlish

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for folder in ("scenarios", "tests", "plugins", "docs") for p in
               (ROOT / folder).rglob("*.yaml"))

needs_libyaml = pytest.mark.skipif(not yamlsafe.LIBYAML, reason="PyYAML without libyaml")


def paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every JSON path in ``value``."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*path, i))
    return out


def fingerprint(doc: Document) -> list[Any]:
    """The data and, for each path, the positions a message could use."""
    found: list[Any] = [doc.data, doc.lines]
    for path in paths(doc.data):
        found.append((path, doc.pos(path), doc.key_pos(path), doc.has_pos(path)))
        value = _at(doc.data, path)
        if isinstance(value, str):
            found += [doc.string_pos(path, k) for k in range(0, len(value) + 1, 3)]
    return found


def _at(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def outcome(text: str, libyaml: bool) -> Any:
    try:
        return fingerprint(load_yaml(text, "f.yaml", libyaml=libyaml))
    except ScenarioError as exc:
        return ("error", exc.message, exc.pos, exc.hint)


@needs_libyaml
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_yaml_file_of_the_repository_reads_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    assert outcome(text, libyaml=True) == outcome(text, libyaml=False)


@needs_libyaml
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(yamlish)
def test_any_text_reads_the_same(text: str) -> None:
    assert outcome(text, libyaml=True) == outcome(text, libyaml=False)


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: 1\nb: [x, {c: 'd'}]\n",
    "k: |\n  one\n  two\nm: >\n  folded\n  text\n",
    "x: \"\u00e9\u4e2d\U0001f600 \\u00e9\"\ny: \U0001f600 after\n",
    "a:\r\n  - 1\r\n  - 2\r\n",
    "a: 1\x85b: 2\u2028c: 3\n",
    "\ufeffid: x\n",
    "a: &x {p: 1}\nb: *x\nc:\n  <<: *x\n  q: 2\n",
    "? complex\n: value\n",
    "a: !!str 12\nb: ! 3\n",
    "%YAML 1.1\n---\na: 1\n",
    # texts where the two parsers differ, which go to the pure-Python parser only:
    "s:\n  - {i?d: orange}\n", ">#x\n", "\\\t", "\n\ufeff", "a: ! 3\nb: !\n",
    "\ufeff---", "\ufeff--- #c",
])
def test_tricky_texts_read_the_same(text: str) -> None:
    assert outcome(text, libyaml=True) == outcome(text, libyaml=False)


@needs_libyaml
@pytest.mark.parametrize("path", [p for p in FILES if "scenarios" in p.parts],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario_files_are_read_by_libyaml(path: Path) -> None:
    assert yamlsafe.libyaml_reads_alike(path.read_text(encoding="utf-8-sig"))
