"""``python tests/serve/faulty.py ARGS``: ``dg ARGS`` with faults a test switches on and off by
creating and removing files in the current folder (a real server process, its real code):

- ``DISK-FULL``: every fsync fails with "No space left on device" (an atomic save then fails
  and leaves the previous save as it was);
- ``BOT-BUG``: the random bot raises a ZeroDivisionError when asked for an action (a bug of a
  bot, not an engine error).
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import Any

from distant_galaxy.cli.main import main
from distant_galaxy.play.controllers import RandomBot

_fsync = os.fsync
_choose = RandomBot.choose


def fsync(fd: int) -> None:
    if Path("DISK-FULL").exists():
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    _fsync(fd)


def choose(self: RandomBot, game: Any) -> Any:
    if Path("BOT-BUG").exists():
        return 1 // 0
    return _choose(self, game)


os.fsync = fsync
RandomBot.choose = choose  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
