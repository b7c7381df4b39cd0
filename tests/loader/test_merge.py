"""Tests of distant_galaxy.loader.merge: deep merge rules, extends chains, variants, origins."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader import apply_variant, deep_merge, load_yaml_file, resolve_extends


@pytest.mark.parametrize(
    ("base", "overlay", "expected"),
    [
        ({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": 5}}, {"a": 1, "b": {"c": 5, "d": 3}}),
        ({"a": 1, "b": 2}, {"b": None}, {"a": 1}),
        ({"a": 1}, {"z": None}, {"a": 1}),
        ({"a": [1, 2, 3]}, {"a": [4]}, {"a": [4]}),
        ({"a": [{"x": 1}]}, {"a": [{"y": 2}]}, {"a": [{"y": 2}]}),
        ({"a": {"x": 1}}, {"a": 7}, {"a": 7}),
        ({"a": 7}, {"a": {"x": 1}}, {"a": {"x": 1}}),
        (
            {"l": [{"id": "a", "v": 1, "w": 1}, {"id": "b", "v": 2}]},
            {"l": [{"id": "a", "v": 10}, {"id": "c", "v": 3}]},
            {"l": [{"id": "a", "v": 10, "w": 1}, {"id": "b", "v": 2}, {"id": "c", "v": 3}]},
        ),
        (
            {"l": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
            {"l": [{"id": "b", "remove": True}]},
            {"l": [{"id": "a"}, {"id": "c"}]},
        ),
        ({"l": [{"id": "a"}]}, {"l": []}, {"l": []}),
        ({"l": [{"id": "a", "w": 1}]}, {"l": [{"id": "a", "w": None}]}, {"l": [{"id": "a"}]}),
        (3, "x", "x"),
    ],
)
def test_deep_merge(base, overlay, expected):
    before = repr(base), repr(overlay)
    assert deep_merge(base, overlay) == expected
    assert (repr(base), repr(overlay)) == before  # inputs untouched


def test_remove_unknown_id_is_an_error():
    with pytest.raises(ScenarioError, match="cannot remove id 'zz'"):
        deep_merge({"l": [{"id": "a"}]}, {"l": [{"id": "zz", "remove": True}]})


BASE = """\
format: 1
id: base
title: Base
params: {rows: 8, columns: 8}
unit_types:
  scout: {tags: [ship], speed: 3}
  cruiser: {tags: [ship], speed: 2}
triggers:
  - id: T1
    on: turn_start
    do: player.resources += 1
  - id: T2
    on: turn_end
    do: player.points += 1
variants:
  quick:
    description: A shorter game
    overlay:
      limits: {rounds: 5}
      params: {rows: 6}
"""

MOD = """\
id: hard-mod
title: Hard
extends: ./base.yaml
unit_types:
  scout: {speed: 4}
  cruiser: null
triggers:
  - id: T1
    do: player.resources += 2
  - {id: T2, remove: true}
  - id: T3
    on: round_end
    do: player.points += 5
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _no_ids(_: str) -> Path | None:
    return None


@pytest.fixture
def mod(tmp_path: Path):
    _write(tmp_path, "base.yaml", BASE)
    return resolve_extends(load_yaml_file(_write(tmp_path, "mod.yaml", MOD)), _no_ids)


def test_extends_merges_and_keeps_mod_id(mod):
    data = mod.data
    assert "extends" not in data
    assert data["id"] == "hard-mod" and data["title"] == "Hard" and data["format"] == 1
    assert data["unit_types"] == {"scout": {"tags": ["ship"], "speed": 4}}
    assert [t["id"] for t in data["triggers"]] == ["T1", "T3"]
    assert data["triggers"][0] == {"id": "T1", "on": "turn_start", "do": "player.resources += 2"}
    assert [Path(d.file).name for d in mod.documents] == ["mod.yaml", "base.yaml"]


