"""A loaded campaign: its roster of civilizations and its stages, with their compiled rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy.rules import Expr


@dataclass(frozen=True)
class Carry:
    """One carry-over item: ``value`` (per civilization) more of a counter, or of a pool's unit,
    in the stage's set-up; ``id`` is the rule it applies, ``text`` the reason the log gives."""

    id: str
    text: str
    value: Expr
    counter: str | None = None
    pool: str | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Stage:
    """One stage. ``missing`` says why the sources do not describe it (never playable);
    ``seats`` maps each civilization that plays it to its seat of the scenario; ``shares`` maps
    a civilization without a seat of its own to the one whose seat it shares."""

    index: int
    id: str
    title: str
    episode: int | None
    missing: str | None = None
    scenario: str | None = None
    variant: str | None = None
    options: tuple[str, ...] = ()
    optional: bool = False
    installed: bool = True
    seats: dict[str, str] = field(default_factory=dict)
    side: str | None = None
    points: Expr | None = None
    absent: Expr | None = None
    carry: tuple[Carry, ...] = ()
    shares: dict[str, str] = field(default_factory=dict)

    @property
    def playable(self) -> bool:
        """Whether the stage can be played (described by a source and its scenario installed)."""
        return self.missing is None and self.installed and self.scenario is not None

    def seat_of(self, civ: str) -> str | None:
        """The seat ``civ`` plays, its own or the one it shares (None: it sits out)."""
        if civ in self.seats:
            return self.seats[civ]
        return self.seats.get(self.shares.get(civ, ""))

    def unplayable_reason(self) -> str:
        """Why the stage is not played, in words (empty when it is playable)."""
        if self.missing is not None:
            return f"not playable: {self.missing}"
        if not self.installed:
            return (f"scenario '{self.scenario}' is not installed, so the stage is skipped "
                    "(install the package that provides it before the campaign gets here)")
        return ""


@dataclass
class Campaign:
    """A campaign file, loaded and checked (:func:`distant_galaxy.campaign.load.load_campaign`)."""

    id: str
    title: str
    path: Path
    data: dict[str, Any]
    digest: str
    roster: dict[str, str]
    stages: list[Stage]
    points_name: str = "campaign points"
    forbidden_options: tuple[str, ...] = ()

    def stage(self, sid: str) -> Stage:
        """The stage with this id."""
        return next(s for s in self.stages if s.id == sid)

    def civ_title(self, civ: str) -> str:
        return self.roster.get(civ, civ)


__all__ = ["Campaign", "Carry", "Stage"]
