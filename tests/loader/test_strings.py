"""Offsets in a YAML string value mapped back to the file (issue 31's audit): a folded ``>`` or
literal ``|`` block, a plain scalar over several lines, quoted scalars with escapes — each
character of the value is found on its own line and column."""

from __future__ import annotations

import pickle

import pytest

from distant_galaxy.loader import load_yaml

TEXT = """\
folded: >
  first line;
  second = 1;
    kept indented;
  last + word
literal: |
  one
    two
  three
plain: first part
  second part
single: 'it''s here;
  next line'
double: "a \\"quote\\" and \\n an escape;
  then x"
"""


def _where(doc, path, needle: str) -> tuple[int, int]:
    value = doc.data[path]
    pos = doc.string_pos((path,), value.index(needle))
    assert doc.lines[pos.line - 1][pos.col - 1:].startswith(needle), (path, needle, pos)
    return pos.line, pos.col


@pytest.mark.parametrize("path, needle, line, col", [
    ("folded", "first", 2, 3), ("folded", "second", 3, 3), ("folded", "= 1", 3, 10),
    ("folded", "kept", 4, 5), ("folded", "word", 5, 10),
    ("literal", "one", 7, 3), ("literal", "two", 8, 5), ("literal", "three", 9, 3),
    ("plain", "first", 10, 8), ("plain", "second", 11, 3), ("plain", "part", 10, 14),
    ("single", "s here", 12, 14), ("single", "next", 13, 3),
    ("double", "quote", 14, 14), ("double", "an escape", 14, 29), ("double", "then", 15, 3),
])
def test_each_character_is_found_where_it_was_written(path, needle, line, col):
    doc = load_yaml(TEXT, "t.yaml")
    assert _where(doc, path, needle) == (line, col)


def test_the_end_of_a_value_and_a_place_past_it():
    doc = load_yaml(TEXT, "t.yaml")
    value = doc.data["folded"]
    end = doc.string_pos(("folded",), len(value))
    assert end.line >= 5
    assert doc.string_pos(("folded",), len(value) + 50) == end


def test_a_place_with_its_string_map_pickles_and_compares_as_a_place():
    doc = load_yaml(TEXT, "t.yaml")
    pos = doc.pos(("folded",))
    assert pos.locator is not None and pos == doc.source_pos(pos.line, pos.col)
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.within(doc.data["folded"], 14) == pos.within(
        doc.data["folded"], 14)
    assert pos.within("another text", 3) is None  # only the string written there is mapped
