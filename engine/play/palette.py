"""The colours and shapes pictures and the colour terminal draw a scenario with.

Everything comes from the scenario where its author wrote it (``colour:`` on a seat, a faction, a
cell type or a site kind; ``symbol:`` on a unit type: docs/authoring.md, "Pictures"); otherwise
sensible defaults: a seat or faction whose id is a colour name (``orange``, ``purple``) is drawn in
that colour, other seats take the next colour of :data:`SEAT_PALETTE`; a cell type named after a
colour (episode 7's ``red`` shuttle routes) takes a light tint of it, other cell types and site
kinds take the tones of :data:`CELL_PALETTE` / :data:`SITE_PALETTE` in the order they are declared.
Colours are returned as ``#rrggbb``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

#: CSS colour names the defaults understand (a seat named after one is drawn in it), as #rrggbb.
NAMED = {
    "black": "#222222", "white": "#f8f8f8", "red": "#d62728", "green": "#2ca02c",
    "blue": "#1f77b4", "orange": "#ff7f0e", "purple": "#9467bd", "yellow": "#e6c619",
    "brown": "#8c564b", "pink": "#e377c2", "grey": "#7f7f7f", "gray": "#7f7f7f",
    "cyan": "#17becf", "teal": "#1b9e77", "olive": "#bcbd22", "navy": "#1f3b73",
    "magenta": "#c51b8a", "gold": "#d4a017", "silver": "#a8a8a8", "lime": "#7cc242",
    "maroon": "#800000", "violet": "#8a2be2", "indigo": "#4b0082", "crimson": "#dc143c",
}
SEAT_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
                "#17becf")
CELL_PALETTE = ("#f3efe2", "#dde8d5", "#d9e4f0", "#ece0f2", "#e8e8e8", "#f7ecd0", "#f5dcdc")
SITE_PALETTE = ("#c0392b", "#d4ac0d", "#27ae60", "#2e86c1", "#8e44ad", "#7f8c8d", "#a04000",
                "#16a085", "#1a5276", "#85c1e9", "#f1948a", "#76d7c4", "#17202a", "#f7dc6f",
                "#922b21", "#aeb6bf")
#: How far (RGB distance) a site kind's default colour keeps from every seat's colour, so that a
#: site is never taken for a seat's (Asteroid Belt's class-5 asteroids were purple beside the
#: purple seat's units).
SITE_DISTANCE = 100.0
NEUTRAL = "#555555"
SYMBOLS = ("circle", "square", "diamond", "triangle", "hexagon", "star")


def tint(colour: str, white: float = 0.7) -> str:
    """``colour`` (``#rrggbb``) mixed with ``white`` parts of white: a light tone of it."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


def _site_tones(seats: list[str]) -> list[str]:
    """The default colours of site kinds: :data:`SITE_PALETTE` without those near a seat's
    colour (all of it if every one is near)."""
    far = [c for c in SITE_PALETTE if all(site_distance(c, s) >= SITE_DISTANCE for s in seats)]
    return far or list(SITE_PALETTE)


def site_distance(a: str, b: str) -> float:
    """The distance of two ``#rrggbb`` colours in RGB."""
    return sum((int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) ** 2 for i in (1, 3, 5)) ** 0.5


def css_colour(value: Any) -> str | None:
    """``value`` as ``#rrggbb`` (a hex colour or a name of :data:`NAMED`), else None."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in NAMED:
        return NAMED[text]
    if text.startswith("#") and len(text) in (4, 7):
        digits = text[1:]
        if all(c in "0123456789abcdef" for c in digits):
            return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits)
    return None


@dataclass
class Palette:
    """The colours of one scenario: by seat, cell type and site kind, and each unit's shape."""

    seats: dict[str, str] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)
    sites: dict[str, str] = field(default_factory=dict)
    symbols: dict[str, str] = field(default_factory=dict)

    def seat(self, owner: str | None) -> str:
        """The colour of ``owner``'s units (:data:`NEUTRAL` for none or an unknown owner)."""
        return self.seats.get(owner or "", NEUTRAL)


def palette_of(scenario: Scenario) -> Palette:
    """The palette the scenario asks for, with the defaults filled in."""
    pal = Palette()
    spare = iter(c for c in SEAT_PALETTE)
    for seat in scenario.seats:
        faction = scenario.factions.get(seat.get("faction") or "", {})
        found = (css_colour(seat.get("colour")) or css_colour(faction.get("colour"))
                 or css_colour(seat["id"]) or css_colour(seat.get("faction")))
        pal.seats[seat["id"]] = found or next(spare, NEUTRAL)
    for i, (name, spec) in enumerate(scenario.cell_types.items()):
        named = css_colour(name)  # a cell type named after a colour ("red" routes): a tint of it
        pal.cells[name] = (css_colour(spec.get("colour")) or (tint(named) if named else None)
                           or CELL_PALETTE[i % len(CELL_PALETTE)])
    tones = _site_tones(list(pal.seats.values()))
    for i, (name, spec) in enumerate(scenario.site_kinds.items()):
        pal.sites[name] = css_colour(spec.get("colour")) or tones[i % len(tones)]
    for name, spec in scenario.unit_types.items():
        symbol = spec.get("symbol")
        pal.symbols[name] = symbol if symbol in SYMBOLS else "circle"
    return pal
