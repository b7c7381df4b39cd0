"""Tests of distant_galaxy.loader.yamlsafe: data, positions, safety limits."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader import MAX_BYTES, load_yaml, load_yaml_file

TEXT = """\
# a comment
plain: hello world
single: 'it''s'
double: "say \\"hi\\""
block: |
  line one
  line two
folded: >
  folded one
  folded two
tagged: !!str 12
anchored: &a value
list:
  - first
  - [x, "y"]
nested:
  deep:
    rule: player.resources >= 10
"""


@pytest.fixture
def doc():
    return load_yaml(TEXT, "t.yaml")


def test_data_is_plain_json(doc):
    assert doc.data["plain"] == "hello world"
    assert doc.data["single"] == "it's"
    assert doc.data["block"] == "line one\nline two\n"
    assert doc.data["tagged"] == "12"
    assert doc.data["list"] == ["first", ["x", "y"]]
    assert doc.file == "t.yaml"
    assert doc.lines[1] == "plain: hello world"


@pytest.mark.parametrize(
    ("path", "line", "col", "first"),
    [
        (("plain",), 2, 8, "h"),
        (("single",), 3, 10, "i"),
        (("double",), 4, 10, "s"),
        (("block",), 6, 3, "l"),
        (("folded",), 9, 3, "f"),
        (("tagged",), 11, 15, "1"),
        (("anchored",), 12, 14, "v"),
        (("list", 0), 14, 5, "f"),
        (("list", 1, 1), 15, 10, "y"),
        (("nested", "deep", "rule"), 18, 11, "p"),
    ],
)
def test_string_positions_point_at_content(doc, path, line, col, first):
    pos = doc.pos(path)
    assert (pos.file, pos.line, pos.col) == ("t.yaml", line, col)
    assert pos.text == doc.lines[line - 1]
    assert pos.text[col - 1] == first


def test_key_pos_and_fallback(doc):
    assert (doc.key_pos(("nested", "deep")).line, doc.key_pos(("nested", "deep")).col) == (17, 3)
    missing = doc.pos(("nested", "deep", "nope", 3))
    assert (missing.line, missing.col) == (18, 5)  # nearest ancestor: the `deep` mapping


def test_shift_for_rule_offsets(doc):
    rule = doc.data["nested"]["deep"]["rule"]
    offset = rule.index(">=")
    pos = doc.pos(("nested", "deep", "rule")).shifted(offset)
    assert pos.text[pos.col - 1 : pos.col + 1] == ">="


def test_string_pos_in_block_scalars(doc):
    value = doc.data["block"]
    pos = doc.string_pos(("block",), value.index("two"))
    assert (pos.line, pos.col) == (7, 8)
    assert doc.lines[6][pos.col - 1 :].startswith("two")
    value = doc.data["folded"]
    pos = doc.string_pos(("folded",), value.index("two"))
    assert doc.lines[pos.line - 1][pos.col - 1 :].startswith("two")


def test_yaml_12_scalars():
    d = load_yaml(
        "a: on\nb: yes\nc: 012\nd: 0x1f\ne: 1.5e3\nf2: 1e5\nf3: 0o17\nf: true\ng: ~\nh: 2024-01-01\non: x\n",
        "f",
    )
    assert d.data == {
        "a": "on",
        "b": "yes",
        "c": 12,
        "d": 31,
        "e": 1500.0,
        "f2": "1e5",
        "f3": "0o17",
        "f": True,
        "g": None,
        "h": "2024-01-01",
        "on": "x",
    }


def test_merge_keys_are_supported():
    d = load_yaml("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n", "f")
    assert d.data["other"] == {"x": 1, "y": 3}


@pytest.mark.parametrize(
    ("text", "line", "col", "fragment"),
    [
        ("a: !!python/object/apply:os.system ['echo hi']\n", 1, 4, "python tags are not allowed"),
        ("a: !!python/name:os.system\n", 1, 4, "python tags are not allowed"),
        ("a: !custom x\n", 1, 4, "unsupported YAML tag !custom"),
        ("a: !!binary aGk=\n", 1, 4, "unsupported YAML tag !!binary"),
        ("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a'"),
        ("legend:\n  1: {cell: plain}\n", 2, 3, "must be a string"),
        ("? [a]\n: 1\n", 1, 3, "must be a string"),
        ("a: &x [*x]\n", 1, 4, "recursive alias"),
        ("a: .inf\n", 1, 4, "finite"),
        ("a: b: c\n", 1, 5, "YAML syntax error"),
        ("a: 'x\n", 2, 1, "YAML syntax error"),
        ("a: \x07\n", 1, 4, "unacceptable character"),
        ("a: 1\n---\nb: 2\n", 2, 1, "YAML syntax error"),
        ("[" * 200 + "]" * 200, 1, 101, "nesting deeper"),
    ],
)
def test_refusals(text, line, col, fragment):
    with pytest.raises(ScenarioError) as info:
        load_yaml(text, "bad.yaml")
    err = info.value
    assert fragment in err.message
    assert (err.pos.file, err.pos.line, err.pos.col) == ("bad.yaml", line, col)


def test_digit_key_error_has_quote_hint():
    with pytest.raises(ScenarioError) as info:
        load_yaml("legend:\n  1: {cell: plain}\n", "f")
    assert info.value.hint == 'quote it: "1":'


def _bomb(levels: int) -> str:
    lines = ["a0: &a0 [" + ", ".join(['"lol"'] * 9) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_refused_fast():
    start = time.process_time()
    with pytest.raises(ScenarioError, match="billion-laughs"):
        load_yaml(_bomb(9), "bomb.yaml")
    # CPU seconds, ten times the measured 0.021 s: 9 lines are read, the 9**9 values never made.
    assert time.process_time() - start < 0.25


def test_too_many_aliases():
    text = "a: &a x\nb: [" + ", ".join(["*a"] * 150) + "]\n"
    with pytest.raises(ScenarioError, match="too many aliases"):
        load_yaml(text, "f")


def test_small_alias_use_is_fine():
    d = load_yaml("a: &a {x: 1}\nb: *a\nc: *a\n", "f")
    assert d.data["c"] == {"x": 1}
    assert d.pos(("c", "x")).line == 1


def test_too_large_text_and_file(tmp_path: Path, composed: list[str]):
    big = "a: " + "x" * (MAX_BYTES + 10) + "\n"
    with pytest.raises(ScenarioError, match="file too large"):
        load_yaml(big, "big.yaml")
    path = tmp_path / "big.yaml"
    path.write_text(big)
    with pytest.raises(ScenarioError, match="file too large") as info:
        load_yaml_file(path)
    assert info.value.pos.file == str(path)
    assert composed == []  # refused before the parser saw it
    load_yaml("a: 1\n", "small.yaml")
    assert composed == ["a: 1\n"]  # the count sees a parse


def test_load_file(tmp_path: Path):
    path = tmp_path / "s.yaml"
    path.write_text("\ufeffid: x\n", encoding="utf-8")
    d = load_yaml_file(path)
    assert d.data == {"id": "x"} and d.file == str(path)
    with pytest.raises(ScenarioError, match="cannot read"):
        load_yaml_file(tmp_path / "missing.yaml")
    (tmp_path / "latin.yaml").write_bytes(b"a: 1\nb: \xe9\n")
    with pytest.raises(ScenarioError, match="UTF-8") as info:
        load_yaml_file(tmp_path / "latin.yaml")
    assert info.value.pos.line == 2


def test_empty_document():
    assert load_yaml("# nothing\n", "f").data is None


def test_empty_value_points_after_its_key():
    d = load_yaml("title:\nseats:\n", "f")
    assert d.data == {"title": None, "seats": None}
    assert (d.pos(("title",)).line, d.pos(("title",)).col) == (1, 7)
    assert (d.pos(("seats",)).line, d.pos(("seats",)).col) == (2, 7)


@pytest.mark.parametrize(("text", "hint"), [
    ("format: 1\nid: x\nmap: {width: 3, height: 3\ntitle: T\n",
     "inside the { at line 3, column 6: a ',' is missing between two values, or the } that "
     "closes it"),
    ("format: 1\nseats: [{id: a}, {id: b}\ntitle: T\n",
     "inside the [ at line 2, column 8: a ',' is missing between two values, or the ] that "
     "closes it"),
    ('{"format": 1, "id":\n', "the file ends inside a { } or [ ] that is not closed"),
])
def test_an_unclosed_bracket_is_named_where_it_opens(text, hint):
    """A new author's trial: PyYAML's "while parsing a flow node" was the whole hint."""
    with pytest.raises(ScenarioError) as info:
        load_yaml(text, "t.yaml")
    assert info.value.hint == hint
