"""docs/options.md quotes the sources word for word (issue 34 item 11, audit).

Every «…» quote of the page must be found in the Russian sources (``shared/rules/seeds``; the
options are source 003, the battle orders 004): an ellipsis ``…`` marks a cut, and each piece
between cuts must appear in the source as written — its bullets (●, ○), its capitals and its
punctuation. The audit found quotes that dropped bullets, added commas and lowered a capital.
The sources are the project's, outside the package: the test is skipped where they are absent
(``DG_RULES_SEEDS`` names another folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "options.md"
SEEDS = Path(os.environ.get("DG_RULES_SEEDS", "/work/shared/rules/seeds"))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_quote_is_in_the_sources_as_written() -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the sources are not here ({SEEDS}); DG_RULES_SEEDS names their folder")
    sources = [_flat(p.read_text(encoding="utf-8")) for p in sorted(SEEDS.glob("*.txt"))]
    doc = DOC.read_text(encoding="utf-8")
    missing = []
    for quote in re.finditer(r"«(.*?)»", doc, re.S):
        line = doc.count("\n", 0, quote.start()) + 1
        for piece in (p.strip() for p in quote.group(1).split("…")):
            if piece and not any(_flat(piece) in text for text in sources):
                missing.append(f"docs/options.md:{line}: «{piece}»")
    assert not missing, "not in the sources as written:\n" + "\n".join(missing)
