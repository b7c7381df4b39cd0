"""Property tests: whatever the input, the loader raises only ScenarioError(s) and never hangs."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from distant_galaxy.errors import ScenarioError, ScenarioErrors
from distant_galaxy.loader import check_schema, deep_merge, load_schema, load_yaml

SCHEMA = load_schema("scenario")
SETTINGS = settings(max_examples=150, deadline=1000, suppress_health_check=[HealthCheck.too_slow])

YAML_BITS = st.sampled_from(
    [
        "\n",
        "  ",
        "- ",
        ": ",
        "? ",
        "{",
        "}",
        "[",
        "]",
        ",",
        "&a ",
        "*a",
        "!!python/object ",
        "!x ",
        "|",
        ">",
        "'",
        '"',
        "#",
        "---",
        "...",
        "<<: ",
        "%YAML 1.1\n",
        "\t",
        "\\",
        "id",
        "format",
        "title",
        "1",
        "on",
        "true",
        "~",
        ".inf",
        "0x1",
        "seats",
        "map",
        "\ufeff",
        "\x85",
    ]
)
yamlish = st.lists(st.one_of(YAML_BITS, st.text(max_size=5)), max_size=40).map("".join)

tricky = st.sampled_from(
    ["on", "no", "0o17", "1e5", "012", "0x1f", "1_000", "2024-01-01", "<<", ""]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
    tricky,
)
keys = st.one_of(
    st.sampled_from(
        ["format", "id", "title", "seats", "map", "tables", "rows", "die", "roll", "on"]
    ),
    st.text(max_size=6),
)
nested = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=25,
)


def _load_and_check(text: str) -> None:
    try:
        doc = load_yaml(text, "p.yaml")
    except (ScenarioError, ScenarioErrors):
        return
    for err in check_schema(doc, SCHEMA):
        assert isinstance(err, ScenarioError)
        assert err.pos is not None and err.pos.line >= 1


@SETTINGS
@given(yamlish)
def test_random_yamlish_text(text):
    _load_and_check(text)


@SETTINGS
@given(nested)
def test_random_structures_round_trip(value):
    text = yaml.safe_dump(value, allow_unicode=True)
    _load_and_check(text)
    try:
        doc = load_yaml(text, "p.yaml")
    except ScenarioError:
        assert _has_non_string_keys(value)  # the only thing refused here, with a position
        return
    assert not _has_non_string_keys(value)
    if yaml.safe_load(text) == value:  # PyYAML's own emitter mangles a few characters (\x85)
        assert doc.data == value


@SETTINGS
@given(st.dictionaries(keys, nested, max_size=5))
def test_random_scenario_like_mappings(value):
    _load_and_check(yaml.safe_dump({"format": 1, "id": "x", "title": "t", **value}))


@SETTINGS
@given(nested, nested)
def test_deep_merge_never_crashes(base, overlay):
    try:
        deep_merge(base, overlay)
    except ScenarioError:
        pass


def test_an_id_that_is_a_list_is_no_id() -> None:
    """Found by the property above: ``id: []`` in an overlay list made the merge by id crash
    (unhashable); such a list is now replaced whole, as any list without ids."""
    assert deep_merge([], [{"id": None}, {"id": []}]) == [{"id": None}, {"id": []}]
    assert deep_merge([{"id": "a"}], [{"id": {"x": 1}}]) == [{"id": {"x": 1}}]


def _has_non_string_keys(value) -> bool:
    if isinstance(value, dict):
        return any(not isinstance(k, str) or _has_non_string_keys(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_non_string_keys(v) for v in value)
    return False
