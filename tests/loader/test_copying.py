"""Deep copies of plain data (distant_galaxy.loader.copying): equal, independent, and the same
as ``copy.deepcopy`` gives for what the loader reads."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from distant_galaxy.loader.copying import copy_data
from distant_galaxy.loader.yamlsafe import load_yaml_file

ROOT = Path(__file__).resolve().parents[2]


def test_a_copy_is_equal_and_shares_no_dict_or_list():
    data = {"a": [1, 2.5, {"b": None, "c": True}], "d": {"e": ["x", []]}, "f": "text"}
    copied = copy_data(data)
    assert copied == data
    copied["a"][2]["b"] = 7
    copied["d"]["e"][1].append(1)
    assert data == {"a": [1, 2.5, {"b": None, "c": True}], "d": {"e": ["x", []]}, "f": "text"}


def test_scalars_are_kept_and_other_values_go_to_deepcopy():
    assert copy_data("s") == "s" and copy_data(None) is None and copy_data(False) is False
    inner = [1]
    tup = (inner, 2)
    copied = copy_data({"t": tup})
    assert copied == {"t": tup} and copied["t"][0] is not inner  # a tuple: deepcopy's copy


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").rglob("*.yaml"))[:12],
                         ids=lambda p: p.name)
def test_a_shipped_files_data_copies_as_deepcopy_copies_it(path: Path):
    data = load_yaml_file(path).data
    assert copy_data(data) == copy.deepcopy(data)
