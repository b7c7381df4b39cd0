"""docs/rules-digest.md holds every rule id the engine's messages, logs and help cite (a new
player's trial: messages cited R7.12 and the like, and the rules they name were in no file of the
repository)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A rule id or a project decision as the shipped code and scenarios cite them (``R5.5`` written
#: before a quote is a prefix the code tests, not an id).
CITED = re.compile(r"(?<![\w.])(R[57]\.\d+b?|R[LSB]\.\d+|D[57L6]\.\d+)(?![\d\"'b])")


def _cited() -> set[str]:
    found: set[str] = set()
    for folder in ("plugins", "scenarios"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".yaml"):
                found.update(CITED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_cited_rule_is_in_the_digest() -> None:
    """A rule (``R…``) is listed in the digest; a decision (``D…``) there or, for the project's
    own decisions of episodes 5 and 6, on the episode's page or in the scenario's ``decisions:``
    (the digest says where)."""
    digest = (ROOT / "docs" / "rules-digest.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\s*- (R[57]\.\d+b?|R[LSB]\.\d+|D[57L6]\.\d+)\b", digest, re.M))
    pages = " ".join((ROOT / "docs" / name).read_text(encoding="utf-8")
                     for name in ("aborigine-clash.md", "fleet-battle.md"))
    decided = set(CITED.findall(pages)) if "aborigine-clash.md" in digest else set()
    for path in (ROOT / "scenarios").rglob("*.yaml"):  # a scenario's own `decisions:` list
        decided.update(re.findall(r"\{id: (D[57L6]\.\d+), text:", path.read_text("utf-8")))
    cited = _cited()
    assert len(cited) > 60
    assert sorted(c for c in cited - listed if not (c.startswith("D") and c in decided)) == []
