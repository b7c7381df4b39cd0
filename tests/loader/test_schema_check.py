"""Tests of distant_galaxy.loader.schema_check and of schemas/scenario.schema.json."""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from distant_galaxy.errors import PluginError
from distant_galaxy.loader import (
    check_schema,
    combined_schema,
    describe_path,
    load_schema,
    load_yaml,
    schemas_dir,
)

VALID = """\
# yaml-language-server: $schema=../schemas/scenario.schema.json
format: 1
id: asteroid-belt
title: Asteroid Belt
episode: 7
description: Mine the belt.
plugins: [asteroid_belt]
params: {rows: 8, columns: 8, name: belt, hard: false}
players: {min: 2, max: 3}
seats:
  - {id: orange, faction: orange-empire, controller: human}
  - {id: blue, controller: bot, title: Blue}
factions:
  orange-empire: {title: Orange Empire, attack_bonus: 1}
counters:
  resources: {initial: 30, min: 0, max: null, doc: Spent on ships}
pools: {reserve: {doc: Ships not on the board}, repair: {doc: Damaged ships}}
map:
  topology: square8
  rows: |
    ..#
    .A.
  legend:
    ".": {cell: plain}
    "#": {cell: rock}
    "A": {cell: plain, site: asteroid, label: alpha}
cell_types:
  plain: {stop: [ship], cross: [ship], glyph: "."}
  rock: {stop: [], cross: [fighter], doc: Only fighters slip through}
site_kinds:
  asteroid: {class: C, points: 2, resources: 3, glyph: A, anything: [1, 2]}
unit_types:
  scout: {tags: [ship], glyph: S, title: Scout, speed: 3, note: fast}
tables:
  mining: {die: 6, rows: [{roll: 1, yield: 0}, {roll: [2, 6], yield: 1}], doc: Rule 7.3}
  combat: {die: 2d6, rows: [{roll: [2, 12], hit: true}]}
setup:
  tokens: [{type: scout, owner: orange, at: "1,1"}]
  pools: {"*": {reserve: {scout: 2}}}
phases:
  - {id: income, seat: active, auto: collect_income}
  - {id: move, seat: active}
actions:
  - {id: move, kind: move, pieces: {pawn: [{directions: [forward]}]}, forward: {orange: north}}
triggers:
  - {id: T1, on: turn_start, if: "round > 1", do: player.resources += 2}
victory:
  - {id: V1, if: player.points >= 10, winner: player, reason: Ten points, when: end_of_turn}
limits: {rounds: 20}
variants:
  quick: {description: A short game, overlay: {limits: {rounds: 5}}}
tests:
  - name: income works
    variant: quick
    seats: 2
    seed: 42
    actions: [pass]
    dice: [3, 4]
    expect: {events: [{type: resource}], facts: [player.resources == 32]}
decisions:
  - {id: D7.1, text: Fighters may cross rocks.}
"""


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return load_schema("scenario")


def test_schema_is_valid_draft_2020_12(schema):
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith("scenario.schema.json")
    assert schema["additionalProperties"] is False


def _typed_subschemas(node: Any, where: str = "#", named: bool = False):
    """Every subschema with a type, enum or const (``named``: node maps names to schemas)."""
    if isinstance(node, dict):
        if not named and ("type" in node or "enum" in node or "const" in node):
            yield where, node
        for key, value in node.items():
            if named or key not in ("dependentRequired", "required", "enum", "default"):
                sub_named = not named and key in ("properties", "$defs", "patternProperties")
                yield from _typed_subschemas(value, f"{where}/{key}", sub_named)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _typed_subschemas(value, f"{where}/{i}")


def test_every_typed_subschema_has_title_and_description(schema):
    missing = [
        w for w, s in _typed_subschemas(schema) if "title" not in s or "description" not in s
    ]
    assert missing == []


def test_valid_scenario_has_no_errors(schema):
    assert check_schema(load_yaml(VALID, "ok.yaml"), schema) == []


def test_schemas_dir_is_the_installed_package_data():
    """Found through importlib.resources (the source tree in an editable install, the package's
    copy in a plain one), never guessed from the working folder."""
    folder = Path(str(schemas_dir()))
    assert folder == Path(str(importlib.resources.files("distant_galaxy.bundled.schemas")))
    assert (folder / "scenario.schema.json").read_bytes() == \
        (Path(__file__).resolve().parents[2] / "schemas" / "scenario.schema.json").read_bytes()


def _errors(text: str, schema: dict[str, Any]) -> list[tuple[int, int, str]]:
    return [
        (e.pos.line, e.pos.col, e.message) for e in check_schema(load_yaml(text, "s.yaml"), schema)
    ]


