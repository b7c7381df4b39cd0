"""The server tests need the optional extra ``serve`` (Starlette, uvicorn); without it they are
skipped, naming it (CI installs it: .ci/run)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason='dg serve needs the extra: pip install ".[serve]"')
pytest.importorskip("uvicorn", reason='dg serve needs the extra: pip install ".[serve]"')
