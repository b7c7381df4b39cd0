"""docs/rules.md is generated: it must equal what docgen renders now."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.rules.docgen import reference_sources, render_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def expected_reference() -> str:
    """What docs/rules.md must contain (update here when the real registries are wired)."""
    return render_reference(*reference_sources())


def test_rules_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == expected_reference(), (
        "docs/rules.md is stale: run `python -m distant_galaxy.rules.docgen > docs/rules.md`")


def test_reference_covers_every_function_and_view() -> None:
    registry, views = reference_sources()
    text = expected_reference()
    for spec in registry:
        assert f"`{spec.signature()}`" in text and spec.example in text
    for name, view in views.items():
        assert f"### `{name}`" in text
        assert all(f"`{attr}`" in text for attr in view.attrs)
    assert "start_expr: expr" in text  # the grammar is included