HEAD = "format: 1\nid: x\ntitle: X\n"


@pytest.mark.parametrize(
    ("body", "line", "col", "message"),
    [
        ("episode: two\n", 4, 10, "episode: expected an integer, got a string 'two'"),
        ("titel: y\n", 4, 1, "unknown key 'titel' at the top level; did you mean 'title'?"),
        (
            "seats:\n  - {id: a, facton: b}\n",
            5,
            13,
            "unknown key 'facton' in seats[0]; did you mean 'faction'?",
        ),
        (
            "cell_types:\n  plain: {stop: [ship], corss: [ship]}\n",
            5,
            25,
            "unknown key 'corss' in cell_types.plain; did you mean 'cross'?",
        ),
        ("map: {topology: square6, width: 2, height: 2, fill: plain}\n", 4, 17, "must be one of"),
        ("map: {topology: hex, rows: x}\n", 4, 6, "missing key 'legend' in map"),
        ("triggers:\n  - {id: T1, on: x}\n", 5, 5, "missing key 'do' in triggers[0]"),
        ("tables:\n  t: {die: 2x6, rows: [{roll: 1}]}\n", 5, 12, "does not match the pattern"),
        (
            "tables:\n  t: {die: true, rows: [{roll: 1}]}\n",
            5,
            12,
            "expected an integer or a string",
        ),
        ("limits: {rounds: 0}\n", 4, 18, "must be at least 1, got 0"),
        (
            "counters:\n  r: {min: zero}\n",
            5,
            12,
            "expected an integer or null, got a string 'zero'",
        ),
        ("victory:\n  - {id: V, if: x, reason: r, when: never}\n", 5, 37, "must be one of"),
    ],
)
def test_human_messages_at_the_right_place(schema, body, line, col, message):
    errors = _errors(HEAD + body, schema)
    assert any(e[:2] == (line, col) and message in e[2] for e in errors), errors


def test_missing_required_points_at_the_mapping(schema):
    errors = _errors("# comment\n\nformat: 1\nid: x\n", schema)
    assert errors == [(3, 1, "missing key 'title'")]


def test_all_errors_sorted_by_line(schema):
    text = "format: 1\nid: X\nepisode: two\ntitle: 3\nbogus: 1\n"
    errors = _errors(text, schema)
    assert [e[0] for e in errors] == [2, 3, 4, 5]


def test_oneof_noise_collapsed(schema):
    errors = _errors(HEAD + "tables:\n  t: {die: 6, rows: [{roll: [1, x]}]}\n", schema)
    assert errors == [(5, 33, "tables.t.rows[0].roll[1]: expected an integer, got a string 'x'")]


def test_combined_schema_allows_plugin_sections(schema):
    text = HEAD + "asteroid_belt: {density: 3}\n"
    assert any("unknown key 'asteroid_belt'" in e[2] for e in _errors(text, schema))
    section = {"type": "object", "properties": {"density": {"type": "integer"}}}
    combined = combined_schema({"asteroid_belt": section})
    assert _errors(text, combined) == []
    assert _errors(HEAD + "asteroid_belt: {density: x}\n", combined)[0][2].startswith(
        "asteroid_belt.density: expected an integer"
    )
    assert "asteroid_belt" not in load_schema("scenario")["properties"]
    with pytest.raises(PluginError):
        combined_schema({"map": {}})


def test_describe_path():
    assert describe_path(()) == "top level"
    assert describe_path(("seats", 0, "id")) == "seats[0].id"


def test_typo_of_a_known_key_in_a_free_form_section_is_caught():
    """unit_types entries accept free stats, but `glyf` is a typo of `glyph`, not a stat."""
    from distant_galaxy.loader import combined_schema
    from distant_galaxy.loader.yamlsafe import load_yaml

    text = ("format: 1\nid: t\ntitle: T\nunit_types:\n  mark: {glyf: '#', shuttle: true, "
            "speed: 2}\n")
    errors = check_schema(load_yaml(text, "t.yaml"), combined_schema({}))
    assert [e.message for e in errors] == [
        "unknown key 'glyf' in unit_types.mark; did you mean 'glyph'?"]
    assert (errors[0].pos.line, errors[0].pos.col) == (5, 10)


def test_a_misspelt_key_of_setup_is_refused_with_a_guess(schema):
    """``setup:`` takes tokens, fill, pools and grants only (a typo such as ``fil:`` gave a
    game without its pieces, and no error)."""
    text = VALID.replace('  pools: {"*": {reserve: {scout: 2}}}\n', "  fil: []\n")
    errors = check_schema(load_yaml(text, "ok.yaml"), schema)
    assert [e.message for e in errors] == ["unknown key 'fil' in setup; did you mean 'fill'?"]
