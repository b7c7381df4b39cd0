"""Debian's chromium for the browser tests, driven by Playwright (never a downloaded browser):
where it is, why it cannot run here (``MISSING``), and the flags it is launched with.

Without a browser the tests are skipped with the reason; in CI (``CI`` set) they fail instead,
since .ci/run installs what they need.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("DG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: Headless, no sandbox (containers), and nothing that reaches beyond this machine.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install '.[browser]')"
    if not Path(CHROMIUM).exists():
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


MISSING = _missing()
if MISSING and os.environ.get("CI"):
    raise RuntimeError(f"the browser tests cannot run in CI: {MISSING}")
#: ``pytestmark`` of every browser test module.
NEEDS_BROWSER = pytest.mark.skipif(MISSING is not None, reason=f"no headless browser: {MISSING}")
