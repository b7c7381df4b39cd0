"""dg validate on whole scenarios: rule-language errors inside YAML strings point at file:line:col
inside the string; all errors are reported; shipped scenarios and their variants are valid."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.scenario.validate import validate_one, validate_paths

BROKEN = Path(__file__).parents[1] / "data" / "broken"

CASES = [
    # file, line, column, message fragment — column = start of the string + offset of the problem
    ("rule_syntax.yaml", 7, 47, "unexpected end of text; expected"),
    ("rule_unknown_function.yaml", 7, 10, "unknown function 'lines_of'; did you mean 'line_of'"),
    ("rule_arity.yaml", 7, 10, "line_of"),
    ("rule_underscore.yaml", 7, 17, "_"),
    ("rule_attribute.yaml", 7, 17, "did you mean 'seat'"),
    # issue 15, item 3: an argument of the wrong type, refused at load at the argument
    ("rule_argument_type.yaml", 7, 18, "line_of(): argument 'n' must be a whole number, got a "
                                       "string 'four'"),
    # issue 15, item 2: a plugin's reference into a free-form core section (x-references)
    ("plugin_reference.yaml", 7, 27, "unknown unit type 'lancr'"),
    # issue 15, item 4: constant folding turns a run-time fault into a load-time error
    ("rule_division_by_zero.yaml", 7, 31, "division by zero"),
]


@pytest.mark.parametrize("name, line, col, fragment", CASES)
def test_rule_errors_point_inside_the_string(name, line, col, fragment):
    problems = validate_one(str(BROKEN / name))
    assert len(problems) == 1, problems
    head = problems[0].splitlines()[0]
    assert head.startswith(f"{BROKEN / name}:{line}:{col}: "), head
    assert fragment in problems[0]
    assert "^" in problems[0]  # the caret line


def test_all_errors_of_all_files_are_reported():
    problems, checked = validate_paths([str(BROKEN / n) for n, *_ in CASES])
    assert checked == len(CASES) and len(problems) == len(CASES)


def test_one_mistake_of_each_stage_all_reported_in_one_run():
    """Issue 15, item 5: schema, reference, duplicate id, rule, plugin check and a `tests:`
    fact, each hiding none of the others, sorted by line."""
    problems = validate_one(str(BROKEN / "every_stage.yaml"))
    heads = [p.splitlines()[0].split(": ", 1) for p in problems]
    places = [h[0].rsplit(":", 2)[1:] for h in heads]
    assert [(int(a), int(b)) for a, b in places] == [(5, 1), (8, 9), (10, 9), (15, 10), (18, 26),
                                                     (22, 23)]
    texts = [h[1] for h in heads]
    for fragment in ("unknown key 'colour'", "unknown event type 'turn_ned'; did you mean "
                     "'turn_end'", "duplicate id 'bonus'", "unknown function 'pointz'",
                     "on_field: 99 (D7.8)", "did you mean 'track_length'"):
        assert any(fragment in t for t in texts), (fragment, texts)


def test_every_shipped_scenario_and_variant_is_valid():
    problems, checked = validate_paths([])
    assert problems == []
    assert checked >= 4


def test_validate_never_rewrites_the_file(tmp_path):
    src = (BROKEN / "rule_arity.yaml").read_bytes()
    copy = tmp_path / "x.yaml"
    copy.write_bytes(src)
    validate_one(str(copy))
    assert copy.read_bytes() == src


def test_a_mods_misspelling_warning_is_shown_beside_its_errors(tmp_path: Path) -> None:
    """A new author's trial: warnings (params: {sise: 5}, a new key beside the base's size)
    were not shown while any error stood — when one may be the error's cause."""
    from distant_galaxy.scenario.validate import problems_of

    mod = tmp_path / "sise.yaml"
    mod.write_text('format: 1\nid: sise\ntitle: S\nextends: tic-tac-toe\nparams: {sise: 5}\n'
                   'victory:\n  - {id: v, if: "bogus(1)", reason: r}\n', encoding="utf-8")
    found = problems_of(str(mod))
    assert [p.severity for p in found] == ["error", "warning"], found
    assert "unknown function 'bogus'" in found[0].message
    assert "a new key beside the base's 'size'" in found[1].message
