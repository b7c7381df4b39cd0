"""The README's scenario table names what `dg list` lists: every shipped scenario, and each one's
variants and options (a newcomer who reads the table and then runs `dg list` finds the same)."""

from __future__ import annotations

import re
from pathlib import Path

from distant_galaxy.scenario.catalog import catalog

ROOT = Path(__file__).resolve().parents[1]


def _table_rows() -> dict[str, str]:
    """Each scenario id the README's table names (in backquotes, first column) -> its row."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            for name in re.findall(r"`([a-z0-9-]+)`", first):
                rows[name] = line
    return rows


def _shipped() -> list[dict]:
    """The scenarios this distribution ships (from the checkout, or the installed copy)."""
    found = [e for e in catalog() if e["provider"] == "distant-galaxy-engine"]
    assert len(found) >= 10, found  # the three episodes and the seven classic games at least
    return found


def test_the_readme_table_names_every_shipped_scenario():
    rows = _table_rows()
    missing = sorted(e["id"] for e in _shipped() if e["id"] not in rows)
    assert not missing, f"README.md's scenario table does not name {missing}"


def test_the_readme_table_names_each_episode_s_variants_and_options():
    rows = _table_rows()
    for entry in _shipped():
        if not entry.get("alias"):  # the classic games share a row: their variants in their files
            continue
        row = rows[entry["id"]]
        for name in [*entry["variants"], *entry["options"]]:
            assert f"`{name}`" in row, f"README.md's row of {entry['id']} does not name `{name}`"
