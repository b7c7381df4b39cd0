"""The browser of the browser tests (one per module) and a page that records console errors,
page errors and requests that leave the page's own origin (``page.problems``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.chromium import CHROMIUM, FLAGS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def watched_page(context: Any, allowed: Callable[[str], bool]) -> Any:
    """A new page of ``context`` whose ``problems`` lists console errors and warnings, page
    errors, and requests to a URL ``allowed`` refuses."""
    pg = context.new_page()
    problems: list[str] = []
    pg.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in
          ("error", "warning") else None)
    pg.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    pg.on("request", lambda r: None if allowed(r.url) else problems.append(f"request: {r.url}"))
    pg.problems = problems
    return pg
