"""Issue 16 items 4, 5 and 11: huge integers, every kind of line end, and long extends chains are
refused with a clean error at their place (never a traceback), fast, leaving the files as they
were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.errors import LogError, SaveError, ScenarioError
from distant_galaxy.limits import MAX_INT_BITS, MAX_INT_DIGITS
from distant_galaxy.loader import load_yaml
from distant_galaxy.loader.merge import MAX_EXTENDS
from distant_galaxy.loader.yamlsafe import MAX_NODES
from distant_galaxy.play.log import read_log
from distant_galaxy.play.saves import read_save
from distant_galaxy.scenario.validate import validate_one
from tests.attack_helpers import run_dg


@pytest.mark.parametrize("literal, fragment", [
    ("9" * 5000, "integer too large: 5000 digits"),
    ("-" + "9" * 4400, "integer too large: 4400 digits"),
    ("0x" + "f" * 2000, "integer too large: 2000 hex digits"),
])
def test_huge_yaml_integers_are_refused_at_their_place(literal: str, fragment: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load_yaml(f"a: 1\nb:\n  c: {literal}\n", "f.yaml")
    assert fragment in info.value.message
    assert (info.value.pos.line, info.value.pos.col) == (3, 6)


def test_integers_at_the_limits_still_load() -> None:
    doc = load_yaml(f"a: {'9' * MAX_INT_DIGITS}\nb: 0x{'f' * (MAX_INT_BITS // 4)}\n", "f.yaml")
    assert doc.data["a"] == int("9" * MAX_INT_DIGITS)
    assert doc.data["b"].bit_length() == MAX_INT_BITS
    assert load_yaml(f"a: '{'9' * 5000}'\n", "f.yaml").data["a"] == "9" * 5000  # quoted: text


@pytest.mark.parametrize("size", ["0", "-3"])
def test_map_size_zero_or_negative_is_a_clean_error(tmp_path: Path, size: str) -> None:
    mod = tmp_path / "mod.yaml"
    mod.write_text(f"format: 1\nid: m\ntitle: M\nextends: tic-tac-toe\nparams:\n  size: {size}\n",
                   encoding="utf-8")
    problems = validate_one(str(mod))
    assert len(problems) == 1
    assert problems[0].startswith(f"{mod}:6:9: map width must be at least 1, got {size}")
    result = run_dg(tmp_path, "run", str(mod), "--seed", "1", "--seat", "x=random",
                    "--seat", "o=random")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert f"map width must be at least 1, got {size}" in result.stdout + result.stderr


def test_a_huge_integer_in_a_log_line_is_a_log_error(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    header = {"kind": "header", "format": 1, "seed": 1, "scenario": "tic-tac-toe"}
    log.write_text(json.dumps(header).replace('"seed": 1', '"seed": ' + "9" * 5000) + "\n",
                   encoding="utf-8")
    with pytest.raises(LogError, match=r"g.jsonl:1: not a usable JSON record \(a number of more than"):
        read_log(log)
    result = run_dg(tmp_path, "replay", str(log))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not a usable JSON record" in result.stderr


def test_a_huge_integer_in_a_save_is_a_save_error(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    save.write_text('{"magic": "distant-galaxy-save", "n": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(SaveError, match="corrupt save"):
        read_save(save)


@pytest.mark.parametrize("end", ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85"])
def test_the_fast_line_refusal_counts_every_line_end(end: str, composed: list[str]) -> None:
    """120k keys are refused before the scanner runs (it would take 8.8 s), whatever ends their
    lines."""
    text = "format: 1" + end + "".join(f"k{i}: 1{end}" for i in range(MAX_NODES + 20_000))
    with pytest.raises(ScenarioError, match="document too large: more than"):
        load_yaml(text, "f.yaml", libyaml=False)
    assert composed == []


def test_a_chain_of_1000_extends_says_so_at_the_link_that_crosses_the_limit(
        tmp_path: Path) -> None:
    for i in range(1000):
        target = f"c{i + 1}.yaml" if i < 999 else "tic-tac-toe"
        (tmp_path / f"c{i}.yaml").write_text(
            f"format: 1\nid: c{i}\ntitle: C\nextends: {target}\n", encoding="utf-8")
    problems = validate_one(str(tmp_path / "c0.yaml"))
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{tmp_path / f'c{MAX_EXTENDS}.yaml'}:4:10: "
                                  f"extends chain longer than {MAX_EXTENDS}")


def test_a_chain_at_the_limit_loads(tmp_path: Path) -> None:
    for i in range(MAX_EXTENDS):
        target = f"c{i + 1}.yaml" if i < MAX_EXTENDS - 1 else "tic-tac-toe"
        (tmp_path / f"c{i}.yaml").write_text(
            f"format: 1\nid: c{i}\ntitle: C\nextends: {target}\n", encoding="utf-8")
    assert validate_one(str(tmp_path / "c0.yaml")) == []
