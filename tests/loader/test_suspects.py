"""A mod's new keys that look like misspellings (distant_galaxy.loader.suspects): the episode
modder's trial found ``params: {track_lenght: 12}`` and ``assault: {cots: 18}`` valid — the base's
values stayed and the game played unchanged."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.cli.main import main

MOD = """format: 1
id: belt-mod
extends: asteroid-belt
params:
  track_lenght: 12
  bounty: 3
unit_types:
  assault: {cots: 18, speed: 3}
  miner: {title: Miner, tags: [civ], glyph: W, speed: 2, cost: 12}
"""


def test_a_new_key_like_a_base_key_is_a_warning_at_its_line(tmp_path: Path, capsys) -> None:
    mod = tmp_path / "belt-mod.yaml"
    mod.write_text(MOD, encoding="utf-8")
    assert main(["validate", str(mod)]) == 0  # a warning: the mod still loads and plays
    out = capsys.readouterr()
    text = out.out + out.err
    assert ("belt-mod.yaml:5:17: params.track_lenght: a new key beside the base's "
            "'track_length', which keeps its value (15) — a misspelling?") in text
    assert "belt-mod.yaml:8:19: unit_types.assault.cots: a new key beside the base's 'cost'" in text
    assert "hint: write 'cost' to change the base's value" in text
    # new keys unlike any, a new unit type, and a key changed as written: no warning
    assert text.count("warning:") == 2
