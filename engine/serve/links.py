"""The seats' secret tokens and the links file kept beside a served save (``SAVE.links``).

A token is the only key to a seat (docs/serve.md, "What is and is not protected"). The links
file keeps, readable by its owner only, what ``dg serve --resume SAVE`` needs besides the save:
the tokens (so the links the players have still work after a crash), the campaign stage they
are for, and the log file the game writes (so a resumed game goes on writing the same log).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from distant_galaxy.errors import SaveError
from distant_galaxy.play.saves import write_atomic

#: Who a token stands for in a hot-seat game: every human seat at one screen.
HOT_SEAT = "*hot-seat*"


def new_token() -> str:
    """A secret token of a seat's link (128 random bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(16)


def make_tokens(humans: list[str], hot_seat: bool) -> dict[str, str]:
    """token → seat for the human seats (one token for all of them in a hot-seat game)."""
    if hot_seat and humans:
        return {new_token(): HOT_SEAT}
    return {new_token(): seat for seat in humans}


@dataclass
class Links:
    """What the links file of a save holds: token → seat, the campaign stage they are for
    (``tag``) and the log file of the game (absolute; None without a log)."""

    tokens: dict[str, str] = field(default_factory=dict)
    tag: str | None = None
    log: str | None = None


def links_path(save: Path) -> Path:
    """Where the links of a served save are kept: beside it, ``SAVE.links``."""
    return save.with_name(save.name + ".links")


def write_links(save: Path | None, links: Links) -> None:
    """Keep ``links`` beside ``save`` (atomically, readable by its owner only)."""
    if save is None:
        return
    path = links_path(save)
    write_atomic(path, json.dumps({"tokens": links.tokens, "tag": links.tag, "log": links.log},
                                  sort_keys=True, indent=1), private=True)


def read_links(save: Path, seats: list[str], tag: str | None = None) -> Links:
    """The links kept beside ``save``: empty when there is no such file or it was written for
    another ``tag`` (another campaign stage); a file that does not name known seats, or names
    no log as text, is refused."""
    path = links_path(save)
    if not path.is_file():
        return Links(tag=tag)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tokens, log = data["tokens"], data.get("log")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"{path}: not a links file of dg serve ({exc!r:.80})") from None
    if data.get("tag") != tag:
        return Links(tag=tag)
    if not isinstance(tokens, dict) or not all(
            isinstance(t, str) and (s in seats or s == HOT_SEAT) for t, s in tokens.items()):
        raise SaveError(f"{path}: the links file does not name seats of the saved game")
    if log is not None and not (isinstance(log, str) and log):
        raise SaveError(f"{path}: the links file names no log file ('log' must be a path)")
    return Links(dict(tokens), tag, log)


def keep_tokens(tokens: dict[str, str], kinds: dict[str, str], hot: bool) -> dict[str, str]:
    """The kept tokens of seats people still play, and new ones for the other human seats."""
    humans = [s for s, k in kinds.items() if k == "human"]
    kept = {t: s for t, s in tokens.items() if s in humans or (hot and s == HOT_SEAT)}
    if hot:
        return kept if kept else make_tokens(humans, True)
    missing = [s for s in humans if s not in kept.values()]
    return {**kept, **make_tokens(missing, False)}
