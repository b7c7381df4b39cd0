"""docs/rules.md is generated: it must equal what the shipped game's reference renders now."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.rules import Attr, ViewType, default_registry
from distant_galaxy.rules.docgen import render_reference
from distant_galaxy.scenario.reference import COMMAND, reference_sources, render_shipped_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_rules_doc_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render_shipped_reference(), (
        f"docs/rules.md is stale: run `{COMMAND}`")


def test_reference_covers_every_function_and_view() -> None:
    registry, views = reference_sources()
    text = render_shipped_reference()
    for spec in registry:
        assert f"`{spec.signature()}`" in text and spec.example in text
    for name, view in views.items():
        assert f"### `{name}`" in text
        assert all(f"`{attr}`" in text for attr in view.attrs)
    assert "start_expr: expr" in text  # the grammar is included


def test_the_language_package_renders_any_registry() -> None:
    """docgen takes the registry and views as arguments: the language needs no game to document."""
    views = {"ship": ViewType("ship", {"hull": Attr.field("hull", "int", "Hull points.")})}
    text = render_reference(default_registry(), views)
    assert "### `clamp(x, low, high)`" in text and "| `hull` | `int` | no | Hull points. |" in text