def test_positions_come_from_the_supplying_file(mod):
    def where(path):
        pos = mod.pos(path)
        return Path(pos.file).name, pos.line, pos.col

    assert where(("unit_types", "scout", "speed")) == ("mod.yaml", 5, 18)
    assert where(("unit_types", "scout", "tags", 0)) == ("base.yaml", 6, 18)
    assert where(("triggers", 0, "do")) == ("mod.yaml", 9, 9)
    assert where(("triggers", 0, "on")) == ("base.yaml", 10, 9)
    assert where(("triggers", 1, "on")) == ("mod.yaml", 12, 9)
    assert where(("params", "rows")) == ("base.yaml", 4, 16)
    assert where(("format",)) == ("base.yaml", 1, 9)
    key = mod.key_pos(("unit_types", "scout", "speed"))
    assert (Path(key.file).name, key.line, key.col) == ("mod.yaml", 5, 11)
    assert mod.pos(("triggers", 1, "do")).text == "    do: player.points += 5"


def test_apply_variant(mod):
    quick = apply_variant(mod, "quick")
    assert quick.variant == "quick"
    assert quick.data["limits"] == {"rounds": 5}
    assert quick.data["params"] == {"rows": 6, "columns": 8}
    pos = quick.pos(("limits", "rounds"))
    assert (Path(pos.file).name, pos.line) == ("base.yaml", 19)
    assert quick.pos(("params", "columns")).line == 4
    assert "limits" not in mod.data  # the original is untouched


def test_unknown_variant_lists_known(mod):
    with pytest.raises(ScenarioError, match=r"unknown variant 'slow' \(known variants: quick\)"):
        apply_variant(mod, "slow")


def test_extends_by_id_and_chain(tmp_path: Path):
    base = _write(tmp_path / "shipped", "base.yaml", BASE)
    _write(tmp_path / "mod", "middle.yaml", "id: middle\nextends: base\ntitle: Middle\n")
    top = _write(tmp_path / "mod", "top.yaml", "id: top\nextends: ./middle.yaml\n")
    merged = resolve_extends(load_yaml_file(top), {"base": base}.get)
    assert merged.data["id"] == "top" and merged.data["title"] == "Middle"
    assert merged.data["unit_types"]["scout"]["speed"] == 3
    assert Path(merged.pos(("title",)).file).name == "middle.yaml"
    assert len(merged.documents) == 3


def test_mod_without_id_does_not_inherit_base_id(tmp_path: Path):
    _write(tmp_path, "base.yaml", BASE)
    merged = resolve_extends(
        load_yaml_file(_write(tmp_path, "m.yaml", "extends: base.yaml\n")), _no_ids
    )
    assert "id" not in merged.data


def test_no_extends_is_a_plain_copy(tmp_path: Path):
    doc = load_yaml_file(_write(tmp_path, "base.yaml", BASE))
    merged = resolve_extends(doc, _no_ids)
    assert merged.data == doc.data and merged.data is not doc.data
    assert merged.pos(("title",)) == doc.pos(("title",))


def test_absolute_and_missing_paths(tmp_path: Path):
    mod = _write(tmp_path, "m.yaml", f"id: m\nextends: {tmp_path / 'base.yaml'}\n")
    with pytest.raises(ScenarioError, match="must be relative") as info:
        resolve_extends(load_yaml_file(mod), _no_ids)
    assert (info.value.pos.line, info.value.pos.col) == (2, 10)
    mod = _write(tmp_path, "m2.yaml", "id: m\nextends: ./nothere.yaml\n")
    with pytest.raises(ScenarioError, match="file not found"):
        resolve_extends(load_yaml_file(mod), _no_ids)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_symlink_escaping_the_folder_is_refused(tmp_path: Path):
    _write(tmp_path, "outside.yaml", BASE)
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    mod = _write(folder, "m.yaml", "id: m\nextends: ./link.yaml\n")
    with pytest.raises(ScenarioError, match="escapes the mod's folder"):
        resolve_extends(load_yaml_file(mod), _no_ids)


def test_self_extension_is_a_cycle(tmp_path: Path):
    mod = _write(tmp_path, "self.yaml", "id: me\nextends: ./self.yaml\n")
    with pytest.raises(ScenarioError, match="extends cycle: me -> me"):
        resolve_extends(load_yaml_file(mod), _no_ids)
