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


def test_a_variants_or_options_overlay_key_like_the_scenarios_is_a_warning(tmp_path: Path,
                                                                            capsys) -> None:
    """The game author's trial: ``variants: {big: {overlay: {params: {sise: 11}}}}`` validated,
    and ``--variant big`` played on the base's 9×9."""
    mod = tmp_path / "wide.yaml"
    mod.write_text("format: 1\nid: wide\nextends: tic-tac-toe\nvariants:\n  huge:\n"
                   "    description: bigger\n    overlay: {params: {sise: 5}}\noptions:\n"
                   "  fast:\n    description: shorter\n    overlay: {params: {size: 4}}\n",
                   encoding="utf-8")
    assert main(["validate", str(mod)]) == 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert ("wide.yaml:7:30: params.sise: a new key beside the base's 'size', which keeps its "
            "value (3) — a misspelling?") in text
    assert text.count("warning:") == 1  # the option's 'size' is the scenario's own key
