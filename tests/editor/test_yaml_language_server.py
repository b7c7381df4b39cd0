"""The scenario files in a real editor's language server (yaml-language-server over stdio, as VS
Code and every LSP client run it): a shipped scenario shows no diagnostics through its modeline,
a mod with a typo shows one at the typo, and completion inside ``unit_types`` offers the unit
keys with their descriptions (docs/authoring.md, "Editor set-up").

Without the server these tests are skipped with the reason; in CI (``CI`` set) they fail, since
.ci/run installs it (npm install -g yaml-language-server).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.editor.lsp import LspClient

ROOT = Path(__file__).resolve().parents[2]
FULL = ROOT / "schemas" / "scenario.full.schema.json"
SERVER = os.environ.get("DG_YAML_LANGUAGE_SERVER") or shutil.which("yaml-language-server")
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))

if SERVER is None and os.environ.get("CI"):
    raise RuntimeError("yaml-language-server is not installed (npm install -g yaml-language-server)")
pytestmark = pytest.mark.skipif(SERVER is None, reason="yaml-language-server is not installed "
                                "(npm install -g yaml-language-server)")

SETTINGS = {"yaml": {"validate": True, "completion": True, "hover": True, "schemas": {},
                     "schemaStore": {"enable": False}}}


@pytest.fixture(scope="module")
def server():
    client = LspClient([SERVER, "--stdio"], SETTINGS)
    client.request("initialize", {
        "processId": os.getpid(), "rootUri": ROOT.as_uri(),
        "capabilities": {"textDocument": {
            "publishDiagnostics": {},
            "completion": {"completionItem": {"documentationFormat": ["markdown", "plaintext"],
                                              "snippetSupport": False}}},
            "workspace": {"configuration": True}}})
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
    yield client
    client.close()


def open_file(server: LspClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1,
        "text": text if text is not None else path.read_text(encoding="utf-8")}})
    return uri


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_shipped_scenario_has_no_diagnostics(server, path):
    assert server.diagnostics(open_file(server, path)) == []


MOD = """\
# yaml-language-server: $schema={schema}
format: 1
id: my-mod
title: My mod
extends: asteroid-belt
plugns: [asteroid_belt]
unit_types:
  scout: {{speed: 3}}
"""


def test_a_mod_with_a_typo_has_one_diagnostic_at_the_typo(server, tmp_path):
    mod = tmp_path / "my-mod.yaml"
    text = MOD.format(schema=FULL.as_posix())
    mod.write_text(text, encoding="utf-8")
    found = server.diagnostics(open_file(server, mod, text))
    assert len(found) == 1, found
    start = found[0]["range"]["start"]
    assert (start["line"], start["character"]) == (5, 0)  # `plugns`, 0-based line 5
    assert "plugns" in found[0]["message"] or "not allowed" in found[0]["message"]


def doc_example(name: str) -> str:
    """The example of docs/authoring.md whose first line is ``# file: NAME``, as written."""
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    start = text.index(f"# file: {name}\n")
    return text[start:text.index("```", start)]


def test_a_mod_that_changes_parts_of_sections_has_no_diagnostics(server, tmp_path):
    """A new author's trial: the guide's own mod (a map without its topology, a seat removed by
    ``{id: green, remove: true}``, a key deleted by null, a plugin section given in part) was
    marked with seven errors. A file with ``extends:`` is checked as a mod: only what it says."""
    mod = tmp_path / "asteroid-duel.yaml"
    text = f"# yaml-language-server: $schema={FULL.as_posix()}\n" + doc_example(
        "asteroid-duel.yaml")
    mod.write_text(text, encoding="utf-8")
    assert server.diagnostics(open_file(server, mod, text)) == []


def test_a_typo_inside_a_mods_section_is_still_shown(server, tmp_path):
    mod = tmp_path / "draughts6.yaml"
    text = (f"# yaml-language-server: $schema={FULL.as_posix()}\nformat: 1\nid: d6\n"
            "title: D6\nextends: draughts\nmap: {width: 6, hieght: 6}\n")
    mod.write_text(text, encoding="utf-8")
    found = server.diagnostics(open_file(server, mod, text))
    assert found and all(d["range"]["start"]["line"] == 5 for d in found), found
    assert any("hieght" in d["message"] or "not allowed" in d["message"] for d in found), found


def test_completion_inside_unit_types_offers_the_keys_with_descriptions(server, tmp_path):
    mod = tmp_path / "complete.yaml"
    text = (f"# yaml-language-server: $schema={FULL.as_posix()}\nformat: 1\nid: c\ntitle: C\n"
            "unit_types:\n  scout:\n    \n")
    mod.write_text(text, encoding="utf-8")
    uri = open_file(server, mod, text)
    server.diagnostics(uri)  # the schema is loaded
    result = server.request("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": {"line": 6, "character": 4}})
    items = result["items"] if isinstance(result, dict) else result
    by_label = {item["label"]: item for item in items}
    assert {"tags", "glyph", "title", "symbol"} <= set(by_label), sorted(by_label)

    def doc(item):
        value = item.get("documentation") or item.get("detail") or ""
        return value.get("value", "") if isinstance(value, dict) else str(value)

    assert "matched against cell types" in doc(by_label["tags"])
    assert "shape pictures draw" in doc(by_label["symbol"])


def test_the_shipped_modeline_really_checks(server):
    """The control of the first test: the same file through the same modeline, with a plugin
    section's key misspelt, shows it (so "no diagnostics" means the schema was applied)."""
    path = ROOT / "scenarios" / "asteroid-belt.yaml"
    text = path.read_text(encoding="utf-8").replace("\n  cargo_shuttle: true", "\n  cargo_shutle: true")
    uri = (path.parent / "asteroid-belt.check.yaml").as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    found = server.diagnostics(uri)
    line = next(i for i, t in enumerate(text.splitlines()) if t.startswith("  cargo_shutle:"))
    assert len(found) == 1 and found[0]["range"]["start"]["line"] == line, found
