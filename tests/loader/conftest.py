"""Fixtures of the loader's tests."""

from __future__ import annotations

import pytest

from distant_galaxy.loader import yamlsafe


@pytest.fixture
def composed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the YAML parser is given during the test (a refusal before parsing gives it none):
    an operation count where a time bound would measure the machine."""
    texts: list[str] = []
    compose = yamlsafe._compose

    def counting(text, *args):
        texts.append(text)
        return compose(text, *args)

    monkeypatch.setattr(yamlsafe, "_compose", counting)
    return texts
