"""Schema checks remembered (:mod:`distant_galaxy.loader.schema_memo`): the same answer with and
without the cache, errors never remembered, only data its JSON text tells apart, the key
following the data, the schema and the catalogues, and no ``jsonschema`` import on a hit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from distant_galaxy.loader import MergedDocument, check_schema, combined_schema, load_yaml, schema_memo
from distant_galaxy.loader.schema_memo import check_schema_memo, combined_key
from tests.cli.conftest import child_env

GOOD = "id: x\nformat: 1\ntitle: X\n"
BAD = "id: x\nformat: 1\ntitle: X\nnot_a_key: 1\n"


def doc(text: str) -> MergedDocument:
    return MergedDocument.from_document(load_yaml(text, "s.yaml"))


def kept_keys(cache_folder: Path) -> list[str]:
    path = cache_folder / schema_memo.NAME
    return list(json.loads(path.read_text())["entries"]) if path.exists() else []


def test_a_pass_is_remembered_and_answers_the_same(cache_folder: Path):
    schema = combined_schema({})
    assert check_schema_memo(doc(GOOD), schema) == check_schema(doc(GOOD), schema)
    assert len(kept_keys(cache_folder)) == 1
    assert check_schema_memo(doc(GOOD), combined_schema({})) == []
    assert len(kept_keys(cache_folder)) == 1  # the same key


def test_errors_are_never_remembered(cache_folder: Path):
    schema = combined_schema({})
    first = check_schema_memo(doc(BAD), schema)
    assert first and [e.format() for e in first] == [e.format() for e in check_schema(doc(BAD),
                                                                                        schema)]
    assert kept_keys(cache_folder) == []
    assert [e.format() for e in check_schema_memo(doc(BAD), schema)] == \
        [e.format() for e in first]


def test_the_key_follows_the_data_the_schema_and_the_catalogues():
    schema = combined_schema({})
    data = doc(GOOD).data
    key = schema_memo._key(data, schema, {})
    assert key is not None
    assert schema_memo._key({**data, "title": "Y"}, schema, {}) != key
    assert schema_memo._key(data, combined_schema({"p": {"type": "object"}}), {}) != key
    assert schema_memo._key(data, schema, {"events": ["a"]}) != key


@pytest.mark.parametrize("data", [{1: "a"}, {"a": (1, 2)}, {"a": {1, 2}}, {"a": object()}])
def test_data_its_json_does_not_tell_apart_is_not_remembered(data):
    assert schema_memo._key(data, {}, {}) is None


def test_the_combined_key_stands_for_the_sections():
    sections = {"p": {"type": "object"}}
    assert combined_key(sections) == combined_key(json.loads(json.dumps(sections)))
    assert combined_key(sections) != combined_key({"q": {"type": "object"}})
    assert combined_key({"p": {"enum": ("a", "b")}}) is None  # a tuple: not told apart


def test_a_pass_with_the_combined_key_answers_the_same(cache_folder: Path):
    sections = {"p": {"type": "object"}}
    schema = combined_schema(sections)
    assert check_schema_memo(doc(GOOD), schema, None, combined_key(sections)) == []
    wrong = doc(GOOD + "p: 3\n")
    errors = check_schema_memo(wrong, combined_schema(sections), None, combined_key(sections))
    assert [e.format() for e in errors] == [e.format() for e in check_schema(wrong, schema)]


def test_a_warm_check_does_not_import_jsonschema(cache_folder: Path, tmp_path: Path):
    path = tmp_path / "s.yaml"
    path.write_text(GOOD)
    code = ("import sys\n"
            "from distant_galaxy.loader import MergedDocument, combined_schema, load_yaml_file\n"
            "from distant_galaxy.loader.schema_memo import check_schema_memo\n"
            f"doc = MergedDocument.from_document(load_yaml_file({str(path)!r}))\n"
            "assert check_schema_memo(doc, combined_schema({})) == []\n"
            "print('jsonschema' in sys.modules)\n")
    env = child_env()
    env["DG_CACHE_DIR"] = str(cache_folder)
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=60) for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["True", "False"], [r.stderr for r in runs]
