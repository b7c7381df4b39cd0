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
