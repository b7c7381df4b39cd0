"""The engine's version and the formats it reads and writes."""

from __future__ import annotations

ENGINE_VERSION = "0.1.0"
LOG_FORMAT = 1
SAVE_FORMAT = 1
