"""The engine's per-user cache folder: things slow to build and safe to lose.

Today it holds the rule parser's LALR tables (Lark's ``cache=``), so that a process compiling
rules loads them in a few milliseconds instead of building them (about 45 ms). The folder is
``$DG_CACHE_DIR`` if set (an empty value turns the cache off), else
``$XDG_CACHE_HOME/distant-galaxy``, else ``~/.cache/distant-galaxy``. A folder that cannot be
made, or that someone else could write to, is not used; nothing breaks without a cache.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

APP = "distant-galaxy"


def cache_dir() -> Path | None:
    """The cache folder, made if needed (private to the user), or None when there is none."""
    explicit = os.environ.get("DG_CACHE_DIR")
    if explicit is not None:
        folder = Path(explicit) if explicit else None
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base) / APP
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    return folder if _private(info) else None


def _private(info: os.stat_result) -> bool:
    """Whether only the user can write to a folder (always true where there are no uids)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return info.st_uid == getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def cache_file(name: str) -> str | None:
    """The path of the cache file ``name``, or None when there is no cache folder."""
    folder = cache_dir()
    return str(folder / name) if folder is not None else None
