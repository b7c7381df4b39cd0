"""Sub-commands that live in their own modules register here (imported by ``engine.cli``)."""

from __future__ import annotations

from engine import (
    cli_test,  # noqa: F401  dg test
    perft,  # noqa: F401  dg perft
    reliability,  # noqa: F401  dg reliability
)
