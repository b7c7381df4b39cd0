"""The campaigns ``dg list`` shows (:mod:`distant_galaxy.campaign.catalog`): the same listing
with its cache and without, a listing whose files are all kept reads none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.campaign import catalog as catalog_module
from distant_galaxy.campaign.catalog import campaign_catalog


def test_the_listing_is_the_same_with_the_cache_and_without(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DG_CACHE_DIR", str(tmp_path / "cache"))
    first = campaign_catalog()  # read, then kept
    assert (tmp_path / "cache" / catalog_module.NAME).is_file()
    reads: list[Path] = []
    real = catalog_module.summarize
    monkeypatch.setattr(catalog_module, "summarize", lambda p: reads.append(p) or real(p))
    assert campaign_catalog() == first and reads == []
    assert any(e["id"] == "global" and e["stages"] for e in first)
    monkeypatch.setenv("DG_CACHE_DIR", "")
    assert campaign_catalog() == first and len(reads) == len(first)


def test_a_stage_s_words_follow_what_is_installed():
    stages = [[ "tic-tac-toe", True, False], None, ["gone", True, False], [None, False, False],
              ["x", True, True], ["mine.yaml", True, False], ["5", False, False]]
    words = catalog_module._stage_words(stages, {"tic-tac-toe", "5"})
    assert words == ("1 tic-tac-toe, 3 gone (not installed), 4 -, 5 -, 6 mine.yaml, "
                     "7 5 (not installed)")
