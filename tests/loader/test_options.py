"""Options (distant_galaxy.loader.options, issue 12 item 1): overlays a player combines, in the
scenario's order whatever the command line's, unknown names with a suggestion, and the two kinds
of conflict reported at file:line:col."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from distant_galaxy import ScenarioError
from distant_galaxy.loader import (
    apply_options,
    apply_variant,
    checked_option_sets,
    compatible_options,
    load_yaml_file,
    resolve_extends,
)

SCENARIO = """\
id: probe
params: {size: 3, line: 3, speed: 1}
plugins: [base_plugin]
units:
  - {id: ship, move: 2, attack: 1}
  - {id: fort, move: 0}
variants:
  big:
    description: bigger
    overlay: {params: {size: 4}}
options:
  wide:
    description: a wider board
    overlay: {params: {size: 5}, units: [{id: ship, move: 3}]}
  long:
    description: a longer line
    overlay: {params: {line: 4}, units: [{id: fort, move: 1}]}
    plugins: [long_plugin, base_plugin]
  fast:
    description: faster
    overlay: {params: {speed: 2}}
    conflicts: [slow]
  slow:
    description: slower
    overlay: {params: {speed: 0}}
  huge:
    description: a huge board, disagreeing with wide
    overlay: {params: {size: 9}}
  same:
    description: the same size as wide (no conflict)
    overlay: {params: {size: 5}}
"""


def _doc(tmp_path: Path, text: str = SCENARIO):
    path = tmp_path / "probe.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path, resolve_extends(load_yaml_file(path), lambda _id: None)


def _line(path: Path, fragment: str, after: str | None = None) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(n for n, t in enumerate(lines) if after in t) if after else 0
    return next(n for n, t in enumerate(lines[start:], start + 1) if fragment in t)


def test_options_overlay_in_the_scenarios_order_whatever_the_command_lines(tmp_path):
    _, doc = _doc(tmp_path)
    one = apply_options(doc, ["long", "wide"])
    two = apply_options(doc, ["wide", "long", "wide"])  # a repeated name counts once
    assert one.options == two.options == ("wide", "long")
    assert one.data == two.data
    assert one.data["params"] == {"size": 5, "line": 4, "speed": 1}
    assert one.data["units"] == [{"id": "ship", "move": 3, "attack": 1}, {"id": "fort", "move": 1}]
    assert doc.data["params"] == {"size": 3, "line": 3, "speed": 1}  # the input is untouched
    assert doc.options == ()


def test_no_options_is_the_document_itself(tmp_path):
    _, doc = _doc(tmp_path)
    assert apply_options(doc, []) is doc


def test_an_options_plugins_are_added_once_with_their_position(tmp_path):
    path, doc = _doc(tmp_path)
    merged = apply_options(doc, ["long"])
    assert merged.data["plugins"] == ["base_plugin", "long_plugin"]
    pos = merged.pos(("plugins", 1))
    assert (pos.file, pos.line) == (str(path), _line(path, "long_plugin"))


def test_an_overlays_values_point_at_the_option(tmp_path):
    path, doc = _doc(tmp_path)
    merged = apply_options(doc, ["wide"])
    assert merged.pos(("params", "size")).line == _line(path, "size: 5")


def test_variant_first_then_options(tmp_path):
    _, doc = _doc(tmp_path)
    big = apply_variant(doc, "big")
    assert big.data["params"]["size"] == 4
    merged = apply_options(big, ["wide"])  # an option is applied after the variant: it wins
    assert merged.data["params"]["size"] == 5
    assert merged.variant == "big" and merged.options == ("wide",)


def test_an_unknown_option_gets_a_suggestion_at_the_options_key(tmp_path):
    path, doc = _doc(tmp_path)
    with pytest.raises(ScenarioError) as err:
        apply_options(doc, ["wdie"])
    assert "unknown option 'wdie'; did you mean 'wide'?" in err.value.message
    assert "known options: wide, long, fast, slow, huge, same" in err.value.message
    assert (err.value.pos.line, err.value.pos.col) == (_line(path, "options:"), 1)


def test_an_option_of_a_scenario_without_options(tmp_path):
    _, doc = _doc(tmp_path, "id: probe\nparams: {}\n")
    with pytest.raises(ScenarioError, match=r"unknown option 'wide' \(known options: \(none\)\)"):
        apply_options(doc, ["wide"])


def test_a_declared_conflict_is_reported_at_its_entry(tmp_path):
    path, doc = _doc(tmp_path)
    for order in (["fast", "slow"], ["slow", "fast"]):
        with pytest.raises(ScenarioError) as err:
            apply_options(doc, order)
        assert "options 'fast' and 'slow' cannot be played together" in err.value.message
        pos = err.value.pos
        assert (pos.file, pos.line) == (str(path), _line(path, "conflicts: [slow]"))
        assert pos.col == _text_col(path, pos.line, "slow]")
        assert "choose 'fast' or 'slow'" in (err.value.hint or "")


def _text_col(path: Path, line: int, fragment: str) -> int:
    return path.read_text(encoding="utf-8").splitlines()[line - 1].index(fragment) + 1


def test_two_overlays_setting_one_value_differently_conflict(tmp_path):
    path, doc = _doc(tmp_path)
    with pytest.raises(ScenarioError) as err:
        apply_options(doc, ["huge", "wide"])  # reported at the later one in the scenario's order
    assert "options 'wide' and 'huge' set params.size differently (5 and 9)" in err.value.message
    line = _line(path, "size: 9")
    assert (err.value.pos.line, err.value.pos.col) == (line, _text_col(path, line, "9}"))
    assert f"{path}:{_line(path, 'size: 5')}:" in (err.value.hint or "")
    assert "ScenarioError" not in err.value.format() and "^" in err.value.format()


def test_the_same_value_twice_is_no_conflict(tmp_path):
    _, doc = _doc(tmp_path)
    merged = apply_options(doc, ["same", "wide"])
    assert merged.data["params"]["size"] == 5


def test_items_of_one_id_conflict_only_where_their_fields_do(tmp_path):
    text = SCENARIO + (
        "  armour:\n    description: armoured ships\n"
        "    overlay: {units: [{id: ship, attack: 2}]}\n"
        "  nimble:\n    description: nimble ships\n"
        "    overlay: {units: [{id: ship, move: 4}]}\n")
    _, doc = _doc(tmp_path, text)
    assert apply_options(doc, ["armour", "wide"]).data["units"][0] == {
        "id": "ship", "move": 3, "attack": 2}
    with pytest.raises(ScenarioError, match=r"'wide' and 'nimble' set units\[ship\]\.move"):
        apply_options(doc, ["nimble", "wide"])


def test_compatible_options_skip_conflicts_of_both_kinds(tmp_path):
    _, doc = _doc(tmp_path)
    assert compatible_options(doc.data) == ["wide", "long", "fast", "same"]
    assert checked_option_sets(doc.data)[-1] == ("wide", "long", "fast", "same")
    assert checked_option_sets(doc.data)[:2] == [("wide",), ("long",)]
    apply_options(doc, compatible_options(doc.data))  # they do load together


def test_an_option_without_an_overlay_mapping(tmp_path):
    _, doc = _doc(tmp_path, "id: probe\noptions:\n  bad: {description: x, overlay: 3}\n")
    with pytest.raises(ScenarioError, match="option 'bad' needs an overlay mapping"):
        apply_options(doc, ["bad"])
