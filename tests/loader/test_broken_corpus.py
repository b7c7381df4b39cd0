"""The broken-file corpus (tests/data/broken/): each file fails with a clear error at a place.

Every case runs the whole loading pipeline (load, resolve extends, schema check) and expects a
ScenarioError with the given file, line, column and message fragment; nothing else may escape.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader import MAX_BYTES, check_schema, load_schema, load_yaml_file, resolve_extends
from distant_galaxy.scenario.events import ENGINE_EVENTS

BROKEN = Path(__file__).resolve().parents[1] / "data" / "broken"


def pipeline(path: Path) -> list[ScenarioError]:
    """All errors of loading ``path`` as a scenario (ids resolve to nothing)."""
    try:
        merged = resolve_extends(load_yaml_file(path), lambda _id: None)
    except ScenarioError as err:
        return [err]
    return check_schema(merged, load_schema("scenario"), {"events": list(ENGINE_EVENTS)})


CASES = [
    ("bad_syntax.yaml", "bad_syntax.yaml", 4, 6, "YAML syntax error"),
    ("wrong_type.yaml", "wrong_type.yaml", 4, 10, "expected an integer, got a string 'two'"),
    (
        "unknown_key.yaml",
        "unknown_key.yaml",
        6,
        5,
        "unknown key 'facton' in seats[0]; did you mean 'faction'?",
    ),
    ("missing_required.yaml", "missing_required.yaml", 2, 1, "missing key 'title'"),
    ("python_tag.yaml", "python_tag.yaml", 3, 8, "python tags are not allowed"),
    ("alias_bomb.yaml", "alias_bomb.yaml", 7, 4, "too many aliases (billion-laughs protection)"),
    ("duplicate_key.yaml", "duplicate_key.yaml", 4, 1, "duplicate key 'id'"),
    (
        "extends_cycle_a.yaml",
        "extends_cycle_b.yaml",
        4,
        10,
        "extends cycle: cycle-a -> cycle-b -> cycle-a",
    ),
    ("extends_escape.yaml", "extends_escape.yaml", 4, 10, "escapes the mod's folder"),
    (
        "extends_unknown_id.yaml",
        "extends_unknown_id.yaml",
        4,
        10,
        "extends unknown scenario id 'no-such-scenario'",
    ),
    ("bad_enum.yaml", "bad_enum.yaml", 5, 13, "map.topology: must be one of"),
    ("digit_key.yaml", "digit_key.yaml", 9, 5, "a mapping key must be a string"),
    # issue 15, item 1: duplicate ids; item 2: references; item 6: YAML syntax likely causes
    ("duplicate_id.yaml", "duplicate_id.yaml", 6, 9,
     "seats[1].id: duplicate id 'red' (item 1 has it already)"),
    ("dangling_reference.yaml", "dangling_reference.yaml", 8, 14,
     "seats[0].faction: unknown faction 'cyan'; did you mean 'cyan2'?"),
    ("yaml_inner_quote.yaml", "yaml_inner_quote.yaml", 6, 19, "YAML syntax error"),
]


@pytest.mark.parametrize(
    ("name", "file", "line", "col", "fragment"), CASES, ids=[c[0] for c in CASES]
)
def test_broken_file(name, file, line, col, fragment):
    start = time.process_time()
    errors = pipeline(BROKEN / name)
    # CPU seconds, ten times the slowest measured (0.025 s, the first file of a process): a broken
    # file, the alias bomb among them, is refused without expanding or scanning it in full.
    assert time.process_time() - start < 0.25
    places = [(Path(e.pos.file).name, e.pos.line, e.pos.col, e.message) for e in errors]
    assert any((f, ln, c) == (file, line, col) and fragment in msg for f, ln, c, msg in places), (
        places
    )
    for err in errors:
        assert err.pos.text == Path(err.pos.file).read_text().splitlines()[err.pos.line - 1]


def test_every_corpus_file_is_covered():
    covered = {c[0] for c in CASES} | {"extends_cycle_b.yaml", "every_stage.yaml",
                                       "plugin_reference.yaml"}
    # rule_*.yaml, every_stage.yaml and plugin_reference.yaml are whole-scenario cases checked
    # through dg validate (tests/test_validate.py)
    assert {p.name for p in BROKEN.glob("*.yaml") if not p.name.startswith("rule_")} == covered


@pytest.mark.parametrize(("text", "cause"), [
    ('victory:\n  - id: v\n    if: "line_of("x")"\n', "write the rule in single quotes"),
    ("seats:\n\t- id: x\n", "a tab"),
    ("seats:\n  - id: x\n   faction: y\n", "indentation"),
    ("id: a\ntitle: b\n  c: d\n", "indentation"),
    ("title: a: b\n", "put the value in quotes"),
])
def test_yaml_syntax_errors_name_a_likely_cause(tmp_path: Path, text: str, cause: str):
    path = tmp_path / "x.yaml"
    path.write_text(text)
    [err] = pipeline(path)
    assert err.hint is not None and err.hint.startswith("likely cause: ") and cause in err.hint
    assert "likely cause" in err.format().splitlines()[3]  # the line under the caret


def test_duplicate_id_in_a_mod_overlay_is_refused(tmp_path: Path):
    base = tmp_path / "base.yaml"
    base.write_text("format: 1\nid: base\ntitle: B\nseats:\n  - id: x\n")
    mod = tmp_path / "mod.yaml"
    mod.write_text("format: 1\nid: mod\ntitle: M\nextends: base.yaml\nseats:\n"
                   "  - id: red\n  - id: red\n")
    [err] = pipeline(mod)
    assert (err.pos.line, err.pos.col) == (7, 9)
    assert "duplicate id 'red' in seats" in err.message


def test_python_tag_never_runs(tmp_path: Path):
    marker = tmp_path / "ran"
    path = tmp_path / "evil.yaml"
    path.write_text(f'title: !!python/object/apply:os.system ["touch {marker}"]\n')
    with pytest.raises(ScenarioError, match="python tags"):
        load_yaml_file(path)
    assert not marker.exists()


def test_too_large_file(tmp_path: Path):
    path = tmp_path / "huge.yaml"
    path.write_text("# padding\n" * (MAX_BYTES // 10 + 1))
    errors = pipeline(path)
    assert [(e.pos.line, e.pos.col) for e in errors] == [(1, 1)]
    assert "file too large" in errors[0].message
